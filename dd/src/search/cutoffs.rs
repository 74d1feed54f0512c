//! The card that last settled a search at a turn like this one, to try first.
//!
//! A turn is known by what its choice mostly rests on: on lead, the leader's hand; following
//! suit, every card of the suit led still about (those on the table too) and the card winning
//! the trick so far; ruffing or discarding, the hand and what wins the trick so far (in
//! notrump only which seat, the card not mattering); and the strain, the place in the trick
//! and the seat. A hint only: a wrong one costs time, never an answer, so a slot is
//! overwritten by any turn that hashes to it, and its check is short: two bytes a slot keep
//! the table in the processor's second-level cache.

/// How many turns the table remembers, as a power of two.
const BITS: u32 = 16;

/// An empty slot: no card has the place 255.
const NONE: u16 = 0x00FF;

/// The cards that last settled a search, by turn: each slot the turn's check byte (the hash's
/// next eight bits) and the card's place.
pub(crate) struct Cutoffs {
    slots: Box<[u16]>,
}

impl Cutoffs {
    pub(crate) fn new() -> Cutoffs {
        Cutoffs { slots: vec![NONE; 1 << BITS].into_boxed_slice() }
    }

    /// Forgets every card.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(NONE);
    }

    /// The turn's hash, from what it rests on (see the module's text).
    #[inline(always)]
    pub(crate) fn hash(cards: u64, winning: u64, place: u8) -> u64 {
        let context = winning.wrapping_add(u64::from(place)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (cards ^ context).wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }

    /// The slot of `seat` at the turn of `hash`, and the check it holds there.
    #[inline(always)]
    fn slot(hash: u64, seat: usize) -> (usize, u16) {
        let h = hash ^ (seat as u64).wrapping_mul(0xA24B_AED4_963E_E407);
        ((h >> (64 - BITS)) as usize, ((h >> (56 - BITS)) as u16 & 0xFF) << 8)
    }

    /// The card for `seat` to try first at the turn of `hash`, or 0.
    #[inline(always)]
    pub(crate) fn get(&self, hash: u64, seat: usize) -> u64 {
        let (i, check) = Cutoffs::slot(hash, seat);
        let slot = self.slots[i];
        if slot & 0xFF00 == check && slot & 0xFF != NONE {
            1 << (slot & 0xFF)
        } else {
            0
        }
    }

    /// Remembers `card` as the one that settled the turn of `hash` for `seat`.
    #[inline(always)]
    pub(crate) fn put(&mut self, hash: u64, seat: usize, card: u64) {
        let (i, check) = Cutoffs::slot(hash, seat);
        self.slots[i] = check | card.trailing_zeros() as u16;
    }
}
