//! Reading PBN files (Portable Bridge Notation), leniently but without losing a board.
//!
//! Reading takes every game with its `Deal`, `Board`, `Dealer` and `Vulnerable` tags (tag
//! names in any case), and its double-dummy tricks when it has them (`tables`: the
//! `OptimumResultTable` section of PBN 2.1, BridgeComposer's `DoubleDummyTricks` tag); other
//! tags, comments (`%`, `;`, `{...}`, which may span lines) and sections are skipped
//! (`tags`). A game ends at an empty line or where one of its tags comes again. Every game
//! with a `Board` or a `Deal` tag must hold a complete deal: a damaged, empty (`""`, `"?"`) or
//! missing `Deal` is an error naming the board and its place. A game with neither (such as a
//! header game with only `Event` and `Site`) is skipped. A damaged table of tricks (a row
//! twice, a count over 13, a bad digit, two tables that disagree, a second table of one kind,
//! counts no deal can have) is an error with its place; a partial one is not used.
//!
//! A tag's value `#` is the previous game's value of that tag, and a value `##text` is `text`
//! for this game and every following game that does not give the tag (PBN 2.1, section 4.8);
//! neither is allowed for the tags of the deal and its play (`Dealer`, `Vulnerable`, `Deal`,
//! `Declarer`, `Contract`, `Auction`, `Play`). The text is UTF-8 (a byte-order mark is passed
//! over) or else read byte for byte as Latin-1 (the deals are ASCII; a title written in another
//! code page, such as Windows' CP1250, keeps its ASCII letters), with LF, CR LF or CR line ends.

mod tables;
#[cfg(test)]
mod tables_tests;
mod tags;
mod write;

pub use write::*;

use crate::diag::{Diagnostic, Source, Span};
use crate::formats::facts::{numbered, Check, Facts, Read, Reader, Switch};
use dealvm_vm::card::{rank_from_char, Card, Deal, Hand, Seat, Suit};
use dealvm_vm::dealing::board::{Board, Vulnerability};
use dealvm_vm::evaluation::dd::TrickTable;
use std::borrow::Cow;
use std::collections::HashMap;
use tables::{denomination_name, disagreement, optimum_result_table, read_double_dummy_tricks};
use tags::Tags;

/// PBN: Portable Bridge Notation, the files of scoring programs, BridgeComposer and BBO.
pub const FACTS: Facts = Facts {
    name: "pbn",
    big_deal_name: None,
    sealed: None,
    extension: "pbn",
    what: "PBN",
    title: "PBN",
    label: "PBN (scoring programs, BridgeComposer)",
    switch: Switch::OwnHelp("--pbn"),
    binary: false,
    layout: None,
    records: false,
    last_board: None,
    numbers: true,
    dealers: true,
    content_type: "application/x-pbn; charset=utf-8",
    looks_like: Some(|head, _| looks_like_pbn(&String::from_utf8_lossy(head))),
    read: Reader::Text(|src, check| read_titled_checked(src, check).map(|(title, boards)| Read::titled(title, boards))),
    write: Some(|boards, _| big_deal_file(&numbered(boards))),
};

/// Reads the games of a PBN file: every game with a board or a deal, which must be complete.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    read_titled(src).map(|(_, boards)| boards)
}

/// [`read`], with the file's title: its first `Event` that is known (not empty, not `?`).
pub fn read_titled(src: &Source) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    read_titled_checked(src, Check::Full)
}

