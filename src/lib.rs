//! dealvm: generate bridge deals that meet constraints written in the Dealer language.
//!
//! The pipeline, one folder per stage (see `ARCHITECTURE.md`):
//! [`front`] (text → tokens → syntax tree) → [`compile`] (syntax tree → `vm` bytecode, actions,
//! settings, the deal source) → [`source`] (where deals come from) → [`run`] (batches on many
//! threads, delivered in order, [`usereval`] answering `usereval` queries; [`shard`]: one run split across machines, merged) → [`report`] (what the actions print) → [`files`] (board files
//! and output files written atomically). [`cli`] is the command: its switches and the run
//! from input to output. The per-deal engine is the `dealvm_vm` crate.

pub mod cli;
pub mod compile;
pub mod files;
pub mod front;
pub mod report;
pub mod run;
pub mod shard;
pub mod source;
pub mod usereval;
