//! Why a tournament's work is refused or fails: a typed error that the command line turns into
//! its message and exit status.

use super::squaredeal::event::EventError;
use std::fmt;

/// Why the work was not done.
#[derive(Debug)]
pub enum Error {
    /// What was asked cannot be done (a value, the order of an event's steps, a board file in
    /// the way): the reason, in the user's words.
    Refused(String),
    /// A file of an event does not read: the file, its line, the reason.
    Event(EventError),
    /// The key file is not the one the event committed to: its SHA-256 is not the event's `KH`.
    KeysNotCommitted {
        /// The event file and the line of its `KH`.
        event: String,
        line: usize,
        /// The hash the event gives, and that of the key file.
        committed: String,
        actual: String,
        /// The key file.
        keys: String,
    },
    /// A file could not be read or written (the error names it).
    Io(std::io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Refused(message) => f.write_str(message),
            Error::Event(e) => write!(f, "{e}"),
            Error::KeysNotCommitted { event, line, committed, actual, keys } => {
                write!(f, "{event}:{line}: KH {committed} is not the SHA-256 of {keys} ({actual}): these are not the keys the event committed to")
            }
            Error::Io(e) => f.write_str(&crate::files::reason(e)),
        }
    }
}

impl std::error::Error for Error {}

impl From<EventError> for Error {
    fn from(e: EventError) -> Error {
        Error::Event(e)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}

/// A refusal, for `?` on a message.
pub fn refused(message: impl Into<String>) -> Error {
    Error::Refused(message.into())
}
