//! Tabulating: a sub-expression that reads only one suit of one hand becomes a single lookup
//! in a table of that suit's 8192 holdings, and one that reads only one hand's suit lengths,
//! a single lookup in a table of its 560 shapes.
//!
//! `top5(west, clubs) < 3 and hcp(west, clubs) < 5`, `hascard(east, AS) or (hascard(east, KS)
//! and spades(east) >= 2)` or a variable defined that way are evaluated once per holding when
//! the file is compiled, with the interpreter's own arithmetic; the program then reads one
//! bit (`suit.test`) or one value (`suit.value`) per deal. Likewise `spades(west) >= 5 or
//! hearts(west) >= 5` becomes a shape-set test and `hcp`-free length formulas a
//! `shape.value`. A sub-expression that divides by zero for some holding, draws random
//! numbers or asks double dummy is left as it is, so the program's results, errors included,
//! are those of the plain code (`--plain` compiles without tables, for checking).

use crate::compile::node::{node_key, DRAWS, MAY_FAIL};
use crate::compile::reads::{pair_bit, pairs, Column, Domain, Lanes, Part, Reads};
use crate::compile::state::{count_table, Compiler};
use crate::front::ast::*;
use dealvm_vm::card::{Card, Suit};
use dealvm_vm::evaluation::shape::{shape_index, ShapeSet, NUM_SHAPES, SHAPES};
use dealvm_vm::evaluation::tables::{TableId, SUIT_MASKS};
use dealvm_vm::machine::bytecode::{BinaryOp, Instr};
use dealvm_vm::machine::program::{LengthValues, ShapeValues, SuitBits, SuitValues};
use std::rc::Rc;

impl<'s, 'a> Compiler<'s, 'a> {
    /// The single instruction that computes `e` from a table, when `e` is worth one: it
    /// takes more than one instruction, reads only one holding or one hand's suit lengths,
    /// and never divides by zero.
    pub(super) fn tabulated(&mut self, e: &Expr<'a>) -> Option<Instr> {
        if !self.tabulating() {
            return None;
        }
        // A variable is read through its subroutine, or inlined when that is one
        // instruction (see `variables`).
        if matches!(e.kind, ExprKind::Var(_)) || is_leaf(e) {
            return None;
        }
        let domain = *self.domains(e).first()?;
        let values = self.values(e, domain)?;
        self.table_instr(domain, &values)
    }

    /// Whether sub-expressions are tabulated now: not with `--plain`, not before the point
    /// counts are known, not in code that is thrown away.
    pub(super) fn tabulating(&self) -> bool {
        !self.plain && self.checking == 0 && self.tables.is_some()
    }

    /// The domains `e` can be tabulated over, the holding first.
    pub(super) fn domains(&self, e: &Expr<'a>) -> Vec<Domain> {
        let reads = self.reads(e);
        let mut out = Vec::new();
        if let Part::One((seat, suit)) = reads.holding {
            out.push(Domain::Holding(seat, suit));
        }
        if let Part::One(seat) = reads.shape {
            out.push(Domain::Shape(seat));
        }
        match reads.lengths {
            Some(set) if out.is_empty() && set.count_ones() >= 2 => out.push(Domain::Lengths(set)),
            _ => {}
        }
        out
    }

    /// The value of `e` on every input of `domain`, when it never divides by zero there.
    pub(super) fn values(&self, e: &Expr<'a>, domain: Domain) -> Option<Rc<[i32]>> {
        let key = (node_key(e), domain);
        if let Some(values) = self.tabulate.borrow().values.get(&key) {
            return values.clone();
        }
        // Inputs that cannot occur take 0, whatever the expression would do there.
        let values: Option<Rc<[i32]>> = self.lanes(e, domain).and_then(|lanes| {
            let possible = domain.possible();
            if (0..lanes.values.len()).any(|i| possible[i] && lanes.fails(i)) {
                return None;
            }
            Some(lanes.values.iter().zip(possible).map(|(&v, possible)| if possible { v } else { 0 }).collect())
        });
        self.tabulate.borrow_mut().values.insert(key, values.clone());
        values
    }

