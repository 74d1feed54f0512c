//! Duplimate's DUP files (DOS dealing machines): 156 bytes a board, the BRI part, the DGE part
//! and a trailer ([`super::duplimate`] holds the layout).
//!
//! A record's deal is its card numbers (the BRI part); its diagram (the DGE part) must show
//! the same deal, or be 68 spaces (a sealed file's board 1). The first record's trailer gives
//! the set's first board, from which the boards are numbered, and its last field must be the
//! number of boards or the last board; the others' trailers are the same or 10 NUL bytes.

use crate::diag::Diagnostic;
use crate::formats::cards::{whose, Flaw};
use crate::formats::duplimate::{
    big_deal_trailer, bri_part, dge_part, digits, read_bri_part, read_dge_part, read_trailer, Trailer, BRI_PART, DGE_PART, SUIT_SYMBOLS, TRAILER,
};
use crate::formats::facts::{numbered, Facts, Read, Reader, Sealed, SealedForm, Switch};
use crate::formats::place::{binary_error, first_record, not_whole};
use dealvm_vm::card::{Deal, Seat};
use dealvm_vm::dealing::board::Board;

/// DUP: Duplimate's DOS dealing machines.
pub const FACTS: Facts = Facts {
    name: "dup",
    big_deal_name: None,
    sealed: Some(SealedForm { name: "dupblind", what: "sealed DUP", description: "a DUP file with board 1's diagram blanked" }),
    extension: "dup",
    what: "DUP",
    title: "DUP",
    label: "DUP (Duplimate, DOS)",
    switch: Switch::Long {
        switch: "--dup",
        help: "Write the produced deals to a Duplimate DUP file (DOS dealing machines): Big Deal's layout, 156 bytes a board, boards 1 to 99; with --sealed, board 1's diagram is blanked",
        long_help: None,
        in_short_help: false,
    },
    binary: true,
    layout: Some("156-byte records"),
    records: false,
    last_board: Some(crate::formats::dlm::MAX_BOARD),
    numbers: true,
    dealers: false,
    content_type: "application/octet-stream",
    looks_like: Some(|head, size| first_record(head, size, DUP_RECORD).is_some_and(looks_like_dup)),
    read: Reader::Binary(|name, bytes| read_dup(name, bytes).map(Read::boards)),
    write: Some(|boards, sealed| dup_file(&numbered(boards), sealed == Sealed::Yes)),
};

/// The bytes of a DUP record.
pub const DUP_RECORD: usize = 156;

/// Where the trailer starts in a DUP record.
const TRAILER_AT: usize = BRI_PART + DGE_PART;

/// A DUP file: for each board, the BRI and DGE parts and Big Deal's trailer; sealed, board 1's
/// diagram is blanked.
pub fn dup_file(boards: &[(u64, Deal)], sealed: bool) -> Vec<u8> {
    let trailer = big_deal_trailer(boards.len());
    let mut out = Vec::with_capacity(boards.len() * DUP_RECORD);
    for (number, deal) in boards {
        out.extend_from_slice(&bri_part(deal));
        if sealed && *number == 1 {
            out.extend_from_slice(&[b' '; DGE_PART]);
        } else {
            out.extend_from_slice(&dge_part(deal));
        }
        out.extend_from_slice(&trailer);
    }
    out
}

/// Whether a file is a DUP file: whole records, the first of them card numbers, a diagram (or
/// 68 spaces) and a trailer starting with `Y` or `N`.
pub fn looks_like_dup(bytes: &[u8]) -> bool {
    let Some(first) = bytes.get(..DUP_RECORD).filter(|_| bytes.len().is_multiple_of(DUP_RECORD)) else { return false };
    let diagram = first[BRI_PART] == SUIT_SYMBOLS[0] || first[BRI_PART..TRAILER_AT].iter().all(|&b| b == b' ');
    digits(&first[..BRI_PART]) && diagram && matches!(first[TRAILER_AT], b'Y' | b'N')
}

