//! Duplimate DLM files: the boards a Duplimate dealing machine deals, as its software
//! (DupSoft) loads them, written and read.
//!
//! A DLM file always lists boards 1 to 99. Each `Board NN=` line gives a deal as 26 letters,
//! one per pair of cards in the order A♠ K♠ ... 2♠ A♥ ... 2♣; letter `a` + 4 × (seat of the
//! first card) + (seat of the second), seats counted N, E, S, W from 0. Three digits follow:
//! the XOR of the letters' values (`a` = 1 ... `p` = 16), the board number and the board's
//! `Duplicates NN=` count. The `Checksum=` of the `[DOCUMENT]` section is the XOR of the
//! status (Show 0, Sealed 1, Edit 3), `Duplicates=`, `From board=`, `To board=`, `Dealing method=` and
//! `Next board to duplimate=`. Lines end with CR LF.
//!
//! Reading, as DupSoft reads them: every check it makes, with the line and the reason.
//!
//! Big Deal writes them with its own headline and a `[Document]` section in its own order
//! ([`big_deal_file`]); sealed (`dlmblind`), with `Status=Sealed`, which the dealing machine's
//! operator cannot open.

use crate::diag::{Diagnostic, Source, Span};
use crate::formats::cards::card_at;
use crate::formats::facts::{generator, numbered, Check, Facts, Read, Reader, Sealed, SealedForm, Switch};
use dealvm_vm::card::{Card, Deal, Hand, Seat};
use dealvm_vm::dealing::board::Board;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// DLM: Duplimate's dealing machines.
pub const FACTS: Facts = Facts {
    name: "dlm",
    big_deal_name: None,
    sealed: Some(SealedForm { name: "dlmblind", what: "sealed DLM", description: "a sealed DLM file (`Status=Sealed`)" }),
    extension: "dlm",
    what: "DLM",
    title: "DLM",
    label: "DLM (Duplimate dealing machines)",
    switch: Switch::OwnHelp("--dlm"),
    binary: false,
    layout: None,
    records: false,
    last_board: Some(MAX_BOARD),
    numbers: true,
    dealers: false,
    content_type: "text/plain; charset=us-ascii",
    looks_like: Some(|head, _| looks_like_dlm(&String::from_utf8_lossy(head))),
    read: Reader::Text(|src, check| read_titled_checked(src, check).map(|(title, boards)| Read::titled(title, boards))),
    write: Some(|boards, sealed| big_deal_file(&numbered(boards), sealed)),
};

/// The highest board number a DLM file holds.
pub const MAX_BOARD: u64 = 99;

/// The letters of the placeholder deal DupSoft and others write for boards not dealt: North
/// holds the spades, East the hearts, South the diamonds, West the clubs.
pub const PLACEHOLDER: &str = "aaaaaabffffffkkkkkklpppppp";

/// The seat holding a card.
fn owner(deal: &Deal, card: Card) -> Option<usize> {
    Seat::ALL.iter().position(|&s| deal.hand(s).contains(card))
}

/// The 26 letters of a complete deal.
pub fn letters(deal: &Deal) -> String {
    (0..26)
        .map(|i| {
            let first = owner(deal, card_at(2 * i)).expect("a complete deal");
            let second = owner(deal, card_at(2 * i + 1)).expect("a complete deal");
            (b'a' + 4 * first as u8 + second as u8) as char
        })
        .collect()
}

/// The deal 26 letters describe, or why they describe none. A deal must give each seat 13
/// cards.
pub fn deal_from_letters(letters: &str) -> Result<Deal, String> {
    if letters.len() != 26 {
        return Err(format!("a board has 26 letters, found {}", letters.len()));
    }
    let mut hands = [Hand::EMPTY; 4];
    for (i, c) in letters.chars().enumerate() {
        if !('a'..='p').contains(&c) {
            return Err(format!("`{c}` is not a DLM letter (a to p)"));
        }
        let v = c as usize - 'a' as usize;
        hands[v / 4] = hands[v / 4].with(card_at(2 * i));
        hands[v % 4] = hands[v % 4].with(card_at(2 * i + 1));
    }
    for seat in Seat::ALL {
        let n = hands[seat as usize].count();
        if n != 13 {
            return Err(format!("{} holds {n} cards; each hand has 13", seat.name()));
        }
    }
    Ok(Deal { hands })
}

