//! Running batches of deals: deal, test the condition, evaluate the values of produced deals.
//!
//! A run is described by one entry point of its program, the *deal routine*: it tests the
//! condition and, when the deal is produced, stores the values the actions need (`store n`)
//! and returns nonzero; otherwise it returns 0.
//!
//! Deals are numbered 0, 1, 2, ... and grouped in fixed-size batches. Batch `k` deals from its
//! own random stream, derived only from the seed and `k` ([`batch_rng`]), so batches can run on
//! any number of threads, in any order, and give the same deals. With a sparse source (exact
//! dealing, [`crate::dealing::gaps`]) deals are numbered as Dealer's random deals, and only those at
//! the places where a deal meets the terms are dealt and examined. A [`Job`] describes a run and
//! its [`DealSource`]; its [`Job::run_batch`] runs one batch on one thread's [`Machine`] and
//! hands each produced deal to a [`Sink`]. The batch loop is the interpreter's own
//! ([`Machine::run_each`], fed by the batch), compiled for the source, so dealing is inlined
//! into it.

use crate::card::{Deal, Seat};
use crate::cpu::Tier;
use crate::dealing::gaps::{place_rng, Gaps, Places};
use crate::dealing::rng::{batch_rng, pdep_portable, DealDraws, DealRng};
use crate::dealing::source::DealSource;
use crate::evaluation::dd::DdCache;
use crate::evaluation::stats::Tallies;
use crate::evaluation::tables::Tables;
use crate::machine::block::{Bail, Block, Lanes, Way, LANES};
use crate::machine::interp::{Fault, Feed, Machine};
use crate::machine::program::Program;
use std::ops::Range;
use std::time::Instant;

/// Deals per batch (without swapping).
pub const BATCH: u64 = 4096;

/// The most deals a run may examine, and the highest board number: 2^62, about 4.6 × 10^18
/// (146 years at a billion deals a second). With the deals of a batch added (at most 2^32,
/// [`crate::dealing::gaps::MAX_SPREAD`] batches' worth), every count of deals and boards fits
/// in 64 bits.
pub const MAX_DEALS: u64 = 1 << 62;

/// Swapping modes: `-x 2` exchanges East and West, `-x 3` permutes East, South and West.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Swap {
    /// No swapping: each dealt deal is used once.
    #[default]
    None,
    /// `-x 2`: each dealt deal also gives the deal with East and West exchanged.
    EastWest,
    /// `-x 3`: each dealt deal gives all six arrangements of the East, South and West hands.
    EastSouthWest,
}

impl Swap {
    /// For each deal made from one dealt deal, the seat whose dealt hand each seat gets.
    pub fn permutations(self) -> &'static [[usize; 4]] {
        match self {
            Swap::None => &[[0, 1, 2, 3]],
            Swap::EastWest => &[[0, 1, 2, 3], [0, 3, 2, 1]],
            Swap::EastSouthWest => &[[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3], [0, 2, 3, 1], [0, 3, 1, 2], [0, 3, 2, 1]],
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

    /// Deals per batch: a multiple of the number of permutations, so that a dealt deal and
    /// its swapped copies stay in one batch.
    pub fn batch_len(self) -> u64 {
        let m = self.permutations().len() as u64;
        BATCH - BATCH % m
    }
}

/// Receives the produced deals of a batch, in order.
pub trait Sink {
    /// Deal `offset` of the batch met the condition; `values` are the values evaluated for it.
    fn produced(&mut self, offset: u32, deal: &Deal, values: &[i32]);

    /// Whether the sink only counts the values of the produced deals (neither their places
    /// nor the deals): then a block's produced deals come at once, to [`Sink::counted`].
    fn counts_only(&self) -> bool {
        false
    }

    /// `count` produced deals at once, for a sink that [`Sink::counts_only`]: `column(v)`
    /// holds value `v` of each, in order.
    fn counted<'v>(&mut self, count: usize, column: &dyn Fn(usize) -> &'v [i32]) {
        let _ = (count, column);
        unreachable!("a sink that counts more than values takes each deal");
    }
}

