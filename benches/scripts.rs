//! Criterion benchmarks of the "real scripts" of `tests/data/scripts/` (the bidding-practice
//! scripts that `comparisons/scripts.sh` runs against Dealer), one measurement per script, so that
//! a change to the compiler or the interpreter can be measured script by script.
//!
//! ```text
//! cargo bench --bench scripts                    # every script, every group
//! cargo bench --bench scripts -- evaluate/06     # one group, one script (both ways)
//! cargo bench --bench scripts -- blocks/c04      # a user-style script over blocks and not
//! ```
//!
//! Each script is parsed and compiled once through the library (as the command does), then:
//!
//! - `evaluate`: its deal routine runs on the same 4096 whole deals, dealt once beforehand,
//!   and the values of each produced deal go to the statistics (`average`, `frequency`) as
//!   in a run: the interpreter alone, nothing dealt while measuring. Each script twice:
//!   `compiled` as the command compiles it (tables for one-suit and one-shape parts, joined
//!   chains and sums, variables read in one place compiled there, superinstructions) and
//!   `plain` as `--plain` does (every expression as written), so the rewrites are measured
//!   script by script;
//! - `batch`: one whole batch of 4096 deals through `Job::run_batch`, dealing the hands the
//!   script reads as a one-thread run does: dealing, evaluating and counting;
//! - `blocks`: the same for the user-style scripts of kinds b and c (`tests/data/users/`, dealt
//!   at random: a predeal is left out) and for T1 (`comparisons/compare.sh`), each script twice:
//!   its deal routine over blocks of deals (`vm::machine::block`) and one deal at a time,
//!   which a thread otherwise chooses between by measuring its first blocks.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dealvm::compile::Compiled;
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::rng::batch_rng;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::split::RandomDealer;
use dealvm_vm::evaluation::stats::Tallies;
use dealvm_vm::machine::batch::{Job, Sink, Swap};
use dealvm_vm::machine::block::{Choice, Way};
use dealvm_vm::machine::interp::{Env, Machine};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

/// Deals per measured iteration: one batch.
const DEALS: usize = 4096;

/// The scripts, as (name, compiled program), in file-name order; `plain` as `--plain`.
fn scripts(plain: bool) -> Vec<(String, Compiled)> {
    scripts_in("tests/data/scripts", "", plain)
}

/// The scripts of a folder of the repository whose names start with one of `kinds` (any
/// name when it is empty), compiled, in file-name order.
fn scripts_in(folder: &str, kinds: &str, plain: bool) -> Vec<(String, Compiled)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("a folder of scripts")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "dli"))
        .filter(|p| kinds.is_empty() || p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(|c| kinds.contains(c))))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path.file_stem().expect("a file name").to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("a readable script");
            (name.clone(), compile_script(&name, &text, plain))
        })
        .collect()
}

/// Compiles a script's text through the library's front door, as the command does (no
/// switches, no script variables).
fn compile_script(name: &str, text: &str, plain: bool) -> Compiled {
    let script = dealvm::Script::builder().name(name).plain(plain).compile(text).unwrap_or_else(|e| panic!("{e}"));
    script.into_compiled()
}

/// Configures a group for 15 scripts: few samples, short measurements.
fn configure(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_millis(1500));
    g.throughput(Throughput::Elements(DEALS as u64));
}

fn evaluate(c: &mut Criterion) {
    let dealer = RandomDealer::new();
    let mut rng = batch_rng(7, 0);
    let deals: Vec<Deal> = (0..DEALS).map(|_| dealer.deal_one(0, &mut rng)).collect();
    let mut g = c.benchmark_group("evaluate");
    configure(&mut g);
    let mut runs: Vec<(String, &str, Compiled)> = scripts(false).into_iter().map(|(n, c)| (n, "compiled", c)).collect();
    runs.extend(scripts(true).into_iter().map(|(n, c)| (n, "plain", c)));
    // Script by script, compiled before plain (the sort is stable).
    runs.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, how, compiled) in runs {
        let program = &compiled.program;
        let whole = Tallies::new(compiled.tallies.clone());
        let mut vm = Machine::new(program);
        let mut values = vec![0i32; program.value_slots];
        let mut rng = batch_rng(1, 1);
        g.bench_function(BenchmarkId::new(&name, how), |b| {
            b.iter(|| {
                let mut sink = whole.for_batch();
                let mut produced = 0u64;
                for (i, deal) in deals.iter().enumerate() {
                    vm.next_deal();
                    let mut env = Env { deal, tables: &compiled.tables, rng: &mut rng, produced, values: &mut values, rest: None };
                    if vm.run(program, compiled.routine, &mut env).expect("no division by zero") != 0 {
                        sink.produced(i as u32, deal, &values);
                        produced += 1;
                    }
                }
                black_box((produced, sink))
            })
        });
    }
    g.finish();
}

fn batch(c: &mut Criterion) {
    let mut g = c.benchmark_group("batch");
    configure(&mut g);
    for (name, compiled) in scripts(false) {
        // The scripts predeal nothing; the thread chooses blocks or not, as in a run.
        batch_run(&mut g, BenchmarkId::from_parameter(&name), &compiled, None);
    }
    g.finish();
}

/// T1 of `comparisons/compare.sh`: every deal produced, the average of north's points.
const T1: &str = "condition hcp(north)>=0\naction average hcp(north)\n";

/// A whole batch of a script's deals dealt as a one-thread run deals them (the hands the
/// script reads first, completed for the deals printed), run the given way.
fn batch_run(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>, id: BenchmarkId, compiled: &Compiled, way: Option<Way>) {
    let program = &compiled.program;
    let printed = compiled.actions.iter().any(|a| a.needs_deal());
    let dealer = RandomDealer::reading(program.seats_dealt_first(), printed);
    let job = Job { program, tables: &compiled.tables, source: &dealer, routine: compiled.routine, swap: Swap::None, seed: 1, generate: u64::MAX };
    let whole = Tallies::new(compiled.tallies.clone());
    let mut vm = Machine::new(program);
    if let (Some(block), Some(way)) = (&mut vm.block, way) {
        block.choice = Choice::fixed(way);
    }
    let mut k = 0;
    g.bench_function(id, |b| {
        b.iter(|| {
            let mut sink = whole.for_batch();
            k += 1;
            let end = job.run_batch(k, u64::MAX, 0, &mut vm, &mut sink);
            black_box((end.produced, sink))
        })
    });
}

fn blocks(c: &mut Criterion) {
    let mut g = c.benchmark_group("blocks");
    configure(&mut g);
    let mut runs = scripts_in("tests/data/users", "bc", false);
    runs.push(("T1".to_string(), compile_script("T1", T1, false)));
    for (name, compiled) in runs {
        assert!(compiled.program.blocks, "{name} runs over blocks");
        for (how, way) in [("blocks", Way::Blocks), ("per-deal", Way::PerDeal)] {
            batch_run(&mut g, BenchmarkId::new(&name, how), &compiled, Some(way));
        }
    }
    g.finish();
}

criterion_group!(benches, evaluate, batch, blocks);
criterion_main!(benches);
