//! The choice of how to deal, and the compiling, are bounded by the run: a short run of a rare
//! condition deals by rejection without counting the terms together, a one-deal run counts
//! nothing and compiles plain, `--rejection` never counts, and a run long enough to repay the
//! counting still deals exactly. Checked through what a run shows (`--dump-bytecode`'s
//! `dealing:` line and its code, the warnings, the trailer), never through timing.

use crate::common::{data_dir, dealvm_stdin, prints_pbn_alone, run_with_statistics};
use crate::exact_dealing::dealing;

/// A teacher's script: a 20-21 balanced opener opposite a five-card heart suit with values, a
/// few deals printed. Rare (about one deal in 500), and South's points with North's are the
/// terms that cost most to count (two seats with points and shapes).
const TWO_NT: &str = "produce 2\n\
                      dealer south\n\
                      twoNT = shape(south, any 4333 + any 4432 + any 5332) and hcp(south) >= 20 and hcp(south) <= 21\n\
                      condition twoNT and hearts(north) >= 5 and hcp(north) >= 5\n\
                      action printoneline\n";

#[test]
fn a_short_run_of_a_rare_condition_deals_by_rejection_without_counting_them_together() {
    let line = dealing(TWO_NT, &[]);
    assert!(line.starts_with("dealing: every deal") && line.contains("would cost more than a third of dealing"), "{line}");
    assert!(!line.contains("states counted"), "{line}");
    let run = dealvm_stdin(TWO_NT, &["-s", "1"]);
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    assert!(run.stdout.contains("Produced  2 hands"), "{}", run.stdout);
    // The same condition in a run long enough to repay the counting is dealt exactly.
    let line = dealing(TWO_NT, &["-p", "20000", "-g", "1000000000"]);
    assert!(line.starts_with("dealing: exact, only deals meeting") && line.contains("states counted"), "{line}");
    // A one-deal run counts nothing, not even each seat alone.
    let line = dealing(TWO_NT, &["-g", "1"]);
    assert!(line.contains("a run of 1 random deal costs less than counting the terms"), "{line}");
}

#[test]
fn rejection_never_counts() {
    // No deal meets it: counting proves it (the run ends at once, with a warning), but
    // `--rejection` counts nothing and deals every deal of its budget, as Dealer does.
    let never = "produce 5\ncondition spades(north) == 7 && spades(south) == 7\n";
    let counted = dealvm_stdin(never, &["-s", "1", "-g", "20000"]);
    assert!(counted.stderr.contains("no deal can meet the condition"), "{}", counted.stderr);
    let dealt = dealvm_stdin(never, &["-s", "1", "-g", "20000", "--rejection"]);
    assert_eq!((dealt.status, dealt.stderr.as_str()), (0, ""));
    assert!(dealt.stdout.contains("Generated 20000 hands\nProduced  0 hands"), "{}", dealt.stdout);
    // One seat alone proves it too; not under --rejection.
    let alone = "produce 5\ncondition hcp(north) >= 38\n";
    assert!(dealvm_stdin(alone, &["-s", "1", "-g", "20000"]).stderr.contains("no deal can meet"));
    assert_eq!(dealvm_stdin(alone, &["-s", "1", "-g", "20000", "--rejection"]).stderr, "");
    for input in [never, alone, TWO_NT] {
        assert_eq!(dealing(input, &["--rejection"]), "dealing: every deal, testing the condition (--rejection)");
    }
}

#[test]
fn the_choice_reads_the_runs_limits_not_the_clock() {
    // The same script and limits, the same choice and the same deals, run after run.
    let one = dealvm_stdin(TWO_NT, &["-s", "7", "-p", "6"]);
    let two = dealvm_stdin(TWO_NT, &["-s", "7", "-p", "6"]);
    let deals = |out: &str| out.lines().filter(|l| !l.starts_with("Time")).collect::<Vec<_>>().join("\n");
    assert_eq!(deals(&one.stdout), deals(&two.stdout));
    assert_eq!(dealing(TWO_NT, &["-p", "6"]), dealing(TWO_NT, &["-p", "6"]));
}

#[test]
fn a_short_run_is_compiled_plain_with_the_same_output() {
    // Tabulating over the 8192 holdings and measuring the condition's operands on a sample
    // cost more than a run of a couple of thousand deals saves: such a run is compiled plain.
    let input = "condition top5(north, spades) >= 3 and hcp(north, spades) >= 5 and hcp(south) >= 10\naction printoneline\n";
    let code = |args: &[&str]| {
        let mut all = vec!["--dump-bytecode"];
        all.extend_from_slice(args);
        dealvm_stdin(input, &all).stdout
    };
    assert!(code(&[]).contains("suit.test"));
    assert!(!code(&["-g", "2000"]).contains("suit.test"));
    assert!(code(&["-g", "3000"]).contains("suit.test"));
    // A script's own `generate` counts as well.
    let short = format!("generate 2000\n{input}");
    assert!(!dealvm_stdin(&short, &["--dump-bytecode"]).stdout.contains("suit.test"));
    // The same deals as a run compiled with the tables, and as --plain.
    let out = |args: &[&str]| {
        let run = dealvm_stdin(input, args);
        assert_eq!(run.status, 0, "{}", run.stderr);
        run.stdout.lines().filter(|l| !l.starts_with("Time")).collect::<Vec<_>>().join("\n")
    };
    let short = out(&["-s", "3", "-g", "2000"]);
    assert_eq!(short, out(&["-s", "3", "-g", "2000", "--plain"]));
    let long = out(&["-s", "3", "-g", "50000"]);
    assert!(long.starts_with(&short[..short.find("Generated").expect("a trailer")]));
}

#[test]
fn published_scripts_run_as_written() {
    // Every script of tests/data/published/ runs as written and produces its deals; the rare
    // ones with `produce` of a few deals say why they deal every deal.
    let dir = data_dir().join("published");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("tests/data/published").map(|e| e.expect("an entry").path()).collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    for file in files {
        let name = file.to_str().expect("a path");
        let text = std::fs::read_to_string(&file).expect("a script");
        let produce: u64 = text.lines().find_map(|l| l.strip_prefix("produce ")).and_then(|n| n.trim().parse().ok()).expect("a produce line");
        assert!(text.starts_with("# Practises: "), "{name}: a header saying what it practises");
        let (run, statistics) = run_with_statistics(&dir, &["-s", "1"], name, &text);
        let warned = if prints_pbn_alone(&text) { run.stderr.replace(&statistics, "") } else { run.stderr.clone() };
        assert_eq!((run.status, warned.as_str()), (0, ""), "{name}");
        assert!(statistics.contains(&format!("Produced  {produce} hands")), "{name}\n{statistics}");
    }
}
