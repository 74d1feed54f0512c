//! Lexing: the Dealer input language as tokens.
//!
//! The token rules follow Dealer's flex scanner: longest match wins, and on a tie the more
//! specific rule (holding, card, contract, distribution) beats a plain identifier. On top of
//! the raw tokens, [`Lexer`] substitutes the script variables `$0`..`$9` as whole token
//! sequences, drops comments, and reports lexical errors with their spans.

use crate::diag::Span;
use dealvm_vm::card::{Seat, Side, Suit};
use logos::Logos;
use std::fmt;

/// What went wrong while reading a token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LexErrorKind {
    /// A character that starts no token.
    #[default]
    UnexpectedCharacter,
    /// A `/*` comment that never ends.
    UnterminatedComment,
    /// A `"` string that never ends.
    UnterminatedString,
    /// A `shape{` without its `}`.
    UnterminatedShape,
    /// A decimal number with more than two digits after the point.
    TooManyDecimals,
    /// A decimal number too large to keep (×100) in 64 bits.
    NumberTooLarge,
}

/// Skips the rest of a `/* ... */` comment.
fn block_comment<'s>(lex: &mut logos::Lexer<'s, Tok<'s>>) -> Result<(), LexErrorKind> {
    match lex.remainder().find("*/") {
        Some(i) => {
            lex.bump(i + 2);
            Ok(())
        }
        None => Err(LexErrorKind::UnterminatedComment),
    }
}

/// Reads the rest of a `"` string; strings may span lines and have no escapes (as in
/// Dealer: `"\n"` is a backslash and an `n`, and the next `"` ends the string).
fn string<'s>(lex: &mut logos::Lexer<'s, Tok<'s>>) -> Result<&'s str, LexErrorKind> {
    let rest = lex.remainder();
    match rest.find('"') {
        Some(i) => {
            lex.bump(i + 1);
            Ok(&rest[..i])
        }
        None => Err(LexErrorKind::UnterminatedString),
    }
}

/// Reads the inside of a `shape{ ... }` clause.
fn fd_shape<'s>(lex: &mut logos::Lexer<'s, Tok<'s>>) -> Result<&'s str, LexErrorKind> {
    let rest = lex.remainder();
    match rest.find('}') {
        Some(i) => {
            lex.bump(i + 1);
            Ok(&rest[..i])
        }
        None => Err(LexErrorKind::UnterminatedShape),
    }
}

/// The value ×100 of a decimal number such as `12.5`, `.25` or `15.`.
fn dotnum<'s>(lex: &mut logos::Lexer<'s, Tok<'s>>) -> Result<i64, LexErrorKind> {
    let text = lex.slice();
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if frac.len() > 2 {
        return Err(LexErrorKind::TooManyDecimals);
    }
    let whole = parse_number(whole).ok_or(LexErrorKind::NumberTooLarge)?;
    let frac = match frac.len() {
        0 => 0,
        1 => parse_number(frac).unwrap_or(0) * 10,
        _ => parse_number(frac).unwrap_or(0),
    };
    whole.checked_mul(100).and_then(|w| w.checked_add(frac)).ok_or(LexErrorKind::NumberTooLarge)
}

/// The value of a string of digits (`0` for none), or `None` beyond `i64::MAX`.
pub fn parse_number(digits: &str) -> Option<i64> {
    digits.bytes().try_fold(0i64, |n, d| n.checked_mul(10)?.checked_add((d - b'0') as i64))
}

