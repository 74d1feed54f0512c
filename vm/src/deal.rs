//! Dealing: the random generator, predealt cards and uniform random deals.
//!
//! Every deal is exactly uniform among the deals that give each seat its predealt cards
//! (see [`Dealer`]); the random generator is xoshiro256++, one stream per batch of deals.

use crate::bias::Patterns;
use crate::card::{Card, Deal, Hand, Seat, Suit, ALL_CARDS};
use crate::split::SplitTables;
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The random generator behind dealing and `rnd()`.
pub type DealRng = Xoshiro256PlusPlus;

/// SplitMix64's output function: a bijective 64-bit mixer.
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of batch `batch` of a run with seed `seed`.
///
/// Each batch has its own stream that depends only on `(seed, batch)`, so a run deals the
/// same deals whatever the number of threads.
pub fn batch_rng(seed: u64, batch: u64) -> DealRng {
    DealRng::seed_from_u64(mix64(seed ^ mix64(batch.wrapping_mul(0xD1B5_4A32_D192_ED03))))
}

/// A uniform random integer in `0..n` (`n > 0`), without modulo bias (Lemire's method).
#[inline]
pub fn below(rng: &mut DealRng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = (rng.next_u32() as u64) * (n as u64);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = (rng.next_u32() as u64) * (n as u64);
        }
    }
    (m >> 32) as u32
}

/// Suit lengths predealt to seats: `[seat][suit]`, indexed by [`Seat::index`] and
/// [`Suit::index`].
pub type SuitLengths = [[Option<u8>; 4]; 4];

/// Why a set of predealt cards cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PredealError {
    /// The same card was given to two seats.
    CardTwice {
        /// The card given twice.
        card: Card,
        /// The seat it was given to first.
        first: Seat,
        /// The seat it was given to again (the same seat when it was repeated there).
        second: Seat,
    },
    /// A seat was given more than 13 cards.
    TooManyCards {
        /// The seat given too many cards.
        seat: Seat,
        /// The number of cards predealt to it.
        count: u32,
    },
    /// A seat's predealt suit lengths add up to more than 13 (or, all four given, not 13).
    LengthsAddUp {
        /// The seat whose suit lengths are wrong.
        seat: Seat,
        /// The sum of the suit lengths given for it.
        total: u32,
    },
    /// A suit length is shorter than the cards of that suit predealt to the seat.
    LengthBelowCards {
        /// The seat given the length.
        seat: Seat,
        /// The suit of the length.
        suit: Suit,
        /// The predealt length of the suit.
        length: u8,
        /// The number of cards of the suit predealt to the seat.
        predealt: u8,
    },
    /// The lengths predealt in one suit add up to more than 13.
    SuitAddsUp {
        /// The suit whose lengths are too many.
        suit: Suit,
        /// The sum of the lengths given in the suit.
        total: u32,
    },
    /// The suit lengths cannot all be met together.
    LengthsImpossible,
}

impl std::fmt::Display for PredealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PredealError::CardTwice { card, first, second } if first == second => {
                write!(f, "the card {card} is predealt to {} twice", first.keyword())
            }
            PredealError::CardTwice { card, first, second } => write!(
                f,
                "the card {card} is predealt to both {} and {}",
                first.keyword(),
                second.keyword()
            ),
            PredealError::TooManyCards { seat, count } => {
                write!(f, "{} is predealt {count} cards; a hand has 13", seat.keyword())
            }
            PredealError::LengthsAddUp { seat, total } => {
                write!(f, "the suit lengths predealt to {} add up to {total}; a hand has 13 cards", seat.keyword())
            }
            PredealError::LengthBelowCards { seat, suit, length, predealt } => write!(
                f,
                "{}({}) is {length}, but {} is predealt {predealt} {}",
                suit.name(),
                seat.keyword(),
                seat.keyword(),
                suit.name()
            ),
            PredealError::SuitAddsUp { suit, total } => {
                write!(f, "the {} predealt add up to {total}; there are 13", suit.name())
            }
            PredealError::LengthsImpossible => {
                write!(f, "no deal meets all these predeals together")
            }
        }
    }
}

/// Floyd steps `j` in `first..end` served by one 64-bit random word.
#[derive(Copy, Clone, Debug, Default)]
struct Batch {
    first: u8,
    end: u8,
    /// `2^64 mod P`, where `P` is the product of the bounds `j+1`: words whose remainder
    /// falls below this are rejected, which makes the draws exactly uniform.
    threshold: u64,
}

/// The largest product of bounds served by one word: keeps rejections below 1 in 16.
const MAX_PRODUCT: u128 = 1 << 60;

