//! Classic Dealer's dealing (`--classic`): the deals Debian's `/usr/games/dealer` deals for a
//! seed, one after the other, and its `rnd`, drawn from the same stream.
//!
//! Debian builds Hans van Staveren's Dealer with the C library's `rand()`, which in glibc is
//! the additive lagged-Fibonacci generator of `random()` (31 words of state, lags 3 and 31,
//! each output the sum's top 31 bits), seeded by `srand()` from a Lehmer sequence with 310
//! outputs thrown away: [`GlibcRand`] ([`numbers`]) computes the same numbers.
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
pub mod numbers;
pub mod shuffles;

use crate::card::{Card, Deal, Hand};
use draws::DrawState;
pub use numbers::{ExeRand, GlibcRand};
pub use shuffles::{ClassicSwap, Shuffling};
use shuffles::{DRAW_RANGE, EXCHANGES};

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

/// Classic Dealer's `rnd(x)` for the number `r` drawn: `x * r / 2^31` in double precision,
/// truncated toward zero (so `rnd(-10)` lies in `-9..=0`, and `rnd(0)` is 0).
#[inline]
pub fn classic_rnd(x: i32, r: f64) -> i32 {
    (x as f64 * r / 2_147_483_648.0) as i32
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
        let rand = match build {
            ClassicBuild::Debian => Numbers::Glibc(GlibcRand::new(seed)),
            ClassicBuild::Exe => Numbers::Exe(ExeRand::new(seed)),
        };
        let shuffling = Shuffling::new(free, free_count, swap);
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
    use super::draws::Draws;
    use super::shuffles::{next_pack, words_deal, PackCards, Shuffles};
    use super::*;
    use crate::card::{Card, Seat};

    /// A deal as Dealer's `printoneline` writes it, without the seat letters.
    fn oneline(deal: &Deal) -> String {
        Seat::ALL.iter().map(|&s| deal.hand(s).pbn()).collect::<Vec<_>>().join(" ")
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

    /// The `deals` deals of `dealer` from its next one, made on the places and given the
    /// cards, batch after batch of `batch` deals.
    fn by_batches(mut dealer: ClassicDealer, deals: usize, batch: usize) -> Vec<Deal> {
        let (shuffling, mut draws, mut pack) = (*dealer.shuffling(), Draws::at(dealer.draw_state()), dealer.pack());
        let mut shuffles = Shuffles::default();
        let mut out = Vec::new();
        for first in (0..deals).step_by(batch) {
            let n = batch.min(deals - first);
            shuffles.draw(&shuffling, &mut draws, first as u64, n);
            shuffles.shuffle(&shuffling, first as u64, n, true);
            let cards = PackCards::new(&pack);
            out.extend(shuffles.from_words().iter().map(|w| words_deal(w.map(|p| cards.cards(p)))));
            pack = next_pack(&pack, shuffles.sigma());
        }
        let expected: Vec<Deal> = (0..deals).map(|_| dealer.next_deal()).collect();
        assert_eq!(out.len(), deals);
        for (i, (got, want)) in out.iter().zip(&expected).enumerate() {
            assert_eq!(got, want, "deal {i}");
        }
        out
    }

    #[test]
    fn batches_on_the_places_are_the_dealers_deals() {
        let cards = |names: &[&str]| names.iter().map(|c| Card::parse(c).unwrap()).collect::<Vec<_>>();
        let (east, south) = (cards(&["AS", "KS", "QS", "JS", "TS", "2H", "3D"]), cards(&["4C"]));
        for build in [ClassicBuild::Debian, ClassicBuild::Exe] {
            for swap in [ClassicSwap::None, ClassicSwap::EastWest, ClassicSwap::EastSouthWest] {
                // Batches of 7 deals: swapped copies cross their ends.
                by_batches(ClassicDealer::new(build, 11, [&[]; 4], swap), 400, 7);
                by_batches(ClassicDealer::new(build, 4, [&[], &east, &south, &[]], swap), 300, 64);
            }
        }
        // Every card predealt: nothing drawn.
        let all: Vec<Vec<Card>> = (0..4u64).map(|s| Hand(0x1FFF << (16 * s)).cards().collect()).collect();
        by_batches(ClassicDealer::new(ClassicBuild::Debian, 1, [&all[0], &all[1], &all[2], &all[3]], ClassicSwap::EastWest), 20, 3);
    }
}
