//! Running: dealing in batches, testing the condition, feeding produced deals to the actions.
//!
//! Deals are numbered 0, 1, 2, ... and grouped in fixed-size batches. Batch `k` deals from its
//! own random stream, derived only from the seed and `k`, so batches can run on any number of
//! threads and the run is the same. Batches are run a window at a time (in parallel with
//! rayon), and their produced deals are handed to the actions strictly in batch order; the run
//! stops exactly where a one-thread run would.

use crate::actions::Actions;
use crate::compile::Compiled;
use dealvm_vm::bytecode::Program;
use dealvm_vm::card::{Deal, Seat};
use dealvm_vm::deal::{batch_rng, DealRng, Dealer};
use dealvm_vm::interp::{Env, Fault, Machine};
use dealvm_vm::tables::Tables;
use rayon::prelude::*;
use std::io::{self, Write};

/// Deals per batch.
pub const BATCH: u64 = 4096;

/// How a run is bounded and seeded.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many deals have been examined.
    pub generate: u64,
    /// Stop after this many deals have met the condition.
    pub produce: u64,
    pub seed: u64,
    pub threads: usize,
    /// Swapping (`-x`): each dealt deal is also examined with its hands exchanged.
    pub swap: Swap,
    /// `-m`: report progress on standard error.
    pub progress: bool,
}

/// Swapping modes: `-x 2` exchanges East and West, `-x 3` permutes East, South and West.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Swap {
    None,
    EastWest,
    EastSouthWest,
}

impl Swap {
    /// For each deal made from one dealt deal, the seat whose dealt hand each seat gets.
    pub fn permutations(self) -> &'static [[usize; 4]] {
        match self {
            Swap::None => &[[0, 1, 2, 3]],
            Swap::EastWest => &[[0, 1, 2, 3], [0, 3, 2, 1]],
            Swap::EastSouthWest => {
                &[[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3], [0, 2, 3, 1], [0, 3, 1, 2], [0, 3, 2, 1]]
            }
        }
    }

    /// The seats the swapping moves.
    pub fn moved_seats(self) -> &'static [Seat] {
        match self {
            Swap::None => &[],
            Swap::EastWest => &[Seat::East, Seat::West],
            Swap::EastSouthWest => &[Seat::East, Seat::South, Seat::West],
        }
    }

    /// Deals per batch: a multiple of the number of permutations.
    fn batch(self) -> u64 {
        let m = self.permutations().len() as u64;
        BATCH - BATCH % m
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub generated: u64,
    pub produced: u64,
}

/// A run that could not finish.
#[derive(Debug)]
pub enum RunError {
    /// Writing the output failed.
    Io(io::Error),
    /// An expression divided by zero.
    Fault { fault: Fault, deal: u64 },
}

impl From<io::Error> for RunError {
    fn from(e: io::Error) -> Self {
        RunError::Io(e)
    }
}

/// What every batch reads.
struct Shared<'a> {
    program: &'a Program,
    tables: &'a Tables,
    dealer: &'a Dealer,
    condition: Option<usize>,
    values: &'a [usize],
    limits: &'a Limits,
    /// Whether the actions look at the produced deals themselves (not only at values).
    keep_deals: bool,
}

/// The result of one batch.
struct BatchOut {
    /// Deals examined (the whole batch unless it stopped early).
    examined: u64,
    /// The offset in the batch of each produced deal.
    offsets: Vec<u32>,
    /// The produced deals, when the actions need them.
    deals: Vec<Deal>,
    /// The values of the produced deals, `values.len()` per deal.
    values: Vec<i32>,
    /// A failure, after the produced deals above, with its offset.
    fault: Option<(u32, Fault)>,
}

/// Runs batch `k`, stopping after `cap` produced deals. `produced_before` is the number of
/// deals produced by earlier batches, when known (it is what `rnd(0)` counts from).
fn run_batch(s: &Shared<'_>, k: u64, cap: u64, produced_before: u64, vm: &mut Machine) -> BatchOut {
    let len = s.limits.swap.batch();
    let first = k * len;
    let count = len.min(s.limits.generate - first);
    let mut rng: DealRng = batch_rng(s.limits.seed, k);
    let dealer = s.dealer;
    let perms = s.limits.swap.permutations();
    let mut out = BatchOut { examined: count, offsets: Vec::new(), deals: Vec::new(), values: Vec::new(), fault: None };
    let mut dealt = Deal::default();
    for i in 0..count {
        let variant = (i % perms.len() as u64) as usize;
        if variant == 0 {
            dealt = dealer.deal(&mut rng);
        }
        let deal = if variant == 0 { dealt } else { Deal { hands: perms[variant].map(|from| dealt.hands[from]) } };
        vm.next_deal();
        let mut env = Env {
            deal: &deal,
            tables: s.tables,
            rng: &mut rng,
            produced: produced_before + out.offsets.len() as u64,
        };
        let accepted = match s.condition {
            None => Ok(1),
            Some(entry) => vm.run(s.program, entry, &mut env),
        };
        let result = accepted.and_then(|ok| {
            if ok == 0 {
                return Ok(false);
            }
            let mark = out.values.len();
            for &v in s.values {
                match vm.run(s.program, v, &mut env) {
                    Ok(x) => out.values.push(x),
                    Err(f) => {
                        out.values.truncate(mark);
                        return Err(f);
                    }
                }
            }
            Ok(true)
        });
        match result {
            Ok(false) => {}
            Ok(true) => {
                out.offsets.push(i as u32);
                if s.keep_deals {
                    out.deals.push(deal);
                }
                if out.offsets.len() as u64 == cap {
                    out.examined = i + 1;
                    break;
                }
            }
            Err(f) => {
                out.fault = Some((i as u32, f));
                out.examined = i + 1;
                break;
            }
        }
    }
    out
}

