//! The compact stack bytecode: instructions, programs and a disassembler.
//!
//! A [`Program`] holds the code of every expression of an input file: the condition, the
//! expressions of the actions, and one subroutine per variable. Values are 32-bit integers with
//! wrap-around, as in Dealer. Instructions are grouped by family below; their semantics live in
//! [`crate::interp`], except the arithmetic, which is [`BinaryOp::apply`] and [`UnaryOp::apply`]
//! so that the compiler folds constants with exactly the interpreter's rules.

use crate::card::{Card, Seat, Seats, Side, Suit, Vulnerability};
use crate::dd::DdMode;
use crate::score::{Contract, Strain};
use crate::shape::{ShapeSet, NUM_SHAPES};
use crate::tables::{ignored_ranks, TableId, Tables};
use crate::usereval::Query;
use std::collections::HashMap;
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
        /// The index of the shape set in [`Program::shapes`].
        set: u16,
    },

    // ---- tabulated expressions (the compiler evaluates them on every holding or shape)
    /// Push 1 if the hand's holding in the suit is in bit table `table`
    /// ([`Program::suit_tests`]), else 0: a truth value that depends only on that holding.
    SuitTest {
        /// The seat whose hand is looked at.
        seat: Seat,
        /// The suit whose holding is looked up.
        suit: Suit,
        /// The index of the table in [`Program::suit_tests`].
        table: u16,
    },
    /// Push the entry of the hand's holding in the suit in value table `table`
    /// ([`Program::suit_values`]): a value that depends only on that holding.
    SuitValue {
        /// The seat whose hand is looked at.
        seat: Seat,
        /// The suit whose holding is looked up.
        suit: Suit,
        /// The index of the table in [`Program::suit_values`].
        table: u16,
    },
    /// Push the entry of table `table` ([`Program::length_values`]) for the lengths of the
    /// suits it lists (a few seat-suit pairs): a value that depends only on them.
    LengthsValue {
        /// The index of the table in [`Program::length_values`].
        table: u16,
    },
    /// Push the entry of the hand's shape in value table `table` ([`Program::shape_values`]):
    /// a value that depends only on the hand's suit lengths.
    ShapeValue {
        /// The seat whose hand's shape is looked up.
        seat: Seat,
        /// The index of the table in [`Program::shape_values`].
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

    // ---- double dummy (see [`crate::dd`]; solved at the first question of each deal)
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
    /// Push the par score of the deal at vulnerability `vul`, for `side`.
    Par {
        /// The side the score is for (North-South's score, or its negation).
        side: Side,
        /// The vulnerability of the par calculation.
        vul: Vulnerability,
    },
    /// Push the par contract of the deal at vulnerability `vul`, packed in one value
    /// ([`crate::dd::ParContract::encode`]).
    ParContract {
        /// The vulnerability of the par calculation.
        vul: Vulnerability,
    },

    // ---- usereval (see [`crate::usereval`]: each query asked once per deal)
    /// Push result `idx` of query `query` ([`Program::queries`]) on the deal.
    UserEval {
        /// The index of the query in [`Program::queries`].
        query: u16,
        /// The result number, 0 to 127.
        idx: u8,
    },
    // ---- partnership evaluation (see [`crate::opc`]; evaluated at the first question for
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
        /// The division site in [`Program::sites`] (only read for `/` and `%`).
        site: u16,
    },
    /// Replace the top value `a` by `a op k`: a binary operator with a constant right side.
    BinaryConst {
        /// The operator.
        op: BinaryOp,
        /// The constant right operand.
        k: i32,
        /// The division site in [`Program::sites`] (only read for `/` and `%`).
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
    /// the hands of [`Program::seats_dealt_first`].
    DealRest,

    // ---- superinstructions (see [`crate::fuse`]): this instruction and the next in one
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

impl fmt::Display for Instr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Instr::Const(v) => write!(f, "const {v}"),
            Instr::Var(s) => write!(f, "var {s}"),
            Instr::VarEnd(s) => write!(f, "var.end {s}"),
            Instr::Store(n) => write!(f, "store {n}"),
            Instr::SuitCount { table, seat, suit } => {
                write!(f, "{} {} {}", table.name(), seat.keyword(), suit.name())
            }
            Instr::HandCount { table, seat } => write!(f, "{} {}", table.name(), seat.keyword()),
            Instr::Length { seat, suit } => write!(f, "length {} {}", seat.keyword(), suit.name()),
            Instr::Cccc { seat } => write!(f, "cccc {}", seat.keyword()),
            Instr::HasCard { seat, card } => write!(f, "hascard {} {card}", seat.keyword()),
            Instr::Shape { seat, set } => write!(f, "shape {} set{set}", seat.keyword()),
            Instr::SuitTest { seat, suit, table } => write!(f, "suit.test {} {} bits{table}", seat.keyword(), suit.name()),
            Instr::SuitValue { seat, suit, table } => write!(f, "suit.value {} {} suitvals{table}", seat.keyword(), suit.name()),
            Instr::ShapeValue { seat, table } => write!(f, "shape.value {} shapevals{table}", seat.keyword()),
            Instr::LengthsValue { table } => write!(f, "lengths.value lengthvals{table}"),
            Instr::Score { vulnerable, contract } => {
                write!(f, "score {} {contract}", if vulnerable { "vul" } else { "nv" })
            }
            Instr::Imps => write!(f, "imps"),
            Instr::Rnd => write!(f, "rnd"),
            Instr::Tricks { declarer, strain } => write!(f, "dd.tricks {} {}", declarer.keyword(), strain.letter()),
            Instr::TricksAtLeast { declarer, strain, k, count } => {
                write!(f, "dd.tricks.atleast {} {} {k}{}", declarer.keyword(), strain.letter(), if count { " by.count" } else { "" })
            }
            Instr::Par { side, vul } => write!(f, "dd.par {} {}", side.name(), vul.pbn()),
            Instr::ParContract { vul } => write!(f, "dd.parcontract {}", vul.pbn()),
            Instr::UserEval { query, idx } => write!(f, "usereval query{query} {idx}"),
            Instr::Opc { side, strain, opener } => {
                let strain = strain.map_or("long".to_string(), |s| s.letter().to_string());
                write!(f, "opc {} {strain} opener={}", side.name(), opener.keyword())
            }
            Instr::Unary(UnaryOp::Neg) => write!(f, "neg"),
            Instr::Unary(UnaryOp::Not) => write!(f, "not"),
            Instr::Binary { op, .. } => write!(f, "{}", op.symbol()),
            Instr::BinaryConst { op, k, .. } => write!(f, "{} {k}", op.symbol()),
            Instr::InRange { low, high } => write!(f, "in {low}..={high}"),
            Instr::Jump(t) => write!(f, "jump @{t}"),
            Instr::JumpIfZero(t) => write!(f, "jump.ifzero @{t}"),
            Instr::AndThen(t) => write!(f, "and.then @{t}"),
            Instr::OrElse(t) => write!(f, "or.else @{t}"),
            Instr::Bool => write!(f, "bool"),
            Instr::Return => write!(f, "return"),
            Instr::Produce => write!(f, "produce"),
            Instr::DealRest => write!(f, "deal.rest"),
            fused => {
                // The pair it does: `first; second`, the second being the next instruction.
                let first = fused.unfused();
                let second = match fused {
                    Instr::CmpBranch { test, to, .. } => test.branch().instr(to),
                    Instr::InRangeBranch { branch, to, .. } | Instr::VarBranch { branch, to, .. } => branch.instr(to),
                    Instr::ShapeBranch { at, to, .. } | Instr::SuitTestBranch { at, to, .. } => at.branch().instr(to),
                    Instr::VarCmp { op, k, .. } | Instr::HandCountCmp { op, k, .. } => {
                        Instr::BinaryConst { op, k: k as i32, site: 0 }
                    }
                    Instr::HandCountInRange { low, high, .. } => Instr::InRange { low: low as i16, high: high as i16 },
                    Instr::HandCountBranch { test, k, to, .. } => {
                        return write!(f, "{first}; {} {k}; {}", test.test().op().symbol(), test.test().branch().instr(to));
                    }
                    Instr::HcpRangeBranch { at, low, high, to } => {
                        return write!(f, "{first}; in {low}..={high}; {}", at.branch().instr(to));
                    }
                    Instr::ConstJump { to, .. } => Instr::Jump(to),
                    Instr::HandCountStore { slot, .. } => Instr::Store(slot),
                    Instr::StoreProduce(_) => Instr::Produce,
                    _ => unreachable!("every other instruction is matched above"),
                };
                write!(f, "{first}; {second}")
            }
        }
    }
}

