//! Exact dealing from the condition: uniform random deals among all the deals whose seats meet
//! given rules (a set of shapes, a range of points, a range of points in each suit), around
//! predealt cards ([`ExactDealer`]).
//!
//! This generalises Pavlicek's dealing with constraints from suit lengths to points and to
//! any number of seats. The seats with rules are dealt one after the other, each suit by suit;
//! a *state* says what is left of each suit and what the seat being dealt holds so far. The
//! number of ways to finish the deal from each state is counted once per run by dynamic
//! programming (memoised over the states reached); then each deal is drawn top-down: at every
//! step a holding is chosen with probability proportional to the ways to finish from it, and
//! its cards uniformly. Seats without rules share the cards left over uniformly, which is the
//! same number of ways whatever the others took, so every deal meeting the rules is equally
//! likely.
//!
//! What a state keeps of a suit depends on what later steps need: when a seat still to come
//! counts points, which valued cards (ranks with points) are left, and how many others; when
//! no seat does, only how many cards are left. A seat's own progress is its suit lengths so
//! far (or only their sum, when its shapes are all the combinations of allowed lengths per
//! suit) and its points so far (when a range of them is wanted).
//!
//! Seat after seat, points on two seats or more need the valued cards left in every suit:
//! too many states. Those rules are dealt suit after suit instead (`exact::suits`), with every
//! seat's progress in the state and only the open suit's cards left.
//!
//! The rules are in `rules.rs`, what both dealers count with in `walk.rs`; one seat's rule
//! counted alone, without a walk, in `alone.rs`.

use crate::card::{Deal, Hand, Seat, Suit};
use crate::dealing::bias::{choose, choose_cards};
use crate::dealing::rng::{below_u128, DealRng};
use crate::dealing::source::DealSource;
use rules::{byte_range, restrictive};
use suits::BySuit;
use walk::{Lengths, Memo, Walk, BINOMIAL};

pub use alone::{all_deals, deals_alone};
pub use rules::{counts_exactly, ExactError, SeatRule, MAX_STATES};

mod alone;
mod rules;
mod suits;
#[cfg(test)]
mod tests;
mod walk;

/// What is left of one suit: the valued cards (a mask over the valued ranks) and how many
/// others. Once no seat still to come counts points, `valued` is 0 and `spots` counts all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Pool {
    valued: u8,
    spots: u8,
}

/// A step of the dealing: seat `seat` (among the seats with rules) is about to get its cards
/// of suit `suit`.
#[derive(Clone, Copy, Debug)]
struct State {
    seat: u8,
    suit: u8,
    pools: [Pool; 4],
    /// The seat's lengths in the suits before `suit` (when its shapes need them).
    lens: [u8; 3],
    /// The seat's cards so far.
    sum: u8,
    /// The seat's points so far (when it counts them).
    points: u8,
}

/// A holding chosen at a step: which valued cards, and how many of the others.
#[derive(Clone, Copy, Debug)]
struct Take {
    valued: u8,
    spots: u8,
}

/// How one seat with a rule is dealt.
#[derive(Clone, Debug)]
struct SeatPlan {
    seat: Seat,
    /// Predealt cards and their points in each suit.
    fixed_len: [u8; 4],
    fixed_points: [u8; 4],
    lengths: Lengths,
    /// The range of the hand's points, when it is counted.
    points: Option<(u8, u8)>,
    suit_points: [(u8, u8); 4],
    /// Whether this seat's holdings are told apart by their valued cards (because this seat
    /// or a later one counts points).
    by_points: bool,
}

impl SeatPlan {
    /// Whether `len` cards of suit `s.suit` fit the seat's shapes after the lengths so far.
    #[inline]
    fn length_ok(&self, s: &State, len: u8) -> bool {
        self.lengths.allows(s.suit as usize, &s.lens, s.sum, len)
    }
}

/// Deals uniformly among the deals that give each seat its predealt cards and meet the seats'
/// rules: seat after seat (see the module documentation), or suit after suit when two seats or
/// more count points (`exact::suits`).
#[derive(Clone, Debug)]
pub struct ExactDealer {
    engine: Engine,
}

/// How the deals are counted and dealt.
#[derive(Clone, Debug)]
enum Engine {
    Seats(BySeat),
    Suits(BySuit),
}

