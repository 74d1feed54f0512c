//! Reading PBN files (Portable Bridge Notation), leniently but without losing a board.
//!
//! Reading takes every game with its `Deal`, `Board`, `Dealer` and `Vulnerable` tags (tag
//! names in any case), and its double-dummy tricks when it has them (the `OptimumResultTable`
//! section of PBN 2.1, BridgeComposer's `DoubleDummyTricks` tag); other tags, comments (`%`,
//! `;`, `{...}`) and sections are skipped. A game ends at an empty line or where one of its
//! tags comes again. Every game with a `Board` or a `Deal` tag must hold a complete deal: a
//! damaged, empty (`""`, `"?"`) or missing `Deal` is an error naming the board and its place.
//! A game with neither (such as a header game with only `Event` and `Site`) is skipped. A
//! damaged table of tricks (a row missing or twice, a count over 13, a bad digit, two tables
//! that disagree, a second table of one kind, counts no deal can have) is an error with its
//! place.

use crate::files::pbn::{denomination, pbn_unescape, DENOMINATIONS, DOUBLE_DUMMY_DECLARERS};
use crate::front::diag::{Diagnostic, Source, Span};
use dealvm_vm::card::{rank_from_char, Card, Deal, Hand, Seat, Suit};
use dealvm_vm::dealing::board::{Board, Vulnerability};
use dealvm_vm::evaluation::dd::TrickTable;
use dealvm_vm::evaluation::score::Strain;

/// Reads the games of a PBN file: every game with a board or a deal, which must be complete.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    read_titled(src).map(|(_, boards)| boards)
}

