//! The hands each part of the program reads, and where the rest of the deal is dealt.
//!
//! Most conditions start with a test of one hand (`northOpens and ...`) that most deals fail.
//! The dealer then deals that hand alone, and the deal routine deals the others (`deal.rest`,
//! from the deal's own random stream, so the law of the deals is unchanged) just before the
//! first operand of the condition's `&&` chain, or the first value of the actions, that
//! reads another hand. `--plain` deals every hand first.

use crate::compile::compiler::{node_key, Compiler, NodeKey};
use crate::front::ast::*;
use dealvm_vm::bytecode::Instr;
use dealvm_vm::card::Seats;
use std::collections::HashMap;

/// Where the compiler is in placing `deal.rest`.
#[derive(Default)]
pub(super) struct RestPlan {
    /// The next `&&` chain compiled is the condition's.
    pub(super) top: bool,
    /// The hands dealt first, those of the condition's first operand; `None` when all are.
    pub(super) first: Option<Seats>,
    /// Whether `deal.rest` is in the code.
    pub(super) emitted: bool,
    /// The hands each node reads.
    memo: HashMap<NodeKey, Seats>,
}

impl<'s, 'a> Compiler<'s, 'a> {
    /// The hands `e` reads (all four when it asks double dummy).
    pub(super) fn seats_of(&mut self, e: &Expr<'a>) -> Seats {
        if let Some(&s) = self.rest.memo.get(&node_key(e)) {
            return s;
        }
        let s = match e.kind {
            ExprKind::Count { seat, .. }
            | ExprKind::Length { seat, .. }
            | ExprKind::Quality { seat, .. }
            | ExprKind::Cccc(seat)
            | ExprKind::HasCard { seat, .. }
            | ExprKind::Shape { seat, .. } => Seats::NONE.with(seat),
            ExprKind::FdShape { text, text_start } => match self.fd_shape(text, text_start) {
                Ok((seat, _)) => Seats::NONE.with(seat),
                Err(_) => Seats::ALL,
            },
            ExprKind::Var(name) => match self.vars.get(name) {
                Some(v) => self.seats_of(v.expr),
                None => Seats::ALL,
            },
            ExprKind::Score { tricks: a, .. } | ExprKind::Imps(a) | ExprKind::Rnd(a) | ExprKind::Unary(_, a) => self.seats_of(a),
            ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                let sa = self.seats_of(a);
                sa.union(self.seats_of(b))
            }
            ExprKind::Cond(c, a, b) => {
                let sc = self.seats_of(c);
                let sa = self.seats_of(a);
                sc.union(sa).union(self.seats_of(b))
            }
            ExprKind::Number(_) => Seats::NONE,
            ExprKind::Tricks { .. } | ExprKind::Par { .. } | ExprKind::Unsupported(_) => Seats::ALL,
        };
        self.rest.memo.insert(node_key(e), s);
        s
    }

    /// The hands a table lookup standing for operands reads.
    pub(super) fn seats_of_instr(&self, instr: Instr) -> Seats {
        match instr {
            Instr::SuitTest { seat, .. }
            | Instr::SuitValue { seat, .. }
            | Instr::ShapeValue { seat, .. }
            | Instr::Shape { seat, .. }
            | Instr::HandCount { seat, .. } => Seats::NONE.with(seat),
            Instr::LengthsValue { table } => {
                self.asm.program().length_values[table as usize].pairs.iter().fold(Seats::NONE, |s, &(seat, _)| s.with(seat))
            }
            _ => Seats::ALL,
        }
    }

    /// Before code that reads `seats`: emits `deal.rest` if it reads a hand not dealt first.
    pub(super) fn before_reading(&mut self, seats: Seats) {
        match self.rest.first {
            Some(first) if !self.rest.emitted && !seats.is_subset(first) => {
                self.emit(Instr::DealRest);
                self.rest.emitted = true;
            }
            _ => {}
        }
    }

    /// The hands of the first operand of the condition's `&&` chain (looking through
    /// variables read in one place, after double dummy is moved last): they are dealt first.
    /// The same with `--plain`, so that both deal the same deals.
    pub(super) fn first_seats(&mut self, c: &'a Expr<'a>) -> Seats {
        let mut operands = Vec::new();
        self.chain_through_variables(c, &mut operands);
        self.cost_order(&mut operands);
        self.seats_of(operands[0])
    }

    /// The operands of a `&&` chain, looking through variables read in one place.
    fn chain_through_variables(&self, e: &'a Expr<'a>, out: &mut Vec<&'a Expr<'a>>) {
        match e.kind {
            ExprKind::And(a, b) => {
                self.chain_through_variables(a, out);
                self.chain_through_variables(b, out);
            }
            ExprKind::Var(name) if self.uses.get(name) == Some(&1) => match self.vars.get(name) {
                Some(v) if matches!(v.expr.kind, ExprKind::And(..) | ExprKind::Var(_)) => self.chain_through_variables(v.expr, out),
                _ => out.push(e),
            },
            _ => out.push(e),
        }
    }
}
