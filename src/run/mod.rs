//! Running: dealing in batches, testing the condition, feeding produced deals to the actions.
//!
//! Deals are numbered 0, 1, 2, ... and grouped in fixed-size batches. Batch `k` deals from its
//! own random stream, derived only from the seed and `k`, so batches can run on any number of
//! threads and the run is the same. Worker threads (a rayon pool, and the main thread) take
//! batches in order and run a bounded number ahead; the main thread hands the produced deals to
//! the actions strictly in batch order ([`delivery`]), running batches itself while the next
//! one is not ready, and the run stops exactly where a one-thread run would. The driver is generic over the `vm` crate's `DealSource`: [`run`] compiles it once
//! for each kind of source, so dealing stays inlined in the batch loop.
//!
//! Imports: the compiled program ([`crate::compile`]), the sources ([`crate::source`]), the
//! actions that receive the deals ([`crate::report`]) and the `vm` crate.

pub mod delivery;
pub mod interrupt;
pub mod job;
pub mod meter;
pub mod pieces;
pub mod receiver;

use crate::compile::Compiled;
use crate::source::{DealSource, Deals};
use dealvm_vm::card::Seats;
use dealvm_vm::dealing::source::Whole;
use dealvm_vm::machine::batch::{BatchEnd, Job};
use dealvm_vm::machine::interp::Machine;
use delivery::Delivery;
pub use job::{threads_meant, Limits, NewUserEval, Outcome, RunError, Shard, EVERY_CORE};
use job::{Collector, Plan};
use meter::Meter;
use pieces::{Piece, Pieces};
pub use receiver::{DealAt, Receiver};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex};
use std::time::Instant;

/// Whole batches per thread that may run ahead of the one being delivered (they hold their
/// produced deals).
const AHEAD: usize = 8;

/// Pieces per thread that may run ahead in a run that solves: a piece holds a few deals, and
/// one deal can take seconds to solve while the other threads go on.
const AHEAD_SOLVING: usize = 512;

/// Deals from `deals` until `limits` are met, passing each produced deal to `actions`. Boards
/// are numbered from `first_board` when it is given, else a deal read from a file keeps its
/// board.
pub fn run(
    compiled: &Compiled,
    deals: &Deals,
    first_board: Option<u64>,
    limits: &Limits,
    actions: &mut dyn Receiver,
    out: &mut dyn Write,
) -> Result<Outcome, RunError> {
    match deals {
        // The only source that may deal some hands only.
        Deals::Random(source) if limits.whole && source.seats() != Seats::ALL => {
            run_from(compiled, &Whole { source, seed: limits.seed }, first_board, limits, actions, out)
        }
        Deals::Random(source) => run_from(compiled, source, first_board, limits, actions, out),
        Deals::Predeal(source) => run_from(compiled, &**source, first_board, limits, actions, out),
        Deals::Boards(source) => run_from(compiled, source, first_board, limits, actions, out),
        Deals::Library(source) => run_from(compiled, source, first_board, limits, actions, out),
        Deals::Exact(source) => run_from(compiled, &**source, first_board, limits, actions, out),
        Deals::Classic(source) => run_from(compiled, &**source, first_board, limits, actions, out),
    }
}

