//! The output files of the command line, resolved: each format with its switch
//! ([`Format`], the one place that names them), each file asked for ([`OutputFile`], with
//! the flags of `-C`, `-Z` and `-l`), the files of a run ([`Outputs`], with `--dd`,
//! `--sealed` and the hand records' pages), and the switches that name them, the command's
//! and `dealvm merge`'s ([`OutputSwitches`]).

use crate::cli::args::Cli;
use crate::cli::failure::{switch_error, Failure};
use crate::cli::table_files::TableFiles;
use crate::files::bigdeal::Format as TableFormat;
use crate::files::hand_record::{BoardsPerPage, Format as HandRecordForm, Paper};
use crate::report::charts::Form as ChartsForm;
use std::path::PathBuf;

/// The formats of the output files, each with its switch: the one place that names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pbn,
    Dlm,
    Dup,
    Bri,
    Dge,
    Ber,
    Rzd,
    Cds,
    Bhg,
    Lin,
    /// `--boards-csv`: Big Deal's CSV file of boards.
    BoardsCsv,
    /// `--hand-records`: the hand records, HTML, PDF or text.
    HandRecords,
    /// `-C`: the lines of `csvrpt`.
    Csv,
    Export,
    Zrd,
    Dl52,
    Json,
    /// `--charts`: the charts of the statistics, an HTML page or an SVG document.
    Charts,
}

impl Format {
    /// Every format, in the order of the checks.
    pub const ALL: [Format; 18] = [
        Format::Pbn,
        Format::Dlm,
        Format::Dup,
        Format::Bri,
        Format::Dge,
        Format::Ber,
        Format::Rzd,
        Format::Cds,
        Format::Bhg,
        Format::Lin,
        Format::BoardsCsv,
        Format::HandRecords,
        Format::Csv,
        Format::Export,
        Format::Zrd,
        Format::Dl52,
        Format::Json,
        Format::Charts,
    ];

