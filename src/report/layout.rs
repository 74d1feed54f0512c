//! Layouts: how deals are printed (printall, printew, oneline, compact, PBN, ...).
//!
//! The layouts follow DealerV2's byte for byte, with one fix: in the side-by-side layouts a
//! suit of ten or more cards widens the columns of its deal instead of running into the next
//! hand (DealerV2 prints `A K Q J T 9 8 7 6 5 4` for ten spades next to a singleton 4).

use crate::compile::CsvPart;
use crate::files::pbn::pbn_escape;
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, Vulnerability};
use dealvm_vm::card::{rank_char, Deal, Hand, Seat, Side, Suit};
use dealvm_vm::evaluation::dd::{vul_index, ParContract};
use std::io::{self, Write};

/// The usual width of a hand's column in the side-by-side layouts.
const COLUMN: usize = 20;

/// A suit as printed in the side-by-side layouts: `A K T 9 ` or `- ` for a void.
pub fn spaced_suit(hand: Hand, suit: Suit) -> String {
    let mask = hand.suit_mask(suit);
    if mask == 0 {
        return "- ".to_string();
    }
    let mut s = String::with_capacity(26);
    for r in (0..13u8).rev().filter(|r| mask & (1 << r) != 0) {
        s.push(rank_char(r));
        s.push(' ');
    }
    s
}

/// The column width for these hands: 20, or wider so that a long suit keeps a gap.
fn column_width(hands: &[Hand]) -> usize {
    let longest = hands
        .iter()
        .flat_map(|&h| Suit::ALL.map(|s| 2 * h.len(s) as usize))
        .max()
        .unwrap_or(0);
    if longest >= COLUMN { longest + 1 } else { COLUMN }
}

