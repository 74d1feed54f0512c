//! Reading Richard Pavlicek's zrd files of solved deals (the layout is described in
//! `crate::files::zrd`): every deal record becomes a board with its double-dummy tricks.
//!
//! The title records a file may start with are skipped (and their title returned by
//! [`read_titled`]). A file that is not whole records, a hand without 13 cards or a count over
//! 13 is refused, naming the file and the record (counted from 1 over all the records, title
//! records included): a binary file has no line and column.

use crate::files::zrd::{decode, title_of, title_sequence, MAX_TITLE_RECORDS, RECORD};
use crate::front::diag::Diagnostic;
use dealvm_vm::board::Board;
use dealvm_vm::card::Seat;
use dealvm_vm::dd::{TrickTable, STRAINS};
use dealvm_vm::score::Strain;

/// Reads the boards of a zrd file, board `i` from its `i`-th deal record.
pub fn read(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    read_titled(name, bytes).map(|(_, boards)| boards)
}

/// Reads the title (when the file has title records) and the boards of a zrd file.
pub fn read_titled(name: &str, bytes: &[u8]) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    let left = bytes.len() % RECORD;
    if left != 0 {
        let whole = bytes.len() / RECORD;
        return Err(Diagnostic::error(format!(
            "`{name}` is not a zrd file of whole records: its {} bytes make {whole} records of {RECORD} bytes and {left} bytes left over",
            bytes.len()
        ))
        .with_note(format!("a zrd file is a sequence of {RECORD}-byte records; it may have been cut short or not be a zrd file")));
    }
    let records = bytes.chunks_exact(RECORD).map(|r| <&[u8; RECORD]>::try_from(r).expect("chunks of a record"));
    let titles: Vec<[u8; RECORD]> = records.clone().take(MAX_TITLE_RECORDS).take_while(|r| title_sequence(r).is_some()).copied().collect();
    let title = (!titles.is_empty()).then(|| title_of(&titles));
    let mut boards = Vec::with_capacity(bytes.len() / RECORD - titles.len());
    for (i, record) in records.enumerate().skip(titles.len()) {
        let (deal, tricks) = decode(record);
        let at = |problem: String| Diagnostic::error(format!("`{name}`, record {}: {problem}", i + 1));
        if let Some(seat) = Seat::ALL.into_iter().find(|&s| deal.hand(s).count() != 13) {
            return Err(at(format!("{} holds {} cards; each hand has 13", seat.name(), deal.hand(seat).count())));
        }
        if let Some((seat, strain, n)) = over_thirteen(&tricks) {
            return Err(at(format!("{n} tricks for {} as declarer in {}; a count is 0 to 13", seat.name(), strain_name(strain))));
        }
        let number = (i - titles.len() + 1) as u64;
        boards.push(Board { number, deal, dealer: None, vulnerable: None, tricks: Some(tricks) });
    }
    Ok((title, boards))
}

/// Whether a file is a zrd file: not empty, whole records, and a first record that is a title
/// record or a deal record of four hands of 13 cards with counts of 0 to 13. A first record of
/// printable ASCII text only is taken for text: PBN and DLM files never look like zrd.
pub fn looks_like_zrd(bytes: &[u8]) -> bool {
    if bytes.is_empty() || !bytes.len().is_multiple_of(RECORD) {
        return false;
    }
    let first: &[u8; RECORD] = bytes[..RECORD].try_into().expect("one record");
    if first.iter().all(|&b| matches!(b, b'\t' | b'\n' | b'\r' | b' '..=b'~')) {
        return false;
    }
    title_sequence(first).is_some() || is_deal_record(first)
}

/// Whether a record is a valid deal record: four hands of 13 cards, counts of 0 to 13.
fn is_deal_record(record: &[u8; RECORD]) -> bool {
    let (deal, tricks) = decode(record);
    Seat::ALL.iter().all(|&s| deal.hand(s).count() == 13) && tricks.is_valid()
}

