//! What a run hands its produced deals to, in deal order: the actions of a whole run
//! ([`Actions`]: printed, written to files, counted; under `--classic`,
//! [`crate::report::classic::ClassicActions`]), or what one shard of a run keeps for its part
//! file (`crate::shard`, above this stage, implements the trait).

use crate::report::Actions;
use dealvm_vm::dealing::board::Board;
use dealvm_vm::evaluation::dd::SolveCounts;
use dealvm_vm::evaluation::stats::Tallies;
use std::io::{self, Write};

/// Where a produced deal was dealt: deal `offset` of batch `batch`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealAt {
    pub batch: u64,
    pub offset: u32,
}

/// The receiver of a run's delivered deals.
pub trait Receiver {
    /// Empty accumulators for a piece to count in.
    fn empty_tallies(&self) -> Tallies;

    /// Whether each produced deal is handed to [`Receiver::deal`] (else it is only counted).
    fn per_deal(&self) -> bool;

    /// Whether the deals themselves are needed, not only their values (else a deal handed to
    /// [`Receiver::deal`] may be blank).
    fn needs_deals(&self) -> bool;

    /// Produced deal `number` (from 1), dealt at `at`, as `board`, with its values.
    fn deal(&mut self, out: &mut dyn Write, at: DealAt, number: u64, board: &Board, values: &[i32]) -> io::Result<()>;

    /// The statistics and the double-dummy work of a delivered piece of batch `batch`, after
    /// its deals.
    fn piece(&mut self, batch: u64, tallies: &Tallies, solves: &SolveCounts);

    /// Whether the run may stop after the batch just delivered (`--until-se` reached); asked
    /// at the end of each batch, in batch order. A shard's keeper never stops: it cannot know
    /// the run's statistics.
    fn enough(&self) -> bool {
        false
    }
}

impl Receiver for Actions {
    fn empty_tallies(&self) -> Tallies {
        Actions::empty_tallies(self)
    }

    fn per_deal(&self) -> bool {
        Actions::per_deal(self)
    }

    fn needs_deals(&self) -> bool {
        Actions::needs_deals(self)
    }

    fn deal(&mut self, out: &mut dyn Write, _at: DealAt, number: u64, board: &Board, values: &[i32]) -> io::Result<()> {
        Actions::deal(self, out, number, board, values)
    }

    fn piece(&mut self, _batch: u64, tallies: &Tallies, _solves: &SolveCounts) {
        self.merge(tallies);
    }

    fn enough(&self) -> bool {
        Actions::enough(self)
    }
}

impl Receiver for crate::report::classic::ClassicActions {
    fn empty_tallies(&self) -> Tallies {
        crate::report::classic::ClassicActions::empty_tallies(self)
    }

    fn per_deal(&self) -> bool {
        self.needs_deals()
    }

    fn needs_deals(&self) -> bool {
        crate::report::classic::ClassicActions::needs_deals(self)
    }

    fn deal(&mut self, out: &mut dyn Write, _at: DealAt, number: u64, board: &Board, values: &[i32]) -> io::Result<()> {
        crate::report::classic::ClassicActions::deal(self, out, number, &board.deal, values)
    }

    fn piece(&mut self, _batch: u64, tallies: &Tallies, _solves: &SolveCounts) {
        self.merge(tallies);
    }
}