    /// The lookup of `values` (one per input of `domain`): a bit test for truth values, else
    /// a value table; `None` when the values do not fit a table (or there are too many).
    pub(super) fn table_instr(&mut self, domain: Domain, values: &[i32]) -> Option<Instr> {
        let truth = values.iter().all(|&v| v == 0 || v == 1);
        match (domain, truth) {
            (Domain::Holding(seat, suit), true) => {
                let mut bits: SuitBits = Box::new([0; 128]);
                for (word, chunk) in bits.iter_mut().zip(values.chunks_exact(64)) {
                    *word = chunk.iter().enumerate().fold(0, |w, (i, &v)| w | u64::from(v == 1) << i);
                }
                Some(Instr::SuitTest { seat, suit, table: self.asm.suit_test(bits)? })
            }
            (Domain::Holding(seat, suit), false) => {
                let mut table: SuitValues = Box::new([0; SUIT_MASKS]);
                for (slot, &v) in table.iter_mut().zip(values) {
                    *slot = i16::try_from(v).ok()?;
                }
                Some(Instr::SuitValue { seat, suit, table: self.asm.suit_values(table)? })
            }
            (Domain::Shape(seat), true) => {
                let mut set = ShapeSet::empty();
                for (i, _) in values.iter().enumerate().filter(|(_, &v)| v == 1) {
                    set.insert(i);
                }
                Some(Instr::Shape { seat, set: self.asm.shape_set(&set)? })
            }
            (Domain::Shape(seat), false) => {
                let mut table: ShapeValues = Box::new([0; NUM_SHAPES]);
                table.copy_from_slice(values);
                Some(Instr::ShapeValue { seat, table: self.asm.shape_values(table)? })
            }
            (Domain::Lengths(set), _) => {
                let values = values.iter().map(|&v| i16::try_from(v).ok()).collect::<Option<Box<[i16]>>>()?;
                Some(Instr::LengthsValue { table: self.asm.length_values(LengthValues { pairs: pairs(set), values })? })
            }
        }
    }

