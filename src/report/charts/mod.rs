//! `--charts FILE`: the run's statistics drawn as charts, in SVG written here (no browser,
//! no drawing library): a bar chart for each 1-D `frequency` and `bktfreq` table (with
//! error bars of one binomial standard error under `--se`) and for `evalcontract`'s tricks,
//! a heat map for each 2-D table, a dot with its 95% interval for each `average`, and for
//! each `evalleads` a row per lead, the defenders' tricks as a dot on its 95% interval.
//!
//! The charts are made from the figures the JSON document gives ([`super::json`]): the
//! same totals, and the same estimates of [`super::estimate`]. Each chart is a [`Chart`]
//! first, the figures ready to draw, then one self-contained `<svg>` element
//! ([`Chart::draw`]), so that another page can show the same drawing. A run's charts go
//! to one HTML page ([`page::html`]) or one SVG document, stacked ([`page::svg`]).
//! Every number on hover is in an SVG `<title>`; the colours are the viridis scale's, read
//! in grey too and by colour-blind readers; the same run gives the same bytes.

mod bars;
mod heat;
mod leads;
mod means;
pub mod page;
mod svg;

#[cfg(test)]
mod tests;

use super::estimate::{Mean, Share};
use super::Actions;
use crate::compile::{ActionSpec, Written};
use dealvm_vm::evaluation::stats::TallySpec;
use std::path::Path;

/// The form of a charts file, told by its extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// `.html`: one page holding every chart.
    Html,
    /// `.svg`: one SVG document, the charts stacked from top to bottom.
    Svg,
}

impl Form {
    /// The form of the file at `path`: `.html` (or `.htm`) or `.svg`, in any case.
    pub fn of_path(path: &Path) -> Option<Form> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "html" | "htm" => Some(Form::Html),
            "svg" => Some(Form::Svg),
            _ => None,
        }
    }

    /// The form of the charts file `path` (`-` is standard output, which is refused); else
    /// why not, in the user's words.
    pub fn for_file(path: &Path) -> Result<Form, String> {
        let form = Form::of_path(path).filter(|_| path.as_os_str() != "-");
        form.ok_or_else(|| {
            let why = if path.as_os_str() == "-" {
                "the charts go to a file, not to standard output"
            } else {
                "the extension names the form of the charts"
            };
            format!(
                "--charts {}: {why}; name the file FILE.html (a page of every chart) or FILE.svg (the charts in one SVG image, stacked)",
                path.display()
            )
        })
    }
}

/// One chart, its figures ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// A 1-D table, or `evalcontract`'s tricks: a bar per cell.
    Bars(Bars),
    /// A 2-D table: a cell per pair of values, its colour its count.
    HeatMap(HeatMap),
    /// An `average`: the mean and its 95% interval.
    Mean(MeanChart),
    /// An `evalleads`: each lead's tricks for the defenders, with its 95% interval.
    Leads(LeadsChart),
}

impl Chart {
    /// The chart as one self-contained `<svg>` element.
    pub fn draw(&self) -> Drawn {
        match self {
            Chart::Bars(b) => bars::draw(b),
            Chart::HeatMap(h) => heat::draw(h),
            Chart::Mean(m) => means::draw(m),
            Chart::Leads(l) => leads::draw(l),
        }
    }
}

/// A chart drawn: its `<svg>` element and its size in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    pub svg: String,
    pub width: f64,
    pub height: f64,
}

/// What a chart is headed with: the action's label (the text report's heading), else the
/// action as written; under a label, the action as written beneath it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    pub title: String,
    pub subtitle: Option<String>,
}

impl Heading {
    /// The heading of an action labelled `label`, written `written`.
    pub fn new(label: Option<&str>, written: &Written) -> Heading {
        match label {
            Some(l) => Heading { title: l.to_string(), subtitle: Some(written.action.clone()).filter(|a| !a.is_empty()) },
            None => Heading { title: written.action.clone(), subtitle: None },
        }
    }
}

/// How a cell of a table's axis is named: `tick`, under its bar or beside its row
/// (`5`, `Low`); `hover`, in the numbers on hover (`hcp(north) = 5`, `hcp(north) 10 to 14`,
/// `hcp(north) below 0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellName {
    pub tick: String,
    pub hover: String,
}

/// A bar chart: a bar per cell, its height the cell's share of the deals.
#[derive(Clone, Debug, PartialEq)]
pub struct Bars {
    pub heading: Heading,
    /// What the cells are values of: the expression as written, with the buckets' size.
    pub axis: String,
    /// The deals counted.
    pub n: u64,
    /// The cells shown, in order, with their counts.
    pub bars: Vec<(CellName, u64)>,
    /// `--se`: an error bar of one standard error on each bar, and the standard errors and
    /// intervals on hover.
    pub errors: bool,
}

