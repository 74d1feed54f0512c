//! Dealing part of a deal: one hand alone, and `k` cards among `n` free ones. With nothing
//! predealt, a program that reads only some hands has only those dealt
//! ([`crate::dealing::split::RandomDealer::reading`]); these are the pieces it deals them with, and the
//! counting that it shares with the whole-deal splits.
//!
//! **One hand** ([`HandTables::hand`]) is a uniform 13-card subset of the 52 cards. Its suit
//! lengths are a vector `k` with `k_c + k_d + k_h + k_s = 13`, which exactly `∏ C(13, k_s)` of
//! the `C(52, 13)` hands have: one of the 560 vectors is drawn with that probability from an
//! alias table, then a uniform holding in each suit. Two random words do it: the first gives
//! the alias bucket and the alias threshold, the second the four holdings (two from each
//! half), each word or half read as the mixed-radix digits of one bounded number (below) and
//! rejected in the rare case that number would be biased. Every hand comes out with probability `1 / C(52, 13)`, exactly.
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

use crate::dealing::rng::DealRng;
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
const VECTORS: usize = 560;

/// The buckets of the alias table of the vectors: a power of two above 560 (the extra ones
/// have weight 0), so the bucket is the top 10 bits of a word.
const BUCKETS: usize = 1024;

/// The low bits of the first word of a hand, that give the alias threshold.
const LOW_BITS: u32 = 54;

/// `2^54 mod C(52, 13)`: a 54-bit draw whose product with `C(52, 13)` leaves a remainder
/// below this is rejected (Lemire's method on 54 bits).
const LOW_THRESHOLD: u64 = (1 << LOW_BITS) % HANDS;

/// `2^64 mod P` for the product `P` of two or more bounds: the last low words below it are
/// rejected.
const fn threshold(product: u128) -> u64 {
    ((1u128 << 64) % product) as u64
}

/// Every 13-bit suit mask, grouped by number of cards, and where each group starts.
pub(crate) const fn masks_by_size() -> ([u16; 8192], [u16; 14]) {
    let mut subsets = [0u16; 8192];
    let mut offset = [0u16; 14];
    let mut k = 1;
    while k < 14 {
        offset[k] = offset[k - 1] + WAYS[k - 1] as u16;
        k += 1;
    }
    let mut next = offset;
    let mut mask = 0u16;
    while mask < 8192 {
        let k = mask.count_ones() as usize;
        subsets[next[k] as usize] = mask;
        next[k] += 1;
        mask += 1;
    }
    (subsets, offset)
}

/// An exact alias table for integer `weights` adding up to `total`: entry `b` holds the
/// threshold `t` (out of `total`) above which bucket `b` gives its alias, shifted left 11,
/// with the alias in the low 11 bits. A uniform bucket and a uniform number below `total`
/// then give index `i` with probability `weights[i] / total`, exactly. (A `const fn`: the
/// tables of the random dealers are built when dealvm is compiled.)
pub(crate) const fn alias_table<const N: usize>(weights: &[u64; N], total: u64) -> [u64; N] {
    assert!(N <= 2048 && total < 1 << 53);
    // Bucket `b` has room for `total`; index `i` needs `weights[i] * N` of the room.
    let room = total as u128;
    let mut need = [0u128; N];
    let mut table = [0u64; N];
    // Two stacks: the indices needing less than a bucket, and the others, in index order.
    let (mut small, mut large) = ([0usize; N], [0usize; N]);
    let (mut smalls, mut larges) = (0, 0);
    let mut i = 0;
    while i < N {
        need[i] = weights[i] as u128 * N as u128;
        if need[i] < room {
            small[smalls] = i;
            smalls += 1;
        } else {
            large[larges] = i;
            larges += 1;
        }
        i += 1;
    }
    while smalls > 0 && larges > 0 {
        let (s, l) = (small[smalls - 1], large[larges - 1]);
        smalls -= 1;
        table[s] = (need[s] as u64) << 11 | l as u64;
        need[l] -= room - need[s];
        if need[l] < room {
            larges -= 1;
            small[smalls] = l;
            smalls += 1;
        }
    }
    // What is left fills its bucket exactly (the sums are exact integers).
    let mut k = 0;
    while k < larges + smalls {
        let i = if k < larges { large[k] } else { small[k - larges] };
        assert!(need[i] == room);
        table[i] = total << 11 | i as u64;
        k += 1;
    }
    table
}

