//! A classic dealer's draws made ahead, a batch's worth at a time: the places its exchanges
//! take, without the cards, so that the only sequential step of dealing on several threads is
//! short ([`super::shuffles`] does the rest).
//!
//! glibc's `rand()` and dealer.exe's `random()` are the same additive generator: each word is
//! the sum of the words 3 and 31 before it, mod 2^32 (dealer.exe's words are 64 bits, but
//! the bits a draw reads depend on the low 32 only). [`Draws`] makes the words in blocks of a
//! thousand, three running sums in registers, without the ring of 31 words and its wrapping
//! indices; a draw is 16 bits of a word (bits 1 to 16 for Debian's `rand() & 0xFFFF`, 16 to
//! 31 for dealer.exe's), and a draw at or past the last whole repetition of the free places
//! is drawn again, as Dealer does.

use super::numbers::DEGREE;

/// Words made at a time: a multiple of 3, for the three running sums.
const BLOCK: usize = 1020;

/// The lag of the nearer word added (the farther one is [`DEGREE`]).
const NEAR: usize = 3;

/// Where a stream of draws stands: the last 31 words made, the oldest first, and where a draw
/// lies in a word. A few dozen bytes: kept for every batch, to draw its places again.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawState {
    words: [u32; DEGREE],
    /// A draw is the 16 bits of a word from this one up.
    shift: u32,
}

impl DrawState {
    /// Debian's dealer after the glibc words `words` (oldest first): a draw is `rand() & 0xFFFF`,
    /// bits 1 to 16 of a word.
    pub fn glibc(words: [u32; DEGREE]) -> DrawState {
        DrawState { words, shift: 1 }
    }

    /// dealer.exe after the words `words` (their low 32 bits, oldest first): a draw is bits 15
    /// to 30 of its `random()` value, bits 16 to 31 of a word.
    pub fn exe(words: [u32; DEGREE]) -> DrawState {
        DrawState { words, shift: 16 }
    }
}

/// A classic dealer's stream of draws, made a block of words at a time.
#[derive(Clone, Debug)]
pub struct Draws {
    /// The 31 words before the block, then the block.
    words: Box<[u32; DEGREE + BLOCK]>,
    /// The word of the next draw, in `DEGREE..=DEGREE + BLOCK` (the end: none left in the block).
    next: usize,
    shift: u32,
}

impl Draws {
    /// The draws from `state` on.
    pub fn at(state: DrawState) -> Draws {
        let mut words = Box::new([0u32; DEGREE + BLOCK]);
        words[BLOCK..].copy_from_slice(&state.words);
        Draws { words, next: DEGREE + BLOCK, shift: state.shift }
    }

    /// Where the stream stands: the next draw is the first of [`Draws::at`] this.
    pub fn state(&self) -> DrawState {
        let mut words = [0u32; DEGREE];
        words.copy_from_slice(&self.words[self.next - DEGREE..self.next]);
        DrawState { words, shift: self.shift }
    }

    /// Fills `out` with the next draws below `accept_below`, the others drawn again (skipped).
    pub fn fill(&mut self, out: &mut [u16], accept_below: u32) {
        let mut filled = 0;
        while filled < out.len() {
            if self.next == DEGREE + BLOCK {
                self.make_block();
            }
            let span = (out.len() - filled).min(DEGREE + BLOCK - self.next);
            let words = &self.words[self.next..self.next + span];
            filled += take_draws(words, self.shift, accept_below, &mut out[filled..filled + span]);
            self.next += span;
        }
    }

    /// The next block of words, the last 31 of the block before moved in front.
    fn make_block(&mut self) {
        let w = &mut *self.words;
        w.copy_within(BLOCK.., 0);
        let (mut a, mut b, mut c) = (w[DEGREE - NEAR], w[DEGREE - NEAR + 1], w[DEGREE - NEAR + 2]);
        for i in (DEGREE..DEGREE + BLOCK).step_by(3) {
            a = a.wrapping_add(w[i - DEGREE]);
            b = b.wrapping_add(w[i + 1 - DEGREE]);
            c = c.wrapping_add(w[i + 2 - DEGREE]);
            w[i] = a;
            w[i + 1] = b;
            w[i + 2] = c;
        }
        self.next = DEGREE;
    }
}

/// The draws of `words` below `accept_below`, in order, at the start of `out` (as long): how
/// many there are. With AVX2 when the processor has it (twice as fast as SSE2's narrowing).
fn take_draws(words: &[u32], shift: u32, accept_below: u32, out: &mut [u16]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::wide() {
        // SAFETY: the processor has AVX2.
        return unsafe { take_draws_avx2(words, shift, accept_below, out) };
    }
    take_draws_with(words, shift, accept_below, out)
}

