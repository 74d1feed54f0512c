//! The instruction set: [`Instr`] grouped by family, its operators and the operands of its
//! superinstructions; how they are built (`construct.rs`) and printed (`print.rs`).
//!
//! A [`Program`](super::program::Program) holds the code of every expression of an input
//! file: the condition, the expressions of the actions, and one subroutine per variable. Values
//! are 32-bit integers with wrap-around, as in Dealer. Instructions are grouped by family
//! below; their semantics live in [`crate::machine::interp`], except the arithmetic, which is
//! [`BinaryOp::apply`] and [`UnaryOp::apply`] so that the compiler folds constants with exactly
//! the interpreter's rules.

use crate::card::{Card, Seat, Side, Suit};
use crate::evaluation::dd::ParVul;
use crate::evaluation::score::{Contract, Strain};
use crate::evaluation::tables::TableId;

mod construct;
pub mod facts;
mod print;

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
    /// `+`, wrapping.
    Add,
    /// `-`, wrapping.
    Sub,
    /// `*`, wrapping.
    Mul,
    /// `/`, truncating toward zero.
    Div,
    /// `%`, with the sign of the dividend.
    Mod,
    /// `==`: 1 if equal, else 0.
    Eq,
    /// `!=`: 1 if different, else 0.
    Ne,
    /// `<`: 1 if less, else 0.
    Lt,
    /// `<=`: 1 if less or equal, else 0.
    Le,
    /// `>`: 1 if greater, else 0.
    Gt,
    /// `>=`: 1 if greater or equal, else 0.
    Ge,
}

impl BinaryOp {
    /// The operator applied to two values; `None` for a division or remainder by zero.
    ///
    /// Division truncates toward zero and `%` takes the dividend's sign, as in C.
    #[inline(always)]
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
    /// Pop a value into value slot `n`: the values the actions need of a produced deal.
    Store(u16),

    // ---- hand evaluation
    /// Push a counting function of one suit of a hand.
    SuitCount {
        /// The per-suit table of the counting function.
        table: TableId,
        /// The seat whose hand is counted.
        seat: Seat,
        /// The suit counted.
        suit: Suit,
    },
    /// Push a counting function summed over a whole hand.
    HandCount {
        /// The per-suit table of the counting function.
        table: TableId,
        /// The seat whose hand is counted.
        seat: Seat,
    },
    /// Push the number of cards a hand holds in a suit.
    Length {
        /// The seat whose hand is looked at.
        seat: Seat,
        /// The suit whose cards are counted.
        suit: Suit,
    },
    /// Push the Kaplan-Rubens four C's of a hand (per-suit table plus shape correction).
    Cccc {
        /// The seat whose hand is evaluated.
        seat: Seat,
    },
    /// Push 1 if the hand holds the card, else 0.
    HasCard {
        /// The seat whose hand is looked at.
        seat: Seat,
        /// The card looked for.
        card: Card,
    },
    /// Push 1 if the hand's shape is in the program's shape set `set`, else 0.
    Shape {
        /// The seat whose hand's shape is tested.
        seat: Seat,
        /// The index of the shape set in [`Program::shapes`](super::program::Program::shapes).
        set: u16,
    },

    // ---- tabulated expressions (the compiler evaluates them on every holding or shape)
    /// Push 1 if the hand's holding in the suit is in bit table `table`
    /// ([`Program::suit_tests`](super::program::Program::suit_tests)), else 0: a truth value that depends only on that holding.
    SuitTest {
        /// The seat whose hand is looked at.
        seat: Seat,
        /// The suit whose holding is looked up.
        suit: Suit,
        /// The index of the table in [`Program::suit_tests`](super::program::Program::suit_tests).
        table: u16,
    },
    /// Push the entry of the hand's holding in the suit in value table `table`
    /// ([`Program::suit_values`](super::program::Program::suit_values)): a value that depends only on that holding.
    SuitValue {
        /// The seat whose hand is looked at.
        seat: Seat,
        /// The suit whose holding is looked up.
        suit: Suit,
        /// The index of the table in [`Program::suit_values`](super::program::Program::suit_values).
        table: u16,
    },
    /// Push the entry of table `table` ([`Program::length_values`](super::program::Program::length_values)) for the lengths of the
    /// suits it lists (a few seat-suit pairs): a value that depends only on them.
    LengthsValue {
        /// The index of the table in [`Program::length_values`](super::program::Program::length_values).
        table: u16,
    },
    /// Push the entry of the hand's shape in value table `table` ([`Program::shape_values`](super::program::Program::shape_values)):
    /// a value that depends only on the hand's suit lengths.
    ShapeValue {
        /// The seat whose hand's shape is looked up.
        seat: Seat,
        /// The index of the table in [`Program::shape_values`](super::program::Program::shape_values).
        table: u16,
    },

