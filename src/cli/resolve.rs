//! The command line resolved once. [`Cli`] is what clap parsed: the switches as they were
//! typed, most of them text. [`resolve`] turns it, in this one place, into an [`Invocation`]:
//! what the command does, what it reads, the run's settings as the switches give them and the
//! files it writes, every value parsed and every rule between switches checked. The library
//! call that carries it out ([`crate::invocation`]) never sees the raw switches.

use crate::cli::args::table_files::TableFiles;
use crate::cli::args::Cli;
use crate::cli::failure::{switch_error, Failure};
use crate::compile::DdSwitches;
use crate::diag::Diagnostic;
use crate::formats;
use crate::invocation::outputs::{OutputFile, OutputKind, Outputs, Pages, Warnings};
use crate::invocation::request::{Input, Invocation, Mode, Switches};
use crate::report::charts::Form as ChartsForm;
use crate::run::Shard;
use crate::tournament::hand_records::{BoardsPerPage, Format as HandRecordForm, Paper};
use dealvm_vm::card::Seat;
use dealvm_vm::dealing::classic::ClassicBuild;
use dealvm_vm::evaluation::dd::{DdMode, PAR_VULNERABILITIES};
use dealvm_vm::machine::batch::{Swap, MAX_DEALS};
use std::path::PathBuf;
use std::time::Duration;

/// The most threads started per processor core, whatever `-R` asks.
pub const THREADS_PER_CORE: usize = 4;

/// The invocation `cli` asks for (a run: not `--generate` nor `--version`, which the command
/// answers itself), or the first switch found wrong.
pub fn resolve(cli: &Cli) -> Result<Invocation, Failure> {
    let outputs = outputs(cli)?;
    let input = input(cli)?;
    let mode = mode(cli, &input, &outputs)?;
    let switches = switches(cli, &mode)?;
    Ok(Invocation::new(mode, input, switches, outputs, cli.command_line.clone()))
}

/// What the command does, its switches checked against the others.
fn mode(cli: &Cli, input: &Input, outputs: &Outputs) -> Result<Mode, Failure> {
    if let Some(text) = &cli.classic {
        let build = match text.trim() {
            "debian" => ClassicBuild::Debian,
            "exe" => ClassicBuild::Exe,
            other => {
                return Err(switch_error(format!(
                    "--classic takes nothing (Debian's /usr/games/dealer), `=debian` or `=exe` (the Windows dealer.exe), found `={other}`"
                )))
            }
        };
        refuse_with_classic(cli, input, outputs)?;
        return Ok(Mode::Classic { build, seed: cli.seed.as_deref().map(classic_seed).transpose()? });
    }
    if cli.shard.is_none() && cli.part.is_none() {
        return Ok(Mode::Deal);
    }
    let Some(text) = cli.shard.as_deref() else {
        return Err(switch_error("--part FILE writes a shard's part file: give --shard K/N too".into()));
    };
    let bad = || switch_error(format!("--shard takes K/N, shard K of N with 0 <= K < N (such as 0/4 ... 3/4), found `{text}`"));
    let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
    let (index, count) = (k.trim().parse::<u64>().map_err(|_| bad())?, n.trim().parse::<u64>().map_err(|_| bad())?);
    if index >= count {
        return Err(bad());
    }
    let Some(part) = cli.part.clone() else {
        return Err(switch_error("--shard K/N needs --part FILE: the file where the shard writes its part of the run".into()));
    };
    let refused = |what: &str| Err(switch_error(format!("--shard with {what} is not supported yet: shards deal at random")));
    if input.deals.is_some() {
        return refused("--deals");
    }
    if input.library.is_some() {
        return refused("-L");
    }
    if cli.dump_bytecode {
        return Err(switch_error("--shard deals part of a run and --dump-bytecode deals nothing; give one of them".into()));
    }
    if cli.command_line.is_none() {
        return Err(switch_error("--shard: the command line must be UTF-8 text, to be recorded in the part file".into()));
    }
    Ok(Mode::Shard { shard: Shard { index, count }, part })
}

