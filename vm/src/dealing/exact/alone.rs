//! One seat's rule counted alone, with nothing predealt: the deals the exact dealer of that
//! one rule would count ([`ExactDealer::deals`](super::ExactDealer::deals)), found without
//! its walk through the states, for the choice of how to deal, which weighs every seat alone
//! before anything is dealt.
//!
//! Each suit's holdings are tallied by length and points (from the subsets of the valued
//! ranks and the ways to add spot cards); the holdings of clubs and diamonds are joined into
//! a table by the two lengths and the points of both, as are hearts and spades; each shape of
//! the rule then takes the pairs of its lengths, and the points of the two halves whose sum
//! the rule allows. A few tens of thousands of additions, where the walk visits thousands of
//! states with a hundred choices each.

use super::rules::{byte_range, counts_exactly, restrictive, ExactError, SeatRule};
use super::walk::BINOMIAL;
use crate::dealing::bias::choose;
use crate::evaluation::shape::SHAPES;

/// Points in one suit go up to 15 (the most [`check_values`] lets the counting handle).
const SUIT_POINTS: usize = 16;

/// Points in two suits go up to 30.
const PAIR_POINTS: usize = 2 * SUIT_POINTS - 1;

/// Holdings of one suit by length (0 to 13), then by points.
type Holdings = [[u64; SUIT_POINTS]; 14];

/// Holdings of two suits by their two lengths, then by their points together.
type Pairs = Vec<[u64; PAIR_POINTS]>;

/// Every deal, with nothing predealt: `52! / 13!⁴`, what the exact dealer of no rule counts.
pub fn all_deals() -> u128 {
    choose(52, 13) * choose(39, 13) * choose(26, 13)
}

/// The deals meeting `rule` at one seat, with nothing predealt and no rule at the others,
/// points counted by `values`: the same number, or the same error, as
/// `ExactDealer::new` with that one rule and then [`deals`](super::ExactDealer::deals).
pub fn deals_alone(rule: &SeatRule, values: &[i32; 13]) -> Result<u128, ExactError> {
    // The other three seats share the 39 cards left.
    Ok(hands_meeting(rule, values)? * choose(39, 13) * choose(26, 13))
}

/// The 13-card hands from a whole pack that meet `rule`.
fn hands_meeting(rule: &SeatRule, values: &[i32; 13]) -> Result<u128, ExactError> {
    if !rule.counts_points(values) {
        // Points restrict nothing: the product of the binomials of each shape.
        let ways = |i: usize| SHAPES[i].iter().map(|&l| BINOMIAL[13][l as usize] as u128).product::<u128>();
        return Ok(rule.shapes.iter().map(ways).sum());
    }
    check_values(values)?;
    // At most 15 (checked above).
    let suit_max: i32 = values.iter().sum();
    let (lo, hi) = if restrictive(rule.points, 4 * suit_max) { byte_range(rule.points) } else { (0, u8::MAX) };
    let suit = |u: usize| holdings(values, byte_range(rule.suit_points[u]));
    // Suit indices: clubs 0 .. spades 3; SHAPES lists spades first.
    let minors = pairs(&suit(0), &suit(1));
    let majors = pairs(&suit(2), &suit(3));
    let mut total = 0u64;
    for i in rule.shapes.iter() {
        let [s, h, d, c] = SHAPES[i].map(usize::from);
        let (low, high) = (&minors[c * 14 + d], &majors[h * 14 + s]);
        // Hands of the majors with at most `q` points, for each `q`.
        let mut at_most = [0u64; PAIR_POINTS];
        let mut sum = 0;
        for (q, &n) in high.iter().enumerate() {
            sum += n;
            at_most[q] = sum;
        }
        let up_to = |q: i32| if q < 0 { 0 } else { at_most[(q as usize).min(PAIR_POINTS - 1)] };
        for (p, &n) in low.iter().enumerate().filter(|&(_, &n)| n != 0) {
            let p = p as i32;
            total += n * (up_to(i32::from(hi) - p) - up_to(i32::from(lo) - p - 1));
        }
    }
    Ok(total.into())
}

/// The error of `ExactDealer::new` for point values the counting does not handle
/// ([`counts_exactly`]).
fn check_values(values: &[i32; 13]) -> Result<(), ExactError> {
    if counts_exactly(values) {
        Ok(())
    } else {
        Err(ExactError::PointValues)
    }
}

/// The holdings of one suit by length and points, those with points outside `range` left out.
fn holdings(values: &[i32; 13], (lo, hi): (u8, u8)) -> Holdings {
    let valued: Vec<i32> = values.iter().copied().filter(|&v| v != 0).collect();
    let spots = 13 - valued.len();
    let mut table = [[0u64; SUIT_POINTS]; 14];
    for sub in 0..1usize << valued.len() {
        let points: i32 = valued.iter().enumerate().filter(|&(j, _)| sub & (1 << j) != 0).map(|(_, &v)| v).sum();
        if !(i32::from(lo)..=i32::from(hi)).contains(&points) {
            continue;
        }
        let honours = sub.count_ones() as usize;
        for (k, &ways) in BINOMIAL[spots].iter().enumerate().take(spots + 1) {
            table[honours + k][points as usize] += ways;
        }
    }
    table
}

/// Two suits' holdings joined: by the first suit's length times 14 plus the second's, the
/// holdings of both by their points together.
fn pairs(first: &Holdings, second: &Holdings) -> Pairs {
    let mut out = vec![[0u64; PAIR_POINTS]; 14 * 14];
    for (a, row_a) in first.iter().enumerate() {
        for (b, row_b) in second.iter().enumerate().take(14 - a) {
            let cell = &mut out[a * 14 + b];
            for (p, &x) in row_a.iter().enumerate().filter(|&(_, &x)| x != 0) {
                for (q, &y) in row_b.iter().enumerate() {
                    cell[p + q] += x * y;
                }
            }
        }
    }
    out
}
