//! dealvm as a library, in a criterion benchmark: compile a Dealer script once with the front
//! door (`dealvm::Script`), then time runs of it, and check what they give back.
//!
//! The question: North opens a 15-17 notrump; how many points does South hold, and how often
//! is there a 4-4 spade fit?
//!
//! ```text
//! cargo run --release --example library -- --bench     # measure
//! cargo run --example library                         # each benchmark once, as a test
//! ```

use criterion::{BenchmarkId, Criterion, Throughput};
use dealvm::{Script, Statistic};
use std::hint::black_box;

/// The study, in the Dealer language.
const STUDY: &str = "
nt = shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17
condition nt
action average \"South's points\" hcp(south),
       average \"4-4 spade fit\" spades(north) == 4 && spades(south) == 4,
       frequency \"South's points\" (hcp(south), 0, 25)
";

/// Deals examined per timed run.
const DEALS: u64 = 200_000;

fn main() {
    let script = Script::builder().name("study.dli").compile(STUDY).unwrap_or_else(|e| panic!("{e}"));
    let results = script.run().seed(1).generate(DEALS).statistics().unwrap_or_else(|e| panic!("{e}"));
    for statistic in &results.statistics {
        if let Statistic::Average(a) = statistic {
            println!("{}: {:.3} ± {:.3}", a.label.as_deref().unwrap_or("-"), a.mean().unwrap_or(0.0), a.standard_error().unwrap_or(0.0));
        }
    }
    println!("{} of {} deals met the condition", results.produced, results.generated);

    let mut c = Criterion::default().configure_from_args();
    let mut group = c.benchmark_group("library");
    group.throughput(Throughput::Elements(DEALS));
    group.sample_size(10);
    group.bench_function("compile", |b| b.iter(|| Script::new(black_box(STUDY)).map(|s| s.values().len())));
    for threads in [1, 2] {
        group.bench_with_input(BenchmarkId::new("run", threads), &threads, |b, &threads| {
            b.iter(|| script.run().seed(1).generate(DEALS).threads(threads).statistics().map(|r| r.produced))
        });
    }
    group.finish();
    c.final_summary();
}
