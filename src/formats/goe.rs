//! Big Deal's GOE files (`bigdealx -f goedel`): a line a board, the deal's number in Big Deal's
//! numbering ([`crate::formats::number`]) in decimal. The line has 29 digit places, the
//! most a number below [`DEALS`] takes, each group of three from the right separated by a
//! comma; the leading zeros are spaces, and so is a separator among them. No board numbers:
//! line `n` is board `n`.
//!
//! Reading GOE files (layout in `crate::formats::goe`): a deal's number a line,
//! numbered 1, 2, ...; empty lines are passed over.

use crate::diag::{Diagnostic, Source};
use crate::formats::cards::Flaw;
use crate::formats::facts::{numbered, Facts, Read, Reader, Switch};
use crate::formats::number::{deal_of, number_of, DEALS};
use crate::formats::place::whole_lines;
use crate::formats::place::{board_lines, lines};
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;

/// GOE: the deals' numbers in Big Deal's numbering (`bigdealx -f goedel`).
pub const FACTS: Facts = Facts {
    name: "goe",
    big_deal_name: Some("goedel"),
    sealed: None,
    extension: "goe",
    what: "GOE",
    title: "GOE",
    label: "GOE (Big Deal's deal numbers)",
    switch: Switch::None,
    binary: false,
    layout: None,
    records: false,
    last_board: None,
    numbers: false,
    dealers: false,
    content_type: "text/plain; charset=us-ascii",
    looks_like: Some(|head, size| looks_like_goe(&whole_lines(head, size))),
    read: Reader::Text(|src, _| read(src).map(Read::boards)),
    write: Some(|boards, _| file(&numbered(boards))),
};

/// The digit places of a line.
const DIGITS: usize = 29;

/// The line of a deal's number, with its line end: `29,540,882,464,038,600,094,533,458,442`,
/// or `   942,967,749,576,910,001,314,465,988` for a shorter number.
pub fn line(number: u128) -> String {
    let digits = format!("{number:0DIGITS$}");
    let mut out = String::with_capacity(DIGITS + DIGITS / 3 + 1);
    let mut leading = true;
    for (k, d) in digits.chars().enumerate() {
        // The place of the digit from the right: 0 for the units.
        let place = DIGITS - 1 - k;
        leading &= d == '0' && place > 0;
        out.push(if leading { ' ' } else { d });
        if place.is_multiple_of(3) {
            out.push(match (place, leading) {
                (0, _) => '\n',
                (_, true) => ' ',
                (_, false) => ',',
            });
        }
    }
    out
}

/// A GOE file: each board's line.
pub fn file(boards: &[(u64, Deal)]) -> Vec<u8> {
    boards.iter().flat_map(|(_, deal)| line(number_of(deal)).into_bytes()).collect()
}

/// The deal of a line (without its line end): digits, with commas and spaces between them;
/// the number must be below [`DEALS`].
pub fn read_line(text: &str) -> Result<Deal, Flaw> {
    let mut number: u128 = 0;
    let mut digits = 0;
    for (i, c) in text.char_indices() {
        match c {
            '0'..='9' => {
                digits += 1;
                number = number.saturating_mul(10).saturating_add(c as u128 - '0' as u128);
            }
            ',' | ' ' | '\t' => {}
            _ => return Err(Flaw::new(i, c.len_utf8(), format!("`{c}`"), "a deal's number: digits, with commas between the thousands")),
        }
    }
    if digits == 0 {
        return Err(Flaw::new(0, text.len(), "no digit", "a deal's number"));
    }
    if number >= DEALS {
        let start = text.len() - text.trim_start().len();
        return Err(Flaw::new(start, text.trim().len(), format!("`{}`", text.trim()), format!("a deal's number, below {}", line(DEALS).trim())));
    }
    Ok(deal_of(number))
}

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
    board_lines(src, "a deal's number a line", |number, line| read_line(line).map(|deal| Board::of_cycle(number, deal)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::number::deal_of;

    #[test]
    fn lines_are_big_deals_and_read_back() {
        assert_eq!(line(29_540_882_464_038_600_094_533_458_442), "29,540,882,464,038,600,094,533,458,442\n");
        assert_eq!(line(942_967_749_576_910_001_314_465_988), "   942,967,749,576,910,001,314,465,988\n");
        assert_eq!(line(7_479_491_132_739_915_352_120_193_794), " 7,479,491,132,739,915,352,120,193,794\n");
        assert_eq!(line(0), format!("{}0\n", " ".repeat(37)));
        assert_eq!(line(1_000), format!("{}1,000\n", " ".repeat(33)));
        for n in [0, 1, 1_000, DEALS - 1] {
            assert_eq!(number_of(&read_line(line(n).trim_end()).unwrap()), n);
        }
        assert_eq!(line(DEALS - 1).len(), 39);
    }

    #[test]
    fn damaged_lines_are_refused() {
        assert_eq!(read_line("12,34x").unwrap_err().message(), "found `x`, expected a deal's number: digits, with commas between the thousands");
        assert_eq!(read_line(" , ").unwrap_err().found, "no digit");
        let too_big = read_line(line(DEALS).trim_end()).unwrap_err();
        assert_eq!(too_big.expected, "a deal's number, below 53,644,737,765,488,792,839,237,440,000");
        assert!(read_line(&"9".repeat(60)).is_err());
    }

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
