//! The layout of the board files of Duplimate's DOS generation, DUP, BRI and DGE, as Big Deal
//! writes them and as they are read back, part by part.
//!
//! - The *BRI part* (78 bytes): North's, East's and South's cards as two-digit card numbers
//!   (`01` the ace of spades ... `52` the deuce of clubs, [`crate::formats::cards`]); West holds
//!   the others. Big Deal writes each hand ascending; Duplimate reads them in any order.
//! - The *DGE part* (68 bytes): each hand, North first, as 17 bytes: a suit symbol of code
//!   page 437 (♠ `0x06`, ♥ `0x03`, ♦ `0x04`, ♣ `0x05`) before its ranks, `AKQJT98765432`.
//! - A DUP record (156 bytes): the BRI part, the DGE part (68 spaces for board 1 of a sealed
//!   file) and a 10-byte trailer: `Y` or `N` (random hands), `Y` or `N` (counted backwards),
//!   the first board of the set (3 characters, left aligned), the copies of each board (2) and
//!   the last board of the set (3). Big Deal writes `YN1  0 NN ` on every record, NN the
//!   number of boards; other programs write it on the first record only and 10 NUL bytes on
//!   the others.
//! - A BRI record (128 bytes): the BRI part, 32 spaces and 18 NUL bytes. A DGE record (128
//!   bytes): the DGE part and 60 NUL bytes.
//!
//! This module holds the parts and the trailer, both ways; [`super::dup`], [`super::bri`] and
//! [`super::dge`] the three files.

use crate::diag::Diagnostic;
use crate::formats::cards::{card_at, card_number, indices, rank_of, shown, whose, DealMaker, Flaw, HAND, PACK};
use crate::formats::place::{binary_error, not_whole};
use dealvm_vm::card::{Card, Deal, Seat, Suit};
use dealvm_vm::dealing::board::Board;

/// The bytes of a BRI or DGE record.
pub const RECORD: usize = 128;

/// The bytes of the BRI part.
pub const BRI_PART: usize = 78;

/// The bytes of the DGE part.
pub const DGE_PART: usize = 68;

/// The bytes of a DUP record's trailer.
pub const TRAILER: usize = 10;

/// The bytes of a hand in the DGE part.
const DGE_HAND: usize = 17;

/// The suit symbols of code page 437, spades first: ♠ 6, ♥ 3, ♦ 4, ♣ 5.
pub const SUIT_SYMBOLS: [u8; 4] = [6, 3, 4, 5];

/// The BRI part of a deal: North's, East's and South's card numbers, each hand ascending.
pub fn bri_part(deal: &Deal) -> [u8; BRI_PART] {
    let mut out = [b'0'; BRI_PART];
    let numbers = [Seat::North, Seat::East, Seat::South].into_iter().flat_map(|seat| indices(deal.hand(seat)).into_iter().take(HAND));
    for (slot, index) in out.chunks_exact_mut(2).zip(numbers) {
        let n = card_number(card_at(index));
        slot.copy_from_slice(&[b'0' + n / 10, b'0' + n % 10]);
    }
    out
}

/// The DGE part of a deal: each hand, North first, a suit symbol before its ranks, ace first.
pub fn dge_part(deal: &Deal) -> [u8; DGE_PART] {
    let mut out = Vec::with_capacity(DGE_PART);
    for seat in Seat::ALL {
        for (suit, symbol) in Suit::DISPLAY.into_iter().zip(SUIT_SYMBOLS) {
            out.push(symbol);
            out.extend(deal.hand(seat).holding(suit).bytes());
        }
    }
    out.resize(DGE_PART, b' ');
    out.try_into().unwrap_or([b' '; DGE_PART])
}

/// Big Deal's DUP trailer for a set of `count` boards: random hands, not counted backwards,
/// from board 1, no copies, and the number of boards (its last two digits).
pub fn big_deal_trailer(count: usize) -> [u8; TRAILER] {
    let mut out = *b"YN1  0 00 ";
    out[7] = b'0' + (count / 10 % 10) as u8;
    out[8] = b'0' + (count % 10) as u8;
    out
}

/// What a DUP record's trailer says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trailer {
    /// The first board of the set.
    pub first: u64,
    /// The last field: the set's last board (Duplimate) or its number of boards (Big Deal).
    pub last: u64,
}

