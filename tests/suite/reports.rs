//! Results a researcher can quote and a program can read: the standard errors and 95%
//! intervals of `--se` (checked against the exact laws of a hand's points and suit lengths,
//! and their coverage over many seeds), the JSON document of `--json` (read back and checked
//! figure by figure against the printed reports, and refused where an output file is), and
//! `--until-se` (stopping at the first batch whose standard error is small enough, on any
//! number of threads).

use crate::common::scratch;
use crate::common::{dealvm_in, normalise, Run};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// Runs dealvm in `dir` with `args`, checking that it succeeds.
fn run_ok(dir: &Path, args: &[&str]) -> Run {
    let out = dealvm_in(dir, args, None);
    assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    out
}

/// The JSON document a run printed on standard output (`--json -`).
fn document(dir: &Path, args: &[&str]) -> Value {
    let out = run_ok(dir, args);
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: not one JSON document ({e}): {}", out.stdout))
}

/// The numbers of a line of a report, in order (`3N` gives 3; a word without digits none).
fn numbers(line: &str) -> Vec<f64> {
    line.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|t| t.chars().any(|c| c.is_ascii_digit()))
        .map(|t| t.parse().unwrap_or_else(|_| panic!("`{t}` in `{line}`")))
        .collect()
}

/// Checks that the printed figures `printed`, rounded to `decimals`, are the document's `exact`.
fn agree(printed: &[f64], exact: &[f64], decimals: i32, what: &str) {
    assert_eq!(printed.len(), exact.len(), "{what}: {printed:?} against {exact:?}");
    let half = 0.5 * 10f64.powi(-decimals) + 1e-9;
    for (p, e) in printed.iter().zip(exact) {
        assert!((p - e).abs() <= half, "{what}: printed {p}, the document has {e}");
    }
}

/// A number of the document.
fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// An interval of the document, `[low, high]`.
fn interval(v: &Value) -> [f64; 2] {
    [num(&v[0]), num(&v[1])]
}

/// The binomial standard error of `count` of `n`.
fn binomial_se(count: u64, n: u64) -> f64 {
    let p = count as f64 / n as f64;
    (p * (1.0 - p) / n as f64).sqrt()
}

/// Checks a 1-D table's printed rows (after its `Description` line, at `lines[at]`) against
/// the document's `report`, with the `--se` columns; gives the line after the table.
fn check_table1(lines: &[&str], at: usize, report: &Value) -> usize {
    let n = report["n"].as_u64().unwrap();
    let mut rows: Vec<(&Value, Option<f64>)> = vec![(&report["below"], None)];
    rows.extend(report["cells"].as_array().unwrap().iter().map(|c| (c, Some(num(&c["from"])))));
    rows.push((&report["above"], None));
    let (mut i, mut cumulative) = (at + 2, 0u64);
    for (k, (cell, name)) in rows.iter().enumerate() {
        let count = cell["count"].as_u64().unwrap();
        // An empty Low or High row is not printed.
        if count == 0 && (k == 0 || k == rows.len() - 1) {
            continue;
        }
        cumulative += count;
        let p = num(&cell["proportion"]);
        assert!((num(&cell["standard_error"]) - binomial_se(count, n)).abs() < 1e-15, "{cell}");
        let [low, high] = interval(&cell["interval95"]);
        let mut want = vec![count as f64, 100.0 * p, 100.0 * cumulative as f64 / n as f64];
        want.extend([100.0 * num(&cell["standard_error"]), 100.0 * low, 100.0 * high, 100.0 * binomial_se(cumulative, n)]);
        let mut printed = numbers(lines[i]);
        if let Some(value) = name {
            assert_eq!(printed.remove(0), *value, "{}", lines[i]);
        }
        agree(&printed[..1], &want[..1], 0, lines[i]);
        agree(&printed[1..], &want[1..], 2, lines[i]);
        i += 1;
    }
    assert!(lines[i + 1].starts_with("Total") && numbers(lines[i + 1])[0] == n as f64, "{}", lines[i + 1]);
    i + 2
}

