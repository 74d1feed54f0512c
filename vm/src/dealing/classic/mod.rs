//! Classic Dealer's dealing (`--classic`): the deals Debian's `/usr/games/dealer` deals for a
//! seed, one after the other, and its `rnd`, drawn from the same stream.
//!
//! Debian builds Hans van Staveren's Dealer with the C library's `rand()`, which in glibc is
//! the additive lagged-Fibonacci generator of `random()` (31 words of state, lags 3 and 31,
//! each output the sum's top 31 bits), seeded by `srand()` from a Lehmer sequence with 310
//! outputs thrown away: [`GlibcRand`] computes the same numbers.
//!
//! Dealer keeps the pack as 52 places, 13 to a hand (north's first), and never sorts it
//! again: each deal goes from the previous one by one exchange per place not predealt, in
//! place order, with a place drawn uniformly among those not predealt ([`ClassicDealer`]). A
//! draw is the low 16 bits of one `rand()`, mapped to a place through a table that repeats the
//! free places in order as often as it fits in 65536 entries; a draw that falls past the
//! last whole repetition is drawn again. Predealt cards sit in the first places of their
//! hands, the other cards in the remaining places in the order of a new pack (clubs to
//! spades, two to ace). Swapping (`-x 2`, `-x 3`) makes the next deals from the last one by
//! exchanging whole hands in place, without a draw; the deal after the swapped ones is
//! shuffled from the last swapped arrangement. Suit lengths predealt are parsed by Dealer but
//! not dealt: the dealer ignores them, as Debian's does.
//!
//! `rnd(x)` is `(int)(x * r / 2^31)` for the next `rand()` value `r`, in double precision.
//!
//! [`ClassicDealer::next_deal`] deals one deal after the other: the reference. For several
//! threads, a batch's deals are worked out in two steps, since an exchange acts on places
//! whatever cards they hold: [`draws`] draws the places of a batch's exchanges, the only
//! sequential step (the numbers in blocks), and [`shuffles`] applies them to the places of
//! the batch's first pack before its cards are known, then gives the deals once they are.

pub mod draws;
pub mod shuffles;

use crate::card::{Card, Deal, Hand};
use draws::DrawState;

/// The words of glibc's `random()` state (TYPE_3).
pub const DEGREE: usize = 31;
/// The lag between the two words added (glibc's `rand_sep`).
const SEPARATION: usize = 3;

/// glibc's `rand()`: the numbers `srand(seed)` then `rand()`, `rand()`, ... give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlibcRand {
    state: [u32; DEGREE],
    /// The word the next output is added into (glibc's `fptr`).
    front: usize,
    /// The word added to it (glibc's `rptr`).
    rear: usize,
}

impl GlibcRand {
    /// The generator after `srand(seed)` (a seed of 0 is taken as 1, as glibc does).
    pub fn new(seed: u32) -> GlibcRand {
        let seed = seed.max(1);
        let mut state = [0u32; DEGREE];
        state[0] = seed;
        // state[i] = 16807 * state[i - 1] mod (2^31 - 1), by Schrage's method on a 32-bit
        // signed word, exactly as glibc computes it (a seed of 2^31 or more starts negative).
        let mut word = seed as i32;
        for slot in state.iter_mut().skip(1) {
            let (hi, lo) = (word as i64 / 127_773, word as i64 % 127_773);
            word = (16_807 * lo - 2_836 * hi) as i32;
            if word < 0 {
                word = word.wrapping_add(2_147_483_647);
            }
            *slot = word as u32;
        }
        let mut rand = GlibcRand { state, front: SEPARATION, rear: 0 };
        for _ in 0..10 * DEGREE {
            rand.next();
        }
        rand
    }

    /// The last 31 words made (the sums before their low bit is dropped), the oldest first:
    /// the next word is the sum of the first and the 29th.
    pub fn words(&self) -> [u32; DEGREE] {
        std::array::from_fn(|i| self.state[(self.front + i) % DEGREE])
    }

    /// The next `rand()` value, in `0..2^31`.
    #[inline(always)]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u32 {
        let sum = self.state[self.front].wrapping_add(self.state[self.rear]);
        self.state[self.front] = sum;
        self.front = if self.front + 1 == DEGREE { 0 } else { self.front + 1 };
        self.rear = if self.rear + 1 == DEGREE { 0 } else { self.rear + 1 };
        sum >> 1
    }
}

