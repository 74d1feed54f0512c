//! Richard Pavlicek's zrd files of solved deals: their records ([`records`], written and read
//! back with the layout held there), read as a [`Library`] ([`library`]): a source of deals
//! with their double-dummy tricks.

pub mod library;
pub mod records;

pub use library::{looks_like_zrd, Library};
pub use records::*;

use crate::diag::Diagnostic;
use crate::formats::facts::{Facts, Read, ReadDeals, Reader, Switch};
use crate::formats::place::first_record;

/// zrd: Richard Pavlicek's files of solved deals.
pub const FACTS: Facts = Facts {
    name: "zrd",
    big_deal_name: None,
    sealed: None,
    extension: "zrd",
    what: "zrd",
    title: "zrd",
    label: "zrd (Pavlicek's solved deals)",
    switch: Switch::Records("-Z"),
    binary: true,
    layout: Some("23-byte records"),
    records: true,
    last_board: None,
    numbers: false,
    dealers: false,
    content_type: "application/octet-stream",
    looks_like: Some(looks_like),
    read: Reader::Binary(|name, bytes| read(name, bytes.to_vec())),
    write: None,
};

/// Whether a file is a zrd file, told by its start `head` and its `size`: whole records, the
/// first a title record or a deal record. A whole file that is also DL52 records is zrd only
/// when all of it reads as zrd.
fn looks_like(head: &[u8], size: u64) -> bool {
    let Some(first) = first_record(head, size, RECORD) else { return false };
    let whole = head.len() as u64 == size;
    let dl52 = || crate::formats::dl52::looks_like_dl52(head) && size.is_multiple_of(crate::formats::dl52::RECORD as u64);
    looks_like_zrd(first) && !(whole && dl52() && Library::check("", head).is_err())
}

/// The deals of a zrd file with their results and its title; a file without a deal is refused.
pub fn read(name: &str, bytes: Vec<u8>) -> Result<Read, Diagnostic> {
    let library = Library::read(name, bytes)?;
    Ok(Read { title: library.title.clone(), deals: ReadDeals::Library(library), warnings: Vec::new() })
}
