//! What every format's module gives the registry: its facts ([`Facts`]), how its files are
//! read ([`Reader`], into a [`Read`]) and whether a file is sealed ([`Sealed`]).

use super::zrd::library::Library;
use crate::diag::{Diagnostic, Source};
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;

/// Whether a file is sealed: a DLM file its dealing machine's operator cannot open
/// (`Status=Sealed`), a DUP file without board 1's diagram (Big Deal's `dlmblind`, `dupblind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Sealed {
    #[default]
    No,
    Yes,
}

/// The sealed form of a format: its name (`dlmblind`), what it is called in messages (`sealed
/// DLM`), and what it is (`a sealed DLM file (`Status=Sealed`)`).
pub struct SealedForm {
    pub name: &'static str,
    pub what: &'static str,
    pub description: &'static str,
}

/// What a format is, how it is read and how it is written.
pub struct Facts {
    /// The format's name: `dealvm boards -f`, `dealvm squaredeal generate -f`, the server's
    /// `/api/boards`.
    pub name: &'static str,
    /// The name Big Deal's `-f` gives it when it is not [`Facts::name`] (`borel`), taken by
    /// `-f` too.
    pub big_deal_name: Option<&'static str>,
    /// Its sealed form, when it has one: Big Deal's name for it (`dlmblind`, taken by `-f`),
    /// and what it is called in messages (`sealed DLM`).
    pub sealed: Option<SealedForm>,
    /// The files' extension, lower case.
    pub extension: &'static str,
    /// What the file is called in messages: `a DUP file`, `the Big Deal CSV file`; and the
    /// format named on its own, in lists: `DUP`, `Big Deal's CSV`.
    pub what: &'static str,
    pub title: &'static str,
    /// One line on what it is for, as the server's page lists it.
    pub label: &'static str,
    /// The switch of `dealvm` and `dealvm merge` that writes it.
    pub switch: Switch,
    /// Whether the file is binary (read from its bytes, places given as offsets), not text,
    /// and how its bytes are laid out (`156-byte records`), for messages.
    pub binary: bool,
    pub layout: Option<&'static str>,
    /// Whether it is a file of deal records that runs add to (zrd, DL52), not of boards.
    pub records: bool,
    /// The highest board number a file holds with every number read back as written.
    pub last_board: Option<u64>,
    /// Whether the file gives each board's number (else line or record `n` is board `n`, or
    /// the set starts at a board the file gives), and each board's dealer and vulnerability
    /// (else those of its number's place in the 16-board cycle).
    pub numbers: bool,
    pub dealers: bool,
    /// The `Content-Type` of such a file sent over HTTP.
    pub content_type: &'static str,
    /// Whether a file is of this format, told by its start (`head`: the whole file, or its
    /// first bytes) and its `size`; `None` when the content cannot tell it.
    pub looks_like: Option<fn(head: &[u8], size: u64) -> bool>,
    /// How a file is read.
    pub read: Reader,
    /// The file of boards as Big Deal writes it (see [`super::Format::file`]).
    pub write: Option<Writer>,
}

/// The file of boards as Big Deal writes it, sealed or not.
pub type Writer = fn(&[Board], Sealed) -> Vec<u8>;

/// The switch that writes a format's file.
pub enum Switch {
    /// `--dup FILE`, with its help: the summary, the details `--help` adds, and whether the
    /// switch shows in `-h`.
    Long { switch: &'static str, help: &'static str, long_help: Option<&'static str>, in_short_help: bool },
    /// `--pbn FILE`, declared by each command with a help of its own (PBN and DLM, which a run
    /// writes deal by deal, and a merge from the shards' parts).
    OwnHelp(&'static str),
    /// `-Z [N][w]:FILE`: a file of records, named by a switch that takes flags before the file.
    Records(&'static str),
    /// None: the format is written by `dealvm boards -f` and read, not written by runs.
    None,
}

impl Switch {
    /// The long switch's name, without its dashes.
    pub fn long(&self) -> Option<&'static str> {
        match self {
            Switch::Long { switch, .. } | Switch::OwnHelp(switch) => switch.strip_prefix("--"),
            _ => None,
        }
    }

    /// The switch as typed: `--dup`, `-Z`.
    pub fn shown(&self) -> Option<&'static str> {
        match self {
            Switch::Long { switch, .. } | Switch::OwnHelp(switch) | Switch::Records(switch) => Some(switch),
            Switch::None => None,
        }
    }
}

/// How a format's file is read: its text (after the decoding of [`super::read::read`]), or its bytes,
/// named `name` in messages. With [`Check::DealsOnly`], what does not change the deals (a
/// DLM file's checksums, a PBN file's tables of tricks) is passed over.
pub enum Reader {
    Text(fn(&Source, Check) -> Result<Read, Diagnostic>),
    Binary(fn(&str, &[u8]) -> Result<Read, Diagnostic>),
}

/// How much of a file is checked when it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Check {
    /// Everything: what the format's own programs would refuse is refused.
    #[default]
    Full,
    /// The deals and their boards only (SquareDeal's `verify`, which names each board that
    /// differs rather than refuse a file whose checksum no longer fits).
    DealsOnly,
}

/// The boards' numbers and deals, for the writers that need no more.
pub fn numbered(boards: &[Board]) -> Vec<(u64, Deal)> {
    boards.iter().map(|b| (b.number, b.deal)).collect()
}

/// The program's name as the files it writes give it: PBN's `Generator` tag, the DLM
/// headline (`dealvm 0.1.0`).
pub fn generator() -> String {
    format!("dealvm {}", env!("CARGO_PKG_VERSION"))
}

/// What a file holds: its title (a DLM file's `Headline`, a PBN file's first known `Event`, a
/// zrd file's title records) and its deals; and what its reader passed over without losing a
/// deal, as warnings, one per kind.
#[derive(Clone, Debug)]
pub struct Read {
    pub title: Option<String>,
    pub deals: ReadDeals,
    pub warnings: Vec<Diagnostic>,
}

/// The deals of a file: boards, or a zrd library of deals with their double-dummy results.
#[derive(Clone, Debug)]
pub enum ReadDeals {
    Boards(Vec<Board>),
    Library(Library),
}

impl Read {
    /// The boards of a file without a title.
    pub fn boards(boards: Vec<Board>) -> Read {
        Read::titled(None, boards)
    }

    /// The boards of a file with its title.
    pub fn titled(title: Option<String>, boards: Vec<Board>) -> Read {
        Read { title, deals: ReadDeals::Boards(boards), warnings: Vec::new() }
    }

    /// The number of deals read.
    pub fn len(&self) -> usize {
        match &self.deals {
            ReadDeals::Boards(boards) => boards.len(),
            ReadDeals::Library(library) => library.len() as usize,
        }
    }

    /// Whether no deal was read.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The boards read; a library's deals as boards numbered 1, 2, ... with their results.
    pub fn into_boards(self) -> Vec<Board> {
        match self.deals {
            ReadDeals::Boards(boards) => boards,
            ReadDeals::Library(library) => library.boards(),
        }
    }
}