/// The tables behind [`HandTables::hand`] (about 17 KB), built when dealvm is compiled.
///
/// A suit-length vector is 16 bits, 4 per suit (clubs lowest). One entry of the alias table
/// holds a bucket's threshold and both its vectors (not the alias's index), so one load
/// chooses the vector.
pub struct HandTables {
    /// Every 13-bit suit mask of at most 6 cards, those with 0 cards first, then 1, ... 6
    /// (a holding of `k > 6` cards is the complement of one of `13 - k`: half the memory).
    subsets: [u16; 4096],
    /// Per suit length `k`: where the masks of `k` or `13 - k` cards start in `subsets`
    /// (bits 0..16), `C(13, k)`, how many there are (bits 16..32), and the mask to take the
    /// complement with (bits 32..48: `0x1FFF` when `k > 6`, else 0).
    lengths: [u64; 16],
    /// The alias table of the suit-length vectors, padded to 1024 buckets with vectors of
    /// weight 0: for bucket `b`, the probability threshold `t` (out of `C(52, 13)`, below
    /// 2^40) without its low 8 bits in bits 32..64, the bucket's own vector in bits 16..32
    /// (0 for the padding, never chosen) and the alias's vector in bits 0..16.
    alias: [u64; BUCKETS],
    /// The low 8 bits of each threshold, read only when the high bits tie (once in 2^32).
    low: [u8; BUCKETS],
}

impl std::fmt::Debug for HandTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HandTables({} alias buckets)", self.alias.len())
    }
}

