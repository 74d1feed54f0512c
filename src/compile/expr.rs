//! Expressions to bytecode: each node becomes its instruction, constants are folded,
//! `&&`, `||` and `?:` become jumps, and errors are reported even in parts folded away.

use crate::compile::fold::{flatten, in_range, is_chain};
use crate::compile::state::count_table;
use crate::compile::state::{Compiler, VarInfo};
use crate::compile::tabulate::Operand;
use crate::diag::{closest, Diagnostic, Span};
use crate::front::ast::*;
use crate::front::words::{operator_word, ACTIONS, FUNCTIONS, STATEMENTS};
use dealvm_vm::card::{Card, Suit};
use dealvm_vm::evaluation::score::Contract;
use dealvm_vm::evaluation::tables::TableId;
use dealvm_vm::evaluation::usereval::{Query, Who, MAX_RESULTS};
use dealvm_vm::machine::bytecode::{BinaryOp, Instr, UnaryOp};

impl<'s, 'a> Compiler<'s, 'a> {
    pub(super) fn expr(&mut self, e: &Expr<'a>) -> Result<(), Diagnostic> {
        if let Some(v) = self.constant(e) {
            // Still check the parts that are skipped for errors such as unknown variables.
            self.check(e)?;
            self.emit(Instr::Const(v));
            return Ok(());
        }
        // The condition's chain stays a chain when its rest of the deal is dealt later: a
        // table over it would read the hands not dealt first before `deal.rest`.
        if !self.straddles_first(e) {
            if let Some(instr) = self.tabulated(e) {
                self.emit(instr);
                return Ok(());
            }
        }
        match e.kind {
            ExprKind::Number(v) => {
                self.emit(Instr::Const(v));
            }
            ExprKind::Var(_) if self.in_place(e, true).is_some() => {
                let def = self.in_place(e, true).expect("checked");
                self.expr(def)?;
            }
            ExprKind::Var(name) => {
                let info = self.lookup(name, e.span)?;
                let read = self.inline_vars.get(&info.slot).copied().unwrap_or(Instr::Var(info.slot));
                self.emit(read);
            }
            ExprKind::Count { func, seat, suit } => {
                let table = count_table(func);
                match suit {
                    Some(suit) => self.emit(Instr::SuitCount { table, seat, suit }),
                    None => self.emit(Instr::HandCount { table, seat }),
                };
            }
            ExprKind::Length { seat, suit } => {
                self.emit(Instr::Length { seat, suit });
            }
            ExprKind::Quality { seat, suit } => {
                self.emit(Instr::SuitCount { table: TableId::QUALITY, seat, suit });
            }
            ExprKind::Cccc(seat) => {
                self.emit(Instr::Cccc { seat });
            }
            ExprKind::HasCard { seat, card, .. } => {
                let card = Card::parse(card).expect("lexer checks cards");
                self.emit(Instr::HasCard { seat, card });
            }
            ExprKind::Shape { seat, terms } => {
                let set = self.shape_set(terms)?;
                self.emit(Instr::Shape { seat, set });
            }
            ExprKind::FdShape { text, text_start } => {
                let (seat, shapes) = self.fd_shape(text, text_start)?;
                let set = self.intern_shapes(shapes, e.span)?;
                self.emit(Instr::Shape { seat, set });
            }
            ExprKind::Score { vulnerable, contract, contract_span, tricks } => {
                let contract = self.contract(contract, contract_span)?;
                self.expr(tricks)?;
                self.emit(Instr::Score { vulnerable, contract });
            }
            ExprKind::Imps(a) => {
                self.expr(a)?;
                self.emit(Instr::Imps);
            }
            ExprKind::Rnd(a) => {
                if self.constant(a).is_none_or(|v| v == 0) {
                    self.uses_produced_number = true;
                }
                self.expr(a)?;
                self.emit(Instr::Rnd);
            }
            ExprKind::Unary(op, a) => {
                self.expr(a)?;
                self.emit(Instr::Unary(op));
            }
            ExprKind::Binary(op, a, b) => {
                if let Some((declarer, strain, k, negate)) = self.target_search(op, a, b) {
                    self.check(a)?;
                    self.check(b)?;
                    self.emit(Instr::TricksAtLeast { declarer, strain, k, count: false });
                    if negate {
                        self.emit(Instr::Unary(UnaryOp::Not));
                    }
                    return Ok(());
                }
                if matches!(op, BinaryOp::Add | BinaryOp::Sub) {
                    if let Some(terms) = self.regrouped_sum(e) {
                        // Errors in the terms folded away or joined are still reported.
                        self.check(e)?;
                        return self.sum(&terms);
                    }
                }
                let site = if matches!(op, BinaryOp::Div | BinaryOp::Mod) { self.site(e)? } else { 0 };
                match (self.constant(a), self.constant(b)) {
                    (_, Some(k)) => {
                        self.expr(a)?;
                        self.check(b)?;
                        self.emit(Instr::BinaryConst { op, k, site });
                    }
                    (Some(k), None) if op.mirrored().is_some() => {
                        self.check(a)?;
                        self.expr(b)?;
                        self.emit(Instr::BinaryConst { op: op.mirrored().expect("checked"), k, site });
                    }
                    _ => {
                        self.expr(a)?;
                        self.expr(b)?;
                        self.emit(Instr::Binary { op, site });
                    }
                }
            }
            ExprKind::And(a, b) => self.short_circuit(a, b, true)?,
            ExprKind::Or(a, b) => self.short_circuit(a, b, false)?,
            ExprKind::Cond(c, a, b) => match self.constant(c) {
                Some(v) => {
                    self.check(if v == 0 { a } else { b })?;
                    self.expr(if v == 0 { b } else { a })?;
                }
                None => {
                    self.expr(c)?;
                    let to_else = self.emit(Instr::JumpIfZero(0));
                    self.expr(a)?;
                    let to_end = self.emit(Instr::Jump(0));
                    let else_at = self.asm.here();
                    self.asm.patch(to_else, else_at);
                    self.expr(b)?;
                    let end = self.asm.here();
                    self.asm.patch(to_end, end);
                }
            },
            ExprKind::Tricks { seat, strain } => {
                self.emit(Instr::Tricks { declarer: seat, strain: strain.strain() });
            }
            ExprKind::Par { side, vul } => {
                let vul = self.par_vul(vul)?;
                self.emit(Instr::Par { side, vul });
            }
            ExprKind::UserEval { tag, who, suit, idx } => {
                let (query, idx) = self.usereval(e.span, tag, who, suit, idx)?;
                self.emit(Instr::UserEval { query, idx });
            }
            ExprKind::Opc { side, strain } => {
                self.emit(Instr::Opc { side, strain: strain.map(StrainArg::strain), opener: self.opener });
            }
            ExprKind::Unsupported(what) => return Err(self.not_yet(e.span, what)),
        }
        Ok(())
    }

