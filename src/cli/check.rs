//! `dealvm check [--dialect dealer|exe|v2] FILE`: whether a script runs on another Dealer as
//! it runs here. The script is read as dealvm reads it (a script that does not parse is
//! refused with the usual message, exit status 2), then every construct the chosen Dealer
//! would refuse or read otherwise is printed as a caret message with what to write instead
//! (`front::dialect`, whose table `--classic` reads too): exit status 1 with findings, 0
//! without.

use crate::cli::args::suggest_switch;
use crate::cli::failure::Failure;
use crate::cli::input::script_file;
use crate::cli::stdout::{with_stdout, Printed};
use crate::diag::Diagnostic;
use crate::front::dialect::{check, Dealer};
use crate::front::lex::ScriptVars;
use crate::front::parse::{parse_file, parse_file_classic};
use bumpalo::Bump;
use clap::Parser;
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// `dealvm check`: will this script run on another Dealer?
///
/// Reads the script as dealvm does and prints, each with its place (file:line:column) and what
/// to write instead, every construct that the chosen Dealer would refuse or read otherwise:
/// words and functions it lacks, numbers and shape clauses over its limits, a minus it does
/// not take, operators it groups otherwise, comments and characters its scanner treats
/// otherwise. Exit status 0 when there is none, 1 when there are, 2 when the script does not
/// parse.
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

/// `dealvm check ...` (the arguments from `check` on).
pub fn main(args: &[OsString], _start: Instant) -> Result<(), Failure> {
    let command = <CheckCli as clap::CommandFactory>::command();
    let cli = CheckCli::try_parse_from(args).map_err(|e| Failure::Usage(suggest_switch(e, &command)))?;
    let dealer = crate::front::dialect::dealer_named(&cli.dialect).unwrap_or(Dealer::Debian);
    let source = script_file(Some(&cli.file))?;
    let arena = Bump::new();
    let vars = ScriptVars::default();
    let with_values: ScriptVars = std::array::from_fn(|_| Some("0".to_string()));
    // Script variables get a value, so that a script written for `-1` parses; a script that
    // only parses with DealerV2's words as names (`opener = ...`) is read so.
    let statements = match parse_file(&arena, &source.text, &with_values) {
        Ok(s) => s,
        Err(e) => parse_file_classic(&arena, &source.text, &vars).map_err(|_| Failure::Input(e.render(Some(&source))))?,
    };
    let findings = check(&source.text, &statements, dealer);
    with_stdout(|out: &mut Printed<_>| {
        for f in &findings {
            let d = Diagnostic::at(f.span, f.message.clone()).with_note(format!("instead: {}", f.instead));
            out.write_all(d.render_warning(Some(&source)).as_bytes())?;
        }
        Ok::<(), Failure>(())
    })?;
    match findings.len() {
        0 => {
            eprintln!("{}: nothing that {} would refuse or read otherwise", source.name, dealer.title());
            Ok(())
        }
        n => Err(Failure::CheckFailed(format!("{}: {n} finding{} for {}\n", source.name, if n == 1 { "" } else { "s" }, dealer.title()))),
    }
}
