//! The 560 hand shapes and sets of them.
//!
//! A shape is the list of suit lengths spades-hearts-diamonds-clubs. Shapes are numbered in
//! the *squashed order* of the Deal hand-distribution table: the shape `s-h-d-c` corresponds
//! to the 3-set `{s, s+h+1, s+h+d+2}` of `{0..15}`, and its index is
//! `C(s+h+d+2, 3) + C(s+h+1, 2) + s`. Every `shape(...)` clause of the Dealer language compiles
//! to a [`ShapeSet`], a 560-bit set tested with one lookup per deal.

use crate::card::{Hand, Suit};

/// The number of distinct hand shapes.
pub const NUM_SHAPES: usize = 560;

/// `C(n+2, 3)` for `n` in `0..=13`.
const CHOOSE3: [u16; 14] = [0, 1, 4, 10, 20, 35, 56, 84, 120, 165, 220, 286, 364, 455];
/// `C(n+1, 2)` for `n` in `0..=13`.
const CHOOSE2: [u16; 14] = [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91];

/// The squashed-order index of the shape with the given spade, heart and diamond lengths
/// (clubs make up the rest of 13).
#[inline(always)]
pub fn shape_index(spades: u32, hearts: u32, diamonds: u32) -> usize {
    (CHOOSE3[(spades + hearts + diamonds) as usize] + CHOOSE2[(spades + hearts) as usize] + spades as u16) as usize
}

/// The shape index of a 13-card hand.
#[inline(always)]
pub fn shape_index_of(hand: Hand) -> usize {
    shape_index(hand.len(Suit::Spades), hand.len(Suit::Hearts), hand.len(Suit::Diamonds))
}

/// The suit lengths (spades, hearts, diamonds, clubs) of every shape, by index.
pub static SHAPES: [[u8; 4]; NUM_SHAPES] = build_shapes();

const fn build_shapes() -> [[u8; 4]; NUM_SHAPES] {
    let mut table = [[0u8; 4]; NUM_SHAPES];
    let mut s = 0;
    while s <= 13 {
        let mut h = 0;
        while s + h <= 13 {
            let mut d = 0;
            while s + h + d <= 13 {
                let c = 13 - s - h - d;
                let idx = CHOOSE3[s + h + d] as usize + CHOOSE2[s + h] as usize + s;
                table[idx] = [s as u8, h as u8, d as u8, c as u8];
                d += 1;
            }
            h += 1;
        }
        s += 1;
    }
    table
}

/// A set of shapes: 560 bits.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ShapeSet {
    bits: [u64; 9],
}

impl std::fmt::Debug for ShapeSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|i| {
                let [s, h, d, c] = SHAPES[i];
                format!("{s}-{h}-{d}-{c}")
            }))
            .finish()
    }
}

impl ShapeSet {
    /// The empty set.
    pub fn empty() -> ShapeSet {
        ShapeSet::default()
    }

    /// The set of the shapes whose lengths (spades, hearts, diamonds, clubs) satisfy `pred`.
    pub fn from_fn(mut pred: impl FnMut([u8; 4]) -> bool) -> ShapeSet {
        let mut set = ShapeSet::empty();
        for (i, &lengths) in SHAPES.iter().enumerate() {
            if pred(lengths) {
                set.insert(i);
            }
        }
        set
    }

    /// Adds the shape with index `i`.
    pub fn insert(&mut self, i: usize) {
        self.bits[i >> 6] |= 1 << (i & 63);
    }

    /// Removes the shape with index `i`.
    pub fn remove(&mut self, i: usize) {
        self.bits[i >> 6] &= !(1 << (i & 63));
    }

    /// The set's bits: shape `i` is bit `i % 64` of word `i / 64`.
    pub fn words(&self) -> &[u64; 9] {
        &self.bits
    }

    /// Whether the shape with index `i` is in the set.
    #[inline(always)]
    pub fn contains(&self, i: usize) -> bool {
        self.bits[i >> 6] & (1 << (i & 63)) != 0
    }

    /// Adds every shape of `other`.
    pub fn union_with(&mut self, other: &ShapeSet) {
        for (a, b) in self.bits.iter_mut().zip(other.bits) {
            *a |= b;
        }
    }

    /// Keeps only the shapes also in `other`.
    pub fn intersect_with(&mut self, other: &ShapeSet) {
        for (a, b) in self.bits.iter_mut().zip(other.bits) {
            *a &= b;
        }
    }

    /// Removes every shape of `other`.
    pub fn subtract(&mut self, other: &ShapeSet) {
        for (a, b) in self.bits.iter_mut().zip(other.bits) {
            *a &= !b;
        }
    }

    /// The number of shapes in the set.
    pub fn len(&self) -> usize {
        self.bits.iter().map(|b| b.count_ones() as usize).sum()
    }

    /// Whether the set holds no shape.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&b| b == 0)
    }

    /// The indices of the shapes in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..NUM_SHAPES).filter(|&i| self.contains(i))
    }
}

