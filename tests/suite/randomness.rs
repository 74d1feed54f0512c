//! Randomness: dealing is exactly uniform among the deals consistent with the predeal.
//!
//! Chi-square tests at fixed seeds compare observed frequencies with exact probabilities
//! (hypergeometric suit lengths, HCP distributions counted by dynamic programming, shapes by
//! multinomial counting), with and without predealt cards, through the engine and the binary.

use crate::common::dealvm_stdin;
use dealvm_vm::card::Deal;
use dealvm_vm::card::{Card, Hand, Seat, Suit, ALL_CARDS};
use dealvm_vm::dealing::deal::PredealDealer;
use dealvm_vm::dealing::rng::{batch_rng, below, DealRng};
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::split::RandomDealer;
use dealvm_vm::evaluation::shape::{shape_index_of, NUM_SHAPES, SHAPES};

/// `C(n, k)` exactly.
pub(crate) fn choose(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

/// `ln Γ(x)` (Lanczos approximation), for the chi-square tail.
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 6] = [
        76.180_091_729_471_46,
        -86.505_320_329_416_77,
        24.014_098_240_830_91,
        -1.231_739_572_450_155,
        0.001_208_650_973_866_179,
        -0.000_005_395_239_384_953,
    ];
    let tmp = x + 5.5 - (x + 0.5) * (x + 5.5).ln();
    let ser = G.iter().enumerate().fold(1.000_000_000_190_015, |s, (j, g)| s + g / (x + 1.0 + j as f64));
    -tmp + (2.506_628_274_631_000_5 * ser / x).ln()
}

