//! A batch of classic Dealer's deals worked out on the places, before the cards are known.
//!
//! Dealer's exchanges act on places whatever cards they hold, and so do its swapped copies
//! (whole hands exchanged): a batch's deals can be made from the identity (each place holding
//! its own number) while the batch before is still being made. Deal `i` of the batch then
//! holds, at place `p`, the card at place `σ_i[p]` of the batch's first pack `P`: its seats
//! hold the cards of the places [`Shuffles::from_words`] records; the next batch's first pack
//! is `P ∘ Σ` ([`next_pack`], `Σ` the batch's last `σ`), and [`PackCards`] turns the places
//! into the cards once `P` is known. The draws come from [`super::draws::Draws`], all of the
//! batch's first (the sequential step), then are taken modulo the free places in one pass
//! before the exchanges, whose places are then known early.

use super::draws::Draws;
use super::{Shuffling, EXCHANGES};
use crate::card::{Deal, Hand, ALL_CARDS};

/// Half a pack of places: a draw index or a place always lies below it.
const PLACES: usize = 64;

/// A deal in two words, as a batch keeps it: the cards of the seats whose index has bit 0 set
/// (east and west), and of those whose index has bit 1 set (south and west).
pub fn deal_words(deal: &Deal) -> [u64; 2] {
    let h = deal.hands.map(|h| h.0);
    [h[1] | h[3], h[2] | h[3]]
}

/// The deal two words hold ([`deal_words`]).
#[inline(always)]
pub fn words_deal([low, high]: [u64; 2]) -> Deal {
    Deal { hands: [Hand(ALL_CARDS & !(low | high)), Hand(low & !high), Hand(high & !low), Hand(low & high)] }
}

/// One batch's shuffles on the places, with the buffers a thread reuses from batch to batch.
#[derive(Clone, Debug)]
pub struct Shuffles {
    /// The batch's draws, one per free place of each shuffled deal.
    draws: Vec<u16>,
    /// The draws as indices into the free places.
    indices: Vec<u8>,
    /// Each deal's seats, by the places of the batch's first pack they hold, in two words.
    from: Vec<[u64; 2]>,
    /// The places of the first pack the last deal holds at each place (`Σ`).
    sigma: [u8; 52],
}

impl Default for Shuffles {
    fn default() -> Shuffles {
        Shuffles { draws: Vec::new(), indices: Vec::new(), from: Vec::new(), sigma: std::array::from_fn(|p| p as u8) }
    }
}

impl Shuffles {
    /// Draws the places of the shuffles among the `deals` deals from deal number `first`, from
    /// `draws` on (the sequential step: it leaves `draws` after the batch).
    pub fn draw(&mut self, shuffling: &Shuffling, draws: &mut Draws, first: u64, deals: usize) {
        let n = shuffling.shuffles_among(first, deals as u64) as usize * shuffling.draws_per_shuffle();
        self.draws.resize(n, 0);
        draws.fill(&mut self.draws, shuffling.accept_below());
    }

    /// Makes the `deals` deals from deal number `first` from the identity with the draws of
    /// [`Shuffles::draw`], recording each deal's places when `record` (else only `Σ`).
    pub fn shuffle(&mut self, shuffling: &Shuffling, first: u64, deals: usize, record: bool) {
        self.indices.resize(self.draws.len(), 0);
        free_indices(&self.draws, &mut self.indices, shuffling.free_count);
        self.from.resize(if record { deals } else { 0 }, [0, 0]);
        let mut sigma: [u8; PLACES] = std::array::from_fn(|p| p as u8);
        let free: [u8; PLACES] = std::array::from_fn(|t| shuffling.free.get(t).copied().unwrap_or(0));
        let mut drawn = self.indices.chunks_exact(shuffling.free_count.max(1) as usize);
        let copies = shuffling.copies() as usize;
        // The copy deal `first` is: 0 shuffles, 1.. exchanges hands.
        let mut copy = (first % copies as u64) as usize;
        for i in 0..deals {
            match copy {
                0 if shuffling.free_count == 52 => exchange_all(&mut sigma, drawn.next().expect("the batch's draws")),
                0 if shuffling.free_count > 0 => {
                    exchange_free(&mut sigma, &free, drawn.next().expect("the batch's draws"))
                }
                0 => {}
                _ => exchange_hands(&mut sigma, copy),
            }
            copy = if copy + 1 == copies { 0 } else { copy + 1 };
            if record {
                self.from[i] = seat_places(&sigma);
            }
        }
        self.sigma.copy_from_slice(&sigma[..52]);
    }

