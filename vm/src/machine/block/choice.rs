//! Blocks or one deal at a time, measured: a thread's first blocks run each way in turn, and
//! the faster way runs the rest of the thread's deals.
//!
//! Both ways give the same results ([`crate::machine::block`]), so the choice changes only the
//! speed, never the output. Blocks win when the deal routine runs many instructions on most
//! deals (simulations with dozens of statistics); a condition that turns away almost every
//! deal after a test or two leaves too few deals on each instruction of a block to pay for
//! its dispatch, and the interpreter, with its superinstructions, wins.

use std::time::Duration;

/// A way to evaluate a block's deals.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Way {
    /// The block evaluator.
    Blocks,
    /// The interpreter, one deal at a time.
    PerDeal,
}

/// Blocks run each way while the thread measures them (half of them each way).
const TRIALS: u32 = 16;

/// The ways measured so far and the choice made.
#[derive(Clone, Debug)]
pub struct Choice {
    /// Blocks still to measure; the choice is made when none is left.
    left: u32,
    /// The fastest block measured each way, in picoseconds per deal.
    best: [u64; 2],
    /// The way chosen, once the trials are over; or the way set ([`Choice::fixed`]).
    chosen: Option<Way>,
}

impl Default for Choice {
    fn default() -> Choice {
        Choice { left: TRIALS, best: [u64::MAX; 2], chosen: None }
    }
}

impl Choice {
    /// Always the same way, without measuring (for tests, which must run a given way).
    pub fn fixed(way: Way) -> Choice {
        Choice { chosen: Some(way), ..Choice::default() }
    }

    /// The way to evaluate the next block: each in turn while measuring, then the faster.
    pub fn next(&self) -> Way {
        match self.chosen {
            Some(way) => way,
            None if self.left.is_multiple_of(2) => Way::Blocks,
            None => Way::PerDeal,
        }
    }

    /// The way chosen for the rest of the thread's deals, once the trials are over.
    pub fn chosen(&self) -> Option<Way> {
        self.chosen
    }

    /// Notes that a block of `deals` deals took `took` evaluated `way`; after the last
    /// trial, chooses the way whose fastest block was the faster per deal (blocks on a tie).
    pub fn note(&mut self, way: Way, took: Duration, deals: usize) {
        if self.chosen.is_some() || deals == 0 {
            return;
        }
        let per_deal = (took.as_nanos().saturating_mul(1000) / deals as u128).min(u64::MAX as u128) as u64;
        let best = &mut self.best[way as usize];
        *best = (*best).min(per_deal);
        self.left -= 1;
        if self.left == 0 {
            self.chosen = Some(if self.best[Way::Blocks as usize] <= self.best[Way::PerDeal as usize] { Way::Blocks } else { Way::PerDeal });
        }
    }
}
