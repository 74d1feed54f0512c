//! Criterion benchmarks of the hand records (`tournament::hand_records`): a session's 36 boards, solved
//! once before the timing, made into the PDF (A4, six boards a page: six pages), the HTML page
//! and the text.
//!
//! ```text
//! cargo bench --bench hand_records
//! cargo bench --bench hand_records -- hand_records/pdf
//! ```
//!
//! The PDF's time is the layout, the two fonts cut down to the glyphs used (`subsetter`), and
//! the file written (`pdf-writer`); nothing is solved.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dealvm::tournament::hand_records::{self, BoardsPerPage, Layout, Paper, Record};
use dealvm_dd::Dds;
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability};
use dealvm_vm::dealing::rng::batch_rng;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::split::RandomDealer;
use std::hint::black_box;
use std::time::Duration;

/// The boards of a session.
const BOARDS: u64 = 36;

/// The session's records, dealt and solved once.
fn session() -> Vec<Record> {
    let (dealer, mut rng, mut dds) = (RandomDealer::new(), batch_rng(36, 0), Dds::new());
    (1..=BOARDS)
        .map(|number| {
            let deal = dealer.deal_one(number, &mut rng);
            Record::solved(number, deal, board_dealer(number), board_vulnerability(number), &mut dds)
        })
        .collect()
}

fn hand_records(c: &mut Criterion) {
    let records = session();
    let layout = Layout { paper: Paper::A4, per_page: BoardsPerPage::Six, title: "Club pairs".into(), date: "27 November 2026".into() };
    let mut g = c.benchmark_group("hand_records");
    g.throughput(Throughput::Elements(BOARDS));
    g.measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_secs(1)).sample_size(30);
    g.bench_function("pdf", |b| b.iter(|| black_box(hand_records::pdf(black_box(&records), &layout).map(|pdf| pdf.len()))));
    g.bench_function("html", |b| b.iter(|| black_box(hand_records::html(black_box(&records), &layout).len())));
    g.bench_function("text", |b| b.iter(|| black_box(hand_records::text(black_box(&records), &layout).len())));
    g.finish();
}

criterion_group!(benches, hand_records);
criterion_main!(benches);
