//! Dealing around predeals: uniform random deals that give each seat its predealt cards and
//! suit lengths (see [`PredealDealer`]).

use crate::card::{Deal, Hand};
use crate::dealing::bias::Patterns;
use crate::dealing::predeal::{free_cards, PredealError, SuitLengths};
use crate::dealing::rng::DealRng;
use crate::dealing::source::DealSource;
use crate::dealing::split::SplitTables;
use rand_core::Rng;

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

impl SeatPlan {
    /// The plan of `k` cards drawn from `n` free ones: Floyd's steps `n - k..n`, as many a
    /// word as its product of bounds allows.
    fn of(k: u8, n: u8) -> SeatPlan {
        let mut plan = SeatPlan::default();
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
        plan
    }
}

/// Floyd's steps of batch `b` from random word `x` (and fresh words from `rng` while the word
/// is rejected), added to the compact positions `chosen`.
#[inline(always)]
fn draw_batch(b: &Batch, mut x: u64, chosen: u64, rng: &mut DealRng) -> u64 {
    let (first, end) = (b.first as u32, b.end as u32);
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
            return c;
        }
        x = rng.next_u64();
    }
}

/// Deals uniform random deals around predealt cards and suit lengths.
///
/// Suit-length predeals are dealt first, exactly, by [`Patterns`]. Then each of the first
/// three seats gets a uniform random subset of the free cards, chosen with
/// Floyd's algorithm on a bitmask of *compact* positions (0..n over the cards still free) and
/// mapped onto the free cards with `pdep`; the last seat gets the rest. When only whole hands
/// are predealt, or when two seats or more hold no predealt card, the partly predealt hands
/// are drawn first, card by card, and the empty ones split from the cards left as with
/// nothing predealt instead (13 of 39, 13 of 26). Floyd's step `j` needs
/// a uniform number in `0..=j`. These come several per 64-bit random word: a word `x` gives the
/// mixed-radix digits of `floor(x·P / 2^64)` for the product `P` of the bounds, which is
/// Lemire's method for the bound `P` and exactly uniform after rejecting the rare words whose
/// remainder is below `2^64 mod P`.
#[derive(Clone, Debug)]
pub struct PredealDealer {
    fixed: [Hand; 4],
    /// The cards nobody holds yet.
    free: u64,
    plans: [SeatPlan; 3],
    /// Suit-length predeals, dealt before the plans.
    bias: Option<Box<Patterns>>,
    /// When only whole hands are predealt, or two seats or more hold no predealt card, and no
    /// suit length is predealt: the splits of the dealer with nothing predealt, which deal those hands in a few random
    /// words ([`SplitTables::thirteen_of_39`], 13 of 26) instead of the plans' card by card,
    /// after the partly predealt seats' cards (the uniform deal of the cards left, once
    /// theirs are drawn uniformly, is the uniform deal of them all).
    split: Option<&'static SplitTables>,
    /// Those partly predealt seats and their plans, the first `partly_count`.
    partly: [(u8, SeatPlan); 2],
    partly_count: u8,
}

impl PredealDealer {
    /// A dealer that gives each seat its `fixed` cards and deals the rest at random.
    pub fn new(fixed: [Hand; 4]) -> Result<PredealDealer, PredealError> {
        PredealDealer::with_lengths(fixed, &[[None; 4]; 4])
    }

    /// A dealer that gives each seat its `fixed` cards and the suit lengths in `lengths`,
    /// and deals the rest at random: uniform among all deals that meet both.
    pub fn with_lengths(fixed: [Hand; 4], lengths: &SuitLengths) -> Result<PredealDealer, PredealError> {
        let free = free_cards(&fixed)?;
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
        // The splits serve whole hands predealt, and partly predealt ones beside two empty
        // hands or more (at most two of them then).
        let partly_seats = fixed.iter().filter(|h| !h.is_empty() && h.count() < 13).count();
        let empty = fixed.iter().filter(|h| h.is_empty()).count();
        let split = (bias.is_none() && (partly_seats == 0 || empty >= 2)).then(SplitTables::get);
        let mut plans = [SeatPlan::default(); 3];
        let (mut partly, mut partly_count) = ([(0, SeatPlan::default()); 2], 0);
        if split.is_some() {
            for (seat, h) in fixed.iter().enumerate().filter(|(_, h)| !h.is_empty() && h.count() < 13) {
                let k = 13 - h.count() as u8;
                partly[partly_count as usize] = (seat as u8, SeatPlan::of(k, n));
                partly_count += 1;
                n -= k;
            }
        } else {
            for (plan, &k) in plans.iter_mut().zip(&need) {
                *plan = SeatPlan::of(k, n);
                n -= k;
            }
        }
        Ok(PredealDealer { fixed, free, plans, bias, split, partly, partly_count })
    }