// ---- the operands of the superinstructions

/// A seat, a comparison and a branch, in one byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountTest(u8);

impl CountTest {
    pub(crate) fn new(seat: Seat, test: CmpBranch) -> CountTest {
        CountTest((seat as u8) << 5 | test.0)
    }

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

impl Branch {
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

/// A comparison with a constant and the branch after it, in one byte.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CmpBranch(pub(crate) u8);

/// The comparisons, by index.
pub(crate) const COMPARISONS: [BinaryOp; 6] = [BinaryOp::Eq, BinaryOp::Ne, BinaryOp::Lt, BinaryOp::Le, BinaryOp::Gt, BinaryOp::Ge];

/// The three branches, by index.
pub(crate) const BRANCHES: [Branch; 3] = [Branch::AndThen, Branch::OrElse, Branch::IfZero];

impl CmpBranch {
    pub(crate) fn new(op: BinaryOp, branch: Branch) -> Option<CmpBranch> {
        let i = COMPARISONS.iter().position(|&c| c == op)?;
        Some(CmpBranch((i * 3) as u8 + branch as u8))
    }

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
    pub(crate) fn new(seat: Seat, suit: Suit, branch: Branch) -> SeatBranch {
        SeatBranch((seat as u8) << 4 | (suit as u8) << 2 | branch as u8)
    }

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

/// A named place where the interpreter starts: the condition or an action's expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name given to [`Assembler::begin_entry`].
    pub name: String,
    /// The address of the entry point's first instruction.
    pub start: u32,
}

/// A variable's subroutine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarCode {
    /// The variable's name, as given to [`Assembler::begin_var`].
    pub name: String,
    /// The address of the subroutine's first instruction.
    pub start: u32,
}

/// A bit per 13-bit holding of a suit: the truth values of a `suit.test`.
pub type SuitBits = Box<[u64; 128]>;

/// A value per 13-bit holding of a suit: the table of a `suit.value`.
pub type SuitValues = Box<[i16; 8192]>;

/// A value per shape index: the table of a `shape.value`.
pub type ShapeValues = Box<[i32; NUM_SHAPES]>;

/// A value for each combination of the lengths of a few seat-suit pairs: the table of a
/// `lengths.value`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LengthValues {
    /// The seat-suit pairs whose lengths index the table, the first the most significant
    /// digit (base 14).
    pub pairs: Vec<(Seat, Suit)>,
    /// One value per combination of lengths: `values[((l0 * 14) + l1) * 14 + ...]`.
    pub values: Box<[i16]>,
}

