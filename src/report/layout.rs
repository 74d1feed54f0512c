//! Layouts: how deals are printed (printall, printew, oneline, compact, PBN, ...).
//!
//! The layouts follow DealerV2's byte for byte, with one fix: in the side-by-side layouts a
//! suit of ten or more cards widens the columns of its deal instead of running into the next
//! hand (DealerV2 prints `A K Q J T 9 8 7 6 5 4` for ten spades next to a singleton 4).
//!
//! Each layout appends its text to the run's byte buffer, from the holdings table and with
//! numbers written without `fmt` ([`crate::files::text`]): printing a deal allocates nothing.

use crate::compile::CsvPart;
use crate::files::text::{spaced_room, Holdings, Room, Text, HAND_ROOM};
use crate::formats::pbn::pbn_escape;
use dealvm_vm::card::{Deal, Hand, Seat, Side, Suit};
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, Vulnerability};
use dealvm_vm::evaluation::dd::{vul_index, ParContract};
use std::io::Write;

/// The usual width of a hand's column in the side-by-side layouts.
const COLUMN: usize = 20;

/// The column width for these hands: 20, or wider so that a long suit keeps a gap.
fn column_width(hands: &[Hand]) -> usize {
    let holdings = Holdings::get();
    // A suit's spaced text is two bytes a card (a void's, `- `, two).
    let longest = hands.iter().flat_map(|&h| Suit::ALL.map(|s| holdings.spaced_len(h.suit_mask(s)))).max().unwrap_or(0);
    if longest >= COLUMN {
        longest + 1
    } else {
        COLUMN
    }
}

/// The room of a side-by-side layout of `columns` hands `width` wide: its first line (a board
/// number of up to 20 digits and the seats' names), the four suit lines, and the blank line.
fn side_by_side_room(columns: usize, width: usize) -> usize {
    let line = 5 + spaced_room(columns, width) + 1;
    24 + columns * width.max(5) + 1 + 4 * line + 1
}

/// Four lines, one per suit, with the hands side by side; `indent` starts each line.
#[inline(always)]
fn side_by_side<const N: usize>(room: &mut Room<'_>, indent: &[u8; N], hands: &[Hand], width: usize) {
    let holdings = Holdings::get();
    let Some((last, before)) = hands.split_last() else { return };
    for suit in Suit::DISPLAY {
        room.bytes(indent);
        for h in before {
            room.spaced(holdings, h.suit_mask(suit), width);
        }
        room.spaced(holdings, last.suit_mask(suit), 0);
        room.byte(b'\n');
    }
}

/// The title line above `printall` and `printside` output: `[title]` after 18 spaces.
pub fn title_line(buf: &mut Vec<u8>, title: &str) {
    buf.extend_from_slice(&[b' '; 18]);
    buf.push(b'[');
    buf.extend_from_slice(title.as_bytes());
    buf.extend_from_slice(b"]\n");
}

/// `printall`: the four hands across, North, East, South, West.
pub fn printall(buf: &mut Vec<u8>, board: u64, deal: &Deal) {
    let width = column_width(&deal.hands);
    buf.put_room(side_by_side_room(4, width), |room| {
        room.u64_right(board, 4);
        if width == COLUMN {
            room.bytes(PRINTALL_HEAD);
        } else {
            room.bytes(b". ");
            room.left(b"North", width - 1);
            room.left(b"East", width);
            room.left(b"South", width);
            room.bytes(b"West \n");
        }
        side_by_side(room, b"     ", &deal.hands, width);
        room.byte(b'\n');
    });
}

/// The first line of a `printall` deal after its board number, in columns of the usual width.
const PRINTALL_HEAD: &[u8] = b". North              East                South               West \n";

