//! Where the deals of a run come from.
//!
//! Every source implements the `vm` crate's [`DealSource`] trait, and the run is compiled for
//! the one it is given: [`RandomDealer`] when nothing is predealt (of only the hands the
//! program reads, [`Deals::reading`]), [`PredealDealer`] around
//! predealt cards and suit lengths, [`GivenDeals`] for the boards of a board file (`--deals`:
//! PBN and DLM read by [`pbn`] and [`dlm`], zrd and DL52 by [`zrd`] and [`dl52`], and the
//! formats of dealing machines, scoring programs and BBO by [`boardfile`]: DUP, BRI, DGE, BER,
//! RZD, CDS, BHG, Big Deal's CSV, LIN and GOE), the exact dealer of the deals that
//! meet the condition's rare terms ([`exact`] chooses it), and classic Dealer's deals in its
//! order ([`classic`], `--classic`). [`Deals`] is the choice of one of them.
//!
//! [`bigdeal`] is Big Deal's tournament dealing: its stream of deals from two seeds, which the
//! boards of `dealvm boards` and SquareDeal's sessions come from; runs do not deal from it.
//!
//! Imports: the `vm` crate, [`crate::diag`] for messages about the files read, and the
//! encodings of [`crate::files`] (DLM letters, zrd records, PBN denominations, the layouts of
//! Big Deal's formats).

pub mod bigdeal;
pub mod boardfile;
pub mod classic;
pub mod dl52;
pub mod dlm;
pub mod exact;
pub mod kind;
pub mod pbn;
pub mod zrd;

use crate::diag::{Diagnostic, Source};
use dealvm_vm::card::{Hand, Seats};
use dealvm_vm::dealing::board::Board;
use dealvm_vm::dealing::deal::PredealDealer;
use dealvm_vm::dealing::exact::ExactDealer;
use dealvm_vm::dealing::predeal::{is_empty, PredealError, SuitLengths};
pub use dealvm_vm::dealing::source::{DealSource, GivenDeals};
use dealvm_vm::dealing::sparse::Sparse;
use dealvm_vm::dealing::split::{Dealt, RandomDealer};
use dealvm_vm::evaluation::tables::Tables;
use dealvm_vm::machine::batch::Swap;
use dealvm_vm::machine::program::Program;

/// The source of a run's deals.
#[derive(Clone, Debug)]
pub enum Deals {
    /// Nothing predealt: exact dealing by splits of the pack.
    Random(RandomDealer),
    /// Cards or suit lengths predealt.
    Predeal(Box<PredealDealer>),
    /// The boards of a file, in order.
    Boards(GivenDeals),
    /// Only deals that meet the condition's terms on single seats, dealt exactly, each standing
    /// for the random deals up to it.
    Exact(Box<Sparse<ExactDealer>>),
    /// The deals of a zrd file of solved deals, with their double-dummy results (`-L`, or
    /// `--deals` with a zrd file).
    Library(zrd::Library),
    /// Classic Dealer's deals, in the order Debian's `dealer` deals them (`--classic`).
    Classic(Box<classic::ClassicDeals>),
}

impl Deals {
    /// The dealer for these predealt cards and suit lengths: the fastest that deals them
    /// exactly.
    pub fn for_predeal(fixed: [Hand; 4], lengths: &SuitLengths) -> Result<Deals, PredealError> {
        if is_empty(&fixed, lengths) {
            Ok(Deals::Random(RandomDealer::new()))
        } else {
            PredealDealer::with_lengths(fixed, lengths).map(|d| Deals::Predeal(Box::new(d)))
        }
    }

