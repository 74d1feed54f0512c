//! What each instruction does, declared once ([`Instr::facts`]): the values it pops and
//! pushes, where control goes after it, what it reads of the deal, and what it needs besides
//! the cards. The verifier, the block planner, the program's questions (which hands, which
//! per-suit tables) and the compiler's reading of variables without a call all take these
//! facts; a new instruction does not compile until it is described here.

use super::{Instr, VarSlot};
use crate::card::{Seat, Side};
use crate::evaluation::tables::TableId;

/// Where control goes after an instruction.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// To the next instruction.
    Next,
    /// To the address, always.
    Jump(u32),
    /// To the next instruction or to the address (`jump.ifzero`): the value tested is popped
    /// on both ways.
    Branch(u32),
    /// To the next instruction, the value tested popped, or to the address with it kept
    /// (`and.then`, `or.else`: the chain's result).
    ShortCircuit(u32),
    /// Nowhere: the routine ends (`return`, `var.end`, `produce`).
    End,
}

/// What of the deal an instruction reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reads {
    /// Nothing of the deal.
    Nothing,
    /// One hand.
    Hand(Seat),
    /// The two hands of a side.
    Side(Side),
    /// The hands of the seat-suit pairs of a `lengths.value` table
    /// ([`Program::length_values`](crate::machine::program::Program::length_values)).
    LengthsTable(u16),
    /// The whole deal (the double-dummy solver and the `usereval` server see it all).
    Deal,
    /// What a variable's subroutine reads.
    Variable(VarSlot),
}

/// What an instruction needs besides the cards of the deal and the stack.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Nothing: its result is a function of the deal and its operands.
    Nothing,
    /// A value the machine keeps for the deal (an `opc` of a side and opener): still a
    /// function of the deal, counted once.
    DealCache,
    /// A random number from the deal's own stream (`rnd`; under `--classic`, from Dealer's
    /// stream between the deals, which the compiler then runs one deal at a time).
    Draw,
    /// The double-dummy solver.
    Solver,
    /// The `usereval` server.
    Server,
    /// The rest of the deal, dealt from the deal's own stream (`deal.rest`).
    RestOfDeal,
    /// The produced deal's values and its end (`store`, `produce`).
    Output,
    /// A variable's subroutine, run at the first read of the deal.
    Subroutine,
}

/// What an instruction does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The values it pops.
    pub pops: u8,
    /// The values it pushes.
    pub pushes: u8,
    /// Where control goes after it.
    pub flow: Flow,
    /// What of the deal it reads.
    pub reads: Reads,
    /// What it needs besides the cards.
    pub needs: Needs,
}

impl Facts {
    /// An instruction that pushes a value read from the deal (`reads`), needing `needs`.
    const fn load(reads: Reads, needs: Needs) -> Facts {
        Facts { pops: 0, pushes: 1, flow: Flow::Next, reads, needs }
    }

    /// An instruction that replaces the top value by a function of it.
    const fn map(needs: Needs) -> Facts {
        Facts { pops: 1, pushes: 1, flow: Flow::Next, reads: Reads::Nothing, needs }
    }

    /// An instruction of control flow, popping `pops`.
    const fn control(pops: u8, flow: Flow) -> Facts {
        Facts { pops, pushes: 0, flow, reads: Reads::Nothing, needs: Needs::Nothing }
    }

    /// Whether the instruction pushes a value that depends only on the deal, with no other
    /// effect: a variable whose subroutine is this one instruction is read without a call.
    pub fn is_pure_load(&self) -> bool {
        self.pops == 0
            && self.pushes == 1
            && self.flow == Flow::Next
            && matches!(self.needs, Needs::Nothing | Needs::DealCache)
            && !matches!(self.reads, Reads::Variable(_))
    }

    /// Whether the block evaluator can run the instruction over a block of deals: anything
    /// but the questions whose answers a machine keeps for one deal (`opc`, double dummy,
    /// `usereval`). A random draw runs there from each lane's own stream.
    pub fn runs_over_blocks(&self) -> bool {
        !matches!(self.needs, Needs::DealCache | Needs::Solver | Needs::Server)
    }
}