impl HandTables {
    /// The tables, built when dealvm is compiled.
    pub fn get() -> &'static HandTables {
        static TABLES: HandTables = HandTables::build();
        &TABLES
    }

    /// Builds the tables (at compile time, for [`HandTables::get`]).
    const fn build() -> HandTables {
        let (all, offset) = masks_by_size();
        let mut subsets = [0u16; 4096];
        let mut i = 0;
        while i < 4096 {
            subsets[i] = all[i];
            i += 1;
        }
        assert!(offset[7] == 4096);
        let mut lengths = [0u64; 16];
        let mut k = 0;
        while k < 14 {
            let (small, flip) = if k > 6 { (13 - k, 0x1FFF) } else { (k, 0) };
            lengths[k] = offset[small] as u64 | (WAYS[k] as u64) << 16 | flip << 32;
            k += 1;
        }
        // The vectors (clubs first, 4 bits a suit) and their weights, padded with weight 0.
        let (mut own, mut weights) = ([0u16; BUCKETS], [0u64; BUCKETS]);
        let (mut n, mut sum) = (0, 0);
        let mut c = 0;
        while c <= 13 {
            let mut d = 0;
            while d <= 13 - c {
                let mut h = 0;
                while h <= 13 - c - d {
                    let s = 13 - c - d - h;
                    own[n] = (c | d << 4 | h << 8 | s << 12) as u16;
                    weights[n] = WAYS[c] as u64 * WAYS[d] as u64 * WAYS[h] as u64 * WAYS[s] as u64;
                    sum += weights[n];
                    n += 1;
                    h += 1;
                }
                d += 1;
            }
            c += 1;
        }
        assert!(n == VECTORS && sum == HANDS);
        let table = alias_table(&weights, HANDS);
        let (mut alias, mut low) = ([0u64; BUCKETS], [0u8; BUCKETS]);
        let mut b = 0;
        while b < BUCKETS {
            let e = table[b];
            alias[b] = (e >> 19) << 32 | (own[b] as u64) << 16 | own[(e & 0x7FF) as usize] as u64;
            low[b] = (e >> 11) as u8;
            b += 1;
        }
        HandTables { subsets, lengths, alias, low }
    }

    /// A uniform 13-card hand, as a card mask (16 bits per suit, clubs lowest).
    #[inline(always)]
    pub fn hand(&self, rng: &mut DealRng) -> u64 {
        // The alias bucket (the top 10 bits) and the threshold (below C(52, 13), from the
        // other 54 bits).
        let (bucket, u) = loop {
            let x = rng.next_u64();
            let m = (x & ((1 << LOW_BITS) - 1)) as u128 * HANDS as u128;
            if (m as u64 & ((1 << LOW_BITS) - 1)) >= LOW_THRESHOLD {
                break ((x >> LOW_BITS) as usize & (BUCKETS - 1), (m >> LOW_BITS) as u64);
            }
        };
        // The bucket's own vector when `u` is below the threshold, else the alias's: compared
        // on the high bits (the low bits only on a tie), and kept without a branch, since
        // the choice is a coin toss the processor could not predict.
        let entry = self.alias[bucket];
        let (t, v) = (entry >> 32, u >> 8);
        let own = if t != v { v < t } else { self.low_below(bucket, u) };
        let vector = (entry >> (16 * own as u32) & 0xFFFF) as usize;
        // (Written out: `array::map` is not always inlined.)
        let suit = [self.lengths[vector & 15], self.lengths[vector >> 4 & 15], self.lengths[vector >> 8 & 15], self.lengths[vector >> 12 & 15]];
        let ways = [suit[0] >> 16 & 0xFFFF, suit[1] >> 16 & 0xFFFF, suit[2] >> 16 & 0xFFFF, suit[3] >> 16 & 0xFFFF];
        // The four holdings: two digits of each half of one word, rejected in the rare case
        // (less than once in 1400) the half is biased.
        let i = loop {
            let x = rng.next_u64();
            let m0 = (x & 0xFFFF_FFFF) * ways[0];
            let m1 = (m0 & 0xFFFF_FFFF) * ways[1];
            let m2 = (x >> 32) * ways[2];
            let m3 = (m2 & 0xFFFF_FFFF) * ways[3];
            if unbiased(m1, ways[0] * ways[1]) && unbiased(m3, ways[2] * ways[3]) {
                break [m0 >> 32, m1 >> 32, m2 >> 32, m3 >> 32];
            }
        };
        let holding = |s: usize| (self.subsets[((suit[s] & 0xFFFF) + i[s]) as usize & 4095] as u64) ^ suit[s] >> 32;
        holding(0) | holding(1) << 16 | holding(2) << 32 | holding(3) << 48
    }
}

/// The most ranks [`TopCards`] deals alone: four (the honours), 16 cards, whose subsets
/// fit a 128 KB table.
pub const MAX_TOP_RANKS: u32 = 4;

/// [`TopCards`] looks `j` up by blocks of `2^GUESS_SHIFT` numbers below `C(52, 13) < 2^40`:
/// 1024 blocks or fewer.
const GUESS_SHIFT: u32 = 30;
const GUESS_BLOCKS: usize = 1024;

