//! The command line: every switch, documented in one place, and the run from input to output.

use crate::actions::{Actions, RunInfo};
use crate::compile::{compile, CommandLinePredeal, Compiled};
use crate::diag::{Diagnostic, Source, Span};
use crate::lex::ScriptVars;
use crate::parse::parse_file;
use crate::outfile::AtomicFile;
use crate::run::{run, Limits, Numbering, RunError, Source as DealSource, Swap};
use clap::Parser;
use dealvm_vm::card::{rank_from_char, Card, Deal, Hand, Seat, Suit};
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Exit status for errors in the input or on the command line.
pub const EXIT_INPUT: i32 = 2;

/// dealvm generates bridge deals that meet conditions written in the language of Dealer.
///
/// It reads the input file (standard input without one), deals at random until enough deals
/// meet the condition, runs the actions on them and prints statistics at the end. Switches
/// may come before or after the file; a value may follow its switch with or without a space
/// (`-p 10` or `-p10`). Values given here beat the input file's.
#[derive(Parser, Debug)]
#[command(
    name = "dealvm",
    disable_help_flag = true,
    disable_version_flag = true,
    max_term_width = 100
)]
pub struct Cli {
    /// The input file written in the Dealer language; `-` or none for standard input (none
    /// with --deals: no condition, no actions).
    pub file: Option<PathBuf>,

    /// Produce: stop after N deals meet the condition (file: `produce N`; default 40 when
    /// deals are printed, else as many as generated).
    #[arg(short = 'p', value_name = "N")]
    pub produce: Option<String>,

    /// Generate: stop after N deals have been dealt (file: `generate N`; default 10000000).
    #[arg(short = 'g', value_name = "N")]
    pub generate: Option<String>,

    /// Seed of the random generator (file: `seed N`). 0 or none takes a seed from the
    /// operating system; the seed used is printed at the end and reproduces the run.
    #[arg(short = 's', value_name = "N")]
    pub seed: Option<String>,

    /// Toggle the statistics printed at the end of the run (printed by default).
    #[arg(short = 'v', action = clap::ArgAction::Count)]
    pub verbose: u8,

    /// Quiet: suppress `printpbn` output.
    #[arg(short = 'q')]
    pub quiet: bool,

    /// Title printed on the reports and in PBN output (file: `title "..."`).
    #[arg(short = 'T', value_name = "TITLE")]
    pub title: Option<String>,

    /// Predeal these cards to north, replacing the file's predeal for north: holdings such as
    /// `SAQ542,HKJ87,D32,CAK`.
    #[arg(short = 'N', value_name = "HOLDINGS", allow_hyphen_values = true)]
    pub north: Option<String>,

    /// Predeal these cards to east (as -N).
    #[arg(short = 'E', value_name = "HOLDINGS", allow_hyphen_values = true)]
    pub east: Option<String>,

    /// Predeal these cards to south (as -N).
    #[arg(short = 'S', value_name = "HOLDINGS", allow_hyphen_values = true)]
    pub south: Option<String>,

    /// Predeal these cards to west (as -N).
    #[arg(short = 'W', value_name = "HOLDINGS", allow_hyphen_values = true)]
    pub west: Option<String>,

    /// Script variable $0: the text replaces every `$0` of the input file as tokens.
    #[arg(short = '0', value_name = "TEXT", allow_hyphen_values = true)]
    pub script0: Option<String>,

    /// Script variable $1: the text replaces every `$1` of the input file as tokens.
    #[arg(short = '1', value_name = "TEXT", allow_hyphen_values = true)]
    pub script1: Option<String>,

    /// Script variable $2: the text replaces every `$2` of the input file as tokens.
    #[arg(short = '2', value_name = "TEXT", allow_hyphen_values = true)]
    pub script2: Option<String>,

    /// Script variable $3: the text replaces every `$3` of the input file as tokens.
    #[arg(short = '3', value_name = "TEXT", allow_hyphen_values = true)]
    pub script3: Option<String>,

    /// Script variable $4: the text replaces every `$4` of the input file as tokens.
    #[arg(short = '4', value_name = "TEXT", allow_hyphen_values = true)]
    pub script4: Option<String>,

    /// Script variable $5: the text replaces every `$5` of the input file as tokens.
    #[arg(short = '5', value_name = "TEXT", allow_hyphen_values = true)]
    pub script5: Option<String>,

