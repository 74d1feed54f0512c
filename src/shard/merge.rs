//! Merging the parts of a run: checked (all `N` shards once, of one run, intact and
//! consistent), then replayed to the actions in the single run's order, batch by batch, up to
//! where the single run stops, so that the actions print and write exactly what it would.

use crate::report::Actions;
use crate::run::{Outcome, RunError};
use crate::shard::part::{short, End, Kept, Part, Totals};
use dealvm_vm::card::{Deal, Hand, ALL_CARDS};
use dealvm_vm::dealing::board::Board;
use dealvm_vm::evaluation::dd::SolveCounts;
use dealvm_vm::evaluation::stats::{Tallies, TallySpec};
use dealvm_vm::machine::interp::Fault;
use std::convert::Infallible;
use std::io::Write;

/// A part file read, with the name messages give it.
pub struct Named {
    pub name: String,
    pub part: Part,
}

/// The shape of the run as the merge computes it from the command line and the script: the
/// parts must agree with it.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The deals of the run and the deals per batch.
    pub deals: u64,
    pub batch_len: u64,
    /// The run's `produce` count.
    pub produce: u64,
    /// Values per produced deal.
    pub nvalues: usize,
    /// Whether the parts keep every produced deal, and their hands.
    pub per_deal: bool,
    pub hands: bool,
    /// The number of the first board (else 1).
    pub first_board: Option<u64>,
    /// The program's division sites (a fault names one).
    pub sites: usize,
    /// Where the 20 double-dummy counts of a produced deal start among its values, when an
    /// output file takes them.
    pub tricks: Option<usize>,
}

impl Shape {
    /// Batches of the run.
    fn batches(&self) -> u64 {
        self.deals.div_ceil(self.batch_len)
    }

    /// Deals of batch `b`.
    fn batch_len_of(&self, b: u64) -> u64 {
        self.batch_len.min(self.deals.saturating_sub(b.saturating_mul(self.batch_len)))
    }
}

/// Whether the parts of a run keep every produced deal: when an action or a file takes the
/// deals (`printed`), or the run can stop at its `produce` count before its last deal (the
/// merge then cuts the batch it stops in, and counts the statistics from the deals' values),
/// or at a batch where a standard error is reached (`until_se`: the merge adds the statistics
/// batch by batch to find it).
pub fn keeps_deals(printed: bool, produce: u64, deals: u64, until_se: bool) -> bool {
    printed || produce < deals || until_se
}

/// Sorts the parts by shard and checks that they are the `N` shards of one run, each once.
pub fn check_set(mut parts: Vec<Named>) -> Result<Vec<Named>, String> {
    let Some(first) = parts.first() else { return Err("no part file given".to_string()) };
    let first_name = first.name.clone();
    let run = first.part.run.clone();
    for p in &parts[1..] {
        if p.part.fingerprint != first.part.fingerprint {
            return Err(different_runs(first, p));
        }
    }
    let n = run.shards;
    parts.sort_by_key(|p| p.part.shard);
    for pair in parts.windows(2) {
        if pair[0].part.shard == pair[1].part.shard {
            return Err(format!(
                "shard {} of {n} is given twice: `{}` and `{}`; give each shard's part once",
                pair[0].part.shard, pair[0].name, pair[1].name
            ));
        }
    }
    if let Some(p) = parts.iter().find(|p| p.part.shard >= n) {
        return Err(format!("`{}` is damaged: it says it is shard {} of {n}", p.name, p.part.shard));
    }
    if parts.len() as u64 != n {
        let have: Vec<u64> = parts.iter().map(|p| p.part.shard).collect();
        let missing: Vec<String> = (0..n).filter(|k| !have.contains(k)).take(10).map(|k| k.to_string()).collect();
        let more = if n - have.len() as u64 > 10 { ", ..." } else { "" };
        let which = if missing.len() == 1 { "shard" } else { "shards" };
        let verb = if missing.len() == 1 { "is" } else { "are" };
        return Err(format!(
            "{which} {}{more} of {n} {verb} missing: {} part files given, the run `{}` ({}) was split into {n} (as in `{first_name}`); merge needs the part of every shard",
            missing.join(", "),
            parts.len(),
            run.shown(),
            short(&parts[0].part.fingerprint),
        ));
    }
    Ok(parts)
}