    /// A `usereval`'s query (its index in the program, the span of its first use noted) and
    /// result number, checked: a tag that fits 32 bits, a result number below 128.
    fn usereval(&mut self, span: Span, tag: Num, who: Who, suit: Option<Suit>, idx: Num) -> Result<(u16, u8), Diagnostic> {
        let tag_value = u32::try_from(tag.value)
            .map_err(|_| Diagnostic::at(tag.span, format!("a usereval tag is a whole number from 0 to {}, found {}", u32::MAX, tag.value)))?;
        let idx_value = u8::try_from(idx.value).ok().filter(|&i| (i as usize) < MAX_RESULTS).ok_or_else(|| {
            Diagnostic::at(idx.span, format!("usereval results are numbered 0 to {}, found {}", MAX_RESULTS - 1, idx.value))
                .with_note(format!("a server answers at most {MAX_RESULTS} values per query"))
        })?;
        let query = self
            .asm
            .query(Query { tag: tag_value, who, suit })
            .ok_or_else(|| Diagnostic::at(span, "too many different usereval queries in one file (at most 65536)"))?;
        if query as usize == self.query_spans.len() {
            self.query_spans.push(span);
        }
        Ok((query, idx_value))
    }

    /// Whether an expression's value is always 0 or 1.
    pub(super) fn is_truth_value(&self, e: &Expr<'a>) -> bool {
        match e.kind {
            ExprKind::Binary(op, ..) => !matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod),
            ExprKind::Unary(UnaryOp::Not, _) | ExprKind::And(..) | ExprKind::Or(..) => true,
            ExprKind::HasCard { .. } | ExprKind::Shape { .. } | ExprKind::FdShape { .. } => true,
            ExprKind::Cond(_, a, b) => self.is_truth_value(a) && self.is_truth_value(b),
            ExprKind::Var(name) if self.constant(e).is_none() => self.vars.get(name).is_some_and(|v| self.is_truth_value(v.expr)),
            _ => self.constant(e).is_some_and(|v| v == 0 || v == 1),
        }
    }

    /// Emits `bool` unless the value on the stack is already 0 or 1.
    pub(super) fn truth(&mut self, e: &Expr<'a>) {
        if !self.is_truth_value(e) {
            self.emit(Instr::Bool);
        }
    }

    /// A chain `a && b && ...` (`and` true) or `a || b || ...`, each operand evaluated only
    /// when the ones before it leave the result open. Operands that are constants and do
    /// not decide the result are left out, and `x >= lo && x <= hi` on a pure `x` is one
    /// range test.
    pub(super) fn short_circuit(&mut self, a: &Expr<'a>, b: &Expr<'a>, and: bool) -> Result<(), Diagnostic> {
        let mut operands = Vec::new();
        flatten(a, and, &mut operands);
        flatten(b, and, &mut operands);
        // A variable compiled in place whose definition is a chain of the same kind joins it.
        // In the condition's chain with hands dealt first, so does one read in several places
        // (its subroutine serves the others), so that `deal.rest` goes inside it.
        let through = |c: &mut Self, o: &Expr<'a>| c.in_place(o, and).filter(|d| is_chain(d, and));
        while let Some(i) = (0..operands.len()).find(|&i| through(self, operands[i]).is_some()) {
            let def = through(self, operands[i]).expect("found above");
            let mut inner = Vec::new();
            flatten(def, and, &mut inner);
            operands.splice(i..=i, inner);
        }
        self.cost_order(&mut operands);
        // The condition's own chain: where the hands not read first are dealt, in the order
        // that costs least on a sample. The operands that read only the hands dealt first
        // and lead the chain are joined apart from the others, so that no table reads both
        // before `deal.rest`.
        let condition = std::mem::take(&mut self.rest.top);
        let top = condition && and;
        // The condition's `||` with hands dealt first: each branch deals the rest before its
        // first operand that reads another hand (a branch that is a `&&` chain, as the
        // condition's chain does), the next branch again (`deal.rest` deals once a deal).
        let branches = condition && !and && self.rest.first.is_some() && !self.rest.emitted;
        let operands = match self.rest.first.filter(|_| top && !self.rest.emitted) {
            Some(first) => {
                let head = operands.iter().take_while(|o| self.seats_of(o).is_subset(first)).count();
                let mut joined = self.join_chain(&operands[..head], and);
                joined.extend(self.join_chain(&operands[head..], and));
                joined
            }
            None => self.join_chain(&operands, and),
        };
        let operands = if top { self.order_by_sample(operands, and) } else { operands };
        let mut jumps = Vec::new();
        let mut i = 0;
        let last = operands.len() - 1;
        while i <= last {
            let (e, next) = match (operands[i], operands.get(i + 1)) {
                (Operand::Expr(e), Some(&Operand::Expr(n))) => (Some(e), Some(n)),
                (Operand::Expr(e), _) => (Some(e), None),
                _ => (None, None),
            };
            let range = match (e, next) {
                (Some(e), Some(n)) if and => in_range(e, n),
                _ => None,
            };
            let used = if range.is_some() { 2 } else { 1 };
            let is_last = i + used > last;
            if top {
                let seats = match e {
                    Some(e) => self.seats_of(e),
                    None => self.operand_seats(operands[i]),
                };
                if e.and_then(|e| self.constant(e)).is_none() {
                    self.before_reading(seats);
                }
            }
            if branches {
                // A branch that is a `&&` chain (through the variables compiled in place)
                // places its `deal.rest` itself, as the condition's chain.
                self.rest.top = true;
                self.rest.emitted = false;
                let mut chain = e;
                while let Some(def) = chain.and_then(|c| self.in_place(c, true)) {
                    chain = Some(def);
                }
                if !chain.is_some_and(|c| matches!(c.kind, ExprKind::And(..))) {
                    self.rest.top = false;
                    let seats = match e {
                        Some(e) => self.seats_of(e),
                        None => self.operand_seats(operands[i]),
                    };
                    self.before_reading(seats);
                }
            }
            match (range, e, e.and_then(|e| self.constant(e))) {
                (Some((x, low, high)), _, _) => {
                    self.expr(x)?;
                    self.emit(Instr::InRange { low, high });
                }
                (None, None, _) => {
                    if let Operand::Table(instr) = operands[i] {
                        self.emit(instr);
                    }
                }
                // An operand that does not decide the result: `1 && b` is `b`.
                (None, Some(e), Some(v)) if (v != 0) == and && !is_last => {
                    self.check(e)?;
                    i += 1;
                    continue;
                }
                // An operand that decides it: `0 && b` is 0.
                (None, Some(e), Some(v)) if (v != 0) != and => {
                    self.check(e)?;
                    for rest in &operands[i + 1..] {
                        if let Operand::Expr(rest) = *rest {
                            self.check(rest)?;
                        }
                    }
                    self.emit(Instr::Const(i32::from(!and)));
                    break;
                }
                (None, Some(e), _) => {
                    self.expr(e)?;
                    if is_last {
                        self.truth(e);
                    }
                }
            }
            if !is_last {
                jumps.push(self.emit(if and { Instr::AndThen(0) } else { Instr::OrElse(0) }));
            }
            i += used;
        }
        if branches {
            // The code after the `||` deals the rest itself when it reads other hands (a
            // branch of the first hands alone may have decided the condition).
            self.rest.top = false;
            self.rest.emitted = false;
        }
        let end = self.asm.here();
        for j in jumps {
            self.asm.patch(j, end);
        }
        Ok(())
    }

    /// A regrouped sum (see [`Self::regrouped_sum`]), left to right.
    fn sum(&mut self, terms: &[(bool, Operand<'_, 'a>)]) -> Result<(), Diagnostic> {
        for (i, &(neg, term)) in terms.iter().enumerate() {
            match term {
                Operand::Constant(k) if i > 0 => {
                    self.emit(Instr::BinaryConst { op: if neg { BinaryOp::Sub } else { BinaryOp::Add }, k, site: 0 });
                    continue;
                }
                Operand::Constant(k) => _ = self.emit(Instr::Const(k)),
                Operand::Table(instr) => _ = self.emit(instr),
                Operand::Expr(e) => self.expr(e)?,
                Operand::Gone => continue,
            }
            match (i, neg) {
                (0, false) => {}
                (0, true) => _ = self.emit(Instr::Unary(UnaryOp::Neg)),
                (_, neg) => _ = self.emit(Instr::Binary { op: if neg { BinaryOp::Sub } else { BinaryOp::Add }, site: 0 }),
            }
        }
        Ok(())
    }

    /// Reports errors in an expression without emitting code for it.
    pub(super) fn check(&mut self, e: &Expr<'a>) -> Result<(), Diagnostic> {
        let mark = self.asm.mark();
        let sites = self.site_spans.len();
        self.checking += 1;
        let result = match e.kind {
            ExprKind::Number(_) => Ok(()),
            _ => self.expr_nofold(e),
        };
        self.checking -= 1;
        self.asm.rewind(mark);
        self.site_spans.truncate(sites);
        result
    }

    /// Emits an expression without folding its top node (used by [`Self::check`]).
    pub(super) fn expr_nofold(&mut self, e: &Expr<'a>) -> Result<(), Diagnostic> {
        match e.kind {
            ExprKind::Var(name) => self.lookup(name, e.span).map(|_| ()),
            ExprKind::Unary(_, a) | ExprKind::Imps(a) | ExprKind::Rnd(a) => self.check(a),
            ExprKind::Score { contract, contract_span, tricks, .. } => {
                self.contract(contract, contract_span)?;
                self.check(tricks)
            }
            ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                self.check(a)?;
                self.check(b)
            }
            ExprKind::Cond(c, a, b) => {
                self.check(c)?;
                self.check(a)?;
                self.check(b)
            }
            _ => self.expr(e),
        }
    }

    /// A defined variable, or an error explaining why the name is unknown.
    pub(super) fn lookup(&self, name: &str, span: Span) -> Result<VarInfo<'a>, Diagnostic> {
        if let Some(v) = self.vars.get(name) {
            return Ok(*v);
        }
        let mut d = Diagnostic::at(span, format!("unknown variable `{name}`"));
        if let Some(note) = crate::front::parse::split_holding(&self.source.text, span, name) {
            return Err(d.with_note(note));
        }
        let variables = self.definitions.keys().copied().filter(|v| self.definitions[v].start < span.start);
        if let Some(operator) = operator_word(name) {
            d.message.push_str(&format!("; did you mean the operator {operator}?"));
            d = d.with_note("the Dealer language's words are written in lowercase");
        } else if let Some(near) = closest(name, variables) {
            d.message.push_str(&format!("; did you mean `{near}`?"));
        } else if let Some(near) = closest(name, ACTIONS.iter().copied()) {
            d.message.push_str(&format!("; did you mean the action `{near}`?"));
        } else if let Some(near) = closest(name, STATEMENTS.iter().copied()) {
            d.message.push_str(&format!("; did you mean the statement `{near}`?"));
        } else if let Some(near) = closest(name, FUNCTIONS.iter().copied()) {
            d.message.push_str(&format!("; did you mean the function `{near}`?"));
        }
        Err(match self.definitions.get(name) {
            Some(def) if def.start > span.start => {
                let (line, _) = self.source.line_col(def.start);
                d.with_note(format!("`{name}` is defined later, on line {line}; a variable must be defined before it is used"))
            }
            _ => d,
        })
    }

    /// A division site: the expression's text and place, for a division-by-zero report.
    pub(super) fn site(&mut self, e: &Expr<'a>) -> Result<u16, Diagnostic> {
        let text: String = self.source.slice(e.span).split_whitespace().collect::<Vec<_>>().join(" ");
        let site = self.asm.site(format!("`{text}`")).ok_or_else(|| Diagnostic::at(e.span, "too many divisions in one file (at most 65536)"))?;
        self.site_spans.push(e.span);
        Ok(site)
    }

    pub(super) fn contract(&self, text: &str, span: Span) -> Result<Contract, Diagnostic> {
        Contract::parse(text).ok_or_else(|| {
            Diagnostic::at(span, format!("found `{text}`, expected a contract such as z4H, z3Nx or z6Sxx"))
                .with_note("doubled contracts use the z form: z4Hx")
        })
    }
}