/// [`run`] for one kind of source.
///
/// The run is cut into pieces ([`pieces`]): whole batches, or for a run that solves double
/// dummy, short ranges of a batch. Pieces run in parallel; their results are taken strictly in
/// order, and the piece in which the run reaches its `produce` count is cut there (or run
/// again, alone, up to exactly that count), so the run ends where a one-thread run would. When
/// the program counts produced deals (`rnd(0)`), pieces run one after the other so each knows
/// how many deals came before; the deals and results are the same either way.
pub fn run_from<S: DealSource>(
    compiled: &Compiled,
    source: &S,
    first_board: Option<u64>,
    limits: &Limits,
    actions: &mut dyn Receiver,
    out: &mut dyn Write,
) -> Result<Outcome, RunError> {
    let program = &compiled.program;
    // Solving and asking the usereval server take microseconds per deal or more.
    let slow = program.uses_dd() || program.uses_usereval();
    // Deals that take microseconds each (solving, usereval, exact dealing) run in short pieces.
    let costly = slow || source.costly();
    let plan = OwnLines(Plan {
        job: Job {
            program: &compiled.program,
            tables: &compiled.tables,
            source,
            routine: compiled.routine,
            swap: limits.swap,
            seed: limits.seed,
            generate: limits.generate,
        },
        tallies: actions.empty_tallies(),
        per_deal: actions.per_deal(),
        keep_values: actions.per_deal() || costly,
        keep_deals: actions.needs_deals(),
        stop: AtomicBool::new(false),
    });
    let plan = &plan.0;
    let copies = limits.swap.permutations().len() as u64;
    let whole = !costly || compiled.program.uses_rnd();
    let mut pieces = Pieces::new(plan.job.deals(), plan.job.full_batch(), copies, whole);
    if let Some(shard) = limits.shard {
        pieces = pieces.only(shard.index, shard.count);
    }
    let mut meter = Meter::new(limits.progress, pieces.share(), limits.produce);
    if limits.never {
        let outcome = Outcome { generated: pieces.share(), produced: 0, interrupted: false, dd: Default::default() };
        meter.finish(outcome.generated, 0, 0);
        return Ok(outcome);
    }
    // A run of one batch (`-g 1000`) has nothing to share out: no pool is started.
    let one_batch = whole && pieces.share() <= plan.job.full_batch();
    let pieces = Mutex::new(pieces);
    let mut state = Delivery::new(compiled.nvalues, first_board);
    let mut main_vm = machine(compiled, limits);
    interrupt::set_running(true);
    let threads = if compiled.uses_produced_number || limits.threads == 1 || one_batch { 1 } else { threads_meant(limits.threads) };
    let delivered = if threads <= 1 {
        one_thread(plan, &pieces, &mut state, limits, actions, out, &mut main_vm, &mut meter)
    } else {
        // The main thread runs pieces too: the pool has one thread fewer.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads - 1).build().map_err(|e| RunError::Io(io::Error::other(e)))?;
        let per_thread = if slow { AHEAD_SOLVING } else { AHEAD };
        let shared = Shared {
            pieces,
            remaining: AtomicU64::new(limits.produce),
            gate: (Mutex::new(Gate { delivered: 0, sleepers: 0 }), Condvar::new()),
            ahead: (threads * per_thread) as u64,
        };
        pool.in_place_scope(|scope| {
            let results = start_workers(scope, plan, &shared, compiled, limits, threads);
            deliver_in_order(results, plan, &shared, &mut state, limits, actions, out, &mut main_vm, &mut meter)
        })
    };
    interrupt::set_running(false);
    let outcome = delivered.inspect_err(|_| meter.finish(state.examined_before, state.produced, state.dd.solves()))?;
    let outcome = outcome.unwrap_or_else(|| state.outcome(false));
    meter.finish(outcome.generated, outcome.produced, outcome.dd.solves());
    Ok(outcome)
}

/// A value on cache lines of its own. The plan is read by every thread for every deal; on a
/// line shared with what the main thread writes for every deal on the same stack (its
/// machine, the piece it runs), each write would take the line from the other cores: a tenth
/// more time on two threads.
#[repr(align(128))]
struct OwnLines<T>(T);

/// A machine for the program, with a double-dummy solver when the program solves, and a
/// `usereval` answerer (the thread's server) when it asks `usereval`.
fn machine(compiled: &Compiled, limits: &Limits) -> Machine {
    let mut vm = Machine::new(&compiled.program);
    if let (true, Some(new_solver)) = (compiled.program.uses_dd(), limits.new_solver) {
        vm.dd.set_solver(new_solver());
    }
    if let (true, Some(new_usereval)) = (compiled.program.uses_usereval(), &limits.new_usereval) {
        vm.usereval.set_answerer((new_usereval.0)());
    }
    vm
}

/// Whether the run is to stop now: Ctrl-C, or its own stop ([`interrupt::Stop`]).
fn stopped(limits: &Limits) -> bool {
    interrupt::requested() || limits.stop.requested()
}

/// Runs and delivers the pieces one after the other on this thread.
#[allow(clippy::too_many_arguments)]
fn one_thread<S: DealSource>(
    plan: &Plan<'_, S>,
    pieces: &Mutex<Pieces>,
    state: &mut Delivery,
    limits: &Limits,
    actions: &mut dyn Receiver,
    out: &mut dyn Write,
    vm: &mut Machine,
    meter: &mut Meter,
) -> Result<Option<Outcome>, RunError> {
    let mut pieces = pieces.lock().unwrap_or_else(|e| e.into_inner());
    while let Some(piece) = pieces.next_piece() {
        if stopped(limits) {
            return Ok(Some(state.interrupted()));
        }
        let cap = limits.produce - state.produced;
        let started = Instant::now();
        let result = plan.piece(&piece, cap, state.produced, vm);
        pieces.done(result.0.examined, started.elapsed());
        if let Some(outcome) = state.deliver(plan, &piece, result, limits.produce, actions, out, vm)? {
            return Ok(Some(outcome));
        }
        meter.show(state.examined_before, state.produced, state.dd.solves());
    }
    Ok(None)
}

/// What the worker threads share with the main thread.
struct Shared {
    /// The pieces still to start, in order.
    pieces: Mutex<Pieces>,
    /// Produced deals still wanted: a piece stops there.
    remaining: AtomicU64,
    /// The pieces delivered, and its signal: workers wait when they are too far ahead.
    gate: (Mutex<Gate>, Condvar),
    /// How many pieces may run ahead of the one being delivered.
    ahead: u64,
}

/// The state of the gate workers wait at.
struct Gate {
    /// The number of pieces delivered.
    delivered: u64,
    /// Workers waiting for a delivery: the main thread signals only when some are.
    sleepers: usize,
}

/// The results of the pieces, as the workers finish them.
type Results = mpsc::Receiver<(Piece, (BatchEnd, Collector))>;

