//! Criterion benchmarks of the output: each per-deal printer on the same 1000 deals, written
//! into one byte buffer emptied after each deal (as a run prints them), and the 2-D
//! frequency report of a table of a million cells.
//!
//! ```text
//! cargo bench --bench printers                   # everything
//! cargo bench --bench printers -- printers/pbn   # one printer
//! ```
//!
//! Groups: `printers` (`printall`, `printew`, a row of `print(compass)`, `printoneline`,
//! `printcompact`, `printpbn`, a `csvrpt` line, an `export` line, and a game of the `--pbn`
//! file), `reports` (the 2-D `frequency` and `bktfreq` reports of 1000 × 1000 cells).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dealvm::compile::CsvPart;
use dealvm::formats::pbn::PbnWriter;
use dealvm::report::{layout, stats};
use dealvm_vm::card::{Deal, Seat, Side};
use dealvm_vm::dealing::rng::batch_rng;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::split::RandomDealer;
use dealvm_vm::evaluation::stats::{Buckets, TallyAxis};
use std::hint::black_box;
use std::io;

/// Deals per measured iteration.
const N: u64 = 1000;

/// The deals every printer prints, dealt once.
fn sample_deals() -> Vec<Deal> {
    let dealer = RandomDealer::new();
    let mut rng = batch_rng(7, 0);
    (0..N).map(|_| dealer.deal_one(0, &mut rng)).collect()
}

/// Times `print` on each sample deal with its board number, the buffer emptied after each.
fn bench_printer(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    deals: &[Deal],
    print: impl Fn(&mut Vec<u8>, u64, &Deal),
) {
    let mut buf = Vec::with_capacity(4096);
    g.bench_function(name, |b| {
        b.iter(|| {
            let mut bytes = 0;
            for (i, deal) in deals.iter().enumerate() {
                buf.clear();
                print(&mut buf, i as u64 + 1, deal);
                bytes += buf.len();
            }
            black_box(bytes)
        })
    });
}

fn printers(c: &mut Criterion) {
    let deals = sample_deals();
    let mut g = c.benchmark_group("printers");
    g.throughput(Throughput::Elements(N));
    bench_printer(&mut g, "printall", &deals, layout::printall);
    bench_printer(&mut g, "printew", &deals, |buf, board, deal| layout::printside(buf, board, deal, Side::EastWest));
    let kept: Vec<(u64, Deal)> = deals.iter().enumerate().map(|(i, d)| (i as u64 + 1, *d)).collect();
    bench_printer(&mut g, "print(north) row", &deals, |buf, board, _| {
        let at = (board as usize - 1) / 4 * 4;
        layout::hands_row(buf, &kept[at..(at + 4).min(kept.len())], Seat::North)
    });
    bench_printer(&mut g, "printoneline", &deals, |buf, _, deal| layout::oneline(buf, deal));
    bench_printer(&mut g, "printcompact", &deals, |buf, _, deal| layout::compact(buf, deal));
    let head = layout::pbn_head("bench.dli", 1, None);
    bench_printer(&mut g, "printpbn", &deals, |buf, board, deal| layout::pbn(buf, &head, board, deal, None, None));
    let parts = [CsvPart::Value(0), CsvPart::Text("t".into()), CsvPart::Hands(vec![Seat::North, Seat::South])];
    bench_printer(&mut g, "csvrpt", &deals, |buf, board, deal| layout::csv_line(buf, &parts, deal, &[board as i32]));
    bench_printer(&mut g, "export", &deals, |buf, _, deal| layout::export_line(buf, &Seat::ALL, deal));
    let mut writer = PbnWriter::new("bench", "");
    g.bench_function("--pbn file", |b| {
        b.iter(|| {
            for (i, deal) in deals.iter().enumerate() {
                writer.game(&mut io::sink(), i as u64 + 1, deal, None, None, None).expect("a sink takes everything");
            }
        })
    });
    g.finish();
}

fn reports(c: &mut Criterion) {
    const SIDE: i32 = 1000;
    let cells = ((SIDE + 2) * (SIDE + 2)) as usize;
    let counts: Vec<u64> = (0..cells as u64).map(|i| i.wrapping_mul(2654435761) % 100_000).collect();
    let mut g = c.benchmark_group("reports");
    g.throughput(Throughput::Elements(cells as u64));
    g.sample_size(10);
    let (x, y) = (TallyAxis { value: 0, low: 1, high: SIDE }, TallyAxis { value: 1, low: -SIDE, high: -1 });
    g.bench_function("frequency 2-D", |b| {
        b.iter(|| stats::frequency2(&mut io::sink(), Some("f"), &x, &y, &counts).expect("a sink takes everything"))
    });
    let (bx, by) = (Buckets { value: 0, low: 0, high: 2 * (SIDE - 1), size: 2 }, Buckets { value: 1, low: 0, high: SIDE - 1, size: 1 });
    g.bench_function("bktfreq 2-D", |b| b.iter(|| stats::buckets2(&mut io::sink(), Some("b"), &bx, &by, &counts).expect("a sink takes everything")));
    g.finish();
}

criterion_group!(benches, printers, reports);
criterion_main!(benches);
