//! The switches of the files for the table, declared once and flattened into both `dealvm`
//! ([`crate::cli::args::Cli`]) and `dealvm merge` ([`crate::cli::args::MergeCli`]): the board
//! files of dealing machines, scoring programs and BBO ([`BoardFiles`], one switch for each
//! format of the registry that has one, [`crate::formats`]), sealed files, and the hand
//! records.

use crate::formats::{Format, Switch};
use clap::{Arg, ArgMatches, Command};
use std::path::PathBuf;

/// The files for the table beside `--pbn` and `--dlm`: the board files of dealing machines,
/// scoring programs and BBO, sealed files, and the hand records. The same switches in `dealvm`
/// and `dealvm merge`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TableFiles {
    /// `--dup FILE`, `--bri FILE`, ...: the board files of the registry.
    #[command(flatten)]
    pub boards: BoardFiles,

    /// Seal the --dlm and --dup files: DLM `Status=Sealed`, and the DUP file without board 1's
    /// diagram (Big Deal's dlmblind and dupblind), for boards no operator should see.
    #[arg(hide_short_help = true, long = "sealed")]
    pub sealed: bool,

    /// Write hand records to FILE: each board's diagram, makeable contracts and par
    ///
    /// FILE.html (one page, nothing else needed, to print or put online), FILE.pdf, or FILE.txt
    /// (`-`: the text on standard output). For each board its number, dealer and vulnerability,
    /// the hands with their high-card points, the highest level each declarer makes in each
    /// strain double dummy, and the par at the board's vulnerability; the title (`-T`, else the
    /// deals file's) and the date at the top of each page. Every board is solved, unless its
    /// results are in the deals file.
    #[arg(long = "hand-records", value_name = "FILE")]
    pub hand_records: Option<PathBuf>,

    /// The paper of the hand records: a4 (default) or letter.
    #[arg(hide_short_help = true, long = "paper", value_name = "a4|letter")]
    pub paper: Option<String>,

    /// The boards on each page of the hand records: 4 or 6 (default 6).
    #[arg(hide_short_help = true, long = "boards-per-page", value_name = "4|6")]
    pub boards_per_page: Option<String>,

    /// The date printed on the hand records (default: today), as it should read:
    /// `2026-11-28`, `28 November 2026`.
    #[arg(hide_short_help = true, long = "date", value_name = "TEXT")]
    pub date: Option<String>,
}

/// The name of the switch of its own (`--pbn`) a format has in each command, without its dashes.
pub fn own_switch(format: Format) -> &'static str {
    match format.facts().switch {
        Switch::OwnHelp(switch) => switch.trim_start_matches('-'),
        _ => panic!("{} has no switch of its own", format.name()),
    }
}

/// The board files named by the switches the registry gives (`--dup FILE`, `--lin FILE`, ...),
/// in its order.
#[derive(Clone, Debug, Default)]
pub struct BoardFiles(pub Vec<(Format, PathBuf)>);

impl BoardFiles {
    /// The file of `format`, if named.
    pub fn get(&self, format: Format) -> Option<&PathBuf> {
        self.0.iter().find(|(f, _)| *f == format).map(|(_, path)| path)
    }
}

/// The formats whose switch and help the registry gives, with them.
fn switched() -> impl Iterator<Item = (Format, &'static Switch)> {
    Format::ALL.into_iter().map(|f| (f, &f.facts().switch)).filter(|(_, s)| matches!(s, Switch::Long { .. }))
}

/// The switch's name without its dashes (`dup`, `boards-csv`): its argument's id too.
fn id(switch: &Switch) -> &'static str {
    switch.long().unwrap_or_default()
}

impl clap::FromArgMatches for BoardFiles {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let named = switched().filter_map(|(f, s)| matches.get_one::<PathBuf>(id(s)).map(|path| (f, path.clone())));
        Ok(BoardFiles(named.collect()))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = BoardFiles::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for BoardFiles {
    fn augment_args(command: Command) -> Command {
        switched().fold(command, |command, (_, switch)| {
            let Switch::Long { help, long_help, in_short_help, .. } = switch else { return command };
            let arg = Arg::new(id(switch))
                .long(id(switch))
                .value_name("FILE")
                .value_parser(clap::value_parser!(PathBuf))
                .action(clap::ArgAction::Set)
                .help(*help)
                .long_help(*long_help)
                .hide_short_help(!in_short_help);
            command.arg(arg)
        })
    }

    fn augment_args_for_update(command: Command) -> Command {
        BoardFiles::augment_args(command)
    }
}
