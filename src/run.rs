//! Running: dealing in batches, testing the condition, feeding produced deals to the actions.
//!
//! Deals are numbered 0, 1, 2, ... and grouped in fixed-size batches. Batch `k` deals from its
//! own random stream, derived only from the seed and `k`, so batches can run on any number of
//! threads and the run is the same. Worker threads (a rayon pool) take batches in order and
//! run a bounded number ahead; the main thread hands their produced deals to the actions
//! strictly in batch order, and the run stops exactly where a one-thread run would.

use crate::actions::Actions;
use crate::compile::Compiled;
pub use dealvm_vm::batch::Swap;
use crate::boards::Board;
pub use dealvm_vm::batch::Source;
use dealvm_vm::batch::{BatchEnd, Job, Sink};
use dealvm_vm::card::Deal;
use dealvm_vm::interp::{Fault, Machine};
use dealvm_vm::stats::Tallies;
use dealvm_vm::tables::Tables;
use std::io::{self, Write};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

/// Batches per thread that may run ahead of the batch being delivered.
const AHEAD: usize = 8;

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

/// What a worker keeps of one batch: its statistics and, when an action prints or keeps
/// each deal, the produced deals with their values.
struct Collector {
    tallies: Tallies,
    /// Whether to keep the produced deals' offsets and values.
    per_deal: bool,
    /// Whether to keep the deals themselves.
    keep_deals: bool,
    offsets: Vec<u32>,
    deals: Vec<Deal>,
    values: Vec<i32>,
}

impl Sink for Collector {
    #[inline(always)]
    fn produced(&mut self, offset: u32, deal: &Deal, values: &[i32]) {
        self.tallies.add(values);
        if self.per_deal {
            self.offsets.push(offset);
            if self.keep_deals {
                self.deals.push(*deal);
            }
            self.values.extend_from_slice(values);
        }
    }
}

/// The run's shared, read-only parts, and how to start a collector.
struct Plan<'a> {
    job: Job<'a>,
    tallies: Tallies,
    per_deal: bool,
    keep_deals: bool,
    /// Set when the run is over: batches still to start (run ahead) do nothing.
    stop: AtomicBool,
}

impl Plan<'_> {
    /// Runs batch `k` on `vm`, stopping after `cap` produced deals.
    fn batch(&self, k: u64, cap: u64, produced_before: u64, vm: &mut Machine) -> (BatchEnd, Collector) {
        let mut c = Collector {
            tallies: self.tallies.clone(),
            per_deal: self.per_deal,
            keep_deals: self.keep_deals,
            offsets: Vec::new(),
            deals: Vec::new(),
            values: Vec::new(),
        };
        if self.stop.load(Ordering::Relaxed) {
            return (BatchEnd { examined: 0, produced: 0, fault: None }, c);
        }
        let end = self.job.run_batch(k, cap, produced_before, vm, &mut c);
        (end, c)
    }
}

