//! Dealing with nothing predealt by splitting the pack: exact, and about half the work of
//! drawing each hand card by card.
//!
//! A uniform deal is three uniform splits:
//!
//! 1. **North-South's 26 cards.** How many of each suit they hold is a vector `k` with
//!    `k_c + k_d + k_h + k_s = 26`; exactly `∏ C(13, k_s)` of the `C(52, 26)` halves of the
//!    pack have it. One of the 1834 vectors is drawn with that probability from an alias
//!    table, then in each suit a uniform `k_s`-card holding, as an index into the list of
//!    13-bit masks with `k_s` bits.
//! 2. **North's 13 of those 26.** Number North-South's cards 0..26; North's hand is `j` of
//!    the first 13 and `13 - j` of the last 13, which happens for `C(13, j)²` of the
//!    `C(26, 13)` choices. One number below `C(26, 13)` gives `j` and both holdings.
//! 3. **East's 13 of East-West's 26**, the same way.
//!
//! Every deal comes out with probability `1 / C(52, 26) · 1 / C(26, 13)²`, that is
//! `13!⁴ / 52!`. Bounded numbers are drawn with Lemire's method from disjoint bits of
//! xoshiro words, rejecting the rare biased draws, so nothing is rounded.

//!
//! **Only the hands the program reads.** A program that reads some hands only
//! (`hcp(north) >= 0` reads North's) has only those dealt ([`RandomDealer::reading`]): one
//! hand alone is a uniform 13 of the 52 cards ([`HandTables::hand`]), two hands are the first
//! split and half of the second (any two seats' hands have the joint law of a side's, so
//! opponents are dealt as partners are); three hands are dealt whole (one hand less saves
//! nothing: the last is the cards left). A produced
//! deal that an action prints is completed
//! ([`DealSource::complete`]): the other hands are a uniform split of the cards left, drawn
//! from the deal's own random stream ([`deal_rng`]), so that the run is the same on any
//! number of threads; after one hand, the next is 13 of the 39 cards left, split like a half
//! of the pack over the thirds of them ([`SplitTables::thirteen_of_39`]). What the program sees has exactly the law it has with whole deals, and
//! so have the deals printed.

use crate::card::{Deal, Hand, Seat, Seats, ALL_CARDS};
use crate::dealing::partial::{alias_table, choose, masks_by_size, HandTables, TopCards, WAYS};
use crate::dealing::rng::{below, deal_rng, DealRng};
use crate::dealing::source::DealSource;
use rand_core::Rng;

/// The dealer of runs with nothing predealt: every deal uniform among all deals, dealt by
/// three exact splits of the pack ([`SplitTables::deal`]), or only the hands the program
/// reads ([`RandomDealer::reading`]).
#[derive(Copy, Clone, Debug)]
pub struct RandomDealer {
    tables: &'static SplitTables,
    hands: &'static HandTables,
    /// The tables of [`Dealt::Top`] (of one rank otherwise, unused).
    top: &'static TopCards,
    dealt: Dealt,
    /// Whether produced deals are completed ([`DealSource::complete`]).
    complete: bool,
}

/// The hands a [`RandomDealer`] deals.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dealt {
    /// No hand.
    Nothing,
    /// One hand alone: 13 of the 52 cards.
    One(Seat),
    /// The top cards of one hand alone ([`TopCards`]): the cards of the top `ranks` ranks
    /// that a uniform hand holds, for a program that reads nothing else.
    Top {
        /// The hand dealt.
        seat: Seat,
        /// The ranks dealt, counted from the ace (1 to [`crate::dealing::partial::MAX_TOP_RANKS`]).
        ranks: u32,
    },
    /// Two hands: half of the pack, split, the first hand's 13 of it to the first seat.
    /// Any two seats' hands have the joint law of North-South's, opponents' too.
    Two(Seat, Seat),
    /// The whole deal.
    All,
}

impl Dealt {
    /// The hands dealt for a program that reads `seats`: one hand, two, or the whole deal.
    pub fn holding(seats: Seats) -> Dealt {
        let mut it = seats.iter();
        match (it.next(), it.next(), seats.len()) {
            (None, _, _) => Dealt::Nothing,
            (Some(a), None, _) => Dealt::One(a),
            (Some(a), Some(b), 2) => Dealt::Two(a, b),
            _ => Dealt::All,
        }
    }