/// The boards of a DUP file.
pub fn read_dup(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    if bytes.is_empty() || !bytes.len().is_multiple_of(DUP_RECORD) {
        return Err(not_whole(name, "DUP", bytes.len(), DUP_RECORD));
    }
    let count = bytes.len() / DUP_RECORD;
    let first_trailer = &bytes[TRAILER_AT..DUP_RECORD];
    let Trailer { first, last } = read_trailer(first_trailer).map_err(|flaw| binary_error(name, 1, TRAILER_AT, flaw))?;
    if last != count as u64 && last != first + count as u64 - 1 && last != count as u64 % 100 {
        let flaw = Flaw::new(
            7,
            3,
            format!("a set that ends at board {last} (or holds {last} boards)"),
            format!("the {count} boards of the file, {first} to {}", first + count as u64 - 1),
        );
        return Err(binary_error(name, first, TRAILER_AT, flaw));
    }
    let mut boards = Vec::with_capacity(count);
    for (i, record) in bytes.chunks_exact(DUP_RECORD).enumerate() {
        let (number, start) = (first + i as u64, i * DUP_RECORD);
        let fail = |at: usize, flaw: Flaw| binary_error(name, number, start + at, flaw);
        let deal = read_bri_part(&record[..BRI_PART]).map_err(|flaw| fail(0, flaw))?;
        let diagram = &record[BRI_PART..TRAILER_AT];
        if !diagram.iter().all(|&b| b == b' ') {
            let shown_deal = read_dge_part(diagram).map_err(|flaw| fail(BRI_PART, flaw))?;
            if let Some(seat) = Seat::ALL.into_iter().find(|&s| shown_deal.hand(s) != deal.hand(s)) {
                let flaw = Flaw::new(
                    17 * seat.index(),
                    17,
                    format!("{} hand {} in the diagram", whose(seat), shown_deal.hand(seat).pbn()),
                    format!("{}, the hand of the card numbers", deal.hand(seat).pbn()),
                );
                return Err(fail(BRI_PART, flaw));
            }
        }
        let trailer = &record[TRAILER_AT..];
        if i > 0 && trailer != first_trailer && trailer != [0; TRAILER] {
            let found = format!("the trailer `{}`", String::from_utf8_lossy(trailer).escape_debug());
            return Err(fail(TRAILER_AT, Flaw::new(0, TRAILER, found, "board 1's trailer again, or 10 NUL bytes")));
        }
        boards.push(Board::of_cycle(number, deal));
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bri::{bri_file, looks_like_bri, read_bri};
    use crate::formats::dge::{dge_file, looks_like_dge, read_dge};
    use crate::formats::duplimate::RECORD;
    use crate::formats::number::deal_of;
    use dealvm_vm::dealing::board::{board_dealer, Vulnerability};

    /// Boards 1 to `n` of some deals.
    fn boards(n: u64) -> Vec<(u64, Deal)> {
        (1..=n).map(|b| (b, deal_of(b as u128 * 0x1234_5678_9ABC_DEF1))).collect()
    }

    #[test]
    fn the_three_formats_read_back_with_the_cycles_dealer() {
        let written = boards(5);
        let read = read_dup("s.dup", &dup_file(&written, false)).unwrap();
        assert_eq!(numbered(&read), written);
        assert_eq!((read[1].dealer, read[3].vulnerable), (Some(board_dealer(2)), Some(Vulnerability::All)));
        assert_eq!(numbered(&read_dup("s.dup", &dup_file(&written, true)).unwrap()), written, "sealed: board 1's diagram blank");
        assert_eq!(numbered(&read_bri("s.bri", &bri_file(&written)).unwrap()), written);
        assert_eq!(numbered(&read_dge("s.dge", &dge_file(&written)).unwrap()), written);
        assert!(looks_like_dup(&dup_file(&written, true)) && looks_like_bri(&bri_file(&written)) && looks_like_dge(&dge_file(&written)));
        assert!(!looks_like_bri(&dge_file(&written)) && !looks_like_dge(&bri_file(&written)));
    }

    #[test]
    fn a_trailer_on_the_first_record_only_and_the_set_start_are_read() {
        // As Duplimate's and deal-convert's files: the trailer on board 1 only, from board 17,
        // the last field the last board.
        let mut file = dup_file(&boards(3), false);
        file[TRAILER_AT..DUP_RECORD].copy_from_slice(b"YN17 0 19 ");
        for r in 1..3 {
            file[r * DUP_RECORD + TRAILER_AT..(r + 1) * DUP_RECORD].fill(0);
        }
        let read = read_dup("x.dup", &file).unwrap();
        assert_eq!(read.iter().map(|b| b.number).collect::<Vec<_>>(), [17, 18, 19]);
        assert_eq!(read[0].dealer, Some(board_dealer(17)));
        // The last field may be the count instead.
        file[TRAILER_AT + 7..TRAILER_AT + 9].copy_from_slice(b"03");
        assert_eq!(read_dup("x.dup", &file).unwrap().len(), 3);
        file[TRAILER_AT + 7..TRAILER_AT + 9].copy_from_slice(b"05");
        let m = read_dup("x.dup", &file).unwrap_err().message;
        assert_eq!(
            m,
            "`x.dup`, board 17 (offset 153): found a set that ends at board 5 (or holds 5 boards), expected the 3 boards of the file, 17 to 19"
        );
    }

    #[test]
    fn damaged_files_are_refused_with_the_board_and_offset() {
        let mut file = dup_file(&boards(3), false);
        file[DUP_RECORD + 10..DUP_RECORD + 12].copy_from_slice(b"x4");
        let m = read_dup("x.dup", &file).unwrap_err().message;
        assert_eq!(m, "`x.dup`, board 2 (offset 166): found `x4`, expected a card number 01 to 52 (a card of North)");
        // A diagram showing another deal than the card numbers.
        let mut file = dup_file(&boards(3), false);
        let other = crate::formats::duplimate::dge_part(&deal_of(1));
        file[2 * DUP_RECORD + BRI_PART..2 * DUP_RECORD + TRAILER_AT].copy_from_slice(&other);
        let m = read_dup("x.dup", &file).unwrap_err().message;
        assert!(m.starts_with("`x.dup`, board 3 (offset 390): found North's hand "), "{m}");
        assert!(m.ends_with(", the hand of the card numbers"), "{m}");
        // A later trailer of its own.
        let mut file = dup_file(&boards(2), false);
        file[DUP_RECORD + TRAILER_AT] = b'N';
        let m = read_dup("x.dup", &file).unwrap_err().message;
        assert_eq!(m, "`x.dup`, board 2 (offset 302): found the trailer `NN1  0 02 `, expected board 1's trailer again, or 10 NUL bytes");
        let m = read_dup("x.dup", &file[..200]).unwrap_err().message;
        assert_eq!(m, "`x.dup` is not a DUP file of whole boards: its 200 bytes make 1 board of 156 bytes and 44 bytes left over");

        let mut bri = bri_file(&boards(2));
        bri[RECORD + 100] = b'z';
        assert_eq!(
            read_bri("x.bri", &bri).unwrap_err().message,
            "`x.bri`, board 2 (offset 228): found `z`, expected spaces and NUL bytes after the board"
        );
        let mut dge = dge_file(&boards(2));
        dge[RECORD + 17] = b'A';
        assert_eq!(
            read_dge("x.dge", &dge).unwrap_err().message,
            "`x.dge`, board 2 (offset 145): found `A`, expected the spade symbol 0x06 that starts East's hand"
        );
    }
}