/// Deals until `limits` are met, passing each produced deal to `actions`.
///
/// Batches run in parallel; their results are taken strictly in batch order, and the batch
/// in which the run reaches its `produce` count is run again, alone, up to exactly that
/// count, so the run ends where a one-thread run would. When the program
/// counts produced deals (`rnd(0)`), batches run one after the other so each knows how many
/// deals came before; the deals and results are the same either way.
pub fn run(
    compiled: &Compiled,
    tables: &Tables,
    source: Source<'_>,
    numbering: Numbering<'_>,
    limits: &Limits,
    actions: &mut Actions,
    out: &mut dyn Write,
) -> Result<Outcome, RunError> {
    let plan = Plan {
        job: Job {
            program: &compiled.program,
            tables,
            source,
            routine: compiled.routine,
            swap: limits.swap,
            seed: limits.seed,
            generate: limits.generate,
        },
        tallies: actions.empty_tallies(),
        per_deal: actions.per_deal(),
        keep_deals: actions.needs_deals(),
        stop: AtomicBool::new(false),
    };
    let nvalues = compiled.nvalues;
    let batches = plan.job.batches();
    let mut meter = Meter::new(limits.progress);
    let sequential = compiled.uses_produced_number || limits.threads <= 1;
    let mut main_vm = Machine::new(&compiled.program);
    let mut state = Delivery { produced: 0, examined_before: 0, nvalues, numbering };
    if sequential {
        for k in 0..batches {
            let cap = limits.produce - state.produced;
            let result = plan.batch(k, cap, state.produced, &mut main_vm);
            let delivered = state.deliver(&plan, result, k, limits, actions, out, &mut main_vm);
            if let Some(outcome) = meter.unless_failed(delivered, &state, limits)? {
                meter.finish(outcome.generated, outcome.produced, limits);
                return Ok(outcome);
            }
            meter.show(state.examined_before, state.produced, limits);
        }
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(limits.threads)
            .build()
            .map_err(|e| RunError::Io(io::Error::other(e)))?;
        // Workers take batches in order and run at most `AHEAD` per thread beyond the one being
        // delivered; the main thread hands the results to the actions in batch order.
        let ahead = (limits.threads * AHEAD) as u64;
        let next = AtomicU64::new(0);
        let remaining = AtomicU64::new(limits.produce);
        let delivered_up_to = (Mutex::new(0u64), Condvar::new());
        let (tx, rx) = mpsc::channel::<(u64, (BatchEnd, Collector))>();
        let (plan, next, remaining, gate) = (&plan, &next, &remaining, &delivered_up_to);
        let delivered = pool.in_place_scope(|scope| {
            for _ in 0..limits.threads {
                let tx = tx.clone();
                scope.spawn(move |_| {
                    let mut vm = Machine::new(&compiled.program);
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= batches || plan.stop.load(Ordering::Relaxed) {
                            break;
                        }
                        {
                            let mut done = gate.0.lock().unwrap_or_else(|e| e.into_inner());
                            while k >= *done + ahead && !plan.stop.load(Ordering::Relaxed) {
                                done = gate.1.wait(done).unwrap_or_else(|e| e.into_inner());
                            }
                        }
                        let result = plan.batch(k, remaining.load(Ordering::Relaxed), 0, &mut vm);
                        if tx.send((k, result)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            let mut waiting = BTreeMap::new();
            let mut k = 0;
            let delivered = loop {
                if k >= batches {
                    break Ok(None);
                }
                let Some(result) = waiting.remove(&k) else {
                    match rx.recv() {
                        Ok((j, r)) => {
                            waiting.insert(j, r);
                            continue;
                        }
                        Err(_) => break Ok(None),
                    }
                };
                let delivered = state.deliver(plan, result, k, limits, actions, out, &mut main_vm);
                remaining.store(limits.produce - state.produced, Ordering::Relaxed);
                *gate.0.lock().unwrap_or_else(|e| e.into_inner()) = k + 1;
                gate.1.notify_all();
                if !matches!(delivered, Ok(None)) {
                    break delivered;
                }
                meter.show(state.examined_before, state.produced, limits);
                k += 1;
            };
            // The run is over: batches running ahead are not needed.
            plan.stop.store(true, Ordering::Relaxed);
            gate.1.notify_all();
            drop(rx);
            delivered
        });
        if let Some(outcome) = meter.unless_failed(delivered, &state, limits)? {
            meter.finish(outcome.generated, outcome.produced, limits);
            return Ok(outcome);
        }
    }
    meter.finish(state.examined_before, state.produced, limits);
    Ok(Outcome { generated: state.examined_before, produced: state.produced })
}

/// How produced deals become boards.
#[derive(Copy, Clone, Debug)]
pub enum Numbering<'a> {
    /// Board numbers count the produced deals from `first`.
    Produced { first: u64 },
    /// Each deal keeps the board it has in the file it was read from (number, dealer,
    /// vulnerability); the run's deal `n` is (a swapped copy of) `boards[n / copies]`.
    File(&'a [Board]),
}

/// The main thread's side of a run: hands produced deals to the actions in order.
struct Delivery<'a> {
    produced: u64,
    /// Deals examined in the batches delivered so far.
    examined_before: u64,
    nvalues: usize,
    numbering: Numbering<'a>,
}

impl Delivery<'_> {
    /// Delivers the result of batch `b`; gives the outcome once the run is over (`produce`
    /// reached).
    #[allow(clippy::too_many_arguments)]
    fn deliver(
        &mut self,
        plan: &Plan<'_>,
        (mut end, mut collected): (BatchEnd, Collector),
        b: u64,
        limits: &Limits,
        actions: &mut Actions,
        out: &mut dyn Write,
        main_vm: &mut Machine,
    ) -> Result<Option<Outcome>, RunError> {
        let remaining = limits.produce - self.produced;
        if end.produced > remaining {
            // Earlier batches already produced part of the deals: run this one again up to
            // exactly the deals still wanted.
            (end, collected) = plan.batch(b, remaining, self.produced, main_vm);
        }
        if plan.per_deal {
            let nvalues = self.nvalues;
            let copies = plan.job.swap.permutations().len() as u64;
            for (i, &offset) in collected.offsets.iter().enumerate() {
                let deal = collected.deals.get(i).copied().unwrap_or_default();
                let values = &collected.values[i * nvalues..(i + 1) * nvalues];
                let number = self.produced + i as u64 + 1;
                let board = match self.numbering {
                    Numbering::Produced { first } => Board { number: first + number - 1, deal, dealer: None, vulnerable: None },
                    Numbering::File(boards) => {
                        let dealt = (plan.job.first_deal(b) + offset as u64) / copies;
                        Board { deal, ..boards[dealt as usize].clone() }
                    }
                };
                actions.deal(out, number, &board, values)?;
            }
        }
        self.produced += end.produced;
        actions.merge(&collected.tallies);
        if let Some((offset, fault)) = end.fault {
            return Err(RunError::Fault { fault, deal: self.examined_before + offset as u64 + 1 });
        }
        self.examined_before += end.examined;
        Ok((self.produced == limits.produce).then_some(Outcome { generated: self.examined_before, produced: self.produced }))
    }
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

    /// Ends the meter when a delivery failed, and passes its result on.
    fn unless_failed<T>(&mut self, r: Result<T, RunError>, state: &Delivery, limits: &Limits) -> Result<T, RunError> {
        if r.is_err() {
            self.finish(state.examined_before, state.produced, limits);
        }
        r
    }

    /// Ends the meter with the final count.
    fn finish(&mut self, generated: u64, produced: u64, limits: &Limits) {
        if self.on {
            self.print(generated, produced, limits);
            eprintln!();
        }
    }
}
