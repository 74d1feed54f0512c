//! The output files of the command line, resolved: each format with its switch
//! ([`Format`], the one place that names them), each file asked for ([`OutputFile`], with
//! the flags of `-C`, `-Z` and `-l`), the files of a run ([`Outputs`], with `--dd`,
//! `--sealed` and the hand records' pages), and the switches that name them, the command's
//! and `dealvm merge`'s ([`OutputSwitches`]).

use crate::cli::args::Cli;
use crate::cli::failure::{switch_error, Failure};
use crate::cli::table_files::TableFiles;
use crate::formats::{self, Sealed};
use crate::report::charts::Form as ChartsForm;
use crate::tournament::hand_records::{BoardsPerPage, Format as HandRecordForm, Paper};
use std::path::PathBuf;

/// The output files, each with its switch: the board files and the files of deal records of
/// the registry ([`crate::formats`]), the hand records, and the files of the actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A file of one of the registry's formats: `--pbn`, `--dup`, ..., `-Z`, `-l`.
    File(formats::Format),
    /// `--hand-records`: the hand records, HTML, PDF or text.
    HandRecords,
    /// `-C`: the lines of `csvrpt`.
    Csv,
    Export,
    Json,
    /// `--charts`: the charts of the statistics, an HTML page or an SVG document.
    Charts,
}

impl Format {
    /// Every output, in the order of the checks: the board files, the hand records, the
    /// actions' lines, the files of deal records, the statistics.
    pub fn all() -> impl Iterator<Item = Format> {
        let files = |records: bool| {
            formats::Format::ALL.into_iter().filter(move |f| f.facts().records == records && f.facts().switch.shown().is_some()).map(Format::File)
        };
        files(false).chain([Format::HandRecords, Format::Csv, Format::Export]).chain(files(true)).chain([Format::Json, Format::Charts])
    }

    /// The switch that names the file: `--pbn`, `--dlm`, `--dup`, ..., `-C`, `-X`, `-Z`, `-l`,
    /// `--json`, `--charts`.
    pub fn switch(self) -> &'static str {
        match self {
            Format::File(f) => f.facts().switch.shown().unwrap_or_default(),
            Format::HandRecords => "--hand-records",
            Format::Csv => "-C",
            Format::Export => "-X",
            Format::Json => "--json",
            Format::Charts => "--charts",
        }
    }

    /// What the file is: `PBN`, `DLM`, `DUP`, ..., `Big Deal CSV`, `CSV`, `export`, `zrd`,
    /// `DL52`, `JSON`, `charts`.
    pub fn what(self) -> &'static str {
        match self {
            Format::File(f) => f.what(),
            Format::HandRecords => "hand records",
            Format::Csv => "CSV",
            Format::Export => "export",
            Format::Json => "JSON",
            Format::Charts => "charts",
        }
    }

    /// The flag letters the switch takes before a colon: `w` (start afresh), `N` (no solving).
    fn flag_letters(self) -> &'static str {
        match self {
            Format::Csv => "w",
            Format::File(f) if f.facts().records => "Nw",
            _ => "",
        }
    }

    /// Whether the output is added to unless its flags say `w` (`-C`, `-Z`, `-l`).
    fn appends(self) -> bool {
        !self.flag_letters().is_empty()
    }

    /// Whether the file holds boards (PBN, DLM, the hand records, Big Deal's formats), not
    /// reports or deal records.
    pub fn holds_boards(self) -> bool {
        match self {
            Format::File(f) => !f.facts().records,
            Format::HandRecords => true,
            _ => false,
        }
    }

    /// The board file written as Big Deal writes it, sealed or not (`--sealed`): the formats
    /// written at the end of the run from the boards kept for them (not PBN, nor an open DLM
    /// file, which dealvm writes as it deals and with the run's title).
    pub fn table(self, sealed: bool) -> Option<(formats::Format, Sealed)> {
        let Format::File(format) = self else { return None };
        let facts = format.facts();
        let sealed = if sealed && facts.sealed.is_some() { Sealed::Yes } else { Sealed::No };
        match format {
            formats::Format::Pbn => None,
            formats::Format::Dlm if sealed == Sealed::No => None,
            _ if facts.records => None,
            _ => Some((format, sealed)),
        }
    }

    /// The highest board number the file holds, each board once.
    pub fn last_board(self) -> Option<u64> {
        match self {
            Format::File(f) => f.last_board(),
            _ => None,
        }
    }

    /// Whether the file gives no board its dealer and vulnerability, so that a dealing machine
    /// or a scoring program takes those of the board's number in the 16-board cycle.
    pub fn follows_cycle(self) -> bool {
        matches!(self, Format::File(f) if f.follows_cycle())
    }
}

/// One output file asked for on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    pub format: Format,
    /// The file; `-` for standard output.
    pub path: PathBuf,
    /// `-C`, `-Z` and `-l` without `w`: added to.
    pub append: bool,
    /// `-Z N:FILE`: the double-dummy results are not solved (written as zero).
    pub no_solving: bool,
    /// The flags before the path (`Nw:`, `w:`), as the switch was given.
    pub flags: String,
}

