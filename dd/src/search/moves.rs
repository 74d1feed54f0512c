//! The cards worth trying at a turn, best first: one card of each run of equivalent cards (no
//! card of another hand, nor on the table, between them), ordered by what usually wins.

use super::play::Trick;
use super::{high, lane_of, Search, LANES};

impl Search {
    /// Whether `card` is one of the cards [`Search::moves`] would give: a card of the seat to
    /// play, legal, the top of its run.
    #[inline]
    pub(crate) fn is_move(&self, t: &Trick, seat: usize, card: u64) -> bool {
        let hand = self.hands[seat];
        if card & hand == 0 || (t.played > 0 && hand & t.led != 0 && card & t.led == 0) {
            return false;
        }
        let lane = lane_of(card);
        let above = (self.remaining() | t.table) & lane & !(card * 2 - 1);
        above & above.wrapping_neg() & hand == 0
    }

    /// Writes the cards to try into `out`, best first (`hint` first when it is one of them),
    /// leaving out `skip`; returns how many.
    pub(crate) fn moves(&self, t: &Trick, hint: u64, skip: u64, out: &mut [u64]) -> usize {
        let seat = t.seat();
        let hand = self.hands[seat];
        let legal = if t.played > 0 && hand & t.led != 0 { hand & t.led } else { hand };
        let all = self.remaining() | t.table;
        let mut scores = [0i32; 13];
        let mut n = 0;
        for &lane in &LANES {
            let mine = legal & lane;
            if mine == 0 {
                continue;
            }
            let suit_cards = all & lane;
            let mut rest = mine;
            while rest != 0 {
                let card = rest & rest.wrapping_neg();
                rest ^= card;
                // The top of a run: the next higher card, if any, is not the same hand's.
                let above = suit_cards & !(card * 2 - 1);
                if above & above.wrapping_neg() & mine != 0 {
                    continue;
                }
                if card == skip {
                    continue;
                }
                let score = if card == hint { 1 << 29 } else { self.score(t, seat, card, lane, suit_cards) };
                // Insertion, best first.
                let mut i = n;
                while i > 0 && scores[i - 1] < score {
                    scores[i] = scores[i - 1];
                    out[i] = out[i - 1];
                    i -= 1;
                }
                scores[i] = score;
                out[i] = card;
                n += 1;
            }
        }
        n
    }

    /// How promising `card` (of the suit in `lane`, whose cards still about are `suit_cards`) is for
    /// `seat` to play to trick `t`: higher is tried first.
    #[inline]
    fn score(&self, t: &Trick, seat: usize, card: u64, lane: u64, suit_cards: u64) -> i32 {
        if t.played == 0 {
            self.lead_score(seat, card, lane, suit_cards)
        } else {
            self.follow_score(t, seat, card, lane, suit_cards)
        }
    }

    /// How promising leading `card` is (of the suit in `lane`, whose cards still about are
    /// `suit_cards`): the suit's kind first (a ruff for partner, a finesse through the
    /// opponent on our left, a suit our side holds two of the top three in, any other suit, a
    /// suit whose lead gives the opponent on our right a free finesse, trumps; a suit an
    /// opponent ruffs last), then the top card of the suit, then its lowest run.
    fn lead_score(&self, seat: usize, card: u64, lane: u64, suit_cards: u64) -> i32 {
        let trumps = self.trumps;
        let mine = self.hands[seat] & lane;
        let partner = self.hands[seat ^ 2] & lane;
        let lho = self.hands[(seat + 1) & 3] & lane;
        let rho = self.hands[(seat + 3) & 3] & lane;
        let ours = mine | partner;
        let a = high(suit_cards);
        let k = high(suit_cards ^ a);
        let q = high(suit_cards ^ a ^ k);
        let j = high(suit_cards ^ a ^ k ^ q);
        let ten = high(suit_cards ^ a ^ k ^ q ^ j);
        let top = card == high(mine);
        let lowest = mine & mine.wrapping_neg();
        let bottom = lowest_run(mine, card, suit_cards);
        let rank = (card.trailing_zeros() % 16) as i32;
        let edge = if top {
            20
        } else if bottom {
            10
        } else {
            return rank - 100;
        };
        let n = |c: u64| c.count_ones();
        let has = |c: u64, x: u64| x != 0 && c & x == x;
        let kind = if trumps != 0 && lane == trumps {
            100
        } else if trumps != 0 && [(seat + 1) & 3, (seat + 3) & 3].iter().any(|&o| self.hands[o] & lane == 0 && self.hands[o] & trumps != 0) {
            return rank - 100;
        } else if n(partner) >= 2
            && n(lho) >= 2
            && ((has(partner, k) && has(lho, a))
                || (has(partner, a) && has(lho, k) && (has(partner, q) || has(ours, q | j)))
                || (has(partner, k) && has(lho, q) && (has(partner, j) || has(ours, j | ten))))
        {
            500
        } else if trumps != 0 && n(mine) >= 2 && n(rho) >= 2 && ((has(mine, a) && has(rho, k)) || (has(mine, k) && has(rho, a) && !has(ours, q))) {
            if !top {
                return rank - 100;
            }
            200
        } else if lho != 0 && rho != 0 && n(ours & (a | k | q)) >= 2 {
            400
        } else if trumps != 0
            && partner == 0
            && lho != 0
            && rho != 0
            && self.hands[seat ^ 2] & trumps != 0
            && n(self.hands[seat ^ 2] & trumps) <= n(self.hands[seat] & trumps)
            && lowest != a
        {
            if !bottom {
                return rank - 100;
            }
            600
        } else {
            300
        };
        kind + edge
    }