/// A token of the Dealer language.
#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(error = LexErrorKind)]
#[logos(skip r"[ \t\r\n\f]+")]
pub enum Tok<'s> {
    // ---- comments (dropped by the Lexer)
    #[regex(r"//[^\n]*", allow_greedy = true)]
    #[regex(r"#[^\n]*", allow_greedy = true)]
    #[token("/*", block_comment)]
    Comment,

    // ---- literals
    #[regex("[0-9]+", |lex| lex.slice(), priority = 2)]
    Number(&'s str),
    /// Four characters of digits and `x`: a distribution, or (all digits) also a number.
    #[regex("[0-9x]{4}", |lex| lex.slice(), priority = 6)]
    Distribution(&'s str),
    #[regex(r"[0-9]+\.[0-9]*|\.[0-9]+", dotnum)]
    DotNum(i64),
    #[token("\"", string)]
    Str(&'s str),
    /// The bare token `\n`: a newline in a print list.
    #[token("\\n")]
    NewlineStr,
    #[regex("[CDHS][AKQJT2-9]*", |lex| lex.slice(), priority = 4)]
    Holding(&'s str),
    #[regex("[2-9TJQKA][CDHS]", |lex| lex.slice(), priority = 5)]
    Card(&'s str),
    #[regex("[xz][1-7][CDHSN]x{0,2}", |lex| lex.slice(), priority = 4)]
    Contract(&'s str),
    #[regex("[a-zA-Z][a-zA-Z0-9_]*", |lex| lex.slice(), priority = 1)]
    Ident(&'s str),
    #[regex(r"\$[0-9]", |lex| lex.slice().as_bytes()[1] - b'0')]
    ScriptVar(u8),
    /// `shape{ ... }`: the text between the braces.
    #[regex(r"shape[ \t\r\n]*\{", fd_shape)]
    FdShape(&'s str),

    // ---- punctuation and operators
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token(",")]
    Comma,
    #[token("=")]
    Assign,
    #[token("==")]
    EqEq,
    #[token("!=")]
    NotEq,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("%")]
    Percent,
    #[token("?")]
    Question,
    #[token(":")]
    Colon,
    #[token("&&")]
    #[token("and")]
    And,
    #[token("||")]
    #[token("or")]
    Or,
    #[token("!")]
    #[token("not")]
    Not,

    // ---- statements
    #[token("generate")]
    Generate,
    #[token("produce")]
    Produce,
    #[token("seed")]
    Seed,
    #[token("title")]
    Title,
    #[token("dealer")]
    Dealer,
    #[token("vulnerable")]
    Vulnerable,
    #[token("opener")]
    Opener,
    #[token("startboard")]
    StartBoard,
    #[token("predeal")]
    Predeal,
    #[token("pointcount")]
    Pointcount,
    #[token("altcount")]
    Altcount,
    #[token("condition")]
    Condition,
    #[token("action")]
    Action,

    // ---- actions
    #[token("print")]
    Print,
    #[token("printall")]
    PrintAll,
    #[token("printew")]
    PrintEw,
    #[token("printns")]
    PrintNs,
    #[token("printside")]
    PrintSide,
    #[token("printpbn")]
    PrintPbn,
    #[token("printcompact")]
    PrintCompact,
    #[token("printoneline")]
    PrintOneline,
    #[token("printes")]
    PrintEs,
    #[token("printrpt")]
    PrintRpt,
    #[token("csvrpt")]
    CsvRpt,
    #[token("average")]
    Average,
    #[token("frequency")]
    Frequency,
    #[token("bktfreq")]
    BktFreq,
    #[token("evalcontract")]
    EvalContract,
    /// dealvm's own action, a keyword only before its `(`: anywhere else a name, as in
    /// DealerV2 and classic Dealer (under `--classic`, the action is refused by name).
    #[token("evalleads")]
    EvalLeads,
    #[token("export")]
    Export,

    // ---- functions
    #[token("hcp")]
    #[token("hcps")]
    Hcp,
    #[token("club", |_| Suit::Clubs)]
    #[token("clubs", |_| Suit::Clubs)]
    #[token("diamond", |_| Suit::Diamonds)]
    #[token("diamonds", |_| Suit::Diamonds)]
    #[token("heart", |_| Suit::Hearts)]
    #[token("hearts", |_| Suit::Hearts)]
    #[token("spade", |_| Suit::Spades)]
    #[token("spades", |_| Suit::Spades)]
    Suit(Suit),
    #[token("notrump")]
    #[token("notrumps")]
    NoTrump,
    #[token("pt0", |_| 0u8)]
    #[token("ten", |_| 0u8)]
    #[token("tens", |_| 0u8)]
    #[token("pt1", |_| 1u8)]
    #[token("jack", |_| 1u8)]
    #[token("jacks", |_| 1u8)]
    #[token("pt2", |_| 2u8)]
    #[token("queen", |_| 2u8)]
    #[token("queens", |_| 2u8)]
    #[token("pt3", |_| 3u8)]
    #[token("king", |_| 3u8)]
    #[token("kings", |_| 3u8)]
    #[token("pt4", |_| 4u8)]
    #[token("ace", |_| 4u8)]
    #[token("aces", |_| 4u8)]
    #[token("pt5", |_| 5u8)]
    #[token("top2", |_| 5u8)]
    #[token("pt6", |_| 6u8)]
    #[token("top3", |_| 6u8)]
    #[token("pt7", |_| 7u8)]
    #[token("top4", |_| 7u8)]
    #[token("pt8", |_| 8u8)]
    #[token("top5", |_| 8u8)]
    #[token("pt9", |_| 9u8)]
    #[token("c13", |_| 9u8)]
    Pt(u8),
    #[token("loser")]
    #[token("losers")]
    Losers,
    #[token("control")]
    #[token("controls")]
    Controls,
    #[token("ltc")]
    Ltc,
    #[token("cccc")]
    Cccc,
    #[token("quality")]
    Quality,
    #[token("hascard")]
    HasCard,
    #[token("shape")]
    Shape,
    #[token("any")]
    Any,
    #[token("score")]
    Score,
    #[token("imp")]
    #[token("imps")]
    Imps,
    #[token("rnd")]
    Rnd,
    #[token("trick")]
    #[token("tricks")]
    Tricks,
    #[token("dds")]
    Dds,
    #[token("par")]
    Par,
    #[token("parcontract")]
    ParContract,
    #[token("opc")]
    Opc,
    #[token("trix")]
    Trix,
    #[token("usereval")]
    UserEval,
    #[token("deal")]
    DealKw,

    // ---- seats, sides, vulnerability
    #[token("north", |_| Seat::North)]
    #[token("east", |_| Seat::East)]
    #[token("south", |_| Seat::South)]
    #[token("west", |_| Seat::West)]
    Seat(Seat),
    #[token("NS", |_| Side::NorthSouth)]
    #[token("EW", |_| Side::EastWest)]
    Side(Side),
    #[token("ns")]
    VulNs,
    #[token("ew")]
    VulEw,
    #[token("none")]
    VulNone,
    #[token("all")]
    VulAll,
    #[token("both")]
    VulBoth,
    #[token("nv")]
    NonVul,
    #[token("vul")]
    Vul,
}

impl fmt::Display for Tok<'_> {
    /// Describes the token for an error message: `` `==` ``, `the number 13`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Number(n) => write!(f, "the number {n}"),
            Tok::Distribution(d) if d.bytes().all(|b| b.is_ascii_digit()) => {
                write!(f, "the number {d}")
            }
            Tok::Distribution(d) => write!(f, "the distribution {d}"),
            Tok::DotNum(v) => write!(f, "the number {}.{:02}", v / 100, v % 100),
            Tok::Str(s) => write!(f, "the string \"{s}\""),
            Tok::NewlineStr => write!(f, "`\\n`"),
            Tok::Holding(h) => write!(f, "the holding {h}"),
            Tok::Card(c) => write!(f, "the card {c}"),
            Tok::Contract(c) => write!(f, "the contract {c}"),
            Tok::Ident(i) => write!(f, "the name `{i}`"),
            Tok::ScriptVar(n) => write!(f, "`${n}`"),
            Tok::FdShape(_) => write!(f, "`shape{{...}}`"),
            Tok::Suit(s) => write!(f, "`{}`", s.name()),
            Tok::Seat(s) => write!(f, "`{}`", s.keyword()),
            Tok::Side(s) => write!(f, "`{}`", s.name()),
            Tok::Pt(n) => write!(f, "`pt{n}`"),
            other => match keyword_text(other) {
                Some(k) => write!(f, "`{k}`"),
                None => write!(f, "{other:?}"),
            },
        }
    }
}

/// The source text of a token that is always spelled the same way.
pub fn keyword_text(t: &Tok<'_>) -> Option<&'static str> {
    Some(match t {
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::Comma => ",",
        Tok::Assign => "=",
        Tok::EqEq => "==",
        Tok::NotEq => "!=",
        Tok::Lt => "<",
        Tok::Le => "<=",
        Tok::Gt => ">",
        Tok::Ge => ">=",
        Tok::Plus => "+",
        Tok::Minus => "-",
        Tok::Star => "*",
        Tok::Slash => "/",
        Tok::Percent => "%",
        Tok::Question => "?",
        Tok::Colon => ":",
        Tok::And => "&&",
        Tok::Or => "||",
        Tok::Not => "!",
        Tok::Generate => "generate",
        Tok::Produce => "produce",
        Tok::Seed => "seed",
        Tok::Title => "title",
        Tok::Dealer => "dealer",
        Tok::Vulnerable => "vulnerable",
        Tok::Opener => "opener",
        Tok::StartBoard => "startboard",
        Tok::Predeal => "predeal",
        Tok::Pointcount => "pointcount",
        Tok::Altcount => "altcount",
        Tok::Condition => "condition",
        Tok::Action => "action",
        Tok::Print => "print",
        Tok::PrintAll => "printall",
        Tok::PrintEw => "printew",
        Tok::PrintNs => "printns",
        Tok::PrintSide => "printside",
        Tok::PrintPbn => "printpbn",
        Tok::PrintCompact => "printcompact",
        Tok::PrintOneline => "printoneline",
        Tok::PrintEs => "printes",
        Tok::PrintRpt => "printrpt",
        Tok::CsvRpt => "csvrpt",
        Tok::Average => "average",
        Tok::Frequency => "frequency",
        Tok::BktFreq => "bktfreq",
        Tok::EvalContract => "evalcontract",
        Tok::EvalLeads => "evalleads",
        Tok::Export => "export",
        Tok::Hcp => "hcp",
        Tok::NoTrump => "notrump",
        Tok::Losers => "losers",
        Tok::Controls => "controls",
        Tok::Ltc => "ltc",
        Tok::Cccc => "cccc",
        Tok::Quality => "quality",
        Tok::HasCard => "hascard",
        Tok::Shape => "shape",
        Tok::Any => "any",
        Tok::Score => "score",
        Tok::Imps => "imps",
        Tok::Rnd => "rnd",
        Tok::Tricks => "tricks",
        Tok::Dds => "dds",
        Tok::Par => "par",
        Tok::ParContract => "parcontract",
        Tok::Opc => "opc",
        Tok::Trix => "trix",
        Tok::UserEval => "usereval",
        Tok::DealKw => "deal",
        Tok::VulNs => "ns",
        Tok::VulEw => "ew",
        Tok::VulNone => "none",
        Tok::VulAll => "all",
        Tok::VulBoth => "both",
        Tok::NonVul => "nv",
        Tok::Vul => "vul",
        _ => return None,
    })
}

/// The last token (comments aside) that ends at or before the byte offset `at`, with its
/// span, reading `source` from its start; script variables are left as `$n`.
pub fn token_before(source: &str, at: usize) -> Option<(Span, Tok<'_>)> {
    let mut lexer = Tok::lexer(source);
    let mut last = None;
    while let Some(t) = lexer.next() {
        let r = lexer.span();
        if r.end > at {
            break;
        }
        match t {
            Ok(Tok::Comment) | Err(_) => {}
            Ok(t) => last = Some((Span::new(r.start, r.end), t)),
        }
    }
    last
}

/// A lexical error with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub span: Span,
    pub message: String,
}

/// The script variables `$0`..`$9` given on the command line (`-0` .. `-9`).
pub type ScriptVars = [Option<String>; 10];

/// Tokens of one input file, with script variables substituted and comments dropped.
pub struct Lexer<'s> {
    main: logos::Lexer<'s, Tok<'s>>,
    /// Tokens of a script variable being substituted, with the span of its `$n`.
    pending: std::vec::IntoIter<Tok<'s>>,
    pending_span: Span,
    script: &'s ScriptVars,
    /// `--classic`: the words classic Dealer does not reserve are names ([`classic_name`]).
    classic: bool,
}

impl<'s> Lexer<'s> {
    /// A lexer over `source`, substituting `script` for `$0`..`$9`.
    pub fn new(source: &'s str, script: &'s ScriptVars) -> Lexer<'s> {
        Lexer { main: Tok::lexer(source), pending: Vec::new().into_iter(), pending_span: Span::default(), script, classic: false }
    }

    /// A lexer that reads, as classic Dealer does, the words only DealerV2 and dealvm reserve
    /// (`opener`, `title`, `ltc`, `par`, ...) as names (`--classic`).
    pub fn classic(source: &'s str, script: &'s ScriptVars) -> Lexer<'s> {
        Lexer { classic: true, ..Lexer::new(source, script) }
    }

    /// The tokens of a script variable's value.
    fn substitute(&self, n: u8, span: Span) -> Result<Vec<Tok<'s>>, LexError> {
        let Some(value) = self.script[n as usize].as_deref() else {
            return Err(LexError { span, message: format!("the script variable ${n} has no value; give it one on the command line with -{n}") });
        };
        let mut toks = Vec::new();
        let mut sub = Tok::lexer(value);
        while let Some(t) = sub.next() {
            match t {
                Ok(Tok::Comment) => {}
                Ok(Tok::ScriptVar(m)) => {
                    return Err(LexError { span, message: format!("the value of ${n} (`{value}`) contains ${m}; script variables do not nest") })
                }
                Ok(t) => toks.push(t),
                Err(kind) => {
                    return Err(LexError { span, message: format!("in the value of ${n} (`{value}`): {}", describe_lex_error(&kind, sub.slice())) })
                }
            }
        }
        Ok(toks)
    }
}

