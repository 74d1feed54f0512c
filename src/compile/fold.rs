//! Folding: the values of expressions that do not depend on the deal, comparisons that the
//! bounds of their operands decide (`hcp(north) >= 0`), and the shapes of `&&`/`||` chains
//! that become range tests.

use crate::compile::node::node_key;
use crate::compile::state::Compiler;
use crate::front::ast::*;
use dealvm_vm::evaluation::score::Contract;
use dealvm_vm::evaluation::tables::TableId;
use dealvm_vm::machine::bytecode::{BinaryOp, UnaryOp};

impl<'s, 'a> Compiler<'s, 'a> {
    /// Starts folding with the tables known: forgets what was folded without them, and finds
    /// the bounds of the variables in the order they were defined, so that a chain of
    /// variables is followed one link at a time.
    pub(super) fn fold_with_tables(&mut self) {
        self.folded.get_mut().clear();
        let mut vars: Vec<_> = self.vars.values().map(|v| (v.slot, v.expr)).collect();
        vars.sort_by_key(|&(slot, _)| slot);
        for (_, e) in vars {
            self.bounds(e);
        }
    }

    /// The value of an expression that does not depend on the deal, if it is one (each node
    /// is folded once).
    pub(super) fn constant(&self, e: &Expr<'a>) -> Option<i32> {
        if let Some(&v) = self.folded.borrow().get(&node_key(e)) {
            return v;
        }
        let v = self.fold(e);
        self.folded.borrow_mut().insert(node_key(e), v);
        v
    }

    /// [`Self::constant`] of a node not folded yet.
    fn fold(&self, e: &Expr<'a>) -> Option<i32> {
        match e.kind {
            ExprKind::Number(v) => Some(v),
            ExprKind::Var(name) => self.vars.get(name).and_then(|v| v.constant),
            ExprKind::Imps(a) if self.classic => self.constant(a).map(dealvm_vm::evaluation::score::classic_imps),
            ExprKind::Imps(a) => self.constant(a).map(dealvm_vm::evaluation::score::imps),
            ExprKind::Score { vulnerable, contract, tricks, .. } => {
                let c = Contract::parse(contract)?;
                self.constant(tricks).map(|t| dealvm_vm::evaluation::score::score(vulnerable, c, t))
            }
            ExprKind::Unary(op, a) => self.constant(a).map(|v| op.apply(v)),
            ExprKind::Binary(op, a, b) => match (self.constant(a), self.constant(b)) {
                (Some(x), Some(y)) => op.apply(x, y),
                _ => self.decided(op, a, b),
            },
            ExprKind::And(a, b) => match self.constant(a)? {
                0 => Some(0),
                _ => self.constant(b).map(|v| i32::from(v != 0)),
            },
            ExprKind::Or(a, b) => match self.constant(a)? {
                0 => self.constant(b).map(|v| i32::from(v != 0)),
                _ => Some(1),
            },
            ExprKind::Cond(c, a, b) => match self.constant(c)? {
                0 => self.constant(b),
                _ => self.constant(a),
            },
            _ => None,
        }
    }

    /// The value of a comparison that the bounds of its operands decide, such as
    /// `hcp(north) >= 0`, when neither operand draws random numbers. Known only once the
    /// point counts are (when the deal routine is compiled).
    pub(super) fn decided(&self, op: BinaryOp, a: &Expr<'a>, b: &Expr<'a>) -> Option<i32> {
        self.tables.as_ref()?;
        let (alo, ahi) = self.bounds(a)?;
        let (blo, bhi) = self.bounds(b)?;
        let always = |holds: bool| Some(i32::from(holds));
        match op {
            BinaryOp::Ge if alo >= bhi => always(true),
            BinaryOp::Ge if ahi < blo => always(false),
            BinaryOp::Gt if alo > bhi => always(true),
            BinaryOp::Gt if ahi <= blo => always(false),
            BinaryOp::Le if ahi <= blo => always(true),
            BinaryOp::Le if alo > bhi => always(false),
            BinaryOp::Lt if ahi < blo => always(true),
            BinaryOp::Lt if alo >= bhi => always(false),
            BinaryOp::Eq | BinaryOp::Ne if ahi < blo || alo > bhi => always(op == BinaryOp::Ne),
            _ => None,
        }
    }

