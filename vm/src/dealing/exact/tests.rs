//! The exact dealer against counts made independently: the product formula for suit lengths,
//! per-suit generating functions for points, and enumeration of every deal when most cards
//! are predealt; its draws against those counts with chi-square tests.

use super::rules::ANY;
use super::*;
use crate::card::{Card, ALL_CARDS};
use crate::dealing::rng::batch_rng;
use crate::evaluation::shape::{shape_index_of, ShapeSet, SHAPES};
use std::collections::HashMap;

/// Dealer's 4-3-2-1 points, by rank from the two.
pub(super) const HCP: [i32; 13] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4];

fn points(hand: Hand, values: &[i32; 13]) -> i32 {
    hand.cards().map(|c| values[c.rank() as usize]).sum()
}

fn suit_points(hand: Hand, suit: Suit, values: &[i32; 13]) -> i32 {
    hand.cards().filter(|c| c.suit() == suit).map(|c| values[c.rank() as usize]).sum()
}

/// Whether `hand` meets `rule`, tested directly.
fn meets(hand: Hand, rule: &SeatRule, values: &[i32; 13]) -> bool {
    let within = |v: i32, (lo, hi): (i32, i32)| lo <= v && v <= hi;
    rule.shapes.contains(shape_index_of(hand))
        && within(points(hand, values), rule.points)
        && Suit::ALL.iter().all(|&s| within(suit_points(hand, s, values), rule.suit_points[s as usize]))
}

pub(super) fn shapes(pred: impl FnMut([u8; 4]) -> bool) -> ShapeSet {
    ShapeSet::from_fn(pred)
}

pub(super) fn hand(text: &str) -> Hand {
    text.split_whitespace().fold(Hand::EMPTY, |h, c| h.with(Card::parse(c).unwrap()))
}

#[test]
fn counts_pavliceks_example_by_the_product_formula() {
    // West nine spades, East 6-6 in the minors: 556,991,252,532,000 ways for those two hands.
    let mut rules: [Option<SeatRule>; 4] = Default::default();
    rules[Seat::West as usize] = Some(SeatRule { shapes: shapes(|[s, ..]| s == 9), ..SeatRule::any() });
    rules[Seat::East as usize] = Some(SeatRule { shapes: shapes(|[_, _, d, c]| d == 6 && c == 6), ..SeatRule::any() });
    let d = ExactDealer::new([Hand::EMPTY; 4], &rules, &HCP).unwrap();
    assert_eq!(d.ways(), 556_991_252_532_000);
    // Times the ways to share the other 26 cards between North and South.
    assert_eq!(d.deals(), 556_991_252_532_000 * 10_400_600);
}

/// Hands of one seat meeting `rule`, counted from per-suit tables of (length, points).
fn one_hand_count(rule: &SeatRule, values: &[i32; 13]) -> u128 {
    let mut table = vec![[0u128; 16]; 14];
    for mask in 0u32..8192 {
        let pts: i32 = (0..13).filter(|r| mask & (1 << r) != 0).map(|r| values[r]).sum();
        table[mask.count_ones() as usize][pts as usize] += 1;
    }
    let mut total = 0;
    for i in rule.shapes.iter() {
        let [s, h, d, c] = SHAPES[i];
        // Polynomial in points, suit by suit.
        let mut poly = vec![0u128; 64];
        poly[0] = 1;
        for (u, len) in [c, d, h, s].into_iter().enumerate() {
            let (lo, hi) = rule.suit_points[u];
            let mut next = vec![0u128; 64];
            for (p, &ways) in poly.iter().enumerate() {
                for q in 0..16 {
                    if ways != 0 && table[len as usize][q] != 0 && (lo..=hi).contains(&(q as i32)) && p + q < 64 {
                        next[p + q] += ways * table[len as usize][q];
                    }
                }
            }
            poly = next;
        }
        total += poly.iter().enumerate().filter(|&(p, _)| (rule.points.0..=rule.points.1).contains(&(p as i32))).map(|(_, &w)| w).sum::<u128>();
    }
    total
}

