//! Writing PBN files (Portable Bridge Notation 2.1) in export format.
//!
//! The file starts with `% PBN 2.1` and `% EXPORT`; each game has the fifteen tags of the
//! mandatory tag set in the standard's order (unknown values are `?`), the deal written from
//! the dealer; a blank line follows each game; lines end with CR LF; backslashes and double
//! quotes in values are escaped with a backslash.

use dealvm_vm::board::{board_dealer, board_vulnerability, Vulnerability};
use dealvm_vm::card::{Deal, Seat};
use std::io::{self, Write};

/// Escapes a PBN tag value: backslashes and double quotes get a backslash.
pub fn pbn_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes games to a PBN file in export format.
pub struct PbnWriter<W: Write> {
    out: W,
    /// The `Event` of every game.
    event: String,
}

impl<W: Write> PbnWriter<W> {
    /// Starts a file; `comment` (such as how the deals were made) goes in a `%` line.
    pub fn new(mut out: W, event: &str, comment: &str) -> io::Result<PbnWriter<W>> {
        write!(out, "% PBN 2.1\r\n% EXPORT\r\n")?;
        if !comment.is_empty() {
            write!(out, "% {}\r\n", comment.replace(['\r', '\n'], " "))?;
        }
        Ok(PbnWriter { out, event: event.replace(['\r', '\n'], " ") })
    }

    /// Writes one game: board `board`, dealt by `dealer` with `vulnerable`, or as the
    /// standard 16-board cycle gives for the board.
    pub fn game(&mut self, board: u64, deal: &Deal, dealer: Option<Seat>, vulnerable: Option<Vulnerability>) -> io::Result<()> {
        let dealer = dealer.unwrap_or_else(|| board_dealer(board));
        let vulnerable = vulnerable.unwrap_or_else(|| board_vulnerability(board));
        let tags: [(&str, String); 15] = [
            ("Event", pbn_escape(&self.event)),
            ("Site", "?".into()),
            ("Date", "?".into()),
            ("Board", board.to_string()),
            ("West", "?".into()),
            ("North", "?".into()),
            ("East", "?".into()),
            ("South", "?".into()),
            ("Dealer", dealer.letter().to_string()),
            ("Vulnerable", vulnerable.pbn().to_string()),
            ("Deal", deal.pbn_from(dealer)),
            ("Scoring", "?".into()),
            ("Declarer", "?".into()),
            ("Contract", "?".into()),
            ("Result", "?".into()),
        ];
        let mut text = String::with_capacity(400);
        for (name, value) in tags {
            text.push_str(&format!("[{name} \"{value}\"]\r\n"));
        }
        text.push_str("\r\n");
        self.out.write_all(text.as_bytes())
    }

    /// The underlying writer.
    pub fn into_inner(self) -> W {
        self.out
    }
}
