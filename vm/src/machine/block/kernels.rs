//! The column kernels of the block evaluator that the compiler does not vectorise well by
//! itself — which lanes of a column are zero (every branch splits its lanes so), and a shape
//! test (a lookup in a set of 560 bits) — for each processor tier ([`crate::cpu::Tier`]),
//! written with the tier's vector instructions. The evaluator's loops are compiled for the
//! same tiers ([`super::Isa`]).

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

/// Compiled for x86-64 processors with BMI1, BMI2, POPCNT, LZCNT and AVX2: eight lanes at a time.
#[cfg(target_arch = "x86_64")]
pub(super) struct Wide;

#[cfg(target_arch = "x86_64")]
impl Kernels for Wide {
    #[inline(always)]
    fn zeros64(values: &[i32; 64]) -> u64 {
        // SAFETY: `Wide` is used only for processors with AVX2.
        unsafe { zeros64_avx2(values) }
    }

    #[inline(always)]
    fn shape_test64(set: &ShapeSet, shapes: &[u16; 64], out: &mut [i32; 64], lanes: u64) {
        // SAFETY: as above.
        unsafe { shape_test64_avx2(set, shapes, out, lanes) }
    }

    #[inline(always)]
    fn hand_count64(block: &[i32; SUIT_MASKS], shift: u32, deals: &[Deal; 64], seat: Seat, out: &mut [i32; 64], lanes: u64) {
        // SAFETY: as above.
        unsafe { hand_count64_avx2(block, shift, deals, seat, out, lanes) }
    }
}

/// Writes `values` in the lanes of `part` (bit `i`: lane `i`) of the eight at `at`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2")]
#[inline]
unsafe fn store8_avx2(at: &mut [i32], values: std::arch::x86_64::__m256i, part: u8) {
    use std::arch::x86_64::*;
    assert!(at.len() >= 8, "eight lanes");
    if part == u8::MAX {
        // SAFETY: `at` holds the 32 bytes written.
        unsafe { _mm256_storeu_si256(at.as_mut_ptr().cast(), values) };
    } else {
        // Only the lanes of `part`: each one's mask is its bit moved to the sign.
        let mask = _mm256_sllv_epi32(_mm256_set1_epi32(part as i32), _mm256_setr_epi32(31, 30, 29, 28, 27, 26, 25, 24));
        // SAFETY: as above.
        unsafe { _mm256_maskstore_epi32(at.as_mut_ptr(), mask, values) };
    }
}

/// [`Kernels::hand_count64`] with AVX2: for four hands at a time, each suit's entries
/// gathered at once.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2")]
#[inline]
unsafe fn hand_count64_avx2(block: &[i32; SUIT_MASKS], shift: u32, deals: &[Deal; 64], seat: Seat, out: &mut [i32; 64], lanes: u64) {
    use std::arch::x86_64::*;
    // A suit's 13 bits, after the shift.
    let keep = _mm256_set1_epi64x((0x1FFF >> shift) as i64);
    let by = _mm_cvtsi32_si128(shift as i32);
    let base = block.as_ptr();
    let four = |at: usize| {
        let hand = |i: usize| deals[at + i].hand(seat).0 as i64;
        let hands = _mm256_srl_epi64(_mm256_setr_epi64x(hand(0), hand(1), hand(2), hand(3)), by);
        // Every index is below `SUIT_MASKS >> shift`, inside the block; 4-byte steps.
        let suit = |index: __m256i| unsafe { _mm256_i64gather_epi32::<4>(base, _mm256_and_si256(index, keep)) };
        let (clubs, diamonds) = (suit(hands), suit(_mm256_srli_epi64::<16>(hands)));
        let (hearts, spades) = (suit(_mm256_srli_epi64::<32>(hands)), suit(_mm256_srli_epi64::<48>(hands)));
        _mm_add_epi32(_mm_add_epi32(clubs, diamonds), _mm_add_epi32(hearts, spades))
    };
    for k in 0..8 {
        let part = (lanes >> (8 * k)) as u8;
        if part == 0 {
            continue;
        }
        let values = _mm256_set_m128i(four(8 * k + 4), four(8 * k));
        // SAFETY: the processor has AVX2.
        unsafe { store8_avx2(&mut out[8 * k..8 * k + 8], values, part) };
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

/// [`Isa::shape_test64`] with AVX2: for eight lanes at a time, the set's 32-bit words that hold
/// their shapes gathered at once, each shifted by its shape's place in its word.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx,avx2")]
#[inline]
unsafe fn shape_test64_avx2(set: &ShapeSet, shapes: &[u16; 64], out: &mut [i32; 64], lanes: u64) {
    use std::arch::x86_64::*;
    let words = set.words();
    // The last 32-bit word of the set: an index past it is clamped to it (an index past 560
    // is never a shape, but the gather must stay in the set).
    let last = _mm256_set1_epi32((words.len() * 2 - 1) as i32);
    let (low5, one) = (_mm256_set1_epi32(31), _mm256_set1_epi32(1));
    for k in 0..8 {
        let part = (lanes >> (8 * k)) as u8;
        if part == 0 {
            continue;
        }
        // SAFETY: `shapes` holds the 16 bytes read at `8 * k`.
        let shape = _mm256_cvtepu16_epi32(unsafe { _mm_loadu_si128(shapes.as_ptr().add(8 * k).cast()) });
        let word = _mm256_min_epu32(_mm256_srli_epi32::<5>(shape), last);
        // SAFETY: every index is at most `last`, a word of the set; 4-byte steps from its start.
        let gathered = unsafe { _mm256_i32gather_epi32::<4>(words.as_ptr().cast(), word) };
        let held = _mm256_and_si256(_mm256_srlv_epi32(gathered, _mm256_and_si256(shape, low5)), one);
        // SAFETY: `out` holds the 32 bytes written at `8 * k`.
        let at = unsafe { out.as_mut_ptr().add(8 * k) };
        if part == u8::MAX {
            // SAFETY: as above.
            unsafe { _mm256_storeu_si256(at.cast(), held) };
        } else {
            // Only the lanes of `lanes`: each one's mask is its bit moved to the sign.
            let mask = _mm256_sllv_epi32(_mm256_set1_epi32(part as i32), _mm256_setr_epi32(31, 30, 29, 28, 27, 26, 25, 24));
            // SAFETY: as above.
            unsafe { _mm256_maskstore_epi32(at, mask, held) };
        }
    }
}