    /// The seats dealt.
    pub fn seats(self) -> Seats {
        match self {
            Dealt::Nothing => Seats::NONE,
            Dealt::One(a) | Dealt::Top { seat: a, .. } => Seats::of(a),
            Dealt::Two(a, b) => Seats::of(a).with(b),
            Dealt::All => Seats::ALL,
        }
    }
}

impl RandomDealer {
    /// The dealer of whole deals, with its tables built on first use.
    pub fn new() -> RandomDealer {
        RandomDealer::reading(Seats::ALL, false)
    }

    /// The dealer of the hands of `seats` only (all four unless `seats` is one hand or a
    /// side): the other hands stay empty, and are filled in for produced deals when
    /// `complete`.
    pub fn reading(seats: Seats, complete: bool) -> RandomDealer {
        let dealt = Dealt::holding(seats);
        let (tables, hands, top) = (SplitTables::get(), HandTables::get(), TopCards::get(1));
        RandomDealer { tables, hands, top, dealt, complete: complete && dealt != Dealt::All }
    }

    /// The dealer of the top `ranks` ranks of one hand only, when `ranks` is at most
    /// [`crate::dealing::partial::MAX_TOP_RANKS`] (else of the whole hand): the rest of the deal, the
    /// hand's other cards too, is filled in for produced deals when `complete`.
    pub fn reading_top(seat: Seat, ranks: u32, complete: bool) -> RandomDealer {
        let mut dealer = RandomDealer::reading(Seats::of(seat), complete);
        if (1..=crate::dealing::partial::MAX_TOP_RANKS).contains(&ranks) {
            dealer.top = TopCards::get(ranks);
            dealer.dealt = Dealt::Top { seat, ranks };
        }
        dealer
    }

    /// The hands dealt.
    pub fn dealt(&self) -> Dealt {
        self.dealt
    }

    /// The deal with the hands of the seats not dealt filled in from `rng`: uniform among the
    /// deals that agree with the hands dealt. Inlined into the batch loop of each processor
    /// tier, so that it counts cards with the tier's instructions.
    #[inline(always)]
    fn fill(&self, deal: &Deal, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        let missing = self.dealt.seats().complement();
        let mut deal = *deal;
        if let Dealt::Top { seat, .. } = self.dealt {
            // The hand's other cards first, from the cards below the top ranks.
            let hand = &mut deal.hands[seat as usize];
            hand.0 |= self.top.rest(hand.0, rng, &pdep);
        }
        let deal = &deal;
        if missing == Seats::ALL {
            return self.tables.deal(rng, pdep);
        }
        self.tables.fill(deal.hands, ALL_CARDS ^ deal.hands.iter().fold(0, |cards, h| cards | h.0), rng, pdep)
    }
}

impl Default for RandomDealer {
    fn default() -> Self {
        RandomDealer::new()
    }
}

impl DealSource for RandomDealer {
    #[inline(always)]
    fn deal(&self, _n: u64, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        // Each deal is built in registers, seat by seat: a hand stored into a deal in memory
        // and the deal read back whole at once stalls the processor.
        let only = |seat: Seat, hand: u64| Deal { hands: Seat::ALL.map(|s| if s == seat { Hand(hand) } else { Hand::EMPTY }) };
        match self.dealt {
            Dealt::All => self.tables.deal(rng, pdep),
            Dealt::One(a) => only(a, self.hands.hand(rng)),
            Dealt::Top { seat, .. } => only(seat, self.top.deal(rng, pdep)),
            Dealt::Two(a, b) => {
                let (first, second) = self.tables.side(rng, pdep);
                Deal {
                    hands: Seat::ALL.map(|s| {
                        Hand(if s == a {
                            first
                        } else if s == b {
                            second
                        } else {
                            0
                        })
                    }),
                }
            }
            Dealt::Nothing => Deal::default(),
        }
    }

    fn seats(&self) -> Seats {
        self.dealt.seats()
    }

    fn completes(&self) -> bool {
        self.complete
    }

    #[inline(always)]
    fn complete(&self, deal: &Deal, seed: u64, n: u64, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        if !self.complete {
            return *deal;
        }
        self.fill(deal, &mut deal_rng(seed, n), pdep)
    }

    #[inline(always)]
    fn deal_rest(&self, deal: &Deal, seed: u64, n: u64, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        if self.dealt == Dealt::All {
            return *deal;
        }
        self.fill(deal, &mut deal_rng(seed, n), pdep)
    }
}