/// The numbers of the Windows `dealer.exe`'s source: its own copy of an old GNU `random()`,
/// the same additive generator as glibc's but seeded by `x -> 1103515145 x + 12345` on
/// `long`s, its value made an `int`. The reference outputs come from that source built for
/// 64-bit Linux, whose `long` is 64 bits: the `int` is then bits 1 to 32 of the sum, and may be
/// negative (which only `rnd` sees; the dealing takes bits 16 to 31, as the 32-bit build).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExeRand {
    state: [i64; DEGREE],
    front: usize,
    rear: usize,
}

impl ExeRand {
    /// The generator after `gnusrand(seed)`.
    pub fn new(seed: u32) -> ExeRand {
        let mut state = [0i64; DEGREE];
        state[0] = seed as i64;
        for i in 1..DEGREE {
            state[i] = state[i - 1].wrapping_mul(1_103_515_145).wrapping_add(12_345);
        }
        let mut rand = ExeRand { state, front: SEPARATION, rear: 0 };
        for _ in 0..10 * DEGREE {
            rand.next();
        }
        rand
    }

    /// The low 32 bits of the last 31 words made, the oldest first: all the dealing reads
    /// (its draws are bits 16 to 31 of a sum), not `rnd`.
    pub fn words(&self) -> [u32; DEGREE] {
        std::array::from_fn(|i| self.state[(self.front + i) % DEGREE] as u32)
    }

    /// The next `gnurand()` value.
    #[inline(always)]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> i32 {
        let sum = self.state[self.front].wrapping_add(self.state[self.rear]);
        self.state[self.front] = sum;
        self.front = if self.front + 1 == DEGREE { 0 } else { self.front + 1 };
        self.rear = if self.rear + 1 == DEGREE { 0 } else { self.rear + 1 };
        ((sum as u64) >> 1) as i32
    }
}

/// Which classic Dealer: Debian's `/usr/games/dealer` or the Windows `dealer.exe`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ClassicBuild {
    /// Debian's: glibc's `rand()`, a place drawn from its low 16 bits.
    #[default]
    Debian,
    /// `dealer.exe`'s: [`ExeRand`], a place drawn from bits 15 to 30 of its value.
    Exe,
}

/// The numbers a classic dealer draws from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Numbers {
    Glibc(GlibcRand),
    Exe(ExeRand),
}

impl Numbers {
    /// The value `rnd` multiplies by.
    fn rnd_value(&mut self) -> f64 {
        match self {
            Numbers::Glibc(r) => r.next() as f64,
            Numbers::Exe(r) => r.next() as f64,
        }
    }
}

/// Whether the processor has AVX2, for the passes over a batch's draws; asked once (the
/// standard library's detection is slow under a hypervisor, and only `--classic` asks).
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    static FOUND: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FOUND.get_or_init(|| std::is_x86_feature_detected!("avx2"))
}

/// Classic Dealer's `rnd(x)` for the number `r` drawn: `x * r / 2^31` in double precision,
/// truncated toward zero (so `rnd(-10)` lies in `-9..=0`, and `rnd(0)` is 0).
#[inline]
pub fn classic_rnd(x: i32, r: f64) -> i32 {
    (x as f64 * r / 2_147_483_648.0) as i32
}

/// Swapping as classic Dealer does it: `-2` (`-x 2`) or `-3` (`-x 3`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ClassicSwap {
    /// Each deal shuffled.
    #[default]
    None,
    /// Each shuffled deal is followed by itself with East and West exchanged.
    EastWest,
    /// Each shuffled deal is followed by five more, East, South and West exchanged in turn.
    EastSouthWest,
}

impl ClassicSwap {
    /// The deals made from one shuffle: 1, 2 or 6.
    pub fn copies(self) -> u8 {
        match self {
            ClassicSwap::None => 1,
            ClassicSwap::EastWest => 2,
            ClassicSwap::EastSouthWest => 6,
        }
    }
}

/// The two hands exchanged to make the `k`-th copy of a shuffled deal (`k` from 1): seats by
/// index, north 0 to west 3.
pub(crate) const EXCHANGES: [(usize, usize); 5] = [(1, 3), (2, 3), (1, 2), (1, 3), (2, 3)];

/// The draws of one place: the low 16 bits of a `rand()` value.
const DRAW_RANGE: u32 = 1 << 16;

