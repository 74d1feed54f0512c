//! The `dealvm` command: its switches ([`args`]: the clap definitions and help text, every
//! switch documented there), reading the input ([`input`]), the ways a run fails
//! ([`failure`]), merging the switches with the input file ([`options`]), the output files
//! checked and opened ([`outputs`]), standard output and its broken pipes ([`stdout`]), Ctrl-C
//! ([`signals`]), the run from input to output ([`execute`]), one shard of a run
//! (`--shard`: [`shard`]), the merge of the shards' parts (`dealvm merge`: [`merge`]), a
//! run as classic Dealer makes it (`--classic`: [`classic`]), and the man page and shell
//! completions made from the switches (`--generate`: [`generate`]).
//!
//! `main.rs` parses the arguments into a [`Cli`], calls [`run`] and turns a [`Failure`] into
//! an exit status. Imports: every stage below it.

pub mod args;
pub mod classic;
pub mod execute;
pub mod failure;
pub mod generate;
pub mod input;
pub mod merge;
pub mod options;
pub mod outputs;
pub mod shard;
pub mod signals;
pub mod stdout;

pub use args::{Cli, MergeCli};
pub use failure::{Failure, EXIT_INPUT};
use std::io::Write;
use std::time::Instant;
use stdout::Printed;

/// Runs the command: the version, or a run from the input file to standard output (the help
/// is clap's, printed while parsing).
/// `start` is when the process started (for the trailer's time).
pub fn run(cli: &Cli, start: Instant) -> Result<(), Failure> {
    if let Some(what) = &cli.man_or_completions {
        let text = generate::generated(what)?;
        return stdout::with_stdout(|out| Ok(out.write_all(&text)?));
    }
    if cli.version {
        println!("dealvm {}", env!("CARGO_PKG_VERSION"));
        return Ok(());
    }
    stdout::with_stdout(|out| run_to(cli, out, start))
}

/// The run `cli` asks for, its reports written to `out`: one shard (`--shard`, which writes
/// only its part file) or the whole run.
pub fn run_to<W: Write>(cli: &Cli, out: &mut Printed<W>, start: Instant) -> Result<(), Failure> {
    if cli.classic.is_some() {
        return classic::run(cli, out, start);
    }
    if cli.shard.is_some() || cli.part.is_some() {
        // Before any thread starts: Ctrl-C stops the shard cleanly, or ends the process.
        signals::install();
        return shard::run(cli);
    }
    execute::execute(cli, out, start)
}
