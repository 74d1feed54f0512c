//! The cards worth trying at a turn, best first: one card of each run of equivalent cards (no
//! card of another hand, nor on the table, between them), ordered by what usually wins.

use super::play::Trick;
use super::{high, Search, LANES};

impl Search {
    /// Writes the cards to try into `out`, best first (on lead, the card that last settled a
    /// search on lead with as many tricks left first of all; then `hint` when it is one of
    /// them); returns how many.
    pub(crate) fn moves(&self, t: &Trick, hint: u64, out: &mut [u64; 13]) -> usize {
        let seat = t.seat();
        let hand = self.hands[seat];
        let legal = if t.played > 0 && hand & t.led != 0 { hand & t.led } else { hand };
        let all = self.remaining() | t.table;
        let settled = if t.played == 0 { self.leads_that_settled[self.cards_left(seat) as usize] } else { 0 };
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
                let score = if card == settled {
                    1 << 30
                } else if card == hint {
                    1 << 29
                } else {
                    self.score(t, seat, card, lane, suit_cards)
                };
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
    fn score(&self, t: &Trick, seat: usize, card: u64, lane: u64, suit_cards: u64) -> i32 {
        let rank = (card.trailing_zeros() % 16) as i32;
        let trumps = self.trumps;
        if t.played == 0 {
            let partner = self.hands[seat ^ 2];
            let opponents = [self.hands[(seat + 1) & 3], self.hands[(seat + 3) & 3]];
            let top = high(suit_cards);
            let second = high(suit_cards ^ top);
            // A suit whose top card an opponent holds and whose second card our side does:
            // leading it sets that card up, best with the top card before it.
            let setting_up = match (partner & second != 0, self.hands[seat] & second != 0) {
                (true, _) if opponents[0] & top != 0 => 100,
                (true, _) if opponents[1] & top != 0 => 40,
                (_, true) if opponents[0] & top != 0 => 100,
                (_, true) if opponents[1] & top != 0 => 60,
                _ => 0,
            };
            let mut score = if card == top {
                100
            } else if partner & top != 0 {
                60 - rank
            } else {
                40 - rank + setting_up
            };
            if trumps != 0 && lane != trumps {
                if opponents.iter().any(|&o| o & lane == 0 && o & trumps != 0) {
                    score -= 100;
                }
                if partner & lane == 0 && partner & trumps != 0 && opponents.iter().all(|&o| o & lane != 0) {
                    score += 30;
                }
            }
            return score;
        }
        let partner_wins = usize::from(t.winner) & 1 == seat & 1;
        let beats = t.beats(card, trumps);
        if card & t.led != 0 && t.played == 2 {
            // Third hand, the fourth still to play: low when partner's card holds the trick,
            // else the cheapest card sure to win it, else low.
            let next = self.hands[(seat + 1) & 3];
            let fourth = next & t.led;
            let fourth_ruffs = fourth == 0 && trumps != 0 && t.led != trumps && next & trumps != 0;
            let holds = !fourth_ruffs && t.best & t.led != 0;
            return if partner_wins && holds && t.best > high(fourth) {
                90 - rank
            } else if beats && holds && card > high(fourth) {
                100 - rank
            } else {
                80 - rank
            };
        }
        if card & t.led != 0 && t.played == 1 {
            // Second hand, the third hand and partner still to play: low when partner can beat
            // them both, else a card sure to beat the third hand, else low.
            let next = self.hands[(seat + 1) & 3];
            let third = next & t.led;
            let third_ruffs = third == 0 && trumps != 0 && t.led != trumps && next & trumps != 0;
            let partner_cards = self.hands[seat ^ 2] & t.led;
            return if !third_ruffs && high(partner_cards) > t.best.max(high(third)) {
                90 - rank
            } else if beats && !third_ruffs && card > high(third) {
                85 - rank
            } else {
                80 - rank
            };
        }
        if card & t.led != 0 {
            if partner_wins {
                90 - rank
            } else if beats {
                if t.played >= 2 {
                    100 - rank
                } else {
                    60 - rank
                }
            } else {
                80 - rank
            }
        } else if card & trumps != 0 {
            if partner_wins && t.played == 3 {
                -rank
            } else if beats {
                95 - rank
            } else {
                10 - rank
            }
        } else {
            40 - rank + 2 * self.length(seat, (lane.trailing_zeros() / 16) as usize) as i32
        }
    }
}