impl Instr {
    /// What the instruction does; a superinstruction, what the first instruction of its pair
    /// does (the second follows it in the code).
    pub fn facts(self) -> Facts {
        use Needs::Nothing as Pure;
        match self {
            Instr::Const(_) => Facts::load(Reads::Nothing, Pure),
            Instr::Var(slot) => Facts::load(Reads::Variable(slot), Needs::Subroutine),
            Instr::VarEnd(_) => Facts { pops: 1, pushes: 0, flow: Flow::End, reads: Reads::Nothing, needs: Pure },
            Instr::Store(_) => Facts { pops: 1, pushes: 0, flow: Flow::Next, reads: Reads::Nothing, needs: Needs::Output },
            Instr::SuitCount { seat, .. }
            | Instr::HandCount { seat, .. }
            | Instr::Length { seat, .. }
            | Instr::Cccc { seat }
            | Instr::HasCard { seat, .. }
            | Instr::Shape { seat, .. }
            | Instr::SuitTest { seat, .. }
            | Instr::SuitValue { seat, .. }
            | Instr::ShapeValue { seat, .. } => Facts::load(Reads::Hand(seat), Pure),
            Instr::LengthsValue { table } => Facts::load(Reads::LengthsTable(table), Pure),
            Instr::Score { .. } | Instr::Imps | Instr::Unary(_) | Instr::BinaryConst { .. } | Instr::InRange { .. } | Instr::Bool => Facts::map(Pure),
            Instr::Rnd => Facts::map(Needs::Draw),
            Instr::Tricks { .. } | Instr::TricksAtLeast { .. } | Instr::LeadTricks { .. } | Instr::Par { .. } | Instr::ParContract { .. } => {
                Facts::load(Reads::Deal, Needs::Solver)
            }
            Instr::UserEval { .. } => Facts::load(Reads::Deal, Needs::Server),
            Instr::Opc { side, .. } => Facts::load(Reads::Side(side), Needs::DealCache),
            Instr::Binary { .. } => Facts { pops: 2, pushes: 1, flow: Flow::Next, reads: Reads::Nothing, needs: Pure },
            Instr::Jump(to) => Facts::control(0, Flow::Jump(to)),
            Instr::JumpIfZero(to) => Facts::control(1, Flow::Branch(to)),
            Instr::AndThen(to) | Instr::OrElse(to) => Facts::control(1, Flow::ShortCircuit(to)),
            Instr::Return => Facts { pops: 1, pushes: 0, flow: Flow::End, reads: Reads::Nothing, needs: Pure },
            Instr::Produce => Facts { pops: 0, pushes: 0, flow: Flow::End, reads: Reads::Nothing, needs: Needs::Output },
            Instr::DealRest => Facts { pops: 0, pushes: 0, flow: Flow::Next, reads: Reads::Nothing, needs: Needs::RestOfDeal },
            fused @ (Instr::CmpBranch { .. }
            | Instr::InRangeBranch { .. }
            | Instr::VarBranch { .. }
            | Instr::VarCmp { .. }
            | Instr::HandCountCmp { .. }
            | Instr::HandCountInRange { .. }
            | Instr::HandCountBranch { .. }
            | Instr::HcpRangeBranch { .. }
            | Instr::HandCountStore { .. }
            | Instr::StoreProduce(_)
            | Instr::ConstJump { .. }
            | Instr::ShapeBranch { .. }
            | Instr::SuitTestBranch { .. }) => fused.unfused().facts(),
        }
    }

    /// The per-suit table the instruction counts with, if it counts with one.
    pub fn table_read(self) -> Option<TableId> {
        match self.unfused() {
            Instr::SuitCount { table, .. } | Instr::HandCount { table, .. } => Some(table),
            Instr::Cccc { .. } => Some(TableId::CCCC),
            _ => None,
        }
    }
}
