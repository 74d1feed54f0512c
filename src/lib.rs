//! dealvm: generate bridge deals that meet constraints written in the Dealer language.
//!
//! The front door: compile a Dealer script once ([`Script::new`], or [`Script::builder`] to
//! name it, predeal cards, give `$0`..`$9`, or ask for the values of variables), run it over
//! the deals you choose ([`Script::run`], [`Deals`]), and take the results as data
//! ([`Results`]: the counts, the seed, every statistics action's exact totals as a
//! [`Statistic`], and the produced deals as [`Produced`]). Errors are values ([`Error`]) with
//! the line, the column and the `dealvm` command's message. The same seed gives the same
//! deals and figures on any number of threads.
//!
//! ```
//! # fn main() -> Result<(), dealvm::Error> {
//! let script = dealvm::Script::builder()
//!     .value("points")
//!     .compile("points = hcp(north)\ncondition points >= 20\naction average hcp(south)")?;
//! let results = script.run().seed(1).generate(1_000_000).threads(2).collect()?;
//! println!("{} of {} deals", results.produced, results.generated);
//! for deal in &results.deals[..3] {
//!     println!("{} points: {}", deal.value("points").unwrap(), deal.board.deal.pbn());
//! }
//! # assert!(results.deals.iter().all(|d| d.value("points").unwrap() >= 20));
//! # Ok(())
//! # }
//! ```
//!
//! The `dealvm` command is one client of this front door. The stages behind it, one folder
//! each (see `ARCHITECTURE.md`), are not part of the library's interface: `front` (text →
//! tokens → syntax tree) → `compile` (syntax tree → `vm` bytecode, actions, settings, the
//! deal source) → `source` (where deals come from) → `run` (batches on many threads,
//! delivered in order; `usereval` answering `usereval` queries; `shard`: one run split across
//! machines, merged) → `report` (what the actions print) → `files` (board files and output
//! files written atomically); `api` is the front door, `cli` the command. The per-deal
//! engine is the `dealvm_vm` crate.

#![warn(missing_docs)]

#[doc(hidden)]
pub mod api;
#[doc(hidden)]
pub mod cli;
#[doc(hidden)]
pub mod compile;
#[doc(hidden)]
pub mod diag;
#[doc(hidden)]
pub mod files;
#[doc(hidden)]
pub mod formats;
#[doc(hidden)]
pub mod front;
#[doc(hidden)]
pub mod invocation;
#[doc(hidden)]
pub mod report;
#[doc(hidden)]
pub mod run;
#[doc(hidden)]
pub mod serve;
#[doc(hidden)]
pub mod shard;
#[doc(hidden)]
pub mod source;
#[doc(hidden)]
pub mod tournament;
#[doc(hidden)]
pub mod usereval;

pub use api::run::{deal_from_pbn, Deals, Produced, Results, Run, Stop};
pub use api::script::{Error, Script, ScriptBuilder};
pub use api::statistics::{Average, Axis, EvalContract, EvalLeads, OpeningLead, Statistic, Table};
pub use dealvm_vm::card::{Card, Deal, Hand, Seat, Suit};
pub use dealvm_vm::dealing::board::{Board, Vulnerability};