#[test]
fn counts_one_hand_like_generating_functions() {
    let any = SeatRule::any();
    let rules = [
        SeatRule {
            shapes: shapes(|l| {
                let mut l = l;
                l.sort();
                l == [3, 3, 3, 4]
            }),
            points: (28, 40),
            ..any.clone()
        },
        SeatRule { points: (20, 22), ..any.clone() },
        SeatRule { points: (10, 12), suit_points: [ANY, ANY, ANY, (8, 10)], ..any.clone() },
        SeatRule { shapes: shapes(|[s, h, ..]| s >= 5 && h >= 4), suit_points: [(0, 0), ANY, (4, 10), ANY], ..any.clone() },
        SeatRule { shapes: shapes(|[s, h, d, c]| s + h == 8 && d <= 3 && c <= 3), points: (0, 5), ..any.clone() },
    ];
    for rule in &rules {
        for seat in [Seat::North, Seat::West] {
            let mut all: [Option<SeatRule>; 4] = Default::default();
            all[seat as usize] = Some(rule.clone());
            let d = ExactDealer::new([Hand::EMPTY; 4], &all, &HCP).unwrap();
            assert_eq!(d.ways(), one_hand_count(rule, &HCP), "{rule:?}");
        }
    }
    // Other point values: controls (ace 2, king 1).
    let controls = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2];
    let rule = SeatRule { points: (7, 12), ..any };
    let mut all: [Option<SeatRule>; 4] = Default::default();
    all[Seat::South as usize] = Some(rule.clone());
    assert_eq!(ExactDealer::new([Hand::EMPTY; 4], &all, &controls).unwrap().ways(), one_hand_count(&rule, &controls));
}

#[test]
fn counts_one_seat_alone_as_the_walk_does() {
    let any = SeatRule::any();
    // 1NT openings: 4333, 4432 and 5332 but for five-card majors.
    let balanced = shapes(|[s, h, d, c]| {
        let mut l = [s, h, d, c];
        l.sort();
        [[3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5]].contains(&l) && s < 5 && h < 5
    });
    let rules = [
        SeatRule { shapes: balanced.clone(), points: (15, 17), ..any.clone() },
        SeatRule { shapes: shapes(|[s, h, d, c]| s >= 5 && h <= 3 && d + c >= 4), points: (11, 21), ..any.clone() },
        SeatRule { points: (0, 0), ..any.clone() },
        SeatRule { points: (37, 37), ..any.clone() },
        SeatRule { points: (38, 60), ..any.clone() },
        SeatRule { points: (12, 11), ..any.clone() },
        SeatRule { points: (-5, 4), suit_points: [ANY, (3, 3), ANY, (0, 2)], ..any.clone() },
        SeatRule { shapes: shapes(|[s, ..]| s == 6), suit_points: [ANY, ANY, ANY, (5, 99)], ..any.clone() },
        SeatRule { shapes: shapes(|[s, h, d, c]| (s, h, d, c) == (4, 4, 4, 1)), ..any.clone() },
        SeatRule { shapes: balanced, ..any.clone() },
        any.clone(),
    ];
    let controls = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2];
    let five_ranks = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 4];
    let spread = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 6];
    for values in [HCP, controls, five_ranks, spread] {
        for rule in &rules {
            let mut all: [Option<SeatRule>; 4] = Default::default();
            all[Seat::East as usize] = Some(rule.clone());
            let walked = ExactDealer::new([Hand::EMPTY; 4], &all, &values).map(|d| d.deals());
            assert_eq!(deals_alone(rule, &values), walked, "{rule:?} with {values:?}");
        }
    }
    // No rule at all: every deal, the number the choice of how to deal divides by.
    let none: [Option<SeatRule>; 4] = Default::default();
    assert_eq!(ExactDealer::new([Hand::EMPTY; 4], &none, &HCP).map(|d| d.deals()), Ok(all_deals()));
    assert_eq!(all_deals(), 53_644_737_765_488_792_839_237_440_000);
    // Values the counting refuses, refused alike; ignored alike when no point range restricts.
    for values in [[-1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4], [1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4], [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 10]] {
        for rule in [SeatRule { points: (10, 12), ..any.clone() }, SeatRule { shapes: shapes(|[s, ..]| s >= 7), ..any.clone() }] {
            let mut all: [Option<SeatRule>; 4] = Default::default();
            all[Seat::North as usize] = Some(rule.clone());
            let walked = ExactDealer::new([Hand::EMPTY; 4], &all, &values).map(|d| d.deals());
            assert_eq!(deals_alone(&rule, &values), walked, "{rule:?} with {values:?}");
        }
    }
}

/// Forty predealt cards, ten to each seat: twelve left, three for each seat.
fn forty_predealt() -> [Hand; 4] {
    [
        hand("AS KS 2S 3S 4S 2H 3H 4H 2D 3D"),
        hand("5S 6S 7S 5H 6H 7H 4D 5D 6D 2C"),
        hand("8S 9S 8H 9H 7D 8D 9D 3C 4C 5C"),
        hand("TS TH JH 6C 7C 8C 9C TC TD JD"),
    ]
}

