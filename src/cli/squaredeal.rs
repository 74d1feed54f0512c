//! `dealvm squaredeal`: SquareDeal's events, whose deals can be proved afterwards. Before
//! play the organiser publishes the event file (`EVENT.sqd`), which commits to secret session
//! keys by their hash; once play has begun, a value nobody knew before (the delayed value)
//! is added to it, and the boards are dealt from the keys and that value as SquareDeal deals
//! them. After the event the key file (`EVENT.sqk`) is revealed, and anyone can deal every
//! board again and compare (`verify`).
//!
//! The files' formats and the derivation are [`crate::tournament::squaredeal::event`]'s; the
//! board files are Big Deal's ([`crate::formats::bigdeal`]). Every file is written atomically,
//! and only once everything has been checked: a refused command writes nothing.

use crate::cli::args::suggest_switch;
use crate::cli::failure::{switch_error, Failure};
use crate::cli::stdout::with_stdout;
use crate::diag::Diagnostic;
use crate::formats;
use crate::tournament::squaredeal::steps::{self, Chosen, Generation, NewPhase};
use crate::tournament::squaredeal::verify::verify;
use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `dealvm squaredeal`: events whose deals can be proved afterwards, as SquareDeal makes them.
///
/// Before the event: create the event file, add its phases, publish (the keys are made and
/// their hash written into the event file, which is then made public; the key file stays
/// secret). Once the delayed value is known: set it, and generate the boards. After the event:
/// reveal the key file; anyone can then verify the boards played.
#[derive(Parser, Debug)]
#[command(
    name = "dealvm squaredeal",
    bin_name = "dealvm squaredeal",
    max_term_width = 100,
    after_help = "Example: `dealvm squaredeal club.sqd create --name \"Club 2026\" --delayed-info \"CAC 40 close on the first day\"`, then add-phase, publish, set-dv, generate; verify after the event."
)]
pub struct SquareDealCli {
    /// The event file, EVENT.sqd; its keys are in EVENT.sqk beside it
    #[arg(value_name = "EVENT.sqd")]
    pub event: PathBuf,

    /// What to do with the event
    #[command(subcommand)]
    pub operation: Operation,
}

/// The operations on an event.
#[derive(Subcommand, Debug)]
pub enum Operation {
    /// Creates the event file (refused when it exists)
    Create {
        /// The event's name (TN)
        #[arg(long = "name", value_name = "TEXT")]
        name: String,
        /// What the delayed value will be (DI), such as "closing value of the CAC 40 on the first day"
        #[arg(long = "delayed-info", value_name = "TEXT")]
        delayed_info: String,
    },
    /// Adds a phase (refused once published)
    AddPhase {
        /// The number of sessions (0: a variable number, one key for all)
        #[arg(long = "sessions", value_name = "N")]
        sessions: u32,
        /// The boards of the sessions in turn: 16 (1-16), 1-16,17-32, or 3x7 (1-7,8-14,15-21)
        #[arg(long = "boards", value_name = "LIST")]
        boards: String,
        /// The files' names, a run of # standing for the session number: SWISS## writes SWISS01.pbn
        #[arg(long = "prefix", value_name = "PREFIX")]
        prefix: String,
        /// The phase's description
        #[arg(long = "description", value_name = "TEXT", default_value = "")]
        description: String,
    },
    /// Makes the keys: writes EVENT.sqk (secret until the event is over) and its hash (KH) into EVENT.sqd
    Publish,
    /// Sets the delayed value (DV), once known: trimmed, spaces collapsed, `,` and `.` between digits removed
    SetDv {
        /// The delayed value
        #[arg(value_name = "TEXT")]
        value: String,
    },
    /// Writes the boards of every session, of a phase (2), or of one session (2:3)
    Generate {
        /// The phase, or the phase and session, such as 2 or 2:3 (default: every session)
        #[arg(value_name = "PHASE[:SESSION]")]
        selection: Option<String>,
        /// The reserve set rather than the original one
        #[arg(long = "reserve")]
        reserve: bool,
        /// The formats, separated by commas, as `dealvm boards -f` takes them (the registry's list)
        #[arg(
            short = 'f',
            value_name = "FORMATS",
            default_value = "pbn",
            help = format!("The formats, separated by commas, Big Deal's names as `dealvm boards -f` takes them: {} (default pbn)", crate::formats::names().join(", "))
        )]
        formats: String,
        /// Replace board files that exist already
        #[arg(long = "force")]
        force: bool,
    },
    /// Deals every board again from the revealed keys and compares the PBN and DLM files of DIR
    Verify {
        /// The folder of the board files
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
}

/// `dealvm squaredeal ...` (the arguments from `squaredeal` on).
pub fn main(args: &[OsString], _start: Instant) -> Result<(), Failure> {
    let command = <SquareDealCli as clap::CommandFactory>::command();
    let cli = SquareDealCli::try_parse_from(args).map_err(|e| Failure::Usage(suggest_switch(e, &command)))?;
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
        Operation::Generate { selection, reserve, formats, force } => {
            let formats = formats::parse_list(formats).map_err(switch_error)?;
            let chosen = selection.as_deref().map(chosen).transpose()?.unwrap_or(Chosen::All);
            let generated = steps::generate(path, &Generation { chosen, reserve: *reserve, formats: &formats, force: *force })?;
            wrote(generated.written);
            if let Some(mode) = generated.shared_keys {
                let name = steps_key_file(path);
                let d = Diagnostic::error(format!("the key file `{name}` can be read by other users of this machine (permissions {mode:03o})"))
                    .with_note(format!("keep it secret until the event is over: chmod 600 {name}"));
                eprint!("{}", d.render_warning(None));
            }
        }
        Operation::Verify { dir } => return verified(path, dir),
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

/// `verify DIR`: what was checked on standard output; exit status 1 unless every file found
/// agrees and every session has a file.
fn verified(path: &Path, dir: &Path) -> Result<(), Failure> {
    let report = verify(path, dir)?;
    let text: String = report.lines.iter().map(|l| format!("{l}\n")).collect();
    with_stdout(|out| Ok::<(), Failure>(out.write_all(text.as_bytes())?))?;
    if report.verified() {
        return Ok(());
    }
    let mut verdict = Vec::new();
    if report.differences > 0 {
        verdict.push(format!("{} board{} differ", report.differences, if report.differences == 1 { "" } else { "s" }));
    }
    if report.missing > 0 {
        verdict.push(format!("{} session{} without a file", report.missing, if report.missing == 1 { "" } else { "s" }));
    }
    Err(Failure::CheckFailed(format!("dealvm squaredeal: not verified: {}\n", verdict.join(", "))))
}
