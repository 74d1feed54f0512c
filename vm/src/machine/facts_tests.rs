//! The instruction set's facts ([`crate::machine::bytecode::Facts`]) checked: every kind of
//! instruction is described, the pure loads and the instructions the block evaluator runs are
//! the expected ones, and the interpreter does what the facts say. A module of its own above
//! the bytecode, since it runs the fuser and the interpreter.

use crate::card::{Card, Suit, Vulnerability};
use crate::card::{Seat, Side};
use crate::evaluation::dd::ParVul;
use crate::evaluation::score::{Contract, Strain};
use crate::evaluation::tables::TableId;
use crate::evaluation::tables::{PointCounts, Tables};
use crate::machine::bytecode::facts::{Facts, Flow, Needs};
use crate::machine::bytecode::Instr;
use crate::machine::bytecode::{BinaryOp, UnaryOp};
use crate::machine::fuse::fuse;
use crate::machine::interp::{Env, Machine};
use crate::machine::program::Program;

/// The kind of an instruction, numbered by a match with no wildcard: a new instruction
/// has no number until it is given one here, and then [`one_of_each`] must show it.
fn kind(i: Instr) -> usize {
    match i {
        Instr::Const(_) => 0,
        Instr::Var(_) => 1,
        Instr::VarEnd(_) => 2,
        Instr::Store(_) => 3,
        Instr::SuitCount { .. } => 4,
        Instr::HandCount { .. } => 5,
        Instr::Length { .. } => 6,
        Instr::Cccc { .. } => 7,
        Instr::HasCard { .. } => 8,
        Instr::Shape { .. } => 9,
        Instr::SuitTest { .. } => 10,
        Instr::SuitValue { .. } => 11,
        Instr::LengthsValue { .. } => 12,
        Instr::ShapeValue { .. } => 13,
        Instr::Score { .. } => 14,
        Instr::Imps => 15,
        Instr::Rnd => 16,
        Instr::Tricks { .. } => 17,
        Instr::TricksAtLeast { .. } => 18,
        Instr::LeadTricks { .. } => 19,
        Instr::Par { .. } => 20,
        Instr::ParContract { .. } => 21,
        Instr::UserEval { .. } => 22,
        Instr::Opc { .. } => 23,
        Instr::Unary(_) => 24,
        Instr::Binary { .. } => 25,
        Instr::BinaryConst { .. } => 26,
        Instr::InRange { .. } => 27,
        Instr::Jump(_) => 28,
        Instr::JumpIfZero(_) => 29,
        Instr::AndThen(_) => 30,
        Instr::OrElse(_) => 31,
        Instr::Bool => 32,
        Instr::Return => 33,
        Instr::Produce => 34,
        Instr::DealRest => 35,
        Instr::CmpBranch { .. } => 36,
        Instr::InRangeBranch { .. } => 37,
        Instr::VarBranch { .. } => 38,
        Instr::VarCmp { .. } => 39,
        Instr::HandCountCmp { .. } => 40,
        Instr::HandCountInRange { .. } => 41,
        Instr::HandCountBranch { .. } => 42,
        Instr::HcpRangeBranch { .. } => 43,
        Instr::HandCountStore { .. } => 44,
        Instr::StoreProduce(_) => 45,
        Instr::ConstJump { .. } => 46,
        Instr::ShapeBranch { .. } => 47,
        Instr::SuitTestBranch { .. } => 48,
    }
}

/// The number of kinds.
const KINDS: usize = 49;

/// One instruction of each kind: the plain ones written out, the superinstructions made
/// by fusing the pairs (and triples) they stand for.
fn one_of_each() -> Vec<Instr> {
    let (n, s) = (Seat::North, Suit::Spades);
    let lt = |k| Instr::BinaryConst { op: BinaryOp::Lt, k, site: 0 };
    let hcp = Instr::HandCount { table: TableId::HCP, seat: n };
    let plain = vec![
        Instr::Const(3),
        Instr::Var(0),
        Instr::VarEnd(0),
        Instr::Store(0),
        Instr::SuitCount { table: TableId::HCP, seat: n, suit: s },
        hcp,
        Instr::Length { seat: n, suit: s },
        Instr::Cccc { seat: n },
        Instr::HasCard { seat: n, card: Card::new(s, 12) },
        Instr::Shape { seat: n, set: 0 },
        Instr::SuitTest { seat: n, suit: s, table: 0 },
        Instr::SuitValue { seat: n, suit: s, table: 0 },
        Instr::LengthsValue { table: 0 },
        Instr::ShapeValue { seat: n, table: 0 },
        Instr::Score { vulnerable: true, contract: Contract::parse("z3N").expect("a contract") },
        Instr::Imps,
        Instr::Rnd,
        Instr::Tricks { declarer: n, strain: Strain::NoTrump },
        Instr::TricksAtLeast { declarer: n, strain: Strain::Spades, k: 9, count: false },
        Instr::LeadTricks { declarer: n, strain: Strain::Hearts, card: Card::new(s, 12) },
        Instr::Par { side: Side::NorthSouth, vul: ParVul::Given(Vulnerability::None) },
        Instr::ParContract { vul: ParVul::Board },
        Instr::UserEval { query: 0, idx: 0 },
        Instr::Opc { side: Side::EastWest, strain: None, opener: n },
        Instr::Unary(UnaryOp::Neg),
        Instr::Binary { op: BinaryOp::Add, site: 0 },
        lt(5),
        Instr::InRange { low: 2, high: 4 },
        Instr::Jump(9),
        Instr::JumpIfZero(9),
        Instr::AndThen(9),
        Instr::OrElse(9),
        Instr::Bool,
        Instr::Return,
        Instr::Produce,
        Instr::DealRest,
    ];
    let sequences: Vec<Vec<Instr>> = vec![
        vec![lt(5), Instr::AndThen(9)],
        vec![Instr::InRange { low: 2, high: 4 }, Instr::OrElse(9)],
        vec![Instr::Var(0), Instr::AndThen(9)],
        vec![Instr::Var(0), lt(5)],
        vec![hcp, lt(5)],
        vec![hcp, Instr::InRange { low: 2, high: 4 }],
        vec![hcp, lt(5), Instr::AndThen(9)],
        vec![hcp, Instr::InRange { low: 2, high: 4 }, Instr::AndThen(9)],
        vec![hcp, Instr::Store(0)],
        vec![Instr::Store(0), Instr::Produce],
        vec![Instr::Const(3), Instr::Jump(9)],
        vec![Instr::Shape { seat: n, set: 0 }, Instr::AndThen(9)],
        vec![Instr::SuitTest { seat: n, suit: s, table: 0 }, Instr::AndThen(9)],
    ];
    let fused = sequences.into_iter().map(|code| {
        let mut p = Program { code, ..Program::default() };
        fuse(&mut p);
        p.code[0]
    });
    plain.into_iter().chain(fused).collect()
}