/// A heat map: a cell per pair of values of a 2-D table.
#[derive(Clone, Debug, PartialEq)]
pub struct HeatMap {
    pub heading: Heading,
    /// The first value's expression and the names of its cells shown (the rows).
    pub rows: (String, Vec<CellName>),
    /// The second value's expression and the names of its cells shown (the columns).
    pub columns: (String, Vec<CellName>),
    /// The deals counted.
    pub n: u64,
    /// The counts of the cells shown, row after row.
    pub counts: Vec<u64>,
}

/// An `average`'s chart.
#[derive(Clone, Debug, PartialEq)]
pub struct MeanChart {
    pub heading: Heading,
    /// The expression averaged, as written.
    pub axis: String,
    pub mean: Mean,
}

/// An `evalleads`'s chart: its leads, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadsChart {
    pub heading: Heading,
    /// What the axis counts: the tricks the defenders take.
    pub axis: String,
    pub leads: Vec<LeadRow>,
}

/// One lead of an `evalleads`'s chart: its name (`HKQ`), the tricks the defenders take after
/// it, and every figure of the report's line, on hover.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadRow {
    pub name: String,
    pub tricks: Mean,
    pub hover: String,
}

/// The charts of `actions`' statistics, in the order of the actions.
pub fn of_actions(actions: &Actions) -> Vec<Chart> {
    actions.statistics().filter_map(|spec| chart(actions, spec)).collect()
}

/// The chart of one statistics action (`None` for another action).
fn chart(actions: &Actions, spec: &ActionSpec) -> Option<Chart> {
    let n = actions.tallies.count();
    let errors = actions.info.standard_errors;
    let (label, tally, written) = match spec {
        ActionSpec::Average { label, tally, written }
        | ActionSpec::Frequency { label, tally, written }
        | ActionSpec::BktFreq { label, tally, written } => (label.as_deref(), *tally, written),
        ActionSpec::EvalLeads { declarer, contract, vulnerable, leads, written } => {
            let leads = actions.lead_figures(*contract, *vulnerable, leads);
            let four = |v: Option<f64>, d: usize| v.map_or("-".to_string(), |v| format!("{v:.d$}"));
            let rows = leads
                .into_iter()
                .map(|f| {
                    let hover = format!(
                        "{}: the defenders take {} tricks (standard error {}), the contract goes down on {} ({}), the defenders score {} ({}) on average",
                        f.name(),
                        four(f.tricks.mean(), 3),
                        four(f.tricks.standard_error(), 3),
                        share_text(f.defeated.count, f.defeated.n, false),
                        four(f.defeated.standard_error().map(|se| 100.0 * se), 2) + "%",
                        four(f.score.mean(), 2),
                        four(f.score.standard_error(), 2),
                    );
                    LeadRow { name: f.name(), tricks: f.tricks, hover }
                })
                .collect();
            let axis = format!("tricks taken by the defenders after the lead, double dummy ({} on lead)", declarer.rotate(1).name());
            return Some(Chart::Leads(LeadsChart { heading: Heading::new(None, written), axis, leads: rows }));
        }
        ActionSpec::EvalContract { side, tally, written, .. } => {
            let declarer = if *side == dealvm_vm::card::Side::NorthSouth { "South" } else { "West" };
            let tricks = actions.tricks(*tally);
            let bars = (0..=13).map(|t| (CellName { tick: t.to_string(), hover: format!("{t} tricks") }, tricks[t])).collect();
            let axis = format!("tricks taken by {declarer}, double dummy");
            return Some(Chart::Bars(Bars { heading: Heading::new(None, written), axis, n, bars, errors }));
        }
        _ => return None,
    };
    let heading = Heading::new(label, written);
    let expr = |i: usize| written.values.get(i).cloned().unwrap_or_default();
    let counts = &actions.tallies.get(tally).counts;
    Some(match *actions.tallies.spec(tally) {
        TallySpec::Average { .. } => Chart::Mean(MeanChart { heading, axis: expr(0), mean: actions.mean(tally) }),
        TallySpec::Frequency { x, y: None } => {
            let names = values(&expr(0), i64::from(x.low), i64::from(x.high), 1);
            Chart::Bars(Bars { heading, axis: expr(0), n, bars: shown_cells(names, counts), errors })
        }
        TallySpec::Buckets { x, y: None } => {
            let names = values(&expr(0), i64::from(x.low), x.name(x.count() - 2), i64::from(x.size));
            let axis = format!("{}, in buckets of {}", expr(0), x.size);
            Chart::Bars(Bars { heading, axis, n, bars: shown_cells(names, counts), errors })
        }
        TallySpec::Frequency { x, y: Some(y) } => {
            let rows = values(&expr(0), i64::from(x.low), i64::from(x.high), 1);
            let columns = values(&expr(1), i64::from(y.low), i64::from(y.high), 1);
            Chart::HeatMap(heat_map(heading, (expr(0), rows), (expr(1), columns), n, counts))
        }
        TallySpec::Buckets { x, y: Some(y) } => {
            let rows = values(&expr(0), i64::from(x.low), x.name(x.count() - 2), i64::from(x.size));
            let columns = values(&expr(1), i64::from(y.low), y.name(y.count() - 2), i64::from(y.size));
            let (rows_axis, columns_axis) = (format!("{}, in buckets of {}", expr(0), x.size), format!("{}, in buckets of {}", expr(1), y.size));
            Chart::HeatMap(heat_map(heading, (rows_axis, rows), (columns_axis, columns), n, counts))
        }
    })
}

