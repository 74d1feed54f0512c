//! What a run gives back, as Python objects: `Results`, the produced deals (`Produced`) and
//! the statistics (`Average`, `Table` with its `Axis`, `EvalContract`, `EvalLeads` with its
//! `OpeningLead`s).

use dealvm::{Board, Seat, Statistic};
use pyo3::exceptions::{PyNotImplementedError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;

/// What a run gives back: ``generated`` (deals examined), ``produced`` (deals that met the
/// condition), ``seed`` (the run's seed, the one chosen when none was given), ``statistics``
/// (one object per ``average``, ``frequency``, ``bktfreq``, ``evalcontract`` and
/// ``evalleads`` action, in the order of the actions: ``Average``, ``Table``,
/// ``EvalContract``, ``EvalLeads``) and ``deals`` (the
/// produced deals, ``Produced``; empty when the run was asked not to keep them).
#[pyclass(frozen, get_all, module = "dealvm")]
pub struct Results {
    /// Deals examined (Dealer's ``Generated``).
    generated: u64,
    /// Deals that met the condition (Dealer's ``Produced``).
    produced: u64,
    /// The seed of the run.
    seed: u64,
    /// The figures of the statistics actions, in the order of the actions.
    statistics: Py<PyList>,
    /// The produced deals, in order.
    deals: Py<PyList>,
}

#[pymethods]
impl Results {
    fn __repr__(&self, py: Python<'_>) -> String {
        let (statistics, deals) = (self.statistics.bind(py).len(), self.deals.bind(py).len());
        format!("<dealvm.Results generated={} produced={} seed={} statistics={statistics} deals={deals}>", self.generated, self.produced, self.seed)
    }
}

/// The Python results of a run whose deals carry the values of the variables `names`.
pub fn results(py: Python<'_>, results: dealvm::Results, names: &Arc<[String]>) -> PyResult<Results> {
    let statistics = PyList::empty(py);
    for statistic in results.statistics {
        match statistic {
            Statistic::Average(a) => statistics.append(Average::from(a))?,
            Statistic::Table(t) => statistics.append(Table { inner: t })?,
            Statistic::EvalContract(e) => statistics.append(EvalContract::from(e))?,
            Statistic::EvalLeads(e) => statistics.append(EvalLeads::new(py, e)?)?,
            other => return Err(PyNotImplementedError::new_err(format!("a statistic the Python binding does not know: {other:?}"))),
        }
    }
    let deals = PyList::empty(py);
    for produced in results.deals {
        deals.append(Produced { inner: produced, names: names.clone() })?;
    }
    Ok(Results {
        generated: results.generated,
        produced: results.produced,
        seed: results.seed,
        statistics: statistics.unbind(),
        deals: deals.unbind(),
    })
}

/// A deal that met the condition: ``number`` (among the produced deals, from 1), ``board``
/// (its board number: a file's own, else ``number``), ``dealer`` and ``vulnerable`` (when
/// its file gives them, else None), ``pbn`` (the deal as PBN's ``Deal`` tag writes it, north
/// first: ``"N:AKQ.JT9.876.5432 ..."``), ``hands`` (``{"N": "AKQ.JT9.876.5432", ...}``) and
/// ``values`` (``{name: value}`` of the variables the script was asked for).
#[pyclass(frozen, eq, module = "dealvm")]
#[derive(PartialEq)]
pub struct Produced {
    inner: dealvm::Produced,
    names: Arc<[String]>,
}

impl Produced {
    /// The board the deal came on.
    pub fn board(&self) -> &Board {
        &self.inner.board
    }
}

#[pymethods]
impl Produced {
    /// Its number among the produced deals, from 1.
    #[getter]
    fn number(&self) -> u64 {
        self.inner.number
    }

    /// Its board number: a deals file's own, else the same as ``number``.
    #[getter(board)]
    fn board_number(&self) -> u64 {
        self.inner.board.number
    }

    /// The dealer (``"N"``, ``"E"``, ``"S"`` or ``"W"``) when the deals file gives it, else None.
    #[getter]
    fn dealer(&self) -> Option<String> {
        self.inner.board.dealer.map(|s| s.letter().to_string())
    }

    /// The vulnerability (``"None"``, ``"NS"``, ``"EW"`` or ``"All"``) when the deals file
    /// gives it, else None.
    #[getter]
    fn vulnerable(&self) -> Option<&'static str> {
        self.inner.board.vulnerable.map(|v| v.pbn())
    }

    /// The deal as PBN's ``Deal`` tag writes it, north first: ``"N:AKQ.JT9.876.5432 ..."``.
    #[getter]
    fn pbn(&self) -> String {
        self.inner.board.deal.pbn()
    }

    /// The four hands by seat, each as PBN writes a hand: ``{"N": "AKQ.JT9.876.5432", ...}``.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let hands = PyDict::new(py);
        for seat in Seat::ALL {
            hands.set_item(seat.letter().to_string(), self.inner.board.deal.hand(seat).pbn())?;
        }
        Ok(hands)
    }

    /// The values on this deal of the variables the script was asked for: ``{name: value}``.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let values = PyDict::new(py);
        for (name, value) in self.names.iter().zip(self.inner.values()) {
            values.set_item(name, value)?;
        }
        Ok(values)
    }

    fn __repr__(&self) -> String {
        format!("<dealvm.Produced number={} pbn={:?}>", self.inner.number, self.inner.board.deal.pbn())
    }
}