/// `printside(NS)` / `printns` and `printside(EW)` / `printew`: two hands, South or West first.
pub fn printside(buf: &mut Vec<u8>, board: u64, deal: &Deal, side: Side) {
    let seats = match side {
        Side::NorthSouth => [Seat::South, Seat::North],
        Side::EastWest => [Seat::West, Seat::East],
    };
    let hands = seats.map(|s| deal.hand(s));
    let width = column_width(&hands);
    buf.put_room(side_by_side_room(2, width), |room| {
        room.u64_right(board, 4);
        room.bytes(b". ");
        room.left(seats[0].name().as_bytes(), width - 1);
        room.left(seats[1].name().as_bytes(), 5);
        room.byte(b'\n');
        side_by_side(room, b"     ", &hands, width);
        room.byte(b'\n');
    });
}

/// One row of the `print(compass)` report: `seat`'s hands of up to four deals, each under its
/// board number.
pub fn hands_row(buf: &mut Vec<u8>, row: &[(u64, Deal)], seat: Seat) {
    let mut hands = [Hand::EMPTY; 4];
    let n = row.len().min(4);
    for (hand, (_, deal)) in hands.iter_mut().zip(&row[..n]) {
        *hand = deal.hand(seat);
    }
    let width = column_width(&hands[..n]);
    buf.put_room(side_by_side_room(4, width), |room| {
        for (board, _) in &row[..n] {
            let start = room.at();
            room.u64_right(*board, 4);
            room.byte(b'.');
            room.pad_to(start, width);
        }
        room.byte(b'\n');
        side_by_side(room, b"", &hands[..n], width);
        room.byte(b'\n');
    });
}

/// `n AKT9.Q3.J976.K82`: a seat's lower-case letter, a space and its hand.
#[inline(always)]
fn lettered_hand(room: &mut Room<'_>, holdings: &Holdings, deal: &Deal, seat: Seat) {
    room.byte(seat.letter().to_ascii_lowercase() as u8);
    room.byte(b' ');
    room.hand(holdings, deal.hand(seat));
}

/// The room of a lettered hand and the byte after it.
const LETTERED_ROOM: usize = 2 + HAND_ROOM + 1;

/// `printoneline`: `n ... e ... s ... w ... ` (ends with a space; the caller ends the line).
pub fn oneline(buf: &mut Vec<u8>, deal: &Deal) {
    let holdings = Holdings::get();
    buf.put_room(4 * LETTERED_ROOM, |room| {
        for seat in Seat::ALL {
            lettered_hand(room, holdings, deal, seat);
            room.byte(b' ');
        }
    });
}

/// A `csvrpt`/`printrpt` line: a space, then the fields joined by commas; strings in single
/// quotes, hands as `n AKT9.Q3.J976.K82 ` one after the other.
pub fn csv_line(buf: &mut Vec<u8>, parts: &[CsvPart], deal: &Deal, values: &[i32]) {
    let holdings = Holdings::get();
    buf.push(b' ');
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        match part {
            CsvPart::Value(v) => buf.put_i64(values[*v] as i64),
            CsvPart::Text(t) => {
                buf.push(b'\'');
                buf.extend_from_slice(t.as_bytes());
                buf.push(b'\'');
            }
            CsvPart::Hands(seats) => {
                for &seat in seats {
                    buf.put_room(LETTERED_ROOM, |room| {
                        lettered_hand(room, holdings, deal, seat);
                        room.byte(b' ');
                    });
                }
            }
            CsvPart::ParContract(v) => {
                // Writing to memory cannot fail.
                let value = values[*v];
                let _ = write!(buf, "'{} {}'", ParContract::decode(value), par_vul_name(ParContract::vulnerability_of(value)));
            }
        }
    }
    buf.push(b'\n');
}

/// A vulnerability as DealerV2 names it after a par contract: `none`, `ns`, `ew`, `both`.
pub fn par_vul_name(v: Vulnerability) -> &'static str {
    ["none", "ns", "ew", "both"][vul_index(v)]
}

