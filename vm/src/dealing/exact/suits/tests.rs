//! Dealing suit by suit against counts made independently: the split of the honours rank by
//! rank for points on several seats, enumeration of every deal when most cards are predealt
//! for rules mixing points, suit points and shapes, and seat-by-seat dealing filtered by the
//! points it does not deal to; its draws against those laws with chi-square tests.

use super::super::rules::ANY;
use super::super::tests::{chi_square_bound, every_deal, hand, shapes, HCP};
use super::super::*;
use super::Classes;
use crate::dealing::rng::batch_rng;
use crate::evaluation::shape::ShapeSet;
use std::collections::HashMap;

/// Deals whose seats `0..k` have points in `ranges[i]` (4-3-2-1), by the points of those
/// seats: counted by how each rank's four honours split between the seats and the others,
/// times the ways to give each seat its other cards from the 36 spots (the others share the
/// rest).
fn deals_by_points(ranges: &[(u32, u32)]) -> HashMap<Vec<u32>, u128> {
    let k = ranges.len();
    // For each seat: points, then honours.
    let mut ways: HashMap<Vec<u32>, u128> = HashMap::from([(vec![0; 2 * k], 1)]);
    for value in 1..=4 {
        let mut next: HashMap<Vec<u32>, u128> = HashMap::new();
        for (state, &w) in &ways {
            // Every way to give each seat some of the rank's four cards, the rest to the others.
            let mut split = vec![0u32; k];
            loop {
                let given: u32 = split.iter().sum();
                if given <= 4 {
                    let mut s = state.clone();
                    let mut left = 4u8;
                    let mut m = 1u128;
                    for (i, &x) in split.iter().enumerate() {
                        m *= choose(left, x as u8);
                        left -= x as u8;
                        s[2 * i] += x * value;
                        s[2 * i + 1] += x;
                    }
                    if (0..k).all(|i| s[2 * i] <= ranges[i].1) {
                        *next.entry(s).or_default() += w * m;
                    }
                }
                // The next split, as a number in base 5.
                let Some(i) = split.iter().position(|&x| x < 4) else { break };
                split[i] += 1;
                split[..i].iter_mut().for_each(|x| *x = 0);
            }
        }
        ways = next;
    }
    let others = 4 - k as u8;
    let rest: u128 = (0..others).map(|j| choose(13 * (others - j), 13)).product();
    let mut deals: HashMap<Vec<u32>, u128> = HashMap::new();
    for (state, w) in ways {
        let mut spots = 36u8;
        let mut fill = w * rest;
        for (i, &(lo, hi)) in ranges.iter().enumerate() {
            let (points, honours) = (state[2 * i], state[2 * i + 1]);
            if !(lo..=hi).contains(&points) || honours > 13 || 13 - honours > spots as u32 {
                fill = 0;
                break;
            }
            fill *= choose(spots, 13 - honours as u8);
            spots -= 13 - honours as u8;
        }
        // With four seats, the honours all went to them and the spots are all used.
        if fill > 0 {
            *deals.entry((0..k).map(|i| state[2 * i]).collect()).or_default() += fill;
        }
    }
    deals
}

/// Deals whose seats `0..k` have points in `ranges[i]`, by [`deals_by_points`]; with four
/// seats, the fourth holds the points the others leave.
fn deals_by_honour_splits(ranges: &[(u32, u32)]) -> u128 {
    let Some(&(lo, hi)) = ranges.get(3) else { return deals_by_points(ranges).values().sum() };
    let deals = deals_by_points(&ranges[..3]);
    deals.iter().filter(|(p, _)| (lo..=hi).contains(&(40 - p.iter().sum::<u32>()))).map(|(_, &w)| w).sum()
}

/// Rules giving seat `i` (North, East, ...) the points in `ranges[i]`.
fn point_rules(ranges: &[(u32, u32)]) -> [Option<SeatRule>; 4] {
    let mut rules: [Option<SeatRule>; 4] = Default::default();
    for (rule, &(lo, hi)) in rules.iter_mut().zip(ranges) {
        *rule = Some(SeatRule { points: (lo as i32, hi as i32), ..SeatRule::any() });
    }
    rules
}