/// A sink that only counts statistics.
impl Sink for Tallies {
    #[inline]
    fn produced(&mut self, _offset: u32, _deal: &Deal, values: &[i32]) {
        self.add(values);
    }

    fn counts_only(&self) -> bool {
        true
    }

    fn counted<'v>(&mut self, count: usize, column: &dyn Fn(usize) -> &'v [i32]) {
        self.add_columns(count, column);
    }
}

/// How a batch ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchEnd {
    /// Deals examined: the whole batch (or piece) unless it stopped early.
    pub examined: u64,
    /// Deals produced.
    pub produced: u64,
    /// An expression that failed (a division by zero, a `usereval` with no value), with the
    /// deal's offset in the batch.
    /// The batch stops there; the deals produced before it were handed to the sink.
    pub fault: Option<(u32, Fault)>,
}

/// A run: what to deal, what to test, what to evaluate, how many.
pub struct Job<'a, S> {
    /// The compiled program holding the deal routine.
    pub program: &'a Program,
    /// The per-suit tables built for the program's point counts.
    pub tables: &'a Tables,
    /// Where the deals come from.
    pub source: &'a S,
    /// The deal routine's entry point.
    pub routine: usize,
    /// The swapping mode.
    pub swap: Swap,
    /// The random seed; with the batch number it fixes every batch's deals.
    pub seed: u64,
    /// Deals to examine in all (with given deals, at most their number times the number
    /// of swapped copies).
    pub generate: u64,
}