/// Dealing only a hand's top cards: the cards of the top `t` ranks of each suit (`t` at most
/// [`MAX_TOP_RANKS`]), for a program that reads nothing else of the hand (`hcp` 4-3-2-1
/// reads the top four ranks, `controls` two). The other `13 - j` cards of the hand stay
/// undealt ([`TopCards::rest`] deals them for a deal that is printed).
///
/// Of the `C(52, 13)` hands, `C(c, j)·C(52 - c, 13 - j)` hold exactly `j` of the `c = 4t`
/// top cards, each `j`-subset of them in `C(52 - c, 13 - j)` hands. One uniform number `u`
/// below `C(52, 13)` (one random word, Lemire's method) is cut at the cumulative counts:
/// the part it falls in is `j`, and its rank in the part divided by `C(52 - c, 13 - j)` is
/// a uniform index among the `j`-subsets. Every subset comes out with the probability it
/// has in a uniform hand, exactly.
pub struct TopCards {
    /// The cards dealt: the top `ranks` ranks of each suit.
    cards: u64,
    /// `cumulative[j]`: the hands with fewer than `j` top cards, padded with `u64::MAX`.
    cumulative: [u64; 16],
    /// Per block of `2^GUESS_SHIFT` numbers below `C(52, 13)`: the part its first number
    /// falls in (where the search for `j` starts).
    guess: Box<[u8; GUESS_BLOCKS]>,
    /// Per `j`: a multiplier `m` and a shift `b` that divide exactly by
    /// `d = C(52 - c, 13 - j)` every rank `r` below `C(52, 13) < 2^40`
    /// ([`TopCards::divide`]).
    magic: [(u64, u32); 16],
    /// Per `j`: where the `j`-subsets of the top cards start in [`TOP_SUBSETS`]: the
    /// `j`-subsets of the `c` top cards are the first `C(c, j)` of its `j`-bit masks (each
    /// `j`-bit mask below `2^c` is smaller than every one above).
    offset: [u32; 16],
}

/// Every 16-bit mask (a subset of at most [`MAX_TOP_RANKS`] ranks in four suits), grouped by
/// number of cards, each group in increasing order; and where each group starts. Built when
/// dealvm is compiled: at run time it cost a one-deal run 2 million instructions.
static TOP_SUBSETS: ([u16; 1 << 16], [u32; 17]) = top_subsets();

/// Builds [`TOP_SUBSETS`].
const fn top_subsets() -> ([u16; 1 << 16], [u32; 17]) {
    let mut subsets = [0u16; 1 << 16];
    let mut offset = [0u32; 17];
    let mut k = 1;
    while k <= 16 {
        offset[k] = offset[k - 1] + choose(16, k as u64 - 1) as u32;
        k += 1;
    }
    let mut next = offset;
    let mut mask = 0u32;
    while mask < 1 << 16 {
        let k = mask.count_ones() as usize;
        subsets[next[k] as usize] = mask as u16;
        next[k] += 1;
        mask += 1;
    }
    (subsets, offset)
}

impl std::fmt::Debug for TopCards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TopCards({} ranks)", self.cards.count_ones() / 4)
    }
}