/// Whether a keyword is one that classic Dealer does not reserve: DealerV2's statements,
/// actions and functions, which a classic script may use as a variable's name.
fn classic_name(t: &Tok<'_>) -> bool {
    matches!(
        t,
        Tok::Seed
            | Tok::Title
            | Tok::Opener
            | Tok::StartBoard
            | Tok::PrintNs
            | Tok::PrintSide
            | Tok::PrintRpt
            | Tok::CsvRpt
            | Tok::BktFreq
            | Tok::Export
            | Tok::Ltc
            | Tok::Dds
            | Tok::Par
            | Tok::ParContract
            | Tok::Opc
            | Tok::Trix
            | Tok::UserEval
            | Tok::DealKw
            | Tok::VulBoth
    )
}

/// A message for a lexical error at the text `slice`.
fn describe_lex_error(kind: &LexErrorKind, slice: &str) -> String {
    match kind {
        LexErrorKind::UnexpectedCharacter => {
            let c = slice.chars().next().unwrap_or(' ');
            format!("unexpected character `{}`", c.escape_debug())
        }
        LexErrorKind::UnterminatedComment => "this `/*` comment is never closed with `*/`".into(),
        LexErrorKind::UnterminatedString => "this string is never closed with `\"`".into(),
        LexErrorKind::UnterminatedShape => "this `shape{` is never closed with `}`".into(),
        LexErrorKind::TooManyDecimals => format!("`{slice}` has more than two digits after the decimal point; Dealer numbers keep two"),
        LexErrorKind::NumberTooLarge => format!("the number {slice} is too large"),
    }
}

