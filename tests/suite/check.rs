//! `dealvm check` and the classic Dealers' refusals and echoes under `--classic`, against the
//! references: the corpus `tests/data/check/*.dli` (one construct a file; `expected.tsv` gives
//! each file's findings per dialect), every finding for Debian's dealer confirmed by running
//! `/usr/games/dealer` on it, the scripts it runs found clean, `--classic` byte for byte with
//! it on every file of the corpus, and `dealer.exe`'s grouping against its reference outputs.

use crate::common::{data_dir, dealvm_in, normalise, reference_dealer, run_command, Run};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The corpus folder.
fn corpus() -> PathBuf {
    data_dir().join("check")
}

/// The expected findings: for each file and dialect, the places `line:column` in order.
fn expected() -> BTreeMap<(String, String), Vec<String>> {
    let text = std::fs::read_to_string(corpus().join("expected.tsv")).unwrap();
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "expected.tsv: {line}");
        let places = if fields[2] == "-" { Vec::new() } else { fields[2].split(' ').map(str::to_string).collect() };
        out.insert((fields[0].to_string(), fields[1].to_string()), places);
    }
    out
}

/// `dealvm check --dialect DIALECT FILE` in `dir`.
fn check(dir: &Path, dialect: &str, file: &str) -> Run {
    dealvm_in(dir, &["check", "--dialect", dialect, file], None)
}

/// The places (`line:column`) of the findings `dealvm check` printed.
fn places(run: &Run) -> Vec<String> {
    run.stdout
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("--> "))
        .map(|p| p.rsplitn(3, ':').take(2).collect::<Vec<_>>())
        .map(|v| format!("{}:{}", v[1], v[0]))
        .collect()
}

/// Runs `/usr/games/dealer` with `args` in `dir`.
fn dealer_in(dir: &Path, args: &[&str]) -> Run {
    let mut command = Command::new(reference_dealer());
    command.args(args).current_dir(dir);
    run_command(command, None)
}

/// The corpus files.
fn corpus_files() -> Vec<String> {
    let mut files: Vec<String> =
        std::fs::read_dir(corpus()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).filter(|n| n.ends_with(".dli")).collect();
    files.sort();
    files
}

/// The files of the corpus that dealvm refuses (Dealer's `x4Sx` for a doubled contract, a
/// DealerV2 word as a variable's name), whichever Dealer `check` asks about.
const REFUSED_BY_DEALVM: [&str; 2] = ["doubled-contract.dli", "opener-variable.dli"];

#[test]
fn the_corpus_gives_the_expected_findings_in_every_dialect() {
    let expected = expected();
    let files = corpus_files();
    assert!(files.len() >= 30, "the corpus holds {} files", files.len());
    for file in &files {
        for dialect in ["dealer", "exe", "v2"] {
            let want = expected.get(&(file.clone(), dialect.to_string())).unwrap_or_else(|| panic!("expected.tsv has no line for {file} {dialect}"));
            let run = check(&corpus(), dialect, file);
            assert_eq!(&places(&run), want, "{file} --dialect {dialect}:\n{}{}", run.stdout, run.stderr);
            // What dealvm itself refuses is refused after the findings (exit status 2).
            let status = if REFUSED_BY_DEALVM.contains(&file.as_str()) {
                2
            } else if want.is_empty() {
                0
            } else {
                1
            };
            assert_eq!(run.status, status, "{file} --dialect {dialect}: {}", run.stderr);
            // Each finding says what to write instead.
            assert_eq!(run.stdout.matches("= note: instead: ").count(), want.len(), "{file} --dialect {dialect}:\n{}", run.stdout);
        }
    }
}

/// The text of `file` with its `/* */` comments made spaces (their line ends kept).
fn without_block_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("/*") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find("*/").map_or(rest.len(), |e| at + e + 2);
        out.extend(rest[at..end].chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
        rest = &rest[end..];
    }
    out + rest
}

#[test]
fn every_finding_for_debian_is_one_that_dealer_refuses_or_reads_otherwise() {
    let expected = expected();
    let dir = crate::common::scratch("confirmed");
    for file in corpus_files() {
        let findings = &expected[&(file.clone(), "dealer".to_string())];
        let run = dealer_in(&corpus(), &["-s", "1", &file]);
        if findings.is_empty() {
            assert_eq!(run.status, 0, "{file} has no finding, so dealer runs it: {}", run.stderr);
            continue;
        }
        if run.status == 255 {
            assert!(run.stderr.starts_with("line "), "{file}: {}", run.stderr);
            continue;
        }
        // Read otherwise: what its scanner prints from the comments.
        assert_eq!(run.status, 0, "{file}: {}", run.stderr);
        let text = std::fs::read_to_string(corpus().join(&file)).unwrap();
        std::fs::write(dir.join(&file), without_block_comments(&text)).unwrap();
        let plain = dealer_in(&dir, &["-s", "1", &file]);
        assert_ne!(normalise(&run.stdout), normalise(&plain.stdout), "{file}: dealer prints the same without the comments");
    }
}