impl TopCards {
    /// The tables for the top `ranks` ranks (1 to [`MAX_TOP_RANKS`]), built on first use.
    pub fn get(ranks: u32) -> &'static TopCards {
        static TABLES: [OnceLock<TopCards>; MAX_TOP_RANKS as usize] = [const { OnceLock::new() }; MAX_TOP_RANKS as usize];
        assert!((1..=MAX_TOP_RANKS).contains(&ranks), "one to four top ranks");
        TABLES[ranks as usize - 1].get_or_init(|| TopCards::build(ranks))
    }

    fn build(ranks: u32) -> TopCards {
        let c = 4 * ranks as u64;
        let suit = ((1u64 << ranks) - 1) << (13 - ranks);
        let cards = suit | suit << 16 | suit << 32 | suit << 48;
        let mut cumulative = [u64::MAX; 16];
        let mut magic = [(0, 0); 16];
        let mut offset = [0u32; 16];
        let mut hands = 0u64;
        for j in 0..=c.min(13) {
            let others = choose(52 - c, 13 - j);
            cumulative[j as usize] = hands;
            let bits = 64 - others.leading_zeros();
            magic[j as usize] = ((1u128 << (40 + bits)).div_ceil(others as u128) as u64, bits);
            offset[j as usize] = TOP_SUBSETS.1[j as usize];
            hands += choose(c, j) * others;
        }
        debug_assert_eq!(hands, HANDS);
        let mut guess = Box::new([0u8; GUESS_BLOCKS]);
        for (block, g) in guess.iter_mut().enumerate() {
            let first = (block as u64) << GUESS_SHIFT;
            *g = cumulative[1..].iter().filter(|&&start| first >= start).count() as u8;
        }
        TopCards { cards, cumulative, guess, magic, offset }
    }

    /// The top cards of a uniform hand, as a card mask, `pdep` being the bit-deposit
    /// function.
    #[inline(always)]
    pub fn deal(&self, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> u64 {
        let u = below_hands(rng);
        let c = &self.cumulative;
        // The part of `u`'s block's first number, then the next parts while `u` is past
        // their start (a few blocks hold the start of a part).
        let mut j = self.guess[(u >> GUESS_SHIFT) as usize & (GUESS_BLOCKS - 1)] as usize;
        while u >= c[(j + 1) & 15] {
            j += 1;
        }
        let index = self.divide(u - c[j & 15], j) as usize;
        let subset = TOP_SUBSETS.0[(self.offset[j & 15] as usize + index) & 0xFFFF];
        pdep(subset as u64, self.cards)
    }

    /// `r / C(52 - c, 13 - j)`, rounded down, for `r < 2^40`: the high word of
    /// `(r · 2^24) · m`, shifted right by `b`, is `r·m / 2^(40 + b)` rounded down, where
    /// `m = ceil(2^(40 + b) / d)` and `2^(b-1) <= d < 2^b`; it exceeds `r/d` by less than
    /// `r / 2^(40 + b) < 1/d`, too little to reach the next integer.
    #[inline(always)]
    fn divide(&self, r: u64, j: usize) -> u64 {
        let (m, bits) = self.magic[j & 15];
        (((r << 24) as u128 * m as u128) >> 64) as u64 >> bits
    }

    /// The rest of the hand whose top cards are `top`: `13 - j` uniform cards of the others.
    pub fn rest(&self, top: u64, rng: &mut DealRng, pdep: impl Fn(u64, u64) -> u64) -> u64 {
        let others = crate::card::ALL_CARDS ^ self.cards;
        let missing = 13 - top.count_ones() as u8;
        pdep(Floyd::new(others.count_ones() as u8, missing).draw(rng), others)
    }
}

/// A uniform number below `C(52, 13)` from one random word (Lemire's method; a second word
/// is needed less than once in 2^24).
#[inline(always)]
fn below_hands(rng: &mut DealRng) -> u64 {
    loop {
        let m = rng.next_u64() as u128 * HANDS as u128;
        if (m as u64) >= HANDS || (m as u64) >= HANDS.wrapping_neg() % HANDS {
            return (m >> 64) as u64;
        }
    }
}

impl HandTables {
    /// Whether `u`, whose high bits tie with bucket `b`'s threshold, is below it.
    #[cold]
    #[inline(never)]
    fn low_below(&self, b: usize, u: u64) -> bool {
        (u & 0xFF) < self.low[b] as u64
    }
}

/// Whether the 32-bit draw whose product with `p` (below 2^32) is `m` gives an unbiased
/// number below `p`: its low 32 bits are not below `2^32 mod p` (Lemire's method; the
/// remainder is computed only in the rare case the low bits are below `p`).
#[inline(always)]
fn unbiased(m: u64, p: u64) -> bool {
    let low = m & 0xFFFF_FFFF;
    low >= p || low >= (1 << 32) % p
}

