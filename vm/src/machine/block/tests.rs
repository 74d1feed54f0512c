//! Blocks give what the interpreter gives: random programs (variables calling variables, `&&`,
//! `||`, `?:`, divisions by values that are sometimes zero, `deal.rest`, statistics) run
//! over whole batches both ways, their produced deals, values, statistics and faults compared.

use super::*;
use crate::card::{Card, Seat, Suit};
use crate::dealing::source::DealSource;
use crate::dealing::split::RandomDealer;
use crate::evaluation::shape::ShapeSet;
use crate::evaluation::stats::{Axis, Buckets, Tallies, TallySpec};
use crate::evaluation::tables::{PointCounts, TableId};
use crate::machine::assembler::Assembler;
use crate::machine::batch::{BatchEnd, Job, Sink, Swap};
use crate::machine::bytecode::UnaryOp;
use crate::machine::interp::Machine;

/// A small deterministic generator (SplitMix64), and the one seat its values read, if any.
struct Gen(u64, Option<Seat>);

impl Gen {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }

    fn seat(&mut self) -> Seat {
        let any = Seat::ALL[self.below(4) as usize];
        self.1.unwrap_or(any)
    }

    fn suit(&mut self) -> Suit {
        Suit::ALL[self.below(4) as usize]
    }

    /// A value read from the deal, a constant or a variable before `vars`.
    fn leaf(&mut self, asm: &mut Assembler, vars: u16) {
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

    /// A program as the compiler makes them: variables, then a deal routine testing a
    /// condition, dealing the rest (`rest`), storing `values` values and producing.
    fn program(&mut self, values: u16, rest: bool) -> Program {
        let mut asm = Assembler::new();
        let site = asm.site("a division".into()).expect("a site");
        for v in 0..6 {
            asm.begin_var(&format!("v{v}")).expect("a slot");
            self.expr(&mut asm, 3, v, site);
            asm.end_var();
        }
        asm.begin_entry("deal");
        // With `deal.rest`, a condition on north's hand alone, which is dealt first.
        self.1 = rest.then_some(Seat::North);
        self.expr(&mut asm, 4, if rest { 0 } else { 6 }, site);
        self.1 = None;
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
struct Kept(Vec<(u32, Deal, Vec<i32>)>);

impl Sink for Kept {
    fn produced(&mut self, offset: u32, deal: &Deal, values: &[i32]) {
        self.0.push((offset, *deal, values.to_vec()));
    }
}

/// The statistics of a batch's deals, counted in whole tables.
fn tallies() -> Tallies {
    Tallies::new(vec![
        TallySpec::Average { value: 0 },
        TallySpec::Average { value: 2 },
        TallySpec::Frequency { x: Axis { value: 1, low: -3, high: 12 }, y: None },
        TallySpec::Frequency { x: Axis { value: 0, low: 0, high: 9 }, y: Some(Axis { value: 2, low: -1, high: 4 }) },
        TallySpec::Buckets { x: Buckets { value: 2, low: -5, high: 30, size: 4 }, y: Some(Buckets { value: 1, low: 0, high: 6, size: 2 }) },
    ])
}

/// A machine for `program` that runs its batches over blocks, without measuring, or one deal
/// at a time.
fn machine(program: &Program, blocks: bool) -> Machine {
    let mut vm = Machine::new(program);
    match &mut vm.block {
        Some(block) => block.choice = Choice::fixed(Way::Blocks),
        None => assert!(!blocks, "the program runs over blocks"),
    }
    vm
}

/// What a batch piece gives each way: where it ended, its produced deals, its statistics.
/// The batch loop is compiled for `tier`.
fn both_ways(job: &Job<'_, RandomDealer>, plain: &Program, range: std::ops::Range<u64>, cap: u64, tier: Tier) -> [(BatchEnd, Kept, Tallies); 2] {
    [job.program, plain].map(|program| {
        let job = Job { program, ..*job };
        let blocks = program.blocks;
        let (mut kept, mut counted) = (Kept::default(), tallies().for_batch());
        let end = job.run_piece_as(tier, 1, range.clone(), cap, 0, &mut machine(program, blocks), &mut kept);
        assert_eq!(job.run_piece_as(tier, 1, range.clone(), cap, 0, &mut machine(program, blocks), &mut counted), end);
        let mut whole = tallies();
        whole.merge(&counted);
        (end, kept, whole)
    })
}

#[test]
fn random_programs_give_the_same_deals_values_statistics_and_faults_over_blocks() {
    let mut gen = Gen(20261125, None);
    let tables = Tables::new(&PointCounts::default());
    let (mut ran, mut bailed, mut faulted, mut capped, mut partly, mut produced, mut tiers) = (0, 0, 0, 0, 0, 0, 0);
    for case in 0..60 {
        let rest = case % 3 == 0;
        let mut program = gen.program(3, rest);
        // `imps` as classic Dealer counts them now and then (`--classic`).
        program.classic_imps = case % 4 == 1;
        let mut plain = program.clone();
        program.blocks = true;
        plain.blocks = false;
        assert!(Block::new(&program).is_some(), "a program the block evaluator runs:\n{}", program.disassemble());
        // The deal routine on one block directly: it runs, or bails on a division by zero.
        // With `deal.rest`, the hands the condition reads first, the others for the deals
        // produced (or when the code reaches `deal.rest`).
        let source = if rest { RandomDealer::reading(program.seats_dealt_first(), true) } else { RandomDealer::new() };
        partly += usize::from(source.seats() != crate::card::Seats::ALL);
        let mut block = Block::new(&program).expect("a plan");
        let mut rng = crate::dealing::rng::batch_rng(7, case);
        for deal in block.deals.iter_mut() {
            *deal = source.deal(0, &mut rng, crate::dealing::rng::pdep_portable);
        }
        let mut dealt = |_: usize, deal: &Deal| *deal;
        let outcome = block.run(&program, 0, &tables, LANES, &mut dealt);
        match outcome {
            Ok(_) => ran += 1,
            Err(Bail) => bailed += 1,
        }
        // The evaluator compiled for each tier the processor runs gives the same lanes,
        // results and values.
        let seen = |block: &Block, produced: Lanes| {
            let mut values = vec![0; 3];
            (0..LANES).map(|l| (block.result(l), produced.contains(l).then(|| (block.values_of(l, &mut values), values.clone()).1))).collect::<Vec<_>>()
        };
        let expected = outcome.map(|produced| seen(&block, produced));
        for tier in crate::cpu::Tier::available() {
            let got = block.run_as(tier, &program, 0, &tables, LANES, &mut dealt).map(|produced| seen(&block, produced));
            assert_eq!(got, expected, "{tier:?} evaluates otherwise\n{}", program.disassemble());
            tiers += 1;
        }
        // Whole batches, pieces of them and batches cut at a produced count, both ways.
        let job = Job { program: &program, tables: &tables, source: &source, routine: 0, swap: Swap::None, seed: case, generate: 1 << 20 };
        for (range, cap) in [(0..u64::MAX, u64::MAX), (700..3000, u64::MAX), (0..u64::MAX, 9), (5..1500, 1)] {
            let [blocks, per_deal] = both_ways(&job, &plain, range.clone(), cap, Tier::best());
            assert_eq!(blocks, per_deal, "blocks and the interpreter disagree on\n{}", program.disassemble());
            // The batch loop compiled for a narrower tier: the same again (once a case).
            if cap == u64::MAX && range.start == 0 {
                for tier in Tier::available().filter(|&t| t < Tier::best()) {
                    assert_eq!(both_ways(&job, &plain, range.clone(), cap, tier), [blocks.clone(), per_deal.clone()], "{tier:?}");
                }
            }
            faulted += usize::from(blocks.0.fault.is_some());
            produced += usize::from(blocks.0.fault.is_none() && blocks.0.produced > 0);
            capped += usize::from(cap < u64::MAX && blocks.0.produced == cap);
        }
    }
    // The generator is worth something only if each case happens.
    assert!(ran >= 20 && bailed >= 3, "{ran} blocks ran and {bailed} bailed");
    assert!(faulted >= 5 && capped >= 20, "{faulted} pieces faulted and {capped} reached their cap");
    assert!(partly >= 10 && produced >= 60, "{partly} programs dealt north first, {produced} pieces produced deals");
    assert!(tiers >= 60, "each program evaluated for every tier the processor runs");
}

#[test]
fn programs_that_draw_ask_or_jump_back_run_one_deal_at_a_time() {
    let mut asm = Assembler::new();
    asm.begin_entry("deal");
    asm.emit(Instr::Const(5));
    asm.emit(Instr::Rnd);
    asm.end_entry();
    let program = asm.finish().expect("a valid program");
    assert!(Plan::of(&program).is_none(), "rnd shares the dealing stream");
    let jumps_back = Program { code: vec![Instr::Const(1), Instr::JumpIfZero(0), Instr::Const(1), Instr::Return], ..program.clone() };
    assert!(Plan::of(&jumps_back).is_none());
}

#[test]
fn lanes_split_count_and_find() {
    let odd = Lanes::first(LANES).split(|l| l % 2 == 1).0;
    assert_eq!(odd.count() as usize, LANES / 2);
    assert_eq!(odd.nth(3), Some(7));
    assert_eq!(odd.last(), Some(LANES - 1));
    assert_eq!(Lanes::first(70).and_not(odd).count(), 35);
    assert_eq!(Lanes::first(0), Lanes::NONE);
    assert_eq!(Lanes::NONE.nth(0), None);
    let mut seen = Vec::new();
    Lanes::first(3).or(odd.and(Lanes::first(12))).each(|l| seen.push(l));
    assert_eq!(seen, [0, 1, 2, 3, 5, 7, 9, 11]);
}
