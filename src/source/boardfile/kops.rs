//! Reading RZD and CDS files (layouts in `crate::files::bigdeal::kops`).
//!
//! RZD: the header's count must be the number of boards after it (or its lowest 16 bits, past
//! 65,535 boards, as Big Deal writes it); the boards are numbered 1, 2, ... CDS: each board's
//! number is its first byte, counted on past 255 as Big Deal's numbers wrap
//! (`crate::files::bigdeal::kops::cds_board`).

use crate::diag::Diagnostic;
use crate::files::bigdeal::kops::{cds_board, read_deal_bytes, read_rzd_header, CDS_RECORD, CDS_TURN, DEAL, HEADER};
use crate::files::cards::Flaw;
use crate::source::boardfile::{binary_error, not_whole};
use dealvm_vm::dealing::board::Board;

/// Whether a file is an RZD file: a header of a count and 11 spaces, and as many boards after
/// it.
pub fn looks_like_rzd(bytes: &[u8]) -> bool {
    let boards = bytes.len().saturating_sub(HEADER);
    bytes.len() > HEADER && boards.is_multiple_of(DEAL) && read_rzd_header(bytes).is_ok_and(|count| count as usize == (boards / DEAL) & 0xFFFF)
}

/// The boards of an RZD file.
pub fn read_rzd(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    let count = read_rzd_header(bytes).map_err(|flaw| Diagnostic::error(format!("`{name}`, the header (offset {}): {}", flaw.at, flaw.message())))?;
    let body = &bytes[HEADER..];
    if body.is_empty() || !body.len().is_multiple_of(DEAL) {
        return Err(not_whole(name, "RZD", body.len(), DEAL));
    }
    let boards = body.len() / DEAL;
    if count as usize != boards & 0xFFFF {
        let flaw = Flaw::new(0, 2, format!("a header for {count} boards"), format!("the file's {boards} boards"));
        return Err(Diagnostic::error(format!("`{name}`, the header (offset 0): {}", flaw.message())));
    }
    body.chunks_exact(DEAL)
        .enumerate()
        .map(|(i, record)| {
            let number = i as u64 + 1;
            let deal = read_deal_bytes(record, 0).map_err(|flaw| binary_error(name, number, HEADER + i * DEAL, flaw))?;
            Ok(Board::of_cycle(number, deal))
        })
        .collect()
}

/// The boards of a CDS file.
pub fn read_cds(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    if bytes.is_empty() || !bytes.len().is_multiple_of(CDS_RECORD) {
        return Err(not_whole(name, "CDS", bytes.len(), CDS_RECORD));
    }
    let mut boards: Vec<Board> = Vec::with_capacity(bytes.len() / CDS_RECORD);
    for (i, record) in bytes.chunks_exact(CDS_RECORD).enumerate() {
        let number = cds_board(record[0], boards.last().map_or(0, |b| b.number));
        let deal = read_deal_bytes(&record[1..], CDS_TURN).map_err(|flaw| binary_error(name, number, i * CDS_RECORD + 1, flaw))?;
        boards.push(Board::of_cycle(number, deal));
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::kops::{cds_file, rzd_file};
    use crate::files::bigdeal::number::deal_of;
    use dealvm_vm::card::Deal;

    /// Boards numbered `numbers` with some deals.
    fn boards(numbers: impl Iterator<Item = u64>) -> Vec<(u64, Deal)> {
        numbers.map(|b| (b, deal_of(b as u128 * 0xFEDC_BA98_7654_3211))).collect()
    }

    #[test]
    fn both_formats_read_back() {
        let written = boards(1..=12);
        let rzd = rzd_file(&written);
        assert!(looks_like_rzd(&rzd));
        let read: Vec<(u64, Deal)> = read_rzd("k.rzd", &rzd).unwrap().into_iter().map(|b| (b.number, b.deal)).collect();
        assert_eq!(read, written);
        // CDS keeps the numbers, past 255 too.
        let written = boards([3, 4, 250, 255, 256, 257, 300, 500].into_iter());
        let read: Vec<(u64, Deal)> = read_cds("k.cds", &cds_file(&written)).unwrap().into_iter().map(|b| (b.number, b.deal)).collect();
        assert_eq!(read, written);
    }

    #[test]
    fn damaged_files_are_refused_with_the_board_and_offset() {
        let mut rzd = rzd_file(&boards(1..=3));
        rzd[0] = 4;
        assert!(!looks_like_rzd(&rzd));
        assert_eq!(
            read_rzd("k.rzd", &rzd).unwrap_err().message,
            "`k.rzd`, the header (offset 0): found a header for 4 boards, expected the file's 3 boards"
        );
        let mut rzd = rzd_file(&boards(1..=3));
        rzd[HEADER + DEAL + 5] ^= 0b11;
        let m = read_rzd("k.rzd", &rzd).unwrap_err().message;
        assert!(m.starts_with("`k.rzd`, board 2 (offset 26): found "), "{m}");
        assert!(m.ends_with("expected 13 cards in each hand"), "{m}");
        let m = read_rzd("k.rzd", &rzd[..30]).unwrap_err().message;
        assert!(m.starts_with("`k.rzd` is not an RZD file of whole boards: its 17 bytes"), "{m}");
        let mut cds = cds_file(&boards(1..=2));
        cds[CDS_RECORD + 3] ^= 0b1100;
        let m = read_cds("k.cds", &cds).unwrap_err().message;
        assert!(m.starts_with("`k.cds`, board 2 (offset 15): found "), "{m}");
        assert!(read_cds("k.cds", &cds[..20]).is_err());
    }
}