#[test]
fn the_scripts_dealer_runs_are_clean() {
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(data_dir().join("users")).unwrap().map(|e| e.unwrap().path()).collect();
    let examples = Path::new("/usr/share/doc/dealer/examples");
    scripts.extend(
        std::fs::read_dir(examples).unwrap().map(|e| e.unwrap().path()).filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("Descr.")),
    );
    scripts.sort();
    assert!(scripts.len() >= 50, "{} scripts", scripts.len());
    for script in &scripts {
        let path = script.to_str().unwrap();
        let dealer = dealer_in(&data_dir(), &["-s", "1", "-g", "200", path]);
        assert_eq!(dealer.status, 0, "dealer runs {path}: {}", dealer.stderr);
        let run = check(&data_dir(), "dealer", path);
        assert_eq!(run.status, 0, "{path}:\n{}{}", run.stdout, run.stderr);
        assert!(run.stdout.is_empty(), "{path}: {}", run.stdout);
    }
    // What the project's examples use of dealvm's language is found, and dealer refuses them.
    for example in ["1nt-opener.dli", "club-session.dli", "fit-study.dli"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples").join(example);
        let path = path.to_str().unwrap();
        assert_eq!(check(&data_dir(), "dealer", path).status, 1, "{example}");
        assert_eq!(dealer_in(&data_dir(), &["-s", "1", "-g", "100", path]).status, 255, "{example}");
    }
}

/// The inputs of `tests/data/check/scanner/`: every printable character in `/* */` comments
/// (at the start, inside the condition, at the end, one a line, with CR LF line ends), and
/// in `#` and `//` comments and strings; a comment never closed.
fn scanner_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(corpus().join("scanner"))
        .unwrap()
        .map(|e| format!("scanner/{}", e.unwrap().file_name().into_string().unwrap()))
        .filter(|n| n.ends_with(".dli"))
        .collect();
    files.sort();
    files
}

#[test]
fn classic_refuses_and_echoes_byte_for_byte_as_dealer_does() {
    let files = corpus_files().into_iter().chain(scanner_files()).collect::<Vec<_>>();
    assert!(files.iter().filter(|f| f.starts_with("scanner/")).count() >= 8);
    for file in files {
        let theirs = dealer_in(&corpus(), &["-s", "1", &file]);
        let ours = dealvm_in(&corpus(), &["--classic", "-s", "1", &file], None);
        assert_eq!(ours.status, theirs.status, "{file}: {}", ours.stderr);
        assert_eq!(normalise(&ours.stdout), normalise(&theirs.stdout), "{file}");
        if theirs.status != 0 {
            assert_eq!(ours.stderr, theirs.stderr, "{file}");
        }
    }
}

#[test]
fn classic_exe_reads_the_comments_with_the_same_scanner() {
    // No reference of dealer.exe holds a comment it echoes; its scanner (scan.l of the same
    // Dealer) has the same comment rules, so it prints the same characters and stops alike.
    for file in [
        "echoed-comment.dli",
        "echoed-before-refusal.dli",
        "minus-four-digits.dli",
        "shape-clauses-32.dli",
        "scanner/all-in-comment-mid.dli",
        "scanner/unclosed-comment.dli",
    ] {
        let debian = dealvm_in(&corpus(), &["--classic", "-s", "1", file], None);
        let exe = dealvm_in(&corpus(), &["--classic=exe", "-s", "1", file], None);
        assert_eq!(exe.status, debian.status, "{file}");
        assert_eq!(exe.stderr, debian.stderr, "{file}");
        let echoed = |out: &str| out.split(['n', '\n']).next().unwrap_or("").to_string();
        assert_eq!(echoed(&exe.stdout), echoed(&debian.stdout), "{file}");
    }
    let exe = dealvm_in(&corpus(), &["--classic=exe", "-s", "1", "echoed-comment.dli"], None);
    assert!(exe.stdout.starts_with("OOE<>FEOEOFn "), "{}", exe.stdout);
}