impl ExactDealer {
    /// The dealer of the deals that give each seat its `fixed` cards and meet `rules`, with
    /// points counted by `values` (points of each rank, the two first). The fixed cards must
    /// be disjoint and at most 13 per seat.
    pub fn new(fixed: [Hand; 4], rules: &[Option<SeatRule>; 4], values: &[i32; 13]) -> Result<ExactDealer, ExactError> {
        let mut unbounded = u64::MAX;
        ExactDealer::within(fixed, rules, values, &mut unbounded)
    }

    /// [`ExactDealer::new`] with at most `budget` units of work counting (a unit for each
    /// state counted and each choice from it), less what it did left in `budget`; beyond it,
    /// [`ExactError::OverBudget`].
    pub fn within(fixed: [Hand; 4], rules: &[Option<SeatRule>; 4], values: &[i32; 13], budget: &mut u64) -> Result<ExactDealer, ExactError> {
        let counting = rules.iter().flatten().filter(|r| r.counts_points(values)).count();
        if counting > 0 && !counts_exactly(values) {
            return Err(ExactError::PointValues);
        }
        let engine = if counting >= 2 {
            Engine::Suits(BySuit::new(fixed, rules, values, budget)?)
        } else {
            Engine::Seats(BySeat::new(fixed, rules, values, budget)?)
        };
        Ok(ExactDealer { engine })
    }

    /// The number of complete deals that meet the rules around the predealt cards.
    pub fn deals(&self) -> u128 {
        let (ways, others) = match &self.engine {
            Engine::Seats(d) => (d.ways, &d.others[..]),
            Engine::Suits(d) => (d.ways(), d.others()),
        };
        let mut left: u8 = others.iter().map(|&(_, n)| n).sum();
        let mut rest: u128 = 1;
        for &(_, n) in others {
            rest *= choose(left, n);
            left -= n;
        }
        ways * rest
    }

    /// The number of states counted (the size of the tables).
    pub fn states(&self) -> usize {
        match &self.engine {
            Engine::Seats(d) => d.memo.len(),
            Engine::Suits(d) => d.states(),
        }
    }

    /// Whether the deals are counted suit after suit.
    pub fn by_suit(&self) -> bool {
        matches!(self.engine, Engine::Suits(_))
    }

    /// The ways to deal the seats with rules (before the others share the rest).
    #[cfg(test)]
    fn ways(&self) -> u128 {
        match &self.engine {
            Engine::Seats(d) => d.ways,
            Engine::Suits(d) => d.ways(),
        }
    }
}

/// Gives the seats without rules (`others`, with the cards each needs) the cards of `free`,
/// uniformly.
#[inline]
fn share(others: &[(Seat, u8)], hands: &mut [Hand; 4], mut free: u64, rng: &mut DealRng, pdep: &impl Fn(u64, u64) -> u64) {
    if let Some((&(last, _), rest)) = others.split_last() {
        for &(seat, need) in rest {
            let cards = choose_cards(rng, free, need as u32, pdep);
            hands[seat as usize].0 |= cards;
            free ^= cards;
        }
        hands[last as usize].0 |= free;
    }
}

/// Deals uniformly among the deals that give each seat its predealt cards and meet the seats'
/// rules, seat after seat (see the module documentation).
#[derive(Clone, Debug)]
struct BySeat {
    fixed: [Hand; 4],
    /// The cards nobody holds yet.
    free: u64,
    plans: Vec<SeatPlan>,
    /// The seats without rules, with how many cards each still needs.
    others: Vec<(Seat, u8)>,
    /// For each mask over the valued ranks: its cards (a 13-bit suit mask) and its points.
    valued_cards: [u16; 32],
    valued_points: [u8; 32],
    /// The ranks without points (a 13-bit suit mask).
    spot_ranks: u16,
    start: State,
    /// Ways to finish from each state counted.
    memo: Memo,
    /// Ways to deal the seats with rules.
    ways: u128,
    /// The work the counting may still do.
    left: u64,
}

