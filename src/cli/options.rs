//! Merging the switches with the input file: how many deals, which seed, how many threads,
//! the title, swapping, board numbers, the usereval server; and the switches checked but not
//! used yet.

use crate::api::run::dealer_limits;
use crate::cli::args::Cli;
use crate::cli::failure::{switch_error, Failure};
use crate::compile::{Compiled, DdSwitches};
use crate::front::diag::Diagnostic;
use crate::run::plan::os_seed;
use crate::source::Deals;
use dealvm_vm::card::Seat;
use dealvm_vm::evaluation::dd::{DdMode, PAR_VULNERABILITIES};
use dealvm_vm::machine::batch::{Swap, MAX_DEALS};

/// The most threads started per processor core, whatever `-R` asks.
pub const THREADS_PER_CORE: usize = 4;

/// The settings of a run: each switch beats the input file's statement, which beats Dealer's
/// default.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// Deals to examine at most.
    pub generate: u64,
    /// Deals to produce at most.
    pub produce: u64,
    /// The seed of the random generator (never 0).
    pub seed: u64,
    /// Threads to deal on.
    pub threads: usize,
    /// The title, when not empty.
    pub title: Option<String>,
    /// Swapping (`-x`).
    pub swap: Swap,
    /// The number of the first board, when the boards are numbered from it.
    pub first_board: Option<u64>,
    /// Whether the seed was given (`-s N` or `seed N`, not 0) rather than chosen: `--shard`
    /// needs one, and `-L` warns about a given seed past the library.
    pub seed_given: bool,
    /// `-D`: at 2 and above, the end of the run counts the double-dummy solves.
    pub debug: u32,
    /// `-U` and `--usereval-timeout`: the server that answers `usereval`, when the program
    /// asks it.
    pub usereval: Option<crate::usereval::Config>,
    /// `--until-se X`: stop after the batch at whose end the first `average`'s standard
    /// error is at most X.
    pub until_se: Option<f64>,
}

impl RunSettings {
    /// The settings of a run of `compiled` over `deals`.
    pub fn merge(cli: &Cli, compiled: &Compiled, deals: &Deals) -> Result<RunSettings, Failure> {
        let generate = cli.generate.as_deref().map(|g| deals_switch("-g", g, 1)).transpose()?;
        let produce = cli.produce.as_deref().map(|p| deals_switch("-p", p, 1)).transpose()?;
        let seed = match &cli.seed {
            Some(s) => number_switch("-s", s, 0)?,
            None => compiled.settings.seed.unwrap_or(0),
        };
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = match &cli.threads {
            // More threads than this only wait on each other; the output is the same anyway.
            Some(n) => (number_switch("-R", n, 1)?).min((THREADS_PER_CORE * cores) as u64) as usize,
            None => cores,
        };
        let swap = match deals {
            // The library's deals (-L) are taken as they are, as DealerV2 does; a zrd file read
            // with --deals is swapped like any other file of deals.
            Deals::Library(_) if cli.library.is_some() && cli.swap.is_some() => {
                eprint!("{}", Diagnostic::error("-L: swapping (-x) is ignored: the deals come from the library as they are").render_warning(None));
                Swap::None
            }
            _ => swap(cli, compiled)?,
        };
        let first_board = match &cli.board_start {
            Some(b) => Some(deals_switch("--board-start", b, 1)?),
            None => compiled.settings.start_board,
        };
        let prints = compiled.prints_deals || cli.pbn.is_some() || cli.dlm.is_some();
        let copies = swap.permutations().len() as u64;
        let (generate, produce) = dealer_limits(&compiled.settings, generate, produce, prints, deals.available(), copies);
        Ok(RunSettings {
            generate,
            produce,
            seed: match deals {
                _ if seed != 0 => seed,
                Deals::Library(library) if cli.library.is_some() => library_seed(library),
                _ => os_seed(),
            },
            seed_given: seed != 0,
            threads,
            title: cli.title.clone().or_else(|| compiled.settings.title.clone()).filter(|t| !t.is_empty()),
            swap,
            first_board,
            debug: debug_level(cli)?,
            usereval: usereval(cli, compiled)?,
            until_se: until_se(cli, compiled)?,
        })
    }
}