impl<S: DealSource> Job<'_, S> {
    /// The number of batches of the run.
    pub fn batches(&self) -> u64 {
        self.deals().div_ceil(self.full_batch())
    }

    /// The deals of a full batch: [`Swap::batch_len`], times the spread of a source whose
    /// deals stand for the random deals before them ([`Gaps::spread`]).
    pub fn full_batch(&self) -> u64 {
        self.swap.batch_len() * self.source.gaps().map_or(1, Gaps::spread)
    }

    /// The number of deals the run examines at most: `generate`, or fewer when the source
    /// runs out.
    pub fn deals(&self) -> u64 {
        let copies = self.swap.permutations().len() as u64;
        self.source.available().map_or(self.generate, |n| self.generate.min(n.saturating_mul(copies)))
    }

    /// The number of the first deal of batch `k`.
    pub fn first_deal(&self, k: u64) -> u64 {
        k * self.full_batch()
    }

    /// The number of deals in batch `k` (the last batch may be short).
    pub fn batch_len(&self, k: u64) -> u64 {
        self.full_batch().min(self.deals().saturating_sub(self.first_deal(k)))
    }

    /// Runs batch `k`, stopping after `cap` produced deals. `produced_before` is the number of
    /// deals produced by earlier batches, when known: it is what `rnd(0)` counts from.
    pub fn run_batch<K: Sink>(&self, k: u64, cap: u64, produced_before: u64, vm: &mut Machine, sink: &mut K) -> BatchEnd {
        self.run_piece(k, 0..u64::MAX, cap, produced_before, vm, sink)
    }

    /// Runs the deals of batch `k` at offsets `range` (cut to the batch), stopping after `cap`
    /// produced deals; the offsets given to the sink count from the batch's first deal.
    ///
    /// The deals before the range are dealt again, without evaluating them, to reach the
    /// range's place in the batch's random stream: so a piece gives the deals the whole batch
    /// would (`rnd` draws from each deal's own stream, but from a source that draws it between
    /// its deals, [`DealSource::rnd_between_deals`], which runs whole batches), and, with
    /// swapping, the range starts on a dealt deal (a multiple of the copies). A sparse source
    /// ([`DealSource::gaps`]) deals only at the places its gaps reach, each deal from the
    /// stream of its place: a piece draws the gaps before it instead.
    pub fn run_piece<K: Sink>(&self, k: u64, range: Range<u64>, cap: u64, produced_before: u64, vm: &mut Machine, sink: &mut K) -> BatchEnd {
        self.run_piece_as(Tier::best(), k, range, cap, produced_before, vm, sink)
    }

    /// [`Job::run_piece`] with the batch loop compiled for `tier` (which the processor runs).
    #[allow(clippy::too_many_arguments)]
    pub fn run_piece_as<K: Sink>(
        &self,
        tier: Tier,
        k: u64,
        range: Range<u64>,
        cap: u64,
        produced_before: u64,
        vm: &mut Machine,
        sink: &mut K,
    ) -> BatchEnd {
        assert!(tier <= Tier::best(), "a tier the processor runs");
        match tier {
            // SAFETY: the CPU has the features `run_piece_wide` is compiled for.
            #[cfg(target_arch = "x86_64")]
            Tier::Wide => unsafe { self.run_piece_wide(k, range, cap, produced_before, vm, sink) },
            // SAFETY: the CPU has the features `run_piece_x86` is compiled for.
            #[cfg(target_arch = "x86_64")]
            Tier::Bits => unsafe { self.run_piece_x86(k, range, cap, produced_before, vm, sink) },
            _ => self.run_piece_in(k, range, cap, produced_before, vm, sink, pdep_portable),
        }
    }

    /// [`Job::run_piece`] compiled for processors with BMI1, BMI2, POPCNT and LZCNT: the
    /// dealing, the interpreter and the tables are inlined into one loop that uses them.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")]
    unsafe fn run_piece_x86<K: Sink>(&self, k: u64, range: Range<u64>, cap: u64, produced_before: u64, vm: &mut Machine, sink: &mut K) -> BatchEnd {
        self.run_piece_in(k, range, cap, produced_before, vm, sink, |s, m| std::arch::x86_64::_pdep_u64(s, m))
    }

    /// [`Job::run_piece`] compiled for processors with the bit instructions and AVX2
    /// ([`crate::cpu::wide`]): the loops over columns of values work on eight at a time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt,avx,avx2")]
    unsafe fn run_piece_wide<K: Sink>(&self, k: u64, range: Range<u64>, cap: u64, produced_before: u64, vm: &mut Machine, sink: &mut K) -> BatchEnd {
        self.run_piece_in(k, range, cap, produced_before, vm, sink, |s, m| std::arch::x86_64::_pdep_u64(s, m))
    }

    /// The batch loop, with the bit-deposit function to deal with.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn run_piece_in<K: Sink>(
        &self,
        k: u64,
        range: Range<u64>,
        cap: u64,
        produced_before: u64,
        vm: &mut Machine,
        sink: &mut K,
        pdep: impl Fn(u64, u64) -> u64 + Copy,
    ) -> BatchEnd {
        let first = self.first_deal(k);
        let (start, stop) = (range.start.min(self.batch_len(k)), range.end.min(self.batch_len(k)));
        let mut end = BatchEnd { examined: stop - start, produced: 0, fault: None };
        if start == stop || cap == 0 {
            end.examined = 0;
            return end;
        }
        debug_assert!(self.program.seats_dealt_first().is_subset(self.source.seats()), "the source deals every hand read first");
        let mut rng = batch_rng(self.seed, k);
        let mut values = vec![0i32; self.program.value_slots];
        let perms = self.swap.permutations();
        let copies = perms.len() as u64;
        debug_assert!(start % copies == 0, "a piece starts on a dealt deal");
        let mut dealt = Deal::default();
        // The machine forgets each deal before the next only when the program keeps
        // something of it.
        let forgets = self.program.keeps_per_deal();
        // The batch starts on a dealt deal: its length is a multiple of the copies.
        let first_dealt = first / copies;
        // A sparse source's deals are found by their places, each dealt from a stream of its own.
        let places = self.source.gaps().map(|&gaps| Places::from(gaps, self.seed, k, start / copies));
        if places.is_none() {
            for d in 0..start / copies {
                dealt = self.source.deal(first_dealt + d, &mut rng, pdep);
            }
        }
        let mut feed = BatchFeed {
            job: self,
            first,
            i: start,
            start,
            stop,
            cap,
            produced_before,
            dealt,
            perms,
            places,
            rested: false,
            halted: false,
            draws: DealDraws::default(),
            drawing: 0,
            end,
            sink,
            pdep,
        };
        // A program the compiler chose to run over blocks ([`Program::blocks`]), unless the
        // source deals only at the places of its gaps, or the thread found the interpreter
        // faster ([`crate::machine::block::Choice`]) and does not measure again in this piece.
        let mut block = vm.block.take();
        if let Some(b) = &mut block {
            b.choice.start_piece();
        }
        let per_deal = match &mut block {
            Some(b) if self.source.gaps().is_none() && (b.choice.measuring() || b.choice.next() == Way::Blocks) => {
                !feed.run_blocks(b, vm, &mut rng, &mut values, forgets)
            }
            _ => true,
        };
        vm.block = block;
        if per_deal {
            vm.run_each(self.program, self.routine, self.tables, &mut rng, &mut values, forgets, &mut feed);
        }
        feed.end
    }
}

