//! Pieces: the units of work of a run. A piece is a range of deals of one batch; pieces are
//! numbered in deal order, and the deals and results of a run do not depend on how its batches
//! are cut (a piece deals again, without evaluating, the deals of its batch before it).
//!
//! A run that solves nothing works in whole batches. A run that solves double dummy, where one
//! deal can cost milliseconds, cuts its batches into pieces of about [`TARGET`] of work each,
//! from the time the pieces before took: so every thread has work, the progress meter moves and
//! Ctrl-C is heard, whatever the share of deals that are solved. A program that draws random
//! numbers (`rnd`) also works in whole batches, since its deals depend on the draws before.

use std::ops::Range;
use std::time::Duration;

/// The work a piece of a solving run aims at.
pub const TARGET: Duration = Duration::from_millis(50);

/// A range of deals of one batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The number of the piece in the run, from 0, in deal order.
    pub index: u64,
    /// The batch.
    pub batch: u64,
    /// The offsets of the deals in the batch.
    pub range: Range<u64>,
}

/// Cuts a run into pieces, in order.
pub struct Pieces {
    /// Deals of the whole run.
    deals: u64,
    /// Deals of a full batch.
    batch_len: u64,
    /// Deals made from one dealt deal (swapping): pieces start on a dealt deal.
    copies: u64,
    /// Whether pieces are whole batches.
    whole: bool,
    /// The next piece's batch, offset and number.
    batch: u64,
    at: u64,
    index: u64,
    /// The deals of the pieces done so far, and the time they took.
    done_deals: u64,
    done_secs: f64,
    /// The length of the last piece given out: the next is at most twice as long, so that a
    /// run of cheap deals at the start (rejected without solving) cannot make one piece of the
    /// rest of the batch.
    last: u64,
    /// The batches taken: every `stride`-th from the first (a shard's; 1: all of them).
    stride: u64,
}

impl Pieces {
    /// The pieces of a run of `deals` deals in batches of `batch_len`, each dealt deal giving
    /// `copies` deals; whole batches when `whole`.
    pub fn new(deals: u64, batch_len: u64, copies: u64, whole: bool) -> Pieces {
        Pieces { deals, batch_len, copies, whole, batch: 0, at: 0, index: 0, done_deals: 0, done_secs: 0.0, last: 0, stride: 1 }
    }

    /// Only the batches `first`, `first + stride`, ... (a shard `first` of `stride`): the
    /// pieces are still numbered 0, 1, 2, ... in deal order.
    pub fn only(self, first: u64, stride: u64) -> Pieces {
        Pieces { batch: first, stride: stride.max(1), ..self }
    }

    /// The deals of the batches taken.
    pub fn share(&self) -> u64 {
        let batches = self.deals.div_ceil(self.batch_len);
        let mut deals = batches.saturating_sub(self.batch).div_ceil(self.stride) * self.batch_len;
        // The last batch may be short.
        if batches > self.batch && (batches - 1 - self.batch).is_multiple_of(self.stride) {
            deals -= batches * self.batch_len - self.deals;
        }
        deals
    }

    /// The next piece, or `None` when the run's deals are all given out.
    pub fn next_piece(&mut self) -> Option<Piece> {
        let first = self.batch * self.batch_len;
        if first >= self.deals {
            return None;
        }
        let len = self.batch_len.min(self.deals - first);
        let want = if self.whole { len } else { self.length() };
        let end = (self.at + want).min(len);
        let piece = Piece { index: self.index, batch: self.batch, range: self.at..end };
        self.index += 1;
        if end == len {
            self.batch += self.stride;
            self.at = 0;
        } else {
            self.at = end;
        }
        Some(piece)
    }

    /// Notes that a piece of `deals` deals took `time`.
    pub fn done(&mut self, deals: u64, time: Duration) {
        if !self.whole {
            self.done_deals += deals;
            self.done_secs += time.as_secs_f64();
        }
    }

