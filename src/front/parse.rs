//! Parsing: tokens to the AST, with the grammar in `grammar/dealer.lalrpop`.

use crate::diag::{closest, Diagnostic, Span};
use crate::front::ast::*;
use crate::front::lex::{token_before, LexError, Lexer, ScriptVars, Tok};
use crate::front::words::{operator_word, ACTIONS, FUNCTIONS, STATEMENTS};
use bumpalo::Bump;
use dealvm_vm::machine::bytecode::{BinaryOp, UnaryOp};
use lalrpop_util::ParseError;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, unused_parens, unused_imports, dead_code)]
    grammar,
    "/dealer.rs"
);

/// The deepest an expression may nest (parentheses, operators, `?:`): deeper inputs are
/// refused rather than risk the compiler's recursion. A long flat chain of `&&`, `||`, sums or
/// products nests only as deep as its logarithm (see `chain`).
pub const MAX_NESTING: usize = 5000;

/// Parses a whole input file into statements allocated in `arena`.
pub fn parse_file<'a>(arena: &'a Bump, source: &'a str, script: &'a ScriptVars) -> Result<Vec<Statement<'a>>, Diagnostic> {
    parse_tokens(arena, source, Lexer::new(source, script))
}

/// [`parse_file`] as classic Dealer reads the words (`--classic`): those only DealerV2 and
/// dealvm reserve (`opener`, `title`, `ltc`, ...) are names ([`Lexer::classic`]).
pub fn parse_file_classic<'a>(arena: &'a Bump, source: &'a str, script: &'a ScriptVars) -> Result<Vec<Statement<'a>>, Diagnostic> {
    parse_tokens(arena, source, Lexer::classic(source, script))
}

/// The statements of the tokens of `source`, their nesting checked.
fn parse_tokens<'a>(arena: &'a Bump, source: &'a str, tokens: Lexer<'a>) -> Result<Vec<Statement<'a>>, Diagnostic> {
    let statements = grammar::FileParser::new().parse(arena, tokens).map_err(|e| syntax_error(e, source))?;
    for s in &statements {
        for e in root_expressions(s) {
            check_nesting(e)?;
        }
    }
    Ok(statements)
}