    /// The dealer for a run whose program reads first the hands of
    /// [`Program::seats_dealt_first`] only (before its `deal.rest`, if it has one), when it
    /// differs from this one: with nothing predealt and no swapping (which moves hands), only
    /// those hands are dealt, the others at `deal.rest`, and for the produced deals when
    /// `printed` (an action or an output file takes the deals themselves). `None`: this
    /// source as it is.
    ///
    /// When the program reads one hand only, and only its top cards (`hcp` 4-3-2-1 reads the
    /// top four ranks), only those cards of the hand are dealt first: the output tables of
    /// `--dd` and `-Z`, after a `deal.rest`, are left out of both questions.
    pub fn reading(&self, program: &Program, tables: &Tables, printed: bool, swap: Swap) -> Option<Deals> {
        let read = program.seats_dealt_first();
        match self {
            Deals::Random(_) if swap == Swap::None && read != Seats::ALL => {
                let mut seats = read.iter();
                let dealer = match (seats.next(), seats.next()) {
                    (Some(seat), None) if program.seats_read_without_tables() == read => {
                        RandomDealer::reading_top(seat, program.top_ranks_read(tables), printed)
                    }
                    _ => RandomDealer::reading(read, printed),
                };
                Some(Deals::Random(dealer))
            }
            _ => None,
        }
    }

    /// The hands dealt, as `--dump-bytecode` shows them: `hands dealt: north (the others for
    /// the deals printed)`, or, for a program with a `deal.rest` (`rest`), `hands dealt: north
    /// first, the others when the code reaches `deal.rest``.
    pub fn dealing(&self, rest: bool) -> String {
        match self {
            Deals::Random(dealer) => {
                let hands = match dealer.dealt() {
                    Dealt::Top { seat, ranks } => format!("{}'s cards of the top {ranks} ranks", seat.keyword()),
                    dealt => dealt.seats().to_string(),
                };
                let others = if dealer.dealt() == Dealt::Nothing { "all four" } else { "the others" };
                let rest = match (rest && dealer.dealt() != Dealt::All, dealer.completes()) {
                    (true, _) => format!(" first, {others} when the code reaches `deal.rest`"),
                    (false, true) => " (the others for the deals printed)".to_string(),
                    (false, false) => String::new(),
                };
                format!("hands dealt: {hands}{rest}")
            }
            Deals::Predeal(_) => "hands dealt: all, around the predeal".to_string(),
            Deals::Boards(_) | Deals::Library(_) => "hands dealt: none, the deals are read from a file".to_string(),
            Deals::Exact(_) => "hands dealt: all, exactly among the deals meeting the terms".to_string(),
            Deals::Classic(_) => "hands dealt: all, as classic Dealer deals them".to_string(),
        }
    }

    /// The boards of a board file (`--deals`): PBN, DLM, zrd, DL52, or one of
    /// [`boardfile`]'s, told apart by content (see [`binary_format`], [`format_of`] and
    /// [`boardfile`]) or else by the file's extension, with the file's title: a DLM file's
    /// `Headline`, a PBN file's first known `Event`, a zrd file's title records.
    pub fn from_file(name: &str, bytes: Vec<u8>) -> Result<(Deals, Option<String>), Diagnostic> {
        let given = |(title, boards)| (Deals::Boards(GivenDeals::new(boards)), title);
        match binary_format(name, &bytes) {
            Some(Binary::Zrd) => library(name, bytes).map(|library| {
                let title = library.title.clone();
                (Deals::Library(library), title)
            }),
            Some(Binary::Dl52) => nonempty(name, dl52::read(name, &bytes)?).map(|boards| given((None, boards))),
            None => read_titled(name, bytes).map(given),
        }
    }

    /// The deals of a full batch of a run with swapping `swap`: more with exact dealing, whose
    /// deals stand for the random deals between them ([`dealvm_vm::dealing::gaps::Gaps::spread`]).
    pub fn batch_len(&self, swap: Swap) -> u64 {
        let spread = match self {
            Deals::Exact(source) => source.gaps.spread(),
            _ => 1,
        };
        swap.batch_len() * spread
    }