/// An `export` line: each hand as a predeal switch, `-N S9876,H9876,D98,C987 `.
pub fn export_line(buf: &mut Vec<u8>, seats: &[Seat], deal: &Deal) {
    let holdings = Holdings::get();
    for (i, &seat) in seats.iter().enumerate() {
        if i > 0 {
            buf.push(b' ');
        }
        buf.push(b'-');
        buf.push(seat.letter() as u8);
        buf.push(b' ');
        let hand = deal.hand(seat);
        let mut first = true;
        for suit in Suit::DISPLAY.into_iter().filter(|&s| hand.len(s) > 0) {
            if !std::mem::take(&mut first) {
                buf.push(b',');
            }
            buf.push(suit.letter() as u8);
            buf.extend_from_slice(holdings.plain(hand.suit_mask(suit)));
        }
        buf.push(b' ');
    }
    buf.push(b'\n');
}

/// `printcompact`: one line per hand, `n AKT9.Q3.J976.K82`.
pub fn compact(buf: &mut Vec<u8>, deal: &Deal) {
    let holdings = Holdings::get();
    buf.put_room(4 * LETTERED_ROOM, |room| {
        for seat in Seat::ALL {
            lettered_hand(room, holdings, deal, seat);
            room.byte(b'\n');
        }
    });
}

/// The lines of every `printpbn` game before its board number, the same for the whole run:
/// `Event` (the input file and the seed), `Site`, `Description` (the title), `Generator`,
/// and `Date`, unknown (`?`), as in the `--pbn` file: the day the deals were made is not
/// the day they are played.
pub fn pbn_head(input_name: &str, seed: u64, title: Option<&str>) -> Vec<u8> {
    let mut head = format!("[Event \"Hand simulated by dealvm with file {}, seed {seed}\"]\n[Site \"-\"]\n", pbn_escape(input_name));
    if let Some(t) = title {
        head.push_str(&format!("[Description \"{}\"]\n", pbn_escape(t)));
    }
    head.push_str(&format!("[Generator \"dealvm {}\"]\n[Date \"?\"]\n", env!("CARGO_PKG_VERSION")));
    head.into_bytes()
}

/// The tags of a `printpbn` game between its board number and its deal.
const PBN_PLAYERS: &[u8] = b"[West \"-\"]\n[North \"-\"]\n[East \"-\"]\n[South \"-\"]\n[Dealer \"";

/// `printpbn`: one PBN game, after the run's [`pbn_head`]; dealt by `dealer` with
/// `vulnerable`, or as the 16-board cycle gives for the board.
pub fn pbn(buf: &mut Vec<u8>, head: &[u8], board: u64, deal: &Deal, dealer: Option<Seat>, vulnerable: Option<Vulnerability>) {
    buf.extend_from_slice(head);
    let holdings = Holdings::get();
    buf.put_room(PBN_ROOM, |room| {
        room.bytes(b"[Board \"");
        room.u64(board);
        room.bytes(b"\"]\n");
        room.bytes(PBN_PLAYERS);
        room.byte(dealer.unwrap_or_else(|| board_dealer(board)).letter() as u8);
        room.bytes(b"\"]\n[Vulnerable \"");
        room.bytes(vulnerable.unwrap_or_else(|| board_vulnerability(board)).pbn().as_bytes());
        room.bytes(b"\"]\n[Deal \"N:");
        for (i, seat) in Seat::ALL.into_iter().enumerate() {
            if i > 0 {
                room.byte(b' ');
            }
            room.hand(holdings, deal.hand(seat));
        }
        room.bytes(PBN_TAIL);
    });
}

/// The tags of a `printpbn` game after its deal.
const PBN_TAIL: &[u8] = b"\"]\n[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n";

/// The room of a `printpbn` game after the run's head: the tags, a board number of up to 20
/// digits, the vulnerability's name and the deal.
const PBN_ROOM: usize = 16 + 20 + PBN_PLAYERS.len() + 40 + 4 * (HAND_ROOM + 1) + PBN_TAIL.len();

#[cfg(test)]
mod tests {
    //! Each printer against the plain `format!` printer it replaced, on random deals and on
    //! deals of long suits and voids.

