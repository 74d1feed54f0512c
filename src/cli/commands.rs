//! The subcommands, in one list: each with its name, how it is run, its switches' definitions
//! and its usage line. The command dispatches on it, and the man page, the completions and the
//! guide's list of switches are made from it.

use crate::cli::args::{BoardsCli, CheckCli, MergeCli, ServeCli, SquareDealCli};
use crate::cli::failure::Exit;
use crate::cli::{boards, check, merge, serve, squaredeal};
use clap::CommandFactory;
use std::ffi::OsString;
use std::time::Instant;

/// A subcommand: `dealvm NAME ...`, with its own switches (parsed by `run`, which is given
/// the arguments from `NAME` on).
pub struct Subcommand {
    pub name: &'static str,
    pub run: fn(&[OsString], Instant) -> Result<(), Exit>,
    /// Its switches' definitions.
    pub command: fn() -> clap::Command,
    /// Its usage, as the guide heads its switches (`OPERATION` stands for each of its
    /// operations, when it has them).
    pub usage: &'static str,
}

/// The subcommands: a first argument that names one runs it.
pub const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand { name: "merge", run: merge::main, command: MergeCli::command, usage: "dealvm merge [SWITCHES] PART..." },
    Subcommand { name: "boards", run: boards::main, command: BoardsCli::command, usage: "dealvm boards [SWITCHES]" },
    Subcommand { name: "check", run: check::main, command: CheckCli::command, usage: "dealvm check [SWITCHES] FILE" },
    Subcommand {
        name: "squaredeal",
        run: squaredeal::main,
        command: SquareDealCli::command,
        usage: "dealvm squaredeal EVENT.sqd OPERATION [SWITCHES]",
    },
    Subcommand { name: "serve", run: serve::main, command: ServeCli::command, usage: "dealvm serve [SWITCHES]" },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealvm_s_help_names_every_subcommand() {
        let help = crate::cli::args::Cli::command().get_after_help().map(|h| h.to_string()).unwrap_or_default();
        for sub in SUBCOMMANDS {
            assert!(help.contains(&format!("`dealvm {} --help`", sub.name)), "{}", sub.name);
        }
    }
}