impl OutputFile {
    /// The file of `format`'s switch given `value` (`[N][w]:FILE` for `-Z` and `-l`, `[w:]FILE`
    /// for `-C`, else the file; `path`: the file as given, when it need not be UTF-8).
    pub fn parse(format: Format, value: &str, path: Option<PathBuf>) -> Result<OutputFile, Failure> {
        check_spec(format, value)?;
        let (flags, file) = match format {
            Format::Csv => value.strip_prefix("w:").map_or(("", value), |p| ("w:", p)),
            Format::File(f) if f.facts().records => {
                let f = record_file(value);
                (&value[..value.len() - f.path.len()], f.path)
            }
            _ => ("", value),
        };
        if file.is_empty() {
            return Err(switch_error(format!("{} needs a file name", format.switch())));
        }
        let append = format.appends() && !flags.contains('w');
        let no_solving = format == Format::File(formats::Format::Zrd) && flags.contains('N');
        Ok(OutputFile { format, path: path.unwrap_or_else(|| file.into()), append, no_solving, flags: flags.to_string() })
    }

    /// The switch: `--pbn`, `--dlm`, `-C`, `-X`, `-Z`, `-l`, `--json`.
    pub fn switch(&self) -> &'static str {
        self.format.switch()
    }

    /// What the file is: `PBN`, `DLM`, `CSV`, `export`, `zrd`, `DL52`, `JSON`.
    pub fn what(&self) -> &'static str {
        self.format.what()
    }

    /// Whether the output goes to standard output (`-`) rather than to a file.
    pub fn on_stdout(&self) -> bool {
        self.path.as_os_str() == "-"
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
    /// The files named, each value read and checked, in the order of [`Format::all`].
    pub fn files(&self) -> Result<Vec<OutputFile>, Failure> {
        let path = |p: &PathBuf| (p.to_string_lossy().into_owned(), Some(p.clone()));
        let text = |v: &String| (v.clone(), None);
        let mut given: Vec<(Format, (String, Option<PathBuf>))> = Vec::new();
        given.extend(self.pbn.as_ref().map(|p| (Format::File(formats::Format::Pbn), path(p))));
        given.extend(self.dlm.as_ref().map(|p| (Format::File(formats::Format::Dlm), path(p))));
        given.extend(self.table.boards.0.iter().map(|(f, p)| (Format::File(*f), path(p))));
        given.extend(self.table.hand_records.as_ref().map(|p| (Format::HandRecords, path(p))));
        given.extend(self.csv.as_ref().map(|v| (Format::Csv, text(v))));
        given.extend(self.export.as_ref().map(|v| (Format::Export, text(v))));
        given.extend(self.zrd.as_ref().map(|v| (Format::File(formats::Format::Zrd), text(v))));
        given.extend(self.dl52.as_ref().map(|v| (Format::File(formats::Format::Dl52), text(v))));
        given.extend(self.json.as_ref().map(|p| (Format::Json, path(p))));
        given.extend(self.charts.as_ref().map(|p| (Format::Charts, path(p))));
        let order: Vec<Format> = Format::all().collect();
        given.sort_by_key(|(format, _)| order.iter().position(|f| f == format));
        given.into_iter().map(|(format, (value, path))| OutputFile::parse(format, &value, path)).collect()
    }

    /// The output files named, with `--dd` (`dd`), `--sealed` and the hand records' pages;
    /// `--sealed` without a file to seal, and the pages' switches without hand records, are
    /// refused.
    pub fn outputs(&self, dd: bool) -> Result<Outputs, Failure> {
        let table = self.table;
        let outputs = Outputs { files: self.files()?, dd, sealed: table.sealed, pages: pages(table)?, memory: None, warnings: Warnings::default() };
        let sealable: Vec<&str> = Format::all().filter(|f| matches!(f, Format::File(x) if x.facts().sealed.is_some())).map(Format::switch).collect();
        if outputs.sealed && !outputs.files.iter().any(|f| sealable.contains(&f.switch())) {
            let files: Vec<String> = sealable.iter().map(|s| format!("{s} FILE")).collect();
            return Err(switch_error(format!("--sealed seals the {} files; give {} too", sealable.join(" and "), files.join(" or "))));
        }
        if let Some(f) = outputs.get(Format::HandRecords).filter(|f| !f.on_stdout()) {
            if HandRecordForm::of_path(&f.path).is_none() {
                return Err(switch_error(format!(
                    "--hand-records {}: name the file .html, .pdf or .txt (the format of the hand records), or - for text on standard output",
                    f.path.display()
                )));
            }
        }
        if let Some(f) = outputs.get(Format::Charts) {
            ChartsForm::for_file(&f.path).map_err(switch_error)?;
        }
        let given = [("--paper", table.paper.is_some()), ("--boards-per-page", table.boards_per_page.is_some()), ("--date", table.date.is_some())];
        if let Some((switch, _)) = given.iter().find(|(_, on)| *on).filter(|_| !outputs.has(Format::HandRecords)) {
            return Err(switch_error(format!("{switch} lays out the hand records; give --hand-records FILE too")));
        }
        Ok(outputs)
    }
}