/// [`read`], with the file's title: its first `Event` that is known (not empty, not `?`).
pub fn read_titled(src: &Source) -> Result<(Option<String>, Vec<Board>), Diagnostic> {
    let err = |span: Span, message: String| Diagnostic::at(span, message).in_source(src.clone());
    let mut title = None;
    let mut boards = Vec::new();
    let mut game = Game::default();
    let mut tags = Tags { text: &src.text, at: 0, after_blank: false };
    while let Some(tag) = tags.next_tag().map_err(|(span, m)| err(span, m))? {
        let name = tag.name.to_ascii_lowercase();
        // A second table of tricks for one board is an error, not a new game.
        if TABLE_TAGS.contains(&name.as_str()) && game.seen.contains(&name) && !tags.after_blank {
            let board = game.board.map_or_else(|| "this game".to_string(), |(n, _)| format!("board {n}"));
            return Err(err(tag.value_span, format!("a second `{}` tag for {board}; a board has one table of tricks", tag.name)));
        }
        // A game has each tag once and ends at an empty line.
        if game.seen.contains(&name) || (tags.after_blank && !game.seen.is_empty()) {
            boards.extend(game.finish(boards.last()).map_err(|(span, m)| err(span, m))?);
            game = Game::default();
        }
        let unknown = tag.value == "?" || tag.value.is_empty();
        match name.as_str() {
            "board" => {
                let n = tag.value.trim().parse::<u64>().ok().filter(|&n| n >= 1);
                let n = n.ok_or_else(|| err(tag.value_span, format!("found `{}`, expected a board number", tag.value)))?;
                game.board = Some((n, tag.value_span));
            }
            "dealer" if !unknown => {
                let seat = seat_letter(tag.value);
                game.dealer = Some(seat.ok_or_else(|| err(tag.value_span, format!("found `{}`, expected N, E, S or W", tag.value)))?);
            }
            "vulnerable" if !unknown => {
                let v = match tag.value.to_ascii_lowercase().as_str() {
                    "none" | "love" | "-" => Some(Vulnerability::None),
                    "ns" => Some(Vulnerability::NorthSouth),
                    "ew" => Some(Vulnerability::EastWest),
                    "all" | "both" => Some(Vulnerability::All),
                    _ => None,
                };
                game.vulnerable = Some(v.ok_or_else(|| err(tag.value_span, format!("found `{}`, expected None, NS, EW or All", tag.value)))?);
            }
            "event" if !unknown && title.is_none() => title = Some(pbn_unescape(tag.value.trim())),
            "deal" => game.deal = Some((tag.value, tag.value_span)),
            "optimumresulttable" => {
                let rows = tags.section_lines();
                if !(unknown && rows.is_empty()) {
                    let table = optimum_result_table(tag.value, tag.value_span, &rows).map_err(|(span, m)| err(span, m))?;
                    game.table = Some((table, tag.value_span));
                }
            }
            "doubledummytricks" if !unknown => {
                let table = double_dummy_tricks(tag.value, tag.value_span).map_err(|(span, m)| err(span, m))?;
                game.dd_tricks = Some((table, tag.value_span));
            }
            _ => {}
        }
        game.seen.push(name);
    }
    boards.extend(game.finish(boards.last()).map_err(|(span, m)| err(span, m))?);
    Ok((title, boards))
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
    /// The board of a game with a `Board` or `Deal` tag (without a `Board` tag, the one
    /// after the previous), or why its deal cannot be read; `None` for a game with neither.
    fn finish(self, previous: Option<&Board>) -> Result<Option<Board>, (Span, String)> {
        let number = self.board.map_or_else(|| previous.map_or(1, |b| b.number + 1), |b| b.0);
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

/// The first count on which two tables differ, as a message.
fn disagreement(table: &TrickTable, dd: &TrickTable) -> String {
    let (seat, strain) = Seat::ALL
        .into_iter()
        .flat_map(|seat| DENOMINATIONS.map(|strain| (seat, strain)))
        .find(|&(seat, strain)| table.get(seat, strain) != dd.get(seat, strain))
        .unwrap_or((Seat::North, Strain::NoTrump));
    format!(
        "the `DoubleDummyTricks` tag gives {} {} tricks in {}, the `OptimumResultTable` {}",
        seat.name(),
        dd.get(seat, strain),
        denomination_name(strain),
        table.get(seat, strain)
    )
}

/// The name of a denomination in a message: `notrump`, `spades`, … `clubs`.
fn denomination_name(strain: Strain) -> &'static str {
    ["clubs", "diamonds", "hearts", "spades", "notrump"][strain as usize]
}

/// A denomination as PBN writes it (`NT`, `S`, `H`, `D`, `C`, in any case; `N` for notrump).
fn parse_denomination(text: &str) -> Option<Strain> {
    match text.to_ascii_uppercase().as_str() {
        "NT" | "N" => Some(Strain::NoTrump),
        "S" => Some(Strain::Spades),
        "H" => Some(Strain::Hearts),
        "D" => Some(Strain::Diamonds),
        "C" => Some(Strain::Clubs),
        _ => None,
    }
}

/// The whitespace-separated words of `line` (starting at offset `at`), with their places.
fn words(line: &str, at: usize) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((&line[s..i], Span::new(at + s, at + i)));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// The name of a table column in lower case, without its sort order (`+`, `-`) and format
/// (`\2R`).
fn column_name(column: &str) -> String {
    column.split('\\').next().unwrap_or("").trim().trim_start_matches(['+', '-']).to_ascii_lowercase()
}

/// The table of an `OptimumResultTable` section: its header (columns `Declarer`,
/// `Denomination` and `Result` in any order, all three when the header is empty) and its
/// rows, one per declarer and denomination in any order.
fn optimum_result_table(header: &str, at: Span, rows: &[(usize, &str)]) -> Result<TrickTable, (Span, String)> {
    let names: Vec<String> = header.split(';').map(column_name).collect();
    let columns = if header.trim().is_empty() { vec!["declarer".to_string(), "denomination".into(), "result".into()] } else { names };
    let find = |name: &str| columns.iter().position(|c| c == name);
    let (Some(di), Some(ni), Some(ri)) = (find("declarer"), find("denomination"), find("result")) else {
        return Err((at, format!("found `{header}`, expected the columns of an optimum result table: Declarer;Denomination;Result")));
    };
    let mut table = TrickTable::default();
    let mut seen = [[false; 5]; 4];
    for &(start, line) in rows {
        let cells = words(line, start);
        if cells.len() != columns.len() {
            let span = Span::new(start, start + line.len());
            return Err((span, format!("found `{line}`, expected a row of {} columns: declarer, denomination and tricks", columns.len())));
        }
        let (declarer, strain, tricks) = table_row(cells[di], cells[ni], cells[ri])?;
        let slot = &mut seen[declarer.index()][strain as usize];
        if *slot {
            return Err((Span::new(start, start + line.len()), format!("a second row for {} {}", declarer.letter(), denomination(strain))));
        }
        *slot = true;
        table.set(declarer, strain, tricks);
    }
    let missing: Vec<String> = Seat::ALL
        .into_iter()
        .flat_map(|seat| DENOMINATIONS.map(|strain| (seat, strain)))
        .filter(|&(seat, strain)| !seen[seat.index()][strain as usize])
        .map(|(seat, strain)| format!("{} {}", seat.letter(), denomination(strain)))
        .collect();
    if !missing.is_empty() {
        return Err((at, format!("this optimum result table has no row for {}; it needs 20, one per declarer and denomination", missing.join(", "))));
    }
    Ok(table)
}

/// One row of an optimum result table: declarer, denomination and tricks.
fn table_row(declarer: (&str, Span), strain: (&str, Span), tricks: (&str, Span)) -> Result<(Seat, Strain, u8), (Span, String)> {
    let seat = seat_letter(declarer.0).ok_or((declarer.1, format!("found `{}`, expected a declarer: N, E, S or W", declarer.0)))?;
    let strain = parse_denomination(strain.0).ok_or((strain.1, format!("found `{}`, expected a denomination: NT, S, H, D or C", strain.0)))?;
    let digits = !tricks.0.is_empty() && tricks.0.bytes().all(|b| b.is_ascii_digit());
    let n = tricks.0.parse::<u32>().ok().filter(|_| digits);
    let n = n.ok_or_else(|| (tricks.1, format!("found `{}`, expected a number of tricks (0 to 13)", tricks.0)))?;
    if n > 13 {
        return Err((tricks.1, format!("{n} tricks for {} in {}; a count is 0 to 13", seat.name(), denomination_name(strain))));
    }
    Ok((seat, strain, n as u8))
}

/// What is wrong with a `DoubleDummyTricks` value of the wrong length.
fn digit_count(value: &str) -> String {
    format!("found {} digits, expected 20: the tricks of N, S, E and W, each in NT, S, H, D and C", value.chars().count())
}

/// The table of BridgeComposer's `DoubleDummyTricks` tag: 20 hexadecimal digits, declarers N,
/// S, E, W, each with the denominations NT, S, H, D, C.
fn double_dummy_tricks(value: &str, at: Span) -> Result<TrickTable, (Span, String)> {
    let mut table = TrickTable::default();
    let cells = DOUBLE_DUMMY_DECLARERS.into_iter().flat_map(|seat| DENOMINATIONS.map(|strain| (seat, strain)));
    let mut digits = value.char_indices();
    for (seat, strain) in cells {
        let Some((i, c)) = digits.next() else {
            return Err((at, digit_count(value)));
        };
        let span = Span::new(at.start + i, at.start + i + c.len_utf8());
        let n = c.to_digit(16).ok_or((span, format!("`{c}` is not a hexadecimal digit (0 to 9, a to d)")))?;
        if n > 13 {
            return Err((span, format!("`{c}` gives {} {n} tricks in {}; a count is 0 to 13", seat.name(), denomination_name(strain))));
        }
        table.set(seat, strain, n as u8);
    }
    if let Some((i, _)) = digits.next() {
        return Err((Span::new(at.start + i, at.end), digit_count(value)));
    }
    Ok(table)
}

/// A seat from its PBN letter.
fn seat_letter(s: &str) -> Option<Seat> {
    match s.trim().to_ascii_uppercase().as_str() {
        "N" => Some(Seat::North),
        "E" => Some(Seat::East),
        "S" => Some(Seat::South),
        "W" => Some(Seat::West),
        _ => None,
    }
}

/// A `Deal` tag value such as `N:AKQ.JT9.876.5432 ...`: the first hand's seat, then four
/// hands clockwise, suits spades first separated by dots. Errors give the offset and length
/// of the offending text.
pub fn parse_deal(value: &str) -> Result<Deal, (usize, usize, String)> {
    let Some((first, rest)) = value.split_once(':') else {
        return Err((0, value.len(), format!("found `{value}`, expected a deal such as `N:AKQ.JT9.876.5432 ...`")));
    };
    let first = seat_letter(first).ok_or((0, first.len(), format!("found `{first}`, expected N, E, S or W before the colon")))?;
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

/// One tag: name and value, with the value's place.
struct Tag<'a> {
    name: &'a str,
    value: &'a str,
    value_span: Span,
}

/// Walks the tags of a PBN text, skipping comments and section data.
struct Tags<'a> {
    text: &'a str,
    at: usize,
    /// Whether an empty line came before the tag just returned.
    after_blank: bool,
}