/// The deals of a piece of a batch, fed to the machine one by one
/// ([`Machine::run_each`]), and their results handed to the sink.
struct BatchFeed<'j, 'k, S, K, P> {
    job: &'j Job<'j, S>,
    /// The number of the batch's first deal.
    first: u64,
    /// The offset of the current deal in the batch.
    i: u64,
    /// The piece: offsets `start..stop`.
    start: u64,
    stop: u64,
    /// The produced deals at which the piece stops.
    cap: u64,
    produced_before: u64,
    /// With swapping, the deal dealt that the current one is a copy of.
    dealt: Deal,
    perms: &'static [[usize; 4]],
    /// With a sparse source, the places of its next deals.
    places: Option<Places>,
    /// Whether `deal.rest` completed the current deal.
    rested: bool,
    /// Whether a result stopped the piece (the cap reached, or a fault).
    halted: bool,
    /// The `rnd` draws of deal `drawing - 1` of the run (none yet when 0).
    draws: DealDraws,
    drawing: u64,
    end: BatchEnd,
    sink: &'k mut K,
    pdep: P,
}

impl<S: DealSource, K: Sink, P: Fn(u64, u64) -> u64 + Copy> BatchFeed<'_, '_, S, K, P> {
    /// The next deal of a sparse source: a copy of the deal at the next place, dealt from the
    /// place's own stream; `None` when that place is past the piece.
    #[inline]
    fn next_placed(&mut self) -> Option<Deal> {
        let copies = self.perms.len() as u64;
        let variant = (self.i % copies) as usize;
        if variant == 0 {
            let places = self.places.as_mut().expect("a sparse source has places");
            let at = places.peek().saturating_mul(copies);
            if at >= self.stop {
                self.i = self.stop;
                return None;
            }
            places.take();
            self.i = at;
            let n = self.first / copies + at / copies;
            self.dealt = self.job.source.deal(n, &mut place_rng(self.job.seed, n), self.pdep);
        }
        Some(Deal { hands: self.perms[variant].map(|from| self.dealt.hands[from]) })
    }
}

