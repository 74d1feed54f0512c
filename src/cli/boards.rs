//! `dealvm boards`: a session's boards for play, dealt as Big Deal deals them. Every deal is
//! drawn uniformly from all deals by Big Deal's construction ([`crate::tournament::bigdeal`]) from
//! at least 160 bits of the operating system's entropy and the owner's identification, and
//! nothing that would deal the session again (entropy, hash, seed) is printed or written.
//! The files are Big Deal's, byte for byte ([`crate::formats::bigdeal`]), written atomically, and
//! an existing file is replaced only with `--force`.
//!
//! Big Deal's reproducible inputs (`-W OWNER -e TEXT`, `--hash HEX`) deal the same boards as
//! `bigdealx`, for checking and for federations that hold Big Deal keys, with a warning that
//! such deals are not for play without the organiser's authority.

use crate::cli::args::suggest_switch;
use crate::cli::failure::{switch_error, Failure};
use crate::formats;
use crate::tournament::bigdeal::{entropy_hash, parse_hash, DEFAULT_OWNER};
use crate::tournament::boards::{range, Files, Seeds};
use crate::tournament::files::{shown, too_short};
use crate::tournament::owner;
use clap::Parser;
use std::ffi::OsString;
use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::time::Instant;

/// `dealvm boards`: a session's boards for play, dealt as Big Deal deals them.
///
/// Each deal is drawn uniformly from all 53,644,737,765,488,792,839,237,440,000 deals by Big
/// Deal's construction, from the operating system's entropy and the owner's identification.
/// Nothing that would deal the session again is printed or written, and no statistics are
/// shown. The files are those Big Deal writes, byte for byte; an existing file is replaced only
/// with --force.
#[derive(Parser, Debug)]
#[command(
    name = "dealvm boards",
    bin_name = "dealvm boards",
    disable_help_flag = true,
    disable_version_flag = true,
    max_term_width = 100,
    after_help = "Example: `dealvm boards -n 1-32 -p tonight -f pbn,dlm` writes tonight.pbn and tonight.dlm."
)]
pub struct BoardsCli {
    /// The boards: a count (`-n 32`: boards 1 to 32) or a range (`-n 11-20`)
    #[arg(short = 'n', value_name = "N|FROM-TO", required = true)]
    pub boards: String,

    /// The files' name without its extension: `-p tonight` writes tonight.pbn, tonight.dlm
    #[arg(short = 'p', value_name = "PREFIX", required = true)]
    pub prefix: PathBuf,

    /// The formats, separated by commas (default pbn), Big Deal's names (the registry's list)
    #[arg(short = 'f', value_name = "FORMATS", default_value = "pbn", help = formats_help(), long_help = format!("{}\n\n{}", formats_help(), crate::formats::names_explained()))]
    pub formats: String,

    /// The owner's identification (a club, a tournament), hashed into every deal
    ///
    /// Kept in dealvm's settings file (`$XDG_CONFIG_HOME/dealvm/boards`, else
    /// `~/.config/dealvm/boards`) for the next sessions, as Big Deal keeps it in `.bigdealrc`;
    /// asked once on a terminal when there is none.
    #[arg(long = "owner", value_name = "TEXT")]
    pub owner: Option<String>,

    /// Reproduce `bigdealx -W OWNER`: this owner text, and no entropy but the -e strings
    ///
    /// Anyone who knows OWNER and the -e strings deals the same boards: not for play without
    /// the organiser's authority.
    #[arg(short = 'W', value_name = "OWNER")]
    pub reproduce_owner: Option<String>,

    /// Entropy strings, as `bigdealx -e` (with -W: the only entropy; else added to the
    /// operating system's)
    #[arg(short = 'e', value_name = "TEXT", action = clap::ArgAction::Append)]
    pub entropy: Vec<String>,

    /// Reproduce `bigdealx -h HASH`: the 160-bit hash of the entropy as 40 hex digits
    ///
    /// The owner is --owner's text, or Big Deal's default text without it. Anyone who knows the
    /// hash deals the same boards: not for play without the organiser's authority.
    #[arg(long = "hash", value_name = "HEX")]
    pub hash: Option<String>,