/// The regularised upper incomplete gamma function `Q(a, x)`.
pub(crate) fn gamma_q(a: f64, x: f64) -> f64 {
    if x < a + 1.0 {
        // Series for P(a, x).
        let (mut sum, mut term, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..10_000 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        1.0 - sum * (-x + a * x.ln() - ln_gamma(a)).exp()
    } else {
        // Continued fraction (modified Lentz).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            d = if d.abs() < tiny { tiny } else { d };
            c = b + an / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (-x + a * x.ln() - ln_gamma(a)).exp() * h
    }
}

/// The chi-square p-value of observed counts against probabilities; cells expecting fewer
/// than 5 are pooled.
pub(crate) fn chi_square_p(observed: &[u64], probs: &[f64]) -> f64 {
    let n: u64 = observed.iter().sum();
    let mut cells: Vec<(f64, f64)> = Vec::new();
    let (mut pool_o, mut pool_e) = (0.0, 0.0);
    for (&o, &p) in observed.iter().zip(probs) {
        let e = p * n as f64;
        if e < 5.0 {
            pool_o += o as f64;
            pool_e += e;
        } else {
            cells.push((o as f64, e));
        }
    }
    // The pooled cells make a cell of their own when they expect 5 or more; else they join the
    // last cell (a cell expecting less than 5 would make the statistic's law far from the
    // chi-square's: six ten-card suits where 0.8 are expected gave p = 4e-6).
    match cells.last_mut() {
        Some(last) if pool_e > 0.0 && pool_e < 5.0 => {
            last.0 += pool_o;
            last.1 += pool_e;
        }
        _ if pool_e > 0.0 => cells.push((pool_o, pool_e)),
        _ => {}
    }
    assert!(cells.len() >= 2, "enough cells for a chi-square test");
    let stat: f64 = cells.iter().map(|(o, e)| (o - e) * (o - e) / e).sum();
    let df = (cells.len() - 1) as f64;
    gamma_q(df / 2.0, stat / 2.0)
}

/// Asserts a chi-square test passes at a strict level (the seeds are fixed).
pub(crate) fn assert_fits(what: &str, observed: &[u64], probs: &[f64]) {
    let total: f64 = probs.iter().sum();
    assert!((total - 1.0).abs() < 1e-9, "{what}: probabilities add up to {total}");
    let p = chi_square_p(observed, probs);
    assert!(p > 1e-4, "{what}: chi-square p-value {p:.2e} (observed {observed:?})");
}

/// The HCP (4-3-2-1) of a card.
pub(crate) fn card_hcp(c: Card) -> usize {
    c.rank().saturating_sub(8) as usize
}

/// Exact distribution of the HCP of `fixed` plus a uniform `k`-subset of `free`.
pub(crate) fn hcp_distribution(fixed: Hand, free: u64, k: usize) -> Vec<f64> {
    let base: usize = fixed.cards().map(card_hcp).sum();
    // ways[j][s]: j cards chosen with s points.
    let mut ways = vec![vec![0u128; 41]; k + 1];
    ways[0][0] = 1;
    for c in Hand(free).cards() {
        let v = card_hcp(c);
        for j in (1..=k).rev() {
            for s in (v..=40).rev() {
                ways[j][s] += ways[j - 1][s - v];
            }
        }
    }
    let total = choose(free.count_ones() as u64, k as u64) as f64;
    let mut probs = vec![0.0; 41];
    for s in 0..=40 {
        if ways[k][s] > 0 {
            probs[s + base] = ways[k][s] as f64 / total;
        }
    }
    probs
}

/// Exact distribution of a seat's length in `suit` given its fixed cards and `k` random ones.
pub(crate) fn length_distribution(fixed: Hand, free: u64, k: usize, suit: Suit) -> Vec<f64> {
    let in_suit = Hand(free).len(suit) as u64;
    let n = free.count_ones() as u64;
    let total = choose(n, k as u64) as f64;
    let mut probs = vec![0.0; 14];
    for l in 0..=in_suit.min(k as u64) {
        let ways = choose(in_suit, l) * choose(n - in_suit, k as u64 - l);
        probs[fixed.len(suit) as usize + l as usize] = ways as f64 / total;
    }
    probs
}

/// A hand from holdings such as `["SAKQ", "HJ"]`.
pub(crate) fn hand(holdings: &[&str]) -> Hand {
    let mut h = Hand::EMPTY;
    for text in holdings {
        let suit = Suit::from_letter(text.chars().next().unwrap()).unwrap();
        for ch in text.chars().skip(1) {
            h = h.with(Card::parse(&format!("{ch}{}", suit.letter())).unwrap());
        }
    }
    h
}

/// Deals `n` deals and checks every seat's HCP and suit lengths, and which seat gets each
/// free card, against their exact distributions.
/// The dealer a run uses for the card predeal `fixed`: by splits of the pack when nothing is
/// predealt, else around the predealt cards.
fn dealer_for(fixed: [Hand; 4]) -> Box<dyn Fn(&mut DealRng) -> Deal> {
    if fixed.iter().all(|h| h.is_empty()) {
        let dealer = RandomDealer::new();
        Box::new(move |rng| dealer.deal_one(0, rng))
    } else {
        let dealer = PredealDealer::new(fixed).expect("valid predeal");
        Box::new(move |rng| dealer.deal_one(0, rng))
    }
}

fn check_uniform(name: &str, fixed: [Hand; 4], seed: u64, n: usize) {
    let deal_one = dealer_for(fixed);
    let taken = fixed.iter().fold(0u64, |m, h| m | h.0);
    let free = ALL_CARDS & !taken;
    let mut hcp = [[0u64; 41]; 4];
    let mut lengths = [[[0u64; 14]; 4]; 4];
    let mut owner = vec![[0u64; 4]; 64];
    let mut rng = batch_rng(seed, 0);
    for _ in 0..n {
        let deal = deal_one(&mut rng);
        assert!(deal.is_complete(), "{name}: a complete deal");
        for seat in Seat::ALL {
            let h = deal.hand(seat);
            assert_eq!(h.0 & fixed[seat as usize].0, fixed[seat as usize].0, "{name}: predeal kept");
            hcp[seat as usize][h.cards().map(card_hcp).sum::<usize>()] += 1;
            for suit in Suit::ALL {
                lengths[seat as usize][suit as usize][h.len(suit) as usize] += 1;
            }
            for c in Hand(h.0 & free).cards() {
                owner[c.position() as usize][seat as usize] += 1;
            }
        }
    }
    for seat in Seat::ALL {
        let k = 13 - fixed[seat as usize].count() as usize;
        if k == 0 || k == free.count_ones() as usize {
            continue; // nothing random about this seat
        }
        let f = fixed[seat as usize];
        assert_fits(&format!("{name}: {} hcp", seat.keyword()), &hcp[seat as usize], &hcp_distribution(f, free, k));
        for suit in Suit::ALL {
            assert_fits(
                &format!("{name}: {} {} length", seat.keyword(), suit.name()),
                &lengths[seat as usize][suit as usize],
                &length_distribution(f, free, k, suit),
            );
        }
    }
    let need: Vec<f64> = fixed.iter().map(|h| (13 - h.count()) as f64 / free.count_ones() as f64).collect();
    for c in Hand(free).cards() {
        assert_fits(&format!("{name}: owner of {c}"), &owner[c.position() as usize], &need);
    }
}

#[test]
fn deals_are_uniform_without_predeal() {
    check_uniform("no predeal", [Hand::EMPTY; 4], 1, 200_000);
}

#[test]
fn deals_are_uniform_with_predeals() {
    let e = Hand::EMPTY;
    let north = hand(&["SAKQ", "HJ"]);
    let full_north = hand(&["SAKT9", "HQ3", "DJ976", "CK82"]);
    let full_south = hand(&["SQJ8765", "H7", "DKT8", "CA43"]);
    let configs: Vec<(&str, [Hand; 4])> = vec![
        ("north partly predealt", [north, e, e, e]),
        ("west partly predealt", [e, e, e, hand(&["DAKQJT", "C2"])]),
        ("east and west partly", [e, hand(&["S2", "H2", "D2", "C2"]), e, hand(&["SA", "HA"])]),
        ("north complete", [full_north, e, e, e]),
        ("north and south complete", [full_north, e, full_south, e]),
        ("west complete", [e, e, e, full_south]),
        ("east and west complete", [e, full_north, e, full_south]),
        ("north complete, east partly", [full_north, hand(&["HAKJ"]), e, e]),
        ("every seat partly", [hand(&["SA"]), hand(&["HA"]), hand(&["DA"]), hand(&["CA", "CK"])]),
    ];
    for (i, (name, fixed)) in configs.into_iter().enumerate() {
        check_uniform(name, fixed, 100 + i as u64, 60_000);
    }
}

/// The probability of each shape of [`SHAPES`] (suit lengths spades, hearts, diamonds,
/// clubs): the number of hands with those lengths over C(52, 13).
pub(crate) fn shape_probabilities() -> Vec<f64> {
    let total = choose(52, 13) as f64;
    SHAPES.iter().map(|shape| shape.iter().map(|&l| choose(13, l as u64)).product::<u128>() as f64 / total).collect()
}

#[test]
fn shapes_follow_their_exact_frequencies() {
    let probs = shape_probabilities();
    let dealer = RandomDealer::new();
    let mut counts = vec![0u64; NUM_SHAPES];
    let mut rng = batch_rng(42, 3);
    for _ in 0..300_000 {
        counts[shape_index_of(dealer.deal_one(0, &mut rng).hand(Seat::East))] += 1;
    }
    assert_fits("east's shape", &counts, &probs);
}

/// The exact probability that one seat gets `a` cards of a suit and another seat `b`.
pub(crate) fn joint_length_probability(a: u64, b: u64) -> f64 {
    if a + b > 13 {
        return 0.0;
    }
    let first = choose(13, a) * choose(39, 13 - a);
    let second = choose(13 - a, b) * choose(26 + a, 13 - b);
    first as f64 / choose(52, 13) as f64 * (second as f64 / choose(39, 13) as f64)
}

/// The exact joint law of two seats' points (4-3-2-1): `law[a][b]`, the probability that one
/// seat holds `a` points and another `b`.
pub(crate) fn two_hands_hcp() -> Vec<Vec<f64>> {
    two_hands_points(&[4, 3, 2, 1])
}

/// The exact joint law of two seats' counts of `values` (the value of each rank from the ace
/// down; the other ranks count nothing), from the ways each rank's four cards split between
/// the two seats and the others, times the ways to fill both hands with the other cards.
pub(crate) fn two_hands_points(values: &[u64]) -> Vec<Vec<f64>> {
    // (points, valued cards) of each seat: the ways to give the valued cards so far.
    let mut ways: std::collections::HashMap<[u64; 4], u128> = [([0; 4], 1)].into();
    for &value in values {
        let mut next = std::collections::HashMap::new();
        for (&[a, na, b, nb], &w) in &ways {
            for x in 0..=4 {
                for y in 0..=4 - x {
                    *next.entry([a + x * value, na + x, b + y * value, nb + y]).or_insert(0) += w * choose(4, x) * choose(4 - x, y);
                }
            }
        }
        ways = next;
    }
    let spots = 52 - 4 * values.len() as u64;
    let deals = choose(52, 13) as f64 * choose(39, 13) as f64;
    let most = 4 * values.iter().sum::<u64>() as usize;
    let mut law = vec![vec![0.0; most + 1]; most + 1];
    for ([a, na, b, nb], w) in ways {
        if na <= 13 && nb <= 13 && 13 - na <= spots && 26 - na - nb <= spots {
            law[a as usize][b as usize] += (w * choose(spots, 13 - na) * choose(spots - 13 + na, 13 - nb)) as f64 / deals;
        }
    }
    law
}

/// The probability that one seat holds at least `a` points and another at least `b`.
pub(crate) fn both_at_least(a: usize, b: usize) -> f64 {
    two_hands_hcp()[a..].iter().map(|row| row[b..].iter().sum::<f64>()).sum()
}

#[test]
fn pairs_of_hands_follow_their_joint_laws() {
    // Deals with nothing predealt split North-South from East-West first: check the joint
    // law of two seats' lengths in a suit, partners and opponents, and that any two cards
    // share a hand with probability 12/51.
    let dealer = RandomDealer::new();
    let mut rng = batch_rng(77, 1);
    let pairs = [(Seat::North, Seat::South), (Seat::North, Seat::East), (Seat::East, Seat::West), (Seat::South, Seat::West)];
    let mut joint = vec![[0u64; 196]; pairs.len()];
    let cards = ["AS", "KS", "2S", "AH", "7H", "7D", "TC", "2C"].map(|c| Card::parse(c).unwrap());
    let mut together = vec![[0u64; 2]; cards.len() * cards.len()];
    for i in 0..200_000 {
        let deal = dealer.deal_one(0, &mut rng);
        let suit = Suit::ALL[i % 4];
        for (p, &(x, y)) in pairs.iter().enumerate() {
            joint[p][deal.hand(x).len(suit) as usize * 14 + deal.hand(y).len(suit) as usize] += 1;
        }
        for (a, &ca) in cards.iter().enumerate() {
            for (b, &cb) in cards.iter().enumerate().skip(a + 1) {
                let same = Seat::ALL.iter().any(|&s| deal.hand(s).contains(ca) && deal.hand(s).contains(cb));
                together[a * cards.len() + b][usize::from(same)] += 1;
            }
        }
    }
    let probs: Vec<f64> = (0..196).map(|i| joint_length_probability(i / 14, i % 14)).collect();
    for (p, &(x, y)) in pairs.iter().enumerate() {
        assert_fits(&format!("{} and {} lengths", x.keyword(), y.keyword()), &joint[p], &probs);
    }
    for (a, &ca) in cards.iter().enumerate() {
        for (b, &cb) in cards.iter().enumerate().skip(a + 1) {
            assert_fits(&format!("{ca} with {cb}"), &together[a * cards.len() + b], &[39.0 / 51.0, 12.0 / 51.0]);
        }
    }
}

#[test]
fn bounded_random_numbers_are_uniform() {
    let mut rng = batch_rng(3, 3);
    for n in [2u32, 3, 7, 13, 39, 52, 1000] {
        let mut counts = vec![0u64; n as usize];
        for _ in 0..(n as usize * 200) {
            counts[below(&mut rng, n) as usize] += 1;
        }
        assert_fits(&format!("below({n})"), &counts, &vec![1.0 / n as f64; n as usize]);
    }
}

/// The counts of a 1-D `frequency` report in our output, `lo..=hi`.
pub(crate) fn frequency_counts(out: &str, lo: i32, hi: i32) -> Vec<u64> {
    let mut counts = vec![0u64; (hi - lo + 1) as usize];
    for line in out.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if let (Some(v), Some(c)) = (f.first().and_then(|v| v.trim().parse::<i32>().ok()), f.get(1)) {
            if (lo..=hi).contains(&v) {
                counts[(v - lo) as usize] = c.trim().parse().unwrap();
            }
        }
    }
    counts
}

