//! Boards read from a file (`--deals`): deals with their board numbers, from a PBN or a DLM
//! file told apart by their content.

use crate::compile::Vulnerability;
use crate::diag::{Diagnostic, Source};
use dealvm_vm::card::{Deal, Seat};

/// A board: its number, its deal, and the dealer and vulnerability the file gives (else
/// those of the standard cycle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub number: u64,
    pub deal: Deal,
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
}

/// The formats a board file can have.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Pbn,
    Dlm,
}

/// The format of a file's text: DLM when its first line is `[DOCUMENT]`, PBN when it has a
/// tag; `None` otherwise.
pub fn format_of(text: &str) -> Option<Format> {
    let first = text.trim_start_matches('\u{feff}').lines().map(str::trim).find(|l| !l.is_empty())?;
    if first.eq_ignore_ascii_case("[document]") {
        return Some(Format::Dlm);
    }
    let tagged = text.lines().any(|l| l.trim_start().starts_with('['));
    tagged.then_some(Format::Pbn)
}

/// Reads the boards of a PBN or DLM file, in file order.
pub fn read(name: &str, bytes: Vec<u8>) -> Result<Vec<Board>, Diagnostic> {
    let text = String::from_utf8(bytes).or_else(|e| {
        // PBN files from older programs are often Latin-1; the deal part is ASCII anyway.
        let bytes = e.into_bytes();
        if bytes.contains(&0) {
            Err(Diagnostic::error(format!("`{name}` is a binary file, not a PBN or DLM file")))
        } else {
            Ok(bytes.iter().map(|&b| b as char).collect())
        }
    })?;
    let src = Source::new(name, text);
    let boards = match format_of(&src.text) {
        Some(Format::Dlm) => crate::dlm::read(&src)?,
        Some(Format::Pbn) => crate::pbn::read(&src)?,
        None => {
            return Err(Diagnostic::error(format!("`{name}` is neither a PBN file nor a DLM file"))
                .with_note("a DLM file starts with [DOCUMENT]; a PBN file has tags such as [Deal \"N:...\"]"))
        }
    };
    if boards.is_empty() {
        return Err(Diagnostic::error(format!("`{name}` holds no complete deal")));
    }
    Ok(boards)
}
