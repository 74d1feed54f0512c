//! The machine's shortcuts against the plain way, on random programs ([`Gen`]): a program
//! with superinstructions ([`fuse`]) says the same of what it reads as its plain code, and a
//! batch that deals only the hands read first (the others at `deal.rest` or for the deals
//! produced), over blocks or one deal at a time, fused or not, gives the same deals, values
//! and faults as the plain code run on deals whose four hands were all dealt first
//! ([`Whole`]).

use crate::card::Seats;
use crate::dealing::source::{DealSource, Whole};
use crate::dealing::split::RandomDealer;
use crate::evaluation::tables::{PointCounts, Tables};
use crate::machine::batch::{BatchEnd, Job, Swap};
use crate::machine::block::{Choice, Way};
use crate::machine::bytecode::Instr;
use crate::machine::fuse::fuse;
use crate::machine::interp::Machine;
use crate::machine::program::Program;
use crate::machine::testgen::{Gen, Kept, Routine};

/// Everything a program's code says of what it reads and asks, which the choice of the
/// dealer, the tables built, the solver and the per-deal caches are made from.
fn facts(p: &Program, tables: &Tables) -> String {
    format!(
        "read {:?}, first {:?}, without tables {:?}, tables {:?}, dd {}, rnd {}, usereval {}, keeps {}, top ranks {}",
        p.seats_read(),
        p.seats_dealt_first(),
        p.seats_read_without_tables(),
        p.tables_used(),
        p.uses_dd(),
        p.uses_rnd(),
        p.uses_usereval(),
        p.keeps_per_deal(),
        p.top_ranks_read(tables)
    )
}

/// A batch of `program` from `source`: where it ended and what it produced. Over blocks of
/// deals when `blocks` (the program must allow it), else one deal at a time.
fn batch<S: DealSource>(program: &Program, tables: &Tables, source: &S, seed: u64, blocks: bool) -> (BatchEnd, Kept) {
    let mut program = program.clone();
    program.blocks = blocks;
    let job = Job { program: &program, tables, source, routine: 0, swap: Swap::None, seed, generate: 1 << 20 };
    let mut vm = Machine::new(&program);
    if let Some(block) = &mut vm.block {
        block.choice = Choice::fixed(Way::Blocks);
    }
    let mut kept = Kept::default();
    let end = job.run_batch(0, u64::MAX, 0, &mut vm, &mut kept);
    (end, kept)
}

#[test]
fn shortcuts_give_what_the_plain_way_gives() {
    let mut gen = Gen::new(20261127);
    let tables = Tables::new(&PointCounts::default());
    let (mut calls_fused, mut partly, mut in_blocks, mut produced, mut drawing) = (0, 0, 0, 0, 0);
    for case in 0..600u64 {
        // Every other program asks more than the cards (`rnd`, double dummy, `usereval`,
        // `opc`): their facts are compared, but they are not run here.
        gen.asks = case % 2 == 1;
        // `rnd` draws from each deal's own stream: the deals and draws do not depend on how
        // much was dealt, nor on the order of evaluation.
        gen.draws = case % 4 == 2;
        let routine = [Routine::Whole, Routine::NorthFirst, Routine::Calling][(case / 2 % 3) as usize];
        let plain = gen.program(2, routine);
        let mut fused = plain.clone();
        fuse(&mut fused);
        calls_fused += fused.code.iter().filter(|i| matches!(i, Instr::VarBranch { .. } | Instr::VarCmp { .. })).count();
        assert_eq!(facts(&fused, &tables), facts(&plain, &tables), "a fused program reads otherwise:\n{}", fused.disassemble());
        if gen.asks {
            continue;
        }
        drawing += usize::from(plain.uses_rnd());
        // The dealer of the hands the fused program says it reads first.
        let source = RandomDealer::reading(fused.seats_dealt_first(), true);
        partly += usize::from(source.seats() != Seats::ALL);
        let reference = batch(&plain, &tables, &Whole { source: &source, seed: case }, case, false);
        produced += usize::from(reference.0.fault.is_none() && reference.0.produced > 0);
        for program in [&plain, &fused] {
            let one_by_one = batch(program, &tables, &source, case, false);
            assert_eq!(one_by_one, reference, "dealing the hands read first differs from dealing all four:\n{}", program.disassemble());
            if crate::machine::block::Block::new(program).is_some() {
                in_blocks += 1;
                let blocks = batch(program, &tables, &source, case, true);
                assert_eq!(blocks, reference, "blocks differ from the reference:\n{}", program.disassemble());
            }
        }
    }
    // The generator is worth something only if each case happens.
    assert!(calls_fused >= 300, "{calls_fused} variable calls fused");
    assert!(partly >= 100 && in_blocks >= 200 && produced >= 80, "{partly} dealt partly, {in_blocks} over blocks, {produced} produced deals");
    assert!(drawing >= 50, "{drawing} programs drew random numbers");
}