/// [`read_titled`]; with [`Check::DealsOnly`], the tables of tricks are passed over.
pub fn read_titled_checked(src: &Source, check: Check) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    let tables = check == Check::Full;
    let err = |span: Span, message: String| Diagnostic::at(span, message).in_source(src.clone());
    let mut title = None;
    let mut boards = Vec::new();
    let mut game = Game::default();
    let mut values = Values::default();
    let mut tags = Tags { text: &src.text, at: 0, after_blank: false };
    while let Some(tag) = tags.next_tag().map_err(|(span, m)| err(span, m))? {
        let name = tag.name.to_ascii_lowercase();
        // A second table of tricks for one board is an error, not a new game.
        if tables && TABLE_TAGS.contains(&name.as_str()) && game.seen.contains(&name) && !tags.after_blank {
            let board = game.board.map_or_else(|| "this game".to_string(), |(n, _)| format!("board {n}"));
            return Err(err(tag.value_span, format!("a second `{}` tag for {board}; a board has one table of tricks", tag.name)));
        }
        // A game has each tag once and ends at an empty line.
        if game.seen.contains(&name) || (tags.after_blank && !game.seen.is_empty()) {
            let standing = values.next_game(&game.seen);
            boards.extend(std::mem::take(&mut game).finish(boards.last(), standing).map_err(|(span, m)| err(span, m))?);
        }
        let value = values.value(&name, tag.name, tag.value).map_err(|m| err(tag.value_span, m))?;
        let value = value.as_ref();
        let unknown = value == "?" || value.is_empty();
        match name.as_str() {
            "board" => game.board = Some((board_number(value).ok_or_else(|| err(tag.value_span, board_expected(value)))?, tag.value_span)),
            "dealer" if !unknown => {
                let seat = seat_of_letter(value);
                game.dealer = Some(seat.ok_or_else(|| err(tag.value_span, format!("found `{value}`, expected N, E, S or W")))?);
            }
            "vulnerable" if !unknown => {
                let v = vulnerability_of(value);
                game.vulnerable = Some(v.ok_or_else(|| err(tag.value_span, format!("found `{value}`, expected None, NS, EW or All")))?);
            }
            "event" if !unknown && title.is_none() => title = Some(pbn_unescape(value.trim())),
            "deal" => game.deal = Some((tag.value, tag.value_span)),
            "optimumresulttable" if tables => {
                let rows = tags.section_lines();
                if !(unknown && rows.is_empty()) {
                    let table = optimum_result_table(value, tag.value_span, &rows).map_err(|(span, m)| err(span, m))?;
                    game.table = table.map(|t| (t, tag.value_span));
                }
            }
            "doubledummytricks" if tables && !unknown => {
                let table = read_double_dummy_tricks(value, tag.value_span).map_err(|(span, m)| err(span, m))?;
                game.dd_tricks = Some((table, tag.value_span));
            }
            _ => {}
        }
        game.seen.push(name);
    }
    let standing = values.next_game(&game.seen);
    boards.extend(game.finish(boards.last(), standing).map_err(|(span, m)| err(span, m))?);
    if title.is_none() {
        title = values.standing.get("event").filter(|e| !e.is_empty() && *e != "?").map(|e| pbn_unescape(e.trim()));
    }
    Ok((title, boards))
}

/// The number of a `Board` value, from 1.
fn board_number(value: &str) -> Option<u64> {
    value.trim().parse::<u64>().ok().filter(|&n| n >= 1)
}

/// What a bad `Board` value is told.
fn board_expected(value: &str) -> String {
    format!("found `{value}`, expected a board number")
}

/// The tags whose value is never copied from another game (PBN 2.1, section 4.8), in lower
/// case.
const NOT_COPIED: [&str; 7] = ["dealer", "vulnerable", "deal", "declarer", "contract", "auction", "play"];

/// The tag values that games pass on to the games after them.
#[derive(Default)]
struct Values {
    /// The previous game's values, by tag name in lower case.
    previous: HashMap<String, String>,
    /// This game's values so far.
    current: HashMap<String, String>,
    /// The values given by `##` for the games that follow.
    standing: HashMap<String, String>,
}

impl Values {
    /// The value of tag `name` (in lower case; `shown` as written) given as `given`: the
    /// previous game's for `#`, the text after `##` (which stands for the games after this
    /// one), else `given` itself.
    fn value<'a>(&mut self, name: &str, shown: &str, given: &'a str) -> Result<Cow<'a, str>, String> {
        let copied = given == "#" || given.starts_with("##");
        if copied && NOT_COPIED.contains(&name) {
            return Err(format!("found `{given}` for `{shown}`, expected its own value: a game's {shown} is never copied from another game"));
        }
        let value: Cow<'a, str> = if given == "#" {
            let previous = self
                .previous
                .get(name)
                .ok_or_else(|| format!("found `#` (the previous game's value), but the previous game has no `{shown}` tag"))?;
            Cow::Owned(previous.clone())
        } else if let Some(text) = given.strip_prefix("##") {
            self.standing.insert(name.to_string(), text.to_string());
            Cow::Borrowed(text)
        } else {
            Cow::Borrowed(given)
        };
        self.current.insert(name.to_string(), value.to_string());
        Ok(value)
    }

    /// Ends a game whose tags were `seen`: the values `##` gave for the tags it did not give,
    /// which it takes, as the board number of the game's board.
    fn next_game(&mut self, seen: &[String]) -> Option<u64> {
        let mut ended = std::mem::take(&mut self.current);
        for (name, value) in &self.standing {
            if !seen.contains(name) {
                ended.insert(name.clone(), value.clone());
            }
        }
        let board = if seen.iter().any(|s| s == "board") { None } else { ended.get("board").and_then(|b| board_number(b)) };
        self.previous = ended;
        board
    }
}

