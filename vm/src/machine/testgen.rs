//! Random programs as the compiler makes them, for the tests of the machine: variables
//! calling variables, `&&`, `||`, `?:`, divisions by values that are sometimes zero, a deal
//! routine with or without `deal.rest`, values stored for the actions; and, when asked, the
//! instructions that need more than the cards (`rnd`, double dummy, `usereval`, `opc`).

use crate::card::{Card, Deal, Seat, Side, Suit, Vulnerability};
use crate::evaluation::score::Strain;
use crate::evaluation::shape::ShapeSet;
use crate::evaluation::tables::TableId;
use crate::evaluation::usereval::{Query, Who};
use crate::machine::assembler::Assembler;
use crate::machine::batch::Sink;
use crate::machine::bytecode::{BinaryOp, Instr, UnaryOp};
use crate::machine::program::Program;

/// How the deal routine reads the hands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Routine {
    /// Its condition reads any hand, directly or through the variables; no `deal.rest`.
    Whole,
    /// Its condition reads North's hand alone, then `deal.rest` comes before the values.
    NorthFirst,
    /// Its condition reads North's hand and calls variables that read any hand (so what is
    /// dealt first must include their hands), then `deal.rest`.
    Calling,
}

/// A small deterministic generator (SplitMix64) of programs.
pub(crate) struct Gen {
    state: u64,
    /// The one seat the values read, if any.
    seat: Option<Seat>,
    /// Whether leaves may draw random numbers, solve, ask `usereval` or `opc`.
    pub(crate) asks: bool,
    /// Whether leaves may draw random numbers (`rnd` of a constant bound, 0 and negative
    /// ones too).
    pub(crate) draws: bool,
}

impl Gen {
    pub(crate) fn new(seed: u64) -> Gen {
        Gen { state: seed, seat: None, asks: false, draws: false }
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        let z = crate::dealing::rng::mix64(self.state);
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z % n
    }

    fn seat(&mut self) -> Seat {
        let any = Seat::ALL[self.below(4) as usize];
        self.seat.unwrap_or(any)
    }

    fn suit(&mut self) -> Suit {
        Suit::ALL[self.below(4) as usize]
    }

    fn side(&mut self) -> Side {
        [Side::NorthSouth, Side::EastWest][self.below(2) as usize]
    }

    fn strain(&mut self) -> Strain {
        [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump][self.below(5) as usize]
    }

    /// A value read from the deal, a constant or a variable before `vars`.
    fn leaf(&mut self, asm: &mut Assembler, vars: u16) {
        if self.asks && self.seat.is_none() && self.below(6) == 0 {
            return self.asking(asm);
        }
        if self.draws && self.below(7) == 0 {
            asm.emit(Instr::Const(self.below(14) as i32 - 3));
            asm.emit(Instr::Rnd);
            return;
        }
        let (seat, suit) = (self.seat(), self.suit());
        let tables = [TableId::HCP, TableId::LOSERS, TableId::CONTROLS, TableId::pt(3)];
        let table = tables[self.below(4) as usize];
        let instr = match self.below(9) {
            0 => Instr::Const(self.below(9) as i32 - 2),
            1 => Instr::HandCount { table, seat },
            2 => Instr::SuitCount { table, seat, suit },
            3 => Instr::Length { seat, suit },
            4 => Instr::HasCard { seat, card: Card::new(suit, 8 + self.below(5) as u8) },
            5 => Instr::Cccc { seat },
            6 => {
                let long = 3 + self.below(4) as u8;
                let set = asm.shape_set(&ShapeSet::from_fn(|l| l.iter().any(|&n| n >= long))).expect("a set");
                Instr::Shape { seat, set }
            }
            _ if vars > 0 => Instr::Var(self.below(vars as u64) as u16),
            _ => Instr::Const(self.below(30) as i32),
        };
        asm.emit(instr);
    }

