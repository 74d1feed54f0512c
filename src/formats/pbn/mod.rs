//! Reading PBN files (Portable Bridge Notation), leniently but without losing a board.
//!
//! Reading takes every game with its `Deal`, `Board`, `Dealer` and `Vulnerable` tags (tag
//! names in any case; `Vulnerable` as PBN writes it, or `N-S`, `E-W`), and its double-dummy
//! tricks when it has them (`tables`: the `OptimumResultTable` section of PBN 2.1,
//! BridgeComposer's `DoubleDummyTricks` tag); other tags, comments (`%`, `;`, `{...}`, which
//! may span lines) and sections are skipped (`tags`). A game ends at an empty line or where
//! one of its tags comes again; but a game whose `Board` came and not yet its `Deal` goes on
//! past an empty line (around a `%` comment, say) and past a second tag other than those of
//! its board and deal (a second `Room`), with a warning. Every game with a `Board` or a
//! `Deal` tag must hold a complete deal: a damaged, empty (`""`, `"?"`) or missing `Deal` is
//! an error naming the board and its place. A game with neither (such as a header game with
//! only `Event` and `Site`) is skipped. A damaged table of tricks (a row twice, a count over
//! 13, a bad digit, two tables that disagree, a second table of one kind, counts no deal can
//! have) is an error with its place; a partial one is not used.
//!
//! A tag's value `#` is the previous game's value, and a value `##text` is `text` for this
//! game and every following game that does not give the tag (PBN 2.1, section 4.8); neither
//! is allowed for the tags of the deal and its play (`Dealer`, `Vulnerable`, `Deal`,
//! `Declarer`, `Contract`, `Auction`, `Play`). The text is UTF-8 (a byte-order mark is passed
//! over) or else read byte for byte as Latin-1 (the deals are ASCII; a title written in another
//! code page, such as Windows' CP1250, keeps its ASCII letters), with LF, CR LF or CR line ends.
//!
//! What cannot be read in the tags of a board and its deal (`Board`, `Deal`, `Dealer`,
//! `Vulnerable`: a value not in quotes, a `#` with no value to copy, a board number that is
//! not a number, an unknown seat) is an error with its place. What cannot be read in another
//! tag (a value not in quotes, a `#` with no value to copy or for the play, which is never
//! copied; an `OptimumResultTable` of other columns, or with `?` in a row) is passed over with
//! a warning, one per kind, naming the first place and how many times it came
//! ([`Oddities`]).

#[cfg(test)]
mod others_tests;
mod tables;
#[cfg(test)]
mod tables_tests;
mod tags;
mod write;

pub use write::*;

use crate::diag::{Diagnostic, Source, Span};
use crate::formats::facts::{numbered, Check, Facts, Read, ReadDeals, Reader, Switch};
use crate::formats::place::Oddities;
use dealvm_vm::card::{rank_from_char, Card, Deal, Hand, Seat, Suit};
use dealvm_vm::dealing::board::{Board, Vulnerability};
use dealvm_vm::evaluation::dd::TrickTable;
use std::borrow::Cow;
use std::collections::HashMap;
use tables::{denomination_name, disagreement, optimum_result_table, read_double_dummy_tricks, Optimum};
use tags::{Tag, Tags};

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
    read: Reader::Text(read_checked),
    write: Some(|boards, _| big_deal_file(&numbered(boards))),
};

/// Reads the games of a PBN file: every game with a board or a deal, which must be complete.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    read_titled(src).map(|(_, boards)| boards)
}

/// [`read`], with the file's title: its first `Event` that is known (not empty, not `?`).
pub fn read_titled(src: &Source) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    let mut read = read_checked(src, Check::Full)?;
    Ok((read.title.take(), read.into_boards()))
}

/// [`read_titled`], with the warnings of what was passed over (one per kind, see the module);
/// with [`Check::DealsOnly`], the tables of tricks are passed over.
pub fn read_checked(src: &Source, check: Check) -> Result<Read, Diagnostic> {
    let err = |(span, message): (Span, String)| Diagnostic::at(span, message).in_source(src.clone());
    let mut reading = Reading {
        src,
        tables: check == Check::Full,
        title: None,
        boards: Vec::new(),
        game: Game::default(),
        values: Values::default(),
        oddities: Oddities::default(),
    };
    let mut tags = Tags { text: &src.text, at: 0, after_blank: false };
    while let Some(tag) = tags.next_tag().map_err(err)? {
        reading.tag(tag, &mut tags).map_err(err)?;
    }
    reading.end().map_err(err)
}

