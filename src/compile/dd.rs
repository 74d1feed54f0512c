//! Double dummy in the compiler: the vulnerability of `par` and `parcontract`, how the deals
//! are solved (single solves or whole tables), and the cost ordering of `&&`/`||` chains, so
//! that double-dummy terms are solved only when the cheaper tests beside them leave the
//! result open.

use crate::compile::compiled::DdSwitches;
use crate::compile::compiler::Compiler;
use crate::compile::node::{node_key, DRAWS, MAY_FAIL, SOLVES};
use crate::front::ast::*;
use crate::front::diag::Diagnostic;
use dealvm_vm::board::Vulnerability;
use dealvm_vm::bytecode::{BinaryOp, Instr, Program};
use dealvm_vm::card::Seat;
use dealvm_vm::dd::DdMode;
use dealvm_vm::score::Strain;
use std::collections::HashSet;

/// Single solves are chosen when a program asks about at most this many declarer-strain pairs;
/// with more, one whole table is cheaper. Measured with DDS 3 (`bench/dd.sh`): a table costs
/// about as much as 8 single solves. (DealerV2 switches at 5.)
const MAX_SINGLE_PAIRS: usize = 8;

impl<'s, 'a> Compiler<'s, 'a> {
    /// The vulnerability of a `par` or `parcontract`: the one written, else `-P`, else the
    /// input's `vulnerable` statement, else none.
    pub(super) fn par_vul(&self, word: Option<VulWord<'_>>) -> Result<Vulnerability, Diagnostic> {
        match word {
            None => Ok(self.par_default),
            Some(w) => super::statements::vulnerability(w.text)
                .ok_or_else(|| Diagnostic::at(w.span, format!("found `{}`, expected none, NS, EW or both", w.text))),
        }
    }

    /// Reorders the operands of a `&&` (or `||`) chain so that operands that solve double
    /// dummy come after the ones that do not. Operands that draw random numbers or may divide
    /// by zero stay where they are, and nothing moves across them; the value of the chain is
    /// the same as left to right, since solving has no effect but its cost.
    pub(super) fn cost_order<'e>(&self, operands: &mut [&'e Expr<'a>]) {
        let effects: Vec<u8> = operands.iter().map(|e| self.effects(e)).collect();
        if effects.iter().all(|&f| f & SOLVES == 0) {
            return;
        }
        let mut start = 0;
        while start < operands.len() {
            let end = (start..operands.len()).find(|&i| effects[i] & (DRAWS | MAY_FAIL) != 0).unwrap_or(operands.len());
            let segment = &mut operands[start..end];
            let mut keyed: Vec<(bool, &'e Expr<'a>)> =
                segment.iter().zip(&effects[start..end]).map(|(e, f)| (f & SOLVES != 0, *e)).collect();
            keyed.sort_by_key(|&(solves, _)| solves);
            for (slot, (_, e)) in segment.iter_mut().zip(keyed) {
                *slot = e;
            }
            start = end + 1;
        }
    }

    /// A comparison of double-dummy tricks with a number, `dds(south, notrump) >= 9` (either
    /// way round, any of `<`, `<=`, `>`, `>=`, through a variable holding just `dds(...)`),
    /// as a target search: `(declarer, strain, k, negate)` for "takes at least k tricks",
    /// negated for `<` and `<=`. `k` is 1 to 13; other comparisons fold to constants.
    pub(super) fn target_search(&self, op: BinaryOp, a: &Expr<'a>, b: &Expr<'a>) -> Option<(Seat, Strain, i8, bool)> {
        let (x, op, n) = match (self.constant(a), self.constant(b)) {
            (None, Some(n)) => (a, op, n),
            (Some(n), None) => (b, op.mirrored()?, n),
            _ => return None,
        };
        let (seat, strain) = self.bare_tricks(x)?;
        let (k, negate) = match op {
            BinaryOp::Ge => (n, false),
            BinaryOp::Gt => (n.checked_add(1)?, false),
            BinaryOp::Lt => (n, true),
            BinaryOp::Le => (n.checked_add(1)?, true),
            _ => return None,
        };
        (1..=13).contains(&k).then_some((seat, strain, k as i8, negate))
    }

    /// `dds(seat, strain)` itself, or a variable defined as just that.
    fn bare_tricks(&self, e: &Expr<'a>) -> Option<(Seat, Strain)> {
        match e.kind {
            ExprKind::Tricks { seat, strain } => Some((seat, strain.strain())),
            ExprKind::Var(name) => self.bare_tricks(self.vars.get(name)?.expr),
            _ => None,
        }
    }

    /// What evaluating an expression may do besides giving its value (each node once).
    pub(super) fn effects(&self, e: &Expr<'a>) -> u8 {
        if let Some(&f) = self.effects.borrow().get(&node_key(e)) {
            return f;
        }
        let f = match e.kind {
            ExprKind::Tricks { .. } | ExprKind::Par { .. } | ExprKind::UserEval { .. } => SOLVES,
            ExprKind::Rnd(a) => DRAWS | self.effects(a),
            ExprKind::Var(name) => self.vars.get(name).map_or(0, |v| self.effects(v.expr)),
            ExprKind::Binary(op, a, b) => {
                let divides = matches!(op, BinaryOp::Div | BinaryOp::Mod) && self.constant(b).is_none_or(|d| d == 0);
                self.effects(a) | self.effects(b) | if divides { MAY_FAIL } else { 0 }
            }
            ExprKind::Unary(_, a) | ExprKind::Imps(a) => self.effects(a),
            ExprKind::Score { tricks, .. } => self.effects(tricks),
            ExprKind::And(a, b) | ExprKind::Or(a, b) => self.effects(a) | self.effects(b),
            ExprKind::Cond(c, a, b) => self.effects(c) | self.effects(a) | self.effects(b),
            _ => 0,
        };
        self.effects.borrow_mut().insert(node_key(e), f);
        f
    }
}

/// The compiler's double-dummy decisions that need no node: the default par vulnerability
/// and the solving mode.
impl Compiler<'_, '_> {
    /// The default vulnerability of `par`: `-P`, else the last `vulnerable` statement, else none.
    pub(super) fn default_par_vul(switches: &DdSwitches, statements: &[Statement<'_>]) -> Vulnerability {
        let stated = statements.iter().rev().find_map(|s| match s.kind {
            StmtKind::Vulnerable(w) => super::statements::vulnerability(w.text),
            _ => None,
        });
        switches.par_vul.or(stated).unwrap_or(Vulnerability::None)
    }

    /// How a program's deals are solved: whole tables when `-M 2` asks, when it needs the table
    /// (`par`, `parcontract`) or, unless `-M 1` asks for single solves, when it asks about more
    /// than eight declarer-strain pairs; else one single solve per pair asked.
    pub(super) fn dd_mode(program: &Program, switches: &DdSwitches) -> DdMode {
        let mut pairs: HashSet<(Seat, Strain)> = HashSet::new();
        let mut needs_table = false;
        for i in &program.code {
            match *i {
                Instr::Tricks { declarer, strain } => {
                    pairs.insert((declarer, strain));
                }
                Instr::Par { .. } | Instr::ParContract { .. } => needs_table = true,
                _ => {}
            }
        }
        match switches.mode {
            _ if needs_table => DdMode::Table,
            Some(mode) => mode,
            None if pairs.len() > MAX_SINGLE_PAIRS => DdMode::Table,
            None => DdMode::Single,
        }
    }
}