/// [`take_draws`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn take_draws_avx2(words: &[u32], shift: u32, accept_below: u32, out: &mut [u16]) -> usize {
    take_draws_with(words, shift, accept_below, out)
}

/// [`take_draws`], for the instructions the caller is compiled for: 64 words at a time, all
/// taken in one vector pass unless one is refused (for a full pack, 16 draws in 65536: one
/// piece in a hundred), then one by one.
#[inline(always)]
fn take_draws_with(words: &[u32], shift: u32, accept_below: u32, out: &mut [u16]) -> usize {
    let mut kept = 0;
    for piece in words.chunks(64) {
        let mut refused = 0u32;
        for (d, &w) in out[kept..kept + piece.len()].iter_mut().zip(piece) {
            let x = (w >> shift) as u16;
            *d = x;
            refused += (x as u32 >= accept_below) as u32;
        }
        if refused == 0 {
            kept += piece.len();
            continue;
        }
        for &w in piece {
            let x = (w >> shift) as u16;
            if (x as u32) < accept_below {
                out[kept] = x;
                kept += 1;
            }
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::super::numbers::{ExeRand, GlibcRand};
    use super::*;

    /// The first `n` draws below `accept_below` of `next`, one number at a time.
    fn one_by_one(n: usize, accept_below: u32, mut next: impl FnMut() -> u32) -> Vec<u16> {
        std::iter::repeat_with(|| next() & 0xFFFF).filter(|&x| x < accept_below).take(n).map(|x| x as u16).collect()
    }

    /// The first `n` draws of `draws`, asked for in pieces of `piece`.
    fn in_pieces(draws: &mut Draws, n: usize, piece: usize, accept_below: u32) -> Vec<u16> {
        let mut out = vec![0u16; n];
        for chunk in out.chunks_mut(piece) {
            draws.fill(chunk, accept_below);
        }
        out
    }

    #[test]
    fn the_draws_are_glibcs_rand_in_blocks() {
        for (seed, accept) in [(1, 65520), (7, 65536), (u32::MAX, 39), (12345, 65535 - 65535 % 23)] {
            let mut rand = GlibcRand::new(seed);
            let mut draws = Draws::at(DrawState::glibc(rand.words()));
            let expected = one_by_one(5000, accept, || rand.next());
            for piece in [1, 52, 1019, 1021, 5000] {
                let mut draws = draws.clone();
                assert_eq!(in_pieces(&mut draws, 5000, piece, accept), expected, "seed {seed}, pieces of {piece}");
            }
            // The state after the draws is the generator's.
            in_pieces(&mut draws, 5000, 777, accept);
            assert_eq!(draws.state(), DrawState::glibc(rand.words()), "seed {seed}");
        }
    }

    #[test]
    fn the_draws_are_dealer_exes_in_blocks() {
        for (seed, accept) in [(1, 65520), (99, 65536 - 65536 % 45)] {
            let mut rand = ExeRand::new(seed);
            let mut draws = Draws::at(DrawState::exe(rand.words()));
            let expected = one_by_one(4000, accept, || (rand.next() as u32) >> 15);
            assert_eq!(in_pieces(&mut draws, 4000, 333, accept), expected, "seed {seed}");
            assert_eq!(draws.state(), DrawState::exe(rand.words()));
        }
    }

    #[test]
    fn a_stream_starts_again_from_its_state() {
        let mut draws = Draws::at(DrawState::glibc(GlibcRand::new(3).words()));
        in_pieces(&mut draws, 1500, 100, 60000);
        let again = Draws::at(draws.state());
        assert_eq!(in_pieces(&mut draws, 3000, 3000, 60000), in_pieces(&mut again.clone(), 3000, 7, 60000));
    }

    #[test]
    fn refused_draws_are_drawn_again() {
        // Half of all draws refused, the top bits of the words ignored, over three pieces of
        // 64: the accepted ones, in order, and their count.
        let draws: Vec<u32> = (0..150u32).map(|i| i * 37 % 64).collect();
        let words: Vec<u32> = draws.iter().map(|&x| x << 1 | 0xFFFE_0001).collect();
        let kept: Vec<u32> = draws.iter().copied().filter(|&x| x < 32).collect();
        for take in [take_draws, take_draws_with] {
            let mut out = [0u16; 150];
            assert_eq!(take(&words, 1, 32, &mut out), kept.len());
            assert_eq!(out[..kept.len()].iter().map(|&x| x as u32).collect::<Vec<_>>(), kept);
            // None refused: all of them.
            assert_eq!(take(&words, 1, 64, &mut out), 150);
            assert_eq!(out.iter().map(|&x| x as u32).collect::<Vec<_>>(), draws);
        }
    }
}
