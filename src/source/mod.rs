//! Where the deals of a run come from.
//!
//! Every source implements the `vm` crate's [`DealSource`] trait, and the run is compiled for
//! the one it is given: [`RandomDealer`] when nothing is predealt, [`PredealDealer`] around
//! predealt cards and suit lengths, [`GivenDeals`] for the boards of a PBN or DLM file
//! (`--deals`, read by [`pbn`] and [`dlm`]). [`Deals`] is the choice of one of them.
//!
//! Imports: the `vm` crate, [`crate::front::diag`] for messages about the files read, and the
//! DLM encoding of [`crate::files::dlm`].

pub mod dlm;
pub mod pbn;

use crate::front::diag::{Diagnostic, Source};
use dealvm_vm::board::Board;
use dealvm_vm::card::Hand;
use dealvm_vm::deal::PredealDealer;
use dealvm_vm::predeal::{is_empty, PredealError, SuitLengths};
pub use dealvm_vm::source::{DealSource, GivenDeals};
use dealvm_vm::split::RandomDealer;

/// The source of a run's deals.
#[derive(Clone, Debug)]
pub enum Deals {
    /// Nothing predealt: exact dealing by splits of the pack.
    Random(RandomDealer),
    /// Cards or suit lengths predealt.
    Predeal(Box<PredealDealer>),
    /// The boards of a file, in order.
    Boards(GivenDeals),
}

impl Deals {
    /// The dealer for these predealt cards and suit lengths: the fastest that deals them
    /// exactly.
    pub fn for_predeal(fixed: [Hand; 4], lengths: &SuitLengths) -> Result<Deals, PredealError> {
        if is_empty(&fixed, lengths) {
            Ok(Deals::Random(RandomDealer::new()))
        } else {
            PredealDealer::with_lengths(fixed, lengths).map(|d| Deals::Predeal(Box::new(d)))
        }
    }

    /// The boards of a PBN or DLM file (`--deals`), told apart by content.
    pub fn from_file(name: &str, bytes: Vec<u8>) -> Result<Deals, Diagnostic> {
        read(name, bytes).map(|boards| Deals::Boards(GivenDeals::new(boards)))
    }

    /// The boards, when the deals come from a file.
    pub fn boards(&self) -> Option<&[Board]> {
        match self {
            Deals::Boards(given) => Some(given.boards()),
            _ => None,
        }
    }
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
        Some(Format::Dlm) => dlm::read(&src)?,
        Some(Format::Pbn) => pbn::read(&src)?,
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