/// The expressions of a statement that no other expression holds.
pub(crate) fn root_expressions<'a>(s: &Statement<'a>) -> Vec<&'a Expr<'a>> {
    let mut roots = Vec::new();
    match s.kind {
        StmtKind::Condition(e) | StmtKind::VarDef { value: e, .. } => roots.push(e),
        StmtKind::Action(actions) => {
            for a in actions {
                match a.kind {
                    ActionKind::PrintCompact(e) | ActionKind::PrintOneline(e) => roots.extend(e),
                    ActionKind::Average { expr, .. } => roots.push(expr),
                    ActionKind::Frequency { x, y, .. } | ActionKind::BktFreq { x, y, .. } => {
                        roots.push(x.expr);
                        roots.extend(y.map(|y| y.expr));
                    }
                    ActionKind::PrintEs(items) => roots.extend(items.iter().filter_map(|i| if let PrintItem::Expr(e) = i { Some(*e) } else { None })),
                    ActionKind::CsvRpt(items) | ActionKind::PrintRpt(items) => {
                        roots.extend(items.iter().filter_map(|i| if let CsvItem::Expr(e) = i { Some(*e) } else { None }))
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
    roots
}

/// How deep the compiler may recurse on `statements`: the deepest expression, where a
/// variable read counts the depth of its definition (the compiler follows definitions);
/// `None` when a variable is read before any definition of it (its depth is not known yet).
/// Walks the trees with its own stack, so any depth is safe here.
pub fn depth_through_variables(statements: &[Statement<'_>]) -> Option<usize> {
    let mut defined: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut deepest = 0;
    for s in statements {
        for root in root_expressions(s) {
            let mut depth = 0;
            let mut work = vec![(root, 1usize)];
            while let Some((e, d)) = work.pop() {
                depth = depth.max(d);
                match e.kind {
                    ExprKind::Var(name) => depth = depth.max(d + *defined.get(name)?),
                    ExprKind::Score { tricks: a, .. } | ExprKind::Imps(a) | ExprKind::Rnd(a) | ExprKind::Unary(_, a) => work.push((a, d + 1)),
                    ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => work.extend([(a, d + 1), (b, d + 1)]),
                    ExprKind::Cond(c, a, b) => work.extend([(c, d + 1), (a, d + 1), (b, d + 1)]),
                    _ => {}
                }
            }
            if let StmtKind::VarDef { name, .. } = s.kind {
                let known = defined.entry(name).or_default();
                *known = (*known).max(depth);
            }
            deepest = deepest.max(depth);
        }
    }
    Some(deepest)
}

/// Refuses an expression nested deeper than [`MAX_NESTING`], pointing where it gets too deep.
/// Walks the tree with its own stack, so any depth is safe here.
fn check_nesting(root: &Expr<'_>) -> Result<(), Diagnostic> {
    let mut work = vec![(root, 1usize)];
    while let Some((e, depth)) = work.pop() {
        if depth > MAX_NESTING {
            return Err(Diagnostic::at(
                Span::new(e.span.start, e.span.start + 1),
                format!("this expression is nested too deeply (limit {MAX_NESTING} levels)"),
            )
            .with_note("split it into variables: `part1 = ...` then use `part1` in the condition"));
        }
        match e.kind {
            ExprKind::Score { tricks: a, .. } | ExprKind::Imps(a) | ExprKind::Rnd(a) | ExprKind::Unary(_, a) => work.push((a, depth + 1)),
            ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                work.push((a, depth + 1));
                work.push((b, depth + 1));
            }
            ExprKind::Cond(c, a, b) => {
                work.push((c, depth + 1));
                work.push((a, depth + 1));
                work.push((b, depth + 1));
            }
            _ => {}
        }
    }
    Ok(())
}

/// A diagnostic for a parse error.
fn syntax_error(e: ParseError<usize, Tok<'_>, LexError>, source: &str) -> Diagnostic {
    match e {
        ParseError::User { error } => Diagnostic::at(error.span, error.message),
        ParseError::InvalidToken { location } => Diagnostic::at(Span::new(location, location + 1), "unexpected character"),
        ParseError::UnrecognizedEof { location, expected } => {
            let at = source.trim_end().len().min(location);
            if let Some(d) = unclosed(source, at, &expected, "the end of the file") {
                return d;
            }
            Diagnostic::at(Span::new(at, at), format!("the file ends too early; expected {}", describe_expected(&expected)))
        }
        ParseError::UnrecognizedToken { token: (l, tok, r), expected } => {
            if let Some(d) = unknown_function(source, l) {
                return d;
            }
            if let Some(d) = built_in_as_variable(source, l, &tok, &expected) {
                return d;
            }
            // A statement where a `)` was expected: the `(` before was never closed.
            if crate::front::lex::keyword_text(&tok).is_some_and(|k| STATEMENTS.contains(&k)) {
                let (line, column) = line_column(source, l);
                if let Some(d) = unclosed(source, l, &expected, &format!("{tok} on line {line}, column {column}")) {
                    return d;
                }
            }
            if tok == Tok::RParen && open_parentheses(source, l).is_empty() {
                return Diagnostic::at(Span::new(l, r), "this `)` closes no `(`");
            }
            let after_statement_name = expected.iter().any(|x| x == "\"=\"");
            if after_statement_name {
                if let Some(d) = unknown_statement(source, l) {
                    return d;
                }
            }
            let mut d = Diagnostic::at(Span::new(l, r), format!("found {tok}, expected {}", describe_expected(&expected)));
            if let Some((written, meant)) = (tok == Tok::Assign).then(|| reversed_comparison(source, r)).flatten() {
                d = Diagnostic::at(Span::new(l, r + 1), format!("found `{written}`, expected {}", describe_expected(&expected)))
                    .with_note(format!("did you mean `{meant}`? The comparisons are written `>=` and `<=`"));
            } else if tok == Tok::Assign && expected.iter().any(|x| x == "\"==\"") {
                d = d.with_note("to compare two values write `==`; `=` defines a variable");
            }
            if let Some(seat) = expected.iter().any(|x| x.trim_matches('"') == "seat").then(|| seat_initial(&tok)).flatten() {
                return d.with_note(format!("did you mean `{seat}`? Seats are written in full: north, east, south, west"));
            }
            // `AND` read as a name: the token, or the name before it (`(NOT x)`).
            let name = if let Tok::Ident(name) = tok { Some(name) } else { name_before(source, l).map(|(_, name)| name) };
            if let Some((name, spelled)) = name.and_then(|n| operator_word(n).map(|o| (n, o))) {
                return d.with_note(format!(
                    "`{name}` is read as a name: did you mean the operator {spelled}? The Dealer language's words are lowercase"
                ));
            }
            let reserved = match &tok {
                Tok::Suit(s) => Some(s.name().to_string()),
                Tok::Seat(s) => Some(s.keyword().to_string()),
                Tok::Pt(n) => Some(format!("pt{n}")),
                t => crate::front::lex::keyword_text(t).filter(|k| k.chars().all(|c| c.is_ascii_alphabetic())).map(str::to_string),
            };
            if let Tok::Ident(name) = tok {
                let words = |x: &str| -> Vec<&'static str> {
                    match x {
                        "seat" => vec!["north", "east", "south", "west"],
                        "suit" => vec!["spades", "hearts", "diamonds", "clubs"],
                        _ => Vec::new(),
                    }
                };
                let placeholders = expected.iter().flat_map(|x| words(x.trim_matches('"')));
                let keywords = expected.iter().map(|x| x.trim_matches('"')).filter(|x| x.chars().all(|c| c.is_ascii_alphabetic()));
                if let Some(near) = closest(name, keywords.chain(placeholders)) {
                    d = d.with_note(format!("did you mean `{near}`?"));
                }
            }
            if let Some(holding) = name_before(source, l).and_then(|(span, name)| split_holding(source, span, name)) {
                return d.with_note(holding);
            }
            if let (true, Some((_, name))) = (after_statement_name, name_before(source, l)) {
                d = d.with_note(format!(
                    "`{name}` is not a statement; a statement starts with a keyword such as \
                     `condition`, `action` or `predeal`, and `{name} = ...` defines a variable"
                ));
            } else if let Some(word) = reserved.filter(|_| source[r..].trim_start().starts_with('=') && !source[r..].trim_start().starts_with("==")) {
                // A reserved word meant as a variable: `notrump = 3`.
                d = d.with_note(format!("`{word}` is a reserved word of the Dealer language; a variable needs another name"));
            }
            if let Tok::Holding(h) = tok {
                if expected.iter().any(|x| x == "\"card\"") {
                    let mut c = h.chars();
                    if let (Some(s), Some(r), None) = (c.next(), c.next(), c.next()) {
                        d = d.with_note(format!("a card is written rank first: `{r}{s}`"));
                    }
                }
            }
            d
        }
        ParseError::ExtraToken { token: (l, tok, r) } => Diagnostic::at(Span::new(l, r), format!("found {tok} where the input should end")),
    }
}

/// Where a `)` was expected but `found` came (at `at`): the `(` it would close, which is
/// where the mistake is, when one is open.
fn unclosed(source: &str, at: usize, expected: &[String], found: &str) -> Option<Diagnostic> {
    if !expected.iter().any(|x| x == "\")\"") {
        return None;
    }
    let start = *open_parentheses(source, at).last()?;
    Some(
        Diagnostic::at(Span::new(start, start + 1), "this `(` is never closed")
            .with_note(format!("what it opens goes on to {found}, where a `)` was expected")),
    )
}

/// Where the `(` still open at `at` start, the innermost last.
fn open_parentheses(source: &str, at: usize) -> Vec<usize> {
    let mut open = Vec::new();
    let mut lexer = <Tok<'_> as logos::Logos>::lexer(source);
    while let Some(t) = lexer.next() {
        let span = lexer.span();
        if span.start >= at {
            break;
        }
        match t {
            Ok(Tok::LParen) => open.push(span.start),
            Ok(Tok::RParen) => _ = open.pop(),
            _ => {}
        }
    }
    open
}

/// A built-in function's name on the left of `=` (`tricks = dds(north, notrump)`): it cannot
/// name a variable.
fn built_in_as_variable(source: &str, at: usize, tok: &Tok<'_>, expected: &[String]) -> Option<Diagnostic> {
    if *tok != Tok::Assign || !expected.iter().any(|x| x == "\"(\"") {
        return None;
    }
    let (span, before) = token_before(source, at)?;
    let name = crate::front::lex::keyword_text(&before).filter(|k| FUNCTIONS.contains(k))?;
    Some(
        Diagnostic::at(span, format!("`{name}` is a built-in function, `{name}(...)`, so it cannot name a variable"))
            .with_note(format!("give the variable another name, such as `my_{name}`")),
    )
}

/// The line and column (from 1) of a byte offset.
fn line_column(source: &str, at: usize) -> (usize, usize) {
    let before = &source[..at.min(source.len())];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (before.matches('\n').count() + 1, before[line_start..].chars().count() + 1)
}

/// `=>` or `=<` written at the `=` that ends at `at`: what was written and the comparison
/// meant (`>=`, `<=`).
fn reversed_comparison(source: &str, at: usize) -> Option<(&'static str, &'static str)> {
    match source.as_bytes().get(at)? {
        b'>' => Some(("=>", ">=")),
        b'<' => Some(("=<", "<=")),
        _ => None,
    }
}

/// The seat a one-letter token names where a seat was expected (`hcp(N)`, `spades(e)`; `S`
/// reads as a holding).
fn seat_initial(tok: &Tok<'_>) -> Option<&'static str> {
    let (Tok::Ident(word) | Tok::Holding(word)) = tok else { return None };
    match word.to_ascii_lowercase().as_str() {
        "n" => Some("north"),
        "e" => Some("east"),
        "s" => Some("south"),
        "w" => Some("west"),
        _ => None,
    }
}

/// For a name of ranks only written just after a bare suit letter (`predeal south S AK`,
/// read as the holding `S` and the name `AK`): the note saying how the holding is written.
pub fn split_holding(source: &str, name_span: Span, name: &str) -> Option<String> {
    let ranks = !name.is_empty() && name.bytes().all(|b| b"AKQJT98765432".contains(&b));
    let (span, tok) = token_before(source, name_span.start).filter(|_| ranks)?;
    let Tok::Holding(suit) = tok else { return None };
    let spaces = source.get(span.end..name_span.start)?.bytes().all(|b| b.is_ascii_whitespace());
    (suit.len() == 1 && spaces).then(|| format!("a holding is written as one word, the suit letter then the cards: `{suit}{name}`"))
}

/// A call of a function that does not exist, when the parser stopped just inside its
/// parentheses (`hcpp(north)`): the message names the function, with a near name if any.
fn unknown_function(source: &str, at: usize) -> Option<Diagnostic> {
    let before = source.get(..at)?.trim_end().strip_suffix('(')?;
    let (start, name) = word_before(before, before.len())?;
    let known = |w: &str| FUNCTIONS.contains(&w) || STATEMENTS.contains(&w) || ACTIONS.contains(&w);
    if known(name) || keyword_like(name) {
        return None;
    }
    let mut d = Diagnostic::at(Span::new(start, start + name.len()), format!("unknown function `{name}`"));
    if let Some(near) = closest(name, FUNCTIONS.iter().chain(ACTIONS).copied()) {
        d.message.push_str(&format!("; did you mean `{near}`?"));
    }
    Some(d)
}

/// A name starting a statement, when the parser stopped at the token after it because that
/// token cannot follow a variable (`predael north SA`, `acton printoneline`, `titel "x"`):
/// the message names the statement when a statement keyword is near it.
fn unknown_statement(source: &str, at: usize) -> Option<Diagnostic> {
    let (span, name) = name_before(source, at)?;
    let near = closest(name, STATEMENTS.iter().copied())?;
    Some(Diagnostic::at(span, format!("unknown statement `{name}`; did you mean `{near}`?")))
}

/// The name written just before `at`, when the token there is a name (not a keyword, not a
/// script variable), with its span.
fn name_before(source: &str, at: usize) -> Option<(Span, &str)> {
    match token_before(source, at)? {
        (span, Tok::Ident(name)) => Some((span, name)),
        _ => None,
    }
}

/// The name (letters, digits, `_`, starting with a letter) that ends just before `at`,
/// spaces aside, with its start.
fn word_before(source: &str, at: usize) -> Option<(usize, &str)> {
    let before = source.get(..at)?.trim_end();
    let len = before.chars().rev().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').count();
    let start = before.len() - len;
    let name = &before[start..];
    name.starts_with(|c: char| c.is_ascii_alphabetic()).then_some((start, name))
}

/// Whether a word is one of the language's other reserved words (seats, suits, sides, ...),
/// which a call never follows.
fn keyword_like(word: &str) -> bool {
    let mut lexer = Lexer::new(word, &NO_SCRIPT);
    !matches!(lexer.next(), Some(Ok((_, Tok::Ident(_), _))))
}

/// No script variables, for lexing a single word.
const NO_SCRIPT: ScriptVars = [None, None, None, None, None, None, None, None, None, None];

/// Terminals that start an expression.
const EXPRESSION_STARTS: &[&str] =
    &["name", "number", "dotnum", "hcp", "ptN", "suit", "(", "!", "shape", "rnd", "imps", "score", "hascard", "controls", "losers"];

/// Terminals that start a statement.
const STATEMENT_STARTS: &[&str] = &["generate", "produce", "predeal", "condition", "action", "pointcount", "altcount"];

/// Readable names of the grammar's placeholder terminals.
fn terminal_name(t: &str) -> String {
    match t {
        "number" => "a number".into(),
        "distribution" => "a distribution such as 4432 or 5xxx".into(),
        "dotnum" => "a decimal number".into(),
        "string" => "a quoted string".into(),
        "holding" => "a holding such as SAQ542".into(),
        "card" => "a card such as AS or TC".into(),
        "contract" => "a contract such as z4H or z3Nx".into(),
        "name" => "a variable name".into(),
        "seat" => "a seat (north, east, south or west)".into(),
        "side" => "a side (NS or EW)".into(),
        "suit" => "a suit (spades, hearts, diamonds or clubs)".into(),
        "ptN" => "`pt0`..`pt9`".into(),
        "shape{...}" => "`shape{...}`".into(),
        "\\n" => "`\\n`".into(),
        other => format!("`{other}`"),
    }
}

/// A readable list of what the parser expected.
fn describe_expected(expected: &[String]) -> String {
    let names: Vec<&str> = expected.iter().map(|s| s.trim_matches('"')).collect();
    let has_all = |set: &[&str]| set.iter().all(|t| names.contains(t));
    let mut parts: Vec<String> = Vec::new();
    let expr = has_all(&["name", "hcp", "rnd"]) || has_all(&["hcp", "rnd", "("]);
    let stmt = has_all(STATEMENT_STARTS);
    let binops = has_all(&["+", "*", "==", "&&"]);
    if binops {
        parts.push("an operator".into());
    } else if expr {
        parts.push("an expression".into());
    }
    for n in &names {
        if (expr && EXPRESSION_STARTS.contains(n))
            || (stmt && STATEMENT_STARTS.contains(n))
            || (binops && ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "?"].contains(n))
        {
            continue;
        }
        if expr && ["\"distribution\"", "distribution", "shape{...}", "ltc", "cccc", "quality", "tricks", "dds", "par", "opc", "usereval"].contains(n)
        {
            continue;
        }
        if stmt && ["seed", "title", "dealer", "vulnerable", "opener", "startboard"].contains(n) {
            continue;
        }
        parts.push(terminal_name(n));
    }
    if stmt || (binops && expr) {
        parts.push("a new statement".into());
    }
    if parts.len() > 8 {
        parts.truncate(8);
        parts.push("...".into());
    }
    match parts.len() {
        0 => "something else".into(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} or {last}", parts.join(", "))
        }
    }
}

// ---- helpers called by the grammar's actions

/// `v` with `x` appended.
pub(crate) fn push<T>(mut v: Vec<T>, x: T) -> Vec<T> {
    v.push(x);
    v
}

/// A new expression node spanning `l..r`.
pub(crate) fn node<'a>(arena: &'a Bump, l: usize, r: usize, kind: ExprKind<'a>) -> &'a Expr<'a> {
    arena.alloc(Expr { kind, span: Span::new(l, r) })
}

/// A binary operator node.
pub(crate) fn binary<'a>(arena: &'a Bump, l: usize, r: usize, op: BinaryOp, a: &'a Expr<'a>, b: &'a Expr<'a>) -> &'a Expr<'a> {
    node(arena, l, r, ExprKind::Binary(op, a, b))
}

/// Chains of one operator longer than this many operands are rebuilt balanced by [`chain`].
const LONG_CHAIN: usize = 64;

/// The operators whose chains may be regrouped: `&&`, `||`, `+` with `-` (values wrap, as
/// in Dealer, so a sum is the same however grouped), and `*`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ChainOp {
    And,
    Or,
    Sum,
    Product,
}