    /// Bounds on the value of an expression that draws no random numbers; `None` when not
    /// known, or when it draws some (each node is bounded once).
    pub(super) fn bounds(&self, e: &Expr<'a>) -> Option<(i64, i64)> {
        self.tables.as_ref()?;
        if let Some(&b) = self.bounded.borrow().get(&node_key(e)) {
            return b;
        }
        let b = self.bound_node(e);
        self.bounded.borrow_mut().insert(node_key(e), b);
        b
    }

    /// [`Self::bounds`] of a node not bounded yet.
    fn bound_node(&self, e: &Expr<'a>) -> Option<(i64, i64)> {
        let cell = self.tables.as_ref()?;
        // Builds a table if needed; borrowed for one table look at a time.
        let table = |id: TableId| {
            let mut t = cell.borrow_mut();
            t.ensure(id);
            let (lo, hi) = t.suit_range(id);
            ((lo as i64, hi as i64), t.hand_range(id), (id == TableId::CCCC).then(|| t.cccc_range()))
        };
        let fits = |(lo, hi): (i64, i64)| (lo >= i32::MIN as i64 && hi <= i32::MAX as i64).then_some((lo, hi));
        let truth = Some((0, 1));
        match e.kind {
            ExprKind::Number(v) => Some((v as i64, v as i64)),
            ExprKind::Var(name) => self.bounds(self.vars.get(name)?.expr),
            ExprKind::Count { func, suit, .. } => {
                let table_id = super::state::count_table(func);
                let (suit_range, hand_range, _) = table(table_id);
                match suit {
                    Some(_) => Some(suit_range),
                    None => fits(hand_range),
                }
            }
            ExprKind::Length { .. } => Some((0, 13)),
            ExprKind::Quality { .. } => Some(table(TableId::QUALITY).0),
            ExprKind::Cccc(_) => fits(table(TableId::CCCC).2?),
            ExprKind::HasCard { .. } | ExprKind::Shape { .. } | ExprKind::FdShape { .. } => truth,
            ExprKind::Imps(a) => self.bounds(a).map(|_| (-24, 24)),
            ExprKind::Unary(UnaryOp::Neg, a) => {
                let (lo, hi) = self.bounds(a)?;
                fits((-hi, -lo))
            }
            ExprKind::Unary(UnaryOp::Not, a) => self.bounds(a).and(truth),
            ExprKind::Binary(op, a, b) => {
                let (alo, ahi) = self.bounds(a)?;
                let (blo, bhi) = self.bounds(b)?;
                match op {
                    BinaryOp::Add => fits((alo + blo, ahi + bhi)),
                    BinaryOp::Sub => fits((alo - bhi, ahi - blo)),
                    BinaryOp::Mul => {
                        let p = [alo * blo, alo * bhi, ahi * blo, ahi * bhi];
                        fits((*p.iter().min()?, *p.iter().max()?))
                    }
                    BinaryOp::Div | BinaryOp::Mod => None,
                    _ => truth,
                }
            }
            ExprKind::And(a, b) | ExprKind::Or(a, b) => self.bounds(a).and(self.bounds(b)).and(truth),
            ExprKind::Cond(c, a, b) => {
                self.bounds(c)?;
                let (alo, ahi) = self.bounds(a)?;
                let (blo, bhi) = self.bounds(b)?;
                Some((alo.min(blo), ahi.max(bhi)))
            }
            ExprKind::Tricks { .. } => Some((0, 13)),
            ExprKind::Score { .. }
            | ExprKind::Rnd(_)
            | ExprKind::Par { .. }
            | ExprKind::UserEval { .. }
            | ExprKind::Opc { .. }
            | ExprKind::Unsupported(_) => None,
        }
    }
}