/// What every shuffle of a run shares: the places not predealt, the draws that map to them,
/// and the swapping.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shuffling {
    /// The places not predealt, in order; only the first `free_count` are used.
    free: [u8; 52],
    free_count: u32,
    /// Draws (16 bits) below this map to a place; the others are drawn again.
    accept_below: u32,
    /// `2^32 / free_count + 1`, to take a draw modulo `free_count` without dividing.
    reciprocal: u64,
    swap: ClassicSwap,
}

impl Shuffling {
    /// The draws one shuffle takes: one per place not predealt.
    pub fn draws_per_shuffle(&self) -> usize {
        self.free_count as usize
    }

    /// The draws accepted: those below this (at most 2^16).
    pub fn accept_below(&self) -> u32 {
        self.accept_below
    }

    /// The deals made from one shuffle: 1, 2 or 6.
    pub fn copies(&self) -> u64 {
        self.swap.copies() as u64
    }

    /// How many of the `deals` deals from deal number `first` (counted from the dealer's
    /// first) are shuffled: those whose number is a multiple of the copies.
    pub fn shuffles_among(&self, first: u64, deals: u64) -> u64 {
        let c = self.copies();
        (first + deals).div_ceil(c) - first.div_ceil(c)
    }
}

/// Classic Dealer's pack, dealt one deal after another from a seed ([`ClassicDealer::next_deal`]),
/// with its `rnd` ([`ClassicDealer::rnd`]) drawing from the same numbers.
#[derive(Clone, Debug)]
pub struct ClassicDealer {
    rand: Numbers,
    /// The card at each place (its bit position in a hand mask); places `13 * s ..` are seat
    /// `s`'s hand.
    pack: [u8; 52],
    shuffling: Shuffling,
    /// The copy the next deal is: 0 shuffles, 1.. exchanges hands.
    copy: u8,
}

impl ClassicDealer {
    /// The dealer of `build` after `srand(seed)`, with the cards of `predeal` held by their seats (north
    /// first), in the first places of their hands in the order given (which matters once
    /// swapping moves them into places that are shuffled), swapping as `swap` says. The caller
    /// gives each card once, at most 13 to a seat.
    pub fn new(build: ClassicBuild, seed: u32, predeal: [&[Card]; 4], swap: ClassicSwap) -> ClassicDealer {
        let predealt = predeal.iter().flat_map(|cards| cards.iter()).fold(0u64, |all, c| all | c.bit());
        let mut pack = [0u8; 52];
        let mut taken = [false; 52];
        for (seat, cards) in predeal.iter().enumerate() {
            for (i, card) in cards.iter().enumerate() {
                pack[seat * 13 + i] = card.position();
                taken[seat * 13 + i] = true;
            }
        }
        // The other cards in the order of a new pack, in the places left.
        let rest = (0..4u8).flat_map(|suit| (0..13u8).map(move |rank| suit * 16 + rank)).filter(|&c| predealt >> c & 1 == 0);
        let places = (0..52).filter(|&p| !taken[p]);
        let mut free = [0u8; 52];
        let mut free_count = 0u32;
        for (place, card) in places.zip(rest) {
            pack[place] = card;
            free[free_count as usize] = place as u8;
            free_count += 1;
        }
        let (accept_below, reciprocal) = match free_count {
            0 => (0, 0),
            n => (DRAW_RANGE - DRAW_RANGE % n, (1u64 << 32) / n as u64 + 1),
        };
        let rand = match build {
            ClassicBuild::Debian => Numbers::Glibc(GlibcRand::new(seed)),
            ClassicBuild::Exe => Numbers::Exe(ExeRand::new(seed)),
        };
        let shuffling = Shuffling { free, free_count, accept_below, reciprocal, swap };
        ClassicDealer { rand, pack, shuffling, copy: 0 }
    }

    /// The card at each place of the pack (its bit position in a hand mask), north's 13
    /// places first.
    pub fn pack(&self) -> [u8; 52] {
        self.pack
    }

    /// What the dealer's shuffles share.
    pub fn shuffling(&self) -> &Shuffling {
        &self.shuffling
    }

    /// Where the dealer's draws stand: its next draw is the next one of [`draws::Draws::at`] this.
    pub fn draw_state(&self) -> DrawState {
        match &self.rand {
            Numbers::Glibc(r) => DrawState::glibc(r.words()),
            Numbers::Exe(r) => DrawState::exe(r.words()),
        }
    }

