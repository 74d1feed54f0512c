//! Where a file is wrong: a binary file's board and byte, a text file's board, line and column
//! ([`crate::diag`] renders them), what was found and what was expected; what a reader passed
//! over, one warning per kind ([`Oddities`]); and the start of a file as the formats'
//! `looks_like` see it.

use super::cards::Flaw;
use crate::diag::{Diagnostic, Source, Span};
use dealvm_vm::dealing::board::Board;
use std::borrow::Cow;

/// The text of a file's start `head` (the file has `size` bytes) in whole lines: all of it
/// when it is the whole file, else up to its last line end. What the text formats' contents
/// are told by.
pub fn whole_lines(head: &[u8], size: u64) -> Cow<'_, str> {
    let text = String::from_utf8_lossy(head);
    if (head.len() as u64) < size {
        return match text {
            Cow::Borrowed(t) => Cow::Borrowed(t.rsplit_once('\n').map_or("", |(whole, _)| whole)),
            Cow::Owned(t) => Cow::Owned(t.rsplit_once('\n').map_or("", |(whole, _)| whole).to_string()),
        };
    }
    text
}

/// The first record of a file of whole records of `record` bytes (its `size`, its start
/// `head`), if it is one.
pub fn first_record(head: &[u8], size: u64, record: usize) -> Option<&[u8]> {
    head.get(..record).filter(|_| size > 0 && size.is_multiple_of(record as u64))
}

/// The refusal of a binary file's board `board` whose bytes from `start` hold `flaw`.
pub fn binary_error(name: &str, board: u64, start: usize, flaw: Flaw) -> Diagnostic {
    Diagnostic::error(format!("`{name}`, board {board} (offset {}): {}", start + flaw.at, flaw.message()))
}

/// The refusal of a binary file that is not whole records: `what` is the format, `size` the
/// bytes read as records (after any header) and `record` the bytes of one.
pub fn not_whole(name: &str, what: &str, size: usize, record: usize) -> Diagnostic {
    let a = article(what);
    let (boards, left) = (size / record, size % record);
    let (boards_s, left_s) = (if boards == 1 { "" } else { "s" }, if left == 1 { "" } else { "s" });
    Diagnostic::error(format!(
        "`{name}` is not {a} {what} file of whole boards: its {size} bytes make {boards} board{boards_s} of {record} bytes and {left} byte{left_s} left over"
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

/// What a reader passed over in a file without losing a deal (a tag it does not know how to
/// read, a table of tricks in columns of its own): one warning per kind, the first place of
/// each, with how many times the kind came.
#[derive(Default)]
pub struct Oddities {
    /// Each kind met, in the order met: its name, its first warning and its count.
    kinds: Vec<(&'static str, Diagnostic, usize)>,
}

impl Oddities {
    /// Counts one of `kind`; `warning` makes its warning when it is the first of its kind.
    pub fn note(&mut self, kind: &'static str, warning: impl FnOnce() -> Diagnostic) {
        match self.kinds.iter_mut().find(|(k, _, _)| *k == kind) {
            Some((_, _, count)) => *count += 1,
            None => self.kinds.push((kind, warning(), 1)),
        }
    }

    /// The warnings, one per kind, each kind met more than once saying how many times.
    pub fn warnings(self) -> Vec<Diagnostic> {
        let counted = |(_, warning, count): (&str, Diagnostic, usize)| match count {
            1 => warning,
            n => warning.with_note(format!("this comes {n} times in the file; the first is shown")),
        };
        self.kinds.into_iter().map(counted).collect()
    }
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

/// The boards of a text file of a board a line, lines of spaces passed over: `board` reads a
/// line given the number of the board after the last one read (1 for the first), and
/// `expected` says what a line holds, for a file that has none.
pub fn board_lines(src: &Source, expected: &str, mut board: impl FnMut(u64, &str) -> Result<Board, Flaw>) -> Result<Vec<Board>, Diagnostic> {
    let mut boards: Vec<Board> = Vec::new();
    for (start, line) in lines(&src.text).filter(|(_, l)| !l.trim().is_empty()) {
        let number = boards.last().map_or(1, |b| b.number + 1);
        boards.push(board(number, line).map_err(|flaw| text_error(src, number, start, flaw))?);
    }
    if boards.is_empty() {
        return Err(Diagnostic::at(Span::new(0, 0), format!("found no board, expected {expected}")).in_source(src.clone()));
    }
    Ok(boards)
}
