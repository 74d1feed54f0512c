//! Exact dealing in Dealer's law: each deal dealt stands for the random deals up to it, so
//! `Generated`, `Produced` and the `generate` budget have the law of a `--rejection` run.
//! Over many seeds, the trailer's counts against the exact binomial and negative binomial laws
//! and against `--rejection` runs (chi-square tests at fixed seeds); the lines that say what
//! is dealt, with the exact probability of the terms dealt; and runs no deal can meet.

use crate::common::{dealvm_stdin, reference_run, Run};
use crate::exact_dealing::dealing;
use crate::randomness::{assert_fits, both_at_least, hcp_distribution, same_law_p};
use dealvm_vm::card::{Card, Hand, ALL_CARDS};

/// The `Generated` and `Produced` counts of a run's trailer.
fn counts(run: &Run) -> (u64, u64) {
    assert_eq!(run.status, 0, "{}", run.stderr);
    let field = |name: &str| -> u64 {
        let line = run.stdout.lines().find_map(|l| l.strip_prefix(name)).unwrap_or_else(|| panic!("a {name} line: {}", run.stdout));
        line.trim().trim_end_matches(" hands").parse().expect("a count")
    };
    (field("Generated"), field("Produced"))
}

/// `ln C(n, k)` for a small `k`.
fn ln_choose(n: u64, k: u64) -> f64 {
    (0..k).map(|i| ((n - i) as f64).ln() - ((i + 1) as f64).ln()).sum()
}

/// `P(Bin(n, q) = k)`.
fn binomial(n: u64, q: f64, k: u64) -> f64 {
    if k > n {
        return 0.0;
    }
    (ln_choose(n, k) + k as f64 * q.ln() + (n - k) as f64 * (-q).ln_1p()).exp()
}

/// The law of a run's trailer when each of its `budget` random deals meets the condition with
/// probability `q` and the run stops at `produce`: cells `0..produce` for the runs that
/// produced that many (all `budget` deals generated), then one cell per bin of the place of
/// the `produce`-th deal, the bins ending at `edges` (the last one at `budget`).
fn trailer_law(q: f64, budget: u64, produce: u64, edges: &[u64]) -> Vec<f64> {
    let reached = |t: u64| 1.0 - (0..produce).map(|k| binomial(t, q, k)).sum::<f64>();
    let mut law: Vec<f64> = (0..produce).map(|k| binomial(budget, q, k)).collect();
    let mut before = 0.0;
    for &t in edges {
        let up_to = reached(t);
        law.push(up_to - before);
        before = up_to;
    }
    law
}

/// The cell of a trailer's counts in [`trailer_law`]'s cells.
fn trailer_cell((generated, produced): (u64, u64), budget: u64, produce: u64, edges: &[u64]) -> usize {
    if produced < produce {
        assert_eq!(generated, budget, "a run that stops short of its produce count generates its budget");
        return produced as usize;
    }
    assert!(generated <= budget, "{generated} generated within a budget of {budget}");
    produce as usize + edges.iter().position(|&t| generated <= t).expect("within the budget")
}

/// The trailers of `input` run with seeds `seeds` and the switches `args`.
fn trailers(input: &str, args: &[&str], seeds: std::ops::Range<u64>) -> Vec<Run> {
    seeds
        .map(|seed| {
            let seed = seed.to_string();
            let mut all = vec!["-s", seed.as_str(), "-R", "1"];
            all.extend_from_slice(args);
            dealvm_stdin(input, &all)
        })
        .collect()
}

/// The probability that a hand holds at least `min` points.
fn at_least(min: usize) -> f64 {
    hcp_distribution(Hand::EMPTY, ALL_CARDS, 13)[min..].iter().sum()
}

