//! The cards worth trying at a turn, best first: one card of each run of equivalent cards (no
//! card of another hand, nor on the table, between them), ordered by what usually wins.

use super::trick::Trick;
use super::{high, lane_of, Search, LANES};

/// The cards found so far and their scores, best first.
struct Ordered<'a> {
    out: &'a mut [u64],
    scores: [i32; 13],
    n: usize,
    skip: u64,
}

impl Ordered<'_> {
    /// Adds `card` with `score` (`skip` left out).
    #[inline(always)]
    fn add(&mut self, card: u64, score: i32) {
        if card == self.skip {
            return;
        }
        let mut i = self.n;
        while i > 0 && self.scores[i - 1] < score {
            self.scores[i] = self.scores[i - 1];
            self.out[i] = self.out[i - 1];
            i -= 1;
        }
        self.scores[i] = score;
        self.out[i] = card;
        self.n += 1;
    }
}

/// The tops of the runs of `mine` (cards of one suit) among `suit_cards` (the suit's cards
/// still about, `mine` among them): the cards of `mine` whose next higher card is not
/// `mine`'s.
#[inline(always)]
fn run_tops(mine: u64, suit_cards: u64) -> u64 {
    let mut tops = 0;
    let mut rest = mine;
    while rest != 0 {
        let card = rest & rest.wrapping_neg();
        rest ^= card;
        let above = suit_cards & !(card * 2 - 1);
        if above & above.wrapping_neg() & mine == 0 {
            tops |= card;
        }
    }
    tops
}

/// The rank of `card` within its suit (0 for the two).
#[inline(always)]
fn rank(card: u64) -> i32 {
    (card.trailing_zeros() % 16) as i32
}

/// How many cards `cards` holds.
#[inline(always)]
fn count(cards: u64) -> u32 {
    cards.count_ones()
}

/// Whether `cards` holds the card `x` (not 0).
#[inline(always)]
fn has(cards: u64, x: u64) -> bool {
    x != 0 && cards & x == x
}

/// The cards of `cards` above `x`.
#[inline(always)]
fn above(cards: u64, x: u64) -> u64 {
    cards & !(x * 2 - 1)
}

/// Takes the lowest card off `cards` and gives it (`cards` not empty).
#[inline(always)]
fn take_lowest(cards: &mut u64) -> u64 {
    let card = *cards & cards.wrapping_neg();
    *cards ^= card;
    card
}

impl Search {
    /// Whether `card` is one of the cards [`Search::moves`] would give: a card of the seat to
    /// play, legal, the top of its run.
    #[inline(always)]
    pub(crate) fn is_move(&self, t: &Trick, seat: usize, card: u64) -> bool {
        let hand = self.hands[seat];
        if card & hand == 0 || (t.played > 0 && hand & t.led != 0 && card & t.led == 0) {
            return false;
        }
        let lane = lane_of(card);
        let above = (self.remaining() | t.table) & lane & !(card * 2 - 1);
        above & above.wrapping_neg() & hand == 0
    }

    /// Writes the cards to try into `out`, best first, leaving out `skip`; returns how many.
    #[inline(always)]
    pub(crate) fn moves(&self, t: &Trick, skip: u64, out: &mut [u64]) -> usize {
        let seat = t.seat();
        let all = self.remaining() | t.table;
        let mut ordered = Ordered { out, scores: [0; 13], n: 0, skip };
        if t.played == 0 {
            self.leads(seat, all, &mut ordered);
        } else if self.hands[seat] & t.led != 0 {
            self.follows(t, seat, all, &mut ordered);
        } else {
            self.discards(t, seat, all, &mut ordered);
        }
        ordered.n
    }

    /// The leads, by the suit's kind first (a ruff for partner, a finesse through the
    /// opponent on our left, a suit our side holds two of the top three in, any other suit, a
    /// suit whose lead gives the opponent on our right a free finesse, trumps; a suit an
    /// opponent ruffs last), then the top card of the suit before its lowest run, the cards
    /// between last.
    #[inline(always)]
    fn leads(&self, seat: usize, all: u64, ordered: &mut Ordered) {
        let trumps = self.trumps;
        let hand = self.hands[seat];
        let partner_hand = self.hands[seat ^ 2];
        let (lho_hand, rho_hand) = (self.hands[(seat + 1) & 3], self.hands[(seat + 3) & 3]);
        for lane in LANES {
            let mine = hand & lane;
            if mine == 0 {
                continue;
            }
            let suit_cards = all & lane;
            let tops = run_tops(mine, suit_cards);
            let (partner, lho, rho) = (partner_hand & lane, lho_hand & lane, rho_hand & lane);
            let ours = mine | partner;
            let a = high(suit_cards);
            let k = high(suit_cards ^ a);
            let q = high(suit_cards ^ a ^ k);
            let j = high(suit_cards ^ a ^ k ^ q);
            let ten = high(suit_cards ^ a ^ k ^ q ^ j);
            let top = high(mine);
            // The top of the lowest run.
            let bottom = tops & tops.wrapping_neg();
            // The suit's kind, and which of its two edge cards it is for.
            let (kind, edges) = if trumps != 0 && lane == trumps {
                (100, top | bottom)
            } else if trumps != 0 && ((lho_hand & lane == 0 && lho_hand & trumps != 0) || (rho_hand & lane == 0 && rho_hand & trumps != 0)) {
                (0, 0)
            } else if count(partner) >= 2
                && count(lho) >= 2
                && ((has(partner, k) && has(lho, a))
                    || (has(partner, a) && has(lho, k) && (has(partner, q) || has(ours, q | j)))
                    || (has(partner, k) && has(lho, q) && (has(partner, j) || has(ours, j | ten))))
            {
                (500, top | bottom)
            } else if trumps != 0
                && count(mine) >= 2
                && count(rho) >= 2
                && ((has(mine, a) && has(rho, k)) || (has(mine, k) && has(rho, a) && !has(ours, q)))
            {
                (200, top)
            } else if lho != 0 && rho != 0 && count(ours & (a | k | q)) >= 2 {
                (400, top | bottom)
            } else if trumps != 0
                && partner == 0
                && lho != 0
                && rho != 0
                && partner_hand & trumps != 0
                && count(partner_hand & trumps) <= count(hand & trumps)
                && mine & mine.wrapping_neg() != a
            {
                (600, bottom)
            } else {
                (300, top | bottom)
            };
            let mut rest = tops;
            while rest != 0 {
                let card = take_lowest(&mut rest);
                let score = if card & edges == 0 { rank(card) - 100 } else { kind + if card == top { 20 } else { 10 } };
                ordered.add(card, score);
            }
        }
    }

