//! Reading PBN files (Portable Bridge Notation), leniently but without losing a board.
//!
//! Reading takes every game with its `Deal`, `Board`, `Dealer` and `Vulnerable` tags (tag
//! names in any case); other tags, comments (`%`, `;`, `{...}`) and sections are skipped. A
//! game ends at an empty line or where one of its tags comes again. Every game with a `Board`
//! or a `Deal` tag must hold a complete deal: a damaged, empty (`""`, `"?"`) or missing `Deal`
//! is an error naming the board and its place. A game with neither (such as a header game
//! with only `Event` and `Site`) is skipped.

use crate::front::diag::{Diagnostic, Source, Span};
use dealvm_vm::board::{Board, Vulnerability};
use dealvm_vm::card::{rank_from_char, Card, Deal, Hand, Seat, Suit};

/// Reads the games of a PBN file: every game with a board or a deal, which must be complete.
pub fn read(src: &Source) -> Result<Vec<Board>, Diagnostic> {
    let err = |span: Span, message: String| Diagnostic::at(span, message).in_source(src.clone());
    let mut boards = Vec::new();
    let mut game = Game::default();
    let mut tags = Tags { text: &src.text, at: 0, after_blank: false };
    while let Some(tag) = tags.next_tag().map_err(|(span, m)| err(span, m))? {
        let name = tag.name.to_ascii_lowercase();
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
            "deal" => game.deal = Some((tag.value, tag.value_span)),
            _ => {}
        }
        game.seen.push(name);
    }
    boards.extend(game.finish(boards.last()).map_err(|(span, m)| err(span, m))?);
    Ok(boards)
}

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
        Ok(Some(Board { number, deal, dealer: self.dealer, vulnerable: self.vulnerable, tricks: None }))
    }
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
                let rank = rank_from_char(c.to_ascii_uppercase())
                    .ok_or((pos + j, c.len_utf8(), format!("`{c}` is not a rank (AKQJT98765432)")))?;
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
                    let end = self.text[self.at..].find('}').ok_or((Span::new(self.at, self.at + 1), "this comment has no closing `}`".to_string()))?;
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
}
