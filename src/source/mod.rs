//! Where the deals of a run come from.
//!
//! Every source implements the `vm` crate's [`DealSource`] trait, and the run is compiled for
//! the one it is given: [`RandomDealer`] when nothing is predealt (of only the hands the
//! program reads, [`Deals::reading`]), [`PredealDealer`] around
//! predealt cards and suit lengths, [`GivenDeals`] for the boards of a file (`--deals`, read by
//! [`crate::formats`]), a zrd library of solved deals (`-L`), the exact dealer of the deals that
//! meet the condition's rare terms ([`exact`] chooses it), and classic Dealer's deals in its
//! order ([`classic`], `--classic`). [`Deals`] is the choice of one of them.
//!
//! Imports: the `vm` crate, [`crate::diag`] for messages about the files read, and
//! [`crate::formats`], which reads them.

pub mod classic;
pub mod exact;

use crate::diag::Diagnostic;
use crate::formats::zrd::Library;
use crate::formats::ReadDeals;
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

/// The deals of a board file ([`Deals::from_file`]) with the file's title.
pub struct FromFile {
    pub deals: Deals,
    pub title: Option<String>,
    /// The boards of a BHG file read as boards 1, 2, ... for want of its first board: how many.
    pub unnumbered: Option<u64>,
    /// What the file's reader passed over without losing a board, one warning per kind (a PBN
    /// tag it could not read).
    pub warnings: Vec<Diagnostic>,
}

/// The warning for a BHG file read without its first board ([`FromFile::unnumbered`]), to which
/// each front door adds how to give it.
pub fn unnumbered(name: &str, boards: u64) -> Diagnostic {
    Diagnostic::error(format!(
        "`{name}` holds no board numbers: its {boards} boards are read as boards 1 to {boards}, each hand from that board's dealer"
    ))
}

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
    Library(Library),
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

    /// The deals of a file (`--deals`) of any format, told as [`crate::formats::read`] tells
    /// it, with the file's title: a DLM file's `Headline`, a PBN file's first known `Event`, a
    /// zrd file's title records.
    ///
    /// A file without board numbers (BHG, GOE, BRI, ...) holds boards 1, 2, ... in order, or,
    /// with `first_board`, boards from that one: a BHG file, whose hands start from each
    /// board's dealer, is read from the dealers of those boards. [`FromFile::unnumbered`] says
    /// when a BHG file was read without its first board.
    pub fn from_file(name: &str, bytes: Vec<u8>, first_board: Option<u64>) -> Result<FromFile, Diagnostic> {
        let format = crate::formats::read::format_of(name, &bytes, std::str::from_utf8(&bytes).ok());
        let read = crate::formats::read(name, bytes)?;
        let numbered = format.is_none_or(|f| f.facts().numbers);
        let from_dealer = format == Some(crate::formats::Format::Bhg);
        let deals = match read.deals {
            ReadDeals::Boards(boards) => Deals::Boards(GivenDeals::new(match first_board {
                Some(first) if from_dealer => crate::formats::bhg::from_board(boards, first),
                Some(first) if !numbered => boards.into_iter().enumerate().map(|(i, b)| Board::of_cycle(first + i as u64, b.deal)).collect(),
                _ => boards,
            })),
            ReadDeals::Library(library) => Deals::Library(library),
        };
        let unnumbered = (from_dealer && first_board.is_none()).then(|| deals.available().unwrap_or(0));
        Ok(FromFile { deals, title: read.title, unnumbered, warnings: read.warnings })
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

/// The deals of a zrd file for `-L`, refused when it holds none.
pub fn library(name: &str, bytes: Vec<u8>) -> Result<Library, Diagnostic> {
    let library = Library::read(name, bytes)?;
    if library.is_empty() {
        return Err(Diagnostic::error(format!("`{name}` holds no complete deal")));
    }
    Ok(library)
}