/// The tags that hold a table of tricks, in lower case.
const TABLE_TAGS: [&str; 2] = ["optimumresulttable", "doubledummytricks"];

/// What one game said so far.
#[derive(Default)]
struct Game<'a> {
    /// The tags seen, by name in lower case.
    seen: Vec<String>,
    /// The board number and the place of its value.
    board: Option<(u64, Span)>,
    dealer: Option<Seat>,
    vulnerable: Option<Vulnerability>,
    /// The `Deal` tag's value and its place.
    deal: Option<(&'a str, Span)>,
    /// The tricks of the `OptimumResultTable` and the place of its header.
    table: Option<(TrickTable, Span)>,
    /// The tricks of the `DoubleDummyTricks` tag and the place of its value.
    dd_tricks: Option<(TrickTable, Span)>,
}

impl Game<'_> {
    /// The board of a game with a `Board` or `Deal` tag (without a `Board` tag, the number a
    /// `##` value gave, else the one after the previous), or why its deal cannot be read;
    /// `None` for a game with neither.
    fn finish(self, previous: Option<&Board>, standing: Option<u64>) -> Result<Option<Board>, (Span, String)> {
        let number = self.board.map(|b| b.0).or(standing).unwrap_or_else(|| previous.map_or(1, |b| b.number + 1));
        let deal = match (self.deal, self.board) {
            (None, None) => return Ok(None),
            (None, Some((_, at))) => return Err((at, format!("board {number} has no `Deal` tag; dealvm needs every board's deal"))),
            (Some((value, at)), _) if value.trim().is_empty() || value.trim() == "?" => {
                let what = if value.trim().is_empty() { "empty" } else { "`?` (unknown)" };
                return Err((at, format!("board {number} has no deal: its `Deal` tag is {what}; dealvm needs every board's deal")));
            }
            (Some((value, at)), _) => parse_deal(value).map_err(|(start, len, m)| {
                let start = at.start + start;
                (Span::new(start, start + len), format!("board {number}: {m}"))
            })?,
        };
        let tricks = match (self.table, self.dd_tricks) {
            (Some((table, _)), Some((dd, at))) if table != dd => return Err((at, format!("board {number}: {}", disagreement(&table, &dd)))),
            (table, dd) => table.or(dd),
        };
        if let Some((table, at)) = tricks {
            if let Some((seat, strain)) = table.impossible_count(&deal) {
                let holder = deal.owner(Card::new(Suit::from_index(strain as usize), 12)).map_or("", |s| s.name());
                return Err((
                    at,
                    format!(
                        "board {number}: {} tricks for {} in {}, but {holder} holds the ace of trumps, which always takes a trick: \
                         the table is not double-dummy results",
                        table.get(seat, strain),
                        seat.name(),
                        denomination_name(strain)
                    ),
                ));
            }
        }
        let tricks = tricks.map(|(t, _)| t);
        Ok(Some(Board { number, deal, dealer: self.dealer, vulnerable: self.vulnerable, tricks }))
    }
}