/// Refuses the switches classic Dealer has no counterpart of.
fn refuse_with_classic(cli: &Cli, input: &Input, outputs: &Outputs) -> Result<(), Failure> {
    let files = outputs.files.iter().map(|f| (f.switch(), true));
    let given = [
        ("--sealed", outputs.sealed),
        ("--se", cli.se),
        ("--until-se", cli.until_se.is_some()),
        ("--deals", input.deals.is_some()),
        ("-L", input.library.is_some()),
        ("--shard", cli.shard.is_some() || cli.part.is_some()),
        ("--rotate", cli.rotate),
        ("--board-start", cli.board_start.is_some()),
        ("-T", cli.title.is_some()),
        ("--dd", cli.dd),
    ];
    match files.chain(given).find(|(_, on)| *on) {
        Some((switch, _)) => Err(switch_error(format!(
            "{switch} cannot go with --classic, which behaves as Debian's dealer: it has no such switch; leave out one of them"
        ))),
        None => Ok(()),
    }
}

/// The seed given to classic Dealer's `srand()`: `-s N`, a negative one too (Dealer reads a
/// `long`).
fn classic_seed(text: &str) -> Result<i64, Failure> {
    let text = text.trim();
    text.parse::<i64>()
        .ok()
        .filter(|&s| s != i64::MIN && s != i64::MAX)
        .ok_or_else(|| switch_error(format!("-s takes a whole number between {} and {}, found `{text}`", i64::MIN + 1, i64::MAX - 1)))
}

/// What the run reads.
fn input(cli: &Cli) -> Result<Input, Failure> {
    if cli.library.is_some() && cli.deals.is_some() {
        return Err(switch_error("-L and --deals both give the deals of the run; give one of them".into()));
    }
    let is_dash = |p: &Option<PathBuf>| p.as_ref().is_some_and(|p| p.as_os_str() == "-");
    if is_dash(&cli.deals) && is_dash(&cli.file) {
        return Err(switch_error("--deals - and the input file `-` both read standard input; give one of them as a file".into()));
    }
    let predeal = [("-N", Seat::North, &cli.north), ("-E", Seat::East, &cli.east), ("-S", Seat::South, &cli.south), ("-W", Seat::West, &cli.west)];
    Ok(Input {
        file: cli.file.clone(),
        script_vars: [
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
        ],
        predeal: predeal.into_iter().filter_map(|(switch, seat, value)| value.clone().map(|v| (switch, seat, v))).collect(),
        deals: cli.deals.clone(),
        library: cli.library.clone(),
        ..Input::default()
    })
}

