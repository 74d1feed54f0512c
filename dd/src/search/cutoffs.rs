//! The card that last settled a search at a turn like this one, to try first.
//!
//! A turn is known by what its choice mostly rests on: on lead, the leader's hand; following
//! suit, every card of the suit led still about (those on the table too) and the card winning
//! the trick so far; ruffing or discarding, the hand and what wins the trick so far (in
//! notrump only which seat, the card not mattering); and the strain and the place in the
//! trick. Each seat keeps a card of its own. A hint only: a wrong one costs time, never an answer, so a slot is overwritten by
//! any turn that hashes to it, and its check is short.

/// How many turns the table remembers, as a power of two.
const BITS: u32 = 16;

#[derive(Copy, Clone, Default)]
struct Slot {
    /// The turn's hash's upper half, to tell turns that share a slot apart.
    check: u32,
    /// The card to try first (its bit's place), or `NONE`, by seat.
    cards: [u8; 4],
}

const NONE: u8 = u8::MAX;

/// The cards that last settled a search, by turn.
pub(crate) struct Cutoffs {
    slots: Box<[Slot]>,
}

impl Cutoffs {
    pub(crate) fn new() -> Cutoffs {
        Cutoffs { slots: vec![Slot { check: 0, cards: [NONE; 4] }; 1 << BITS].into_boxed_slice() }
    }

    /// Forgets every card.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Slot { check: 0, cards: [NONE; 4] });
    }

    /// The turn's hash, from what it rests on (see the module's text).
    #[inline(always)]
    pub(crate) fn hash(cards: u64, winning: u64, place: u8) -> u64 {
        let context = winning.wrapping_add(u64::from(place)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (cards ^ context).wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }

    /// The card for `seat` to try first at the turn of `hash`, or 0.
    #[inline(always)]
    pub(crate) fn get(&self, hash: u64, seat: usize) -> u64 {
        let slot = &self.slots[(hash >> (64 - BITS)) as usize];
        let card = slot.cards[seat];
        if slot.check == hash as u32 && card != NONE {
            1 << card
        } else {
            0
        }
    }

    /// Remembers `card` as the one that settled the turn of `hash`.
    #[inline(always)]
    pub(crate) fn put(&mut self, hash: u64, seat: usize, card: u64) {
        let slot = &mut self.slots[(hash >> (64 - BITS)) as usize];
        if slot.check != hash as u32 {
            *slot = Slot { check: hash as u32, cards: [NONE; 4] };
        }
        slot.cards[seat] = card.trailing_zeros() as u8;
    }
}
