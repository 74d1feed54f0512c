//! Big Deal's GOE files (`bigdealx -f goedel`): a line a board, the deal's number in Big Deal's
//! numbering ([`crate::files::bigdeal::number`]) in decimal. The line has 29 digit places, the
//! most a number below [`DEALS`] takes, each group of three from the right separated by a
//! comma; the leading zeros are spaces, and so is a separator among them. No board numbers:
//! line `n` is board `n`.

use crate::files::bigdeal::number::{deal_of, number_of, DEALS};
use crate::files::cards::Flaw;
use dealvm_vm::card::Deal;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
