//! Criterion benchmarks of the engine. They embed the `vm` crate directly: no parser, no
//! process. Every deal dealt is folded into the result so the optimiser cannot drop hands.
//!
//! ```text
//! cargo bench --bench engine                 # everything
//! cargo bench --bench engine -- dealing      # one group
//! ```
//!
//! Groups: `dealing` (nothing predealt, by suit splits; only the hands read: north alone,
//! north and south, and north alone by Floyd's algorithm for comparison;
//! cards predealt, by Floyd's algorithm; a suit-length predeal), `count` (each counting
//! function over all four hands), `opc` (the Optimal Point Count of both sides of a deal),
//! `shape` (one 560-bit set test), `condition` (T2 of
//! `comparisons/compare.sh`, with the range test the compiler makes and with the two comparisons
//! it replaces), `batch` (a whole batch of 4096 deals through `Job::run_batch`, T1 and T2,
//! dealing the hands they read or whole deals), `exact` (the exact dealer of rare conditions:
//! set-up, then deals, for T3, a 28+ 4333 hand, and points with a long suit), `classic`
//! (classic Dealer's deals, `--classic`: one after the other by `ClassicDealer::next_deal`,
//! and a batch of 4096 on the places, its draws alone (the sequential step) and the rest).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use dealvm_vm::card::{Card, Deal, Hand, Seat, Seats, Side, Suit};
use dealvm_vm::dealing::classic::draws::Draws;
use dealvm_vm::dealing::classic::shuffles::{next_pack, PackCards, Shuffles};
use dealvm_vm::dealing::classic::{ClassicBuild, ClassicDealer, ClassicSwap};
use dealvm_vm::dealing::deal::PredealDealer;
use dealvm_vm::dealing::exact::{ExactDealer, SeatRule};
use dealvm_vm::dealing::partial::Floyd;
use dealvm_vm::dealing::rng::batch_rng;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::split::RandomDealer;
use dealvm_vm::evaluation::opc::side_opc;
use dealvm_vm::evaluation::shape::{Distribution, ShapeSet};
use dealvm_vm::evaluation::stats::{Tallies, TallySpec};
use dealvm_vm::evaluation::tables::{PointCounts, TableId, Tables};
use dealvm_vm::machine::assembler::Assembler;
use dealvm_vm::machine::batch::{Job, Swap};
use dealvm_vm::machine::bytecode::{BinaryOp, Instr};
use dealvm_vm::machine::interp::{Env, Machine};
use dealvm_vm::machine::program::Program;
use std::hint::black_box;

/// Deals per measured iteration in the per-deal groups.
const N: u64 = 1000;

/// Folds a deal into an accumulator, so that every hand is used.
fn fold(acc: u64, d: &Deal) -> u64 {
    acc ^ d.hands[0].0 ^ d.hands[1].0.rotate_left(7) ^ d.hands[2].0.rotate_left(13) ^ d.hands[3].0.rotate_left(29)
}

/// A hand from holdings such as `["SAKQ", "HJ"]`.
fn hand(holdings: &[&str]) -> Hand {
    let mut h = Hand::EMPTY;
    for text in holdings {
        let suit = &text[..1];
        for rank in text[1..].chars() {
            h = h.with(Card::parse(&format!("{rank}{suit}")).expect("a card"));
        }
    }
    h
}

/// Deals made once, for the groups that measure evaluation only.
fn sample_deals() -> Vec<Deal> {
    let dealer = RandomDealer::new();
    let mut rng = batch_rng(7, 0);
    (0..N).map(|_| dealer.deal_one(0, &mut rng)).collect()
}