/// The run's settings as the switches give them.
fn switches(cli: &Cli, mode: &Mode) -> Result<Switches, Failure> {
    // (Asked only when needed: the system answers by reading files. Without `-R`, the run asks
    // it, and only when it has work for more than one thread.)
    let cores = || crate::run::threads_meant(crate::run::EVERY_CORE);
    let swap = match cli.swap.as_deref().map(str::trim) {
        None => Swap::None,
        Some("2") => Swap::EastWest,
        Some("3") => Swap::EastSouthWest,
        Some(other) => return Err(switch_error(format!("-x takes 2 or 3, found `{other}`"))),
    };
    Ok(Switches {
        generate: cli.generate.as_deref().map(|g| deals_switch("-g", g, 1)).transpose()?,
        produce: cli.produce.as_deref().map(|p| deals_switch("-p", p, 1)).transpose()?,
        seed: match mode {
            // Dealer's seed is the mode's.
            Mode::Classic { .. } => None,
            _ => cli.seed.as_deref().map(|s| number_within("-s", s, 0, u64::MAX)).transpose()?,
        },
        threads: match &cli.threads {
            // More threads than this only wait on each other; the output is the same anyway.
            Some(n) => match number_within("-R", n, 1, u64::MAX)? {
                1 => 1,
                n => n.min((THREADS_PER_CORE * cores()) as u64) as usize,
            },
            None => crate::run::EVERY_CORE,
        },
        title: cli.title.clone(),
        swap,
        board_start: cli.board_start.as_deref().map(|b| deals_switch("--board-start", b, 1)).transpose()?,
        debug: debug_level(cli.debug.as_deref())?,
        dd: dd_switches(cli)?,
        usereval: match cli.usereval.as_deref() {
            Some(p) if p.trim().is_empty() => return Err(switch_error("-U takes the path of the usereval server program, found nothing".into())),
            p => p.map(str::to_string),
        },
        usereval_timeout: usereval_timeout(cli.usereval_timeout.as_deref())?,
        until_se: cli.until_se.as_deref().map(until_se).transpose()?,
        statistics: cli.verbose.is_multiple_of(2),
        quiet: cli.quiet,
        meter: cli.meter,
        standard_errors: cli.se,
        rotate: cli.rotate,
        rejection: cli.rejection,
        plain: cli.plain || cli.reference,
        reference: cli.reference,
        dump_bytecode: cli.dump_bytecode,
    })
}

/// `--until-se X`: a positive standard error.
fn until_se(text: &str) -> Result<f64, Failure> {
    text.trim().parse::<f64>().ok().filter(|x| x.is_finite() && *x > 0.0).ok_or_else(|| {
        switch_error(format!(
            "--until-se takes the standard error to stop at, a positive number such as 0.01 (in the units of the first `average`), found `{text}`"
        ))
    })
}

/// `--usereval-timeout SECONDS` (the default without it).
fn usereval_timeout(text: Option<&str>) -> Result<Duration, Failure> {
    match text.map(str::trim) {
        None => Ok(crate::usereval::DEFAULT_TIMEOUT),
        Some(t) => match t.parse::<f64>() {
            Ok(s) if s > 0.0 && s <= 1e6 => Ok(Duration::from_secs_f64(s)),
            _ => Err(switch_error(format!("--usereval-timeout takes a number of seconds such as 10 or 0.5, found `{t}`"))),
        },
    }
}

/// The evaluation switches: `-M 1|2` (single solves or whole tables), `-P 0-3` (the
/// vulnerability of `par`: none, NS, EW, both) and `-O seat` (the opener of `opc`: north or N,
/// ...); whether an output file takes each deal's double-dummy table follows from the files.
fn dd_switches(cli: &Cli) -> Result<DdSwitches, Failure> {
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
    Ok(DdSwitches { mode, par_vul, opener, output_tables: false })
}

/// The level of `-D` (DealerV2 also takes `3.7`, the part after the point being for its
/// usereval server).
fn debug_level(text: Option<&str>) -> Result<u32, Failure> {
    let Some(text) = text else { return Ok(0) };
    let whole = text.trim().split('.').next().unwrap_or("");
    whole.parse::<u32>().map_err(|_| switch_error(format!("-D takes a level such as 0, 1 or 2, found `{text}`")))
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

/// The switches that name output files, as clap read them (the command's, or `dealvm
/// merge`'s): the files of `--pbn`, `--dlm` and `--json` as paths, the values of `-C`, `-X`,
/// `-Z` and `-l` as text (they carry flags before the file).
pub struct OutputSwitches<'a> {
    pub pbn: &'a Option<PathBuf>,
    pub dlm: &'a Option<PathBuf>,
    pub csv: &'a Option<String>,
    pub export: &'a Option<String>,
    pub zrd: &'a Option<String>,
    pub dl52: &'a Option<String>,
    pub json: &'a Option<PathBuf>,
    pub charts: &'a Option<PathBuf>,
    /// `--dup`, `--bri`, ... `--sealed`.
    pub table: &'a TableFiles,
}

