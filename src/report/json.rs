//! `--json FILE`: every statistic of the run as one JSON document (`docs/json-format.md`):
//! the run's counts and seed, then each report in the order of the actions, with its exact
//! integer totals and its estimates (standard errors and 95% intervals, [`super::estimate`]).
//! A merge of shards writes the same document as the single run: nothing in it depends on the
//! time, the machine or the thread count.

use super::estimate::{Mean, Share};
use super::stats::EvalFigures;
use super::Actions;
use crate::compile::ActionSpec;
use dealvm_vm::evaluation::stats::{Buckets, TallyAxis, TallySpec};
use serde::Serialize;
use std::io::{self, Write};

/// The version of the document's layout, `version` in it: raised when a field changes
/// meaning or goes away (new fields may come without it).
pub const VERSION: u32 = 1;

/// What the document says of the run beyond the reports: how many deals, and why it ended.
pub struct RunFacts {
    pub generated: u64,
    pub produced: u64,
    /// Why the run ended: `generate`, `produce`, `until-se` or `interrupted`.
    pub stopped_by: &'static str,
}

/// The document.
#[derive(Serialize)]
struct Document<'a> {
    format: &'static str,
    version: u32,
    dealvm: &'static str,
    input: &'a str,
    title: Option<&'a str>,
    seed: u64,
    generated: u64,
    produced: u64,
    stopped_by: &'static str,
    until_se: Option<f64>,
    reports: Vec<Report<'a>>,
}

/// A mean with its totals and estimates.
#[derive(Serialize)]
struct MeanFigures {
    n: u64,
    sum: i128,
    sum_of_squares: i128,
    mean: Option<f64>,
    variance: Option<f64>,
    sd: Option<f64>,
    standard_error: Option<f64>,
    interval95: Option<[f64; 2]>,
}

impl From<Mean> for MeanFigures {
    fn from(m: Mean) -> MeanFigures {
        MeanFigures {
            n: m.n,
            sum: m.sum,
            sum_of_squares: m.sum_sq,
            mean: m.mean(),
            variance: m.variance(),
            sd: m.sd(),
            standard_error: m.standard_error(),
            interval95: m.interval95().map(|(l, h)| [l, h]),
        }
    }
}

/// A count of deals with the share of all deals it estimates.
#[derive(Serialize)]
struct ShareFigures {
    count: u64,
    proportion: Option<f64>,
    standard_error: Option<f64>,
    interval95: Option<[f64; 2]>,
}

impl From<Share> for ShareFigures {
    fn from(s: Share) -> ShareFigures {
        ShareFigures {
            count: s.count,
            proportion: s.proportion(),
            standard_error: s.standard_error(),
            interval95: s.interval95().map(|(l, h)| [l, h]),
        }
    }
}

/// One cell of a 1-D table: its values (`from` to `to`; one value in a `frequency` table).
#[derive(Serialize)]
struct Cell {
    from: i64,
    to: i64,
    #[serde(flatten)]
    share: ShareFigures,
}

/// The bounds of a table's axis: `frequency`'s values `low..=high`, or `bktfreq`'s buckets of
/// `size` from `low`, the last starting at or below `high`.
#[derive(Serialize)]
struct Bounds {
    low: i32,
    high: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<i32>,
}

/// One report, tagged with its action's name.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Report<'a> {
    Average {
        label: Option<&'a str>,
        #[serde(flatten)]
        figures: MeanFigures,
    },
    /// A 1-D `frequency` or `bktfreq` table.
    #[serde(rename = "frequency")]
    Frequency1(Table1<'a>),
    #[serde(rename = "bktfreq")]
    Buckets1(Table1<'a>),
    /// A 2-D table: `counts[row][column]`, row and column 0 below the bounds, the last above.
    #[serde(rename = "frequency")]
    Frequency2 {
        label: Option<&'a str>,
        dimensions: u8,
        rows: Bounds,
        columns: Bounds,
        n: u64,
        counts: Vec<&'a [u64]>,
    },
    #[serde(rename = "bktfreq")]
    Buckets2 {
        label: Option<&'a str>,
        dimensions: u8,
        rows: Bounds,
        columns: Bounds,
        n: u64,
        counts: Vec<&'a [u64]>,
    },
    Evalcontract(Box<EvalReport>),
    Evalleads(LeadsReport),
}

/// An `evalleads` report: its leads, best first.
#[derive(Serialize)]
struct LeadsReport {
    /// The declarer's seat: `S`.
    declarer: char,
    contract: String,
    vulnerable: bool,
    n: u64,
    leads: Vec<LeadReport>,
}

/// One lead of an `evalleads` report.
#[derive(Serialize)]
struct LeadReport {
    /// Its cards, suit first (`HK`), highest first.
    cards: Vec<String>,
    /// The deals on which the defenders take 0..=13 tricks after it.
    counts: [u64; 14],
    tricks: MeanFigures,
    defeated: ShareFigures,
    score: MeanFigures,
}

/// A 1-D table: the deals below the first cell, the cells, the deals above the last.
#[derive(Serialize)]
struct Table1<'a> {
    label: Option<&'a str>,
    dimensions: u8,
    bounds: Bounds,
    n: u64,
    below: ShareFigures,
    cells: Vec<Cell>,
    above: ShareFigures,
}

