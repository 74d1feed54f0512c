//! Dealing part of a deal: one hand alone, and `k` cards among `n` free ones. With nothing
//! predealt, a program that reads only some hands has only those dealt
//! ([`crate::split::RandomDealer::reading`]); these are the pieces it deals them with, and the
//! counting that it shares with the whole-deal splits.
//!
//! **One hand** ([`HandTables::hand`]) is a uniform 13-card subset of the 52 cards. Its suit
//! lengths are a vector `k` with `k_c + k_d + k_h + k_s = 13`, which exactly `∏ C(13, k_s)` of
//! the `C(52, 13)` hands have: one of the 560 vectors is drawn with that probability from an
//! alias table, then a uniform holding in each suit. Two random words do it: the first gives
//! the alias bucket and the alias threshold, the second the four holdings, each word read as
//! the mixed-radix digits of one bounded number (below) and rejected in the rare case that
//! number would be biased. Every hand comes out with probability `1 / C(52, 13)`, exactly.
//!
//! **Mixed-radix digits.** A word `x` and bounds `r_1 .. r_m` with product `P` give the digits
//! of `floor(x·P / 2^64)`: multiply `x` by `r_1`, the high word is the first digit, multiply
//! the low word by `r_2`, and so on. The last low word is `x·P mod 2^64`; the number is
//! uniform below `P` (Lemire's method) when the words whose last low word falls below
//! `2^64 mod P` are rejected.
//!
//! **`k` of `n` free cards** ([`Floyd`]) is Floyd's algorithm on compact positions `0..n`,
//! its bounded draws served several per word in the same way; `pdep` maps the positions onto
//! the free cards.

use crate::rng::DealRng;
use rand_core::Rng;
use std::sync::OnceLock;

/// `C(n, k)`.
pub(crate) const fn choose(n: u64, k: u64) -> u64 {
    let mut r = 1u64;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// `C(13, k)` for `k` in `0..=13`: the holdings of `k` cards in one suit.
pub(crate) const WAYS: [u32; 14] = {
    let mut w = [0u32; 14];
    let mut k = 0;
    while k < 14 {
        w[k] = choose(13, k as u64) as u32;
        k += 1;
    }
    w
};

/// `C(52, 13)`: the hands of 13 cards.
const HANDS: u64 = choose(52, 13);

/// The number of suit-length vectors of a 13-card hand.
const VECTORS: u64 = 560;

/// `2^64 mod P` for the product `P` of two or more bounds: the last low words below it are
/// rejected.
const fn threshold(product: u128) -> u64 {
    ((1u128 << 64) % product) as u64
}

/// The rejection threshold of the first word of a hand: bucket and alias threshold.
const BUCKET_THRESHOLD: u64 = threshold(VECTORS as u128 * HANDS as u128);

/// Every 13-bit suit mask, grouped by number of cards, and where each group starts.
pub(crate) fn masks_by_size() -> ([u16; 8192], [u16; 14]) {
    let mut subsets = [0u16; 8192];
    let mut offset = [0u16; 14];
    for k in 1..14 {
        offset[k] = offset[k - 1] + WAYS[k - 1] as u16;
    }
    let mut next = offset;
    for mask in 0u16..8192 {
        let k = mask.count_ones() as usize;
        subsets[next[k] as usize] = mask;
        next[k] += 1;
    }
    (subsets, offset)
}

/// An exact alias table for integer `weights` adding up to `total`: entry `b` holds the
/// threshold `t` (out of `total`) above which bucket `b` gives its alias, shifted left 11,
/// with the alias in the low 11 bits. A uniform bucket and a uniform number below `total`
/// then give index `i` with probability `weights[i] / total`, exactly.
pub(crate) fn alias_table(weights: &[u64], total: u64) -> Box<[u64]> {
    let n = weights.len() as u128;
    assert!(n <= 2048 && total < 1 << 53);
    // Bucket `b` has room for `total`; index `i` needs `weights[i] * n` of the room.
    let mut need: Vec<u128> = weights.iter().map(|&w| w as u128 * n).collect();
    let room = total as u128;
    let mut table = vec![0u64; weights.len()];
    let mut small: Vec<usize> = (0..weights.len()).filter(|&i| need[i] < room).collect();
    let mut large: Vec<usize> = (0..weights.len()).filter(|&i| need[i] >= room).collect();
    while let (Some(&s), Some(&l)) = (small.last(), large.last()) {
        small.pop();
        table[s] = (need[s] as u64) << 11 | l as u64;
        need[l] -= room - need[s];
        if need[l] < room {
            large.pop();
            small.push(l);
        }
    }
    // What is left fills its bucket exactly (the sums are exact integers).
    for &i in large.iter().chain(&small) {
        debug_assert_eq!(need[i], room);
        table[i] = total << 11 | i as u64;
    }
    table.into_boxed_slice()
}

/// One suit-length vector of a hand: where each suit's holdings start among the masks, how
/// many there are, and the rejection threshold of the word that picks them.
#[derive(Copy, Clone, Debug, Default)]
struct Vector {
    /// Per suit (clubs first), the index of the first mask of that length.
    start: [u16; 4],
    /// Per suit, `C(13, k)`: the holdings of that length.
    ways: [u16; 4],
    /// `2^64 mod ∏ ways`.
    threshold: u64,
}

/// The tables behind [`HandTables::hand`] and the 13-of-39 [`Floyd`] plan, built once per
/// process (about 30 KB).
pub struct HandTables {
    /// Every 13-bit suit mask, those with 0 cards first, then 1, ... 13.
    subsets: [u16; 8192],
    /// The alias table of the suit-length vectors: for bucket `b`, the probability threshold
    /// (out of `C(52, 13)`) in the high bits and the alias bucket in the low 11 bits.
    alias: Box<[u64]>,
    /// The vectors, by bucket.
    vectors: Box<[Vector]>,
    /// 13 cards of 39 (a hand after one hand is dealt).
    pub of_39: Floyd,
}

impl std::fmt::Debug for HandTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HandTables({} suit-length vectors)", self.vectors.len())
    }
}

