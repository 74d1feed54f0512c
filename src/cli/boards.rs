//! `dealvm boards`: its switches resolved into what [`crate::tournament::boards`] deals: the
//! boards, the files, and where the randomness comes from (the owner kept in the settings file,
//! asked once on a terminal when there is none; Big Deal's reproducible inputs, with a warning
//! that such deals are not for play without the organiser's authority).

use crate::cli::args::{suggest_switch, BoardsCli};
use crate::cli::failure::{switch_error, Exit, Failure};
use crate::formats;
use crate::tournament::bigdeal::{entropy_hash, parse_hash, DEFAULT_OWNER};
use crate::tournament::boards::{range, Files, Seeds};
use crate::tournament::files::{shown, too_short};
use crate::tournament::owner;
use clap::Parser;
use std::ffi::OsString;
use std::io::{BufRead, IsTerminal};
use std::time::Instant;

/// `dealvm boards ...` (the arguments from `boards` on).
pub fn main(args: &[OsString], _start: Instant) -> Result<(), Exit> {
    let command = <BoardsCli as clap::CommandFactory>::command();
    let cli = BoardsCli::try_parse_from(args).map_err(|e| Exit::Usage(suggest_switch(e, &command)))?;
    let (first, last) = range(&cli.boards)?;
    let formats = formats::parse_list(&cli.formats).map_err(switch_error)?;
    if let Some((format, most)) = too_short(&formats, last) {
        let (what, name) = shown(format);
        return Err(switch_error(format!(
            "a {what} file holds boards 1 to {most}, and -n {} goes to board {last}; deal the boards above {most} in a run of their own without {name}",
            cli.boards
        ))
        .into());
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
