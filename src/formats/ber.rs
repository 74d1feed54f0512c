//! Bernasconi's BER files: 52 ASCII digits a board, no separator, no line end, no header, no
//! board number. Digit `c` is the owner of the card of index `c` (the ace of spades first, the
//! deuce of clubs last): `1` North, `2` East, `3` South, `4` West.
//!
//! Reading BER files (layout in `crate::formats::ber`): 52 digits a board, numbered 1,
//! 2, ...; line ends anywhere between the digits are passed over.

use crate::diag::{Diagnostic, Source, Span};
use crate::formats::cards::{card_at, owners, shown, DealMaker, Flaw, PACK};
use crate::formats::facts::{numbered, Facts, Read, Reader, Switch};
use crate::formats::place::{text_error, whole_lines};
use dealvm_vm::card::{Deal, Seat};
use dealvm_vm::dealing::board::Board;

/// BER: Bernasconi's dealing machines.
pub const FACTS: Facts = Facts {
    name: "ber",
    big_deal_name: None,
    sealed: None,
    extension: "ber",
    what: "BER",
    title: "BER",
    label: "BER (Bernasconi)",
    switch: Switch::Long {
        switch: "--ber",
        help: "Write the produced deals to a BER file (Bernasconi dealing machines; 52 digits a board)",
        long_help: None,
        in_short_help: false,
    },
    binary: false,
    layout: None,
    records: false,
    last_board: None,
    numbers: false,
    dealers: false,
    content_type: "text/plain; charset=us-ascii",
    looks_like: Some(looks_like),
    read: Reader::Text(|src, _| read(src).map(Read::boards)),
    write: Some(|boards, _| file(&numbered(boards))),
};

/// The bytes of a board.
pub const RECORD: usize = PACK;

/// The digit of a seat: `1` North ... `4` West.
pub fn digit(seat: Seat) -> u8 {
    b'1' + seat.index() as u8
}

/// The 52 digits of a deal.
pub fn record(deal: &Deal) -> [u8; RECORD] {
    owners(deal).map(digit)
}

/// The deal of 52 digits, or what is wrong: a byte that is not `1` to `4`, a hand that is not
/// 13 cards.
pub fn read_record(bytes: &[u8]) -> Result<Deal, Flaw> {
    let mut maker = DealMaker::new();
    for (i, &byte) in bytes.iter().take(RECORD).enumerate() {
        if !(b'1'..=b'4').contains(&byte) {
            return Err(Flaw::new(i, 1, shown(byte), format!("the owner of the {}: 1 North, 2 East, 3 South or 4 West", card_at(i))));
        }
        maker.give(Seat::from_index((byte - b'1') as usize), card_at(i), i)?;
    }
    maker.finish(0, RECORD)
}

/// A BER file: each board's 52 digits.
pub fn file(boards: &[(u64, Deal)]) -> Vec<u8> {
    boards.iter().flat_map(|(_, deal)| record(deal)).collect()
}

/// The characters of a text but its line ends, with their offsets.
fn characters(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    text.char_indices().filter(|&(_, c)| c != '\n' && c != '\r')
}

/// Whether a text is a BER file: only the digits 1 to 4 (and line ends), 52 a board.
pub fn looks_like_ber(text: &str) -> bool {
    let mut n = 0;
    for (_, c) in characters(text) {
        if !('1'..='4').contains(&c) {
            return false;
        }
        n += 1;
    }
    n > 0 && n % RECORD == 0
}