/// The two sides of `e` when it is a `&&` (`and` true) or a `||`.
pub(super) fn chain_sides<'a>(e: &Expr<'a>, and: bool) -> Option<(&'a Expr<'a>, &'a Expr<'a>)> {
    match (e.kind, and) {
        (ExprKind::And(a, b), true) | (ExprKind::Or(a, b), false) => Some((a, b)),
        _ => None,
    }
}

/// Whether `e` is a chain of `&&` (`and` true) or of `||`.
pub(super) fn is_chain(e: &Expr<'_>, and: bool) -> bool {
    chain_sides(e, and).is_some()
}

/// The operands of a chain of `&&` (`and` true) or `||`, in evaluation order.
pub(super) fn flatten<'e, 'a>(e: &'e Expr<'a>, and: bool, out: &mut Vec<&'e Expr<'a>>) {
    match chain_sides(e, and) {
        Some((a, b)) => {
            flatten(a, and, out);
            flatten(b, and, out);
        }
        None => out.push(e),
    }
}

/// A bound `x >= k` (lower) or `x <= k` (upper) on a pure expression, from a comparison with
/// a number: `(x, k, is_lower)`.
fn bound_of<'e, 'a>(e: &'e Expr<'a>) -> Option<(&'e Expr<'a>, i32, bool)> {
    let ExprKind::Binary(op, a, b) = e.kind else { return None };
    let (x, op, k) = match (a.kind, b.kind) {
        (_, ExprKind::Number(k)) => (a, op, k),
        (ExprKind::Number(k), _) => (b, op.mirrored()?, k),
        _ => return None,
    };
    if !is_pure_leaf(x) {
        return None;
    }
    match op {
        BinaryOp::Ge => Some((x, k, true)),
        BinaryOp::Gt => Some((x, k.checked_add(1)?, true)),
        BinaryOp::Le => Some((x, k, false)),
        BinaryOp::Lt => Some((x, k.checked_sub(1)?, false)),
        _ => None,
    }
}

/// `x >= low && x <= high` (in either order, with `>`/`<` too) as `(x, low, high)`, when the
/// bounds fit the 16 bits of [`Instr::InRange`].
pub(super) fn in_range<'e, 'a>(a: &'e Expr<'a>, b: &'e Expr<'a>) -> Option<(&'e Expr<'a>, i16, i16)> {
    let (x, ka, lower_a) = bound_of(a)?;
    let (y, kb, lower_b) = bound_of(b)?;
    if lower_a == lower_b || !same_leaf(x, y) {
        return None;
    }
    let (low, high) = if lower_a { (ka, kb) } else { (kb, ka) };
    Some((x, i16::try_from(low).ok()?, i16::try_from(high).ok()?))
}

/// Whether an expression is a function of the deal or a variable: evaluating it twice gives
/// the same value and has no effect.
fn is_pure_leaf(e: &Expr<'_>) -> bool {
    matches!(
        e.kind,
        ExprKind::Var(_)
            | ExprKind::Count { .. }
            | ExprKind::Length { .. }
            | ExprKind::Quality { .. }
            | ExprKind::Cccc(_)
            | ExprKind::Tricks { .. }
            | ExprKind::Opc { .. }
    )
}

/// Whether two pure leaves are the same function of the same hand.
fn same_leaf(a: &Expr<'_>, b: &Expr<'_>) -> bool {
    match (a.kind, b.kind) {
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Count { func: f, seat: s, suit: u }, ExprKind::Count { func: g, seat: t, suit: v }) => f == g && s == t && u == v,
        (ExprKind::Length { seat: s, suit: u }, ExprKind::Length { seat: t, suit: v })
        | (ExprKind::Quality { seat: s, suit: u }, ExprKind::Quality { seat: t, suit: v }) => s == t && u == v,
        (ExprKind::Cccc(s), ExprKind::Cccc(t)) => s == t,
        (ExprKind::Tricks { seat: s, strain: u }, ExprKind::Tricks { seat: t, strain: v }) => s == t && u == v,
        (ExprKind::Opc { side: s, strain: u }, ExprKind::Opc { side: t, strain: v }) => s == t && u == v,
        _ => false,
    }
}
