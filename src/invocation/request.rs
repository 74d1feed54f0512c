//! An invocation of dealvm, typed: what it does ([`Mode`]), what it reads ([`Input`]), the run's
//! settings as its switches give them ([`Switches`]) and the files it writes
//! ([`super::outputs::Outputs`]), every value parsed and every rule between switches checked.
//! The command line resolves its switches into one (`cli::resolve`), the server builds one from
//! a request; what needs the input file too (swapping a predealt hand, `--until-se` without an
//! `average`) is checked when the switches are merged with it ([`super::settings`]).

use super::outputs::Outputs;
use crate::compile::DdSwitches;
use crate::front::lex::ScriptVars;
use crate::run::Shard;
use dealvm_vm::card::Seat;
use dealvm_vm::dealing::classic::ClassicBuild;
use dealvm_vm::machine::batch::Swap;
use std::path::PathBuf;
use std::time::Duration;

/// The most threads started per processor core, whatever `-R` asks.
pub const THREADS_PER_CORE: usize = 4;

/// What dealvm is asked to do.
#[derive(Clone, Debug)]
pub struct Invocation {
    pub mode: Mode,
    pub input: Input,
    pub switches: Switches,
    pub outputs: Outputs,
    /// The command line as dealvm reads it again (what a shard's part file records); `None`
    /// when an argument is not UTF-8.
    pub command_line: Option<Vec<String>>,
}

/// What the invocation does.
#[derive(Clone, Debug)]
pub enum Mode {
    /// A run: deal, print the reports and the statistics, write the files.
    Deal,
    /// `--shard K/N --part FILE`: one shard of a run, its part file written.
    Shard { shard: Shard, part: PathBuf },
    /// `--classic[=exe]`: a run as classic Dealer makes it, with Dealer's seed (`-s`, also
    /// negative; `None`: the time in seconds).
    Classic { build: ClassicBuild, seed: Option<i64> },
}

/// What the run reads.
#[derive(Clone, Debug, Default)]
pub struct Input {
    /// The input file (`None` or `-`: standard input).
    pub file: Option<PathBuf>,
    /// `-0`..`-9`: the values of `$0`..`$9`.
    pub script_vars: ScriptVars,
    /// `-N`, `-E`, `-S`, `-W`: each switch given with its seat and its holdings.
    pub predeal: Vec<(&'static str, Seat, String)>,
    /// `--deals FILE`.
    pub deals: Option<PathBuf>,
    /// The bytes of the `--deals` file when a program running the command gives them
    /// (`dealvm serve`) rather than have them read: `deals` is then only their name.
    pub deals_given: Option<Vec<u8>>,
    /// The text of the input file when a program running the command gives it (`dealvm
    /// serve`) rather than have it read: `file` is then only its name.
    pub script_given: Option<String>,
    /// The script's variables whose values each deal the run keeps carries (`dealvm serve`'s
    /// `values`).
    pub values: Vec<String>,
    /// `-L FILE`.
    pub library: Option<PathBuf>,
}

/// The run's settings as the switches give them (each beats the input file's statement);
/// [`Switches::default`] is the command's without a switch.
#[derive(Clone, Debug)]
pub struct Switches {
    /// `-p N`.
    pub produce: Option<u64>,
    /// `-g N`.
    pub generate: Option<u64>,
    /// `-s N`, 0 for "choose one" (the seed of `--classic` is its mode's).
    pub seed: Option<u64>,
    /// `-R N`, at most [`THREADS_PER_CORE`] per core; every core without it.
    pub threads: usize,
    /// `-T TITLE`.
    pub title: Option<String>,
    /// `-x 2|3`.
    pub swap: Swap,
    /// `--board-start N`.
    pub board_start: Option<u64>,
    /// `-D LEVEL`.
    pub debug: u32,
    /// `-M`, `-P`, `-O`, and whether an output file takes double-dummy tables.
    pub dd: DdSwitches,
    /// `-U PATH`.
    pub usereval: Option<String>,
    /// `--usereval-timeout SECONDS`.
    pub usereval_timeout: Duration,
    /// `--until-se X`.
    pub until_se: Option<f64>,
    /// The statistics at the end (`-v` toggles them).
    pub statistics: bool,
    /// `-q`.
    pub quiet: bool,
    /// `-m`.
    pub meter: bool,
    /// `--se`.
    pub standard_errors: bool,
    /// `--rotate`.
    pub rotate: bool,
    /// `--rejection`.
    pub rejection: bool,
    /// `--plain`, or `--reference`.
    pub plain: bool,
    /// `--reference`.
    pub reference: bool,
    /// `--dump-bytecode`.
    pub dump_bytecode: bool,
}

impl Default for Switches {
    /// The settings of a run given no switch: the input's, Dealer's defaults, every core.
    fn default() -> Switches {
        Switches {
            produce: None,
            generate: None,
            seed: None,
            threads: crate::run::EVERY_CORE,
            title: None,
            swap: Swap::None,
            board_start: None,
            debug: 0,
            dd: DdSwitches::default(),
            usereval: None,
            usereval_timeout: crate::usereval::DEFAULT_TIMEOUT,
            until_se: None,
            statistics: true,
            quiet: false,
            meter: false,
            standard_errors: false,
            rotate: false,
            rejection: false,
            plain: false,
            reference: false,
            dump_bytecode: false,
        }
    }
}

impl Invocation {
    /// The invocation of `mode` reading `input` with `switches` and writing `outputs`: what the
    /// switches give of the double-dummy tables the files take follows from the outputs.
    pub fn new(mode: Mode, input: Input, mut switches: Switches, outputs: Outputs, command_line: Option<Vec<String>>) -> Invocation {
        switches.dd.output_tables = outputs.take_tables();
        Invocation { mode, input, switches, outputs, command_line }
    }
}
