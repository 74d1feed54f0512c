//! How a run fails: a message about the input or the switches, or output that cannot be
//! written; `main.rs` turns each into an exit status.

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
    /// The run was interrupted by this signal (Ctrl-C: SIGINT); the statistics so far were
    /// printed.
    Interrupted(i32),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// An error about a switch.
pub fn switch_error(message: String) -> Failure {
    Failure::Input(Diagnostic::error(message).render(None))
}

/// An I/O error's reason without Rust's decoration.
pub fn io_reason(e: &io::Error) -> String {
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
