//! The switches of `dealvm check`.

use clap::Parser;
use std::path::PathBuf;

/// `dealvm check`: will this script run on another Dealer?
///
/// Reads the script as dealvm does and prints, each with its place (file:line:column) and what
/// to write instead, every construct that the chosen Dealer would refuse or read otherwise:
/// words and functions it lacks, numbers and shape clauses over its limits, a minus it does
/// not take, operators it groups otherwise, comments and characters its scanner treats
/// otherwise. Exit status 0 when there is none, 1 when there are, 2 when dealvm itself
/// refuses the script (it does not parse, a variable is defined twice, ...: the message of a
/// run, after the findings).
#[derive(Parser, Debug)]
#[command(
    name = "dealvm check",
    bin_name = "dealvm check",
    disable_help_flag = true,
    disable_version_flag = true,
    max_term_width = 100,
    after_help = "Example: `dealvm check --dialect exe practice.dli` before handing the script to a friend with dealer.exe (docs/guide/check.md)."
)]
pub struct CheckCli {
    /// The Dealer the script is meant for (default `dealer`): `dealer` is Debian's /usr/games/dealer (what BBO
    /// runs), `exe` the Windows dealer.exe, `v2` DealerV2
    #[arg(long, value_name = "DIALECT", default_value = "dealer", value_parser = ["dealer", "exe", "v2"])]
    pub dialect: String,

    /// The script (`-` for standard input)
    #[arg(value_name = "FILE", required = true)]
    pub file: PathBuf,

    /// Print this help and stop
    #[arg(short = 'h', long = "help", action = clap::ArgAction::Help)]
    pub help: Option<bool>,
}