impl LengthValues {
    /// The entry for `deal`.
    #[inline(always)]
    pub fn lookup(&self, deal: &crate::card::Deal) -> i32 {
        let index = self.pairs.iter().fold(0usize, |i, &(seat, suit)| i * 14 + deal.hand(seat).len(suit) as usize);
        self.values.get(index).copied().unwrap_or(0) as i32
    }
}

/// A compiled input file: code, constants and the places to start.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// The instructions of every entry point and variable subroutine; addresses index it.
    pub code: Vec<Instr>,
    /// The shape sets the `shape` instructions test, by index.
    pub shapes: Vec<ShapeSet>,
    /// The bit tables of `suit.test`: bit `m` of table `t` is the value for holding `m`.
    pub suit_tests: Vec<SuitBits>,
    /// The value tables of `suit.value`, one entry per 13-bit holding.
    pub suit_values: Vec<SuitValues>,
    /// The value tables of `shape.value`, one entry per shape index.
    pub shape_values: Vec<ShapeValues>,
    /// The tables of `lengths.value`.
    pub length_values: Vec<LengthValues>,
    /// Where the output tables of `--dd` and `-Z` start (after a `deal.rest`): code that the
    /// choice of the dealer does not look at, so that these switches change no deal.
    pub tables_from: Option<u32>,
    /// The entry points, by index.
    pub entries: Vec<Entry>,
    /// The variable subroutines, indexed by [`VarSlot`].
    pub vars: Vec<VarCode>,
    /// Descriptions of the divisions in the source, for division-by-zero reports.
    pub sites: Vec<String>,
    /// The deepest the value stack gets.
    pub max_stack: usize,
    /// The number of value slots `store` writes.
    pub value_slots: usize,
    /// How double-dummy questions are solved: one declarer and strain at a time, or the
    /// whole table at the first question of a deal.
    pub dd_mode: DdMode,
    /// The `usereval` queries, by index: what `usereval` instructions ask.
    pub queries: Vec<Query>,
    /// Whether `imps` uses classic Dealer's table (`--classic`, [`crate::score::classic_imps`]).
    pub classic_imps: bool,
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
        for (i, bits) in self.suit_tests.iter().enumerate() {
            let ones: u32 = bits.iter().map(|w| w.count_ones()).sum();
            out.push_str(&format!("bits{i}: {ones} of 8192 holdings\n"));
        }
        for (i, values) in self.suit_values.iter().enumerate() {
            let (lo, hi) = values.iter().fold((i16::MAX, i16::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            out.push_str(&format!("suitvals{i}: holdings to {lo}..={hi}\n"));
        }
        for (i, t) in self.length_values.iter().enumerate() {
            let pairs: Vec<String> = t.pairs.iter().map(|(seat, suit)| format!("{}({})", suit.name(), seat.keyword())).collect();
            let (lo, hi) = t.values.iter().fold((i16::MAX, i16::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            out.push_str(&format!("lengthvals{i}: {} to {lo}..={hi}\n", pairs.join(" ")));
        }
        for (i, values) in self.shape_values.iter().enumerate() {
            let (lo, hi) = values.iter().fold((i32::MAX, i32::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            out.push_str(&format!("shapevals{i}: shapes to {lo}..={hi}\n"));
        }
        for (i, q) in self.queries.iter().enumerate() {
            out.push_str(&format!("query{i}: tag {}, {}, suit {}\n", q.tag, q.who.code(), q.suit.map_or('-', |s| s.letter())));
        }
        out
    }
}

/// Why a program cannot run: a jump out of the code, an unbalanced stack, a missing shape
/// set, a variable used before its subroutine exists...
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The address of the offending instruction.
    pub at: u32,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bytecode @{}: {}", self.at, self.message)
    }
}

impl std::error::Error for VerifyError {}

/// The code [`Program::reachable_from`] covers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Reach {
    /// All of it.
    All,
    /// The code that may run before `deal.rest`: each entry point up to its `deal.rest`, and
    /// the variables that code calls.
    BeforeRest,
    /// All but the output tables of `--dd` and `-Z` ([`Program::tables_from`]).
    WithoutTables,
}

impl Program {
    /// The instructions the entry points can run: their own and those of the variables
    /// they call, directly or not (a variable no entry point needs is left out).
    pub fn reachable(&self) -> impl Iterator<Item = &Instr> {
        self.reachable_from(Reach::All)
    }

    /// [`Self::reachable`], each entry point cut where `reach` says (no jump goes back, and
    /// the compiler places `deal.rest` before all the code that reads the hands not dealt
    /// first, so what follows it runs only after it).
    fn reachable_from(&self, reach: Reach) -> impl Iterator<Item = &Instr> {
        let mut starts: Vec<usize> = self.entries.iter().map(|e| e.start as usize).collect();
        starts.extend(self.vars.iter().map(|v| v.start as usize));
        starts.sort_unstable();
        // Each routine runs from its start to the next routine's start.
        let routine = |start: usize| {
            let i = starts.partition_point(|&s| s <= start);
            start..starts.get(i).copied().unwrap_or(self.code.len())
        };
        let cut = |r: std::ops::Range<usize>| {
            let end = match reach {
                Reach::All => r.end,
                Reach::BeforeRest => self.code[r.clone()].iter().position(|i| matches!(i, Instr::DealRest)).map_or(r.end, |n| r.start + n),
                Reach::WithoutTables => self.tables_from.map(|t| t as usize).filter(|t| r.contains(t)).unwrap_or(r.end),
            };
            r.start..end
        };
        let mut called = vec![false; self.vars.len()];
        let mut work: Vec<_> = self.entries.iter().map(|e| cut(routine(e.start as usize))).collect();
        let mut ranges = Vec::new();
        while let Some(r) = work.pop() {
            for instr in &self.code[r.clone()] {
                if let Instr::Var(slot) = *instr {
                    if let Some(seen) = called.get_mut(slot as usize).filter(|seen| !**seen) {
                        *seen = true;
                        work.push(routine(self.vars[slot as usize].start as usize));
                    }
                }
            }
            ranges.push(r);
        }
        ranges.into_iter().flat_map(move |r| &self.code[r])
    }

    /// [`Self::reachable`], each superinstruction as the first instruction of its pair (the
    /// second follows it in the code).
    fn reachable_unfused(&self) -> impl Iterator<Item = Instr> + '_ {
        self.reachable().map(|i| i.unfused())
    }

    /// The per-suit tables the code reads.
    pub fn tables_used(&self) -> Vec<TableId> {
        let mut used: Vec<TableId> = self
            .reachable_unfused()
            .filter_map(|i| match i {
                Instr::SuitCount { table, .. } | Instr::HandCount { table, .. } => Some(table),
                Instr::Cccc { .. } => Some(TableId::CCCC),
                _ => None,
            })
            .collect();
        used.sort_by_key(|t| t.0);
        used.dedup();
        used
    }

    /// The seats whose hands the code reads: every seat when it asks a double-dummy question
    /// (the solver sees the whole deal). A dealer may deal only these hands
    /// ([`crate::split::RandomDealer::reading`]).
    pub fn seats_read(&self) -> Seats {
        self.reachable_unfused().fold(Seats::NONE, |seats, i| seats.union(self.instr_seats(i)))
    }

    /// The seats whose hands one instruction reads (a superinstruction: its first
    /// instruction's).
    pub fn instr_seats(&self, instr: Instr) -> Seats {
        match instr.unfused() {
            Instr::SuitCount { seat, .. }
            | Instr::HandCount { seat, .. }
            | Instr::Length { seat, .. }
            | Instr::Cccc { seat }
            | Instr::HasCard { seat, .. }
            | Instr::Shape { seat, .. }
            | Instr::SuitTest { seat, .. }
            | Instr::SuitValue { seat, .. }
            | Instr::ShapeValue { seat, .. } => Seats::of(seat),
            Instr::LengthsValue { table } => {
                self.length_values[table as usize].pairs.iter().fold(Seats::NONE, |s, &(seat, _)| s.with(seat))
            }
            Instr::Tricks { .. }
            | Instr::TricksAtLeast { .. }
            | Instr::Par { .. }
            | Instr::ParContract { .. }
            | Instr::UserEval { .. } => Seats::ALL,
            Instr::Opc { side, .. } => side.seats().into_iter().fold(Seats::NONE, Seats::with),
            Instr::Const(_)
            | Instr::Var(_)
            | Instr::VarEnd(_)
            | Instr::Store(_)
            | Instr::Score { .. }
            | Instr::Imps
            | Instr::Rnd
            | Instr::Unary(_)
            | Instr::Binary { .. }
            | Instr::BinaryConst { .. }
            | Instr::InRange { .. }
            | Instr::Jump(_)
            | Instr::JumpIfZero(_)
            | Instr::AndThen(_)
            | Instr::OrElse(_)
            | Instr::Bool
            | Instr::Return
            | Instr::Produce
            | Instr::DealRest => Seats::NONE,
            fused => unreachable!("`{fused}` is unfused above"),
        }
    }

    /// How many ranks of each suit the code reads, but for the output tables
    /// ([`Program::tables_from`]), counted from the ace: 13 unless every holding it reads is
    /// read through tables that ignore the low ranks (`hcp` 4-3-2-1 reads the top four,
    /// `controls` two) or by `hascard` of high cards. A dealer may then deal only those cards
    /// first ([`crate::split::RandomDealer::reading_top`]).
    pub fn top_ranks_read(&self, tables: &Tables) -> u32 {
        self.reachable_from(Reach::WithoutTables)
            .map(|i| match i.unfused() {
                Instr::SuitCount { table, .. } | Instr::HandCount { table, .. } => 13 - tables.ignored_ranks(table),
                Instr::HasCard { card, .. } => 13 - card.rank() as u32,
                Instr::SuitTest { table, .. } => {
                    let bits = &self.suit_tests[table as usize];
                    13 - ignored_ranks(|m| (bits[m as usize >> 6] >> (m & 63) & 1) as i32)
                }
                Instr::SuitValue { table, .. } => {
                    let values = &self.suit_values[table as usize];
                    13 - ignored_ranks(|m| values[m as usize] as i32)
                }
                other if self.instr_seats(other) == Seats::NONE => 0,
                _ => 13,
            })
            .max()
            .unwrap_or(0)
    }

    /// The hands a dealer must deal before the code runs: those the code before `deal.rest`
    /// reads (all it reads when it has none). The output tables of `--dd` and `-Z` come after
    /// a `deal.rest`, so that they do not change the hands dealt first, nor the deals.
    pub fn seats_dealt_first(&self) -> Seats {
        self.seats_in(Reach::BeforeRest)
    }

    /// The hands the code reads, but for the output tables ([`Program::tables_from`]): with
    /// the hands dealt first, what the choice of the dealer looks at.
    pub fn seats_read_without_tables(&self) -> Seats {
        self.seats_in(Reach::WithoutTables)
    }

    /// The hands the code that `reach` covers reads.
    fn seats_in(&self, reach: Reach) -> Seats {
        self.reachable_from(reach).fold(Seats::NONE, |seats, i| seats.union(self.instr_seats(i.unfused())))
    }

    /// Whether the code asks double-dummy questions (and so needs a solver).
    pub fn uses_dd(&self) -> bool {
        self.reachable_unfused().any(|i| {
            matches!(i, Instr::Tricks { .. } | Instr::TricksAtLeast { .. } | Instr::Par { .. } | Instr::ParContract { .. })
        })
    }

    /// Whether a machine running the code keeps values of a deal that the next deal must
    /// forget ([`crate::interp::Machine::next_deal`]): variables, double-dummy results,
    /// Optimal Point Counts, `usereval` answers.
    pub fn keeps_per_deal(&self) -> bool {
        !self.vars.is_empty()
            || self.uses_dd()
            || self.reachable_unfused().any(|i| matches!(i, Instr::Opc { .. } | Instr::UserEval { .. }))
    }

    /// Whether the code asks `usereval` queries.
    pub fn uses_usereval(&self) -> bool {
        self.reachable_unfused().any(|i| matches!(i, Instr::UserEval { .. }))
    }

    /// Whether the code draws random numbers (`rnd`): then a deal's place in its batch's
    /// random stream depends on the deals evaluated before it.
    pub fn uses_rnd(&self) -> bool {
        self.reachable_unfused().any(|i| matches!(i, Instr::Rnd))
    }

    /// The number of value slots the code stores to.
    pub fn stored_slots(&self) -> usize {
        self.code.iter().filter_map(|i| if let Instr::Store(n) = i { Some(*n as usize + 1) } else { None }).max().unwrap_or(0)
    }
}

