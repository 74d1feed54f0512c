//! Exact dealing from the condition: chi-square tests at fixed seeds against exact laws
//! computed here independently (suit-length tables counted by the product formula, points by
//! per-suit generating functions of holdings), agreement in law with `--rejection`,
//! determinism across thread counts, and the choice of strategy with its reasons.

use crate::common::dealvm_stdin;
use crate::randomness::{assert_fits, both_at_least, choose, gamma_q, two_hands_hcp, two_hands_points};
use dealvm::source::exact::scientific;

/// The hands of each `printoneline` line: for each seat (N, E, S, W), its holdings spades first.
fn hands(out: &str) -> Vec<[[String; 4]; 4]> {
    out.lines()
        .filter(|l| l.starts_with("n "))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            [1, 3, 5, 7].map(|i| {
                let suits: Vec<String> = f[i].split('.').map(str::to_string).collect();
                [suits[0].clone(), suits[1].clone(), suits[2].clone(), suits[3].clone()]
            })
        })
        .collect()
}

/// 4-3-2-1 points of a holding.
fn hcp(holding: &str) -> usize {
    holding
        .chars()
        .map(|c| match c {
            'A' => 4,
            'K' => 3,
            'Q' => 2,
            'J' => 1,
            _ => 0,
        })
        .sum()
}

/// How a run deals, from `--dump-bytecode`.
pub(crate) fn dealing(input: &str, args: &[&str]) -> String {
    let mut all = vec!["--dump-bytecode"];
    all.extend_from_slice(args);
    let run = dealvm_stdin(input, &all);
    assert_eq!(run.status, 0, "{}", run.stderr);
    run.stdout.lines().find(|l| l.starts_with("dealing: ")).expect("a dealing line").to_string()
}

/// `13! / (a! b! c! d!)`: the ways to split one suit into holdings of these lengths.
fn splits(l: [usize; 4]) -> f64 {
    let f = |n: usize| (1..=n).map(|x| x as f64).product::<f64>();
    f(13) / l.iter().map(|&x| f(x)).product::<f64>()
}

/// The number of deals whose suit-length table (suit by suit: the lengths of N, E, S, W)
/// passes `keep`, counted by dynamic programming over the suits (spades first), with each
/// seat's lengths adding up to 13.
fn deals_with_tables(keep: impl Fn(usize, [usize; 4]) -> bool) -> f64 {
    // ways[n][e][s]: cards of N, E, S so far (W's follow).
    let mut ways = vec![0.0f64; 14 * 14 * 14];
    ways[0] = 1.0;
    for suit in 0..4 {
        let mut next = vec![0.0f64; 14 * 14 * 14];
        for n in 0..14 {
            for e in 0..14 {
                for s in 0..14 {
                    let w0 = ways[(n * 14 + e) * 14 + s];
                    let used_w = 13 * suit as isize - (n + e + s) as isize;
                    if w0 == 0.0 || !(0..=13).contains(&used_w) {
                        continue;
                    }
                    for a in 0..=13 - n {
                        for b in 0..=(13 - e).min(13 - a) {
                            for c in 0..=(13 - s).min(13 - a - b) {
                                let d = 13 - a - b - c;
                                if used_w as usize + d > 13 || !keep(suit, [a, b, c, d]) {
                                    continue;
                                }
                                next[((n + a) * 14 + e + b) * 14 + s + c] += w0 * splits([a, b, c, d]);
                            }
                        }
                    }
                }
            }
        }
        ways = next;
    }
    ways[(13 * 14 + 13) * 14 + 13]
}