/// Every deal of the twelve free cards of [`forty_predealt`].
pub(super) fn every_deal(fixed: [Hand; 4]) -> Vec<Deal> {
    let free: Vec<u64> = {
        let f = ALL_CARDS & !fixed.iter().fold(0, |a, h| a | h.0);
        (0..64).filter(|b| f & (1u64 << b) != 0).map(|b| 1u64 << b).collect()
    };
    let n = free.len() as u32;
    let threes: Vec<u32> = (0u32..1 << n).filter(|m| m.count_ones() == 3).collect();
    let cards = |m: u32| (0..n as usize).filter(|i| m & (1 << i) != 0).fold(0, |x, i| x | free[i]);
    let mut out = Vec::new();
    for &a in &threes {
        for &b in threes.iter().filter(|&&b| a & b == 0) {
            for &c in threes.iter().filter(|&&c| (a | b) & c == 0) {
                let d = ((1u32 << n) - 1) & !(a | b | c);
                let mut hands = fixed;
                for (h, m) in hands.iter_mut().zip([a, b, c, d]) {
                    h.0 |= cards(m);
                }
                out.push(Deal { hands });
            }
        }
    }
    out
}

/// Rules on three seats mixing shapes, points and points in a suit.
fn three_seat_rules() -> [Option<SeatRule>; 4] {
    let any = SeatRule::any();
    [
        Some(SeatRule { points: (11, 13), ..any.clone() }),
        Some(SeatRule { shapes: shapes(|[_, h, ..]| h >= 4), ..any.clone() }),
        None,
        Some(SeatRule { points: (4, 8), suit_points: [ANY, (1, 4), ANY, ANY], ..any }),
    ]
}

fn meets_all(deal: &Deal, rules: &[Option<SeatRule>; 4]) -> bool {
    Seat::ALL.iter().all(|&s| rules[s as usize].as_ref().is_none_or(|r| meets(deal.hands[s as usize], r, &HCP)))
}

#[test]
fn counts_every_deal_when_most_cards_are_predealt() {
    let fixed = forty_predealt();
    let deals = every_deal(fixed);
    assert_eq!(deals.len(), 369_600);
    let rules = three_seat_rules();
    let expected = deals.iter().filter(|d| meets_all(d, &rules)).count() as u128;
    assert!(expected > 1000);
    let d = ExactDealer::new(fixed, &rules, &HCP).unwrap();
    assert_eq!(d.deals(), expected);
    // Without points: lengths only, counted by cards left.
    let mut lengths = rules.clone();
    lengths[0] = None;
    lengths[3] = Some(SeatRule { shapes: shapes(|[s, ..]| s == 2), ..SeatRule::any() });
    let expected = deals.iter().filter(|d| meets_all(d, &lengths)).count() as u128;
    assert_eq!(ExactDealer::new(fixed, &lengths, &HCP).unwrap().deals(), expected);
}

/// The chi-square statistic's bound at probability 1e-4 for `df` degrees of freedom
/// (Wilson–Hilferty).
pub(super) fn chi_square_bound(df: f64) -> f64 {
    let z = 3.72;
    df * (1.0 - 2.0 / (9.0 * df) + z * (2.0 / (9.0 * df)).sqrt()).powi(3)
}

#[test]
fn draws_every_deal_with_equal_probability() {
    let fixed = forty_predealt();
    let rules = three_seat_rules();
    let meeting: Vec<Deal> = every_deal(fixed).into_iter().filter(|d| meets_all(d, &rules)).collect();
    let index: HashMap<Deal, usize> = meeting.iter().enumerate().map(|(i, d)| (*d, i)).collect();
    let d = ExactDealer::new(fixed, &rules, &HCP).unwrap();
    let draws = 40 * meeting.len();
    let mut seen = vec![0u32; meeting.len()];
    let mut rng = batch_rng(11, 0);
    for _ in 0..draws {
        let deal = d.deal_one(0, &mut rng);
        assert!(deal.is_complete());
        seen[*index.get(&deal).expect("every deal drawn meets the rules")] += 1;
    }
    let expected = draws as f64 / meeting.len() as f64;
    let chi: f64 = seen.iter().map(|&o| (o as f64 - expected).powi(2) / expected).sum();
    let df = meeting.len() as f64 - 1.0;
    assert!(chi < chi_square_bound(df), "chi-square {chi:.1} with {df} degrees of freedom");
}

