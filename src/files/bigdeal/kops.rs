//! KOPS's RZD files and the CDS files, which share one record of a deal: 13 bytes, one a
//! rank.
//!
//! Byte `r` (0 for the aces ... 12 for the deuces) holds the owners of the four cards of that
//! rank, two bits each: the spade in the top two bits, then the heart, the diamond, the club in
//! the lowest two. An owner is a seat code: in RZD North 0, East 1, South 2, West 3; in CDS the
//! same turned by one, North 1, East 2, South 3, West 0.
//!
//! - RZD: a 13-byte header, the number of boards (16 bits, little-endian) and 11 spaces, then
//!   13 bytes a board, with no board numbers.
//! - CDS: 14 bytes a board, no header: the board number in one byte (Big Deal writes board 256
//!   as 0, 257 as 1 ...), then the board's 13 bytes.

use crate::files::cards::{card_at, owners, shown, DealMaker, Flaw, HAND};
use dealvm_vm::card::{Deal, Seat};

/// The bytes of the deal of a board.
pub const DEAL: usize = 13;

/// The bytes of the RZD header.
pub const HEADER: usize = 13;

/// The bytes of a CDS record: the board number and the deal.
pub const CDS_RECORD: usize = 1 + DEAL;

/// The turn of CDS's seat codes: North 1.
pub const CDS_TURN: usize = 1;

/// The 13 bytes of a deal, the seat codes turned by `turn` (0 for RZD, [`CDS_TURN`] for CDS).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::number::deal_of;

    #[test]
    fn deals_read_back_whichever_the_turn() {
        for n in [0u128, 99, 31_415_926_535_897_932_384_626] {
            let deal = deal_of(n);
            for turn in [0, CDS_TURN] {
                assert_eq!(read_deal_bytes(&deal_bytes(&deal, turn), turn), Ok(deal));
            }
        }
        // The first deal: North the spades, East the hearts, South the diamonds, West the clubs.
        assert_eq!(deal_bytes(&deal_of(0), 0), [0b00_01_10_11; 13]);
        assert_eq!(deal_bytes(&deal_of(0), CDS_TURN), [0b01_10_11_00; 13]);
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

    #[test]
    fn cds_numbers_go_on_past_255() {
        assert_eq!(cds_board(1, 0), 1);
        assert_eq!(cds_board(0, 0), 256);
        assert_eq!(cds_board(0, 255), 256);
        assert_eq!(cds_board(1, 256), 257);
        assert_eq!(cds_board(12, 10), 12);
    }
}
