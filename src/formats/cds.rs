//! CDS files: 14 bytes a board, no header: the board number in one byte (Big Deal writes board
//! 256 as 0, 257 as 1 ...), then the board's deal as RZD's 13 bytes ([`super::rzd`]), the seat
//! codes turned by one (North 1, East 2, South 3, West 0). Reading, each board's number is its
//! first byte, counted on past 255 as Big Deal's numbers wrap ([`cds_board`]).

use crate::diag::Diagnostic;
use crate::formats::facts::{numbered, Facts, Read, Reader, Switch};
use crate::formats::place::{binary_error, not_whole};
use crate::formats::rzd::{deal_bytes, read_deal_bytes, DEAL};
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;

/// CDS: a deal a board in 14 bytes.
pub const FACTS: Facts = Facts {
    name: "cds",
    big_deal_name: None,
    sealed: None,
    extension: "cds",
    what: "CDS",
    title: "CDS",
    label: "CDS",
    switch: Switch::Long {
        switch: "--cds",
        help: "Write the produced deals to a CDS file (14 bytes a board)",
        long_help: None,
        in_short_help: false,
    },
    binary: true,
    layout: Some("14-byte records"),
    records: false,
    last_board: Some(u8::MAX as u64),
    numbers: true,
    dealers: false,
    content_type: "application/octet-stream",
    looks_like: None,
    read: Reader::Binary(|name, bytes| read_cds(name, bytes).map(Read::boards)),
    write: Some(|boards, _| cds_file(&numbered(boards))),
};

/// The bytes of a CDS record: the board number and the deal.
pub const CDS_RECORD: usize = 1 + DEAL;

/// The turn of CDS's seat codes: North 1.
pub const CDS_TURN: usize = 1;

/// A CDS file: each board's number (its lowest 8 bits) and its 13 bytes, seat codes turned.
pub fn cds_file(boards: &[(u64, Deal)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(boards.len() * CDS_RECORD);
    for (number, deal) in boards {
        out.push(*number as u8);
        out.extend_from_slice(&deal_bytes(deal, CDS_TURN));
    }
    out
}

/// The board number of a CDS record's byte, read after board `previous` (0 before the first):
/// the byte itself, or, when that is not above the board before, the next number past it with
/// the same lowest 8 bits, as Big Deal's numbers past 255 come (255, 0, 1 read as 255, 256,
/// 257): boards in ascending order, less than 256 apart, read back as written.
pub fn cds_board(byte: u8, previous: u64) -> u64 {
    let number = (previous & !0xFF) | byte as u64;
    if number <= previous {
        number + 0x100
    } else {
        number
    }
}

/// The boards of a CDS file.
pub fn read_cds(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    if bytes.is_empty() || !bytes.len().is_multiple_of(CDS_RECORD) {
        return Err(not_whole(name, "CDS", bytes.len(), CDS_RECORD));
    }
    let mut boards: Vec<Board> = Vec::with_capacity(bytes.len() / CDS_RECORD);
    for (i, record) in bytes.chunks_exact(CDS_RECORD).enumerate() {
        let number = cds_board(record[0], boards.last().map_or(0, |b| b.number));
        let deal = read_deal_bytes(&record[1..], CDS_TURN).map_err(|flaw| binary_error(name, number, i * CDS_RECORD + 1, flaw))?;
        boards.push(Board::of_cycle(number, deal));
    }
    Ok(boards)
}

/// Whether a file named as a CDS file, of `size` bytes starting with `head`, is one: whole
/// records, the first a deal (CDS has nothing else to tell it by).
pub fn looks_like_cds(head: &[u8], size: u64) -> bool {
    size > 0 && size.is_multiple_of(CDS_RECORD as u64) && head.get(1..CDS_RECORD).is_some_and(|deal| read_deal_bytes(deal, CDS_TURN).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::number::deal_of;

    /// Boards numbered `numbers` with some deals.
    fn boards(numbers: impl Iterator<Item = u64>) -> Vec<(u64, Deal)> {
        numbers.map(|b| (b, deal_of(b as u128 * 0xFEDC_BA98_7654_3211))).collect()
    }

    #[test]
    fn files_read_back_with_their_numbers_past_255_too() {
        let written = boards([3, 4, 250, 255, 256, 257, 300, 500].into_iter());
        let read: Vec<(u64, Deal)> = read_cds("k.cds", &cds_file(&written)).unwrap().into_iter().map(|b| (b.number, b.deal)).collect();
        assert_eq!(read, written);
        let file = cds_file(&written);
        assert!(looks_like_cds(&file, file.len() as u64) && !looks_like_cds(&file, file.len() as u64 - 1));
    }

    #[test]
    fn damaged_files_are_refused_with_the_board_and_offset() {
        let mut cds = cds_file(&boards(1..=2));
        cds[CDS_RECORD + 3] ^= 0b1100;
        let m = read_cds("k.cds", &cds).unwrap_err().message;
        assert!(m.starts_with("`k.cds`, board 2 (offset 15): found "), "{m}");
        assert!(read_cds("k.cds", &cds[..20]).is_err());
    }

    #[test]
    fn cds_numbers_go_on_past_255() {
        assert_eq!(cds_board(1, 0), 1);
        assert_eq!(cds_board(0, 0), 256);
        assert_eq!(cds_board(0, 255), 256);
        assert_eq!(cds_board(1, 256), 257);
        assert_eq!(cds_board(12, 10), 12);
    }
}