    /// The boards of a board file without their dealer and vulnerability, for a run that
    /// numbers its boards itself (`--board-start`): the file's values belong to the file's
    /// numbers, so `par` does not take them (the printers and the files give each renumbered
    /// board those of its new number, as they do for dealt boards). `None` for the other
    /// sources.
    pub fn without_placing(&self) -> Option<Deals> {
        let Deals::Boards(given) = self else { return None };
        let boards = given.boards().iter().map(|b| Board { dealer: None, vulnerable: None, ..b.clone() });
        Some(Deals::Boards(GivenDeals::new(boards.collect())))
    }

    /// The boards, when the deals come from a board file (not a zrd library).
    pub fn boards(&self) -> Option<&[Board]> {
        match self {
            Deals::Boards(given) => Some(given.boards()),
            _ => None,
        }
    }

    /// The number of deals, when they come from a file.
    pub fn available(&self) -> Option<u64> {
        match self {
            Deals::Boards(given) => given.available(),
            Deals::Library(library) => library.available(),
            _ => None,
        }
    }
}

/// The formats a board file can have.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Pbn,
    Dlm,
}

/// The format of a file's text: DLM when its first line is `[DOCUMENT]`, PBN when it has a
/// tag; `None` otherwise.
pub fn format_of(text: &str) -> Option<Format> {
    let first = text.trim_start_matches('\u{feff}').lines().map(str::trim).find(|l| !l.is_empty())?;
    if first.eq_ignore_ascii_case("[document]") {
        return Some(Format::Dlm);
    }
    let tagged = text.lines().any(|l| l.trim_start().starts_with('['));
    tagged.then_some(Format::Pbn)
}

/// The binary formats of solved deals that `--deals` reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Binary {
    /// Pavlicek's zrd records: deals with their double-dummy results.
    Zrd,
    /// DealerV2's DL52 records: deals alone.
    Dl52,
}

/// The binary format of a file, if it has one: a binary file named `.zrd` or `.dl52` is taken
/// for that format (so that a damaged one is refused with its reason); otherwise the content
/// tells (a file that could be read either way is zrd when all of it reads as zrd).
pub fn binary_format(name: &str, bytes: &[u8]) -> Option<Binary> {
    let binary = || bytes.contains(&0) || std::str::from_utf8(bytes).is_err();
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".zrd") && binary() {
        return Some(Binary::Zrd);
    }
    if lower.ends_with(".dl52") && binary() {
        return Some(Binary::Dl52);
    }
    match (zrd::looks_like_zrd(bytes), dl52::looks_like_dl52(bytes)) {
        (true, true) if zrd::Library::check(name, bytes).is_err() => Some(Binary::Dl52),
        (true, _) => Some(Binary::Zrd),
        (false, true) => Some(Binary::Dl52),
        (false, false) => None,
    }
}

/// What the binary formats are, for messages.
const BINARY_NOTE: &str = "a zrd file is 23-byte records, a DL52 file 52-byte records (docs/solved-deal-files.md); \
    a DUP file 156-byte records, BRI and DGE files 128-byte records, an RZD file a 13-byte header and 13-byte records, \
    a CDS file 14-byte records (docs/guide/boards.md)";

/// What `--deals` reads, for messages.
pub const FORMATS: &str = "PBN, DLM, DUP, BRI, DGE, LIN, Big Deal's CSV, BER, BHG, RZD, CDS, GOE, zrd or DL52";

/// The deals of a zrd file, refused when it holds none.
pub fn library(name: &str, bytes: Vec<u8>) -> Result<zrd::Library, Diagnostic> {
    let library = zrd::Library::read(name, bytes)?;
    if library.is_empty() {
        return Err(no_deal(name));
    }
    Ok(library)
}

/// Reads the boards of a board file other than zrd and DL52 (PBN, DLM or one of
/// [`boardfile`]'s), in file order; a file without a deal is refused.
pub fn read(name: &str, bytes: Vec<u8>) -> Result<Vec<Board>, Diagnostic> {
    read_titled(name, bytes).map(|(_, boards)| boards)
}

