//! Sets of lanes of a block: a bit per deal.

/// Deals per block.
pub const LANES: usize = 512;

/// Words of 64 lanes.
const WORDS: usize = LANES / 64;

/// A set of lanes of a block: bit `l` for the deal in lane `l`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Lanes([u64; WORDS]);

impl Lanes {
    /// No lane.
    pub const NONE: Lanes = Lanes([0; WORDS]);

    /// Lanes `0..n` (`n` at most [`LANES`]).
    pub fn first(n: usize) -> Lanes {
        debug_assert!(n <= LANES);
        Lanes(std::array::from_fn(|w| match n.saturating_sub(w * 64) {
            0 => 0,
            k if k >= 64 => u64::MAX,
            k => (1u64 << k) - 1,
        }))
    }

    /// Whether there is no lane.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of lanes.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether lane `l` is in the set.
    #[inline(always)]
    pub fn contains(self, l: usize) -> bool {
        self.0[l / 64] >> (l % 64) & 1 != 0
    }

    /// The last lane, if any.
    pub fn last(self) -> Option<usize> {
        (0..WORDS).rev().find(|&w| self.0[w] != 0).map(|w| w * 64 + 63 - self.0[w].leading_zeros() as usize)
    }

    /// The `k`th lane (from 0), if there are more than `k`.
    pub fn nth(self, k: u32) -> Option<usize> {
        let mut k = k;
        for (w, &bits) in self.0.iter().enumerate() {
            let ones = bits.count_ones();
            if k < ones {
                let mut b = bits;
                (0..k).for_each(|_| b &= b - 1);
                return Some(w * 64 + b.trailing_zeros() as usize);
            }
            k -= ones;
        }
        None
    }

    /// The lanes in either set.
    #[inline(always)]
    pub fn or(self, other: Lanes) -> Lanes {
        Lanes(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }

    /// The lanes in both sets.
    #[inline(always)]
    pub fn and(self, other: Lanes) -> Lanes {
        Lanes(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    /// The lanes of this set not in `other`.
    #[inline(always)]
    pub fn and_not(self, other: Lanes) -> Lanes {
        Lanes(std::array::from_fn(|w| self.0[w] & !other.0[w]))
    }

    /// Calls `f` on each lane in order: a word of 64 lanes as one straight loop, which the
    /// compiler vectorises, a partial word lane by lane.
    #[inline(always)]
    pub fn each(self, mut f: impl FnMut(usize)) {
        for (w, &bits) in self.0.iter().enumerate() {
            each_bit(bits, |i| f(w * 64 + i));
        }
    }

    /// Calls `f` on each lane in order until it gives `false`.
    #[inline(always)]
    pub fn until(self, mut f: impl FnMut(usize) -> bool) {
        for (w, &bits) in self.0.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                if !f(w * 64 + b.trailing_zeros() as usize) {
                    return;
                }
                b &= b - 1;
            }
        }
    }

    /// The lanes whose value in `column` is zero, and the others: `zeros64` gives the zeros
    /// among the 64 values of a word of lanes, all read at once.
    #[inline(always)]
    pub fn split_zeros(self, column: &[i32; LANES], zeros64: impl Fn(&[i32; 64]) -> u64) -> (Lanes, Lanes) {
        let mut zero = Lanes::NONE;
        self.each_word(|w, bits| zero.0[w] = zeros64(word(column, w)) & bits);
        (zero, self.and_not(zero))
    }

    /// Calls `f` with the number of each word of 64 lanes that holds some lanes of the set,
    /// and its lanes (bit `i` for lane `64 * w + i`).
    #[inline(always)]
    pub fn each_word(self, mut f: impl FnMut(usize, u64)) {
        for (w, &bits) in self.0.iter().enumerate() {
            if bits != 0 {
                f(w, bits);
            }
        }
    }

    /// The lanes for which `test` holds, and the others: each word's bits gathered in a
    /// register.
    #[inline(always)]
    pub fn split(self, test: impl Fn(usize) -> bool) -> (Lanes, Lanes) {
        let mut yes = Lanes::NONE;
        for (w, &bits) in self.0.iter().enumerate() {
            let at = w * 64;
            let mut y = 0u64;
            if bits == u64::MAX {
                for i in 0..64 {
                    y |= u64::from(test(at + i)) << i;
                }
            } else {
                let mut b = bits;
                while b != 0 {
                    let i = b.trailing_zeros();
                    y |= u64::from(test(at + i as usize)) << i;
                    b &= b - 1;
                }
            }
            yes.0[w] = y;
        }
        (yes, self.and_not(yes))
    }
}

/// Calls `f` with the index of each set bit of `bits`, in order: all 64 in one straight loop,
/// which the compiler vectorises, else bit by bit.
#[inline(always)]
pub fn each_bit(bits: u64, mut f: impl FnMut(usize)) {
    if bits == u64::MAX {
        (0..64).for_each(f);
    } else {
        let mut b = bits;
        while b != 0 {
            f(b.trailing_zeros() as usize);
            b &= b - 1;
        }
    }
}

/// The values of word `w` of a column: lanes `64 * w` to `64 * w + 63`.
#[inline(always)]
pub fn word<T>(column: &[T; LANES], w: usize) -> &[T; 64] {
    column[w * 64..w * 64 + 64].try_into().expect("64 lanes")
}

/// [`word`], to write.
#[inline(always)]
pub fn word_mut<T>(column: &mut [T; LANES], w: usize) -> &mut [T; 64] {
    (&mut column[w * 64..w * 64 + 64]).try_into().expect("64 lanes")
}
