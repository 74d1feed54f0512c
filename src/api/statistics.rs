//! The end-of-run figures of the statistics actions (`average`, `frequency`, `bktfreq`,
//! `evalcontract`, `evalleads`) as data: exact integer totals, with the estimates the reports
//! print.

use crate::compile::ActionSpec;
use crate::report::estimate::Mean;
use crate::report::stats::lead_figures;
use crate::report::tricks_of;
use dealvm_vm::card::{Card, Seat};
use dealvm_vm::evaluation::stats::{Tallies, TallySpec};

/// The figures of one statistics action at the end of a run.
///
/// ```
/// use dealvm::{Script, Statistic};
/// let script = Script::new("action average hcp(north), frequency \"lengths\" (spades(north), 0, 13)")?;
/// let results = script.run().seed(5).generate(2000).statistics()?;
/// let Statistic::Average(points) = &results.statistics[0] else { panic!() };
/// assert_eq!(points.n, 2000);
/// let Statistic::Table(lengths) = &results.statistics[1] else { panic!() };
/// assert_eq!(lengths.label.as_deref(), Some("lengths"));
/// assert_eq!((0..=13).map(|n| lengths.count(n)).sum::<u64>(), 2000);
/// # Ok::<(), dealvm::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Statistic {
    /// An `average` action.
    Average(Average),
    /// A `frequency` or `bktfreq` action, of one or two values.
    Table(Table),
    /// An `evalcontract` action.
    EvalContract(EvalContract),
    /// An `evalleads` action.
    EvalLeads(EvalLeads),
}

/// An `average`: how many values, their sum and the sum of their squares, exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Average {
    /// The action's label, when it has one.
    pub label: Option<String>,
    /// The number of values: the produced deals.
    pub n: u64,
    /// The sum of the values.
    pub sum: i128,
    /// The sum of the squares of the values.
    pub sum_of_squares: i128,
}

impl Average {
    /// The mean (`None` over no deal): the figure `average` prints.
    pub fn mean(&self) -> Option<f64> {
        self.as_mean().mean()
    }

    /// The sample standard deviation (`None` under two deals).
    pub fn sd(&self) -> Option<f64> {
        self.as_mean().sd()
    }

    /// The standard error of the mean (`None` under two deals), as `--se` prints it.
    pub fn standard_error(&self) -> Option<f64> {
        self.as_mean().standard_error()
    }

    /// The report's view of the same figures.
    fn as_mean(&self) -> Mean {
        Mean { n: self.n, sum: self.sum, sum_sq: self.sum_of_squares }
    }
}

/// The values a table counts along one axis: `low..=high` one by one (`frequency`), or in
/// buckets of `bucket` values from `low` (`bktfreq`); smaller and larger values are counted
/// apart, below and above.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Axis {
    /// The lowest value with a cell (or the first bucket's lowest value).
    pub low: i32,
    /// The highest value with a cell (or a value in the last bucket).
    pub high: i32,
    /// `bktfreq`'s bucket size; `None` for `frequency`.
    pub bucket: Option<i32>,
}

impl Axis {
    /// The cells of the axis in [`Table::counts`]: one below `low`, one per value or bucket,
    /// one above.
    ///
    /// ```
    /// let script = dealvm::Script::new("action bktfreq (hcp(north), 0, 20, 5), frequency (spades(north), 0, 13, hearts(north), 0, 13)")?;
    /// let results = script.run().seed(2).generate(100).statistics()?;
    /// let dealvm::Statistic::Table(points) = &results.statistics[0] else { panic!() };
    /// assert_eq!(points.rows.cells(), 1 + 5 + 1);
    /// let dealvm::Statistic::Table(lengths) = &results.statistics[1] else { panic!() };
    /// assert_eq!(lengths.counts().len(), lengths.rows.cells() * lengths.columns.unwrap().cells());
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn cells(&self) -> usize {
        match self.bucket {
            None => dealvm_vm::evaluation::stats::TallyAxis { value: 0, low: self.low, high: self.high }.cells(),
            Some(size) => dealvm_vm::evaluation::stats::Buckets { value: 0, low: self.low, high: self.high, size }.count(),
        }
    }
}

