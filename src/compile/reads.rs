//! What each node of the syntax tree reads of the deal, as the compiler remembers it: the
//! hands (to place `deal.rest`, [`crate::compile::seats`]), and the holding, shape or suit
//! lengths a table could be made over ([`crate::compile::tabulate`]).

use crate::compile::node::{NodeKey, NodeMap};
use dealvm_vm::card::{Deal, Seat, Seats, Suit};
use dealvm_vm::evaluation::shape::NUM_SHAPES;
use dealvm_vm::evaluation::tables::{TableId, SUIT_MASKS};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::rc::Rc;

/// Where the compiler is in placing `deal.rest`.
#[derive(Default)]
pub(super) struct RestPlan {
    /// The next `&&` chain compiled is the condition's.
    pub(super) top: bool,
    /// The hands dealt first, those of the condition's first operand; `None` when all are.
    pub(super) first: Option<Seats>,
    /// The hands the dealer deals before the code runs, as the syntax tree says: those of
    /// `first`, else all the condition and the actions read ([`crate::compile::seats`]).
    pub(super) dealt: Option<Seats>,
    /// Whether `deal.rest` is in the code.
    pub(super) emitted: bool,
    /// Where the output tables of `--dd` and `-Z` start, after a `deal.rest`.
    pub(super) tables: Option<u32>,
    /// The hands each node reads.
    pub(super) memo: NodeMap<Seats>,
    /// The hands each node reads but in its constant parts.
    pub(super) live: NodeMap<Seats>,
    /// The sample of deals that operands are measured on, once dealt (see `seats`).
    pub(super) sample: Vec<Deal>,
}

/// What a node reads of one part of the deal: nothing, exactly one thing, or more.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Part<T> {
    Nothing,
    One(T),
    Many,
}

impl<T: PartialEq + Copy> Part<T> {
    /// What a node reads whose operands read `self` and `other`.
    pub(super) fn join(self, other: Part<T>) -> Part<T> {
        match (self, other) {
            (Part::Nothing, x) | (x, Part::Nothing) => x,
            (Part::One(a), Part::One(b)) if a == b => Part::One(a),
            _ => Part::Many,
        }
    }
}

/// What a node's value depends on: which holding it could be computed from, and which
/// hand's shape.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Reads {
    pub(super) holding: Part<(Seat, Suit)>,
    pub(super) shape: Part<Seat>,
    /// The seat-suit pairs (bit `4 * seat + suit`) whose lengths are all it reads, or
    /// `None` when it reads more than lengths.
    pub(super) lengths: Option<u16>,
}

impl Reads {
    pub(super) const NOTHING: Reads = Reads { holding: Part::Nothing, shape: Part::Nothing, lengths: Some(0) };
    pub(super) const ANYTHING: Reads = Reads { holding: Part::Many, shape: Part::Many, lengths: None };

    pub(super) fn join(self, other: Reads) -> Reads {
        let lengths = match (self.lengths, other.lengths) {
            (Some(a), Some(b)) if (a | b).count_ones() <= MAX_LENGTHS => Some(a | b),
            _ => None,
        };
        Reads { holding: self.holding.join(other.holding), shape: self.shape.join(other.shape), lengths }
    }

    pub(super) fn holding(seat: Seat, suit: Suit) -> Reads {
        Reads { holding: Part::One((seat, suit)), shape: Part::Many, lengths: None }
    }

    /// What a hand's shape reads: its spades, hearts and diamonds (clubs make 13).
    pub(super) fn shape(seat: Seat) -> Reads {
        let lengths = [Suit::Spades, Suit::Hearts, Suit::Diamonds].iter().fold(0, |m, &s| m | pair_bit(seat, s));
        Reads { holding: Part::Many, shape: Part::One(seat), lengths: Some(lengths) }
    }
}

/// The most suit lengths a `lengths.value` table is indexed by (14³ entries). Four (14⁴)
/// made `06-slam-controls` 20% faster per deal but its compilation 30 ms longer (tables of
/// 38,416 entries for every sub-expression), more than a million deals gain.
pub(super) const MAX_LENGTHS: u32 = 3;

/// The bit of a seat-suit pair in a set of lengths.
pub(super) fn pair_bit(seat: Seat, suit: Suit) -> u16 {
    1 << (4 * seat as u16 + suit as u16)
}

/// The pairs of a set of lengths, in the order of their bits.
pub(super) fn pairs(set: u16) -> Vec<(Seat, Suit)> {
    (0..16).filter(|b| set >> b & 1 != 0).map(|b| (Seat::ALL[b / 4], Suit::ALL[b % 4])).collect()
}

/// The inputs a table is made over: every holding of one suit of a hand, every shape of a
/// hand, or every combination of the lengths of a few seat-suit pairs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Domain {
    Holding(Seat, Suit),
    Shape(Seat),
    Lengths(u16),
}

impl Domain {
    pub(super) fn len(self) -> usize {
        match self {
            Domain::Holding(..) => SUIT_MASKS,
            Domain::Shape(_) => NUM_SHAPES,
            Domain::Lengths(set) => 14usize.pow(set.count_ones()),
        }
    }

    /// Which inputs can occur in a deal: no hand or suit with more than 13 cards (exactly
    /// 13 when all four are listed).
    pub(super) fn possible(self) -> Vec<bool> {
        let Domain::Lengths(set) = self else { return vec![true; self.len()] };
        let pairs = pairs(set);
        (0..self.len())
            .map(|i| {
                let (mut by_seat, mut by_suit, mut seats_n, mut suits_n) = ([0; 4], [0; 4], [0; 4], [0; 4]);
                let mut rest = i;
                for &(seat, suit) in pairs.iter().rev() {
                    let len = rest % 14;
                    rest /= 14;
                    by_seat[seat as usize] += len;
                    by_suit[suit as usize] += len;
                    seats_n[seat as usize] += 1;
                    suits_n[suit as usize] += 1;
                }
                (0..4).all(|k| by_seat[k] <= 13 && by_suit[k] <= 13 && (seats_n[k] < 4 || by_seat[k] == 13) && (suits_n[k] < 4 || by_suit[k] == 13))
            })
            .collect()
    }
}

/// A node's value on every input of a domain, and where it cannot be worked out (it divides
/// by zero there).
pub(super) struct Column {
    /// The value on each input (0 where it fails).
    pub(super) values: Vec<i32>,
    /// Whether it fails on each input; empty when it fails on none.
    pub(super) fails: Vec<bool>,
}

impl Column {
    /// Whether the value fails on input `i`.
    #[inline]
    pub(super) fn fails(&self, i: usize) -> bool {
        !self.fails.is_empty() && self.fails[i]
    }
}

/// A node's values on every input of a domain, shared.
pub(super) type Lanes = Rc<Column>;

/// The per-node memos of tabulating.
#[derive(Default)]
pub(super) struct TabulateMemo {
    pub(super) reads: NodeMap<Reads>,
    /// The values of variables' definitions, which several tables may share.
    pub(super) lanes: HashMap<(NodeKey, Domain), Lanes>,
    /// The tables worked out (`None`: the node divides by zero on some input): the order's
    /// sample compiles each operand on its own before the program compiles them all.
    pub(super) values: HashMap<(NodeKey, Domain), Option<Rc<[i32]>>>,
    /// Each point-count table's value on every holding.
    pub(super) holdings: HashMap<TableId, Lanes>,
    /// The `+`/`-` nodes of the sums looked at for regrouping.
    pub(super) sums_seen: HashSet<NodeKey>,
}
