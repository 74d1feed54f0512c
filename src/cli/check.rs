//! `dealvm check [--dialect dealer|exe|v2] FILE`: whether a script runs on another Dealer as
//! it runs here. The script is read as dealvm reads it (a script that does not parse is
//! refused with the usual message, exit status 2), then every construct the chosen Dealer
//! would refuse or read otherwise is printed as a caret message with what to write instead
//! (`front::dialect`, whose table `--classic` reads too): exit status 1 with findings, 0
//! without; and what dealvm itself refuses is refused as a run refuses it, exit status 2.

use crate::api::script::ScriptBuilder;
use crate::cli::args::{suggest_switch, CheckCli};
use crate::cli::failure::{Exit, Failure};
use crate::diag::Diagnostic;
use crate::front::dialect::{check, Dealer};
use crate::front::lex::ScriptVars;
use crate::front::parse::{parse_file, parse_file_classic};
use crate::invocation::input::script_file;
use crate::invocation::printed::{with_stdout, Printed};
use bumpalo::Bump;
use clap::Parser;
use std::ffi::OsString;
use std::io::Write;
use std::time::Instant;

/// `dealvm check ...` (the arguments from `check` on).
pub fn main(args: &[OsString], _start: Instant) -> Result<(), Exit> {
    let command = <CheckCli as clap::CommandFactory>::command();
    let cli = CheckCli::try_parse_from(args).map_err(|e| Exit::Usage(suggest_switch(e, &command)))?;
    let dealer = crate::front::dialect::dealer_named(&cli.dialect).unwrap_or(Dealer::Debian);
    let source = script_file(Some(&cli.file))?;
    let arena = Bump::new();
    let vars = ScriptVars::default();
    let with_values: ScriptVars = std::array::from_fn(|_| Some("0".to_string()));
    // Script variables get a value, so that a script written for `-1` parses; a script that
    // only parses with DealerV2's words as names (`opener = ...`) is read so.
    let (statements, dealvm_parses) = match parse_file(&arena, &source.text, &with_values) {
        Ok(s) => (s, true),
        Err(e) => (parse_file_classic(&arena, &source.text, &vars).map_err(|_| Failure::Input(e.render(Some(&source))))?, false),
    };
    let findings = check(&source.text, &statements, dealer);
    // What dealvm itself refuses (a variable defined twice, a value out of range, ...) is
    // refused here as a run refuses it, after the findings: never reported as clean.
    let uses_script_vars = parse_file(&arena, &source.text, &vars).is_err();
    let compiled = (0..10).fold(ScriptBuilder::new(), |b, n| b.script_var(n, "1")).compile_source(source.clone());
    let refused = compiled.err().map(|e| {
        let mut message = e.to_string();
        if !dealvm_parses {
            message.push_str("  = note: Debian's dealer reads it: run it with `dealvm --classic`\n");
        } else if uses_script_vars {
            message.push_str("  = note: the script variables $0 to $9 were read as 1 for this check\n");
        }
        message
    });
    with_stdout(|out: &mut Printed<_>| {
        for f in &findings {
            let d = Diagnostic::at(f.span, f.message.clone()).with_note(format!("instead: {}", f.instead));
            out.write_all(d.render_warning(Some(&source)).as_bytes())?;
        }
        Ok::<(), Failure>(())
    })?;
    if let Some(message) = refused {
        return Err(Failure::Input(message).into());
    }
    match findings.len() {
        0 => {
            eprintln!("{}: nothing that {} would refuse or read otherwise", source.name, dealer.title());
            Ok(())
        }
        n => Err(Failure::CheckFailed(format!("{}: {n} finding{} for {}\n", source.name, if n == 1 { "" } else { "s" }, dealer.title())).into()),
    }
}
