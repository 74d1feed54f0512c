//! Where the deals of a run come from: the [`DealSource`] trait, and [`GivenDeals`], the
//! deals of a list (read from a file).
//!
//! Three sources deal at random: [`crate::dealing::split::RandomDealer`] (nothing predealt; it may
//! deal only the hands the program reads, see [`DealSource::complete`]),
//! [`crate::dealing::deal::PredealDealer`] (cards and suit lengths predealt), and
//! [`crate::dealing::exact::ExactDealer`] (only deals that meet rules on single seats, each standing for
//! the random deals up to it when wrapped in a [`crate::dealing::sparse::Sparse`]). A batch
//! ([`crate::machine::batch::Job`]) is compiled for its
//! source, so asking for a deal is an inlined call, not a dynamic dispatch.

use crate::card::{Deal, Seats};
use crate::cpu::has_bmi2;
use crate::dealing::board::Board;
use crate::dealing::gaps::Gaps;
use crate::dealing::rng::{pdep_portable, DealRng};
use crate::evaluation::dd::TrickTable;

/// A source of deals: numbered deals, dealt from a batch's random stream or read from a list,
/// and what the source knows of each besides its cards.
///
/// The methods are generic (the bit-deposit function) so that the batch loop inlines the
/// dealing; a run picks its source once and is compiled for it.
pub trait DealSource: Sync {
    /// Deal number `n` of the run (numbered before swapping). A random source draws it from
    /// `rng`, the random stream of the deal's batch, and ignores `n`; `pdep` deposits the low
    /// bits of its first argument on the set bits of its second (BMI2's `pdep` or
    /// [`pdep_portable`]).
    fn deal(&self, n: u64, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal;

    /// The seats whose hands [`DealSource::deal`] deals: the program may read only these.
    fn seats(&self) -> Seats {
        Seats::ALL
    }

    /// Produced deal number `n` as the actions see it, in a run with seed `seed`. A source
    /// that deals only the hands the program reads fills in the others here, uniformly among
    /// the deals that agree with the hands dealt, from the deal's own random stream
    /// ([`crate::dealing::rng::deal_rng`]); the others give the deal as it is.
    #[inline(always)]
    fn complete(&self, deal: &Deal, _seed: u64, _n: u64, _pdep: impl Fn(u64, u64) -> u64) -> Deal {
        *deal
    }

    /// Whether [`DealSource::complete`] fills in hands: when not, a produced deal is used as
    /// it was dealt, without a copy.
    fn completes(&self) -> bool {
        false
    }

    /// Deal `n` (as [`DealSource::deal`] gave it) with the hands the source left out dealt,
    /// uniformly and from the deal's own random stream ([`crate::dealing::rng::deal_rng`]), so the
    /// same as [`DealSource::complete`] gives: what `deal.rest` does. Sources that deal
    /// every hand give the deal as it is.
    fn deal_rest(&self, deal: &Deal, _seed: u64, _n: u64, _pdep: impl Fn(u64, u64) -> u64) -> Deal {
        *deal
    }

    /// How many deals the source holds, when it can run out (a file); `None` when it deals
    /// for ever.
    fn available(&self) -> Option<u64> {
        None
    }

    /// What the source knows of deal `n` besides its cards: its board number, dealer,
    /// vulnerability and double-dummy results. `None` for deals dealt at random.
    fn board(&self, _n: u64) -> Option<&Board> {
        None
    }

    /// The double-dummy results of deal `n`, when the source holds them (a file of solved
    /// deals): the run then solves nothing for it.
    #[inline]
    fn tricks(&self, n: u64) -> Option<TrickTable> {
        self.board(n).and_then(|b| b.tricks)
    }

    /// Whether a deal takes microseconds rather than nanoseconds (exact dealing): a run then
    /// works in short pieces, so that a small `produce` stops early.
    fn costly(&self) -> bool {
        false
    }

    /// When each deal stands for the random deals up to it, Dealer's deals among which only
    /// those meeting rare terms are dealt ([`crate::dealing::sparse::Sparse`]): the law of the gaps
    /// between them. `None`: every deal is one of Dealer's.
    #[inline(always)]
    fn gaps(&self) -> Option<&Gaps> {
        None
    }

    /// `rnd(bound)` when this source draws it from its own stream, between its deals, as
    /// classic Dealer's dealing does (its deals then depend on the draws, and the program
    /// runs one deal at a time); `None` for dealvm's sources, whose `rnd` draws from each
    /// deal's own stream ([`crate::dealing::rng::DealDraws`]).
    #[inline(always)]
    fn rnd_between_deals(&self, bound: i32) -> Option<i32> {
        _ = bound;
        None
    }

    /// Deal number `n` with the fastest bit deposit the processor has: for callers that deal
    /// one deal at a time rather than in batches.
    fn deal_one(&self, n: u64, rng: &mut DealRng) -> Deal
    where
        Self: Sized,
    {
        #[cfg(target_arch = "x86_64")]
        if has_bmi2() {
            // SAFETY: the processor has BMI2.
            return unsafe { deal_bmi2(self, n, rng) };
        }
        self.deal(n, rng, pdep_portable)
    }
}

/// [`DealSource::deal`] with BMI2's `pdep`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn deal_bmi2<S: DealSource>(source: &S, n: u64, rng: &mut DealRng) -> Deal {
    source.deal(n, rng, |s, m| std::arch::x86_64::_pdep_u64(s, m))
}

