//! Reading Richard Pavlicek's zrd files of solved deals (the layout is described in
//! [`super::records`]) as a [`Library`]: a deal source whose deals come with their
//! double-dummy tricks.
//!
//! Title records are set aside (the first run of them is the file's title). A file that is not
//! whole records, a hand without 13 cards, a count over 13 or counts no deal can have (the ace of
//! trumps always takes a trick) is refused, naming the file and the record (counted from 1 over
//! all the records, title records included): a binary file has no line and column. A record
//! whose counts are all zero was written unsolved (`-Z N:`): its deal is solved when asked.

use super::records::{decode, title_of, title_sequence, RECORD};
use crate::diag::Diagnostic;
use dealvm_vm::card::{Card, Deal, Seat, Suit};
use dealvm_vm::dealing::board::Board;
use dealvm_vm::dealing::rng::DealRng;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::evaluation::dd::{TrickTable, STRAINS};
use dealvm_vm::evaluation::score::Strain;

/// The deal records of a zrd file, checked, as a source of deals with their double-dummy
/// results: deal `n` of a run is record `start + n`, counting round to the first record after
/// the last (`-L`: Pavlicek's library of 10 million deals, 241 MB, is kept as it is on disk,
/// not as boards).
#[derive(Clone, Debug)]
pub struct Library {
    /// The deal records, one after the other (title records left out).
    records: Vec<u8>,
    /// The first deal record of a run.
    start: u64,
    /// The title of the first run of title records, if any.
    pub title: Option<String>,
}

impl Library {
    /// Reads and checks a zrd file: title records (at the start, or where a run appended them)
    /// are set aside; a file of part records, a hand without 13 cards or counts no deal can
    /// have are refused with the record's number (from 1, over all records). The deal records
    /// stay in `bytes`, the title records taken out in place.
    pub fn read(name: &str, mut bytes: Vec<u8>) -> Result<Library, Diagnostic> {
        let title = Library::check(name, &bytes)?;
        let mut kept = 0;
        for at in (0..bytes.len()).step_by(RECORD) {
            if title_sequence(bytes[at..at + RECORD].try_into().expect("a whole record")).is_none() {
                bytes.copy_within(at..at + RECORD, kept);
                kept += RECORD;
            }
        }
        bytes.truncate(kept);
        bytes.shrink_to_fit();
        Ok(Library { records: bytes, start: 0, title })
    }

    /// Checks a zrd file as [`Library::read`] does, without keeping it: its title, if it
    /// has title records, or why it is not a zrd file.
    pub fn check(name: &str, bytes: &[u8]) -> Result<Option<String>, Diagnostic> {
        let left = bytes.len() % RECORD;
        if left != 0 {
            let whole = bytes.len() / RECORD;
            return Err(Diagnostic::error(format!(
                "`{name}` is not a zrd file of whole records: its {} bytes make {whole} records of {RECORD} bytes and {left} bytes left over",
                bytes.len()
            ))
            .with_note(format!("a zrd file is a sequence of {RECORD}-byte records; it may have been cut short or not be a zrd file")));
        }
        let mut titles: Vec<[u8; RECORD]> = Vec::new();
        let mut first_titles_done = false;
        for (i, chunk) in bytes.chunks_exact(RECORD).enumerate() {
            let record: &[u8; RECORD] = chunk.try_into().expect("chunks of a record");
            if title_sequence(record).is_some() {
                if !first_titles_done {
                    titles.push(*record);
                }
                continue;
            }
            // The title is the first run of title records.
            first_titles_done |= !titles.is_empty();
            check_record(name, i, record)?;
        }
        Ok((!titles.is_empty()).then(|| title_of(&titles)))
    }

    /// The library dealt from deal record `start` (counted from 0, taken modulo the number of
    /// records).
    pub fn starting_at(self, start: u64) -> Library {
        let start = if self.is_empty() { 0 } else { start % self.len() };
        Library { start, ..self }
    }

    /// The deals of a block, as a seed counts them (`-L`, DealerV2's blocks): 1000, or 100, 10
    /// or 1 in libraries of fewer than 10000, 1000 and 100 deals.
    pub fn block_size(&self) -> u64 {
        match self.len() {
            0..100 => 1,
            100..1000 => 10,
            1000..10_000 => 100,
            _ => 1000,
        }
    }

    /// The number of the last whole block (0 for a library of one block or less).
    pub fn last_block(&self) -> u64 {
        (self.len() / self.block_size()).saturating_sub(1)
    }

    /// The number of deal records.
    pub fn len(&self) -> u64 {
        (self.records.len() / RECORD) as u64
    }

    /// Whether the file holds no deal.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Deal record `i` (from 0): the deal and its tricks.
    pub fn record(&self, i: u64) -> (Deal, TrickTable) {
        let at = i as usize * RECORD;
        decode(self.records[at..at + RECORD].try_into().expect("a whole record"))
    }

    /// The deals as boards numbered 1, 2, ..., each with its double-dummy results when the
    /// record has them.
    pub fn boards(&self) -> Vec<Board> {
        (0..self.len())
            .map(|i| {
                let (deal, _) = self.record(i);
                Board { number: i + 1, deal, dealer: None, vulnerable: None, tricks: self.tricks(i) }
            })
            .collect()
    }

    /// The record of deal `n` of the run.
    fn record_of(&self, n: u64) -> (Deal, TrickTable) {
        self.record((self.start + n) % self.len())
    }
}

impl DealSource for Library {
    #[inline]
    fn deal(&self, n: u64, _rng: &mut DealRng, _pdep: impl Fn(u64, u64) -> u64) -> Deal {
        self.record_of(n).0
    }

