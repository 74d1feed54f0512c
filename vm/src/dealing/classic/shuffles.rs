//! Classic Dealer's shuffles: what they share ([`Shuffling`]: the free places, the draws
//! accepted, the swapping, [`ClassicSwap`]), and a batch of deals worked out on the places,
//! before the cards are known ([`Shuffles`]).
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
use crate::card::{Deal, Hand, ALL_CARDS};

/// Half a pack of places: a draw index or a place always lies below it.
const PLACES: usize = 64;

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
pub(super) const EXCHANGES: [(usize, usize); 5] = [(1, 3), (2, 3), (1, 2), (1, 3), (2, 3)];

/// The draws of one place: 16 bits of a `rand()` value.
pub(super) const DRAW_RANGE: u32 = 1 << 16;

/// What every shuffle of a run shares: the places not predealt, the draws that map to them,
/// and the swapping.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shuffling {
    /// The places not predealt, in order; only the first `free_count` are used.
    pub(super) free: [u8; 52],
    pub(super) free_count: u32,
    /// Draws (16 bits) below this map to a place; the others are drawn again.
    pub(super) accept_below: u32,
    /// `2^32 / free_count + 1`, to take a draw modulo `free_count` without dividing.
    pub(super) reciprocal: u64,
    pub(super) swap: ClassicSwap,
}

impl Shuffling {
    /// The shuffles of the `free_count` places `free` (the first ones of the array), swapping
    /// as `swap` says: a draw past the last whole repetition of the free places in 2^16 is
    /// drawn again.
    pub(super) fn new(free: [u8; 52], free_count: u32, swap: ClassicSwap) -> Shuffling {
        let (accept_below, reciprocal) = match free_count {
            0 => (0, 0),
            n => (DRAW_RANGE - DRAW_RANGE % n, (1u64 << 32) / n as u64 + 1),
        };
        Shuffling { free, free_count, accept_below, reciprocal, swap }
    }

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
                0 if shuffling.free_count > 0 => exchange_free(&mut sigma, &free, drawn.next().expect("the batch's draws")),
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
    if crate::cpu::wide() {
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
    if count == 52 {
        // Nothing predealt: x / 52 is the high half of x * 40330 shifted by 5 more, exact for
        // every draw (the error of 40330 / 2^21 stays under 2^-16 / 52), on 16-bit lanes.
        for (o, &x) in out.iter_mut().zip(draws) {
            let q = (((x as u32 * 40_330) >> 16) as u16) >> 5;
            *o = x.wrapping_sub(q.wrapping_mul(52)) as u8;
        }
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
    use super::super::draws::DrawState;
    use super::super::numbers::GlibcRand;
    use super::*;

    /// A pack in some order: the 52 cards' positions shuffled by a small generator.
    fn some_pack(seed: u64) -> [u8; 52] {
        let mut pack: [u8; 52] = std::array::from_fn(|p| (p / 13 * 16 + p % 13) as u8);
        let mut x = seed;
        for p in (1..52).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            pack.swap(p, (x >> 33) as usize % (p + 1));
        }
        pack
    }

    /// The deal a pack holds, 13 places to a seat.
    fn pack_deal(pack: &[u8; 52]) -> Deal {
        Deal { hands: std::array::from_fn(|s| Hand(pack[13 * s..13 * s + 13].iter().fold(0, |h, &c| h | 1 << c))) }
    }

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
        for seed in 0..20 {
            let deal = pack_deal(&some_pack(seed));
            assert_eq!(words_deal(deal_words(&deal)), deal);
        }
    }

    #[test]
    fn a_pack_gives_the_cards_at_its_places() {
        let places = some_pack(5);
        let deal = pack_deal(&places);
        let cards = PackCards::new(&places);
        assert_eq!(cards.cards(0x1FFF << 13), deal.hands[1].0);
        assert_eq!(cards.cards((1 << 52) - 1), ALL_CARDS);
        assert_eq!(cards.cards(1 << 51 | 1), 1 << places[51] | 1 << places[0]);
        // The cards of a deal on the places of a pack, then the pack after it.
        let sigma = some_pack(6).map(|c| c / 16 * 13 + c % 16);
        let after: [u8; 52] = std::array::from_fn(|p| places[sigma[p] as usize]);
        assert_eq!(next_pack(&places, &sigma), after);
    }

    #[test]
    fn sigma_alone_gives_the_next_pack() {
        let shuffling = Shuffling::new(std::array::from_fn(|p| p as u8), 52, ClassicSwap::EastSouthWest);
        let mut draws = Draws::at(DrawState::glibc(GlibcRand::new(2).words()));
        let (mut recorded, mut alone) = (Shuffles::default(), Shuffles::default());
        recorded.draw(&shuffling, &mut draws.clone(), 0, 100);
        recorded.shuffle(&shuffling, 0, 100, true);
        alone.draw(&shuffling, &mut draws, 0, 100);
        alone.shuffle(&shuffling, 0, 100, false);
        assert_eq!(recorded.sigma(), alone.sigma());
        assert!(alone.from_words().is_empty());
        assert_eq!(recorded.from_words().len(), 100);
    }
}