    /// The next deal, as Dealer deals it: shuffled, or a swapped copy of the last one.
    #[inline]
    pub fn next_deal(&mut self) -> Deal {
        if self.copy == 0 {
            self.shuffle();
        } else {
            let (a, b) = EXCHANGES[self.copy as usize - 1];
            let (left, right) = self.pack.split_at_mut(b * 13);
            left[a * 13..a * 13 + 13].swap_with_slice(&mut right[..13]);
        }
        self.copy += 1;
        if self.copy >= self.shuffling.swap.copies() {
            self.copy = 0;
        }
        self.deal()
    }

    /// One exchange per free place, in place order, with a free place drawn at random.
    #[inline]
    fn shuffle(&mut self) {
        let s = &self.shuffling;
        match &mut self.rand {
            Numbers::Glibc(r) => shuffle_pack(&mut self.pack, &s.free, s.free_count, s.accept_below, s.reciprocal, || r.next()),
            Numbers::Exe(r) => shuffle_pack(&mut self.pack, &s.free, s.free_count, s.accept_below, s.reciprocal, || (r.next() as u32) >> 15),
        }
    }

    /// The deal the pack holds.
    #[inline]
    fn deal(&self) -> Deal {
        let mut deal = Deal::default();
        for (seat, places) in self.pack.chunks_exact(13).enumerate() {
            deal.hands[seat] = Hand(places.iter().fold(0u64, |h, &c| h | 1u64 << c));
        }
        deal
    }

    /// Classic Dealer's `rnd(x)`, drawing the next number of the dealing's stream.
    #[inline]
    pub fn rnd(&mut self, x: i32) -> i32 {
        classic_rnd(x, self.rand.rnd_value())
    }
}