/// Why parts `a` and `b` are of different runs.
fn different_runs(a: &Named, b: &Named) -> String {
    let (x, y) = (&a.part.run, &b.part.run);
    let what = if x.dealvm != y.dealvm {
        format!("made by dealvm {} and dealvm {}", x.dealvm, y.dealvm)
    } else if x.shards != y.shards {
        format!("split into {} and {} shards", x.shards, y.shards)
    } else if x.script_name != y.script_name || x.script != y.script {
        if x.script == y.script {
            format!("the script is named `{}` in one and `{}` in the other", x.script_name, y.script_name)
        } else {
            format!("their scripts differ (`{}` and `{}`)", x.script_name, y.script_name)
        }
    } else {
        format!("their command lines differ: `{}` and `{}`", x.shown(), y.shown())
    };
    format!(
        "`{}` and `{}` are parts of different runs ({} and {}): {what}; merge the parts of one run",
        a.name,
        b.name,
        short(&a.part.fingerprint),
        short(&b.part.fingerprint)
    )
}

/// Checks a part's content against the run's shape: a part whose checksum is right but whose
/// content does not fit (made by hand, or by a dealvm that counts otherwise) is refused
/// before anything is printed. Every number the merge uses is checked here: batches, places,
/// division sites, counts, values and totals.
pub fn check_part(p: &Named, shape: &Shape, empty: &Tallies) -> Result<(), String> {
    check_content(&p.part, shape, empty).map_err(|why| format!("`{}` is damaged or made by another dealvm: {why}", p.name))
}

/// Why a part's content does not fit the run, if it does not.
fn check_content(part: &Part, shape: &Shape, empty: &Tallies) -> Result<(), String> {
    if (part.deals, part.batch_len) != (shape.deals, shape.batch_len) {
        return Err(format!(
            "it counts {} deals in batches of {}, where the run has {} in batches of {}",
            part.deals, part.batch_len, shape.deals, shape.batch_len
        ));
    }
    check_end(part, shape)?;
    if shape.per_deal != part.totals.is_none() || (!shape.per_deal && !part.kept.is_empty()) {
        return Err("it keeps the deals where the run counts only statistics, or the reverse".to_string());
    }
    if part.produced > ran(part, shape) {
        return Err(format!("{} deals produced, more than its batches hold", part.produced));
    }
    check_kept(part, shape)?;
    if let Some(t) = &part.totals {
        if t.count != part.produced || !totals_fit(t, empty) {
            return Err("its statistics do not fit the run's".to_string());
        }
    }
    let covered = |b: u64| own(part, shape, b) && part.end.covers(b);
    if part.solves.windows(2).any(|w| w[0].batch >= w[1].batch) || part.solves.iter().any(|s| !covered(s.batch)) {
        return Err("its double-dummy counts are out of place".to_string());
    }
    Ok(())
}

/// Whether batch `b` is one of the run's that the part's shard deals.
fn own(part: &Part, shape: &Shape, b: u64) -> bool {
    b.checked_rem(part.run.shards) == Some(part.shard) && b < shape.batches()
}