fn dealing(c: &mut Criterion) {
    let mut g = c.benchmark_group("dealing");
    g.throughput(Throughput::Elements(N));
    let e = Hand::EMPTY;
    let mut lengths = [[None; 4]; 4];
    lengths[Seat::West as usize][Suit::Spades as usize] = Some(7);
    bench_dealer(&mut g, "nothing predealt", &RandomDealer::new());
    // Only the hands a program reads (nothing predealt).
    bench_dealer(&mut g, "north alone", &RandomDealer::reading(Seats::of(Seat::North), false));
    // North's top four ranks alone: what `hcp(north)` reads.
    bench_dealer(&mut g, "north's honours alone", &RandomDealer::reading_top(Seat::North, 4, false));
    bench_dealer(&mut g, "north and south", &RandomDealer::reading(Seats::of(Seat::North).with(Seat::South), false));
    // The alternative for one hand: Floyd's algorithm, 13 of 52.
    let floyd = Floyd::new(52, 13);
    let mut rng = batch_rng(1, 0);
    g.bench_function("north alone by Floyd", |b| {
        b.iter(|| {
            let mut acc = 0;
            for _ in 0..N {
                // Positions 0..52 to cards: 13 per suit.
                let x = floyd.draw(&mut rng);
                acc ^= (x & 0x1FFF) | (x >> 13 & 0x1FFF) << 16 | (x >> 26 & 0x1FFF) << 32 | (x >> 39) << 48;
            }
            black_box(acc)
        })
    });
    let dealers = [
        ("one card predealt", PredealDealer::new([hand(&["SA"]), e, e, e]).expect("a predeal")),
        // Floyd's algorithm for every hand: no hand is empty to split the cards left.
        ("a card of each hand predealt", PredealDealer::new([hand(&["SA"]), hand(&["HA"]), hand(&["DA"]), hand(&["CA"])]).expect("a predeal")),
        ("north predealt", PredealDealer::new([hand(&["SAKT9", "HQ3", "DJ976", "CK82"]), e, e, e]).expect("a predeal")),
        ("twelve of north's predealt", PredealDealer::new([hand(&["SAKT9", "HQ3", "DJ97", "CK82"]), e, e, e]).expect("a predeal")),
        ("spades(west)==7", PredealDealer::with_lengths([e; 4], &lengths).expect("a predeal")),
    ];
    for (name, dealer) in dealers {
        bench_dealer(&mut g, name, &dealer);
    }
    g.finish();
}

/// Measures dealing `N` deals from `dealer`.
fn bench_dealer(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>, name: &str, dealer: &impl DealSource) {
    let mut rng = batch_rng(1, 0);
    g.bench_function(name, |b| {
        b.iter(|| {
            let mut acc = 0;
            for _ in 0..N {
                acc = fold(acc, &dealer.deal_one(0, &mut rng));
            }
            black_box(acc)
        })
    });
}

fn counting(c: &mut Criterion) {
    let deals = sample_deals();
    let tables = Tables::new(&PointCounts::default());
    let mut g = c.benchmark_group("count");
    g.throughput(Throughput::Elements(N * 4));
    let ids = (0..11).map(TableId).chain([TableId::CONTROLS, TableId::LOSERS, TableId::LTC, TableId::QUALITY]);
    for id in ids {
        g.bench_function(BenchmarkId::from_parameter(id.name()), |b| {
            b.iter(|| {
                let mut acc = 0i32;
                for d in &deals {
                    for h in d.hands {
                        acc = acc.wrapping_add(tables.hand(id, h));
                    }
                }
                black_box(acc)
            })
        });
    }
    g.bench_function("cccc", |b| b.iter(|| deals.iter().flat_map(|d| d.hands).fold(0i32, |acc, h| acc.wrapping_add(tables.cccc(h)))));
    g.bench_function("length", |b| b.iter(|| deals.iter().flat_map(|d| d.hands).fold(0u32, |acc, h| acc + h.len(Suit::Hearts))));
    g.finish();
}

/// `opc` of both sides of each deal: the Optimal Point Count in all strains (what one
/// `opc(side, ...)` question costs a deal; the other strains then come from the cache).
fn opc(c: &mut Criterion) {
    let deals = sample_deals();
    let mut g = c.benchmark_group("opc");
    g.throughput(Throughput::Elements(N * 2));
    g.bench_function("both sides", |b| {
        b.iter(|| {
            deals.iter().fold(0i32, |acc, d| {
                let ns = side_opc(d, Side::NorthSouth, Seat::West).longest;
                acc.wrapping_add(ns).wrapping_add(side_opc(d, Side::EastWest, Seat::West).strains[4])
            })
        })
    });
    g.finish();
}

/// `shape(north, any 4333 + any 4432 + any 5332)` as a shape set.
fn balanced() -> ShapeSet {
    let mut set = ShapeSet::empty();
    for pattern in ["4333", "4432", "5332"] {
        let d = Distribution::parse(pattern, true).expect("a distribution");
        set.union_with(&d.shapes().expect("shapes"));
    }
    set
}