/// Builds a [`Program`]: the code of entry points and variable subroutines, shape sets and
/// division sites; [`Assembler::finish`] verifies it and sizes its stack.
///
/// ```
/// use dealvm_vm::bytecode::{Assembler, BinaryOp, Instr};
/// use dealvm_vm::card::Seat;
/// use dealvm_vm::tables::TableId;
///
/// // condition hcp(north) >= 15
/// let mut asm = Assembler::new();
/// asm.begin_entry("condition");
/// asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::North });
/// asm.emit(Instr::BinaryConst { op: BinaryOp::Ge, k: 15, site: 0 });
/// let condition = asm.end_entry();
/// let program = asm.finish().expect("a well-formed program");
/// assert_eq!(program.entries[condition].name, "condition");
/// assert_eq!(program.max_stack, 1);
/// ```
#[derive(Default)]
pub struct Assembler {
    program: Program,
    shape_ids: HashMap<ShapeSet, u16>,
    suit_test_ids: HashMap<SuitBits, u16>,
    length_value_ids: HashMap<LengthValues, u16>,
    suit_value_ids: HashMap<SuitValues, u16>,
    shape_value_ids: HashMap<ShapeValues, u16>,
    /// The entry or variable being assembled: name, start and variable slot.
    open: Option<(String, u32, Option<VarSlot>)>,
}

