//! Reading BER files (layout in `crate::files::bigdeal::ber`): 52 digits a board, numbered 1,
//! 2, ...; line ends anywhere between the digits are passed over.

use crate::diag::{Diagnostic, Source, Span};
use crate::files::bigdeal::ber::{read_record, RECORD};
use crate::files::cards::Flaw;
use crate::source::boardfile::text_error;
use dealvm_vm::dealing::board::Board;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::ber::file;
    use crate::files::bigdeal::number::deal_of;

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
