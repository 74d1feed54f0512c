//! The switches of `dealvm boards`.

use clap::Parser;
use std::path::PathBuf;

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
    #[arg(short = 'f', value_name = "FORMATS", default_value = crate::formats::Format::Pbn.name(), help = formats_help(), long_help = format!("{}\n\n{}", formats_help(), crate::formats::names_explained()))]
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