/// Reads a trailer (10 bytes): `Y`/`N`, `Y`/`N`, the first board (3 characters, digits then
/// spaces), the copies (2), the last board or the count (3).
pub fn read_trailer(bytes: &[u8]) -> Result<Trailer, Flaw> {
    let yes_no = |i: usize| match bytes.get(i) {
        Some(b'Y' | b'N' | b'y' | b'n') => Ok(()),
        Some(&b) => Err(Flaw::new(i, 1, shown(b), if i == 0 { "`Y` or `N` (random hands?)" } else { "`Y` or `N` (counted backwards?)" })),
        None => Err(Flaw::new(i, 1, "the end of the record", "a trailer of 10 bytes")),
    };
    yes_no(0)?;
    yes_no(1)?;
    let field = |from: usize, to: usize, what: &str, required: bool| -> Result<Option<u64>, Flaw> {
        let text = bytes.get(from..to).unwrap_or_default();
        let trimmed = text.iter().skip_while(|b| **b == b' ').take_while(|b| **b != b' ').copied().collect::<Vec<u8>>();
        let rest_blank = text.iter().skip_while(|b| **b == b' ').skip(trimmed.len()).all(|b| *b == b' ');
        let digits = !trimmed.is_empty() && trimmed.iter().all(u8::is_ascii_digit) && rest_blank;
        if trimmed.is_empty() && rest_blank && !required {
            return Ok(None);
        }
        if !digits {
            let found = format!("`{}`", String::from_utf8_lossy(text).escape_debug());
            return Err(Flaw::new(from, to - from, found, format!("{what}: digits padded with spaces")));
        }
        Ok(std::str::from_utf8(&trimmed).ok().and_then(|t| t.parse().ok()))
    };
    let first = field(2, 5, "the set's first board", true)?.unwrap_or(1);
    field(5, 7, "the copies of each board", false)?;
    let last = field(7, 10, "the set's last board", true)?.unwrap_or(0);
    Ok(Trailer { first, last })
}

/// Whether `bytes` are 78 card-number digits.
pub fn digits(bytes: &[u8]) -> bool {
    bytes.len() == BRI_PART && bytes.iter().all(u8::is_ascii_digit)
}

/// Checks that a record's bytes from `from` on are spaces and NUL bytes.
pub fn filler(record: &[u8], from: usize) -> Result<(), Flaw> {
    match record[from..].iter().position(|&b| b != b' ' && b != 0) {
        Some(i) => Err(Flaw::new(from + i, 1, shown(record[from + i]), "spaces and NUL bytes after the board")),
        None => Ok(()),
    }
}

/// The boards of a file of 128-byte records, numbered from 1, each read by `deal`.
pub fn records(name: &str, what: &str, bytes: &[u8], deal: impl Fn(&[u8]) -> Result<dealvm_vm::card::Deal, Flaw>) -> Result<Vec<Board>, Diagnostic> {
    if bytes.is_empty() || !bytes.len().is_multiple_of(RECORD) {
        return Err(not_whole(name, what, bytes.len(), RECORD));
    }
    bytes
        .chunks_exact(RECORD)
        .enumerate()
        .map(|(i, record)| {
            let number = i as u64 + 1;
            deal(record).map(|deal| Board::of_cycle(number, deal)).map_err(|flaw| binary_error(name, number, i * RECORD, flaw))
        })
        .collect()
}

