//! DealerV2's DL52 records: a deal in 52 bytes, no header, no trick counts.
//!
//! The 13 cards of North come first, then East's, South's and West's. Each card is one byte,
//! `suit << 4 | rank`, suits clubs 0, diamonds 1, hearts 2, spades 3 and ranks deuce 0 to ace
//! 12 (the same number as the card's bit in a hand mask); within a hand the cards go from the
//! highest byte down, the ace of spades first.
//!
//! Reading DealerV2's DL52 files (the layout is described in `crate::formats::dl52`): 52-byte
//! records of whole deals, no header, no trick counts.
//!
//! A file that is not whole records, or a record that is not four hands of 13 different cards,
//! is refused, naming the file and the record (counted from 1): a binary file has no line and
//! column.

use crate::diag::Diagnostic;
use crate::formats::facts::{Facts, Read, Reader, Switch};
use crate::formats::place::first_record;
use dealvm_vm::card::{Card, Deal, Hand, Seat};
use dealvm_vm::dealing::board::Board;

/// DL52: DealerV2's records of deals.
pub const FACTS: Facts = Facts {
    name: "dl52",
    big_deal_name: None,
    sealed: None,
    extension: "dl52",
    what: "DL52",
    title: "DL52",
    label: "DL52 (DealerV2's deal records)",
    switch: Switch::Records("-l"),
    binary: true,
    layout: Some("52-byte records"),
    records: true,
    last_board: None,
    numbers: false,
    dealers: false,
    content_type: "application/octet-stream",
    looks_like: Some(|head, size| first_record(head, size, RECORD).is_some_and(looks_like_dl52)),
    read: Reader::Binary(|name, bytes| read(name, bytes).map(Read::boards)),
    write: None,
};

/// The size of a record in bytes.
pub const RECORD: usize = 52;

/// The byte of a card that no hand holds (only written for an incomplete deal).
pub const NO_CARD: u8 = 0xFF;

/// The DL52 record of a complete deal. A hand short of 13 cards is padded with [`NO_CARD`];
/// a hand of more has only its 13 highest written.
pub fn deal_record(deal: &Deal) -> [u8; RECORD] {
    let mut record = [NO_CARD; RECORD];
    for seat in Seat::ALL {
        // The cards come from the lowest; the highest 13 fill the seat's slots from its first.
        let slots = &mut record[13 * seat.index()..13 * (seat.index() + 1)];
        let count = deal.hand(seat).count() as usize;
        for (k, card) in deal.hand(seat).cards().enumerate() {
            if let Some(slot) = slots.get_mut(count - 1 - k) {
                *slot = card.position();
            }
        }
    }
    record
}

/// The deal of a DL52 record, or why the record is not one: a byte that is no card, a card
/// given twice (the seat of a byte is its place: North's 13, then East's, South's, West's).
pub fn decode(record: &[u8; RECORD]) -> Result<Deal, String> {
    let mut hands = [Hand::EMPTY; 4];
    let mut seen = 0u64;
    for (i, &byte) in record.iter().enumerate() {
        let seat = Seat::from_index(i / 13);
        let card = Card::from_position(byte)
            .ok_or_else(|| format!("byte {} of the record (0x{byte:02X}, a card of {}) is not a card", i + 1, seat.name()))?;
        if seen & card.bit() != 0 {
            return Err(format!("the card {card} is given twice (byte {}, a card of {})", i + 1, seat.name()));
        }
        seen |= card.bit();
        hands[seat.index()] = hands[seat.index()].with(card);
    }
    Ok(Deal { hands })
}

/// The boards of a DL52 file, board `i` from its `i`-th record; a file of part records or a
/// record that is not a deal is refused with the record's number.
pub fn read(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    let left = bytes.len() % RECORD;
    if left != 0 {
        return Err(Diagnostic::error(format!(
            "`{name}` is not a DL52 file of whole records: its {} bytes make {} records of {RECORD} bytes and {left} bytes left over",
            bytes.len(),
            bytes.len() / RECORD
        ))
        .with_note(format!("a DL52 file is a sequence of {RECORD}-byte records; it may have been cut short or not be a DL52 file")));
    }
    bytes
        .chunks_exact(RECORD)
        .enumerate()
        .map(|(i, chunk)| {
            let deal = decode(chunk.try_into().expect("chunks of a record"))
                .map_err(|why| Diagnostic::error(format!("`{name}`, record {}: {why}", i + 1)))?;
            Ok(Board::new(i as u64 + 1, deal))
        })
        .collect()
}