/// The names of an axis's cells: below `first`, from `first` to `last` by `step` (each cell
/// the `step` values from its start), above.
fn values(expr: &str, first: i64, last: i64, step: i64) -> Vec<CellName> {
    let mut names = vec![CellName { tick: "Low".into(), hover: format!("{expr} below {first}") }];
    let mut start = first;
    while start <= last {
        let hover = if step == 1 { format!("{expr} = {start}") } else { format!("{expr} {start} to {}", start + step - 1) };
        names.push(CellName { tick: start.to_string(), hover });
        start += step;
    }
    names.push(CellName { tick: "High".into(), hover: format!("{expr} above {}", last + step - 1) });
    names
}

/// The cells of a 1-D table with their counts, those below and above the bounds only when
/// some deal fell there (as the text report shows them).
fn shown_cells(names: Vec<CellName>, counts: &[u64]) -> Vec<(CellName, u64)> {
    let last = counts.len().saturating_sub(1);
    let cells = names.into_iter().zip(counts.iter().copied()).enumerate();
    cells.filter(|&(i, (_, c))| (i != 0 && i != last) || c > 0).map(|(_, cell)| cell).collect()
}

/// A heat map of a 2-D table's `counts` (row after row, each axis with its cells below and
/// above), the rows and columns below and above the bounds only when some deal fell there.
fn heat_map(heading: Heading, rows: (String, Vec<CellName>), columns: (String, Vec<CellName>), n: u64, counts: &[u64]) -> HeatMap {
    let (nr, nc) = (rows.1.len(), columns.1.len());
    let at = |r: usize, c: usize| counts.get(r * nc + c).copied().unwrap_or(0);
    let kept_rows: Vec<usize> = (0..nr).filter(|&r| (r != 0 && r != nr - 1) || (0..nc).any(|c| at(r, c) > 0)).collect();
    let kept_columns: Vec<usize> = (0..nc).filter(|&c| (c != 0 && c != nc - 1) || (0..nr).any(|r| at(r, c) > 0)).collect();
    let shown = kept_rows.iter().flat_map(|&r| kept_columns.iter().map(move |&c| at(r, c))).collect();
    let pick = |names: Vec<CellName>, kept: &[usize]| kept.iter().map(|&i| names[i].clone()).collect();
    HeatMap { heading, rows: (rows.0, pick(rows.1, &kept_rows)), columns: (columns.0, pick(columns.1, &kept_columns)), n, counts: shown }
}

/// The share of the deals `count` of `n` is, as hover text: `12.35%` (two decimals, as the
/// text report prints percentages), with its standard error and 95% interval when `errors`.
fn share_text(count: u64, n: u64, errors: bool) -> String {
    let share = Share { count, n };
    let Some(p) = share.proportion() else { return format!("{count} of {n} deals") };
    let mut text = format!("{count} of {n} deals, {}%", percent(p));
    if errors {
        if let (Some(se), Some((low, high))) = (share.standard_error(), share.interval95()) {
            text += &format!(", standard error {}%, 95% interval {}% to {}%", percent(se), percent(low), percent(high));
        }
    }
    text
}

/// A proportion in percent with two decimals: `0.12347` is `12.35`.
fn percent(p: f64) -> String {
    format!("{:.2}", 100.0 * p)
}
