//! The constructs of [`super::LACKS`] found in the text of a script and in its tokens, as the
//! lexer reads them, and what the classic Dealers' scanner prints from its comments.

use super::{lacks, Construct, Dealer, Finding, Outcome, ECHOED_IN_COMMENTS};
use crate::diag::Span;
use crate::front::lex::{LexErrorKind, Tok};
use logos::Logos;

/// Dealer's message when it stops on a construct it lacks.
fn refusal_message(outcome: Outcome) -> Option<&'static str> {
    match outcome {
        Outcome::SyntaxError => Some("syntax error\n"),
        Outcome::TooManyShapes => Some("Too many shapes -- only 32 allowed!\n\n"),
        Outcome::UnknownWord => Some("unknown variable\n"),
        Outcome::ReadsOtherwise => None,
    }
}

/// The findings so far, and the Dealer they are for.
struct Found {
    dealer: Dealer,
    list: Vec<Finding>,
}

impl Found {
    /// Adds a finding of `construct` at `span` (said as `detail`) when the Dealer lacks it;
    /// `stop` is where its scanner stops when it refuses it (`None`: not known exactly).
    fn add(&mut self, construct: Construct, span: Span, detail: String, stop: Option<usize>) {
        let Some(lack) = lacks(self.dealer, construct) else { return };
        let title = self.dealer.title();
        let (outcome, says) = match (lack.outcome, self.dealer) {
            (Outcome::TooManyShapes, Dealer::V2) => (Outcome::ReadsOtherwise, format!("; {title} gets the clauses after the 16th wrong")),
            (Outcome::TooManyShapes, _) => (lack.outcome, format!("; {title} stops: \"Too many shapes -- only 32 allowed!\"")),
            (Outcome::UnknownWord, _) => (lack.outcome, format!("; {title} does not know it and stops (a syntax error, or an unknown variable)")),
            (Outcome::SyntaxError, _) => (lack.outcome, format!("; {title} stops with a syntax error")),
            (Outcome::ReadsOtherwise, _) => (lack.outcome, String::new()),
        };
        let message = format!("{}: {}{says}", lack.what, detail.replace("{dealer}", title));
        let refused = if self.dealer == Dealer::V2 { None } else { stop.zip(refusal_message(outcome)) };
        let operand = detail.split('`').nth(1).unwrap_or("").trim_start_matches('-');
        self.list.push(Finding { span, message, instead: lack.instead.replace("{operand}", operand), refused });
    }
}

/// Whether a token ends an operand, so that a `-` after it subtracts.
fn ends_operand(t: &Tok<'_>) -> bool {
    matches!(
        t,
        Tok::Number(_)
            | Tok::Distribution(_)
            | Tok::DotNum(_)
            | Tok::Holding(_)
            | Tok::Card(_)
            | Tok::Contract(_)
            | Tok::Ident(_)
            | Tok::RParen
            | Tok::ScriptVar(_)
            | Tok::FdShape(_)
    )
}

/// The word of a keyword token, as [`Construct::Word`] names it.
fn word<'s>(t: &Tok<'s>, slice: &'s str) -> Option<&'s str> {
    match t {
        Tok::Ident(_) | Tok::Str(_) | Tok::Comment => None,
        _ if slice.bytes().all(|b| b.is_ascii_alphanumeric()) && slice.bytes().any(|b| b.is_ascii_lowercase()) => Some(slice),
        _ => None,
    }
}

/// The ranks in the order a holding is written in Dealer.
const RANKS: &[u8] = b"AKQJT98765432";

/// How many cards after the suit letter of `holding` are in Dealer's order (each rank once,
/// from the ace down).
fn ordered_prefix(holding: &str) -> usize {
    let mut next = 0;
    for (i, c) in holding.bytes().skip(1).enumerate() {
        match RANKS[next..].iter().position(|&r| r == c) {
            Some(p) => next += p + 1,
            None => return i,
        }
    }
    holding.len() - 1
}

