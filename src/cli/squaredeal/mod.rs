//! `dealvm squaredeal`: SquareDeal's events, whose deals can be proved afterwards. Before
//! play the organiser publishes the event file (`EVENT.sqd`), which commits to secret session
//! keys by their hash; once play has begun, a value nobody knew before (the delayed value)
//! is added to it, and the boards are dealt from the keys and that value as SquareDeal deals
//! them. After the event the key file (`EVENT.sqk`) is revealed, and anyone can deal every
//! board again and compare (`verify`).
//!
//! The files' formats and the derivation are [`crate::source::bigdeal::squaredeal`]'s; the
//! board files are Big Deal's ([`crate::formats::bigdeal`]). Every file is written atomically,
//! and only once everything has been checked: a refused command writes nothing.

pub mod event;
pub mod verify;

use crate::cli::args::suggest_switch;
use crate::cli::failure::{switch_error, Failure};
use crate::files::target::Access;
use crate::formats::{self, Format};
use crate::source::bigdeal::squaredeal::{
    canonical_delayed_value, check_prefix, joined_groups, joined_name, key_hash, BoardList, Event, Keys, Phase,
};
use clap::{Parser, Subcommand};
use dealvm_vm::dealing::board::Board;
use event::{delayed_value, key_path, load_event, load_keys, sessions_of, warn_if_shared, write_all};
use std::ffi::OsString;
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
        Operation::Create { name, delayed_info } => create(path, name, delayed_info),
        Operation::AddPhase { sessions, boards, prefix, description } => add_phase(path, *sessions, boards, prefix, description),
        Operation::Publish => publish(path),
        Operation::SetDv { value } => set_dv(path, value),
        Operation::Generate { selection, reserve, formats, force } => generate(path, selection.as_deref(), *reserve, formats, *force),
        Operation::Verify { dir } => verify::verify(path, dir),
    }
}

/// Refuses text of more than one line.
fn one_line(what: &str, text: &str) -> Result<(), Failure> {
    if text.contains(['\n', '\r']) {
        return Err(switch_error(format!("{what} is one line of text")));
    }
    Ok(())
}

fn create(path: &Path, name: &str, delayed_info: &str) -> Result<(), Failure> {
    if path.symlink_metadata().is_ok() {
        return Err(switch_error(format!("the event file `{}` exists already: create makes a new event", path.display())));
    }
    if path.extension().is_none_or(|e| e != "sqd") {
        return Err(switch_error(format!("an event file's name ends with .sqd, found `{}`", path.display())));
    }
    one_line("--name", name)?;
    one_line("--delayed-info", delayed_info)?;
    if name.trim().is_empty() || delayed_info.trim().is_empty() {
        return Err(switch_error("--name and --delayed-info take text: the event's name, and what the delayed value will be".into()));
    }
    let event = Event { name: name.trim().to_string(), delayed_info: delayed_info.trim().to_string(), ..Event::default() };
    write_all(&[("event", path.to_path_buf(), event.text().into_bytes(), Access::Usual)])
}

/// Refuses to change a published event.
fn not_published(path: &Path, event: &Event, what: &str) -> Result<(), Failure> {
    if let Some((_, line)) = &event.key_hash {
        return Err(switch_error(format!("{}:{line}: the event is published (KH): {what}", path.display())));
    }
    Ok(())
}

fn add_phase(path: &Path, sessions: u32, boards: &str, prefix: &str, description: &str) -> Result<(), Failure> {
    let mut event = load_event(path)?;
    not_published(path, &event, "its phases cannot change, since the keys were made for them")?;
    let boards_text = BoardList::entry_text(boards).map_err(|m| switch_error(format!("--boards: {m}")))?;
    check_prefix(prefix).map_err(|m| switch_error(format!("--prefix: {m}")))?;
    one_line("--description", description)?;
    if sessions > 1000 {
        return Err(switch_error(format!("--sessions {sessions}: at most 1000 sessions a phase")));
    }
    let boards = BoardList::parse(&boards_text).map_err(switch_error)?;
    event.phases.push(Phase { sessions, boards_text, boards, prefix: prefix.to_string(), description: description.to_string(), line: 0 });
    write_all(&[("event", path.to_path_buf(), event.text().into_bytes(), Access::Usual)])?;
    eprintln!("dealvm squaredeal: phase {} added", event.phases.len());
    Ok(())
}

fn publish(path: &Path) -> Result<(), Failure> {
    let mut event = load_event(path)?;
    not_published(path, &event, "it is published once only, since its hash was made public")?;
    if event.phases.is_empty() {
        return Err(switch_error(format!("{}: no phase (SN line) yet: add the phases first (add-phase)", path.display())));
    }
    let key_file = key_path(path);
    if key_file.symlink_metadata().is_ok() {
        return Err(switch_error(format!("the key file `{}` exists already: publish makes new keys and replaces none", key_file.display())));
    }
    let keys = Keys::fresh(&event).map_err(|e| switch_error(format!("cannot make the keys: {e}")))?;
    let bytes = keys.bytes();
    let hash = key_hash(&bytes);
    event.key_hash = Some((hash.clone(), 0));
    // The key file is its owner's alone from its creation: the keys deal every board.
    write_all(&[("key", key_file.clone(), bytes, Access::Owner), ("event", path.to_path_buf(), event.text().into_bytes(), Access::Usual)])?;
    eprintln!(
        "dealvm squaredeal: published (KH {hash}): make {} public now; keep {} secret until the event is over",
        path.display(),
        key_file.display()
    );
    Ok(())
}

