//! Criterion benchmarks of the engine, embedding the `vm` crate directly (no parser).
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dealvm_vm::card::Seat;
use dealvm_vm::deal::{batch_rng, Dealer};
use dealvm_vm::tables::{PointCounts, TableId, Tables};
use std::hint::black_box;

/// Folds a deal into an accumulator so the optimiser keeps all four hands.
fn fold(acc: u64, d: &dealvm_vm::card::Deal) -> u64 {
    acc ^ d.hands[0].0 ^ d.hands[1].0.rotate_left(7) ^ d.hands[2].0.rotate_left(13) ^ d.hands[3].0.rotate_left(29)
}

fn dealing(c: &mut Criterion) {
    let mut g = c.benchmark_group("dealing");
    g.throughput(Throughput::Elements(1000));
    let dealer = Dealer::unconstrained();
    let mut rng = batch_rng(1, 0);
    g.bench_function("deal 1000", |b| {
        b.iter(|| {
            let mut acc = 0;
            for _ in 0..1000 {
                acc = fold(acc, &dealer.deal(&mut rng));
            }
            black_box(acc)
        })
    });
    let tables = Tables::new(&PointCounts::default());
    g.bench_function("deal+hcp 1000", |b| {
        b.iter(|| {
            let mut acc = 0i64;
            for _ in 0..1000 {
                let d = dealer.deal(&mut rng);
                acc += tables.hand(TableId::HCP, d.hand(Seat::North)) as i64;
            }
            black_box(acc)
        })
    });
    g.finish();
}

criterion_group!(benches, dealing);
criterion_main!(benches);
