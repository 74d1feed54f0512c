//! Golden cases: inputs with all 52 cards predealt and the exact outputs of DealerV2 (`.v2.out`)
//! and Debian's dealer (`.v1.out`), vendored from `shared/reference/golden` into
//! `tests/data/golden`, whose `cases.tsv` lists the runs. What each run must give is data too:
//! `tests/data/golden/expectations.tsv` (ours, not vendored) holds one row per run, the
//! expectation (`V2`, `V1`, `Fixed` or `Error` with its line, column and text) and the reason
//! where it is not DealerV2's output. A `Fixed` run's expected output is
//! `tests/data/expected/<run>.out`, and docs/guide/differences.md says why (see the golden
//! INDEX.md for the reference bugs). This file knows no case: a row naming no run, a run without
//! a row, an unknown expectation, a `Fixed` run without its file or a file of no `Fixed` run fails.
//!
//! Set `DEALVM_BLESS=1` to rewrite the files in `tests/data/expected` from the current output.

use crate::common::{data_dir, dealvm_in, normalise};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;

/// What a golden run must give (the `expect` column of `expectations.tsv`).
#[derive(Debug, PartialEq)]
enum Expect {
    /// Byte for byte DealerV2's output (our PBN `[Event]`/`[Generator]` tags name dealvm).
    V2,
    /// Debian dealer's output (DealerV2 has a bug there); only the trailer's spacing differs.
    V1,
    /// Our own output in `tests/data/expected/<run>.out`: a reference bug, fixed.
    Fixed,
    /// Refused: exit status 2 and a message pointing at `line:col` containing `text`.
    Error { line: usize, col: usize, text: String },
}

use Expect::*;

/// Our PBN tags written as DealerV2 writes them, to compare the rest byte for byte.
fn as_v2_tags(out: &str) -> String {
    out.replace("Hand simulated by dealvm with", "Hand simulated by DealerV2_4 with")
        .lines()
        .map(|l| if l.starts_with("[Generator \"dealvm ") { "[Generator \"Dealer Version 2.4 by Hans, Henk, and JGM\"]" } else { l })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// DealerV2's output without its notices on standard error that par and trix switch DDS to
/// its table mode (dealvm chooses how to solve by itself and says nothing).
fn without_mode_notices(out: &str) -> String {
    out.lines().filter(|l| !(l.starts_with("In csv_trix:: ") || l.starts_with("In ParScore:: "))).map(|l| format!("{l}\n")).collect()
}

/// Dealer's trailer says `Produced N hands`; DealerV2 (and we) `Produced  N hands`.
fn v1_trailer(out: &str) -> String {
    out.replace("\nProduced ", "\nProduced  ")
}

/// One run of `cases.tsv` with its row of `expectations.tsv`.
#[derive(Debug)]
struct Case {
    name: String,
    file: String,
    args: Vec<String>,
    golden: String,
    expect: Expect,
}

/// The rows of a tab-separated file that are neither comments nor blank, with their line numbers.
fn rows(tsv: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    tsv.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()).map(|(i, l)| (i + 1, l.split('\t').collect()))
}

/// The runs of `cases.tsv`, each with its input file and arguments, by name.
fn runs(cases_tsv: &str) -> Result<Vec<(String, String, Vec<String>)>, String> {
    rows(cases_tsv)
        .map(|(n, f)| {
            let [case, file, run, extra, ..] = f[..] else { return Err(format!("cases.tsv:{n}: fewer than 4 columns")) };
            let name = if run == "-" { case.to_string() } else { format!("{case}.{run}") };
            let args = if extra == "-" { Vec::new() } else { shell_words(extra) };
            Ok((name, file.to_string(), args))
        })
        .collect()
}

