//! The switches of the `dealvm` command: the clap definitions, each switch documented once
//! here (this is the text of `dealvm --help`).

use super::table_files::{own_switch, TableFiles};
use crate::formats::Format;
use crate::invocation::input::swap_hint;
use clap::Parser;
use std::path::PathBuf;

/// dealvm generates bridge deals that meet conditions written in the language of Dealer.
///
/// It reads the input file (standard input without one), deals at random until enough deals
/// meet the condition, runs the actions on them and prints statistics at the end. Switches
/// may come before or after the file; a value may follow its switch with or without a space
/// (`-p 10` or `-p10`). Values given here beat the input file's.
///
/// A run can be split across machines: `dealvm --shard K/N --part FILE ...` on each, then
/// `dealvm merge PART...` (see `dealvm merge --help`) prints what the single run would. Boards
/// to be played are dealt by `dealvm boards` (see `dealvm boards --help`), as Big Deal deals
/// them, and the boards of an event that can be proved afterwards by `dealvm squaredeal` (see
/// `dealvm squaredeal --help`), as SquareDeal deals them. Whether a script runs on another
/// Dealer (Debian's dealer, which BBO runs, dealer.exe or DealerV2) is told by `dealvm check`
/// (see `dealvm check --help`).
#[derive(Parser, Debug, Clone)]
#[command(
    name = "dealvm",
    disable_help_flag = true,
    disable_version_flag = true,
    max_term_width = 100,
    after_help = "`dealvm --help` describes every switch; `dealvm merge --help` the merge of a run's shards; `dealvm boards --help` a session's boards for play; `dealvm squaredeal --help` events that can be proved afterwards; `dealvm check --help` whether a script runs on another Dealer; `dealvm serve --help` a server that runs scripts for web pages and programs."
)]
pub struct Cli {
    /// The input file (standard input without one)
    ///
    /// Written in the Dealer language; `-` for standard input too. With --deals and no input file:
    /// standard input if it is not a terminal and not empty, else no condition and no actions.
    pub file: Option<PathBuf>,

    /// Stop after N deals meet the condition
    ///
    /// File: `produce N`. Default: 40 when deals are printed, else as many as are generated.
    #[arg(short = 'p', allow_hyphen_values = true, value_name = "N")]
    pub produce: Option<String>,

    /// Stop after N deals have been dealt
    ///
    /// File: `generate N`. Default: 10000000.
    #[arg(short = 'g', allow_hyphen_values = true, value_name = "N")]
    pub generate: Option<String>,

    /// The seed: the same seed, the same deals
    ///
    /// File: `seed N`. 0 or none takes a seed from the operating system; the seed used is printed
    /// at the end and reproduces the run.
    #[arg(short = 's', allow_hyphen_values = true, value_name = "N")]
    pub seed: Option<String>,

    /// Toggles the statistics at the end
    ///
    /// The statistics at the end of the run (deals generated and produced, the seed, the
    /// time) are printed by default, and -v leaves them out. When standard output is a file
    /// (`printpbn` the only action printing the deals, as in `dealvm script.dli > deals.pbn`,
    /// or a board file or the JSON document written to -), they are left out, and -v prints
    /// them on standard error, where the reports of `average` and the others beside `printpbn`
    /// always go.
    #[arg(short = 'v', action = clap::ArgAction::Count)]
    pub verbose: u8,

    /// No `printpbn` output
    #[arg(short = 'q')]
    pub quiet: bool,

    /// The title of the reports and the PBN file
    ///
    /// File: `title "..."`.
    #[arg(short = 'T', value_name = "TITLE")]
    pub title: Option<String>,

    /// Predeal north these cards (-E, -S, -W: the other seats)
    ///
    /// Holdings such as `SAQ542,HKJ87,D32,CAK`, replacing the file's predeal for that seat.
    #[arg(short = 'N', value_name = "HOLDINGS", allow_hyphen_values = true)]
    pub north: Option<String>,

    /// Predeal these cards to east (as -N).
    #[arg(hide_short_help = true, short = 'E', value_name = "HOLDINGS", allow_hyphen_values = true)]
    pub east: Option<String>,

    /// Predeal these cards to south (as -N).
    #[arg(hide_short_help = true, short = 'S', value_name = "HOLDINGS", allow_hyphen_values = true)]
    pub south: Option<String>,