impl Assembler {
    /// An empty program.
    pub fn new() -> Assembler {
        Assembler::default()
    }

    /// Starts the code of an entry point.
    pub fn begin_entry(&mut self, name: &str) {
        self.begin(name, None);
    }

    /// Ends the entry point with `return` and gives its index.
    pub fn end_entry(&mut self) -> usize {
        self.emit(Instr::Return);
        let (name, start, _) = self.open.take().expect("an entry is open");
        self.program.entries.push(Entry { name, start });
        self.program.entries.len() - 1
    }

    /// Starts the subroutine of the next variable and gives its slot, or `None` when there
    /// are already 65536 variables.
    pub fn begin_var(&mut self, name: &str) -> Option<VarSlot> {
        let slot = VarSlot::try_from(self.program.vars.len()).ok()?;
        self.begin(name, Some(slot));
        Some(slot)
    }

    /// Ends the variable's subroutine with `var.end`.
    pub fn end_var(&mut self) {
        let slot = self.open.as_ref().and_then(|o| o.2).expect("a variable is open");
        self.emit(Instr::VarEnd(slot));
        let (name, start, _) = self.open.take().expect("a variable is open");
        self.program.vars.push(VarCode { name, start });
    }

    /// Sets aside the entry or variable being assembled, so that another can be assembled
    /// (and rewound) before it goes on; [`Assembler::take_back`] resumes it.
    pub fn set_aside(&mut self) -> SetAside {
        SetAside(self.open.take())
    }