/// Checks a 2-D table's printed rows (after its `Description` line) against the document's
/// `counts`, with their sums.
fn check_table2(lines: &[&str], at: usize, report: &Value) {
    let row = |r: &Value| -> Vec<u64> { r.as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect() };
    let counts: Vec<Vec<u64>> = report["counts"].as_array().unwrap().iter().map(row).collect();
    for (r, row) in counts.iter().enumerate() {
        let printed: Vec<u64> = lines[at + 2 + r].split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
        let mut want = row.clone();
        want.push(row.iter().sum());
        assert_eq!(printed, want, "row {r}: {}", lines[at + 2 + r]);
    }
    let sums: Vec<u64> = lines[at + 2 + counts.len()].split_whitespace().skip(1).map(|t| t.parse().unwrap()).collect();
    assert_eq!(sums.last().copied(), report["n"].as_u64(), "the sum of all cells is n");
}

/// Checks an `average`'s two printed lines (`--se`) against the document's mean object.
fn check_average(line: &str, errors: &str, m: &Value) {
    let printed = numbers(line);
    agree(&printed[..3], &[num(&m["mean"]), num(&m["sd"]), num(&m["variance"])], 4, line);
    assert_eq!(printed[3], num(&m["n"]), "{line}");
    let (n, sum, sum_sq) = (num(&m["n"]), num(&m["sum"]), num(&m["sum_of_squares"]));
    assert!((num(&m["mean"]) - sum / n).abs() < 1e-9);
    let variance = (n * sum_sq - sum * sum) / (n * (n - 1.0));
    assert!((num(&m["variance"]) / variance - 1.0).abs() < 1e-9, "{m}");
    let se = num(&m["standard_error"]);
    assert!((se - (num(&m["variance"]) / n).sqrt()).abs() < 1e-12, "the standard error is sd/√n: {m}");
    let [low, high] = interval(&m["interval95"]);
    assert!((high - num(&m["mean"]) - 1.959964 * se).abs() < 1e-6 && (num(&m["mean"]) - low - 1.959964 * se).abs() < 1e-6);
    agree(&numbers(&errors.replace("95%", "")), &[se, low, high], 4, errors);
}

/// Checks `evalcontract`'s three printed lines (`--se`) against the document's report.
fn check_evalcontract(lines: &[&str], r: &Value) {
    let pct = |key: &str| 100.0 * num(&r[key]["proportion"]);
    let se = |key: &str| num(&r[key]["standard_error"]);
    let first = numbers(lines[0]);
    agree(&first[1..], &[num(&r["score"]["mean"]), pct("made"), pct("failed")], 2, lines[0]);
    let second = [pct("missed_games"), pct("missed_slams"), num(&r["missed_game_imps"]["mean"]), num(&r["missed_slam_imps"]["mean"])];
    agree(&numbers(lines[1]), &second, 2, lines[1]);
    let third = [se("score"), 100.0 * se("made"), 100.0 * se("failed"), 100.0 * se("missed_games"), 100.0 * se("missed_slams")];
    let third: Vec<f64> = third.into_iter().chain([se("missed_game_imps"), se("missed_slam_imps")]).collect();
    agree(&numbers(lines[2]), &third, 2, lines[2]);
    let tricks: Vec<u64> = r["tricks"].as_array().unwrap().iter().map(|t| t.as_u64().unwrap()).collect();
    assert_eq!(tricks.iter().sum::<u64>(), r["n"].as_u64().unwrap());
    assert_eq!(r["made"]["count"].as_u64().unwrap() + r["failed"]["count"].as_u64().unwrap(), r["n"].as_u64().unwrap());
}

/// Checks every report of `doc` against the printed output `text` of the same run (`--se`).
fn check_against_text(doc: &Value, text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    let find = |from: usize, what: &dyn Fn(&str) -> bool| from + lines[from..].iter().position(|l| what(l)).expect("the report is printed");
    let mut at = 0;
    for r in doc["reports"].as_array().unwrap() {
        let label = r["label"].as_str().unwrap_or("");
        match r["kind"].as_str().unwrap() {
            "average" => {
                at = find(at, &|l| l.contains("Mean="));
                assert!(lines[at].starts_with(&if label.is_empty() { "Mean=".to_string() } else { format!("{label}: Mean=") }));
                check_average(lines[at], lines[at + 1], r);
                at += 2;
            }
            "frequency" | "bktfreq" => {
                at = find(at, &|l| l.starts_with("Description:"));
                assert!(lines[at].contains(label), "{} for {label}", lines[at]);
                if r["dimensions"] == 1 {
                    at = check_table1(&lines, at, r);
                } else {
                    check_table2(&lines, at, r);
                    at += 1;
                }
            }
            "evalcontract" => {
                at = find(at, &|l| l.starts_with("Contract "));
                assert!(lines[at].contains(&format!(" by {}", r["side"].as_str().unwrap())), "{}", lines[at]);
                check_evalcontract(&lines[at..at + 3], r);
                at += 3;
            }
            other => panic!("unknown kind {other}"),
        }
    }
    let trailer = |what: &str| numbers(lines.iter().find(|l| l.starts_with(what)).unwrap())[0];
    assert_eq!(trailer("Generated"), num(&doc["generated"]));
    assert_eq!(trailer("Produced"), num(&doc["produced"]));
    assert_eq!(trailer("Initial random seed"), num(&doc["seed"]));
}

