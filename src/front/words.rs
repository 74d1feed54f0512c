//! The words of the language as the user knows them, for messages and suggestions: the
//! functions, statements and actions by name, and the operators spelled as words.

/// The names of the Dealer language's functions, for suggestions when a name is unknown.
pub const FUNCTIONS: &[&str] = &[
    "hcp", "losers", "controls", "ltc", "cccc", "quality", "hascard", "shape", "score", "imps", "rnd", "tricks", "dds", "par", "opc", "usereval",
    "spades", "hearts", "diamonds", "clubs", "tens", "jacks", "queens", "kings", "aces", "top2", "top3", "top4", "top5", "c13", "pt0", "pt1", "pt2",
    "pt3", "pt4", "pt5", "pt6", "pt7", "pt8", "pt9",
];

/// The keywords that start a statement, for suggestions.
pub const STATEMENTS: &[&str] = &[
    "generate",
    "produce",
    "seed",
    "title",
    "dealer",
    "vulnerable",
    "opener",
    "startboard",
    "predeal",
    "pointcount",
    "altcount",
    "condition",
    "action",
];

/// The actions of the `action` statement, for suggestions.
pub const ACTIONS: &[&str] = &[
    "printall",
    "printew",
    "printns",
    "printside",
    "printpbn",
    "printcompact",
    "printoneline",
    "printes",
    "print",
    "printrpt",
    "csvrpt",
    "average",
    "frequency",
    "bktfreq",
    "evalcontract",
    "export",
];

/// For an operator word written in capitals (`AND`, `Or`, `NOT`): the spellings Dealer takes
/// for it, for suggestions (the words are lowercase only).
pub fn operator_word(name: &str) -> Option<&'static str> {
    match name.to_ascii_lowercase().as_str() {
        _ if !name.bytes().any(|b| b.is_ascii_uppercase()) => None,
        "and" => Some("`and` or `&&`"),
        "or" => Some("`or` or `||`"),
        "not" => Some("`not` or `!`"),
        _ => None,
    }
}