#[test]
fn every_instruction_is_described() {
    let all = one_of_each();
    let mut seen = [0; KINDS];
    for &i in &all {
        seen[kind(i)] += 1;
    }
    assert!(seen.iter().all(|&n| n == 1), "each kind once: {seen:?}");
    for i in all {
        let facts = i.facts();
        let first = i.unfused();
        // A superinstruction does what the first instruction of its pair does.
        assert!(kind(first) <= 35, "`{i}` unfuses to a plain instruction");
        assert_eq!(facts, first.facts(), "`{i}`");
        // Control never pushes; an end or a jump never comes from a load.
        assert!(!matches!(facts.flow, Flow::Jump(_) | Flow::Branch(_) | Flow::ShortCircuit(_)) || facts.pushes == 0, "`{i}`");
        assert!(facts.pops <= 2 && facts.pushes <= 1, "`{i}`");
    }
}

#[test]
fn pure_loads_and_block_instructions_are_the_expected_ones() {
    let plain: Vec<Instr> = one_of_each().into_iter().filter(|&i| i.unfused() == i).collect();
    let names = |keep: &dyn Fn(Facts) -> bool| plain.iter().filter(|i| keep(i.facts())).map(|i| kind(*i)).collect::<Vec<_>>();
    // The loads a variable is read through without a call: constants and what reads the
    // cards, `opc` too (a function of the deal, counted once).
    assert_eq!(names(&|f| f.is_pure_load()), [0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 23]);
    // What the block evaluator does not run: double dummy, `usereval` and `opc` (answers
    // kept for one deal).
    let per_deal: Vec<usize> = (0..36).filter(|k| !names(&|f| f.runs_over_blocks()).contains(k)).collect();
    assert_eq!(per_deal, [17, 18, 19, 20, 21, 22, 23]);
}

#[test]
fn the_interpreter_does_what_the_facts_say() {
    // Each plain instruction that needs nothing of a program's tables, run with as many
    // values on the stack as it pops: the routine the facts make ends with one value.
    let tables = Tables::new(&PointCounts::default());
    let deal = {
        let mut rng = crate::dealing::rng::batch_rng(1, 0);
        crate::dealing::split::RandomDealer::new().deal_one(0, &mut rng)
    };
    use crate::dealing::source::DealSource;
    let mut ran = 0;
    for i in one_of_each().into_iter().filter(|&i| i.unfused() == i) {
        let facts = i.facts();
        let simple = facts.flow == Flow::Next && matches!(facts.needs, Needs::Nothing | Needs::Draw | Needs::Output | Needs::RestOfDeal);
        let uses_tables = matches!(
            i,
            Instr::Shape { .. } | Instr::SuitTest { .. } | Instr::SuitValue { .. } | Instr::LengthsValue { .. } | Instr::ShapeValue { .. }
        );
        if !simple || uses_tables {
            continue;
        }
        let mut code: Vec<Instr> = (0..facts.pops).map(|k| Instr::Const(k as i32 + 2)).collect();
        code.push(i);
        if facts.pushes == 0 {
            code.push(Instr::Const(1));
        }
        code.push(Instr::Return);
        let entries = vec![crate::machine::program::Entry { name: "deal".into(), start: 0 }];
        let mut program = Program { code, entries, value_slots: 1, sites: vec!["a division".into()], ..Program::default() };
        program.max_stack = program.verify().unwrap_or_else(|e| panic!("`{i}`: {e:?}"));
        assert!(program.max_stack >= facts.pops as usize, "`{i}`");
        let (mut values, mut rng) = ([0; 1], crate::dealing::rng::batch_rng(1, 0));
        let mut env = Env { deal: &deal, tables: &tables, rng: &mut rng, produced: 0, values: &mut values, rest: None };
        let result = Machine::new(&program).run(&program, 0, &mut env);
        assert!(result.is_ok(), "`{i}`: {result:?}");
        ran += 1;
    }
    assert!(ran >= 14, "{ran} instructions run");
}