impl<'a> Tags<'a> {
    /// The next tag, or an error with its place.
    fn next_tag(&mut self) -> Result<Option<Tag<'a>>, (Span, String)> {
        let bytes = self.text.as_bytes();
        // Whether the current line holds nothing so far (not known at the start: the line
        // may hold the previous tag).
        let mut line_empty = self.at == 0;
        self.after_blank = false;
        while self.at < bytes.len() {
            let line_start = self.at == 0 || bytes[self.at - 1] == b'\n';
            match bytes[self.at] {
                b'\n' => {
                    self.after_blank |= line_empty && self.at > 0;
                    line_empty = true;
                    self.at += 1;
                }
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'%' if line_start => {
                    self.skip_line();
                    line_empty = true;
                }
                b';' => {
                    self.skip_line();
                    line_empty = true;
                }
                b'{' => {
                    let end =
                        self.text[self.at..].find('}').ok_or((Span::new(self.at, self.at + 1), "this comment has no closing `}`".to_string()))?;
                    self.at += end + 1;
                    line_empty = false;
                }
                b'[' => return self.tag().map(Some),
                _ => {
                    self.at += self.text[self.at..].chars().next().map_or(1, char::len_utf8);
                    line_empty = false;
                }
            }
        }
        Ok(None)
    }

    /// The data lines of the section after the tag just read, each with its offset, `;`
    /// comments left out: up to the next tag, an empty line, a `{` commentary or the end.
    /// Lines starting with `%` are skipped.
    fn section_lines(&mut self) -> Vec<(usize, &'a str)> {
        let text = self.text;
        let mut lines = Vec::new();
        let mut pos = self.at;
        let mut first = true;
        while pos <= text.len() {
            let eol = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
            let raw = &text[pos..eol];
            if !first && raw.trim().is_empty() {
                break;
            }
            let data = raw.split(';').next().unwrap_or("");
            let trimmed = data.trim();
            if trimmed.starts_with('[') || trimmed.starts_with('{') {
                break;
            }
            let comment_line = !first && raw.starts_with('%');
            if !trimmed.is_empty() && !comment_line {
                lines.push((pos + (data.len() - data.trim_start().len()), trimmed));
            }
            self.at = eol;
            first = false;
            pos = eol + 1;
        }
        lines
    }

    /// Skips to the start of the next line.
    fn skip_line(&mut self) {
        self.at = self.text[self.at..].find('\n').map_or(self.text.len(), |i| self.at + i + 1);
    }

    /// A tag starting at `[`: `[Name "value"]`.
    fn tag(&mut self) -> Result<Tag<'a>, (Span, String)> {
        let open = self.at;
        let rest = &self.text[open + 1..];
        let name_len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        let name = &rest[..name_len];
        let after = &rest[name_len..];
        let gap = after.len() - after.trim_start_matches([' ', '\t']).len();
        let quote = open + 1 + name_len + gap;
        if name.is_empty() || self.text.as_bytes().get(quote) != Some(&b'"') {
            return Err((Span::new(open, quote + 1), "expected a tag such as `[Deal \"N:...\"]`".into()));
        }
        // The value runs to the next unescaped quote.
        let mut i = quote + 1;
        let bytes = self.text.as_bytes();
        while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
            i += if bytes[i] == b'\\' { 2 } else { 1 };
        }
        if i >= bytes.len() || bytes[i] != b'"' {
            return Err((Span::new(quote, i.min(bytes.len())), "this tag value has no closing quote".into()));
        }
        let value = &self.text[quote + 1..i];
        let close = self.text[i + 1..].find(|c: char| c != ' ' && c != '\t').map(|j| i + 1 + j);
        if close.map(|c| bytes[c]) != Some(b']') {
            return Err((Span::new(i, i + 1), "expected `]` after the tag value".into()));
        }
        self.at = close.expect("checked") + 1;
        Ok(Tag { name, value, value_span: Span::new(quote + 1, i) })
    }
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

    use crate::files::pbn::{double_dummy_tricks as dd_digits, write_dd_tags, PbnWriter};
    use dealvm_vm::evaluation::dd::{ParContract, ParDeclarer, ParResult};

    /// The deal of BridgeComposer's example (board 6 of its tag-order test file).
    const COMPOSER_DEAL: &str = "N:A42.KT952.Q97.63 T83.7.8432.AQJ52 KJ6.843.K65.K984 Q975.AQJ6.AJT.T7";

    /// Its table, as BridgeComposer wrote it: `DoubleDummyTricks`, then the section.
    const COMPOSER_GAME: &str = "[Board \"6\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"NS\"]\r\n\
        [Deal \"N:A42.KT952.Q97.63 T83.7.8432.AQJ52 KJ6.843.K65.K984 Q975.AQJ6.AJT.T7\"]\r\n\
        [DoubleDummyTricks \"65755758556857867588\"]\r\n[OptimumScore \"EW 110\"]\r\n[ParContract \"E 2S=\"]\r\n\
        [Auction \"N\"]\r\n1NT Pass 3NT AP\r\n[Play \"W\"]\r\nSQ *\r\n\
        [OptimumResultTable \"Declarer;Denomination\\2R;Result\\1R\"]\r\n\
        N NT 6\r\nN  S 5\r\nN  H 7\r\nN  D 5\r\nN  C 5\r\nS NT 7\r\nS  S 5\r\nS  H 8\r\nS  D 5\r\nS  C 5\r\n\
        E NT 6\r\nE  S 8\r\nE  H 5\r\nE  D 7\r\nE  C 8\r\nW NT 6\r\nW  S 7\r\nW  H 5\r\nW  D 8\r\nW  C 8\r\n\r\n";

    /// The table of BridgeComposer's example, declarers N E S W, strains NT S H D C.
    fn composer_table() -> TrickTable {
        let rows = [[6, 5, 7, 5, 5], [6, 8, 5, 7, 8], [7, 5, 8, 5, 5], [6, 7, 5, 8, 8]];
        let mut t = TrickTable::default();
        for (seat, counts) in Seat::ALL.into_iter().zip(rows) {
            for (strain, n) in DENOMINATIONS.into_iter().zip(counts) {
                t.set(seat, strain, n);
            }
        }
        t
    }

    /// The boards of a PBN text.
    fn boards(text: &str) -> Vec<Board> {
        read(&Source::new("t.pbn", text)).unwrap_or_else(|d| panic!("{}", d.render(None)))
    }

    /// The message of a refusal and its line and column.
    fn refusal(text: &str) -> (String, (usize, usize)) {
        let d = read(&Source::new("t.pbn", text)).expect_err("a refusal");
        let place = d.source.as_ref().unwrap().line_col(d.span.unwrap().start);
        (d.message, place)
    }

    /// `text` with its line `n` (from 1) replaced by `line`.
    fn with_line(text: &str, n: usize, line: &str) -> String {
        text.split("\r\n").enumerate().map(|(i, l)| if i + 1 == n { line } else { l }).collect::<Vec<_>>().join("\r\n")
    }

    #[test]
    fn bridge_composer_tables_are_read() {
        let b = boards(COMPOSER_GAME);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].deal, parse_deal(COMPOSER_DEAL).unwrap());
        assert_eq!(b[0].tricks, Some(composer_table()));
        // Either tag alone gives the same table.
        let section_only = COMPOSER_GAME.replace("[DoubleDummyTricks \"65755758556857867588\"]\r\n", "");
        assert_eq!(boards(&section_only)[0].tricks, Some(composer_table()));
        let cut = COMPOSER_GAME.find("[OptimumResultTable").unwrap();
        let tag_only = format!("{}\r\n", &COMPOSER_GAME[..cut]);
        assert_eq!(boards(&tag_only)[0].tricks, Some(composer_table()));
        assert_eq!(dd_digits(&composer_table()), "65755758556857867588");
    }

    #[test]
    fn written_tables_read_back() {
        let deal = parse_deal(COMPOSER_DEAL).unwrap();
        let mut other = composer_table();
        other.set(Seat::West, Strain::Clubs, 13);
        other.set(Seat::East, Strain::NoTrump, 10);
        let contract = ParContract { level: 2, strain: Strain::Spades, doubled: false, declarer: ParDeclarer::Seat(Seat::East) };
        let par = ParResult { score: -110, contract };
        let mut out = Vec::new();
        let mut writer = PbnWriter::new("tables", "");
        for (board, table) in [(1, composer_table()), (2, other)] {
            let mut game = Vec::new();
            writer.game(&mut game, board, &deal, None, None, None).unwrap();
            game.truncate(game.len() - 2);
            write_dd_tags(&mut game, &table, &par).unwrap();
            game.extend_from_slice(b"\r\n");
            out.extend(game);
        }
        let b = boards(&String::from_utf8(out).unwrap());
        assert_eq!(b.iter().map(|b| (b.number, b.tricks)).collect::<Vec<_>>(), vec![(1, Some(composer_table())), (2, Some(other))]);
    }

    #[test]
    fn rows_come_in_any_order_and_spacing() {
        let mut rows: Vec<String> = Seat::ALL
            .into_iter()
            .flat_map(|seat| DENOMINATIONS.map(|st| (seat, st)))
            .map(|(seat, st)| format!("{}\t{}   {}", seat.letter().to_ascii_lowercase(), denomination(st), composer_table().get(seat, st)))
            .collect();
        rows.reverse();
        rows.insert(3, "; a comment".into());
        let text = format!("[Deal \"{COMPOSER_DEAL}\"]\n[OptimumResultTable \"\"]\n{}\n[Contract \"3NT\"]\n", rows.join("\n"));
        let b = boards(&text);
        assert_eq!(b[0].tricks, Some(composer_table()));
    }

    #[test]
    fn columns_come_in_any_order() {
        let rows: Vec<String> = Seat::ALL
            .into_iter()
            .flat_map(|seat| DENOMINATIONS.map(|st| (seat, st)))
            .map(|(seat, st)| format!("{:>2} {} {}", composer_table().get(seat, st), seat.letter(), denomination(st)))
            .collect();
        let text = format!("[Deal \"{COMPOSER_DEAL}\"]\n[OptimumResultTable \"-Result\\2R;+Declarer;Denomination\\2R\"]\n{}\n", rows.join("\n"));
        assert_eq!(boards(&text)[0].tricks, Some(composer_table()));
    }

    #[test]
    fn games_without_tables_have_no_tricks() {
        let text = format!("[Deal \"{COMPOSER_DEAL}\"]\n[DoubleDummyTricks \"\"]\n\n[Deal \"{COMPOSER_DEAL}\"]\n[OptimumResultTable \"?\"]\n\n");
        assert_eq!(boards(&text).iter().map(|b| b.tricks).collect::<Vec<_>>(), vec![None, None]);
    }

    #[test]
    fn damaged_optimum_result_tables_are_refused_with_their_place() {
        // Line 12 is the header; rows N NT .. W C are lines 13 to 32.
        let header = 12;
        let missing = with_line(COMPOSER_GAME, header + 8, "; S H 8 lost");
        let (m, place) = refusal(&missing);
        assert_eq!(m, "this optimum result table has no row for S H; it needs 20, one per declarer and denomination");
        assert_eq!(place, (header, 22));

        let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 3, "N  H 14"));
        assert_eq!((m.as_str(), place), ("14 tricks for North in hearts; a count is 0 to 13", (header + 3, 6)));

        let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 3, "N  S 5"));
        assert_eq!((m.as_str(), place), ("a second row for N S", (header + 3, 1)));

        let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 1, "X NT 6"));
        assert_eq!((m.as_str(), place), ("found `X`, expected a declarer: N, E, S or W", (header + 1, 1)));

        let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 2, "N  Q 5"));
        assert_eq!((m.as_str(), place), ("found `Q`, expected a denomination: NT, S, H, D or C", (header + 2, 4)));

        let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 2, "N  S +5"));
        assert_eq!((m.as_str(), place), ("found `+5`, expected a number of tricks (0 to 13)", (header + 2, 6)));

        let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 2, "N  S five"));
        assert_eq!((m.as_str(), place), ("found `five`, expected a number of tricks (0 to 13)", (header + 2, 6)));

        let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 2, "N  S"));
        assert_eq!((m.as_str(), place), ("found `N  S`, expected a row of 3 columns: declarer, denomination and tricks", (header + 2, 1)));

        let (m, place) = refusal(&with_line(COMPOSER_GAME, header, "[OptimumResultTable \"Declarer;Tricks\"]"));
        assert!(m.starts_with("found `Declarer;Tricks`, expected the columns"), "{m}");
        assert_eq!(place, (header, 22));
    }

    #[test]
    fn damaged_double_dummy_tricks_are_refused_with_their_place() {
        let line = 5;
        let tag = |value: &str| refusal(&with_line(COMPOSER_GAME, line, &format!("[DoubleDummyTricks \"{value}\"]")));
        let (m, place) = tag("6575575855685786758g");
        assert_eq!((m.as_str(), place), ("`g` is not a hexadecimal digit (0 to 9, a to d)", (line, 40)));
        let (m, place) = tag("657557e8556857867588");
        assert_eq!((m.as_str(), place), ("`e` gives South 14 tricks in spades; a count is 0 to 13", (line, 27)));
        let (m, place) = tag("6575575855685786758");
        assert_eq!((m.as_str(), place), ("found 19 digits, expected 20: the tricks of N, S, E and W, each in NT, S, H, D and C", (line, 21)));
        let (m, place) = tag("657557585568578675881");
        assert!(m.starts_with("found 21 digits"), "{m}");
        assert_eq!(place, (line, 41));
        let (m, place) = tag("65755758556857867589");
        assert_eq!(m, "board 6: the `DoubleDummyTricks` tag gives West 9 tricks in clubs, the `OptimumResultTable` 8");
        assert_eq!(place, (line, 21));
    }

    #[test]
    fn a_second_table_for_a_board_is_refused() {
        let again = COMPOSER_GAME.replace("[OptimumScore", "[DoubleDummyTricks \"65755758556857867588\"]\r\n[OptimumScore");
        let (m, place) = refusal(&again);
        assert_eq!((m.as_str(), place), ("a second `DoubleDummyTricks` tag for board 6; a board has one table of tricks", (6, 21)));
        let cut = COMPOSER_GAME.find("[OptimumResultTable").unwrap();
        let twice = format!("{}{}", &COMPOSER_GAME[..COMPOSER_GAME.len() - 2], &COMPOSER_GAME[cut..]);
        let (m, _) = refusal(&twice);
        assert_eq!(m, "a second `OptimumResultTable` tag for board 6; a board has one table of tricks");
        // After an empty line, a table starts a new game (which has no deal, so is skipped).
        assert_eq!(boards(&format!("{COMPOSER_GAME}{}", &COMPOSER_GAME[cut..])).len(), 1);
    }

    #[test]
    fn tables_no_deal_can_have_are_refused() {
        // East holds the ace of clubs, so West takes a club trick as declarer. (With both
        // tables the disagreement is found first.)
        let (m, place) = refusal(&with_line(COMPOSER_GAME, 5, "[DoubleDummyTricks \"65755758556857867580\"]"));
        assert_eq!(m, "board 6: the `DoubleDummyTricks` tag gives West 0 tricks in clubs, the `OptimumResultTable` 8");
        assert_eq!(place.0, 5);
        let header = 12;
        let (m, place) = refusal(&with_line(&COMPOSER_GAME.replace("[DoubleDummyTricks \"65755758556857867588\"]\r\n", ""), header + 19, "W  C 0"));
        assert!(m.starts_with("board 6: 0 tricks for West in clubs, but East holds the ace of trumps"), "{m}");
        assert_eq!(place, (header - 1, 22));
        let cut = COMPOSER_GAME.find("[OptimumResultTable").unwrap();
        let tag_only = format!("{}\r\n", &COMPOSER_GAME[..cut]).replace("65755758556857867588", "65755758556857867580");
        let (m, place) = refusal(&tag_only);
        assert_eq!(m, "board 6: 0 tricks for West in clubs, but East holds the ace of trumps, which always takes a trick: the table is not double-dummy results");
        assert_eq!(place, (5, 21));
    }

    #[test]
    fn lines_ending_in_a_lone_cr_are_read() {
        let cr = COMPOSER_GAME.replace("\r\n", "\r");
        assert_eq!(crate::source::read("cr.pbn", cr.into_bytes()).unwrap()[0].tricks, Some(composer_table()));
    }
}