    /// Script variable $6: the text replaces every `$6` of the input file as tokens.
    #[arg(short = '6', value_name = "TEXT", allow_hyphen_values = true)]
    pub script6: Option<String>,

    /// Script variable $7: the text replaces every `$7` of the input file as tokens.
    #[arg(short = '7', value_name = "TEXT", allow_hyphen_values = true)]
    pub script7: Option<String>,

    /// Script variable $8: the text replaces every `$8` of the input file as tokens.
    #[arg(short = '8', value_name = "TEXT", allow_hyphen_values = true)]
    pub script8: Option<String>,

    /// Script variable $9: the text replaces every `$9` of the input file as tokens.
    #[arg(short = '9', value_name = "TEXT", allow_hyphen_values = true)]
    pub script9: Option<String>,

    /// Swapping: `-x 2` also examines each deal with East and West exchanged; `-x 3` with East,
    /// South and West in all six arrangements. The swapped seats cannot be predealt.
    #[arg(short = 'x', value_name = "2|3")]
    pub swap: Option<String>,

    /// Progress meter on standard error: deals dealt and produced, rate, time to go.
    #[arg(short = 'm')]
    pub meter: bool,

    /// CSV file for `csvrpt`, appended to; `w:FILE` starts it afresh (default: standard output).
    #[arg(short = 'C', value_name = "FILE")]
    pub csv: Option<String>,

    /// File for `export` (default: standard output).
    #[arg(short = 'X', value_name = "FILE")]
    pub export: Option<String>,

    /// The opener for OPC evaluations (file: `opener seat`): N, E, S or W.
    #[arg(short = 'O', value_name = "SEAT")]
    pub opener: Option<String>,

    /// The number of the first board (file: `startboard N`; default 1). With --deals, the
    /// boards are numbered from N instead of keeping the file's numbers.
    #[arg(long = "board-start", value_name = "N")]
    pub board_start: Option<String>,

    /// Write the produced deals to FILE as a PBN file (PBN 2.1 export format), replacing it
    /// only when the run succeeds. The file's actions still run; with no `action` statement,
    /// nothing else is printed.
    #[arg(long = "pbn", value_name = "FILE")]
    pub pbn: Option<PathBuf>,

    /// Write the produced deals to FILE as a Duplimate DLM file (boards 1 to 99), replacing it
    /// only when the run succeeds. A run that could make boards above 99 is refused.
    #[arg(long = "dlm", value_name = "FILE")]
    pub dlm: Option<PathBuf>,

    /// Take the deals from FILE, a PBN or DLM file (told apart by content), in order, instead
    /// of dealing at random: the condition and the actions run over them. Without an input
    /// file, no condition: every deal is produced (convert with `--deals a.dlm --pbn a.pbn`).
    #[arg(long = "deals", value_name = "FILE")]
    pub deals: Option<PathBuf>,

    /// Debug verbosity, accepted for compatibility with Dealer; no effect.
    #[arg(short = 'D', value_name = "LEVEL")]
    pub debug: Option<String>,

    /// Double-dummy mode (1 or 2), accepted for compatibility with Dealer; no effect yet.
    #[arg(short = 'M', value_name = "1|2")]
    pub dds_mode: Option<String>,

    /// Vulnerability for par (0 none, 1 NS, 2 EW, 3 both), accepted for compatibility; no
    /// effect yet.
    #[arg(short = 'P', value_name = "0-3")]
    pub par_vul: Option<String>,

    /// Deals from Pavlicek's library of solved deals: not supported yet.
    #[arg(short = 'L', value_name = "FILE")]
    pub library: Option<String>,

    /// A usereval server: not supported yet.
    #[arg(short = 'U', value_name = "PATH")]
    pub usereval: Option<String>,

    /// Save deals with double-dummy results in zrd form: not supported yet.
    #[arg(short = 'Z', value_name = "FILE")]
    pub zrd: Option<String>,

    /// Save deals in DL52 form: not supported yet.
    #[arg(short = 'l', value_name = "FILE")]
    pub dl52: Option<String>,

    /// Threads to deal on (default: all cores). The output is the same for any number.
    #[arg(short = 'R', long = "threads", value_name = "N")]
    pub threads: Option<usize>,

