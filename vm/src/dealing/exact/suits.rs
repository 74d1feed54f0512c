//! Exact dealing suit after suit ([`BySuit`]), for rules that count points on two seats or
//! more.
//!
//! Dealt seat after seat, a seat's points leave the next seats every suit's valued cards to
//! know: too many states. Dealt suit after suit, only the open suit is partly dealt: its
//! valued cards (the ranks with points) go one at a time to a seat with a rule or to the seats
//! without, then each seat with lengths to meet takes its other cards ("spots") of the suit.
//! A state keeps, for each seat with a rule, its points so far (a range without upper bound
//! keeps the points past its lower bound as the bound), its cards so far (its lengths suit by
//! suit when its shapes need them), and its valued cards and points in the open suit. Seats
//! that count points but meet no lengths take their spots at the end, from all the spots left:
//! `C(spots, need)` ways whatever their suits, so their lengths need no state. The seats
//! without rules share the rest, as in seat-by-seat dealing.
//!
//! Each deal meeting the rules is one path of choices (the owner of each valued card, the
//! number of spots of each suit a seat with lengths takes) times the ways to pick the spots,
//! so drawing each choice in proportion to the ways to finish from it deals them uniformly.

use super::rules::{byte_range, restrictive, ExactError, SeatRule};
use super::walk::{Lengths, Memo, Walk, BINOMIAL};
use crate::card::{Deal, Hand, Seat, Suit};
use crate::dealing::bias::{choose, choose_cards};
use crate::dealing::rng::{below_u128, DealRng};
use crate::evaluation::shape::ShapeSet;
use std::collections::{BTreeMap, HashMap};

/// A seat with a rule, dealt suit by suit.
#[derive(Clone, Debug)]
struct Member {
    seat: Seat,
    /// Predealt cards in each suit and their points.
    fixed_len: [u8; 4],
    fixed_points: [u8; 4],
    /// The lengths its shapes allow, when they restrict; without, it takes its spots at the end.
    lengths: Option<Lengths>,
    /// The range of its points, when counted.
    points: Option<(u8, u8)>,
    /// Whether that range has no upper bound: points past its lower bound are kept as the bound.
    open_ended: bool,
    /// The range of its points in each suit, when counted.
    suit_points: [Option<(u8, u8)>; 4],
    /// For a member with lengths, whether its shapes need its length in each suit (else the
    /// suit's valued cards it takes count in its cards so far, and need no state of their own).
    watched: [bool; 4],
    /// The fewest and the most cards its shapes allow in the suits after each suit.
    after: [(u8, u8); 4],
    /// When its shapes are not all the combinations of lengths allowed suit by suit: its
    /// lengths so far, by what they leave open.
    classes: Option<Classes>,
}

/// The lengths of the first suits of a set of shapes (clubs first), grouped by the lengths
/// they leave open for the suits after: lengths that leave the same open are one state.
/// (`4-3` and `3-4` in the minors leave the same for `any 4333 + any 4432`.)
#[derive(Clone, Debug)]
struct Classes {
    /// `next[u][class * 14 + len]`: the class after `len` cards of suit `u` from `class`
    /// (from class 0 before the first suit), [`Classes::NONE`] when no shape follows.
    next: [Vec<u16>; 4],
}

impl Classes {
    const NONE: u16 = u16::MAX;

    /// The classes of the lengths of `shapes`.
    fn new(shapes: &ShapeSet) -> Classes {
        let all: Vec<[u8; 4]> = shapes
            .iter()
            .map(|i| {
                let [s, h, d, c] = crate::evaluation::shape::SHAPES[i];
                [c, d, h, s]
            })
            .collect();
        // Lengths as one number, the first most significant (so that numbers of lengths of one
        // count sort as the lengths do).
        let code = |lens: &[u8]| lens.iter().fold(0u32, |a, &l| a * 14 + u32::from(l));
        // For each number of suits dealt, each prefix's class, by the suffixes it leaves
        // (classes numbered in the order of the prefixes).
        let class_of: Vec<BTreeMap<u32, u16>> = (0..=4)
            .map(|depth| {
                let mut open: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
                for l in &all {
                    open.entry(code(&l[..depth])).or_default().push(code(&l[depth..]));
                }
                let mut ids: HashMap<Vec<u32>, u16> = HashMap::new();
                let mut classes = BTreeMap::new();
                for (prefix, mut suffixes) in open {
                    suffixes.sort_unstable();
                    let next_id = ids.len() as u16;
                    classes.insert(prefix, *ids.entry(suffixes).or_insert(next_id));
                }
                classes
            })
            .collect();
        let next = [0, 1, 2, 3].map(|u| {
            let count = class_of[u].values().map(|&c| c as usize + 1).max().unwrap_or(0);
            let mut table = vec![Classes::NONE; count * 14];
            for (&prefix, &class) in &class_of[u] {
                for len in 0..14u8 {
                    if let Some(&after) = class_of[u + 1].get(&(prefix * 14 + u32::from(len))) {
                        table[class as usize * 14 + len as usize] = after;
                    }
                }
            }
            table
        });
        Classes { next }
    }