/// An ``average`` action's figures: ``n`` values (the produced deals), their exact ``sum``
/// and ``sum_of_squares``, and the ``mean``, sample standard deviation ``sd`` and
/// ``standard_error`` of the mean (None over too few deals: no deal for the mean, under two
/// for the others).
#[pyclass(frozen, eq, get_all, module = "dealvm")]
#[derive(PartialEq)]
pub struct Average {
    /// The action's label, or None.
    label: Option<String>,
    /// The number of values: the produced deals.
    n: u64,
    /// The sum of the values, exactly.
    sum: i128,
    /// The sum of their squares, exactly.
    sum_of_squares: i128,
    /// The mean: the figure ``average`` prints.
    mean: Option<f64>,
    /// The sample standard deviation.
    sd: Option<f64>,
    /// The standard error of the mean, as ``--se`` prints it.
    standard_error: Option<f64>,
}

impl From<dealvm::Average> for Average {
    fn from(a: dealvm::Average) -> Average {
        let (mean, sd, standard_error) = (a.mean(), a.sd(), a.standard_error());
        Average { label: a.label, n: a.n, sum: a.sum, sum_of_squares: a.sum_of_squares, mean, sd, standard_error }
    }
}

#[pymethods]
impl Average {
    /// ``"average"``: the action, as ``--json`` names it.
    #[getter]
    fn kind(&self) -> &'static str {
        "average"
    }

    fn __repr__(&self) -> String {
        let mean = self.mean.map_or("None".to_string(), |m| m.to_string());
        format!("<dealvm.Average label={} n={} mean={mean}>", label(&self.label), self.n)
    }
}

/// An action's label as Python shows it: `None` or the quoted text.
fn label(label: &Option<String>) -> String {
    label.as_ref().map_or("None".to_string(), |l| format!("{l:?}"))
}

/// The values a table counts along one axis: ``low`` to ``high`` one by one (``frequency``,
/// ``bucket`` None), or in buckets of ``bucket`` values from ``low`` (``bktfreq``, the last
/// bucket starting at or below ``high``).
#[pyclass(frozen, eq, get_all, module = "dealvm")]
#[derive(PartialEq)]
pub struct Axis {
    /// The lowest value with a cell of its own.
    low: i32,
    /// The highest value with a cell of its own (``bktfreq``: a value of the last bucket).
    high: i32,
    /// ``bktfreq``'s bucket size; None for ``frequency``.
    bucket: Option<i32>,
}

