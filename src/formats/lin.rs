//! BBO's LIN files: `key|value|` pairs, one or more boards a line. There is no published
//! specification; the keys that give a board are:
//!
//! - `md|<d><hand>,<hand>,<hand>[,<hand>]|`: the deal. The digit `d` is the dealer (1 South, 2
//!   West, 3 North, 4 East); the hands come South, West, North, East, each as `S` and the
//!   spades, `H` and the hearts, `D`, `C` likewise (ranks ascending in BBO's own files,
//!   descending in vugraph files and Big Deal's); the last hand is often left out, as it holds
//!   the cards left.
//! - `sv|<v>|`: the vulnerability, `0` or `o` none, `n` North-South, `e` East-West, `b` both.
//! - `ah|Board <n>|`: the board's title; `qx|o<n>|` or `qx|c<n>|`: the board in the open or
//!   closed room.
//!
//! Big Deal writes a line a board: `qx|o<n>|md|<d><S>,<W>,<N>|rh||ah|Board <n>|sv|<v>|pg||`,
//! three hands, ranks descending.
//!
//! Reading LIN files (the keys that give a board are described in
//! `crate::formats::lin`).
//!
//! The file is read as `key|value|` pairs, across lines (a line end between pairs is passed
//! over), so one board a line and several a line read alike. A board's pairs are `qx`, `md`,
//! `ah` and `sv`; a new board starts at a `qx` after a board's `qx` or `md`, or at a key the
//! board has already. Every other key (`pn`, `vg`, `rs`, `mb`, `pc`, `an`, `nt`, `st`, `mc`,
//! `pg`, `rh`, ...) is passed over, its value never read as cards. A board's number is its
//! title's (`ah|Board 12|`), else its `qx`'s, else the one after the board before; its dealer
//! the `md` digit's and its vulnerability `sv`'s, else those of the number in the standard
//! cycle. A board played in both rooms (`qx|o1|` and `qx|c1|`) is read once when the rooms
//! have the same deal, and refused when they do not.

use crate::diag::{Diagnostic, Source, Span};
use crate::formats::cards::{rank_of, shown, DealMaker, Flaw};
use crate::formats::facts::{Facts, Reader, Sealed, Switch};
use crate::formats::place::text_error;
use crate::formats::place::whole_lines;
use dealvm_vm::card::{Card, Deal, Seat, Suit};
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, Board, Vulnerability};

/// LIN: BBO's files.
pub const FACTS: Facts = Facts {
    name: "lin",
    big_deal_name: None,
    sealed: None,
    extension: "lin",
    what: "LIN",
    title: "LIN",
    label: "LIN (BBO)",
    switch: Switch::Long {
        switch: "--lin",
        help: "Write the produced deals to a LIN file for BBO",
        long_help: Some("Write the produced deals to a LIN file for BBO\n\nOne record a board, as BBO's deal import and hand viewer take it: the hands in BBO's order (South, West, North, East), the dealer and the vulnerability of each board."),
        in_short_help: true,
    },
    binary: false,
    layout: None,
    records: false,
    last_board: None,
    numbers: true,
    dealers: true,
    content_type: "text/plain; charset=utf-8",
    looks_like: Some(|head, size| looks_like_lin(&whole_lines(head, size))),
    read: Reader::Text(|src, _| read(src).map(crate::formats::facts::Read::boards)),
    write: Some(write),
};

/// The seats in the order of `md`'s hands: South, West, North, East.
pub const HAND_ORDER: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// The dealer's digit of `md`: 1 South, 2 West, 3 North, 4 East.
pub fn dealer_digit(seat: Seat) -> u8 {
    b'1' + HAND_ORDER.iter().position(|&s| s == seat).unwrap_or(0) as u8
}

/// The letter of `sv`: `0` none, `n`, `e`, `b`.
pub fn vulnerability_letter(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "0",
        Vulnerability::NorthSouth => "n",
        Vulnerability::EastWest => "e",
        Vulnerability::All => "b",
    }
}