    /// Resumes what [`Assembler::set_aside`] set aside (nothing else may be open).
    pub fn take_back(&mut self, aside: SetAside) {
        assert!(self.open.is_none(), "one entry or variable at a time");
        self.open = aside.0;
    }

    fn begin(&mut self, name: &str, slot: Option<VarSlot>) {
        assert!(self.open.is_none(), "one entry or variable at a time");
        self.open = Some((name.to_string(), self.here(), slot));
    }

    /// Appends an instruction and gives its address.
    pub fn emit(&mut self, instr: Instr) -> usize {
        self.program.code.push(instr);
        self.program.code.len() - 1
    }

    /// The address of the next instruction.
    pub fn here(&self) -> u32 {
        self.program.code.len() as u32
    }

    /// Points the jump at `at` to `target`.
    pub fn patch(&mut self, at: usize, target: u32) {
        match &mut self.program.code[at] {
            Instr::Jump(t) | Instr::JumpIfZero(t) | Instr::AndThen(t) | Instr::OrElse(t) => *t = target,
            other => panic!("patching `{other}`, which is not a jump"),
        }
    }

    /// The index of a shape set, adding it unless an equal one is there; `None` when there
    /// are already 65536 different sets.
    pub fn shape_set(&mut self, set: &ShapeSet) -> Option<u16> {
        if let Some(&id) = self.shape_ids.get(set) {
            return Some(id);
        }
        let id = u16::try_from(self.program.shapes.len()).ok()?;
        self.program.shapes.push(set.clone());
        self.shape_ids.insert(set.clone(), id);
        Some(id)
    }

