//! dealvm's own double-dummy search, behind the same [`Solver`] trait as DDS: the solver
//! runs use.
//!
//! It gives DDS's answers (checked against DDS and against trying every play) one and a half
//! to two times faster than DDS, playing out about as many tricks at a little more than half of
//! DDS's cost a trick (docs/performance.md). A hand is one `u64`, sixteen bits a suit as
//! [`Hand`](dealvm_vm::card::Hand) holds it; what a search proves of a position at a trick's
//! start is kept as a pattern of the relative cards that mattered, which positions reached by
//! other plays match too (`cache`).

mod bits;
mod bounds;
mod cache;
mod cutoffs;
mod isa;
mod moves;
mod play;
#[cfg(test)]
mod tests;
mod trick;

use bits::Bits;
use cache::Cache;
use cutoffs::Cutoffs;
use dealvm_vm::card::{Card, Deal, Seat, Suit};
use dealvm_vm::dealing::board::Vulnerability;
use dealvm_vm::evaluation::dd::{Leads, ParResult, Solver, TrickTable, STRAINS};
use dealvm_vm::evaluation::score::Strain;
use trick::Trick;

/// Each suit's bits in a hand, clubs first.
const LANES: [u64; 4] = [0x1FFF, 0x1FFF << 16, 0x1FFF << 32, 0x1FFF << 48];

/// The lane of the suit of `card` (one bit).
#[inline(always)]
fn lane_of(card: u64) -> u64 {
    0x1FFF << (card.trailing_zeros() & !15)
}

/// The highest card of `cards` (0 if none).
#[inline(always)]
fn high(cards: u64) -> u64 {
    if cards == 0 {
        0
    } else {
        1 << (63 - cards.leading_zeros())
    }
}

/// A double-dummy solver for one thread: its transposition table kept from solve to solve.
pub struct Search {
    /// The cards each seat holds, North first.
    hands: [u64; 4],
    /// The length of each hand in each suit: four bits each, hand after hand, clubs first.
    shape: u64,
    /// The trump suit's lane, 0 in notrump.
    trumps: u64,
    /// The strain's number in the cache's keys (clubs 0 .. notrump 4).
    strain: u32,
    cache: Cache,
    /// The card that last settled a search at a turn like each, tried first there.
    cutoffs: Cutoffs,
    bits: Bits,
    /// Whether this processor runs the search's copy for the bit-manipulation instructions.
    modern: bool,
    /// Tricks played out by the searches, for measurements: DDS's count of nodes counts the
    /// same.
    tricks_played: u64,
}

impl Default for Search {
    fn default() -> Self {
        Search::new()
    }
}

impl Search {
    /// A solver with an empty table.
    pub fn new() -> Search {
        Search {
            hands: [0; 4],
            shape: 0,
            trumps: 0,
            strain: 4,
            cache: Cache::new(17, 17),
            cutoffs: Cutoffs::new(),
            bits: Bits::detect(),
            #[cfg(target_arch = "x86_64")]
            modern: isa::Modern::detect(),
            #[cfg(not(target_arch = "x86_64"))]
            modern: false,
            tricks_played: 0,
        }
    }

    /// A solver in a box, as the engine's machines take it.
    pub fn boxed() -> Box<dyn Solver> {
        Box::new(Search::new())
    }

    /// A solver that takes the copy of the search for any processor and the portable
    /// `pext`/`pdep` (for tests of one copy against the other).
    #[cfg(test)]
    pub(crate) fn portable() -> Search {
        Search { modern: false, bits: Bits::portable(), ..Search::new() }
    }

    /// The tricks played out by the searches so far (as DDS counts its nodes).
    pub fn tricks_played(&self) -> u64 {
        self.tricks_played
    }

    fn set(&mut self, deal: &Deal, strain: Strain) {
        // What searches of another deal left would mislead this one's (measured: a study's
        // every-lead solves play a third more tricks with it kept).
        if self.hands != deal.hands.map(|h| h.0) {
            self.cache.clear();
            self.cutoffs.clear();
        }
        self.hands = deal.hands.map(|h| h.0);
        self.shape = 0;
        for (seat, hand) in deal.hands.iter().enumerate() {
            for (s, suit) in Suit::ALL.into_iter().enumerate() {
                self.shape |= u64::from(hand.len(suit)) << (4 * (4 * seat + s));
            }
        }
        self.strain = strain as u32;
        self.trumps = match strain {
            Strain::NoTrump => 0,
            s => LANES[s as usize],
        };
    }

    /// North-South's tricks, `leader` on lead to the first trick, found by yes-or-no searches
    /// from `guess`.
    fn north_south(&mut self, leader: usize, guess: i32) -> i32 {
        let total = self.hands[leader].count_ones() as i32;
        self.settle(0, total, guess, |s, target| s.trick(leader, target, &mut 0))
    }

