//! Random numbers: the generator behind dealing and `rnd()`, exact bounded draws, and the bit
//! instructions the dealers use.
//!
//! The generator is xoshiro256++, one stream per batch of deals ([`batch_rng`]), so a run deals
//! the same deals on any number of threads. `rnd` draws from a stream of each deal's own
//! ([`DealDraws`]), so the deals do not depend on the draws, nor the draws on the order in
//! which deals are evaluated. Bounded numbers are drawn without modulo bias (Lemire's method,
//! rejecting the rare biased draws), so nothing is rounded.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The random generator behind dealing and `rnd()`.
pub type DealRng = Xoshiro256PlusPlus;

/// SplitMix64's output function: a bijective 64-bit mixer.
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of batch `batch` of a run with seed `seed`.
///
/// Each batch has its own stream that depends only on `(seed, batch)`, so a run deals the
/// same deals whatever the number of threads.
pub fn batch_rng(seed: u64, batch: u64) -> DealRng {
    DealRng::seed_from_u64(mix64(seed ^ mix64(batch.wrapping_mul(0xD1B5_4A32_D192_ED03))))
}

/// The generator of deal number `n` alone, in a run with seed `seed`: what is drawn for one
/// deal whatever the deals around it (the hands a partial deal left out, filled in when an
/// action prints it), so that it does not depend on how the run was cut into pieces.
pub fn deal_rng(seed: u64, n: u64) -> DealRng {
    DealRng::seed_from_u64(mix64(mix64(seed ^ 0x6A09_E667_F3BC_C908) ^ n))
}

/// A uniform random integer in `0..n` (`n > 0`), without modulo bias (Lemire's method).
#[inline]
pub fn below(rng: &mut DealRng, n: u32) -> u32 {
    lemire(n, || rng.next_u32())
}

/// A uniform random integer in `0..n` (`n > 0`) from the 32-bit words of `next` (Lemire's
/// method: the high word of a word times `n`, the rare products of a biased low word drawn
/// again).
#[inline(always)]
fn lemire(n: u32, mut next: impl FnMut() -> u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = (next() as u64) * (n as u64);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = (next() as u64) * (n as u64);
        }
    }
    (m >> 32) as u32
}

/// dealvm's `rnd(bound)`: uniform in `0..bound` for a positive bound, in `bound+1..=0` for a
/// negative one, and for 0 the number of the deal among those produced (`produced` were
/// produced before it); drawn from `rng`.
#[inline]
pub fn rnd_draw(rng: &mut DealRng, bound: i32, produced: u64) -> i32 {
    rnd_of(bound, produced, |n| below(rng, n))
}

/// `rnd(bound)` with `below(n)` drawing a number in `0..n`.
#[inline(always)]
fn rnd_of(bound: i32, produced: u64, below: impl FnOnce(u32) -> u32) -> i32 {
    match bound {
        0 => produced.wrapping_add(1) as i32,
        n if n > 0 => below(n as u32) as i32,
        n => -(below(n.unsigned_abs()) as i32),
    }
}

/// The numbers `rnd` draws for one deal: a stream of the deal's own (SplitMix64 from the
/// run's seed and the deal's number in the run), so that a deal's draws are the same whether
/// it is evaluated alone or in a block of deals, in a piece or a whole batch, and the deals
/// dealt after it do not depend on them. The deal's draws follow each other in the order its
/// code asks for them, which is the order of the condition as written (nothing is moved
/// across `rnd`).
#[derive(Copy, Clone, Debug, Default)]
pub struct DealDraws(u64);

impl DealDraws {
    /// The draws of deal number `n` of a run with seed `seed`.
    #[inline]
    pub fn of(seed: u64, n: u64) -> DealDraws {
        DealDraws(mix64(mix64(seed ^ 0xBB67_AE85_84CA_A73B) ^ n))
    }

    /// The next 32-bit word.
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        (mix64(self.0) >> 32) as u32
    }

    /// dealvm's `rnd(bound)` ([`rnd_draw`]) from these draws.
    #[inline]
    pub fn rnd(&mut self, bound: i32, produced: u64) -> i32 {
        rnd_of(bound, produced, |n| lemire(n, || self.next_u32()))
    }
}