    /// Print the compiled bytecode and stop, without dealing.
    #[arg(long = "dump-bytecode")]
    pub dump_bytecode: bool,

    /// Print this help and stop.
    #[arg(short = 'h', long = "help")]
    pub help: bool,

    /// Print the version and stop.
    #[arg(short = 'V', long = "version")]
    pub version: bool,
}

/// Runs dealvm with the process's arguments and returns the exit status.
pub fn main() -> i32 {
    let start = Instant::now();
    crate::outfile::remove_on_interrupt();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_INPUT } else { 0 };
        }
    };
    if cli.help {
        let mut cmd = <Cli as clap::CommandFactory>::command();
        let _ = cmd.print_long_help();
        return 0;
    }
    if cli.version {
        println!("dealvm {}", env!("CARGO_PKG_VERSION"));
        return 0;
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let status = match execute(&cli, &mut out, start) {
        Ok(()) => 0,
        Err(Failure::Input(text)) => {
            let _ = out.flush();
            eprint!("{text}");
            EXIT_INPUT
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => return 0,
        Err(Failure::Io(e)) => {
            eprintln!("error: cannot write the output: {e}");
            1
        }
    };
    match out.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe && status == 0 => {
            eprintln!("error: cannot write the output: {e}");
            1
        }
        _ => status,
    }
}

/// Why a run stopped early.
enum Failure {
    /// A message about the input, already rendered.
    Input(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Reads the input: a file, or standard input.
fn read_input(path: Option<&PathBuf>) -> Result<(String, Vec<u8>), Failure> {
    match path {
        Some(p) => {
            let name = p.display().to_string();
            std::fs::read(p).map(|b| (name.clone(), b)).map_err(|e| {
                Failure::Input(Diagnostic::error(format!("cannot read the input file `{name}`: {}", io_reason(&e))).render(None))
            })
        }
        None => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .map(|_| ("stdin".to_string(), bytes))
                .map_err(|e| Failure::Input(Diagnostic::error(format!("cannot read standard input: {e}")).render(None)))
        }
    }
}

/// An I/O error's reason without Rust's decoration.
fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let s = e.to_string();
            let s = s.split(" (os error").next().unwrap_or(&s);
            let mut c = s.chars();
            c.next().map(|f| f.to_lowercase().chain(c).collect()).unwrap_or_default()
        }
    }
}

/// The input as text: refuses binary data and text that is not UTF-8.
fn decode(name: &str, bytes: Vec<u8>) -> Result<String, Failure> {
    let position = |at: usize| {
        let before = &bytes[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let col = String::from_utf8_lossy(&bytes[line_start..at]).chars().count() + 1;
        format!("{name}:{line}:{col}")
    };
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        return Err(Failure::Input(
            Diagnostic::error(format!(
                "the input looks like a binary file, not a Dealer input file (a NUL byte at {})",
                position(at)
            ))
            .render(None),
        ));
    }
    String::from_utf8(bytes.clone()).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        Failure::Input(
            Diagnostic::error(format!(
                "the input is not UTF-8 text (byte 0x{:02X} at {}); save the file as UTF-8",
                bytes[at],
                position(at)
            ))
            .render(None),
        )
    })
}

/// An error about a switch.
fn switch_error(message: String) -> Failure {
    Failure::Input(Diagnostic::error(message).render(None))
}

/// Opens an output file for writing (atomically), or says why it cannot be.
fn open_output(what: &str, path: &str, append: bool) -> Result<AtomicFile, Failure> {
    AtomicFile::create(std::path::Path::new(path), append).map_err(|e| {
        switch_error(format!("cannot open the {what} file `{path}`: {}", io_reason(&e)))
    })
}

