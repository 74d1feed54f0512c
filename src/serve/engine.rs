//! What the server asks of the engine that runs a script, and what it gets back. The engine
//! is the command's own run (`cli::serve` implements [`Engine`] over `cli::execute`), so an
//! answer's output is what `dealvm` prints; the server knows only these types, the routes
//! and the limits.

use crate::api::run::Stop;

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
    /// A board file in the format named (`/api/boards`): one of [`BOARD_FORMATS`].
    Boards { format: &'static BoardFormat },
}

/// A board file the server writes, as `/api/boards` names it.
#[derive(Debug, PartialEq, Eq)]
pub struct BoardFormat {
    /// The name a request gives (`pbn`, `dup`, ...).
    pub name: &'static str,
    /// The command's switch that writes it (`--pbn`, `--dup`, ...).
    pub switch: &'static str,
    /// The file's extension, for the name the answer suggests.
    pub extension: &'static str,
    /// The answer's `Content-Type`.
    pub content_type: &'static str,
}

/// The board files of `/api/boards`.
pub const BOARD_FORMATS: &[BoardFormat] = &[
    BoardFormat { name: "pbn", switch: "--pbn", extension: "pbn", content_type: "application/x-pbn; charset=utf-8" },
    BoardFormat { name: "dlm", switch: "--dlm", extension: "dlm", content_type: "text/plain; charset=us-ascii" },
    BoardFormat { name: "lin", switch: "--lin", extension: "lin", content_type: "text/plain; charset=utf-8" },
    BoardFormat { name: "dup", switch: "--dup", extension: "dup", content_type: "application/octet-stream" },
    BoardFormat { name: "bri", switch: "--bri", extension: "bri", content_type: "application/octet-stream" },
    BoardFormat { name: "dge", switch: "--dge", extension: "dge", content_type: "application/octet-stream" },
    BoardFormat { name: "ber", switch: "--ber", extension: "ber", content_type: "text/plain; charset=us-ascii" },
    BoardFormat { name: "rzd", switch: "--rzd", extension: "rzd", content_type: "application/octet-stream" },
    BoardFormat { name: "cds", switch: "--cds", extension: "cds", content_type: "application/octet-stream" },
    BoardFormat { name: "bhg", switch: "--bhg", extension: "bhg", content_type: "text/plain; charset=us-ascii" },
    BoardFormat { name: "csv", switch: "--boards-csv", extension: "csv", content_type: "text/csv; charset=us-ascii" },
    BoardFormat { name: "hand-records-pdf", switch: "--hand-records", extension: "pdf", content_type: "application/pdf" },
    BoardFormat { name: "hand-records-html", switch: "--hand-records", extension: "html", content_type: "text/html; charset=utf-8" },
    BoardFormat { name: "hand-records-txt", switch: "--hand-records", extension: "txt", content_type: "text/plain; charset=utf-8" },
];

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

/// A limit that cut the run before it started (its `generate` or `produce`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The switch of `dealvm serve` that sets the limit (`--max-generate`).
    pub limit: &'static str,
    /// What was cut, in words.
    pub message: String,
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

/// A produced deal returned by `/api/run`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Returned {
    pub board: u64,
    /// The deal as PBN's `Deal` tag writes it.
    pub deal: String,
    /// The values of [`Job::values`] on this deal, in that order (a condition's value 1 or 0).
    pub values: Vec<i32>,
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