#[test]
fn dealer_exe_grouping_findings_are_the_values_its_references_show_otherwise() {
    let example = Path::new("/usr/share/doc/dealer/examples/Descr.test_operator_order");
    let text = std::fs::read_to_string(example).unwrap();
    // The variables in the order the actions print them (their order of definition).
    let variables: Vec<(usize, &str)> =
        text.lines().enumerate().filter_map(|(i, l)| l.split_once(" = ").map(|(name, _)| (i + 1, name.trim()))).collect();
    let values = |out: &str| -> Vec<String> {
        let value = |w: &str| w.split_once("==").map(|(v, _)| v.to_string()).filter(|v| v.parse::<i64>().is_ok());
        out.lines().take_while(|l| !l.starts_with("Generated")).flat_map(|l| l.split([',', ' ']).filter_map(value).collect::<Vec<_>>()).collect()
    };
    let exe = std::fs::read_to_string(data_dir().join("classic-exe/out/Descr.test_operator_order.s1.out")).unwrap();
    let debian = dealer_in(&data_dir(), &["-s", "1", example.to_str().unwrap()]);
    let (exe, debian) = (values(&exe), values(&debian.stdout));
    assert_eq!(exe.len(), variables.len());
    assert_eq!(debian.len(), variables.len());
    let run = check(&data_dir(), "exe", example.to_str().unwrap());
    let flagged: Vec<usize> = places(&run).iter().map(|p| p.split(':').next().unwrap().parse().unwrap()).collect();
    for (i, (line, name)) in variables.iter().enumerate() {
        if exe[i] != debian[i] {
            assert!(
                flagged.contains(line),
                "dealer.exe prints {} for {name} and Debian's dealer {}, but check finds nothing on line {line}:\n{}",
                exe[i],
                debian[i],
                run.stdout
            );
        }
    }
    assert!(flagged.iter().all(|line| variables.iter().any(|(l, _)| l == line)), "{}", run.stdout);
    assert_eq!(check(&data_dir(), "dealer", example.to_str().unwrap()).status, 0);
}

#[test]
fn check_refuses_what_does_not_parse_and_names_its_dialects() {
    let dir = crate::common::scratch("parse");
    std::fs::write(dir.join("bad.dli"), "condition hcp(north) >\n").unwrap();
    let run = check(&dir, "dealer", "bad.dli");
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(run.stderr.contains("bad.dli:"), "{}", run.stderr);
    let run = check(&dir, "v3", "bad.dli");
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("dealer") && run.stderr.contains("exe") && run.stderr.contains("v2"), "{}", run.stderr);
}

/// Whatever dealvm refuses, `check` refuses as a run does (exit status 2, dealvm's message),
/// after its findings; never "nothing that ... would refuse".
#[test]
fn check_refuses_what_dealvm_refuses() {
    let dir = crate::common::scratch("refused");
    let cases = [
        ("twice.dli", "a = hcp(north) > 10\na = hcp(south) > 10\ncondition a\n", "the variable `a` is already defined", "twice.dli:2:1", None),
        ("range.dli", "produce 0\n", "produce must be at least 1", "range.dli:1:9", None),
        ("opener.dli", "opener = hcp(north) > 10\ncondition opener\n", "expected a seat", "opener.dli:1:8", Some("run it with `dealvm --classic`")),
        ("vars.dli", "x = hcp(north) > $1\nx = hcp(south) > $1\ncondition x\n", "already defined", "vars.dli:2:1", Some("$0 to $9 were read as 1")),
    ];
    for (file, text, message, place, note) in cases {
        std::fs::write(dir.join(file), text).unwrap();
        let ran = dealvm_in(&dir, &[file], None);
        assert_eq!(ran.status, 2, "{file}: dealvm refuses it: {}", ran.stderr);
        let run = check(&dir, "dealer", file);
        assert_eq!(run.status, 2, "{file}: {}{}", run.stdout, run.stderr);
        assert!(run.stderr.contains(message) && run.stderr.contains(place), "{file}: {}", run.stderr);
        assert!(!run.stderr.contains("nothing that"), "{file}: {}", run.stderr);
        if let Some(note) = note {
            assert!(run.stderr.contains(note), "{file}: {}", run.stderr);
        }
    }
    // A script with script variables that compiles with them is checked as before.
    std::fs::write(dir.join("fine.dli"), "produce $1\ncondition hcp(north) >= 10\n").unwrap();
    let run = check(&dir, "dealer", "fine.dli");
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
}

#[test]
fn dealer_v2_grouping_findings_are_the_values_its_golden_output_shows_otherwise() {
    // DealerV2's own output of the operators' case against Debian's dealer's.
    let golden = data_dir().join("golden");
    let read = |name: &str| std::fs::read_to_string(golden.join(name)).unwrap();
    let (v1, v2) = (read("ops_precedence.v1.out"), read("ops_precedence.v2.out"));
    let differing: Vec<String> = v1
        .lines()
        .zip(v2.lines())
        .filter(|(a, b)| a != b && a.contains(" = "))
        .map(|(a, _)| a.split(" = ").next().unwrap().trim().to_string())
        .collect();
    assert!(differing.len() >= 4, "{differing:?}");
    let run = check(&golden, "v2", "ops_precedence.dli");
    let flagged: Vec<&str> = run.stdout.lines().filter_map(|l| l.split_once(" reads `")).map(|(_, rest)| rest.split('`').next().unwrap()).collect();
    assert_eq!(flagged, differing, "{}", run.stdout);
    assert_eq!(check(&golden, "dealer", "ops_precedence.dli").status, 0);
}
