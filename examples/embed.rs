//! Embedding dealvm's engine without the parser: assemble a deal routine by hand, deal a few
//! batches on every core and count statistics.
//!
//! The question: North opens a 15-17 notrump (balanced); how many HCP does South hold, and
//! how often does South have a five-card major?
//!
//! ```text
//! cargo run --release --example embed
//! ```

use dealvm_vm::card::{Seat, Suit};
use dealvm_vm::dealing::split::RandomDealer;
use dealvm_vm::evaluation::shape::{Distribution, ShapeSet};
use dealvm_vm::evaluation::stats::{Tallies, TallyAxis, TallySpec};
use dealvm_vm::evaluation::tables::{PointCounts, TableId, Tables};
use dealvm_vm::machine::assembler::Assembler;
use dealvm_vm::machine::batch::{Job, Swap};
use dealvm_vm::machine::bytecode::{BinaryOp, Instr};
use dealvm_vm::machine::interp::Machine;
use rayon::prelude::*;

fn main() {
    // condition shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17
    // values: hcp(south), and spades(south) >= 5 || hearts(south) >= 5
    let mut balanced = ShapeSet::empty();
    for pattern in ["4333", "4432", "5332"] {
        let shapes = Distribution::parse(pattern, true).and_then(|d| d.shapes().ok()).expect("a shape");
        balanced.union_with(&shapes);
    }
    let mut asm = Assembler::new();
    let set = asm.shape_set(&balanced).expect("room for a shape set");
    asm.begin_entry("deal");
    asm.emit(Instr::Shape { seat: Seat::North, set });
    let not_balanced = asm.emit(Instr::AndThen(0));
    asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::North });
    asm.emit(Instr::InRange { low: 15, high: 17 });
    let not_strong = asm.emit(Instr::AndThen(0));
    // Produced: store the values, then `produce` (return 1).
    asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::South });
    asm.emit(Instr::Store(0));
    asm.emit(Instr::Length { seat: Seat::South, suit: Suit::Spades });
    asm.emit(Instr::BinaryConst { op: BinaryOp::Ge, k: 5, site: 0 });
    let has_spades = asm.emit(Instr::OrElse(0));
    asm.emit(Instr::Length { seat: Seat::South, suit: Suit::Hearts });
    asm.emit(Instr::BinaryConst { op: BinaryOp::Ge, k: 5, site: 0 });
    let or_end = asm.here();
    asm.patch(has_spades, or_end);
    asm.emit(Instr::Store(1));
    asm.emit(Instr::Produce);
    let end = asm.here();
    asm.patch(not_balanced, end);
    asm.patch(not_strong, end);
    let routine = asm.end_entry();
    let program = asm.finish().expect("a well-formed program");
    println!("{}", program.disassemble());

    let tables = Tables::build(&PointCounts::default(), program.tables_used());
    let dealer = RandomDealer::new();
    let job = Job { program: &program, tables: &tables, source: &dealer, routine, swap: Swap::None, seed: 2026, generate: 4_000_000 };
    let specs = vec![TallySpec::Average { value: 0 }, TallySpec::Frequency { x: TallyAxis { value: 1, low: 0, high: 1 }, y: None }];
    // Batches are independent: run them on every core and add up their statistics. The
    // totals are the same on any number of threads.
    let totals = (0..job.batches())
        .into_par_iter()
        .map_init(
            || Machine::new(&program),
            |vm, k| {
                let mut tallies = Tallies::new(specs.clone());
                job.run_batch(k, u64::MAX, 0, vm, &mut tallies);
                tallies
            },
        )
        .reduce(
            || Tallies::new(specs.clone()),
            |mut a, b| {
                a.merge(&b);
                a
            },
        );
    let n = totals.count();
    let average = totals.get(0).sum as f64 / n as f64;
    // Cells: below 0, false, true, above 1.
    let majors = totals.get(1).counts[2];
    println!("{} deals, {n} with a 15-17 notrump opening in North", job.generate);
    println!("South's average HCP: {average:.3}");
    println!("South holds a five-card major: {:.2}%", 100.0 * majors as f64 / n as f64);
}
