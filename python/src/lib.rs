//! The `dealvm` Python module: a thin binding over the `dealvm` crate's front door.
//!
//! [`script`] compiles Dealer scripts and runs them ([`script::Script`]); [`results`] turns
//! what a run gives back into Python objects. Errors of the engine raise [`DealerError`].

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod results;
mod script;

pyo3::create_exception!(
    dealvm,
    DealerError,
    PyValueError,
    "A Dealer script could not be compiled or run.\n\n\
     ``str(error)`` is the message the ``dealvm`` command prints (with the line of the script\n\
     and a caret under the place); ``message`` is the message alone, ``line`` and ``column``\n\
     (from 1) the place in the script it points at, or None."
);

/// The Python exception of an engine error: the command's message, with `message`, `line`
/// and `column` attributes.
pub(crate) fn dealer_error(py: Python<'_>, e: &dealvm::Error) -> PyErr {
    raise(py, e.to_string().trim_end(), e.message(), e.line(), e.column())
}

/// A [`DealerError`] showing `shown`, carrying `message` and its place.
pub(crate) fn raise(py: Python<'_>, shown: &str, message: &str, line: Option<usize>, column: Option<usize>) -> PyErr {
    let err = DealerError::new_err(shown.to_string());
    let value = err.value(py);
    let attributes = value.setattr("message", message).and_then(|_| value.setattr("line", line)).and_then(|_| value.setattr("column", column));
    match attributes {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// Generate contract-bridge deals meeting constraints written in the Dealer language.
///
/// Compile a script once with ``Script(text)`` or ``Script.open(path)``, then call its
/// ``run()`` as often as you like: it returns a ``Results`` with the counts, the seed, the
/// statistics of the ``average``, ``frequency``, ``bktfreq`` and ``evalcontract`` actions, and
/// the produced deals. The same seed gives the same results on any number of threads.
///
/// >>> import dealvm
/// >>> script = dealvm.Script("condition hcp(north) >= 20\naction average hcp(south)")
/// >>> results = script.run(seed=1, generate=10000)
/// >>> results.statistics[0].n == results.produced
/// True
#[pymodule]
#[pyo3(name = "dealvm")]
fn dealvm_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("DealerError", m.py().get_type::<DealerError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<script::Script>()?;
    m.add_class::<results::Results>()?;
    m.add_class::<results::Produced>()?;
    m.add_class::<results::Average>()?;
    m.add_class::<results::Table>()?;
    m.add_class::<results::Axis>()?;
    m.add_class::<results::EvalContract>()?;
    m.add_class::<results::EvalLeads>()?;
    m.add_class::<results::OpeningLead>()?;
    Ok(())
}
