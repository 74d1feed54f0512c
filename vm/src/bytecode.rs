//! The compact stack bytecode: instructions, programs and a disassembler.
//!
//! A [`Program`] holds the code of every expression of an input file: the condition, the
//! expressions of the actions, and one subroutine per variable. Values are 32-bit integers with
//! wrap-around, as in Dealer. Instructions are grouped by family below; their semantics live in
//! [`crate::interp`], except the arithmetic, which is [`BinaryOp::apply`] and [`UnaryOp::apply`]
//! so that the compiler folds constants with exactly the interpreter's rules.

use crate::card::{Card, Seat, Suit};
use crate::score::Contract;
use crate::shape::ShapeSet;
use crate::tables::TableId;
use std::fmt;

/// A unary operator.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// Arithmetic negation (wrapping).
    Neg,
    /// Logical not: 1 for 0, else 0.
    Not,
}

impl UnaryOp {
    /// The operator applied to a value.
    pub fn apply(self, a: i32) -> i32 {
        match self {
            UnaryOp::Neg => a.wrapping_neg(),
            UnaryOp::Not => i32::from(a == 0),
        }
    }
}

/// A binary operator other than the short-circuit ones.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinaryOp {
    /// The operator applied to two values; `None` for a division or remainder by zero.
    ///
    /// Division truncates toward zero and `%` takes the dividend's sign, as in C.
    pub fn apply(self, a: i32, b: i32) -> Option<i32> {
        Some(match self {
            BinaryOp::Add => a.wrapping_add(b),
            BinaryOp::Sub => a.wrapping_sub(b),
            BinaryOp::Mul => a.wrapping_mul(b),
            BinaryOp::Div => {
                if b == 0 {
                    return None;
                }
                a.wrapping_div(b)
            }
            BinaryOp::Mod => {
                if b == 0 {
                    return None;
                }
                a.wrapping_rem(b)
            }
            BinaryOp::Eq => i32::from(a == b),
            BinaryOp::Ne => i32::from(a != b),
            BinaryOp::Lt => i32::from(a < b),
            BinaryOp::Le => i32::from(a <= b),
            BinaryOp::Gt => i32::from(a > b),
            BinaryOp::Ge => i32::from(a >= b),
        })
    }

    /// The operator as written in the Dealer language.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
        }
    }
}

/// The index of a variable's cache slot and subroutine.
pub type VarSlot = u16;

/// One instruction.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Instr {
    // ---- constants and variables
    /// Push a constant.
    Const(i32),
    /// Push a variable's value, running its subroutine first if this deal has not needed it.
    Var(VarSlot),
    /// End of a variable's subroutine: remember the value on top of the stack and return.
    VarEnd(VarSlot),

    // ---- hand evaluation
    /// Push a counting function of one suit of a hand.
    SuitCount { table: TableId, seat: Seat, suit: Suit },
    /// Push a counting function summed over a whole hand.
    HandCount { table: TableId, seat: Seat },
    /// Push the number of cards a hand holds in a suit.
    Length { seat: Seat, suit: Suit },
    /// Push the Kaplan-Rubens four C's of a hand (per-suit table plus shape correction).
    Cccc { seat: Seat },
    /// Push 1 if the hand holds the card, else 0.
    HasCard { seat: Seat, card: Card },
    /// Push 1 if the hand's shape is in the program's shape set `set`, else 0.
    Shape { seat: Seat, set: u16 },

    // ---- scoring and randomness
    /// Replace the trick count on top of the stack by the contract's score.
    Score { vulnerable: bool, contract: Contract },
    /// Replace a score difference by its IMPs.
    Imps,
    /// Replace `n` by a random number in `0..n`; `rnd(0)` gives the number of the deal
    /// being produced.
    Rnd,

    // ---- arithmetic and comparison
    /// Replace the top value by the operator applied to it.
    Unary(UnaryOp),
    /// Pop `b` then `a`, push `a op b`. `site` names the source expression for a
    /// division-by-zero report.
    Binary { op: BinaryOp, site: u16 },

    // ---- control flow
    /// Continue at an address.
    Jump(u32),
    /// Pop a value; continue at an address if it is zero.
    JumpIfZero(u32),
    /// `&&`: pop a value; if it is zero push 0 and continue at an address.
    AndThen(u32),
    /// `||`: pop a value; if it is not zero push 1 and continue at an address.
    OrElse(u32),
    /// Replace the top value by 1 if it is not zero, else 0.
    Bool,
    /// End of an entry point: the value on top of the stack is its result.
    Return,
}

