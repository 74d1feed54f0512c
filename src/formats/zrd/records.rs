//! The 23-byte records of zrd files, written here and read back with the layout this module
//! holds ([`super::library`]).
//!
//! A file is a sequence of records, no header. A *deal record* gives the owner of each card in
//! 13 bytes (52 two-bit seat codes, cards ♠A ♠K … ♠2, ♥A … ♣2, the first card of a byte in its
//! lowest two bits; seat codes West 0, North 1, East 2, South 3), then the double-dummy tricks
//! in 10 bytes (strains NT, ♠, ♥, ♦, ♣, two bytes each: West in the low and North in the high
//! nibble of the first, East and South likewise in the second). *Title records*, at most 15 at
//! the start of a file, carry 19 bytes each of the title and its terminating zero byte in bytes
//! 4 to 22; bytes 0 to 3, a little-endian 32-bit number, hold the piece's sequence number
//! (1 to 15) in their top 4 bits and zeros in the other 28 (which no deal record can: West
//! would hold the first 14 cards).

use dealvm_vm::card::{Deal, Hand, Seat};
use dealvm_vm::evaluation::dd::TrickTable;
use dealvm_vm::evaluation::score::Strain;

/// The size of a record in bytes.
pub const RECORD: usize = 23;

/// The most title records a file starts with.
pub const MAX_TITLE_RECORDS: usize = 15;

/// The bytes of the title each title record carries.
pub const TITLE_PIECE: usize = RECORD - 4;

/// The strains in the order of a deal record's trick counts: NT, spades, hearts, diamonds, clubs.
pub const STRAINS: [Strain; 5] = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

/// The card at position `i` (0..52) of a deal record: spades from the ace down, then hearts,
/// diamonds, clubs (the pack's order of [`crate::formats::cards`]).
pub use crate::formats::cards::card_at;

/// The seat of a two-bit seat code: 0 West, 1 North, 2 East, 3 South.
pub fn seat_of_code(code: u8) -> Seat {
    Seat::from_index(code as usize + 3)
}

/// The two-bit seat code of a seat.
pub fn code_of_seat(seat: Seat) -> u8 {
    ((seat.index() + 1) % 4) as u8
}

/// Where a declarer's count sits among the 10 trick bytes of strain slot `k` (0 = NT):
/// the byte's index and the nibble's shift.
fn count_place(declarer: Seat, k: usize) -> (usize, u32) {
    match declarer {
        Seat::West => (13 + 2 * k, 0),
        Seat::North => (13 + 2 * k, 4),
        Seat::East => (14 + 2 * k, 0),
        Seat::South => (14 + 2 * k, 4),
    }
}

/// The deal record of a complete deal with its tricks (all counts zero without them). A card
/// no hand holds is written as West's; a count over 15 is written as 15.
pub fn deal_record(deal: &Deal, tricks: Option<&TrickTable>) -> [u8; RECORD] {
    let mut record = [0u8; RECORD];
    for i in 0..52 {
        let code = deal.owner(card_at(i)).map_or(0, code_of_seat);
        record[i / 4] |= code << (2 * (i % 4));
    }
    if let Some(table) = tricks {
        for (k, &strain) in STRAINS.iter().enumerate() {
            for seat in Seat::ALL {
                let (byte, shift) = count_place(seat, k);
                record[byte] |= table.get(seat, strain).min(15) << shift;
            }
        }
    }
    record
}

/// The deal and the tricks of a deal record as they are written, unchecked: a hand may hold
/// other than 13 cards, a count may be over 13.
pub fn decode(record: &[u8; RECORD]) -> (Deal, TrickTable) {
    let mut hands = [Hand::EMPTY; 4];
    for i in 0..52 {
        let seat = seat_of_code((record[i / 4] >> (2 * (i % 4))) & 3);
        hands[seat.index()] = hands[seat.index()].with(card_at(i));
    }
    let mut table = TrickTable::default();
    for (k, &strain) in STRAINS.iter().enumerate() {
        for seat in Seat::ALL {
            let (byte, shift) = count_place(seat, k);
            table.set(seat, strain, (record[byte] >> shift) & 15);
        }
    }
    (Deal { hands }, table)
}

/// The sequence number (1..=15) of a title record, or `None` for any other record.
pub fn title_sequence(record: &[u8; RECORD]) -> Option<u8> {
    let head = u32::from_le_bytes([record[0], record[1], record[2], record[3]]);
    let sequence = (head >> 28) as u8;
    (head & 0x0FFF_FFFF == 0 && sequence != 0).then_some(sequence)
}