/// At most this many words per seat (13 draws of at most 6 bits each need 2).
const MAX_BATCHES: usize = 4;

/// How one seat's random cards are drawn.
#[derive(Copy, Clone, Debug, Default)]
struct SeatPlan {
    batches: [Batch; MAX_BATCHES],
    count: u8,
}

/// Deals uniform random deals around a fixed set of predealt cards.
///
/// With nothing predealt, deals come from [`SplitTables::deal`]. Otherwise each of the first
/// three seats gets a uniform random subset of the free cards, chosen with
/// Floyd's algorithm on a bitmask of *compact* positions (0..n over the cards still free) and
/// mapped onto the free cards with `pdep`; the last seat gets the rest. Floyd's step `j` needs
/// a uniform number in `0..=j`. These come several per 64-bit random word: a word `x` gives the
/// mixed-radix digits of `floor(x·P / 2^64)` for the product `P` of the bounds, which is
/// Lemire's method for the bound `P` and exactly uniform after rejecting the rare words whose
/// remainder is below `2^64 mod P`.
#[derive(Clone, Debug)]
pub struct Dealer {
    fixed: [Hand; 4],
    /// The cards nobody holds yet.
    free: u64,
    plans: [SeatPlan; 3],
    bmi2: bool,
    /// Nothing is predealt: deals come from [`SplitTables::deal`].
    fresh: Option<&'static SplitTables>,
    /// Suit-length predeals, dealt before the plans.
    bias: Option<Box<Patterns>>,
}

impl Dealer {
    /// A dealer that gives each seat its `fixed` cards and deals the rest at random.
    pub fn new(fixed: [Hand; 4]) -> Result<Dealer, PredealError> {
        Dealer::with_lengths(fixed, &[[None; 4]; 4])
    }

    /// A dealer that gives each seat its `fixed` cards and the suit lengths in `lengths`,
    /// and deals the rest at random: uniform among all deals that meet both.
    pub fn with_lengths(fixed: [Hand; 4], lengths: &SuitLengths) -> Result<Dealer, PredealError> {
        let mut taken = 0u64;
        for seat in Seat::ALL {
            let hand = fixed[seat as usize];
            if hand.count() > 13 {
                return Err(PredealError::TooManyCards { seat, count: hand.count() });
            }
            if let Some(card) = Hand(hand.0 & taken).cards().next() {
                let first = Seat::ALL.into_iter().find(|&s| fixed[s as usize].contains(card)).unwrap_or(seat);
                return Err(PredealError::CardTwice { card, first, second: seat });
            }
            taken |= hand.0;
        }
        let free = ALL_CARDS & !taken;
        let bias = Patterns::new(fixed, free, lengths)?.map(Box::new);
        // The seats dealt by the plans: all but those the suit lengths complete.
        let mut need = fixed.map(|h| 13 - h.count() as u8);
        let mut n = free.count_ones() as u8;
        for (seat, row) in lengths.iter().enumerate() {
            if row.iter().any(Option::is_some) {
                n -= need[seat];
                need[seat] = 0;
            }
        }
        let mut plans = [SeatPlan::default(); 3];
        for (plan, &k) in plans.iter_mut().zip(&need) {
            let mut j = n - k;
            while j < n {
                let mut product: u128 = 1;
                let first = j;
                while j < n && product * (j as u128 + 1) <= MAX_PRODUCT {
                    product *= j as u128 + 1;
                    j += 1;
                }
                let threshold = ((1u128 << 64) % product) as u64;
                plan.batches[plan.count as usize] = Batch { first, end: j, threshold };
                plan.count += 1;
            }
            n -= k;
        }
        let fresh = (taken == 0 && bias.is_none()).then(SplitTables::get);
        Ok(Dealer { fixed, free, plans, bmi2: has_bmi2(), fresh, bias })
    }

    /// A dealer with nothing predealt.
    pub fn unconstrained() -> Dealer {
        Dealer::new([Hand::EMPTY; 4]).expect("no predeal is always dealable")
    }

    /// The predealt cards of each seat.
    pub fn fixed(&self) -> [Hand; 4] {
        self.fixed
    }

    /// Deals one deal with `pdep` as the bit-deposit function: for callers that choose
    /// it once for many deals (see [`fast_bits`]).
    #[inline(always)]
    pub fn deal_using(&self, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        match self.fresh {
            Some(split) => split.deal(rng, pdep),
            None => self.deal_with(rng, pdep),
        }
    }