/// The checksum of a board line: the XOR of the letters' values, the board number and its
/// duplicates count.
pub fn board_checksum(letters: &str, board: u64, duplicates: u64) -> u64 {
    letters.bytes().fold(board ^ duplicates, |x, c| x ^ (c - b'a' + 1) as u64)
}

/// A `Board NN=` line without its line end.
pub fn board_line(board: u64, duplicates: u64, letters: &str) -> String {
    format!("Board {board:02}={letters}{:03}", board_checksum(letters, board, duplicates))
}

/// A DLM file's `Status=`: what the dealing machine's operator may do with the boards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// `Show`: the boards are shown.
    Show,
    /// `Sealed`: the boards are not shown (Big Deal's `dlmblind`).
    Sealed,
    /// `Edit`: the boards may be changed.
    Edit,
}

impl Status {
    /// The status of its `Status=` value.
    pub fn parse(value: &str) -> Option<Status> {
        match value {
            "Show" => Some(Status::Show),
            "Sealed" => Some(Status::Sealed),
            "Edit" => Some(Status::Edit),
            _ => None,
        }
    }

    /// The `Status=` value.
    pub fn name(self) -> &'static str {
        match self {
            Status::Show => "Show",
            Status::Sealed => "Sealed",
            Status::Edit => "Edit",
        }
    }

    /// Its part in the header checksum: Show 0, Sealed 1 (so Big Deal's sealed files have
    /// it), Edit 3.
    fn code(self) -> u64 {
        match self {
            Status::Show => 0,
            Status::Sealed => 1,
            Status::Edit => 3,
        }
    }
}

/// The `Checksum=` value of a `[DOCUMENT]` section: the XOR of the status's code,
/// `Duplicates=`, `From board=`, `To board=`, `Dealing method=` (1 when the line is left out)
/// and `Next board to duplimate=`.
pub fn file_checksum(status: Status, duplicates: u64, from: u64, to: u64, method: u64, next: u64) -> u64 {
    status.code() ^ duplicates ^ from ^ to ^ method ^ next
}

/// Why a run's boards cannot go in one `what` file (`DLM`, `DUP`, `CDS`, ...), which holds
/// boards 1 to `most_board`, each once, if they cannot: boards numbered from `first_board` (1
/// if `None` and the deals are dealt) for up to `most` produced deals, or the board numbers of
/// the deals file `boards` (`swapped`: with `-x`, several deals per board).
pub fn capacity_error(what: &str, most_board: u64, first_board: Option<u64>, boards: Option<&[Board]>, most: u64, swapped: bool) -> Option<String> {
    let Some(boards) = boards.filter(|_| first_board.is_none()) else {
        let first = first_board.unwrap_or(1);
        let last = first.saturating_add(most.saturating_sub(1));
        return (last > most_board).then(|| {
            format!(
                "this run can make boards {first} to {last}, but a {what} file holds boards 1 to {most_board}; \
                 produce at most {} deals (-p) or start lower (--board-start)",
                (most_board + 1).saturating_sub(first)
            )
        });
    };
    if swapped {
        return Some(format!("with -x, the swapped copies of a board share its number; a {what} file holds each board once"));
    }
    let mut seen = std::collections::HashSet::new();
    for b in boards.iter().take(most.min(boards.len() as u64) as usize) {
        if b.number > most_board {
            return Some(format!(
                "board {} of the deals file is above {most_board}, the last board a {what} file holds; renumber with --board-start",
                b.number
            ));
        }
        if !seen.insert(b.number) {
            return Some(format!("the deals file has board {} twice; renumber with --board-start", b.number));
        }
    }
    None
}