fn set_dv(path: &Path, typed: &str) -> Result<(), Failure> {
    let mut event = load_event(path)?;
    let name = path.display();
    if event.key_hash.is_none() {
        return Err(switch_error(format!(
            "{name}: the event is not published yet (no KH line): the delayed value is set after publishing, once nobody could choose the keys knowing it"
        )));
    }
    if let Some((value, line)) = &event.delayed_value {
        return Err(switch_error(format!("{name}:{line}: the delayed value is set already (`{value}`): the boards are dealt from it")));
    }
    one_line("the delayed value", typed)?;
    let value = canonical_delayed_value(typed);
    if value.is_empty() {
        return Err(switch_error("set-dv takes the delayed value, such as 7512.34".into()));
    }
    event.delayed_value = Some((value.clone(), 0));
    write_all(&[("event", path.to_path_buf(), event.text().into_bytes(), Access::Usual)])?;
    eprintln!("dealvm squaredeal: the delayed value is `{value}`");
    Ok(())
}

/// `PHASE` or `PHASE:SESSION`.
fn selection(text: &str) -> Result<(u32, Option<u32>), Failure> {
    let bad = || switch_error(format!("generate takes a phase (2) or a phase and a session (2:3), found `{text}`"));
    let number = |s: &str| s.trim().parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(bad);
    match text.split_once(':') {
        Some((p, s)) => Ok((number(p)?, Some(number(s)?))),
        None => Ok((number(text)?, None)),
    }
}

fn generate(path: &Path, chosen: Option<&str>, reserve: bool, formats: &str, force: bool) -> Result<(), Failure> {
    let formats = formats::parse_list(formats).map_err(switch_error)?;
    let with_pbn = formats.iter().any(|f| f.0 == Format::Pbn);
    let event = load_event(path)?;
    let value = delayed_value(path, &event)?;
    let keys = load_keys(path, &event)?;
    let phases: Vec<(u32, Option<u32>)> = match chosen {
        Some(text) => vec![selection(text)?],
        None => (1..=event.phases.len() as u32).map(|p| (p, None)).collect(),
    };
    let mut files: Vec<(&str, PathBuf, Vec<u8>, Access)> = Vec::new();
    for (p, only) in phases {
        let sessions = sessions_of(path, &event, &keys, p, only)?;
        let mut texts = Vec::new();
        for session in &sessions {
            let name = session.name(reserve);
            if let Some((&(format, sealed), most)) =
                formats.iter().find_map(|f| f.0.last_board().filter(|&most| session.range.1 > most).map(|most| (f, most)))
            {
                return Err(switch_error(format!(
                    "{name}: a {} file holds boards 1 to {most}, and the session goes to board {}: generate it without {}",
                    formats::what_of(format, sealed),
                    session.range.1,
                    formats::name_of(format, sealed)
                )));
            }
            let boards = session.boards(value, reserve);
            let boards: Vec<Board> = boards.iter().map(|&(number, deal)| Board::of_cycle(number, deal)).collect();
            for &(format, sealed) in &formats {
                let text = format.file(&boards, sealed).expect("a file of boards");
                let file = format!("{name}.{}", format.extension());
                if format == Format::Pbn {
                    texts.push((session.session, file.clone(), text.clone()));
                }
                files.push((formats::what_of(format, sealed), PathBuf::from(file), text, Access::Usual));
            }
        }
        let ranges: Vec<(u32, (u64, u64))> = sessions.iter().map(|s| (s.session, s.range)).collect();
        for (first, last) in joined_groups(&ranges).into_iter().filter(|_| with_pbn) {
            let parts: Vec<(&str, &[u8])> = texts.iter().filter(|t| (first..=last).contains(&t.0)).map(|t| (t.1.as_str(), t.2.as_slice())).collect();
            let prefix = &event.phases[p as usize - 1].prefix;
            files.push((
                "PBN",
                PathBuf::from(format!("{}.pbn", joined_name(prefix, first, last, reserve))),
                formats::pbn::joined(&parts),
                Access::Usual,
            ));
        }
    }
    if !force {
        if let Some((what, path, _, _)) = files.iter().find(|f| f.1.symlink_metadata().is_ok()) {
            return Err(switch_error(format!(
                "the {what} file `{}` exists already: dealvm squaredeal replaces no board file unless asked (--force)",
                path.display()
            )));
        }
    }
    write_all(&files)?;
    warn_if_shared(path);
    Ok(())
}