    /// The switch that names the file: `--pbn`, `--dlm`, `--dup`, ..., `-C`, `-X`, `-Z`, `-l`,
    /// `--json`, `--charts`.
    pub fn switch(self) -> &'static str {
        match self {
            Format::Pbn => "--pbn",
            Format::Dlm => "--dlm",
            Format::Dup => "--dup",
            Format::Bri => "--bri",
            Format::Dge => "--dge",
            Format::Ber => "--ber",
            Format::Rzd => "--rzd",
            Format::Cds => "--cds",
            Format::Bhg => "--bhg",
            Format::Lin => "--lin",
            Format::BoardsCsv => "--boards-csv",
            Format::HandRecords => "--hand-records",
            Format::Csv => "-C",
            Format::Export => "-X",
            Format::Zrd => "-Z",
            Format::Dl52 => "-l",
            Format::Json => "--json",
            Format::Charts => "--charts",
        }
    }

    /// What the file is: `PBN`, `DLM`, `DUP`, ..., `Big Deal CSV`, `CSV`, `export`, `zrd`,
    /// `DL52`, `JSON`, `charts`.
    pub fn what(self) -> &'static str {
        match self {
            Format::Pbn => "PBN",
            Format::Dlm => "DLM",
            Format::Dup => "DUP",
            Format::Bri => "BRI",
            Format::Dge => "DGE",
            Format::Ber => "BER",
            Format::Rzd => "RZD",
            Format::Cds => "CDS",
            Format::Bhg => "BHG",
            Format::Lin => "LIN",
            Format::BoardsCsv => "Big Deal CSV",
            Format::HandRecords => "hand records",
            Format::Csv => "CSV",
            Format::Export => "export",
            Format::Zrd => "zrd",
            Format::Dl52 => "DL52",
            Format::Json => "JSON",
            Format::Charts => "charts",
        }
    }

    /// The flag letters the switch takes before a colon: `w` (start afresh), `N` (no solving).
    fn flag_letters(self) -> &'static str {
        match self {
            Format::Csv => "w",
            Format::Zrd | Format::Dl52 => "Nw",
            _ => "",
        }
    }

    /// Whether the file holds boards (PBN, DLM, the hand records, Big Deal's formats), not
    /// reports or a library.
    pub fn holds_boards(self) -> bool {
        matches!(self, Format::Pbn | Format::Dlm | Format::HandRecords) || self.table(false).is_some()
    }

    /// The board file written as Big Deal writes it, sealed or not (`--sealed`): the formats
    /// written at the end of the run from the boards kept for them (not PBN, nor an open DLM
    /// file, which dealvm writes as it deals and with the run's title).
    pub fn table(self, sealed: bool) -> Option<TableFormat> {
        Some(match self {
            Format::Dlm if sealed => TableFormat::DlmBlind,
            Format::Dup if sealed => TableFormat::DupBlind,
            Format::Dup => TableFormat::Dup,
            Format::Bri => TableFormat::Bri,
            Format::Dge => TableFormat::Dge,
            Format::Ber => TableFormat::Ber,
            Format::Rzd => TableFormat::Kops,
            Format::Cds => TableFormat::Cds,
            Format::Bhg => TableFormat::Borel,
            Format::Lin => TableFormat::Lin,
            Format::BoardsCsv => TableFormat::Csv,
            _ => return None,
        })
    }

    /// The highest board number the file holds, each board once: 99 in DLM and DUP files
    /// (Duplimate's boards), 255 in CDS files (a byte), 65,535 in RZD files (which count their
    /// boards in two bytes).
    pub fn last_board(self) -> Option<u64> {
        match self {
            Format::Dlm | Format::Dup => Some(crate::files::dlm::MAX_BOARD),
            Format::Cds => Some(u8::MAX.into()),
            Format::Rzd => Some(u16::MAX.into()),
            _ => None,
        }
    }

    /// Whether the file gives no board its dealer and vulnerability, so that a dealing machine
    /// or a scoring program takes those of the board's number in the 16-board cycle.
    pub fn follows_cycle(self) -> bool {
        matches!(self, Format::Dlm | Format::Dup | Format::Bri | Format::Dge | Format::Ber | Format::Rzd | Format::Cds | Format::Bhg)
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
            Format::Zrd | Format::Dl52 => {
                let f = record_file(value);
                (&value[..value.len() - f.path.len()], f.path)
            }
            _ => ("", value),
        };
        if file.is_empty() {
            return Err(switch_error(format!("{} needs a file name", format.switch())));
        }
        let append = matches!(format, Format::Csv | Format::Zrd | Format::Dl52) && !flags.contains('w');
        let no_solving = format == Format::Zrd && flags.contains('N');
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
    /// The files named, each value read and checked, in the order of [`Format::ALL`].
    pub fn files(&self) -> Result<Vec<OutputFile>, Failure> {
        let path = |p: &Option<PathBuf>| p.as_ref().map(|p| (p.to_string_lossy().into_owned(), Some(p.clone())));
        let text = |v: &Option<String>| v.clone().map(|v| (v, None));
        let given = [
            (Format::Pbn, path(self.pbn)),
            (Format::Dlm, path(self.dlm)),
            (Format::Dup, path(&self.table.dup)),
            (Format::Bri, path(&self.table.bri)),
            (Format::Dge, path(&self.table.dge)),
            (Format::Ber, path(&self.table.ber)),
            (Format::Rzd, path(&self.table.rzd)),
            (Format::Cds, path(&self.table.cds)),
            (Format::Bhg, path(&self.table.bhg)),
            (Format::Lin, path(&self.table.lin)),
            (Format::BoardsCsv, path(&self.table.boards_csv)),
            (Format::HandRecords, path(&self.table.hand_records)),
            (Format::Csv, text(self.csv)),
            (Format::Export, text(self.export)),
            (Format::Zrd, text(self.zrd)),
            (Format::Dl52, text(self.dl52)),
            (Format::Json, path(self.json)),
            (Format::Charts, path(self.charts)),
        ];
        let named = given.into_iter().filter_map(|(format, value)| value.map(|(value, path)| (format, value, path)));
        named.map(|(format, value, path)| OutputFile::parse(format, &value, path)).collect()
    }

    /// The output files named, with `--dd` (`dd`), `--sealed` and the hand records' pages;
    /// `--sealed` without a file to seal, and the pages' switches without hand records, are
    /// refused.
    pub fn outputs(&self, dd: bool) -> Result<Outputs, Failure> {
        let table = self.table;
        let outputs = Outputs { files: self.files()?, dd, sealed: table.sealed, pages: pages(table)?, memory: None, warnings: Warnings::default() };
        if outputs.sealed && !outputs.has(Format::Dlm) && !outputs.has(Format::Dup) {
            return Err(switch_error("--sealed seals the --dlm and --dup files; give --dlm FILE or --dup FILE too".into()));
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

/// The output files of a run, at most one of each format, in the order of [`Format::ALL`].
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
        self.writes_boards() || self.has(Format::Zrd) || self.has(Format::Dl52)
    }

    /// `file` in place of the file of its format (added in its place in the order).
    pub fn set(&mut self, file: OutputFile) {
        self.files.retain(|f| f.format != file.format);
        self.files.push(file);
        self.files.sort_by_key(|f| Format::ALL.iter().position(|&g| g == f.format));
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
    if outputs.dd && !outputs.has(Format::Pbn) {
        return Err(switch_error("--dd adds double-dummy tables to the boards of the --pbn file; give --pbn FILE too".into()));
    }
    Ok(outputs)
}