/// A uniform random integer in `0..n` (`n > 0`): by Lemire's method when `n` fits 64 bits,
/// else by rejection of the high bits.
pub fn below_u128(rng: &mut DealRng, n: u128) -> u128 {
    debug_assert!(n > 0);
    if n == 1 {
        return 0;
    }
    if let Ok(n) = u64::try_from(n) {
        let mut m = rng.next_u64() as u128 * n as u128;
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = rng.next_u64() as u128 * n as u128;
            }
        }
        return m >> 64;
    }
    let bits = 128 - (n - 1).leading_zeros();
    loop {
        let x = ((rng.next_u64() as u128) << 64 | rng.next_u64() as u128) >> (128 - bits);
        if x < n {
            return x;
        }
    }
}

/// Parallel bit deposit without BMI2: the low bits of `src` go to the set bits of `mask`.
pub fn pdep_portable(mut src: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 && src != 0 {
        let low = mask & mask.wrapping_neg();
        if src & 1 != 0 {
            out |= low;
        }
        src >>= 1;
        mask &= mask - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chi-square statistic of `seen` against equal shares, and its bound at probability
    /// 1e-4 for its degrees of freedom (Wilson-Hilferty).
    fn chi_square_of_equal_shares(seen: &[u64]) -> (f64, f64) {
        let total: u64 = seen.iter().sum();
        let expected = total as f64 / seen.len() as f64;
        let chi = seen.iter().map(|&o| (o as f64 - expected).powi(2) / expected).sum();
        let df = seen.len() as f64 - 1.0;
        (chi, df * (1.0 - 2.0 / (9.0 * df) + 3.72 * (2.0 / (9.0 * df)).sqrt()).powi(3))
    }

    #[test]
    fn each_deals_rnd_is_uniform_and_independent_of_its_neighbours() {
        // The first draw of consecutive deals (the case of a script that levels with one
        // `rnd`), pairs of consecutive deals' draws, and the second draw of a deal after its
        // first: each uniform over its cells.
        let (n, cells) = (7u32, 7usize);
        let (mut first, mut pairs, mut second) = (vec![0u64; cells], vec![0u64; cells * cells], vec![0u64; cells * cells]);
        let mut before = None;
        for deal in 0..200_000u64 {
            let mut draws = DealDraws::of(42, deal);
            let a = draws.rnd(n as i32, 0) as usize;
            let b = draws.rnd(n as i32, 0) as usize;
            assert!(a < cells && b < cells);
            first[a] += 1;
            second[a * cells + b] += 1;
            if let Some(p) = before.replace(a) {
                pairs[p * cells + a] += 1;
            }
        }
        for (what, seen) in [("first draws", &first), ("consecutive deals", &pairs), ("a deal's two draws", &second)] {
            let (chi, bound) = chi_square_of_equal_shares(seen);
            assert!(chi < bound, "{what}: chi-square {chi:.1} over {bound:.1}");
        }
        // Negative bounds and 0 as `rnd` has them; the same deal draws the same again.
        let mut draws = DealDraws::of(5, 9);
        assert!((-4..=0).contains(&draws.rnd(-5, 0)));
        assert_eq!(draws.rnd(0, 41), 42);
        assert_eq!(DealDraws::of(5, 9).rnd(1000, 0), DealDraws::of(5, 9).rnd(1000, 0));
        assert_ne!((0..8).map(|d| DealDraws::of(5, d).rnd(1 << 30, 0)).collect::<std::collections::BTreeSet<_>>().len(), 1);
    }

    #[test]
    fn below_is_in_range() {
        let mut rng = batch_rng(1, 1);
        for n in 1..100 {
            for _ in 0..100 {
                assert!(below(&mut rng, n) < n);
            }
        }
    }

    #[test]
    fn below_u128_is_in_range() {
        let mut rng = batch_rng(2, 2);
        for n in [1u128, 2, 3, 1000, 1 << 70, u128::MAX / 3] {
            for _ in 0..50 {
                assert!(below_u128(&mut rng, n) < n);
            }
        }
    }

    #[test]
    fn portable_pdep_deposits_low_bits() {
        assert_eq!(pdep_portable(0b101, 0b1011_0000), 0b1000_0000 | 0b0001_0000);
        assert_eq!(pdep_portable(u64::MAX, 0b1010), 0b1010);
    }
}