/// The vulnerability of an `sv` value (`0`, `o` or `-` none, `n`, `e`, `b`, in either case).
pub fn read_vulnerability(text: &str) -> Option<Vulnerability> {
    match text.trim().to_ascii_lowercase().as_str() {
        "0" | "o" | "-" => Some(Vulnerability::None),
        "n" => Some(Vulnerability::NorthSouth),
        "e" => Some(Vulnerability::EastWest),
        "b" => Some(Vulnerability::All),
        _ => None,
    }
}

/// A hand as `md` writes it: `S` and the spades, ace first, then `H`, `D`, `C`.
fn hand_text(deal: &Deal, seat: Seat) -> String {
    Suit::DISPLAY.into_iter().map(|suit| format!("{}{}", suit.letter(), deal.hand(seat).holding(suit))).collect()
}

/// Big Deal's line of board `number`, with its line end: the dealer and vulnerability of the
/// number's place in the 16-board cycle.
pub fn line(number: u64, deal: &Deal) -> String {
    line_as(number, deal, board_dealer(number), board_vulnerability(number))
}

/// Big Deal's line of board `number` dealt by `dealer` at `vulnerable`, with its line end.
pub fn line_as(number: u64, deal: &Deal, dealer: Seat, vulnerable: Vulnerability) -> String {
    let hands: Vec<String> = HAND_ORDER[..3].iter().map(|&seat| hand_text(deal, seat)).collect();
    format!(
        "qx|o{number}|md|{}{}|rh||ah|Board {number}|sv|{}|pg||\n",
        dealer_digit(dealer) as char,
        hands.join(","),
        vulnerability_letter(vulnerable)
    )
}

/// A LIN file of Big Deal's lines.
pub fn file(boards: &[(u64, Deal)]) -> Vec<u8> {
    boards.iter().flat_map(|(number, deal)| line(*number, deal).into_bytes()).collect()
}

/// The dealer and deal of an `md` value (offsets from its start): the dealer's digit when
/// there is one, then three or four hands, the one left out or empty holding the rest.
pub fn read_deal(value: &str) -> Result<(Option<Seat>, Deal), Flaw> {
    let bytes = value.as_bytes();
    let (dealer, skip) = match bytes.first() {
        Some(&d @ b'1'..=b'4') => (Some(HAND_ORDER[(d - b'1') as usize]), 1),
        Some(&d) if d.is_ascii_digit() => return Err(Flaw::new(0, 1, shown(d), "the dealer's digit: 1 South, 2 West, 3 North or 4 East")),
        _ => (None, 0),
    };
    let hands: Vec<&str> = value[skip..].split(',').collect();
    if hands.len() > 4 {
        return Err(Flaw::new(0, value.len(), format!("{} hands", hands.len()), "four hands at most: South, West, North, East"));
    }
    let given = hands.iter().filter(|h| !h.trim().is_empty()).count();
    if given < 3 {
        return Err(Flaw::new(
            0,
            value.len(),
            format!("{given} hands"),
            "three hands or four (South, West, North, East): the one left out holds the rest",
        ));
    }
    let mut maker = DealMaker::new();
    let mut at = skip;
    let mut left_out = HAND_ORDER[3];
    for (k, seat) in HAND_ORDER.into_iter().enumerate() {
        let text = hands.get(k).copied().unwrap_or("");
        if text.trim().is_empty() {
            left_out = seat;
        } else {
            read_hand(text, seat, at, &mut maker)?;
        }
        at += text.len() + 1;
    }
    maker.rest_to(left_out);
    Ok((dealer, maker.finish(0, value.len())?))
}

/// Gives `seat` the cards of one hand of `md` (at offset `at`): suit letters each followed by
/// ranks in any order.
fn read_hand(text: &str, seat: Seat, at: usize, maker: &mut DealMaker) -> Result<(), Flaw> {
    let mut suit = None;
    for (j, byte) in text.bytes().enumerate() {
        if let Some(s) = Suit::from_letter(byte.to_ascii_uppercase() as char) {
            suit = Some(s);
            continue;
        }
        let Some(suit) = suit else {
            return Err(Flaw::new(at + j, 1, shown(byte), format!("a suit letter (S, H, D or C) starting {}'s hand", seat.name())));
        };
        let rank = rank_of(byte)
            .ok_or_else(|| Flaw::new(at + j, 1, shown(byte), format!("a rank of {}'s {} or a suit letter", seat.name(), suit.name())))?;
        maker.give(seat, Card::new(suit, rank), at + j)?;
    }
    Ok(())
}