/// Writes a DLM file holding `boards` (numbers 1 to 99, each once): From and To are the
/// lowest and highest, every other board up to 99 is the placeholder deal.
pub fn write(w: &mut dyn Write, headline: &str, boards: &BTreeMap<u64, Deal>) -> io::Result<()> {
    let (Some(&from), Some(&to)) = (boards.keys().next(), boards.keys().next_back()) else {
        return Err(io::Error::other("a DLM file needs at least one board"));
    };
    assert!(from >= 1 && to <= MAX_BOARD, "DLM boards are numbered 1 to 99");
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(s);
        out.push_str("\r\n");
    };
    line("[DOCUMENT]");
    // One line: no line breaks in the headline.
    line(&format!("Headline={}", headline.replace(['\r', '\n'], " ")));
    line("Status=Show");
    line("Duplicates=0");
    line(&format!("From board={from}"));
    line(&format!("To board={to}"));
    line("Dealing method=1");
    line("Next board to duplimate=0");
    line("PrintOuts=0");
    line("Crypto key=0");
    line(&format!("Checksum={}", file_checksum(Status::Show, 0, from, to, 1, 0)));
    for board in 1..=MAX_BOARD {
        let letters = boards.get(&board).map(letters).unwrap_or_else(|| PLACEHOLDER.to_string());
        line(&format!("Duplicates {board:02}=0"));
        line(&board_line(board, 0, &letters));
    }
    line("[STARTUP]");
    line("SuppressDeals=Yes");
    w.write_all(out.as_bytes())
}

/// Reads a DLM file: the boards from `From board` to `To board`, in order, each with the
/// dealer and vulnerability of its number in the standard cycle (a dealing machine's boards
/// follow it; the file names neither). Refuses a file
/// DupSoft would refuse (a bad checksum, a missing line, a malformed line) and any deal that
/// is not four hands of 13 cards, with the line and the reason.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    read_titled(src).map(|(_, boards)| boards)
}

/// [`read`], with the file's title: its `Headline`, when not empty.
pub fn read_titled(src: &Source) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    read_titled_checked(src, Check::Full)
}

/// [`read_titled`]; with [`Check::DealsOnly`], the checksums are not checked.
pub fn read_titled_checked(src: &Source, check: Check) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    let checksums = check == Check::Full;
    let mut r = DlmReader {
        src,
        checksums,
        headline: None,
        status: None,
        header: BTreeMap::new(),
        checksum: None,
        duplicates: BTreeMap::new(),
        boards: BTreeMap::new(),
    };
    let mut section = None::<&str>;
    let mut offset = 0;
    for raw in src.text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let text = raw.trim_end_matches(['\n', '\r']);
        let span = Span::new(start, start + text.len());
        if text.trim().is_empty() {
            continue;
        }
        if text.starts_with('[') {
            section = match text.trim() {
                "[DOCUMENT]" | "[Document]" => Some("document"),
                "[STARTUP]" | "[Startup]" if section.is_some() => Some("startup"),
                _ => return Err(r.error(span, format!("found `{text}`, expected [DOCUMENT] or [STARTUP]"))),
            };
            continue;
        }
        match section {
            None => return Err(r.error(span, "a DLM file starts with [DOCUMENT]")),
            Some("startup") => {
                if !text.contains('=') {
                    return Err(r.error(span, format!("found `{text}`, expected a setting such as SuppressDeals=Yes")));
                }
            }
            Some(_) => r.document_line(text, span)?,
        }
    }
    // A headline that names the program that wrote the file (Big Deal's and ours: `Generated
    // by ...`) is no title of the session.
    let headline = r.headline.take().filter(|h| !h.is_empty() && !h.starts_with("Generated by "));
    Ok((headline, r.finish()?))
}

