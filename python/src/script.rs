//! `dealvm.Script`: a Dealer script compiled once, and its runs.

use crate::dealer_error;
use crate::results::{self, Produced, Results};
use dealvm::{deal_from_pbn, Board, Deals, ScriptBuilder, Seat};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::path::PathBuf;
use std::sync::Arc;

/// A Dealer script, compiled once: call ``run()`` on it as often as you like.
///
/// ``Script(text, *, name=None, predeal=None, values=None, script_vars=None)`` compiles the
/// text of a Dealer input file; ``Script.open(path, ...)`` reads one. A script that does not
/// compile raises ``DealerError`` with the line and column of the mistake.
///
/// - ``name``: the name messages give the script (default ``"script"``).
/// - ``predeal``: cards dealt before the run, by seat, as the command's ``-N`` .. ``-W``
///   write them: ``{"N": "SAK,HQ"}`` (seats ``N``, ``E``, ``S``, ``W`` or ``north`` ..).
/// - ``values``: names of variables of the script whose values each produced deal carries
///   (``Produced.values``).
/// - ``script_vars``: the values of ``$0`` .. ``$9``, as a list (``$0`` first; None skips one)
///   or a dict ``{index: value}``; each value is written as ``str()`` writes it.
///
/// >>> script = Script("nt = hcp(north) >= 15 && hcp(north) <= 17\ncondition nt && shape(north, any 4333)", values=["nt"])
/// >>> script.values
/// ['nt']
#[pyclass(frozen, module = "dealvm")]
pub struct Script {
    inner: dealvm::Script,
}