    /// The class after `len` cards of suit `u` from `class`, `None` when no shape follows.
    #[inline]
    fn after(&self, u: usize, class: u16, len: u8) -> Option<u16> {
        let c = self.next[u][class as usize * 14 + len as usize];
        (c != Classes::NONE).then_some(c)
    }
}

/// A member's progress.
#[derive(Clone, Copy, Debug, Default)]
struct Progress {
    /// Points so far (when counted).
    points: u8,
    /// Cards so far: in the suits dealt for a member with lengths, in all for the others.
    cards: u8,
    /// The class of its lengths in the suits dealt (when its shapes need them).
    class: u16,
    /// Valued cards taken in the open suit (members with lengths).
    open_cards: u8,
    /// Points taken in the open suit (when counted in that suit).
    open_points: u8,
}

/// A step of the dealing.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    /// The open suit (4 once every suit is dealt).
    suit: u8,
    /// Below the number of the open suit's valued cards: the next of them to give; from it on,
    /// that number plus the next member with lengths to take its spots.
    at: u8,
    /// The open suit's spots left (once its valued cards are given).
    spots: u8,
    /// The spots of the suits dealt left for the members without lengths (when kept).
    pool: u8,
    members: [Progress; 4],
}

/// What a step gives.
#[derive(Clone, Copy, Debug)]
pub(super) enum Give {
    /// The valued card to member `i`, or to the seats without rules (`None`).
    Valued(Option<u8>),
    /// `k` spots to member `i` (one with lengths).
    Spots(u8, u8),
}

/// Deals uniformly among the deals that give each seat its predealt cards and meet the rules,
/// suit after suit (see the module documentation).
#[derive(Clone, Debug)]
pub(super) struct BySuit {
    fixed: [Hand; 4],
    /// The cards nobody holds yet.
    free: u64,
    members: Vec<Member>,
    /// The members with lengths, in the order they take their spots.
    shaped: Vec<u8>,
    /// The members without lengths: they take their spots at the end.
    loose: Vec<u8>,
    /// The seats without rules, with how many cards each still needs.
    others: Vec<(Seat, u8)>,
    /// The free valued cards of each suit (a card's bit and its points).
    valued: [Vec<(u64, u8)>; 4],
    /// The free spots of each suit, and of all.
    spots: [u8; 4],
    all_spots: u8,
    /// The cards of ranks without points.
    spot_mask: u64,
    /// The points of the valued cards still to give from each step: `potential[suit][at]`.
    potential: [[u8; 6]; 5],
    /// Whether a state keeps the spots left to the members without lengths (when some member
    /// has lengths and some has not).
    keeps_pool: bool,
    /// The first step, `None` when the predealt cards already break a rule.
    start: Option<Step>,
    memo: Memo<u128>,
    ways: u128,
    /// The work the counting may still do.
    left: u64,
}

