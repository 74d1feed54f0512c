//! Reading LIN files (the keys that give a board are described in
//! `crate::files::bigdeal::lin`).
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
use crate::files::bigdeal::lin::{board_of_qx, board_of_title, read_deal, read_vulnerability};
use crate::files::cards::Flaw;
use crate::source::boardfile::text_error;
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, Board};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::bigdeal::lin::file;
    use crate::files::bigdeal::number::deal_of;
    use dealvm_vm::card::{Deal, Seat};
    use dealvm_vm::dealing::board::Vulnerability;

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