    /// Each deal's seats by the places of the batch's first pack they hold, in two words
    /// ([`deal_words`]): [`PackCards::cards`] of each word gives the deal's.
    pub fn from_words(&self) -> &[[u64; 2]] {
        &self.from
    }

    /// The places of the batch's first pack the last deal holds at each place (`Σ`).
    pub fn sigma(&self) -> &[u8; 52] {
        &self.sigma
    }
}

/// The first pack of the batch after one that starts from `pack` and ends in `sigma`: the
/// card at place `p` is the one `pack` holds at `sigma[p]`.
pub fn next_pack(pack: &[u8; 52], sigma: &[u8; 52]) -> [u8; 52] {
    std::array::from_fn(|p| pack[sigma[p] as usize])
}

/// The cards a pack holds at sets of its places: a place mask, eight places at a time, to the
/// hand mask of their cards.
#[derive(Clone, Debug)]
pub struct PackCards {
    bytes: Box<[[u64; 256]; 7]>,
}

impl PackCards {
    /// The tables of `pack`.
    pub fn new(pack: &[u8; 52]) -> PackCards {
        let mut bytes = Box::new([[0u64; 256]; 7]);
        for (b, table) in bytes.iter_mut().enumerate() {
            for v in 1..256usize {
                let place = b * 8 + v.trailing_zeros() as usize;
                let card = pack.get(place).map_or(0, |&c| 1u64 << c);
                table[v] = table[v & (v - 1)] | card;
            }
        }
        PackCards { bytes }
    }

    /// The cards at the places of `places` (bit `p` for place `p`).
    #[inline]
    pub fn cards(&self, places: u64) -> u64 {
        self.bytes.iter().enumerate().fold(0, |cards, (b, table)| cards | table[(places >> (8 * b)) as usize & 0xFF])
    }
}

/// Each draw modulo `count` (the free places, 1 to 52), in one pass the compiler vectorises:
/// the quotient is rounded in single precision, `(x - (count - 1) / 2) / count` lying within
/// `1 / (2 count)` of a whole number below one half from it, far more than its rounding error
/// (at most `2^-7 / count`); adding `1.5 * 2^23` leaves it in the low bits.
fn free_indices(draws: &[u16], out: &mut [u8], count: u32) {
    #[cfg(target_arch = "x86_64")]
    if super::has_avx2() {
        // SAFETY: the processor has AVX2.
        return unsafe { free_indices_avx2(draws, out, count) };
    }
    free_indices_with(draws, out, count)
}

/// [`free_indices`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn free_indices_avx2(draws: &[u16], out: &mut [u8], count: u32) {
    free_indices_with(draws, out, count)
}

/// [`free_indices`], for the instructions the caller is compiled for.
#[inline(always)]
fn free_indices_with(draws: &[u16], out: &mut [u8], count: u32) {
    if count == 0 {
        return;
    }
    let (half, inverse, n) = ((count as f32 - 1.0) / 2.0, 1.0 / count as f32, count as u16);
    for (o, &x) in out.iter_mut().zip(draws) {
        let q = ((x as i32 as f32 - half) * inverse + 12_582_912.0).to_bits() as u16;
        *o = x.wrapping_sub(q.wrapping_mul(n)) as u8;
    }
}

/// One shuffle with every place free: place `p` exchanged with place `drawn[p]`, in order.
#[inline(always)]
fn exchange_all(sigma: &mut [u8; PLACES], drawn: &[u8]) {
    let drawn: &[u8; 52] = drawn.try_into().expect("52 draws");
    for (p, &j) in drawn.iter().enumerate() {
        sigma.swap(p, j as usize % PLACES);
    }
}

