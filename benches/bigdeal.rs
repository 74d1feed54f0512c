//! Criterion benchmarks of Big Deal's construction (`tournament::bigdeal`): the deals of one
//! stream, one after the other on one thread, and their two parts, the hashing that draws a
//! number and the numbering that turns it into a deal.
//!
//! ```text
//! cargo bench --bench bigdeal
//! ```
//!
//! Throughput is in deals: criterion's "elem/s" is deals a second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dealvm::tournament::bigdeal::{deal_of, owner_hash, parse_hash, BigDeal, DEFAULT_OWNER};
use std::hint::black_box;
use std::time::Duration;

/// Deals per measured iteration.
const N: u64 = 1000;

/// The stream of bigdealx's `-h 0123456789abcdef0123456789abcdef01234567`, default owner.
fn stream() -> BigDeal {
    let seed = parse_hash("0123456789abcdef0123456789abcdef01234567").expect("40 hexadecimal digits");
    BigDeal::new(seed, owner_hash(DEFAULT_OWNER))
}

fn bigdeal(c: &mut Criterion) {
    let mut g = c.benchmark_group("bigdeal");
    g.throughput(Throughput::Elements(N));
    g.measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1)).sample_size(20);
    let mut deals = stream();
    g.bench_function("next_deal", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for _ in 0..N {
                let d = deals.next_deal();
                acc ^= d.hands[0].0 ^ d.hands[1].0.rotate_left(7) ^ d.hands[2].0.rotate_left(13) ^ d.hands[3].0.rotate_left(29);
            }
            black_box(acc)
        })
    });
    let mut numbers = stream();
    g.bench_function("next_number", |b| {
        b.iter(|| {
            let mut acc = 0u128;
            for _ in 0..N {
                acc ^= numbers.next_number();
            }
            black_box(acc)
        })
    });
    let mut drawn = stream();
    let fixed: Vec<u128> = (0..N).map(|_| drawn.next_number()).collect();
    g.bench_function("deal_of", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &n in &fixed {
                acc ^= deal_of(black_box(n)).hands[0].0;
            }
            black_box(acc)
        })
    });
    g.finish();
}

criterion_group!(benches, bigdeal);
criterion_main!(benches);
