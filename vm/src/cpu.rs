//! What the processor has: the bit instructions and the vector instructions that the fast
//! paths of the dealing, the batch loop, the block evaluator and the statistics are compiled
//! for, asked once. It imports nothing, so every folder of the crate may ask it.

/// Whether the CPU has the BMI2 instructions (`pdep`).
pub fn has_bmi2() -> bool {
    bit_instructions() & BMI2 != 0
}

/// Whether the CPU has the bit instructions the fast paths are compiled for: BMI1, BMI2
/// (`pdep`), POPCNT and LZCNT (every x86-64 processor since about 2013 has them).
pub fn fast_bits() -> bool {
    bit_instructions() & FAST_BITS != 0
}

/// Whether the CPU has the bit instructions and the 256-bit vector instructions (AVX2) the
/// widest paths are compiled for, and the operating system saves the vector registers: the
/// loops over columns of a block, and the batch loop, then work on eight values at a time.
pub fn wide() -> bool {
    bit_instructions() & WIDE != 0
}

/// How a fast path is compiled: for any processor, for the bit instructions, or for them and
/// AVX2. Each tier gives the same results; the widest the processor runs is the fastest.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// For any processor.
    Portable,
    /// For x86-64 processors with BMI1, BMI2, POPCNT and LZCNT ([`fast_bits`]).
    Bits,
    /// For those with AVX2 as well ([`wide`]).
    Wide,
}

impl Tier {
    /// The widest tier this processor runs.
    pub fn best() -> Tier {
        if wide() {
            Tier::Wide
        } else if fast_bits() {
            Tier::Bits
        } else {
            Tier::Portable
        }
    }

    /// Every tier this processor runs, the most portable first.
    pub fn available() -> impl Iterator<Item = Tier> {
        [Tier::Portable, Tier::Bits, Tier::Wide].into_iter().filter(|&t| t <= Tier::best())
    }
}

/// [`bit_instructions`]: BMI2.
const BMI2: u8 = 1;
/// [`bit_instructions`]: BMI1, BMI2, POPCNT and LZCNT.
const FAST_BITS: u8 = 2;
/// [`bit_instructions`]: [`FAST_BITS`], AVX and AVX2, their registers saved by the system.
const WIDE: u8 = 4;

/// The instructions the CPU has ([`BMI2`], [`FAST_BITS`], [`WIDE`]), asked once. Five `cpuid`
/// instructions: the standard library's detection runs a dozen, each some microseconds under
/// a hypervisor, at every start of the program.
fn bit_instructions() -> u8 {
    use std::sync::atomic::{AtomicU8, Ordering};
    /// The answer, once asked; `UNKNOWN` before.
    static FOUND: AtomicU8 = AtomicU8::new(UNKNOWN);
    const UNKNOWN: u8 = 0x80;
    let found = FOUND.load(Ordering::Relaxed);
    if found != UNKNOWN {
        return found;
    }
    let found = ask_cpu();
    FOUND.store(found, Ordering::Relaxed);
    found
}

/// [`bit_instructions`], from the processor's `cpuid` leaves 1, 7 and 0x8000_0001.
#[cfg(target_arch = "x86_64")]
fn ask_cpu() -> u8 {
    // `cpuid` exists on every x86-64 processor (a safe function from Rust 1.89).
    #[allow(unused_unsafe)]
    // SAFETY: `cpuid` has no preconditions on x86-64; only leaves the processor lists are read.
    let leaf = |leaf: u32| unsafe { std::arch::x86_64::__cpuid_count(leaf, 0) };
    let (max, max_extended) = (leaf(0).eax, leaf(0x8000_0000).eax);
    let features = leaf(1).ecx;
    let popcnt = features & 1 << 23 != 0;
    let extended = if max >= 7 { leaf(7).ebx } else { 0 };
    let (bmi1, bmi2, avx2) = (extended & 1 << 3 != 0, extended & 1 << 8 != 0, extended & 1 << 5 != 0);
    let lzcnt = max_extended >= 0x8000_0001 && leaf(0x8000_0001).ecx & 1 << 5 != 0;
    // AVX needs the system to save the vector registers: XSAVE enabled by it (OSXSAVE), and
    // the SSE and AVX states in the register XCR0.
    let (osxsave, avx) = (features & 1 << 27 != 0, features & 1 << 28 != 0);
    // SAFETY: OSXSAVE says that the processor has XGETBV and the system enabled it.
    let saved = osxsave && avx && unsafe { saved_states() } & 0b110 == 0b110;
    let fast = bmi1 && bmi2 && popcnt && lzcnt;
    u8::from(bmi2) * BMI2 + u8::from(fast) * FAST_BITS + u8::from(fast && saved && avx2) * WIDE
}

/// The register XCR0: the states the system saves on a switch of threads.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "xsave")]
unsafe fn saved_states() -> u64 {
    std::arch::x86_64::_xgetbv(0)
}

/// [`bit_instructions`]: none but on x86-64.
#[cfg(not(target_arch = "x86_64"))]
fn ask_cpu() -> u8 {
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bit_instructions_are_those_the_standard_library_finds() {
        #[cfg(target_arch = "x86_64")]
        {
            let all = ["bmi1", "bmi2", "popcnt", "lzcnt"].map(|f| match f {
                "bmi1" => std::is_x86_feature_detected!("bmi1"),
                "bmi2" => std::is_x86_feature_detected!("bmi2"),
                "popcnt" => std::is_x86_feature_detected!("popcnt"),
                _ => std::is_x86_feature_detected!("lzcnt"),
            });
            assert_eq!(has_bmi2(), all[1]);
            assert_eq!(fast_bits(), all.iter().all(|&f| f));
            assert_eq!(wide(), fast_bits() && std::is_x86_feature_detected!("avx2"));
            // Asked once: the same answer again.
            assert_eq!((has_bmi2(), fast_bits()), (all[1], all.iter().all(|&f| f)));
        }
        #[cfg(not(target_arch = "x86_64"))]
        assert!(!has_bmi2() && !fast_bits() && !wide());
    }
}
