//! Tricks a side is sure of, found without a search, at a trick's start (and at the second
//! hand's turn): the side on lead's top cards cashed from one hand or both, its top trumps;
//! the other side's top trumps, its king behind our ace, in notrump the top cards of every
//! suit the leader can lead. Each bound gives the cards whose ranks it rests on, as the
//! search's answers do.

use super::trick::Trick;
use super::{high, Search, LANES};

impl Search {
    /// Whether second hand's side wins trick `t` whatever the third hand does, and if so the
    /// card that rests on (0 for a ruff): one of them can ruff and the third hand cannot
    /// overruff; or they hold a card of the suit led above the card led and all the third
    /// hand's, and the third hand cannot ruff.
    #[inline(always)]
    pub(crate) fn second_hand_wins(&self, t: &Trick, seat: usize) -> Option<u64> {
        let (partner, third) = (seat ^ 2, (seat + 1) & 3);
        let trumps = self.trumps;
        let ruffs = |h: u64| trumps != 0 && t.led != trumps && h & t.led == 0 && h & trumps != 0;
        if ruffs(self.hands[third]) {
            return None;
        }
        if ruffs(self.hands[seat]) || ruffs(self.hands[partner]) {
            return Some(0);
        }
        let top = high((self.hands[seat] | self.hands[partner]) & t.led);
        (top > t.best && top > high(self.hands[third] & t.led)).then_some(top)
    }

    /// Whether the side on lead takes `needed` tricks whatever the others do, and if so how
    /// many it is sure of (`needed`, or more where both hands' top cards give more) and the
    /// cards that rests on: the leader's top cards cashed from the top, side suits first, then
    /// trumps; or, if those are too few, all of them and then a card led to the top cards
    /// partner holds in a suit, partner cashing its top cards in the suits the leader did not
    /// (when partner has cards enough to spare its own while the leader cashes); or, for one
    /// trick, the top trump. A side suit is cashed as far as every opponent who could ruff
    /// still follows.
    #[inline(always)]
    pub(crate) fn quick_tricks(&self, leader: usize, all: u64, needed: i32) -> Option<(u32, u64)> {
        let needed = needed as u32;
        let partner = leader ^ 2;
        // Every trick counted below is a card of the side above every opponent's (but the king
        // behind the ace): none is worth counting where those are too few.
        let above = top_cards(self.hands[leader] | self.hands[partner], all).count_ones();
        if above < needed && (needed > 1 || self.trumps & all == 0) {
            return None;
        }
        let own = [self.cashed(leader, 0, all), self.cashed(leader, 1, all), self.cashed(leader, 2, all), self.cashed(leader, 3, all)];
        let quick = tricks_of(&own);
        if quick >= needed {
            return Some((needed, top_tricks(&own, needed)));
        }
        // The side's top trumps, and the leader's top cards in the side suits cashed first.
        if self.trumps & all != 0 {
            let (n, trumps) = self.top_trumps(self.hands[leader], self.hands[partner], all);
            let mut side = own;
            side[(self.trumps.trailing_zeros() / 16) as usize] = (0, 0);
            if n > 0 && tricks_of(&side) + n >= needed {
                let from_trumps = n.min(needed);
                return Some((
                    needed,
                    top_tricks(&[(from_trumps, trumps), (0, 0), (0, 0), (0, 0)], from_trumps) | top_tricks(&side, needed - from_trumps),
                ));
            }
            if n == 0 && needed == 1 {
                // Our king and a small trump behind their ace (the leader's only with a trick
                // to spare: it must lead).
                let [ace, king] = self.ace_king();
                let behind = |k_hand: u64, a_hand: u64| king_behind_ace(k_hand, a_hand, ace, king, self.trumps);
                if behind(self.hands[partner], self.hands[(leader + 1) & 3])
                    || (behind(self.hands[leader], self.hands[(leader + 3) & 3]) && self.cards_left(leader) >= 3)
                {
                    return Some((1, ace | king));
                }
            }
        }
        let mut theirs = [(0, 0); 4];
        let mut entry = 0;
        for s in 0..4 {
            if own[s].0 == 0 {
                theirs[s] = self.cashed(partner, s, all);
                if theirs[s].0 > 0 && self.length(leader, s) > 0 {
                    entry = high(theirs[s].1);
                }
            }
        }
        let more = needed - quick;
        if entry != 0 && tricks_of(&theirs) >= more && self.cards_left(partner) >= needed {
            return Some((needed, top_tricks(&own, quick) | top_tricks(&theirs, more) | entry));
        }
        // Both hands' top cards, where no trump is left (with trumps about the count costs more
        // time than the tricks it saves: measured).
        if self.trumps & all != 0 {
            return None;
        }
        let (n, cards) = self.both_hands(leader, all);
        (n >= needed).then_some((n, cards))
    }