/// The board number of an `ah` value such as `Board 12`: its last word, when a number from 1.
pub fn board_of_title(value: &str) -> Option<u64> {
    value.split_whitespace().last()?.parse().ok().filter(|&n| n >= 1)
}

/// The room and board number of a `qx` value: `o12` the open room's board 12, `c12` the
/// closed room's (what follows the digits, as in `o12,BOARD 12`, is passed over).
pub fn board_of_qx(value: &str) -> Option<(char, u64)> {
    let mut chars = value.trim().chars();
    let room = chars.next()?.to_ascii_lowercase();
    let rest = chars.as_str();
    let digits = &rest[..rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len())];
    let number = digits.parse().ok().filter(|&n| n >= 1)?;
    ['o', 'c'].contains(&room).then_some((room, number))
}

/// One `key|value|` pair: the key, trimmed, and the value, with their offsets.
struct Pair<'a> {
    key: &'a str,
    key_at: usize,
    value: &'a str,
    value_at: usize,
}

/// Whether a text is a LIN file: a line starts with a key of two letters and a bar, and the
/// text has an `md|`.
pub fn looks_like_lin(text: &str) -> bool {
    let keyed =
        |l: &str| l.trim_start().as_bytes().get(..3).is_some_and(|k| k[0].is_ascii_alphabetic() && k[1].is_ascii_alphabetic() && k[2] == b'|');
    text.contains("md|") && text.lines().any(keyed)
}

/// The pairs of a LIN text, or where it is not pairs: a key that is not a word, or a key
/// without a value.
fn pairs(src: &Source) -> Result<Vec<Pair<'_>>, Diagnostic> {
    let text = src.text.as_str();
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let Some(bar) = text[at..].find('|').map(|i| at + i) else {
            let rest = &text[at..];
            if rest.trim().is_empty() {
                break;
            }
            let start = at + (rest.len() - rest.trim_start().len());
            let span = Span::new(start, start + rest.trim().len());
            return Err(Diagnostic::at(span, format!("found `{}` at the end, expected a `key|value|` pair", rest.trim())).in_source(src.clone()));
        };
        let raw = &text[at..bar];
        let key = raw.trim();
        let key_at = at + (raw.len() - raw.trim_start().len());
        if key.is_empty() || key.len() > 8 || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
            let span = Span::new(key_at, (key_at + key.len()).max(key_at + 1).min(text.len()));
            return Err(Diagnostic::at(span, format!("found `{key}`, expected a LIN key such as `md` before the bar")).in_source(src.clone()));
        }
        let value_at = bar + 1;
        let Some(end) = text[value_at..].find('|').map(|i| value_at + i) else {
            let span = Span::new(key_at, text.len());
            return Err(Diagnostic::at(span, format!("found the key `{key}` without its value, expected `{key}|value|`")).in_source(src.clone()));
        };
        out.push(Pair { key, key_at, value: &text[value_at..end], value_at });
        at = end + 1;
    }
    Ok(out)
}

/// What one board's pairs said so far.
#[derive(Default)]
struct Pending<'a> {
    /// The room and number of its `qx`.
    qx: Option<(char, u64)>,
    /// Its `md` value and offset.
    md: Option<(&'a str, usize)>,
    /// Its title's number, when the title has one.
    title: Option<Option<u64>>,
    /// Its `sv` value and offset.
    sv: Option<(&'a str, usize)>,
    /// The offset of its first pair.
    start: usize,
}

impl Pending<'_> {
    fn is_empty(&self) -> bool {
        self.qx.is_none() && self.md.is_none() && self.title.is_none() && self.sv.is_none()
    }
}

/// A board read, with the room it was played in, if the file says, and its place.
struct Read {
    board: Board,
    room: Option<char>,
    at: usize,
}