impl<S: DealSource, K: Sink, P: Fn(u64, u64) -> u64 + Copy> BatchFeed<'_, '_, S, K, P> {
    /// The piece evaluated over blocks of [`LANES`] deals: each block dealt, run through the
    /// block evaluator, and its results taken in order as [`Feed::result`] takes the
    /// interpreter's; a block the evaluator bails out of is evaluated one deal at a time, and
    /// so are the trial blocks of [`crate::machine::block::Choice`] that measure the interpreter. Gives whether the
    /// piece is over: `false` when the thread chose the interpreter for its remaining deals.
    /// Inlined into the batch loop, so that dealing is compiled with it.
    #[inline(always)]
    fn run_blocks(&mut self, block: &mut Block, vm: &mut Machine, rng: &mut DealRng, values: &mut [i32], forgets: bool) -> bool {
        let job = self.job;
        loop {
            let way = block.choice.next();
            let measured = block.choice.measuring();
            if !measured && way == Way::PerDeal {
                return false;
            }
            let started = measured.then(Instant::now);
            let at = self.i;
            if way == Way::PerDeal {
                // A trial of the interpreter: the next deals, as many as a block holds.
                let stop = self.stop;
                self.stop = stop.min(at + LANES as u64);
                vm.run_each(job.program, job.routine, job.tables, rng, values, forgets, self);
                self.stop = stop;
                if let Some(started) = started {
                    block.choice.note(way, started.elapsed(), (self.i - at) as usize);
                }
                if self.halted || self.i == at {
                    return true;
                }
                continue;
            }
            let mut n = 0;
            while n < LANES {
                let Some(deal) = self.next_deal(rng, &mut vm.dd) else { break };
                block.deals[n] = deal;
                n += 1;
                self.i += 1;
            }
            if n == 0 {
                return true;
            }
            self.i = at;
            let going = match way {
                Way::Blocks => {
                    let (seed, first, pdep) = (job.seed, self.first, self.pdep);
                    let mut rest = |l: usize, deal: &Deal| job.source.deal_rest(deal, seed, first + at + l as u64, pdep);
                    let draws = |l: usize| DealDraws::of(seed, first + at + l as u64);
                    match block.run(job.program, job.routine, job.tables, n, &mut rest, &draws) {
                        Ok(produced) => self.deliver(block, produced, n, values),
                        Err(Bail) => {
                            block.restore_dealt();
                            self.replay(&block.deals[..n], vm, rng, values, forgets)
                        }
                    }
                }
                Way::PerDeal => unreachable!("the interpreter's trials deal as they go"),
            };
            if let Some(started) = started {
                block.choice.note(way, started.elapsed(), n);
            }
            if !going {
                return true;
            }
        }
    }

    /// The deals of a block (as dealt) evaluated one at a time by the interpreter, their
    /// results taken in order; `false` when the piece stops.
    fn replay(&mut self, dealt: &[Deal], vm: &mut Machine, rng: &mut DealRng, values: &mut [i32], forgets: bool) -> bool {
        let job = self.job;
        let mut replay = Replay { feed: self, deals: dealt, next: 0, stopped: false };
        vm.run_each(job.program, job.routine, job.tables, rng, values, forgets, &mut replay);
        !replay.stopped
    }

    /// Takes the results of a block's `n` deals in order; `false` when the piece stops.
    /// `values` is left as the interpreter leaves its value slots.
    #[inline(always)]
    fn deliver(&mut self, block: &mut Block, produced: Lanes, n: usize, values: &mut [i32]) -> bool {
        if self.sink.counts_only() {
            return self.count(block, produced, n, values);
        }
        // The produced lanes in order; the deals between them are not produced, and `result`
        // would only count them.
        let at = self.i;
        let mut going = true;
        produced.until(|l| {
            self.i = at + l as u64;
            block.values_of(l, values);
            // As dealt, or completed by `deal.rest`.
            self.rested = block.rested.contains(l);
            going = self.result(&block.deals[l], Ok(block.result(l)), values);
            going
        });
        if !going {
            return false;
        }
        self.i = at + n as u64;
        block.last_values(values);
        true
    }

    /// [`Self::deliver`] to a sink that only counts values: the produced deals of the block's
    /// `n` deals counted at once, up to the piece's cap, where it stops as [`Feed::result`]
    /// stops it.
    fn count(&mut self, block: &mut Block, produced: Lanes, n: usize, values: &mut [i32]) -> bool {
        let room = self.cap - self.end.produced;
        // The lane of the deal that fills the cap, if the block reaches it.
        let last = u32::try_from(room - 1).ok().and_then(|k| produced.nth(k));
        let lanes = last.map_or(produced, |l| produced.and(Lanes::first(l + 1)));
        let count = lanes.count() as usize;
        let columns = block.columns_of(lanes);
        self.sink.counted(count, &|v| &columns[v][..]);
        self.end.produced += count as u64;
        if let Some(l) = last {
            self.end.examined = self.i + l as u64 + 1 - self.start;
            self.halted = true;
            return false;
        }
        self.i += n as u64;
        block.last_values(values);
        true
    }
}