    /// Joins the operands of a `&&` (`and`) or `||` chain that read the same holding (or the
    /// same hand's shape) into one table each, placed where the first of them was: `shape(n,
    /// any 4333 + any 4432) && spades(n) < 5 && hcp(n) > 14` tests the shape once. Nothing
    /// moves across an operand that draws random numbers or may divide by zero, so the chain
    /// gives what it gives left to right.
    pub(super) fn join_chain<'e>(&mut self, operands: &[&'e Expr<'a>], and: bool) -> Vec<Operand<'e, 'a>> {
        let mut out: Vec<Operand<'e, 'a>> = operands.iter().map(|&e| Operand::Expr(e)).collect();
        if !self.tabulating() || operands.len() < 2 {
            return out;
        }
        let mut start = 0;
        while start < operands.len() {
            let end = (start..operands.len()).find(|&i| self.effects(operands[i]) & (DRAWS | MAY_FAIL) != 0).unwrap_or(operands.len());
            self.join_segment(&operands[start..end], and, &mut out[start..end]);
            start = end + 1;
        }
        out.retain(|o| !matches!(o, Operand::Gone));
        out
    }

    /// [`Self::join_chain`] on a segment with no operand that draws or may fail.
    fn join_segment<'e>(&mut self, operands: &[&'e Expr<'a>], and: bool, out: &mut [Operand<'e, 'a>]) {
        let groups = self.groups(operands);
        for (domain, members) in groups {
            if members.len() < 2 {
                continue;
            }
            let mut joined = vec![i32::from(and); domain.len()];
            for &i in &members {
                let Some(values) = self.values(operands[i], domain) else { return };
                for (j, &v) in joined.iter_mut().zip(values.iter()) {
                    *j = if and { *j & i32::from(v != 0) } else { *j | i32::from(v != 0) };
                }
            }
            if let Some(instr) = self.table_instr(domain, &joined) {
                out[members[0]] = Operand::Table(instr);
                for &i in &members[1..] {
                    out[i] = Operand::Gone;
                }
            }
        }
    }

    /// The operands that can be tabulated, by domain (in the order of their first member):
    /// each operand goes to the domain that most operands can share.
    fn groups(&self, operands: &[&Expr<'a>]) -> Vec<(Domain, Vec<usize>)> {
        let domains: Vec<Vec<Domain>> = operands.iter().map(|e| self.domains(e)).collect();
        let shared = |d: &Domain| domains.iter().filter(|ds| ds.contains(d)).count();
        let mut groups: Vec<(Domain, Vec<usize>)> = Vec::new();
        for (i, ds) in domains.iter().enumerate() {
            // The first of the most shared: the holding on a tie.
            let Some(best) = ds.iter().copied().reduce(|a, b| if shared(&b) > shared(&a) { b } else { a }) else { continue };
            match groups.iter_mut().find(|(d, _)| *d == best) {
                Some((_, members)) => members.push(i),
                None => groups.push((best, vec![i])),
            }
        }
        groups
    }

    /// A sum of three or more terms (`+` and `-`) regrouped: the terms that read the same
    /// holding or hand's shape become one table, the same counting function over the four
    /// suits of a hand one hand count, the constants one constant. `None` when nothing
    /// joins. Wrapping arithmetic makes any grouping exact; terms that draw random numbers or
    /// may divide by zero keep their order, and all terms are evaluated either way.
    pub(super) fn regrouped_sum<'e>(&mut self, e: &'e Expr<'a>) -> Option<Vec<(bool, Operand<'e, 'a>)>> {
        if !self.tabulating() {
            return None;
        }
        // A sum inside a sum looked at already is not looked at again.
        if self.tabulate.borrow().sums_seen.contains(&node_key(e)) {
            return None;
        }
        let mut terms = Vec::new();
        sum_terms(e, false, &mut terms);
        {
            let mut memo = self.tabulate.borrow_mut();
            let mut inner = vec![e];
            while let Some(n) = inner.pop() {
                if let ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) = n.kind {
                    memo.sums_seen.insert(node_key(n));
                    inner.extend([a, b]);
                }
            }
        }
        if terms.len() < 3 {
            return None;
        }
        let mut out: Vec<(bool, Operand<'e, 'a>)> = terms.iter().map(|&(neg, t)| (neg, Operand::Expr(t))).collect();
        let mut changed = false;
        // Constants: one at the end.
        let mut k = 0i32;
        let mut constants = 0;
        for (neg, o) in out.iter_mut() {
            if let Operand::Expr(t) = *o {
                if let Some(v) = self.constant(t) {
                    k = if *neg { k.wrapping_sub(v) } else { k.wrapping_add(v) };
                    constants += 1;
                    *o = Operand::Gone;
                }
            }
        }
        changed |= constants > 1;
        // One counting function over all four suits of a hand, all added or all subtracted.
        for i in 0..out.len() {
            let (neg, Operand::Expr(t)) = out[i] else { continue };
            let ExprKind::Count { func, seat, suit: Some(_) } = t.kind else { continue };
            let same: Vec<usize> = (i..out.len())
                .filter(|&j| match out[j] {
                    (n, Operand::Expr(u)) => {
                        n == neg && matches!(u.kind, ExprKind::Count { func: f, seat: s, suit: Some(_) } if f == func && s == seat)
                    }
                    _ => false,
                })
                .collect();
            let mut first_of_suit = [None; 4];
            for &j in &same {
                if let (_, Operand::Expr(Expr { kind: ExprKind::Count { suit: Some(suit), .. }, .. })) = out[j] {
                    first_of_suit[*suit as usize].get_or_insert(j);
                }
            }
            if let [Some(a), Some(b), Some(c), Some(d)] = first_of_suit {
                out[i] = (neg, Operand::Table(Instr::HandCount { table: count_table(func), seat }));
                for j in [a, b, c, d].into_iter().filter(|&j| j != i) {
                    out[j].1 = Operand::Gone;
                }
                changed = true;
            }
        }
        // Terms of one domain: one table.
        let live: Vec<usize> = (0..out.len()).filter(|&i| matches!(out[i].1, Operand::Expr(_))).collect();
        let exprs: Vec<&'e Expr<'a>> = live
            .iter()
            .map(|&i| match out[i].1 {
                Operand::Expr(t) => t,
                _ => unreachable!("live terms are expressions"),
            })
            .collect();
        for (domain, members) in self.groups(&exprs) {
            if members.len() < 2 {
                continue;
            }
            let mut sum = vec![0i32; domain.len()];
            let mut whole = true;
            for &m in &members {
                let Some(values) = self.values(exprs[m], domain) else {
                    whole = false;
                    break;
                };
                let neg = out[live[m]].0;
                for (s, &v) in sum.iter_mut().zip(values.iter()) {
                    *s = if neg { s.wrapping_sub(v) } else { s.wrapping_add(v) };
                }
            }
            if !whole {
                continue;
            }
            if let Some(instr) = self.table_instr(domain, &sum) {
                out[live[members[0]]] = (false, Operand::Table(instr));
                for &m in &members[1..] {
                    out[live[m]].1 = Operand::Gone;
                }
                changed = true;
            }
        }
        if !changed {
            return None;
        }
        out.retain(|(_, o)| !matches!(o, Operand::Gone));
        if k != 0 || out.is_empty() {
            out.push((false, Operand::Constant(k)));
        }
        Some(out)
    }

    /// What `e` reads (each node once).
    fn reads(&self, e: &Expr<'a>) -> Reads {
        if let Some(&r) = self.tabulate.borrow().reads.get(&node_key(e)) {
            return r;
        }
        let r = if self.constant(e).is_some() { Reads::NOTHING } else { self.reads_of(e) };
        self.tabulate.borrow_mut().reads.insert(node_key(e), r);
        r
    }

    fn reads_of(&self, e: &Expr<'a>) -> Reads {
        match e.kind {
            ExprKind::Number(_) => Reads::NOTHING,
            ExprKind::Var(name) => self.vars.get(name).map_or(Reads::ANYTHING, |v| self.reads(v.expr)),
            ExprKind::Count { seat, suit: Some(suit), .. } | ExprKind::Quality { seat, suit } => Reads::holding(seat, suit),
            ExprKind::Length { seat, suit } => {
                Reads { holding: Part::One((seat, suit)), shape: Part::One(seat), lengths: Some(pair_bit(seat, suit)) }
            }
            ExprKind::HasCard { seat, card, .. } => match Card::parse(card) {
                Some(c) => Reads::holding(seat, c.suit()),
                None => Reads::ANYTHING,
            },
            ExprKind::Shape { seat, .. } => Reads::shape(seat),
            ExprKind::FdShape { text, text_start } => match self.fd_shape(text, text_start) {
                Ok((seat, _)) => Reads::shape(seat),
                Err(_) => Reads::ANYTHING,
            },
            ExprKind::Score { tricks, .. } => self.reads(tricks),
            ExprKind::Imps(a) | ExprKind::Unary(_, a) => self.reads(a),
            ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => self.reads(a).join(self.reads(b)),
            ExprKind::Cond(c, a, b) => self.reads(c).join(self.reads(a)).join(self.reads(b)),
            ExprKind::Count { suit: None, .. }
            | ExprKind::Cccc(_)
            | ExprKind::Rnd(_)
            | ExprKind::Tricks { .. }
            | ExprKind::Par { .. }
            | ExprKind::UserEval { .. }
            // Two hands together: nothing to tabulate by one holding or one shape.
            | ExprKind::Opc { .. }
            | ExprKind::Unsupported(_) => Reads::ANYTHING,
        }
    }

    /// The value of `e` on every input of `domain`, or `None` if some part of it cannot be
    /// evaluated there.
    fn lanes(&self, e: &Expr<'a>, domain: Domain) -> Option<Lanes> {
        if let Some(v) = self.constant(e) {
            return Some(Rc::new(Column { values: vec![v; domain.len()], fails: Vec::new() }));
        }
        Some(match (e.kind, domain) {
            (ExprKind::Var(name), _) => {
                let def = self.vars.get(name)?.expr;
                let key = (node_key(def), domain);
                if let Some(l) = self.tabulate.borrow().lanes.get(&key) {
                    return Some(l.clone());
                }
                let l = self.lanes(def, domain)?;
                self.tabulate.borrow_mut().lanes.insert(key, l.clone());
                l
            }
            (ExprKind::Count { func, seat, suit: Some(suit) }, Domain::Holding(s, t)) if (seat, suit) == (s, t) => {
                self.holding_lanes(count_table(func))
            }
            (ExprKind::Quality { seat, suit }, Domain::Holding(s, t)) if (seat, suit) == (s, t) => self.holding_lanes(TableId::QUALITY),
            (ExprKind::Length { seat, suit }, Domain::Holding(s, t)) if (seat, suit) == (s, t) => lane(domain, |m| m.count_ones() as i32),
            (ExprKind::Length { seat, suit }, Domain::Shape(s)) if seat == s => {
                // SHAPES lists spades, hearts, diamonds, clubs.
                lane(domain, |i| SHAPES[i][3 - suit as usize] as i32)
            }
            (ExprKind::Length { seat, suit }, Domain::Lengths(set)) if set & pair_bit(seat, suit) != 0 => {
                let k = pairs(set).iter().position(|&p| p == (seat, suit))?;
                let n = set.count_ones();
                lane(domain, |i| (i / 14usize.pow(n - 1 - k as u32) % 14) as i32)
            }
            (ExprKind::Shape { .. } | ExprKind::FdShape { .. }, Domain::Lengths(set)) => {
                let (seat, shapes) = match e.kind {
                    ExprKind::Shape { seat, terms } => (seat, self.shapes_of(terms).ok()?),
                    ExprKind::FdShape { text, text_start } => self.fd_shape(text, text_start).ok()?,
                    _ => return None,
                };
                let at = |suit: Suit| pairs(set).iter().position(|&p| p == (seat, suit));
                let (s, h, d) = (at(Suit::Spades)?, at(Suit::Hearts)?, at(Suit::Diamonds)?);
                let n = set.count_ones();
                let digit = move |i: usize, k: usize| (i / 14usize.pow(n - 1 - k as u32) % 14) as u32;
                lane(domain, |i| {
                    let (ls, lh, ld) = (digit(i, s), digit(i, h), digit(i, d));
                    i32::from(ls + lh + ld <= 13 && shapes.contains(shape_index(ls, lh, ld)))
                })
            }
            (ExprKind::HasCard { seat, card, .. }, Domain::Holding(s, t)) if seat == s => {
                let c = Card::parse(card)?;
                if c.suit() != t {
                    return None;
                }
                let bit = (c.bit() >> (16 * t as u32)) as usize;
                lane(domain, |m| i32::from(m & bit != 0))
            }
            (ExprKind::Shape { seat, terms }, Domain::Shape(s)) if seat == s => {
                let set = self.shapes_of(terms).ok()?;
                lane(domain, |i| i32::from(set.contains(i)))
            }
            (ExprKind::FdShape { text, text_start }, Domain::Shape(s)) => {
                let (seat, set) = self.fd_shape(text, text_start).ok()?;
                if seat != s {
                    return None;
                }
                lane(domain, |i| i32::from(set.contains(i)))
            }
            (ExprKind::Score { vulnerable, contract, tricks, .. }, _) => {
                let c = dealvm_vm::evaluation::score::Contract::parse(contract)?;
                let t = self.lanes(tricks, domain)?;
                map(&t, |t| dealvm_vm::evaluation::score::score(vulnerable, c, t))
            }
            (ExprKind::Imps(a), _) => {
                let a = self.lanes(a, domain)?;
                map(&a, dealvm_vm::evaluation::score::imps)
            }
            (ExprKind::Unary(op, a), _) => {
                let a = self.lanes(a, domain)?;
                map(&a, |v| op.apply(v))
            }
            (ExprKind::Binary(op, a, b), _) => {
                let (a, b) = (self.lanes(a, domain)?, self.lanes(b, domain)?);
                binary(op, &a, &b)
            }
            (ExprKind::And(a, b), _) => {
                let (a, b) = (self.lanes(a, domain)?, self.lanes(b, domain)?);
                // `a && b`: 0 where `a` is 0 (whatever `b` does there), else whether `b` holds.
                let values = a.values.iter().zip(&b.values).map(|(&x, &y)| i32::from(x != 0 && y != 0)).collect();
                let fails = joined_fails(&a, &b, |i| a.values[i] != 0);
                Rc::new(Column { values, fails })
            }
            (ExprKind::Or(a, b), _) => {
                let (a, b) = (self.lanes(a, domain)?, self.lanes(b, domain)?);
                // `a || b`: 1 where `a` is not 0 (whatever `b` does there), else whether `b` holds.
                let values = a.values.iter().zip(&b.values).map(|(&x, &y)| i32::from(x != 0 || y != 0)).collect();
                let fails = joined_fails(&a, &b, |i| a.values[i] == 0);
                Rc::new(Column { values, fails })
            }
            (ExprKind::Cond(c, a, b), _) => {
                let (c, a, b) = (self.lanes(c, domain)?, self.lanes(a, domain)?, self.lanes(b, domain)?);
                let values = (0..domain.len()).map(|i| if c.values[i] != 0 { a.values[i] } else { b.values[i] }).collect();
                let fails = if c.fails.is_empty() && a.fails.is_empty() && b.fails.is_empty() {
                    Vec::new()
                } else {
                    (0..domain.len()).map(|i| c.fails(i) || if c.values[i] != 0 { a.fails(i) } else { b.fails(i) }).collect()
                };
                Rc::new(Column { values, fails })
            }
            _ => return None,
        })
    }

    /// A point-count table's value on every holding.
    fn holding_lanes(&self, table: TableId) -> Lanes {
        if let Some(l) = self.tabulate.borrow().holdings.get(&table) {
            return l.clone();
        }
        let cell = self.tables.as_ref().expect("tabulating with the tables known");
        cell.borrow_mut().ensure(table);
        let l: Lanes = Rc::new(Column { values: (0..SUIT_MASKS as u16).map(|m| cell.borrow().suit(table, m)).collect(), fails: Vec::new() });
        self.tabulate.borrow_mut().holdings.insert(table, l.clone());
        l
    }
}