/// A `frequency` or `bktfreq` table: how many produced deals fall in each cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The action's label, when it has one.
    pub label: Option<String>,
    /// The first value's axis.
    pub rows: Axis,
    /// The second value's axis, for a table of two values.
    pub columns: Option<Axis>,
    /// The produced deals counted.
    pub n: u64,
    spec: TallySpec,
    counts: Vec<u64>,
}

impl Table {
    /// The deals whose (first) value falls in the cell of `value` (in a bucket, the bucket's
    /// deals; below `low` or above the last cell, the deals below or above); in a table of two
    /// values, the whole row.
    ///
    /// ```
    /// let script = dealvm::Script::new("action frequency (spades(north), 0, 13, hearts(north), 0, 13)")?;
    /// let results = script.run().seed(2).generate(500).statistics()?;
    /// let dealvm::Statistic::Table(table) = &results.statistics[0] else { panic!() };
    /// assert_eq!(table.count(4), (0..=13).map(|h| table.count2(4, h)).sum::<u64>());
    /// assert_eq!((0..=13).map(|s| table.count(s)).sum::<u64>(), 500);
    /// # Ok::<(), dealvm::Error>(())
    /// ```
    pub fn count(&self, value: i64) -> u64 {
        let width = self.spec.cells() / self.row_cells();
        let start = self.row(value) * width;
        self.counts.get(start..start + width).map_or(0, |row| row.iter().sum())
    }

    /// In a table of two values: the deals whose values fall in the cells of `row` and `column`.
    pub fn count2(&self, row: i64, column: i64) -> u64 {
        let width = self.spec.cells() / self.row_cells();
        let column = match self.spec {
            TallySpec::Frequency { y: Some(y), .. } => y.cell(clamp(column)),
            TallySpec::Buckets { y: Some(y), .. } => y.index(clamp(column)),
            _ => return 0,
        };
        self.counts.get(self.row(row) * width + column).copied().unwrap_or(0)
    }

    /// The counts cell by cell, row after row: each axis has a cell below its values, one per
    /// value or bucket, and one above.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The cell of `value` on the first axis.
    fn row(&self, value: i64) -> usize {
        match self.spec {
            TallySpec::Frequency { x, .. } => x.cell(clamp(value)),
            TallySpec::Buckets { x, .. } => x.index(clamp(value)),
            TallySpec::Average { .. } => 0,
        }
    }

    /// The cells of the first axis.
    fn row_cells(&self) -> usize {
        match self.spec {
            TallySpec::Frequency { x, .. } => x.cells(),
            TallySpec::Buckets { x, .. } => x.count(),
            TallySpec::Average { .. } => 1,
        }
    }
}

/// A value as the interpreter computes it (every value is a 32-bit integer).
fn clamp(value: i64) -> i32 {
    value.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// An `evalcontract`: the contract, and the produced deals by the tricks its declarer takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalContract {
    /// The contract as written in the action: `3N`, `4Sx`.
    pub contract: String,
    /// The declaring side: `NS` or `EW`.
    pub side: &'static str,
    /// Whether the contract is scored vulnerable.
    pub vulnerable: bool,
    /// The deals on which the declarer takes 0 to 13 tricks.
    pub tricks: [u64; 14],
}

/// An `evalleads`: the opening leads of the declarer's left-hand opponent, best first (the
/// most tricks for the defenders on average, then the best score for them), as the report
/// prints them.
///
/// ```
/// let script = dealvm::Script::new(
///     "predeal west SKQJ2, HT98, D654, C732\ncondition hcp(north) + hcp(south) >= 25\naction evalleads(south, z3N, nv)",
/// )?;
/// let results = script.run().seed(1).generate(20_000).produce(10).statistics()?;
/// let dealvm::Statistic::EvalLeads(study) = &results.statistics[0] else { panic!() };
/// assert_eq!(study.leads.len(), 6); // SKQJ, S2, HT98, D654, C7, C32
/// let best = &study.leads[0];
/// assert_eq!(best.tricks.iter().sum::<u64>(), 10);
/// assert!(best.mean_tricks >= study.leads[1].mean_tricks);
/// # Ok::<(), dealvm::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct EvalLeads {
    /// The declarer; the leader is on his left.
    pub declarer: Seat,
    /// The contract as written in the action: `3N`, `4Sx`.
    pub contract: String,
    /// Whether the declarer is vulnerable.
    pub vulnerable: bool,
    /// The leads, best first.
    pub leads: Vec<OpeningLead>,
}