    /// Predeal these cards to west (as -N).
    #[arg(hide_short_help = true, short = 'W', value_name = "HOLDINGS", allow_hyphen_values = true)]
    pub west: Option<String>,

    /// Script variables: -0 TEXT to -9 TEXT give $0 to $9 their text
    ///
    /// Each `$N` of the input file (`$0` to `$9`) is replaced by the text of `-N TEXT` as tokens,
    /// also inside `shape(...)` and `shape{...}`, not inside quotes: `-1 15` makes
    /// `hcp(north) >= $1` read `hcp(north) >= 15`. Classic Dealer's -0, -2 and -3 (swapping)
    /// are -x 2 and -x 3 here.
    #[arg(short = '0', value_name = "TEXT", allow_hyphen_values = true)]
    pub script0: Option<String>,

    /// Script variable $1: the text replaces every `$1` of the input file as tokens.
    #[arg(hide = true, short = '1', value_name = "TEXT", allow_hyphen_values = true)]
    pub script1: Option<String>,

    /// Script variable $2: the text replaces every `$2` of the input file as tokens.
    #[arg(hide = true, short = '2', value_name = "TEXT", allow_hyphen_values = true)]
    pub script2: Option<String>,

    /// Script variable $3: the text replaces every `$3` of the input file as tokens.
    #[arg(hide = true, short = '3', value_name = "TEXT", allow_hyphen_values = true)]
    pub script3: Option<String>,

    /// Script variable $4: the text replaces every `$4` of the input file as tokens.
    #[arg(hide = true, short = '4', value_name = "TEXT", allow_hyphen_values = true)]
    pub script4: Option<String>,

    /// Script variable $5: the text replaces every `$5` of the input file as tokens.
    #[arg(hide = true, short = '5', value_name = "TEXT", allow_hyphen_values = true)]
    pub script5: Option<String>,

    /// Script variable $6: the text replaces every `$6` of the input file as tokens.
    #[arg(hide = true, short = '6', value_name = "TEXT", allow_hyphen_values = true)]
    pub script6: Option<String>,

    /// Script variable $7: the text replaces every `$7` of the input file as tokens.
    #[arg(hide = true, short = '7', value_name = "TEXT", allow_hyphen_values = true)]
    pub script7: Option<String>,

    /// Script variable $8: the text replaces every `$8` of the input file as tokens.
    #[arg(hide = true, short = '8', value_name = "TEXT", allow_hyphen_values = true)]
    pub script8: Option<String>,

    /// Script variable $9: the text replaces every `$9` of the input file as tokens.
    #[arg(hide = true, short = '9', value_name = "TEXT", allow_hyphen_values = true)]
    pub script9: Option<String>,

    /// Swapping: -x 2 East and West, -x 3 East, South and West
    ///
    /// Each deal is also examined with those hands exchanged: East and West (`-x 2`), or East,
    /// South and West in all six arrangements (`-x 3`). The swapped seats cannot be predealt.
    #[arg(short = 'x', allow_hyphen_values = true, value_name = "2|3")]
    pub swap: Option<String>,

    /// A progress meter on standard error
    ///
    /// Deals dealt and produced, the rate, the time to go.
    #[arg(short = 'm')]
    pub meter: bool,

    /// CSV file for `csvrpt`, appended to; `w:FILE` starts it afresh (default, or `-`:
    /// standard output).
    #[arg(hide_short_help = true, short = 'C', value_name = "FILE")]
    pub csv: Option<String>,

    /// File for `export` (default, or `-`: standard output).
    #[arg(hide_short_help = true, short = 'X', value_name = "FILE")]
    pub export: Option<String>,

    /// The opener for OPC evaluations (file: `opener seat`): north, east, south or west (or
    /// N, E, S, W; any case).
    #[arg(hide_short_help = true, short = 'O', allow_hyphen_values = true, value_name = "SEAT")]
    pub opener: Option<String>,

    /// The number of the first board (file: `startboard N`; default 1). With --deals, the
    /// boards are numbered from N instead of keeping the file's numbers; a file without board
    /// numbers (BHG, GOE, BRI, ...) holds boards N, N+1, ..., a BHG file's hands read from
    /// those boards' dealers.
    #[arg(hide_short_help = true, long = "board-start", allow_hyphen_values = true, value_name = "N")]
    pub board_start: Option<String>,