/// The boards of a LIN file.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    let mut read: Vec<Read> = Vec::new();
    let mut pending = Pending::default();
    for pair in pairs(src)? {
        let key = pair.key.to_ascii_lowercase();
        let again = match key.as_str() {
            "qx" => pending.qx.is_some() || pending.md.is_some(),
            "md" => pending.md.is_some(),
            "ah" => pending.title.is_some(),
            "sv" => pending.sv.is_some(),
            _ => continue,
        };
        if again {
            finish(src, std::mem::take(&mut pending), &mut read)?;
        }
        if pending.is_empty() {
            pending.start = pair.key_at;
        }
        match key.as_str() {
            "qx" => pending.qx = board_of_qx(pair.value),
            "md" => pending.md = Some((pair.value, pair.value_at)),
            "ah" => pending.title = Some(board_of_title(pair.value)),
            _ => pending.sv = Some((pair.value, pair.value_at)),
        }
    }
    finish(src, pending, &mut read)?;
    if read.is_empty() {
        return Err(Diagnostic::at(Span::new(0, 0), "found no deal, expected boards given by `md|...|`").in_source(src.clone()));
    }
    Ok(read.into_iter().map(|r| r.board).collect())
}

/// Adds the board of `pending` to `read`, unless it is the other room's play of a board read
/// already with the same deal; refuses a board without a deal, or with a bad one.
fn finish<'a>(src: &Source, pending: Pending<'a>, read: &mut Vec<Read>) -> Result<(), Diagnostic> {
    if pending.is_empty() {
        return Ok(());
    }
    let number = pending.title.flatten().or(pending.qx.map(|q| q.1)).unwrap_or_else(|| read.last().map_or(1, |r| r.board.number + 1));
    let Some((md, md_at)) = pending.md else {
        let end = src.text[pending.start..].find('\n').map_or(src.text.len(), |i| pending.start + i);
        let flaw = Flaw::new(0, end - pending.start, "a board without its deal", "`md|...|` giving the hands");
        return Err(text_error(src, number, pending.start, flaw));
    };
    let (dealer, deal) = read_deal(md).map_err(|flaw| text_error(src, number, md_at, flaw))?;
    let vulnerable = match pending.sv {
        Some((value, at)) => Some(read_vulnerability(value).ok_or_else(|| {
            let flaw = Flaw::new(0, value.len(), format!("`{value}`"), "a vulnerability: 0 (none), n, e or b (both)");
            text_error(src, number, at, flaw)
        })?),
        None => None,
    };
    let board = Board {
        number,
        deal,
        dealer: Some(dealer.unwrap_or_else(|| board_dealer(number))),
        vulnerable: Some(vulnerable.unwrap_or_else(|| board_vulnerability(number))),
        tricks: None,
    };
    let room = pending.qx.map(|q| q.0);
    if let Some(room) = room {
        if let Some(other) = read.iter().find(|r| r.board.number == number && r.room.is_some_and(|o| o != room)) {
            if other.board == board {
                return Ok(());
            }
            let (line, _) = src.line_col(other.at);
            let flaw = Flaw::new(
                0,
                md.len(),
                format!("another deal or dealer or vulnerability in the {} room than in the other (line {line})", room_name(room)),
                "the same board in both rooms",
            );
            return Err(text_error(src, number, md_at, flaw));
        }
    }
    read.push(Read { board, room, at: pending.start });
    Ok(())
}

/// A room's name: `open` or `closed`.
fn room_name(room: char) -> &'static str {
    if room == 'c' {
        "closed"
    } else {
        "open"
    }
}