    use super::*;
    use dealvm_vm::card::{rank_char, Card};
    use dealvm_vm::dealing::rng::batch_rng;
    use dealvm_vm::dealing::source::DealSource;
    use dealvm_vm::dealing::split::RandomDealer;

    /// A suit as the side-by-side layouts print it: `A K T 9 `, or `- ` for a void.
    fn spaced_suit(hand: Hand, suit: Suit) -> String {
        let ranks: String = (0..13u8).rev().filter(|r| hand.suit_mask(suit) & (1 << r) != 0).map(|r| format!("{} ", rank_char(r))).collect();
        if ranks.is_empty() {
            "- ".into()
        } else {
            ranks
        }
    }

    /// The four suit lines of hands side by side, each column `width` wide but the last.
    fn side_by_side_text(indent: &str, hands: &[Hand], width: usize) -> String {
        let mut out = String::new();
        for suit in Suit::DISPLAY {
            out.push_str(indent);
            for (i, &h) in hands.iter().enumerate() {
                let text = spaced_suit(h, suit);
                out.push_str(&if i + 1 < hands.len() { format!("{text:<width$}") } else { text });
            }
            out.push('\n');
        }
        out
    }

    /// `printall` as `format!` prints it.
    fn printall_text(board: u64, deal: &Deal) -> String {
        let width = column_width(&deal.hands);
        let head = format!("{board:4}. {:<a$}{:<width$}{:<width$}West \n", "North", "East", "South", a = width - 1);
        format!("{head}{}\n", side_by_side_text("     ", &deal.hands, width))
    }

    /// `printside` as `format!` prints it.
    fn printside_text(board: u64, deal: &Deal, seats: [Seat; 2]) -> String {
        let hands = seats.map(|s| deal.hand(s));
        let width = column_width(&hands);
        let head = format!("{board:4}. {:<a$}{:<5}\n", seats[0].name(), seats[1].name(), a = width - 1);
        format!("{head}{}\n", side_by_side_text("     ", &hands, width))
    }

    /// A row of `print(compass)` as `format!` prints it.
    fn hands_row_text(row: &[(u64, Deal)], seat: Seat) -> String {
        let hands: Vec<Hand> = row.iter().map(|(_, d)| d.hand(seat)).collect();
        let width = column_width(&hands);
        let header: String = row.iter().map(|(b, _)| format!("{:<width$}", format!("{b:4}."))).collect();
        format!("{header}\n{}\n", side_by_side_text("", &hands, width))
    }

    /// The per-hand lines and the `export` line as `format!` prints them.
    fn lines_text(deal: &Deal) -> (String, String, String) {
        let dotted = |s: Seat| format!("{} {}", s.letter().to_ascii_lowercase(), deal.hand(s).pbn());
        let oneline: String = Seat::ALL.iter().map(|&s| format!("{} ", dotted(s))).collect();
        let compact: String = Seat::ALL.iter().map(|&s| format!("{}\n", dotted(s))).collect();
        let export: Vec<String> = Seat::ALL
            .iter()
            .map(|&seat| {
                let h = deal.hand(seat);
                let suits: Vec<String> =
                    Suit::DISPLAY.iter().filter(|&&s| h.len(s) > 0).map(|&s| format!("{}{}", s.letter(), h.holding(s))).collect();
                format!("-{} {} ", seat.letter(), suits.join(","))
            })
            .collect();
        (oneline, compact, format!("{}\n", export.join(" ")))
    }

    /// The cards in suit order dealt in four runs of 13 from `offset`: hands of long suits
    /// and voids (offset 0: a suit each).
    fn long_suits(offset: usize) -> Deal {
        let card = |i: usize| Card::new(Suit::ALL[i / 13], (i % 13) as u8);
        let hand = |seat: usize| (0..13).fold(Hand::EMPTY, |h, j| h.with(card((offset + 13 * seat + j) % 52)));
        Deal { hands: std::array::from_fn(hand) }
    }