/// A link of a chain as the grammar builds it, `a op b` with `a` the chain so far: the
/// operator, `a`, `b`, and whether `b` is subtracted. A parenthesised chain is not a link:
/// its text starts before its first operand's.
fn link<'a>(e: &'a Expr<'a>) -> Option<(ChainOp, &'a Expr<'a>, &'a Expr<'a>, bool)> {
    let (op, a, b, minus) = match e.kind {
        ExprKind::And(a, b) => (ChainOp::And, a, b, false),
        ExprKind::Or(a, b) => (ChainOp::Or, a, b, false),
        ExprKind::Binary(BinaryOp::Add, a, b) => (ChainOp::Sum, a, b, false),
        ExprKind::Binary(BinaryOp::Sub, a, b) => (ChainOp::Sum, a, b, true),
        ExprKind::Binary(BinaryOp::Mul, a, b) => (ChainOp::Product, a, b, false),
        _ => return None,
    };
    (a.span.start == e.span.start).then_some((op, a, b, minus))
}

/// A finished chain `t0 op t1 op ...` (the grammar calls this where a chain ends): a chain of
/// more than [`LONG_CHAIN`] operands is rebuilt as a balanced tree of the same operands in
/// the same order, so that a flat chain of any length nests only as deep as its logarithm.
pub(crate) fn chain<'a>(arena: &'a Bump, e: &'a Expr<'a>) -> &'a Expr<'a> {
    let Some((op, ..)) = link(e) else { return e };
    let links = |mut at: &'a Expr<'a>| {
        std::iter::from_fn(move || {
            let (_, a, b, minus) = link(at).filter(|l| l.0 == op)?;
            at = a;
            Some((minus, b, a))
        })
    };
    if links(e).nth(LONG_CHAIN - 1).is_none() {
        return e;
    }
    let mut terms: Vec<(bool, &'a Expr<'a>)> = Vec::new();
    let mut first = e;
    for (minus, b, a) in links(e) {
        terms.push((minus, b));
        first = a;
    }
    terms.push((false, first));
    terms.reverse();
    balanced(arena, op, &terms)
}

