//! Exact dealing from the condition: chi-square tests at fixed seeds against exact laws
//! computed here independently (suit-length tables counted by the product formula, points by
//! per-suit generating functions of holdings), agreement in law with `--rejection`,
//! determinism across thread counts, and the choice of strategy with its reasons.

use crate::common::dealvm_stdin;
use crate::randomness::{assert_fits, gamma_q};

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
    holding.chars().map(|c| match c { 'A' => 4, 'K' => 3, 'Q' => 2, 'J' => 1, _ => 0 }).sum()
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
    assert!(dealing(input, &[]).starts_with("dealing: exact"));
    assert!(dealing(input, &["--rejection"]).contains("--rejection"));
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
    assert!(run.stdout.contains("meeting spades(west)==9 && diamonds(east)==6 && clubs(east)==6 (probability 1.0799e-07 of all deals); Generated counts"), "{}", run.stdout);
    // Common terms, terms across seats, swapped seats, --rejection: every deal is dealt.
    let t2 = "condition shape(north, any 4333 + any 4432 + any 5332) and hcp(north)>=15 and hcp(north)<=17 and hearts(south)>=5\n";
    assert!(dealing(t2, &[]).contains("hold on about 0.858% of the deals"), "{}", dealing(t2, &[]));
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
    assert!(dealing(input, &[]).starts_with("dealing: exact"), "{}", dealing(input, &[]));
    let run = dealvm_stdin(input, &["-s", "4", "-p", "100", "-g", "1000000000000"]);
    for d in hands(&run.stdout) {
        assert_eq!(d[2][0].len(), 7);
        assert!(d[2].iter().map(|h| hcp(h)).sum::<usize>() >= 23);
    }
}