/// The shuffle of `pack`: each of the first `count` places of `free` exchanged with a free
/// place drawn from the low 16 bits of `draw()` (below `accept_below`, else drawn again),
/// taken modulo `count` by multiplying with `reciprocal`.
#[inline(always)]
fn shuffle_pack(pack: &mut [u8; 52], free: &[u8; 52], count: u32, accept_below: u32, reciprocal: u64, mut draw: impl FnMut() -> u32) {
    for &place in &free[..count as usize] {
        let x = loop {
            let x = draw() & (DRAW_RANGE - 1);
            if x < accept_below {
                break x;
            }
        };
        // x / count, exact for draws below 2^16: the reciprocal's error stays under 2^-16.
        let q = ((x as u64 * reciprocal) >> 32) as u32;
        pack.swap(place as usize, free[(x - q * count) as usize] as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Card, Seat};

    /// A deal as Dealer's `printoneline` writes it, without the seat letters.
    fn oneline(deal: &Deal) -> String {
        Seat::ALL.iter().map(|&s| deal.hand(s).pbn()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_numbers_are_glibcs() {
        // srand(1): the first rand() values of glibc.
        let mut r = GlibcRand::new(1);
        let first: Vec<u32> = (0..5).map(|_| r.next()).collect();
        assert_eq!(first, [1804289383, 846930886, 1681692777, 1714636915, 1957747793]);
        // srand(0) is srand(1).
        assert_eq!(GlibcRand::new(0), GlibcRand::new(1));
        // Seeds of 2^31 and more start from a negative word.
        let mut r = GlibcRand::new(u32::MAX);
        assert_eq!((0..3).map(|_| r.next()).collect::<Vec<_>>(), [254925627, 1205188300, 366127624]);
        let mut r = GlibcRand::new(2_147_483_653);
        assert_eq!((0..3).map(|_| r.next()).collect::<Vec<_>>(), [902410239, 292943431, 1491539546]);
    }

    #[test]
    fn the_deals_are_debians() {
        // `dealer -s 1` with `action printoneline`.
        let mut d = ClassicDealer::new(ClassicBuild::Debian, 1, [&[]; 4], ClassicSwap::None);
        assert_eq!(oneline(&d.next_deal()), "2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.");
        assert_eq!(oneline(&d.next_deal()), "Q7432.Q63.983.J4 .J92.QT6.A986532 KJT95.K854.K5.KT A86.AT7.AJ742.Q7");
        // The next rand() after the first deal: `printoneline(rnd(1000))` gives 192.
        let mut d = ClassicDealer::new(ClassicBuild::Debian, 1, [&[]; 4], ClassicSwap::None);
        d.next_deal();
        assert_eq!(d.rnd(1000), 192);
    }

    #[test]
    fn predealt_cards_keep_their_places() {
        // `predeal north SA, HK` with `-s 1`.
        let cards = [Card::parse("AS").unwrap(), Card::parse("KH").unwrap()];
        let north = Hand::EMPTY.with(cards[0]).with(cards[1]);
        let mut d = ClassicDealer::new(ClassicBuild::Debian, 1, [&cards, &[], &[], &[]], ClassicSwap::None);
        let first = d.next_deal();
        assert_eq!(first.hand(Seat::North).0 & north.0, north.0);
        assert_eq!(oneline(&first), "AKQJ.KT.643.T732 953.7652.AKJ.KQ5 T874.983.QT985.J 62.AQJ4.72.A9864");
    }

    #[test]
    fn swapped_copies_follow_their_deal() {
        let mut plain = ClassicDealer::new(ClassicBuild::Debian, 5, [&[]; 4], ClassicSwap::None);
        let mut two = ClassicDealer::new(ClassicBuild::Debian, 5, [&[]; 4], ClassicSwap::EastWest);
        let first = plain.next_deal();
        assert_eq!(two.next_deal(), first);
        let swapped = two.next_deal();
        assert_eq!(swapped.hands, [first.hands[0], first.hands[3], first.hands[2], first.hands[1]]);
        // The third deal is shuffled from the swapped pack: not the plain dealer's second.
        assert_ne!(two.next_deal(), plain.next_deal());
        let mut three = ClassicDealer::new(ClassicBuild::Debian, 5, [&[]; 4], ClassicSwap::EastSouthWest);
        let deals: Vec<Deal> = (0..6).map(|_| three.next_deal()).collect();
        let mut arrangements: Vec<_> = deals.iter().map(|d| d.hands).collect();
        arrangements.sort_by_key(|h| h.map(|x| x.0));
        arrangements.dedup();
        assert_eq!(arrangements.len(), 6, "the six arrangements of east, south and west");
        assert!(deals.iter().all(|d| d.hands[0] == first.hands[0]));
    }

    #[test]
    fn every_draw_maps_to_its_place() {
        // The division by reciprocal is exact for every draw and every number of free places.
        for n in 1..=52u32 {
            let reciprocal = (1u64 << 32) / n as u64 + 1;
            for draw in 0..DRAW_RANGE {
                assert_eq!(((draw as u64 * reciprocal) >> 32) as u32, draw / n, "{draw} / {n}");
            }
        }
        // All 52 cards predealt: nothing is drawn.
        let all = [0, 1, 2, 3].map(|s: usize| Hand(0x1FFFu64 << (16 * s)));
        let cards = all.map(|h| h.cards().collect::<Vec<_>>());
        let mut d = ClassicDealer::new(ClassicBuild::Debian, 1, [&cards[0], &cards[1], &cards[2], &cards[3]], ClassicSwap::None);
        let before = d.rand.clone();
        assert_eq!(d.next_deal().hands, all);
        assert_eq!(d.rand, before);
    }

    #[test]
    fn predealt_cards_swapped_away_are_shuffled_from_their_places() {
        // `predeal east SAKQJT, H2, D3` and `predeal south C4` with `-2 -s 3`: the third deal is
        // shuffled from the swapped pack, east's cards from west's places, in the order given.
        let east: Vec<Card> = ["AS", "KS", "QS", "JS", "TS", "2H", "3D"].iter().map(|c| Card::parse(c).unwrap()).collect();
        let south = [Card::parse("4C").unwrap()];
        let mut d = ClassicDealer::new(ClassicBuild::Debian, 3, [&[], &east, &south, &[]], ClassicSwap::EastWest);
        let deals: Vec<String> = (0..3).map(|_| oneline(&d.next_deal())).collect();
        assert_eq!(deals[0], "6.974.AKQ42.9875 AKQJT54.Q2.T53.A 8732.AK53.9.QJ64 9.JT86.J876.KT32");
        assert_eq!(deals[2], "KQ98.T2.KQJ9.AQ9 J.AQ865.872.KJT2 7643.J93.A63.543 AT52.K74.T54.876");
    }
}