/// The tags that say which board a game is and its deal, in lower case: what cannot be read
/// in them is an error, where what cannot be read in another tag is passed over with a
/// warning.
const DEAL_TAGS: [&str; 4] = ["board", "deal", "dealer", "vulnerable"];

/// A PBN file being read, game after game.
struct Reading<'a> {
    src: &'a Source,
    /// Whether the tables of tricks are read.
    tables: bool,
    title: Option<String>,
    boards: Vec<Board>,
    /// The game being read.
    game: Game<'a>,
    values: Values,
    /// What was passed over.
    oddities: Oddities,
}

impl<'a> Reading<'a> {
    /// Counts one of the warnings of `kind`, `message` at `span`.
    fn warn(&mut self, kind: &'static str, span: Span, message: String) {
        let src = self.src;
        self.oddities.note(kind, || Diagnostic::at(span, message).in_source(src.clone()));
    }

    /// Reads the next tag (`tags` gives the lines of its section), or why the file is refused.
    fn tag(&mut self, tag: Tag<'a>, tags: &mut Tags<'a>) -> Result<(), (Span, String)> {
        let name = tag.name.to_ascii_lowercase();
        if let Some(fault) = tag.fault.as_ref().filter(|_| DEAL_TAGS.contains(&name.as_str())) {
            return Err((tag.value_span, fault.clone()));
        }
        let again = self.game.seen.contains(&name);
        // A second table of tricks for one board is an error, not a new game.
        if self.tables && TABLE_TAGS.contains(&name.as_str()) && again && !tags.after_blank {
            let board = self.game.board.map_or_else(|| "this game".to_string(), |(n, _)| format!("board {n}"));
            return Err((tag.value_span, format!("a second `{}` tag for {board}; a board has one table of tricks", tag.name)));
        }
        // A game has each tag once and ends at an empty line; but one whose `Board` came and
        // not yet its `Deal` goes on past an empty line, and past a tag given again (a second
        // `Room`; a `Dealer` or `Vulnerable` only with the value it had), unless the tag is
        // `Board` or comes after an empty line.
        let awaiting_deal = self.game.deal.is_none() && self.game.board.is_some();
        if awaiting_deal && !(again && (name == "board" || tags.after_blank)) {
            let board = self.game.board.map_or(0, |(n, _)| n);
            if again {
                let first = self.values.current.get(&name).map_or("", |v| v.trim());
                if DEAL_TAGS.contains(&name.as_str()) && !first.eq_ignore_ascii_case(tag.value.trim()) {
                    let message = format!(
                        "board {board}: found a second `{}` tag, `{}`, before the game's `Deal`, expected one: the first gives `{first}`",
                        tag.name, tag.value
                    );
                    return Err((tag.value_span, message));
                }
                let message = format!("board {board}: a second `{}` tag before the game's `Deal`; it is passed over", tag.name);
                self.warn("tag given twice", tag.value_span, message);
                return Ok(());
            }
            if tags.after_blank {
                let message = format!(
                    "board {board}: an empty line before the game's `Deal`; the tags after it, from this `{}` tag, are read as the game's",
                    tag.name
                );
                self.warn("empty line in a game", tag.value_span, message);
            }
        } else if again || (tags.after_blank && !self.game.seen.is_empty()) {
            self.end_game()?;
        }
        self.game.seen.push(name.clone());
        if let Some(fault) = tag.fault {
            self.warn("tag not read", tag.value_span, format!("{fault}; the tag is passed over"));
            return Ok(());
        }
        let value = match self.values.value(&name, tag.name, tag.value).map_err(|m| (tag.value_span, m))? {
            Given::Value(value) => value,
            Given::Passed(kind, message) => {
                self.warn(kind, tag.value_span, message);
                return Ok(());
            }
        };
        self.take(&name, &tag, &value, tags)
    }