/// The deals of a block the evaluator bailed out of, fed to the interpreter one by one, their
/// results taken by the batch's feed as if it had dealt them.
struct Replay<'f, 'd, F> {
    feed: &'f mut F,
    deals: &'d [Deal],
    next: usize,
    /// Whether the feed stopped the piece.
    stopped: bool,
}

impl<S: DealSource, K: Sink, P: Fn(u64, u64) -> u64 + Copy> Feed for Replay<'_, '_, BatchFeed<'_, '_, S, K, P>> {
    fn next_deal(&mut self, _rng: &mut DealRng, _dd: &mut DdCache) -> Option<Deal> {
        let deal = *self.deals.get(self.next)?;
        self.next += 1;
        self.feed.rested = false;
        Some(deal)
    }

    fn rest(&mut self, deal: &Deal) -> Deal {
        self.feed.rest(deal)
    }

    fn produced(&self) -> u64 {
        self.feed.produced()
    }

    fn rnd(&mut self, rng: &mut DealRng, bound: i32) -> i32 {
        self.feed.rnd(rng, bound)
    }

    fn result(&mut self, deal: &Deal, result: Result<i32, Fault>, values: &[i32]) -> bool {
        let going = self.feed.result(deal, result, values);
        self.stopped = !going;
        going
    }
}

impl<S: DealSource, K: Sink, P: Fn(u64, u64) -> u64 + Copy> Feed for BatchFeed<'_, '_, S, K, P> {
    #[inline(always)]
    fn next_deal(&mut self, rng: &mut DealRng, dd: &mut DdCache) -> Option<Deal> {
        if self.i == self.stop {
            return None;
        }
        self.rested = false;
        if self.job.source.gaps().is_some() {
            return self.next_placed();
        }
        let (i, first, source) = (self.i, self.first, self.job.source);
        let copies = self.perms.len() as u64;
        // The deal, its number in the source, and whether it is a swapped copy.
        let (deal, n, copy) = if copies == 1 {
            (source.deal(first + i, rng, self.pdep), first + i, false)
        } else {
            let variant = (i % copies) as usize;
            let n = first / copies + i / copies;
            if variant == 0 {
                self.dealt = source.deal(n, rng, self.pdep);
            }
            (Deal { hands: self.perms[variant].map(|from| self.dealt.hands[from]) }, n, variant != 0)
        };
        // A deal of a file of solved deals comes with its results (a swapped copy does not);
        // a board's deal with its board's vulnerability.
        if let Some(t) = source.tricks(n).filter(|_| !copy) {
            dd.preload(&t);
        }
        dd.set_board_vulnerability(source.board(n).and_then(|b| b.vulnerable));
        Some(deal)
    }

    fn rest(&mut self, deal: &Deal) -> Deal {
        self.rested = true;
        self.job.source.deal_rest(deal, self.job.seed, self.first + self.i, self.pdep)
    }

    #[inline(always)]
    fn produced(&self) -> u64 {
        self.produced_before + self.end.produced
    }

    /// `rnd(bound)` from the current deal's own draws ([`DealDraws`]), or from the source's
    /// stream when it draws between its deals (classic Dealer's).
    #[inline(always)]
    fn rnd(&mut self, _rng: &mut DealRng, bound: i32) -> i32 {
        if let Some(drawn) = self.job.source.rnd_between_deals(bound) {
            return drawn;
        }
        let n = self.first + self.i;
        if self.drawing != n + 1 {
            self.draws = DealDraws::of(self.job.seed, n);
            self.drawing = n + 1;
        }
        self.draws.rnd(bound, self.produced())
    }