#[test]
fn generated_and_produced_have_the_law_of_rejection_runs() {
    // North's 25 points or more: q = 4.6e-4; 200,000 deals hold 92 of them on average, and
    // the run stops at 60 (a run long enough to repay the counting: a shorter one deals every
    // deal).
    let input = "condition hcp(north) >= 25\nproduce 60\naction printoneline, average hcp(south)\n";
    let (budget, produce) = (200_000, 60);
    assert!(dealing(input, &["-g", "200000"]).starts_with("dealing: exact"));
    let q = at_least(25);
    let edges: Vec<u64> = (1..=8).map(|j| budget * j / 8).collect();
    let law = trailer_law(q, budget, produce, &edges);
    let mut seen = [vec![0u64; law.len()], vec![0u64; law.len()]];
    for (i, args) in [&["-g", "200000"][..], &["-g", "200000", "--rejection"]].iter().enumerate() {
        for run in trailers(input, args, 1..301) {
            let (generated, produced) = counts(&run);
            seen[i][trailer_cell((generated, produced), budget, produce, &edges)] += 1;
            // The deals printed and counted are the deals produced within the budget.
            assert_eq!(run.stdout.lines().filter(|l| l.starts_with("n ")).count() as u64, produced);
            assert!(run.stdout.contains(&format!("Sample Size={produced} ")), "{}", run.stdout);
        }
    }
    assert_fits("exact runs' trailers against the binomial and negative binomial laws", &seen[0], &law);
    assert_fits("--rejection runs' trailers against the same laws", &seen[1], &law);
    let p = same_law_p(&seen[0], &seen[1]);
    assert!(p > 1e-4, "exact and --rejection runs differ: p-value {p:.2e}\n{:?}\n{:?}", seen[0], seen[1]);
    // Swapping East and West: each deal dealt gives two deals, both produced, and Generated
    // counts both, as Dealer counts them.
    let mut seen = [vec![0u64; law.len()], vec![0u64; law.len()]];
    for (i, args) in [&["-g", "200000", "-x", "2"][..], &["-g", "200000", "-x", "2", "--rejection"]].iter().enumerate() {
        for run in trailers(input, args, 1..151) {
            let (generated, produced) = counts(&run);
            seen[i][trailer_cell((generated, produced), budget, produce, &edges)] += 1;
            assert!(produced % 2 == 0 && (produced < produce || generated % 2 == 0), "{generated} {produced}");
        }
    }
    let p = same_law_p(&seen[0], &seen[1]);
    assert!(p > 1e-4, "exact and --rejection runs differ with -x 2: p-value {p:.2e}\n{:?}\n{:?}", seen[0], seen[1]);
}

#[test]
fn points_on_two_seats_follow_dealers_law() {
    // North 20+ and South 15+: q = 8.7498e-5 from the split of the honours, so 50,000 deals
    // hold 4.4 of them on average; the run stops at 3.
    let input = "condition hcp(north) >= 20 && hcp(south) >= 15\nproduce 3\naction printoneline\n";
    let (budget, produce) = (50_000, 3);
    assert!(dealing(input, &["-g", "50000"]).starts_with("dealing: exact"));
    let q = both_at_least(20, 15);
    let edges: Vec<u64> = (1..=6).map(|j| budget * j / 6).collect();
    let law = trailer_law(q, budget, produce, &edges);
    let mut seen = [vec![0u64; law.len()], vec![0u64; law.len()]];
    for (i, args) in [&["-g", "50000"][..], &["-g", "50000", "--rejection"]].iter().enumerate() {
        for run in trailers(input, args, 1..301) {
            seen[i][trailer_cell(counts(&run), budget, produce, &edges)] += 1;
        }
    }
    assert_fits("exact runs' trailers against the binomial and negative binomial laws", &seen[0], &law);
    assert_fits("--rejection runs' trailers against the same laws", &seen[1], &law);
    let p = same_law_p(&seen[0], &seen[1]);
    assert!(p > 1e-4, "exact and --rejection runs differ: p-value {p:.2e}\n{:?}\n{:?}", seen[0], seen[1]);
}

#[test]
fn a_condition_met_once_in_ten_million_follows_dealers_law_in_any_budget() {
    // Pavlicek's example: 556,991,252,532,000 ways for West's and East's hands, times the
    // ways to share the rest, among the 5.36e28 deals.
    let q = 556_991_252_532_000f64 * 10_400_600f64 / 53_644_737_765_488_792_839_237_440_000f64;
    let input = "condition spades(west)==9 and diamonds(east)==6 and clubs(east)==6\nproduce 3\naction printoneline\n";
    let (budget, produce) = (50_000_000, 3);
    let edges: Vec<u64> = (1..=6).map(|j| budget * j / 6).collect();
    let law = trailer_law(q, budget, produce, &edges);
    let mut seen = vec![0u64; law.len()];
    for run in trailers(input, &["-g", "50000000"], 1..301) {
        seen[trailer_cell(counts(&run), budget, produce, &edges)] += 1;
    }
    assert_fits("the trailers of a one-in-10^7 condition", &seen, &law);
    // Dealer's default budget holds about one such deal; `generate 1000`, none (as Dealer).
    let (generated, produced) = counts(&dealvm_stdin(&format!("generate 1000\n{input}"), &["-s", "1"]));
    assert_eq!((generated, produced), (1000, 0));
}