/// The most bytes of a title the title records hold (284: 15 pieces of 19, less the zero byte).
pub const MAX_TITLE: usize = MAX_TITLE_RECORDS * TITLE_PIECE - 1;

/// The part of `title` that title records hold: up to a zero byte, at most [`MAX_TITLE`] bytes,
/// cut at a character boundary.
pub fn title_kept(title: &str) -> &str {
    let mut end = title.find('\0').unwrap_or(title.len()).min(MAX_TITLE);
    while !title.is_char_boundary(end) {
        end -= 1;
    }
    &title[..end]
}

/// The title records of `title` (none for an empty title): [`title_kept`] with its
/// terminating zero byte, in 19-byte pieces numbered 1, 2, ….
pub fn title_records(title: &str) -> Vec<[u8; RECORD]> {
    let kept = title_kept(title);
    if kept.is_empty() {
        return Vec::new();
    }
    let mut text = kept.as_bytes().to_vec();
    text.push(0);
    text.chunks(TITLE_PIECE)
        .enumerate()
        .map(|(i, piece)| {
            let mut record = [0u8; RECORD];
            record[..4].copy_from_slice(&(((i as u32) + 1) << 28).to_le_bytes());
            record[4..4 + piece.len()].copy_from_slice(piece);
            record
        })
        .collect()
}

/// The title carried by title records, in file order: their pieces joined up to the first
/// zero byte (bytes that are not UTF-8 are replaced).
pub fn title_of(records: &[[u8; RECORD]]) -> String {
    let text: Vec<u8> = records.iter().flat_map(|r| r[4..].iter().copied()).take_while(|&b| b != 0).collect();
    String::from_utf8_lossy(&text).into_owned()
}

/// The listings of the sample files (`tests/data/zrd/*.txt`), for the tests of the zrd and
/// DL52 files.
#[cfg(test)]
pub(crate) mod listing {
    use dealvm_vm::card::{rank_from_char, Card, Deal, Hand, Seat, Suit};
    use dealvm_vm::evaluation::dd::TrickTable;

    /// The first ten deals of Pavlicek's library, as `printoneline` lists them with their counts.
    pub const FIRST: &str = include_str!("../../../tests/data/zrd/rpdd_10First.txt");
    /// The last ten deals.
    pub const LAST: &str = include_str!("../../../tests/data/zrd/rpdd_10Last.txt");
    /// The records of the first ten.
    pub const FIRST_ZRD: &[u8] = include_bytes!("../../../tests/data/zrd/rpdd_10First.zrd");
    /// The records of the last ten.
    pub const LAST_ZRD: &[u8] = include_bytes!("../../../tests/data/zrd/rpdd_10Last.zrd");

    /// A hand written spades first, suits separated by dots (`AT652.A976.AJ82.`).
    fn hand(text: &str) -> Hand {
        let mut hand = Hand::EMPTY;
        for (holding, suit) in text.split('.').zip(Suit::DISPLAY) {
            for c in holding.chars() {
                hand = hand.with(Card::new(suit, rank_from_char(c).expect("a rank")));
            }
        }
        hand
    }

    /// One line: `n J873.J42.Q65.KT2 e … s … w …;06,03,…` (20 counts, seats N E S W, strains
    /// C D H S NT).
    pub fn parse(line: &str) -> (Deal, TrickTable) {
        let (deal, counts) = line.split_once(';').expect("a `;`");
        let words: Vec<&str> = deal.split_whitespace().collect();
        let mut hands = [Hand::EMPTY; 4];
        for pair in words.chunks(2) {
            let seat = Seat::ALL.into_iter().find(|s| s.keyword().starts_with(pair[0])).expect("a seat letter");
            hands[seat.index()] = hand(pair[1]);
        }
        let counts: Vec<u8> = counts.trim().split(',').map(|c| c.parse().expect("a count")).collect();
        (Deal { hands }, TrickTable::from_counts(counts.try_into().expect("20 counts")))
    }