fn shape(c: &mut Criterion) {
    let deals = sample_deals();
    let set = balanced();
    let mut g = c.benchmark_group("shape");
    g.throughput(Throughput::Elements(N * 4));
    g.bench_function("any 4333 + any 4432 + any 5332", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for d in &deals {
                for h in d.hands {
                    n += u32::from(set.contains(dealvm_vm::evaluation::shape::shape_index_of(h)));
                }
            }
            black_box(n)
        })
    });
    g.finish();
}

/// The deal routine of T2: `shape(north, any 4333 + any 4432 + any 5332) and hcp(north) >= 15
/// and hcp(north) <= 17 and hearts(south) >= 5`, with one range test or two comparisons.
fn t2_program(range_test: bool) -> (Program, usize) {
    let mut asm = Assembler::new();
    let set = asm.shape_set(&balanced()).expect("room for a set");
    asm.begin_entry("deal");
    asm.emit(Instr::Shape { seat: Seat::North, set });
    let mut jumps = vec![asm.emit(Instr::AndThen(0))];
    let hcp = Instr::HandCount { table: TableId::HCP, seat: Seat::North };
    asm.emit(hcp);
    if range_test {
        asm.emit(Instr::InRange { low: 15, high: 17 });
    } else {
        asm.emit(Instr::BinaryConst { op: BinaryOp::Ge, k: 15, site: 0 });
        jumps.push(asm.emit(Instr::AndThen(0)));
        asm.emit(hcp);
        asm.emit(Instr::BinaryConst { op: BinaryOp::Le, k: 17, site: 0 });
    }
    jumps.push(asm.emit(Instr::AndThen(0)));
    asm.emit(Instr::Length { seat: Seat::South, suit: Suit::Hearts });
    asm.emit(Instr::BinaryConst { op: BinaryOp::Ge, k: 5, site: 0 });
    let end = asm.here();
    for j in jumps {
        asm.patch(j, end);
    }
    let entry = asm.end_entry();
    (asm.finish().expect("a valid program"), entry)
}

/// T1's deal routine: `hcp(north)` stored for `average`, every deal produced.
fn t1_program() -> (Program, usize) {
    let mut asm = Assembler::new();
    asm.begin_entry("deal");
    asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::North });
    asm.emit(Instr::Store(0));
    asm.emit(Instr::Produce);
    let entry = asm.end_entry();
    (asm.finish().expect("a valid program"), entry)
}

fn condition(c: &mut Criterion) {
    let deals = sample_deals();
    let tables = Tables::new(&PointCounts::default());
    let mut g = c.benchmark_group("condition");
    g.throughput(Throughput::Elements(N));
    for (name, range_test) in [("T2 with a range test", true), ("T2 with two comparisons", false)] {
        let (program, entry) = t2_program(range_test);
        let mut vm = Machine::new(&program);
        let mut rng = batch_rng(1, 1);
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut produced = 0;
                for d in &deals {
                    vm.next_deal();
                    let mut env = Env { deal: d, tables: &tables, rng: &mut rng, produced: 0, values: &mut [], rest: None };
                    produced += vm.run(&program, entry, &mut env).expect("no division") as u32;
                }
                black_box(produced)
            })
        });
    }
    g.finish();
}

fn batch(c: &mut Criterion) {
    let tables = Tables::new(&PointCounts::default());
    let whole = RandomDealer::new();
    let mut g = c.benchmark_group("batch");
    g.throughput(Throughput::Elements(Swap::None.batch_len()));
    let (t1, t1_entry) = t1_program();
    let (t2, t2_entry) = t2_program(true);
    // As a run deals them: only the hands the program reads (T1 north's, T2 north's and
    // south's), and whole deals for comparison.
    let read = |p: &Program| RandomDealer::reading(p.seats_dealt_first(), false);
    for (name, program, routine, tallies, dealer) in [
        ("T1: average hcp(north)", &t1, t1_entry, vec![TallySpec::Average { value: 0 }], read(&t1)),
        ("T1: north's honours", &t1, t1_entry, vec![TallySpec::Average { value: 0 }], RandomDealer::reading_top(Seat::North, 4, false)),
        ("T1, whole deals", &t1, t1_entry, vec![TallySpec::Average { value: 0 }], whole),
        ("T2: a 15-17 balanced north", &t2, t2_entry, vec![], read(&t2)),
        ("T2, whole deals", &t2, t2_entry, vec![], whole),
    ] {
        let job = Job { program, tables: &tables, source: &dealer, routine, swap: Swap::None, seed: 1, generate: u64::MAX };
        let mut vm = Machine::new(program);
        let mut k = 0;
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut sink = Tallies::new(tallies.clone());
                k += 1;
                let end = job.run_batch(k, u64::MAX, 0, &mut vm, &mut sink);
                black_box((end.produced, sink))
            })
        });
    }
    g.finish();
}