#[test]
fn a_budget_over_many_batches_generates_the_binomial_number_of_deals() {
    // 2.4 batches of exact dealing (8.4M deals each at this rarity): Produced ~ Bin(2e7, q).
    let input = "condition hcp(north) >= 25\nproduce 100000\naction average hcp(south)\n";
    let q = at_least(25);
    let n = 20_000_000f64;
    let (mean, sd) = (n * q, (n * q * (1.0 - q)).sqrt());
    let mut square_sum = 0.0;
    let runs = trailers(input, &["-g", "20000000"], 1..31);
    for run in &runs {
        let (generated, produced) = counts(run);
        assert_eq!(generated, 20_000_000);
        square_sum += ((produced as f64 - mean) / sd).powi(2);
    }
    // A chi-square of 30 degrees of freedom: above 59.7 one time in 1000.
    assert!(square_sum < 59.7 && square_sum > 13.8, "sum of squared z-scores {square_sum}");
    // The same on any number of threads, and in pieces.
    let one = runs[0].stdout.lines().filter(|l| !l.starts_with("Time")).collect::<Vec<_>>();
    for threads in ["2", "3"] {
        let run = dealvm_stdin(input, &["-s", "1", "-g", "20000000", "-R", threads]);
        assert_eq!(run.stdout.lines().filter(|l| !l.starts_with("Time")).collect::<Vec<_>>(), one, "-R {threads}");
    }
}

#[test]
fn the_lines_name_the_terms_dealt_and_their_exact_probability() {
    let all = |seat_hcp: &[f64], min: usize| seat_hcp[min..].iter().sum::<f64>();
    let hcp = hcp_distribution(Hand::EMPTY, ALL_CARDS, 13);
    // North's and South's points are both dealt: the line names both, with their joint
    // probability (not North's alone, nor a product).
    let input = "condition hcp(north) >= 28 && hcp(south) >= 5\nproduce 3\naction printoneline\n";
    let line = dealing(input, &[]);
    let p = both_at_least(28, 5);
    assert!((p / all(&hcp, 28) - 1.0).abs() > 1e-3, "the joint probability differs from North's alone");
    let shown = format!("only deals meeting hcp(north) >= 28 && hcp(south) >= 5 (probability {} of all deals;", scientific(p));
    assert!(line.contains(&shown), "{line}\nwanted {shown}");
    let run = dealvm_stdin(input, &["-s", "1"]);
    let wanted = format!(
        "Exact dealing: dealt only deals meeting hcp(north) >= 28 && hcp(south) >= 5 (probability {} of all deals); Generated counts the random deals Dealer would have dealt\n",
        scientific(p)
    );
    assert!(run.stdout.ends_with(&wanted), "{}", run.stdout);
    // Through a variable: West's points are dealt with North's, and named.
    let line = dealing("strong = hcp(north) >= 26\ncondition strong && spades(west)>=5 && hcp(west)>=3\nproduce 3000\n", &[]);
    assert!(line.contains("only deals meeting hcp(north) >= 26 && spades(west)>=5 && hcp(west)>=3 (probability "), "{line}");
    // Through a variable, with more states than the counting allows for all the terms: South's
    // points are left to the condition, and not named.
    let input = "strong = shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17\n\
                 condition strong && hcp(south) >= 8 && hcp(south) <= 10 && hearts(south) >= 5 && spades(west) >= 6\nproduce 3000\n";
    let line = dealing(input, &[]);
    assert!(line.contains("hcp(north) <= 17 && hearts(south) >= 5 && spades(west) >= 6 (probability ") && !line.contains("hcp(south)"), "{line}");
    // Points with a hole: the range around them is what is dealt.
    let line = dealing("condition hcp(north) == 24 || hcp(north) == 26\nproduce 3000\n", &[]);
    let p = hcp[24] + hcp[25] + hcp[26];
    assert!(line.contains(&format!("only deals meeting hcp(north) >= 24 && hcp(north) <= 26 (probability {} of", scientific(p))), "{line}");
    // A predeal: the probability is among the deals that meet it.
    let sa = Hand::EMPTY.with(Card::parse("AS").unwrap());
    let around = hcp_distribution(sa, ALL_CARDS & !sa.0, 12);
    let line = dealing("predeal north SA\ncondition hcp(north) >= 26\nproduce 3000\n", &[]);
    let wanted = format!("only deals meeting hcp(north) >= 26 (probability {} of the deals that meet the predeal;", scientific(all(&around, 26)));
    assert!(line.contains(&wanted), "{line}\nwanted {wanted}");
    // Swapping moves West: its term is left to the condition, and not named.
    let line = dealing("condition hcp(north) >= 26 && spades(west) >= 5\nproduce 3000\n", &["-x", "2"]);
    assert!(line.contains(&format!("only deals meeting hcp(north) >= 26 (probability {} of all deals;", scientific(all(&hcp, 26)))), "{line}");
}

