//! The column kernels of the block evaluator, for each processor tier ([`crate::cpu::Tier`]):
//! which lanes of a column are zero (every branch splits its lanes so), written with the
//! tier's vector instructions, since the compiler does not vectorise it well by itself; a
//! shape test (a lookup in a set of 560 bits) and a hand count (four lookups in a counting
//! function's table), plain loops one lane after the other in every tier. Gathering eight
//! lanes' shape words or four hands' suits at once with AVX2 is slower than these loops on
//! the processor measured (an AMD Zen 3: the users' scripts took 8 to 47% more time so,
//! `comparisons/runs/2026-11-28-kernels.md`): a gather costs more than the lookups it
//! replaces. The evaluator's loops are compiled for the same tiers ([`super::Isa`]).

use super::lanes::each_bit;
use crate::card::{Deal, Seat};
use crate::evaluation::shape::ShapeSet;
use crate::evaluation::tables::SUIT_MASKS;

/// The kernels of a tier: by default, plain loops for any processor.
pub(super) trait Kernels {
    /// Bit `i` set when `values[i]` is zero.
    fn zeros64(values: &[i32; 64]) -> u64 {
        (0..64).fold(0, |bits, i| bits | u64::from(values[i] == 0) << i)
    }

    /// For each lane `i` in `lanes` (bit `i`), 1 in `out[i]` when `set` holds shape
    /// `shapes[i]`, else 0; the other lanes of `out` are left as they are.
    fn shape_test64(set: &ShapeSet, shapes: &[u16; 64], out: &mut [i32; 64], lanes: u64) {
        each_bit(lanes, |i| out[i] = i32::from(set.contains(shapes[i] as usize)));
    }

    /// For each lane `i` in `lanes`, the value of `seat`'s hand in `deals[i]`: the sum over
    /// its four suits of `block[mask >> shift]` (a counting function's table kept at `shift`,
    /// [`crate::evaluation::tables::Tables::suit_block`]), added with wrap-around; the other
    /// lanes of `out` are left as they are.
    fn hand_count64(block: &[i32; SUIT_MASKS], shift: u32, deals: &[Deal; 64], seat: Seat, out: &mut [i32; 64], lanes: u64) {
        each_bit(lanes, |i| {
            let hand = deals[i].hand(seat);
            out[i] = (0..4).fold(0i32, |sum, s| sum.wrapping_add(block[((hand.0 >> (16 * s)) as usize & 0x1FFF) >> shift]));
        });
    }
}

/// Compiled for any processor.
pub(super) struct Portable;

impl Kernels for Portable {}

/// Compiled for x86-64 processors with BMI1, BMI2, POPCNT and LZCNT; the zero tests with
/// SSE2, which every x86-64 processor has.
#[cfg(target_arch = "x86_64")]
pub(super) struct Bits;

#[cfg(target_arch = "x86_64")]
impl Kernels for Bits {
    #[inline(always)]
    fn zeros64(values: &[i32; 64]) -> u64 {
        use std::arch::x86_64::{_mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps, _mm_setzero_si128};
        let mut bits = 0u64;
        for (k, four) in values.chunks_exact(4).enumerate() {
            // SAFETY: SSE2 is part of x86-64; `four` holds the 16 bytes read.
            let zero = unsafe {
                let v = _mm_loadu_si128(four.as_ptr().cast());
                _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, _mm_setzero_si128())))
            };
            bits |= (zero as u64) << (4 * k);
        }
        bits
    }
}

/// Compiled for x86-64 processors with BMI1, BMI2, POPCNT, LZCNT and AVX2: the zero tests eight
/// lanes at a time.
#[cfg(target_arch = "x86_64")]
pub(super) struct Wide;

#[cfg(target_arch = "x86_64")]
impl Kernels for Wide {
    #[inline(always)]
    fn zeros64(values: &[i32; 64]) -> u64 {
        // SAFETY: `Wide` is used only for processors with AVX2.
        unsafe { zeros64_avx2(values) }
    }
}

/// [`Isa::zeros64`] with AVX2: eight comparisons and a mask of their signs at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2")]
#[inline]
unsafe fn zeros64_avx2(values: &[i32; 64]) -> u64 {
    use std::arch::x86_64::{_mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256, _mm256_movemask_ps, _mm256_setzero_si256};
    let mut bits = 0u64;
    for (k, eight) in values.chunks_exact(8).enumerate() {
        // SAFETY: `eight` holds the 32 bytes read.
        let v = unsafe { _mm256_loadu_si256(eight.as_ptr().cast()) };
        let zero = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, _mm256_setzero_si256())));
        bits |= (zero as u32 as u64) << (8 * k);
    }
    bits
}