    /// The index of a `suit.test` bit table, adding it unless an equal one is there; `None`
    /// when there are already 65536.
    pub fn suit_test(&mut self, bits: SuitBits) -> Option<u16> {
        intern(&mut self.program.suit_tests, &mut self.suit_test_ids, bits)
    }

    /// The index of a `suit.value` table, adding it unless an equal one is there; `None`
    /// when there are already 65536.
    pub fn suit_values(&mut self, values: SuitValues) -> Option<u16> {
        intern(&mut self.program.suit_values, &mut self.suit_value_ids, values)
    }

    /// The index of a `lengths.value` table, adding it unless an equal one is there; `None`
    /// when there are already 65536.
    pub fn length_values(&mut self, table: LengthValues) -> Option<u16> {
        intern(&mut self.program.length_values, &mut self.length_value_ids, table)
    }

    /// The index of a `shape.value` table, adding it unless an equal one is there; `None`
    /// when there are already 65536.
    pub fn shape_values(&mut self, values: ShapeValues) -> Option<u16> {
        intern(&mut self.program.shape_values, &mut self.shape_value_ids, values)
    }

    /// The index of a `usereval` query, adding it unless it is there; `None` when there are
    /// already 65536.
    pub fn query(&mut self, query: Query) -> Option<u16> {
        if let Some(i) = self.program.queries.iter().position(|&q| q == query) {
            return u16::try_from(i).ok();
        }
        let id = u16::try_from(self.program.queries.len()).ok()?;
        self.program.queries.push(query);
        Some(id)
    }