    /// Write the produced deals to a PBN file
    ///
    /// PBN 2.1 export format; `-`: standard output. Replaced only when the run succeeds and
    /// produces a deal. The file's actions still run; with no `action` statement, nothing else is
    /// printed.
    #[arg(long = own_switch(Format::Pbn), value_name = "FILE")]
    pub pbn: Option<PathBuf>,

    /// Write the produced deals to a Duplimate DLM file
    ///
    /// Boards 1 to 99; `-`: standard output. Replaced only when the run succeeds and produces a
    /// deal. A run that could make boards above 99 is refused.
    #[arg(long = own_switch(Format::Dlm), value_name = "FILE")]
    pub dlm: Option<PathBuf>,

    #[command(flatten)]
    pub table: TableFiles,

    /// Turn each deal to the dealer of its board's place in the cycle
    ///
    /// The hand of each deal's dealer (the input's `dealer`, else the deals file's) goes to the
    /// seat that deals its board in the standard 16-board cycle, as a dealing machine's boards have
    /// it: with `dealer north`, east holds north's hand on board 2. The board files and every
    /// action show the turned deals, with the cycle's dealer and vulnerability. Without it, the
    /// deals are kept, and a DLM file's boards whose dealer is not the one given are named in a
    /// warning.
    #[arg(long = "rotate")]
    pub rotate: bool,