impl HandTables {
    /// The tables, built on first use.
    pub fn get() -> &'static HandTables {
        static TABLES: OnceLock<HandTables> = OnceLock::new();
        TABLES.get_or_init(HandTables::build)
    }

    fn build() -> HandTables {
        let (subsets, offset) = masks_by_size();
        let mut vectors = Vec::new();
        let mut weights = Vec::new();
        for c in 0..=13usize {
            for d in 0..=13 - c {
                for h in 0..=13 - c - d {
                    let k = [c, d, h, 13 - c - d - h];
                    let ways = k.map(|k| WAYS[k] as u16);
                    let weight: u64 = ways.iter().map(|&w| w as u64).product();
                    vectors.push(Vector { start: k.map(|k| offset[k]), ways, threshold: threshold(weight as u128) });
                    weights.push(weight);
                }
            }
        }
        debug_assert_eq!(weights.len() as u64, VECTORS);
        debug_assert_eq!(weights.iter().sum::<u64>(), HANDS);
        let alias = alias_table(&weights, HANDS);
        HandTables { subsets, alias, vectors: vectors.into_boxed_slice(), of_39: Floyd::new(39, 13) }
    }

    /// A uniform 13-card hand, as a card mask (16 bits per suit, clubs lowest).
    #[inline(always)]
    pub fn hand(&self, rng: &mut DealRng) -> u64 {
        // The alias bucket and the threshold: two digits of one word.
        let (bucket, u) = loop {
            let m = rng.next_u64() as u128 * VECTORS as u128;
            let m2 = m as u64 as u128 * HANDS as u128;
            if m2 as u64 >= BUCKET_THRESHOLD {
                break ((m >> 64) as usize, (m2 >> 64) as u64);
            }
        };
        let entry = self.alias[bucket % VECTORS as usize];
        let chosen = if u < entry >> 11 { bucket } else { (entry & 0x7FF) as usize };
        let v = self.vectors[chosen % VECTORS as usize];
        // The four holdings: four digits of one word.
        let i = loop {
            let x = rng.next_u64();
            let m0 = x as u128 * v.ways[0] as u128;
            let m1 = m0 as u64 as u128 * v.ways[1] as u128;
            let m2 = m1 as u64 as u128 * v.ways[2] as u128;
            let m3 = m2 as u64 as u128 * v.ways[3] as u128;
            if m3 as u64 >= v.threshold {
                break [m0 >> 64, m1 >> 64, m2 >> 64, m3 >> 64].map(|d| d as usize);
            }
        };
        let holding = |s: usize| self.subsets[(v.start[s] as usize + i[s]) & 8191] as u64;
        holding(0) | holding(1) << 16 | holding(2) << 32 | holding(3) << 48
    }
}

