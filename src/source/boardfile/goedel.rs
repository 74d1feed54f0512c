//! Reading GOE files (layout in `crate::files::bigdeal::goedel`): a deal's number a line,
//! numbered 1, 2, ...; empty lines are passed over.

use crate::diag::{Diagnostic, Source, Span};
use crate::files::bigdeal::goedel::read_line;
use crate::source::boardfile::{lines, text_error};
use dealvm_vm::dealing::board::Board;

/// Whether a line is laid out as Big Deal writes a deal's number: 38 characters, 29 digit
/// places in groups of three (two first) with commas between, leading zeros and their commas
/// spaces.
fn big_deals_line(line: &str) -> bool {
    let bytes = line.as_bytes();
    let digits_or_blank = |b: u8| b.is_ascii_digit() || b == b' ';
    bytes.len() == 38
        && bytes.iter().enumerate().all(|(i, &b)| if i % 4 == 2 { b == b',' || b == b' ' } else { digits_or_blank(b) })
        && bytes[37].is_ascii_digit()
}

/// Whether a text is a GOE file: every line that is not empty a number laid out as Big Deal
/// writes it, and one at least.
pub fn looks_like_goe(text: &str) -> bool {
    let mut numbers = lines(text).map(|(_, l)| l).filter(|l| !l.is_empty()).peekable();
    numbers.peek().is_some() && numbers.all(big_deals_line)
}

/// The boards of a GOE file.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    let mut boards = Vec::new();
    for (start, line) in lines(&src.text).filter(|(_, l)| !l.trim().is_empty()) {
        let number = boards.len() as u64 + 1;
        let deal = read_line(line).map_err(|flaw| text_error(src, number, start, flaw))?;
        boards.push(Board::of_cycle(number, deal));
    }
    if boards.is_empty() {
        return Err(Diagnostic::at(Span::new(0, 0), "found no board, expected a deal's number a line").in_source(src.clone()));
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::goedel::file;
    use crate::files::bigdeal::number::deal_of;

    #[test]
    fn numbers_read_back_as_their_deals() {
        let written: Vec<_> = (1..=4).map(|b| (b, deal_of(b as u128 * 0x1111_2222_3333_4444_5555))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        assert!(looks_like_goe(&text));
        let read = read(&Source::new("b.goe", text)).unwrap();
        assert_eq!(read.iter().map(|b| (b.number, b.deal)).collect::<Vec<_>>(), written);
        // Other layouts are read too, but only Big Deal's is told by content.
        let plain = "12345678901234567890\n\n  98765\n";
        assert_eq!(super::read(&Source::new("b.goe", plain)).unwrap().len(), 2);
        assert!(!looks_like_goe(plain) && !looks_like_goe("1,2,3\n"));
    }

    #[test]
    fn damaged_lines_are_refused_with_the_line_and_column() {
        let d = read(&Source::new("b.goe", "12\n99,999,999,999,999,999,999,999,999,999\n")).unwrap_err();
        assert_eq!(
            d.message,
            "board 2: found `99,999,999,999,999,999,999,999,999,999`, expected a deal's number, below 53,644,737,765,488,792,839,237,440,000"
        );
        assert_eq!(d.source.as_ref().unwrap().line_col(d.span.unwrap().start), (2, 1));
        let d = read(&Source::new("b.goe", "12;3\n")).unwrap_err();
        assert_eq!(d.source.as_ref().unwrap().line_col(d.span.unwrap().start), (1, 3));
    }
}