    /// Take the deals from a board file: PBN, DLM, LIN, DUP, or another
    #[arg(long = "deals", value_name = "FILE", long_help = format!(
        "Take the deals from a board file: PBN, DLM, LIN, DUP, or another\n\n{}, told apart by content, else by the file's extension; \
         `-`: standard input. The deals are taken in order instead of dealing at random, each board with its number, dealer and \
         vulnerability (the file's, else its number's place in the 16-board cycle), and the condition and the actions run over them \
         (double-dummy results in the file are used, not solved again). Without an input file or a script on standard input, no \
         condition: every deal is produced (convert with `--deals a.dlm --pbn a.pbn`).",
        crate::formats::read::formats_read()
    ))]
    pub deals: Option<PathBuf>,

    /// Debug level: at 2 and above, the statistics at the end count the double-dummy solves
    /// and the answers taken from the cache (a level such as 3.7 is taken as 3).
    #[arg(hide_short_help = true, short = 'D', allow_hyphen_values = true, value_name = "LEVEL")]
    pub debug: Option<String>,

    /// How double dummy is solved: 1 one declarer and strain at a time, 2 the whole table of
    /// 20 results at once (default: whole tables when the input needs them, par or trix, or
    /// asks about more than eight declarer-strain pairs; single solves otherwise).
    #[arg(hide_short_help = true, short = 'M', allow_hyphen_values = true, value_name = "1|2")]
    pub dds_mode: Option<String>,

    /// The vulnerability of `par(side)` and `parcontract` without one: 0 none, 1 NS, 2 EW,
    /// 3 both (default: the input's `vulnerable`, else each board's own with --deals, else
    /// none).
    #[arg(hide_short_help = true, short = 'P', allow_hyphen_values = true, value_name = "0-3")]
    pub par_vul: Option<String>,

    /// Library mode: the deals come from FILE, a zrd file of solved deals such as Richard
    /// Pavlicek's library, in order, with their double-dummy results (nothing is solved). The
    /// predeal and swapping are ignored; a seed N starts at block N of the library (blocks of
    /// 1000 deals, fewer in small files), going round to its start at the end. Without a seed,
    /// the run starts at a block chosen at random, whose number is the seed printed.
    #[arg(hide_short_help = true, short = 'L', value_name = "FILE")]
    pub library: Option<PathBuf>,

    /// The usereval server: the program that answers the input's `usereval(...)` queries,
    /// started once per thread, one line per query (protocol: docs/usereval.md). A name
    /// without `/` is looked up in PATH; `./NAME` for the current directory.
    #[arg(hide_short_help = true, short = 'U', value_name = "PATH")]
    pub usereval: Option<String>,

    /// The longest wait, in seconds, for one answer of the usereval server (default 10; a
    /// fraction such as 0.5 too): a server that takes longer is stopped, and so is the run.
    #[arg(hide_short_help = true, long = "usereval-timeout", allow_hyphen_values = true, value_name = "SECONDS")]
    pub usereval_timeout: Option<String>,

    /// Save the produced deals in FILE as zrd records with their 20 double-dummy results
    /// (Pavlicek's format, `-L` reads it); `[N][w]:FILE`: `N` no solving (counts written as
    /// zero), `w` start the file afresh (else added to). A title goes first as title records.
    #[arg(hide_short_help = true, short = 'Z', value_name = "[N][w]:FILE")]
    pub zrd: Option<String>,

    /// Save the produced deals in FILE as DL52 records (52 bytes a deal, DealerV2's format);
    /// `[w]:FILE`: `w` starts the file afresh (else added to).
    #[arg(hide_short_help = true, short = 'l', value_name = "[w]:FILE")]
    pub dl52: Option<String>,

    /// With --pbn: each board's double-dummy table and par
    ///
    /// PBN's OptimumResultTable, OptimumScore and ParContract tags, at the board's vulnerability.
    #[arg(long = "dd")]
    pub dd: bool,

    /// Standard errors and 95% intervals in the reports
    ///
    /// After each `average` line, the mean's standard error and 95% interval (mean ± 1.96 standard
    /// errors); in each 1-D `frequency` and `bktfreq` table, each percentage's binomial standard
    /// error and Wilson 95% interval, and the cumulative percentage's standard error; after
    /// `evalcontract`, each figure's standard error. Without it, the reports are DealerV2's.
    #[arg(long = "se")]
    pub se: bool,

    /// Write every statistic to FILE as one JSON document
    ///
    /// `-`: standard output, which then holds only the document (no printed reports, no statistics
    /// at the end). The deals generated and produced, the seed, each `average` (n, mean, sd,
    /// standard error, 95% interval), each `frequency` and `bktfreq` table with its bounds, and
    /// `evalcontract`'s figures (layout: docs/json-format.md). Replaced only when the run succeeds.
    #[arg(long = "json", value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Draw every statistic in FILE.html or FILE.svg
    ///
    /// A bar chart for each 1-D `frequency` and `bktfreq` (with error bars of one standard error
    /// under --se) and for `evalcontract`'s tricks, a heat map for each 2-D table, and each
    /// `average`'s mean with its 95% interval; the numbers on hover. FILE.html: one page holding
    /// every chart, self-contained; FILE.svg: one SVG image, the charts stacked. Replaced only when
    /// the run succeeds; refused for a run without a statistic.
    #[arg(hide_short_help = true, long = "charts", value_name = "FILE")]
    pub charts: Option<PathBuf>,

    /// Stop once the first average is known to within X
    ///
    /// That is, once the standard error of the first `average` action (its sample standard
    /// deviation over the square root of its sample size) is at most X, checked after each batch of
    /// 4096 deals, in order, so that the output is the same for any -R and in shards (a shard deals
    /// its whole share; the merge stops where the single run does). -g and -p still bound the run.
    #[arg(long = "until-se", allow_hyphen_values = true, value_name = "X")]
    pub until_se: Option<String>,

    /// Threads to deal on (default: all cores)
    ///
    /// At most 4 per core are started. The output is the same for any number.
    #[arg(short = 'R', long = "threads", allow_hyphen_values = true, value_name = "N")]
    pub threads: Option<String>,

    /// Deal every deal and test the condition, as Dealer does, even when the condition's terms
    /// on single seats are rare enough for exact dealing (dealing only deals that meet them;
    /// `--dump-bytecode` says which way a run deals and why).
    #[arg(hide_short_help = true, long = "rejection")]
    pub rejection: bool,

    /// Compile every expression as written: no tables for the parts that read one suit or
    /// one hand's shape, and one deal at a time, never over blocks of deals. The same
    /// results, more slowly; for checking the compiler.
    #[arg(hide_short_help = true, long = "plain")]
    pub plain: bool,

    /// Run the plain way, for checking dealvm itself: every hand of every deal dealt before
    /// the condition is tested (from the same random streams, so the deals are the same),
    /// rather than the hands it reads first and the others only when needed; and, as with
    /// --plain, every expression compiled as written, one deal at a time; a run that
    /// counting proved can produce nothing is dealt all the same. The output is the same as
    /// without it, more slowly; a difference is a bug in dealvm. Exact dealing stays as
    /// chosen: add --rejection to deal every deal at random.
    #[arg(hide_short_help = true, long = "reference")]
    pub reference: bool,

    /// Run only shard K of N of a run split across machines
    ///
    /// Shard K of N (0 <= K < N): the batches of 4096 deals whose number is K modulo N, each shard
    /// producing up to the run's `produce` count from its own batches. Nothing is printed: what
    /// `dealvm merge` needs goes to the --part file. Every shard takes the same command line (seed
    /// included) but for K, --part, -R, -m and --usereval-timeout. Not with --deals, -L or
    /// `rnd(0)`.
    #[arg(long = "shard", value_name = "K/N")]
    pub shard: Option<String>,

    /// With --shard: the part file to write (replaced only when the shard succeeds; `-`:
    /// standard output). `dealvm merge PART...` reads the parts of all N shards.
    #[arg(hide_short_help = true, long = "part", value_name = "FILE")]
    pub part: Option<PathBuf>,

    /// Behave as Debian's dealer: the same deals and output
    ///
    /// Behave as Debian's `/usr/games/dealer` (classic Dealer): for the same input and seed
    /// (`-s`, also negative; without one, the time in seconds), the same deals in the same
    /// order, from the C library's `rand()` and Dealer's own shuffle (with the predeal,
    /// swapping `-x 2`/`-x 3` for Dealer's -2/-3, and `rnd` drawing from the same numbers),
    /// Dealer's defaults and the same standard output (its layouts of every action, of the
    /// reports and of the statistics at the end). `--classic=exe`: as the Windows dealer.exe,
    /// which deals from other numbers and groups the operators otherwise (each its own level,
    /// from the left). The threads share the dealing (a batch's draws made in order, its
    /// shuffles worked out side by side) and the evaluation (with `rnd`, all on one thread),
    /// the same deals on any -R; every deal is dealt whole (no exact dealing, no dealing of
    /// the hands read first). As in Dealer, predealt
    /// suit lengths are ignored, `imps` keeps Dealer's table, `altcount N` sets Dealer's table
    /// N (0 `hcp`, 2 to 9 `pt0` to `pt7`), and DealerV2's words (`opener`, `title`, `ltc`, ...)
    /// are names. Not with the board files, --deals, -L, --shard, -T, --json, --se,
    /// --until-se, or the actions Dealer lacks.
    #[arg(long = "classic", value_name = "debian|exe", num_args = 0..=1, require_equals = true, default_missing_value = "debian")]
    pub classic: Option<String>,

    /// Print the compiled program and stop
    ///
    /// Without dealing; the end says how the run would deal and which hands.
    #[arg(long = "dump-bytecode")]
    pub dump_bytecode: bool,

    /// Print a man page, a shell's completions or the guide's list of the switches, made from
    /// these switches and the subcommands', and stop: `man` (`man-merge`, `man-boards`, ...: a
    /// subcommand's page), `bash`, `zsh`, `fish` or `markdown` (the repository keeps them in
    /// docs/man/, docs/completions/ and docs/guide/command-line.md).
    #[arg(hide_short_help = true, long = "generate", value_name = "man|bash|zsh|fish|markdown")]
    pub man_or_completions: Option<String>,

    /// Print the help and stop: -h a summary, --help every switch
    #[arg(short = 'h', long = "help", action = clap::ArgAction::Help)]
    pub help: Option<bool>,

    /// Print the version and stop
    #[arg(short = 'V', long = "version")]
    pub version: bool,

    /// The command line as dealvm reads it again, without the switches that change nothing
    /// in the output (`--shard`, `--part`, `-R`, `-m`, `--usereval-timeout`): what a shard's part file records for
    /// the merge. Filled by [`Cli::parse_args`]; `None` when an argument is not UTF-8.
    #[arg(skip)]
    pub command_line: Option<Vec<String>>,
}