    /// Adds a division site (how a division-by-zero report names it) and gives its index;
    /// `None` when there are already 65536.
    pub fn site(&mut self, description: String) -> Option<u16> {
        let id = u16::try_from(self.program.sites.len()).ok()?;
        self.program.sites.push(description);
        Some(id)
    }

    /// The state to [`Assembler::rewind`] to.
    pub fn mark(&self) -> Mark {
        Mark {
            code: self.program.code.len(),
            entries: self.program.entries.len(),
            shapes: self.program.shapes.len(),
            sites: self.program.sites.len(),
            tables: [
                self.program.suit_tests.len(),
                self.program.suit_values.len(),
                self.program.shape_values.len(),
                self.program.length_values.len(),
            ],
        }
    }

    /// Forgets the code, shape sets and sites added since `mark`.
    pub fn rewind(&mut self, mark: Mark) {
        self.program.code.truncate(mark.code);
        self.program.entries.truncate(mark.entries);
        self.program.sites.truncate(mark.sites);
        if self.program.shapes.len() > mark.shapes {
            self.program.shapes.truncate(mark.shapes);
            self.shape_ids.retain(|_, id| (*id as usize) < mark.shapes);
        }
        let [tests, suit_values, shape_values, length_values] = mark.tables;
        forget(&mut self.program.length_values, &mut self.length_value_ids, length_values);
        forget(&mut self.program.suit_tests, &mut self.suit_test_ids, tests);
        forget(&mut self.program.suit_values, &mut self.suit_value_ids, suit_values);
        forget(&mut self.program.shape_values, &mut self.shape_value_ids, shape_values);
    }

    /// The program assembled so far.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The finished program, verified, with its stack size set.
    pub fn finish(mut self) -> Result<Program, VerifyError> {
        assert!(self.open.is_none(), "every entry and variable is closed");
        self.program.max_stack = self.program.verify()?;
        self.program.value_slots = self.program.stored_slots();
        Ok(self.program)
    }
}

/// An entry or variable set aside by [`Assembler::set_aside`].
#[derive(Debug)]
pub struct SetAside(Option<(String, u32, Option<VarSlot>)>);

/// A point in assembly to return to.
#[derive(Copy, Clone, Debug)]
pub struct Mark {
    code: usize,
    entries: usize,
    shapes: usize,
    sites: usize,
    /// The numbers of `suit.test`, `suit.value`, `shape.value` and `lengths.value` tables.
    tables: [usize; 4],
}

/// The index of `table` in `tables`, added unless an equal one is there.
fn intern<T: Clone + Eq + std::hash::Hash>(tables: &mut Vec<T>, ids: &mut HashMap<T, u16>, table: T) -> Option<u16> {
    if let Some(&id) = ids.get(&table) {
        return Some(id);
    }
    let id = u16::try_from(tables.len()).ok()?;
    tables.push(table.clone());
    ids.insert(table, id);
    Some(id)
}

/// Forgets the tables from `len` on.
fn forget<T>(tables: &mut Vec<T>, ids: &mut HashMap<T, u16>, len: usize) {
    if tables.len() > len {
        tables.truncate(len);
        ids.retain(|_, id| (*id as usize) < len);
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