#[test]
fn draws_hands_with_their_exact_probabilities() {
    // North 20-22 points, 4333 or 4432: the law of North's points and shape.
    let rule = SeatRule {
        shapes: shapes(|l| {
            let mut l = l;
            l.sort();
            l == [3, 3, 3, 4] || l == [2, 3, 4, 4]
        }),
        points: (20, 22),
        ..SeatRule::any()
    };
    let mut rules: [Option<SeatRule>; 4] = Default::default();
    rules[0] = Some(rule.clone());
    let d = ExactDealer::new([Hand::EMPTY; 4], &rules, &HCP).unwrap();
    let mut cells = Vec::new();
    for p in 20..=22 {
        for i in rule.shapes.iter() {
            let mut one = SeatRule { points: (p, p), shapes: ShapeSet::empty(), ..SeatRule::any() };
            one.shapes.insert(i);
            cells.push(((p, i), one_hand_count(&one, &HCP) as f64 / d.ways() as f64));
        }
    }
    let draws = 200_000;
    let mut seen: HashMap<(i32, usize), u32> = HashMap::new();
    let mut rng = batch_rng(5, 3);
    for _ in 0..draws {
        let deal = d.deal_one(0, &mut rng);
        assert!(deal.is_complete());
        let north = deal.hands[0];
        *seen.entry((points(north, &HCP), shape_index_of(north))).or_default() += 1;
    }
    let chi: f64 = cells
        .iter()
        .map(|&(cell, p)| {
            let e = p * draws as f64;
            (seen.get(&cell).copied().unwrap_or(0) as f64 - e).powi(2) / e
        })
        .sum();
    assert_eq!(seen.values().map(|&v| v as usize).sum::<usize>(), draws);
    assert!(seen.keys().all(|k| cells.iter().any(|(c, _)| c == k)));
    let df = cells.len() as f64 - 1.0;
    assert!(chi < chi_square_bound(df), "chi-square {chi:.1} with {df} degrees of freedom");
}

#[test]
fn predealt_cards_count_in_lengths_and_points() {
    // North holds the spade ace and king already and must have 5+ spades and 15-17.
    let fixed = [hand("AS KS"), Hand::EMPTY, Hand::EMPTY, Hand::EMPTY];
    let rule = SeatRule { shapes: shapes(|[s, ..]| s >= 5), points: (15, 17), ..SeatRule::any() };
    let mut rules: [Option<SeatRule>; 4] = Default::default();
    rules[0] = Some(rule.clone());
    let d = ExactDealer::new(fixed, &rules, &HCP).unwrap();
    let mut rng = batch_rng(2, 0);
    for _ in 0..2000 {
        let deal = d.deal_one(0, &mut rng);
        assert!(deal.is_complete());
        assert!(deal.hands[0].contains(Card::parse("AS").unwrap()));
        assert!(meets(deal.hands[0], &rule, &HCP));
    }
}

#[test]
fn refuses_what_it_cannot_count() {
    let mut rules: [Option<SeatRule>; 4] = Default::default();
    rules[0] = Some(SeatRule { points: (10, 12), ..SeatRule::any() });
    let mut values = HCP;
    values[8] = -1;
    assert_eq!(ExactDealer::new([Hand::EMPTY; 4], &rules, &values).unwrap_err(), ExactError::PointValues);
}

#[test]
fn counting_stops_at_its_budget_and_counts_the_same_within_it() {
    // Seat after seat (one seat with points) and suit after suit (two): the work each takes,
    // then the same count with exactly that budget, and an error with one unit less.
    let balanced = shapes(|mut l| {
        l.sort_unstable();
        l == [3, 3, 3, 4] || l == [2, 3, 4, 4] || l == [2, 3, 3, 5]
    });
    let north = SeatRule { shapes: balanced, points: (20, 21), ..SeatRule::any() };
    let south = SeatRule { shapes: shapes(|[_, h, ..]| h >= 5), points: (5, ANY.1), ..SeatRule::any() };
    let one: [Option<SeatRule>; 4] = [Some(north.clone()), None, Some(SeatRule { points: ANY, ..south.clone() }), None];
    let two: [Option<SeatRule>; 4] = [Some(north), None, Some(south), None];
    for rules in [one, two] {
        let unbounded = ExactDealer::new([Hand::EMPTY; 4], &rules, &HCP).unwrap();
        let mut budget = u64::MAX;
        let counted = ExactDealer::within([Hand::EMPTY; 4], &rules, &HCP, &mut budget).unwrap();
        let work = u64::MAX - budget;
        assert!(work > 0);
        assert_eq!(counted.deals(), unbounded.deals());
        let mut exact = work;
        assert_eq!(ExactDealer::within([Hand::EMPTY; 4], &rules, &HCP, &mut exact).unwrap().deals(), unbounded.deals());
        assert_eq!(exact, 0);
        let mut short = work - 1;
        assert_eq!(ExactDealer::within([Hand::EMPTY; 4], &rules, &HCP, &mut short).unwrap_err(), ExactError::OverBudget);
        assert!(short < work - 1, "the work done before stopping is taken from the budget: {short} of {work} left");
    }
}