    /// How promising playing `card` to trick `t` is for a hand that is not on lead.
    fn follow_score(&self, t: &Trick, seat: usize, card: u64, lane: u64, suit_cards: u64) -> i32 {
        let trumps = self.trumps;
        let rank = (card.trailing_zeros() % 16) as i32;
        let hand = self.hands[seat];
        let lho = self.hands[(seat + 1) & 3] & t.led;
        let last = t.played == 3;
        let partner_winning = usize::from(t.winner) & 1 == seat & 1;
        if hand & t.led != 0 {
            let mine = hand & t.led;
            let best = t.best;
            let top = high(mine);
            let leading_suit = best & t.led != 0;
            // My top card cannot beat the trick's: low.
            if !leading_suit || top < best {
                return 100 - rank;
            }
            // Partner wins, or will unless the next hand beats a card I cannot.
            let above = |x: u64| lho & !(x * 2 - 1);
            if partner_winning && (last || lho == 0 || best > high(lho) || above(best) == above(top)) {
                return 100 - rank;
            }
            if t.played == 1 {
                let partner = self.hands[seat ^ 2] & t.led;
                let ptop = high(partner);
                if ptop > best {
                    if lho != 0 && high(lho) > ptop.max(top) && above(ptop) == above(top) {
                        return 100 - rank;
                    }
                    if lho == 0 || ptop > high(lho) {
                        return 100 - rank;
                    }
                }
            }
            if card > best {
                let cheapest = mine & !(best * 2 - 1);
                let cheapest = cheapest & cheapest.wrapping_neg();
                if last || lho == 0 || cheapest > high(lho) {
                    return 200 - rank;
                }
                return 200 + rank;
            }
            return 100 - rank;
        }
        if card & trumps != 0 {
            let lho_hand = self.hands[(seat + 1) & 3];
            let safe = partner_winning && (last || (lho != 0 && t.best > high(lho)));
            if safe {
                return rank;
            }
            if t.best & trumps != 0 {
                if !partner_winning && card > t.best {
                    return 300 - rank;
                }
                return rank;
            }
            if last || lho != 0 || lho_hand & trumps == 0 {
                return if lowest_run(hand & trumps, card, suit_cards) { 300 } else { rank };
            }
            return 300 - rank;
        }
        let mine = hand & lane;
        if lowest_run(mine, card, suit_cards) {
            return 200 + mine.count_ones() as i32;
        }
        rank
    }
}

/// Whether `card` (of `mine`, in a suit whose cards about are `suit_cards`) is as low as
/// `mine`'s lowest card: no card of another hand lies between them.
#[inline]
fn lowest_run(mine: u64, card: u64, suit_cards: u64) -> bool {
    let lowest = mine & mine.wrapping_neg();
    suit_cards & (card - 1) & !(lowest - 1) & !mine == 0
}
