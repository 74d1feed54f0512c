//! What the server asks of the engine that runs a script, and what it gets back. The engine
//! is the command's own run ([`super::hosted`] implements [`Engine`] over
//! [`crate::invocation::execute()`]), so an answer's output is what `dealvm` prints; the routes
//! know only these types and the limits.

use crate::api::run::Stop;
use crate::formats::{Format, Switch};
use crate::tournament::hand_records::Format as HandRecordForm;

pub use crate::invocation::execute::{Cut, Kept as Returned};

/// What a request asks to run.
#[derive(Clone, Debug, Default)]
pub struct Job {
    /// The script, named `script.dli` in messages and outputs; `None` with deals alone
    /// (`/api/boards` converting a board file).
    pub script: Option<String>,
    /// A board file to read the deals from (the command's `--deals`): the name whose
    /// extension tells its format when its content does not, and its bytes.
    pub deals: Option<(String, Vec<u8>)>,
    /// `-s`: the seed (`None` or 0: the engine chooses one, given back).
    pub seed: Option<u64>,
    /// `-g`, `-p`: over the script's `generate` and `produce`.
    pub generate: Option<u64>,
    pub produce: Option<u64>,
    /// `-R`: threads, within the server's limit.
    pub threads: usize,
    /// `--se`: standard errors and 95% intervals in the reports, error bars on the charts.
    pub standard_errors: bool,
    /// The script's variables whose values each returned deal carries.
    pub values: Vec<String>,
    /// What comes back.
    pub want: Want,
}

/// What a request wants back besides the counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Want {
    /// What the command prints on standard output (`POST /deal`).
    #[default]
    Printed,
    /// The JSON document of `--json`, with up to `deals` of the produced deals (`/api/run`).
    Document { deals: u64 },
    /// A board file (`/api/boards`): one of [`Download::all`].
    Boards { format: Download },
}

/// A board file the server writes (`/api/boards`): a file of the registry's formats that a
/// run writes, or the hand records in one of their forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Download {
    Board(Format),
    HandRecords(HandRecordForm),
}

impl Download {
    /// Every one: the board files a run writes in the order the command's help shows them (the
    /// files of its short help, `-h`, first), then the hand records.
    pub fn all() -> Vec<Download> {
        let shown_first = |f: &Format| match f.facts().switch {
            Switch::OwnHelp(_) => Some(0),
            Switch::Long { in_short_help: true, .. } => Some(1),
            Switch::Long { .. } => Some(2),
            _ => None,
        };
        let mut boards: Vec<Format> = Format::ALL.into_iter().filter(|f| shown_first(f).is_some()).collect();
        boards.sort_by_key(shown_first);
        let boards = boards.into_iter().map(Download::Board);
        boards.chain([HandRecordForm::Pdf, HandRecordForm::Html, HandRecordForm::Text].map(Download::HandRecords)).collect()
    }

    /// The name a request gives (`pbn`, `dup`, `hand-records-pdf`, ...).
    pub fn name(self) -> String {
        match self {
            Download::Board(format) => format.name().to_string(),
            Download::HandRecords(form) => format!("hand-records-{}", form.extension()),
        }
    }

    /// The file's extension, for the name the answer suggests.
    pub fn extension(self) -> &'static str {
        match self {
            Download::Board(format) => format.extension(),
            Download::HandRecords(form) => form.extension(),
        }
    }

    /// The answer's `Content-Type`.
    pub fn content_type(self) -> &'static str {
        match self {
            Download::Board(format) => format.facts().content_type,
            Download::HandRecords(HandRecordForm::Pdf) => "application/pdf",
            Download::HandRecords(HandRecordForm::Html) => "text/html; charset=utf-8",
            Download::HandRecords(HandRecordForm::Text) => "text/plain; charset=utf-8",
        }
    }

    /// What it is, for the page's list.
    pub fn label(self) -> &'static str {
        match self {
            Download::Board(format) => format.facts().label,
            Download::HandRecords(HandRecordForm::Pdf) => "Hand records, PDF",
            Download::HandRecords(HandRecordForm::Html) => "Hand records, HTML",
            Download::HandRecords(HandRecordForm::Text) => "Hand records, text",
        }
    }
}

/// What the engine may use: the server's limits that it applies itself.
#[derive(Clone, Debug)]
pub struct Caps {
    /// The most deals examined: a larger `generate` (asked, the script's, or Dealer's
    /// default) is cut to it.
    pub generate: u64,
    /// The most deals produced when they come back (printed, returned, or in a board file).
    pub deals: u64,
    /// The most bytes of printed output: the run stops when it passes them.
    pub answer_bytes: usize,
}

/// What a run gives back.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The seed the run dealt with (chosen when none was given).
    pub seed: u64,
    /// Deals examined and produced.
    pub generated: u64,
    pub produced: u64,
    /// Whether the run was stopped (its time, its output) before its own end.
    pub stopped: bool,
    /// What the command printed on standard output, up to [`Caps::answer_bytes`].
    pub printed: Vec<u8>,
    /// Whether the printed output was cut at [`Caps::answer_bytes`].
    pub printed_cut: bool,
    /// The JSON document, for [`Want::Document`].
    pub document: Option<Vec<u8>>,
    /// The charts of the statistics, for [`Want::Document`]: one SVG element a report, in the
    /// order of the document's `reports`.
    pub charts: Vec<String>,
    /// The produced deals returned.
    pub deals: Vec<Returned>,
    /// The board file, for [`Want::Boards`].
    pub boards: Option<Vec<u8>>,
    /// The warnings the command prints on standard error about the script.
    pub warnings: Vec<String>,
    /// The limits that cut the run before it started.
    pub cuts: Vec<Cut>,
}

/// A request the engine refuses: the message as the command prints it, and where it points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Refusal {
    /// The HTTP status: 400 for the script or the settings, 500 for the server's own fault.
    pub status: u16,
    /// The message as the command prints it (with its caret lines).
    pub printed: String,
    /// The message alone.
    pub message: String,
    /// The line and column (from 1) of the script it points at.
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl Refusal {
    /// A refusal of the request (400) with `message` and no place.
    pub fn bad(message: impl Into<String>) -> Refusal {
        let message = message.into();
        Refusal { status: 400, printed: format!("error: {message}\n"), message, line: None, column: None }
    }
}

/// Runs the jobs of the requests.
pub trait Engine: Send + Sync + 'static {
    /// Runs `job` within `caps`, stopping when `stop` says so: the answer, or why not.
    fn run(&self, job: &Job, caps: &Caps, stop: &Stop) -> Result<Answer, Refusal>;
}