/// The switches left out of [`Cli::command_line`]: they change nothing in the output.
const NOT_IN_COMMAND_LINE: [&str; 8] = ["threads", "meter", "usereval_timeout", "shard", "part", "help", "version", "man_or_completions"];

impl Cli {
    /// Parses the arguments (the program's name first), and records the command line.
    pub fn parse_args<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        // The switches are made once (the most of the parse's time): parsed, then read again.
        let mut command = <Cli as clap::CommandFactory>::command();
        let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
        let matches = command.try_get_matches_from_mut(&args).map_err(|e| classic_swap(classic_switch(suggest_switch(e, &command)), &args))?;
        let mut cli = <Cli as clap::FromArgMatches>::from_arg_matches(&matches)?;
        cli.command_line = command_line(&matches, &command);
        Ok(cli)
    }
}

/// Long switches other programs have, or a user may guess, that dealvm spells otherwise (Dealer's
/// short ones), with what to write instead.
const SPELLED_OTHERWISE: &[(&str, &str)] = &[
    ("produce", "the deals to produce are -p N"),
    ("seed", "the seed is -s N"),
    ("verbose", "-v toggles the statistics at the end"),
    ("quiet", "-q leaves printpbn's output out"),
    ("title", "the title is -T TEXT"),
    (
        "force",
        "a run replaces its board files (they are dealt again from its seed); --force is for `dealvm boards` and `dealvm squaredeal generate`, whose boards for play cannot be",
    ),
];

