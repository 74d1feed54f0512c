//! Reading DealerV2's DL52 files (the layout is described in `crate::files::dl52`): 52-byte
//! records of whole deals, no header, no trick counts.
//!
//! A file that is not whole records, or a record that is not four hands of 13 different cards,
//! is refused, naming the file and the record (counted from 1): a binary file has no line and
//! column.

use crate::diag::Diagnostic;
use crate::files::dl52::{decode, RECORD};
use dealvm_vm::dealing::board::Board;

/// The boards of a DL52 file, board `i` from its `i`-th record; a file of part records or a
/// record that is not a deal is refused with the record's number.
pub fn read(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    let left = bytes.len() % RECORD;
    if left != 0 {
        return Err(Diagnostic::error(format!(
            "`{name}` is not a DL52 file of whole records: its {} bytes make {} records of {RECORD} bytes and {left} bytes left over",
            bytes.len(),
            bytes.len() / RECORD
        ))
        .with_note(format!("a DL52 file is a sequence of {RECORD}-byte records; it may have been cut short or not be a DL52 file")));
    }
    bytes
        .chunks_exact(RECORD)
        .enumerate()
        .map(|(i, chunk)| {
            let deal = decode(chunk.try_into().expect("chunks of a record"))
                .map_err(|why| Diagnostic::error(format!("`{name}`, record {}: {why}", i + 1)))?;
            Ok(Board::new(i as u64 + 1, deal))
        })
        .collect()
}

/// Whether a file is a DL52 file: not empty, whole records, and a first record of 52
/// different cards. Text never looks like one: a deal's clubs are the bytes 0 to 12.
pub fn looks_like_dl52(bytes: &[u8]) -> bool {
    !bytes.is_empty() && bytes.len().is_multiple_of(RECORD) && decode(bytes[..RECORD].try_into().expect("one record")).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::dl52::deal_record;
    use crate::files::zrd::listing;

    /// The first ten deals of Pavlicek's library as a DL52 file.
    fn sample() -> Vec<u8> {
        listing::deals(listing::FIRST).iter().flat_map(|(deal, _)| deal_record(deal)).collect()
    }

    #[test]
    fn the_records_read_back_as_the_deals_written() {
        let boards = read("ten.dl52", &sample()).unwrap();
        let deals = listing::deals(listing::FIRST);
        assert_eq!(boards.len(), 10);
        for (i, (board, (deal, _))) in boards.iter().zip(&deals).enumerate() {
            assert_eq!(board, &Board::new(i as u64 + 1, *deal));
        }
        assert!(looks_like_dl52(&sample()));
    }

    #[test]
    fn a_damaged_file_is_refused_with_the_record() {
        let mut cut = sample();
        cut.truncate(3 * RECORD + 5);
        let m = read("x.dl52", &cut).unwrap_err().message;
        assert!(m.contains("3 records of 52 bytes and 5 bytes left over"), "{m}");
        assert!(!looks_like_dl52(&cut));

        let mut twice = sample();
        twice[2 * RECORD + 40] = twice[2 * RECORD];
        let m = read("x.dl52", &twice).unwrap_err().message;
        assert!(m.starts_with("`x.dl52`, record 3: the card"), "{m}");
        assert!(m.contains("given twice (byte 41, a card of West)"), "{m}");
    }

    #[test]
    fn text_and_zrd_files_do_not_look_like_dl52() {
        assert!(!looks_like_dl52(b""));
        assert!(!looks_like_dl52(&[b'x'; 104]));
        assert!(!looks_like_dl52(&listing::FIRST_ZRD[..52 * 4]));
    }
}