    fn available(&self) -> Option<u64> {
        Some(self.len())
    }

    /// The record's results, unless it was written unsolved (all counts zero, `-Z N:`): such
    /// a deal is solved like any other.
    #[inline]
    fn tricks(&self, n: u64) -> Option<TrickTable> {
        Some(self.record_of(n).1).filter(|t| !t.is_unsolved())
    }
}

/// Checks deal record `i` (from 0) of file `name`: four hands of 13 cards, counts of 0 to 13
/// that a deal can have (or all zero: not solved).
fn check_record(name: &str, i: usize, record: &[u8; RECORD]) -> Result<(), Diagnostic> {
    let (deal, tricks) = decode(record);
    let at = |problem: String| Diagnostic::error(format!("`{name}`, record {}: {problem}", i + 1));
    if let Some(seat) = Seat::ALL.into_iter().find(|&s| deal.hand(s).count() != 13) {
        return Err(at(format!("{} holds {} cards; each hand has 13", seat.name(), deal.hand(seat).count())));
    }
    if let Some((seat, strain, n)) = over_thirteen(&tricks) {
        return Err(at(format!("{n} tricks for {} as declarer in {}; a count is 0 to 13", seat.name(), strain_name(strain))));
    }
    if tricks.is_unsolved() {
        return Ok(());
    }
    if let Some((seat, strain)) = tricks.impossible_count(&deal) {
        let holder = deal.owner(Card::new(Suit::from_index(strain as usize), 12)).map_or("", |s| s.name());
        return Err(at(format!(
            "{} tricks for {} as declarer in {}, but {holder} holds the ace of trumps, which always takes a trick: \
             the counts are not double-dummy results",
            tricks.get(seat, strain),
            seat.name(),
            strain_name(strain)
        )));
    }
    Ok(())
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
pub fn is_deal_record(record: &[u8; RECORD]) -> bool {
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

    /// Reads the boards of a zrd file, board `i` from its `i`-th deal record.
    pub fn read(name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
        read_titled(name, bytes).map(|(_, boards)| boards)
    }

    /// Reads the title (when the file has title records) and the boards of a zrd file.
    pub fn read_titled(name: &str, bytes: &[u8]) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
        let library = Library::read(name, bytes.to_vec())?;
        Ok((library.title.clone(), library.boards()))
    }

    use super::super::records::{deal_record, listing, title_records};
    use dealvm_vm::card::Deal;

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

        // Without tricks (`-Z N:`), counts read as zero, and the deal has no results: it is
        // solved when asked, not taken to make no trick.
        let untricked = deal_record(&deals[0].0, None);
        let boards = read("plain.zrd", &untricked).unwrap();
        assert_eq!(boards[0].tricks, None);
    }

    #[test]
    fn counts_no_deal_can_have_are_refused_with_the_record() {
        // Record 2, deal 1 of the first ten: East holds the ace of spades, so West takes a
        // spade trick as declarer.
        let mut bytes = title_records("t").concat();
        bytes.extend_from_slice(listing::FIRST_ZRD);
        let at = RECORD + 13 + 2;
        bytes[at] &= 0xF0;
        assert_eq!(
            refusal(&bytes),
            "`lib.zrd`, record 2: 0 tricks for West as declarer in spades, but East holds the ace of trumps, \
             which always takes a trick: the counts are not double-dummy results"
        );
        // North-South, without the ace, cannot take all 13: North's spade nibble to 13.
        let mut bytes = listing::FIRST_ZRD.to_vec();
        bytes[13 + 2] = (bytes[13 + 2] & 0x0F) | 0xD0;
        assert!(refusal(&bytes).starts_with("`lib.zrd`, record 1: 13 tricks for North as declarer in spades"), "{}", refusal(&bytes));
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
    fn title_records_anywhere_are_set_aside() {
        // A run appending to a file writes its title records after the deals before.
        let mut bytes = title_records(&"x".repeat(100)).concat();
        bytes.extend_from_slice(listing::FIRST_ZRD);
        bytes.extend(title_records("more").concat());
        bytes.extend_from_slice(listing::LAST_ZRD);
        let (title, boards) = read_titled("lib.zrd", &bytes).unwrap();
        assert_eq!(title, Some("x".repeat(100)));
        assert_eq!(boards.len(), 20);
        assert_eq!(boards[10].deal, listing::deals(listing::LAST)[0].0);
    }

    #[test]
    fn a_library_deals_its_records_from_a_start_round_to_the_first() {
        let library = Library::read("lib.zrd", listing::FIRST_ZRD.to_vec()).unwrap().starting_at(7);
        let deals: Vec<Deal> = listing::deals(listing::FIRST).into_iter().map(|(d, _)| d).collect();
        let mut rng = dealvm_vm::dealing::rng::batch_rng(1, 0);
        for n in 0..10 {
            assert_eq!(library.deal_one(n, &mut rng), deals[(7 + n as usize) % 10]);
        }
        assert_eq!(library.available(), Some(10));
        assert_eq!(library.tricks(3), Some(listing::deals(listing::FIRST)[0].1));
    }

    #[test]
    fn titles_only_or_nothing_give_no_boards() {
        assert_eq!(read_titled("t.zrd", &title_records("only a title").concat()).unwrap(), (Some("only a title".into()), vec![]));
        assert!(looks_like_zrd(&title_records("only a title").concat()));
        assert_eq!(read_titled("e.zrd", &[]).unwrap(), (None, vec![]));
        assert!(!looks_like_zrd(&[]));
    }
}