/// An unknown long switch with the nearest one suggested, by the measure of the messages about
/// the input (a slip or two, swapped letters too: `--pnb` for `--pbn`), and only then: clap's
/// own suggestion goes further (`--rotate` for `--frobnicate`).
pub fn suggest_switch(mut e: clap::Error, command: &clap::Command) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else { return e };
    let given = given.clone();
    let Some(name) = given.strip_prefix("--").map(|n| n.split('=').next().unwrap_or(n)) else { return e };
    let longs = command.get_arguments().filter_map(|a| a.get_long());
    match crate::diag::closest(name, longs) {
        Some(near) => {
            e.insert(ContextKind::SuggestedArg, ContextValue::String(format!("--{near}")));
            e.insert(ContextKind::Suggested, ContextValue::StyledStrs(Vec::new()));
            e
        }
        None if command.get_name() == "dealvm" => {
            let instead = SPELLED_OTHERWISE.iter().find(|(long, _)| *long == name).map(|(_, instead)| format!("; {instead}")).unwrap_or_default();
            clap::Error::raw(
                ErrorKind::UnknownArgument,
                format!("unknown switch '{given}'{instead}; `dealvm -h` lists the common switches, `dealvm --help` all of them\n"),
            )
        }
        None => {
            clap::Error::raw(ErrorKind::UnknownArgument, format!("unknown switch '{given}'; `{} --help` lists its switches\n", command.get_name()))
        }
    }
}

/// A command line that does not parse and names classic Dealer's swapping switches `-0`, `-2`
/// or `-3`, which are script variables here (`-2 TEXT`): clap's message, and what classic
/// Dealer meant by them, wherever they are.
fn classic_swap(e: clap::Error, args: &[std::ffi::OsString]) -> clap::Error {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return e;
    }
    let Some(n) = args.iter().skip(1).find_map(|a| match a.to_str() {
        Some("-0") => Some(0),
        Some("-2") => Some(2),
        Some("-3") => Some(3),
        _ => None,
    }) else {
        return e;
    };
    let message = e.render().to_string();
    let first = message.lines().next().unwrap_or_default().trim_start_matches("error: ").to_string();
    let hint = swap_hint(n);
    clap::Error::raw(e.kind(), format!("{first}\n  note: -{n} TEXT gives the script variable ${n} a value in dealvm{hint}\n"))
}

/// Classic Dealer's switches that dealvm does not have (`-e`, `-u`, `-t`), with what dealvm
/// offers instead, for clap's tip to pass them as values. (`-0`, `-2` and `-3` are script
/// variables here: see `invocation::input`.)
fn classic_switch(e: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else { return e };
    let instead = match given.as_str() {
        "-e" => {
            "classic Dealer's -e (exhaust mode: every way of sharing the unknown cards between two hands, \
             never finished and removed from DealerV2) has no counterpart in dealvm; predeal the two known \
             hands and deal at random: every deal of the other cards is equally likely"
        }
        "-u" => {
            "classic Dealer's -u (upper-case card symbols) is not needed: dealvm always writes the ranks \
             A K Q J T in capitals, as Dealer does; leave it out"
        }
        "-t" => {
            "classic Dealer's -t (stop after so many seconds without a deal) has no counterpart in dealvm: \
             bound the work with -g N, and Ctrl-C stops a run with the statistics so far"
        }
        _ => return e,
    };
    clap::Error::raw(ErrorKind::UnknownArgument, format!("unknown switch `{given}`: {instead}\n"))
}

