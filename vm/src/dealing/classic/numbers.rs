//! The numbers classic Dealer draws from: glibc's `rand()` ([`GlibcRand`], Debian's build)
//! and the Windows `dealer.exe`'s own copy of an old GNU `random()` ([`ExeRand`]), one
//! number at a time, as the reference dealer and `rnd` draw them.
//!
//! Both are the additive lagged-Fibonacci generator of `random()`: 31 words of state, each new
//! word the sum of the words 3 and 31 before it (mod 2^32, or 2^64 for dealer.exe's `long`s),
//! a number the sum without its low bit; they differ in their seeding.

/// The words of the generator's state (glibc's `random()` TYPE_3).
pub const DEGREE: usize = 31;

/// The lag between the two words added (glibc's `rand_sep`).
const SEPARATION: usize = 3;

/// glibc's `rand()`: the numbers `srand(seed)` then `rand()`, `rand()`, ... give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlibcRand {
    state: [u32; DEGREE],
    /// The word the next output is added into (glibc's `fptr`).
    front: usize,
    /// The word added to it (glibc's `rptr`).
    rear: usize,
}

impl GlibcRand {
    /// The generator after `srand(seed)` (a seed of 0 is taken as 1, as glibc does).
    pub fn new(seed: u32) -> GlibcRand {
        let seed = seed.max(1);
        let mut state = [0u32; DEGREE];
        state[0] = seed;
        // state[i] = 16807 * state[i - 1] mod (2^31 - 1), by Schrage's method on a 32-bit
        // signed word, exactly as glibc computes it (a seed of 2^31 or more starts negative).
        let mut word = seed as i32;
        for slot in state.iter_mut().skip(1) {
            let (hi, lo) = (word as i64 / 127_773, word as i64 % 127_773);
            word = (16_807 * lo - 2_836 * hi) as i32;
            if word < 0 {
                word = word.wrapping_add(2_147_483_647);
            }
            *slot = word as u32;
        }
        let mut rand = GlibcRand { state, front: SEPARATION, rear: 0 };
        for _ in 0..10 * DEGREE {
            rand.next();
        }
        rand
    }

    /// The last 31 words made (the sums before their low bit is dropped), the oldest first:
    /// the next word is the sum of the first and the 29th.
    pub fn words(&self) -> [u32; DEGREE] {
        std::array::from_fn(|i| self.state[(self.front + i) % DEGREE])
    }

    /// The next `rand()` value, in `0..2^31`.
    #[inline(always)]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u32 {
        let sum = self.state[self.front].wrapping_add(self.state[self.rear]);
        self.state[self.front] = sum;
        self.front = if self.front + 1 == DEGREE { 0 } else { self.front + 1 };
        self.rear = if self.rear + 1 == DEGREE { 0 } else { self.rear + 1 };
        sum >> 1
    }
}

/// The numbers of the Windows `dealer.exe`'s source: its own copy of an old GNU `random()`,
/// the same additive generator as glibc's but seeded by `x -> 1103515145 x + 12345` on
/// `long`s, its value made an `int`. The reference outputs come from that source built for
/// 64-bit Linux, whose `long` is 64 bits: the `int` is then bits 1 to 32 of the sum, and may be
/// negative (which only `rnd` sees; the dealing takes bits 16 to 31, as the 32-bit build).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExeRand {
    state: [i64; DEGREE],
    front: usize,
    rear: usize,
}

impl ExeRand {
    /// The generator after `gnusrand(seed)`.
    pub fn new(seed: u32) -> ExeRand {
        let mut state = [0i64; DEGREE];
        state[0] = seed as i64;
        for i in 1..DEGREE {
            state[i] = state[i - 1].wrapping_mul(1_103_515_145).wrapping_add(12_345);
        }
        let mut rand = ExeRand { state, front: SEPARATION, rear: 0 };
        for _ in 0..10 * DEGREE {
            rand.next();
        }
        rand
    }

    /// The low 32 bits of the last 31 words made, the oldest first: all the dealing reads
    /// (its draws are bits 16 to 31 of a sum), not `rnd`.
    pub fn words(&self) -> [u32; DEGREE] {
        std::array::from_fn(|i| self.state[(self.front + i) % DEGREE] as u32)
    }

    /// The next `gnurand()` value.
    #[inline(always)]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> i32 {
        let sum = self.state[self.front].wrapping_add(self.state[self.rear]);
        self.state[self.front] = sum;
        self.front = if self.front + 1 == DEGREE { 0 } else { self.front + 1 };
        self.rear = if self.rear + 1 == DEGREE { 0 } else { self.rear + 1 };
        ((sum as u64) >> 1) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_are_glibcs() {
        // srand(1): the first rand() values of glibc.
        let mut r = GlibcRand::new(1);
        let first: Vec<u32> = (0..5).map(|_| r.next()).collect();
        assert_eq!(first, [1804289383, 846930886, 1681692777, 1714636915, 1957747793]);
        // srand(0) is srand(1).
        assert_eq!(GlibcRand::new(0), GlibcRand::new(1));
        // Seeds of 2^31 and more start from a negative word.
        let mut r = GlibcRand::new(u32::MAX);
        assert_eq!((0..3).map(|_| r.next()).collect::<Vec<_>>(), [254925627, 1205188300, 366127624]);
        let mut r = GlibcRand::new(2_147_483_653);
        assert_eq!((0..3).map(|_| r.next()).collect::<Vec<_>>(), [902410239, 292943431, 1491539546]);
    }
}
