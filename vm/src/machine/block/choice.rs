//! Blocks or one deal at a time, measured: a thread's first blocks run each way in turn, and
//! the faster way runs the thread's next deals; every few pieces one block runs each way
//! again, and the choice follows the fastest block each way has run so far. A measurement is
//! only ever too slow (the machine busy, the caches cold), never too fast, so the fastest
//! block of each way, over more and more trials, comes to its true speed: a choice made on
//! the first blocks of a busy moment does not hold for the whole run.
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

/// Pieces between two trials of one block each way, once the first choice is made.
const RECHECK: u32 = 8;

/// The ways measured so far and the choice made.
#[derive(Clone, Debug)]
pub struct Choice {
    /// Blocks still to measure; the choice is made when none is left.
    left: u32,
    /// The fastest block measured each way, in picoseconds per deal.
    best: [u64; 2],
    /// The way chosen, once the first trials are over; or the way set ([`Choice::fixed`]).
    chosen: Option<Way>,
    /// Whether the way was set, never to be measured.
    fixed: bool,
    /// Pieces started since the first choice or the last trials.
    pieces: u32,
}

impl Default for Choice {
    fn default() -> Choice {
        Choice { left: TRIALS, best: [u64::MAX; 2], chosen: None, fixed: false, pieces: 0 }
    }
}

impl Choice {
    /// Always the same way, without measuring (for tests, which must run a given way).
    pub fn fixed(way: Way) -> Choice {
        Choice { left: 0, chosen: Some(way), fixed: true, ..Choice::default() }
    }

    /// Notes that the thread starts a piece: every `RECHECK` (8) pieces after the first choice,
    /// one block is to run each way again.
    pub fn start_piece(&mut self) {
        if self.fixed || self.chosen.is_none() {
            return;
        }
        self.pieces += 1;
        if self.pieces == RECHECK {
            self.pieces = 0;
            self.left = 2;
        }
    }

    /// Whether the next blocks are trials, to be timed and noted ([`Choice::note`]).
    pub fn measuring(&self) -> bool {
        self.left > 0
    }

    /// The way to evaluate the next block: each in turn while measuring, else the faster.
    pub fn next(&self) -> Way {
        match self.chosen {
            Some(way) if self.left == 0 => way,
            _ if self.left.is_multiple_of(2) => Way::Blocks,
            _ => Way::PerDeal,
        }
    }

    /// The way chosen, once the first trials are over.
    pub fn chosen(&self) -> Option<Way> {
        self.chosen
    }

    /// Notes that a trial block of `deals` deals took `took` evaluated `way`; after the last
    /// trial, chooses the way whose fastest block so far was the faster per deal (blocks on
    /// a tie).
    pub fn note(&mut self, way: Way, took: Duration, deals: usize) {
        if self.left == 0 || deals == 0 {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the trials of `choice` with each way taking `per_deal` nanoseconds a deal
    /// (blocks, then the interpreter), as a thread would over one piece.
    fn piece(choice: &mut Choice, per_deal: [u64; 2]) {
        choice.start_piece();
        while choice.measuring() {
            let way = choice.next();
            choice.note(way, Duration::from_nanos(per_deal[way as usize] * 512), 512);
        }
    }

    #[test]
    fn a_choice_made_in_a_busy_moment_is_righted_by_later_trials() {
        let mut choice = Choice::default();
        // The first trials: blocks measured faster than they are.
        piece(&mut choice, [100, 110]);
        assert_eq!(choice.chosen(), Some(Way::Blocks));
        // Blocks really take 100 ns a deal, the interpreter 70: once a block of each runs
        // again, the interpreter is chosen, and stays so.
        for _ in 0..RECHECK {
            assert_eq!(choice.next(), Way::Blocks, "no trial before the recheck");
            piece(&mut choice, [100, 70]);
        }
        assert_eq!(choice.next(), Way::PerDeal);
        // A slow interpreter block later (the machine busy) does not undo it: the fastest counts.
        for _ in 0..RECHECK {
            piece(&mut choice, [100, 140]);
        }
        assert_eq!(choice.next(), Way::PerDeal);
    }

    #[test]
    fn a_fixed_way_is_never_measured() {
        let mut choice = Choice::fixed(Way::Blocks);
        for _ in 0..3 * RECHECK {
            choice.start_piece();
            assert!(!choice.measuring());
            assert_eq!(choice.next(), Way::Blocks);
        }
    }
}