/// An operand of a chain or a term of a sum, after joining.
#[derive(Copy, Clone, Debug)]
pub(super) enum Operand<'e, 'a> {
    /// An expression, compiled as usual.
    Expr(&'e Expr<'a>),
    /// A table lookup (or hand count) standing for several operands.
    Table(Instr),
    /// A constant.
    Constant(i32),
    /// An operand joined into another.
    Gone,
}

/// The terms of a sum, with whether each is subtracted.
fn sum_terms<'e, 'a>(e: &'e Expr<'a>, neg: bool, out: &mut Vec<(bool, &'e Expr<'a>)>) {
    match e.kind {
        ExprKind::Binary(BinaryOp::Add, a, b) => {
            sum_terms(a, neg, out);
            sum_terms(b, neg, out);
        }
        ExprKind::Binary(BinaryOp::Sub, a, b) => {
            sum_terms(a, neg, out);
            sum_terms(b, !neg, out);
        }
        _ => out.push((neg, e)),
    }
}

/// The lanes of `domain` from the value of each input (generic, so that `f` is inlined in the
/// loop over the 8192 holdings).
fn lane(domain: Domain, f: impl Fn(usize) -> i32) -> Lanes {
    Rc::new(Column { values: (0..domain.len()).map(f).collect(), fails: Vec::new() })
}

