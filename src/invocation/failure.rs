//! How an invocation fails: a message about the input, the switches or the files (exit status
//! 2), a check that found a difference (exit status 1), an input refused as classic Dealer
//! refuses it (exit status 255), standard output closed early with nothing else to write (exit
//! status 0, as Dealer), or an interrupted run (Ctrl-C: 130).

use super::printed::Closed;
use crate::diag::Diagnostic;
use crate::files::said_message;
use std::io;

/// Exit status for errors in the input, on the command line or with the files.
pub const EXIT_INPUT: i32 = 2;

/// Why a run stopped early.
#[derive(Debug)]
pub enum Failure {
    /// A message about the input, the switches or the files, already rendered.
    Input(String),
    /// Standard output was closed (a broken pipe, as with `| head`) and no file was asked
    /// for: the run stops quietly.
    StdoutClosed,
    /// The run was interrupted by this signal (Ctrl-C: SIGINT) after the statistics so far
    /// were printed; no output file was written.
    Interrupted(i32),
    /// A check found what it checked not as it should be (exit status 1): the verdict, for
    /// standard error, the details printed already.
    CheckFailed(String),
    /// `--classic`: the input is one the classic Dealer refuses, refused as it refuses it (its
    /// message, for standard error, and its exit status, 255).
    Refused(String),
}

impl Failure {
    /// The exit status.
    pub fn status(&self) -> i32 {
        match self {
            Failure::Input(_) => EXIT_INPUT,
            Failure::StdoutClosed => 0,
            Failure::Interrupted(signal) => 128 + signal,
            Failure::CheckFailed(_) => 1,
            Failure::Refused(_) => 255,
        }
    }

    /// The message for standard error (empty when there is none).
    pub fn message(&self) -> &str {
        match self {
            Failure::Input(text) => text,
            Failure::StdoutClosed => "",
            Failure::Interrupted(_) => "interrupted: the statistics above count the deals dealt until then; output files, if any, were not written\n",
            Failure::CheckFailed(text) | Failure::Refused(text) => text,
        }
    }

    /// Prints what the user is told, on standard error.
    pub fn print(&self) {
        eprint!("{}", self.message());
    }
}

impl From<io::Error> for Failure {
    /// An output error: the message it carries (naming the file or standard output).
    fn from(e: io::Error) -> Self {
        if e.get_ref().is_some_and(|inner| inner.is::<Closed>()) {
            return Failure::StdoutClosed;
        }
        let text = said_message(&e).map_or_else(|| format!("cannot write the output: {}", io_reason(&e)), str::to_string);
        Failure::Input(Diagnostic::error(text).render(None))
    }
}

/// An error about a switch.
pub fn switch_error(message: String) -> Failure {
    Failure::Input(Diagnostic::error(message).render(None))
}

/// An I/O error's reason without Rust's decoration.
pub fn io_reason(e: &io::Error) -> String {
    crate::files::reason(e)
}
