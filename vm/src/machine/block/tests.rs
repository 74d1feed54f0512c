//! Blocks give what the interpreter gives: random programs (variables calling variables, `&&`,
//! `||`, `?:`, divisions by values that are sometimes zero, `deal.rest`, `rnd`, statistics) run
//! over whole batches both ways, their produced deals, values, statistics and faults compared.

use super::*;
use crate::dealing::source::DealSource;
use crate::dealing::split::RandomDealer;
use crate::evaluation::stats::{Buckets, Tallies, TallyAxis, TallySpec};
use crate::evaluation::tables::PointCounts;
use crate::machine::assembler::Assembler;
use crate::machine::batch::{BatchEnd, Job, Swap};
use crate::machine::interp::Machine;
use crate::machine::testgen::{Gen, Kept, Routine};

/// The statistics of a batch's deals, counted in whole tables.
fn tallies() -> Tallies {
    Tallies::new(vec![
        TallySpec::Average { value: 0 },
        TallySpec::Average { value: 2 },
        TallySpec::Frequency { x: TallyAxis { value: 1, low: -3, high: 12 }, y: None },
        TallySpec::Frequency { x: TallyAxis { value: 0, low: 0, high: 9 }, y: Some(TallyAxis { value: 2, low: -1, high: 4 }) },
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
    let mut gen = Gen::new(20261125);
    let tables = Tables::new(&PointCounts::default());
    let (mut ran, mut bailed, mut faulted, mut capped, mut partly, mut produced, mut tiers, mut drawing) = (0, 0, 0, 0, 0, 0, 0, 0);
    for case in 0..60 {
        let rest = case % 3 == 0;
        // `rnd` in every other program: each lane from its deal's own stream.
        gen.draws = case % 2 == 1;
        let mut program = gen.program(3, if rest { Routine::NorthFirst } else { Routine::Whole });
        // `imps` as classic Dealer counts them now and then (`--classic`).
        program.classic_imps = case % 4 == 1;
        let mut plain = program.clone();
        program.blocks = true;
        plain.blocks = false;
        assert!(Block::new(&program).is_some(), "a program the block evaluator runs:\n{}", program.disassemble());
        drawing += usize::from(program.uses_rnd());
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
        let draws = |l: usize| crate::dealing::rng::DealDraws::of(case, l as u64);
        let outcome = block.run(&program, 0, &tables, LANES, &mut dealt, &draws);
        match outcome {
            Ok(_) => ran += 1,
            Err(Bail) => bailed += 1,
        }
        // The evaluator compiled for each tier the processor runs gives the same lanes,
        // results and values.
        let seen = |block: &Block, produced: Lanes| {
            let mut values = vec![0; 3];
            (0..LANES)
                .map(|l| (block.result(l), produced.contains(l).then(|| (block.values_of(l, &mut values), values.clone()).1)))
                .collect::<Vec<_>>()
        };
        let expected = outcome.map(|produced| seen(&block, produced));
        for tier in crate::cpu::Tier::available() {
            let got = block.run_as(tier, &program, 0, &tables, LANES, &mut dealt, &draws).map(|produced| seen(&block, produced));
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
    assert!(drawing >= 20, "{drawing} programs drew random numbers");
}

#[test]
fn programs_that_ask_or_jump_back_run_one_deal_at_a_time() {
    let mut asm = Assembler::new();
    asm.begin_entry("deal");
    asm.emit(Instr::Const(5));
    asm.emit(Instr::Rnd);
    asm.end_entry();
    let program = asm.finish().expect("a valid program");
    assert!(Plan::of(&program).is_some(), "rnd draws from each lane's own stream");
    let asks = Program {
        code: vec![Instr::Opc { side: crate::card::Side::NorthSouth, strain: None, opener: crate::card::Seat::North }, Instr::Return],
        ..program.clone()
    };
    assert!(Plan::of(&asks).is_none(), "opc keeps its answer for one deal");
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