impl OutputSwitches<'_> {
    /// The files named, each value read and checked, in the order of [`OutputKind::all`].
    pub fn files(&self) -> Result<Vec<OutputFile>, Failure> {
        let path = |p: &PathBuf| (p.to_string_lossy().into_owned(), Some(p.clone()));
        let text = |v: &String| (v.clone(), None);
        let mut given: Vec<(OutputKind, (String, Option<PathBuf>))> = Vec::new();
        given.extend(self.pbn.as_ref().map(|p| (OutputKind::File(formats::Format::Pbn), path(p))));
        given.extend(self.dlm.as_ref().map(|p| (OutputKind::File(formats::Format::Dlm), path(p))));
        given.extend(self.table.boards.0.iter().map(|(f, p)| (OutputKind::File(*f), path(p))));
        given.extend(self.table.hand_records.as_ref().map(|p| (OutputKind::HandRecords, path(p))));
        given.extend(self.csv.as_ref().map(|v| (OutputKind::Csv, text(v))));
        given.extend(self.export.as_ref().map(|v| (OutputKind::Export, text(v))));
        given.extend(self.zrd.as_ref().map(|v| (OutputKind::File(formats::Format::Zrd), text(v))));
        given.extend(self.dl52.as_ref().map(|v| (OutputKind::File(formats::Format::Dl52), text(v))));
        given.extend(self.json.as_ref().map(|p| (OutputKind::Json, path(p))));
        given.extend(self.charts.as_ref().map(|p| (OutputKind::Charts, path(p))));
        let order: Vec<OutputKind> = OutputKind::all().collect();
        given.sort_by_key(|(format, _)| order.iter().position(|f| f == format));
        given.into_iter().map(|(format, (value, path))| output_file(format, &value, path)).collect()
    }

    /// The output files named, with `--dd` (`dd`), `--sealed` and the hand records' pages;
    /// `--sealed` without a file to seal, and the pages' switches without hand records, are
    /// refused.
    pub fn outputs(&self, dd: bool) -> Result<Outputs, Failure> {
        let table = self.table;
        let outputs = Outputs { files: self.files()?, dd, sealed: table.sealed, pages: pages(table)?, memory: None, warnings: Warnings::default() };
        let sealable: Vec<&str> =
            OutputKind::all().filter(|f| matches!(f, OutputKind::File(x) if x.facts().sealed.is_some())).map(OutputKind::switch).collect();
        if outputs.sealed && !outputs.files.iter().any(|f| sealable.contains(&f.switch())) {
            let files: Vec<String> = sealable.iter().map(|s| format!("{s} FILE")).collect();
            return Err(switch_error(format!("--sealed seals the {} files; give {} too", sealable.join(" and "), files.join(" or "))));
        }
        if let Some(f) = outputs.get(OutputKind::HandRecords).filter(|f| !f.on_stdout()) {
            if HandRecordForm::of_path(&f.path).is_none() {
                return Err(switch_error(format!(
                    "--hand-records {}: name the file .html, .pdf or .txt (the format of the hand records), or - for text on standard output",
                    f.path.display()
                )));
            }
        }
        if let Some(f) = outputs.get(OutputKind::Charts) {
            ChartsForm::for_file(&f.path).map_err(switch_error)?;
        }
        let given = [("--paper", table.paper.is_some()), ("--boards-per-page", table.boards_per_page.is_some()), ("--date", table.date.is_some())];
        if let Some((switch, _)) = given.iter().find(|(_, on)| *on).filter(|_| !outputs.has(OutputKind::HandRecords)) {
            return Err(switch_error(format!("{switch} lays out the hand records; give --hand-records FILE too")));
        }
        Ok(outputs)
    }
}