#[test]
fn the_json_document_reads_back_as_the_printed_reports() {
    let dir = scratch("readback");
    let script = "generate 30000\ncondition hcp(north) >= 10\n\
        action average \"north\" hcp(north), average hcp(south) - hcp(east),\n\
        frequency \"spades\" (spades(north), 3, 5),\n\
        frequency \"two\" (spades(north), 3, 5, hearts(north), 2, 4),\n\
        bktfreq \"south\" (hcp(south), 0, 20, 5),\n\
        bktfreq \"both\" (hcp(south), 0, 20, 5, hcp(east), 0, 20, 10)\n";
    fs::write(dir.join("stats.dli"), script).unwrap();
    let text = run_ok(&dir, &["-s", "7", "--se", "--json", "stats.json", "stats.dli"]);
    let doc: Value = serde_json::from_slice(&fs::read(dir.join("stats.json")).unwrap()).unwrap();
    let head = (doc["format"].as_str(), doc["version"].as_u64(), doc["stopped_by"].as_str());
    assert_eq!(head, (Some("dealvm-report"), Some(1), Some("generate")));
    assert_eq!(doc["reports"].as_array().unwrap().len(), 6);
    check_against_text(&doc, &text.stdout);
    // Standard output holds the document alone, the same one.
    let alone = run_ok(&dir, &["-s", "7", "--json", "-", "stats.dli"]);
    assert_eq!(alone.stdout.as_bytes(), fs::read(dir.join("stats.json")).unwrap());
    // evalcontract, solved double dummy over a few deals.
    let script = "generate 120\ncondition hcp(north) + hcp(south) >= 23\naction evalcontract(NS, z3N, nv), evalcontract(EW, z2Sx, vul)\n";
    fs::write(dir.join("eval.dli"), script).unwrap();
    let text = run_ok(&dir, &["-s", "2", "--se", "--json", "eval.json", "eval.dli"]);
    let doc: Value = serde_json::from_slice(&fs::read(dir.join("eval.json")).unwrap()).unwrap();
    assert_eq!(doc["reports"][1]["contract"], "2Sx");
    check_against_text(&doc, &text.stdout);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_default_reports_stay_dealers_and_se_only_adds() {
    let dir = scratch("layout");
    let script = "generate 20000\ncondition hcp(north) >= 12\n\
        action average \"north\" hcp(north), frequency \"spades\" (spades(north), 3, 5), bktfreq \"south\" (hcp(south), 0, 20, 5)\n";
    fs::write(dir.join("s.dli"), script).unwrap();
    let plain = run_ok(&dir, &["-s", "4", "s.dli"]).stdout;
    assert!(!plain.contains("Std Err") && !plain.contains("StdErr"), "{plain}");
    let errors = run_ok(&dir, &["-s", "4", "--se", "s.dli"]).stdout;
    // The --se output less its added line and columns is the default output.
    let stripped: Vec<String> = errors
        .lines()
        .filter(|l| !l.contains("Std Err="))
        .map(|l| match l.contains("StdErr") || l.contains("\t[") {
            true => l.split('\t').take(4).collect::<Vec<_>>().join("\t"),
            false => l.to_string(),
        })
        .collect();
    assert_eq!(normalise(&(stripped.join("\n") + "\n")), normalise(&plain));
    assert_eq!(errors.matches("Std Err=").count(), 1);
    fs::remove_dir_all(&dir).unwrap();
}

/// `C(n, k)` as a float.
fn choose(n: u64, k: u64) -> f64 {
    (0..k).map(|i| (n - i) as f64 / (i + 1) as f64).product()
}

/// The probability that a hand holds `k` cards of a suit.
fn suit_length(k: u64) -> f64 {
    choose(13, k) * choose(39, 13 - k) / choose(52, 13)
}

/// The variance of a hand's HCP: 13 cards drawn without replacement from the 52 values
/// (4 3 2 1 for A K Q J, four of each, 0 for the rest): 13·σ²·(52 − 13)/(52 − 1).
fn hcp_variance() -> f64 {
    let (mean, square) = (40.0 / 52.0, 120.0 / 52.0);
    13.0 * (square - mean * mean) * 39.0 / 51.0
}

#[test]
fn standard_errors_match_the_exact_laws() {
    let dir = scratch("laws");
    fs::write(dir.join("laws.dli"), "generate 200000\naction average hcp(north), frequency (spades(north), 0, 13)\n").unwrap();
    let doc = document(&dir, &["-s", "2027", "--json", "-", "laws.dli"]);
    let n = 200_000f64;
    let hcp = &doc["reports"][0];
    // The mean 10 and the variance 17.0588... of a hand's points.
    assert!((hcp_variance() - 17.058_823_529).abs() < 1e-8);
    let (mean, sd, se) = (num(&hcp["mean"]), num(&hcp["sd"]), num(&hcp["standard_error"]));
    let exact_se = (hcp_variance() / n).sqrt();
    assert!((sd / hcp_variance().sqrt() - 1.0).abs() < 0.01, "sd {sd}");
    assert!((se / exact_se - 1.0).abs() < 0.01, "standard error {se} against the exact {exact_se}");
    assert!((mean - 10.0).abs() < 4.0 * exact_se, "mean {mean}");
    let [low, high] = interval(&hcp["interval95"]);
    assert!(low < 10.0 && 10.0 < high, "[{low}, {high}]");
    // Each spade length's share against the hypergeometric law.
    let cells = doc["reports"][1]["cells"].as_array().unwrap();
    let mut covered = 0;
    for (k, cell) in cells.iter().enumerate() {
        let p = suit_length(k as u64);
        let (share, se) = (num(&cell["proportion"]), num(&cell["standard_error"]));
        let exact_se = (p * (1.0 - p) / n).sqrt();
        assert!((share - p).abs() <= 4.0 * exact_se + 1e-12, "{k} spades: {share} against {p}");
        if p > 0.01 {
            assert!((se / exact_se - 1.0).abs() < 0.05, "{k} spades: standard error {se} against the exact {exact_se}");
        }
        let [low, high] = interval(&cell["interval95"]);
        covered += usize::from(low <= p && p <= high);
    }
    assert_eq!(cells.len(), 14);
    assert!(covered >= 12, "Wilson's intervals cover the exact share in {covered} of 14 cells");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn intervals_cover_the_exact_figures_about_95_times_in_100() {
    let dir = scratch("coverage");
    fs::write(dir.join("c.dli"), "generate 400\naction average hcp(north), frequency (spades(north), 5, 5)\n").unwrap();
    let five = suit_length(5);
    let (mut means, mut shares) = (0, 0);
    let seeds = 60;
    for seed in 1..=seeds {
        let doc = document(&dir, &["-s", &seed.to_string(), "--json", "-", "c.dli"]);
        let [low, high] = interval(&doc["reports"][0]["interval95"]);
        means += usize::from(low <= 10.0 && 10.0 <= high);
        let [low, high] = interval(&doc["reports"][1]["cells"][0]["interval95"]);
        shares += usize::from(low <= five && five <= high);
    }
    // 57 expected of 60; 51 is 3.5 binomial standard deviations below.
    assert!((51..=60).contains(&means), "the mean's interval covers 10 in {means} of {seeds} runs");
    assert!((51..=60).contains(&shares), "Wilson's interval covers {five} in {shares} of {seeds} runs");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn until_se_stops_at_the_first_batch_that_reaches_it_on_any_thread_count() {
    let dir = scratch("until");
    fs::write(dir.join("u.dli"), "condition hcp(north) >= 12\naction average hcp(north), frequency (spades(north), 0, 13)\n").unwrap();
    let args = ["-s", "9", "--until-se", "0.02", "u.dli"];
    let with = |more: &[&'static str]| -> Vec<&'static str> { more.iter().copied().chain(args).collect() };
    let one = run_ok(&dir, &with(&["-R", "1"]));
    let three = run_ok(&dir, &with(&["-R", "3"]));
    assert_eq!(normalise(&one.stdout), normalise(&three.stdout));
    assert!(one.stdout.contains("Standard error of the first average 0.01"), "{}", one.stdout);
    assert!(one.stdout.contains(": --until-se 0.02 reached\n"), "{}", one.stdout);
    let doc = document(&dir, &with(&["--json", "-"]));
    let generated = doc["generated"].as_u64().unwrap();
    assert_eq!((doc["stopped_by"].as_str(), doc["until_se"].as_f64()), (Some("until-se"), Some(0.02)));
    assert!(generated.is_multiple_of(4096) && generated < 10_000_000, "{generated}");
    assert!(num(&doc["reports"][0]["standard_error"]) <= 0.02);
    // One batch fewer had not reached it.
    let before = document(&dir, &["-s", "9", "-g", &(generated - 4096).to_string(), "--json", "-", "u.dli"]);
    assert!(num(&before["reports"][0]["standard_error"]) > 0.02, "{before}");
    // -p still bounds the run.
    let produced = document(&dir, &with(&["-p", "100", "--json", "-"]));
    assert_eq!((produced["produced"].as_u64(), produced["stopped_by"].as_str()), (Some(100), Some("produce")));
    // Not reached within -g: said so.
    let short = run_ok(&dir, &["-s", "9", "-g", "5000", "--until-se", "0.02", "u.dli"]);
    assert!(short.stdout.contains(": --until-se 0.02 not reached\n"), "{}", short.stdout);
    fs::remove_dir_all(&dir).unwrap();
}

/// Checks that `args` in `dir` is refused with exit status 2 and a message containing `want`.
fn refused(dir: &Path, args: &[&str], want: &str) {
    let out = dealvm_in(dir, args, None);
    assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
    assert!(out.stderr.contains(want), "{args:?}: {}", out.stderr);
}

#[test]
fn bad_switches_and_json_outputs_are_refused_like_the_other_outputs() {
    let dir = scratch("refused");
    fs::write(dir.join("a.dli"), "generate 1000\naction average hcp(north)\n").unwrap();
    fs::write(dir.join("p.dli"), "generate 1000\naction printoneline, average hcp(north)\n").unwrap();
    fs::write(dir.join("f.dli"), "generate 1000\naction frequency (hcp(north), 0, 5)\n").unwrap();
    fs::write(dir.join("div.dli"), "generate 1000\naction average 10 / (hcp(north) - hcp(north))\n").unwrap();
    refused(&dir, &["--until-se", "0", "a.dli"], "--until-se takes the standard error to stop at, a positive number");
    refused(&dir, &["--until-se", "-1", "a.dli"], "found `-1`");
    refused(&dir, &["--until-se", "0.1", "f.dli"], "the input has no `average` action");
    refused(&dir, &["--until-se", "0.1", "--pbn", "x.pbn", "f.dli"], "no `average` action");
    refused(&dir, &["--json", "-", "p.dli"], "where the action `printoneline` prints too");
    refused(&dir, &["--json", "-", "--pbn", "-", "a.dli"], "both write to standard output");
    refused(&dir, &["--json", "x.out", "--pbn", "x.out", "a.dli"], "both name the file `x.out`");
    // Over a Dealer input file, or a PBN file: left as it was.
    refused(&dir, &["--json", "f.dli", "a.dli"], "is a Dealer input file");
    run_ok(&dir, &["-s", "1", "--pbn", "b.pbn", "a.dli"]);
    refused(&dir, &["--json", "b.pbn", "a.dli"], "is a PBN file");
    assert_eq!(fs::read_to_string(dir.join("f.dli")).unwrap(), "generate 1000\naction frequency (hcp(north), 0, 5)\n");
    refused(&dir, &["--json", ".", "a.dli"], "it is a folder");
    // A run that fails writes no document, and leaves the old one.
    fs::write(dir.join("old.json"), "{}\n").unwrap();
    refused(&dir, &["--json", "old.json", "div.dli"], "division by zero");
    assert_eq!(fs::read_to_string(dir.join("old.json")).unwrap(), "{}\n");
    // A run that succeeds replaces it; another output does not.
    run_ok(&dir, &["--json", "old.json", "a.dli"]);
    let doc: Value = serde_json::from_slice(&fs::read(dir.join("old.json")).unwrap()).unwrap();
    assert_eq!(doc["generated"], 1000);
    refused(&dir, &["--pbn", "old.json", "a.dli"], "is a JSON file: dealvm will not replace it with PBN output");
    fs::remove_dir_all(&dir).unwrap();
}