#[pymethods]
impl Script {
    #[new]
    #[pyo3(signature = (text, *, name = None, predeal = None, values = None, script_vars = None))]
    fn new(
        py: Python<'_>,
        text: &str,
        name: Option<String>,
        predeal: Option<&Bound<'_, PyDict>>,
        values: Option<Vec<String>>,
        script_vars: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Script> {
        let builder = builder(name, predeal, values, script_vars)?;
        let inner = py.detach(|| builder.compile(text)).map_err(|e| dealer_error(py, &e))?;
        Ok(Script { inner })
    }

    /// Reads the Dealer input file at ``path`` (UTF-8 text, at most 16 MB) and compiles it,
    /// named by its path in messages; the other arguments are ``Script()``'s.
    #[staticmethod]
    #[pyo3(signature = (path, *, predeal = None, values = None, script_vars = None))]
    fn open(
        py: Python<'_>,
        path: PathBuf,
        predeal: Option<&Bound<'_, PyDict>>,
        values: Option<Vec<String>>,
        script_vars: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Script> {
        let builder = builder(None, predeal, values, script_vars)?;
        let inner = py.detach(|| builder.open(&path)).map_err(|e| dealer_error(py, &e))?;
        Ok(Script { inner })
    }

    /// The name messages give the script.
    #[getter]
    fn name(&self) -> &str {
        self.inner.name()
    }

    /// The names of the variables whose values each produced deal carries.
    #[getter]
    fn values(&self) -> Vec<String> {
        self.inner.values().to_vec()
    }

    /// The warnings about the script, each as the command prints it.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.inner.warnings().into_iter().map(|w| w.trim_end().to_string()).collect()
    }

    /// Runs the script and returns its ``Results``.
    ///
    /// - ``generate``: examine at most this many deals (default: the script's ``generate``,
    ///   else 10,000,000, or every deal of ``deals``).
    /// - ``produce``: stop after this many deals meet the condition (default: the script's
    ///   ``produce``, else all of them, or 40 when an action prints each deal).
    /// - ``seed``: the seed of the random deals (default: the script's ``seed``; None or 0:
    ///   one is chosen, given back in ``Results.seed``).
    /// - ``threads``: deal on this many threads (at least 1; default: one per core, as the
    ///   command); the results do not depend on it.
    /// - ``deals``: where the deals come from: None for random deals, the path of a board
    ///   file (PBN, DLM, zrd, DL52, DUP, BRI, DGE, LIN, CSV, BER, BHG, RZD, CDS or GOE), or a
    ///   list of deals, each a PBN deal string (``"N:AKQ.JT9.876.5432 ..."``) or a
    ///   ``Produced`` of an earlier run. What the file's reader passed over without losing a
    ///   board (a PBN tag it could not read) comes as a ``UserWarning``.
    /// - ``first_board``: the number of the first board of a ``deals`` file without board
    ///   numbers (BHG, GOE, BRI, DGE, ...; default 1): a BHG file, whose hands start from each
    ///   board's dealer, is read from those boards' dealers.
    /// - ``keep_deals``: keep the produced deals in ``Results.deals`` (False: statistics only,
    ///   for long runs).
    ///
    /// The run releases the GIL: other Python threads go on meanwhile.
    #[pyo3(signature = (*, generate = None, produce = None, seed = None, threads = None, deals = None, keep_deals = true, first_board = None))]
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        py: Python<'_>,
        generate: Option<u64>,
        produce: Option<u64>,
        seed: Option<u64>,
        threads: Option<usize>,
        deals: Option<&Bound<'_, PyAny>>,
        keep_deals: bool,
        first_board: Option<u64>,
    ) -> PyResult<Results> {
        if threads == Some(0) {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        if first_board == Some(0) {
            return Err(PyValueError::new_err("first_board must be at least 1"));
        }
        let threads = threads.unwrap_or(dealvm::run::EVERY_CORE);
        let given = deals.map(given_deals).transpose()?;
        let mut warnings = Vec::new();
        let outcome = py.detach(|| {
            let deals = match given {
                None => Deals::random(),
                Some(Given::File(path)) => match first_board {
                    Some(first) => Deals::file_from_board(&path, first)?,
                    None => Deals::file(&path)?,
                },
                Some(Given::Boards(boards)) => Deals::from_boards(boards),
            };
            warnings = deals.warnings().to_vec();
            let mut run = self.inner.run().threads(threads).deals(deals);
            if let Some(n) = generate {
                run = run.generate(n);
            }
            if let Some(n) = produce {
                run = run.produce(n);
            }
            if let Some(seed) = seed {
                run = run.seed(seed);
            }
            if keep_deals {
                run.collect()
            } else {
                run.statistics()
            }
        });
        let outcome = outcome.map_err(|e| dealer_error(py, &e))?;
        for warning in warnings {
            let message = std::ffi::CString::new(warning.trim_end().replace('\0', " ")).expect("no NUL left");
            PyErr::warn(py, &py.get_type::<pyo3::exceptions::PyUserWarning>(), &message, 1)?;
        }
        let names: Arc<[String]> = self.inner.values().into();
        results::results(py, outcome, &names)
    }

    fn __repr__(&self) -> String {
        format!("<dealvm.Script {:?}>", self.inner.name())
    }
}

/// The deals a run was given: a file to read, or boards.
enum Given {
    File(PathBuf),
    Boards(Vec<Board>),
}

/// The `deals` argument of `run`: a path, or a list of PBN deal strings and `Produced` deals.
fn given_deals(deals: &Bound<'_, PyAny>) -> PyResult<Given> {
    if deals.is_instance_of::<PyString>() || deals.hasattr("__fspath__")? {
        return Ok(Given::File(deals.extract()?));
    }
    let mut boards = Vec::new();
    let items = deals
        .try_iter()
        .map_err(|_| PyValueError::new_err("deals must be a path, or a list of PBN deal strings (\"N:AKQ.JT9.876.5432 ...\") or Produced deals"))?;
    for (i, item) in items.enumerate() {
        let item = item?;
        if let Ok(produced) = item.cast::<Produced>() {
            boards.push(produced.get().board().clone());
            continue;
        }
        let Ok(text) = item.extract::<String>() else {
            let (found, what) = (item.repr()?, item.get_type().name()?);
            let expected = "a PBN deal string (\"N:AKQ.JT9.876.5432 ...\") or a Produced deal";
            return Err(PyValueError::new_err(format!("deals[{i}]: found {found} ({what}), expected {expected}")));
        };
        let deal = deal_from_pbn(&text).map_err(|e| {
            let message = format!("deals[{i}]: {}", e.message());
            crate::raise(item.py(), &format!("error: {message}"), &message, None, None)
        })?;
        boards.push(Board::new(i as u64 + 1, deal));
    }
    Ok(Given::Boards(boards))
}

/// The builder of a script, from `Script()`'s keyword arguments.
fn builder(
    name: Option<String>,
    predeal: Option<&Bound<'_, PyDict>>,
    values: Option<Vec<String>>,
    script_vars: Option<&Bound<'_, PyAny>>,
) -> PyResult<ScriptBuilder> {
    let mut builder = ScriptBuilder::new();
    if let Some(name) = name {
        builder = builder.name(name);
    }
    for (key, holdings) in predeal.map(|d| d.iter().collect::<Vec<_>>()).unwrap_or_default() {
        let key: String = key.extract().map_err(|_| PyValueError::new_err("predeal's keys are seats: N, E, S, W"))?;
        let seat =
            seat(&key).ok_or_else(|| PyValueError::new_err(format!("predeal[{key:?}]: `{key}` is not a seat; the seats are N, E, S and W")))?;
        let holdings: String =
            holdings.extract().map_err(|_| PyValueError::new_err(format!("predeal[{key:?}] must be cards as a string, such as \"SAK,HQ\"")))?;
        builder = builder.predeal_as(seat, &holdings, &format!("predeal[{key:?}]"));
    }
    for value in values.unwrap_or_default() {
        builder = builder.value(value);
    }
    for (index, value) in script_vars.map(vars).transpose()?.unwrap_or_default() {
        builder = builder.script_var(index, value);
    }
    Ok(builder)
}

/// The seat `key` names: `N`, `north`, `North`, ...
fn seat(key: &str) -> Option<Seat> {
    Seat::ALL.into_iter().find(|s| key.eq_ignore_ascii_case(s.keyword()) || key.eq_ignore_ascii_case(&s.letter().to_string()))
}

/// The script variables `$0`..`$9` of a list (None skips one) or a dict of indexes.
fn vars(given: &Bound<'_, PyAny>) -> PyResult<Vec<(usize, String)>> {
    let pairs: Vec<(usize, Bound<'_, PyAny>)> = match given.cast::<PyDict>() {
        Ok(dict) => dict.iter().map(|(k, v)| Ok((k.extract::<usize>()?, v))).collect::<PyResult<_>>()?,
        Err(_) if given.is_instance_of::<PyString>() => {
            return Err(PyValueError::new_err("script_vars is a list of values ($0 first) or a dict {index: value}"));
        }
        Err(_) => given.try_iter()?.enumerate().map(|(i, v)| Ok((i, v?))).collect::<PyResult<_>>()?,
    };
    let mut out = Vec::new();
    for (index, value) in pairs {
        if index > 9 {
            return Err(PyValueError::new_err(format!("script_vars: there is no ${index}; Dealer's script variables are $0 to $9")));
        }
        if !value.is_none() {
            out.push((index, value.str()?.to_string()));
        }
    }
    Ok(out)
}