impl<'s> Iterator for Lexer<'s> {
    type Item = Result<(usize, Tok<'s>, usize), LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(t) = self.pending.next() {
            return Some(Ok((self.pending_span.start, t, self.pending_span.end)));
        }
        loop {
            let tok = self.main.next()?;
            let r = self.main.span();
            let span = Span::new(r.start, r.end);
            return Some(match tok {
                Ok(Tok::Comment) => continue,
                Ok(Tok::ScriptVar(n)) => match self.substitute(n, span) {
                    Ok(toks) => {
                        self.pending = toks.into_iter();
                        self.pending_span = span;
                        match self.pending.next() {
                            Some(t) => Ok((span.start, t, span.end)),
                            None => continue,
                        }
                    }
                    Err(e) => Err(e),
                },
                Ok(t) if self.classic && classic_name(&t) => Ok((span.start, Tok::Ident(self.main.slice()), span.end)),
                Ok(Tok::EvalLeads) if !self.main.remainder().trim_start().starts_with('(') => {
                    Ok((span.start, Tok::Ident(self.main.slice()), span.end))
                }
                Ok(t) => Ok((span.start, t, span.end)),
                Err(kind) => {
                    let span = match kind {
                        // Point at the opening delimiter, not at the whole rest of the file.
                        LexErrorKind::UnterminatedComment => Span::new(r.start, r.start + 2),
                        LexErrorKind::UnterminatedString => Span::new(r.start, r.start + 1),
                        LexErrorKind::UnterminatedShape => span,
                        _ => span,
                    };
                    Err(LexError { span, message: describe_lex_error(&kind, self.main.slice()) })
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok<'_>> {
        static NO_VARS: ScriptVars = [None, None, None, None, None, None, None, None, None, None];
        Lexer::new(src, &NO_VARS).map(|r| r.unwrap().1).collect()
    }

    #[test]
    fn longest_match_then_specific_rules() {
        assert_eq!(toks("SAKQ"), vec![Tok::Holding("SAKQ")]);
        assert_eq!(toks("SAKQx"), vec![Tok::Ident("SAKQx")]);
        assert_eq!(toks("AS TC"), vec![Tok::Card("AS"), Tok::Card("TC")]);
        assert_eq!(toks("x5xx 4432 12345"), vec![Tok::Distribution("x5xx"), Tok::Distribution("4432"), Tok::Number("12345")]);
        assert_eq!(toks("z4Sxx x3N x3"), vec![Tok::Contract("z4Sxx"), Tok::Contract("x3N"), Tok::Ident("x3")]);
        assert_eq!(toks("hcps hcpS"), vec![Tok::Hcp, Tok::Ident("hcpS")]);
        assert_eq!(toks("15and"), vec![Tok::Number("15"), Tok::And]);
        assert_eq!(toks("12.5 .25 15."), vec![Tok::DotNum(1250), Tok::DotNum(25), Tok::DotNum(1500)]);
    }

    #[test]
    fn comments_strings_and_fd_shapes() {
        assert_eq!(toks("a # x\n/* y \n z */ b // c"), vec![Tok::Ident("a"), Tok::Ident("b")]);
        assert_eq!(toks("\"two\nlines\" \\n"), vec![Tok::Str("two\nlines"), Tok::NewlineStr]);
        // No escapes, as in Dealer: a backslash is a backslash, and the next quote ends.
        assert_eq!(toks(r#""C:\" "a\n""#), vec![Tok::Str(r"C:\"), Tok::Str(r"a\n")]);
        assert_eq!(toks("shape {north, 5+xxx}"), vec![Tok::FdShape("north, 5+xxx")]);
    }

    #[test]
    fn script_variables_are_token_sequences() {
        let mut vars: ScriptVars = Default::default();
        vars[4] = Some("x6xx + 0xxx".into());
        let got: Vec<_> = Lexer::new("shape(east, $4)", &vars).map(|r| r.unwrap()).collect();
        assert_eq!(got[4], (12, Tok::Distribution("x6xx"), 14));
        assert_eq!(got[6].1, Tok::Distribution("0xxx"));
        let err = Lexer::new("$3", &vars).next().unwrap().unwrap_err();
        assert!(err.message.contains("-3"));
    }
}