/// Refuses a `--dlm` run that could make a board a DLM file cannot hold: numbers above 99,
/// or two deals with one board number.
fn check_dlm_boards(path: &std::path::Path, numbering: Numbering<'_>, most: u64, swap: Swap) -> Result<(), Failure> {
    let refuse = |why: String| switch_error(format!("--dlm {}: {why}", path.display()));
    match numbering {
        Numbering::Produced { first } => {
            let last = first.saturating_add(most.saturating_sub(1));
            if last > crate::dlm::MAX_BOARD {
                return Err(refuse(format!(
                    "this run can make boards {first} to {last}, but a DLM file holds boards 1 to 99; \
                     produce at most {} deals (-p) or start lower (--board-start)",
                    (crate::dlm::MAX_BOARD + 1).saturating_sub(first)
                )));
            }
        }
        Numbering::File(boards) => {
            if swap != Swap::None {
                return Err(refuse("with -x, the swapped copies of a board share its number; a DLM file holds each board once".into()));
            }
            let mut seen = std::collections::HashSet::new();
            for b in boards.iter().take(most.min(boards.len() as u64) as usize) {
                if b.number > crate::dlm::MAX_BOARD {
                    return Err(refuse(format!("board {} of the deals file is above 99, the last board a DLM file holds; renumber with --board-start", b.number)));
                }
                if !seen.insert(b.number) {
                    return Err(refuse(format!("the deals file has board {} twice; renumber with --board-start", b.number)));
                }
            }
        }
    }
    Ok(())
}

/// Parses a numeric switch value.
fn number_switch(switch: &str, value: &str, min: u64) -> Result<u64, Failure> {
    match value.trim().parse::<u64>() {
        Ok(n) if n >= min => Ok(n),
        Ok(n) => Err(Failure::Input(
            Diagnostic::error(format!("{switch} must be at least {min} (found {n})")).render(None),
        )),
        Err(_) => Err(Failure::Input(
            Diagnostic::error(format!("{switch} takes a whole number, found `{value}`")).render(None),
        )),
    }
}

/// Parses the holdings of a `-N`/`-E`/`-S`/`-W` switch: `SAQ542,HKJ87,D32,CAK`.
pub fn parse_holdings(switch: &str, seat: Seat, text: &str) -> Result<CommandLinePredeal, Diagnostic> {
    let src = Source::new(format!("{switch} argument"), text.to_string());
    let mut hand = Hand::EMPTY;
    let mut offset = 0;
    for part in text.split([',', ' ']) {
        let start = offset;
        offset += part.len() + 1;
        if part.is_empty() {
            continue;
        }
        let err = |msg: String, at: usize, len: usize| {
            Diagnostic::at(Span::new(at, at + len), msg).in_source(src.clone())
        };
        let mut chars = part.char_indices();
        let (_, s) = chars.next().expect("part is not empty");
        let suit = Suit::from_letter(s).ok_or_else(|| {
            err(format!("found `{s}`, expected a suit letter S, H, D or C starting a holding such as SAQ542"), start, 1)
        })?;
        for (i, ch) in chars {
            let rank = rank_from_char(ch).ok_or_else(|| {
                err(format!("found `{ch}`, expected a rank: A K Q J T 9 8 7 6 5 4 3 2"), start + i, ch.len_utf8())
            })?;
            let card = Card::new(suit, rank);
            if hand.contains(card) {
                return Err(err(format!("the card {card} is given twice"), start + i, 1));
            }
            hand = hand.with(card);
        }
    }
    if hand.count() > 13 {
        return Err(Diagnostic::error(format!("{switch} predeals {} cards; a hand has 13", hand.count()))
            .in_source(src));
    }
    Ok(CommandLinePredeal { seat, hand, switch: switch.to_string() })
}

/// A seed from the operating system.
fn os_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    h.write_u32(std::process::id());
    // Keep seeds short enough to type back, and never 0 (which means "choose one").
    (h.finish() % 1_000_000_000_000_000).max(1)
}

