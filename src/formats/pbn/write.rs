//! Writing PBN files (Portable Bridge Notation 2.1) in export format.
//!
//! The file starts with `% PBN 2.1` and `% EXPORT`; each game has the fifteen tags of the
//! mandatory tag set in the standard's order (unknown values are `?`), the deal written from
//! the dealer; a blank line follows each game; lines end with CR LF; backslashes and double
//! quotes in values are escaped with a backslash.
//!
//! A game's double-dummy results are written by [`write_dd_tags`]: the `OptimumResultTable`
//! section of PBN 2.1 (§5.7) with its 20 rows, the `OptimumScore` tag (§4.2) and
//! BridgeComposer's `ParContract` tag.

use crate::files::text::{Holdings, Text};
use crate::formats::facts::generator;
use dealvm_vm::card::{Deal, Seat};
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, Vulnerability};
use dealvm_vm::evaluation::dd::{ParDeclarer, ParResult, TrickTable};
use dealvm_vm::evaluation::score::Strain;
use std::io::{self, Write};

/// The denominations in the order of PBN's double-dummy tables: NT, spades, hearts, diamonds,
/// clubs.
pub const DENOMINATIONS: [Strain; 5] = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

/// The declarers in the order of BridgeComposer's `DoubleDummyTricks` tag: N, S, E, W.
pub const DOUBLE_DUMMY_DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// The header of the `OptimumResultTable` section: three columns, the last two two characters
/// wide and right-aligned.
pub const OPTIMUM_RESULT_TABLE: &str = "Declarer;Denomination\\2R;Result\\2R";

/// The seat of its letter (`N`, `E`, `S`, `W`, in either case, spaces around it passed over),
/// as PBN's tags and Big Deal's CSV write it.
pub fn seat_of_letter(text: &str) -> Option<Seat> {
    Seat::ALL.into_iter().find(|s| text.trim().eq_ignore_ascii_case(&s.letter().to_string()))
}

/// The vulnerability of PBN's `Vulnerable` value in any case, spaces around it passed over:
/// `None`, `Love` or `-`; `NS`; `EW`; `All` or `Both` (PBN 2.1, section 3.4.10); and `N-S`
/// and `E-W`, which some programs write. Big Deal's CSV writes `-`, `NS`, `EW`, `All`.
pub fn vulnerability_of(text: &str) -> Option<Vulnerability> {
    match text.trim().to_ascii_lowercase().as_str() {
        "none" | "love" | "-" => Some(Vulnerability::None),
        "ns" | "n-s" => Some(Vulnerability::NorthSouth),
        "ew" | "e-w" => Some(Vulnerability::EastWest),
        "all" | "both" => Some(Vulnerability::All),
        _ => None,
    }
}

/// A denomination as PBN writes it: `NT`, `S`, `H`, `D`, `C`.
pub fn denomination(strain: Strain) -> &'static str {
    ["C", "D", "H", "S", "NT"][strain as usize]
}

/// The `OptimumScore` value of a par result: the side that scores and its score (`NS 420`,
/// `EW 100`), `NS 0` when the deal is passed out.
pub fn optimum_score(par: &ParResult) -> String {
    if par.score < 0 {
        format!("EW {}", par.score.unsigned_abs())
    } else {
        format!("NS {}", par.score)
    }
}

/// The `ParContract` value of a par result: the declaring side or seat, the level, the
/// denomination and `X` when doubled (`NS 4S`, `E 5CX`, `EW 3NT`); `Pass` when the deal is
/// passed out.
pub fn par_contract(par: &ParResult) -> String {
    let c = &par.contract;
    if c.level == 0 {
        return "Pass".into();
    }
    let who = match c.declarer {
        ParDeclarer::Seat(seat) => seat.letter().to_string(),
        side => side.name().to_string(),
    };
    format!("{who} {}{}{}", c.level, denomination(c.strain), if c.doubled { "X" } else { "" })
}

/// The 20 rows of the `OptimumResultTable` section: declarers N, E, S, W, each with the
/// denominations NT, S, H, D, C, columns right-aligned to the header's widths (`N NT  7`,
/// `E  S 10`).
pub fn optimum_result_rows(table: &TrickTable) -> Vec<String> {
    Seat::ALL
        .into_iter()
        .flat_map(|seat| DENOMINATIONS.map(|strain| format!("{} {:>2} {:>2}", seat.letter(), denomination(strain), table.get(seat, strain))))
        .collect()
}

/// BridgeComposer's `DoubleDummyTricks` value: 20 hexadecimal digits, declarers N, S, E, W,
/// each with the denominations NT, S, H, D, C (a count over 15 is written as `f`).
pub fn double_dummy_tricks(table: &TrickTable) -> String {
    DOUBLE_DUMMY_DECLARERS
        .into_iter()
        .flat_map(|seat| DENOMINATIONS.map(|strain| char::from_digit(table.get(seat, strain).min(15) as u32, 16).unwrap_or('f')))
        .collect()
}