    /// Takes the value `value` of tag `name` (`tag` as written) into the game.
    fn take(&mut self, name: &str, tag: &Tag<'a>, value: &str, tags: &mut Tags<'a>) -> Result<(), (Span, String)> {
        let at = tag.value_span;
        let unknown = value == "?" || value.is_empty();
        let game = &mut self.game;
        match name {
            "board" => game.board = Some((board_number(value).ok_or_else(|| (at, board_expected(value)))?, at)),
            "dealer" if !unknown => {
                let seat = seat_of_letter(value);
                game.dealer = Some(seat.ok_or_else(|| (at, format!("found `{value}`, expected N, E, S or W")))?);
            }
            "vulnerable" if !unknown => {
                let v = vulnerability_of(value);
                game.vulnerable = Some(v.ok_or_else(|| (at, format!("found `{value}`, expected None, NS, EW or All")))?);
            }
            "event" if !unknown && self.title.is_none() => self.title = Some(pbn_unescape(value.trim())),
            "deal" => game.deal = Some((tag.value, at)),
            "optimumresulttable" if self.tables => {
                let rows = tags.section_lines();
                if !(unknown && rows.is_empty()) {
                    game.table = None;
                    match optimum_result_table(value, at, &rows)? {
                        Optimum::Whole(table) => game.table = Some((table, at)),
                        Optimum::Partial => {}
                        Optimum::Passed { kind, at, why } => self.warn(kind, at, why),
                    }
                }
            }
            "doubledummytricks" if self.tables && !unknown => game.dd_tricks = Some((read_double_dummy_tricks(value, at)?, at)),
            _ => {}
        }
        Ok(())
    }

    /// Ends the game being read: its board, if it has one.
    fn end_game(&mut self) -> Result<(), (Span, String)> {
        let standing = self.values.next_game(&self.game.seen);
        let game = std::mem::take(&mut self.game);
        self.boards.extend(game.finish(self.boards.last(), standing)?);
        Ok(())
    }

    /// Ends the file: its boards, its title (else the `Event` a `##` value gave) and the
    /// warnings.
    fn end(mut self) -> Result<Read, (Span, String)> {
        self.end_game()?;
        let standing = self.values.standing.get("event").filter(|e| !e.is_empty() && *e != "?");
        let title = self.title.or_else(|| standing.map(|e| pbn_unescape(e.trim())));
        Ok(Read { title, deals: ReadDeals::Boards(self.boards), warnings: self.oddities.warnings() })
    }
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
    /// The games ended so far.
    games: usize,
}

/// A tag's value, or why it is passed over.
enum Given<'a> {
    Value(Cow<'a, str>),
    /// A value that cannot be taken, in a tag that is not of the deal: the kind of warning
    /// and its message.
    Passed(&'static str, String),
}

impl Values {
    /// The value of tag `name` (in lower case; `shown` as written) given as `given`: the
    /// previous game's for `#`, the text after `##` (which stands for the games after this
    /// one), else `given` itself. A copy that cannot be made (the previous game has no such
    /// tag; a tag of the deal or its play, which is never copied) is an error for the tags of
    /// the deal, else passed over.
    fn value<'a>(&mut self, name: &str, shown: &str, given: &'a str) -> Result<Given<'a>, String> {
        let copied = given == "#" || given.starts_with("##");
        let refused = |why: String, kind: &'static str| {
            if DEAL_TAGS.contains(&name) {
                Err(why)
            } else {
                Ok(Given::Passed(kind, format!("{why}; the tag is passed over")))
            }
        };
        if copied && NOT_COPIED.contains(&name) {
            let why = format!("found `{given}` for `{shown}`, expected its own value: a game's {shown} is never copied from another game");
            return refused(why, "value copied");
        }
        let value: Cow<'a, str> = if given == "#" {
            let Some(previous) = self.previous.get(name) else {
                let previous =
                    if self.games == 0 { "this is the file's first game".to_string() } else { format!("the previous game has no `{shown}` tag") };
                return refused(format!("found `#` (the previous game's value) for `{shown}`, but {previous}"), "no value to copy");
            };
            Cow::Owned(previous.clone())
        } else if let Some(text) = given.strip_prefix("##") {
            self.standing.insert(name.to_string(), text.to_string());
            Cow::Borrowed(text)
        } else {
            Cow::Borrowed(given)
        };
        self.current.insert(name.to_string(), value.to_string());
        Ok(Given::Value(value))
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
        self.games += 1;
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
        assert_eq!(d.message, "found `#` (the previous game's value) for `Board`, but this is the file's first game");
        let text = format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Event \"x\"]\n[Deal \"{DEAL}\"]\n\n[Board \"#\"]\n[Deal \"{DEAL}\"]\n");
        let d = read(&Source::new("c.pbn", text)).unwrap_err();
        assert_eq!(d.message, "found `#` (the previous game's value) for `Board`, but the previous game has no `Board` tag");
    }
}