/// One row of `expectations.tsv` (`run expect line col text reason`): the run's name and what
/// it must give, or what is wrong with the row.
fn expectation(n: usize, f: &[&str]) -> Result<(String, Expect), String> {
    let [run, expect, line, col, text, reason] = f[..] else {
        return Err(format!("expectations.tsv:{n}: {} columns, not 6 (run, expect, line, col, text, reason)", f.len()));
    };
    let place = [line, col, text];
    let expect = match expect {
        "V2" | "V1" | "Fixed" if place != ["-"; 3] => return Err(format!("expectations.tsv:{n}: {run}: line, col and text are for Error only")),
        "V2" => V2,
        "V1" => V1,
        "Fixed" => Fixed,
        "Error" => match (line.parse(), col.parse()) {
            (Ok(line), Ok(col)) if text != "-" && !text.is_empty() => Error { line, col, text: text.to_string() },
            _ => return Err(format!("expectations.tsv:{n}: {run}: Error needs a line, a column and a text")),
        },
        word => return Err(format!("expectations.tsv:{n}: {run}: unknown expectation `{word}` (V2, V1, Fixed or Error)")),
    };
    if expect != V2 && (reason == "-" || reason.trim().is_empty()) {
        return Err(format!("expectations.tsv:{n}: {run}: {expect:?} needs a reason"));
    }
    Ok((run.to_string(), expect))
}

/// The golden runs, each with its expectation, from the texts of `cases.tsv` and
/// `expectations.tsv` and the names of the files in `tests/data/expected`; or every mistake
/// in them: a row that is not well formed, a run with no row or with two, a row naming no run,
/// a `Fixed` run without its expected file (unless `bless`, which writes it), a file no `Fixed`
/// run names.
fn golden_cases(cases_tsv: &str, expectations_tsv: &str, expected_files: &BTreeSet<String>, bless: bool) -> Result<Vec<Case>, Vec<String>> {
    let mut problems = Vec::new();
    let runs = runs(cases_tsv).map_err(|e| vec![e])?;
    let mut expectations = BTreeMap::new();
    for (n, f) in rows(expectations_tsv) {
        match expectation(n, &f) {
            Ok((run, expect)) => {
                if expectations.insert(run.clone(), expect).is_some() {
                    problems.push(format!("expectations.tsv:{n}: {run} has a row already"));
                }
            }
            Err(e) => problems.push(e),
        }
    }
    let names: BTreeSet<&str> = runs.iter().map(|(name, ..)| name.as_str()).collect();
    for run in expectations.keys().filter(|run| !names.contains(run.as_str())) {
        problems.push(format!("expectations.tsv: {run} is no run of cases.tsv"));
    }
    let mut cases = Vec::new();
    for (name, file, args) in runs {
        let Some(expect) = expectations.remove(&name) else {
            problems.push(format!("cases.tsv: {name} has no row in expectations.tsv"));
            continue;
        };
        if expect == Fixed && !bless && !expected_files.contains(&format!("{name}.out")) {
            problems.push(format!("{name} is Fixed but tests/data/expected/{name}.out is missing (DEALVM_BLESS=1 writes it)"));
        }
        cases.push(Case { golden: format!("{name}.v2.out"), name, file, args, expect });
    }
    let fixed: BTreeSet<String> = cases.iter().filter(|c| c.expect == Fixed).map(|c| format!("{}.out", c.name)).collect();
    for file in expected_files.difference(&fixed) {
        problems.push(format!("tests/data/expected/{file} belongs to no Fixed run"));
    }
    if problems.is_empty() {
        Ok(cases)
    } else {
        Err(problems)
    }
}

/// The golden runs of `tests/data`, each with its expectation; panics naming every mistake.
fn cases(bless: bool) -> Vec<Case> {
    let dir = data_dir().join("golden");
    let read = |name: &str| fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let expected: BTreeSet<String> = match fs::read_dir(data_dir().join("expected")) {
        Ok(entries) => entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect(),
        Err(_) => BTreeSet::new(),
    };
    golden_cases(&read("cases.tsv"), &read("expectations.tsv"), &expected, bless)
        .unwrap_or_else(|problems| panic!("the golden expectations are wrong:\n{}", problems.join("\n")))
}

/// Splits a command line written with single quotes, as in `cases.tsv`.
fn shell_words(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in s.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(cur);
    }
    words
}

