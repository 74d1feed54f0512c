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
    "evalleads",
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::lex::{keyword_text, Tok};
    use logos::Logos;

    /// The one token a word lexes as, if it is one.
    fn token(word: &str) -> Option<Tok<'_>> {
        let mut lexer = Tok::lexer(word);
        let tok = lexer.next()?.ok()?;
        lexer.next().is_none().then_some(tok)
    }

    #[test]
    fn every_word_listed_lexes_as_its_keyword() {
        // The lists here are what messages suggest: each word must be a keyword of the lexer
        // (a suit, a `ptN` or a word of its own), never read as a variable's name.
        for word in FUNCTIONS.iter().chain(STATEMENTS).chain(ACTIONS) {
            let tok = token(word).unwrap_or_else(|| panic!("`{word}` lexes as one token"));
            let named = match &tok {
                Tok::Suit(s) => s.name() == *word,
                // `ptN`, or the name it also has (`tens` for pt0 .. `c13` for pt9).
                Tok::Pt(n) => {
                    format!("pt{n}") == *word || FUNCTIONS[FUNCTIONS.iter().position(|w| *w == "tens").expect("tens") + *n as usize] == *word
                }
                Tok::Ident(_) => false,
                t => keyword_text(t) == Some(*word),
            };
            assert!(named, "`{word}` lexes as {tok:?}, not as its keyword");
        }
    }
}