/// [`read`], with the file's title (a DLM file's `Headline`, a PBN file's first known
/// `Event`), when it has one (the other formats have none).
pub fn read_titled(name: &str, bytes: Vec<u8>) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    let (title, boards) = read_text(name, bytes)?;
    Ok((title, nonempty(name, boards)?))
}

/// The boards of a file, refused when there are none.
fn nonempty(name: &str, boards: Vec<Board>) -> Result<Vec<Board>, Diagnostic> {
    if boards.is_empty() {
        return Err(no_deal(name));
    }
    Ok(boards)
}

/// The refusal of a file without a deal: what dealvm writes, `--deals` reads.
fn no_deal(name: &str) -> Diagnostic {
    Diagnostic::error(format!("`{name}` holds no complete deal"))
}

/// `text` with each line end that is a lone CR (old Macintosh files) made a LF: the same
/// offsets, so places in messages stay true.
fn lone_cr_to_lf(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut bytes = text.into_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    String::from_utf8(bytes).expect("one ASCII byte for another")
}

/// Reads the title and the boards of a board file other than zrd and DL52: the binary formats
/// of [`boardfile`] told by content, then the text formats (DLM, PBN, then [`boardfile`]'s),
/// else the format the file's extension names.
fn read_text(name: &str, bytes: Vec<u8>) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    let named = boardfile::BoardFormat::of_name(name);
    if let Some(format) = boardfile::binary_by_content(&bytes).or(named.filter(|f| f.is_binary())) {
        return boardfile::read_binary(format, name, &bytes).map(|boards| (None, boards));
    }
    if bytes.contains(&0) {
        return Err(Diagnostic::error(format!("`{name}` is a binary file of none of the formats --deals reads"))
            .with_note(format!("--deals reads {FORMATS} files; {BINARY_NOTE}")));
    }
    // PBN files from older programs are often Latin-1 (or Windows code pages); the deal part
    // is ASCII anyway.
    let text = String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
    let src = Source::new(name, lone_cr_to_lf(text));
    match format_of(&src.text) {
        Some(Format::Dlm) => return dlm::read_titled(&src),
        Some(Format::Pbn) => return pbn::read_titled(&src),
        None => {}
    }
    if let Some(format) = boardfile::text_by_content(&src.text) {
        return boardfile::read_text(format, &src).map(|boards| (None, boards));
    }
    match name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).as_deref() {
        Some("pbn") => pbn::read_titled(&src),
        Some("dlm") => dlm::read_titled(&src),
        _ => match named {
            Some(format) => boardfile::read_text(format, &src).map(|boards| (None, boards)),
            None => Err(Diagnostic::error(format!("`{name}` is none of the formats --deals reads: {FORMATS}")).with_note(format!(
                "a DLM file starts with [DOCUMENT]; a PBN file has tags such as [Deal \"N:...\"]; a LIN file has `md|` pairs; {BINARY_NOTE}"
            ))),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::zrd::{listing, RECORD};

    /// The deals of a file as `--deals` reads them: how many, and whether all have results.
    fn deals_of(name: &str, bytes: Vec<u8>) -> Result<Vec<bool>, Diagnostic> {
        Ok(match Deals::from_file(name, bytes)?.0 {
            Deals::Boards(given) => given.boards().iter().map(|b| b.tricks.is_some()).collect(),
            Deals::Library(library) => (0..library.len()).map(|n| library.tricks(n).is_some()).collect(),
            _ => unreachable!("a file gives boards or a library"),
        })
    }

    #[test]
    fn a_zrd_file_is_read_as_zrd_before_the_text_formats() {
        let boards = deals_of("lib.zrd", listing::FIRST_ZRD.to_vec()).unwrap();
        assert_eq!(boards.len(), 10);
        assert!(boards.iter().all(|&solved| solved));
        // By content, whatever its name.
        assert_eq!(deals_of("deals.bin", listing::LAST_ZRD.to_vec()).unwrap().len(), 10);
    }

    #[test]
    fn a_damaged_file_named_zrd_is_refused_with_the_zrd_reason() {
        let mut cut = listing::FIRST_ZRD.to_vec();
        cut.truncate(2 * RECORD + 7);
        let m = deals_of("lib.zrd", cut.clone()).unwrap_err().message;
        assert!(m.contains("7 bytes left over"), "{m}");
        // Under another name it is not read as zrd.
        let m = deals_of("lib.dat", cut.clone()).unwrap_err().message;
        assert!(m.contains(&format!("none of the formats --deals reads: {FORMATS}")), "{m}");
        cut.push(0);
        let m = deals_of("lib.dat", cut).unwrap_err().message;
        assert!(m.contains("is a binary file of none of the formats --deals reads"), "{m}");

        let mut bad = listing::FIRST_ZRD.to_vec();
        bad[13] = 0xFF;
        let m = deals_of("lib.ZRD", bad).unwrap_err().message;
        assert!(m.starts_with("`lib.ZRD`, record 1: "), "{m}");
    }

    #[test]
    fn a_dl52_file_is_read_by_content_or_name() {
        let deals = listing::deals(listing::FIRST);
        let bytes: Vec<u8> = deals.iter().flat_map(|(deal, _)| crate::files::dl52::deal_record(deal)).collect();
        for name in ["ten.dl52", "ten.bin"] {
            let (Deals::Boards(given), None) = Deals::from_file(name, bytes.clone()).unwrap() else { panic!("boards without a title") };
            let read: Vec<_> = given.boards().iter().map(|b| (b.number, b.deal, b.tricks)).collect();
            let expected: Vec<_> = deals.iter().enumerate().map(|(i, (deal, _))| (i as u64 + 1, *deal, None)).collect();
            assert_eq!(read, expected);
        }
        // A damaged one named .dl52 is refused with the DL52 reason; 52 zero bytes are no deal.
        let m = deals_of("x.dl52", bytes[..60].to_vec()).unwrap_err().message;
        assert!(m.contains("not a DL52 file of whole records"), "{m}");
        let m = deals_of("x.dl52", vec![0; 52]).unwrap_err().message;
        assert!(m.contains("record 1: the card 2C is given twice"), "{m}");
        let m = deals_of("e.dl52", Vec::new()).unwrap_err().message;
        assert!(m.contains("none of the formats --deals reads"), "{m}");
    }

    #[test]
    fn the_title_is_the_first_known_event_or_the_headline() {
        let deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
        let pbn = format!(
            "[Event \"?\"]\n[Site \"x\"]\n\n[Event \"Club \\\"A\\\"\"]\n[Board \"1\"]\n[Deal \"{deal}\"]\n\n[Event \"B\"]\n[Deal \"{deal}\"]\n"
        );
        let (title, boards) = read_titled("t.pbn", pbn.into_bytes()).unwrap();
        assert_eq!((title.as_deref(), boards.len()), (Some("Club \"A\""), 2));
        let (title, _) = read_titled("t.pbn", format!("[Event \"\"]\n[Deal \"{deal}\"]\n").into_bytes()).unwrap();
        assert_eq!(title, None);
        let mut dlm = Vec::new();
        let one = std::collections::BTreeMap::from([(1, crate::source::pbn::parse_deal(deal).unwrap())]);
        crate::files::dlm::write(&mut dlm, " Session 3 ", &one).unwrap();
        assert_eq!(read_titled("t.dlm", dlm.clone()).unwrap().0.as_deref(), Some("Session 3"));
        let untitled = String::from_utf8(dlm).unwrap().replace("Headline= Session 3 ", "Headline=");
        assert_eq!(read_titled("t.dlm", untitled.into_bytes()).unwrap().0, None);
    }

    #[test]
    fn a_zrd_file_of_titles_only_holds_no_deal() {
        let m = deals_of("t.zrd", crate::files::zrd::title_records("nothing").concat()).unwrap_err().message;
        assert!(m.contains("holds no complete deal"), "{m}");
    }
}
