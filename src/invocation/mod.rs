//! One invocation of dealvm, typed and carried out: the library call that the command line
//! and the server both make.
//!
//! - [`request`]: an [`request::Invocation`], what dealvm is asked to do (a run, one shard of
//!   one, a run as classic Dealer makes it), what it reads, its switches, the files it writes
//!   ([`outputs`]); the command line builds one from its switches (`cli::resolve`), the server
//!   from a request (`serve`).
//! - [`mod@execute`]: carrying it out, from reading and compiling the input ([`input`]) and merging
//!   the switches with it ([`settings`]), through opening the output files ([`open`]) and the
//!   run, to the reports, the trailer and the files committed; for the command, or for a
//!   program that hosts it ([`execute::Host`]: its limits, its stop, the deals it keeps).
//! - [`classic`]: `--classic`, a run as classic Dealer makes it; [`shard`]: one shard of a run
//!   and its part file; [`merge`]: the shards' parts replayed as the single run.
//! - [`failure`]: how an invocation fails, and with which exit status; [`printed`]: standard
//!   output and its broken pipes; [`signals`]: Ctrl-C.
//!
//! Imports: every stage below it ([`crate::api`], [`crate::run`], [`crate::report`],
//! [`crate::formats`], ...).

pub mod classic;
pub mod execute;
pub mod failure;
pub mod input;
pub mod merge;
pub mod open;
pub mod outputs;
pub mod printed;
pub mod request;
pub mod settings;
pub mod shard;
pub mod signals;

pub use execute::{execute, Host};
pub use failure::Failure;
pub use request::{Input, Invocation, Mode, Switches};