/// The rules of three rare conditions, as the compiler extracts them.
fn exact_rules() -> Vec<(&'static str, [Option<SeatRule>; 4])> {
    let any = SeatRule::any;
    let lengths = |f: fn([u8; 4]) -> bool| ShapeSet::from_fn(f);
    let mut t3: [Option<SeatRule>; 4] = Default::default();
    t3[Seat::West as usize] = Some(SeatRule { shapes: lengths(|[s, ..]| s == 9), ..any() });
    t3[Seat::East as usize] = Some(SeatRule { shapes: lengths(|[_, _, d, c]| d == 6 && c == 6), ..any() });
    let mut strong: [Option<SeatRule>; 4] = Default::default();
    let flat = lengths(|l| l.iter().all(|&x| x == 3 || x == 4));
    strong[Seat::North as usize] = Some(SeatRule { shapes: flat, points: (28, 40), ..any() });
    let mut two: [Option<SeatRule>; 4] = Default::default();
    two[Seat::North as usize] = Some(SeatRule { points: (20, 40), ..any() });
    // Points on both seats need more states than the budget: the run counts one seat's.
    two[Seat::South as usize] = Some(SeatRule { shapes: lengths(|[_, h, ..]| h >= 6), ..any() });
    vec![("T3 lengths, two seats", t3), ("28+ 4333", strong), ("points and a long suit", two)]
}

fn exact(c: &mut Criterion) {
    let mut g = c.benchmark_group("exact");
    g.sample_size(10);
    let hcp = PointCounts::default().hcp;
    for (name, rules) in exact_rules() {
        g.throughput(Throughput::Elements(1));
        g.bench_function(format!("set-up: {name}"), |b| {
            b.iter(|| black_box(ExactDealer::new([Hand::EMPTY; 4], &rules, &hcp).expect("countable").deals()))
        });
        g.throughput(Throughput::Elements(N));
        let dealer = ExactDealer::new([Hand::EMPTY; 4], &rules, &hcp).expect("countable");
        bench_dealer(&mut g, name, &dealer);
    }
    g.finish();
}

fn classic(c: &mut Criterion) {
    const DEALS: usize = 4096;
    let mut g = c.benchmark_group("classic");
    g.throughput(Throughput::Elements(DEALS as u64));
    let mut dealer = ClassicDealer::new(ClassicBuild::Debian, 1, [&[]; 4], ClassicSwap::None);
    g.bench_function("one after the other", |b| b.iter(|| black_box((0..DEALS).fold(0, |acc, _| fold(acc, &dealer.next_deal())))));
    let (shuffling, mut pack) = (*dealer.shuffling(), dealer.pack());
    let mut draws = Draws::at(dealer.draw_state());
    let mut shuffles = Shuffles::default();
    let mut first = 0;
    g.bench_function("a batch's draws", |b| {
        b.iter(|| {
            shuffles.draw(&shuffling, &mut draws, first, DEALS);
            first += DEALS as u64;
        })
    });
    g.bench_function("a batch on the places, then its cards", |b| {
        b.iter(|| {
            shuffles.shuffle(&shuffling, 0, DEALS, true);
            let cards = PackCards::new(&pack);
            let acc = shuffles.from_words().iter().fold(0, |acc, w| acc ^ cards.cards(w[0]) ^ cards.cards(w[1]).rotate_left(7));
            pack = next_pack(&pack, shuffles.sigma());
            black_box(acc)
        })
    });
    g.finish();
}

criterion_group!(benches, dealing, counting, opc, shape, condition, batch, exact, classic);
criterion_main!(benches);