impl BySuit {
    /// The dealer of the deals giving each seat its `fixed` cards and meeting `rules`, with
    /// points counted by `values` (checked by [`super::ExactDealer::new`]).
    pub(super) fn new(fixed: [Hand; 4], rules: &[Option<SeatRule>; 4], values: &[i32; 13], budget: &mut u64) -> Result<BySuit, ExactError> {
        let taken = fixed.iter().fold(0u64, |a, h| a | h.0);
        let free = crate::card::ALL_CARDS & !taken;
        let rank_mask = (0..13).filter(|&r| values[r] != 0).fold(0u64, |m, r| m | 1 << r);
        let valued_mask = (0..4).fold(0u64, |m, u| m | rank_mask << (16 * u));
        let spot_mask = crate::card::ALL_CARDS & !valued_mask;
        let card_points = |bit: u64| values[bit.trailing_zeros() as usize % 16] as u8;
        let valued = Suit::ALL.map(|suit| {
            let lane = free & valued_mask & (0x1FFF << (16 * suit as u32));
            let mut cards: Vec<(u64, u8)> = (0..64).map(|b| 1u64 << b).filter(|&b| lane & b != 0).map(|b| (b, card_points(b))).collect();
            cards.sort_by_key(|&(b, p)| (std::cmp::Reverse(p), b));
            cards
        });
        let spots = Suit::ALL.map(|suit| (free & spot_mask & (0x1FFF << (16 * suit as u32))).count_ones() as u8);
        let mut potential = [[0u8; 6]; 5];
        for u in (0..4).rev() {
            let rest = potential[u + 1][0];
            for at in (0..=valued[u].len()).rev() {
                potential[u][at] = rest + valued[u][at..].iter().map(|&(_, p)| p).sum::<u8>();
            }
        }
        let members: Vec<Member> = Seat::ALL
            .into_iter()
            .filter_map(|seat| rules[seat as usize].as_ref().filter(|r| r.restricts(values)).map(|r| member(seat, fixed[seat as usize], r, values)))
            .collect();
        let of = |with: bool| -> Vec<u8> { (0..members.len() as u8).filter(|&i| members[i as usize].lengths.is_some() == with).collect() };
        let (shaped, loose) = (of(true), of(false));
        let others =
            Seat::ALL.into_iter().filter(|&s| !members.iter().any(|m| m.seat == s)).map(|s| (s, 13 - fixed[s as usize].count() as u8)).collect();
        let keeps_pool = !shaped.is_empty() && !loose.is_empty();
        let all_spots = spots.iter().sum();
        let mut dealer = BySuit {
            fixed,
            free,
            members,
            shaped,
            loose,
            others,
            valued,
            spots,
            all_spots,
            spot_mask,
            potential,
            keeps_pool,
            start: None,
            memo: Memo::default(),
            ways: 0,
            left: *budget,
        };
        dealer.start = dealer.begin();
        if let Some(start) = dealer.start {
            let counted = dealer.count(start);
            *budget = dealer.left;
            dealer.ways = counted?;
        }
        Ok(dealer)
    }

    /// The ways to deal the seats with rules (each seat without rules then takes its share of
    /// the cards left, as it may).
    pub(super) fn ways(&self) -> u128 {
        self.ways
    }

    /// The seats without rules, with how many cards each still needs.
    pub(super) fn others(&self) -> &[(Seat, u8)] {
        &self.others
    }

    /// The number of states counted.
    pub(super) fn states(&self) -> usize {
        self.memo.len()
    }

    /// The first step: the predealt cards' points, and on to the first card to give.
    fn begin(&self) -> Option<Step> {
        let mut start = Step { suit: 0, at: 0, spots: 0, pool: 0, members: [Progress::default(); 4] };
        for (m, p) in self.members.iter().zip(&mut start.members) {
            if let Some((lo, hi)) = m.points {
                let points: u8 = m.fixed_points.iter().sum();
                if points > hi {
                    return None;
                }
                p.points = if m.open_ended { points.min(lo) } else { points };
            }
            if m.lengths.is_none() {
                p.cards = m.fixed_len.iter().sum();
            }
        }
        self.advance(start)
    }

    /// Moves a step past the open suit's valued cards (checking the points in that suit) and
    /// past a suit fully dealt; `None` when no deal meets the rules from it.
    fn advance(&self, mut s: Step) -> Option<Step> {
        while s.suit < 4 {
            let u = s.suit as usize;
            let nv = self.valued[u].len() as u8;
            if s.at < nv {
                return self.alive(&s).then_some(s);
            }
            if s.at == nv {
                for (m, p) in self.members.iter().zip(&mut s.members) {
                    if let Some((lo, hi)) = m.suit_points[u] {
                        let points = m.fixed_points[u] + p.open_points;
                        if points < lo || points > hi {
                            return None;
                        }
                        p.open_points = 0;
                    }
                }
                s.spots = self.spots[u];
            }
            if ((s.at - nv) as usize) < self.shaped.len() {
                return Some(s);
            }
            if self.keeps_pool {
                s.pool += s.spots;
            }
            s = Step { suit: s.suit + 1, at: 0, spots: 0, ..s };
        }
        Some(s)
    }

    /// Whether the valued cards still to give can bring every member to its lower bounds.
    fn alive(&self, s: &Step) -> bool {
        let (u, at) = (s.suit as usize, s.at as usize);
        let left = self.potential[u][at];
        let in_suit = left - self.potential[u + 1][0];
        let mut short = 0u8;
        for (m, p) in self.members.iter().zip(&s.members) {
            if let Some((lo, _)) = m.points {
                short += lo.saturating_sub(p.points);
            }
            if let Some((lo, _)) = m.suit_points[u] {
                if m.fixed_points[u] + p.open_points + in_suit < lo {
                    return false;
                }
            }
        }
        short <= left
    }