/// One HvS distribution such as `4432`, `5xxx` or `any 4333`: a length or `x` per suit
/// (spades, hearts, diamonds, clubs), and whether any permutation of it is meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distribution {
    /// The length of each suit, spades first; `None` for an `x`.
    pub lengths: [Option<u8>; 4],
    /// Whether any permutation of the lengths is meant (`any 4432`).
    pub any: bool,
}

/// Why a distribution describes no hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DistributionError {
    /// A distribution with no `x` whose lengths do not add up to 13.
    WrongCardCount(u32),
    /// A distribution with an `x` whose lengths already exceed 13.
    TooManyCards(u32),
}

impl std::fmt::Display for DistributionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DistributionError::WrongCardCount(n) => {
                write!(f, "the suit lengths add up to {n}, not 13")
            }
            DistributionError::TooManyCards(n) => {
                write!(f, "the given suit lengths already add up to {n}, more than 13")
            }
        }
    }
}

impl Distribution {
    /// Reads a four-character distribution of digits and `x`s, spades first.
    pub fn parse(text: &str, any: bool) -> Option<Distribution> {
        let bytes = text.as_bytes();
        if bytes.len() != 4 {
            return None;
        }
        let mut lengths = [None; 4];
        for (slot, &b) in lengths.iter_mut().zip(bytes) {
            *slot = match b {
                b'x' => None,
                b'0'..=b'9' => Some(b - b'0'),
                _ => return None,
            };
        }
        Some(Distribution { lengths, any })
    }

    /// The set of shapes the distribution describes, as Dealer's `shape()` reads it.
    pub fn shapes(&self) -> Result<ShapeSet, DistributionError> {
        let sum: u32 = self.lengths.iter().flatten().map(|&l| l as u32).sum();
        let has_x = self.lengths.iter().any(Option::is_none);
        if !has_x && sum != 13 {
            return Err(DistributionError::WrongCardCount(sum));
        }
        if has_x && sum > 13 {
            return Err(DistributionError::TooManyCards(sum));
        }
        let fits = |lengths: [u8; 4]| self.lengths.iter().zip(lengths).all(|(want, got)| want.is_none_or(|w| w == got));
        // `any`: the given lengths in some order of the suits, the `x`s anything. The suits
        // can be ordered so exactly when each length is given no more often than the shape
        // has it (then the `x`s take the suits left).
        let mut wanted = [0u8; 14];
        self.lengths.iter().flatten().for_each(|&l| wanted[l as usize] += 1);
        Ok(ShapeSet::from_fn(|lengths| {
            if !self.any {
                return fits(lengths);
            }
            let mut got = [0u8; 14];
            lengths.iter().for_each(|&l| got[l as usize] += 1);
            wanted.iter().zip(got).all(|(&w, g)| w <= g)
        }))
    }
}

/// The 24 orderings of four suit lengths.
#[cfg(test)]
fn permutations(l: [u8; 4]) -> [[u8; 4]; 24] {
    let mut out = [[0u8; 4]; 24];
    let mut n = 0;
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                if a == b || a == c || b == c {
                    continue;
                }
                let d = 6 - a - b - c;
                out[n] = [l[a], l[b], l[c], l[d]];
                n += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_reads_as_every_order_of_the_suits() {
        let digits: Vec<Option<u8>> = std::iter::once(None).chain((0..=9).map(Some)).collect();
        for a in &digits {
            for b in &digits {
                for c in &digits {
                    for d in &digits {
                        let lengths = [*a, *b, *c, *d];
                        let Ok(set) = (Distribution { lengths, any: true }).shapes() else { continue };
                        for (i, &shape) in SHAPES.iter().enumerate() {
                            let fits = |l: [u8; 4]| lengths.iter().zip(l).all(|(want, got)| want.is_none_or(|w| w == got));
                            assert_eq!(set.contains(i), permutations(shape).into_iter().any(fits), "any {lengths:?}, shape {shape:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn index_matches_table_order() {
        assert_eq!(SHAPES[0], [0, 0, 0, 13]);
        assert_eq!(SHAPES[3], [1, 0, 0, 12]);
        assert_eq!(SHAPES[189], [3, 3, 3, 4]);
        assert_eq!(SHAPES[559], [13, 0, 0, 0]);
        for (i, &[s, h, d, c]) in SHAPES.iter().enumerate() {
            assert_eq!(s + h + d + c, 13);
            assert_eq!(shape_index(s as u32, h as u32, d as u32), i);
        }
    }

    #[test]
    fn distributions_expand_like_dealer() {
        let d = |t: &str, any| Distribution::parse(t, any).unwrap().shapes().unwrap();
        assert_eq!(d("4333", false).len(), 1);
        assert_eq!(d("4333", true).len(), 4);
        assert_eq!(d("4432", true).len(), 12);
        assert_eq!(d("5431", true).len(), 24);
        assert_eq!(d("xxxx", false).len(), 560);
        assert_eq!(d("0x00", false).len(), 1);
        assert_eq!(Distribution::parse("4442", false).unwrap().shapes(), Err(DistributionError::WrongCardCount(14)));
        assert!(Distribution::parse("4442", false).unwrap().shapes().is_err());
        assert!(Distribution::parse("77xx", false).unwrap().shapes().is_err());
    }
}