/// An `evalcontract` report.
#[derive(Serialize)]
struct EvalReport {
    side: &'static str,
    contract: String,
    vulnerable: bool,
    n: u64,
    /// The deals on which the side's declarer takes 0..=13 tricks.
    tricks: [u64; 14],
    score: MeanFigures,
    made: ShareFigures,
    failed: ShareFigures,
    missed_games: ShareFigures,
    missed_slams: ShareFigures,
    missed_game_imps: MeanFigures,
    missed_slam_imps: MeanFigures,
}

/// Writes the document of `actions`' statistics and the run's facts to `w`, ending in a newline.
pub fn write(w: &mut dyn Write, actions: &Actions, run: &RunFacts) -> io::Result<()> {
    let info = &actions.info;
    let document = Document {
        format: "dealvm-report",
        version: VERSION,
        dealvm: env!("CARGO_PKG_VERSION"),
        input: &info.input_name,
        title: info.title.as_deref(),
        seed: info.seed,
        generated: run.generated,
        produced: run.produced,
        stopped_by: run.stopped_by,
        until_se: info.until_se,
        reports: actions.statistics().map(|spec| report(actions, spec)).collect(),
    };
    serde_json::to_writer_pretty(&mut *w, &document).map_err(io::Error::other)?;
    writeln!(w)
}

/// The report of one statistics action.
fn report<'a>(actions: &'a Actions, spec: &'a ActionSpec) -> Report<'a> {
    let n = actions.tallies.count();
    let (label, tally) = match spec {
        ActionSpec::Average { label, tally, .. } | ActionSpec::Frequency { label, tally, .. } | ActionSpec::BktFreq { label, tally, .. } => {
            (label.as_deref(), *tally)
        }
        ActionSpec::EvalContract { side, contract, vulnerable, tally, .. } => {
            let tricks = actions.tricks(*tally);
            let f = EvalFigures::new(*contract, *vulnerable, &tricks);
            return Report::Evalcontract(Box::new(EvalReport {
                side: side.name(),
                contract: contract.to_string(),
                vulnerable: *vulnerable,
                n: f.score.n,
                tricks,
                score: f.score.into(),
                made: f.made.into(),
                failed: f.failed.into(),
                missed_games: f.missed_games.into(),
                missed_slams: f.missed_slams.into(),
                missed_game_imps: f.game_imps.into(),
                missed_slam_imps: f.slam_imps.into(),
            }));
        }
        ActionSpec::EvalLeads { declarer, contract, vulnerable, leads, .. } => {
            let leads = actions.lead_figures(*contract, *vulnerable, leads);
            return Report::Evalleads(LeadsReport {
                declarer: declarer.letter(),
                contract: contract.to_string(),
                vulnerable: *vulnerable,
                n,
                leads: leads
                    .into_iter()
                    .map(|f| LeadReport {
                        cards: f.card_names(),
                        counts: f.counts,
                        tricks: f.tricks.into(),
                        defeated: f.defeated.into(),
                        score: f.score.into(),
                    })
                    .collect(),
            });
        }
        _ => unreachable!("only the statistics actions report"),
    };
    let counts = &actions.tallies.get(tally).counts;
    let share = |count: u64| ShareFigures::from(Share { count, n });
    // The cells between Low and High, each named by the values it counts.
    let table = |bounds: Bounds, names: &dyn Fn(usize) -> (i64, i64)| {
        let cells = (1..counts.len() - 1).map(|i| Cell { from: names(i).0, to: names(i).1, share: share(counts[i]) }).collect();
        let (below, above) = (share(counts[0]), share(counts[counts.len() - 1]));
        Table1 { label, dimensions: 1, bounds, n, below, cells, above }
    };
    match *actions.tallies.spec(tally) {
        TallySpec::Average { .. } => Report::Average { label, figures: actions.mean(tally).into() },
        TallySpec::Frequency { x, y: None } => {
            let value = |i: usize| (i64::from(x.low) + i as i64 - 1, i64::from(x.low) + i as i64 - 1);
            Report::Frequency1(table(axis(&x), &value))
        }
        TallySpec::Buckets { x, y: None } => {
            let bucket = |i: usize| (x.name(i), x.name(i) + i64::from(x.size) - 1);
            Report::Buckets1(table(buckets(&x), &bucket))
        }
        TallySpec::Frequency { x, y: Some(y) } => {
            let counts = counts.chunks(y.cells()).collect();
            Report::Frequency2 { label, dimensions: 2, rows: axis(&x), columns: axis(&y), n, counts }
        }
        TallySpec::Buckets { x, y: Some(y) } => {
            let counts = counts.chunks(y.count()).collect();
            Report::Buckets2 { label, dimensions: 2, rows: buckets(&x), columns: buckets(&y), n, counts }
        }
    }
}

/// The bounds of a `frequency` axis.
fn axis(a: &TallyAxis) -> Bounds {
    Bounds { low: a.low, high: a.high, size: None }
}

/// The bounds of a `bktfreq` axis.
fn buckets(b: &Buckets) -> Bounds {
    Bounds { low: b.low, high: b.high, size: Some(b.size) }
}
