//! The Borel Hand Generator's BHG files: an empty first line, then a line a board of 52
//! letters, 13 a hand, the board's dealer first and the others clockwise. A letter is a card's
//! index: `A` the ace of spades ... `Z` the deuce of hearts, `a` the ace of diamonds ... `z`
//! the deuce of clubs. Big Deal writes each hand's cards by ascending index. The lines carry
//! no board number: line `n` is board `n`, and its first hand is the dealer's of board `n` in
//! the standard cycle.
//!
//! Reading BHG files (layout in `crate::formats::bhg`): every line that is not empty is
//! a board, numbered 1, 2, ... in file order, its first hand the dealer's of that number.

use crate::diag::{Diagnostic, Source};
use crate::formats::cards::{card_at, index_of, indices, shown, whose, DealMaker, Flaw, HAND, PACK};
use crate::formats::facts::{numbered, Facts, Read, Reader, Switch};
use crate::formats::place::whole_lines;
use crate::formats::place::{board_lines, lines};
use dealvm_vm::card::{Card, Deal};
use dealvm_vm::dealing::board::{board_dealer, Board};

/// BHG: the Borel Hand Generator's files, the dealer's hand first on each line.
pub const FACTS: Facts = Facts {
    name: "bhg",
    big_deal_name: Some("borel"),
    sealed: None,
    extension: "bhg",
    what: "BHG",
    title: "BHG",
    label: "BHG (Borel)",
    switch: Switch::Long {
        switch: "--bhg",
        help: "Write the produced deals to a BHG file (Borel Hand Generator; a line a board)",
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
    looks_like: Some(|head, size| looks_like_bhg(&whole_lines(head, size))),
    read: Reader::Text(|src, _| read(src).map(Read::boards)),
    write: Some(|boards, _| file(&numbered(boards))),
};

/// The letter of a card.
pub fn letter(card: Card) -> u8 {
    let index = index_of(card) as u8;
    if index < 26 {
        b'A' + index
    } else {
        b'a' + index - 26
    }
}

/// The card of a letter, if it is one.
pub fn card_of(letter: u8) -> Option<Card> {
    match letter {
        b'A'..=b'Z' => Some(card_at((letter - b'A') as usize)),
        b'a'..=b'z' => Some(card_at((letter - b'a') as usize + 26)),
        _ => None,
    }
}

/// The 52 letters of board `number`: the dealer's hand first.
pub fn line(number: u64, deal: &Deal) -> [u8; PACK] {
    let dealer = board_dealer(number);
    let mut out = [b' '; PACK];
    let letters = (0..4).flat_map(|k| indices(deal.hand(dealer.rotate(k))).into_iter().take(HAND));
    for (slot, index) in out.iter_mut().zip(letters) {
        *slot = letter(card_at(index));
    }
    out
}

/// The deal of board `number`'s line (52 letters, the dealer's hand first, each hand's cards
/// in any order), or what is wrong with it.
pub fn read_line(number: u64, text: &[u8]) -> Result<Deal, Flaw> {
    if text.len() != PACK {
        return Err(Flaw::new(0, text.len(), format!("{} characters", text.len()), "52 letters, 13 for each hand"));
    }
    let dealer = board_dealer(number);
    let mut maker = DealMaker::new();
    for (i, &byte) in text.iter().enumerate() {
        let seat = dealer.rotate(i / HAND);
        let card = card_of(byte).ok_or_else(|| Flaw::new(i, 1, shown(byte), format!("a letter, a card of {} hand", whose(seat))))?;
        maker.give(seat, card, i)?;
    }
    maker.finish(0, PACK)
}

/// A BHG file: an empty line, then each board's line.
pub fn file(boards: &[(u64, Deal)]) -> Vec<u8> {
    let mut out = vec![b'\n'];
    for (number, deal) in boards {
        out.extend_from_slice(&line(*number, deal));
        out.push(b'\n');
    }
    out
}

/// Whether a text is a BHG file: every line but empty ones 52 letters, and one at least.
pub fn looks_like_bhg(text: &str) -> bool {
    let mut boards = lines(text).map(|(_, l)| l).filter(|l| !l.is_empty()).peekable();
    boards.peek().is_some() && boards.all(|l| l.len() == PACK && l.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// The boards of a BHG file as read (its lines boards 1, 2, ...), read instead as from board
/// `first`: line `n` is board `first + n - 1`, its first hand that board's dealer's.
pub fn from_board(boards: Vec<Board>, first: u64) -> Vec<Board> {
    boards
        .into_iter()
        .enumerate()
        .map(|(i, b)| {
            let (was, is) = (board_dealer(i as u64 + 1) as usize, board_dealer(first + i as u64) as usize);
            Board::of_cycle(first + i as u64, b.deal.rotated((is + 4 - was) % 4))
        })
        .collect()
}

/// The boards of a BHG file.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    board_lines(src, "a line of 52 letters a board", |number, line| {
        read_line(number, line.trim_end().as_bytes()).map(|deal| Board::of_cycle(number, deal))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::number::deal_of;
    use dealvm_vm::card::Seat;

    #[test]
    fn lines_start_with_the_dealer_and_read_back() {
        let deal = deal_of(0);
        // Board 2: East deals and holds the hearts, N, O, ... Z.
        assert_eq!(&line(2, &deal)[..13], b"NOPQRSTUVWXYZ");
        assert_eq!(&line(1, &deal)[..13], b"ABCDEFGHIJKLM");
        for number in 1..=4 {
            let deal = deal_of(number as u128 * 1_000_000_007);
            assert_eq!(read_line(number, &line(number, &deal)), Ok(deal));
        }
        let mut bad = line(3, &deal);
        bad[13] = b'1';
        assert_eq!(read_line(3, &bad).unwrap_err().message(), "found `1`, expected a letter, a card of West's hand");
        assert_eq!(read_line(3, &bad[..51]).unwrap_err().message(), "found 51 characters, expected 52 letters, 13 for each hand");
    }

    #[test]
    fn a_file_of_boards_from_any_number_reads_back_from_its_first() {
        for first in [1, 2, 3, 4, 11, 17, 30] {
            let written: Vec<_> = (first..first + 6).map(|b| (b, deal_of(b as u128 * 0x1234_5678_9abc))).collect();
            let src = Source::new("s.bhg", String::from_utf8(file(&written)).unwrap());
            let read = from_board(read(&src).unwrap(), first);
            let back: Vec<_> = read.iter().map(|b| (b.number, b.deal)).collect();
            assert_eq!(back, written, "boards from {first}");
            assert!(read.iter().all(|b| b.dealer == Some(board_dealer(b.number))));
            // Read as from board 1, a file of boards 11 ... has its hands turned.
            if first % 4 != 1 {
                assert_ne!(read_first_deals(&src), written[0].1, "boards from {first}");
            }
        }
    }

    fn read_first_deals(src: &Source) -> Deal {
        read(src).unwrap()[0].deal
    }

    #[test]
    fn boards_read_back_each_from_its_dealer() {
        let written: Vec<_> = (1..=6).map(|b| (b, deal_of(b as u128 * 0x7777_7777_7777))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        assert!(looks_like_bhg(&text));
        let read = read(&Source::new("b.bhg", text.replace('\n', "\r\n"))).unwrap();
        assert_eq!(read.iter().map(|b| (b.number, b.deal)).collect::<Vec<_>>(), written);
        assert_eq!(read[2].dealer, Some(Seat::South));
    }

    #[test]
    fn damaged_lines_are_refused_with_the_line_and_column() {
        let written: Vec<_> = (1..=2).map(|b| (b, deal_of(b as u128))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        let mut bad = text.into_bytes();
        bad[55] = b'1';
        let d = read(&Source::new("b.bhg", String::from_utf8(bad).unwrap())).unwrap_err();
        assert_eq!(d.message, "board 2: found `1`, expected a letter, a card of East's hand");
        assert_eq!(d.source.as_ref().unwrap().line_col(d.span.unwrap().start), (3, 2));
        let d = read(&Source::new("b.bhg", "\nABC\n")).unwrap_err();
        assert_eq!(d.message, "board 1: found 3 characters, expected 52 letters, 13 for each hand");
        assert!(!looks_like_bhg("\n\n") && !looks_like_bhg("\nABC\n"));
    }
}