    // ---- scoring and randomness
    /// Replace the trick count on top of the stack by the contract's score.
    Score {
        /// Whether declarer is vulnerable.
        vulnerable: bool,
        /// The contract scored.
        contract: Contract,
    },
    /// Replace a score difference by its IMPs.
    Imps,
    /// Replace `n` by a random number in `0..n`; `rnd(0)` gives the number of the deal
    /// being produced.
    Rnd,

    // ---- double dummy (see [`crate::evaluation::dd`]; solved at the first question of each deal)
    /// Push the tricks `declarer` takes in `strain`, double dummy.
    Tricks {
        /// The declarer.
        declarer: Seat,
        /// The strain.
        strain: Strain,
    },
    /// Push 1 if `declarer` takes at least `k` tricks in `strain`, double dummy, else 0 (a
    /// target search when the count itself is not known).
    TricksAtLeast {
        /// The declarer.
        declarer: Seat,
        /// The strain.
        strain: Strain,
        /// The tricks to take.
        k: i8,
        /// Whether to count the tricks instead of a target search: the code asks for the
        /// count later on every deal that reaches this question, so one solve serves both.
        count: bool,
    },
    /// Push the tricks the defenders take, double dummy, after `card` is led by `declarer`'s
    /// left-hand opponent in `strain` (every lead of the deal solved at the first question).
    LeadTricks {
        /// The declarer.
        declarer: Seat,
        /// The strain.
        strain: Strain,
        /// The card led, which the leader holds.
        card: Card,
    },
    /// Push the par score of the deal at vulnerability `vul`, for `side`.
    Par {
        /// The side the score is for (North-South's score, or its negation).
        side: Side,
        /// The vulnerability of the par calculation.
        vul: ParVul,
    },
    /// Push the par contract of the deal at vulnerability `vul`, packed in one value with the
    /// vulnerability ([`crate::evaluation::dd::ParContract::encode_at`]).
    ParContract {
        /// The vulnerability of the par calculation.
        vul: ParVul,
    },

    // ---- usereval (see [`crate::evaluation::usereval`]: each query asked once per deal)
    /// Push result `idx` of query `query` ([`Program::queries`](super::program::Program::queries)) on the deal.
    UserEval {
        /// The index of the query in [`Program::queries`](super::program::Program::queries).
        query: u16,
        /// The result number, 0 to 127.
        idx: u8,
    },
    // ---- partnership evaluation (see [`crate::evaluation::opc`]; evaluated at the first question for
    // each side and opener of a deal)
    /// Push `opc(side, strain)` (`None`: the longest fit) as a dotnum, with `opener` opening.
    Opc {
        /// The partnership evaluated.
        side: Side,
        /// The trump suit or notrump; `None` for the side's longest fit.
        strain: Option<Strain>,
        /// The seat that opens (`opener` statement or `-O`).
        opener: Seat,
    },

