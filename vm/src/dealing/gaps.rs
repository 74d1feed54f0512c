//! The random deals an exactly dealt deal stands for: Dealer's law for a source that deals
//! only the deals meeting rare terms ([`crate::dealing::sparse::Sparse`]).
//!
//! Dealer deals random deals one after the other; each meets the terms with probability `q`,
//! independently, so the deals that meet them fall at the places of a Bernoulli process: the
//! *gap* from one to the next (counting the next) is geometric, `P(gap > m) = (1 - q)^m`. A run
//! of a sparse source numbers its deals as Dealer numbers its random deals: a deal that meets
//! the terms is dealt (exactly, from the conditional law) only at the places the gaps reach,
//! and the places between are counted as generated without being dealt. So `Generated`,
//! `Produced`, the `generate` budget and every statistic have the law they have in Dealer.
//!
//! A batch of a sparse run covers [`Gaps::spread`] times the places of an ordinary batch, about
//! 2048 to 4096 deals meeting the terms. Its gaps come from a stream of its own
//! ([`gap_rng`]), so the places in one batch do not depend on the others (the process is
//! memoryless), and each deal dealt from the stream of its own place ([`place_rng`]), so a
//! piece of a batch finds its deals by drawing the gaps before it, not by dealing again.

use crate::dealing::rng::{mix64, DealRng};
use rand_core::{Rng, SeedableRng};

/// A batch of a sparse run covers at most this many times the places of an ordinary one, so
/// that a place in a batch fits 32 bits.
pub const MAX_SPREAD: u64 = 1 << 20;

/// The law of the gaps between the random deals that meet the terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gaps {
    /// `q`, the probability that a random deal meets the terms.
    chance: f64,
    /// `ln(1 - q)`.
    ln_miss: f64,
    /// How many times the places of an ordinary batch a batch covers.
    spread: u64,
}

impl Gaps {
    /// The gaps when `meeting` of `of` deals meet the terms (`0 < meeting <= of`).
    pub fn new(meeting: u128, of: u128) -> Gaps {
        assert!(0 < meeting && meeting <= of, "a probability above 0");
        let chance = meeting as f64 / of as f64;
        let miss = (of - meeting) as f64 / of as f64;
        // Near q = 1, `1 - q` is exact from the counts; elsewhere `ln_1p` keeps the digits of q.
        let ln_miss = if miss < 0.5 { miss.ln() } else { (-chance).ln_1p() };
        // A power of two near 1 / q: a batch then holds 2048 to 4096 deals meeting the terms.
        let spread = 1u64 << (of / meeting).ilog2().min(MAX_SPREAD.ilog2());
        Gaps { chance, ln_miss, spread }
    }

    /// `q`, the probability that a random deal meets the terms.
    pub fn chance(&self) -> f64 {
        self.chance
    }

    /// How many times the places of an ordinary batch a batch of the run covers.
    pub fn spread(&self) -> u64 {
        self.spread
    }

    /// A gap: the random deals up to and including the next one that meets the terms. By
    /// inversion, `1 + floor(ln(U) / ln(1 - q))` with `U` uniform on `(0, 1]` in steps of
    /// `2^-53`, so `P(gap > m) = (1 - q)^m` to within `2^-53`; always 1 when `q = 1`.
    #[inline]
    pub fn gap(&self, rng: &mut DealRng) -> u64 {
        let u = ((rng.next_u64() >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64);
        // ln(1) = 0 and ln_miss = -inf (q = 1) give 0 or -0; `as` saturates the largest.
        let beyond = (u.ln() / self.ln_miss).floor();
        1u64.saturating_add(beyond as u64)
    }
}

/// The stream of the gaps of batch `batch` of a run with seed `seed`.
pub fn gap_rng(seed: u64, batch: u64) -> DealRng {
    DealRng::seed_from_u64(mix64(mix64(seed ^ 0x3C6E_F372_FE94_F82B) ^ mix64(batch)))
}

/// The stream the deal at place `n` (counted in dealt deals, before swapping) of a run with
/// seed `seed` is dealt from.
pub fn place_rng(seed: u64, n: u64) -> DealRng {
    DealRng::seed_from_u64(mix64(mix64(seed ^ 0xA54F_F53A_5F1D_36F1) ^ n))
}

/// The places of a batch where the deals meeting the terms fall, in order: a batch's gap
/// stream drawn from its start.
#[derive(Clone, Debug)]
pub struct Places {
    gaps: Gaps,
    rng: DealRng,
    /// The next place (counted in dealt deals from the batch's first).
    next: u64,
}

impl Places {
    /// The places of batch `batch` (of a run with seed `seed`) from `from` on.
    pub fn from(gaps: Gaps, seed: u64, batch: u64, from: u64) -> Places {
        let mut rng = gap_rng(seed, batch);
        let mut next = gaps.gap(&mut rng) - 1;
        while next < from {
            next = next.saturating_add(gaps.gap(&mut rng));
        }
        Places { gaps, rng, next }
    }