/// Deals until `limits` are met, passing each produced deal to `actions`.
///
/// When the program counts produced deals (`rnd(0)`), batches run one after the other so
/// each knows how many deals came before; the deals and results are the same either way.
pub fn run(
    compiled: &Compiled,
    tables: &Tables,
    dealer: &Dealer,
    limits: &Limits,
    actions: &mut Actions,
    out: &mut dyn Write,
) -> Result<Outcome, RunError> {
    let shared = Shared {
        program: &compiled.program,
        tables,
        dealer,
        condition: compiled.condition,
        values: &compiled.values,
        limits,
        keep_deals: actions.needs_deals(),
    };
    let nvalues = compiled.values.len();
    let batches = limits.generate.div_ceil(limits.swap.batch());
    let mut meter = Meter::new(limits.progress);
    let sequential = compiled.uses_produced_number || limits.threads <= 1;
    let window = if sequential { 1 } else { (limits.threads * 4) as u64 };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(limits.threads.max(1))
        .build()
        .map_err(|e| RunError::Io(io::Error::other(e)))?;
    let mut main_vm = Machine::new(&compiled.program);
    let mut produced = 0u64;
    let mut examined_before = 0u64;
    let mut k = 0u64;
    while k < batches && produced < limits.produce {
        let n = window.min(batches - k);
        let cap = limits.produce - produced;
        let results: Vec<BatchOut> = if sequential {
            vec![run_batch(&shared, k, cap, produced, &mut main_vm)]
        } else {
            pool.install(|| {
                (k..k + n)
                    .into_par_iter()
                    .map_init(
                        || Machine::new(&compiled.program),
                        |vm, b| run_batch(&shared, b, cap, 0, vm),
                    )
                    .collect()
            })
        };
        let no_deal = Deal::default();
        for r in results {
            for (i, offset) in r.offsets.iter().enumerate() {
                produced += 1;
                let deal = r.deals.get(i).unwrap_or(&no_deal);
                actions.deal(out, produced, deal, &r.values[i * nvalues..(i + 1) * nvalues])?;
                if produced == limits.produce {
                    let generated = examined_before + *offset as u64 + 1;
                    meter.finish(generated, produced, limits);
                    return Ok(Outcome { generated, produced });
                }
            }
            if let Some((offset, fault)) = r.fault {
                meter.finish(examined_before + offset as u64, produced, limits);
                return Err(RunError::Fault { fault, deal: examined_before + offset as u64 + 1 });
            }
            examined_before += r.examined;
        }
        k += n;
        meter.show(examined_before, produced, limits);
    }
    meter.finish(examined_before, produced, limits);
    Ok(Outcome { generated: examined_before, produced })
}

/// The `-m` progress meter: a line on standard error, rewritten at most twice a second.
struct Meter {
    on: bool,
    start: std::time::Instant,
    last: std::time::Instant,
}

impl Meter {
    fn new(on: bool) -> Meter {
        let now = std::time::Instant::now();
        Meter { on, start: now, last: now }
    }

    fn show(&mut self, generated: u64, produced: u64, limits: &Limits) {
        if !self.on || self.last.elapsed().as_millis() < 500 {
            return;
        }
        self.print(generated, produced, limits);
    }

    fn print(&mut self, generated: u64, produced: u64, limits: &Limits) {
        self.last = std::time::Instant::now();
        let secs = self.start.elapsed().as_secs_f64();
        let rate = generated as f64 / secs.max(1e-9);
        let done = (generated as f64 / limits.generate as f64).max(produced as f64 / limits.produce as f64);
        let eta = if done > 0.0 { secs * (1.0 - done) / done } else { 0.0 };
        eprint!(
            "\r{generated} deals dealt, {produced} produced, {:.0} deals/s, {:.0}% done, about {:.0} s to go   ",
            rate,
            100.0 * done.min(1.0),
            eta
        );
    }

    /// Ends the meter with the final count.
    fn finish(&mut self, generated: u64, produced: u64, limits: &Limits) {
        if self.on {
            self.print(generated, produced, limits);
            eprintln!();
        }
    }
}