#[test]
fn the_binary_deals_exact_hcp_and_lengths() {
    let input = "generate 100000\naction frequency (hcp(north), 0, 40), frequency (hearts(west), 0, 13)\n";
    let run = dealvm_stdin(input, &["-s", "77"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let (hcp_part, len_part) = run.stdout.split_at(run.stdout.rfind("Description").unwrap());
    assert_fits("binary: north hcp", &frequency_counts(hcp_part, 0, 40), &hcp_distribution(Hand::EMPTY, ALL_CARDS, 13));
    assert_fits("binary: west hearts", &frequency_counts(len_part, 0, 13), &length_distribution(Hand::EMPTY, ALL_CARDS, 13, Suit::Hearts));
}

#[test]
fn the_binary_deals_exactly_around_a_predeal() {
    let input =
        "generate 100000\npredeal north SAKQ, HJ\npredeal east CAKQJ\naction frequency (hcp(south), 0, 40), frequency (clubs(north), 0, 13)\n";
    let run = dealvm_stdin(input, &["-s", "78"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let (hcp_part, len_part) = run.stdout.split_at(run.stdout.rfind("Description").unwrap());
    let north = hand(&["SAKQ", "HJ"]);
    let east = hand(&["CAKQJ"]);
    let free = ALL_CARDS & !north.0 & !east.0;
    assert_fits("binary: south hcp", &frequency_counts(hcp_part, 0, 40), &hcp_distribution(Hand::EMPTY, free, 13));
    assert_fits("binary: north clubs", &frequency_counts(len_part, 0, 13), &length_distribution(north, free, 9, Suit::Clubs));
}

#[test]
fn the_output_is_the_same_on_any_number_of_threads() {
    let input = "generate 200000\nproduce 3000\ncondition hcp(north) >= 15 && shape(north, any 4333 + any 4432)\n\
                 action printoneline(rnd(1000)), average hcp(south), frequency (hcp(east), 0, 20)\n";
    let one = dealvm_stdin(input, &["-s", "9", "-R", "1"]);
    let two = dealvm_stdin(input, &["-s", "9", "-R", "2"]);
    let many = dealvm_stdin(input, &["-s", "9", "-R", "16"]);
    assert_eq!(one.status, 0, "{}", one.stderr);
    let body = |s: &str| s.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    assert!(one.stdout.contains("Produced  3000 hands"));
    assert_eq!(body(&one.stdout), body(&two.stdout));
    assert_eq!(body(&one.stdout), body(&many.stdout));
    // Statistics counted by the workers, a run cut by `produce`, one cut by `generate`, and
    // swapping.
    for (input, args) in [
        ("produce 5000\ncondition hcp(north) > 12\naction average hcp(north), frequency (hcp(south), 0, 20), bktfreq \"l\" (losers(west), 0, 12, 3)\n", vec![]),
        ("generate 50000\nproduce 1000000\ncondition spades(north) >= 6\naction average spades(south)\n", vec![]),
        ("produce 700\ncondition hcp(east) + hcp(west) >= 26\naction printoneline, average hcp(east)\n", vec!["-x", "3"]),
    ] {
        let run = |threads: &str| {
            let mut a = vec!["-s", "5", "-R", threads];
            a.extend(&args);
            let out = dealvm_stdin(input, &a);
            assert_eq!(out.status, 0, "{}", out.stderr);
            body(&out.stdout)
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{input}");
        assert_eq!(one, run("5"), "{input}");
    }
}

#[test]
fn runs_cut_by_produce_are_the_same_on_any_number_of_threads() {
    // The batch that reaches `produce` may be run by the main thread, which knows the deals
    // delivered before it and stops at the last one wanted, or by a worker, whose batch is cut
    // (deals kept) or run again (statistics only) on delivery: neither may show in the output.
    let body = |s: &str| s.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    for produce in [1, 1637, 1638, 1639, 9000, 30001] {
        for per_deal in ["", "printoneline, "] {
            let input = format!(
                "produce {produce}\ncondition hcp(north) >= 12\n\
                 action {per_deal}average hcp(north), frequency (hcp(south), 0, 20), bktfreq \"l\" (losers(west), 0, 12, 3)\n"
            );
            let run = |threads: &str| {
                let out = dealvm_stdin(&input, &["-s", "3", "-R", threads]);
                assert_eq!(out.status, 0, "{}", out.stderr);
                body(&out.stdout)
            };
            let one = run("1");
            assert!(one.contains(&format!("Produced  {produce} hands")), "{one}");
            assert_eq!(one, run("2"), "{input}");
            assert_eq!(one, run("3"), "{input}");
        }
    }
}

#[test]
fn a_division_by_zero_after_the_last_deal_wanted_is_not_reached_on_any_number_of_threads() {
    // With these seeds, batch 0 produces one deal, and batch 1 the second one and then divides
    // by zero. A worker that started batch 1 before batch 0 was delivered wanted two deals and
    // went on to the division; the run stops at the second deal all the same, as on one thread.
    let input = "generate 8192\nproduce 2\ncondition hcp(north) >= 25 || 100 / (hcp(east) - 25) > 1000\naction printoneline\n";
    let body = |s: &str| s.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    for seed in ["11", "297", "389", "463"] {
        let one = dealvm_stdin(input, &["-s", seed, "-R", "1"]);
        assert_eq!(one.status, 0, "{}", one.stderr);
        for _ in 0..3 {
            let two = dealvm_stdin(input, &["-s", seed, "-R", "2"]);
            assert_eq!((two.status, body(&two.stdout)), (0, body(&one.stdout)), "seed {seed}: {}", two.stderr);
        }
        // Beyond the second deal, the division is reached.
        let three = dealvm_stdin(input, &["-s", seed, "-R", "1", "-p", "3"]);
        assert_eq!(three.status, 2, "seed {seed}");
    }
}

#[test]
fn the_tests_reject_a_wrong_distribution() {
    // Deals with north holding SA: north's spade lengths no longer follow the unconditional
    // hypergeometric law, and the test must notice.
    let dealer = PredealDealer::new([hand(&["SA"]), Hand::EMPTY, Hand::EMPTY, Hand::EMPTY]).unwrap();
    let mut rng = batch_rng(5, 0);
    let mut counts = [0u64; 14];
    for _ in 0..60_000 {
        counts[dealer.deal_one(0, &mut rng).hand(Seat::North).len(Suit::Spades) as usize] += 1;
    }
    let p = chi_square_p(&counts, &length_distribution(Hand::EMPTY, ALL_CARDS, 13, Suit::Spades));
    assert!(p < 1e-6, "a wrong law must be rejected, p = {p}");
    // And the right law is accepted.
    let free = ALL_CARDS & !hand(&["SA"]).0;
    assert_fits("north spades with SA", &counts, &length_distribution(hand(&["SA"]), free, 12, Suit::Spades));
}

/// Predealt suit lengths `[seat][suit]` from `(seat, suit, length)` triples.
fn lengths(list: &[(Seat, Suit, u8)]) -> dealvm_vm::dealing::predeal::SuitLengths {
    let mut l = [[None; 4]; 4];
    for &(seat, suit, n) in list {
        l[seat as usize][suit as usize] = Some(n);
    }
    l
}

#[test]
fn suit_length_predeals_follow_hypergeometric_laws() {
    // West has exactly 7 spades: the other 6 of west's cards are uniform among the 39
    // non-spades, and north's 13 cards uniform among the 39 cards west does not hold.
    let dealer = PredealDealer::with_lengths([Hand::EMPTY; 4], &lengths(&[(Seat::West, Suit::Spades, 7)])).unwrap();
    let mut rng = batch_rng(31, 0);
    let (mut west_hearts, mut north_spades, mut west_spades) = ([0u64; 14], [0u64; 14], [0u64; 14]);
    for _ in 0..80_000 {
        let deal = dealer.deal_one(0, &mut rng);
        assert!(deal.is_complete());
        west_spades[deal.hand(Seat::West).len(Suit::Spades) as usize] += 1;
        west_hearts[deal.hand(Seat::West).len(Suit::Hearts) as usize] += 1;
        north_spades[deal.hand(Seat::North).len(Suit::Spades) as usize] += 1;
    }
    assert_eq!(west_spades[7], 80_000);
    let hyper = |population: u64, successes: u64, draws: u64| -> Vec<f64> {
        let total = choose(population, draws) as f64;
        (0..14u64)
            .map(|k| if k > draws || k > successes { 0.0 } else { (choose(successes, k) * choose(population - successes, draws - k)) as f64 / total })
            .collect()
    };
    assert_fits("west hearts given 7 spades", &west_hearts, &hyper(39, 13, 6));
    assert_fits("north spades given west's 7", &north_spades, &hyper(39, 6, 13));
}

/// Deals with the card predeal `fixed` until the lengths hold: the textbook-perfect way.
fn deal_and_select(fixed: [Hand; 4], want: &[(Seat, Suit, u8)], rng: &mut DealRng) -> Deal {
    let plain = dealer_for(fixed);
    loop {
        let d = plain(rng);
        if want.iter().all(|&(seat, suit, n)| d.hand(seat).len(suit) as u8 == n) {
            return d;
        }
    }
}

/// A two-sample chi-square test of two lists of counts (cells expecting under 5 pooled).
pub(crate) fn same_law_p(a: &[u64], b: &[u64]) -> f64 {
    let (na, nb) = (a.iter().sum::<u64>() as f64, b.iter().sum::<u64>() as f64);
    let mut cells = Vec::new();
    let (mut pa, mut pb) = (0.0, 0.0);
    for (&x, &y) in a.iter().zip(b) {
        let t = (x + y) as f64;
        if t * na.min(nb) / (na + nb) < 5.0 {
            pa += x as f64;
            pb += y as f64;
        } else {
            cells.push((x as f64, y as f64));
        }
    }
    if pa + pb > 0.0 {
        cells.push((pa, pb));
    }
    let stat: f64 = cells
        .iter()
        .map(|&(x, y)| {
            let t = x + y;
            let (ex, ey) = (t * na / (na + nb), t * nb / (na + nb));
            (x - ex).powi(2) / ex + (y - ey).powi(2) / ey
        })
        .sum();
    gamma_q((cells.len() - 1) as f64 / 2.0, stat / 2.0)
}

#[test]
fn suit_lengths_with_card_predeals_match_deal_and_select() {
    // Several seats, several suits, mixed with cards: exact dealing must give the same law as
    // dealing freely and keeping the deals that fit.
    let fixed = [hand(&["SAK"]), Hand::EMPTY, hand(&["CQ"]), Hand::EMPTY];
    let want = [(Seat::West, Suit::Spades, 4), (Seat::East, Suit::Clubs, 1), (Seat::East, Suit::Hearts, 5)];
    let exact = PredealDealer::with_lengths(fixed, &lengths(&want)).unwrap();
    let (mut rng_a, mut rng_b) = (batch_rng(41, 0), batch_rng(42, 0));
    let n = 30_000;
    // Per seat: hcp and every suit length; and who holds the diamond ace.
    let tally = |deals: &mut dyn FnMut() -> dealvm_vm::card::Deal| {
        let mut hcp = vec![[0u64; 41]; 4];
        let mut len = vec![[[0u64; 14]; 4]; 4];
        let mut ace = [0u64; 4];
        for _ in 0..n {
            let d = deals();
            for seat in Seat::ALL {
                let h = d.hand(seat);
                hcp[seat as usize][h.cards().map(card_hcp).sum::<usize>()] += 1;
                for suit in Suit::ALL {
                    len[seat as usize][suit as usize][h.len(suit) as usize] += 1;
                }
            }
            ace[d.owner(Card::parse("AD").unwrap()).unwrap() as usize] += 1;
        }
        (hcp, len, ace)
    };
    let (ha, la, aa) = tally(&mut || exact.deal_one(0, &mut rng_a));
    let (hb, lb, ab) = tally(&mut || deal_and_select(fixed, &want, &mut rng_b));
    for seat in Seat::ALL {
        let p = same_law_p(&ha[seat as usize], &hb[seat as usize]);
        assert!(p > 1e-4, "{} hcp: p = {p}", seat.keyword());
        for suit in Suit::ALL {
            let (a, b) = (&la[seat as usize][suit as usize], &lb[seat as usize][suit as usize]);
            if a.iter().filter(|&&c| c > 0).count() > 1 || b.iter().filter(|&&c| c > 0).count() > 1 {
                let p = same_law_p(a, b);
                assert!(p > 1e-4, "{} {}: p = {p}", seat.keyword(), suit.name());
            } else {
                assert_eq!(a, b, "{} {} is fixed", seat.keyword(), suit.name());
            }
        }
    }
    assert!(same_law_p(&aa, &ab) > 1e-4, "owner of the diamond ace");
}

#[test]
fn impossible_suit_lengths_are_refused() {
    use dealvm_vm::dealing::predeal::PredealError;
    let none = [Hand::EMPTY; 4];
    let err = |want: &[(Seat, Suit, u8)], fixed: [Hand; 4]| PredealDealer::with_lengths(fixed, &lengths(want)).unwrap_err();
    assert!(matches!(err(&[(Seat::West, Suit::Spades, 7), (Seat::West, Suit::Hearts, 7)], none), PredealError::LengthsAddUp { .. }));
    assert!(matches!(err(&[(Seat::West, Suit::Spades, 7), (Seat::East, Suit::Spades, 7)], none), PredealError::SuitAddsUp { .. }));
    assert!(matches!(
        err(&[(Seat::North, Suit::Spades, 1)], [hand(&["SAK"]), Hand::EMPTY, Hand::EMPTY, Hand::EMPTY]),
        PredealError::LengthBelowCards { .. }
    ));
    // Each count is fine alone, but together they need 14 hearts.
    assert!(matches!(
        err(&[(Seat::North, Suit::Spades, 0), (Seat::North, Suit::Diamonds, 0), (Seat::North, Suit::Clubs, 0), (Seat::South, Suit::Hearts, 1)], none),
        PredealError::LengthsImpossible
    ));
}

#[test]
fn the_binary_deals_suit_lengths_exactly() {
    let input = "generate 60000\npredeal spades(west)==7\naction frequency (hearts(west), 0, 13), frequency (spades(north), 0, 13)\n";
    let run = dealvm_stdin(input, &["-s", "79"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let (west, north) = run.stdout.split_at(run.stdout.rfind("Description").unwrap());
    let hyper = |population: u64, successes: u64, draws: u64| -> Vec<f64> {
        let total = choose(population, draws) as f64;
        (0..14u64)
            .map(|k| if k > draws || k > successes { 0.0 } else { (choose(successes, k) * choose(population - successes, draws - k)) as f64 / total })
            .collect()
    };
    assert_fits("binary: west hearts", &frequency_counts(west, 0, 13), &hyper(39, 13, 6));
    assert_fits("binary: north spades", &frequency_counts(north, 0, 13), &hyper(39, 6, 13));
}