/// One shuffle with cards predealt: free place `t` exchanged with free place `drawn[t]`.
#[inline(always)]
fn exchange_free(sigma: &mut [u8; PLACES], free: &[u8; PLACES], drawn: &[u8]) {
    for (&p, &j) in free.iter().zip(drawn) {
        sigma.swap(p as usize % PLACES, free[j as usize % PLACES] as usize % PLACES);
    }
}

/// The `copy`-th swapped copy (from 1) made from the one before: two hands exchanged.
#[inline(always)]
fn exchange_hands(sigma: &mut [u8; PLACES], copy: usize) {
    let (a, b) = EXCHANGES[copy - 1];
    let (left, right) = sigma.split_at_mut(b * 13);
    left[a * 13..a * 13 + 13].swap_with_slice(&mut right[..13]);
}

/// The places east and west hold, and south and west, in two words.
#[inline(always)]
fn seat_places(sigma: &[u8; PLACES]) -> [u64; 2] {
    let hand = |s: usize| sigma[13 * s..13 * s + 13].iter().fold(0u64, |h, &p| h | 1u64 << (p % 64));
    let (east, south, west) = (hand(1), hand(2), hand(3));
    [east | west, south | west]
}

#[cfg(test)]
mod tests {
    use super::super::{ClassicBuild, ClassicDealer, ClassicSwap};
    use super::*;
    use crate::card::Card;

    #[test]
    fn every_draw_goes_to_its_free_place() {
        let draws: Vec<u16> = (0..=u16::MAX).collect();
        let mut out = vec![0u8; draws.len()];
        // With the instructions of this processor, and with those of any x86-64 (SSE2).
        for pass in [free_indices, free_indices_with] {
            for count in 1..=52u32 {
                pass(&draws, &mut out, count);
                for (&x, &j) in draws.iter().zip(&out) {
                    assert_eq!(j as u32, x as u32 % count, "{x} mod {count}");
                }
            }
        }
    }

    #[test]
    fn deals_pack_into_two_words() {
        let mut d = ClassicDealer::new(ClassicBuild::Debian, 3, [&[]; 4], ClassicSwap::None);
        for _ in 0..20 {
            let deal = d.next_deal();
            assert_eq!(words_deal(deal_words(&deal)), deal);
        }
    }

    #[test]
    fn a_pack_gives_the_cards_at_its_places() {
        let pack = ClassicDealer::new(ClassicBuild::Debian, 5, [&[]; 4], ClassicSwap::None).next_deal();
        let mut places = [0u8; 52];
        for (s, hand) in pack.hands.iter().enumerate() {
            for (i, c) in hand.cards().enumerate() {
                places[13 * s + i] = c.position();
            }
        }
        let cards = PackCards::new(&places);
        assert_eq!(cards.cards(0x1FFF << 13), pack.hands[1].0);
        assert_eq!(cards.cards((1 << 52) - 1), ALL_CARDS);
        assert_eq!(cards.cards(1 << 51 | 1), 1 << places[51] | 1 << places[0]);
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

    #[test]
    fn sigma_alone_gives_the_next_pack() {
        let dealer = ClassicDealer::new(ClassicBuild::Debian, 2, [&[]; 4], ClassicSwap::EastSouthWest);
        let (shuffling, mut draws) = (*dealer.shuffling(), Draws::at(dealer.draw_state()));
        let (mut recorded, mut alone) = (Shuffles::default(), Shuffles::default());
        recorded.draw(&shuffling, &mut draws.clone(), 0, 100);
        recorded.shuffle(&shuffling, 0, 100, true);
        alone.draw(&shuffling, &mut draws, 0, 100);
        alone.shuffle(&shuffling, 0, 100, false);
        assert_eq!(recorded.sigma(), alone.sigma());
        assert!(alone.from_words().is_empty());
    }
}
