//! A trick in play: who led, what was led, the cards on the table and which of them wins.

use super::lane_of;

/// A trick in play.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Trick {
    /// The seat that led to it.
    pub(crate) leader: u8,
    /// Cards on the table (0 to 3; 4 once complete).
    pub(crate) played: u8,
    /// The suit led (its lane of bits), 0 before the lead.
    pub(crate) led: u64,
    /// The card winning the trick so far.
    pub(crate) best: u64,
    /// The seat that played it.
    pub(crate) winner: u8,
    /// The cards on the table.
    pub(crate) table: u64,
}

impl Trick {
    /// A trick `leader` is about to lead to.
    pub(crate) fn new(leader: usize) -> Trick {
        Trick { leader: leader as u8, played: 0, led: 0, best: 0, winner: leader as u8, table: 0 }
    }

    /// The seat to play.
    #[inline(always)]
    pub(crate) fn seat(&self) -> usize {
        usize::from((self.leader + self.played) & 3)
    }

    /// Whether `card` would win the trick over the cards on the table.
    #[inline(always)]
    pub(crate) fn beats(&self, card: u64, trumps: u64) -> bool {
        if card & lane_of(self.best) != 0 {
            card > self.best
        } else {
            card & trumps != 0
        }
    }

    /// The trick after the seat to play plays `card`.
    #[inline(always)]
    pub(crate) fn after(&self, card: u64, trumps: u64) -> Trick {
        let seat = self.seat() as u8;
        let mut t = *self;
        if self.played == 0 {
            t.led = lane_of(card);
            t.best = card;
            t.winner = seat;
        } else if self.beats(card, trumps) {
            t.best = card;
            t.winner = seat;
        }
        t.played += 1;
        t.table |= card;
        t
    }

    /// The winning card if it won by its rank (over a lower card of its suit), else nothing.
    #[inline(always)]
    pub(crate) fn rank_winner(&self) -> u64 {
        if self.table & lane_of(self.best) & !self.best != 0 {
            self.best
        } else {
            0
        }
    }
}