    /// The tricks the side on lead takes with the top cards of both its hands, and the cards
    /// that rests on: suit by suit, its top cards (as far as every opponent who could ruff
    /// still follows) cashed from the hand that holds them, crossing to the other hand where a
    /// low card of one reaches the winners of the other and the suit is not blocked; the
    /// leader's suits first, partner's when the leader can reach partner; and the side's top
    /// trumps.
    #[inline(always)]
    pub(crate) fn both_hands(&self, leader: usize, all: u64) -> (u32, u64) {
        let (me, partner) = (self.hands[leader], self.hands[leader ^ 2]);
        let (lho, rho) = (self.hands[(leader + 1) & 3], self.hands[(leader + 3) & 3]);
        let trumps = self.trumps & all;
        let (trump_tricks, mut mine) = if trumps != 0 { self.top_trumps(me, partner, all) } else { (0, 0) };
        let mut theirs = 0;
        let (mut my_tricks, mut partner_tricks) = (0, 0);
        let (mut to_me, mut to_partner) = (false, false);
        let n = u64::count_ones;
        for lane in LANES {
            if lane == self.trumps {
                continue;
            }
            let (mut m, mut p, l, r) = (me & lane, partner & lane, lho & lane, rho & lane);
            // Past this many rounds nobody else holds a card of the suit: the rest win
            // whatever their ranks.
            let my_rounds = n(p).max(n(l)).max(n(r));
            let partner_rounds = n(m).max(n(l)).max(n(r));
            if trumps != 0 {
                let mut cap = 13;
                if lho & trumps != 0 {
                    cap = n(l);
                }
                if rho & trumps != 0 {
                    cap = cap.min(n(r));
                }
                m = keep_top(m, cap);
                p = keep_top(p, cap);
            }
            // The suit's cards above every other hand's (those left out by a ruff count as
            // another's): the side's winners, each hand's counted as far as it has rounds.
            let above = above_the_rest(m | p, all & lane);
            let (my_winners, partner_winners) = (n(above & m), n(above & p));
            mine |= keep_top(above & m, my_rounds);
            theirs |= keep_top(above & p, partner_rounds);
            my_tricks += suit_tricks(m, my_winners, p, partner_winners, &mut to_me);
            partner_tricks += suit_tricks(p, partner_winners, m, my_winners, &mut to_partner);
        }
        let (tricks, cards) = if to_partner { (my_tricks.max(partner_tricks), mine | theirs) } else { (my_tricks, mine) };
        ((trump_tricks + tricks).min(n(me)), cards)
    }

    /// The two highest trumps still about (0 where there is none).
    #[inline(always)]
    pub(crate) fn ace_king(&self) -> [u64; 2] {
        let trumps = self.trumps & self.remaining();
        let ace = high(trumps);
        [ace, high(trumps ^ ace)]
    }

    /// The tricks a side of hands `a` and `b` takes with its top trumps whatever the others
    /// do, and those cards: as many as the longer of its trump holdings has cards (no trump of
    /// the other side beats them, and no two of them need fall together).
    #[inline(always)]
    pub(crate) fn top_trumps(&self, a: u64, b: u64, all: u64) -> (u32, u64) {
        let trumps = self.trumps & all;
        let most = (a & trumps).count_ones().max((b & trumps).count_ones());
        let (mut n, mut cards, mut rest) = (0, 0, trumps);
        while n < most {
            let top = high(rest);
            if top & (a | b) == 0 {
                break;
            }
            cards |= top;
            rest ^= top;
            n += 1;
        }
        (n, cards)
    }

    /// The tricks `seat` takes by cashing its top cards in suit `s` from the top, as far as
    /// every opponent who could ruff still follows; and those cards.
    #[inline(always)]
    pub(crate) fn cashed(&self, seat: usize, s: usize, all: u64) -> (u32, u64) {
        let lane = LANES[s];
        let mine = self.hands[seat] & lane;
        if mine == 0 {
            return (0, 0);
        }
        let top = above_the_rest(mine, all & lane);
        let mut n = top.count_ones();
        if lane != self.trumps && self.trumps != 0 {
            for opponent in [(seat + 1) & 3, (seat + 3) & 3] {
                if self.hands[opponent] & self.trumps != 0 {
                    n = n.min(self.length(opponent, s));
                }
            }
        }
        (n, if n > 0 { top } else { 0 })
    }

    /// The most tricks the side on lead can take with no trumps about, counting in each suit
    /// whose top card it holds as many as its longer hand there has; and the top cards the
    /// other side holds in suits where others hold cards too (the count rests on them).
    #[inline(always)]
    pub(crate) fn most_in_own_suits(&self, leader: usize, all: u64) -> (i32, u64) {
        let (mut most, mut theirs) = (0, 0);
        for (s, &lane) in LANES.iter().enumerate() {
            let cards = all & lane;
            if cards == 0 {
                continue;
            }
            let top = high(cards);
            if (self.hands[leader] | self.hands[leader ^ 2]) & top != 0 {
                most += self.length(leader, s).max(self.length(leader ^ 2, s));
            } else if cards != top {
                theirs |= top;
            }
        }
        (most as i32, theirs)
    }