    /// A leaf that needs more than the cards: `rnd`, double dummy, `usereval` or `opc`.
    fn asking(&mut self, asm: &mut Assembler) {
        let instr = match self.below(6) {
            0 => {
                asm.emit(Instr::Const(1 + self.below(9) as i32));
                Instr::Rnd
            }
            1 => Instr::Tricks { declarer: self.seat(), strain: self.strain() },
            2 => Instr::TricksAtLeast { declarer: self.seat(), strain: self.strain(), k: 7 + self.below(4) as i8, count: false },
            3 => Instr::Par { side: self.side(), vul: crate::evaluation::dd::ParVul::Given(Vulnerability::None) },
            4 => {
                let who = if self.below(2) == 0 { Who::Seat(self.seat()) } else { Who::Side(self.side()) };
                let query = asm.query(Query { tag: self.below(5) as u32, who, suit: None }).expect("a query");
                Instr::UserEval { query, idx: 0 }
            }
            _ => Instr::Opc { side: self.side(), strain: None, opener: self.seat() },
        };
        asm.emit(instr);
    }

    /// An expression of `depth` levels at most, reading variables before `vars`.
    fn expr(&mut self, asm: &mut Assembler, depth: u32, vars: u16, site: u16) {
        if depth == 0 || self.below(4) == 0 {
            return self.leaf(asm, vars);
        }
        let ops = [BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Div, BinaryOp::Mod, BinaryOp::Lt, BinaryOp::Ge, BinaryOp::Eq];
        let op = ops[self.below(ops.len() as u64) as usize];
        self.expr(asm, depth - 1, vars, site);
        match self.below(8) {
            0 => _ = asm.emit(Instr::BinaryConst { op, k: self.below(7) as i32 - 1, site }),
            1 => _ = asm.emit([Instr::Unary(UnaryOp::Neg), Instr::Unary(UnaryOp::Not), Instr::Bool, Instr::Imps][self.below(4) as usize]),
            2 => _ = asm.emit(Instr::InRange { low: self.below(8) as i16, high: 4 + self.below(12) as i16 }),
            3 | 4 => {
                // `&&` or `||`.
                let at = asm.emit(if self.below(2) == 0 { Instr::AndThen(0) } else { Instr::OrElse(0) });
                self.expr(asm, depth - 1, vars, site);
                asm.patch(at, asm.here());
            }
            5 => {
                // `?:`
                let test = asm.emit(Instr::JumpIfZero(0));
                self.expr(asm, depth - 1, vars, site);
                let over = asm.emit(Instr::Jump(0));
                asm.patch(test, asm.here());
                self.expr(asm, depth - 1, vars, site);
                asm.patch(over, asm.here());
            }
            _ => {
                self.expr(asm, depth - 1, vars, site);
                asm.emit(Instr::Binary { op, site });
            }
        }
    }

    /// A program as the compiler makes them: six variables, then a deal routine testing a
    /// condition (reading the hands as `routine` says), storing `values` values and producing.
    pub(crate) fn program(&mut self, values: u16, routine: Routine) -> Program {
        let mut asm = Assembler::new();
        let site = asm.site("a division".into()).expect("a site");
        for v in 0..6 {
            asm.begin_var(&format!("v{v}")).expect("a slot");
            self.expr(&mut asm, 3, v, site);
            asm.end_var();
        }
        asm.begin_entry("deal");
        let rest = routine != Routine::Whole;
        self.seat = rest.then_some(Seat::North);
        self.expr(&mut asm, 4, if routine == Routine::NorthFirst { 0 } else { 6 }, site);
        self.seat = None;
        let to_end = asm.emit(Instr::AndThen(0));
        if rest {
            asm.emit(Instr::DealRest);
        }
        for slot in 0..values {
            self.expr(&mut asm, 3, 6, site);
            asm.emit(Instr::Store(slot));
        }
        asm.emit(Instr::Produce);
        asm.patch(to_end, asm.here());
        asm.end_entry();
        asm.finish().expect("a valid program")
    }
}

/// Every produced deal of a batch with its place and values.
#[derive(Clone, Default, Debug, PartialEq)]
pub(crate) struct Kept(pub Vec<(u32, Deal, Vec<i32>)>);

impl Sink for Kept {
    fn produced(&mut self, offset: u32, deal: &Deal, values: &[i32]) {
        self.0.push((offset, *deal, values.to_vec()));
    }
}