/// The findings of `text` against `dealer`, from its tokens and the text between them.
pub(super) fn findings(text: &str, dealer: Dealer) -> Vec<Finding> {
    let mut found = Found { dealer, list: Vec::new() };
    let mut lexer = Tok::lexer(text).spanned();
    let tokens: Vec<_> = std::iter::from_fn(|| lexer.next().map(|(t, r)| (t, r.clone(), &text[r]))).collect();
    // The names a script defines (`opener = ...`): words the classic Dealers read as names.
    let mut defined: Vec<&str> = Vec::new();
    let mut prev: Option<Tok<'_>> = None;
    let mut minus: Option<usize> = None;
    let (mut shapes, mut shape_depth, mut depth) = (0usize, None::<(usize, usize)>, 0usize);
    let mut gap_start = 0;
    for (i, (tok, r, slice)) in tokens.iter().enumerate() {
        let (start, end, slice) = (r.start, r.end, *slice);
        spaces(&mut found, text, gap_start, start);
        gap_start = end;
        let Ok(tok) = tok.clone() else { continue };
        let span = Span::new(start, end);
        if tok == Tok::Comment {
            comment(&mut found, text, slice, span, prev.as_ref().is_some_and(ends_operand));
            continue;
        }
        if let Some(at) = minus.take() {
            match tok {
                Tok::Number(_) => {}
                Tok::Distribution(d) if d.bytes().all(|b| b.is_ascii_digit()) => {
                    found.add(Construct::MinusFourDigits, Span::new(at, end), format!("`-{d}`"), Some(start));
                }
                _ => {
                    let call = tokens.get(i + 1).is_some_and(|(t, ..)| matches!(t, Ok(Tok::LParen)));
                    let operand = if slice == "(" {
                        "(...)".to_string()
                    } else if call {
                        format!("{slice}(...)")
                    } else {
                        slice.to_string()
                    };
                    found.add(Construct::UnaryMinus, Span::new(at, end), format!("`-{operand}`"), Some(start));
                }
            }
        }
        match &tok {
            Tok::Minus if !prev.as_ref().is_some_and(ends_operand) => minus = Some(start),
            Tok::DotNum(_) => found.add(Construct::DecimalNumber, span, format!("`{slice}`"), Some(start + slice.find('.').unwrap_or(0))),
            Tok::FdShape(_) => found.add(Construct::FdShape, span, "`shape{`".into(), Some(start + slice.find('{').unwrap_or(0))),
            Tok::ScriptVar(_) => found.add(Construct::ScriptVariable, span, format!("`{slice}`"), Some(start)),
            Tok::Contract(c) => {
                if c.starts_with('z') {
                    found.add(Construct::ZContract, span, format!("`{c}`"), Some(start));
                } else {
                    found.add(Construct::XContract, span, format!("`{c}`"), None);
                }
                if c.len() > 3 {
                    found.add(Construct::DoubledContract, span, format!("`{c}`"), Some(start + 3));
                }
            }
            Tok::Holding(h) if ordered_prefix(h) + 1 < h.len() => {
                found.add(Construct::HoldingOrder, span, format!("`{h}`"), Some(start + 1 + ordered_prefix(h)));
            }
            Tok::Shape => {
                shapes += 1;
                if shapes == dealer.shape_clauses() + 1 {
                    shape_depth = Some((depth, start));
                }
            }
            Tok::LParen => depth += 1,
            Tok::RParen => {
                depth = depth.saturating_sub(1);
                if let Some((_, at)) = shape_depth.filter(|&(d, _)| d == depth) {
                    let detail = format!("this is clause {} and the most is {}", dealer.shape_clauses() + 1, dealer.shape_clauses());
                    found.add(Construct::ShapeClauses, Span::new(at, end), detail, Some(start));
                    shape_depth = None;
                }
            }
            t => {
                let lacked =
                    word(t, slice).and_then(|w| super::LACKS.iter().map(|l| l.construct).find(|c| matches!(c, Construct::Word(x) if *x == w)));
                let next = tokens[i + 1..].iter().find(|(t, ..)| !matches!(t, Ok(Tok::Comment)));
                if next.is_some_and(|(t, ..)| matches!(t, Ok(Tok::Assign))) {
                    defined.push(slice);
                } else if let Some(Construct::Word(w)) = lacked.filter(|_| !defined.contains(&slice)) {
                    found.add(Construct::Word(w), span, format!("`{w}`"), Some(start));
                }
            }
        }
        prev = Some(tok);
    }
    spaces(&mut found, text, gap_start, text.len());
    found.list
}

