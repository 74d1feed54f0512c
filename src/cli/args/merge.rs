//! The switches of `dealvm merge`.

use super::table_files::{own_switch, TableFiles};
use crate::formats::Format;
use clap::Parser;
use std::path::PathBuf;

/// `dealvm merge`: finishes a run split into shards (`dealvm --shard K/N --part FILE ...`).
///
/// It checks the part files (all N shards of one run, each once, intact) and prints exactly
/// what the single run with the shards' command line prints. It writes only the files the
/// switches below name, each for an output the shards' run has (a file named on the shards'
/// command line alone is not written: a warning says how to name it), and one line per file
/// written on standard error. Bad parts are refused with exit status 2.
#[derive(Parser, Debug)]
#[command(name = "dealvm merge", bin_name = "dealvm merge", disable_help_flag = true, disable_version_flag = true, max_term_width = 100)]
pub struct MergeCli {
    /// The part files of the run's shards, all N of them, in any order.
    #[arg(value_name = "PART", required = true)]
    pub parts: Vec<PathBuf>,

    /// Write the run's PBN file to FILE (the shards must have had --pbn; without this switch
    /// the merge writes no PBN file).
    #[arg(long = own_switch(Format::Pbn), value_name = "FILE")]
    pub pbn: Option<PathBuf>,

    /// Write the run's DLM file to FILE (the shards must have had --dlm).
    #[arg(long = own_switch(Format::Dlm), value_name = "FILE")]
    pub dlm: Option<PathBuf>,

    #[command(flatten)]
    pub table: TableFiles,

    /// Add the `csvrpt` lines to FILE (`w:FILE` starts it afresh; the shards must have had -C).
    #[arg(short = 'C', value_name = "FILE")]
    pub csv: Option<String>,

    /// Write the `export` lines to FILE (the shards must have had -X).
    #[arg(short = 'X', value_name = "FILE")]
    pub export: Option<String>,

    /// Write the zrd records to FILE (`[N][w]:FILE`: `N` without the tricks, `w` afresh; the
    /// shards must have had -Z, and without `N` for solved records).
    #[arg(short = 'Z', value_name = "[N][w]:FILE")]
    pub zrd: Option<String>,

    /// Write the DL52 records to FILE (`[w]:FILE`: `w` afresh; the shards must have had -l).
    #[arg(short = 'l', value_name = "[w]:FILE")]
    pub dl52: Option<String>,

    /// Write the run's JSON document of statistics to FILE (`-`: standard output), the
    /// single run's document, whether or not the shards had --json.
    #[arg(long = "json", value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Draw the run's statistics in FILE.html or FILE.svg, as the single run draws them,
    /// whether or not the shards had --charts.
    #[arg(long = "charts", value_name = "FILE")]
    pub charts: Option<PathBuf>,

    /// Print this help and stop.
    #[arg(short = 'h', long = "help", action = clap::ArgAction::Help)]
    pub help: Option<bool>,
}