/// `C(52, 26)`: the halves of the pack.
const HALVES: u64 = choose(52, 26);

/// `C(26, 13)`: the hands one can take from 26 cards.
const HANDS_OF_26: u32 = choose(26, 13) as u32;

/// [`SplitTables::guess`] cuts the numbers below `C(26, 13)` (under 2^24) into blocks of
/// `2^GUESS_SHIFT_26`: 1270 blocks, 1 KB.
const GUESS_SHIFT_26: u32 = 13;
const GUESS_BLOCKS_26: usize = (HANDS_OF_26 >> GUESS_SHIFT_26) as usize + 1;

/// The low bits of a threshold out of `C(52, 26)` (under 2^49) that [`SplitTables::fused`]
/// leaves out.
const FUSED_SHIFT: u32 = 17;

/// The shift of the reciprocals in [`SplitTables::magic`].
const MAGIC_SHIFT: u32 = 40;

/// The number of North-South's suit-length vectors: four lengths of 0 to 13 making 26.
const HALF_VECTORS: usize = 1834;

/// `C(39, 13)`: the hands one can take from 39 cards.
const HANDS_OF_39: u64 = choose(39, 13);

/// The number of ways three numbers of 0 to 13 make 13: how 13 of 39 cards lie in the three
/// thirds of them.
const THIRD_VECTORS: usize = 105;

/// The tables behind [`SplitTables::deal`] (about 35 KB), built when dealvm is compiled.
pub struct SplitTables {
    /// Every 13-bit suit mask, those with 0 cards first, then 1, ... 13.
    subsets: [u16; 8192],
    /// Where the masks with `k` cards start in `subsets`.
    offset: [u16; 14],
    /// The alias table of North-South's suit-length vectors: for bucket `b`, the
    /// probability threshold (out of `C(52, 26)`) in the high bits and the alias bucket in
    /// the low 11 bits.
    alias: [u64; HALF_VECTORS],
    /// `alias` with the vectors in it, for one look where two dependent ones were: the
    /// threshold's high bits (from bit 17) in the high word, then the bucket's own vector and
    /// its alias's; a draw whose high bits tie with the threshold's (once in 2^32) compares
    /// the whole threshold in `alias`.
    fused: [u64; HALF_VECTORS],
    /// The suit-length vector of each bucket: 4 bits per suit, clubs lowest.
    vectors: [u16; HALF_VECTORS],
    /// `cumulative[j]`: the choices of 13 from 26 with fewer than `j` of the first 13,
    /// padded with `u32::MAX` for a branch-free search.
    cumulative: [u32; 16],
    /// Per block of `2^GUESS_SHIFT_26` numbers below `C(26, 13)`: the `j` its first number
    /// falls in (where the search of [`SplitTables::thirteen_of_26`] starts: one look, where
    /// a binary search took four dependent ones).
    guess: [u8; GUESS_BLOCKS_26],
    /// `ceil(2^40 / C(13, j))`: divides by `C(13, j)` with a multiply, exactly for every
    /// dividend below `C(13, j)²`.
    magic: [u64; 14],
    /// The alias table of the vectors of how many of 13 cards of 39 lie in each third of
    /// them ([`SplitTables::thirteen_of_39`]): threshold (out of `C(39, 13)`) and alias, as
    /// in `alias`.
    third_alias: [u64; THIRD_VECTORS],
    /// The vector of each bucket: 4 bits per third, the first lowest.
    third_vectors: [u16; THIRD_VECTORS],
}

impl std::fmt::Debug for SplitTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SplitTables({} suit-length vectors)", self.vectors.len())
    }
}