/// Four lines, one per suit, with the hands side by side; `indent` starts each line.
fn side_by_side(w: &mut dyn Write, indent: &str, hands: &[Hand], width: usize) -> io::Result<()> {
    for suit in Suit::DISPLAY {
        let mut line = String::from(indent);
        for (i, &h) in hands.iter().enumerate() {
            let text = spaced_suit(h, suit);
            if i + 1 < hands.len() {
                line.push_str(&format!("{text:<width$}"));
            } else {
                line.push_str(&text);
            }
        }
        line.push('\n');
        w.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// The title line above `printall` and `printside` output: `[title]` after 18 spaces.
pub fn title_line(w: &mut dyn Write, title: &str) -> io::Result<()> {
    writeln!(w, "{:18}[{title}]", "")
}

/// `printall`: the four hands across, North, East, South, West.
pub fn printall(w: &mut dyn Write, board: u64, deal: &Deal) -> io::Result<()> {
    let width = column_width(&deal.hands);
    writeln!(w, "{board:4}. {:<a$}{:<width$}{:<width$}West ", "North", "East", "South", a = width - 1)?;
    side_by_side(w, "     ", &deal.hands, width)?;
    writeln!(w)
}

/// `printside(NS)` / `printns` and `printside(EW)` / `printew`: two hands, South or West first.
pub fn printside(w: &mut dyn Write, board: u64, deal: &Deal, side: Side) -> io::Result<()> {
    let seats = match side {
        Side::NorthSouth => [Seat::South, Seat::North],
        Side::EastWest => [Seat::West, Seat::East],
    };
    let hands = seats.map(|s| deal.hand(s));
    let width = column_width(&hands);
    writeln!(w, "{board:4}. {:<a$}{:<5}", seats[0].name(), seats[1].name(), a = width - 1)?;
    side_by_side(w, "     ", &hands, width)?;
    writeln!(w)
}

/// One row of the `print(compass)` report: up to four hands with their board numbers.
pub fn hands_row(w: &mut dyn Write, boards: &[u64], hands: &[Hand]) -> io::Result<()> {
    let width = column_width(hands);
    let mut header = String::new();
    for board in boards {
        header.push_str(&format!("{:<width$}", format!("{board:4}.")));
    }
    writeln!(w, "{header}")?;
    side_by_side(w, "", hands, width)?;
    writeln!(w)
}

/// A hand as `AKT9.Q3.J976.K82`.
fn dotted(hand: Hand) -> String {
    hand.pbn()
}

/// `printoneline`: `n ... e ... s ... w ... ` (ends with a space; the caller ends the line).
pub fn oneline(w: &mut dyn Write, deal: &Deal) -> io::Result<()> {
    let mut line = Vec::with_capacity(80);
    for seat in Seat::ALL {
        line.extend_from_slice(&[seat.letter().to_ascii_lowercase() as u8, b' ']);
        deal.hand(seat).write_pbn(&mut line);
        line.push(b' ');
    }
    w.write_all(&line)
}

/// A `csvrpt`/`printrpt` line: a space, then the fields joined by commas; strings in single
/// quotes, hands as `n AKT9.Q3.J976.K82 ` one after the other.
pub fn csv_line(parts: &[CsvPart], deal: &Deal, values: &[i32]) -> String {
    let fields: Vec<String> = parts
        .iter()
        .map(|p| match p {
            CsvPart::Value(v) => values[*v].to_string(),
            CsvPart::Text(t) => format!("'{t}'"),
            CsvPart::Hands(seats) => seats
                .iter()
                .map(|&s| format!("{} {} ", s.letter().to_ascii_lowercase(), dotted(deal.hand(s))))
                .collect(),
            CsvPart::ParContract(v, vul) => format!("'{} {}'", ParContract::decode(values[*v]), par_vul_name(*vul)),
        })
        .collect();
    format!(" {}\n", fields.join(","))
}

/// A vulnerability as DealerV2 names it after a par contract: `none`, `ns`, `ew`, `both`.
pub fn par_vul_name(v: Vulnerability) -> &'static str {
    ["none", "ns", "ew", "both"][vul_index(v)]
}

/// An `export` line: each hand as a predeal switch, `-N S9876,H9876,D98,C987 `.
pub fn export_line(seats: &[Seat], deal: &Deal) -> String {
    let hands: Vec<String> = seats
        .iter()
        .map(|&seat| {
            let h = deal.hand(seat);
            let holdings: Vec<String> = Suit::DISPLAY
                .iter()
                .filter(|&&s| h.len(s) > 0)
                .map(|&s| format!("{}{}", s.letter(), h.holding(s)))
                .collect();
            format!("-{} {} ", seat.letter(), holdings.join(","))
        })
        .collect();
    format!("{}\n", hands.join(" "))
}

/// `printcompact`: one line per hand, `n AKT9.Q3.J976.K82`.
pub fn compact(w: &mut dyn Write, deal: &Deal) -> io::Result<()> {
    for seat in Seat::ALL {
        writeln!(w, "{} {}", seat.letter().to_ascii_lowercase(), dotted(deal.hand(seat)))?;
    }
    Ok(())
}

/// What a PBN record says besides the deal.
pub struct PbnInfo<'a> {
    /// The input file's name, as given on the command line.
    pub input_name: &'a str,
    pub seed: u64,
    pub title: Option<&'a str>,
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
}

/// `printpbn`: one PBN game. Its `Date` is unknown (`?`), as in the `--pbn` file: the day
/// the deals were made is not the day they are played.
pub fn pbn(w: &mut dyn Write, board: u64, deal: &Deal, info: &PbnInfo<'_>) -> io::Result<()> {
    writeln!(
        w,
        "[Event \"Hand simulated by dealvm with file {}, seed {}\"]",
        pbn_escape(info.input_name),
        info.seed
    )?;
    writeln!(w, "[Site \"-\"]")?;
    if let Some(t) = info.title {
        writeln!(w, "[Description \"{}\"]", pbn_escape(t))?;
    }
    writeln!(w, "[Generator \"dealvm {}\"]", env!("CARGO_PKG_VERSION"))?;
    writeln!(w, "[Date \"?\"]")?;
    writeln!(w, "[Board \"{board}\"]")?;
    for seat in ["West", "North", "East", "South"] {
        writeln!(w, "[{seat} \"-\"]")?;
    }
    let dealer = info.dealer.unwrap_or_else(|| board_dealer(board));
    writeln!(w, "[Dealer \"{}\"]", dealer.letter())?;
    let vul = info.vulnerable.unwrap_or_else(|| board_vulnerability(board));
    writeln!(w, "[Vulnerable \"{}\"]", vul.pbn())?;
    writeln!(w, "[Deal \"{}\"]", deal.pbn())?;
    writeln!(w, "[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n")
}