/// One lead of an `evalleads`: cards equivalent on every deal (touching in the leader's hand),
/// and what the defenders get after it. The estimates are `None` with no deal (their standard
/// errors under two deals).
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningLead {
    /// The cards, highest first.
    pub cards: Vec<Card>,
    /// The produced deals on which the defenders take 0 to 13 tricks after the lead.
    pub tricks: [u64; 14],
    /// The tricks the defenders take on average, and its standard error.
    pub mean_tricks: Option<f64>,
    pub tricks_standard_error: Option<f64>,
    /// The share of the deals on which the contract goes down, and its standard error.
    pub defeated: Option<f64>,
    pub defeated_standard_error: Option<f64>,
    /// The defenders' average score (the contract's score with the sign turned), and its
    /// standard error.
    pub mean_score: Option<f64>,
    pub score_standard_error: Option<f64>,
}

/// The statistics of the actions `specs`, from their totals.
pub(crate) fn of_actions(specs: &[ActionSpec], tallies: &Tallies) -> Vec<Statistic> {
    let n = tallies.count();
    let mut out = Vec::new();
    for spec in specs {
        let statistic = match spec {
            ActionSpec::Average { label, tally, .. } => {
                let t = tallies.get(*tally);
                Statistic::Average(Average { label: label.clone(), n, sum: t.sum, sum_of_squares: t.sum_sq })
            }
            ActionSpec::Frequency { label, tally, .. } | ActionSpec::BktFreq { label, tally, .. } => {
                Statistic::Table(table(label.clone(), tallies.spec(*tally).clone(), n, tallies.get(*tally).counts.clone()))
            }
            ActionSpec::EvalContract { side, contract, vulnerable, tally, .. } => Statistic::EvalContract(EvalContract {
                contract: contract.to_string(),
                side: side.name(),
                vulnerable: *vulnerable,
                tricks: tricks_of(tallies, *tally),
            }),
            ActionSpec::EvalLeads { declarer, contract, vulnerable, leads, .. } => {
                let figures = lead_figures(*contract, *vulnerable, leads.iter().map(|l| (l.cards.clone(), tricks_of(tallies, l.tally))).collect());
                Statistic::EvalLeads(EvalLeads {
                    declarer: *declarer,
                    contract: contract.to_string(),
                    vulnerable: *vulnerable,
                    leads: figures
                        .into_iter()
                        .map(|f| OpeningLead {
                            mean_tricks: f.tricks.mean(),
                            tricks_standard_error: f.tricks.standard_error(),
                            defeated: f.defeated.proportion(),
                            defeated_standard_error: f.defeated.standard_error(),
                            mean_score: f.score.mean(),
                            score_standard_error: f.score.standard_error(),
                            cards: f.cards,
                            tricks: f.counts,
                        })
                        .collect(),
                })
            }
            _ => continue,
        };
        out.push(statistic);
    }
    out
}

/// A table of `spec`'s cells.
fn table(label: Option<String>, spec: TallySpec, n: u64, counts: Vec<u64>) -> Table {
    let (rows, columns) = match spec {
        TallySpec::Frequency { x, y } => {
            let axis = |a: dealvm_vm::evaluation::stats::TallyAxis| Axis { low: a.low, high: a.high, bucket: None };
            (axis(x), y.map(axis))
        }
        TallySpec::Buckets { x, y } => {
            let axis = |b: dealvm_vm::evaluation::stats::Buckets| Axis { low: b.low, high: b.high, bucket: Some(b.size) };
            (axis(x), y.map(axis))
        }
        TallySpec::Average { .. } => unreachable!("an average has no table"),
    };
    Table { label, rows, columns, n, spec, counts }
}