/// Starts `threads - 1` workers in `scope` (the main thread is the last one): each
/// takes the next piece, waits while it is more than `shared.ahead` beyond the delivered ones,
/// runs it and sends its result.
fn start_workers<'s, S: DealSource>(
    scope: &rayon::Scope<'s>,
    plan: &'s Plan<'s, S>,
    shared: &'s Shared,
    compiled: &'s Compiled,
    limits: &'s Limits,
    threads: usize,
) -> Results {
    let (tx, rx) = mpsc::channel();
    for _ in 1..threads {
        let tx = tx.clone();
        scope.spawn(move |_| {
            let mut vm = machine(compiled, limits);
            loop {
                let next = shared.pieces.lock().unwrap_or_else(|e| e.into_inner()).next_piece();
                let Some(piece) = next else { break };
                if plan.stop.load(Ordering::Relaxed) {
                    break;
                }
                {
                    let mut gate = shared.gate.0.lock().unwrap_or_else(|e| e.into_inner());
                    while piece.index >= gate.delivered + shared.ahead && !plan.stop.load(Ordering::Relaxed) {
                        gate.sleepers += 1;
                        gate = shared.gate.1.wait(gate).unwrap_or_else(|e| e.into_inner());
                        gate.sleepers -= 1;
                    }
                }
                let result = run_piece(plan, shared, &piece, shared.remaining.load(Ordering::Relaxed), 0, &mut vm);
                if tx.send((piece, result)).is_err() {
                    break;
                }
            }
        });
    }
    rx
}

/// Runs `piece` on `vm` and notes its time in the pieces.
fn run_piece<S: DealSource>(
    plan: &Plan<'_, S>,
    shared: &Shared,
    piece: &Piece,
    cap: u64,
    produced_before: u64,
    vm: &mut Machine,
) -> (BatchEnd, Collector) {
    let started = Instant::now();
    let result = plan.piece(piece, cap, produced_before, vm);
    shared.pieces.lock().unwrap_or_else(|e| e.into_inner()).done(result.0.examined, started.elapsed());
    result
}

/// The main thread's part of a threaded run: delivers the results in piece order until the run
/// is over, and runs pieces itself while the next result is not ready (so it does not sleep
/// and wake for every piece), then stops the pieces running ahead.
#[allow(clippy::too_many_arguments)]
fn deliver_in_order<S: DealSource>(
    results: Results,
    plan: &Plan<'_, S>,
    shared: &Shared,
    state: &mut Delivery,
    limits: &Limits,
    actions: &mut dyn Receiver,
    out: &mut dyn Write,
    main_vm: &mut Machine,
    meter: &mut Meter,
) -> Result<Option<Outcome>, RunError> {
    let mut waiting = BTreeMap::new();
    // The next piece to deliver; a piece this thread took and will run once it is within
    // `shared.ahead` of it; whether all pieces are given out.
    let mut k = 0;
    let mut own: Option<Piece> = None;
    let mut given_out = false;
    let delivered = loop {
        if stopped(limits) {
            break Ok(Some(state.interrupted()));
        }
        while let Ok((p, r)) = results.try_recv() {
            waiting.insert(p.index, (p, r));
        }
        let Some((piece, result)) = waiting.remove(&k) else {
            if own.is_none() && !given_out {
                own = shared.pieces.lock().unwrap_or_else(|e| e.into_inner()).next_piece();
                given_out = own.is_none();
            }
            match own.take() {
                Some(piece) if piece.index < k + shared.ahead => {
                    // The next piece to deliver knows what came before it, as on one thread.
                    let (cap, before) = if piece.index == k {
                        (limits.produce - state.produced, state.produced)
                    } else {
                        (shared.remaining.load(Ordering::Relaxed), 0)
                    };
                    let result = run_piece(plan, shared, &piece, cap, before, main_vm);
                    waiting.insert(piece.index, (piece, result));
                }
                // Too far ahead, or nothing left to run: wait for a worker's result.
                mine => {
                    own = mine;
                    match results.recv() {
                        Ok((p, r)) => {
                            waiting.insert(p.index, (p, r));
                        }
                        // Every worker has stopped: all pieces are delivered.
                        Err(_) => break Ok(None),
                    }
                }
            }
            continue;
        };
        let delivered = state.deliver(plan, &piece, result, limits.produce, actions, out, main_vm);
        shared.remaining.store(limits.produce - state.produced, Ordering::Relaxed);
        let wake = {
            let mut gate = shared.gate.0.lock().unwrap_or_else(|e| e.into_inner());
            gate.delivered = k + 1;
            gate.sleepers > 0
        };
        if wake {
            shared.gate.1.notify_all();
        }
        if !matches!(delivered, Ok(None)) {
            break delivered;
        }
        meter.show(state.examined_before, state.produced, state.dd.solves());
        k += 1;
    };
    // The run is over: pieces running ahead are not needed. `stop` is set under the lock the
    // workers test it under, so a worker about to wait cannot miss the wake-up.
    {
        let _gate = shared.gate.0.lock().unwrap_or_else(|e| e.into_inner());
        plan.stop.store(true, Ordering::Relaxed);
    }
    shared.gate.1.notify_all();
    drop(results);
    delivered
}
