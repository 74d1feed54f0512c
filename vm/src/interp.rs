//! The bytecode interpreter.
//!
//! A [`Machine`] holds the value stack and the per-deal variable cache; one machine serves one
//! thread. [`Machine::next_deal`] forgets cached variables in O(1), and [`Machine::run`]
//! evaluates one entry point of a [`Program`] for the current deal without allocating.

use crate::bytecode::{BinaryOp, Instr, Program};
use crate::card::Deal;
use crate::deal::{below, DealRng};
use crate::score::{imps, score};
use crate::shape::shape_index_of;
use crate::tables::Tables;

/// What the interpreter needs from the outside for one deal.
pub struct Env<'a> {
    pub deal: &'a Deal,
    pub tables: &'a Tables,
    pub rng: &'a mut DealRng,
    /// The number of deals produced before this one (`rnd(0)` is this plus one).
    pub produced: u64,
}

/// A run-time failure of an expression.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The division site (an index into [`Program::sites`]).
    pub site: u16,
    /// Whether it was `%` (else `/`).
    pub remainder: bool,
}

/// One thread's evaluation state: value stack and variable cache.
pub struct Machine {
    stack: Vec<i32>,
    calls: Vec<u32>,
    var_value: Vec<i32>,
    var_stamp: Vec<u32>,
    stamp: u32,
}

impl Machine {
    /// A machine sized for `program`.
    pub fn new(program: &Program) -> Machine {
        Machine {
            stack: Vec::with_capacity(program.max_stack.max(1)),
            calls: Vec::with_capacity(program.vars.len() + 1),
            var_value: vec![0; program.vars.len()],
            var_stamp: vec![0; program.vars.len()],
            stamp: 1,
        }
    }

    /// Forgets the variables computed for the previous deal.
    #[inline]
    pub fn next_deal(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.var_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// Evaluates entry point `entry` of `program` for the deal in `env`.
    pub fn run(&mut self, program: &Program, entry: usize, env: &mut Env<'_>) -> Result<i32, Fault> {
        self.stack.clear();
        self.calls.clear();
        let code = &program.code[..];
        let mut pc = program.entries[entry].start as usize;
        let deal = env.deal;
        let tables = env.tables;
        loop {
            let instr = code[pc];
            pc += 1;
            match instr {
                Instr::Const(v) => self.stack.push(v),
                Instr::Var(slot) => {
                    let s = slot as usize;
                    if self.var_stamp[s] == self.stamp {
                        self.stack.push(self.var_value[s]);
                    } else {
                        self.calls.push(pc as u32);
                        pc = program.vars[s].start as usize;
                    }
                }
                Instr::VarEnd(slot) => {
                    let s = slot as usize;
                    self.var_value[s] = self.top();
                    self.var_stamp[s] = self.stamp;
                    pc = self.calls.pop().expect("variable subroutine called") as usize;
                }
                Instr::SuitCount { table, seat, suit } => {
                    self.stack.push(tables.suit(table, deal.hand(seat).suit_mask(suit)))
                }
                Instr::HandCount { table, seat } => self.stack.push(tables.hand(table, deal.hand(seat))),
                Instr::Length { seat, suit } => self.stack.push(deal.hand(seat).len(suit) as i32),
                Instr::Cccc { seat } => self.stack.push(tables.cccc(deal.hand(seat))),
                Instr::HasCard { seat, card } => {
                    self.stack.push(i32::from(deal.hand(seat).contains(card)))
                }
                Instr::Shape { seat, set } => {
                    let index = shape_index_of(deal.hand(seat));
                    self.stack.push(i32::from(program.shapes[set as usize].contains(index)))
                }
                Instr::Score { vulnerable, contract } => {
                    let tricks = self.pop();
                    self.stack.push(score(vulnerable, contract, tricks));
                }
                Instr::Imps => {
                    let d = self.pop();
                    self.stack.push(imps(d));
                }
                Instr::Rnd => {
                    let n = self.pop();
                    let v = match n {
                        0 => env.produced.wrapping_add(1) as i32,
                        n if n > 0 => below(env.rng, n as u32) as i32,
                        n => -(below(env.rng, n.unsigned_abs()) as i32),
                    };
                    self.stack.push(v);
                }
                Instr::Unary(op) => {
                    let a = self.pop();
                    self.stack.push(op.apply(a));
                }
                Instr::Binary { op, site } => {
                    let b = self.pop();
                    let a = self.pop();
                    match op.apply(a, b) {
                        Some(v) => self.stack.push(v),
                        None => return Err(Fault { site, remainder: op == BinaryOp::Mod }),
                    }
                }
                Instr::Jump(t) => pc = t as usize,
                Instr::JumpIfZero(t) => {
                    if self.pop() == 0 {
                        pc = t as usize;
                    }
                }
                Instr::AndThen(t) => {
                    if self.pop() == 0 {
                        self.stack.push(0);
                        pc = t as usize;
                    }
                }
                Instr::OrElse(t) => {
                    if self.pop() != 0 {
                        self.stack.push(1);
                        pc = t as usize;
                    }
                }
                Instr::Bool => {
                    let a = self.pop();
                    self.stack.push(i32::from(a != 0));
                }
                Instr::Return => return Ok(self.pop()),
            }
        }
    }

    #[inline(always)]
    fn pop(&mut self) -> i32 {
        self.stack.pop().expect("bytecode keeps the stack balanced")
    }

    #[inline(always)]
    fn top(&self) -> i32 {
        *self.stack.last().expect("bytecode keeps the stack balanced")
    }
}
