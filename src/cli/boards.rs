//! `dealvm boards`: a session's boards for play, dealt as Big Deal deals them. Every deal is
//! drawn uniformly from all deals by Big Deal's construction ([`crate::source::bigdeal`]) from
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
use crate::files::target::{write_set, Access, Output};
use crate::formats::{self, Format, Sealed};
use crate::source::bigdeal::{entropy_hash, os_entropy_hash, owner_hash, parse_hash, with_entropy_strings, BigDeal, DEFAULT_OWNER};
use clap::Parser;
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;
use std::ffi::OsString;
use std::io::{BufRead, IsTerminal};
use std::path::{Path, PathBuf};
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

/// The most boards one run deals.
const MAX_BOARDS: u64 = 1_000_000;

/// Where the deals' randomness comes from.
enum Seeds {
    /// The operating system's entropy (with the -e strings), the owner's identification.
    ForPlay { owner: String },
    /// Big Deal's reproducible inputs: the entropy hash and the owner text given.
    Reproduced { hash: [u8; 20], owner: String, why: &'static str },
}

/// `dealvm boards ...` (the arguments from `boards` on).
pub fn main(args: &[OsString], _start: Instant) -> Result<(), Failure> {
    let command = <BoardsCli as clap::CommandFactory>::command();
    let cli = BoardsCli::try_parse_from(args).map_err(|e| Failure::Usage(suggest_switch(e, &command)))?;
    let (first, last) = board_range(&cli.boards)?;
    let formats = formats::parse_list(&cli.formats).map_err(switch_error)?;
    if let Some((&(format, sealed), most)) = formats.iter().find_map(|f| f.0.last_board().filter(|&most| last > most).map(|most| (f, most))) {
        return Err(switch_error(format!(
            "a {} file holds boards 1 to {most}, and -n {} goes to board {last}; deal the boards above {most} in a run of their own without {}",
            formats::what_of(format, sealed),
            cli.boards,
            formats::name_of(format, sealed)
        )));
    }
    let files = targets(&cli.prefix, &formats, cli.force)?;
    let seeds = seeds(&cli)?;
    let mut dealer = match &seeds {
        Seeds::ForPlay { owner } => {
            let mut random = os_entropy_hash().map_err(|e| switch_error(format!("cannot read the operating system's entropy: {e}")))?;
            if !cli.entropy.is_empty() {
                random = with_entropy_strings(random, &cli.entropy);
            }
            BigDeal::new(random, owner_hash(owner))
        }
        Seeds::Reproduced { hash, owner, why } => {
            eprintln!(
                "dealvm boards: warning: {why}: anyone who knows these inputs deals the same boards; they are for checking, not for play without the organiser's authority"
            );
            BigDeal::new(*hash, owner_hash(owner))
        }
    };
    let boards: Vec<(u64, Deal)> = (first..=last).map(|number| (number, dealer.next_deal())).collect();
    drop(dealer);
    write(&files, &boards)
}

/// `-n N` (boards 1 to N) or `-n FROM-TO`.
fn board_range(text: &str) -> Result<(u64, u64), Failure> {
    let bad = || switch_error(format!("-n takes a number of boards (such as 32) or a range of boards (such as 11-20), found `{text}`"));
    let number = |s: &str| s.trim().parse::<u64>().ok().filter(|&n| n >= 1).ok_or_else(bad);
    let (first, last) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (1, number(text)?),
    };
    if first > last {
        return Err(switch_error(format!("-n {text}: the range goes down; write the first board first, such as -n {last}-{first}")));
    }
    if last - first >= MAX_BOARDS {
        return Err(switch_error(format!("-n {text}: at most {MAX_BOARDS} boards a run")));
    }
    Ok((first, last))
}

/// A file to write: its format, sealed or not, and its path.
type Target = ((Format, Sealed), PathBuf);