impl SplitTables {
    /// The tables, built when dealvm is compiled.
    pub fn get() -> &'static SplitTables {
        static TABLES: SplitTables = SplitTables::build();
        &TABLES
    }

    /// Builds the tables (at compile time, for [`SplitTables::get`]).
    const fn build() -> SplitTables {
        let (subsets, offset) = masks_by_size();
        // North-South's suit-length vectors and how many halves of the pack have each.
        let (mut vectors, mut weights) = ([0u16; HALF_VECTORS], [0u64; HALF_VECTORS]);
        let (mut n, mut sum) = (0, 0);
        let mut c = 0;
        while c <= 13 {
            let mut d = 0;
            while d <= 13 {
                let mut h = 0;
                while h <= 13 {
                    if c + d + h <= 26 && c + d + h >= 13 {
                        let s = 26 - c - d - h;
                        vectors[n] = (c | d << 4 | h << 8 | s << 12) as u16;
                        weights[n] = WAYS[c] as u64 * WAYS[d] as u64 * WAYS[h] as u64 * WAYS[s] as u64;
                        sum += weights[n];
                        n += 1;
                    }
                    h += 1;
                }
                d += 1;
            }
            c += 1;
        }
        assert!(n == HALF_VECTORS && sum == HALVES);
        let alias = alias_table(&weights, HALVES);
        let mut fused = [0u64; HALF_VECTORS];
        let mut b = 0;
        while b < HALF_VECTORS {
            let e = alias[b];
            fused[b] = (e >> 11 >> FUSED_SHIFT) << 32 | (vectors[b] as u64) << 16 | vectors[(e & 0x7FF) as usize] as u64;
            b += 1;
        }
        let mut cumulative = [u32::MAX; 16];
        let (mut total, mut magic) = (0u32, [0u64; 14]);
        let mut j = 0;
        while j < 14 {
            cumulative[j] = total;
            total += WAYS[j] * WAYS[j];
            magic[j] = (1u64 << MAGIC_SHIFT).div_ceil(WAYS[j] as u64);
            j += 1;
        }
        assert!(total == HANDS_OF_26);
        let mut guess = [0u8; GUESS_BLOCKS_26];
        let mut block = 0;
        while block < GUESS_BLOCKS_26 {
            let first = (block as u32) << GUESS_SHIFT_26;
            let mut j = 0;
            while first >= cumulative[j + 1] {
                j += 1;
            }
            guess[block] = j as u8;
            block += 1;
        }
        // How 13 of 39 cards lie in the thirds of them, and how many choices do so.
        let (mut third_vectors, mut weights) = ([0u16; THIRD_VECTORS], [0u64; THIRD_VECTORS]);
        let (mut n, mut sum) = (0, 0);
        let mut a = 0;
        while a <= 13 {
            let mut b = 0;
            while a + b <= 13 {
                let c = 13 - a - b;
                third_vectors[n] = (a | b << 4 | c << 8) as u16;
                weights[n] = WAYS[a] as u64 * WAYS[b] as u64 * WAYS[c] as u64;
                sum += weights[n];
                n += 1;
                b += 1;
            }
            a += 1;
        }
        assert!(n == THIRD_VECTORS && sum == HANDS_OF_39);
        let third_alias = alias_table(&weights, HANDS_OF_39);
        SplitTables { subsets, offset, alias, fused, vectors, cumulative, guess, magic, third_alias, third_vectors }
    }

    /// The `i`-th holding of `k` cards.
    #[inline(always)]
    fn holding(&self, k: u32, i: u32) -> u64 {
        self.subsets[(self.offset[k as usize & 15] as usize + i as usize) & 8191] as u64
    }

    /// A uniform choice of 13 of 26 numbered cards, from a uniform number below
    /// `C(26, 13)`, as a 26-bit mask.
    #[inline(always)]
    fn thirteen_of_26(&self, r: u32) -> u64 {
        let c = &self.cumulative;
        // The block's first `j`, then the next while `r` is past their start: a block holds
        // the start of at most one part but at the ends (a few blocks of 1270).
        let mut j = self.guess[(r >> GUESS_SHIFT_26) as usize % GUESS_BLOCKS_26] as usize;
        while r >= c[(j + 1) & 15] {
            j += 1;
        }
        let j = j.min(13);
        let rank = (r - c[j]) as u64;
        let first = (rank * self.magic[j]) >> MAGIC_SHIFT;
        let second = rank - first * WAYS[j] as u64;
        self.holding(j as u32, first as u32) | self.holding(13 - j as u32, second as u32) << 13
    }

    /// A uniform random deal, `pdep` being the bit-deposit function.
    #[inline(always)]
    pub fn deal(&self, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        let x0 = rng.next_u64();
        let x1 = rng.next_u64();
        let x2 = rng.next_u64();
        let x3 = rng.next_u64();
        let ns = self.half(rng, x0, x1, x2);
        let ew = ALL_CARDS ^ ns;
        // North's and East's hands.
        let north = pdep(self.thirteen_of_26(draw32(rng, x3 as u32, HANDS_OF_26)), ns);
        let east = pdep(self.thirteen_of_26(draw32(rng, (x3 >> 32) as u32, HANDS_OF_26)), ew);
        Deal { hands: [Hand(north), Hand(east), Hand(ns ^ north), Hand(ew ^ east)] }
    }

    /// A uniform half of the pack (26 cards) from the random words `x0`, `x1` and `x2`: the
    /// suit lengths from the alias table, then a holding in each suit.
    #[inline(always)]
    fn half(&self, rng: &mut DealRng, x0: u64, x1: u64, x2: u64) -> u64 {
        let u = draw64(rng, x0, HALVES);
        let bucket = draw21(rng, x1, self.alias.len() as u32) as usize;
        // The bucket's own vector when `u` is below its threshold, else its alias's: compared
        // on the high bits (the whole only on a tie), kept without a branch.
        let entry = self.fused[bucket];
        let (t, high) = (entry >> 32, u >> FUSED_SHIFT);
        let own = if t != high { high < t } else { self.below_threshold(bucket, u) };
        let v = (entry >> (16 * own as u32) & 0xFFFF) as u32;
        let k = [v & 15, v >> 4 & 15, v >> 8 & 15, v >> 12];
        // Their holdings.
        let clubs = self.holding(k[0], draw21(rng, x1 >> 21, WAYS[k[0] as usize & 15]));
        let diamonds = self.holding(k[1], draw21(rng, x1 >> 42, WAYS[k[1] as usize & 15]));
        let hearts = self.holding(k[2], draw21(rng, x2, WAYS[k[2] as usize & 15]));
        let spades = self.holding(k[3], draw21(rng, x2 >> 21, WAYS[k[3] as usize & 15]));
        clubs | diamonds << 16 | hearts << 32 | spades << 48
    }

    /// Whether `u` is below bucket `b`'s threshold, compared whole ([`Self::half`]'s tie).
    #[cold]
    #[inline(never)]
    fn below_threshold(&self, b: usize, u: u64) -> bool {
        u < self.alias[b] >> 11
    }

    /// A uniform half of the pack and a uniform 13 of its cards: a side's two hands.
    #[inline(always)]
    fn side(&self, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> (u64, u64) {
        let x0 = rng.next_u64();
        let x1 = rng.next_u64();
        let x2 = rng.next_u64();
        let x3 = rng.next_u64();
        let half = self.half(rng, x0, x1, x2);
        let first = pdep(self.thirteen_of_26(draw32(rng, x3 as u32, HANDS_OF_26)), half);
        (first, half ^ first)
    }

    /// A uniform choice of 13 of 39 numbered cards, as a 39-bit mask: how many of them lie in
    /// each third (cards 0 to 12, 13 to 25, 26 to 38), a vector `k` drawn from an alias table
    /// with probability `∏ C(13, k_t) / C(39, 13)`, then a uniform holding of `k_t` cards in
    /// each third: the hand of the second seat dealt after one (a deal's completion).
    #[inline(always)]
    pub fn thirteen_of_39(&self, rng: &mut DealRng) -> u64 {
        let x0 = rng.next_u64();
        let x1 = rng.next_u64();
        let x2 = rng.next_u64();
        let u = draw64(rng, x0, HANDS_OF_39);
        let bucket = draw21(rng, x1, THIRD_VECTORS as u32) as usize;
        let entry = self.third_alias[bucket];
        let chosen = if u < entry >> 11 { bucket } else { (entry & 0x7FF) as usize };
        let v = self.third_vectors[chosen] as u32;
        let k = [v & 15, v >> 4 & 15, v >> 8 & 15];
        let first = self.holding(k[0], draw21(rng, x1 >> 21, WAYS[k[0] as usize & 15]));
        let second = self.holding(k[1], draw21(rng, x1 >> 42, WAYS[k[1] as usize & 15]));
        let third = self.holding(k[2], draw21(rng, x2, WAYS[k[2] as usize & 15]));
        first | second << 13 | third << 26
    }

    /// `hands` with their empty hands given the cards of `free`, 13 each (39, 26 or 13 of
    /// them): a uniform split, 13 of 39 for the first empty hand, 13 of the 26 left for the
    /// next, the rest to the last.
    #[inline(always)]
    pub fn fill(&self, mut hands: [Hand; 4], mut free: u64, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        for hand in &mut hands {
            if hand.0 == 0 {
                let cards = match free.count_ones() {
                    39 => pdep(self.thirteen_of_39(rng), free),
                    26 => self.thirteen_of(rng, free, &pdep),
                    _ => free,
                };
                hand.0 = cards;
                free ^= cards;
            }
        }
        Deal { hands }
    }

    /// A uniform 13 of the 26 cards of `free`.
    #[inline]
    fn thirteen_of(&self, rng: &mut DealRng, free: u64, pdep: impl Fn(u64, u64) -> u64) -> u64 {
        pdep(self.thirteen_of_26(below(rng, HANDS_OF_26)), free)
    }
}