/// The boards of a BER file.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    let digits: Vec<(usize, char)> = characters(&src.text).collect();
    let mut boards = Vec::with_capacity(digits.len() / RECORD);
    for (i, record) in digits.chunks(RECORD).enumerate() {
        let number = i as u64 + 1;
        let (start, _) = record[0];
        if record.len() < RECORD {
            let end = record.last().map_or(start, |&(at, c)| at + c.len_utf8());
            let flaw = Flaw::new(0, end - start, format!("{} digits at the end", record.len()), "52 digits a board");
            return Err(text_error(src, number, start, flaw));
        }
        let bytes: Vec<u8> = record.iter().map(|&(_, c)| if c.is_ascii() { c as u8 } else { b'?' }).collect();
        let deal = read_record(&bytes).map_err(|flaw| {
            // The flaw's place in the record, as a place in the text.
            let from = record.get(flaw.at).map_or(start, |&(at, _)| at);
            let last = record.get(flaw.at + flaw.len - 1).map_or(from, |&(at, c)| at + c.len_utf8());
            text_error(src, number, 0, Flaw { at: from, len: last.saturating_sub(from).max(1), ..flaw })
        })?;
        boards.push(Board::of_cycle(number, deal));
    }
    if boards.is_empty() {
        return Err(Diagnostic::at(Span::new(0, 0), "found no digit, expected 52 digits a board").in_source(src.clone()));
    }
    Ok(boards)
}

/// Whether a file is a BER file: only the digits 1 to 4 (and line ends), 52 a board; of a
/// file's start only, only digits and a size of whole boards.
fn looks_like(head: &[u8], size: u64) -> bool {
    if (head.len() as u64) < size {
        let digits = head.iter().all(|b| matches!(b, b'1'..=b'4' | b'\r' | b'\n'));
        return looks_like_ber(&whole_lines(head, size)) || (!head.is_empty() && digits && size.is_multiple_of(RECORD as u64));
    }
    looks_like_ber(&String::from_utf8_lossy(head))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::number::deal_of;

    #[test]
    fn records_read_back_and_damage_is_placed() {
        let deal = deal_of(271_828_182_845_904_523_536);
        assert_eq!(read_record(&record(&deal)), Ok(deal));
        assert_eq!(&record(&deal_of(0))[..14], b"11111111111112");
        let mut bad = record(&deal);
        bad[20] = b'5';
        assert_eq!(read_record(&bad).unwrap_err().message(), "found `5`, expected the owner of the 7H: 1 North, 2 East, 3 South or 4 West");
        let mut bad = record(&deal);
        bad[0] = if bad[0] == b'1' { b'2' } else { b'1' };
        assert!(read_record(&bad).unwrap_err().message().ends_with("expected 13 cards in each hand"));
    }

    #[test]
    fn boards_read_back_with_or_without_line_ends() {
        let written: Vec<_> = (1..=3).map(|b| (b, deal_of(b as u128 * 0x0F0F_0F0F_0F0F_0F0F))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        assert!(looks_like_ber(&text));
        let read = read(&Source::new("b.ber", text.clone())).unwrap();
        assert_eq!(read.iter().map(|b| (b.number, b.deal)).collect::<Vec<_>>(), written);
        let lines = format!("{}\r\n{}\n{}\n", &text[..52], &text[52..104], &text[104..]);
        assert_eq!(read_deals(&lines), written.iter().map(|b| b.1).collect::<Vec<_>>());
    }

    /// The deals of a BER text.
    fn read_deals(text: &str) -> Vec<dealvm_vm::card::Deal> {
        read(&Source::new("b.ber", text)).unwrap().into_iter().map(|b| b.deal).collect()
    }

    #[test]
    fn damaged_files_are_refused_with_the_line_and_column() {
        let written: Vec<_> = (1..=2).map(|b| (b, deal_of(b as u128))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        let bad = format!("{}\n{}5{}", &text[..52], &text[52..60], &text[61..]);
        let d = read(&Source::new("b.ber", bad.clone())).unwrap_err();
        assert!(d.message.starts_with("board 2: found `5`, expected the owner of the "), "{}", d.message);
        assert_eq!(d.source.as_ref().unwrap().line_col(d.span.unwrap().start), (2, 9));
        assert!(!looks_like_ber(&bad));
        let d = read(&Source::new("b.ber", &text[..100])).unwrap_err();
        assert_eq!(d.message, "board 2: found 48 digits at the end, expected 52 digits a board");
        assert!(read(&Source::new("b.ber", "\n")).is_err());
    }
}
