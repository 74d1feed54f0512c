//! What the exact dealers are given: a seat's rule ([`SeatRule`]: shapes, points, points by
//! suit), and why rules cannot be dealt exactly ([`ExactError`]).

use crate::card::{Hand, Suit};
use crate::evaluation::shape::{shape_index_of, ShapeSet, NUM_SHAPES};

/// At most this many states are counted; beyond, [`ExactDealer::new`](super::ExactDealer::new) gives up.
pub const MAX_STATES: usize = 400_000;

/// What one seat's hand must meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRule {
    /// The shapes the hand may have.
    pub shapes: ShapeSet,
    /// The hand's points, inclusive.
    pub points: (i32, i32),
    /// The points in each suit (by [`Suit::index`]), inclusive.
    pub suit_points: [(i32, i32); 4],
}

/// A range that allows every value.
pub(super) const ANY: (i32, i32) = (i32::MIN, i32::MAX);

impl Default for SeatRule {
    fn default() -> Self {
        SeatRule::any()
    }
}

impl SeatRule {
    /// The rule every hand meets.
    pub fn any() -> SeatRule {
        SeatRule { shapes: ShapeSet::from_fn(|_| true), points: ANY, suit_points: [ANY; 4] }
    }

    /// Whether some hand fails the rule, by its shape or by a point range that excludes values
    /// a hand can have under `values` (points per rank).
    pub fn restricts(&self, values: &[i32; 13]) -> bool {
        self.shapes.len() < NUM_SHAPES || self.counts_points(values)
    }

    /// Whether a point range of the rule excludes points a hand can have under `values`
    /// (any values: negative ones too, and large ones, summed without overflow). When unsure,
    /// it says so: the range is then counted (or the values refused by the counting).
    pub fn counts_points(&self, values: &[i32; 13]) -> bool {
        // The least and the most a suit can count; a hand, at most four times as much.
        let low: i64 = values.iter().map(|&v| i64::from(v.min(0))).sum();
        let high: i64 = values.iter().map(|&v| i64::from(v.max(0))).sum();
        let excludes = |(lo, hi): (i32, i32), low: i64, high: i64| i64::from(lo) > low || i64::from(hi) < high;
        excludes(self.points, 4 * low, 4 * high) || self.suit_points.iter().any(|&r| excludes(r, low, high))
    }

    /// Whether `hand` meets the rule, with points counted by `values`.
    pub fn holds(&self, hand: Hand, values: &[i32; 13]) -> bool {
        let within = |v: i32, (lo, hi): (i32, i32)| lo <= v && v <= hi;
        if !self.shapes.contains(shape_index_of(hand)) {
            return false;
        }
        let points = Suit::ALL.map(|suit| {
            // The ranks held, lowest first.
            let (mut mask, mut sum) = (hand.suit_mask(suit), 0);
            while mask != 0 {
                sum += values[mask.trailing_zeros() as usize];
                mask &= mask - 1;
            }
            sum
        });
        within(points.iter().sum(), self.points) && Suit::ALL.iter().all(|&s| within(points[s as usize], self.suit_points[s as usize]))
    }
}

/// Whether `range` excludes a value in `0..=max`.
pub(super) fn restrictive(range: (i32, i32), max: i32) -> bool {
    range.0 > 0 || range.1 < max
}

/// A range of points as bytes (points never exceed 63); `(1, 0)` when it is empty.
pub(super) fn byte_range((lo, hi): (i32, i32)) -> (u8, u8) {
    let (lo, hi) = (lo.max(0), hi.min(63));
    if lo > hi {
        (1, 0)
    } else {
        (lo as u8, hi as u8)
    }
}

/// Whether exact dealing can count points valued `values` (points of each rank, the two
/// first): none negative, on five ranks at most, 15 at most in a suit. Other values are
/// refused ([`ExactError::PointValues`]): their rules are met by testing the condition.
pub fn counts_exactly(values: &[i32; 13]) -> bool {
    let suit_max: i64 = values.iter().map(|&v| i64::from(v)).sum();
    let valued = values.iter().filter(|&&v| v != 0).count();
    values.iter().all(|&v| v >= 0) && valued <= 5 && suit_max <= 15
}

/// Why a set of rules cannot be dealt exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactError {
    /// Counting needs more than [`MAX_STATES`] states.
    TooManyStates,
    /// Counting needs more work than the budget it was given (a unit for each state counted
    /// and each choice from it).
    OverBudget,
    /// The point values (`pointcount`) are not ones the counting handles: negative, on more
    /// than five ranks, or more than 15 in a suit.
    PointValues,
}