    /// Random deals, then deals of long suits.
    fn deals() -> Vec<Deal> {
        let (dealer, mut rng) = (RandomDealer::new(), batch_rng(11, 0));
        let mut deals: Vec<Deal> = (0..3000).map(|_| dealer.deal_one(0, &mut rng)).collect();
        deals.extend((0..52).map(long_suits));
        deals
    }

    /// What a printer appends to an empty buffer, as text.
    fn printed(print: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut buf = Vec::new();
        print(&mut buf);
        String::from_utf8(buf).expect("ASCII")
    }

    #[test]
    fn side_by_side_layouts_read_as_before() {
        for (i, deal) in deals().iter().enumerate() {
            let board = [1, 9, 10, 999, 1000, 123456][i % 6] + i as u64;
            assert_eq!(printed(|b| printall(b, board, deal)), printall_text(board, deal), "{}", deal.pbn());
            for (side, seats) in [(Side::NorthSouth, [Seat::South, Seat::North]), (Side::EastWest, [Seat::West, Seat::East])] {
                assert_eq!(printed(|b| printside(b, board, deal, side)), printside_text(board, deal, seats), "{}", deal.pbn());
            }
        }
    }

    #[test]
    fn print_compass_rows_read_as_before() {
        let kept: Vec<(u64, Deal)> = deals().into_iter().enumerate().map(|(i, d)| (i as u64 * 37 + 1, d)).collect();
        for size in 1..=4 {
            for row in kept.chunks(size) {
                for seat in Seat::ALL {
                    assert_eq!(printed(|b| hands_row(b, row, seat)), hands_row_text(row, seat));
                }
            }
        }
    }

    #[test]
    fn one_line_layouts_read_as_before() {
        for deal in deals() {
            let (oneline_text, compact_text, export_text) = lines_text(&deal);
            assert_eq!(printed(|b| oneline(b, &deal)), oneline_text);
            assert_eq!(printed(|b| compact(b, &deal)), compact_text);
            assert_eq!(printed(|b| export_line(b, &Seat::ALL, &deal)), export_text);
        }
    }

    #[test]
    fn csv_lines_read_as_before() {
        let parts = [CsvPart::Value(0), CsvPart::Text("x y".into()), CsvPart::Hands(vec![Seat::North, Seat::West]), CsvPart::Value(1)];
        for (i, deal) in deals().iter().enumerate() {
            let values = [i as i32 - 1500, -(i as i32) * 7919];
            let hands = format!("n {} w {} ", deal.hand(Seat::North).pbn(), deal.hand(Seat::West).pbn());
            let expected = format!(" {},'x y',{hands},{}\n", values[0], values[1]);
            assert_eq!(printed(|b| csv_line(b, &parts, deal, &values)), expected);
        }
    }

    #[test]
    fn pbn_games_read_as_before() {
        let head = pbn_head("in\"put.dli", 42, Some("A \\ title"));
        let expected_head = "[Event \"Hand simulated by dealvm with file in\\\"put.dli, seed 42\"]\n[Site \"-\"]\n\
            [Description \"A \\\\ title\"]\n";
        assert!(String::from_utf8_lossy(&head).starts_with(expected_head));
        for (i, deal) in deals().iter().enumerate() {
            let board = i as u64 + 1;
            let (dealer, vulnerable) = if i % 2 == 0 { (None, None) } else { (Some(Seat::West), Some(Vulnerability::All)) };
            let game = printed(|b| pbn(b, &head, board, deal, dealer, vulnerable));
            let tags = format!(
                "[Board \"{board}\"]\n[West \"-\"]\n[North \"-\"]\n[East \"-\"]\n[South \"-\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n\
                 [Deal \"{}\"]\n[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n",
                dealer.unwrap_or_else(|| board_dealer(board)).letter(),
                vulnerable.unwrap_or_else(|| board_vulnerability(board)).pbn(),
                deal.pbn()
            );
            assert_eq!(game, format!("{}{tags}", String::from_utf8_lossy(&head)));
        }
    }
}