/// The output files of a run, at most one of each format, in the order of [`Format::all`].
#[derive(Clone, Debug, Default)]
pub struct Outputs {
    pub files: Vec<OutputFile>,
    /// `--dd`: the PBN file's boards get their double-dummy tables.
    pub dd: bool,
    /// `--sealed`: the DLM and DUP files are sealed.
    pub sealed: bool,
    /// `--paper`, `--boards-per-page`, `--date`: the hand records' pages.
    pub pages: Pages,
    /// Where the outputs named `-` go instead of standard output, when a program running the
    /// command keeps them (`dealvm serve`); `None` for the command.
    pub memory: Option<crate::files::target::Memory>,
    /// Where the run's warnings go.
    pub warnings: Warnings,
}

/// Where the warnings of a run go: standard error for the command; kept, for a program
/// running the command (`dealvm serve` answers them with the run, its log keeping its own).
#[derive(Clone, Debug, Default)]
pub struct Warnings(Option<std::sync::Arc<std::sync::Mutex<Vec<String>>>>);

impl Warnings {
    /// Warnings kept rather than printed.
    pub fn kept() -> Warnings {
        Warnings(Some(Default::default()))
    }

    /// Prints the warning `rendered` (a message as `Diagnostic::render_warning` makes it),
    /// or keeps it.
    pub fn warn(&self, rendered: String) {
        match &self.0 {
            None => eprint!("{rendered}"),
            Some(kept) => kept.lock().unwrap_or_else(|e| e.into_inner()).push(rendered),
        }
    }

    /// The warnings kept so far (none when they are printed).
    pub fn taken(&self) -> Vec<String> {
        self.0.as_ref().map(|kept| std::mem::take(&mut *kept.lock().unwrap_or_else(|e| e.into_inner()))).unwrap_or_default()
    }
}

/// The pages of the hand records, as the switches give them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pages {
    pub paper: Paper,
    pub per_page: BoardsPerPage,
    /// `--date TEXT`; `None`: today's.
    pub date: Option<String>,
    /// The form of hand records kept in memory (`dealvm serve`), which has no file name to
    /// tell it; `None` for the command.
    pub kept_form: Option<HandRecordForm>,
}

impl Pages {
    /// The form of the hand records written to `file`: by its extension, text on standard
    /// output (unless kept in memory in another form).
    pub fn form(&self, file: &OutputFile) -> HandRecordForm {
        let named = HandRecordForm::of_path(&file.path).filter(|_| !file.on_stdout());
        named.or(self.kept_form).unwrap_or(HandRecordForm::Text)
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

impl Outputs {
    /// The file of `format`, if asked for.
    pub fn get(&self, format: Format) -> Option<&OutputFile> {
        self.files.iter().find(|f| f.format == format)
    }

    /// Whether a file of `format` is asked for.
    pub fn has(&self, format: Format) -> bool {
        self.get(format).is_some()
    }

    /// Whether the run writes board files to be played (`--pbn`, `--dlm`, `--dup`, ...) or
    /// their hand records.
    pub fn writes_boards(&self) -> bool {
        self.files.iter().any(|f| f.format.holds_boards())
    }

    /// Whether a board file leaves each board's dealer and vulnerability to its number's
    /// place in the 16-board cycle (DLM, DUP, ...).
    pub fn follows_cycle(&self) -> bool {
        self.files.iter().any(|f| f.format.follows_cycle())
    }

    /// Whether a file takes the deals themselves (the board files, `-Z`, `-l`).
    pub fn writes_deals(&self) -> bool {
        self.writes_boards() || self.files.iter().any(|f| matches!(f.format, Format::File(x) if x.facts().records))
    }

    /// `file` in place of the file of its format (added in its place in the order).
    pub fn set(&mut self, file: OutputFile) {
        self.files.retain(|f| f.format != file.format);
        self.files.push(file);
        let order: Vec<Format> = Format::all().collect();
        self.files.sort_by_key(|f| order.iter().position(|&g| g == f.format));
    }
}

/// Refuses a `-C`, `-Z` or `-l` value that names no file: its flags alone (`N`, `w:`), a
/// colon with no flags before it, or a bare number (`-Z 40`, taken for a count).
fn check_spec(format: Format, spec: &str) -> Result<(), Failure> {
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
pub(super) fn outputs(cli: &Cli) -> Result<Outputs, Failure> {
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
    if outputs.dd && !outputs.has(Format::File(formats::Format::Pbn)) {
        return Err(switch_error("--dd adds double-dummy tables to the boards of the --pbn file; give --pbn FILE too".into()));
    }
    Ok(outputs)
}
