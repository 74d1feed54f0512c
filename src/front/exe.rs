//! The operator precedence of the Windows `dealer.exe` (`--classic=exe`), whose grammar gives
//! every binary operator a level of its own, all grouping to the left, from the lowest:
//! `?:`, `||`, `&&`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `+`, `-`, `*`, `/`, `%`. So
//! `3 * 3 % 2` is `3 * (3 % 2)`, `2 == 2 != 0` is `2 == (2 != 0)`, and `a ? 1 : b ? 2 : 3` is
//! `(a ? 1 : b) ? 2 : 3`. Debian's dealer and dealvm read C's precedence; DealerV2 reads C's
//! but for `*`, `/` and `%` ([`v2_precedence`]).
//!
//! [`exe_precedence`] regroups the syntax tree that dealvm's grammar read: each run of
//! operators written without parentheses between them is laid out again as its operands and
//! operators in the order written, and grouped by `dealer.exe`'s levels. An operand is in
//! parentheses when its text is one pair of them around the rest (the parser stretches the
//! span of a parenthesised expression over its parentheses).

use crate::front::ast::*;
use bumpalo::Bump;
use dealvm_vm::machine::bytecode::BinaryOp;

/// The statements with every expression grouped by `dealer.exe`'s precedence; `text` is the
/// input the spans point into.
pub fn exe_precedence<'a>(arena: &'a Bump, text: &str, statements: &[Statement<'a>]) -> Vec<Statement<'a>> {
    let r = Regroup { arena, text: text.as_bytes(), level, cond_right: false };
    statements.iter().map(|s| Statement { kind: r.statement(s.kind), span: s.span }).collect()
}

/// The statements with every expression grouped as DealerV2 groups it: C's levels, but `%`
/// binds tighter than `/`, and `/` tighter than `*` (`2 * 3 % 4` is `2 * (3 % 4)`, as its
/// output in `tests/data/golden/ops_precedence.v2.out` shows).
pub fn v2_precedence<'a>(arena: &'a Bump, text: &str, statements: &[Statement<'a>]) -> Vec<Statement<'a>> {
    let r = Regroup { arena, text: text.as_bytes(), level: v2_level, cond_right: true };
    statements.iter().map(|s| Statement { kind: r.statement(s.kind), span: s.span }).collect()
}

/// DealerV2's level of an operator (higher binds tighter): C's, the multiplying operators
/// each on a level of its own.
fn v2_level(op: &Op<'_>) -> u8 {
    match op {
        Op::Cond(_) => 1,
        Op::Binary(ExprKind::Or(..)) => 2,
        Op::Binary(ExprKind::And(..)) => 3,
        Op::Binary(ExprKind::Binary(op, ..)) => match op {
            BinaryOp::Eq | BinaryOp::Ne => 4,
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => 5,
            BinaryOp::Add | BinaryOp::Sub => 6,
            BinaryOp::Mul => 7,
            BinaryOp::Div => 8,
            BinaryOp::Mod => 9,
        },
        Op::Binary(_) => unreachable!("runs hold binary operators"),
    }
}

/// An operator of a run, with its operand to the right: a binary operator, or `? middle :`.
#[derive(Copy, Clone)]
enum Op<'a> {
    Binary(ExprKind<'a>),
    Cond(&'a Expr<'a>),
}

/// `dealer.exe`'s level of an operator (higher binds tighter).
fn level(op: &Op<'_>) -> u8 {
    match op {
        Op::Cond(_) => 1,
        Op::Binary(ExprKind::Or(..)) => 2,
        Op::Binary(ExprKind::And(..)) => 3,
        Op::Binary(ExprKind::Binary(op, ..)) => match op {
            BinaryOp::Eq => 4,
            BinaryOp::Ne => 5,
            BinaryOp::Lt => 6,
            BinaryOp::Le => 7,
            BinaryOp::Gt => 8,
            BinaryOp::Ge => 9,
            BinaryOp::Add => 10,
            BinaryOp::Sub => 11,
            BinaryOp::Mul => 12,
            BinaryOp::Div => 13,
            BinaryOp::Mod => 14,
        },
        Op::Binary(_) => unreachable!("runs hold binary operators"),
    }
}

struct Regroup<'a, 't> {
    arena: &'a Bump,
    text: &'t [u8],
    /// The level of each operator.
    level: fn(&Op<'_>) -> u8,
    /// Whether `?:` groups to the right, as in C (`dealer.exe` groups it to the left).
    cond_right: bool,
}

impl<'a> Regroup<'a, '_> {
    /// A statement with its expressions regrouped.
    fn statement(&self, kind: StmtKind<'a>) -> StmtKind<'a> {
        match kind {
            StmtKind::Condition(e) => StmtKind::Condition(self.expr(e)),
            StmtKind::VarDef { name, name_span, value } => StmtKind::VarDef { name, name_span, value: self.expr(value) },
            StmtKind::Action(list) => {
                StmtKind::Action(self.arena.alloc_slice_fill_iter(list.iter().map(|a| Action { kind: self.action(a.kind), span: a.span })))
            }
            other => other,
        }
    }

    /// An action with its expressions regrouped.
    fn action(&self, kind: ActionKind<'a>) -> ActionKind<'a> {
        let axis = |a: AxisExpr<'a>| AxisExpr { expr: self.expr(a.expr), ..a };
        match kind {
            ActionKind::PrintCompact(e) => ActionKind::PrintCompact(e.map(|e| self.expr(e))),
            ActionKind::PrintOneline(e) => ActionKind::PrintOneline(e.map(|e| self.expr(e))),
            ActionKind::PrintEs(items) => ActionKind::PrintEs(self.arena.alloc_slice_fill_iter(items.iter().map(|i| match *i {
                PrintItem::Expr(e) => PrintItem::Expr(self.expr(e)),
                other => other,
            }))),
            ActionKind::Average { label, expr } => ActionKind::Average { label, expr: self.expr(expr) },
            ActionKind::Frequency { label, x, y } => ActionKind::Frequency { label, x: axis(x), y: y.map(axis) },
            ActionKind::BktFreq { label, x, y } => ActionKind::BktFreq { label, x: axis(x), y: y.map(axis) },
            ActionKind::CsvRpt(items) => ActionKind::CsvRpt(self.csv(items)),
            ActionKind::PrintRpt(items) => ActionKind::PrintRpt(self.csv(items)),
            other => other,
        }
    }

    /// The items of a `csvrpt` with their expressions regrouped.
    fn csv(&self, items: &'a [CsvItem<'a>]) -> &'a [CsvItem<'a>] {
        self.arena.alloc_slice_fill_iter(items.iter().map(|i| match *i {
            CsvItem::Expr(e) => CsvItem::Expr(self.expr(e)),
            other => other,
        }))
    }

    /// An expression regrouped.
    fn expr(&self, e: &'a Expr<'a>) -> &'a Expr<'a> {
        let kind = match e.kind {
            ExprKind::Binary(..) | ExprKind::And(..) | ExprKind::Or(..) | ExprKind::Cond(..) => {
                let (mut operands, mut ops) = (Vec::new(), Vec::new());
                self.lay_out(e, false, &mut operands, &mut ops);
                let mut at = 0;
                return self.group(&operands, &ops, &mut at, 0);
            }
            ExprKind::Score { vulnerable, contract, contract_span, tricks } => {
                ExprKind::Score { vulnerable, contract, contract_span, tricks: self.expr(tricks) }
            }
            ExprKind::Imps(a) => ExprKind::Imps(self.expr(a)),
            ExprKind::Rnd(a) => ExprKind::Rnd(self.expr(a)),
            ExprKind::Unary(op, a) => ExprKind::Unary(op, self.expr(a)),
            _ => return e,
        };
        self.arena.alloc(Expr { kind, span: e.span })
    }

    /// Lays out the run of operators at `e` in the order written: its operands (each
    /// regrouped on its own) and the operators between them. Under `negated`, `e` is
    /// subtracted in a sum the parser rebuilt as a balanced tree (`a - (b + c)` for
    /// `a - b - c`): its `+` and `-` are written the other way round.
    fn lay_out(&self, e: &'a Expr<'a>, negated: bool, operands: &mut Vec<&'a Expr<'a>>, ops: &mut Vec<Op<'a>>) {
        let (left, op, right, right_negated) = match e.kind {
            ExprKind::Binary(BinaryOp::Add, a, b) => (a, Op::Binary(sum(negated, a, b)), b, negated),
            ExprKind::Binary(BinaryOp::Sub, a, b) => (a, Op::Binary(sum(!negated, a, b)), b, !negated),
            ExprKind::Binary(..) | ExprKind::And(..) | ExprKind::Or(..) => {
                let (a, b) = match e.kind {
                    ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => (a, b),
                    _ => unreachable!(),
                };
                (a, Op::Binary(e.kind), b, false)
            }
            ExprKind::Cond(c, middle, b) => (c, Op::Cond(self.expr(middle)), b, false),
            _ => {
                operands.push(self.expr(e));
                return;
            }
        };
        let sum_negated = if matches!(e.kind, ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, ..)) { negated } else { false };
        if !self.parenthesized(left) {
            self.lay_out(left, sum_negated, operands, ops);
        } else {
            operands.push(self.expr(left));
        }
        ops.push(op);
        if !self.parenthesized(right) {
            self.lay_out(right, right_negated, operands, ops);
        } else {
            operands.push(self.expr(right));
        }
    }

    /// Whether `operand` is written in parentheses: its text (which the parser stretches over
    /// them) is one pair of parentheses around the rest.
    fn parenthesized(&self, operand: &Expr<'_>) -> bool {
        let text = &self.text[operand.span.start..operand.span.end];
        if text.first() != Some(&b'(') {
            return false;
        }
        let mut depth = 0usize;
        for (i, &c) in text.iter().enumerate() {
            match c {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return i == text.len() - 1;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Groups `operands[at..]` with `ops`, taking the operators of level `min` and above
    /// (precedence climbing, each level grouping to the left).
    fn group(&self, operands: &[&'a Expr<'a>], ops: &[Op<'a>], at: &mut usize, min: u8) -> &'a Expr<'a> {
        let mut left = operands[*at];
        while let Some(op) = ops.get(*at).filter(|op| (self.level)(op) >= min) {
            *at += 1;
            let right_level = if self.cond_right && matches!(op, Op::Cond(_)) { (self.level)(op) } else { (self.level)(op) + 1 };
            let right = self.group(operands, ops, at, right_level);
            let kind = match *op {
                Op::Cond(middle) => ExprKind::Cond(left, middle, right),
                Op::Binary(ExprKind::Binary(op, ..)) => ExprKind::Binary(op, left, right),
                Op::Binary(ExprKind::And(..)) => ExprKind::And(left, right),
                Op::Binary(ExprKind::Or(..)) => ExprKind::Or(left, right),
                Op::Binary(_) => unreachable!("runs hold binary operators"),
            };
            left = self.arena.alloc(Expr { kind, span: crate::diag::Span::new(left.span.start, right.span.end) });
        }
        left
    }
}

/// The operator of a sum written between `a` and `b`: `-` when `minus`, else `+`.
fn sum<'a>(minus: bool, a: &'a Expr<'a>, b: &'a Expr<'a>) -> ExprKind<'a> {
    ExprKind::Binary(if minus { BinaryOp::Sub } else { BinaryOp::Add }, a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::lex::ScriptVars;
    use crate::front::parse::parse_file;

    /// The value of the condition of `text` (a constant expression) grouped as dealer.exe groups it.
    fn value(text: &str) -> i32 {
        let arena = Bump::new();
        let input = format!("condition {text}\n");
        let script = ScriptVars::default();
        let statements = parse_file(&arena, &input, &script).unwrap();
        let regrouped = exe_precedence(&arena, &input, &statements);
        let StmtKind::Condition(e) = regrouped[0].kind else { panic!("a condition") };
        eval(e)
    }

    /// A constant expression's value.
    fn eval(e: &Expr<'_>) -> i32 {
        match e.kind {
            ExprKind::Number(v) => v,
            ExprKind::Binary(op, a, b) => op.apply(eval(a), eval(b)).unwrap(),
            ExprKind::And(a, b) => i32::from(eval(a) != 0 && eval(b) != 0),
            ExprKind::Or(a, b) => i32::from(eval(a) != 0 || eval(b) != 0),
            ExprKind::Cond(c, a, b) => {
                if eval(c) != 0 {
                    eval(a)
                } else {
                    eval(b)
                }
            }
            ExprKind::Unary(op, a) => op.apply(eval(a)),
            _ => panic!("a constant expression"),
        }
    }

    #[test]
    fn operators_group_as_dealer_exe_groups_them() {
        // Debian's examples' Descr.test_operator_order, as dealer.exe prints it.
        let cases = [
            ("1 ? 3 : 1 ? 2 : 1", 2),
            ("0 ? 3 : 1 ? 2 : 1", 2),
            ("1 ? 1 ? 4 : 3 : 1 ? 2 : 1", 2),
            ("0 ? 1 ? 4 : 3 : 0 ? 2 : 1", 1),
            ("2 == 2 != 0", 0),
            ("-2 < -1 <= 0", 1),
            ("2 > 3 >= 1", 1),
            ("3 * 3 % 2", 3),
            ("4 / 4 % 3", 4),
            ("10 % 8 / 2", 1),
            ("1 - 1 + 1", 1),
            ("8 - 2 - 1", 5),
            ("(3 * 3) % 2", 1),
            ("2 == (2 != 0)", 0),
            ("(2 == 2) != 0", 1),
        ];
        for (text, expected) in cases {
            assert_eq!(value(text), expected, "{text}");
        }
        // A long sum, rebuilt by the parser as a balanced tree, keeps its signs and its
        // parentheses.
        let long = (0..40).map(|i| if i % 3 == 0 { format!("- {i}") } else { format!("+ {i}") }).collect::<String>();
        let plain: i32 = (0..40).map(|i| if i % 3 == 0 { -i } else { i }).sum();
        assert_eq!(value(&format!("100 {long}")), 100 + plain);
        assert_eq!(value(&format!("(7 - 5) * 2 {}", "* 1".repeat(40))), 4);
        assert_eq!(value(&format!("2 {} * (7 - 5)", "* 1".repeat(40))), 4);
    }
}
