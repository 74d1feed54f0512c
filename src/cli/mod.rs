//! The `dealvm` command: argument handling only. Its switches are declared in [`args`] (every
//! subcommand's too, and the table files', made from the registry of formats), resolved once
//! into an [`Invocation`] ([`mod@resolve`]), and handed to the library call that carries it out
//! ([`crate::invocation`]); each subcommand of the list [`commands`] ([`merge`], [`boards`],
//! [`check`], [`squaredeal`], [`serve`]) parses its switches and calls the layer that does its
//! work. [`generate`] makes the man page, the completions and the guide's list of switches from
//! the definitions; [`failure`] turns how it ended into a message and an exit status.
//!
//! `main.rs` hands the arguments to [`main`], which runs a subcommand ([`SUBCOMMANDS`]) or
//! parses them into a [`Cli`] and calls [`run`]. Imports: every stage below it.

pub mod args;
pub mod boards;
pub mod check;
pub mod commands;
pub mod failure;
pub mod generate;
pub mod merge;
pub mod resolve;
pub mod serve;
pub mod squaredeal;

pub use args::{Cli, MergeCli};
pub use commands::SUBCOMMANDS;
pub use failure::{Exit, Failure, EXIT_INPUT};
pub use resolve::resolve;

use crate::invocation::execute::Host;
use crate::invocation::printed::{with_stdout, Printed};
use crate::invocation::request::{Invocation, Mode};
use crate::invocation::{classic, execute, shard, signals};
use std::ffi::OsString;
use std::io::Write;
use std::time::Instant;

/// The whole command, from the arguments (the program's name first) to the exit status,
/// what the user is to be told printed. `start` is when the process started.
pub fn main(args: &[OsString], start: Instant) -> i32 {
    let subcommand = args.get(1).and_then(|first| SUBCOMMANDS.iter().find(|s| first == s.name));
    let result = match subcommand {
        Some(subcommand) => (subcommand.run)(&args[1..], start),
        None => Cli::parse_args(args).map_err(Exit::Usage).and_then(|cli| run(&cli, start)),
    };
    match result {
        Ok(()) => 0,
        Err(exit) => {
            exit.print();
            exit.status()
        }
    }
}

/// Runs the command `cli` asks for, its output on standard output (the help is clap's,
/// printed while parsing). `start` is when the process started (for the trailer's time).
pub fn run(cli: &Cli, start: Instant) -> Result<(), Exit> {
    with_stdout(|out| run_to(cli, out, start))
}

/// The command `cli` asks for, its output written to `out`: a page made from the switches, the
/// version, or the invocation its switches resolve into, carried out.
pub fn run_to<W: Write>(cli: &Cli, out: &mut Printed<W>, start: Instant) -> Result<(), Exit> {
    if let Some(what) = &cli.man_or_completions {
        return Ok(out.write_all(&generate::generated(generate::Page::parse(what)?)?)?);
    }
    if cli.version {
        return Ok(writeln!(out, "dealvm {}", env!("CARGO_PKG_VERSION"))?);
    }
    let inv = resolve(cli)?;
    Ok(carry_out(&inv, out, start)?)
}

/// What the command does with an invocation: a run, one shard, or a run as classic Dealer
/// makes it.
fn carry_out<W: Write>(inv: &Invocation, out: &mut Printed<W>, start: Instant) -> Result<(), crate::invocation::Failure> {
    match &inv.mode {
        Mode::Classic { build, seed } => classic::run(inv, *build, *seed, out, start),
        Mode::Shard { shard, part } => {
            // Before any thread starts: Ctrl-C stops the shard cleanly, or ends the process.
            signals::install();
            shard::run(inv, *shard, part)
        }
        Mode::Deal => execute::execute(inv, &Host::Command, out, start).map(|_| ()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_and_generate_ignore_the_other_switches() {
        let run = |args: &[&str]| {
            let cli = Cli::parse_args(std::iter::once("dealvm").chain(args.iter().copied())).unwrap();
            let mut out = crate::invocation::printed::Printed::new(Vec::new());
            let result = run_to(&cli, &mut out, std::time::Instant::now());
            (
                result.map_err(|e| match e {
                    Exit::Failed(f) => f.message().to_string(),
                    Exit::Usage(e) => e.to_string(),
                }),
                String::from_utf8(out.into_inner()).unwrap(),
            )
        };
        assert_eq!(run(&["--version", "-p", "x"]), (Ok(()), format!("dealvm {}\n", env!("CARGO_PKG_VERSION"))));
        let (done, man) = run(&["--generate", "man", "-p", "x"]);
        assert!(done.is_ok() && man.starts_with(".ie"), "{man}");
        assert!(run(&["--generate", "troff"]).0.unwrap_err().contains("--generate takes"));
    }
}
