//! Criterion benchmarks of the "real scripts" of `benches/scripts/` (the bidding-practice
//! scripts that `bench/scripts.sh` runs against Dealer), one measurement per script, so that
//! a change to the compiler or the interpreter can be measured script by script.
//!
//! ```text
//! cargo bench --bench scripts                    # every script, both groups
//! cargo bench --bench scripts -- evaluate/06     # one group, one script (both ways)
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
//!   script reads as a one-thread run does: dealing, evaluating and counting.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dealvm::compile::Compiled;
use dealvm_vm::machine::batch::{Job, Sink, Swap};
use dealvm_vm::card::Deal;
use dealvm_vm::machine::interp::{Env, Machine};
use dealvm_vm::dealing::rng::batch_rng;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::split::RandomDealer;
use dealvm_vm::evaluation::stats::Tallies;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

/// Deals per measured iteration: one batch.
const DEALS: usize = 4096;

/// The scripts, as (name, compiled program), in file-name order; `plain` as `--plain`.
fn scripts(plain: bool) -> Vec<(String, Compiled)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/scripts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("benches/scripts")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "dli"))
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
        let program = &compiled.program;
        // As a one-thread run deals: only the hands read (the scripts predeal nothing); the
        // deals printed are completed, as they are when an action prints them.
        let printed = compiled.actions.iter().any(|a| a.needs_deal());
        let dealer = RandomDealer::reading(program.seats_dealt_first(), printed);
        let job = Job {
            program,
            tables: &compiled.tables,
            source: &dealer,
            routine: compiled.routine,
            swap: Swap::None,
            seed: 1,
            generate: u64::MAX,
        };
        let whole = Tallies::new(compiled.tallies.clone());
        let mut vm = Machine::new(program);
        let mut k = 0;
        g.bench_function(BenchmarkId::from_parameter(&name), |b| {
            b.iter(|| {
                let mut sink = whole.for_batch();
                k += 1;
                let end = job.run_batch(k, u64::MAX, 0, &mut vm, &mut sink);
                black_box((end.produced, sink))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, evaluate, batch);
criterion_main!(benches);
