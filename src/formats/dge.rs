//! DGE files (dealing machines): 128 bytes a board, the DGE part of Duplimate's layout
//! ([`super::duplimate`]) and 60 NUL bytes; the boards are numbered 1, 2, ...

use crate::diag::Diagnostic;
use crate::formats::duplimate::{dge_part, filler, read_dge_part, records, DGE_PART, RECORD, SUIT_SYMBOLS};
use crate::formats::facts::{numbered, Facts, Read, Reader, Switch};
use crate::formats::place::first_record;
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;

/// DGE: dealing machines.
pub const FACTS: Facts = Facts {
    name: "dge",
    big_deal_name: None,
    sealed: None,
    extension: "dge",
    what: "DGE",
    title: "DGE",
    label: "DGE",
    switch: Switch::Long {
        switch: "--dge",
        help: "Write the produced deals to a DGE file (dealing machines; 128 bytes a board)",
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
    looks_like: Some(|head, size| first_record(head, size, RECORD).is_some_and(looks_like_dge)),
    read: Reader::Binary(|name, bytes| read_dge(name, bytes).map(Read::boards)),
    write: Some(|boards, _| dge_file(&numbered(boards))),
};

/// A DGE file: for each board the DGE part and 60 NUL bytes.
pub fn dge_file(boards: &[(u64, Deal)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(boards.len() * RECORD);
    for (_, deal) in boards {
        out.extend_from_slice(&dge_part(deal));
        out.extend_from_slice(&[0; RECORD - DGE_PART]);
    }
    out
}

/// Whether a file is a DGE file: whole records, the first starting with the spade symbol and
/// ending with NUL bytes.
pub fn looks_like_dge(bytes: &[u8]) -> bool {
    let Some(first) = bytes.get(..RECORD).filter(|_| bytes.len().is_multiple_of(RECORD)) else { return false };
    first[0] == SUIT_SYMBOLS[0] && first[DGE_PART..].iter().all(|&b| b == 0)
}

/// The boards of a DGE file.
pub fn read_dge(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    records(name, "DGE", bytes, |record| {
        let deal = read_dge_part(&record[..DGE_PART])?;
        filler(record, DGE_PART).map(|()| deal)
    })
}