impl BySeat {
    /// The dealer of the deals that give each seat its `fixed` cards and meet `rules` (point
    /// values checked by [`ExactDealer::new`]).
    fn new(fixed: [Hand; 4], rules: &[Option<SeatRule>; 4], values: &[i32; 13], budget: &mut u64) -> Result<BySeat, ExactError> {
        let counts_points = rules.iter().flatten().any(|r| r.counts_points(values));
        let valued: Vec<u8> = (0..13u8).filter(|&r| values[r as usize] != 0).collect();
        // Without points, every card is a spot.
        let valued: Vec<u8> = if counts_points { valued } else { Vec::new() };
        let mut valued_cards = [0u16; 32];
        let mut valued_points = [0u8; 32];
        for mask in 0..1usize << valued.len() {
            for (j, &rank) in valued.iter().enumerate() {
                if mask & (1 << j) != 0 {
                    valued_cards[mask] |= 1 << rank;
                    valued_points[mask] += values[rank as usize] as u8;
                }
            }
        }
        let spot_ranks = 0x1FFF & !valued_cards[(1 << valued.len()) - 1];
        let taken = fixed.iter().fold(0u64, |a, h| a | h.0);
        let free = crate::card::ALL_CARDS & !taken;
        // Seats counting points first, so that the seats after them need only counts.
        let mut order: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| rules[s as usize].is_some()).collect();
        order.sort_by_key(|&s| !rules[s as usize].as_ref().is_some_and(|r| r.counts_points(values)));
        let mut plans: Vec<SeatPlan> = order
            .iter()
            .map(|&seat| {
                let rule = rules[seat as usize].as_ref().expect("seats with rules");
                seat_plan(seat, fixed[seat as usize], rule, &valued_cards, &valued_points, valued.len(), values)
            })
            .collect();
        let mut later = false;
        for plan in plans.iter_mut().rev() {
            later |= plan.by_points;
            plan.by_points = later;
        }
        let others = Seat::ALL.into_iter().filter(|&s| rules[s as usize].is_none()).map(|s| (s, 13 - fixed[s as usize].count() as u8)).collect();
        let by_points = plans.first().is_some_and(|p| p.by_points);
        let pools = Suit::ALL.map(|suit| {
            let lane = ((free >> (16 * suit as u32)) & 0x1FFF) as u16;
            let mut v = 0u8;
            for (mask, &cards) in valued_cards.iter().enumerate().take(1 << valued.len()) {
                if cards.count_ones() == 1 && lane & cards != 0 {
                    v |= mask as u8;
                }
            }
            let pool = Pool { valued: v, spots: (lane & spot_ranks).count_ones() as u8 };
            if by_points {
                pool
            } else {
                Pool { valued: 0, spots: lane.count_ones() as u8 }
            }
        });
        let start = State { seat: 0, suit: 0, pools, lens: [0; 3], sum: 0, points: 0 };
        let mut dealer =
            BySeat { fixed, free, plans, others, valued_cards, valued_points, spot_ranks, start, memo: Memo::default(), ways: 0, left: *budget };
        let counted = dealer.count(start);
        *budget = dealer.left;
        dealer.ways = counted?;
        Ok(dealer)
    }

    /// Whether the state is past the last seat with a rule.
    fn is_end(&self, s: &State) -> bool {
        s.seat as usize == self.plans.len()
    }
}

impl Walk for BySeat {
    type Step = State;
    type Choice = Take;
    type Key = u64;

    #[inline]
    fn end_ways(&self, s: &State) -> Option<u128> {
        self.is_end(s).then_some(1)
    }

    fn memo(&mut self) -> &mut Memo {
        &mut self.memo
    }

    fn work_left(&mut self) -> &mut u64 {
        &mut self.left
    }

    fn key(&self, s: &State) -> u64 {
        let (i, u) = (s.seat as usize, s.suit as usize);
        let later = self.plans.get(i + 1).map(|p| p.by_points);
        let mut key = (i * 4 + u) as u64;
        for (v, p) in s.pools.iter().enumerate() {
            let raw = p.valued as u64 | (p.spots as u64) << 5;
            let code = match (v >= u, later) {
                (true, _) | (false, Some(true)) => raw,
                (false, None) => 0,
                (false, Some(false)) => (p.valued.count_ones() + p.spots as u32) as u64,
            };
            key = key << 9 | code;
        }
        let plan = &self.plans[i];
        let lens = if plan.lengths.by_vector { s.lens[0] as u64 | (s.lens[1] as u64) << 4 | (s.lens[2] as u64) << 8 } else { s.sum as u64 };
        let points = if plan.points.is_some() { s.points as u64 } else { 0 };
        (key << 12 | lens) << 6 | points
    }