/// Checks how the shard ended: in one of its batches, at a deal of that batch, at one of the
/// program's divisions, with the run's `produce` count when it stopped there.
fn check_end(part: &Part, shape: &Shape) -> Result<(), String> {
    match part.end {
        End::Complete => {}
        End::Produced { batch } | End::Fault { batch, .. } if !own(part, shape, batch) => {
            return Err(format!("it ends in batch {batch}, not one of its own"));
        }
        End::Produced { batch } => {
            let last = part.kept.last().map(|d| d.batch);
            if !shape.per_deal || part.produced != shape.produce || last != Some(batch) {
                return Err(format!("it stops at the run's `produce` count in batch {batch}, with {} deals produced", part.produced));
            }
        }
        End::Fault { batch, offset, site, .. } => {
            if u64::from(offset) >= shape.batch_len_of(batch) {
                return Err(format!("a division by zero at deal {offset} of batch {batch}, which has {} deals", shape.batch_len_of(batch)));
            }
            if usize::from(site) >= shape.sites {
                let s = if shape.sites == 1 { "" } else { "s" };
                return Err(format!("a division by zero at division {site}, where the script has {} division{s}", shape.sites));
            }
        }
    }
    if part.produced > shape.produce {
        return Err(format!("{} deals produced, more than the run's `produce` count of {}", part.produced, shape.produce));
    }
    Ok(())
}

/// The most deals the shard can have examined: its batches up to where it ended, whole.
fn ran(part: &Part, shape: &Shape) -> u64 {
    let limit = match part.end {
        End::Complete => shape.batches(),
        End::Produced { batch } | End::Fault { batch, .. } => batch + 1,
    };
    let (k, n) = (part.shard, part.run.shards.max(1));
    if limit <= k {
        return 0;
    }
    // Its batches k, k + n, ..., the last one, which alone may be the run's short last batch.
    let batches = (limit - 1 - k) / n + 1;
    let last = k + (batches - 1) * n;
    (batches - 1).saturating_mul(shape.batch_len).saturating_add(shape.batch_len_of(last))
}

/// Checks the kept deals: as many values as the run stores for each, in the shard's batches
/// in deal order before where it ended, four hands of 13 cards when the run takes the deals,
/// and double-dummy counts of 0 to 13 tricks when an output file takes them.
fn check_kept(part: &Part, shape: &Shape) -> Result<(), String> {
    let nvalues = shape.nvalues as u64;
    if part.nvalues != nvalues || Some(part.values.len() as u64) != (part.kept.len() as u64).checked_mul(nvalues) {
        return Err(format!("{} values for {} deals of {} values", part.values.len(), part.kept.len(), shape.nvalues));
    }
    if shape.per_deal && part.produced != part.kept.len() as u64 {
        return Err(format!("{} deals produced, {} kept", part.produced, part.kept.len()));
    }
    let before_end = |d: &Kept| match part.end {
        End::Complete => true,
        End::Produced { batch } => d.batch <= batch,
        End::Fault { batch, offset, .. } => (d.batch, d.offset) < (batch, offset),
    };
    let mut last: Option<(u64, u32)> = None;
    for (i, d) in part.kept.iter().enumerate() {
        let placed = own(part, shape, d.batch) && u64::from(d.offset) < shape.batch_len_of(d.batch) && before_end(d);
        if !placed || last.is_some_and(|l| l >= (d.batch, d.offset)) {
            return Err(format!("a deal at {} of batch {} out of place", d.offset, d.batch));
        }
        if d.hands.is_some() != shape.hands || d.hands.is_some_and(|h| !whole_deal(h)) {
            return Err(format!("the deal at {} of batch {} is not four hands of 13 cards", d.offset, d.batch));
        }
        if let Some(start) = shape.tricks {
            let values = &part.values[i * shape.nvalues..(i + 1) * shape.nvalues];
            if values.get(start..start + 20).is_none_or(|t| t.iter().any(|&c| !(0..=13).contains(&c))) {
                return Err(format!("the deal at {} of batch {} takes other than 0 to 13 tricks double dummy", d.offset, d.batch));
            }
        }
        last = Some((d.batch, d.offset));
    }
    Ok(())
}

