//! dealvm's engine: everything that runs per deal, with no parser in it.
//!
//! A program embeds it in four steps: **build tables** for its point counts, **assemble** a
//! deal routine (or take one from dealvm's compiler), **deal a batch** and **evaluate**,
//! collecting produced deals or statistics.
//!
//! ```
//! use dealvm_vm::batch::{Job, Swap};
//! use dealvm_vm::bytecode::{Assembler, BinaryOp, Instr};
//! use dealvm_vm::card::Seat;
//! use dealvm_vm::interp::Machine;
//! use dealvm_vm::split::RandomDealer;
//! use dealvm_vm::stats::{TallySpec, Tallies};
//! use dealvm_vm::tables::{PointCounts, TableId, Tables};
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
//! The modules, in the order a deal meets them:
//!
//! - [`card`]: suits, seats, cards, bitmask hands and deals;
//! - [`classic`]: classic Dealer's dealing (`--classic`): glibc's `rand()`, its shuffle and `rnd`;
//! - [`board`]: boards (a deal with its number, dealer and vulnerability) and the board cycle;
//! - [`rng`]: the random generator, exact bounded draws, bit instructions;
//! - [`source`]: the [`source::DealSource`] trait, and deals given in a list;
//! - [`partial`]: one hand dealt alone, Floyd's `k` of `n`, the counting the splits share;
//! - [`split`]: [`split::RandomDealer`], the fast exact dealing of deals with nothing predealt
//!   (of the hands the program reads only, completed for the deals printed);
//! - [`predeal`]: predealt cards and suit lengths, and why they can be impossible;
//! - [`bias`]: exact dealing of predealt suit lengths;
//! - [`deal`]: [`deal::PredealDealer`], uniform dealing around predealt cards and lengths;
//! - [`tables`]: per-suit tables for the counting functions, keyed by a 13-bit suit mask;
//! - [`opc`]: the Optimal Point Count of a partnership (DealerV2's `opc`), cached per deal;
//! - [`shape`]: the 560 shapes in the squashed order and 560-bit shape sets;
//! - [`score`]: contracts, duplicate scores and IMPs;
//! - [`dd`]: double-dummy tables, par, the solver trait and the per-deal cache;
//! - [`usereval`]: the queries of `usereval`, the trait that answers them and the per-deal cache;
//! - [`exact`]: dealing uniformly among the deals whose seats meet rules, counted exactly;
//! - [`gaps`]: the random deals an exactly dealt deal stands for, in Dealer's law;
//! - [`sparse`]: [`sparse::Sparse`], exact dealing whose deals stand for those random deals;
//! - [`bytecode`]: the instruction set, programs, the assembler and a disassembler;
//! - [`verify`]: the bytecode verifier;
//! - [`interp`]: the interpreter that runs a program on a deal;
//! - [`stats`]: the accumulators of `average`, `frequency` and `bktfreq`;
//! - [`batch`]: runs a batch of deals through condition and values, on one thread.

#![warn(missing_docs)]

pub mod batch;
pub mod bias;
pub mod board;
pub mod bytecode;
pub mod card;
pub mod classic;
pub mod deal;
pub mod dd;
pub mod exact;
pub mod fuse;
pub mod gaps;
pub mod interp;
pub mod opc;
pub mod partial;
pub mod predeal;
pub mod rng;
pub mod score;
pub mod shape;
pub mod source;
pub mod sparse;
pub mod split;
pub mod stats;
pub mod tables;
pub mod usereval;
pub mod verify;