/// `--until-se X`: a positive standard error, for a run whose actions have an `average` (the
/// first one is the one measured).
fn until_se(cli: &Cli, compiled: &Compiled) -> Result<Option<f64>, Failure> {
    let Some(text) = cli.until_se.as_deref() else { return Ok(None) };
    let x = text.trim().parse::<f64>().ok().filter(|x| x.is_finite() && *x > 0.0).ok_or_else(|| {
        switch_error(format!(
            "--until-se takes the standard error to stop at, a positive number such as 0.01 (in the units of the first `average`), found `{text}`"
        ))
    })?;
    // With --pbn or --dlm, an input without an `action` statement has no actions.
    let boards = cli.pbn.is_some() || cli.dlm.is_some();
    let averages = compiled.actions.iter().any(|a| matches!(a, crate::compile::ActionSpec::Average { .. }));
    if !averages || (boards && !compiled.explicit_actions) {
        return Err(switch_error(
            "--until-se X stops the run once the standard error of the first `average` action is at most X, but the input has no `average` action; \
             add one, such as `action average hcp(north)`"
                .into(),
        ));
    }
    Ok(Some(x))
}

/// The swapping of `-x`, refused when it would move a predealt hand.
pub(crate) fn swap(cli: &Cli, compiled: &Compiled) -> Result<Swap, Failure> {
    let swap = match cli.swap.as_deref().map(str::trim) {
        None => Swap::None,
        Some("2") => Swap::EastWest,
        Some("3") => Swap::EastSouthWest,
        Some(other) => return Err(switch_error(format!("-x takes 2 or 3, found `{other}`"))),
    };
    for &seat in swap.moved_seats() {
        if compiled.seat_predealt(seat) {
            return Err(switch_error(format!(
                "-x {} moves {}'s hand, but {} has predealt cards or suit lengths",
                cli.swap.as_deref().unwrap_or_default().trim(),
                seat.keyword(),
                seat.keyword()
            )));
        }
    }
    Ok(swap)
}

/// The usereval server of `-U`, with the time limit of `--usereval-timeout`, when the program
/// asks `usereval` (the compiler refused a program that asks without `-U`).
fn usereval(cli: &Cli, compiled: &Compiled) -> Result<Option<crate::usereval::Config>, Failure> {
    let timeout = match cli.usereval_timeout.as_deref().map(str::trim) {
        None => crate::usereval::DEFAULT_TIMEOUT,
        Some(t) => match t.parse::<f64>() {
            Ok(s) if s > 0.0 && s <= 1e6 => std::time::Duration::from_secs_f64(s),
            _ => return Err(switch_error(format!("--usereval-timeout takes a number of seconds such as 10 or 0.5, found `{t}`"))),
        },
    };
    if cli.usereval.as_deref().is_some_and(|p| p.trim().is_empty()) {
        return Err(switch_error("-U takes the path of the usereval server program, found nothing".into()));
    }
    let program = cli.usereval.as_ref().filter(|_| compiled.program.uses_usereval());
    Ok(program.map(|p| crate::usereval::Config { program: p.into(), timeout }))
}

/// A file of deal records as `-Z` and `-l` name it: `[N][w]:FILE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordFile<'a> {
    /// `N`: the double-dummy results are not solved (written as zero).
    pub no_solving: bool,
    /// `w`: the file starts afresh (else the records are added to it).
    pub fresh: bool,
    pub path: &'a str,
}

/// Reads `[N][w]:FILE` (DealerV2's form: `N:f`, `w:f`, `Nw:f`; without a colon, just the file).
pub fn record_file(spec: &str) -> RecordFile<'_> {
    match spec.split_once(':') {
        Some((flags, path)) if !flags.is_empty() && flags.len() <= 2 && flags.chars().all(|c| c == 'N' || c == 'w') => {
            RecordFile { no_solving: flags.contains('N'), fresh: flags.contains('w'), path }
        }
        _ => RecordFile { no_solving: false, fresh: false, path: spec },
    }
}

