//! Random numbers: the generator behind dealing and `rnd()`, exact bounded draws, and the bit
//! instructions the dealers use.
//!
//! The generator is xoshiro256++, one stream per batch of deals ([`batch_rng`]), so a run deals
//! the same deals on any number of threads. Bounded numbers are drawn without modulo bias
//! (Lemire's method, rejecting the rare biased draws), so nothing is rounded.

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
    debug_assert!(n > 0);
    let mut m = (rng.next_u32() as u64) * (n as u64);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = (rng.next_u32() as u64) * (n as u64);
        }
    }
    (m >> 32) as u32
}

/// dealvm's `rnd(bound)`: uniform in `0..bound` for a positive bound, in `bound+1..=0` for a
/// negative one, and for 0 the number of the deal among those produced (`produced` were
/// produced before it).
#[inline]
pub fn rnd_draw(rng: &mut DealRng, bound: i32, produced: u64) -> i32 {
    match bound {
        0 => produced.wrapping_add(1) as i32,
        n if n > 0 => below(rng, n as u32) as i32,
        n => -(below(rng, n.unsigned_abs()) as i32),
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
