//! BRI files (dealing machines): 128 bytes a board, the BRI part of Duplimate's layout
//! ([`super::duplimate`]), 32 spaces and 18 NUL bytes; the boards are numbered 1, 2, ...

use crate::diag::Diagnostic;
use crate::formats::duplimate::{bri_part, digits, filler, read_bri_part, records, BRI_PART, RECORD};
use crate::formats::facts::{numbered, Facts, Read, Reader, Switch};
use crate::formats::place::first_record;
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;

/// BRI: dealing machines.
pub const FACTS: Facts = Facts {
    name: "bri",
    big_deal_name: None,
    sealed: None,
    extension: "bri",
    what: "BRI",
    title: "BRI",
    label: "BRI",
    switch: Switch::Long {
        switch: "--bri",
        help: "Write the produced deals to a BRI file (dealing machines; 128 bytes a board)",
        long_help: None,
        in_short_help: false,
    },
    binary: true,
    layout: Some("128-byte records"),
    records: false,
    last_board: None,
    numbers: false,
    dealers: false,
    content_type: "application/octet-stream",
    looks_like: Some(|head, size| first_record(head, size, RECORD).is_some_and(looks_like_bri)),
    read: Reader::Binary(|name, bytes| read_bri(name, bytes).map(Read::boards)),
    write: Some(|boards, _| bri_file(&numbered(boards))),
};

/// A BRI file: for each board the BRI part, 32 spaces and 18 NUL bytes.
pub fn bri_file(boards: &[(u64, Deal)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(boards.len() * RECORD);
    for (_, deal) in boards {
        out.extend_from_slice(&bri_part(deal));
        out.extend_from_slice(&[b' '; 32]);
        out.extend_from_slice(&[0; 18]);
    }
    out
}

/// Whether a file is a BRI file: whole records, the first of them card numbers then only
/// spaces and NUL bytes.
pub fn looks_like_bri(bytes: &[u8]) -> bool {
    let Some(first) = bytes.get(..RECORD).filter(|_| bytes.len().is_multiple_of(RECORD)) else { return false };
    digits(&first[..BRI_PART]) && first[BRI_PART..].iter().all(|&b| b == b' ' || b == 0)
}

/// The boards of a BRI file.
pub fn read_bri(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    records(name, "BRI", bytes, |record| {
        let deal = read_bri_part(&record[..BRI_PART])?;
        filler(record, BRI_PART).map(|()| deal)
    })
}
