//! What the two exact dealers share: the memoised count of a walk through the choices that
//! make a deal ([`Walk`]), binomials, and the lengths a seat's shapes allow ([`Lengths`]).

use super::rules::{ExactError, MAX_STATES};
use crate::evaluation::shape::{shape_index, ShapeSet, SHAPES};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// `C(n, k)` for `n, k <= 13`.
pub(super) const BINOMIAL: [[u64; 14]; 14] = {
    let mut t = [[0u64; 14]; 14];
    let mut n = 0;
    while n < 14 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The lengths a seat's shapes allow, tested suit by suit (clubs first).
#[derive(Clone, Debug)]
pub(super) struct Lengths {
    pub(super) shapes: ShapeSet,
    /// Whether a state keeps the lengths suit by suit (else only their sum).
    pub(super) by_vector: bool,
    /// The lengths allowed in each suit (bit `l`).
    pub(super) allowed: [u16; 4],
    /// Prefixes of allowed shapes, by depth: `prefixes[d]` is indexed by the first `d + 1`
    /// lengths (clubs first) in base 14.
    prefixes: [Vec<bool>; 3],
}

impl Lengths {
    /// The lengths of the shapes `shapes`.
    pub(super) fn new(shapes: &ShapeSet) -> Lengths {
        // Lengths by suit index (clubs first); SHAPES lists spades first.
        let lengths = |i: usize| {
            let [s, h, d, c] = SHAPES[i];
            [c, d, h, s]
        };
        let mut allowed = [0u16; 4];
        let mut prefixes = [vec![false; 14], vec![false; 196], vec![false; 2744]];
        for i in shapes.iter() {
            let l = lengths(i);
            for u in 0..4 {
                allowed[u] |= 1 << l[u];
            }
            for d in 0..3 {
                prefixes[d][prefix_code(&l[..d], l[d])] = true;
            }
        }
        // The shapes are a product of per-suit lengths exactly when they are all the shapes
        // whose lengths are allowed suit by suit.
        let product = ShapeSet::from_fn(|[s, h, d, c]| [c, d, h, s].iter().enumerate().all(|(u, &l)| allowed[u] & (1 << l) != 0));
        Lengths { by_vector: product != *shapes, shapes: shapes.clone(), allowed, prefixes }
    }

    /// Whether `len` cards of suit `u` fit the shapes after `sum` cards in the suits before,
    /// whose lengths are `lens` (when kept).
    #[inline]
    pub(super) fn allows(&self, u: usize, lens: &[u8; 3], sum: u8, len: u8) -> bool {
        if sum + len > 13 || self.allowed[u] & (1 << len) == 0 {
            return false;
        }
        if u == 3 {
            if sum + len != 13 {
                return false;
            }
            if self.by_vector {
                return self.shapes.contains(shape_index(len as u32, lens[2] as u32, lens[1] as u32));
            }
            return true;
        }
        !self.by_vector || self.prefixes[u][prefix_code(&lens[..u], len)]
    }
}

/// The base-14 code of the lengths `lens` followed by `len`.
fn prefix_code(lens: &[u8], len: u8) -> usize {
    let mut code = 0usize;
    let mut scale = 1usize;
    for &l in lens {
        code += l as usize * scale;
        scale *= 14;
    }
    code + len as usize * scale
}

/// A hasher for the packed states: one multiply.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    fn write_u64(&mut self, x: u64) {
        let m = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = m ^ (m >> 29);
    }
}

/// Ways to finish from each state counted, by the state's key.
pub(super) type Memo<K = u64> = HashMap<K, u128, BuildHasherDefault<KeyHasher>>;

/// A walk through the choices that make a deal, counted bottom-up by memoised recursion: what
/// the seat-by-seat and the suit-by-suit dealers share. (Each draws its deals with its own
/// loop, inlined in the per-deal path.)
pub(super) trait Walk {
    /// A point of the walk.
    type Step: Copy;
    /// What one choice gives (a seat's holding, a card to a seat).
    type Choice;
    /// The memo key of a step: what the ways to finish from it depend on.
    type Key: std::hash::Hash + Eq;

    /// The ways to finish from a step past the last choice; `None` before it.
    fn end_ways(&self, s: &Self::Step) -> Option<u128>;

    /// The memo key of step `s`.
    fn key(&self, s: &Self::Step) -> Self::Key;

    /// The ways counted so far, to look up and add to.
    fn memo(&mut self) -> &mut Memo<Self::Key>;

    /// The work the counting may still do (a unit for each state counted and each choice
    /// from it): the budget the choice of how to deal sets.
    fn work_left(&mut self) -> &mut u64;

    /// Calls `f` with every choice at step `s`, the number of ways to pick its cards, and the
    /// step after it.
    fn options(&self, s: &Self::Step, f: impl FnMut(Self::Choice, u64, Self::Step));

    /// Counts the ways to finish the deal from `s`, remembering every step on the way.
    fn count(&mut self, s: Self::Step) -> Result<u128, ExactError> {
        if let Some(ways) = self.end_ways(&s) {
            return Ok(ways);
        }
        let key = self.key(&s);
        if let Some(&ways) = self.memo().get(&key) {
            return Ok(ways);
        }
        let mut children = Vec::new();
        self.options(&s, |_, w, child| children.push((w, child)));
        let left = self.work_left();
        let work = children.len() as u64 + 1;
        if *left < work {
            return Err(ExactError::OverBudget);
        }
        *left -= work;
        let mut total = 0u128;
        for (w, child) in children {
            total += w as u128 * self.count(child)?;
        }
        if self.memo().len() >= MAX_STATES {
            return Err(ExactError::TooManyStates);
        }
        self.memo().insert(key, total);
        Ok(total)
    }
}
