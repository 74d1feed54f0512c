//! Delivery: the main thread's side of a run. It hands each piece's produced deals to the
//! actions strictly in deal order, numbers their boards, merges the statistics, and stops the
//! run exactly where a one-thread run would.

use crate::run::interrupt;
use crate::run::job::{Collector, Outcome, Plan, RunError};
use crate::run::pieces::Piece;
use crate::run::receiver::{DealAt, Receiver};
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::evaluation::dd::SolveCounts;
use dealvm_vm::machine::batch::BatchEnd;
use dealvm_vm::machine::interp::Machine;
use std::io::Write;

/// The deals delivered so far.
pub struct Delivery {
    /// Deals produced so far.
    pub produced: u64,
    /// Deals examined in the pieces delivered so far.
    pub examined_before: u64,
    /// The double-dummy work of the pieces delivered so far.
    pub dd: SolveCounts,
    /// The values stored for each produced deal.
    pub nvalues: usize,
    /// The number of the first board, when the boards are numbered from it (else a deal from
    /// a file keeps its board, and a dealt deal is board 1, 2, ...).
    pub first_board: Option<u64>,
}

impl Delivery {
    /// Nothing delivered yet.
    pub fn new(nvalues: usize, first_board: Option<u64>) -> Delivery {
        Delivery { produced: 0, examined_before: 0, dd: SolveCounts::default(), nvalues, first_board }
    }

    /// Delivers the result of `piece`; gives the outcome once the run has produced `produce`
    /// deals, or at the end of a batch after which the actions have enough (`--until-se`).
    #[allow(clippy::too_many_arguments)]
    pub fn deliver<S: DealSource>(
        &mut self,
        plan: &Plan<'_, S>,
        piece: &Piece,
        (mut end, mut collected): (BatchEnd, Collector),
        produce: u64,
        actions: &mut dyn Receiver,
        out: &mut dyn Write,
        main_vm: &mut Machine,
    ) -> Result<Option<Outcome>, RunError> {
        // A Ctrl-C ends a wait for the usereval server with a failure: the run was interrupted
        // there, and the piece is not delivered.
        if end.fault.is_some() && interrupt::requested() {
            return Ok(Some(self.interrupted()));
        }
        let remaining = produce - self.produced;
        // A piece started with a larger cap (a worker's, before earlier pieces were delivered)
        // may go past the deal where the run stops: up to more deals, up to a division by
        // zero after it, which a one-thread run never reaches, or just through the deals
        // after the last one wanted (which a one-thread run does not examine).
        let past_last = |end: &BatchEnd, c: &Collector| match c.offsets.get(remaining as usize - 1) {
            _ if c.cap == remaining => false,
            Some(&last) if plan.keep_values => end.examined > last as u64 + 1 - piece.range.start,
            _ => true,
        };
        if end.produced > remaining || (end.produced == remaining && remaining > 0 && (end.fault.is_some() || past_last(&end, &collected))) {
            // Earlier pieces already produced part of the deals: keep exactly the deals still
            // wanted, cutting the piece short when its values were kept, else running it
            // again up to them.
            if plan.keep_values {
                let last = collected.offsets[remaining as usize - 1] as u64;
                collected.truncate(remaining as usize, self.nvalues, &plan.tallies);
                end = BatchEnd { examined: last + 1 - piece.range.start, produced: remaining, fault: None };
            } else {
                (end, collected) = plan.piece(piece, remaining, self.produced, main_vm);
            }
        }
        if plan.per_deal {
            for (i, &offset) in collected.offsets.iter().enumerate() {
                let deal = collected.deals.get(i).copied().unwrap_or_default();
                let values = &collected.values[i * self.nvalues..(i + 1) * self.nvalues];
                let number = self.produced + i as u64 + 1;
                let board = self.board(plan, piece.batch, offset, number, deal);
                actions.deal(out, DealAt { batch: piece.batch, offset }, number, &board, values)?;
            }
        }
        self.produced += end.produced;
        self.dd.add(&collected.solves);
        actions.piece(piece.batch, &collected.tallies, &collected.solves);
        if let Some((offset, fault)) = end.fault {
            let deal = self.examined_before + (offset as u64 - piece.range.start) + 1;
            return Err(RunError::Fault { fault, deal, batch: piece.batch, offset });
        }
        self.examined_before += end.examined;
        let batch_done = piece.range.end == plan.job.batch_len(piece.batch);
        Ok((self.produced == produce || (batch_done && actions.enough())).then(|| self.outcome(false)))
    }

    /// The outcome of a run interrupted after the pieces delivered so far.
    pub fn interrupted(&self) -> Outcome {
        self.outcome(true)
    }

    /// The outcome of the run so far.
    pub fn outcome(&self, interrupted: bool) -> Outcome {
        Outcome { generated: self.examined_before, produced: self.produced, interrupted, dd: self.dd }
    }

    /// The board of produced deal `number` (from 1), deal `offset` of batch `b`: the source's
    /// board (a file's) with its number, dealer and vulnerability, unless the boards are
    /// numbered from `first_board`; a file's double-dummy results stay with their deal.
    fn board<S: DealSource>(&self, plan: &Plan<'_, S>, b: u64, offset: u32, number: u64, deal: Deal) -> Board {
        let copies = plan.job.swap.permutations().len() as u64;
        let given = plan.job.source.board((plan.job.first_deal(b) + offset as u64) / copies);
        // A swapped copy of a solved deal is another deal: its results are not known.
        let tricks = given.and_then(|g| g.tricks.filter(|_| g.deal == deal));
        match (self.first_board, given) {
            (None, Some(board)) => Board { deal, tricks, ..board.clone() },
            (first, _) => Board { tricks, ..Board::new(first.unwrap_or(1) + number - 1, deal) },
        }
    }
}
