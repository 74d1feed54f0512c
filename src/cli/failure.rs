//! How a run fails: a message about the input or the switches, or output that cannot be
//! written; `main.rs` turns each into an exit status.

use crate::files::said_message;
use crate::front::diag::Diagnostic;
use std::io;

/// Exit status for errors in the input or on the command line.
pub const EXIT_INPUT: i32 = 2;

/// Why a run stopped early.
#[derive(Debug)]
pub enum Failure {
    /// A message about the input or the switches, already rendered.
    Input(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl From<io::Error> for Failure {
    /// An error naming an output file is about the files; any other is about the output.
    fn from(e: io::Error) -> Self {
        match said_message(&e) {
            Some(text) => Failure::Input(Diagnostic::error(text).render(None)),
            None => Failure::Io(e),
        }
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
