//! Writing output files: where an output goes, and how a file is replaced only whole.
//!
//! [`target`] decides where an output goes (standard output for `-`, a device or FIFO written
//! in place, or a regular file replaced atomically, readable by whom [`target::Access`] says)
//! and tells whether two paths are the same file; [`atomic`] writes a file beside its target
//! and renames it into place only when the run succeeds (and removes it on Ctrl-C); [`text`]
//! holds the text of every holding and writes numbers without `fmt`, for the per-deal printers
//! and the PBN writer; [`markup`] escapes text for HTML and XML. [`reason`] puts an I/O error
//! in the user's words.
//!
//! Imports: the `vm` crate's plain types (deals, boards, vulnerability) only.

pub mod atomic;
pub mod markup;
pub mod target;
pub mod text;

use std::{fmt, io};

/// An error already put in the user's words ("cannot write the PBN file `x.pbn`: no space
/// left on device"), carried inside an `io::Error` so that it keeps its kind.
#[derive(Debug)]
pub struct Said(pub String);

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Said {}

/// An `io::Error` of `kind` whose text is `message`.
pub fn said(kind: io::ErrorKind, message: String) -> io::Error {
    io::Error::new(kind, Said(message))
}

/// The message of an error made by [`said`], if it is one.
pub fn said_message(e: &io::Error) -> Option<&str> {
    e.get_ref().and_then(|inner| inner.downcast_ref::<Said>()).map(|s| s.0.as_str())
}

/// An I/O error's reason without Rust's decoration: "permission denied", "no space left on
/// device".
pub fn reason(e: &io::Error) -> String {
    if let Some(message) = said_message(e) {
        return message.to_string();
    }
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