/// The files to write, checked before dealing: none exists unless `force`.
fn targets(prefix: &Path, formats: &[(Format, Sealed)], force: bool) -> Result<Vec<Target>, Failure> {
    if prefix.as_os_str().is_empty() || prefix.as_os_str() == "-" {
        return Err(switch_error("-p takes the files' name without its extension, such as -p tonight".into()));
    }
    let files: Vec<Target> = formats
        .iter()
        .map(|&f| {
            let mut name = prefix.as_os_str().to_owned();
            name.push(".");
            name.push(f.0.extension());
            (f, PathBuf::from(name))
        })
        .collect();
    if !force {
        if let Some((f, path)) = files.iter().find(|(_, p)| p.symlink_metadata().is_ok()) {
            return Err(switch_error(format!(
                "the {} file `{}` exists already: dealvm boards replaces no board file unless asked (--force), since boards duplicated from it would no longer match it",
                formats::what_of(f.0, f.1),
                path.display()
            )));
        }
    }
    Ok(files)
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
        Some(owner) => {
            save_owner(owner)?;
            owner.clone()
        }
        None => match saved_owner() {
            Some(owner) => owner,
            None => ask_owner()?,
        },
    };
    Ok(Seeds::ForPlay { owner })
}

/// The settings file of `dealvm boards`.
fn settings_file() -> Option<PathBuf> {
    let config = std::env::var_os("XDG_CONFIG_HOME").filter(|d| !d.is_empty()).map(PathBuf::from);
    let config = config.or_else(|| std::env::var_os("HOME").filter(|d| !d.is_empty()).map(|h| PathBuf::from(h).join(".config")))?;
    Some(config.join("dealvm").join("boards"))
}

/// The owner kept in the settings file, if any.
fn saved_owner() -> Option<String> {
    let text = std::fs::read_to_string(settings_file()?).ok()?;
    text.lines().find_map(|l| l.strip_prefix("owner=")).map(str::to_string).filter(|o| !o.trim().is_empty())
}

/// Keeps `owner` in the settings file for the next sessions.
fn save_owner(owner: &str) -> Result<(), Failure> {
    if owner.trim().is_empty() || owner.contains(['\n', '\r']) {
        return Err(switch_error("--owner takes the owner's identification on one line, such as --owner \"Club de Bridge de Lyon\"".into()));
    }
    let Some(path) = settings_file() else {
        return Err(switch_error("cannot keep the owner: neither XDG_CONFIG_HOME nor HOME is set".into()));
    };
    if saved_owner().as_deref() == Some(owner) {
        return Ok(());
    }
    let folder = path.parent().expect("the settings file is in a folder");
    let written = std::fs::create_dir_all(folder).and_then(|_| {
        let mut file = Output::open("settings", &path, false)?;
        let mut stdout = std::io::stdout();
        file.writer(&mut stdout).write_all(format!("owner={owner}\n").as_bytes())?;
        file.commit()
    });
    written.map_err(|e| switch_error(format!("cannot keep the owner in `{}`: {}", path.display(), crate::cli::failure::io_reason(&e))))?;
    eprintln!("dealvm boards: the owner is kept in {} for the next sessions", path.display());
    Ok(())
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
    save_owner(&owner)?;
    Ok(owner)
}

/// Writes every file: each made whole and committed only when all are made.
fn write(files: &[Target], boards: &[(u64, Deal)]) -> Result<(), Failure> {
    let boards: Vec<Board> = boards.iter().map(|&(number, deal)| Board::of_cycle(number, deal)).collect();
    let made: Vec<(&str, &PathBuf, Vec<u8>)> = files
        .iter()
        .map(|&((format, sealed), ref path)| (formats::what_of(format, sealed), path, format.file(&boards, sealed).expect("a file of boards")))
        .collect();
    let set: Vec<(&str, &Path, &[u8], Access)> =
        made.iter().map(|(what, path, bytes)| (*what, path.as_path(), bytes.as_slice(), Access::Usual)).collect();
    write_set(&set)?;
    let plural = if boards.len() == 1 { "" } else { "s" };
    for (_, path) in files {
        eprintln!("dealvm boards: wrote {} ({} board{plural})", path.display(), boards.len());
    }
    Ok(())
}
