//! Reading BHG files (layout in `crate::files::bigdeal::borel`): every line that is not empty is
//! a board, numbered 1, 2, ... in file order, its first hand the dealer's of that number.

use crate::diag::{Diagnostic, Source, Span};
use crate::files::bigdeal::borel::read_line;
use crate::files::cards::PACK;
use crate::source::boardfile::{lines, text_error};
use dealvm_vm::dealing::board::Board;

/// Whether a text is a BHG file: every line but empty ones 52 letters, and one at least.
pub fn looks_like_bhg(text: &str) -> bool {
    let mut boards = lines(text).map(|(_, l)| l).filter(|l| !l.is_empty()).peekable();
    boards.peek().is_some() && boards.all(|l| l.len() == PACK && l.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// The boards of a BHG file.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    let mut boards = Vec::new();
    for (start, line) in lines(&src.text).filter(|(_, l)| !l.trim().is_empty()) {
        let number = boards.len() as u64 + 1;
        let line = line.trim_end();
        let deal = read_line(number, line.as_bytes()).map_err(|flaw| text_error(src, number, start, flaw))?;
        boards.push(Board::of_cycle(number, deal));
    }
    if boards.is_empty() {
        return Err(Diagnostic::at(Span::new(0, 0), "found no board, expected a line of 52 letters a board").in_source(src.clone()));
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::borel::file;
    use crate::files::bigdeal::number::deal_of;
    use dealvm_vm::card::Seat;

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