/// Floyd steps `j` in `first..end` served by one 64-bit word.
#[derive(Copy, Clone, Debug, Default)]
struct Step {
    first: u8,
    end: u8,
    /// `2^64 mod P` for the product `P` of the bounds `j + 1`.
    threshold: u64,
}

/// The largest product of bounds served by one word: keeps rejections below 1 in 16.
const MAX_PRODUCT: u128 = 1 << 60;

/// How to draw `k` of `n` positions by Floyd's algorithm, a few steps per random word.
#[derive(Copy, Clone, Debug)]
pub struct Floyd {
    steps: [Step; 4],
    count: u8,
}

impl Floyd {
    /// The plan for `k` of `n` positions (`k <= n <= 64`, at most 26 draws).
    pub fn new(n: u8, k: u8) -> Floyd {
        assert!(k <= n && n <= 64);
        let mut plan = Floyd { steps: [Step::default(); 4], count: 0 };
        let mut j = n - k;
        while j < n {
            let first = j;
            let mut product: u128 = 1;
            while j < n && product * (j as u128 + 1) <= MAX_PRODUCT {
                product *= j as u128 + 1;
                j += 1;
            }
            plan.steps[plan.count as usize] = Step { first, end: j, threshold: threshold(product) };
            plan.count += 1;
        }
        plan
    }

    /// `k` uniform positions of `0..n`, as a mask: steps `j = n-k .. n` each add a uniform
    /// `t` in `0..=j`, or `j` when `t` is already chosen.
    #[inline]
    pub fn draw(&self, rng: &mut DealRng) -> u64 {
        let mut chosen = 0u64;
        for step in &self.steps[..self.count as usize] {
            chosen = loop {
                let mut x = rng.next_u64();
                let mut c = chosen;
                for j in step.first as u32..step.end as u32 {
                    let m = x as u128 * (j as u128 + 1);
                    x = m as u64;
                    let t = 1u64 << ((m >> 64) as u32 & 63);
                    c |= if c & t != 0 { 1u64 << j } else { t };
                }
                if x >= step.threshold {
                    break c;
                }
            };
        }
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::batch_rng;

    #[test]
    fn the_alias_table_gives_each_vector_its_weight() {
        let t = HandTables::get();
        assert_eq!(t.alias.len() as u64, VECTORS);
        let n = VECTORS as u128;
        let mut got = vec![0u128; t.alias.len()];
        for (b, &e) in t.alias.iter().enumerate() {
            let keep = (e >> 11) as u128;
            got[b] += keep;
            got[(e & 0x7FF) as usize] += HANDS as u128 - keep;
        }
        for (i, v) in t.vectors.iter().enumerate() {
            let w: u128 = v.ways.iter().map(|&w| w as u128).product();
            assert_eq!(got[i], w * n, "vector {i}");
            // Each start indexes the masks of one length.
            for s in 0..4 {
                let k = t.subsets[v.start[s] as usize].count_ones() as usize;
                assert_eq!(WAYS[k] as u16, v.ways[s]);
            }
        }
    }

    #[test]
    fn hands_have_13_cards_and_reach_every_suit_length() {
        let t = HandTables::get();
        let mut rng = batch_rng(3, 1);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200_000 {
            let h = t.hand(&mut rng);
            assert_eq!(h.count_ones(), 13);
            assert_eq!(h & !crate::card::ALL_CARDS, 0);
            seen.insert([0, 16, 32, 48].map(|s| (h >> s & 0x1FFF).count_ones()));
        }
        // All but the rarest shapes (a 13-card suit is 1 in 1.6e11).
        assert!(seen.len() > 420, "{} suit-length vectors", seen.len());
    }

    #[test]
    fn floyd_draws_k_distinct_positions_below_n() {
        let mut rng = batch_rng(5, 5);
        for (n, k) in [(39u8, 13u8), (26, 13), (52, 13), (10, 10), (5, 0)] {
            let plan = Floyd::new(n, k);
            let mut hit = 0u64;
            for _ in 0..2000 {
                let m = plan.draw(&mut rng);
                assert_eq!(m.count_ones(), k as u32);
                assert!(n == 64 || m >> n == 0);
                hit |= m;
            }
            assert_eq!(hit.count_ones(), if k == 0 { 0 } else { n as u32 });
        }
    }
}
