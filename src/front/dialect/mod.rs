//! What each Dealer lacks or reads differently from dealvm, declared as data ([`LACKS`]), and
//! the findings of a script against one of them ([`check`]): `dealvm check` prints them, and
//! `--classic` refuses what Debian's dealer or `dealer.exe` refuses, as it refuses it
//! ([`refusal`]), and echoes what their scanner echoes ([`echoed`]).
//!
//! The Dealers ([`Dealer`]): Debian's `/usr/games/dealer` (what BBO runs), the Windows
//! `dealer.exe` (the same Dealer, with every binary operator on a level of its own), and
//! DealerV2. Each fact of the table was found by running `/usr/games/dealer` on a script that
//! holds the construct (`tests/data/check/`), or from the DealerV2 manual and the classic-exe
//! references. `scan` finds the constructs in the text and its tokens, `grouping` the
//! operators that `dealer.exe` or DealerV2 groups otherwise.

mod grouping;
mod scan;

use crate::diag::Span;

/// A Dealer a script is meant for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dealer {
    /// Debian's `/usr/games/dealer`, which BBO runs.
    Debian,
    /// The Windows `dealer.exe`.
    Exe,
    /// DealerV2.
    V2,
}

impl Dealer {
    /// The name `--dialect` takes.
    pub fn name(self) -> &'static str {
        match self {
            Dealer::Debian => "dealer",
            Dealer::Exe => "exe",
            Dealer::V2 => "v2",
        }
    }

    /// How messages call it.
    pub fn title(self) -> &'static str {
        match self {
            Dealer::Debian => "Debian's dealer",
            Dealer::Exe => "dealer.exe",
            Dealer::V2 => "DealerV2",
        }
    }

    /// The most `shape(...)` clauses a script may hold: Debian's dealer and `dealer.exe` refuse
    /// the 32nd ("Too many shapes -- only 32 allowed!"), DealerV2 gets the 17th and later wrong.
    pub fn shape_clauses(self) -> usize {
        match self {
            Dealer::Debian | Dealer::Exe => 31,
            Dealer::V2 => 16,
        }
    }
}

/// A construct that dealvm reads and some Dealer does not, or reads otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Construct {
    /// A statement, action or function word (as the lexer reads it).
    Word(&'static str),
    /// A number with a decimal point (`12.5`).
    DecimalNumber,
    /// A François Dellacherie shape, `shape{...}`.
    FdShape,
    /// A script variable, `$1`.
    ScriptVariable,
    /// A contract written with `z` (`z4S`).
    ZContract,
    /// A contract written with `x` (`x4S`).
    XContract,
    /// A doubled or redoubled contract (`x4Sx`, `z4Sxx`).
    DoubledContract,
    /// A predealt holding whose cards are not in the order A K Q J T 9 ... 2.
    HoldingOrder,
    /// A minus before a number of exactly four digits (`-1000`).
    MinusFourDigits,
    /// A minus before anything but a number (`-hcp(north)`, `-(3)`).
    UnaryMinus,
    /// More `shape(...)` clauses than [`Dealer::shape_clauses`].
    ShapeClauses,
    /// A `#` comment that does not start in the first column.
    HashNotFirst,
    /// A `//` or `#` comment on the last line, with no line end after it.
    CommentAtEnd,
    /// A form feed, a vertical tab, or a carriage return not before a line end.
    OtherSpace,
    /// `E`, `F`, `O`, `<` or `>` inside a `/* */` comment.
    EchoedInComment,
    /// Operators written without parentheses that are grouped otherwise.
    Grouping,
}

/// What a Dealer does with a construct it lacks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It does not know the word: it stops with "syntax error", or with "unknown variable"
    /// where the word could be a variable (exit status 255).
    UnknownWord,
    /// It stops with "syntax error" (exit status 255).
    SyntaxError,
    /// It stops with "Too many shapes -- only 32 allowed!" (exit status 255).
    TooManyShapes,
    /// It runs, but reads or prints the script otherwise.
    ReadsOtherwise,
}

/// One fact: the Dealers that lack a construct, what they do with it, and what to write instead.
#[derive(Copy, Clone, Debug)]
pub struct Lack {
    pub construct: Construct,
    pub dealers: &'static [Dealer],
    pub outcome: Outcome,
    /// What the construct is, for the message.
    pub what: &'static str,
    /// What to write instead (`{operand}`: the text the construct applies to).
    pub instead: &'static str,
}