    /// The length of the next piece of a solving run: about [`TARGET`] of work at the average
    /// time of the deals done so far (deals cost nothing or a solve, so a piece's own time
    /// says little), one deal at first (one may take a second), then at most twice the last
    /// piece, a multiple of the copies, at least one dealt deal.
    fn length(&mut self) -> u64 {
        let per_deal = self.done_secs / self.done_deals.max(1) as f64;
        let aimed = if per_deal > 0.0 { (TARGET.as_secs_f64() / per_deal).min(self.batch_len as f64) as u64 } else { self.batch_len };
        let deals = aimed.min(if self.last == 0 { 1 } else { 2 * self.last }).max(1);
        self.last = deals;
        (deals / self.copies).max(1) * self.copies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All pieces of a run, as (batch, range).
    fn cut(pieces: &mut Pieces, mut time: impl FnMut(&Piece) -> Duration) -> Vec<(u64, Range<u64>)> {
        let mut out = Vec::new();
        while let Some(p) = pieces.next_piece() {
            pieces.done(p.range.end - p.range.start, time(&p));
            out.push((p.batch, p.range));
        }
        out
    }

    #[test]
    fn whole_batches_cover_the_run() {
        let got = cut(&mut Pieces::new(10_000, 4096, 1, true), |_| Duration::ZERO);
        assert_eq!(got, vec![(0, 0..4096), (1, 0..4096), (2, 0..1808)]);
    }

    #[test]
    fn a_shard_takes_every_nth_batch() {
        let got = cut(&mut Pieces::new(5 * 4096 - 10, 4096, 1, true).only(1, 2), |_| Duration::ZERO);
        assert_eq!(got, vec![(1, 0..4096), (3, 0..4096)]);
        let shares: u64 = (0..3).map(|k| Pieces::new(5 * 4096 - 10, 4096, 1, true).only(k, 3).share()).sum();
        assert_eq!(shares, 5 * 4096 - 10);
        assert_eq!(Pieces::new(5 * 4096 - 10, 4096, 1, true).only(1, 3).share(), 4096 * 2 - 10);
        assert_eq!(Pieces::new(100, 4096, 1, true).only(2, 3).share(), 0);
        let mut pieces = Pieces::new(3 * 4092, 4092, 6, false).only(2, 3);
        let first = pieces.next_piece().unwrap();
        assert_eq!((first.index, first.batch), (0, 2));
    }

    #[test]
    fn solving_pieces_cover_the_run_in_order_and_follow_the_time() {
        // 10 ms a deal: pieces settle at 5 deals, in multiples of the 6 copies of -x 3.
        let got = cut(&mut Pieces::new(2 * 4092, 4092, 6, false), |p| Duration::from_millis(10 * (p.range.end - p.range.start)));
        let mut expect_batch = 0;
        let mut expect_at = 0;
        for (batch, range) in &got {
            if *batch != expect_batch {
                assert_eq!(expect_at, 4092);
                expect_batch = *batch;
                expect_at = 0;
            }
            assert_eq!(range.start, expect_at);
            assert_eq!(range.start % 6, 0);
            expect_at = range.end;
        }
        assert_eq!((expect_batch, expect_at), (1, 4092));
        assert_eq!(got[0].1, 0..6);
        assert!(got[5..].iter().all(|(_, r)| r.end - r.start == 6 || r.end == 4092));
    }

    #[test]
    fn cheap_deals_at_the_start_do_not_make_one_piece_of_the_batch() {
        // The first 100 deals are rejected at no cost; then every deal is solved (10 ms).
        let cost = |r: &Range<u64>| Duration::from_millis(10 * (r.start.max(100)..r.end.max(100)).count() as u64);
        let got = cut(&mut Pieces::new(4096, 4096, 1, false), |p| cost(&p.range));
        let lengths: Vec<u64> = got.iter().map(|(_, r)| r.end - r.start).collect();
        assert_eq!(&lengths[..7], &[1, 2, 4, 8, 16, 32, 64]);
        assert!(lengths.iter().all(|&n| n <= 128), "{lengths:?}");
        assert!(got.len() > 100, "pieces for every thread: {}", got.len());
    }
}
