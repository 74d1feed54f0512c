//! Duplimate DLM files: the boards a Duplimate dealing machine deals, as its software
//! (DupSoft) loads them. This module writes them and holds the encoding that reading them
//! (in `source`) shares.
//!
//! A DLM file always lists boards 1 to 99. Each `Board NN=` line gives a deal as 26 letters,
//! one per pair of cards in the order A♠ K♠ ... 2♠ A♥ ... 2♣; letter `a` + 4 × (seat of the
//! first card) + (seat of the second), seats counted N, E, S, W from 0. Three digits follow:
//! the XOR of the letters' values (`a` = 1 ... `p` = 16), the board number and the board's
//! `Duplicates NN=` count. The `Checksum=` of the `[DOCUMENT]` section is the XOR of the
//! status (Show 0, Sealed 1, Edit 3), `Duplicates=`, `From board=`, `To board=`, `Dealing method=` and
//! `Next board to duplimate=`. Lines end with CR LF.

use crate::files::cards::card_at;
use dealvm_vm::card::{Card, Deal, Hand, Seat};
use dealvm_vm::dealing::board::Board;
use std::collections::BTreeMap;
use std::io::{self, Write};

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