#[test]
fn mistakes_in_the_expectations_fail() {
    let cases = "# case\tfile\trun\targs\nplain\tplain.dli\t-\t-\nvars\tvars.dls\tone\t-0 north\nbug\tbug.dli\t-\t-\n";
    let good = "plain\tV2\t-\t-\t-\t-\nvars.one\tError\t3\t4\tno value\twhy\nbug\tFixed\t-\t-\t-\tfixed\n";
    let files = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
    let check = |expectations: &str, expected: &[&str]| golden_cases(cases, expectations, &files(expected), false).err().unwrap_or_default();
    let fails = |expectations: &str, expected: &[&str], want: &str| {
        let problems = check(expectations, expected);
        assert!(problems.iter().any(|p| p.contains(want)), "want a problem with `{want}`, got {problems:?}");
    };
    assert_eq!(check(good, &["bug.out"]), Vec::<String>::new());
    let ok = golden_cases(cases, good, &files(&["bug.out"]), false).unwrap();
    assert_eq!(ok[1].expect, Error { line: 3, col: 4, text: "no value".into() });
    assert_eq!(ok[1].args, ["-0", "north"]);
    fails(&format!("{good}nosuch\tV2\t-\t-\t-\t-\n"), &["bug.out"], "nosuch is no run of cases.tsv");
    fails(&good.replace("plain\tV2", "plain\tV3"), &["bug.out"], "unknown expectation `V3`");
    fails(good, &[], "bug is Fixed but tests/data/expected/bug.out is missing");
    assert_eq!(golden_cases(cases, good, &files(&[]), true).map(|c| c.len()), Ok(3), "blessing writes the missing file");
    fails(good, &["bug.out", "old.out"], "old.out belongs to no Fixed run");
    fails(&good.replace("plain\tV2\t-\t-\t-\t-\n", ""), &["bug.out"], "plain has no row");
    fails(&format!("{good}plain\tV1\t-\t-\t-\twhy\n"), &["bug.out"], "plain has a row already");
    fails(&good.replace("\tfixed\n", "\t-\n"), &["bug.out"], "Fixed needs a reason");
    fails(&good.replace("\t3\t4\t", "\t3\t-\t"), &["bug.out"], "Error needs a line, a column and a text");
    fails(&good.replace("plain\tV2\t-\t-\t-", "plain\tV2\t1\t-\t-"), &["bug.out"], "for Error only");
    fails(&good.replace("plain\tV2\t-\t-\t-\t-", "plain\tV2"), &["bug.out"], "2 columns, not 6");
}