/// Whether a shard's statistics fit the run's accumulators and could have been counted: each
/// table's cells add up to the deals counted, and each average's sums are within what that
/// many values of 32 bits can add up to.
fn totals_fit(t: &Totals, empty: &Tallies) -> bool {
    if empty.restore(t.count, t.tallies.clone()).is_none() {
        return false;
    }
    let n = i128::from(t.count);
    t.tallies.iter().enumerate().all(|(i, (sum, sum_sq, cells))| match empty.spec(i) {
        TallySpec::Average { .. } => (-(n << 31)..=n << 31).contains(sum) && (0..=n << 62).contains(sum_sq),
        _ => cells.iter().try_fold(0u64, |a, &c| a.checked_add(c)) == Some(t.count),
    })
}

/// Checks that what the parts add up fits in the merge's counters: the deals produced and
/// the double-dummy work.
pub fn check_sums(parts: &[Named]) -> Result<(), String> {
    let mut produced = 0u64;
    let mut solves = [0u64; 4];
    for p in parts {
        let sums = p.part.solves.iter().try_fold(solves, |mut a, s| {
            for (a, &c) in a.iter_mut().zip(&s.counts) {
                *a = a.checked_add(c)?;
            }
            Some(a)
        });
        match (produced.checked_add(p.part.produced), sums) {
            (Some(sum), Some(sums)) => (produced, solves) = (sum, sums),
            _ => return Err(format!("`{}` is damaged or made by another dealvm: its counts overflow the run's totals", p.name)),
        }
    }
    Ok(())
}

/// Whether four card masks are a deal: 13 cards each, all 52 once.
fn whole_deal(hands: [u64; 4]) -> bool {
    let all = hands.iter().fold(0u64, |a, h| a | h);
    hands.iter().all(|h| h.count_ones() == 13) && all == ALL_CARDS
}

/// Where the single run stops.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stop {
    /// After all its deals.
    Complete,
    /// At its `produce`-th deal, deal `offset` of batch `batch`.
    Produced { batch: u64, offset: u32 },
    /// After batch `batch`, whose statistics reach `--until-se`.
    Enough { batch: u64 },
    /// At a division by zero on deal `offset` of batch `batch`.
    Fault { batch: u64, offset: u32, fault: Fault },
}

/// One step of the single run, as the merge replays it.
enum Step {
    /// Deliver kept deal `index` of part `part`.
    Deal { part: usize, index: usize },
    /// Batch `batch`, of part `part`, is delivered.
    BatchDone { part: usize, batch: u64 },
}

/// Walks the batches of the run in order, as the single run delivers them, calling `step`
/// for each deal delivered and each batch done, up to where the single run stops (`step`
/// says, for a batch done, whether the run stops after it). `Ok(Err)`: a part does not hold
/// a batch the run reaches.
fn walk<E>(parts: &[Named], shape: &Shape, mut step: impl FnMut(Step) -> Result<bool, E>) -> Result<Result<Stop, String>, E> {
    let n = parts.len() as u64;
    let mut cursor = vec![0usize; parts.len()];
    let mut produced = 0u64;
    for b in 0..shape.batches() {
        let k = (b % n) as usize;
        let part = &parts[k].part;
        if !part.end.covers(b) {
            return Ok(Err(format!("`{}` stops before batch {b}, which the run reaches: it is damaged or made by another dealvm", parts[k].name)));
        }
        while let Some(d) = part.kept.get(cursor[k]).filter(|d| d.batch == b) {
            step(Step::Deal { part: k, index: cursor[k] })?;
            cursor[k] += 1;
            produced += 1;
            if produced == shape.produce {
                step(Step::BatchDone { part: k, batch: b })?;
                return Ok(Ok(Stop::Produced { batch: b, offset: d.offset }));
            }
        }
        let enough = step(Step::BatchDone { part: k, batch: b })?;
        if let End::Fault { batch, offset, site, remainder } = part.end {
            if batch == b {
                return Ok(Ok(Stop::Fault { batch, offset, fault: Fault::DivisionByZero { site, remainder } }));
            }
        }
        if enough {
            return Ok(Ok(Stop::Enough { batch: b }));
        }
    }
    Ok(Ok(Stop::Complete))
}