/// Everything from the arguments to the statistics at the end.
fn execute(cli: &Cli, out: &mut dyn Write, start: Instant) -> Result<(), Failure> {
    let (name, bytes) = match (&cli.file, &cli.deals) {
        (None, Some(_)) => ("(no input file)".to_string(), Vec::new()),
        (Some(p), _) if p.as_os_str() == "-" => read_input(None)?,
        (file, _) => read_input(file.as_ref())?,
    };
    let text = decode(&name, bytes)?;
    let source = Source::new(name.clone(), text);
    let script: ScriptVars = [
        cli.script0.clone(),
        cli.script1.clone(),
        cli.script2.clone(),
        cli.script3.clone(),
        cli.script4.clone(),
        cli.script5.clone(),
        cli.script6.clone(),
        cli.script7.clone(),
        cli.script8.clone(),
        cli.script9.clone(),
    ];
    let input_error = |d: Diagnostic| Failure::Input(d.render(Some(&source)));

    let mut command_line = Vec::new();
    for (switch, seat, value) in [
        ("-N", Seat::North, &cli.north),
        ("-E", Seat::East, &cli.east),
        ("-S", Seat::South, &cli.south),
        ("-W", Seat::West, &cli.west),
    ] {
        if let Some(v) = value {
            command_line.push(parse_holdings(switch, seat, v).map_err(input_error)?);
        }
    }

    let arena = bumpalo::Bump::new();
    let statements = parse_file(&arena, &source.text, &script).map_err(input_error)?;
    let compiled = compile(&source, &statements, &command_line, &script).map_err(input_error)?;

    if cli.dump_bytecode {
        out.write_all(compiled.program.disassemble().as_bytes())?;
        return Ok(());
    }

    // Deals from a file.
    let boards = match &cli.deals {
        None => None,
        Some(path) => {
            let name = path.display().to_string();
            let bytes = std::fs::read(path).map_err(|e| {
                switch_error(format!("cannot read the deals file `{name}`: {}", io_reason(&e)))
            })?;
            let boards = crate::boards::read(&name, bytes).map_err(|d| Failure::Input(d.render(None)))?;
            if compiled.predeal.iter().any(|h| !h.is_empty()) || Seat::ALL.iter().any(|&s| compiled.length_predealt(s)) {
                return Err(switch_error("--deals takes the deals as they are in the file: the predeal does not apply to them".into()));
            }
            Some(boards)
        }
    };
    let writes_boards = cli.pbn.is_some() || cli.dlm.is_some();
    let generate = match &cli.generate {
        Some(g) => number_switch("-g", g, 1)?,
        None => compiled.settings.generate.unwrap_or(if boards.is_some() { u64::MAX } else { 10_000_000 }),
    };
    let prints = compiled.prints_deals || writes_boards;
    let produce = match &cli.produce {
        Some(p) => number_switch("-p", p, 1)?,
        None => compiled.settings.produce.unwrap_or(if prints && boards.is_none() { 40 } else { generate }),
    };
    let seed = match &cli.seed {
        Some(s) => number_switch("-s", s, 0)?,
        None => compiled.settings.seed.unwrap_or(0),
    };
    let seed = if seed == 0 { os_seed() } else { seed };
    let threads = match cli.threads {
        Some(0) => return Err(Failure::Input(Diagnostic::error("-R must be at least 1").render(None))),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let title = cli.title.clone().or_else(|| compiled.settings.title.clone()).filter(|t| !t.is_empty());
    let swap = match cli.swap.as_deref().map(str::trim) {
        None => Swap::None,
        Some("2") => Swap::EastWest,
        Some("3") => Swap::EastSouthWest,
        Some(other) => return Err(switch_error(format!("-x takes 2 or 3, found `{other}`"))),
    };
    for &seat in swap.moved_seats() {
        if !compiled.predeal[seat as usize].is_empty() || compiled.length_predealt(seat) {
            return Err(switch_error(format!(
                "-x {} moves {}'s hand, but {} has predealt cards or suit lengths",
                cli.swap.as_deref().unwrap_or_default().trim(),
                seat.keyword(),
                seat.keyword()
            )));
        }
    }
    if let Some(o) = &cli.opener {
        if !matches!(o.trim(), "N" | "E" | "S" | "W" | "n" | "e" | "s" | "w") {
            return Err(switch_error(format!("-O takes N, E, S or W, found `{o}`")));
        }
    }
    if let Some(m) = &cli.dds_mode {
        if !matches!(m.trim(), "1" | "2") {
            return Err(switch_error(format!("-M takes 1 or 2, found `{m}`")));
        }
    }
    if let Some(p) = &cli.par_vul {
        if !matches!(p.trim(), "0" | "1" | "2" | "3") {
            return Err(switch_error(format!("-P takes 0, 1, 2 or 3, found `{p}`")));
        }
    }
    for (switch, value) in [("-L", &cli.library), ("-U", &cli.usereval), ("-Z", &cli.zrd), ("-l", &cli.dl52)] {
        if value.is_some() {
            return Err(switch_error(format!("{switch} is not supported yet")));
        }
    }
    let first_board = match &cli.board_start {
        Some(b) => Some(number_switch("--board-start", b, 1)?),
        None => compiled.settings.start_board,
    };
    let deals: Vec<Deal> = boards.iter().flatten().map(|b| b.deal).collect();
    // From a file, the run examines at most its deals (each with its swapped copies).
    let generate = match &boards {
        Some(list) => generate.min(list.len() as u64 * swap.permutations().len() as u64),
        None => generate,
    };
    let produce = produce.min(generate);
    let (deal_source, numbering) = match &boards {
        Some(list) => (
            DealSource::Given(&deals),
            match first_board {
                Some(first) => Numbering::Produced { first },
                None => Numbering::File(list),
            },
        ),
        None => (DealSource::Random(&compiled.dealer), Numbering::Produced { first: first_board.unwrap_or(1) }),
    };
    if let Some(path) = &cli.dlm {
        check_dlm_boards(path, numbering, produce, swap)?;
    }

    let info = RunInfo {
        input_name: name,
        seed,
        title: title.clone(),
        dealer: compiled.settings.dealer,
        vulnerable: compiled.settings.vulnerable,
        quiet: cli.quiet,
        date: crate::output::today(),
    };
    let Compiled { actions: specs, .. } = &compiled;
    // With --pbn or --dlm, a file without an action statement prints nothing.
    let specs = if writes_boards && !compiled.explicit_actions { Vec::new() } else { specs.clone() };
    let mut actions = Actions::new(specs, compiled.tallies.clone(), info);
    if let Some(path) = &cli.pbn {
        let file = open_output("PBN", &path.to_string_lossy(), false)?;
        let how = match &cli.deals {
            Some(d) => format!("deals from {}", d.display()),
            None => format!("{}, seed {seed}", source.name),
        };
        let comment = format!("dealvm {}: {how}", env!("CARGO_PKG_VERSION"));
        let writer = crate::pbn::PbnWriter::new(file, title.as_deref().unwrap_or(""), &comment)
            .map_err(|e| switch_error(format!("cannot write the PBN file `{}`: {}", path.display(), io_reason(&e))))?;
        actions.pbn_file = Some(writer);
    }
    if let Some(path) = &cli.dlm {
        actions.set_dlm(open_output("DLM", &path.to_string_lossy(), false)?);
    }
    // Open the output files before dealing, so a bad path stops the run at once.
    if let (Some(spec), true) = (&cli.csv, actions.writes_csv()) {
        let (append, path) = match spec.strip_prefix("w:") {
            Some(p) => (false, p),
            None => (true, spec.as_str()),
        };
        actions.csv = Some(open_output("CSV", path, append)?);
    }
    if let (Some(path), true) = (&cli.export, actions.writes_export()) {
        actions.export = Some(open_output("export", path, false)?);
    }
    let limits = Limits { generate, produce, seed, threads, swap, progress: cli.meter };
    let outcome = match run(&compiled, &compiled.tables, deal_source, numbering, &limits, &mut actions, out) {
        Ok(o) => o,
        Err(RunError::Io(e)) => return Err(Failure::Io(e)),
        Err(RunError::Fault { fault, deal }) => {
            let what = if fault.remainder { "remainder of a division by zero" } else { "division by zero" };
            let site = &compiled.program.sites[fault.site as usize];
            let span = compiled.site_spans[fault.site as usize];
            return Err(input_error(
                Diagnostic::at(span, format!("{what} in {site}"))
                    .with_label("the divisor is 0")
                    .with_note(format!("it happened on deal number {deal} (seed {seed})")),
            ));
        }
    };
    actions.finish(out)?;
    actions.commit_files().map_err(|e| Failure::Input(Diagnostic::error(format!("cannot write an output file: {}", io_reason(&e))).render(None)))?;
    if cli.verbose.is_multiple_of(2) {
        if let Some(t) = &title {
            writeln!(out, "\n{t}")?;
        }
        writeln!(out, "Generated {} hands", outcome.generated)?;
        writeln!(out, "Produced  {} hands", outcome.produced)?;
        writeln!(out, "Initial random seed {seed}")?;
        writeln!(out, "Time needed {:8.3} sec", start.elapsed().as_secs_f64())?;
    }
    Ok(())
}