    /// The ways to finish from a step past the last suit: the members without lengths take
    /// their spots from those left.
    fn final_ways(&self, s: &Step) -> u128 {
        let short = self.members.iter().zip(&s.members).any(|(m, p)| m.points.is_some_and(|(lo, _)| p.points < lo));
        if short {
            return 0;
        }
        let mut pool = if self.keeps_pool { s.pool } else { self.all_spots };
        let mut ways = 1u128;
        for &i in &self.loose {
            let need = 13 - s.members[i as usize].cards;
            if need > pool {
                return 0;
            }
            ways *= choose(pool, need);
            pool -= need;
        }
        ways
    }

    /// The ways to finish the deal from a step counted before.
    #[inline]
    fn ways_from(&self, s: &Step) -> u128 {
        if s.suit == 4 {
            self.final_ways(s)
        } else {
            self.memo.get(&self.key(s)).copied().unwrap_or(0)
        }
    }

    /// One deal, uniform among those meeting the rules.
    #[inline]
    pub(super) fn deal_with(&self, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> (Deal, u64) {
        let mut hands = self.fixed;
        let mut free = self.free;
        let mut s = self.start.expect("a deal meets the rules");
        while s.suit < 4 {
            let mut r = below_u128(rng, self.ways_from(&s));
            let mut chosen = None;
            self.options(&s, |give, w, child| {
                if chosen.is_none() {
                    let ways = w as u128 * self.ways_from(&child);
                    if r < ways {
                        chosen = Some((give, child));
                    } else {
                        r -= ways;
                    }
                }
            });
            let (give, child) = chosen.expect("the ways from a step add up");
            let u = s.suit as usize;
            let (seat, cards) = match give {
                Give::Valued(None) => (None, 0),
                Give::Valued(Some(i)) => (Some(i), self.valued[u][s.at as usize].0),
                Give::Spots(i, k) => {
                    let lane = free & self.spot_mask & (0x1FFF << (16 * u as u32));
                    (Some(i), choose_cards(rng, lane, k as u32, &pdep))
                }
            };
            if let Some(i) = seat {
                hands[self.members[i as usize].seat as usize].0 |= cards;
                free ^= cards;
            }
            s = child;
        }
        for &i in &self.loose {
            let hand = &mut hands[self.members[i as usize].seat as usize];
            let cards = choose_cards(rng, free & self.spot_mask, 13 - hand.count(), &pdep);
            hand.0 |= cards;
            free ^= cards;
        }
        (Deal { hands }, free)
    }
}

impl Walk for BySuit {
    type Step = Step;
    type Choice = Give;
    type Key = u128;

    #[inline]
    fn end_ways(&self, s: &Step) -> Option<u128> {
        (s.suit == 4).then(|| self.final_ways(s))
    }

    fn memo(&mut self) -> &mut Memo<u128> {
        &mut self.memo
    }

    fn work_left(&mut self) -> &mut u64 {
        &mut self.left
    }

    /// The memo key of a step: what the ways to finish from it depend on.
    fn key(&self, s: &Step) -> u128 {
        let mut key = (s.suit as u128) << 14 | (s.at as u128) << 10 | (s.spots as u128) << 6 | s.pool as u128;
        for (m, p) in self.members.iter().zip(&s.members) {
            let cards = if m.classes.is_some() { p.class as u128 } else { p.cards as u128 };
            key = key << 25 | (p.points as u128) << 19 | cards << 7 | (p.open_cards as u128) << 4 | p.open_points as u128;
        }
        key
    }

