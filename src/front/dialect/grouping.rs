//! The operators that `dealer.exe` or DealerV2 groups otherwise than Debian's dealer and
//! dealvm: each expression regrouped by [`crate::front::exe`] and compared with C's grouping, sums and
//! chains of one operator compared as the lists of their terms (they have the same value
//! however grouped, as values wrap around).

use super::{lacks, Construct, Dealer, Finding};
use crate::diag::Span;
use crate::front::ast::{Expr, ExprKind, Statement};
use crate::front::exe::{exe_precedence, v2_precedence};
use crate::front::parse::root_expressions;
use bumpalo::Bump;
use dealvm_vm::machine::bytecode::BinaryOp;

/// The findings of the expressions of `statements` (read from `text`).
pub(super) fn findings(text: &str, statements: &[Statement<'_>], dealer: Dealer) -> Vec<Finding> {
    let Some(lack) = lacks(dealer, Construct::Grouping) else { return Vec::new() };
    let arena = Bump::new();
    let regrouped = match dealer {
        Dealer::V2 => v2_precedence(&arena, text, statements),
        _ => exe_precedence(&arena, text, statements),
    };
    let mut out = Vec::new();
    for (c, exe) in statements.iter().zip(&regrouped) {
        for (a, b) in root_expressions(c).into_iter().zip(root_expressions(exe)) {
            let mut found = Vec::new();
            differences(text, a, b, &mut found);
            for (a, b) in found {
                let written = text[a.span.start..a.span.end].to_string();
                let c_reading = render(text, a, true);
                let message = format!(
                    "{}: {} reads `{written}` as `{}`, Debian's dealer and dealvm as `{c_reading}`",
                    lack.what,
                    dealer.title(),
                    render(text, b, true)
                );
                out.push(Finding { span: a.span, message, instead: format!("{}: `{c_reading}`", lack.instead), refused: None });
            }
        }
    }
    out
}

/// The children of an operator node, in order.
fn children<'a>(e: &'a Expr<'a>) -> Vec<&'a Expr<'a>> {
    match e.kind {
        ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => vec![a, b],
        ExprKind::Cond(c, a, b) => vec![c, a, b],
        ExprKind::Unary(_, a) | ExprKind::Imps(a) | ExprKind::Rnd(a) => vec![a],
        ExprKind::Score { tricks, .. } => vec![tricks],
        _ => Vec::new(),
    }
}

/// The operator of a node, as a symbol (`None`: not an operator).
fn symbol(e: &Expr<'_>) -> Option<&'static str> {
    Some(match e.kind {
        ExprKind::Binary(op, ..) => op.symbol(),
        ExprKind::And(..) => "&&",
        ExprKind::Or(..) => "||",
        ExprKind::Cond(..) => "?:",
        _ => return None,
    })
}

/// A text that two expressions share exactly when they have the same value on every deal as
/// far as grouping goes: sums as their signed terms, chains of `&&`, `||` or `*` as their
/// operands, other operators with their operands, the rest by where it is written.
fn canonical(e: &Expr<'_>) -> String {
    fn terms(e: &Expr<'_>, sign: bool, sym: &str, out: &mut Vec<String>) {
        match (e.kind, sym) {
            (ExprKind::Binary(BinaryOp::Add, a, b), "+") => {
                terms(a, sign, sym, out);
                terms(b, sign, sym, out);
            }
            (ExprKind::Binary(BinaryOp::Sub, a, b), "+") => {
                terms(a, sign, sym, out);
                terms(b, !sign, sym, out);
            }
            (ExprKind::Binary(BinaryOp::Mul, a, b), "*") | (ExprKind::And(a, b), "&&") | (ExprKind::Or(a, b), "||") => {
                terms(a, sign, sym, out);
                terms(b, sign, sym, out);
            }
            _ => out.push(format!("{}{}", if sign { "" } else { "-" }, canonical(e))),
        }
    }
    let chain = match symbol(e) {
        Some("+" | "-") => Some("+"),
        Some(s @ ("*" | "&&" | "||")) => Some(s),
        _ => None,
    };
    if let Some(sym) = chain {
        let mut out = Vec::new();
        terms(e, true, sym, &mut out);
        out.sort();
        return format!("{sym}[{}]", out.join(","));
    }
    match symbol(e) {
        Some(sym) => format!("{sym}({})", children(e).iter().map(|c| canonical(c)).collect::<Vec<_>>().join(",")),
        None if children(e).is_empty() => format!("@{}-{}", e.span.start, e.span.end),
        None => format!("@{}({})", e.span.start, children(e).iter().map(|c| canonical(c)).collect::<Vec<_>>().join(",")),
    }
}

/// The nodes, from the top, where C's grouping `a` and `dealer.exe`'s `b` of the same text
/// differ in value, each with `b`'s node there; a node is not searched below once it differs.
fn differences<'a, 'b>(text: &str, a: &'a Expr<'a>, b: &'b Expr<'b>, out: &mut Vec<(&'a Expr<'a>, &'b Expr<'b>)>) {
    if canonical(a) == canonical(b) {
        return;
    }
    let (ca, cb) = (children(a), children(b));
    let same_shape = symbol(a) == symbol(b)
        && ca.len() == cb.len()
        && ca.iter().zip(&cb).all(|(x, y)| core(text, x.span) == core(text, y.span))
        && std::mem::discriminant(&a.kind) == std::mem::discriminant(&b.kind);
    let before = out.len();
    if same_shape {
        for (x, y) in ca.into_iter().zip(cb) {
            differences(text, x, y, out);
        }
    }
    if out.len() == before {
        out.push((a, b));
    }
}

/// `span` without the parentheses around the whole and the spaces inside them (the regrouped
/// tree spans a parenthesised operand without its parentheses).
fn core(text: &str, mut span: Span) -> Span {
    while parenthesized(text, span) {
        span = Span::new(span.start + 1, span.end - 1);
        let inner = &text[span.start..span.end];
        let lead = inner.len() - inner.trim_start().len();
        span = Span::new(span.start + lead, span.start + lead + inner.trim().len());
    }
    span
}

/// Whether the text at `span` is one pair of parentheses around the rest.
fn parenthesized(text: &str, span: Span) -> bool {
    let t = &text.as_bytes()[span.start..span.end];
    if t.first() != Some(&b'(') {
        return false;
    }
    let mut depth = 0usize;
    for (i, &c) in t.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i == t.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// The expression with a pair of parentheses around each operator written without them
/// (none around the whole at the `top`).
fn render(text: &str, e: &Expr<'_>, top: bool) -> String {
    let written = || text[e.span.start..e.span.end].to_string();
    if parenthesized(text, e.span) && !top {
        return written();
    }
    let inner = match (e.kind, symbol(e)) {
        (ExprKind::Cond(c, a, b), _) => format!("{} ? {} : {}", render(text, c, false), render(text, a, false), render(text, b, false)),
        (ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b), Some(sym)) => {
            format!("{} {sym} {}", render(text, a, false), render(text, b, false))
        }
        _ => return written(),
    };
    if top {
        inner
    } else {
        format!("({inner})")
    }
}