const CLASSIC: &[Dealer] = &[Dealer::Debian, Dealer::Exe];
const ALL: &[Dealer] = &[Dealer::Debian, Dealer::Exe, Dealer::V2];

/// A DealerV2 word that the classic Dealers lack.
const fn v2_word(word: &'static str, instead: &'static str) -> Lack {
    Lack { construct: Construct::Word(word), dealers: CLASSIC, outcome: Outcome::UnknownWord, what: "a DealerV2 word", instead }
}

/// What each Dealer lacks or reads otherwise.
pub const LACKS: &[Lack] = &[
    v2_word("seed", "give the seed on the command line, `dealer -s N`"),
    v2_word("title", "leave the title out (or make it a `#` comment in the first column)"),
    v2_word("opener", "leave it out; classic Dealer has no `opener` (`ltc` and `opc` need it, and it lacks them too)"),
    v2_word("printns", "use `printall` or `print(north, south)`"),
    v2_word("printside", "use `printew`, `printall` or `print(north, south)`"),
    v2_word("printrpt", "use `printes(...)`"),
    v2_word("csvrpt", "use `printes(...)` with \",\" between the values"),
    v2_word("bktfreq", "use `frequency` over the whole range"),
    v2_word("export", "use `printpbn` or `printoneline`"),
    v2_word("ltc", "count the losers with `losers(seat)`"),
    v2_word("dds", "use `tricks(seat, strain)`, which Debian's dealer answers only with its external solver"),
    v2_word("par", "leave it out: classic Dealer has no par"),
    v2_word("parcontract", "leave it out: classic Dealer has no par"),
    v2_word("opc", "use `hcp`, or a `pointcount` of your own"),
    v2_word("trix", "leave it out: classic Dealer has no trick tables"),
    v2_word("usereval", "leave it out: classic Dealer has no user evaluation"),
    v2_word("deal", "leave it out"),
    Lack {
        construct: Construct::Word("both"),
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a DealerV2 word",
        instead: "write `vulnerable all`",
    },
    Lack {
        construct: Construct::Word("evalleads"),
        dealers: ALL,
        outcome: Outcome::UnknownWord,
        what: "dealvm's own action",
        instead: "leave it out: no other Dealer studies opening leads (`evalcontract` scores one contract)",
    },
    Lack {
        construct: Construct::Word("startboard"),
        dealers: ALL,
        outcome: Outcome::UnknownWord,
        what: "dealvm's own statement",
        instead: "leave it out (dealvm's `--board-start N` does the same)",
    },
    Lack {
        construct: Construct::DecimalNumber,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a number with a decimal point",
        instead: "write whole numbers (multiply the values by 100 if need be)",
    },
    Lack {
        construct: Construct::FdShape,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a `shape{...}` (François Dellacherie) shape",
        instead: "list the shapes in `shape(seat, ...)`, or run the script through `dealer.dpp` first",
    },
    Lack {
        construct: Construct::ScriptVariable,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a script variable",
        instead: "write its value in the script",
    },
    Lack {
        construct: Construct::ZContract,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a contract written with `z`",
        instead: "write it with `x` (`x4S`)",
    },
    Lack {
        construct: Construct::XContract,
        dealers: &[Dealer::V2],
        outcome: Outcome::SyntaxError,
        what: "a contract written with `x`",
        instead: "write it with `z` (`z4S`)",
    },
    Lack {
        construct: Construct::DoubledContract,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a doubled or redoubled contract",
        instead: "write the contract undoubled; classic Dealer scores no doubled contract",
    },
    Lack {
        construct: Construct::HoldingOrder,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a holding not written from the ace down",
        instead: "write its cards in the order A K Q J T 9 8 7 6 5 4 3 2",
    },
    Lack {
        construct: Construct::MinusFourDigits,
        dealers: ALL,
        outcome: Outcome::SyntaxError,
        what: "a minus before a number of four digits",
        instead: "subtract it from 0, in parentheses: `(0 - {operand})`",
    },
    Lack {
        construct: Construct::UnaryMinus,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a minus before something that is not a number",
        instead: "subtract it from 0, in parentheses: `(0 - {operand})`",
    },
    Lack {
        construct: Construct::ShapeClauses,
        dealers: ALL,
        outcome: Outcome::TooManyShapes,
        what: "too many `shape(...)` clauses",
        instead: "join shapes in one clause (`shape(north, 4333 + 4432)`) or use fewer",
    },
    Lack {
        construct: Construct::HashNotFirst,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a `#` comment that does not start the line",
        instead: "start the line with `#`, or use `//`",
    },
    Lack {
        construct: Construct::CommentAtEnd,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a comment on the last line with no line end after it",
        instead: "end the file with a line end",
    },
    Lack {
        construct: Construct::OtherSpace,
        dealers: CLASSIC,
        outcome: Outcome::SyntaxError,
        what: "a form feed, vertical tab or lone carriage return",
        instead: "use spaces, tabs and line ends only",
    },
    Lack {
        construct: Construct::EchoedInComment,
        dealers: CLASSIC,
        outcome: Outcome::ReadsOtherwise,
        what: "a `/* */` comment holding E, F, O, < or >",
        instead: "write them otherwise (lower case), or use a `//` comment",
    },
    Lack {
        construct: Construct::Grouping,
        dealers: &[Dealer::Exe, Dealer::V2],
        outcome: Outcome::ReadsOtherwise,
        what: "operators it groups otherwise",
        instead: "add the parentheses",
    },
];