    /// Tricks the side not on lead takes whatever the leader leads, and the cards that rests
    /// on. With trumps about: its top trumps, as many as its longer trump holding has cards
    /// (no trump of the other side can beat them, and no two of them need fall together).
    /// With none left: when the other side holds the top card of every suit the leader can lead,
    /// as many tricks as the fewest top cards (cards above every other hand's in their suit)
    /// held by an opponent holding one of those: whichever of them wins the lead cashes all of
    /// his.
    #[inline(always)]
    pub(crate) fn sure_for_others(&self, leader: usize, all: u64) -> (i32, u64) {
        let (left_hand, right_hand) = (self.hands[(leader + 1) & 3], self.hands[(leader + 3) & 3]);
        if self.trumps & all != 0 {
            let (n, cards) = self.top_trumps(left_hand, right_hand, all);
            if n == 0 {
                // Their king and a small trump behind our ace.
                let [ace, king] = self.ace_king();
                let behind = |k_hand: u64, a_hand: u64| king_behind_ace(k_hand, a_hand, ace, king, self.trumps);
                if behind(right_hand, self.hands[leader ^ 2]) || behind(left_hand, self.hands[leader]) {
                    return (1, ace | king);
                }
            }
            return (n as i32, cards);
        }
        let ours = self.hands[leader] | self.hands[leader ^ 2];
        let mut tops = 0;
        for lane in LANES {
            if self.hands[leader] & lane != 0 {
                let top = high(all & lane);
                if top & ours != 0 {
                    return (0, 0);
                }
                tops |= top;
            }
        }
        // Whatever suit the leader leads, the opponent holding its top card wins the trick and
        // then cashes its top cards (the one it won with among them).
        let (mut sure, mut cards) = (u32::MAX, tops);
        for hand in [left_hand, right_hand] {
            if hand & tops != 0 {
                let won = top_cards(hand, all);
                sure = sure.min(won.count_ones());
                cards |= won;
            }
        }
        (sure as i32, cards)
    }
}

/// The cards of `mine` above every other card of `suit` (a suit's cards still about, `mine`
/// among them).
#[inline(always)]
fn above_the_rest(mine: u64, suit: u64) -> u64 {
    let others = suit & !mine;
    if others == 0 {
        mine
    } else {
        mine & !(high(others) * 2 - 1)
    }
}

/// The cards of `cards` (a hand's, or a side's) above every other card of their suits, among
/// `all`.
#[inline(always)]
fn top_cards(cards: u64, all: u64) -> u64 {
    LANES.iter().fold(0, |tops, &lane| tops | above_the_rest(cards & lane, all & lane))
}

/// The cards of the first `n` tricks of `cashed` (tricks and the top cards giving them, suit by
/// suit): each suit's top cards, as many as the tricks taken from it.
#[inline(always)]
fn top_tricks(cashed: &[(u32, u64); 4], mut n: u32) -> u64 {
    let mut cards = 0;
    for &(tricks, mut top) in cashed {
        let mut take = tricks.min(n);
        n -= take;
        while take > 0 {
            let card = high(top);
            cards |= card;
            top ^= card;
            take -= 1;
        }
    }
    cards
}

/// The top `k` cards of `cards`.
#[inline(always)]
fn keep_top(mut cards: u64, k: u32) -> u64 {
    while cards.count_ones() > k {
        cards &= cards - 1;
    }
    cards
}

/// The tricks a hand holding `mine` of a suit (its top `my_winners` cards winners) takes in
/// it, cashing its winners, then crossing to partner's (`partner`, `partner_winners`) with a
/// low card when the suit is not blocked; `reaches_me` set when partner can reach this hand
/// in the suit.
#[inline(always)]
fn suit_tricks(mine: u64, my_winners: u32, partner: u64, mut partner_winners: u32, reaches_me: &mut bool) -> u32 {
    let lowest = lowest_card;
    if partner != 0 && my_winners > 0 && high(mine) > lowest(partner) {
        *reaches_me = true;
    }
    if partner_winners == 0 {
        return my_winners;
    }
    if my_winners == 0 {
        return if mine != 0 { partner_winners } else { 0 };
    }
    // Blocked by partner's higher cards, or by ours.
    if high(mine) < lowest(partner) {
        return partner_winners;
    }
    if lowest(mine) > high(partner) {
        return my_winners;
    }
    // With no low card, one of partner's winners serves as one.
    if partner_winners == partner.count_ones() {
        partner_winners -= 1;
    }
    mine.count_ones().min(my_winners + partner_winners)
}

/// The lowest card of `cards` (0 if none).
#[inline(always)]
fn lowest_card(cards: u64) -> u64 {
    cards & cards.wrapping_neg()
}

/// The tricks of `cashed`, suit by suit.
#[inline(always)]
fn tricks_of(cashed: &[(u32, u64); 4]) -> u32 {
    cashed[0].0 + cashed[1].0 + cashed[2].0 + cashed[3].0
}

/// Whether `k_hand` holds `king` and a small trump besides (of `trumps`), `a_hand` the `ace`.
#[inline(always)]
fn king_behind_ace(k_hand: u64, a_hand: u64, ace: u64, king: u64, trumps: u64) -> bool {
    a_hand & ace != 0 && k_hand & king != 0 && (k_hand & trumps).count_ones() >= 2
}
