//! dealvm's engine: everything that runs per deal, with no parser in it.
//!
//! A program embeds it in four steps: **build tables** for its point counts, **assemble** a
//! deal routine (or take one from dealvm's compiler), **deal a batch** and **evaluate**,
//! collecting produced deals or statistics.
//!
//! ```
//! use dealvm_vm::card::Seat;
//! use dealvm_vm::dealing::split::RandomDealer;
//! use dealvm_vm::evaluation::stats::{TallySpec, Tallies};
//! use dealvm_vm::evaluation::tables::{PointCounts, TableId, Tables};
//! use dealvm_vm::machine::assembler::Assembler;
//! use dealvm_vm::machine::batch::{Job, Swap};
//! use dealvm_vm::machine::bytecode::{BinaryOp, Instr};
//! use dealvm_vm::machine::interp::Machine;
//!
//! // condition hcp(north) >= 20, action average hcp(south)
//! let mut asm = Assembler::new();
//! asm.begin_entry("deal");
//! asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::North });
//! asm.emit(Instr::BinaryConst { op: BinaryOp::Ge, k: 20, site: 0 });
//! let rejected = asm.emit(Instr::AndThen(0));
//! asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::South });
//! asm.emit(Instr::Store(0));
//! asm.emit(Instr::Produce);
//! let end = asm.here();
//! asm.patch(rejected, end);
//! let routine = asm.end_entry();
//! let program = asm.finish().unwrap();
//!
//! let tables = Tables::build(&PointCounts::default(), program.tables_used());
//! let dealer = RandomDealer::new();
//! let job = Job { program: &program, tables: &tables, source: &dealer, routine,
//!                 swap: Swap::None, seed: 1, generate: 100_000 };
//! let mut vm = Machine::new(&program);
//! let mut totals = Tallies::new(vec![TallySpec::Average { value: 0 }]);
//! for k in 0..job.batches() {
//!     // Batches are independent; they could run on many threads.
//!     job.run_batch(k, u64::MAX, 0, &mut vm, &mut totals);
//! }
//! let mean = totals.get(0).sum as f64 / totals.count() as f64;
//! assert!(totals.count() > 500 && (4.0..8.0).contains(&mean));
//! ```
//!
//! The crate is in three folders by concern, over the vocabulary they share. Each imports only
//! what lies below it, so no folder and no module imports another in a circle
//! (`tests/suite/architecture.rs` checks both), top floor first:
//!
//! - [`machine`]: the bytecode and what runs it: the instruction set, programs, the assembler,
//!   the verifier, superinstructions, the interpreter, the block evaluator (the deal routine
//!   over blocks of deals), and the batch runner that deals and
//!   evaluates (it imports `dealing` and `evaluation`);
//! - [`dealing`]: where deals come from: the random generator, the dealers (nothing
//!   predealt, around predeals, exactly among the deals meeting rules) and given boards (it
//!   imports `evaluation`: shape sets for the exact rules, trick tables of solved boards);
//! - [`evaluation`]: what is worked out from a deal: the counting tables, shapes, scores, the
//!   Optimal Point Count, double dummy, `usereval`, and the accumulators of the statistics (it
//!   imports only `card`);
//! - [`card`]: suits, seats, sides, vulnerability, cards, bitmask hands and deals.
//!
//! `card` stays at the top level because it is the vocabulary of every folder and imports
//! nothing: at the bottom, outside the three, it is seen to belong to none. So does [`cpu`],
//! what the processor has, which every folder's fast paths ask. Boards are in
//! `dealing` ([`dealing::board`]): a board carries its deal's double-dummy tricks (from
//! `evaluation`), so at the top level it would sit between two folders, and within the crate
//! only the deals given by a file use it.

#![warn(missing_docs)]

pub mod card;
pub mod cpu;
pub mod dealing;
pub mod evaluation;
pub mod machine;