/// The file of boards as a run gives them: each board's own dealer and vulnerability, or
/// those of its number's place in the 16-board cycle.
fn write(boards: &[Board], _: Sealed) -> Vec<u8> {
    let own = |b: &Board| (b.dealer.unwrap_or_else(|| board_dealer(b.number)), b.vulnerable.unwrap_or_else(|| board_vulnerability(b.number)));
    boards.iter().flat_map(|b| line_as(b.number, &b.deal, own(b).0, own(b).1).into_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::number::deal_of;
    use dealvm_vm::card::{Deal, Seat};
    use dealvm_vm::dealing::board::Vulnerability;

    /// Board 11 of Big Deal's w11 run.
    const BOARD_11: &str = "qx|o11|md|1ST6HKQJT42D86CQ84,SJ9754H6D74CKJ762,SK83HA8DKT52CAT53|rh||ah|Board 11|sv|0|pg||\n";

    #[test]
    fn deals_read_back_from_three_hands_or_four_in_either_order_of_ranks() {
        let md = &BOARD_11[10..BOARD_11.find("|rh").unwrap()];
        let (dealer, deal) = read_deal(md).unwrap();
        assert_eq!(dealer, Some(Seat::South));
        assert_eq!(line(11, &deal), BOARD_11);
        let east = hand_text(&deal, Seat::East);
        assert_eq!(read_deal(&format!("{md},{east}")).unwrap().1, deal);
        // BBO's own order, ranks from the deuce up, and a hand left out in the middle.
        let up = "3S6TH24JTKQD68CQ84,,SK38HA8D25KTC35TA,SQ2AH9753D3QJA9C9";
        let (dealer, turned) = read_deal(up).unwrap();
        assert_eq!((dealer, turned), (Some(Seat::North), deal));
        for number in [1, 16, 33] {
            let d = deal_of(number as u128 * 977);
            let text = line(number, &d);
            let md = &text[text.find("|md|").unwrap() + 4..text.find("|rh").unwrap()];
            assert_eq!(read_deal(md).unwrap(), (Some(board_dealer(number)), d));
        }
    }

    #[test]
    fn damaged_deals_are_refused_with_the_place() {
        assert_eq!(read_deal("5SAK").unwrap_err().message(), "found `5`, expected the dealer's digit: 1 South, 2 West, 3 North or 4 East");
        assert_eq!(read_deal("1SA,,").unwrap_err().found, "1 hands");
        let flaw = read_deal("1ST6HKQJT42D86CQ8X,SJ9754H6D74CKJ762,SK83HA8DKT52CAT53").unwrap_err();
        assert_eq!((flaw.at, flaw.message()), (17, "found `X`, expected a rank of South's clubs or a suit letter".to_string()));
        assert_eq!(read_deal("1AK,SQ,SJ").unwrap_err().expected, "a suit letter (S, H, D or C) starting South's hand");
    }

    #[test]
    fn board_numbers_come_from_the_title_or_the_room() {
        assert_eq!(board_of_title("Board 12"), Some(12));
        assert_eq!(board_of_title("Board"), None);
        assert_eq!(board_of_qx("o12"), Some(('o', 12)));
        assert_eq!(board_of_qx("C3"), Some(('c', 3)));
        assert_eq!(board_of_qx("x3"), None);
        assert_eq!(board_of_qx("o7,BOARD 7"), Some(('o', 7)));
        assert_eq!(read_vulnerability("O"), Some(Vulnerability::None));
        assert_eq!(read_vulnerability("b"), Some(Vulnerability::All));
        assert_eq!(dealer_digit(Seat::East), b'4');
    }

    /// The boards of a LIN text, or the refusal's message and line and column.
    fn boards(text: &str) -> Result<Vec<Board>, (String, (usize, usize))> {
        read(&Source::new("t.lin", text)).map_err(|d| {
            let place = d.source.as_ref().map_or((0, 0), |s| s.line_col(d.span.map_or(0, |s| s.start)));
            (d.message, place)
        })
    }

    /// Some deals.
    fn deal(n: u128) -> Deal {
        deal_of(n * 0x0123_4567_89AB_CDEF)
    }

    #[test]
    fn big_deals_lines_read_back() {
        let written: Vec<_> = (7..=10).map(|b| (b, deal(b as u128))).collect();
        let text = String::from_utf8(file(&written)).unwrap();
        assert!(looks_like_lin(&text));
        let read = boards(&text).unwrap();
        assert_eq!(read.iter().map(|b| (b.number, b.deal)).collect::<Vec<_>>(), written);
        assert_eq!((read[1].dealer, read[1].vulnerable), (Some(Seat::West), Some(Vulnerability::None)));
        // The same boards several to a line, with CR LF.
        let joined = text.replace("pg||\n", "pg||").replace("qx|o9", "\r\nqx|o9");
        assert_eq!(boards(&joined).unwrap(), read);
    }

    #[test]
    fn other_keys_are_passed_over_and_numbers_dealer_and_vulnerability_come_from_the_file() {
        let d = deal(3);
        let md = |dealer: char| format!("{dealer}{},{},{},", hand(&d, Seat::South), hand(&d, Seat::West), hand(&d, Seat::North));
        // A vugraph file: a header of names and results, bids, plays, chat, claims.
        let text = format!(
            "vg|Final,Segment 1,I,1,2,Home,0,Away,0|\nrs|3NN=,3NN=,|\npn|a,b,c,d,e,f,g,h|pg||\n\
             qx|o5|st||md|{}|sv|b|rh||ah|Board 5|mb|1N|an|15-17|mb|p|mb|3N!|mb|p|mb|p|mb|p|pg||\n\
             pc|SA|pc|S2|nt|well played SA|mc|9|pg||\n\
             qx|c5|st||md|{}|sv|B|mb|p|pg||\n\
             qx|o6|md|{}|pg||\n",
            md('2'),
            md('2'),
            md('4')
        );
        assert!(looks_like_lin(&text));
        let read = boards(&text).unwrap();
        assert_eq!(read.len(), 2, "board 5 of the closed room is board 5 of the open room");
        assert_eq!((read[0].number, read[0].deal, read[0].dealer, read[0].vulnerable), (5, d, Some(Seat::West), Some(Vulnerability::All)));
        assert_eq!((read[1].number, read[1].dealer, read[1].vulnerable), (6, Some(Seat::East), Some(Vulnerability::EastWest)));
        // The rooms disagree.
        let other = text.replacen(&format!("qx|c5|st||md|{}", md('2')), &format!("qx|c5|st||md|{}", md('3')), 1);
        let (m, place) = boards(&other).unwrap_err();
        assert_eq!(m, "board 5: found another deal or dealer or vulnerability in the closed room than in the other (line 4), expected the same board in both rooms");
        assert_eq!(place.0, 6);
        // Without a title or a room: the board after the one before, the cycle's dealer.
        let bare = format!("md|{}|\nmd|{}|\n", &md('1')[1..], md('3'));
        let read = boards(&bare).unwrap();
        assert_eq!(read.iter().map(|b| (b.number, b.dealer)).collect::<Vec<_>>(), [(1, Some(Seat::North)), (2, Some(Seat::North))]);
    }

    /// A hand as `md` writes it, ranks from the deuce up as BBO writes them.
    fn hand(deal: &Deal, seat: Seat) -> String {
        dealvm_vm::card::Suit::DISPLAY
            .into_iter()
            .map(|s| format!("{}{}", s.letter(), deal.hand(seat).holding(s).chars().rev().collect::<String>()))
            .collect()
    }

    #[test]
    fn damaged_files_are_refused_with_the_line_and_column() {
        let text = String::from_utf8(file(&[(1, deal(1)), (2, deal(2))])).unwrap();
        let (m, place) = boards(&text.replacen("sv|n|", "sv|x|", 1)).unwrap_err();
        assert_eq!(
            (m.as_str(), place),
            ("board 2: found `x`, expected a vulnerability: 0 (none), n, e or b (both)", (2, 4 + text.lines().nth(1).unwrap().find("sv|").unwrap()))
        );
        let (m, _) = boards("qx|o3|sv|0|pg||\n").unwrap_err();
        assert_eq!(m, "board 3: found a board without its deal, expected `md|...|` giving the hands");
        let (m, place) = boards("md|3SAK|x y|z|").unwrap_err();
        assert_eq!((m.as_str(), place), ("found `x y`, expected a LIN key such as `md` before the bar", (1, 9)));
        let (m, _) = boards("md|3SAK,SQ,SJ|sv").unwrap_err();
        assert_eq!(m, "found `sv` at the end, expected a `key|value|` pair");
        let (m, _) = boards("pn|a,b,c,d|pg||\n").unwrap_err();
        assert_eq!(m, "found no deal, expected boards given by `md|...|`");
        let line = text.lines().next().unwrap();
        let (m, place) = boards(&line.replacen('T', "1", 1)).unwrap_err();
        assert!(m.starts_with("board 1: found `1`, expected a rank of"), "{m}");
        assert_eq!(place, (1, 1 + line.find('T').unwrap()));
    }
}
