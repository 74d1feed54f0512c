//! dealvm: generate bridge deals that meet constraints written in the Dealer language.
//!
//! The pipeline, one folder per stage (see `ARCHITECTURE.md`):
//! [`front`] (text → tokens → syntax tree) → [`compile`] (syntax tree → `vm` bytecode, actions,
//! settings, the deal source) → [`source`] (where deals come from) → [`run`] (batches on many
//! threads, delivered in order, [`usereval`] answering `usereval` queries; [`shard`]: one run split across machines, merged) → [`report`] (what the actions print) → [`files`] (board files
//! and output files written atomically). [`cli`] is the command: its switches and the run
//! from input to output. The per-deal engine is the `dealvm_vm` crate.

#[doc(hidden)]
pub mod api;
#[doc(hidden)]
pub mod cli;
#[doc(hidden)]
pub mod compile;
#[doc(hidden)]
pub mod files;
#[doc(hidden)]
pub mod front;
#[doc(hidden)]
pub mod report;
#[doc(hidden)]
pub mod run;
#[doc(hidden)]
pub mod shard;
#[doc(hidden)]
pub mod source;
#[doc(hidden)]
pub mod usereval;

pub use api::run::{deal_from_pbn, Deals, Produced, Results, Run};
pub use api::script::{Error, Script, ScriptBuilder};
pub use api::statistics::{Average, Axis, EvalContract, Statistic, Table};
pub use dealvm_vm::board::{Board, Vulnerability};
pub use dealvm_vm::card::{Card, Deal, Hand, Seat, Suit};