/// The state of [`read`].
struct DlmReader<'a> {
    src: &'a Source,
    /// Whether the checksums are checked.
    checksums: bool,
    /// The `Headline`, trimmed.
    headline: Option<String>,
    status: Option<Status>,
    /// `Duplicates`, `From board`, ... with their values and places.
    header: BTreeMap<&'static str, (u64, Span)>,
    checksum: Option<(u64, Span)>,
    duplicates: BTreeMap<u64, u64>,
    /// Each board's letters, checksum and place.
    boards: BTreeMap<u64, (String, u64, Span)>,
}

impl DlmReader<'_> {
    fn error(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at(span, message).in_source(self.src.clone())
    }

    /// One line of the `[DOCUMENT]` section.
    fn document_line(&mut self, text: &str, span: Span) -> Result<(), Diagnostic> {
        let Some((key, value)) = text.split_once('=') else {
            return Err(self.error(span, format!("found `{text}`, expected a line such as `Board 01=...`")));
        };
        let value_span = Span::new(span.start + key.len() + 1, span.end);
        let number = |r: &Self| value.trim().parse::<u64>().map_err(|_| r.error(value_span, format!("found `{value}`, expected a number")));
        const HEADER: [&str; 5] = ["Duplicates", "From board", "To board", "Dealing method", "Next board to duplimate"];
        match key {
            "Headline" => self.headline = Some(value.trim().to_string()),
            "PrintOuts" | "Crypto key" => {}
            "Status" => {
                let status = Status::parse(value);
                let status = status.ok_or_else(|| {
                    self.error(value_span, format!("cannot find status field in file: found `{value}`, expected Show, Sealed or Edit"))
                })?;
                self.status = Some(status);
            }
            "Checksum" => self.checksum = Some((number(self)?, value_span)),
            k if HEADER.contains(&k) => {
                let name = HEADER.into_iter().find(|h| *h == k).expect("a header key");
                self.header.insert(name, (number(self)?, value_span));
            }
            k => {
                let (what, board) = match k.split_once(' ') {
                    Some((w @ ("Duplicates" | "Property" | "Board"), n)) if n.len() == 2 => (w, n.parse::<u64>().ok()),
                    _ => ("", None),
                };
                let Some(board) = board.filter(|b| (1..=MAX_BOARD).contains(b)) else {
                    return Err(
                        self.error(Span::new(span.start, span.start + k.len()), format!("found `{k}`, expected a DLM keyword such as `Board 01`"))
                    );
                };
                match what {
                    "Duplicates" => {
                        let n = number(self)?;
                        self.duplicates.insert(board, n);
                    }
                    "Board" => {
                        let ok = value.len() == 29 && value.is_char_boundary(26) && value[26..].bytes().all(|b| b.is_ascii_digit());
                        if !ok {
                            return Err(self.error(value_span, "a board is 26 letters and a three-digit checksum"));
                        }
                        let sum = value[26..].parse().expect("three digits");
                        self.boards.insert(board, (value[..26].to_string(), sum, value_span));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Checks the whole file and gives the boards dealt.
    fn finish(self) -> Result<Vec<Board>, Diagnostic> {
        let end = Span::new(self.src.text.len(), self.src.text.len());
        let missing = |what: &str| self.error(end, format!("the line `{what}=` is missing")).with_note("DupSoft refuses a DLM file without it");
        let status = self.status.ok_or_else(|| self.error(end, "cannot find status field in file (a `Status=Show` line)"))?;
        let get = |key: &str| self.header.get(key).map(|&(v, _)| v);
        let duplicates = get("Duplicates").ok_or_else(|| missing("Duplicates"))?;
        let from = get("From board").ok_or_else(|| missing("From board"))?;
        let to = get("To board").ok_or_else(|| missing("To board"))?;
        let next = get("Next board to duplimate").ok_or_else(|| missing("Next board to duplimate"))?;
        let method = get("Dealing method").unwrap_or(1);
        let (checksum, checksum_span) = self.checksum.ok_or_else(|| missing("Checksum"))?;
        let expected = file_checksum(status, duplicates, from, to, method, next);
        if self.checksums && checksum != expected {
            return Err(self
                .error(checksum_span, format!("invalid checksum: the file says {checksum}, its header gives {expected}"))
                .with_note("the checksum is the XOR of the status (Show 0, Sealed 1, Edit 3), Duplicates, From board, To board, Dealing method and Next board to duplimate"));
        }
        let (from, to) = (from.min(to), from.max(to));
        if from < 1 || to > MAX_BOARD {
            let span = self.header["From board"].1;
            return Err(self.error(span, format!("boards {from} to {to}: a DLM file holds boards 1 to 99")));
        }
        let mut out = Vec::new();
        for board in 1..=MAX_BOARD {
            let Some(&dups) = self.duplicates.get(&board) else {
                return Err(missing(&format!("Duplicates {board:02}")));
            };
            let Some((letters, sum, span)) = self.boards.get(&board) else {
                return Err(missing(&format!("Board {board:02}")));
            };
            if !letters.bytes().all(|b| (b'a'..=b'p').contains(&b)) {
                let at = letters.bytes().position(|b| !(b'a'..=b'p').contains(&b)).unwrap_or(0);
                let bad = letters[at..].chars().next().unwrap_or('?');
                return Err(self.error(
                    Span::new(span.start + at, span.start + at + bad.len_utf8()),
                    format!("`{bad}` is not a DLM letter (a to p, lower case)"),
                ));
            }
            let expected = board_checksum(letters, board, dups);
            if self.checksums && *sum != expected {
                return Err(self.error(
                    Span::new(span.start + 26, span.end),
                    format!("checksum error on board {board}: the line says {sum:03}, its letters give {expected:03}"),
                ));
            }
            if (from..=to).contains(&board) {
                let deal = deal_from_letters(letters).map_err(|e| self.error(*span, format!("board {board} is not a deal: {e}")))?;
                out.push(Board::of_cycle(board, deal));
            }
        }
        Ok(out)
    }
}

/// Whether a text is a DLM file: its first line that is not empty is `[DOCUMENT]`, any case.
pub fn looks_like_dlm(text: &str) -> bool {
    let first = text.trim_start_matches('\u{feff}').lines().map(str::trim).find(|l| !l.is_empty());
    first.is_some_and(|l| l.eq_ignore_ascii_case("[document]"))
}

/// A DLM file of `boards` (numbered 1 to 99, in order, at least one) in Big Deal's layout, its
/// headline naming the program that made it, sealed or not.
pub fn big_deal_file(boards: &[(u64, Deal)], sealed: Sealed) -> Vec<u8> {
    let from = boards.first().map_or(1, |b| b.0);
    let to = boards.last().map_or(1, |b| b.0);
    let status = if sealed == Sealed::Yes { Status::Sealed } else { Status::Show };
    let mut out = String::new();
    out.push_str(&format!("[Document]\nHeadline=Generated by {}\nStatus={}\nDuplicates=0\n", generator(), status.name()));
    out.push_str(&format!("From board={from}\nTo board={to}\nNext board to duplimate=0\nPrintOuts=0\nCrypto key=0\n"));
    // Big Deal writes no `Dealing method` line: the method is 1.
    out.push_str(&format!("Checksum={}\n", file_checksum(status, 0, from, to, 1, 0)));
    for number in 1..=MAX_BOARD {
        let letters = boards.iter().find(|b| b.0 == number).map_or_else(|| PLACEHOLDER.to_string(), |b| letters(&b.1));
        out.push_str(&format!("Duplicates {number:02}=0\n{}\n", board_line(number, 0, &letters)));
    }
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::number::deal_of;
    use dealvm_vm::dealing::board::{board_dealer, board_vulnerability};

    #[test]
    fn the_spec_checksums_hold() {
        use dealvm_vm::card::Suit;
        assert_eq!(file_checksum(Status::Show, 0, 1, 32, 1, 0), 32);
        assert_eq!(file_checksum(Status::Show, 0, 10, 24, 1, 1), 18);
        // Duplimate's own file (the spec's sample): Duplicates=1, boards 1 to 24, Checksum=025.
        assert_eq!(file_checksum(Status::Show, 1, 1, 24, 1, 0), 25);
        // Big Deal's sealed file of boards 1 to 32, which has no `Dealing method` line.
        assert_eq!(file_checksum(Status::Sealed, 0, 1, 32, 1, 0), 33);
        assert_eq!(board_line(1, 1, "fnbkmmincldklcfcofoiefnapm"), "Board 01=fnbkmmincldklcfcofoiefnapm018");
        let sorted = deal_from_letters(PLACEHOLDER).unwrap();
        assert_eq!(sorted.hand(Seat::North).len(Suit::Spades), 13);
        assert_eq!(sorted.hand(Seat::West).len(Suit::Clubs), 13);
        assert_eq!(letters(&sorted), PLACEHOLDER);
    }

    /// A DLM file as Duplimate's own software writes it: `[DOCUMENT]` in capitals,
    /// `Duplicates=1`, `Dealing method=`, a zero-padded checksum, a `Property NN=` line before
    /// each board, 99 genuine deals though `To board=24`, and a `[STARTUP]` section.
    fn duplimate_file() -> String {
        let mut out = String::from("[DOCUMENT]\nHeadline=Club night\nStatus=Show\nDuplicates=1\nFrom board=1\nTo board=24\n");
        out.push_str("Dealing method=1\nNext board to duplimate=0\nPrintOuts=0\nCrypto key=0\nChecksum=025\n");
        for board in 1..=MAX_BOARD {
            let letters = letters(&deal_of(board as u128 * 0x5DEE_CE66_D1CE));
            out.push_str(&format!("Duplicates {board:02}=1\nProperty {board:02}=1\n{}\n", crate::formats::dlm::board_line(board, 1, &letters)));
        }
        out.push_str("[STARTUP]\nStatistics=Yes\nSuppressDeals=Yes\nAdd filename=Yes\nMakeable=0\nReversed=0\n");
        out
    }

    #[test]
    fn duplimates_own_files_are_read_from_board_to_board() {
        let (title, boards) = read_titled(&Source::new("d.dlm", duplimate_file())).unwrap();
        assert_eq!(title.as_deref(), Some("Club night"));
        assert_eq!(boards.len(), 24, "the deals past `To board` are checked, not read");
        for board in &boards {
            assert_eq!(board.deal, deal_of(board.number as u128 * 0x5DEE_CE66_D1CE));
            assert_eq!((board.dealer, board.vulnerable), (Some(board_dealer(board.number)), Some(board_vulnerability(board.number))));
        }
        // A wrong checksum on a board past `To board` is refused all the same.
        let text = duplimate_file();
        let at = text.find("Board 50=").unwrap() + 35;
        let bad = format!("{}{}{}", &text[..at], if &text[at..at + 1] == "9" { "8" } else { "9" }, &text[at + 1..]);
        let d = read(&Source::new("d.dlm", bad)).unwrap_err();
        assert!(d.message.starts_with("checksum error on board 50"), "{}", d.message);
        // The zero-padded header checksum is a number like another.
        let d = read(&Source::new("d.dlm", text.replace("Checksum=025", "Checksum=024"))).unwrap_err();
        assert_eq!(d.message, "invalid checksum: the file says 24, its header gives 25");
    }

    #[test]
    fn big_deals_sealed_files_are_read() {
        let boards: Vec<(u64, dealvm_vm::card::Deal)> = (1..=3).map(|b| (b, deal_of(b as u128))).collect();
        let sealed = big_deal_file(&boards, Sealed::Yes);
        let read = read(&Source::new("s.dlm", String::from_utf8(sealed).unwrap())).unwrap();
        assert_eq!(read.iter().map(|b| (b.number, b.deal)).collect::<Vec<_>>(), boards);
    }
}