/// Writes a game's double-dummy tags: the `OptimumResultTable` section with its 20 rows, then
/// `OptimumScore` and `ParContract` of `par` (the par at the board's vulnerability).
pub fn write_dd_tags(out: &mut dyn Write, table: &TrickTable, par: &ParResult) -> io::Result<()> {
    let mut text = String::with_capacity(320);
    text.push_str(&format!("[OptimumResultTable \"{OPTIMUM_RESULT_TABLE}\"]\r\n"));
    for row in optimum_result_rows(table) {
        text.push_str(&row);
        text.push_str("\r\n");
    }
    text.push_str(&format!("[OptimumScore \"{}\"]\r\n", optimum_score(par)));
    text.push_str(&format!("[ParContract \"{}\"]\r\n", par_contract(par)));
    out.write_all(text.as_bytes())
}

/// Escapes a PBN tag value: backslashes and double quotes get a backslash.
pub fn pbn_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A PBN tag value as it was before [`pbn_escape`]: `\"` is `"`, `\\` is `\`.
pub fn pbn_unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' { chars.next().unwrap_or('\\') } else { c });
    }
    out
}

/// Writes games to a PBN file in export format; the file's header comes with its first game,
/// so a run without a game writes nothing.
pub struct PbnWriter {
    /// The `Event` of every game, escaped.
    event: String,
    /// The `%` comment of the header (such as how the deals were made).
    comment: String,
    /// Whether the header was written.
    started: bool,
    /// The text of the game being written, kept from game to game.
    text: Vec<u8>,
}

impl PbnWriter {
    /// A writer for games of `event`; `comment` goes in a `%` line of the header.
    pub fn new(event: &str, comment: &str) -> PbnWriter {
        PbnWriter {
            event: pbn_escape(&event.replace(['\r', '\n'], " ")),
            comment: comment.replace(['\r', '\n'], " "),
            started: false,
            text: Vec::with_capacity(1024),
        }
    }

    /// Writes one game to `out` (the header first, before the first game): board `board`,
    /// dealt by `dealer` with `vulnerable`, or as the standard 16-board cycle gives for the
    /// board.
    /// With `dd`, the game carries the deal's double-dummy table and par ([`write_dd_tags`]).
    pub fn game(
        &mut self,
        out: &mut dyn Write,
        board: u64,
        deal: &Deal,
        dealer: Option<Seat>,
        vulnerable: Option<Vulnerability>,
        dd: Option<(&TrickTable, &ParResult)>,
    ) -> io::Result<()> {
        let text = &mut self.text;
        text.clear();
        if !self.started {
            text.extend_from_slice(b"% PBN 2.1\r\n% EXPORT\r\n");
            if !self.comment.is_empty() {
                text.extend_from_slice(format!("% {}\r\n", self.comment).as_bytes());
            }
            self.started = true;
        }
        let dealer = dealer.unwrap_or_else(|| board_dealer(board));
        let vulnerable = vulnerable.unwrap_or_else(|| board_vulnerability(board));
        text.extend_from_slice(b"[Event \"");
        text.extend_from_slice(self.event.as_bytes());
        text.extend_from_slice(b"\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"");
        text.put_u64(board);
        text.extend_from_slice(b"\"]\r\n[West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"");
        text.push(dealer.letter() as u8);
        text.extend_from_slice(b"\"]\r\n[Vulnerable \"");
        text.extend_from_slice(vulnerable.pbn().as_bytes());
        text.extend_from_slice(b"\"]\r\n[Deal \"");
        text.put_deal(Holdings::get(), deal, dealer);
        text.extend_from_slice(b"\"]\r\n[Scoring \"?\"]\r\n[Declarer \"?\"]\r\n[Contract \"?\"]\r\n[Result \"?\"]\r\n");
        if let Some((table, par)) = dd {
            write_dd_tags(text, table, par)?;
        }
        text.extend_from_slice(b"\r\n");
        out.write_all(text)
    }
}

/// A PBN file of `boards` (each board's number and deal, in order) in Big Deal's layout: `% PBN
/// 2.1`, `% EXPORT`, `%`, a `Generator` tag naming dealvm, then for each board fifteen tags in
/// Big Deal's order (Event, Site, Date, Board, West, North, East, South, Dealer, Vulnerable,
/// Deal, Scoring, Declarer, Contract, Result), `?` where nothing is known, the deal always from
/// North, the dealer and vulnerability of the board's place in the 16-board cycle, and an empty
/// line after each board. Lines end with LF.
pub fn big_deal_file(boards: &[(u64, Deal)]) -> Vec<u8> {
    let mut out = format!("% PBN 2.1\n% EXPORT\n%\n[Generator \"{}\"]\n", generator());
    for (number, deal) in boards {
        let hands = Seat::ALL.map(|s| deal.hand(s).pbn()).join(" ");
        out.push_str(&format!(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Board \"{number}\"]\n[West \"?\"]\n[North \"?\"]\n[East \"?\"]\n[South \"?\"]\n\
             [Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"N:{hands}\"]\n[Scoring \"?\"]\n[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n",
            board_dealer(*number).letter(),
            board_vulnerability(*number).pbn(),
        ));
    }
    out.into_bytes()
}