/// The findings of a comment `slice` at `span`: a `#` not in the first column, a comment
/// without a line end at the end of the file, and the characters the scanner prints from a
/// `/* */` comment. `after_operand`: the token before it ends an operand.
fn comment(found: &mut Found, text: &str, slice: &str, span: Span, after_operand: bool) {
    if slice.starts_with("/*") {
        let inner = &slice[2..slice.len().saturating_sub(2)];
        let echoed: String = inner.chars().filter(|c| c.is_ascii() && ECHOED_IN_COMMENTS.contains(&(*c as u8))).collect();
        if !echoed.is_empty() {
            found.add(Construct::EchoedInComment, span, format!("{{dealer}} prints `{echoed}` on standard output before the deals"), None);
        }
        return;
    }
    let hash = slice.starts_with('#');
    if hash && span.start > 0 && text.as_bytes()[span.start - 1] != b'\n' {
        found.add(Construct::HashNotFirst, Span::new(span.start, span.start + 1), "`#`".into(), Some(span.start));
        return;
    }
    if span.end == text.len() {
        // Without its line end, `//` is two divisions: the first may follow an operand.
        let stop = if !hash && after_operand { span.start + 1 } else { span.start };
        found.add(
            Construct::CommentAtEnd,
            Span::new(span.start, span.start + if hash { 1 } else { 2 }),
            format!("`{}`", &slice[..if hash { 1 } else { 2 }]),
            Some(stop),
        );
    }
}

/// The findings of the text between two tokens, `text[from..to]`: a form feed, a vertical tab
/// or a carriage return not before a line end.
fn spaces(found: &mut Found, text: &str, from: usize, to: usize) {
    let bytes = text.as_bytes();
    for i in from..to {
        let odd = match bytes[i] {
            b'\x0c' | b'\x0b' => true,
            b'\r' => bytes[i..to].iter().find(|&&b| b != b'\r').is_none_or(|&b| b != b'\n'),
            _ => false,
        };
        if odd {
            let name = match bytes[i] {
                b'\x0c' => "a form feed",
                b'\x0b' => "a vertical tab",
                _ => "a carriage return",
            };
            found.add(Construct::OtherSpace, Span::new(i, i + 1), name.into(), Some(i));
        }
    }
}

/// The line Dealer names for the byte offset `at`: one more than the line ends before it,
/// those inside strings aside (its scanner does not count them).
pub(super) fn dealer_line(text: &str, at: usize) -> usize {
    let mut lexer = Tok::lexer(text);
    let mut in_strings = 0;
    while let Some(tok) = lexer.next() {
        let r = lexer.span();
        if r.start >= at {
            break;
        }
        if matches!(tok, Ok(Tok::Str(_))) {
            in_strings += text[r.start..r.end.min(at)].bytes().filter(|&b| b == b'\n').count();
        }
    }
    1 + text.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() - in_strings
}

/// What the classic Dealers' scanner prints from the `/* */` comments of `text` before the
/// byte offset `end`.
pub(super) fn echoed(text: &str, end: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut lexer = Tok::lexer(text);
    while let Some(tok) = lexer.next() {
        let r = lexer.span();
        if r.start >= end {
            break;
        }
        let unclosed = matches!(tok, Err(LexErrorKind::UnterminatedComment));
        if unclosed || matches!(tok, Ok(Tok::Comment)) && lexer.slice().starts_with("/*") {
            let inner_end = if unclosed { text.len().min(end) } else { (r.end - 2).min(end) };
            out.extend(text.as_bytes()[r.start + 2..inner_end.max(r.start + 2)].iter().filter(|b| ECHOED_IN_COMMENTS.contains(b)));
            if unclosed {
                break;
            }
        }
    }
    out
}

/// Where a `/*` that is never closed starts in `text`, if one is.
pub(super) fn unclosed_comment(text: &str) -> Option<usize> {
    let mut lexer = Tok::lexer(text).spanned();
    lexer.find_map(|(t, r)| matches!(t, Err(LexErrorKind::UnterminatedComment)).then_some(r.start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holdings_are_read_from_the_ace_down() {
        assert_eq!(ordered_prefix("SAKQ2"), 4);
        assert_eq!(ordered_prefix("SKQA"), 2);
        assert_eq!(ordered_prefix("HAA"), 1);
        assert_eq!(ordered_prefix("C"), 0);
    }

    #[test]
    fn the_scanner_echoes_five_characters_of_block_comments_only() {
        let text = "# EFO\n/* OPEN <a> FE */ x = 1 // E\n\"EFO\" /* O";
        assert_eq!(echoed(text, text.len()), b"OE<>FEO");
        assert_eq!(echoed(text, 12), b"OE");
        assert_eq!(unclosed_comment(text), Some(text.len() - 4));
    }

    #[test]
    fn dealers_lines_leave_out_the_line_ends_of_strings() {
        let text = "a\n\"two\nlines\"\nb";
        assert_eq!(dealer_line(text, text.len() - 1), 3);
        assert_eq!(dealer_line(text, 2), 2);
    }
}