    // ---- arithmetic and comparison
    /// Replace the top value by the operator applied to it.
    Unary(UnaryOp),
    /// Pop `b` then `a`, push `a op b`. `site` names the source expression for a
    /// division-by-zero report.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// The division site in [`Program::sites`](super::program::Program::sites) (only read for `/` and `%`).
        site: u16,
    },
    /// Replace the top value `a` by `a op k`: a binary operator with a constant right side.
    BinaryConst {
        /// The operator.
        op: BinaryOp,
        /// The constant right operand.
        k: i32,
        /// The division site in [`Program::sites`](super::program::Program::sites) (only read for `/` and `%`).
        site: u16,
    },
    /// Replace the top value by 1 if it lies in `low..=high`, else 0 (`x >= low && x <= high`
    /// for a pure `x`, evaluated once). The bounds are 16-bit to keep instructions 8 bytes.
    InRange {
        /// The lowest value in the range.
        low: i16,
        /// The highest value in the range.
        high: i16,
    },

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
    /// End of a deal routine whose deal is produced: return 1 with the stack empty.
    Produce,
    /// Deal the hands the dealer left out (once per deal): the code before it reads only
    /// the hands of [`Program::seats_dealt_first`](super::program::Program::seats_dealt_first).
    DealRest,

    // ---- superinstructions (see [`crate::machine::fuse`]): this instruction and the next in one
    // dispatch, continuing after the next, which stays in place for jumps that land on it
    /// `op k` then a branch.
    CmpBranch {
        /// The comparison and the branch.
        test: CmpBranch,
        /// The constant compared with.
        k: i16,
        /// Where the branch jumps.
        to: u32,
    },
    /// `in low..=high` then a branch.
    InRangeBranch {
        /// The branch.
        branch: Branch,
        /// The lowest value in the range.
        low: i8,
        /// The highest value in the range.
        high: i8,
        /// Where the branch jumps.
        to: u32,
    },
    /// `var slot` then a branch (a first call runs the subroutine, which returns to the
    /// branch).
    VarBranch {
        /// The branch.
        branch: Branch,
        /// The variable.
        slot: VarSlot,
        /// Where the branch jumps.
        to: u32,
    },
    /// `var slot` then `op k`.
    VarCmp {
        /// The variable.
        slot: VarSlot,
        /// The comparison.
        op: BinaryOp,
        /// The constant compared with.
        k: i16,
    },
    /// A hand count then `op k`.
    HandCountCmp {
        /// The per-suit table of the counting function.
        table: TableId,
        /// The seat whose hand is counted.
        seat: Seat,
        /// The comparison.
        op: BinaryOp,
        /// The constant compared with.
        k: i16,
    },
    /// A hand count then `in low..=high`.
    HandCountInRange {
        /// The per-suit table of the counting function.
        table: TableId,
        /// The seat whose hand is counted.
        seat: Seat,
        /// The lowest value in the range.
        low: i8,
        /// The highest value in the range.
        high: i8,
    },
    /// A hand count, `op k`, then a branch: three instructions (the other two stay in place).
    HandCountBranch {
        /// The per-suit table of the counting function.
        table: TableId,
        /// The seat, the comparison and the branch.
        test: CountTest,
        /// The constant compared with.
        k: i8,
        /// Where the branch jumps.
        to: u32,
    },
    /// `hcp(seat)`, `in low..=high`, then a branch: three instructions.
    HcpRangeBranch {
        /// The seat and the branch.
        at: SeatBranch,
        /// The lowest value in the range.
        low: i8,
        /// The highest value in the range.
        high: i8,
        /// Where the branch jumps.
        to: u32,
    },
    /// A hand count then `store slot`: a value of the produced deal (`average hcp(north)`).
    HandCountStore {
        /// The per-suit table of the counting function.
        table: TableId,
        /// The seat whose hand is counted.
        seat: Seat,
        /// The value slot.
        slot: u16,
    },
    /// `store slot` then `produce`: the last value of a produced deal, and the end.
    StoreProduce(u16),
    /// `const k` then `jump`: the end of the first branch of a `?:`.
    ConstJump {
        /// The constant pushed.
        k: i16,
        /// Where it jumps.
        to: u32,
    },
    /// A shape test then a branch.
    ShapeBranch {
        /// The seat and the branch.
        at: SeatBranch,
        /// The shape set.
        set: u16,
        /// Where the branch jumps.
        to: u32,
    },
    /// A `suit.test` then a branch.
    SuitTestBranch {
        /// The seat, the suit and the branch.
        at: SeatBranch,
        /// The bit table.
        table: u16,
        /// Where the branch jumps.
        to: u32,
    },
}

// ---- the operands of the superinstructions

/// A seat, a comparison and a branch, in one byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountTest(u8);

impl CountTest {
    /// The seat.
    pub fn seat(self) -> Seat {
        Seat::ALL[(self.0 >> 5) as usize & 3]
    }

    /// The comparison and the branch.
    pub fn test(self) -> CmpBranch {
        CmpBranch(self.0 & 31)
    }
}

/// What the second instruction of a fused pair does with the value: `and.then`, `or.else` or
/// `jump.ifzero`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Branch {
    /// `&&`: a zero value is the result (jump), else it is dropped.
    AndThen,
    /// `||`: a nonzero value gives 1 (jump), else it is dropped.
    OrElse,
    /// `?:`: the value is dropped; jump if it is zero.
    IfZero,
}

/// A comparison with a constant and the branch after it, in one byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CmpBranch(pub(crate) u8);

/// The comparisons, by index.
pub(crate) const COMPARISONS: [BinaryOp; 6] = [BinaryOp::Eq, BinaryOp::Ne, BinaryOp::Lt, BinaryOp::Le, BinaryOp::Gt, BinaryOp::Ge];

/// The three branches, by index.
pub(crate) const BRANCHES: [Branch; 3] = [Branch::AndThen, Branch::OrElse, Branch::IfZero];

impl CmpBranch {
    /// The comparison.
    pub fn op(self) -> BinaryOp {
        COMPARISONS[(self.0 / 3) as usize % 6]
    }

    /// The branch.
    pub fn branch(self) -> Branch {
        BRANCHES[(self.0 % 3) as usize]
    }
}

/// A seat, a suit and a branch, in one byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatBranch(u8);

impl SeatBranch {
    /// The seat.
    pub fn seat(self) -> Seat {
        Seat::ALL[(self.0 >> 4) as usize & 3]
    }

    /// The suit (for a holding test).
    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 >> 2) as usize & 3]
    }

    /// The branch.
    pub fn branch(self) -> Branch {
        BRANCHES[(self.0 & 3) as usize % 3]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_are_eight_bytes() {
        assert_eq!(std::mem::size_of::<Instr>(), 8);
    }

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