/// A `Deal` tag value such as `N:AKQ.JT9.876.5432 ...`: the first hand's seat, then four
/// hands clockwise, suits spades first separated by dots. Errors give the offset and length
/// of the offending text.
pub fn parse_deal(value: &str) -> Result<Deal, (usize, usize, String)> {
    let Some((first, rest)) = value.split_once(':') else {
        return Err((0, value.len(), format!("found `{value}`, expected a deal such as `N:AKQ.JT9.876.5432 ...`")));
    };
    let first = seat_of_letter(first).ok_or((0, first.len(), format!("found `{first}`, expected N, E, S or W before the colon")))?;
    let base = value.len() - rest.len();
    let mut hands = [Hand::EMPTY; 4];
    let mut seen = Hand::EMPTY;
    let mut count = 0;
    let mut at = base;
    for text in rest.split(' ') {
        let start = at;
        at += text.len() + 1;
        if text.is_empty() {
            continue;
        }
        if count == 4 {
            return Err((start, text.len(), "a deal has four hands".into()));
        }
        let seat = first.rotate(count);
        count += 1;
        if text == "-" {
            return Err((start, 1, format!("{}'s hand is unknown; dealvm needs complete deals", seat.name())));
        }
        let suits: Vec<&str> = text.split('.').collect();
        if suits.len() != 4 {
            return Err((start, text.len(), format!("found `{text}`, expected four suits separated by dots")));
        }
        let mut pos = start;
        for (holding, suit) in suits.iter().zip(Suit::DISPLAY) {
            for (j, c) in holding.char_indices() {
                let rank = rank_from_char(c.to_ascii_uppercase()).ok_or((pos + j, c.len_utf8(), format!("`{c}` is not a rank (AKQJT98765432)")))?;
                let card = Card::new(suit, rank);
                if seen.contains(card) {
                    return Err((pos + j, 1, format!("the {card} appears twice")));
                }
                seen = seen.with(card);
                hands[seat as usize] = hands[seat as usize].with(card);
            }
            pos += holding.len() + 1;
        }
        let n = hands[seat as usize].count();
        if n != 13 {
            return Err((start, text.len(), format!("{} holds {n} cards; each hand has 13", seat.name())));
        }
    }
    if count != 4 {
        return Err((0, value.len(), format!("found {count} hands, expected four")));
    }
    Ok(Deal { hands })
}

/// Whether a text is a PBN file: a line opens a tag. (A DLM file, which opens sections alike,
/// is told first by its `[DOCUMENT]`.)
pub fn looks_like_pbn(text: &str) -> bool {
    text.lines().any(|l| l.trim_start().starts_with('['))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_read_from_any_first_seat() {
        let d = parse_deal("E:J52.Q9875..AQ873 763.32.AK65432.5 AQT4.AKJ6.Q9.KJ6 K98.T4.JT87.T942").unwrap();
        assert_eq!(d.pbn(), "N:K98.T4.JT87.T942 J52.Q9875..AQ873 763.32.AK65432.5 AQT4.AKJ6.Q9.KJ6");
        assert!(parse_deal("N:AKQ.JT9.876.5432").is_err());
        let e = parse_deal("N:AK.. . .").unwrap_err();
        assert!(e.2.contains("13") || e.2.contains("four"), "{e:?}");
    }

    /// The boards of a PBN text.
    fn boards(text: &str) -> Vec<Board> {
        read(&Source::new("t.pbn", text)).unwrap_or_else(|d| panic!("{}", d.render(None)))
    }

    /// North holds the spades, East the hearts, South the diamonds, West the clubs.
    const DEAL: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

    #[test]
    fn copied_values_come_from_the_previous_game_or_stand_for_the_following_ones() {
        let text = format!(
            "[Event \"##Club night\"]\n[Site \"Hall\"]\n[Board \"7\"]\n[Deal \"{DEAL}\"]\n\n\
             [Site \"#\"]\n[Board \"#\"]\n[Deal \"{DEAL}\"]\n\n[Deal \"{DEAL}\"]\n"
        );
        let (title, games) = read_titled(&Source::new("c.pbn", text)).unwrap();
        assert_eq!(title.as_deref(), Some("Club night"));
        assert_eq!(games.iter().map(|b| b.number).collect::<Vec<_>>(), [7, 7, 8], "board 7 again, then the one after");
        // `##` for the board number: every game after without its own.
        let text = format!("[Board \"##12\"]\n[Deal \"{DEAL}\"]\n\n[Deal \"{DEAL}\"]\n\n[Board \"3\"]\n[Deal \"{DEAL}\"]\n");
        assert_eq!(boards(&text).iter().map(|b| b.number).collect::<Vec<_>>(), [12, 12, 3]);
        // Never for the deal and its dealer and vulnerability; never without a previous value.
        for (tag, value) in [("Deal", "#"), ("Dealer", "##N"), ("Vulnerable", "#")] {
            let text = format!(
                "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n\n[Board \"2\"]\n[{tag} \"{value}\"]\n[Deal \"{DEAL}\"]\n"
            );
            let d = read(&Source::new("c.pbn", text)).unwrap_err();
            assert!(d.message.starts_with(&format!("found `{value}` for `{tag}`, expected its own value")), "{}", d.message);
        }
        let d = read(&Source::new("c.pbn", format!("[Board \"#\"]\n[Deal \"{DEAL}\"]\n"))).unwrap_err();
        assert_eq!(d.message, "found `#` (the previous game's value), but the previous game has no `Board` tag");
    }
}