/// The switches and the input file given in `matches`, one word each as dealvm reads them
/// again (`--pbn=x.pbn`, `-s1`, `-v`, `--`, `x.dli`), in the order of the switches' help;
/// `None` when an argument is not UTF-8. `command`: the switches `matches` were parsed with.
fn command_line(matches: &clap::ArgMatches, command: &clap::Command) -> Option<Vec<String>> {
    use clap::parser::ValueSource;
    use clap::ArgAction;
    let mut words = Vec::new();
    let mut file = Vec::new();
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        if NOT_IN_COMMAND_LINE.contains(&id) || matches.value_source(id) != Some(ValueSource::CommandLine) {
            continue;
        }
        let name = match (arg.get_long(), arg.get_short()) {
            (Some(long), _) => format!("--{long}"),
            (None, Some(short)) => format!("-{short}"),
            (None, None) => String::new(),
        };
        match arg.get_action() {
            ArgAction::Count => words.extend(std::iter::repeat_n(name, matches.get_count(id) as usize)),
            ArgAction::SetTrue => words.push(name),
            _ => {
                for value in matches.get_raw(id).into_iter().flatten() {
                    let value = value.to_str()?;
                    if arg.is_positional() {
                        file.push(value.to_string());
                    } else if name.starts_with("--") {
                        words.push(format!("{name}={value}"));
                    } else if value.is_empty() || value.starts_with('=') {
                        // `-C=x` would be read as `x`, and `-C` alone as no value.
                        words.push(name.clone());
                        words.push(value.to_string());
                    } else {
                        words.push(format!("{name}{value}"));
                    }
                }
            }
        }
    }
    if !file.is_empty() {
        words.push("--".to_string());
        words.extend(file);
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Cli's fields, less those a shard's command line leaves out.
    fn shown(mut cli: Cli) -> String {
        cli.threads = None;
        cli.meter = false;
        cli.usereval_timeout = None;
        cli.shard = None;
        cli.part = None;
        cli.command_line = None;
        format!("{cli:?}")
    }

    #[test]
    fn the_command_line_reads_back_as_given() {
        let argv = [
            "dealvm",
            "-p10",
            "-g",
            "1000",
            "-s",
            "-5",
            "-v",
            "-v",
            "-q",
            "-T",
            "a 'title' =x",
            "-N",
            "SAK,HQ",
            "-0",
            "-x",
            "-1",
            "",
            "-2",
            "=two",
            "-x2",
            "-m",
            "-C",
            "=w:c.csv",
            "-X",
            "-",
            "-O",
            "N",
            "--board-start",
            "3",
            "--pbn",
            "x y.pbn",
            "--dlm=-",
            "--deals",
            "d.pbn",
            "-D",
            "2",
            "-M1",
            "-P",
            "3",
            "-L",
            "lib",
            "-U",
            "u",
            "--usereval-timeout",
            "2",
            "-Z",
            "Nw:z",
            "-l",
            "w:l",
            "--dd",
            "--se",
            "--json",
            "j.json",
            "--until-se",
            "0.5",
            "-R",
            "2",
            "--rejection",
            "--dump-bytecode",
            "--shard",
            "1/2",
            "--part",
            "p",
            "--",
            "-file.dli",
        ];
        let cli = Cli::parse_args(argv).unwrap();
        let words = cli.command_line.clone().unwrap();
        assert!(!words.iter().any(|w| w.starts_with("-R") || w.starts_with("--shard") || w.starts_with("--usereval-t") || w == "-m"), "{words:?}");
        assert!(words.iter().any(|w| w == "-Uu"), "{words:?}");
        let again = Cli::parse_args(std::iter::once("dealvm".to_string()).chain(words.clone())).unwrap();
        assert_eq!(again.command_line.as_ref(), Some(&words), "the command line of the command line is itself");
        assert_eq!(shown(again), shown(cli));
    }
}
