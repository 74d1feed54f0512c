//! Reading the board files of dealing machines, scoring programs and BBO for `--deals`: DUP,
//! BRI and DGE (Duplimate's DOS generation), BER (Bernasconi), RZD (KOPS), CDS, BHG (the Borel
//! Hand Generator), Big Deal's CSV, LIN (BBO) and GOE (Big Deal's deal numbers). Each format's
//! layout is the one `crate::files::bigdeal` writes with, one module a format, shared.
//!
//! **Which format.** The content decides where it tells, in this order, the first that fits:
//!
//! - DUP: whole records of 156 bytes, the first one 78 digits, a diagram starting with the
//!   spade symbol `0x06` (or 68 spaces: a sealed file's board 1), and a trailer starting with
//!   `Y` or `N`;
//! - BRI: whole records of 128 bytes, the first one 78 digits and then only spaces and NUL
//!   bytes; DGE: whole records of 128 bytes, the first one starting with `0x06` and ending with
//!   NUL bytes;
//! - RZD: a header whose count of boards (two bytes, then 11 spaces) is the number of 13-byte
//!   boards after it;
//! - then the text formats (after PBN and DLM, which `source` tells apart first): LIN when a
//!   line starts with a key and a bar (`qx|`, `md|`, `pn|`, ...) and the file has an `md|`; CSV
//!   when the first line is 18 quoted fields, the 17th a number; BHG when every line but empty
//!   ones is 52 letters; GOE when every line is a number laid out as Big Deal writes it
//!   (`29,540,882,...`); BER when the whole file is the digits 1 to 4, 52 a board.
//!
//! A file that none of these fits is read as its extension says (`.dup`, `.bri`, `.dge`,
//! `.rzd`, `.cds`, `.ber`, `.bhg`, `.csv`, `.lin`, `.goe`), so that a damaged one is refused
//! with its reason. CDS has nothing to tell it by but its extension.
//!
//! **What is read.** Every board's deal, checked: four hands of 13, each card once. Board
//! numbers come from the file where it has them (DUP's trailer gives the first, CDS a byte a
//! board, CSV a field, LIN `ah|Board N|` or else `qx|o<N>|`); boards without are numbered 1, 2,
//! ... in file order. The dealer and vulnerability come from the file where it gives them (CSV's
//! `W/NS` field, LIN's dealer digit and `sv`), else from the board number's place in the
//! standard 16-board cycle. A bad file is refused with the file's name, the board, and the
//! offset of the byte (binary formats) or the line and column (text formats), what was found
//! and what was expected.

pub mod ber;
pub mod borel;
pub mod csv;
pub mod duplimate;
pub mod goedel;
pub mod kops;
pub mod lin;

use crate::diag::{Diagnostic, Source, Span};
use crate::files::cards::Flaw;
use dealvm_vm::dealing::board::Board;

/// The board formats of this module.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardFormat {
    Dup,
    Bri,
    Dge,
    Rzd,
    Cds,
    Ber,
    Bhg,
    Csv,
    Lin,
    Goe,
}

impl BoardFormat {
    /// Every format, the binary ones first.
    pub const ALL: [BoardFormat; 10] = [
        BoardFormat::Dup,
        BoardFormat::Bri,
        BoardFormat::Dge,
        BoardFormat::Rzd,
        BoardFormat::Cds,
        BoardFormat::Ber,
        BoardFormat::Bhg,
        BoardFormat::Csv,
        BoardFormat::Lin,
        BoardFormat::Goe,
    ];

    /// The format's extension, in lower case.
    pub fn extension(self) -> &'static str {
        match self {
            BoardFormat::Dup => "dup",
            BoardFormat::Bri => "bri",
            BoardFormat::Dge => "dge",
            BoardFormat::Rzd => "rzd",
            BoardFormat::Cds => "cds",
            BoardFormat::Ber => "ber",
            BoardFormat::Bhg => "bhg",
            BoardFormat::Csv => "csv",
            BoardFormat::Lin => "lin",
            BoardFormat::Goe => "goe",
        }
    }

    /// The format as messages name it.
    pub fn what(self) -> &'static str {
        match self {
            BoardFormat::Dup => "DUP",
            BoardFormat::Bri => "BRI",
            BoardFormat::Dge => "DGE",
            BoardFormat::Rzd => "RZD",
            BoardFormat::Cds => "CDS",
            BoardFormat::Ber => "BER",
            BoardFormat::Bhg => "BHG",
            BoardFormat::Csv => "Big Deal CSV",
            BoardFormat::Lin => "LIN",
            BoardFormat::Goe => "GOE",
        }
    }

    /// Whether the format is binary: read from the bytes, placed by offset.
    pub fn is_binary(self) -> bool {
        matches!(self, BoardFormat::Dup | BoardFormat::Bri | BoardFormat::Dge | BoardFormat::Rzd | BoardFormat::Cds)
    }

    /// The format a file's name gives by its extension, if one of these.
    pub fn of_name(name: &str) -> Option<BoardFormat> {
        let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
        BoardFormat::ALL.into_iter().find(|f| f.extension() == extension)
    }
}