    #[inline(always)]
    fn result(&mut self, deal: &Deal, result: Result<i32, Fault>, values: &[i32]) -> bool {
        let i = self.i;
        self.i += 1;
        match result {
            Ok(0) => true,
            Ok(_) => {
                // The hands the program did not read, when the source left them out (the
                // same as `deal.rest` gave, when it ran).
                if self.rested || !self.job.source.completes() {
                    self.sink.produced(i as u32, deal, values);
                } else {
                    let deal = self.job.source.complete(deal, self.job.seed, self.first + i, self.pdep);
                    self.sink.produced(i as u32, &deal, values);
                }
                self.end.produced += 1;
                if self.end.produced == self.cap {
                    self.end.examined = i + 1 - self.start;
                    self.halted = true;
                    return false;
                }
                true
            }
            Err(f) => {
                self.end.fault = Some((i as u32, f));
                self.end.examined = i + 1 - self.start;
                self.halted = true;
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;
    use crate::dealing::exact::{ExactDealer, SeatRule};
    use crate::dealing::sparse::Sparse;
    use crate::evaluation::shape::ShapeSet;
    use crate::evaluation::tables::PointCounts;
    use crate::machine::assembler::Assembler;
    use crate::machine::bytecode::Instr;

    /// The produced deals of a batch with their places.
    #[derive(Default)]
    struct Kept(Vec<(u32, Deal)>);

    impl Sink for Kept {
        fn produced(&mut self, offset: u32, deal: &Deal, _values: &[i32]) {
            self.0.push((offset, *deal));
        }
    }

    #[test]
    fn a_batch_deals_the_same_deals_at_the_same_places_whole_or_in_pieces() {
        // West's eight spades or more (q = 1.3e-3): every deal dealt is produced.
        let mut rules: [Option<SeatRule>; 4] = Default::default();
        rules[Seat::West as usize] = Some(SeatRule { shapes: ShapeSet::from_fn(|[s, ..]| s >= 8), ..SeatRule::any() });
        let hcp = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4];
        let dealer = ExactDealer::new([crate::card::Hand::EMPTY; 4], &rules, &hcp).unwrap();
        let all = ExactDealer::new([crate::card::Hand::EMPTY; 4], &Default::default(), &hcp).unwrap().deals();
        let gaps = Gaps::new(dealer.deals(), all);
        assert_eq!(gaps.spread(), 512);
        let source = Sparse { dealer, gaps };
        let mut asm = Assembler::new();
        asm.begin_entry("deal");
        asm.emit(Instr::Produce);
        let routine = asm.end_entry();
        let program = asm.finish().unwrap();
        let tables = Tables::build(&PointCounts::default(), program.tables_used());
        for swap in [Swap::None, Swap::EastWest] {
            let copies = swap.permutations().len() as u64;
            let job = Job { program: &program, tables: &tables, source: &source, routine, swap, seed: 5, generate: 3_000_000 };
            assert_eq!(job.full_batch(), swap.batch_len() * 512);
            let mut vm = Machine::new(&program);
            let mut whole = Kept::default();
            let end = job.run_batch(0, u64::MAX, 0, &mut vm, &mut whole);
            assert_eq!(end.examined, 2_097_152.min(3_000_000 / copies * copies));
            // About q of the places hold a deal (with each deal's copies).
            let dealt = whole.0.len() as f64 / copies as f64;
            let expect = job.batch_len(0) as f64 / copies as f64 * gaps.chance();
            assert!((dealt - expect).abs() < 5.0 * expect.sqrt(), "{dealt} deals dealt, {expect} expected");
            for (offset, deal) in &whole.0 {
                assert!(deal.hands[if offset % copies as u32 == 0 { 3 } else { 1 }].len(Suit::Spades) >= 8);
            }
            // Cut anywhere on a dealt deal, the pieces give the same deals at the same places.
            let mut pieces = Kept::default();
            let cuts = [0, 2 * copies, 1000 * copies, whole.0[40].0 as u64, whole.0[42].0 as u64 + copies, job.batch_len(0)];
            for w in cuts.windows(2) {
                job.run_piece(0, w[0]..w[1], u64::MAX, 0, &mut vm, &mut pieces);
            }
            assert_eq!(pieces.0, whole.0);
            // Stopped at the tenth produced deal: examined up to its place.
            let end = job.run_batch(0, 10, 0, &mut vm, &mut Kept::default());
            assert_eq!(end.examined, whole.0[9].0 as u64 + 1);
        }
    }
}