#[test]
fn counts_points_on_several_seats_like_the_split_of_the_honours() {
    let all = ExactDealer::new([Hand::EMPTY; 4], &Default::default(), &HCP).unwrap().deals();
    for (ranges, probability) in [
        // North 20+ and South 15+ (the seats are North and East here: the law is the same).
        (&[(20, 40), (15, 40)][..], Some("8.7498e-5")),
        (&[(20, 40), (20, 40)][..], Some("5.1647e-8")),
        (&[(15, 17), (8, 9), (5, 7)][..], None),
        (&[(10, 12), (10, 12), (9, 11), (8, 10)][..], None),
        (&[(0, 3), (0, 3), (17, 40)][..], None),
    ] {
        let d = ExactDealer::new([Hand::EMPTY; 4], &point_rules(ranges), &HCP).unwrap();
        assert!(d.by_suit());
        assert_eq!(d.deals(), deals_by_honour_splits(ranges), "{ranges:?}");
        if let Some(p) = probability {
            assert_eq!(format!("{:.4e}", d.deals() as f64 / all as f64), p);
        }
    }
}

/// Forty predealt cards, ten to each seat, leaving five honours and seven spots: AS KS 7S 6S,
/// QH 5H 4H, JD TD 3D, AC 2C. North holds 23 points, East 3 (the jack of hearts among them).
fn forty_with_spots() -> [Hand; 4] {
    [
        hand("QS JS TS AH KH AD KD KC QC JC"),
        hand("9S 8S 5S JH TH 9H QD 9D TC 9C"),
        hand("4S 3S 8H 7H 6H 8D 7D 6D 8C 7C"),
        hand("2S 3H 2H 5D 4D 2D 6C 5C 4C 3C"),
    ]
}

fn meets_all(deal: &Deal, rules: &[Option<SeatRule>; 4]) -> bool {
    Seat::ALL.iter().all(|&s| rules[s as usize].as_ref().is_none_or(|r| r.holds(deal.hands[s as usize], &HCP)))
}

/// Rule sets on several seats counting points, with shapes and points in a suit.
fn mixed_rules() -> Vec<[Option<SeatRule>; 4]> {
    let any = SeatRule::any();
    let balanced = shapes(|l| {
        let mut l = l;
        l.sort();
        l == [3, 3, 3, 4]
    });
    vec![
        // North's points and spades, East's points and hearts' points, South's shape.
        [
            Some(SeatRule { points: (26, 30), shapes: shapes(|[s, ..]| s >= 4), ..any.clone() }),
            Some(SeatRule { points: (5, 9), suit_points: [ANY, ANY, (2, 10), ANY], ..any.clone() }),
            Some(SeatRule { points: (0, 4), shapes: balanced, ..any.clone() }),
            None,
        ],
        // Every seat with a rule: two counting points alone, two shapes alone.
        [
            Some(SeatRule { points: (24, 40), ..any.clone() }),
            Some(SeatRule { points: (3, 4), ..any.clone() }),
            Some(SeatRule { shapes: shapes(|[.., c]| c <= 2), ..any.clone() }),
            Some(SeatRule { shapes: shapes(|[.., c]| c >= 6), ..any }),
        ],
    ]
}