/// A uniform number below `bound` (`bound < 2^11`) from the low 21 bits of `bits`, by
/// Lemire's method; a biased draw (rare) is replaced by one from `rng`.
#[inline(always)]
fn draw21(rng: &mut DealRng, bits: u64, bound: u32) -> u32 {
    const MASK: u64 = (1 << 21) - 1;
    let m = (bits & MASK) * bound as u64;
    if ((m & MASK) as u32) < bound && ((m & MASK) as u32) < ((1u32 << 21) - bound) % bound {
        return redraw32(rng, bound);
    }
    (m >> 21) as u32
}

/// A uniform number below `bound` from the 32 bits `bits`, by Lemire's method; a biased draw
/// (rare) is replaced by one from `rng`.
#[inline(always)]
fn draw32(rng: &mut DealRng, bits: u32, bound: u32) -> u32 {
    let m = bits as u64 * bound as u64;
    if (m as u32) < bound && (m as u32) < bound.wrapping_neg() % bound {
        return redraw32(rng, bound);
    }
    (m >> 32) as u32
}

/// A fresh uniform number below `bound` from `rng`.
#[cold]
#[inline(never)]
fn redraw32(rng: &mut DealRng, bound: u32) -> u32 {
    below(rng, bound)
}

/// A uniform number below `bound` from the 64 bits `bits`, by Lemire's method; a biased
/// draw (rare) is replaced by fresh words from `rng`.
#[inline(always)]
fn draw64(rng: &mut DealRng, bits: u64, bound: u64) -> u64 {
    let m = bits as u128 * bound as u128;
    if (m as u64) < bound {
        return redraw64(rng, m, bound);
    }
    (m >> 64) as u64
}