/// The evaluation switches: `-M 1|2` (single solves or whole tables), `-P 0-3` (the
/// vulnerability of `par`: none, NS, EW, both) and `-O seat` (the opener of `opc`: north or N, ...).
pub fn dd_switches(cli: &Cli) -> Result<DdSwitches, Failure> {
    let mode = match cli.dds_mode.as_deref().map(str::trim) {
        None => None,
        Some("1") => Some(DdMode::Single),
        Some("2") => Some(DdMode::Table),
        Some(m) => return Err(switch_error(format!("-M takes 1 (single solves) or 2 (whole tables), found `{m}`"))),
    };
    let par_vul = match cli.par_vul.as_deref().map(str::trim) {
        None => None,
        Some(p) => match p.parse::<usize>() {
            Ok(i @ 0..=3) => Some(PAR_VULNERABILITIES[i]),
            _ => return Err(switch_error(format!("-P takes 0 (none), 1 (NS), 2 (EW) or 3 (both), found `{p}`"))),
        },
    };
    let opener = match cli.opener.as_deref().map(str::trim) {
        None => None,
        Some(o) => match Seat::ALL.into_iter().find(|s| o.eq_ignore_ascii_case(s.keyword()) || o.eq_ignore_ascii_case(&s.keyword()[..1])) {
            Some(seat) => Some(seat),
            None => return Err(switch_error(format!("-O takes the opener's seat, north, east, south or west (or N, E, S, W), found `{o}`"))),
        },
    };
    let zrd_solves = cli.zrd.as_deref().is_some_and(|spec| !record_file(spec).no_solving);
    Ok(DdSwitches { mode, par_vul, opener, output_tables: (cli.dd && cli.pbn.is_some()) || zrd_solves })
}

/// The level of `-D` (DealerV2 also takes `3.7`, the part after the point being for its
/// usereval server).
fn debug_level(cli: &Cli) -> Result<u32, Failure> {
    let Some(text) = cli.debug.as_deref() else { return Ok(0) };
    let whole = text.trim().split('.').next().unwrap_or("");
    whole.parse::<u32>().map_err(|_| switch_error(format!("-D takes a level such as 0, 1 or 2, found `{text}`")))
}

/// Parses a numeric switch value: a whole number, `min` or more.
fn number_switch(switch: &str, value: &str, min: u64) -> Result<u64, Failure> {
    number_within(switch, value, min, u64::MAX)
}

/// Parses a count of deals or a board number: a whole number from `min` to
/// [`MAX_DEALS`] (2^62).
fn deals_switch(switch: &str, value: &str, min: u64) -> Result<u64, Failure> {
    number_within(switch, value, min, MAX_DEALS)
}

/// Parses a numeric switch value: a whole number from `min` to `max`.
fn number_within(switch: &str, value: &str, min: u64, max: u64) -> Result<u64, Failure> {
    let refuse = |why: String| Err(Failure::Input(Diagnostic::error(why).render(None)));
    let text = value.trim();
    match text.parse::<u64>() {
        Ok(n) if n > max => refuse(format!("{switch} takes a whole number up to {max} (2^62), found {n}")),
        Ok(n) if n >= min => Ok(n),
        Ok(n) => refuse(format!("{switch} must be at least {min} (found {n})")),
        Err(_) if text.starts_with('-') && text[1..].parse::<u64>().is_ok() => {
            refuse(format!("{switch} takes a whole number, {min} or more; found the negative number {text}"))
        }
        Err(_) if text.parse::<u128>().is_ok() => refuse(format!("{switch} takes a whole number up to {}, found {text}", u64::MAX)),
        Err(_) => refuse(format!("{switch} takes a whole number, found `{value}`")),
    }
}

/// A seed chosen for a run over a library (`-L` without a seed): a block of the library, from
/// 1 to the last (a seed of 0 would mean "choose"), so that the seed printed at the end, given
/// back with `-s`, starts at the same block. A library of one block has only block 0: seed 1
/// names it (with `-s 1`, a warning says that block 1 is past the library).
fn library_seed(library: &crate::source::zrd::Library) -> u64 {
    1 + os_seed() % library.last_block().max(1)
}