    /// Deals one deal, uniformly among those consistent with the predealt cards.
    #[inline]
    pub fn deal(&self, rng: &mut DealRng) -> Deal {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 {
            // SAFETY: `bmi2` is set only when the CPU has BMI2.
            return unsafe { self.deal_bmi2(rng) };
        }
        self.deal_using(rng, pdep_portable)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    unsafe fn deal_bmi2(&self, rng: &mut DealRng) -> Deal {
        self.deal_using(rng, |s, m| std::arch::x86_64::_pdep_u64(s, m))
    }

    /// Deals around the predeals by the plans: first one random word for every batch of
    /// every seat, then the draws, each rejected word replaced by fresh words in order.
    #[inline(always)]
    fn deal_with(&self, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        let mut hands = self.fixed;
        let mut free = self.free;
        if let Some(bias) = &self.bias {
            bias.deal(rng, &mut hands, &mut free, &pdep);
        }
        let mut words = [0u64; 3 * MAX_BATCHES];
        let total: usize = self.plans.iter().map(|p| p.count as usize).sum();
        for w in &mut words[..total] {
            *w = rng.next_u64();
        }
        let mut word = 0;
        for (hand, plan) in hands.iter_mut().zip(&self.plans) {
            let mut chosen = 0u64;
            for b in &plan.batches[..plan.count as usize] {
                let (first, end) = (b.first as u32, b.end as u32);
                let mut x = words[word];
                word += 1;
                loop {
                    let mut c = chosen;
                    let mut j = first;
                    while j < end {
                        let m = x as u128 * (j as u128 + 1);
                        x = m as u64;
                        let t = 1u64 << ((m >> 64) as u32 & 63);
                        c |= if c & t != 0 { 1u64 << j } else { t };
                        j += 1;
                    }
                    if x >= b.threshold {
                        chosen = c;
                        break;
                    }
                    x = rng.next_u64();
                }
            }
            let cards = pdep(chosen, free);
            hand.0 |= cards;
            free ^= cards;
        }
        hands[3].0 |= free;
        Deal { hands }
    }
}

/// Whether the CPU has the BMI2 instructions (`pdep`).
fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the CPU has the bit instructions the fast paths are compiled for: BMI1, BMI2
/// (`pdep`), POPCNT and LZCNT (every x86-64 processor since about 2013 has them).
pub fn fast_bits() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Parallel bit deposit without BMI2: the low bits of `src` go to the set bits of `mask`.
pub fn pdep_portable(mut src: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 && src != 0 {
        let low = mask & mask.wrapping_neg();
        if src & 1 != 0 {
            out |= low;
        }
        src >>= 1;
        mask &= mask - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_are_complete_and_keep_predeals() {
        let fixed = [
            Hand(0).with(Card::parse("AS").unwrap()),
            Hand::EMPTY,
            Hand(0).with(Card::parse("2C").unwrap()).with(Card::parse("KH").unwrap()),
            Hand::EMPTY,
        ];
        let d = Dealer::new(fixed).unwrap();
        let mut rng = batch_rng(7, 0);
        for _ in 0..1000 {
            let deal = d.deal(&mut rng);
            assert!(deal.is_complete());
            assert!(deal.hand(Seat::North).contains(Card::parse("AS").unwrap()));
            assert!(deal.hand(Seat::South).contains(Card::parse("KH").unwrap()));
        }
    }

    #[test]
    fn rejects_impossible_predeals() {
        let a = Hand(0).with(Card::parse("AS").unwrap());
        assert!(matches!(
            Dealer::new([a, Hand::EMPTY, a, Hand::EMPTY]),
            Err(PredealError::CardTwice { first: Seat::North, second: Seat::South, .. })
        ));
        let fourteen = Hand(0x1FFF | 0x1_0000);
        assert!(matches!(
            Dealer::new([fourteen, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY]),
            Err(PredealError::TooManyCards { .. })
        ));
    }

    #[test]
    fn portable_pdep_deals_like_bmi2() {
        let fixed = [Hand(0).with(Card::parse("QD").unwrap()), Hand::EMPTY, Hand::EMPTY, Hand(0x1F)];
        let d = Dealer::new(fixed).unwrap();
        let mut a = batch_rng(3, 0);
        let mut b = a.clone();
        for _ in 0..10_000 {
            assert_eq!(d.deal(&mut a), d.deal_with(&mut b, pdep_portable));
        }
        assert_eq!(pdep_portable(0b101, 0b1011_0000), 0b1000_0000 | 0b0001_0000);
    }

    #[test]
    fn below_is_in_range() {
        let mut rng = batch_rng(1, 1);
        for n in 1..100 {
            for _ in 0..100 {
                assert!(below(&mut rng, n) < n);
            }
        }
    }
}
