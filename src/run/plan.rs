//! What a run is and what it gives: its limits, its outcome, the job every worker runs, and
//! what a worker keeps of each batch.

use dealvm_vm::batch::{BatchEnd, Job, Sink, Swap};
use dealvm_vm::card::Deal;
use dealvm_vm::interp::{Fault, Machine};
use dealvm_vm::source::DealSource;
use dealvm_vm::stats::Tallies;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

/// How a run is bounded and seeded.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many deals have been examined.
    pub generate: u64,
    /// Stop after this many deals have met the condition.
    pub produce: u64,
    /// The seed of the random generator.
    pub seed: u64,
    /// Threads to deal on.
    pub threads: usize,
    /// Swapping (`-x`): each dealt deal is also examined with its hands exchanged.
    pub swap: Swap,
    /// `-m`: report progress on standard error.
    pub progress: bool,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Deals examined.
    pub generated: u64,
    /// Deals that met the condition.
    pub produced: u64,
    /// Whether the run was interrupted (Ctrl-C) before its limits.
    pub interrupted: bool,
}

/// A run that could not finish.
#[derive(Debug)]
pub enum RunError {
    /// Writing the output failed.
    Io(io::Error),
    /// An expression divided by zero on deal number `deal` (from 1).
    Fault { fault: Fault, deal: u64 },
}

impl From<io::Error> for RunError {
    fn from(e: io::Error) -> Self {
        RunError::Io(e)
    }
}

/// What a worker keeps of one batch: its statistics and, when an action prints or keeps
/// each deal, the produced deals with their values.
pub struct Collector {
    pub tallies: Tallies,
    /// Whether to keep the produced deals' offsets and values.
    per_deal: bool,
    /// Whether to keep the deals themselves.
    keep_deals: bool,
    /// The produced deals' offsets in the batch.
    pub offsets: Vec<u32>,
    /// The produced deals (when kept).
    pub deals: Vec<Deal>,
    /// The produced deals' values, one after the other.
    pub values: Vec<i32>,
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
pub struct Plan<'a, S> {
    /// The batches to run.
    pub job: Job<'a, S>,
    /// Empty statistics, cloned for each batch.
    pub tallies: Tallies,
    /// Whether some action prints or keeps each produced deal.
    pub per_deal: bool,
    /// Whether some action looks at the produced deals themselves.
    pub keep_deals: bool,
    /// Set when the run is over: batches still to start (run ahead) do nothing.
    pub stop: AtomicBool,
}

impl<S: DealSource> Plan<'_, S> {
    /// Runs batch `k` on `vm`, stopping after `cap` produced deals.
    pub fn batch(&self, k: u64, cap: u64, produced_before: u64, vm: &mut Machine) -> (BatchEnd, Collector) {
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
