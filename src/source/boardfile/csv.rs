//! Reading Big Deal's CSV files (layout in `crate::files::bigdeal::csv`): a line a board, with
//! its number, dealer and vulnerability; empty lines are passed over.

use crate::diag::{Diagnostic, Source, Span};
use crate::files::bigdeal::csv::{looks_like_line, read_line};
use crate::source::boardfile::{lines, text_error};
use dealvm_vm::dealing::board::Board;

/// Whether a text is Big Deal's CSV: its first line that is not empty is 18 quoted fields, the
/// 17th a number.
pub fn looks_like_csv(text: &str) -> bool {
    lines(text).map(|(_, l)| l).find(|l| !l.trim().is_empty()).is_some_and(looks_like_line)
}

/// The boards of a CSV file.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    let mut boards: Vec<Board> = Vec::new();
    for (start, line) in lines(&src.text).filter(|(_, l)| !l.trim().is_empty()) {
        // A board's number is in its line; a line that cannot be read is the one after the last.
        let number = boards.last().map_or(1, |b| b.number + 1);
        let board = read_line(line).map_err(|flaw| text_error(src, number, start, flaw))?;
        boards.push(Board { number: board.number, deal: board.deal, dealer: Some(board.dealer), vulnerable: Some(board.vulnerable), tricks: None });
    }
    if boards.is_empty() {
        return Err(Diagnostic::at(Span::new(0, 0), "found no board, expected a line of 18 fields a board").in_source(src.clone()));
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::csv::file;
    use crate::files::bigdeal::number::deal_of;
    use dealvm_vm::card::Seat;
    use dealvm_vm::dealing::board::Vulnerability;

    #[test]
    fn boards_read_back_with_the_dealer_and_vulnerability_of_the_file() {
        let written: Vec<_> = [5, 6, 20].into_iter().map(|b| (b, deal_of(b as u128 * 0x1357_9BDF))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        assert!(looks_like_csv(&text));
        let read = read(&Source::new("b.csv", text.replace('\n', "\r\n"))).unwrap();
        assert_eq!(read.iter().map(|b| (b.number, b.deal)).collect::<Vec<_>>(), written);
        // The file's dealer and vulnerability, even against the cycle.
        let turned = text.replacen("\"N/NS\"", "\"S/All\"", 1);
        let read = super::read(&Source::new("b.csv", turned)).unwrap();
        assert_eq!((read[0].dealer, read[0].vulnerable), (Some(Seat::South), Some(Vulnerability::All)));
    }

    #[test]
    fn damaged_lines_are_refused_with_the_line_and_column() {
        let written: Vec<_> = (1..=2).map(|b| (b, deal_of(b as u128))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        let second = text.find('\n').unwrap() + 1;
        let bad = format!("{}{}", &text[..second], text[second..].replacen("\"2\",\"E/NS\"", "\"two\",\"E/NS\"", 1));
        let d = read(&Source::new("b.csv", bad)).unwrap_err();
        assert_eq!(d.message, "board 2: found `two`, expected the board number (from 1) in the 17th field");
        assert_eq!(d.source.as_ref().unwrap().line_col(d.span.unwrap().start).0, 2);
        assert!(!looks_like_csv("1,2,3\nN,14\n"));
    }
}
