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

/// Writes games to a PBN file in export format; the file's header comes with its first game,
/// so a run without a game writes nothing.
pub struct PbnWriter {
    /// The `Event` of every game.
    event: String,
    /// The `%` comment of the header (such as how the deals were made).
    comment: String,
    /// Whether the header was written.
    started: bool,
}

impl PbnWriter {
    /// A writer for games of `event`; `comment` goes in a `%` line of the header.
    pub fn new(event: &str, comment: &str) -> PbnWriter {
        PbnWriter { event: event.replace(['\r', '\n'], " "), comment: comment.replace(['\r', '\n'], " "), started: false }
    }

    /// Writes one game to `out` (the header first, before the first game): board `board`,
    /// dealt by `dealer` with `vulnerable`, or as the standard 16-board cycle gives for the
    /// board.
    pub fn game(&mut self, out: &mut dyn Write, board: u64, deal: &Deal, dealer: Option<Seat>, vulnerable: Option<Vulnerability>) -> io::Result<()> {
        let mut text = String::with_capacity(450);
        if !self.started {
            text.push_str("% PBN 2.1\r\n% EXPORT\r\n");
            if !self.comment.is_empty() {
                text.push_str(&format!("% {}\r\n", self.comment));
            }
            self.started = true;
        }
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
        for (name, value) in tags {
            text.push_str(&format!("[{name} \"{value}\"]\r\n"));
        }
        text.push_str("\r\n");
        out.write_all(text.as_bytes())
    }
}
