//! What a run is and what it gives: its limits, its outcome, the job every worker runs, and
//! what a worker keeps of each batch.

use crate::run::pieces::Piece;
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::evaluation::dd::{SolveCounts, Solver};
use dealvm_vm::evaluation::stats::Tallies;
use dealvm_vm::evaluation::usereval::UserEval;
use dealvm_vm::machine::batch::{BatchEnd, Job, Sink, Swap};
use dealvm_vm::machine::interp::{Fault, Machine};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// [`Limits::threads`]: one thread per core this process may use, asked of the system only
/// when the run has work for more than one (asking reads files: 35 µs, a part of a one-deal
/// run worth keeping).
pub const EVERY_CORE: usize = 0;

/// The number of threads [`Limits::threads`] `threads` stands for.
pub fn threads_meant(threads: usize) -> usize {
    match threads {
        EVERY_CORE => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// How a run is bounded and seeded.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many deals have been examined.
    pub generate: u64,
    /// Stop after this many deals have met the condition.
    pub produce: u64,
    /// The seed of the random generator.
    pub seed: u64,
    /// Threads to deal on; [`EVERY_CORE`]: one per core.
    pub threads: usize,
    /// Swapping (`-x`): each dealt deal is also examined with its hands exchanged.
    pub swap: Swap,
    /// `-m`: report progress on standard error.
    pub progress: bool,
    /// Makes the double-dummy solver of a thread, for programs that solve.
    pub new_solver: Option<fn() -> Box<dyn Solver>>,
    /// Makes the `usereval` answerer of a thread, for programs that ask `usereval`.
    pub new_usereval: Option<NewUserEval>,
    /// `--shard K/N`: only the batches whose number is `K` modulo `N` (the run's `produce`
    /// then counts this shard's deals); `None`: every batch.
    pub shard: Option<Shard>,
    /// Whether no deal can meet the condition: the run deals nothing and ends at once, its
    /// deals counted as generated (as Dealer, which would examine them all, counts them).
    pub never: bool,
    /// `--reference`: every hand of every deal dealt before the program runs, from the same
    /// streams ([`dealvm_vm::dealing::source::Whole`]): the same deals, and the same output,
    /// as dealing only the hands the program reads first.
    pub whole: bool,
    /// This run's own stop (a request, a deadline), honoured as Ctrl-C is.
    pub stop: crate::run::interrupt::Stop,
}

/// Makes the `usereval` answerer of a thread (the server of `-U`, in dealvm).
#[derive(Clone)]
pub struct NewUserEval(pub Arc<dyn Fn() -> Box<dyn UserEval> + Send + Sync>);

impl std::fmt::Debug for NewUserEval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewUserEval")
    }
}

/// One shard of a run split across machines: the batches `index`, `index + count`, ...
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// `K`, below `count`.
    pub index: u64,
    /// `N`, the number of shards.
    pub count: u64,
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
    /// The double-dummy work of the deals delivered.
    pub dd: SolveCounts,
}

/// A run that could not finish.
#[derive(Debug)]
pub enum RunError {
    /// Writing the output failed.
    Io(io::Error),
    /// An expression failed (divided by zero, or a `usereval` had no value) on deal number
    /// `deal` (from 1, among the deals this run examined), deal `offset` of batch `batch`.
    Fault { fault: Fault, deal: u64, batch: u64, offset: u32 },
}

impl From<io::Error> for RunError {
    fn from(e: io::Error) -> Self {
        RunError::Io(e)
    }
}

/// What a worker keeps of one piece: its statistics and, when an action prints or keeps
/// each deal or the run solves double dummy, the produced deals with their values.
pub struct Collector {
    pub tallies: Tallies,
    /// Whether to keep the produced deals' offsets and values.
    keep_values: bool,
    /// Whether to keep the deals themselves.
    keep_deals: bool,
    /// The produced deals' offsets in the batch.
    pub offsets: Vec<u32>,
    /// The produced deals (when kept).
    pub deals: Vec<Deal>,
    /// The produced deals' values, one after the other.
    pub values: Vec<i32>,
    /// The double-dummy work done for the piece.
    pub solves: SolveCounts,
    /// The most deals the piece was to produce: it stopped at the last one when it produced
    /// that many.
    pub cap: u64,
}

impl Sink for Collector {
    #[inline(always)]
    fn produced(&mut self, offset: u32, deal: &Deal, values: &[i32]) {
        self.tallies.add(values);
        if self.keep_values {
            self.offsets.push(offset);
            if self.keep_deals {
                self.deals.push(*deal);
            }
            self.values.extend_from_slice(values);
        }
    }

    fn counts_only(&self) -> bool {
        !self.keep_values
    }

    fn counted<'v>(&mut self, count: usize, column: &dyn Fn(usize) -> &'v [i32]) {
        self.tallies.add_columns(count, column);
    }
}

impl Collector {
    /// Keeps only the first `n` produced deals, counting the statistics again from their
    /// values (`empty`: accumulators to count in); `nvalues` values were kept per deal.
    pub fn truncate(&mut self, n: usize, nvalues: usize, empty: &Tallies) {
        self.offsets.truncate(n);
        self.deals.truncate(n);
        self.values.truncate(n * nvalues);
        self.tallies = empty.clone();
        for i in 0..n {
            self.tallies.add(&self.values[i * nvalues..(i + 1) * nvalues]);
        }
    }
}

/// The run's shared, read-only parts, and how to start a collector.
pub struct Plan<'a, S> {
    /// The batches to run.
    pub job: Job<'a, S>,
    /// Empty statistics, cloned for each piece.
    pub tallies: Tallies,
    /// Whether some action prints or keeps each produced deal.
    pub per_deal: bool,
    /// Whether the produced deals' values are kept: when an action needs them, and when the
    /// run solves double dummy (a piece that produced too many deals is cut short rather
    /// than solved again).
    pub keep_values: bool,
    /// Whether some action looks at the produced deals themselves.
    pub keep_deals: bool,
    /// Set when the run is over: pieces still to start (run ahead) do nothing.
    pub stop: AtomicBool,
}

impl<S: DealSource> Plan<'_, S> {
    /// Runs `piece` on `vm`, stopping after `cap` produced deals.
    pub fn piece(&self, piece: &Piece, cap: u64, produced_before: u64, vm: &mut Machine) -> (BatchEnd, Collector) {
        let mut c = Collector {
            tallies: self.tallies.clone(),
            keep_values: self.keep_values,
            keep_deals: self.keep_deals,
            offsets: Vec::new(),
            deals: Vec::new(),
            values: Vec::new(),
            solves: SolveCounts::default(),
            cap,
        };
        if self.stop.load(Ordering::Relaxed) {
            return (BatchEnd { examined: 0, produced: 0, fault: None }, c);
        }
        let before = vm.dd.counts();
        let end = self.job.run_piece(piece.batch, piece.range.clone(), cap, produced_before, vm, &mut c);
        c.solves = vm.dd.counts().since(&before);
        (end, c)
    }
}

/// A seed from the operating system.
pub fn os_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    h.write_u32(std::process::id());
    // Keep seeds short enough to type back, and never 0 (which means "choose one").
    (h.finish() % 1_000_000_000_000_000).max(1)
}
