//! The output files of an invocation: each kind with its switch ([`OutputKind`]: the
//! registry's formats, the hand records, the actions' files), each file asked for
//! ([`OutputFile`], with the flags of `-C`, `-Z` and `-l`), and the files of a run ([`Outputs`],
//! with `--dd`, `--sealed`, the hand records' pages, and where warnings and the outputs a host
//! keeps go).

use crate::formats::{self, Sealed};
use crate::tournament::hand_records::{BoardsPerPage, Format as HandRecordForm, Paper};
use std::path::PathBuf;

/// The output files, each with its switch: the board files and the files of deal records of
/// the registry ([`crate::formats`]), the hand records, and the files of the actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputKind {
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

impl OutputKind {
    /// Every output, in the order of the checks: the board files, the hand records, the
    /// actions' lines, the files of deal records, the statistics.
    pub fn all() -> impl Iterator<Item = OutputKind> {
        let files = |records: bool| {
            formats::Format::ALL.into_iter().filter(move |f| f.facts().records == records && f.facts().switch.shown().is_some()).map(OutputKind::File)
        };
        files(false)
            .chain([OutputKind::HandRecords, OutputKind::Csv, OutputKind::Export])
            .chain(files(true))
            .chain([OutputKind::Json, OutputKind::Charts])
    }

    /// The switch that names the file: `--pbn`, `--dlm`, `--dup`, ..., `-C`, `-X`, `-Z`, `-l`,
    /// `--json`, `--charts`.
    pub fn switch(self) -> &'static str {
        match self {
            OutputKind::File(f) => f.facts().switch.shown().unwrap_or_default(),
            OutputKind::HandRecords => "--hand-records",
            OutputKind::Csv => "-C",
            OutputKind::Export => "-X",
            OutputKind::Json => "--json",
            OutputKind::Charts => "--charts",
        }
    }

    /// What the file is: `PBN`, `DLM`, `DUP`, ..., `Big Deal CSV`, `CSV`, `export`, `zrd`,
    /// `DL52`, `JSON`, `charts`.
    pub fn what(self) -> &'static str {
        match self {
            OutputKind::File(f) => f.what(),
            OutputKind::HandRecords => "hand records",
            OutputKind::Csv => "CSV",
            OutputKind::Export => "export",
            OutputKind::Json => "JSON",
            OutputKind::Charts => "charts",
        }
    }

    /// The flag letters the switch takes before a colon: `w` (start afresh), `N` (no solving).
    pub fn flag_letters(self) -> &'static str {
        match self {
            OutputKind::Csv => "w",
            OutputKind::File(f) if f.facts().records => "Nw",
            _ => "",
        }
    }

    /// Whether the output is added to unless its flags say `w` (`-C`, `-Z`, `-l`).
    pub fn appends(self) -> bool {
        !self.flag_letters().is_empty()
    }

    /// Whether the file holds boards (PBN, DLM, the hand records, Big Deal's formats), not
    /// reports or deal records.
    pub fn holds_boards(self) -> bool {
        match self {
            OutputKind::File(f) => !f.facts().records,
            OutputKind::HandRecords => true,
            _ => false,
        }
    }

    /// The board file written as Big Deal writes it, sealed or not (`--sealed`): the formats
    /// written at the end of the run from the boards kept for them (not PBN, nor an open DLM
    /// file, which dealvm writes as it deals and with the run's title).
    pub fn table(self, sealed: bool) -> Option<(formats::Format, Sealed)> {
        let OutputKind::File(format) = self else { return None };
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
            OutputKind::File(f) => f.last_board(),
            _ => None,
        }
    }

    /// Whether the file gives no board its dealer and vulnerability, so that a dealing machine
    /// or a scoring program takes those of the board's number in the 16-board cycle.
    pub fn follows_cycle(self) -> bool {
        matches!(self, OutputKind::File(f) if f.follows_cycle())
    }
}

/// One output file asked for on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    pub format: OutputKind,
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

/// The output files of a run, at most one of each format, in the order of [`OutputKind::all`].
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

impl Outputs {
    /// Whether a file takes each deal's double-dummy table: the PBN file with `--dd`, a `-Z`
    /// file that is solved, the hand records.
    pub fn take_tables(&self) -> bool {
        let zrd_solves = self.get(OutputKind::File(formats::Format::Zrd)).is_some_and(|f| !f.no_solving);
        (self.dd && self.has(OutputKind::File(formats::Format::Pbn))) || zrd_solves || self.has(OutputKind::HandRecords)
    }

    /// The file of `format`, if asked for.
    pub fn get(&self, format: OutputKind) -> Option<&OutputFile> {
        self.files.iter().find(|f| f.format == format)
    }

    /// Whether a file of `format` is asked for.
    pub fn has(&self, format: OutputKind) -> bool {
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
        self.writes_boards() || self.files.iter().any(|f| matches!(f.format, OutputKind::File(x) if x.facts().records))
    }

    /// `file` in place of the file of its format (added in its place in the order).
    pub fn set(&mut self, file: OutputFile) {
        self.files.retain(|f| f.format != file.format);
        self.files.push(file);
        let order: Vec<OutputKind> = OutputKind::all().collect();
        self.files.sort_by_key(|f| order.iter().position(|&g| g == f.format));
    }
}
