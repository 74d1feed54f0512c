//! Delivery: the main thread's side of a run. It hands each batch's produced deals to the
//! actions strictly in batch order, numbers their boards, merges the statistics, and stops the
//! run exactly where a one-thread run would.

use crate::report::Actions;
use crate::run::plan::{Collector, Outcome, Plan, RunError};
use dealvm_vm::batch::BatchEnd;
use dealvm_vm::board::Board;
use dealvm_vm::interp::Machine;
use dealvm_vm::source::DealSource;
use std::io::Write;

/// The deals delivered so far.
pub struct Delivery {
    /// Deals produced so far.
    pub produced: u64,
    /// Deals examined in the batches delivered so far.
    pub examined_before: u64,
    /// The values stored for each produced deal.
    pub nvalues: usize,
    /// The number of the first board, when the boards are numbered from it (else a deal from
    /// a file keeps its board, and a dealt deal is board 1, 2, ...).
    pub first_board: Option<u64>,
}

impl Delivery {
    /// Delivers the result of batch `b`; gives the outcome once the run has produced
    /// `produce` deals.
    #[allow(clippy::too_many_arguments)]
    pub fn deliver<S: DealSource>(
        &mut self,
        plan: &Plan<'_, S>,
        (mut end, mut collected): (BatchEnd, Collector),
        b: u64,
        produce: u64,
        actions: &mut Actions,
        out: &mut dyn Write,
        main_vm: &mut Machine,
    ) -> Result<Option<Outcome>, RunError> {
        let remaining = produce - self.produced;
        if end.produced > remaining {
            // Earlier batches already produced part of the deals: run this one again up to
            // exactly the deals still wanted.
            (end, collected) = plan.batch(b, remaining, self.produced, main_vm);
        }
        if plan.per_deal {
            for (i, &offset) in collected.offsets.iter().enumerate() {
                let deal = collected.deals.get(i).copied().unwrap_or_default();
                let values = &collected.values[i * self.nvalues..(i + 1) * self.nvalues];
                let number = self.produced + i as u64 + 1;
                let board = self.board(plan, b, offset, number, deal);
                actions.deal(out, number, &board, values)?;
            }
        }
        self.produced += end.produced;
        actions.merge(&collected.tallies);
        if let Some((offset, fault)) = end.fault {
            return Err(RunError::Fault { fault, deal: self.examined_before + offset as u64 + 1 });
        }
        self.examined_before += end.examined;
        Ok((self.produced == produce).then_some(Outcome { generated: self.examined_before, produced: self.produced, interrupted: false }))
    }

    /// The outcome of a run interrupted after the batches delivered so far.
    pub fn interrupted(&self) -> Outcome {
        Outcome { generated: self.examined_before, produced: self.produced, interrupted: true }
    }

    /// The board of produced deal `number` (from 1), deal `offset` of batch `b`: the source's
    /// board (a file's), unless the boards are numbered from `first_board`.
    fn board<S: DealSource>(&self, plan: &Plan<'_, S>, b: u64, offset: u32, number: u64, deal: dealvm_vm::card::Deal) -> Board {
        let given = match self.first_board {
            Some(_) => None,
            None => {
                let copies = plan.job.swap.permutations().len() as u64;
                plan.job.source.board((plan.job.first_deal(b) + offset as u64) / copies)
            }
        };
        match given {
            Some(board) => Board { deal, ..board.clone() },
            None => Board { number: self.first_board.unwrap_or(1) + number - 1, deal, dealer: None, vulnerable: None },
        }
    }
}