/// Checks that the parts hold every batch the single run reaches (before printing anything).
pub fn check_reach(parts: &[Named], shape: &Shape) -> Result<(), String> {
    if !shape.per_deal {
        return Ok(());
    }
    let walked: Result<Result<Stop, String>, Infallible> = walk(parts, shape, |_| Ok(false));
    match walked {
        Ok(r) => r.map(|_| ()),
        Err(never) => match never {},
    }
}

/// Hands the parts' deals and statistics to `actions` as the single run would, printing on
/// `out`; the parts are checked ([`check_set`], [`check_part`], [`check_reach`]).
pub fn replay(parts: &[Named], shape: &Shape, actions: &mut Actions, out: &mut dyn Write) -> Result<Outcome, RunError> {
    let mut dd = SolveCounts::default();
    if !shape.per_deal {
        return summed(parts, shape, actions, &mut dd);
    }
    let mut tallies = actions.empty_tallies();
    let mut produced = 0u64;
    let mut solves = vec![0usize; parts.len()];
    let walked = walk(parts, shape, |step| -> Result<bool, RunError> {
        Ok(match step {
            Step::Deal { part, index } => {
                let p = &parts[part].part;
                let values = &p.values[index * shape.nvalues..(index + 1) * shape.nvalues];
                let deal = p.kept[index].hands.map_or_else(Deal::default, |h| Deal { hands: h.map(Hand) });
                produced += 1;
                let board = Board::new(shape.first_board.unwrap_or(1) + produced - 1, deal);
                actions.deal(out, produced, &board, values)?;
                tallies.add(values);
                false
            }
            Step::BatchDone { part, batch } => {
                actions.merge(&tallies);
                tallies.clear();
                add_solves(&parts[part].part, batch, &mut solves[part], &mut dd);
                actions.enough()
            }
        })
    })?;
    let generated = match walked {
        Ok(Stop::Complete) => shape.deals,
        Ok(Stop::Produced { batch, offset }) => batch * shape.batch_len + u64::from(offset) + 1,
        Ok(Stop::Enough { batch }) => shape.deals.min((batch + 1).saturating_mul(shape.batch_len)),
        Ok(Stop::Fault { batch, offset, fault }) => return Err(fault_at(shape, batch, offset, fault)),
        Err(gap) => return Err(RunError::Io(std::io::Error::other(gap))),
    };
    Ok(Outcome { generated, produced, interrupted: false, dd })
}

/// Adds the double-dummy work part `p` did in `batch` (its entries from `*at` on).
fn add_solves(p: &Part, batch: u64, at: &mut usize, dd: &mut SolveCounts) {
    while let Some(s) = p.solves.get(*at).filter(|s| s.batch <= batch) {
        let [single, targets, tables, cached] = s.counts;
        dd.add(&SolveCounts { single, targets, tables, cached });
        *at += 1;
    }
}

/// The outcome of a run whose parts keep only statistics: every deal examined, the totals
/// added; or the first division by zero.
fn summed(parts: &[Named], shape: &Shape, actions: &mut Actions, dd: &mut SolveCounts) -> Result<Outcome, RunError> {
    let first_fault = parts
        .iter()
        .filter_map(|p| match p.part.end {
            End::Fault { batch, offset, site, remainder } => Some((batch, offset, Fault::DivisionByZero { site, remainder })),
            _ => None,
        })
        .min_by_key(|f| f.0);
    if let Some((batch, offset, fault)) = first_fault {
        return Err(fault_at(shape, batch, offset, fault));
    }
    let empty = actions.empty_tallies();
    let mut produced = 0;
    for p in parts {
        if let Some(t) = &p.part.totals {
            let whole = empty.restore(t.count, t.tallies.clone()).expect("checked by check_part");
            actions.merge(&whole);
        }
        produced += p.part.produced;
        add_solves(&p.part, u64::MAX, &mut 0, dd);
    }
    Ok(Outcome { generated: shape.deals, produced, interrupted: false, dd: *dd })
}