#[test]
fn every_golden_case_has_its_expected_result() {
    let dir = data_dir().join("golden");
    let bless = std::env::var_os("DEALVM_BLESS").is_some();
    let mut failures = Vec::new();
    let all = cases(bless);
    assert!(all.len() >= 85, "all golden runs are listed");
    for case in &all {
        let mut args: Vec<&str> = vec!["-s", "1"];
        args.extend(case.args.iter().map(String::as_str));
        args.push(&case.file);
        let run = dealvm_in(&dir, &args, None);
        let out = normalise(&run.stdout);
        let problem = match &case.expect {
            V2 => {
                let want = without_mode_notices(&fs::read_to_string(dir.join(&case.golden)).expect("golden output"));
                (run.status != 0 || as_v2_tags(&out) != want)
                    .then(|| format!("status {}, output differs from {}:\n{}{}", run.status, case.golden, out, run.stderr))
            }
            V1 => {
                let want = fs::read_to_string(dir.join(format!("{}.v1.out", case.name))).expect("v1 output");
                (run.status != 0 || out != v1_trailer(&want)).then(|| format!("status {}, output differs from the V1 output:\n{out}", run.status))
            }
            Fixed => {
                let path = data_dir().join("expected").join(format!("{}.out", case.name));
                if bless {
                    fs::create_dir_all(path.parent().unwrap()).unwrap();
                    fs::write(&path, as_v2_tags(&out)).unwrap();
                }
                let want = fs::read_to_string(&path).expect("the expected output");
                (run.status != 0 || as_v2_tags(&out) != want)
                    .then(|| format!("status {}, output differs from {}:\n{out}", run.status, path.display()))
            }
            Error { line, col, text } => {
                let place = format!("{}:{line}:{col}", case.file);
                (run.status != 2 || !run.stderr.contains(text.as_str()) || !run.stderr.contains(&place))
                    .then(|| format!("want status 2 and `{text}` at {place}; got status {}:\n{}", run.status, run.stderr))
            }
        };
        if let Some(p) = problem {
            failures.push(format!("--- {} ({:?}): {p}", case.name, case.expect));
        }
    }
    assert!(failures.is_empty(), "{} golden cases fail:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn fixed_outputs_differ_from_the_reference_only_where_it_is_wrong() {
    // Each fixed case must differ from DealerV2's output, and only on the lines the bug touches.
    let dir = data_dir().join("golden");
    let expected = data_dir().join("expected");
    let changed = |case: &str| -> Vec<(String, String)> {
        let ours = fs::read_to_string(expected.join(format!("{case}.out"))).unwrap();
        let theirs = fs::read_to_string(dir.join(format!("{case}.v2.out"))).unwrap_or_default();
        ours.lines().zip(theirs.lines()).filter(|(a, b)| a != b).map(|(a, b)| (a.to_string(), b.to_string())).collect()
    };
    // printall: only the lines with North's ten spades, now with a gap before East's suit.
    let d = changed("print_all_title");
    assert_eq!(d.len(), 2 * 5, "two deals, five lines each");
    assert!(d.iter().any(|(ours, _)| ours.contains("A K Q J T 9 8 7 6 5  ")));
    // vulnerable both: All, not None.
    let d = changed("print_pbn_vul_both");
    assert!(!d.is_empty() && d.iter().all(|(o, t)| o == "[Vulnerable \"All\"]" && t == "[Vulnerable \"None\"]"));
    // FD: a 10-card suit meets 7+ and 8+ (North of D2 holds ten spades).
    let d = changed("fn_shape_fd_7");
    assert_eq!(d.len(), 2);
    assert!(d.iter().all(|(o, t)| o.ends_with("1 0 0 0") && t.ends_with("0 0 0 0")), "{d:?}");
    // FD: [3-5]sxx[02468]c is 3-5 spades and even clubs: south's 4-4-3-2, not east's 3-3-2-5.
    let d = changed("bug_fd_mixed_letters");
    assert_eq!(d, vec![("[3-5]sxx[02468]c                       0 0 1 1".to_string(), "[3-5]sxx[02468]c                       0 1 0 1".to_string())]);
    // cccc as Dealer counts it: east of end_bktfreq_2d (a void and no doubleton, Dealer 21.85)
    // falls in the 21.50 row, not DealerV2's High; north of counts_dotnum (QT doubleton) is 20.45.
    let d = changed("end_bktfreq_2d");
    assert_eq!(d.len(), 2, "{d:?}");
    assert!(d[0].0.starts_with("2150  ") && d[0].0.ends_with(" 3") && d[1].0.starts_with("High  ") && d[1].1.ends_with(" 3"), "{d:?}");
    let d = changed("counts_dotnum");
    assert_eq!(
        d,
        vec![(
            "cccc(north) >= 20.20: 1  cccc(north) > 20.2: 1  cccc(north) == 2020: 0".to_string(),
            "cccc(north) >= 20.20: 1  cccc(north) > 20.2: 0  cccc(north) == 2020: 1".to_string()
        )]
    );
    // evalcontract of a slam: Missed Slam_pct is 0, not DealerV2's garbage.
    let d = changed("bug_evalcontract_slam");
    assert_eq!(d.len(), 1);
    assert!(d[0].0.contains("Missed Slam_pct=   0.00") && d[0].1.contains("Missed Slam_pct= 2500.00"), "{d:?}");
    // imps: only rows holding 411-420, 591-740 or 1191-1290.
    for (ours, theirs) in changed("fn_imps") {
        assert!(
            ["400..", "600..", "700..", "1200..", "431 ", "161 ", "1091 ", "negative"].iter().any(|k| ours.contains(k)),
            "unexpected change: {ours} / {theirs}"
        );
    }
}

/// The hands of a golden input, from its `predeal` lines: holdings per seat (N, E, S, W), each
/// as four strings spades first.
fn golden_hands(case: &str) -> Vec<[String; 4]> {
    let text = fs::read_to_string(data_dir().join("golden").join(format!("{case}.dli"))).unwrap();
    let mut hands = vec![[String::new(), String::new(), String::new(), String::new()]; 4];
    for line in text.lines().filter(|l| l.starts_with("predeal ")) {
        let mut words = line.split_whitespace().skip(1);
        let word = words.next();
        let seat = ["north", "east", "south", "west"].iter().position(|s| Some(*s) == word).unwrap();
        for holding in words.map(|w| w.trim_end_matches(',')) {
            let suit = "SHDC".find(&holding[..1]).unwrap();
            hands[seat][suit] = holding[1..].to_string();
        }
    }
    hands
}

/// The cases whose KnR lines (`cccc` and `quality`) DealerV2 and Dealer print differently.
const KNR_CASES: [&str; 9] = ["eval_D1", "eval_D2", "eval_D3", "eval_D5", "eval_D6", "eval_D7", "eval_D8", "eval_D9", "eval_D10"];

#[test]
fn knr_values_differ_from_dealerv2_exactly_by_its_revisions() {
    // dealvm counts `cccc` and `quality` as Dealer does (the golden cases above hold it to
    // Dealer's output); DealerV2 differs from both by exactly the four revisions docs/guide/differences.md names:
    // quality gains 0.5 x length/10 for a ten in a suit of 7+ cards, and cccc with it; a
    // doubleton queen is worth 0.25 less; a hand with a void or singleton and no doubleton keeps
    // the point Dealer takes off for the first doubleton; cccc is never below 0.
    let golden = data_dir().join("golden");
    let seats = ["north", "east", "south", "west"];
    let mut checked = 0;
    for case in KNR_CASES {
        let hands = golden_hands(case);
        let run = dealvm_in(&golden, &["-s", "1", &format!("{case}.dli")], None);
        assert_eq!(run.status, 0, "{case}: {}", run.stderr);
        let theirs = fs::read_to_string(golden.join(format!("{case}.v2.out"))).unwrap();
        for (a, b) in run.stdout.lines().zip(theirs.lines()) {
            if a == b || a.starts_with("Produced") || a.starts_with("Time") {
                continue;
            }
            // `length   north  10 2 1 0  cccc 3080  quality 1000 140 40 0`
            let fa: Vec<&str> = a.split_whitespace().collect();
            let fb: Vec<&str> = b.split_whitespace().collect();
            assert_eq!(fa[0], "length", "{case}: only the KnR line differs: {a}");
            let seat = seats.iter().position(|s| *s == fa[1]).unwrap();
            let num = |f: &Vec<&str>, i: usize| f[i].parse::<i32>().unwrap();
            let mut cccc_delta = 0;
            for (suit, holding) in hands[seat].iter().enumerate() {
                let len = num(&fa, 2 + suit);
                let q_delta = if len >= 7 && holding.contains('T') { 5 * len } else { 0 };
                assert_eq!(num(&fb, 9 + suit) - num(&fa, 9 + suit), q_delta, "{case} {a} / {b}");
                cccc_delta += q_delta;
                if len == 2 && holding.contains('Q') {
                    cccc_delta -= 25;
                }
            }
            let lengths: Vec<i32> = (0..4).map(|i| num(&fa, 2 + i)).collect();
            if !lengths.contains(&2) && lengths.iter().any(|&l| l < 2) {
                cccc_delta += 100;
            }
            let (ours_c, theirs_c) = (num(&fa, 7), num(&fb, 7));
            assert_eq!(theirs_c, (ours_c + cccc_delta).max(0), "{case} {a} / {b}");
            checked += 1;
        }
    }
    assert_eq!(checked, 24, "every hand the revisions touch is checked");
}