/// SquareDeal's joined PBN file of consecutive sessions: a PBN 2.1 header with a `Generator`
/// tag naming dealvm and the parts, then each part's boards (`parts`: each file's name and
/// text) without its `%` lines and its `Generator` tag.
pub fn joined(parts: &[(&str, &[u8])]) -> Vec<u8> {
    let names: Vec<&str> = parts.iter().map(|p| p.0).collect();
    let mut out = format!("% PBN 2.1\n% EXPORT\n%\n[Generator \"{}: {}\"]\n", generator(), names.join(", ")).into_bytes();
    for (_, text) in parts {
        for line in text.split_inclusive(|&b| b == b'\n') {
            if !line.starts_with(b"%") && !line.starts_with(b"[Generator ") {
                out.extend_from_slice(line);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dealvm_vm::evaluation::dd::ParContract;

    /// A table from BridgeComposer's own analysis of
    /// `N:A42.KT952.Q97.63 T83.7.8432.AQJ52 KJ6.843.K65.K984 Q975.AQJ6.AJT.T7` (rows of
    /// declarers, columns NT S H D C), whose `DoubleDummyTricks` is `65755758556857867588`.
    fn composer_table() -> TrickTable {
        let rows = [(Seat::North, [6, 5, 7, 5, 5]), (Seat::South, [7, 5, 8, 5, 5]), (Seat::East, [6, 8, 5, 7, 8]), (Seat::West, [6, 7, 5, 8, 8])];
        let mut t = TrickTable::default();
        for (seat, counts) in rows {
            for (strain, n) in DENOMINATIONS.into_iter().zip(counts) {
                t.set(seat, strain, n);
            }
        }
        t
    }

    /// A par result.
    fn par(score: i32, level: u8, strain: Strain, doubled: bool, declarer: ParDeclarer) -> ParResult {
        ParResult { score, contract: ParContract { level, strain, doubled, declarer } }
    }

    #[test]
    fn the_dd_tags_are_written_as_pbn_2_1_says() {
        let mut table = composer_table();
        table.set(Seat::East, Strain::Diamonds, 10);
        table.set(Seat::West, Strain::NoTrump, 13);
        let mut out = Vec::new();
        write_dd_tags(&mut out, &table, &par(-110, 2, Strain::Spades, false, ParDeclarer::Seat(Seat::East))).unwrap();
        let expected = "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\n\
            N NT  6\r\nN  S  5\r\nN  H  7\r\nN  D  5\r\nN  C  5\r\n\
            E NT  6\r\nE  S  8\r\nE  H  5\r\nE  D 10\r\nE  C  8\r\n\
            S NT  7\r\nS  S  5\r\nS  H  8\r\nS  D  5\r\nS  C  5\r\n\
            W NT 13\r\nW  S  7\r\nW  H  5\r\nW  D  8\r\nW  C  8\r\n\
            [OptimumScore \"EW 110\"]\r\n\
            [ParContract \"E 2S\"]\r\n";
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }

    #[test]
    fn escaped_values_read_back() {
        for value in ["Club \"A\" night", "a\\b\\", "plain", "\\\""] {
            assert_eq!(pbn_unescape(&pbn_escape(value)), value);
        }
        assert_eq!(pbn_unescape("end\\"), "end\\");
    }

    #[test]
    fn par_is_written_from_the_side_that_scores() {
        let cases = [
            (par(420, 4, Strain::Spades, false, ParDeclarer::NorthSouth), "NS 420", "NS 4S"),
            (par(-500, 5, Strain::Clubs, true, ParDeclarer::EastWest), "EW 500", "EW 5CX"),
            (par(300, 5, Strain::Hearts, true, ParDeclarer::Seat(Seat::West)), "NS 300", "W 5HX"),
            (par(-400, 3, Strain::NoTrump, false, ParDeclarer::Seat(Seat::South)), "EW 400", "S 3NT"),
            (ParResult { score: 0, contract: ParContract::PASSED_OUT }, "NS 0", "Pass"),
        ];
        for (p, score, contract) in cases {
            assert_eq!((optimum_score(&p).as_str(), par_contract(&p).as_str()), (score, contract));
        }
    }

    #[test]
    fn double_dummy_tricks_match_bridge_composer() {
        assert_eq!(double_dummy_tricks(&composer_table()), "65755758556857867588");
        let mut t = TrickTable::default();
        t.set(Seat::West, Strain::Clubs, 13);
        t.set(Seat::North, Strain::NoTrump, 10);
        assert_eq!(double_dummy_tricks(&t), "a000000000000000000d");
    }
}