#[test]
fn counts_and_draws_mixed_rules_like_every_deal() {
    let fixed = forty_with_spots();
    let deals = every_deal(fixed);
    for rules in mixed_rules() {
        let meeting: Vec<Deal> = deals.iter().copied().filter(|d| meets_all(d, &rules)).collect();
        assert!(meeting.len() > 100, "{} deals", meeting.len());
        let d = ExactDealer::new(fixed, &rules, &HCP).unwrap();
        assert!(d.by_suit());
        assert_eq!(d.deals(), meeting.len() as u128, "{rules:?}");
        let index: HashMap<Deal, usize> = meeting.iter().enumerate().map(|(i, d)| (*d, i)).collect();
        let draws = 40 * meeting.len();
        let mut seen = vec![0u32; meeting.len()];
        let mut rng = batch_rng(13, 1);
        for _ in 0..draws {
            let deal = d.deal_one(0, &mut rng);
            assert!(deal.is_complete());
            seen[*index.get(&deal).expect("every deal drawn meets the rules")] += 1;
        }
        let chi: f64 = seen.iter().map(|&o| (o as f64 - 40.0).powi(2) / 40.0).sum();
        let df = meeting.len() as f64 - 1.0;
        assert!(chi < chi_square_bound(df), "chi-square {chi:.1} with {df} degrees of freedom");
    }
}

/// The chi-square statistic of counts `seen` against probabilities `p`, cells expecting fewer
/// than 5 pooled; with its degrees of freedom.
fn chi_square(seen: &[u64], p: &[f64]) -> (f64, f64) {
    let n: u64 = seen.iter().sum();
    let (mut stat, mut cells, mut pooled) = (0.0, 0.0, (0u64, 0.0));
    for (&o, &q) in seen.iter().zip(p) {
        let e = q * n as f64;
        if e < 5.0 {
            pooled = (pooled.0 + o, pooled.1 + e);
        } else {
            stat += (o as f64 - e).powi(2) / e;
            cells += 1.0;
        }
    }
    if pooled.1 > 0.0 {
        stat += (pooled.0 as f64 - pooled.1).powi(2) / pooled.1;
        cells += 1.0;
    }
    (stat, cells - 1.0)
}

fn points(hand: Hand) -> usize {
    hand.cards().map(|c| HCP[c.rank() as usize] as usize).sum()
}

#[test]
fn draws_points_on_two_seats_with_their_exact_joint_law() {
    // North 20+, South 15+: the law of (North's points, South's points), each cell counted
    // by the split of the honours.
    let d = ExactDealer::new([Hand::EMPTY; 4], &point_rules(&[(20, 40), (0, 40), (15, 40)]), &HCP).unwrap();
    let cell = |n: usize, s: usize| (n.min(26) - 20) * 7 + s.min(21) - 15;
    let mut p = vec![0.0; 7 * 7];
    let total = d.deals() as f64;
    // Any two seats have the same joint law: seats 0 and 1 of the count stand for North and South.
    for (points, deals) in deals_by_points(&[(20, 40), (15, 40)]) {
        p[cell(points[0] as usize, points[1] as usize)] += deals as f64 / total;
    }
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let mut seen = vec![0u64; 49];
    let mut rng = batch_rng(3, 7);
    for _ in 0..20_000 {
        let deal = d.deal_one(0, &mut rng);
        seen[cell(points(deal.hands[0]), points(deal.hands[2]))] += 1;
    }
    let (stat, df) = chi_square(&seen, &p);
    assert!(stat < chi_square_bound(df), "chi-square {stat:.1} with {df} degrees of freedom: {seen:?}");
}

