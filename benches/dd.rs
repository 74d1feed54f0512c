//! Criterion benchmarks of double dummy: the engine against DDS called directly, on the same
//! deals in the same order (the 200 random deals of `tests/data/dd/random_deals.tsv`, one new
//! deal per iteration, so that the solver's memory of a deal never makes a later solve of the
//! same deal cheap).
//!
//! ```text
//! cargo bench --bench dd                     # everything (a few minutes)
//! cargo bench --bench dd -- single           # one group
//! ```
//!
//! Groups: `single` (south's tricks in notrump: one DDS search per deal), `target` (does south
//! take nine tricks in notrump: a target search), `table_par` (the 20 results and the par at
//! four vulnerabilities), `par_alone` (the same par scores, the engine finding them by target
//! searches without the table), `leads` (the tricks after each of West's cards against South's
//! notrump: DDS's every-lead search as `direct`, dealvm's own, the one `evalleads` makes, as
//! `own`), `own_search` (whole tables by dealvm's own search beside DDS's, both called
//! directly). In the first four, `direct` calls DDS through the `dd` crate and `engine` runs the
//! compiled condition on a thread's machine over the deals read from a file; the difference is
//! the engine's cost per deal (`leads` calls both solvers directly: `evalleads` needs the
//! leader's hand predealt, and these deals share no hand; the study against DDS 2.9 is
//! `comparisons/leads.sh`). Scaling over threads is measured on whole runs by
//! `comparisons/dd.sh`.

use criterion::{criterion_group, criterion_main, Criterion};
use dealvm_dd::Dds;
use dealvm_vm::card::{Deal, Seat, Side, Vulnerability};
use dealvm_vm::dealing::board::Board;
use dealvm_vm::dealing::source::GivenDeals;
use dealvm_vm::evaluation::dd::{DdMode, Solver, PAR_VULNERABILITIES};
use dealvm_vm::evaluation::score::Strain;
use dealvm_vm::evaluation::stats::{Tallies, TallySpec};
use dealvm_vm::evaluation::tables::{PointCounts, Tables};
use dealvm_vm::machine::assembler::Assembler;
use dealvm_vm::machine::batch::{Job, Swap};
use dealvm_vm::machine::bytecode::Instr;
use dealvm_vm::machine::interp::Machine;
use dealvm_vm::machine::program::Program;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The random deals of the tests' truth file.
fn deals() -> Vec<Deal> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/dd/random_deals.tsv");
    let text = std::fs::read_to_string(path).expect("the truth file");
    text.lines().filter(|l| !l.starts_with('#')).map(|l| Deal::from_pbn(l.split('\t').next().unwrap()).expect("a deal")).collect()
}

/// A deal routine: the condition's code, then `produce` for the deals that meet it, its deals
/// solved as `mode` says.
fn routine(code: &[Instr], mode: DdMode) -> (Program, usize) {
    let mut asm = Assembler::new();
    asm.begin_entry("deal");
    for &i in code {
        asm.emit(i);
    }
    let rejected = asm.emit(Instr::AndThen(0));
    asm.emit(Instr::Produce);
    let end = asm.here();
    asm.patch(rejected, end);
    let entry = asm.end_entry();
    let mut program = asm.finish().unwrap();
    program.dd_mode = mode;
    (program, entry)
}

/// Times `iters` deals of the list, from `*next` on, with `f`.
fn over(deals: &[Deal], next: &mut usize, iters: u64, mut f: impl FnMut(&Deal)) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        f(&deals[*next % deals.len()]);
        *next += 1;
    }
    start.elapsed()
}

/// The engine over the deals, one deal per iteration, on one machine with a DDS solver.
fn engine(deals: &[Deal], code: &[Instr], mode: DdMode, next: &mut usize, iters: u64, vm: &mut Option<Machine>) -> Duration {
    let (program, entry) = routine(code, mode);
    let tables = Tables::new(&PointCounts::default());
    let source = GivenDeals::new(deals.iter().enumerate().map(|(i, &d)| Board::new(i as u64 + 1, d)).collect());
    let vm = vm.get_or_insert_with(|| {
        let mut m = Machine::new(&program);
        m.dd.set_solver(Dds::boxed());
        m
    });
    vm.dd.set_mode(program.dd_mode);
    let job = Job { program: &program, tables: &tables, source: &source, routine: entry, swap: Swap::None, seed: 1, generate: u64::MAX };
    let mut sink = Tallies::new(vec![TallySpec::Average { value: 0 }; 0]);
    let start = Instant::now();
    for _ in 0..iters {
        let n = (*next % deals.len()) as u64;
        // The whole file is one batch: run the one deal of this iteration.
        black_box(job.run_piece(0, n..n + 1, u64::MAX, 0, vm, &mut sink));
        *next += 1;
    }
    start.elapsed()
}

