//! Building instructions: the packed operands of the superinstructions, the branch of a jump,
//! and the mirror of a comparison.

use super::{BinaryOp, Branch, CmpBranch, CountTest, Instr, SeatBranch, COMPARISONS};
use crate::card::{Seat, Suit};

impl BinaryOp {
    /// The operator with its operands exchanged (`a < b` is `b > a`), for the commutative and
    /// comparison operators; `None` for the others.
    pub fn mirrored(self) -> Option<BinaryOp> {
        Some(match self {
            BinaryOp::Add | BinaryOp::Mul | BinaryOp::Eq | BinaryOp::Ne => self,
            BinaryOp::Lt => BinaryOp::Gt,
            BinaryOp::Le => BinaryOp::Ge,
            BinaryOp::Gt => BinaryOp::Lt,
            BinaryOp::Ge => BinaryOp::Le,
            BinaryOp::Sub | BinaryOp::Div | BinaryOp::Mod => return None,
        })
    }
}

impl CountTest {
    /// A seat with a comparison and its branch.
    pub(crate) fn new(seat: Seat, test: CmpBranch) -> CountTest {
        CountTest((seat as u8) << 5 | test.0)
    }
}

impl Branch {
    /// The branch of a conditional jump and where it jumps; `None` for any other instruction.
    pub(crate) fn of(instr: Instr) -> Option<(Branch, u32)> {
        match instr {
            Instr::AndThen(t) => Some((Branch::AndThen, t)),
            Instr::OrElse(t) => Some((Branch::OrElse, t)),
            Instr::JumpIfZero(t) => Some((Branch::IfZero, t)),
            _ => None,
        }
    }

    /// The instruction of the branch, jumping to `to`.
    pub fn instr(self, to: u32) -> Instr {
        match self {
            Branch::AndThen => Instr::AndThen(to),
            Branch::OrElse => Instr::OrElse(to),
            Branch::IfZero => Instr::JumpIfZero(to),
        }
    }
}

impl CmpBranch {
    /// A comparison with the branch after it; `None` when `op` is not a comparison.
    pub(crate) fn new(op: BinaryOp, branch: Branch) -> Option<CmpBranch> {
        let i = COMPARISONS.iter().position(|&c| c == op)?;
        Some(CmpBranch((i * 3) as u8 + branch as u8))
    }
}

impl SeatBranch {
    /// A seat and suit with a branch.
    pub(crate) fn new(seat: Seat, suit: Suit, branch: Branch) -> SeatBranch {
        SeatBranch((seat as u8) << 4 | (suit as u8) << 2 | branch as u8)
    }
}
