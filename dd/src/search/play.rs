//! The search itself: a trick at a time, a card at a time, each question a yes-or-no one
//! ("do North-South take at least `target` of the tricks left?") answered with a bound on
//! their tricks that settles it (the sure tricks counted, a pattern's bound, the best of the
//! cards tried), with the sure tricks (`bounds`) and the transposition table (`cache`)
//! consulted at the start of each trick, and the card that last settled a turn like it
//! (`cutoffs`) tried first at each turn.

use super::cache::{Key, Probe};
use super::cutoffs::Cutoffs;
use super::isa::Isa;
use super::trick::Trick;
use super::{high, lane_of, Search, LANES};

/// The fewest tricks left at which the transposition table is consulted: with two, a search
/// costs less than a look-up (measured).
const TABLE_FROM: i32 = 3;

impl Search {
    /// All the cards still in the hands.
    #[inline(always)]
    pub(crate) fn remaining(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// [`Search::trick`], in copy `I`.
    #[inline(always)]
    pub(crate) fn trick_in<I: Isa>(&mut self, leader: usize, target: i32, relevant: &mut u64) -> i32 {
        let left = self.cards_left(leader) as i32;
        *relevant = 0;
        if target <= 0 {
            return 0;
        }
        if target > left {
            return left;
        }
        let all = self.remaining();
        if left >= TABLE_FROM {
            self.cache.prefetch(self.shape, self.lead(leader));
        }
        if left == 1 {
            let t = self.last_trick(leader);
            *relevant = t.rank_winner();
            return i32::from(t.winner & 1 == 0);
        }
        if let Some((bound, cards)) = self.sure_bound(leader, all, left, target) {
            // The cards it rests on as a pattern holds them (a suit's lowest run that one hand
            // holds says nothing the lengths do not), so that the patterns above are general.
            *relevant = self.region(cards, all);
            return bound;
        }
        if left < TABLE_FROM {
            return I::node(self, Trick::new(leader), target, relevant);
        }
        let key = self.key(leader, all);
        if let Probe::Settled(value, places) = self.cache.probe(&key, target) {
            *relevant = self.bits.pdep(places, all);
            return value;
        }
        let value = I::node(self, Trick::new(leader), target, relevant);
        let region = self.region(*relevant, all);
        *relevant = region;
        let places = self.bits.pext(region, all);
        if value >= target {
            self.cache.put(&key, places, value as i8, left as i8);
        } else {
            self.cache.put(&key, places, 0, value as i8);
        }
        value
    }

    /// A bound on North-South's tricks that settles whether they reach `target` without a
    /// search, from the tricks either side is sure of (`bounds`), and the cards it rests on.
    #[inline(always)]
    fn sure_bound(&self, leader: usize, all: u64, left: i32, target: i32) -> Option<(i32, u64)> {
        // The tricks the side on lead needs: North-South's target, or enough to hold them
        // below it.
        let needed = if leader & 1 == 0 { target } else { left - target + 1 };
        if let Some((n, cards)) = self.quick_tricks(leader, all, needed) {
            return Some((if leader & 1 == 0 { n as i32 } else { left - n as i32 }, cards));
        }
        // The tricks the other side takes whatever the side on lead does.
        let (sure, cards) = self.sure_for_others(leader, all);
        if needed > left - sure {
            return Some((if leader & 1 == 0 { left - sure } else { sure }, cards));
        }
        // With no trumps about, a side on lead that needs every trick left takes at most, in
        // each suit whose top card it holds, as many tricks as its longer hand there has cards.
        let needs_all = if leader & 1 == 0 { target == left } else { target == 1 };
        if needs_all && self.trumps & all == 0 {
            let (most, theirs) = self.most_in_own_suits(leader, all);
            if most > 0 && most < left {
                return Some((if leader & 1 == 0 { target - 1 } else { target }, theirs));
            }
        }
        None
    }

    /// [`Search::node`], in copy `I`.
    #[inline(always)]
    pub(crate) fn node_in<I: Isa>(&mut self, t: Trick, target: i32, relevant: &mut u64) -> i32 {
        let seat = t.seat();
        let north_south = seat & 1 == 0;
        // Second hand's side needing one trick more, and sure of this one.
        if t.played == 1 {
            let left = self.cards_left(seat) as i32;
            let needs = if north_south { target } else { left - target + 1 };
            if needs == 1 {
                if let Some(cards) = self.second_hand_wins(&t, seat) {
                    *relevant = cards;
                    return if north_south { target } else { target - 1 };
                }
            }
        }
        // The card that last settled such a turn, tried before the others are even found
        // (unless the seat has but one card it may play).
        let hand = self.hands[seat];
        let legal = if t.played > 0 && hand & t.led != 0 { hand & t.led } else { hand };
        let forced = legal & (legal - 1) == 0;
        let turn = if forced { 0 } else { self.turn(&t, seat) };
        let first = if forced { legal } else { self.cutoffs.get(turn, seat) };
        let mut moves = [0u64; 13];
        let early = if forced || self.is_move(&t, seat, first) { first } else { 0 };
        let mut n = if early != 0 {
            moves[0] = early;
            1
        } else {
            self.moves(&t, 0, &mut moves)
        };
        let mut all_tried = 0;
        // The best bound for the side to play among the cards tried.
        let mut best = if north_south { 0 } else { i32::MAX };
        // Cards that fare as one already tried: below the lowest card whose rank mattered to
        // its answer, in its suit, it lying below that card too.
        let mut alike = 0;
        let mut i = 0;
        while i < n {
            let card = moves[i];
            i += 1;
            if card & alike != 0 {
                continue;
            }
            self.play(seat, card);
            let next = t.after(card, self.trumps);
            let mut rel = 0;
            let value = if next.played == 4 {
                self.tricks_played += 1;
                let won = i32::from(next.winner & 1 == 0);
                let v = I::trick(self, usize::from(next.winner), target - won, &mut rel);
                rel |= next.rank_winner();
                v + won
            } else {
                I::node(self, next, target, &mut rel)
            };
            self.take_back(seat, card);
            if (value >= target) == north_south {
                if card != first {
                    self.cutoffs.put(turn, seat, card);
                }
                *relevant = rel;
                return value;
            }
            // The rest of the cards, found only when the first did not settle the turn.
            if i == 1 && early != 0 && !forced {
                n += self.moves(&t, early, &mut moves[1..]);
            }
            best = if north_south { best.max(value) } else { best.min(value) };
            all_tried |= rel;
            let lane = lane_of(card);
            let mattered = rel & lane;
            let below = if mattered == 0 { lane } else { (mattered & mattered.wrapping_neg()) - 1 };
            if card & below != 0 {
                alike |= below & lane;
            }
        }
        *relevant = all_tried;
        best
    }

    /// The turn's hash in the table of cards that settled searches ([`Cutoffs`]).
    #[inline(always)]
    fn turn(&self, t: &Trick, seat: usize) -> u64 {
        if t.played == 0 {
            Cutoffs::hash(self.hands[seat], 0, self.strain as u8 * 4)
        } else if self.hands[seat] & t.led != 0 {
            Cutoffs::hash((self.remaining() | t.table) & t.led, t.best, self.strain as u8 * 4 + t.played)
        } else {
            let winning = if self.trumps == 0 { u64::from(t.winner) } else { t.best };
            Cutoffs::hash(self.hands[seat], winning | 1 << 63, self.strain as u8 * 4 + t.played)
        }
    }

    /// The cards a proof resting on the ranks of `relevant` holds for, among `all`: each
    /// suit's cards from the top down to its lowest relevant card, and on down through the
    /// cards of the same hand below it (the search tried one card of such a run for all, which
    /// stands for the others only where they lie alike). Where that reaches the suit's lowest
    /// card, the hand's lowest run is left out: the hands' lengths say who holds it once the
    /// cards above lie as they do (as Alex Xue's bridge-solver does).
    #[inline(always)]
    fn region(&self, relevant: u64, all: u64) -> u64 {
        let mut region = 0;
        for lane in LANES {
            let r = relevant & lane;
            if r == 0 {
                continue;
            }
            let mut low = r & r.wrapping_neg();
            let owner = self.owner(low);
            // On down to the next lower card while it is the same hand's.
            loop {
                let below = all & lane & (low - 1);
                if below == 0 {
                    // The suit's lowest cards, all one hand's: from the lowest card of
                    // another hand above them up (none: the suit is left out).
                    let above = all & lane & !owner & !(low - 1);
                    low = above & above.wrapping_neg();
                    break;
                }
                let next = high(below);
                if next & owner == 0 {
                    break;
                }
                low = next;
            }
            if low != 0 {
                region |= all & lane & !(low - 1);
            }
        }
        region
    }

    /// The hand holding `card` (0 if none).
    #[inline(always)]
    fn owner(&self, card: u64) -> u64 {
        let [a, b, c, d] = self.hands;
        if a & card != 0 {
            a
        } else if b & card != 0 {
            b
        } else if c & card != 0 {
            c
        } else if d & card != 0 {
            d
        } else {
            0
        }
    }

    /// The last trick, each hand holding one card, played.
    #[inline(always)]
    fn last_trick(&self, leader: usize) -> Trick {
        let mut t = Trick::new(leader);
        for _ in 0..4 {
            t = t.after(self.hands[t.seat()], self.trumps);
        }
        t
    }

    /// `seat` plays `card`.
    #[inline(always)]
    pub(crate) fn play(&mut self, seat: usize, card: u64) {
        self.hands[seat] ^= card;
        self.shape -= 1 << (16 * seat as u32 + (card.trailing_zeros() & !15) / 4);
    }

    /// `seat` takes `card` back.
    #[inline(always)]
    pub(crate) fn take_back(&mut self, seat: usize, card: u64) {
        self.hands[seat] ^= card;
        self.shape += 1 << (16 * seat as u32 + (card.trailing_zeros() & !15) / 4);
    }

    /// How many cards of suit `s` `seat` holds.
    #[inline(always)]
    pub(crate) fn length(&self, seat: usize, s: usize) -> u32 {
        (self.shape >> (4 * (4 * seat + s))) as u32 & 15
    }

    /// How many cards `seat` holds.
    #[inline(always)]
    pub(crate) fn cards_left(&self, seat: usize) -> u32 {
        let x = (self.shape >> (16 * seat)) & 0xFFFF;
        let x = (x & 0x0F0F) + ((x >> 4) & 0x0F0F);
        ((x & 0xFF) + (x >> 8)) as u32
    }

    /// The key's seat on lead and strain.
    #[inline(always)]
    fn lead(&self, leader: usize) -> u8 {
        // With no trump left the play is notrump's: such positions share notrump's patterns.
        let strain = if self.trumps & self.remaining() == 0 { 4 } else { self.strain as u8 };
        leader as u8 | strain << 2
    }

    /// The position's key in the transposition table.
    #[inline(always)]
    fn key(&self, leader: usize, all: u64) -> Key {
        let shape = self.shape;
        let east = self.bits.pext(self.hands[1], all);
        let south = self.bits.pext(self.hands[2], all);
        let west = self.bits.pext(self.hands[3], all);
        Key { owners: [east | west, south | west], shape, lead: self.lead(leader) }
    }
}