    /// Every holding the seat of state `s` may take in its suit.
    #[inline]
    fn options(&self, s: &State, mut f: impl FnMut(Take, u64, State)) {
        let (i, u) = (s.seat as usize, s.suit as usize);
        let plan = &self.plans[i];
        let pool = s.pools[u];
        let mut sub = pool.valued;
        loop {
            let suit_points = plan.fixed_points[u] + self.valued_points[sub as usize];
            let (lo, hi) = plan.suit_points[u];
            let points = s.points + suit_points;
            let points_ok = plan.points.is_none_or(|(_, max)| points <= max);
            if (lo..=hi).contains(&suit_points) && points_ok {
                let base = plan.fixed_len[u] + sub.count_ones() as u8;
                for k in 0..=pool.spots {
                    let len = base + k;
                    if !plan.length_ok(s, len) {
                        continue;
                    }
                    if u == 3 && plan.points.is_some_and(|(min, _)| points < min) {
                        continue;
                    }
                    let mut child = *s;
                    child.pools[u] = Pool { valued: pool.valued & !sub, spots: pool.spots - k };
                    child.sum += len;
                    child.points = points;
                    if u < 3 {
                        child.lens[u] = len;
                        child.suit += 1;
                    } else {
                        self.next_seat(&mut child);
                    }
                    f(Take { valued: sub, spots: k }, BINOMIAL[pool.spots as usize][k as usize], child);
                }
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & pool.valued;
        }
    }
}

impl BySeat {
    /// The ways to finish the deal from a state counted before.
    #[inline]
    fn ways_from(&self, s: &State) -> u128 {
        if self.is_end(s) {
            1
        } else {
            self.memo.get(&self.key(s)).copied().unwrap_or(0)
        }
    }

    /// Moves a state whose seat has its 13 cards to the next seat with a rule.
    fn next_seat(&self, s: &mut State) {
        s.seat += 1;
        s.suit = 0;
        s.lens = [0; 3];
        s.sum = 0;
        s.points = 0;
        if self.plans.get(s.seat as usize).is_some_and(|p| !p.by_points) {
            for p in &mut s.pools {
                *p = Pool { valued: 0, spots: p.valued.count_ones() as u8 + p.spots };
            }
        }
    }

    /// One deal, uniform among those meeting the rules.
    #[inline]
    fn deal_with(&self, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        let mut hands = self.fixed;
        let mut free = self.free;
        let mut s = self.start;
        while !self.is_end(&s) {
            let plan = &self.plans[s.seat as usize];
            let u = s.suit as usize;
            let mut r = below_u128(rng, self.ways_from(&s));
            let mut chosen = None;
            self.options(&s, |take, w, child| {
                if chosen.is_none() {
                    let ways = w as u128 * self.ways_from(&child);
                    if r < ways {
                        chosen = Some((take, child));
                    } else {
                        r -= ways;
                    }
                }
            });
            let (take, child) = chosen.expect("the ways from a state add up");
            let shift = 16 * u as u32;
            let lane = free & (0x1FFF << shift);
            let cards = if plan.by_points {
                let valued = (self.valued_cards[take.valued as usize] as u64) << shift;
                let spots = lane & ((self.spot_ranks as u64) << shift);
                valued | choose_cards(rng, spots, take.spots as u32, &pdep)
            } else {
                choose_cards(rng, lane, take.spots as u32, &pdep)
            };
            hands[plan.seat as usize].0 |= cards;
            free ^= cards;
            s = child;
        }
        share(&self.others, &mut hands, free, rng, &pdep);
        Deal { hands }
    }
}

/// How `seat` with `fixed` cards is dealt to meet `rule`.
fn seat_plan(
    seat: Seat,
    fixed: Hand,
    rule: &SeatRule,
    valued_cards: &[u16; 32],
    valued_points: &[u8; 32],
    nvalued: usize,
    values: &[i32; 13],
) -> SeatPlan {
    let fixed_len = Suit::ALL.map(|s| fixed.len(s) as u8);
    let fixed_points = Suit::ALL.map(|s| {
        let held = fixed.suit_mask(s);
        (0..1usize << nvalued).filter(|&m| valued_cards[m].count_ones() == 1 && held & valued_cards[m] != 0).map(|m| valued_points[m]).sum()
    });
    let suit_max: i32 = values.iter().sum();
    let points = restrictive(rule.points, 4 * suit_max).then(|| byte_range(rule.points));
    let suit_points = rule.suit_points.map(byte_range);
    SeatPlan { seat, fixed_len, fixed_points, lengths: Lengths::new(&rule.shapes), points, suit_points, by_points: rule.counts_points(values) }
}

impl DealSource for ExactDealer {
    #[inline(always)]
    fn deal(&self, _n: u64, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> Deal {
        match &self.engine {
            Engine::Seats(d) => d.deal_with(rng, pdep),
            Engine::Suits(d) => {
                let (mut deal, free) = d.deal_with(rng, &pdep);
                share(d.others(), &mut deal.hands, free, rng, &pdep);
                deal
            }
        }
    }

    fn costly(&self) -> bool {
        true
    }
}