    /// Every choice at step `s` after which some deal meets the rules.
    #[inline]
    fn options(&self, s: &Step, mut f: impl FnMut(Give, u64, Step)) {
        let (u, at) = (s.suit as usize, s.at as usize);
        if let Some(&(_, value)) = self.valued[u].get(at) {
            let next = Step { at: s.at + 1, ..*s };
            if !self.others.is_empty() {
                if let Some(child) = self.advance(next) {
                    f(Give::Valued(None), 1, child);
                }
            }
            for (i, m) in self.members.iter().enumerate() {
                let mut child = next;
                if !take_valued(m, &mut child.members[i], u, value) {
                    continue;
                }
                if let Some(child) = self.advance(child) {
                    f(Give::Valued(Some(i as u8)), 1, child);
                }
            }
            return;
        }
        let i = self.shaped[at - self.valued[u].len()] as usize;
        let m = &self.members[i];
        let lengths = m.lengths.as_ref().expect("members with lengths");
        let p = s.members[i];
        for k in 0..=s.spots {
            let len = m.fixed_len[u] + p.open_cards + k;
            let class = match &m.classes {
                Some(classes) => classes.after(u, p.class, len),
                None => {
                    // In a free suit, the cards so far count the suit's valued cards: only the
                    // total matters. Room is left for the suits after.
                    let fits = if m.watched[u] { lengths.allows(u, &[0; 3], p.cards, len) } else { p.cards + len <= 13 };
                    let (fewest, most) = m.after[u];
                    (fits && p.cards + len + fewest <= 13 && p.cards + len + most >= 13).then_some(0)
                }
            };
            let Some(class) = class else { continue };
            let mut child = Step { at: s.at + 1, spots: s.spots - k, ..*s };
            let q = &mut child.members[i];
            q.cards += len;
            q.open_cards = 0;
            q.class = class;
            if let Some(child) = self.advance(child) {
                f(Give::Spots(i as u8, k), BINOMIAL[s.spots as usize][k as usize], child);
            }
        }
    }
}

/// Gives member `m` (progress `p`) a valued card of suit `u` worth `value`; false when its
/// rule then fails whatever follows.
#[inline]
fn take_valued(m: &Member, p: &mut Progress, u: usize, value: u8) -> bool {
    if let Some((lo, hi)) = m.points {
        let points = p.points + value;
        if points > hi {
            return false;
        }
        p.points = if m.open_ended { points.min(lo) } else { points };
    }
    if let Some((_, hi)) = m.suit_points[u] {
        p.open_points += value;
        if m.fixed_points[u] + p.open_points > hi {
            return false;
        }
    }
    match &m.lengths {
        Some(lengths) if m.watched[u] => {
            p.open_cards += 1;
            (lengths.allowed[u] as u32) >> (m.fixed_len[u] + p.open_cards) != 0 && p.cards + m.fixed_len[u] + p.open_cards <= 13
        }
        _ => {
            p.cards += 1;
            p.cards <= 13
        }
    }
}

/// How `seat` with `fixed` cards is dealt suit by suit to meet `rule`.
fn member(seat: Seat, fixed: Hand, rule: &SeatRule, values: &[i32; 13]) -> Member {
    let suit_max: i32 = values.iter().sum();
    let points_in = |mask: u16| (0..13).filter(|&r| mask & (1 << r) != 0).map(|r| values[r] as u8).sum();
    let all_shapes = rule.shapes.len() == crate::evaluation::shape::NUM_SHAPES;
    let points = restrictive(rule.points, 4 * suit_max).then(|| byte_range(rule.points));
    let lengths = (!all_shapes).then(|| Lengths::new(&rule.shapes));
    // A suit is left free when the lengths allowed in the others, with 13 cards in all, make
    // exactly the shapes.
    let watched = [0, 1, 2, 3].map(|u| {
        lengths.as_ref().is_some_and(|l| {
            let others = |[s, h, d, c]: [u8; 4]| [c, d, h, s].iter().enumerate().all(|(v, &n)| v == u || l.allowed[v] & (1 << n) != 0);
            l.by_vector || ShapeSet::from_fn(others) != rule.shapes
        })
    });
    // The fewest and the most cards of each suit the shapes allow, summed over the suits after.
    let span = |u: usize| lengths.as_ref().map_or((0, 13), |l| (l.allowed[u].trailing_zeros() as u8, 15 - l.allowed[u].leading_zeros() as u8));
    let mut after = [(0u8, 0u8); 4];
    for u in (0..3).rev() {
        let (lo, hi) = span(u + 1);
        after[u] = (after[u + 1].0 + lo, (after[u + 1].1 + hi).min(13));
    }
    let classes = lengths.as_ref().filter(|l| l.by_vector).map(|l| Classes::new(&l.shapes));
    Member {
        seat,
        fixed_len: Suit::ALL.map(|s| fixed.len(s) as u8),
        fixed_points: Suit::ALL.map(|s| points_in(fixed.suit_mask(s))),
        lengths,
        points,
        open_ended: points.is_some() && rule.points.1 >= 4 * suit_max,
        suit_points: rule.suit_points.map(|r| restrictive(r, suit_max).then(|| byte_range(r))),
        watched,
        after,
        classes,
    }
}

#[cfg(test)]
mod tests;