    /// All the lines of a listing.
    pub fn deals(listing: &str) -> Vec<(Deal, TrickTable)> {
        listing.lines().filter(|l| !l.trim().is_empty()).map(parse).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The record at index `i` of a file's bytes.
    fn record(bytes: &[u8], i: usize) -> [u8; RECORD] {
        bytes[i * RECORD..(i + 1) * RECORD].try_into().unwrap()
    }

    #[test]
    fn the_first_and_last_records_of_the_samples_are_reproduced() {
        for (listing, bytes) in [(listing::FIRST, listing::FIRST_ZRD), (listing::LAST, listing::LAST_ZRD)] {
            let deals = listing::deals(listing);
            assert_eq!(deals.len(), 10);
            assert_eq!(bytes.len(), 10 * RECORD);
            for i in [0, 9] {
                let (deal, table) = &deals[i];
                assert!(deal.is_complete(), "{}", deal.pbn());
                assert_eq!(deal_record(deal, Some(table)), record(bytes, i), "record {} of {}", i + 1, deal.pbn());
            }
        }
    }

    #[test]
    fn every_sample_record_is_reproduced_and_decoded() {
        for (listing, bytes) in [(listing::FIRST, listing::FIRST_ZRD), (listing::LAST, listing::LAST_ZRD)] {
            for (i, (deal, table)) in listing::deals(listing).iter().enumerate() {
                assert_eq!(deal_record(deal, Some(table)), record(bytes, i));
                assert_eq!(decode(&record(bytes, i)), (*deal, *table));
                assert_eq!(title_sequence(&record(bytes, i)), None);
            }
        }
    }

    #[test]
    fn the_spec_example_reads_as_the_spec_says() {
        let first = record(listing::FIRST_ZRD, 0);
        assert_eq!(first[..13], [0x72, 0x52, 0x7a, 0x0a, 0xe1, 0x7a, 0xe4, 0xf9, 0x52, 0xe0, 0x41, 0xfc, 0x7c]);
        let (deal, table) = decode(&first);
        assert_eq!(deal.pbn(), "N:J873.J42.Q65.KT2 AT652.A976.AJ82. Q4.85.KT9.A87643 K9.KQT3.743.QJ95");
        let nt = [Seat::West, Seat::North, Seat::East, Seat::South].map(|s| table.get(s, Strain::NoTrump));
        assert_eq!(nt, [9, 4, 9, 4]);
    }

    #[test]
    fn without_tricks_the_counts_are_zero() {
        let (deal, _) = listing::parse(listing::FIRST.lines().next().unwrap());
        let record = deal_record(&deal, None);
        assert_eq!(record[13..], [0; 10]);
        assert_eq!(decode(&record), (deal, TrickTable::default()));
    }

    #[test]
    fn seat_codes_run_west_north_east_south() {
        assert_eq!([0, 1, 2, 3].map(seat_of_code), [Seat::West, Seat::North, Seat::East, Seat::South]);
        for seat in Seat::ALL {
            assert_eq!(seat_of_code(code_of_seat(seat)), seat);
        }
        assert_eq!(card_at(0).to_string(), "AS");
        assert_eq!(card_at(13).to_string(), "AH");
        assert_eq!(card_at(51).to_string(), "2C");
    }

    #[test]
    fn title_records_carry_the_title_in_numbered_pieces() {
        assert!(title_records("").is_empty());
        let records = title_records("Weak twos");
        assert_eq!(records.len(), 1);
        assert_eq!(records[0][..4], [0, 0, 0, 0x10]);
        assert_eq!(&records[0][4..14], b"Weak twos\0");
        assert_eq!(records[0][14..], [0; 9]);
        assert_eq!(title_sequence(&records[0]), Some(1));
        assert_eq!(title_of(&records), "Weak twos");

        // 18 bytes and the zero fill one piece; 19 bytes need a second.
        assert_eq!(title_records(&"x".repeat(18)).len(), 1);
        let two = title_records(&"x".repeat(19));
        assert_eq!(two.len(), 2);
        assert_eq!(two[1][..5], [0, 0, 0, 0x20, 0]);
        assert_eq!(title_of(&two), "x".repeat(19));
    }

    #[test]
    fn long_titles_are_cut_to_fifteen_records_at_a_character_boundary() {
        let most = MAX_TITLE_RECORDS * TITLE_PIECE - 1;
        let records = title_records(&"y".repeat(1000));
        assert_eq!(records.len(), MAX_TITLE_RECORDS);
        assert_eq!(title_of(&records), "y".repeat(most));
        assert_eq!(records.iter().map(|r| title_sequence(r).unwrap()).collect::<Vec<_>>(), (1..=15).collect::<Vec<_>>());

        // A two-byte character straddling the limit is left out whole.
        let title = format!("{}é", "z".repeat(most - 1));
        let records = title_records(&title);
        assert_eq!(title_of(&records), "z".repeat(most - 1));
        let title = format!("♠ {}", "é".repeat(400));
        let back = title_of(&title_records(&title));
        assert!(title.starts_with(&back) && back.len() <= most && back.len() >= most - 2, "{}", back.len());
    }

    #[test]
    fn a_title_ends_at_a_zero_byte() {
        assert_eq!(title_of(&title_records("one\0two")), "one");
        assert!(title_records("\0two").is_empty());
    }
}
