//! Hand records: what a director hands the players after a session. For each board its number,
//! dealer and vulnerability, the compass diagram (North at the top, West on the left, East on
//! the right, South at the bottom) with each hand's high-card points (4-3-2-1), the makeable
//! contracts (for each of the four declarers and the five strains, the highest level made
//! double dummy) and the par at the board's vulnerability.
//!
//! Three formats, each made in memory as the bytes of the file:
//!
//! - [`html()`]: one self-contained page (inline CSS, no script, nothing fetched), printing as
//!   sheets of [`Layout::per_page`] boards on [`Layout::paper`], each with the title, the date
//!   and its page number;
//! - [`pdf()`]: the same sheets as a PDF, made here (`pdf-writer`), with the font embedded
//!   (DejaVu Sans Condensed, from the `dejavu` crate, cut down to the glyphs the file uses by
//!   `subsetter`) so that the suit symbols print everywhere, and the text extractable;
//! - [`text()`]: for a terminal, the boards one after the other, suits as letters.
//!
//! The same records and layout always give the same bytes: nothing of the time or the machine
//! goes in.
//!
//! A board of the text (the HTML and the PDF lay it out the same way, with suit symbols):
//!
//! ```text
//! Board 7               North 10                 NT  S  H  D  C
//! Dealer South          S T3                  N   -  -  2  1  -
//! Vul All               H AKT8                S   -  -  2  1  -
//!                       D Q6532               E   1  5  -  -  5
//!                       C J9                  W   1  5  -  -  5
//! West 15                                     East 8
//! S AQJ854                                    S K62
//! H J65                                       H 9
//! D K7                                        D T98
//! C A6                                        C KQT753
//!                       South 7               Par EW 650
//!                       S 97                  4S by EW
//!                       H Q7432
//!                       D AJ4
//!                       C 842
//! ```

mod board;
mod font;
mod html;
mod pdf;
mod text;

#[cfg(test)]
mod tests;

use dealvm_vm::card::{Deal, Seat};
use dealvm_vm::dealing::board::Vulnerability;
use dealvm_vm::evaluation::dd::{ParResult, Solver, TrickTable};
use std::io;
use std::path::Path;

/// One board of a hand record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The board's number.
    pub number: u64,
    /// The deal.
    pub deal: Deal,
    /// The dealer.
    pub dealer: Seat,
    /// Who is vulnerable.
    pub vulnerable: Vulnerability,
    /// The tricks each declarer takes in each strain, double dummy.
    pub tricks: TrickTable,
    /// The par at [`Record::vulnerable`].
    pub par: ParResult,
}

impl Record {
    /// The record of board `number`, its tricks and par worked out by `solver`.
    pub fn solved(number: u64, deal: Deal, dealer: Seat, vulnerable: Vulnerability, solver: &mut dyn Solver) -> Record {
        let tricks = solver.table(&deal);
        let par = solver.par(&tricks, vulnerable);
        Record { number, deal, dealer, vulnerable, tricks, par }
    }
}

/// The paper the pages are printed on.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 inches.
    Letter,
}

impl Paper {
    /// The paper named `a4` or `letter` (in any case), as `--paper` takes it.
    pub fn from_name(name: &str) -> Option<Paper> {
        match name.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" => Some(Paper::Letter),
            _ => None,
        }
    }

    /// The paper's name: `a4` or `letter`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// The width and the height in millimetres.
    pub fn millimetres(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    /// The width and the height in PDF points (1/72 inch).
    pub fn points(self) -> (f32, f32) {
        let (w, h) = self.millimetres();
        (w * 72.0 / 25.4, h * 72.0 / 25.4)
    }
}

/// How many boards a page holds: two columns of two or three boards.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardsPerPage {
    /// Four boards, two rows of two: larger type.
    Four,
    /// Six boards, three rows of two.
    #[default]
    Six,
}

impl BoardsPerPage {
    /// The choice for `n` boards a page, as `--boards-per-page` takes it: 4 or 6.
    pub fn from_count(n: usize) -> Option<BoardsPerPage> {
        match n {
            4 => Some(BoardsPerPage::Four),
            6 => Some(BoardsPerPage::Six),
            _ => None,
        }
    }

    /// The boards a page holds.
    pub fn count(self) -> usize {
        match self {
            BoardsPerPage::Four => 4,
            BoardsPerPage::Six => 6,
        }
    }

    /// The rows of boards on a page (each of two boards).
    fn rows(self) -> usize {
        self.count() / 2
    }
}

/// How the hand records are laid out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// The paper of the HTML's and the PDF's pages.
    pub paper: Paper,
    /// The boards on a page of the HTML and the PDF.
    pub per_page: BoardsPerPage,
    /// The event's title, at the top of each page (any text; a line break becomes a space).
    pub title: String,
    /// The session's date as it should be printed, beside the title; the only date the
    /// files carry.
    pub date: String,
}

impl Layout {
    /// The pages the boards of `records` take: at least one, the first with no board when
    /// there is none.
    pub fn pages(&self, records: usize) -> usize {
        records.div_ceil(self.per_page.count()).max(1)
    }
}

/// The hand records as one HTML page (see the module's documentation).
pub fn html(records: &[Record], layout: &Layout) -> Vec<u8> {
    html::write(records, layout)
}

/// The hand records as plain text for a terminal (see the module's documentation).
pub fn text(records: &[Record], layout: &Layout) -> Vec<u8> {
    text::write(records, layout)
}

/// The hand records as a PDF document (see the module's documentation). The error, which
/// only a damaged build could give, says that the embedded font cannot be read.
pub fn pdf(records: &[Record], layout: &Layout) -> io::Result<Vec<u8>> {
    pdf::write(records, layout)
}

/// The format of a hand-record file, by the name's extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `.html` or `.htm`.
    Html,
    /// `.pdf`.
    Pdf,
    /// `.txt`.
    Text,
}

impl Format {
    /// The extension of a file of this form.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Html => "html",
            Format::Pdf => "pdf",
            Format::Text => "txt",
        }
    }

    /// The format a file's name asks for (`boards.pdf`: [`Format::Pdf`]), in any case; `None`
    /// for another extension or none.
    pub fn of_path(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "html" | "htm" => Some(Format::Html),
            "pdf" => Some(Format::Pdf),
            "txt" => Some(Format::Text),
            _ => None,
        }
    }

    /// The hand records in this format (an error only as [`pdf()`] gives one).
    pub fn render(self, records: &[Record], layout: &Layout) -> io::Result<Vec<u8>> {
        match self {
            Format::Html => Ok(html(records, layout)),
            Format::Pdf => pdf(records, layout),
            Format::Text => Ok(text(records, layout)),
        }
    }
}
