//! The search itself: a trick at a time, a card at a time, each question a yes-or-no one
//! ("do North-South take at least `target` of the tricks left?"), with the transposition
//! table and the quick tricks consulted at the start of each trick.

use super::cache::{Key, Probe};
use super::cutoffs::Cutoffs;
use super::isa::Isa;
use super::{high, lane_of, Search, LANES};

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

impl Search {
    /// All the cards still in the hands.
    #[inline(always)]
    pub(crate) fn remaining(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// [`Search::trick`], in copy `I`.
    #[inline(always)]
    pub(crate) fn trick_in<I: Isa>(&mut self, leader: usize, target: i32, relevant: &mut u64) -> bool {
        let left = self.cards_left(leader) as i32;
        *relevant = 0;
        if target <= 0 {
            return true;
        }
        if target > left {
            return false;
        }
        let all = self.remaining();
        self.cache.prefetch(self.shape, self.lead(leader));
        if left == 1 {
            let t = self.last_trick(leader);
            *relevant = t.rank_winner();
            return t.winner & 1 == 0;
        }
        // The tricks the side on lead needs: North-South's target, or enough to hold them
        // below it.
        let needed = if leader & 1 == 0 { target } else { left - target + 1 };
        if let Some(cards) = self.quick_tricks(leader, all, needed) {
            *relevant = cards;
            return leader & 1 == 0;
        }
        // The tricks the other side takes whatever the side on lead does.
        let (sure, cards) = self.sure_for_others(leader, all);
        if needed > left - sure {
            *relevant = cards;
            return leader & 1 == 1;
        }
        // With no trumps about, a side on lead that needs every trick left takes at most, in
        // each suit whose top card it holds, as many tricks as its longer hand there has cards.
        let needs_all = if leader & 1 == 0 { target == left } else { target == 1 };
        if needs_all && self.trumps & all == 0 {
            let (most, theirs) = self.most_in_own_suits(leader, all);
            if most > 0 && most < left {
                *relevant = theirs;
                return leader & 1 == 1;
            }
        }
        let key = self.key(leader, all);
        if let Probe::Settled(result, places) = self.cache.probe(&key, target) {
            *relevant = self.bits.pdep(places, all);
            return result;
        }
        let result = I::node(self, Trick::new(leader), target, relevant);
        let region = self.region(*relevant, all);
        *relevant = region;
        let places = self.bits.pext(region, all);
        if result {
            self.cache.put(&key, places, target as i8, left as i8);
        } else {
            self.cache.put(&key, places, 0, (target - 1) as i8);
        }
        result
    }

    /// [`Search::node`], in copy `I`.
    #[inline(always)]
    pub(crate) fn node_in<I: Isa>(&mut self, t: Trick, target: i32, relevant: &mut u64) -> bool {
        let seat = t.seat();
        let north_south = seat & 1 == 0;
        // Second hand's side needing one trick more, and sure of this one.
        if t.played == 1 {
            let left = self.cards_left(seat) as i32;
            let needs = if north_south { target } else { left - target + 1 };
            if needs == 1 {
                if let Some(cards) = self.second_hand_wins(&t, seat) {
                    *relevant = cards;
                    return north_south;
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
        // Cards that fare as one already tried: below the lowest card whose rank mattered to
        // its answer, in its suit, it lying below that card too.
        let mut alike = 0;
        let mut i = 0;
        while i < n {
            let card = moves[i];
            i += 1;
            if i == 1 && early != 0 && !forced {
                n += self.moves(&t, early, &mut moves[1..]);
            }
            if card & alike != 0 {
                continue;
            }
            self.play(seat, card);
            let next = t.after(card, self.trumps);
            let mut rel = 0;
            let result = if next.played == 4 {
                self.tricks_played += 1;
                let won = i32::from(next.winner & 1 == 0);
                let r = I::trick(self, usize::from(next.winner), target - won, &mut rel);
                rel |= next.rank_winner();
                r
            } else {
                I::node(self, next, target, &mut rel)
            };
            self.take_back(seat, card);
            if result == north_south {
                if card != first {
                    self.cutoffs.put(turn, seat, card);
                }
                *relevant = rel;
                return result;
            }
            all_tried |= rel;
            let lane = lane_of(card);
            let mattered = rel & lane;
            let below = if mattered == 0 { lane } else { (mattered & mattered.wrapping_neg()) - 1 };
            if card & below != 0 {
                alike |= below & lane;
            }
        }
        *relevant = all_tried;
        !north_south
    }

    /// Whether second hand's side wins trick `t` whatever the third hand does, and if so the
    /// card that rests on (0 for a ruff): one of them can ruff and the third hand cannot
    /// overruff; or they hold a card of the suit led above the card led and all the third
    /// hand's, and the third hand cannot ruff.
    #[inline(always)]
    fn second_hand_wins(&self, t: &Trick, seat: usize) -> Option<u64> {
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
    /// stands for the others only where they lie alike).
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
                    break;
                }
                let next = high(below);
                if next & owner == 0 {
                    break;
                }
                low = next;
            }
            region |= all & lane & !(low - 1);
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

    /// Whether the side on lead takes `needed` tricks whatever the others do, and if so the
    /// cards that rests on: the leader's top cards cashed from the top, side suits first, then
    /// trumps; or, if those are too few, all of them and then a card led to the top cards
    /// partner holds in a suit, partner cashing its top cards in the suits the leader did not
    /// (when partner has cards enough to spare its own while the leader cashes); or, for one
    /// trick, the top trump. A side suit is cashed as far as every opponent who could ruff
    /// still follows.
    #[inline(always)]
    fn quick_tricks(&self, leader: usize, all: u64, needed: i32) -> Option<u64> {
        let needed = needed as u32;
        let partner = leader ^ 2;
        let own = [self.cashed(leader, 0, all), self.cashed(leader, 1, all), self.cashed(leader, 2, all), self.cashed(leader, 3, all)];
        let quick = tricks_of(&own);
        if quick >= needed {
            return Some(top_tricks(&own, needed));
        }
        // The side's top trumps, and the leader's top cards in the side suits cashed first.
        if self.trumps & all != 0 {
            let (n, trumps) = self.top_trumps(self.hands[leader], self.hands[partner], all);
            let mut side = own;
            side[(self.trumps.trailing_zeros() / 16) as usize] = (0, 0);
            if n > 0 && tricks_of(&side) + n >= needed {
                let from_trumps = n.min(needed);
                return Some(top_tricks(&[(from_trumps, trumps), (0, 0), (0, 0), (0, 0)], from_trumps) | top_tricks(&side, needed - from_trumps));
            }
            if n == 0 && needed == 1 {
                // Our king and a small trump behind their ace (the leader's only with a trick
                // to spare: it must lead).
                let [ace, king] = self.ace_king();
                let behind = |k_hand: u64, a_hand: u64| king_behind_ace(k_hand, a_hand, ace, king, self.trumps);
                if behind(self.hands[partner], self.hands[(leader + 1) & 3])
                    || (behind(self.hands[leader], self.hands[(leader + 3) & 3]) && self.cards_left(leader) >= 3)
                {
                    return Some(ace | king);
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
            return Some(top_tricks(&own, quick) | top_tricks(&theirs, more) | entry);
        }
        let (n, cards) = self.both_hands(leader, all);
        (n >= needed).then_some(cards)
    }

    /// The tricks the side on lead takes with the top cards of both its hands, and the cards
    /// that rests on: suit by suit, its top cards (as far as every opponent who could ruff
    /// still follows) cashed from the hand that holds them, crossing to the other hand where a
    /// low card of one reaches the winners of the other and the suit is not blocked; the
    /// leader's suits first, partner's when the leader can reach partner; and the side's top
    /// trumps.
    #[inline(always)]
    fn both_hands(&self, leader: usize, all: u64) -> (u32, u64) {
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
            let (mut my_winners, mut partner_winners) = (0, 0);
            let mut rest = all & lane;
            while rest != 0 {
                let card = high(rest);
                rest ^= card;
                if m & card != 0 {
                    my_winners += 1;
                    if my_winners <= my_rounds {
                        mine |= card;
                    }
                } else if p & card != 0 {
                    partner_winners += 1;
                    if partner_winners <= partner_rounds {
                        theirs |= card;
                    }
                } else {
                    break;
                }
            }
            my_tricks += suit_tricks(m, my_winners, p, partner_winners, &mut to_me);
            partner_tricks += suit_tricks(p, partner_winners, m, my_winners, &mut to_partner);
        }
        let (tricks, cards) = if to_partner { (my_tricks.max(partner_tricks), mine | theirs) } else { (my_tricks, mine) };
        ((trump_tricks + tricks).min(n(me)), cards)
    }

    /// The two highest trumps still about (0 where there is none).
    #[inline(always)]
    fn ace_king(&self) -> [u64; 2] {
        let trumps = self.trumps & self.remaining();
        let ace = high(trumps);
        [ace, high(trumps ^ ace)]
    }

    /// The tricks a side of hands `a` and `b` takes with its top trumps whatever the others
    /// do, and those cards: as many as the longer of its trump holdings has cards (no trump of
    /// the other side beats them, and no two of them need fall together).
    #[inline(always)]
    fn top_trumps(&self, a: u64, b: u64, all: u64) -> (u32, u64) {
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
    fn cashed(&self, seat: usize, s: usize, all: u64) -> (u32, u64) {
        let lane = LANES[s];
        let mine = self.hands[seat] & lane;
        if mine == 0 {
            return (0, 0);
        }
        let others = all & lane & !mine;
        let top = if others == 0 { mine } else { mine & !(high(others) * 2 - 1) };
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

    /// The most tricks the side on lead can take with no trumps about, counting in each suit
    /// whose top card it holds as many as its longer hand there has; and the top cards the
    /// other side holds in suits where others hold cards too (the count rests on them).
    #[inline(always)]
    fn most_in_own_suits(&self, leader: usize, all: u64) -> (i32, u64) {
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
    /// a trick, and when one opponent holds them all, as many tricks as there are such suits
    /// (he wins the lead and cashes the rest).
    #[inline(always)]
    fn sure_for_others(&self, leader: usize, all: u64) -> (i32, u64) {
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
        if left_hand & tops == tops || right_hand & tops == tops {
            (tops.count_ones() as i32, tops)
        } else {
            (1, tops)
        }
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