    /// Replace board files that exist already
    #[arg(long = "force")]
    pub force: bool,

    /// Print this help and stop
    #[arg(short = 'h', long = "help", action = clap::ArgAction::Help)]
    pub help: Option<bool>,
}

/// The help of `-f`: the names it takes.
pub fn formats_help() -> String {
    format!("The formats, separated by commas: {} (default pbn)", crate::formats::names().join(", "))
}

/// `dealvm boards ...` (the arguments from `boards` on).
pub fn main(args: &[OsString], _start: Instant) -> Result<(), Failure> {
    let command = <BoardsCli as clap::CommandFactory>::command();
    let cli = BoardsCli::try_parse_from(args).map_err(|e| Failure::Usage(suggest_switch(e, &command)))?;
    let (first, last) = range(&cli.boards)?;
    let formats = formats::parse_list(&cli.formats).map_err(switch_error)?;
    if let Some((format, most)) = too_short(&formats, last) {
        let (what, name) = shown(format);
        return Err(switch_error(format!(
            "a {what} file holds boards 1 to {most}, and -n {} goes to board {last}; deal the boards above {most} in a run of their own without {name}",
            cli.boards
        )));
    }
    let files = Files::new(&cli.prefix, &formats, cli.force)?;
    let seeds = seeds(&cli)?;
    if let Seeds::Reproduced { why, .. } = &seeds {
        eprintln!(
            "dealvm boards: warning: {why}: anyone who knows these inputs deals the same boards; they are for checking, not for play without the organiser's authority"
        );
    }
    let written = files.deal((first, last), &seeds)?;
    let count = last - first + 1;
    let plural = if count == 1 { "" } else { "s" };
    for path in written {
        eprintln!("dealvm boards: wrote {} ({count} board{plural})", path.display());
    }
    Ok(())
}

/// The entropy and owner of the run, from the switches and the settings file.
fn seeds(cli: &BoardsCli) -> Result<Seeds, Failure> {
    if let Some(hex) = &cli.hash {
        if !cli.entropy.is_empty() {
            return Err(switch_error("--hash gives the hash of the entropy itself: -e strings cannot go with it".into()));
        }
        let hash = parse_hash(hex.trim()).ok_or_else(|| switch_error(format!("--hash takes 40 hex digits (160 bits), found `{hex}`")))?;
        let owner = cli.reproduce_owner.clone().or_else(|| cli.owner.clone()).unwrap_or_else(|| DEFAULT_OWNER.to_string());
        return Ok(Seeds::Reproduced { hash, owner, why: "--hash gives the entropy's hash" });
    }
    if let Some(owner) = &cli.reproduce_owner {
        let strings: Vec<&str> = cli.entropy.iter().map(String::as_str).collect();
        return Ok(Seeds::Reproduced {
            hash: entropy_hash(&strings),
            owner: owner.clone(),
            why: "-W deals from the owner text and the -e strings only",
        });
    }
    let owner = match &cli.owner {
        Some(owner) => keep(owner)?,
        None => match owner::saved() {
            Some(owner) => owner,
            None => ask_owner()?,
        },
    };
    Ok(Seeds::ForPlay { owner, entropy: cli.entropy.clone() })
}

/// Keeps `owner` in the settings file, saying so when it is new there.
fn keep(owner: &str) -> Result<String, Failure> {
    if let Some(path) = owner::keep(owner)? {
        eprintln!("dealvm boards: the owner is kept in {} for the next sessions", path.display());
    }
    Ok(owner.to_string())
}

/// Asks the owner's identification once, on a terminal, and keeps it.
fn ask_owner() -> Result<String, Failure> {
    let refuse = || {
        switch_error(
            "dealvm boards needs the owner's identification (a club, a tournament) to hash into the deals: give it once with --owner TEXT, and it is kept for the next sessions"
                .into(),
        )
    };
    if !std::io::stdin().is_terminal() {
        return Err(refuse());
    }
    eprint!("Identification of owner or tournament (kept for the next sessions): ");
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line).map_err(|_| refuse())?;
    let owner = line.trim().to_string();
    if owner.is_empty() {
        return Err(refuse());
    }
    keep(&owner)
}