    /// A guess at North-South's tricks in the strain set, from their points and trumps.
    fn estimate(&self) -> i32 {
        let total = self.hands[0].count_ones() as i32;
        // 4-3-2-1: the aces, kings, queens and jacks of every suit, each rank one mask.
        let rank = |r: u32| 0x0001_0001_0001_0001u64 << r;
        let points = |h: u64| {
            (4 * (h & rank(12)).count_ones() + 3 * (h & rank(11)).count_ones() + 2 * (h & rank(10)).count_ones() + (h & rank(9)).count_ones()) as i32
        };
        let hcp = points(self.hands[0]) + points(self.hands[2]);
        let mut tenths = 65 + (hcp - 20) * 4;
        if self.trumps != 0 {
            let ours = ((self.hands[0] | self.hands[2]) & self.trumps).count_ones() as i32;
            tenths += (ours - 6) * 8;
        }
        (tenths * total / 130).clamp(0, total)
    }

    /// The value in `lower..=upper` that `test` settles, asked first at `guess`. `test`
    /// answers whether the value reaches a target with a bound: the value is at least what
    /// it returns when that reaches the target, at most it when not. The next target is just
    /// past the bound: a search that proved more than it was asked saves the steps between.
    fn settle(&mut self, mut lower: i32, mut upper: i32, guess: i32, mut test: impl FnMut(&mut Search, i32) -> i32) -> i32 {
        let mut target = guess;
        while lower < upper {
            target = target.clamp(lower + 1, upper);
            let bound = test(self, target);
            if bound >= target {
                lower = bound.min(upper);
                target = lower + 1;
            } else {
                upper = bound.max(lower);
                target = upper;
            }
        }
        lower
    }
}

impl Solver for Search {
    fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> u8 {
        self.set(deal, strain);
        let leader = declarer.rotate(1) as usize;
        let ns = self.north_south(leader, self.estimate());
        let total = self.hands[leader].count_ones() as i32;
        (if declarer as usize & 1 == 0 { ns } else { total - ns }) as u8
    }

    fn at_least(&mut self, deal: &Deal, declarer: Seat, strain: Strain, k: u8) -> bool {
        self.set(deal, strain);
        let leader = declarer.rotate(1) as usize;
        let k = i32::from(k);
        if declarer as usize & 1 == 0 {
            self.trick(leader, k, &mut 0) >= k
        } else {
            // East-West take k or more: North-South fewer than the rest and one.
            let total = self.hands[leader].count_ones() as i32;
            self.trick(leader, total - k + 1, &mut 0) <= total - k
        }
    }

    fn table(&mut self, deal: &Deal) -> TrickTable {
        let mut table = TrickTable::default();
        for strain in STRAINS {
            self.set(deal, strain);
            let mut found = [0; 4];
            for leader in 0..4 {
                // From the count found with partner on lead, else with the previous leader.
                let guess = match leader {
                    0 => self.estimate(),
                    1 => found[0],
                    _ => found[leader - 2],
                };
                let ns = self.north_south(leader, guess);
                found[leader] = ns;
                let total = self.hands[leader].count_ones() as i32;
                let declarer = Seat::from_index((leader + 3) & 3);
                table.set(declarer, strain, (if declarer as usize & 1 == 0 { ns } else { total - ns }) as u8);
            }
        }
        table
    }

    fn leads(&mut self, deal: &Deal, declarer: Seat, strain: Strain) -> Leads {
        self.set(deal, strain);
        let leader = declarer.rotate(1) as usize;
        let start = Trick::new(leader);
        let mut moves = [0u64; 13];
        let n = self.moves(&start, 0, &mut moves);
        let all = self.remaining();
        let mut leads = Leads::default();
        let total = self.hands[leader].count_ones() as i32;
        // The count with the best lead bounds every lead's: a search at it settles each lead
        // as good as the best in one step. It is found from a guess a little better for the
        // leader's side than the points say, where one good lead settles a search (from
        // below, every lead is searched at each step).
        let estimate = self.estimate();
        let guess = if leader & 1 == 1 { estimate + 2 } else { estimate - 1 };
        let best = self.north_south(leader, guess.clamp(0, total));
        for &card in &moves[..n] {
            self.play(leader, card);
            let after = start.after(card, self.trumps);
            let test = |s: &mut Search, target| s.node(after, target, &mut 0);
            let ns = if leader & 1 == 0 { self.settle(0, best, best, test) } else { self.settle(best, total, best + 1, test) };
            self.take_back(leader, card);
            let defenders = if leader & 1 == 0 { ns } else { total - ns };
            // The card and the leader's cards below it with no other card between.
            let lane = lane_of(card);
            let mut below = card >> 1;
            while below & lane != 0 {
                if below & self.hands[leader] != 0 {
                    leads.set(card_of(below), defenders as u8);
                } else if below & all != 0 {
                    break;
                }
                below >>= 1;
            }
            leads.set(card_of(card), defenders as u8);
        }
        leads
    }

    fn par(&mut self, table: &TrickTable, vul: Vulnerability) -> ParResult {
        crate::par(table, vul)
    }
}

/// The card of one bit.
fn card_of(bit: u64) -> Card {
    let p = bit.trailing_zeros();
    Card::new(Suit::from_index((p / 16) as usize), (p % 16) as u8)
}