    /// The next place, and the one after it drawn.
    #[inline]
    pub fn take(&mut self) -> u64 {
        let at = self.next;
        self.next = at.saturating_add(self.gaps.gap(&mut self.rng));
        at
    }

    /// The next place, not taken.
    #[inline]
    pub fn peek(&self) -> u64 {
        self.next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chi-square statistic of `seen` against the probabilities `p` (same length).
    fn chi_square(seen: &[u64], p: &[f64]) -> f64 {
        let n: u64 = seen.iter().sum();
        seen.iter().zip(p).map(|(&o, &p)| (o as f64 - n as f64 * p).powi(2) / (n as f64 * p)).sum()
    }

    #[test]
    fn gaps_are_geometric() {
        // q = 1/3 and q = 1/1000: the gap in cells of the geometric law, the tail pooled.
        for (meeting, of, cells, bin) in [(1u128, 3u128, 12usize, 1u64), (1, 1000, 12, 250)] {
            let gaps = Gaps::new(meeting, of);
            let q = meeting as f64 / of as f64;
            // P(gap in ((c - 1) bin, c bin]) = (1-q)^((c-1) bin) - (1-q)^(c bin); the last cell is the tail.
            let tail = |m: u64| (1.0 - q).powf(m as f64);
            let p: Vec<f64> =
                (0..cells as u64).map(|c| if c + 1 == cells as u64 { tail(c * bin) } else { tail(c * bin) - tail((c + 1) * bin) }).collect();
            let mut seen = vec![0u64; cells];
            let mut rng = gap_rng(7, 1);
            let n = 60_000;
            let mut sum = 0u64;
            for _ in 0..n {
                let g = gaps.gap(&mut rng);
                assert!(g >= 1);
                sum += g;
                seen[((g - 1) / bin).min(cells as u64 - 1) as usize] += 1;
            }
            // 11 degrees of freedom: 31.3 is the 0.001 quantile.
            let stat = chi_square(&seen, &p);
            assert!(stat < 31.3, "q = {q}: chi-square {stat}: {seen:?}");
            let mean = sum as f64 / n as f64;
            assert!((mean * q - 1.0).abs() < 0.03, "q = {q}: mean gap {mean}");
        }
    }

    #[test]
    fn a_certain_term_gives_gaps_of_one_and_a_rare_one_long_gaps() {
        let mut rng = gap_rng(1, 2);
        let sure = Gaps::new(5, 5);
        assert!((0..1000).all(|_| sure.gap(&mut rng) == 1));
        assert_eq!(sure.spread(), 1);
        // One deal in 10^12: gaps of about 10^12, never wrapping.
        let rare = Gaps::new(1, 1_000_000_000_000);
        let mean = (0..2000).map(|_| rare.gap(&mut rng) as f64).sum::<f64>() / 2000.0;
        assert!((mean / 1e12 - 1.0).abs() < 0.1, "{mean}");
        assert_eq!(rare.spread(), MAX_SPREAD);
        // Near q = 1 the miss comes from the counts: 1 - q = 1e-30 is not rounded away.
        let near = Gaps::new(u128::MAX - 1000, u128::MAX);
        assert!(near.ln_miss.is_finite() && near.ln_miss < -60.0);
        assert_eq!(Gaps::new(1, 3000).spread(), 2048);
    }

    #[test]
    fn places_from_a_point_are_those_of_the_whole_batch() {
        let gaps = Gaps::new(1, 50);
        let mut whole = Places::from(gaps, 3, 9, 0);
        let all: Vec<u64> = (0..200).map(|_| whole.take()).collect();
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        for from in [0, 1, all[10], all[10] + 1, 5000] {
            let mut part = Places::from(gaps, 3, 9, from);
            let expect: Vec<u64> = all.iter().copied().filter(|&p| p >= from).take(20).collect();
            let got: Vec<u64> = (0..expect.len()).map(|_| part.take()).collect();
            assert_eq!(got, expect, "from {from}");
        }
    }
}