/// The single run's error for a division by zero on deal `offset` of batch `batch`: every
/// deal before it was examined.
fn fault_at(shape: &Shape, batch: u64, offset: u32, fault: Fault) -> RunError {
    RunError::Fault { fault, deal: batch * shape.batch_len + u64::from(offset) + 1, batch, offset }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::part::RunId;
    use dealvm_vm::evaluation::stats::TallyAxis;

    /// Shard `k` of `n` of a run of 5000 deals (batches of 4096 and 904), ended as `end`.
    fn part(k: u64, n: u64, end: End) -> Part {
        let run = RunId { dealvm: "0".into(), shards: n, command: vec![], script_name: "x".into(), script: String::new() };
        Part {
            fingerprint: run.fingerprint(),
            run,
            shard: k,
            deals: 5000,
            batch_len: 4096,
            end,
            produced: 0,
            kept: vec![],
            nvalues: 0,
            values: vec![],
            totals: None,
            solves: vec![],
        }
    }

    fn shape() -> Shape {
        Shape { deals: 5000, batch_len: 4096, produce: 5000, nvalues: 1, per_deal: false, hands: false, first_board: None, sites: 0, tricks: None }
    }

    #[test]
    fn a_shard_examines_the_deals_of_its_batches() {
        let s = shape();
        assert_eq!(ran(&part(0, 2, End::Complete), &s), 4096);
        assert_eq!(ran(&part(1, 2, End::Complete), &s), 904);
        assert_eq!(ran(&part(0, 1, End::Complete), &s), 5000);
        assert_eq!(ran(&part(2, 3, End::Complete), &s), 0);
        assert_eq!(ran(&part(0, 1, End::Fault { batch: 0, offset: 9, site: 0, remainder: false }), &s), 4096);
        let big = Shape { deals: 10 * 4096 + 1, ..s };
        assert_eq!(ran(&part(1, 3, End::Complete), &big), 3 * 4096 + 1, "batches 1, 4, 7 and the last, 10, of 1 deal");
        assert_eq!(ran(&part(2, 3, End::Complete), &big), 3 * 4096, "batches 2, 5, 8");
        assert_eq!(ran(&part(0, 5, End::Complete), &big), 2 * 4096 + 1, "batches 0, 5, 10");
        assert_eq!(ran(&part(1, 3, End::Produced { batch: 4 }), &big), 2 * 4096);
    }

    #[test]
    fn statistics_fit_what_their_deals_can_add_up_to() {
        let axis = TallyAxis { value: 0, low: 0, high: 1 };
        let empty = Tallies::new(vec![TallySpec::Average { value: 0 }, TallySpec::Frequency { x: axis, y: None }]).for_batch();
        let totals = |sum: i128, sum_sq: i128, cells: Vec<u64>| Totals { count: 2, tallies: vec![(sum, sum_sq, vec![]), (0, 0, cells)] };
        let lowest = i128::from(i32::MIN);
        assert!(totals_fit(&totals(2 * lowest, 2 * lowest * lowest, vec![0, 1, 1, 0]), &empty));
        assert!(!totals_fit(&totals(2 * lowest - 1, 0, vec![0, 1, 1, 0]), &empty));
        assert!(!totals_fit(&totals(i128::MIN, 0, vec![0, 1, 1, 0]), &empty));
        assert!(!totals_fit(&totals(0, -1, vec![0, 1, 1, 0]), &empty));
        assert!(!totals_fit(&totals(0, 2 * lowest * lowest + 1, vec![0, 1, 1, 0]), &empty));
        assert!(!totals_fit(&totals(0, 0, vec![0, 1, 2, 0]), &empty), "cells add up to the deals");
        assert!(!totals_fit(&totals(0, 0, vec![u64::MAX, 3, 0, 0]), &empty), "without overflow");
        assert!(!totals_fit(&totals(0, 0, vec![0, 2, 0]), &empty), "a table of 4 cells");
    }
}
