//! Bit extraction and deposit (`pext`, `pdep`) over a deal's 64-bit card sets: the processor's
//! BMI2 instructions where it has them (found at run time), tables and loops elsewhere, the
//! same answers.

/// How this processor compresses card sets: chosen once, when a search is made.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Bits {
    bmi2: bool,
}

impl Bits {
    /// The fastest way this processor has.
    pub(crate) fn detect() -> Bits {
        #[cfg(target_arch = "x86_64")]
        let bmi2 = std::arch::is_x86_feature_detected!("bmi2") && !microcoded_bmi2();
        #[cfg(not(target_arch = "x86_64"))]
        let bmi2 = false;
        Bits { bmi2 }
    }

    /// The portable way, whatever the processor has (for tests of one against the other).
    #[cfg(test)]
    pub(crate) fn portable() -> Bits {
        Bits { bmi2: false }
    }

    /// The bits of `x` under `mask`, packed to the bottom in order.
    #[inline(always)]
    pub(crate) fn pext(self, x: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 {
            // SAFETY: BMI2 was found on this processor.
            return unsafe { hw::pext(x, mask) };
        }
        soft_pext(x, mask)
    }

    /// The bottom bits of `x` spread, in order, onto the set bits of `mask`.
    #[inline(always)]
    pub(crate) fn pdep(self, x: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 {
            // SAFETY: BMI2 was found on this processor.
            return unsafe { hw::pdep(x, mask) };
        }
        soft_pdep(x, mask)
    }
}

/// Whether this processor has `pext` and `pdep` only as microcode, hundreds of cycles each: AMD's
/// before Zen 3 (family 19h), where the tables and loops are faster.
#[cfg(target_arch = "x86_64")]
fn microcoded_bmi2() -> bool {
    // SAFETY: every x86-64 processor has `cpuid` and its leaves 0 and 1.
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe { (core::arch::x86_64::__cpuid(0), core::arch::x86_64::__cpuid(1)) };
    // "AuthenticAMD", in the order ebx, edx, ecx.
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6E65, 0x444D_4163);
    amd && family(signature.eax) < 0x19
}

/// The processor's family from `cpuid`'s signature (leaf 1, `eax`): the base family, plus the
/// extended family where the base is 15.
#[cfg(any(target_arch = "x86_64", test))]
fn family(eax: u32) -> u32 {
    let base = (eax >> 8) & 0xF;
    if base == 0xF {
        base + ((eax >> 20) & 0xFF)
    } else {
        base
    }
}

#[cfg(target_arch = "x86_64")]
mod hw {
    #[target_feature(enable = "bmi2")]
    pub(super) unsafe fn pext(x: u64, mask: u64) -> u64 {
        core::arch::x86_64::_pext_u64(x, mask)
    }

    #[target_feature(enable = "bmi2")]
    pub(super) unsafe fn pdep(x: u64, mask: u64) -> u64 {
        core::arch::x86_64::_pdep_u64(x, mask)
    }
}

/// `pext` a byte at a time: `PEXT8[mask byte][x byte]`.
static PEXT8: [[u8; 256]; 256] = {
    let mut t = [[0u8; 256]; 256];
    let mut m = 0;
    while m < 256 {
        let mut x = 0;
        while x < 256 {
            let (mut out, mut k, mut b) = (0u8, 0, 0);
            while b < 8 {
                if m & (1 << b) != 0 {
                    if x & (1 << b) != 0 {
                        out |= 1 << k;
                    }
                    k += 1;
                }
                b += 1;
            }
            t[m][x] = out;
            x += 1;
        }
        m += 1;
    }
    t
};

fn soft_pext(x: u64, mask: u64) -> u64 {
    let (mut out, mut shift) = (0u64, 0);
    for byte in 0..8 {
        let m = (mask >> (8 * byte)) as u8;
        if m != 0 {
            out |= u64::from(PEXT8[m as usize][(x >> (8 * byte)) as u8 as usize]) << shift;
            shift += m.count_ones();
        }
    }
    out
}

fn soft_pdep(mut x: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 && x != 0 {
        let low = mask & mask.wrapping_neg();
        if x & 1 != 0 {
            out |= low;
        }
        x >>= 1;
        mask &= mask - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pext` and `pdep` one bit at a time.
    fn plain(x: u64, mask: u64) -> (u64, u64) {
        let (mut ext, mut dep, mut k) = (0, 0, 0);
        for b in 0..64 {
            if mask >> b & 1 != 0 {
                ext |= (x >> b & 1) << k;
                dep |= (x >> k & 1) << b;
                k += 1;
            }
        }
        (ext, dep)
    }

    #[test]
    fn families_read_from_the_signature() {
        // Zen 2 (EPYC 7002), Zen 3 (EPYC 7003), Zen 4 (Ryzen 7000), an Intel Core.
        assert_eq!(family(0x0083_0F10), 0x17);
        assert_eq!(family(0x00A0_0F11), 0x19);
        assert_eq!(family(0x00A6_0F12), 0x19);
        assert_eq!(family(0x0009_06EA), 6);
    }

    #[test]
    fn both_ways_agree_with_one_bit_at_a_time() {
        let mut s = 7u64;
        for _ in 0..20_000 {
            s = dealvm_vm::dealing::rng::mix64(s);
            let x = dealvm_vm::dealing::rng::mix64(s ^ 1);
            let mask = s & dealvm_vm::dealing::rng::mix64(s ^ 2);
            let (ext, dep) = plain(x, mask);
            for bits in [Bits::detect(), Bits::portable()] {
                assert_eq!(bits.pext(x, mask), ext, "{x:x} {mask:x}");
                assert_eq!(bits.pdep(x, mask), dep, "{x:x} {mask:x}");
            }
        }
    }
}