fn group(c: &mut Criterion, name: &str, code: &[Instr], mode: DdMode, direct: impl Fn(&mut Dds, &Deal) -> i32) {
    let deals = deals();
    let mut g = c.benchmark_group(name);
    g.sample_size(10).measurement_time(Duration::from_secs(20)).warm_up_time(Duration::from_secs(2));
    let mut dds = Dds::new();
    let mut next = 0;
    g.bench_function("direct", |b| b.iter_custom(|iters| over(&deals, &mut next, iters, |d| _ = black_box(direct(&mut dds, d)))));
    let mut next = 0;
    let mut vm = None;
    g.bench_function("engine", |b| b.iter_custom(|iters| engine(&deals, code, mode, &mut next, iters, &mut vm)));
    g.finish();
}

fn single(c: &mut Criterion) {
    let code = [Instr::Tricks { declarer: Seat::South, strain: Strain::NoTrump }];
    group(c, "single", &code, DdMode::Single, |dds, d| i32::from(dds.tricks(d, Seat::South, Strain::NoTrump)));
}

fn target(c: &mut Criterion) {
    let code = [Instr::TricksAtLeast { declarer: Seat::South, strain: Strain::NoTrump, k: 9, count: false }];
    group(c, "target", &code, DdMode::Single, |dds, d| i32::from(dds.at_least(d, Seat::South, Strain::NoTrump, 9)));
}

/// par(NS) at all four vulnerabilities, summed, as a condition's code.
fn par_code() -> Vec<Instr> {
    let mut code = Vec::new();
    for (i, vul) in PAR_VULNERABILITIES.into_iter().enumerate() {
        code.push(Instr::Par { side: Side::NorthSouth, vul: dealvm_vm::evaluation::dd::ParVul::Given(vul) });
        if i > 0 {
            code.push(Instr::Binary { op: dealvm_vm::machine::bytecode::BinaryOp::Add, site: 0 });
        }
    }
    code.push(Instr::BinaryConst { op: dealvm_vm::machine::bytecode::BinaryOp::Ne, k: i32::MIN, site: 0 });
    code
}

/// DDS's way to par: the whole table, then par at each vulnerability.
fn par_from_table(dds: &mut Dds, d: &Deal) -> i32 {
    let t = dds.table(d);
    PAR_VULNERABILITIES.iter().map(|&v: &Vulnerability| dds.par(&t, v).score).sum()
}

fn table_par(c: &mut Criterion) {
    // One table and four par calculations, in both.
    group(c, "table_par", &par_code(), DdMode::Table, par_from_table);
}

fn par_alone(c: &mut Criterion) {
    // The engine finds par by target searches (`vm::evaluation::par_search`); `direct` is the
    // table and par, as in `table_par`.
    group(c, "par_alone", &par_code(), DdMode::ParScores, par_from_table);
}

fn leads(c: &mut Criterion) {
    let deals = deals();
    let mut g = c.benchmark_group("leads");
    g.sample_size(10).measurement_time(Duration::from_secs(20)).warm_up_time(Duration::from_secs(2));
    let mut dds = Dds::new();
    let mut next = 0;
    g.bench_function("direct", |b| {
        b.iter_custom(|iters| {
            over(&deals, &mut next, iters, |d| {
                _ = black_box(dds.leads(d, Seat::South, Strain::NoTrump).cards().map(|(_, t)| u32::from(t)).sum::<u32>())
            })
        })
    });
    let mut own = dealvm_dd::search::Search::new();
    let mut next = 0;
    g.bench_function("own", |b| {
        b.iter_custom(|iters| {
            over(&deals, &mut next, iters, |d| {
                _ = black_box(own.leads(d, Seat::South, Strain::NoTrump).cards().map(|(_, t)| u32::from(t)).sum::<u32>())
            })
        })
    });
    g.finish();
}

/// dealvm's own search ([`dealvm_dd::search::Search`], the one runs use) against DDS on
/// whole tables, each with its own solver and its memory of the deals before.
fn own_search(c: &mut Criterion) {
    let deals = deals();
    let mut g = c.benchmark_group("own_search");
    g.sample_size(10).measurement_time(Duration::from_secs(20)).warm_up_time(Duration::from_secs(2));
    let mut dds = Dds::new();
    let mut next = 0;
    g.bench_function("dds_table", |b| b.iter_custom(|iters| over(&deals, &mut next, iters, |d| _ = black_box(dds.table(d)))));
    let mut own = dealvm_dd::search::Search::new();
    let mut next = 0;
    g.bench_function("own_table", |b| b.iter_custom(|iters| over(&deals, &mut next, iters, |d| _ = black_box(own.table(d)))));
    g.finish();
}

criterion_group!(benches, single, target, table_par, par_alone, leads, own_search);
criterion_main!(benches);