/// `f` on each lane of `a` (where `a` fails, so does the result).
fn map(a: &Column, f: impl Fn(i32) -> i32) -> Lanes {
    Rc::new(Column { values: a.values.iter().map(|&v| f(v)).collect(), fails: a.fails.clone() })
}

/// `op` on two lanes: it fails where an operand does, or where it divides by zero.
fn binary(op: BinaryOp, a: &Column, b: &Column) -> Lanes {
    let mut fails = joined_fails(a, b, |_| true);
    let values = match op {
        BinaryOp::Div | BinaryOp::Mod => (0..a.values.len())
            .map(|i| {
                op.apply(a.values[i], b.values[i]).unwrap_or_else(|| {
                    if fails.is_empty() {
                        fails = vec![false; a.values.len()];
                    }
                    fails[i] = true;
                    0
                })
            })
            .collect(),
        _ => a.values.iter().zip(&b.values).map(|(&x, &y)| op.apply(x, y).unwrap_or(0)).collect(),
    };
    Rc::new(Column { values, fails })
}

/// Where `a` fails, or `b` fails on an input where `reads_b` says the result reads it; empty
/// when neither fails anywhere.
fn joined_fails(a: &Column, b: &Column, reads_b: impl Fn(usize) -> bool) -> Vec<bool> {
    if a.fails.is_empty() && b.fails.is_empty() {
        return Vec::new();
    }
    (0..a.values.len()).map(|i| a.fails(i) || (b.fails(i) && reads_b(i))).collect()
}

/// Whether `e` compiles to one instruction that reads the deal and nothing else.
fn is_leaf(e: &Expr<'_>) -> bool {
    matches!(
        e.kind,
        ExprKind::Number(_)
            | ExprKind::Count { .. }
            | ExprKind::Length { .. }
            | ExprKind::Quality { .. }
            | ExprKind::Cccc(_)
            | ExprKind::Opc { .. }
            | ExprKind::HasCard { .. }
            | ExprKind::Shape { .. }
            | ExprKind::FdShape { .. }
    )
}
