//! A shard's side of the run: what it keeps of its produced deals, in deal order, for its
//! part file. It receives the deals the run delivers ([`Receiver`]) instead of the actions.

use crate::run::{DealAt, Receiver};
use crate::shard::part::{BatchSolves, Kept, Totals};
use dealvm_vm::dealing::board::Board;
use dealvm_vm::evaluation::dd::SolveCounts;
use dealvm_vm::evaluation::stats::{Tallies, TallySpec};
use std::io::{self, Write};

/// What a shard keeps.
pub struct Keeper {
    /// Whether every produced deal is kept with its values (else only the statistics).
    per_deal: bool,
    /// Whether the kept deals keep their hands.
    hands: bool,
    /// Empty accumulators of the run's statistics, as a piece counts in them.
    empty: Tallies,
    /// The statistics so far, when no deal is kept.
    totals: Option<Tallies>,
    /// The deals kept and their values.
    pub kept: Vec<Kept>,
    pub values: Vec<i32>,
    /// The double-dummy work of each batch that did some.
    pub solves: Vec<BatchSolves>,
}

impl Keeper {
    /// A keeper for a run with the statistics `specs`: with `per_deal`, every produced deal
    /// is kept with its values, with its hands when `hands`; else only the statistics.
    pub fn new(specs: Vec<TallySpec>, per_deal: bool, hands: bool) -> Keeper {
        let whole = Tallies::new(specs);
        Keeper {
            per_deal,
            hands: per_deal && hands,
            empty: whole.for_batch(),
            totals: (!per_deal).then_some(whole),
            kept: Vec::new(),
            values: Vec::new(),
            solves: Vec::new(),
        }
    }

    /// The statistics, when no deal is kept.
    pub fn totals(&self) -> Option<Totals> {
        self.totals
            .as_ref()
            .map(|t| Totals { count: t.count(), tallies: (0..t.len()).map(|i| (t.get(i).sum, t.get(i).sum_sq, t.get(i).counts.clone())).collect() })
    }
}

impl Receiver for Keeper {
    fn empty_tallies(&self) -> Tallies {
        self.empty.clone()
    }

    fn per_deal(&self) -> bool {
        self.per_deal
    }

    fn needs_deals(&self) -> bool {
        self.hands
    }

    fn deal(&mut self, _out: &mut dyn Write, at: DealAt, _number: u64, board: &Board, values: &[i32]) -> io::Result<()> {
        let hands = self.hands.then(|| board.deal.hands.map(|h| h.0));
        self.kept.push(Kept { batch: at.batch, offset: at.offset, hands });
        self.values.extend_from_slice(values);
        Ok(())
    }

    fn piece(&mut self, batch: u64, tallies: &Tallies, solves: &SolveCounts) {
        if let Some(t) = self.totals.as_mut() {
            t.merge(tallies);
        }
        let counts = [solves.single, solves.targets, solves.tables, solves.cached];
        if counts == [0; 4] {
            return;
        }
        match self.solves.last_mut() {
            Some(last) if last.batch == batch => {
                for (a, b) in last.counts.iter_mut().zip(counts) {
                    *a += b;
                }
            }
            _ => self.solves.push(BatchSolves { batch, counts }),
        }
    }
}