    /// Following suit: low when the top card cannot beat the trick's, or partner wins it (or
    /// will unless the next hand beats a card we cannot), or second hand's partner will;
    /// else the cards that beat the trick's first, the cheapest first when it is sure to
    /// hold, the highest first when not.
    #[inline(always)]
    fn follows(&self, t: &Trick, seat: usize, all: u64, ordered: &mut Ordered) {
        let mine = self.hands[seat] & t.led;
        let tops = run_tops(mine, all & t.led);
        let lho = self.hands[(seat + 1) & 3] & t.led;
        let last = t.played == 3;
        let partner_winning = usize::from(t.winner) & 1 == seat & 1;
        let best = t.best;
        let top = high(mine);
        let low = best & t.led == 0
            || top < best
            || (partner_winning && (last || lho == 0 || best > high(lho) || above(lho, best) == above(lho, top)))
            || (t.played == 1 && {
                let partner_top = high(self.hands[seat ^ 2] & t.led);
                partner_top > best
                    && (lho == 0 || partner_top > high(lho) || (high(lho) > partner_top.max(top) && above(lho, partner_top) == above(lho, top)))
            });
        if low {
            let mut rest = tops;
            while rest != 0 {
                let card = take_lowest(&mut rest);
                ordered.add(card, 100 - rank(card));
            }
            return;
        }
        let beaters = mine & !(best * 2 - 1);
        let cheapest = beaters & beaters.wrapping_neg();
        let sure = last || lho == 0 || cheapest > high(lho);
        let mut rest = tops;
        while rest != 0 {
            let card = take_lowest(&mut rest);
            let score = if card & beaters == 0 {
                100 - rank(card)
            } else if sure {
                200 - rank(card)
            } else {
                200 + rank(card)
            };
            ordered.add(card, score);
        }
    }

    /// Void in the suit led: a ruff when partner's card is not sure to win the trick (an
    /// overruff, the cheapest first; the lowest trump when it is sure to hold, else trumps
    /// from the lowest), then the lowest card of each side suit, first of the suit where we
    /// hold the most cards more than partner, the other cards last, highest first.
    #[inline(always)]
    fn discards(&self, t: &Trick, seat: usize, all: u64, ordered: &mut Ordered) {
        let trumps = self.trumps;
        let hand = self.hands[seat];
        let lho_hand = self.hands[(seat + 1) & 3];
        let lho = lho_hand & t.led;
        let last = t.played == 3;
        let partner_winning = usize::from(t.winner) & 1 == seat & 1;
        for lane in LANES {
            let mine = hand & lane;
            if mine == 0 {
                continue;
            }
            let tops = run_tops(mine, all & lane);
            let bottom = tops & tops.wrapping_neg();
            if lane == trumps {
                let safe = partner_winning && (last || (lho != 0 && t.best > high(lho)));
                let (favoured, cheapest_first) = if safe {
                    (0, false)
                } else if t.best & trumps != 0 {
                    (if partner_winning { 0 } else { mine & !(t.best * 2 - 1) }, true)
                } else if last || lho != 0 || lho_hand & trumps == 0 {
                    (bottom, true)
                } else {
                    (mine, true)
                };
                let mut rest = tops;
                while rest != 0 {
                    let card = take_lowest(&mut rest);
                    let score = if card & favoured != 0 && cheapest_first { 300 - rank(card) } else { rank(card) };
                    ordered.add(card, score);
                }
            } else {
                // Away from our longer suit first, and from one partner is short in.
                let spare = count(mine) as i32 - count(self.hands[seat ^ 2] & lane) as i32;
                let mut rest = tops;
                while rest != 0 {
                    let card = take_lowest(&mut rest);
                    ordered.add(card, if card == bottom { 200 + spare } else { rank(card) });
                }
            }
        }
    }
}
