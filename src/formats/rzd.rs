//! KOPS's RZD files (the Polish scoring program), and the record of a deal they share with the
//! CDS files ([`super::cds`]): 13 bytes, one a rank.
//!
//! Byte `r` (0 for the aces ... 12 for the deuces) holds the owners of the four cards of that
//! rank, two bits each: the spade in the top two bits, then the heart, the diamond, the club in
//! the lowest two. An owner is a seat code: in RZD North 0, East 1, South 2, West 3; in CDS the
//! same turned by one, North 1, East 2, South 3, West 0.
//!
//! - RZD: a 13-byte header, the number of boards (16 bits, little-endian) and 11 spaces, then
//!   13 bytes a board, with no board numbers.
//!
//! Reading, the header's count must be the number of boards after it (or its lowest 16 bits,
//! past 65,535 boards, as Big Deal writes it); the boards are numbered 1, 2, ...

use crate::diag::Diagnostic;
use crate::formats::cards::{card_at, owners, shown, DealMaker, Flaw, HAND};
use crate::formats::facts::{numbered, Facts, Read, Reader, Switch};
use crate::formats::place::{binary_error, not_whole};
use dealvm_vm::card::{Deal, Seat};
use dealvm_vm::dealing::board::Board;

/// RZD: KOPS, the Polish scoring program.
pub const FACTS: Facts = Facts {
    name: "rzd",
    big_deal_name: Some("kops"),
    sealed: None,
    extension: "rzd",
    what: "RZD",
    title: "RZD",
    label: "RZD (KOPS)",
    switch: Switch::Long {
        switch: "--rzd",
        help: "Write the produced deals to an RZD file (KOPS, the Polish scoring program)",
        long_help: None,
        in_short_help: false,
    },
    binary: true,
    layout: Some("a 13-byte header and 13-byte records"),
    records: false,
    last_board: Some(u16::MAX as u64),
    numbers: false,
    dealers: false,
    content_type: "application/octet-stream",
    looks_like: Some(looks_like),
    read: Reader::Binary(|name, bytes| read_rzd(name, bytes).map(Read::boards)),
    write: Some(|boards, _| rzd_file(&numbered(boards))),
};

/// The bytes of the deal of a board.
pub const DEAL: usize = 13;

/// The bytes of the RZD header.
pub const HEADER: usize = 13;

/// The 13 bytes of a deal, the seat codes turned by `turn` (0 for RZD, 1 for CDS).
pub fn deal_bytes(deal: &Deal, turn: usize) -> [u8; DEAL] {
    let owner = owners(deal);
    std::array::from_fn(|rank| {
        (0..4).fold(0u8, |byte, suit| {
            let code = (owner[HAND * suit + rank].index() + turn) % 4;
            byte | (code as u8) << (2 * (3 - suit))
        })
    })
}

/// The deal of 13 bytes whose seat codes are turned by `turn`; refused when a hand does not
/// hold 13 cards (every card has one owner by the layout).
pub fn read_deal_bytes(bytes: &[u8], turn: usize) -> Result<Deal, Flaw> {
    let mut maker = DealMaker::new();
    for (rank, &byte) in bytes.iter().take(DEAL).enumerate() {
        for suit in 0..4 {
            let code = (byte >> (2 * (3 - suit))) as usize & 3;
            let card = card_at(HAND * suit + rank);
            maker.give(Seat::from_index((code + 4 - turn % 4) % 4), card, rank)?;
        }
    }
    maker.finish(0, DEAL)
}

/// The RZD header of `count` boards (a count above 65,535 is written as its lowest 16 bits,
/// as Big Deal writes it).
pub fn rzd_header(count: usize) -> [u8; HEADER] {
    let mut out = [b' '; HEADER];
    out[..2].copy_from_slice(&(count as u16).to_le_bytes());
    out
}

/// The number of boards an RZD header gives, or what is wrong with it: the 11 bytes after the
/// count are spaces.
pub fn read_rzd_header(bytes: &[u8]) -> Result<u16, Flaw> {
    let Some(header) = bytes.get(..HEADER) else {
        return Err(Flaw::new(0, bytes.len(), format!("{} bytes", bytes.len()), "a header of 13 bytes: the number of boards and 11 spaces"));
    };
    if let Some(i) = header[2..].iter().position(|&b| b != b' ') {
        return Err(Flaw::new(2 + i, 1, shown(header[2 + i]), "11 spaces after the number of boards"));
    }
    Ok(u16::from_le_bytes([header[0], header[1]]))
}

/// An RZD file: the header, then each board's 13 bytes.
pub fn rzd_file(boards: &[(u64, Deal)]) -> Vec<u8> {
    let mut out = rzd_header(boards.len()).to_vec();
    for (_, deal) in boards {
        out.extend_from_slice(&deal_bytes(deal, 0));
    }
    out
}