impl fmt::Display for Instr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Instr::Const(v) => write!(f, "const {v}"),
            Instr::Var(s) => write!(f, "var {s}"),
            Instr::VarEnd(s) => write!(f, "var.end {s}"),
            Instr::SuitCount { table, seat, suit } => {
                write!(f, "{} {} {}", table.name(), seat.keyword(), suit.name())
            }
            Instr::HandCount { table, seat } => write!(f, "{} {}", table.name(), seat.keyword()),
            Instr::Length { seat, suit } => write!(f, "length {} {}", seat.keyword(), suit.name()),
            Instr::Cccc { seat } => write!(f, "cccc {}", seat.keyword()),
            Instr::HasCard { seat, card } => write!(f, "hascard {} {card}", seat.keyword()),
            Instr::Shape { seat, set } => write!(f, "shape {} set{set}", seat.keyword()),
            Instr::Score { vulnerable, contract } => {
                write!(f, "score {} {contract}", if vulnerable { "vul" } else { "nv" })
            }
            Instr::Imps => write!(f, "imps"),
            Instr::Rnd => write!(f, "rnd"),
            Instr::Unary(UnaryOp::Neg) => write!(f, "neg"),
            Instr::Unary(UnaryOp::Not) => write!(f, "not"),
            Instr::Binary { op, .. } => write!(f, "{}", op.symbol()),
            Instr::Jump(t) => write!(f, "jump @{t}"),
            Instr::JumpIfZero(t) => write!(f, "jump.ifzero @{t}"),
            Instr::AndThen(t) => write!(f, "and.then @{t}"),
            Instr::OrElse(t) => write!(f, "or.else @{t}"),
            Instr::Bool => write!(f, "bool"),
            Instr::Return => write!(f, "return"),
        }
    }
}

/// A named place where the interpreter starts: the condition or an action's expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub start: u32,
}

/// A variable's subroutine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarCode {
    pub name: String,
    pub start: u32,
}

/// A compiled input file: code, constants and the places to start.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub code: Vec<Instr>,
    pub shapes: Vec<ShapeSet>,
    pub entries: Vec<Entry>,
    pub vars: Vec<VarCode>,
    /// Descriptions of the divisions in the source, for division-by-zero reports.
    pub sites: Vec<String>,
    /// The deepest the value stack gets.
    pub max_stack: usize,
}

impl Program {
    /// A readable listing of the whole program.
    pub fn disassemble(&self) -> String {
        let mut out = String::new();
        let mut labels: Vec<(u32, String)> = Vec::new();
        labels.extend(self.entries.iter().map(|e| (e.start, format!("entry {}", e.name))));
        labels.extend(
            self.vars.iter().enumerate().map(|(i, v)| (v.start, format!("var {i} `{}`", v.name))),
        );
        labels.sort();
        for (pc, instr) in self.code.iter().enumerate() {
            for (_, l) in labels.iter().filter(|(at, _)| *at as usize == pc) {
                out.push_str(&format!("{l}:\n"));
            }
            out.push_str(&format!("  {pc:5}  {instr}\n"));
        }
        for (i, set) in self.shapes.iter().enumerate() {
            out.push_str(&format!("set{i}: {} shapes\n", set.len()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_c_like() {
        assert_eq!(BinaryOp::Div.apply(-7, 2), Some(-3));
        assert_eq!(BinaryOp::Mod.apply(-7, 2), Some(-1));
        assert_eq!(BinaryOp::Mod.apply(7, -2), Some(1));
        assert_eq!(BinaryOp::Div.apply(1, 0), None);
        assert_eq!(BinaryOp::Add.apply(i32::MAX, 1), Some(i32::MIN));
        assert_eq!(BinaryOp::Div.apply(i32::MIN, -1), Some(i32::MIN));
        assert_eq!(UnaryOp::Not.apply(5), 0);
    }
}