impl From<dealvm::Axis> for Axis {
    fn from(a: dealvm::Axis) -> Axis {
        Axis { low: a.low, high: a.high, bucket: a.bucket }
    }
}

#[pymethods]
impl Axis {
    fn __repr__(&self) -> String {
        match self.bucket {
            None => format!("<dealvm.Axis low={} high={}>", self.low, self.high),
            Some(size) => format!("<dealvm.Axis low={} high={} bucket={size}>", self.low, self.high),
        }
    }
}

/// A ``frequency`` or ``bktfreq`` table: how many produced deals fall in each cell.
///
/// Each axis has a cell below ``low``, one per value (or bucket), and one above. ``counts``
/// is the list of cells, below first and above last; in a table of two values, the list of
/// rows (below first), each the list of its cells (below first), as ``--json`` writes it.
/// ``count(value)`` and ``count2(row, column)`` give the cell of values.
#[pyclass(frozen, eq, module = "dealvm")]
#[derive(PartialEq)]
pub struct Table {
    inner: dealvm::Table,
}

#[pymethods]
impl Table {
    /// ``"frequency"`` or ``"bktfreq"``: the action, as ``--json`` names it.
    #[getter]
    fn kind(&self) -> &'static str {
        if self.inner.rows.bucket.is_some() {
            "bktfreq"
        } else {
            "frequency"
        }
    }

    /// The action's label, or None.
    #[getter]
    fn label(&self) -> Option<String> {
        self.inner.label.clone()
    }

    /// The first value's ``Axis``.
    #[getter]
    fn rows(&self) -> Axis {
        self.inner.rows.into()
    }

    /// The second value's ``Axis``, or None in a table of one value.
    #[getter]
    fn columns(&self) -> Option<Axis> {
        self.inner.columns.map(Axis::from)
    }

    /// The values the table counts per deal: 1 or 2.
    #[getter]
    fn dimensions(&self) -> usize {
        1 + usize::from(self.inner.columns.is_some())
    }

    /// The produced deals counted.
    #[getter]
    fn n(&self) -> u64 {
        self.inner.n
    }

    /// The cells: a list (one value), or a list of rows (two values).
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let counts = self.inner.counts();
        match self.inner.columns {
            None => PyList::new(py, counts),
            Some(columns) => PyList::new(py, counts.chunks(columns.cells())),
        }
    }

    /// The deals whose value falls in the cell of ``value`` (a value below ``low`` or above
    /// the last cell: the deals below or above), in a table of one value.
    fn count(&self, value: i64) -> PyResult<u64> {
        if self.inner.columns.is_some() {
            return Err(PyValueError::new_err("this table counts two values: ask count2(row, column)"));
        }
        Ok(self.inner.count(value))
    }

    /// The deals whose values fall in the cells of ``row`` and ``column``, in a table of two
    /// values.
    fn count2(&self, row: i64, column: i64) -> PyResult<u64> {
        if self.inner.columns.is_none() {
            return Err(PyValueError::new_err("this table counts one value: ask count(value)"));
        }
        Ok(self.inner.count2(row, column))
    }

    fn __repr__(&self) -> String {
        let (kind, dimensions) = (self.kind(), self.dimensions());
        format!("<dealvm.Table kind={kind} label={} dimensions={dimensions} n={}>", label(&self.inner.label), self.inner.n)
    }
}

/// An ``evalcontract`` action's figures: the ``contract`` (``"3N"``, ``"4Sx"``), the
/// declaring ``side`` (``"NS"`` or ``"EW"``), whether it is ``vulnerable``, and ``tricks``:
/// the produced deals on which the declarer takes 0, 1, .. 13 tricks (14 counts).
#[pyclass(frozen, eq, get_all, module = "dealvm")]
#[derive(PartialEq)]
pub struct EvalContract {
    /// The contract as written in the action: ``"3N"``, ``"4Sx"``.
    contract: String,
    /// The declaring side: ``"NS"`` or ``"EW"``.
    side: &'static str,
    /// Whether the declaring side is vulnerable.
    vulnerable: bool,
    /// The deals on which the declarer takes 0 to 13 tricks.
    tricks: [u64; 14],
}