/// The first count over 13 of a table: declarer, strain and count.
fn over_thirteen(table: &TrickTable) -> Option<(Seat, Strain, u8)> {
    Seat::ALL.into_iter().flat_map(|s| STRAINS.map(|st| (s, st, table.get(s, st)))).find(|&(_, _, n)| n > 13)
}

/// The name of a strain in a message: `clubs` … `spades`, `notrump`.
fn strain_name(strain: Strain) -> &'static str {
    ["clubs", "diamonds", "hearts", "spades", "notrump"][strain as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::zrd::{deal_record, listing, title_records};
    use crate::files::{dlm, pbn::PbnWriter};
    use dealvm_vm::card::Deal;
    use std::collections::BTreeMap;

    /// The message of a refusal.
    fn refusal(bytes: &[u8]) -> String {
        read("lib.zrd", bytes).expect_err("a refusal").message
    }

    #[test]
    fn the_sample_deals_read_back_as_listed() {
        for (text, bytes) in [(listing::FIRST, listing::FIRST_ZRD), (listing::LAST, listing::LAST_ZRD)] {
            assert!(looks_like_zrd(bytes));
            let (title, boards) = read_titled("sample.zrd", bytes).unwrap();
            assert_eq!(title, None);
            let expected = listing::deals(text);
            assert_eq!(boards.len(), 10);
            for (i, (board, (deal, tricks))) in boards.iter().zip(&expected).enumerate() {
                assert_eq!(board, &Board { number: i as u64 + 1, deal: *deal, dealer: None, vulnerable: None, tricks: Some(*tricks) });
            }
        }
    }

    #[test]
    fn a_written_file_reads_back_with_its_title() {
        let deals = listing::deals(listing::LAST);
        let title = "Dealer run: 1NT openers, ♠ and ♥ stoppers — a title long enough for three records";
        let mut bytes: Vec<u8> = title_records(title).concat();
        assert_eq!(bytes.len(), 5 * RECORD);
        for (deal, tricks) in &deals {
            bytes.extend(deal_record(deal, Some(tricks)));
        }
        assert!(looks_like_zrd(&bytes));
        let (back, boards) = read_titled("out.zrd", &bytes).unwrap();
        assert_eq!(back.as_deref(), Some(title));
        assert_eq!(boards.iter().map(|b| b.number).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
        assert_eq!(boards.iter().map(|b| (b.deal, b.tricks.unwrap())).collect::<Vec<_>>(), deals);

        // Without tricks, counts read as zero.
        let untricked = deal_record(&deals[0].0, None);
        let boards = read("plain.zrd", &untricked).unwrap();
        assert_eq!(boards[0].tricks, Some(TrickTable::default()));
    }

    #[test]
    fn a_file_of_part_records_is_refused_with_the_bytes_left_over() {
        let mut bytes = listing::FIRST_ZRD.to_vec();
        bytes.truncate(3 * RECORD + 5);
        let m = refusal(&bytes);
        assert!(m.contains("`lib.zrd`") && m.contains("74 bytes") && m.contains("3 records") && m.contains("5 bytes left over"), "{m}");
        assert!(!looks_like_zrd(&bytes));
    }

    #[test]
    fn a_hand_without_13_cards_is_refused_with_its_record() {
        let mut bytes = title_records("t").concat();
        bytes.extend_from_slice(listing::FIRST_ZRD);
        // Record 4 (the third deal): the ace of spades moves to the next seat code (West's
        // ace to North).
        let at = 3 * RECORD;
        bytes[at] = (bytes[at] & !0b11) | (bytes[at].wrapping_add(1) & 0b11);
        let m = refusal(&bytes);
        assert_eq!(m, "`lib.zrd`, record 4: North holds 14 cards; each hand has 13");
        assert!(looks_like_zrd(&bytes[RECORD..]), "the first record decides");
        let m = refusal(&bytes[RECORD..]);
        assert!(m.starts_with("`lib.zrd`, record 3: "), "{m}");
    }

    #[test]
    fn a_count_over_13_is_refused_with_declarer_and_strain() {
        let mut bytes = listing::LAST_ZRD.to_vec();
        // Record 7, the spade byte of East and South: East's nibble to 14.
        let at = 6 * RECORD + 13 + 3;
        bytes[at] = (bytes[at] & 0xF0) | 14;
        let m = refusal(&bytes);
        assert_eq!(m, "`lib.zrd`, record 7: 14 tricks for East as declarer in spades; a count is 0 to 13");
        // South in notrump, 15.
        let mut bytes = listing::LAST_ZRD.to_vec();
        bytes[14] = (bytes[14] & 0x0F) | 0xF0;
        assert_eq!(refusal(&bytes), "`lib.zrd`, record 1: 15 tricks for South as declarer in notrump; a count is 0 to 13");
        assert!(!looks_like_zrd(&bytes));
    }

    #[test]
    fn a_sixteenth_title_record_is_a_bad_deal_record() {
        let mut bytes = title_records(&"x".repeat(400)).concat();
        bytes.extend(title_records("more").concat());
        bytes.extend_from_slice(listing::FIRST_ZRD);
        let m = refusal(&bytes);
        assert!(m.starts_with("`lib.zrd`, record 16: ") && m.contains(" holds "), "{m}");
    }

    #[test]
    fn titles_only_or_nothing_give_no_boards() {
        assert_eq!(read_titled("t.zrd", &title_records("only a title").concat()).unwrap(), (Some("only a title".into()), vec![]));
        assert!(looks_like_zrd(&title_records("only a title").concat()));
        assert_eq!(read_titled("e.zrd", &[]).unwrap(), (None, vec![]));
        assert!(!looks_like_zrd(&[]));
    }

    /// The PBN files of the golden tests and the DLM files and PBN files dealvm writes.
    fn text_files() -> Vec<(String, Vec<u8>)> {
        let mut files = Vec::new();
        let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden");
        for entry in std::fs::read_dir(golden).unwrap() {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            if bytes.windows(6).any(|w| w == b"[Deal ") {
                files.push((path.display().to_string(), bytes));
            }
        }
        assert!(files.len() >= 5, "the golden PBN outputs");
        let deals: Vec<Deal> = listing::deals(listing::FIRST).into_iter().map(|(d, _)| d).collect();
        for count in 1..=10 {
            let mut pbn = Vec::new();
            let mut writer = PbnWriter::new("zrd detection", "");
            for (i, deal) in deals.iter().take(count).enumerate() {
                writer.game(&mut pbn, i as u64 + 1, deal, None, None).unwrap();
            }
            files.push((format!("{count} games.pbn"), pbn));
            let boards: BTreeMap<u64, Deal> = deals.iter().take(count).enumerate().map(|(i, d)| (i as u64 + 1, *d)).collect();
            let mut text = Vec::new();
            dlm::write(&mut text, "zrd detection", &boards).unwrap();
            files.push((format!("{count} boards.dlm"), text));
        }
        files
    }

    #[test]
    fn pbn_and_dlm_files_never_look_like_zrd() {
        for (name, bytes) in text_files() {
            assert!(!looks_like_zrd(&bytes), "{name}");
            assert!(!is_deal_record(bytes[..RECORD].try_into().unwrap()), "{name}: the first record, text guard aside");
            // Nor would the file cut at any record boundary: some of the records of a DLM
            // file hold 13 cards per seat, and only the text guard refuses them.
            for i in 0..bytes.len() / RECORD {
                let rest = &bytes[i * RECORD..];
                assert!(!looks_like_zrd(&rest[..rest.len() / RECORD * RECORD]), "{name}, from record {}", i + 1);
            }
        }
    }
}