/// The balanced tree of `terms` (each with whether it is subtracted, for a sum); for a sum,
/// the tree's value is the terms' sum divided by the first term's sign.
fn balanced<'a>(arena: &'a Bump, op: ChainOp, terms: &[(bool, &'a Expr<'a>)]) -> &'a Expr<'a> {
    if let [(_, only)] = terms {
        return only;
    }
    let mid = terms.len() / 2;
    let (a, b) = (balanced(arena, op, &terms[..mid]), balanced(arena, op, &terms[mid..]));
    let kind = match op {
        ChainOp::And => ExprKind::And(a, b),
        ChainOp::Or => ExprKind::Or(a, b),
        ChainOp::Sum if terms[mid].0 == terms[0].0 => ExprKind::Binary(BinaryOp::Add, a, b),
        ChainOp::Sum => ExprKind::Binary(BinaryOp::Sub, a, b),
        ChainOp::Product => ExprKind::Binary(BinaryOp::Mul, a, b),
    };
    node(arena, a.span.start, b.span.end, kind)
}

/// Unary minus; a minus sign before a literal number makes a negative literal.
pub(crate) fn negate<'a>(arena: &'a Bump, l: usize, r: usize, e: &'a Expr<'a>) -> &'a Expr<'a> {
    match e.kind {
        ExprKind::Number(v) => node(arena, l, r, ExprKind::Number(v.wrapping_neg())),
        _ => node(arena, l, r, ExprKind::Unary(UnaryOp::Neg, e)),
    }
}