/// The characters of a `/* */` comment that the classic Dealers' scanner prints: its comment
/// rules match every other character, and flex's default rule echoes these to standard
/// output as the scanner reads them.
pub const ECHOED_IN_COMMENTS: &[u8] = b"EFO<>";

/// The fact about `construct` for `dealer`, if it lacks it.
pub fn lacks(dealer: Dealer, construct: Construct) -> Option<&'static Lack> {
    LACKS.iter().find(|l| l.construct == construct && l.dealers.contains(&dealer))
}

/// One construct of a script that a Dealer would refuse or read otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Where it is written.
    pub span: Span,
    /// What it is, and what the Dealer does with it.
    pub message: String,
    /// What to write instead.
    pub instead: String,
    /// When the Dealer refuses it: the byte offset of the token where it stops, and its message
    /// (after `line N: `, with its line ends).
    pub refused: Option<(usize, &'static str)>,
}

/// The findings of `text` against `dealer`, in the order of the text; `statements` are the
/// script's statements as dealvm reads them, for the operators' grouping.
pub fn check(text: &str, statements: &[crate::front::ast::Statement<'_>], dealer: Dealer) -> Vec<Finding> {
    let mut findings = scan::findings(text, dealer);
    findings.extend(grouping::findings(text, statements, dealer));
    findings.sort_by_key(|f| (f.span.start, f.span.end));
    findings
}

/// Where and how `dealer` (Debian's dealer or `dealer.exe`) stops on `text`: the first refused
/// finding, as the byte offset its scanner reached, the line it names and its message; `None`
/// when it reads the whole script.
pub fn refusal(text: &str, dealer: Dealer) -> Option<(usize, usize, &'static str)> {
    let first = scan::findings(text, dealer).into_iter().filter_map(|f| f.refused).min_by_key(|&(at, _)| at);
    // A `/*` never closed: the scanner reads to the end of the file, then stops.
    let open = scan::unclosed_comment(text);
    match (first, open) {
        (Some((at, message)), None) => Some((at, dealer_line(text, at), message)),
        (Some((at, message)), Some(o)) if at < o => Some((at, dealer_line(text, at), message)),
        (_, Some(o)) => {
            let line = dealer_line(text, o) + text[o..].bytes().filter(|&b| b == b'\n').count();
            Some((text.len(), line, "EOF found in comment\n"))
        }
        (None, None) => None,
    }
}

/// The line the classic Dealers name for the byte offset `at` of `text`: one more than the
/// line ends before it, those inside strings aside (their scanner does not count them).
pub fn dealer_line(text: &str, at: usize) -> usize {
    scan::dealer_line(text, at)
}

/// What the classic Dealers' scanner prints from the comments of `text` before the byte
/// offset `end` (the whole text: `text.len()`): each of [`ECHOED_IN_COMMENTS`] inside a
/// `/* */` comment, in order.
pub fn echoed(text: &str, end: usize) -> Vec<u8> {
    scan::echoed(text, end)
}

/// The Dealer `--dialect NAME` names.
pub fn dealer_named(name: &str) -> Option<Dealer> {
    [Dealer::Debian, Dealer::Exe, Dealer::V2].into_iter().find(|d| d.name() == name)
}