/// `--paper`, `--boards-per-page` and `--date`.
fn pages(table: &TableFiles) -> Result<Pages, Failure> {
    let paper = match table.paper.as_deref().map(str::trim) {
        None => Paper::default(),
        Some(p) => Paper::from_name(p).ok_or_else(|| switch_error(format!("--paper takes a4 or letter, found `{p}`")))?,
    };
    let per_page = match table.boards_per_page.as_deref().map(str::trim) {
        None => BoardsPerPage::default(),
        Some(n) => n
            .parse::<usize>()
            .ok()
            .and_then(BoardsPerPage::from_count)
            .ok_or_else(|| switch_error(format!("--boards-per-page takes 4 or 6, found `{n}`")))?,
    };
    Ok(Pages { paper, per_page, date: table.date.clone(), kept_form: None })
}

/// Refuses a `-C`, `-Z` or `-l` value that names no file: its flags alone (`N`, `w:`), a
/// colon with no flags before it, or a bare number (`-Z 40`, taken for a count).
fn check_spec(format: OutputKind, spec: &str) -> Result<(), Failure> {
    let (switch, flags) = (format.switch(), format.flag_letters());
    if flags.is_empty() {
        return Ok(());
    }
    let are_flags = |s: &str| !s.is_empty() && s.len() <= flags.len() && s.chars().all(|c| flags.contains(c));
    let refuse = |why: String| Err(switch_error(format!("{switch} `{spec}`: {why}")));
    let letters: String = flags.chars().map(|c| format!("[{c}]")).collect();
    match spec.split_once(':') {
        Some(("", _)) => refuse(format!("a colon with no flag letters before it; write {switch} FILE or {switch} {letters}:FILE")),
        Some((f, "")) if are_flags(f) => refuse(format!("no file after the colon; write {switch} {f}:FILE")),
        None if are_flags(spec) => refuse(format!(
            "`{spec}` holds only {switch}'s flag letters and names no file; write {switch} {spec}:FILE (or {switch} ./{spec} for a file called {spec})"
        )),
        None if !spec.is_empty() && spec.bytes().all(|b| b.is_ascii_digit()) => refuse(format!(
            "`{spec}` is a number, not a file name ({switch} names the file to write; -p sets the number of deals); \
             write {switch} ./{spec} for a file called {spec}"
        )),
        _ => Ok(()),
    }
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

/// The output files, each value read (`[N][w]:FILE`) and checked.
fn outputs(cli: &Cli) -> Result<Outputs, Failure> {
    let named = OutputSwitches {
        pbn: &cli.pbn,
        dlm: &cli.dlm,
        csv: &cli.csv,
        export: &cli.export,
        zrd: &cli.zrd,
        dl52: &cli.dl52,
        json: &cli.json,
        charts: &cli.charts,
        table: &cli.table,
    };
    let outputs = named.outputs(cli.dd)?;
    if outputs.dd && !outputs.has(OutputKind::File(formats::Format::Pbn)) {
        return Err(switch_error("--dd adds double-dummy tables to the boards of the --pbn file; give --pbn FILE too".into()));
    }
    Ok(outputs)
}

/// The file of `format`'s switch given `value` (`[N][w]:FILE` for `-Z` and `-l`, `[w:]FILE`
/// for `-C`, else the file; `path`: the file as given, when it need not be UTF-8).
fn output_file(format: OutputKind, value: &str, path: Option<PathBuf>) -> Result<OutputFile, Failure> {
    check_spec(format, value)?;
    let (flags, file) = match format {
        OutputKind::Csv => value.strip_prefix("w:").map_or(("", value), |p| ("w:", p)),
        OutputKind::File(f) if f.facts().records => {
            let f = record_file(value);
            (&value[..value.len() - f.path.len()], f.path)
        }
        _ => ("", value),
    };
    if file.is_empty() {
        return Err(switch_error(format!("{} needs a file name", format.switch())));
    }
    let append = format.appends() && !flags.contains('w');
    let no_solving = format == OutputKind::File(formats::Format::Zrd) && flags.contains('N');
    Ok(OutputFile { format, path: path.unwrap_or_else(|| file.into()), append, no_solving, flags: flags.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolved(args: &[&str]) -> Result<Invocation, String> {
        let cli = Cli::parse_args(std::iter::once("dealvm").chain(args.iter().copied())).map_err(|e| e.to_string())?;
        resolve(&cli).map_err(|f| f.message().to_string())
    }

    #[test]
    fn every_value_is_read_once_into_its_type() {
        let inv = resolved(&[
            "-p", "5", "-g1000", "-s", "7", "-x", "3", "-R", "1", "-Z", "Nw:z.zrd", "-C", "w:c.csv", "--pbn", "a.pbn", "--dd", "-M2", "-P", "1",
            "-O", "s", "-v", "-N", "SAK", "-1", "15", "x.dli",
        ])
        .unwrap();
        assert!(matches!(inv.mode, Mode::Deal));
        let s = &inv.switches;
        assert_eq!((s.produce, s.generate, s.seed, s.threads, s.swap), (Some(5), Some(1000), Some(7), 1, Swap::EastSouthWest));
        assert!(!s.statistics);
        assert_eq!((s.dd.mode, s.dd.opener, s.dd.output_tables), (Some(DdMode::Table), Some(Seat::South), true));
        let zrd = inv.outputs.get(OutputKind::File(formats::Format::Zrd)).unwrap();
        assert_eq!((zrd.path.to_str(), zrd.no_solving, zrd.append, zrd.flags.as_str()), (Some("z.zrd"), true, false, "Nw:"));
        let csv = inv.outputs.get(OutputKind::Csv).unwrap();
        assert_eq!((csv.path.to_str(), csv.append), (Some("c.csv"), false));
        assert_eq!(inv.input.predeal, vec![("-N", Seat::North, "SAK".to_string())]);
        assert_eq!(inv.input.script_vars[1].as_deref(), Some("15"));
    }

    #[test]
    fn the_seed_is_read_as_the_mode_reads_it() {
        assert!(resolved(&["-s", "-5", "x.dli"]).unwrap_err().contains("negative number -5"));
        let classic = resolved(&["--classic", "-s", "-5", "x.dli"]).unwrap();
        assert!(matches!(classic.mode, Mode::Classic { build: ClassicBuild::Debian, seed: Some(-5) }));
        assert_eq!(classic.switches.seed, None);
    }

    #[test]
    fn switches_that_cannot_go_together_are_refused_before_anything_is_read() {
        for (args, text) in [
            (&["--part", "p", "x.dli"][..], "give --shard K/N too"),
            (&["--shard", "2/2", "--part", "p", "x.dli"], "--shard takes K/N"),
            (&["--shard", "0/2", "x.dli"], "needs --part FILE"),
            (&["--shard", "0/2", "--part", "p", "--deals", "d.pbn"], "--shard with --deals"),
            (&["--classic", "--pbn", "a.pbn", "x.dli"], "--pbn cannot go with --classic"),
            (&["--classic=dos", "x.dli"], "--classic takes nothing"),
            (&["--dd", "x.dli"], "give --pbn FILE too"),
            (&["-L", "lib", "--deals", "d.pbn"], "give one of them"),
            (&["-Z", "Nw", "x.dli"], "names no file"),
            (&["-p", "x", "x.dli"], "-p takes a whole number"),
            (&["-U", " ", "x.dli"], "-U takes the path"),
        ] {
            let message = resolved(args).unwrap_err();
            assert!(message.contains(text), "{args:?}: {message}");
        }
    }

    #[test]
    fn a_run_given_no_switch_has_the_settings_of_switches_default() {
        // The server builds its invocations from `Switches::default()`: the command's own.
        let inv = resolved(&["x.dli"]).unwrap();
        let ours = format!("{:?}", inv.switches);
        assert_eq!(ours, format!("{:?}", Switches::default()));
    }
}