/// Floyd steps `j` in `first..end` served by one 64-bit word.
#[derive(Copy, Clone, Debug)]
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
    pub const fn new(n: u8, k: u8) -> Floyd {
        assert!(k <= n && n <= 64);
        let mut plan = Floyd { steps: [Step { first: 0, end: 0, threshold: 0 }; 4], count: 0 };
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
    use crate::dealing::rng::batch_rng;

    #[test]
    fn the_alias_table_gives_each_vector_its_weight() {
        let t = HandTables::get();
        assert_eq!((t.alias.len(), t.low.len()), (BUCKETS, BUCKETS));
        // Weight per vector: the part of each bucket kept, and of the other the alias's.
        let n = BUCKETS as u128;
        let mut got = std::collections::HashMap::<u16, u128>::new();
        for (b, &e) in t.alias.iter().enumerate() {
            let keep = ((e >> 32) << 8 | t.low[b] as u64) as u128;
            *got.entry((e >> 16) as u16).or_default() += keep;
            *got.entry(e as u16).or_default() += HANDS as u128 - keep;
            // The choice on the high bits and the low bits is the comparison with `keep`.
            for u in [keep.saturating_sub(1), keep, keep + 1, keep.saturating_sub(300), keep + 300] {
                let u = (u as u64).min(HANDS - 1);
                let (hi, v) = (e >> 32, u >> 8);
                let own = if hi != v { v < hi } else { t.low_below(b, u) };
                assert_eq!(own, (u as u128) < keep, "bucket {b}, u {u}");
            }
        }
        got.retain(|_, w| *w > 0);
        assert_eq!(got.len(), VECTORS);
        for (&v, &w) in &got {
            let k = [0, 4, 8, 12].map(|s| (v >> s & 15) as usize);
            assert_eq!(k.iter().sum::<usize>(), 13);
            let want: u128 = k.iter().map(|&k| WAYS[k] as u128).product();
            assert_eq!(w, want * n, "vector {v:04x}");
        }
        // Each length's holdings are all the masks of that length.
        for (k, &l) in t.lengths[..14].iter().enumerate() {
            let (start, ways, flip) = (l & 0xFFFF, l >> 16 & 0xFFFF, l >> 32);
            assert_eq!(ways, WAYS[k] as u64);
            let masks: std::collections::HashSet<u16> = (0..ways).map(|i| t.subsets[(start + i) as usize] ^ flip as u16).collect();
            assert_eq!(masks.len() as u64, ways);
            assert!(masks.iter().all(|m| m.count_ones() as usize == k && *m < 1 << 13));
        }
    }

    #[test]
    fn top_cards_cut_the_numbers_below_the_hands_exactly() {
        // Each number below C(52, 13) gives `j` and a subset index; every `j`-subset of the
        // top cards must get exactly C(52 - c, 13 - j) numbers: checked at both ends of each
        // subset's run of numbers, with the search for `j` that `deal` does.
        for ranks in 1..=MAX_TOP_RANKS {
            let t = TopCards::get(ranks);
            let c = 4 * ranks as u64;
            assert_eq!(t.cards.count_ones() as u64, c);
            let part = |u: u64| {
                let mut j = t.guess[(u >> GUESS_SHIFT) as usize] as usize;
                while u >= t.cumulative[(j + 1) & 15] {
                    j += 1;
                }
                (j, t.divide(u - t.cumulative[j], j))
            };
            let mut seen = std::collections::HashSet::new();
            for j in 0..=c.min(13) {
                let others = choose(52 - c, 13 - j);
                for k in 0..choose(c, j) {
                    let first = t.cumulative[j as usize] + k * others;
                    assert_eq!(part(first), (j as usize, k), "top {ranks}: start of subset {k} of {j}");
                    assert_eq!(part(first + others - 1), (j as usize, k), "top {ranks}: end of subset {k} of {j}");
                    let at = t.offset[j as usize] as usize + k as usize;
                    let subset = TOP_SUBSETS.0[at];
                    assert_eq!(subset.count_ones() as u64, j);
                    // A subset of the `c` top cards, the groups in increasing order (the
                    // order the deals of a seed were always dealt in).
                    assert!((subset as u64) < 1 << c && (k == 0 || TOP_SUBSETS.0[at - 1] < subset), "top {ranks}: subset {k} of {j}");
                    assert!(seen.insert(subset));
                }
            }
            let subsets: u64 = (0..=c.min(13)).map(|j| choose(c, j)).sum();
            assert_eq!(seen.len() as u64, subsets, "every subset of 13 or fewer top cards once");
            assert_eq!(part(HANDS - 1).0 as u64, c.min(13));
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