impl From<dealvm::EvalContract> for EvalContract {
    fn from(e: dealvm::EvalContract) -> EvalContract {
        EvalContract { contract: e.contract, side: e.side, vulnerable: e.vulnerable, tricks: e.tricks }
    }
}

#[pymethods]
impl EvalContract {
    /// ``"evalcontract"``: the action, as ``--json`` names it.
    #[getter]
    fn kind(&self) -> &'static str {
        "evalcontract"
    }

    fn __repr__(&self) -> String {
        format!("<dealvm.EvalContract {} by {} vulnerable={}>", self.contract, self.side, self.vulnerable)
    }
}

/// An ``evalleads`` action's figures: the ``declarer`` (``"S"``; West leads), the
/// ``contract`` (``"3N"``), whether it is ``vulnerable``, and ``leads``: an ``OpeningLead``
/// per lead of the leader's hand, best first.
#[pyclass(frozen, get_all, module = "dealvm")]
pub struct EvalLeads {
    /// The declarer's seat: ``"N"``, ``"E"``, ``"S"`` or ``"W"``.
    declarer: String,
    /// The contract as written in the action: ``"3N"``, ``"4Sx"``.
    contract: String,
    /// Whether the declarer is vulnerable.
    vulnerable: bool,
    /// The leads, best first.
    leads: Py<PyList>,
}

impl EvalLeads {
    fn new(py: Python<'_>, e: dealvm::EvalLeads) -> PyResult<EvalLeads> {
        let leads = PyList::empty(py);
        for lead in e.leads {
            leads.append(OpeningLead::from(lead))?;
        }
        Ok(EvalLeads { declarer: e.declarer.letter().to_string(), contract: e.contract, vulnerable: e.vulnerable, leads: leads.unbind() })
    }
}

#[pymethods]
impl EvalLeads {
    /// ``"evalleads"``: the action, as ``--json`` names it.
    #[getter]
    fn kind(&self) -> &'static str {
        "evalleads"
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("<dealvm.EvalLeads {} by {} vulnerable={} leads={}>", self.contract, self.declarer, self.vulnerable, self.leads.bind(py).len())
    }
}

/// One lead of an ``evalleads``: its ``cards`` (``["HK", "HQ"]``: touching in the leader's
/// hand, equivalent on every deal, highest first), ``tricks`` (the produced deals on which
/// the defenders take 0, 1, .. 13 tricks after it), and the estimates: ``mean_tricks``,
/// ``defeated`` (the share of deals on which the contract goes down) and ``mean_score`` (the
/// defenders'), each with its standard error (None with no deal, or under two deals).
#[pyclass(frozen, eq, get_all, module = "dealvm")]
#[derive(PartialEq)]
pub struct OpeningLead {
    cards: Vec<String>,
    tricks: [u64; 14],
    mean_tricks: Option<f64>,
    tricks_standard_error: Option<f64>,
    defeated: Option<f64>,
    defeated_standard_error: Option<f64>,
    mean_score: Option<f64>,
    score_standard_error: Option<f64>,
}

impl From<dealvm::OpeningLead> for OpeningLead {
    fn from(l: dealvm::OpeningLead) -> OpeningLead {
        OpeningLead {
            cards: l.cards.iter().map(|c| c.suit_first()).collect(),
            tricks: l.tricks,
            mean_tricks: l.mean_tricks,
            tricks_standard_error: l.tricks_standard_error,
            defeated: l.defeated,
            defeated_standard_error: l.defeated_standard_error,
            mean_score: l.mean_score,
            score_standard_error: l.score_standard_error,
        }
    }
}

#[pymethods]
impl OpeningLead {
    fn __repr__(&self) -> String {
        let mean = self.mean_tricks.map_or("None".to_string(), |m| format!("{m:.3}"));
        format!("<dealvm.OpeningLead {} mean_tricks={mean}>", self.cards.join(","))
    }
}