/// The deal of a BRI part (`bytes`, 78 of them): 13 card numbers for each of North, East and
/// South in any order, West the rest.
pub fn read_bri_part(bytes: &[u8]) -> Result<Deal, Flaw> {
    let mut maker = DealMaker::new();
    for (i, pair) in bytes.chunks_exact(2).take(3 * HAND).enumerate() {
        let seat = Seat::from_index(i / HAND);
        let at = 2 * i;
        let number = match pair {
            [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => (a - b'0') * 10 + (b - b'0'),
            _ => 0,
        };
        if !(1..=PACK as u8).contains(&number) {
            let found = format!("`{}`", String::from_utf8_lossy(pair).escape_debug());
            return Err(Flaw::new(at, 2, found, format!("a card number 01 to 52 (a card of {})", seat.name())));
        }
        maker.give(seat, card_at(number as usize - 1), at)?;
    }
    maker.rest_to(Seat::West);
    maker.finish(0, BRI_PART)
}

/// The deal of a DGE part (`bytes`, 68 of them): four hands of 17 bytes, each the four suit
/// symbols in order with the suit's ranks after each, in any order.
pub fn read_dge_part(bytes: &[u8]) -> Result<Deal, Flaw> {
    let mut maker = DealMaker::new();
    for (h, hand) in bytes.chunks_exact(DGE_HAND).take(4).enumerate() {
        let seat = Seat::from_index(h);
        let mut suits = Suit::DISPLAY.into_iter().zip(SUIT_SYMBOLS).peekable();
        let mut suit = None;
        for (j, &byte) in hand.iter().enumerate() {
            let at = h * DGE_HAND + j;
            if suits.peek().is_some_and(|&(_, symbol)| symbol == byte) {
                suit = suits.next().map(|(s, _)| s);
                continue;
            }
            let Some(suit) = suit else {
                return Err(Flaw::new(at, 1, shown(byte), format!("the spade symbol 0x06 that starts {} hand", whose(seat))));
            };
            let Some(rank) = rank_of(byte) else {
                let next = suits.peek().map_or(String::new(), |&(s, symbol)| format!(" or the {} symbol 0x{symbol:02X}", s.name()));
                return Err(Flaw::new(at, 1, shown(byte), format!("a rank of {} {}{next}", whose(seat), suit.name())));
            };
            maker.give(seat, Card::new(suit, rank), at)?;
        }
        if let Some((suit, symbol)) = suits.next() {
            let at = h * DGE_HAND;
            return Err(Flaw::new(
                at,
                DGE_HAND,
                format!("{} hand without the {} symbol 0x{symbol:02X}", whose(seat), suit.name()),
                "17 bytes a hand: four suit symbols and 13 ranks",
            ));
        }
    }
    maker.finish(0, DGE_PART)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::number::deal_of;

    #[test]
    fn parts_read_back_as_the_deal_written() {
        for n in [0u128, 1, 12_345_678_901_234_567_890, crate::formats::number::DEALS - 1] {
            let deal = deal_of(n);
            assert_eq!(read_bri_part(&bri_part(&deal)), Ok(deal));
            assert_eq!(read_dge_part(&dge_part(&deal)), Ok(deal));
        }
        assert_eq!(&bri_part(&deal_of(0))[..6], b"010203");
    }

    #[test]
    fn damaged_parts_are_refused_with_the_place() {
        let deal = deal_of(7);
        let mut bri = bri_part(&deal);
        bri[4] = b'5';
        bri[5] = b'3';
        assert_eq!(read_bri_part(&bri).unwrap_err(), Flaw::new(4, 2, "`53`", "a card number 01 to 52 (a card of North)"));
        let mut bri = bri_part(&deal);
        bri[28] = bri[0];
        bri[29] = bri[1];
        let flaw = read_bri_part(&bri).unwrap_err();
        assert_eq!((flaw.at, flaw.message().contains("a second time (given to North before)")), (28, true));

        let mut dge = dge_part(&deal);
        dge[17] = b'x';
        assert_eq!(read_dge_part(&dge).unwrap_err().message(), "found `x`, expected the spade symbol 0x06 that starts East's hand");
        let mut dge = dge_part(&deal);
        dge[1] = b'1';
        assert_eq!(read_dge_part(&dge).unwrap_err().message(), "found `1`, expected a rank of North's spades or the hearts symbol 0x03");
    }

    #[test]
    fn trailers_of_big_deal_and_duplimate_are_read() {
        assert_eq!(&big_deal_trailer(32), b"YN1  0 32 ");
        assert_eq!(read_trailer(&big_deal_trailer(7)), Ok(Trailer { first: 1, last: 7 }));
        assert_eq!(read_trailer(b"YN1  1 32 "), Ok(Trailer { first: 1, last: 32 }));
        assert_eq!(read_trailer(b"YN17 0 16 "), Ok(Trailer { first: 17, last: 16 }));
        assert_eq!(read_trailer(b"YN17   16 "), Ok(Trailer { first: 17, last: 16 }));
        assert_eq!(read_trailer(b"XN1  0 32 ").unwrap_err().message(), "found `X`, expected `Y` or `N` (random hands?)");
        assert_eq!(read_trailer(&[0; 10]).unwrap_err().message(), "found the byte 0x00, expected `Y` or `N` (random hands?)");
        assert_eq!(read_trailer(b"YN1x 0 32 ").unwrap_err().at, 2);
    }
}