/// Deals given in order, each with its board (`--deals FILE`): deal `n` of the run is the
/// deal of board `n`.
#[derive(Clone, Debug, Default)]
pub struct GivenDeals {
    boards: Vec<Board>,
}

impl GivenDeals {
    /// The deals of these boards, in order.
    pub fn new(boards: Vec<Board>) -> GivenDeals {
        GivenDeals { boards }
    }

    /// The boards, in order.
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }
}

impl DealSource for GivenDeals {
    #[inline(always)]
    fn deal(&self, n: u64, _rng: &mut DealRng, _pdep: impl Fn(u64, u64) -> u64) -> Deal {
        self.boards[n as usize].deal
    }

    fn available(&self) -> Option<u64> {
        Some(self.boards.len() as u64)
    }

    fn board(&self, n: u64) -> Option<&Board> {
        self.boards.get(n as usize)
    }
}

/// The reference way of dealing a source's deals: every hand of every deal dealt before the
/// program runs. A source that deals only the hands the program reads first (the others at
/// `deal.rest`, or for the deals produced) deals them here at once, from the same streams:
/// the hands read first from the batch's stream, the others from the deal's own
/// ([`DealSource::deal_rest`]). So a run gives the same deals, and must give the same output,
/// as it gives with the source itself: the oracle that dealing less is checked against
/// (`--reference`).
#[derive(Copy, Clone, Debug)]
pub struct Whole<'s, S> {
    /// The source whose deals are completed.
    pub source: &'s S,
    /// The run's seed, which the deal's own stream is drawn from.
    pub seed: u64,
}

impl<S: DealSource> DealSource for Whole<'_, S> {
    #[inline(always)]
    fn deal(&self, n: u64, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        let first = self.source.deal(n, rng, &pdep);
        if self.source.seats() == Seats::ALL {
            return first;
        }
        self.source.deal_rest(&first, self.seed, n, pdep)
    }

    fn available(&self) -> Option<u64> {
        self.source.available()
    }

    fn board(&self, n: u64) -> Option<&Board> {
        self.source.board(n)
    }

    fn tricks(&self, n: u64) -> Option<TrickTable> {
        self.source.tricks(n)
    }

    fn costly(&self) -> bool {
        self.source.costly()
    }

    fn gaps(&self) -> Option<&Gaps> {
        self.source.gaps()
    }

    fn rnd_between_deals(&self, bound: i32) -> Option<i32> {
        self.source.rnd_between_deals(bound)
    }
}