/// [`draw64`]'s slow path: keeps the draw `m` unless it is biased.
#[cold]
#[inline(never)]
fn redraw64(rng: &mut DealRng, mut m: u128, bound: u64) -> u64 {
    let threshold = bound.wrapping_neg() % bound;
    while (m as u64) < threshold {
        m = rng.next_u64() as u128 * bound as u128;
    }
    (m >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks that the alias table `alias` (out of `total`) gives each of `vectors` (`parts`
    /// counts of 4 bits each) exactly its weight `∏ C(13, k)`: what each bucket keeps of
    /// itself and gives its alias, summed.
    fn assert_alias_weights(alias: &[u64], vectors: &[u16], parts: u32, total: u64) {
        let mut got = vec![0u128; alias.len()];
        for (b, &e) in alias.iter().enumerate() {
            let keep = (e >> 11) as u128;
            got[b] += keep;
            got[(e & 0x7FF) as usize] += total as u128 - keep;
        }
        for (i, &v) in vectors.iter().enumerate() {
            let w: u64 = (0..parts).map(|s| WAYS[(v >> (4 * s) & 15) as usize] as u64).product();
            assert_eq!(got[i], w as u128 * alias.len() as u128, "vector {v:04x}");
        }
    }

    #[test]
    fn the_tables_are_exact() {
        let t = SplitTables::get();
        assert_eq!(t.alias.len(), 1834);
        // Every mask once, grouped by size.
        let mut seen = vec![false; 8192];
        for k in 0..=13u32 {
            for i in 0..WAYS[k as usize] {
                let m = t.holding(k, i);
                assert_eq!(m.count_ones(), k);
                assert!(!seen[m as usize]);
                seen[m as usize] = true;
            }
        }
        // The alias table gives each vector exactly its weight, and the fused table holds
        // it: the threshold's high bits, the bucket's vector, its alias's.
        assert_alias_weights(&t.alias, &t.vectors, 4, HALVES);
        for (b, (&e, &f)) in t.alias.iter().zip(&t.fused).enumerate() {
            assert_eq!(f, (e >> 11 >> FUSED_SHIFT) << 32 | (t.vectors[b] as u64) << 16 | t.vectors[(e & 0x7FF) as usize] as u64);
            assert!(e >> 11 < 1 << (32 + FUSED_SHIFT), "the threshold's high bits fit the high word");
        }
        // The reciprocals divide exactly, and every number below C(26, 13) is one hand.
        for (&ways, &magic) in WAYS.iter().zip(&t.magic) {
            let w = ways as u64;
            for r in 0..w * w {
                assert_eq!((r * magic) >> MAGIC_SHIFT, r / w);
            }
        }
        let mut hands = std::collections::HashSet::new();
        for r in 0..HANDS_OF_26 {
            let h = t.thirteen_of_26(r);
            assert_eq!(h.count_ones(), 13);
            // `j`, the cards of the first 13, is the part `r` falls in, as a plain count finds it.
            assert_eq!((h & 0x1FFF).count_ones() as usize, t.cumulative[1..14].iter().filter(|&&c| c <= r).count(), "{r}");
            assert!(h < 1 << 26);
            hands.insert(h);
        }
        assert_eq!(hands.len(), HANDS_OF_26 as usize);
    }

    #[test]
    fn thirteen_of_39_lie_in_the_thirds_as_often_as_they_should() {
        let t = SplitTables::get();
        // The alias table of the thirds gives each vector exactly its weight.
        assert_alias_weights(&t.third_alias, &t.third_vectors, 3, HANDS_OF_39);
        // Drawn: 13 of the 39, every card a third of the time, and as many in the first
        // third as the hypergeometric law says (chi-square over 9 cells: 1 to 8 cards, and
        // the rare 0 or 9 to 13 pooled).
        let mut rng = crate::dealing::rng::batch_rng(39, 13);
        let draws = 200_000u64;
        let (mut per_card, mut first) = ([0u64; 39], [0u64; 14]);
        for _ in 0..draws {
            let m = t.thirteen_of_39(&mut rng);
            assert_eq!(m.count_ones(), 13);
            assert_eq!(m >> 39, 0);
            (0..39).for_each(|c| per_card[c] += m >> c & 1);
            first[(m & 0x1FFF).count_ones() as usize] += 1;
        }
        let third = draws as f64 / 3.0;
        let sd = (draws as f64 * (1.0 / 3.0) * (2.0 / 3.0)).sqrt();
        assert!(per_card.iter().all(|&c| (c as f64 - third).abs() < 5.0 * sd), "{per_card:?}");
        let p = |k: usize| (WAYS[k] as f64 * choose(26, 13 - k as u64) as f64) / HANDS_OF_39 as f64;
        let rare = [0, 9, 10, 11, 12, 13];
        let cells = (1..=8).map(|k| (first[k], p(k))).chain([(rare.iter().map(|&k| first[k]).sum(), rare.iter().map(|&k| p(k)).sum())]);
        let chi: f64 = cells.map(|(seen, pk): (u64, f64)| (seen as f64 - pk * draws as f64).powi(2) / (pk * draws as f64)).sum();
        // The 99.9% point of chi-square with 8 degrees of freedom is 26.1.
        assert!(chi < 26.1, "chi-square {chi}: {first:?}");
    }

    #[test]
    fn deals_are_complete() {
        let t = SplitTables::get();
        let mut rng = crate::dealing::rng::batch_rng(9, 9);
        for _ in 0..10_000 {
            let d = t.deal(&mut rng, crate::dealing::rng::pdep_portable);
            assert!(d.is_complete());
        }
    }

    #[test]
    fn draws_are_in_range_and_cover_it() {
        let mut rng = crate::dealing::rng::batch_rng(1, 2);
        for bound in [1u32, 2, 3, 13, 1716, 1834, 2047] {
            let mut hit = vec![false; bound as usize];
            for _ in 0..bound * 40 {
                let x = rng.next_u64();
                let a = draw21(&mut rng, x, bound);
                let b = draw32(&mut rng, x as u32, bound);
                assert!(a < bound && b < bound);
                hit[a as usize] = true;
            }
            assert!(hit.iter().all(|&h| h));
        }
        let x = draw64(&mut rng, u64::MAX, HALVES);
        assert!(x < HALVES);
    }
}