/// The binary format of a file by its content: DUP, BRI, DGE or RZD.
pub fn binary_by_content(bytes: &[u8]) -> Option<BoardFormat> {
    if duplimate::looks_like_dup(bytes) {
        Some(BoardFormat::Dup)
    } else if duplimate::looks_like_bri(bytes) {
        Some(BoardFormat::Bri)
    } else if duplimate::looks_like_dge(bytes) {
        Some(BoardFormat::Dge)
    } else if kops::looks_like_rzd(bytes) {
        Some(BoardFormat::Rzd)
    } else {
        None
    }
}

/// The text format of a file by its content: LIN, CSV, BHG, GOE or BER.
pub fn text_by_content(text: &str) -> Option<BoardFormat> {
    if lin::looks_like_lin(text) {
        Some(BoardFormat::Lin)
    } else if csv::looks_like_csv(text) {
        Some(BoardFormat::Csv)
    } else if borel::looks_like_bhg(text) {
        Some(BoardFormat::Bhg)
    } else if goedel::looks_like_goe(text) {
        Some(BoardFormat::Goe)
    } else if ber::looks_like_ber(text) {
        Some(BoardFormat::Ber)
    } else {
        None
    }
}

/// The boards of a file of a binary format (`bytes`, named `name`).
pub fn read_binary(format: BoardFormat, name: &str, bytes: &[u8]) -> Result<Vec<Board>, Diagnostic> {
    match format {
        BoardFormat::Dup => duplimate::read_dup(name, bytes),
        BoardFormat::Bri => duplimate::read_bri(name, bytes),
        BoardFormat::Dge => duplimate::read_dge(name, bytes),
        BoardFormat::Rzd => kops::read_rzd(name, bytes),
        BoardFormat::Cds => kops::read_cds(name, bytes),
        text => Err(Diagnostic::error(format!("`{name}`: the {} format is read as text", text.what()))),
    }
}

/// The boards of a file of a text format.
pub fn read_text(format: BoardFormat, src: &Source) -> Result<Vec<Board>, Diagnostic> {
    match format {
        BoardFormat::Ber => ber::read(src),
        BoardFormat::Bhg => borel::read(src),
        BoardFormat::Csv => csv::read(src),
        BoardFormat::Lin => lin::read(src),
        BoardFormat::Goe => goedel::read(src),
        binary => Err(Diagnostic::error(format!("`{}`: the {} format is binary", src.name, binary.what()))),
    }
}

/// The refusal of a binary file's board `board` whose bytes from `start` hold `flaw`.
pub fn binary_error(name: &str, board: u64, start: usize, flaw: Flaw) -> Diagnostic {
    Diagnostic::error(format!("`{name}`, board {board} (offset {}): {}", start + flaw.at, flaw.message()))
}

/// The refusal of a binary file that is not whole records: `what` is the format, `size` the
/// bytes read as records (after any header) and `record` the bytes of one.
pub fn not_whole(name: &str, what: &str, size: usize, record: usize) -> Diagnostic {
    let a = article(what);
    Diagnostic::error(format!(
        "`{name}` is not {a} {what} file of whole boards: its {size} bytes make {} boards of {record} bytes and {} bytes left over",
        size / record,
        size % record
    ))
    .with_note(format!("{a} {what} file holds {record} bytes a board; it may have been cut short or be another format"))
}

/// `a` or `an` before a format's name spelt letter by letter: `an RZD`, `a DUP`.
pub fn article(what: &str) -> &'static str {
    if what.starts_with(['A', 'E', 'F', 'H', 'I', 'L', 'M', 'N', 'O', 'R', 'S', 'X']) {
        "an"
    } else {
        "a"
    }
}

/// The refusal of a text file's board `board` whose text from offset `start` holds `flaw`.
pub fn text_error(src: &Source, board: u64, start: usize, flaw: Flaw) -> Diagnostic {
    let from = (start + flaw.at).min(src.text.len());
    let to = (from + flaw.len).min(src.text.len());
    Diagnostic::at(Span::new(from, to), format!("board {board}: {}", flaw.message())).in_source(src.clone())
}

/// The lines of a text with their offsets, each without its line end (LF, CR LF).
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    text.split_inclusive('\n').map(move |raw| {
        let start = at;
        at += raw.len();
        (start, raw.trim_end_matches(['\n', '\r']))
    })
}
