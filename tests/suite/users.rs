//! The user-style scripts of `tests/data/users/` (timed against Dealer by `comparisons/users.sh`): there
//! are many, of the three kinds the benchmark reports on, and each one runs in dealvm and means
//! the same in dealvm and in the reference Dealer.
//!
//! The kinds, by the first letter of the file name: `a` practice scenarios that print every
//! deal they produce, `b` four-seat bidding scenarios with dozens of variables, `c` simulations
//! with dozens of `average` and `frequency` actions, `d` practice scenarios written the way
//! published ones are (calls of each seat as variables, auctions of calls joined by `and`,
//! auctions joined by `or` and `?:`, so that a seat is first read inside one branch). The comparison with Dealer is the one of
//! `scripts.rs` (the fraction of deals produced and every labelled `average`, within five
//! standard errors), on fewer deals: it is there to catch a script that the two programs read
//! differently, such as Debian Dealer's `altcount N`, which sets the values of `pt(N-2)`,
//! `altcount 0` those of `hcp` and `altcount 1` those of `controls` (and so of `losers`).

use crate::common::run_with_statistics;
use crate::scripts::{average_labels, count, disagreements};
use std::path::{Path, PathBuf};

/// The scripts' folder.
fn users_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/users")
}

/// The scripts, by file name in order: (file name, text).
fn scripts() -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(users_dir())
        .expect("tests/data/users")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".dli"))
        .collect();
    names.sort();
    names.into_iter().map(|n| (n.clone(), std::fs::read_to_string(users_dir().join(&n)).expect("a script"))).collect()
}

/// Whether a line defines a variable (`name = ...`).
fn is_definition(line: &str) -> bool {
    line.split_once('=').is_some_and(|(v, rest)| {
        let v = v.trim_end();
        let mut chars = v.chars();
        !rest.starts_with('=') && chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// The actions that print deals.
const PRINTING: [&str; 6] = ["printpbn", "printoneline", "printall", "printcompact", "printew", "print("];

#[test]
fn the_user_scripts_are_many_and_of_four_kinds() {
    let all = scripts();
    assert!(all.len() >= 40, "at least 40 scripts, found {}", all.len());
    for (kind, least) in [('a', 10), ('b', 10), ('c', 10), ('d', 8)] {
        let n = all.iter().filter(|(name, _)| name.starts_with(kind)).count();
        assert!(n >= least, "at least {least} scripts of kind {kind}, found {n}");
    }
    for (name, text) in &all {
        let stem = name.trim_end_matches(".dli");
        assert!(text.starts_with(&format!("# {stem}:")), "{name}: starts with a header naming it");
        assert!(!text.lines().any(|l| l.trim_start().starts_with("seed")), "{name}: no seed statement (the runs pass -s)");
        let vars = text.lines().filter(|l| is_definition(l)).count();
        let statistics = text.lines().filter(|l| l.trim_start().starts_with("average ") || l.trim_start().starts_with("frequency ")).count();
        let prints = PRINTING.iter().any(|p| text.lines().any(|l| l.trim_start().starts_with("action") && l.contains(p)));
        match &name[..1] {
            "a" => assert!(prints, "{name}: a practice scenario prints its deals"),
            "b" => assert!((30..=80).contains(&vars), "{name}: {vars} variables (30 to 80)"),
            "c" => assert!(statistics >= 20, "{name}: {statistics} average and frequency actions (20 or more)"),
            "d" => {
                // The condition made of the variables defined above it.
                let names: Vec<&str> = text.lines().filter(|l| is_definition(l)).filter_map(|l| l.split('=').next()).map(str::trim).collect();
                let condition = text.lines().find(|l| l.starts_with("condition")).unwrap_or_default();
                let reads = names.iter().filter(|n| condition.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == **n)).count();
                assert!(vars >= 5 && reads >= 1, "{name}: {vars} variables, the condition reads {reads} of them");
            }
            _ => panic!("{name}: the name starts with its kind, a, b, c or d"),
        }
        let mut labels = average_labels(text);
        let before = labels.len();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), before, "{name}: the labels of the averages differ");
    }
}

#[test]
fn every_user_script_runs_and_prints_in_dealvm() {
    for (name, text) in scripts() {
        let (run, statistics) = run_with_statistics(&users_dir(), &["-s", "1", "-g", "2000", "-p", "2000"], &name, &text);
        assert_eq!(run.status, 0, "{name}: {}", run.stderr);
        assert_eq!(count(&statistics, "Generated"), Some(2000), "{name}: no trailer in\n{statistics}");
        let produced = count(&statistics, "Produced").expect("a Produced line");
        if name.starts_with('a') {
            assert!(produced >= 50, "{name}: a practice scenario produces many deals, {produced} of 2000");
            let printed = run.stdout.lines().count() as u64;
            assert!(printed >= produced, "{name}: {printed} lines printed for {produced} deals");
        }
    }
}

/// Deals each program deals for each script in the comparison: Dealer takes 0.05 to 0.6 s for
/// them, about 4 s for all the scripts, dealvm running beside it.
const DEALS: u64 = 50_000;

#[test]
fn every_user_script_agrees_with_dealer() {
    let mut failures = Vec::new();
    for (name, text) in scripts() {
        failures.extend(disagreements(&users_dir(), &name, &text, DEALS, "7"));
    }
    assert!(failures.is_empty(), "the user scripts disagree with dealer:\n{}", failures.join("\n"));
}