    /// The predealt cards of each seat.
    pub fn fixed(&self) -> [Hand; 4] {
        self.fixed
    }

    /// Deals around the predeals by the plans: first one random word for every batch of
    /// every seat, then the draws, each rejected word replaced by fresh words in order.
    #[inline(always)]
    fn deal_with(&self, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        if let Some(split) = self.split {
            let (mut hands, mut free) = (self.fixed, self.free);
            for (seat, plan) in &self.partly[..self.partly_count as usize] {
                let mut chosen = 0;
                for b in &plan.batches[..plan.count as usize] {
                    chosen = draw_batch(b, rng.next_u64(), chosen, rng);
                }
                let cards = pdep(chosen, free);
                hands[*seat as usize].0 |= cards;
                free ^= cards;
            }
            return split.fill(hands, free, rng, pdep);
        }
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
                chosen = draw_batch(b, words[word], chosen, rng);
                word += 1;
            }
            let cards = pdep(chosen, free);
            hand.0 |= cards;
            free ^= cards;
        }
        hands[3].0 |= free;
        Deal { hands }
    }
}

impl DealSource for PredealDealer {
    #[inline(always)]
    fn deal(&self, _n: u64, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        self.deal_with(rng, pdep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Card, Seat};
    use crate::dealing::rng::{batch_rng, pdep_portable};

    #[test]
    fn deals_are_complete_and_keep_predeals() {
        let fixed = [
            Hand(0).with(Card::parse("AS").unwrap()),
            Hand::EMPTY,
            Hand(0).with(Card::parse("2C").unwrap()).with(Card::parse("KH").unwrap()),
            Hand::EMPTY,
        ];
        let d = PredealDealer::new(fixed).unwrap();
        let mut rng = batch_rng(7, 0);
        for _ in 0..1000 {
            let deal = d.deal_one(0, &mut rng);
            assert!(deal.is_complete());
            assert!(deal.hand(Seat::North).contains(Card::parse("AS").unwrap()));
            assert!(deal.hand(Seat::South).contains(Card::parse("KH").unwrap()));
        }
    }

    #[test]
    fn rejects_impossible_predeals() {
        let a = Hand(0).with(Card::parse("AS").unwrap());
        assert!(matches!(
            PredealDealer::new([a, Hand::EMPTY, a, Hand::EMPTY]),
            Err(PredealError::CardTwice { first: Seat::North, second: Seat::South, .. })
        ));
        let fourteen = Hand(0x1FFF | 0x1_0000);
        assert!(matches!(PredealDealer::new([fourteen, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY]), Err(PredealError::TooManyCards { .. })));
    }

    #[test]
    fn three_whole_hands_predealt_leave_the_fourth_without_a_draw() {
        let hand = |cards: &[&str]| cards.iter().fold(Hand::EMPTY, |h, c| h.with(Card::parse(c).unwrap()));
        let spades = hand(&["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]);
        let hearts = hand(&["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]);
        let diamonds = hand(&["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"]);
        // The empty hand first and last among the seats.
        for (fixed, empty) in [([Hand::EMPTY, spades, hearts, diamonds], Seat::North), ([spades, hearts, diamonds, Hand::EMPTY], Seat::West)] {
            let d = PredealDealer::new(fixed).unwrap();
            let mut rng = batch_rng(9, 0);
            let before = rng.clone();
            let deal = d.deal_one(0, &mut rng);
            assert!(deal.is_complete() && deal.hand(empty).len(crate::card::Suit::Clubs) == 13);
            assert_eq!(rng, before, "the last hand is the cards left: nothing to draw");
        }
    }

    #[test]
    fn portable_pdep_deals_like_bmi2() {
        let fixed = [Hand(0).with(Card::parse("QD").unwrap()), Hand::EMPTY, Hand::EMPTY, Hand(0x1F)];
        let d = PredealDealer::new(fixed).unwrap();
        let mut a = batch_rng(3, 0);
        let mut b = a.clone();
        for _ in 0..10_000 {
            assert_eq!(d.deal_one(0, &mut a), d.deal_with(&mut b, pdep_portable));
        }
    }
}