/// A probability as the run prints it (`%.4e` in C).
fn scientific(p: f64) -> String {
    dealvm::source::exact::scientific(p)
}

#[test]
fn a_condition_no_deal_meets_ends_at_once_as_dealer_ends() {
    for (condition, reason) in [
        ("hcp(north) >= 38", "no deal meets hcp(north) >= 38 (counted exactly)"),
        ("spades(north)==7 && spades(south)==7", "no deal meets spades(north)==7 && spades(south)==7 (counted exactly)"),
        // Common seat by seat, impossible together.
        (
            "spades(north) >= 5 && spades(south) >= 5 && spades(east) >= 4",
            "no deal meets spades(north) >= 5 && spades(south) >= 5 && spades(east) >= 4 (counted",
        ),
        ("hcp(north) > 40", "it is false whatever the deal"),
    ] {
        // A run long enough to repay the counting (a short one deals its deals, as Dealer).
        let input = format!("generate 1000000\nproduce 100000\ncondition {condition}\naction printoneline\n");
        let ours = dealvm_stdin(&input, &["-s", "1"]);
        assert_eq!(counts(&ours), (1000000, 0), "{condition}");
        assert!(ours.stderr.starts_with("warning: no deal can meet the condition: "), "{}", ours.stderr);
        assert!(ours.stderr.contains(reason), "{condition}: {}", ours.stderr);
        // Dealer, which deals its deals, ends with the same counts.
        let theirs = reference_run(&input, &["-s", "1"]);
        assert!(theirs.stdout.contains("Generated 1000000 hands\nProduced 0 hands\n"), "{}", theirs.stdout);
        assert!(dealing(&input, &[]).starts_with("dealing: none"), "{}", dealing(&input, &[]));
    }
    // Dealer's default budget, statistics that stop at no produce count, and a predeal.
    let start = std::time::Instant::now();
    let input = "predeal north SA\ncondition hcp(south) >= 37\naction average hcp(south)\n";
    let run = dealvm_stdin(input, &["-s", "1"]);
    assert_eq!(counts(&run), (10_000_000, 0));
    assert!(run.stderr.contains("no deal that meets the predeal meets hcp(south) >= 37"), "{}", run.stderr);
    assert!(run.stdout.contains("Sample Size=0"), "{}", run.stdout);
    assert!(start.elapsed().as_secs_f64() < 2.0, "ended at once: {:?}", start.elapsed());
    // A condition that some deal meets is not refused, however rare.
    let run = dealvm_stdin("condition hcp(north) >= 37\nproduce 1\naction printoneline\n", &["-s", "1", "-g", "10000000000000"]);
    assert_eq!(counts(&run).1, 1, "{}", run.stderr);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn any_card_values_deal_exactly_in_the_law_of_rejection_or_are_refused_with_their_place() {
    // `pointcount` and `altcount` vectors of every kind: zeros, negatives, decimals, values
    // up to 2^31 - 1. Those beyond ±10,000,000 are refused at the value, with the range;
    // the others deal a rare condition on them exactly (when the counting takes the values)
    // or by shapes only, and the runs have the law of `--rejection` runs: the share of deals
    // produced and the averages agree within five standard errors.
    let pool =
        ["0", "1", "2", "3", "4", "-1", "-3", "1.5", "0.25", "4.00", "10000000", "-10000000", "99999.99", "2147483647", "-2147483648", "10000001"];
    let mut state = 0x5EED_CA7Du64;
    let mut pick = |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    let (mut refused, mut compared, mut counted, mut failures) = (0, 0, 0, Vec::new());
    for case in 0..40 {
        // Half the vectors the counting takes (small values on at most five ranks), half of
        // any values.
        let values: Vec<&str> = match case % 4 < 2 {
            true => (0..1 + pick(5)).map(|_| pool[pick(5)]).collect(),
            false => (0..1 + pick(13)).map(|_| pool[pick(pool.len())]).collect(),
        };
        let (statement, count) = if case % 2 == 0 { ("pointcount".to_string(), "hcp") } else { ("altcount 3".to_string(), "pt3") };
        let threshold = ["1", "2", "3", "4", "0", "-2", "0.50"][pick(7)];
        let text = format!(
            "{statement} {}\ncondition shape(east, any 9xxx) and {count}(east) >= {threshold}\nproduce 60\naction average {count}(east), average {count}(east, spades)\n",
            values.join(" ")
        );
        let script = match dealvm::Script::new(&text) {
            Ok(script) => script,
            Err(e) => {
                // A value as the language reads it: a decimal number in hundredths.
                let value = |v: &str| match v.split_once('.') {
                    Some((whole, cents)) => format!("{whole}{cents:0<2}").parse::<i64>().expect("a number"),
                    None => v.parse::<i64>().expect("a number"),
                };
                let out_of_range = values.iter().any(|v| value(v).abs() > 10_000_000);
                assert!(out_of_range, "case {case}: refused\n{text}{e}");
                assert!(e.to_string().contains("out of range") && e.to_string().contains("script:1:"), "case {case}: {e}");
                refused += 1;
                continue;
            }
        };
        // Whether exact dealing counts the points (else it meets the shapes only).
        let deals = 2_000_000;
        let compiled = script.compiled();
        let limits = dealvm::api::run::dealer_limits(&compiled.settings, Some(deals), None, compiled.prints_deals, None, 1);
        let choice = dealvm::api::run::choose_dealing(compiled, dealvm_vm::machine::batch::Swap::None, limits, false, false);
        if choice.exact.is_some() && choice.how.contains(&format!("{count}(east) >=")) {
            counted += 1;
        }
        let ours = script.run().seed(case + 1).generate(deals).statistics().expect("a run");
        let theirs = script.run().seed(case + 1001).generate(deals).rejection(true).statistics().expect("a run");
        compared += 1;
        let (n1, n2) = (ours.generated as f64, theirs.generated as f64);
        let p = (ours.produced + theirs.produced) as f64 / (n1 + n2);
        let se = (p * (1.0 - p) * (1.0 / n1 + 1.0 / n2)).sqrt().max(1.0 / n1.min(n2));
        if (ours.produced as f64 / n1 - theirs.produced as f64 / n2).abs() > 5.0 * se {
            failures.push(format!(
                "case {case}: {} of {} exactly, {} of {} by rejection\n{text}",
                ours.produced, ours.generated, theirs.produced, theirs.generated
            ));
        }
        for (a, b) in ours.statistics.iter().zip(&theirs.statistics) {
            let (dealvm::Statistic::Average(a), dealvm::Statistic::Average(b)) = (a, b) else { continue };
            if a.n.min(b.n) < 20 {
                continue;
            }
            let (Some(ma), Some(mb), Some(sa), Some(sb)) = (a.mean(), b.mean(), a.standard_error(), b.standard_error()) else { continue };
            if (ma - mb).abs() > 5.0 * (sa * sa + sb * sb).sqrt().max(1e-9) {
                failures.push(format!("case {case}: an average is {ma} exactly and {mb} by rejection\n{text}"));
            }
        }
    }
    println!("{refused} refused, {compared} compared, {counted} dealt exactly counting points");
    assert!(refused >= 5 && compared >= 15 && counted >= 3, "{refused} refused, {compared} compared, {counted} dealt exactly counting points");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