#[test]
fn lengths_on_two_seats_have_their_exact_law() {
    let input = "condition spades(west) == 9 && diamonds(east) >= 6\naction printoneline\n";
    assert!(dealing(input, &[]).starts_with("dealing: exact"));
    let run = dealvm_stdin(input, &["-s", "17", "-p", "3000", "-R", "2", "-g", "1000000000000"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let deals = hands(&run.stdout);
    assert_eq!(deals.len(), 3000);
    // Suit 0 is spades, 2 diamonds; seats N, E, S, W.
    let base = |suit: usize, l: [usize; 4]| (suit != 0 || l[3] == 9) && (suit != 2 || l[1] >= 6);
    let total = deals_with_tables(base);
    // North's spades (0..=4) and East's diamonds (6..=13).
    let north: Vec<f64> = (0..=4).map(|k| deals_with_tables(|u, l| base(u, l) && (u != 0 || l[0] == k)) / total).collect();
    let east: Vec<f64> = (6..=13).map(|k| deals_with_tables(|u, l| base(u, l) && (u != 2 || l[1] == k)) / total).collect();
    let mut seen_n = vec![0u64; 5];
    let mut seen_e = vec![0u64; 8];
    for d in &deals {
        assert_eq!(d[3][0].len(), 9);
        assert!(d[1][2].len() >= 6);
        seen_n[d[0][0].len()] += 1;
        seen_e[d[1][2].len() - 6] += 1;
    }
    assert_fits("North's spades", &seen_n, &north);
    assert_fits("East's diamonds", &seen_e, &east);
}

#[test]
fn points_and_shape_of_one_seat_have_their_exact_law() {
    let input = "condition hcp(north) >= 24 && shape(north, any 4333 + any 4432)\naction printoneline\n";
    assert!(dealing(input, &[]).starts_with("dealing: exact"));
    let run = dealvm_stdin(input, &["-s", "3", "-p", "4000", "-g", "1000000000000"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    // Holdings of each length by points, from all 8192 holdings of a suit.
    let mut table = [[0f64; 11]; 14];
    for mask in 0u32..8192 {
        let pts: usize = (9..13).filter(|r| mask & (1 << r) != 0).map(|r| r - 8).sum();
        table[mask.count_ones() as usize][pts] += 1.0;
    }
    // Hands of shape `lens` (in some suit order) by points.
    let by_points = |lens: [usize; 4]| {
        let mut poly = vec![0f64; 41];
        poly[0] = 1.0;
        for l in lens {
            let mut next = vec![0f64; 41];
            for (p, &w) in poly.iter().enumerate() {
                for (q, &t) in table[l].iter().enumerate() {
                    if p + q <= 40 {
                        next[p + q] += w * t;
                    }
                }
            }
            poly = next;
        }
        poly
    };
    // Cells: (4333 or 4432, points 24..=30, the rest pooled).
    let mut shapes: Vec<([usize; 4], usize)> = Vec::new();
    for s in 0..4 {
        let mut l = [3; 4];
        l[s] = 4;
        shapes.push((l, 0));
        for h in 0..4 {
            for d in 0..4 {
                let mut l = [0; 4];
                l[s] = 4;
                if h <= s || d == s || d == h {
                    continue;
                }
                l[h] = 4;
                l[d] = 2;
                let c = (0..4).find(|&x| x != s && x != h && x != d).unwrap();
                l[c] = 3;
                shapes.push((l, 1));
            }
        }
    }
    let mut probs = [0f64; 2 * 8];
    for &(l, class) in &shapes {
        for (p, w) in by_points(l).into_iter().enumerate().skip(24) {
            probs[class * 8 + (p - 24).min(7)] += w;
        }
    }
    let total: f64 = probs.iter().sum();
    let probs: Vec<f64> = probs.iter().map(|w| w / total).collect();
    let mut seen = vec![0u64; 16];
    for d in hands(&run.stdout) {
        let mut lens: Vec<usize> = d[0].iter().map(String::len).collect();
        lens.sort();
        let class = if lens == [3, 3, 3, 4] { 0 } else { 1 };
        assert!(lens == [3, 3, 3, 4] || lens == [2, 3, 4, 4]);
        let p: usize = d[0].iter().map(|h| hcp(h)).sum();
        assert!(p >= 24);
        seen[class * 8 + (p - 24).min(7)] += 1;
    }
    assert_fits("North's shape and points", &seen, &probs);
}

/// The chi-square p-value that two samples of counts come from one law.
fn two_samples_p(a: &[u64], b: &[u64]) -> f64 {
    let (na, nb) = (a.iter().sum::<u64>() as f64, b.iter().sum::<u64>() as f64);
    // Pool the cells with few counts, then compare each sample with the pooled law.
    let mut cells: Vec<(u64, u64)> = Vec::new();
    let mut rest = (0, 0);
    for (&x, &y) in a.iter().zip(b) {
        if x + y < 20 {
            rest = (rest.0 + x, rest.1 + y);
        } else {
            cells.push((x, y));
        }
    }
    cells.push(rest);
    let stat: f64 = cells
        .iter()
        .map(|&(x, y)| {
            let p = (x + y) as f64 / (na + nb);
            (x as f64 - na * p).powi(2) / (na * p) + (y as f64 - nb * p).powi(2) / (nb * p)
        })
        .sum();
    gamma_q((cells.len() - 1) as f64 / 2.0, stat / 2.0)
}

#[test]
fn exact_and_rejection_dealing_agree_in_law() {
    // Two seats, points, a suit's points and lengths: about 7 deals in 10,000.
    let input = "condition hcp(north) >= 20 && hcp(south) >= 8 && hearts(south) >= 6 && hcp(south, hearts) >= 5\n\
                 action printoneline\n";
    assert!(dealing(input, &["-p", "1500"]).starts_with("dealing: exact"));
    assert!(dealing(input, &["-p", "1500", "--rejection"]).contains("--rejection"));
    let stats = |args: &[&str]| {
        let mut all = vec!["-p", "1500", "-R", "2"];
        all.extend_from_slice(args);
        let run = dealvm_stdin(input, &all);
        assert_eq!(run.status, 0, "{}", run.stderr);
        let mut south = vec![0u64; 41];
        let mut north_spades = vec![0u64; 14];
        for d in hands(&run.stdout) {
            south[d[2].iter().map(|h| hcp(h)).sum::<usize>()] += 1;
            north_spades[d[0][0].len()] += 1;
        }
        (south, north_spades)
    };
    let (exact_s, exact_n) = stats(&["-s", "5"]);
    let (plain_s, plain_n) = stats(&["-s", "6", "--rejection"]);
    let p = two_samples_p(&exact_s, &plain_s);
    assert!(p > 1e-4, "South's points: p-value {p:.2e}\n{exact_s:?}\n{plain_s:?}");
    let p = two_samples_p(&exact_n, &plain_n);
    assert!(p > 1e-4, "North's spades: p-value {p:.2e}\n{exact_n:?}\n{plain_n:?}");
}

#[test]
fn exact_dealing_is_the_same_on_any_number_of_threads() {
    let input = "predeal north SA\ncondition hcp(north) >= 23 && spades(north) >= 5 && hearts(south) >= 6\naction printoneline\n";
    assert!(dealing(input, &[]).starts_with("dealing: exact"));
    let run = |threads: &str| {
        let r = dealvm_stdin(input, &["-s", "9", "-p", "300", "-R", threads]);
        assert_eq!(r.status, 0, "{}", r.stderr);
        r.stdout.lines().filter(|l| !l.starts_with("Time")).collect::<Vec<_>>().join("\n")
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("3"));
    for d in hands(&one) {
        assert!(d[0][0].starts_with('A') && d[0][0].len() >= 5 && d[2][1].len() >= 6);
    }
}

#[test]
fn the_run_says_how_it_deals_and_how_rare_the_terms_are() {
    let t3 = "condition spades(west)==9 and diamonds(east)==6 and clubs(east)==6\nproduce 10\n";
    let line = dealing(t3, &[]);
    assert!(line.contains("exact") && line.contains("1.0799e-07"), "{line}");
    // Each deal dealt stands for the random deals up to it: 10 deals take about 10^8.
    let run = dealvm_stdin(t3, &["-s", "1", "-g", "1000000000"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Generated 83226919 hands\nProduced  10 hands"), "{}", run.stdout);
    assert!(
        run.stdout.contains("meeting spades(west)==9 && diamonds(east)==6 && clubs(east)==6 (probability 1.0799e-07 of all deals); Generated counts"),
        "{}",
        run.stdout
    );
    // Common terms, terms across seats, swapped seats, --rejection: every deal is dealt.
    let t2 = "condition shape(north, any 4333 + any 4432 + any 5332) and hcp(north)>=15 and hcp(north)<=17 and hearts(south)>=5\n";
    // (0.820% of the deals: sure to be common on the trial, not counted.)
    let line = dealing(t2, &["-p", "100000"]);
    let measured: f64 = line.split("hold on about ").nth(1).and_then(|t| t.split('%').next()).and_then(|t| t.parse().ok()).expect(&line);
    assert!((measured - 0.820).abs() < 0.4 && line.ends_with("% of the deals (measured on 8192 deals))"), "{line}");
    let across = "condition hcp(north) + hcp(south) >= 37\n";
    assert!(dealing(across, &[]).contains("no term of the condition tests one seat"));
    assert!(dealing(t3, &["-x", "2"]).contains("moved by swapping"));
    assert!(dealing(t3, &["--rejection"]).starts_with("dealing: every deal"));
    // -v only turns the statistics off: how the run deals is for --dump-bytecode.
    let run = dealvm_stdin(t3, &["-s", "1", "-v"]);
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    assert!(!run.stdout.contains("dealing") && !run.stdout.contains("Generated"), "{}", run.stdout);
}

#[test]
fn terms_through_variables_and_formulas_are_dealt_exactly() {
    // Variables, a formula of lengths, a ternary and an FD shape: all of North's.
    let input = "long = spades(north) + hearts(north) >= 11\n\
                 strong = (hcp(north) > 20 ? 1 : 0)\n\
                 condition long && strong && shape{north, 6+5+xx}\naction printoneline\n";
    assert!(dealing(input, &[]).starts_with("dealing: exact"), "{}", dealing(input, &[]));
    let run = dealvm_stdin(input, &["-s", "4", "-p", "200", "-g", "1000000000000"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let deals = hands(&run.stdout);
    assert_eq!(deals.len(), 200);
    for d in deals {
        let n = &d[0];
        assert!(n[0].len() + n[1].len() >= 11 && n[0].len() >= 6 && n[1].len() >= 5);
        assert!(n.iter().map(|h| hcp(h)).sum::<usize>() > 20);
    }
    // A suit-length predeal and a rare term: the predeal still holds.
    let input = "predeal spades(south) == 7\ncondition hcp(south) >= 23\naction printoneline\n";
    let line = dealing(input, &["-p", "100", "-g", "1000000000000"]);
    assert!(line.starts_with("dealing: exact"), "{line}");
    let run = dealvm_stdin(input, &["-s", "4", "-p", "100", "-g", "1000000000000"]);
    for d in hands(&run.stdout) {
        assert_eq!(d[2][0].len(), 7);
        assert!(d[2].iter().map(|h| hcp(h)).sum::<usize>() >= 23);
    }
}

/// The points of each seat of a deal of [`hands`].
fn points(deal: &[[String; 4]; 4]) -> [usize; 4] {
    deal.each_ref().map(|seat| seat.iter().map(|h| hcp(h)).sum())
}

#[test]
fn points_on_two_seats_are_dealt_with_their_exact_joint_law() {
    // North 20+ and South 15+: 8.7498e-05 of the deals, where the product of the seats' own
    // probabilities (1.4% and 14%) says 0.2%.
    let input = "condition hcp(north) >= 20 && hcp(south) >= 15\nproduce 1000\naction printoneline\n";
    let q = both_at_least(20, 15);
    assert_eq!(scientific(q), "8.7498e-05");
    let line = dealing(input, &[]);
    let wanted = format!("dealing: exact, only deals meeting hcp(north) >= 20 && hcp(south) >= 15 (probability {} of all deals;", scientific(q));
    assert!(line.starts_with(&wanted), "{line}");
    // With a budget that holds them, the 1000 deals asked for.
    let run = dealvm_stdin(input, &["-s", "1", "-g", "100000000"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Produced  1000 hands"), "{}", run.stdout);
    // North's and South's points against their exact joint law (North 26+ and South 21+ pooled).
    let law = two_hands_hcp();
    let cell = |n: usize, s: usize| (n.min(26) - 20) * 7 + s.min(21) - 15;
    let mut probs = vec![0.0; 49];
    for (n, row) in law.iter().enumerate().skip(20) {
        for (s, &p) in row.iter().enumerate().skip(15) {
            probs[cell(n, s)] += p / q;
        }
    }
    let mut seen = vec![0u64; 49];
    for d in hands(&run.stdout) {
        let [n, _, s, _] = points(&d);
        assert!(n >= 20 && s >= 15);
        seen[cell(n, s)] += 1;
    }
    assert_eq!(seen.iter().sum::<u64>(), 1000);
    assert_fits("North's and South's points", &seen, &probs);
    // 20+ on both: 5.1647e-08 of the deals, dealt exactly too.
    let line = dealing("condition hcp(north) >= 20 && hcp(south) >= 20\nproduce 10\n", &[]);
    assert!(line.contains(&format!("(probability {} of all deals;", scientific(both_at_least(20, 20)))), "{line}");
    assert_eq!(scientific(both_at_least(20, 20)), "5.1647e-08");
}

#[test]
fn exact_and_rejection_dealing_agree_on_points_and_shapes_across_seats() {
    // North 18+ and 4333 or 4432, South 12+ with four spades or more: 5.1 deals in 10,000.
    let input = "condition hcp(north) >= 18 && shape(north, any 4333 + any 4432) && hcp(south) >= 12 && spades(south) >= 4\n\
                 action printoneline\n";
    let line = dealing(input, &["-p", "60000", "-g", "100000000"]);
    assert!(line.starts_with("dealing: exact, only deals meeting hcp(north) >= 18 && shape(north, any 4333 + any 4432) && hcp(south) >= 12 && spades(south) >= 4 (probability"), "{line}");
    let stats = |args: &[&str]| {
        let mut all = vec!["-p", "600", "-R", "2", "-g", "100000000"];
        all.extend_from_slice(args);
        let run = dealvm_stdin(input, &all);
        assert_eq!(run.status, 0, "{}", run.stderr);
        let (mut north, mut south, mut spades) = (vec![0u64; 41], vec![0u64; 41], vec![0u64; 14]);
        for d in hands(&run.stdout) {
            let [n, _, s, _] = points(&d);
            north[n] += 1;
            south[s] += 1;
            spades[d[2][0].len()] += 1;
        }
        assert_eq!(north.iter().sum::<u64>(), 600);
        (north, south, spades)
    };
    let exact = stats(&["-s", "5"]);
    let plain = stats(&["-s", "6", "--rejection"]);
    for (what, a, b) in [("North's points", &exact.0, &plain.0), ("South's points", &exact.1, &plain.1), ("South's spades", &exact.2, &plain.2)] {
        let p = two_samples_p(a, b);
        assert!(p > 1e-4, "{what}: p-value {p:.2e}\n{a:?}\n{b:?}");
    }
}

/// The probability that North holds `n` spades or more and South and East at most `s` each.
fn spades_apart(n: u64, s: u64) -> f64 {
    let f = |k: u64| (1..=k).map(|x| x as f64).product::<f64>();
    let mut p = 0.0;
    for a in n..=13 {
        for b in 0..=s.min(13 - a) {
            for c in 0..=s.min(13 - a - b) {
                let d = 13 - a - b - c;
                // The spades split a-b-c-d, then the other 39 cards fill each hand.
                let spades = choose(13, a) as f64 * choose(13 - a, b) as f64 * choose(13 - a - b, c) as f64;
                p += spades * f(39) / (f(13 - a) * f(13 - b) * f(13 - c) * f(13 - d));
            }
        }
    }
    p * f(13).powi(4) / f(52)
}

#[test]
fn the_choice_weighs_the_seats_together() {
    // Runs long enough to repay the counting (a short run deals every deal without it).
    let dealt = |condition: &str| dealing(&format!("condition {condition}\nproduce 100000\ngenerate 100000000\n"), &[]);
    // Rare together, common apart (the case above): dealt exactly.
    assert!(dealt("hcp(north) >= 20 && hcp(south) >= 15").starts_with("dealing: exact"));
    // Rare apart as a product (4.5e-4), common together: North's long spades leave the others
    // short. Every deal is dealt, for the exact joint probability.
    let p = spades_apart(6, 1);
    assert!(p > 1e-3 && 0.0516 * 0.0928 * 0.0928 < 1e-3, "{p}");
    let line = dealt("spades(north) >= 6 && spades(south) <= 1 && spades(east) <= 1");
    assert!(line.ends_with(&format!("hold on {:.3}% of the deals)", 100.0 * p)), "{line}");
    // Common, but too close to rare for the trial to be sure (0.25%): counted exactly.
    let line = dealt("hcp(north) >= 16 && hcp(south) >= 15");
    assert!(line.ends_with(&format!("hold on {:.3}% of the deals)", 100.0 * both_at_least(16, 15))), "{line}");
    // Under 1%, but sure on the trial (0.44%: 36 hits where rare terms would hit 8 times):
    // measured, not counted.
    let line = dealt("hcp(north) >= 15 && hcp(south) >= 15");
    let measured: f64 = line.split("hold on about ").nth(1).and_then(|t| t.split('%').next()).and_then(|t| t.parse().ok()).expect(&line);
    let p = both_at_least(15, 15);
    assert!((measured / 100.0 - p).abs() < 4.0 * (p * (1.0 - p) / 8192.0).sqrt(), "{measured}% measured, {p} exactly");
    // Common for sure: measured on a sample of deals, within its error.
    let line = dealt("hcp(north) >= 12 && hcp(south) >= 12");
    let measured: f64 = line.split("hold on about ").nth(1).and_then(|t| t.split('%').next()).and_then(|t| t.parse().ok()).expect(&line);
    let p = both_at_least(12, 12);
    assert!(line.ends_with("% of the deals (measured on 8192 deals))"), "{line}");
    assert!((measured / 100.0 - p).abs() < 4.0 * (p * (1.0 - p) / 8192.0).sqrt(), "{measured}% measured, {p} exactly");
    // Too many states for all the terms: North's points and every seat's lengths are dealt,
    // South's points left to the condition and not named.
    let line = dealt("shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17 && hcp(south) >= 8 && hcp(south) <= 10 && hearts(south) >= 5 && spades(west) >= 6");
    assert!(line.starts_with("dealing: exact, only deals meeting shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17 && hearts(south) >= 5 && spades(west) >= 6 (probability"), "{line}");
    // Point values the counting cannot handle (six ranks): said, not weighed as 100%.
    let line = dealing("pointcount 6 5 4 3 2 1\ncondition hcp(north) >= 40\nproduce 10\n", &[]);
    assert!(
        line.ends_with(
            "(the point values of hcp(north) >= 40 are not ones the counting handles (negative, on more than five ranks, or more than 15 in a suit))"
        ),
        "{line}"
    );
}

#[test]
fn other_counts_of_honours_are_dealt_on_several_seats() {
    let at_least = |values: &[u64], a: usize, b: usize| -> f64 { two_hands_points(values)[a..].iter().map(|row| row[b..].iter().sum::<f64>()).sum() };
    // Twelve of the sixteen top cards in North, three in South: 1.0253e-08, dealt exactly.
    let p = at_least(&[1, 1, 1, 1], 12, 3);
    let line = dealing("condition top4(north) >= 12 && top4(south) >= 3\nproduce 10\n", &[]);
    assert!(
        line.starts_with(&format!(
            "dealing: exact, only deals meeting top4(north) >= 12 && top4(south) >= 3 (probability {} of all deals;",
            scientific(p)
        )),
        "{line}"
    );
    let run = dealvm_stdin("condition top4(north) >= 12 && top4(south) >= 3\nproduce 10\naction printoneline\n", &["-s", "2", "-g", "100000000000"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let tops = |holding: &str| holding.chars().filter(|c| "AKQJ".contains(*c)).count();
    for d in hands(&run.stdout) {
        assert!(d[0].iter().map(|h| tops(h)).sum::<usize>() >= 12 && d[2].iter().map(|h| tops(h)).sum::<usize>() >= 3);
    }
    // Controls on two seats, counted together: 0.233% of the deals, so every deal is dealt.
    let p = at_least(&[2, 1], 7, 4);
    let line = dealing("condition controls(north) >= 7 && controls(south) >= 4\nproduce 10000\n", &[]);
    assert!(line.ends_with(&format!("(controls(north) >= 7 && controls(south) >= 4) hold on {:.3}% of the deals)", 100.0 * p)), "{line}");
    // Two functions: the first one's terms are dealt, the other's are left to the condition.
    let line = dealing("condition hcp(north) >= 26 && controls(south) >= 6\nproduce 10000\n", &[]);
    assert!(line.starts_with("dealing: exact, only deals meeting hcp(north) >= 26 (probability"), "{line}");
}

#[test]
fn a_run_stops_the_sample_early_and_chooses_as_the_whole_sample_does() {
    use dealvm::api::run::choose_dealing;
    use dealvm_vm::machine::batch::Swap;
    let conditions = [
        "hcp(north) >= 12 && hcp(south) >= 12",
        "hcp(north) >= 15 && hcp(south) >= 15",
        "hcp(north) >= 20 && hcp(south) >= 15",
        "spades(north) >= 6 && spades(south) <= 1 && spades(east) <= 1",
        "shape(north, any 4333) && shape(south, 5xxx) && hcp(east) >= 10",
    ];
    for condition in conditions {
        let script = dealvm::Script::new(&format!("condition {condition}\nproduce 100000\ngenerate 100000000\n")).unwrap();
        let choose = |explain| choose_dealing(script.compiled(), Swap::default(), (100_000_000, 100_000), false, explain);
        let (run, shown) = (choose(false), choose(true));
        assert_eq!(run.dealt, shown.dealt, "{condition}");
        assert_eq!(run.exact.is_some(), shown.exact.is_some(), "{condition}");
        assert_eq!(run.impossible, shown.impossible, "{condition}");
        if shown.how.contains("(measured on 8192 deals)") {
            // Common for sure long before the end of the sample: a run deals no more of it.
            assert!(run.how.contains(" of 8192 deals)") && !run.how.contains("on 8192 of"), "{}", run.how);
        } else {
            assert_eq!(run.how, shown.how, "{condition}");
        }
    }
}
