//! `dealvm squaredeal`: each operation's switches handed to the step of the event it names
//! ([`crate::tournament::squaredeal`]), and what it did told on standard error (the files
//! written, a key file others may read) or, for `verify`, on standard output with its verdict
//! as the exit status.

use crate::cli::args::{suggest_switch, Operation, SquareDealCli};
use crate::cli::failure::{switch_error, Exit, Failure};
use crate::diag::Diagnostic;
use crate::formats;
use crate::invocation::printed::with_stdout;
use crate::tournament::squaredeal::steps::{self, Chosen, Generation, NewPhase};
use crate::tournament::squaredeal::verify::verify;
use clap::Parser;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `dealvm squaredeal ...` (the arguments from `squaredeal` on).
pub fn main(args: &[OsString], _start: Instant) -> Result<(), Exit> {
    let command = <SquareDealCli as clap::CommandFactory>::command();
    let cli = SquareDealCli::try_parse_from(args).map_err(|e| Exit::Usage(suggest_switch(e, &command)))?;
    let path = cli.event.as_path();
    match &cli.operation {
        Operation::Create { name, delayed_info } => wrote(steps::create(path, name, delayed_info)?),
        Operation::AddPhase { sessions, boards, prefix, description } => {
            let (number, written) = steps::add_phase(path, &NewPhase { sessions: *sessions, boards, prefix, description })?;
            wrote(written);
            eprintln!("dealvm squaredeal: phase {number} added");
        }
        Operation::Publish => {
            let published = steps::publish(path)?;
            wrote(published.written);
            eprintln!(
                "dealvm squaredeal: published (KH {}): make {} public now; keep {} secret until the event is over",
                published.key_hash,
                path.display(),
                published.key_file.display()
            );
        }
        Operation::SetDv { value } => {
            let (value, written) = steps::set_dv(path, value)?;
            wrote(written);
            eprintln!("dealvm squaredeal: the delayed value is `{value}`");
        }
        Operation::Generate { selection, reserve, formats, force, boards } => {
            let formats = formats::parse_list(formats).map_err(switch_error)?;
            let chosen = selection.as_deref().map(chosen).transpose()?.unwrap_or(Chosen::All);
            let asked = Generation { chosen, reserve: *reserve, formats: &formats, force: *force, boards: boards.as_deref() };
            let generated = steps::generate(path, &asked)?;
            wrote(generated.written);
            if let Some(mode) = generated.shared_keys {
                let name = steps_key_file(path);
                let d = Diagnostic::error(format!("the key file `{name}` can be read by other users of this machine (permissions {mode:03o})"))
                    .with_note(format!("keep it secret until the event is over: chmod 600 {name}"));
                eprint!("{}", d.render_warning(None));
            }
        }
        Operation::Verify { dir } => return Ok(verified(path, dir)?),
    }
    Ok(())
}

/// Says which files were written.
fn wrote(written: Vec<PathBuf>) {
    for path in written {
        eprintln!("dealvm squaredeal: wrote {}", path.display());
    }
}

/// The key file of the event at `path`, as messages name it.
fn steps_key_file(path: &Path) -> String {
    crate::tournament::squaredeal::sessions::key_path(path).display().to_string()
}

/// `PHASE` or `PHASE:SESSION`.
fn chosen(text: &str) -> Result<Chosen, Failure> {
    let bad = || switch_error(format!("generate takes a phase (2) or a phase and a session (2:3), found `{text}`"));
    let number = |s: &str| s.trim().parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(bad);
    match text.split_once(':') {
        Some((p, s)) => Ok(Chosen::Session(number(p)?, number(s)?)),
        None => Ok(Chosen::Phase(number(text)?)),
    }
}

/// `verify DIR`: what was checked on standard output; exit status 1 unless every board file
/// of the event agrees and reads, and every session was checked.
fn verified(path: &Path, dir: &Path) -> Result<(), Failure> {
    let report = verify(path, dir)?;
    let text: String = report.lines.iter().map(|l| format!("{l}\n")).collect();
    with_stdout(|out| Ok::<(), Failure>(out.write_all(text.as_bytes())?))?;
    if report.verified() {
        return Ok(());
    }
    Err(Failure::CheckFailed(format!("dealvm squaredeal: not verified: {}\n", report.shortfall())))
}
