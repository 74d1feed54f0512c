//! The `dealvm` command: its switches ([`args`]: the clap definitions and help text, every
//! switch documented there), reading the input ([`input`]), the ways a run fails
//! ([`failure`]), merging the switches with the input file ([`options`]), the output files
//! checked and opened ([`outputs`]), standard output and its broken pipes ([`stdout`]), Ctrl-C
//! ([`signals`]), the run from input to output ([`execute`]), one shard of a run
//! (`--shard`: [`shard`]) and the merge of the shards' parts (`dealvm merge`: [`merge`]).
//!
//! `main.rs` parses the arguments into a [`Cli`], calls [`run`] and turns a [`Failure`] into
//! an exit status. Imports: every stage below it.

pub mod args;
pub mod execute;
pub mod failure;
pub mod input;
pub mod merge;
pub mod options;
pub mod outputs;
pub mod shard;
pub mod signals;
pub mod stdout;

pub use args::{Cli, MergeCli};
pub use execute::run;
pub use failure::{Failure, EXIT_INPUT};