#[test]
fn agrees_with_seat_by_seat_dealing_filtered_by_the_points_it_leaves() {
    // North 20+ 4333, South 10+ with five spades or more; seat by seat, South's points are
    // left out and tested on the deals.
    let any = SeatRule::any();
    let north = SeatRule {
        points: (20, 40),
        shapes: shapes(|l| {
            let mut l = l;
            l.sort();
            l == [3, 3, 3, 4]
        }),
        ..any.clone()
    };
    let south = SeatRule { points: (10, 40), shapes: shapes(|[s, ..]| s >= 5), ..any };
    let both = ExactDealer::new([Hand::EMPTY; 4], &[Some(north.clone()), None, Some(south.clone()), None], &HCP).unwrap();
    let shapes_only = SeatRule { points: ANY, ..south.clone() };
    let looser = ExactDealer::new([Hand::EMPTY; 4], &[Some(north), None, Some(shapes_only), None], &HCP).unwrap();
    assert!(both.by_suit() && !looser.by_suit());
    // South's points, and spades (5, 6, 7+).
    let cell = |deal: &Deal| (points(deal.hands[2]).min(16) - 10) * 3 + (deal.hands[2].len(Suit::Spades) as usize).min(7) - 5;
    let (mut kept, mut tried) = (vec![0u64; 21], 0u64);
    let mut rng = batch_rng(8, 2);
    while kept.iter().sum::<u64>() < 10_000 {
        let deal = looser.deal_one(0, &mut rng);
        tried += 1;
        if south.holds(deal.hands[2], &HCP) {
            kept[cell(&deal)] += 1;
        }
    }
    // The share kept is the ratio of the counts.
    let q = both.deals() as f64 / looser.deals() as f64;
    let sd = (q * (1.0 - q) / tried as f64).sqrt();
    assert!((10_000.0 / tried as f64 - q).abs() < 4.0 * sd, "kept 10000 of {tried}, expected a share of {q}");
    let mut dealt = vec![0u64; 21];
    for _ in 0..10_000 {
        let deal = both.deal_one(0, &mut rng);
        assert!(south.holds(deal.hands[2], &HCP));
        dealt[cell(&deal)] += 1;
    }
    // Two samples of one law: each against the pooled law.
    let pooled: Vec<f64> = kept.iter().zip(&dealt).map(|(&a, &b)| (a + b) as f64 / 20_000.0).collect();
    let (a, df) = chi_square(&kept, &pooled);
    let (b, _) = chi_square(&dealt, &pooled);
    assert!(a + b < chi_square_bound(df), "chi-square {:.1} with {df} degrees of freedom\n{kept:?}\n{dealt:?}", a + b);
}

#[test]
fn predealt_points_count_and_break_the_rules() {
    // North holds the four aces: 16 points already, 20+ wanted; South 15+.
    let aces = hand("AS AH AD AC");
    let rules = point_rules(&[(20, 40), (0, 40), (15, 40)]);
    let d = ExactDealer::new([aces, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY], &rules, &HCP).unwrap();
    let mut rng = batch_rng(4, 4);
    for _ in 0..2000 {
        let deal = d.deal_one(0, &mut rng);
        assert!(deal.is_complete() && deal.hands[0].0 & aces.0 == aces.0);
        assert!(points(deal.hands[0]) >= 20 && points(deal.hands[2]) >= 15);
    }
    // North at most 15 with the four aces: no deal.
    let rules = point_rules(&[(0, 15), (0, 40), (15, 40)]);
    assert_eq!(ExactDealer::new([aces, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY], &rules, &HCP).unwrap().deals(), 0);
}

#[test]
fn classes_of_lengths_accept_exactly_the_shapes() {
    let sets = [
        shapes(|l| {
            let mut l = l;
            l.sort();
            [[3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5]].contains(&l)
        }),
        shapes(|[s, h, ..]| s >= 5 && h >= 4),
        shapes(|[s, h, d, _]| s + h == 8 && d <= 3),
        ShapeSet::from_fn({
            let mut i = 0;
            move |_| {
                i += 1;
                i % 7 == 3
            }
        }),
    ];
    for set in &sets {
        let classes = Classes::new(set);
        let mut accepted = 0;
        for code in 0..14usize.pow(4) {
            let l = [code % 14, code / 14 % 14, code / 196 % 14, code / 2744].map(|x| x as u8);
            let walked = (0..4).try_fold(0u16, |class, u| classes.after(u, class, l[u]));
            let [c, d, h, s] = l;
            let shape = c + d + h + s == 13 && set.contains(crate::evaluation::shape::shape_index(s as u32, h as u32, d as u32));
            assert_eq!(walked.is_some(), shape, "{l:?}");
            accepted += shape as usize;
        }
        assert_eq!(accepted, set.len());
    }
}