/// The action list of an `action` statement.
pub(crate) fn finish_actions<'a>(arena: &'a Bump, mut prefix: Vec<Action<'a>>, last: Option<Action<'a>>) -> &'a [Action<'a>] {
    prefix.extend(last);
    arena.alloc_slice_copy(&prefix)
}

/// The largest number an expression can hold (values are 32-bit, as in Dealer).
const LARGEST: i64 = i32::MAX as i64;

/// The value of a number written in the input; refused beyond 64 bits.
pub(crate) fn number_value<'a>(digits: &str, l: usize, r: usize) -> Result<i64, ParseError<usize, Tok<'a>, LexError>> {
    crate::front::lex::parse_number(digits)
        .ok_or_else(|| ParseError::User { error: LexError { span: Span::new(l, r), message: format!("the number {digits} is too large") } })
}

/// A number in an expression, refused beyond the 32 bits of a Dealer value (a dotnum counts
/// ×100). `2147483648` is the one exception: as in Dealer (and C) it stands for
/// −2147483648, the magnitude of the smallest value, so that `-2147483648` can be written.
pub(crate) fn expression_number<'a>(arena: &'a Bump, l: usize, r: usize, value: i64) -> Result<&'a Expr<'a>, ParseError<usize, Tok<'a>, LexError>> {
    let fits = i32::try_from(value).ok().or((value == 1 << 31).then_some(i32::MIN));
    match fits {
        Some(v) => Ok(node(arena, l, r, ExprKind::Number(v))),
        None => Err(ParseError::User {
            error: LexError {
                span: Span::new(l, r),
                message: format!(
                    "this number is too large: values go up to {LARGEST} (a decimal number up to {}.{:02})",
                    LARGEST / 100,
                    LARGEST % 100
                ),
            },
        }),
    }
}

/// The value of a four-character distribution token used as a number.
pub(crate) fn digits4<'a>(d: &str, l: usize, r: usize) -> Result<i64, ParseError<usize, Tok<'a>, LexError>> {
    if d.bytes().all(|b| b.is_ascii_digit()) {
        number_value(d, l, r)
    } else {
        Err(ParseError::User { error: LexError { span: Span::new(l, r), message: format!("found the distribution {d}, expected a number") } })
    }
}