/// Whether a file is an RZD file: a header of a count and 11 spaces, and as many boards after
/// it.
pub fn looks_like_rzd(bytes: &[u8]) -> bool {
    let boards = bytes.len().saturating_sub(HEADER);
    bytes.len() > HEADER && boards.is_multiple_of(DEAL) && read_rzd_header(bytes).is_ok_and(|count| count as usize == (boards / DEAL) & 0xFFFF)
}

/// The boards of an RZD file.
pub fn read_rzd(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    let count = read_rzd_header(bytes).map_err(|flaw| Diagnostic::error(format!("`{name}`, the header (offset {}): {}", flaw.at, flaw.message())))?;
    let body = &bytes[HEADER..];
    if body.is_empty() || !body.len().is_multiple_of(DEAL) {
        return Err(not_whole(name, "RZD", body.len(), DEAL));
    }
    let boards = body.len() / DEAL;
    if count as usize != boards & 0xFFFF {
        let flaw = Flaw::new(0, 2, format!("a header for {count} boards"), format!("the file's {boards} boards"));
        return Err(Diagnostic::error(format!("`{name}`, the header (offset 0): {}", flaw.message())));
    }
    body.chunks_exact(DEAL)
        .enumerate()
        .map(|(i, record)| {
            let number = i as u64 + 1;
            let deal = read_deal_bytes(record, 0).map_err(|flaw| binary_error(name, number, HEADER + i * DEAL, flaw))?;
            Ok(Board::of_cycle(number, deal))
        })
        .collect()
}

/// Whether a file is an RZD file, told by its start `head` and its `size`: a header of a count
/// and 11 spaces, and as many boards after it.
fn looks_like(head: &[u8], size: u64) -> bool {
    let boards = size.saturating_sub(HEADER as u64);
    let count = read_rzd_header(head).ok().map(u64::from);
    size > HEADER as u64 && boards.is_multiple_of(DEAL as u64) && count == Some(boards / DEAL as u64 % 0x1_0000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::number::deal_of;
    use dealvm_vm::card::Deal;

    #[test]
    fn deals_read_back_whichever_the_turn() {
        for n in [0u128, 99, 31_415_926_535_897_932_384_626] {
            let deal = deal_of(n);
            for turn in [0, 1] {
                assert_eq!(read_deal_bytes(&deal_bytes(&deal, turn), turn), Ok(deal));
            }
        }
        // The first deal: North the spades, East the hearts, South the diamonds, West the clubs.
        assert_eq!(deal_bytes(&deal_of(0), 0), [0b00_01_10_11; 13]);
        assert_eq!(deal_bytes(&deal_of(0), 1), [0b01_10_11_00; 13]);
        let flaw = read_deal_bytes(&[0; 13], 0).unwrap_err();
        assert_eq!(flaw.message(), "found 52 cards in North's hand, expected 13 cards in each hand");
    }

    #[test]
    fn the_rzd_header_counts_the_boards() {
        assert_eq!(rzd_header(10), *b"\x0a\x00           ");
        assert_eq!(read_rzd_header(&rzd_header(300)), Ok(300));
        assert_eq!(read_rzd_header(b"\x0a\x00    x      ").unwrap_err().message(), "found `x`, expected 11 spaces after the number of boards");
        assert!(read_rzd_header(b"\x0a").is_err());
    }

    /// Boards numbered `numbers` with some deals.
    fn boards(numbers: impl Iterator<Item = u64>) -> Vec<(u64, Deal)> {
        numbers.map(|b| (b, deal_of(b as u128 * 0xFEDC_BA98_7654_3211))).collect()
    }

    #[test]
    fn files_read_back() {
        let written = boards(1..=12);
        let rzd = rzd_file(&written);
        assert!(looks_like_rzd(&rzd));
        let read: Vec<(u64, Deal)> = read_rzd("k.rzd", &rzd).unwrap().into_iter().map(|b| (b.number, b.deal)).collect();
        assert_eq!(read, written);
    }

    #[test]
    fn damaged_files_are_refused_with_the_board_and_offset() {
        let mut rzd = rzd_file(&boards(1..=3));
        rzd[0] = 4;
        assert!(!looks_like_rzd(&rzd));
        assert_eq!(
            read_rzd("k.rzd", &rzd).unwrap_err().message,
            "`k.rzd`, the header (offset 0): found a header for 4 boards, expected the file's 3 boards"
        );
        let mut rzd = rzd_file(&boards(1..=3));
        rzd[HEADER + DEAL + 5] ^= 0b11;
        let m = read_rzd("k.rzd", &rzd).unwrap_err().message;
        assert!(m.starts_with("`k.rzd`, board 2 (offset 26): found "), "{m}");
        assert!(m.ends_with("expected 13 cards in each hand"), "{m}");
        let m = read_rzd("k.rzd", &rzd[..30]).unwrap_err().message;
        assert!(m.starts_with("`k.rzd` is not an RZD file of whole boards: its 17 bytes"), "{m}");
    }
}
