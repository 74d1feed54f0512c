//! The `dealvm` command: its switches ([`args`]: the clap definitions and help text, every
//! switch documented there; [`table_files`]: those of the files for the table, shared with
//! `dealvm merge`), resolved once into an [`Invocation`] ([`invocation`]: what the
//! command does, reads and writes, every value parsed and checked), reading the input
//! ([`input`]), the ways a run fails ([`failure`]), merging the switches with the input file
//! ([`options`]), the output files checked and opened ([`outputs`]), standard output and its
//! broken pipes ([`stdout`]), Ctrl-C ([`signals`]), the run from input to output
//! ([`execute`]), one shard of a run (`--shard`: [`shard`]), the merge of the shards' parts
//! (`dealvm merge`: [`merge`]), a run as classic Dealer makes it (`--classic`: [`classic`]),
//! a session's boards for play (`dealvm boards`: [`boards`]), whether a script runs on
//! another Dealer (`dealvm check`: [`check`]), events whose deals can be
//! proved afterwards (`dealvm squaredeal`: [`squaredeal`]), a server that runs scripts for
//! web pages and programs (`dealvm serve`: [`serve`], over [`crate::serve`]), and the man page and shell
//! completions made from the switches (`--generate`: [`generate`]).
//!
//! `main.rs` hands the arguments to [`main`], which runs a subcommand ([`SUBCOMMANDS`]: each
//! with its own switches) or parses them into a [`Cli`] and calls [`run`], and turns a
//! [`Failure`] into an exit status. Imports: every stage below it.

pub mod args;
pub mod boards;
pub mod check;
pub mod classic;
pub mod execute;
pub mod failure;
pub mod generate;
pub mod input;
pub mod invocation;
pub mod merge;
pub mod options;
pub mod outputs;
pub mod serve;
pub mod shard;
pub mod signals;
pub mod squaredeal;
pub mod stdout;
pub mod table_files;

pub use args::{Cli, MergeCli};
pub use failure::{Failure, EXIT_INPUT};
pub use invocation::{Invocation, Mode};
use std::ffi::OsString;
use std::io::Write;
use std::time::Instant;
use stdout::Printed;

/// A subcommand: `dealvm NAME ...`, with its own switches (parsed by `run`, which is given
/// the arguments from `NAME` on).
pub struct Subcommand {
    pub name: &'static str,
    pub run: fn(&[OsString], Instant) -> Result<(), Failure>,
}

/// The subcommands: a first argument that names one runs it.
pub const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand { name: "merge", run: merge::main },
    Subcommand { name: "boards", run: boards::main },
    Subcommand { name: "squaredeal", run: squaredeal::main },
    Subcommand { name: "serve", run: serve::main },
    Subcommand { name: "check", run: check::main },
];

/// The whole command, from the arguments (the program's name first) to the exit status,
/// what the user is to be told printed. `start` is when the process started.
pub fn main(args: &[OsString], start: Instant) -> i32 {
    let subcommand = args.get(1).and_then(|first| SUBCOMMANDS.iter().find(|s| first == s.name));
    let result = match subcommand {
        Some(subcommand) => (subcommand.run)(&args[1..], start),
        None => Cli::parse_args(args).map_err(Failure::Usage).and_then(|cli| run(&cli, start)),
    };
    match result {
        Ok(()) => 0,
        Err(failure) => {
            failure.print();
            failure.status()
        }
    }
}

/// Runs the command `cli` asks for, its output on standard output (the help is clap's,
/// printed while parsing). `start` is when the process started (for the trailer's time).
pub fn run(cli: &Cli, start: Instant) -> Result<(), Failure> {
    stdout::with_stdout(|out| run_to(cli, out, start))
}

/// The command `cli` asks for, its output written to `out`: the switches resolved, then what
/// they ask: a page made from the switches, the version, one shard (`--shard`, which writes
/// only its part file), a classic run or a run.
pub fn run_to<W: Write>(cli: &Cli, out: &mut Printed<W>, start: Instant) -> Result<(), Failure> {
    let inv = Invocation::resolve(cli)?;
    match &inv.mode {
        Mode::Generate(page) => Ok(out.write_all(&generate::generated(*page)?)?),
        Mode::Version => Ok(writeln!(out, "dealvm {}", env!("CARGO_PKG_VERSION"))?),
        Mode::Classic { build, seed } => classic::run(&inv, *build, *seed, out, start),
        Mode::Shard { shard, part } => {
            // Before any thread starts: Ctrl-C stops the shard cleanly, or ends the process.
            signals::install();
            shard::run(&inv, *shard, part)
        }
        Mode::Deal => execute::execute(&inv, out, start),
    }
}