/// Whether a file is a DL52 file: not empty, whole records, and a first record of 52
/// different cards. Text never looks like one: a deal's clubs are the bytes 0 to 12.
pub fn looks_like_dl52(bytes: &[u8]) -> bool {
    !bytes.is_empty() && bytes.len().is_multiple_of(RECORD) && decode(bytes[..RECORD].try_into().expect("one record")).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::zrd::records::listing;
    use dealvm_vm::card::{rank_from_char, Card, Hand, Suit};

    /// A hand written spades first, suits separated by dots.
    fn hand(text: &str) -> Hand {
        let mut hand = Hand::EMPTY;
        for (holding, suit) in text.split('.').zip(Suit::DISPLAY) {
            for c in holding.chars() {
                hand = hand.with(Card::new(suit, rank_from_char(c).unwrap()));
            }
        }
        hand
    }

    /// The first deal of Pavlicek's library.
    fn sample() -> Deal {
        Deal { hands: ["J873.J42.Q65.KT2", "AT652.A976.AJ82.", "Q4.85.KT9.A87643", "K9.KQT3.743.QJ95"].map(hand) }
    }

    #[test]
    fn a_deal_is_written_as_the_spec_says() {
        let record = deal_record(&sample());
        #[rustfmt::skip]
        let expected: [u8; 52] = [
            // North J873.J42.Q65.KT2: ♠J=3<<4|9 ♠8 ♠7 ♠3, ♥J ♥4 ♥2, ♦Q ♦6 ♦5, ♣K ♣T ♣2.
            0x39, 0x36, 0x35, 0x31, 0x29, 0x22, 0x20, 0x1A, 0x14, 0x13, 0x0B, 0x08, 0x00,
            // East AT652.A976.AJ82.-
            0x3C, 0x38, 0x34, 0x33, 0x30, 0x2C, 0x27, 0x25, 0x24, 0x1C, 0x19, 0x16, 0x10,
            // South Q4.85.KT9.A87643
            0x3A, 0x32, 0x26, 0x23, 0x1B, 0x18, 0x17, 0x0C, 0x06, 0x05, 0x04, 0x02, 0x01,
            // West K9.KQT3.743.QJ95
            0x3B, 0x37, 0x2B, 0x2A, 0x28, 0x21, 0x15, 0x12, 0x11, 0x0A, 0x09, 0x07, 0x03,
        ];
        assert_eq!(record, expected);
    }

    #[test]
    fn every_card_appears_once_sorted_high_to_low_in_each_hand() {
        let record = deal_record(&sample());
        let mut seen = record.to_vec();
        seen.sort_unstable();
        let all: Vec<u8> = Card::all().map(|c| c.position()).collect();
        assert_eq!(seen, all);
        for hand in record.chunks(13) {
            assert!(hand.windows(2).all(|w| w[0] > w[1]), "{hand:x?}");
        }
    }

    #[test]
    fn a_record_decodes_to_its_deal() {
        assert_eq!(decode(&deal_record(&sample())), Ok(sample()));
        let mut twice = deal_record(&sample());
        twice[1] = twice[0];
        assert!(decode(&twice).unwrap_err().contains("the card JS is given twice (byte 2, a card of North)"), "{:?}", decode(&twice));
        let mut padded = deal_record(&sample());
        padded[51] = NO_CARD;
        assert!(decode(&padded).unwrap_err().contains("byte 52 of the record (0xFF, a card of West) is not a card"));
        let mut rank13 = deal_record(&sample());
        rank13[0] = 0x3D;
        assert!(decode(&rank13).is_err());
    }

    #[test]
    fn an_incomplete_hand_is_padded() {
        let mut deal = sample();
        deal.hands[3] = Hand::EMPTY;
        let record = deal_record(&deal);
        assert_eq!(record[39..], [NO_CARD; 13]);
        assert_eq!(record[0], 0x39);
    }

    /// The first ten deals of Pavlicek's library as a DL52 file.
    fn sample_file() -> Vec<u8> {
        listing::deals(listing::FIRST).iter().flat_map(|(deal, _)| deal_record(deal)).collect()
    }

    #[test]
    fn the_records_read_back_as_the_deals_written() {
        let boards = read("ten.dl52", &sample_file()).unwrap();
        let deals = listing::deals(listing::FIRST);
        assert_eq!(boards.len(), 10);
        for (i, (board, (deal, _))) in boards.iter().zip(&deals).enumerate() {
            assert_eq!(board, &Board::new(i as u64 + 1, *deal));
        }
        assert!(looks_like_dl52(&sample_file()));
    }

    #[test]
    fn a_damaged_file_is_refused_with_the_record() {
        let mut cut = sample_file();
        cut.truncate(3 * RECORD + 5);
        let m = read("x.dl52", &cut).unwrap_err().message;
        assert!(m.contains("3 records of 52 bytes and 5 bytes left over"), "{m}");
        assert!(!looks_like_dl52(&cut));

        let mut twice = sample_file();
        twice[2 * RECORD + 40] = twice[2 * RECORD];
        let m = read("x.dl52", &twice).unwrap_err().message;
        assert!(m.starts_with("`x.dl52`, record 3: the card"), "{m}");
        assert!(m.contains("given twice (byte 41, a card of West)"), "{m}");
    }

    #[test]
    fn text_and_zrd_files_do_not_look_like_dl52() {
        assert!(!looks_like_dl52(b""));
        assert!(!looks_like_dl52(&[b'x'; 104]));
        assert!(!looks_like_dl52(&listing::FIRST_ZRD[..52 * 4]));
    }
}
