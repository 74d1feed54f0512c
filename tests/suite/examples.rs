//! Debian's `dealer` examples: every `Descr.*` runs, and its statistics agree with the matching
//! `Refer.*` (Dealer's own output) within sampling error: frequency tables by a two-sample
//! chi-square test, averages and acceptance rates by z-tests.

use crate::common::{dealvm_in, reference_dealer};
use std::path::Path;

const EXAMPLES: &str = "/usr/share/doc/dealer/examples";

/// An `average` line: label, mean, and (our output only) standard deviation and sample size.
type Average = (String, f64, Option<(f64, u64)>);

/// The statistics printed by a run.
#[derive(Debug, Default)]
struct Stats {
    /// Label, mean, and (our output only) standard deviation and sample size.
    averages: Vec<Average>,
    /// Label and rows (value, count).
    frequencies: Vec<(String, Vec<(String, u64)>)>,
    generated: u64,
    produced: u64,
}

fn trailer_number(line: &str, prefix: &str) -> Option<u64> {
    line.strip_prefix(prefix)?.split_whitespace().next()?.parse().ok()
}

/// Reads Dealer's output: `label: value` averages, `Frequency label:` tables.
fn parse_reference(text: &str) -> Stats {
    let mut s = Stats::default();
    let mut table: Option<(String, Vec<(String, u64)>)> = None;
    for line in text.lines() {
        let line = line.trim_start_matches('\x0c');
        if let Some(label) = line.strip_prefix("Frequency ") {
            s.frequencies.extend(table.take());
            table = Some((label.trim_end_matches(':').to_string(), Vec::new()));
            continue;
        }
        if let Some((_, rows)) = table.as_mut() {
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() == 2 {
                if let Ok(n) = f[1].trim().parse() {
                    let key = f[0].trim().to_string();
                    // Dealer sometimes prints a row twice (hm1dr2d); keep one.
                    rows.retain(|(k, _)| *k != key);
                    rows.push((key, n));
                    continue;
                }
            }
            s.frequencies.extend(table.take());
        }
        if let Some(n) = trailer_number(line, "Generated ") {
            s.generated = n;
        } else if let Some(n) = trailer_number(line, "Produced ") {
            s.produced = n;
        } else if !line.ends_with(' ') && !line.starts_with(' ') {
            // An average: "label: value" or a bare value (hand lines end with a space).
            let (label, value) = line.rsplit_once(": ").unwrap_or(("", line));
            if let Ok(v) = value.parse::<f64>() {
                s.averages.push((label.to_string(), v, None));
            }
        }
    }
    s.frequencies.extend(table);
    s
}

/// Reads our output: `label: Mean=..., Std Dev=..., Sample Size=N` and `Description:` tables.
fn parse_ours(text: &str) -> Stats {
    let mut s = Stats::default();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(label) = line.strip_prefix("Description: ") {
            let label = label.trim_end_matches(':').to_string();
            lines.next(); // the column headings
            let mut rows = Vec::new();
            for row in lines.by_ref() {
                if row.starts_with("    \t---") {
                    break;
                }
                let f: Vec<&str> = row.split('\t').collect();
                rows.push((f[0].trim().to_string(), f[1].trim().parse().expect("a count")));
            }
            s.frequencies.push((label, rows));
        } else if let Some(at) = line.find("Mean=") {
            let label = line[..at].trim_end_matches(": ").to_string();
            let field = |name: &str| -> f64 {
                let rest = &line[line.find(name).expect("field") + name.len()..];
                rest.split(',').next().unwrap().trim().parse().expect("a number")
            };
            let n = field("Sample Size=") as u64;
            s.averages.push((label, field("Mean="), Some((field("Std Dev="), n))));
        } else if let Some(n) = trailer_number(line, "Generated ") {
            s.generated = n;
        } else if let Some(n) = trailer_number(line, "Produced ") {
            s.produced = n;
        }
    }
    s
}

/// Upper tail of the chi-square distribution, by the Wilson-Hilferty normal approximation
/// (ample for a pass/fail threshold far out in the tail).
fn chi_square_tail_z(stat: f64, df: f64) -> f64 {
    let h = 2.0 / (9.0 * df);
    ((stat / df).powf(1.0 / 3.0) - (1.0 - h)) / h.sqrt()
}

/// Two-sample homogeneity test of frequency rows; returns a z-like score (small is good).
fn homogeneity_z(ours: &[(String, u64)], theirs: &[(String, u64)]) -> f64 {
    let a: u64 = ours.iter().map(|r| r.1).sum();
    let b: u64 = theirs.iter().map(|r| r.1).sum();
    if a == 0 || b == 0 {
        return 0.0;
    }
    let mut keys: Vec<&String> = ours.iter().chain(theirs).map(|r| &r.0).collect();
    keys.dedup();
    keys.sort();
    keys.dedup();
    let count = |rows: &[(String, u64)], k: &String| rows.iter().find(|r| &r.0 == k).map_or(0, |r| r.1) as f64;
    let (mut pa, mut pb) = (0.0, 0.0);
    let mut cells: Vec<(f64, f64)> = Vec::new();
    for k in keys {
        let (x, y) = (count(ours, k), count(theirs, k));
        let total = x + y;
        let ex = total * a as f64 / (a + b) as f64;
        let ey = total * b as f64 / (a + b) as f64;
        if ex < 5.0 || ey < 5.0 {
            pa += x;
            pb += y;
        } else {
            cells.push((x, y));
        }
    }
    if pa + pb > 0.0 {
        cells.push((pa, pb));
    }
    if cells.len() < 2 {
        return 0.0;
    }
    let stat: f64 = cells
        .iter()
        .map(|&(x, y)| {
            let t = x + y;
            let ex = t * a as f64 / (a + b) as f64;
            let ey = t * b as f64 / (a + b) as f64;
            (x - ex).powi(2) / ex + (y - ey).powi(2) / ey
        })
        .sum();
    chi_square_tail_z(stat, (cells.len() - 1) as f64)
}

/// Two-proportion z score.
fn proportion_z(k1: u64, n1: u64, k2: u64, n2: u64) -> f64 {
    let (p1, p2) = (k1 as f64 / n1 as f64, k2 as f64 / n2 as f64);
    let p = (k1 + k2) as f64 / (n1 + n2) as f64;
    let se = (p * (1.0 - p) * (1.0 / n1 as f64 + 1.0 / n2 as f64)).sqrt();
    if se == 0.0 {
        if p1 == p2 {
            0.0
        } else {
            f64::INFINITY
        }
    } else {
        (p1 - p2) / se
    }
}

/// Runs one example and compares it with its reference output.
fn check_example(name: &str, extra: &[&str]) -> Vec<String> {
    let dir = Path::new(EXAMPLES);
    let mut args = vec!["-s", "1"];
    args.extend_from_slice(extra);
    let descr = format!("Descr.{name}");
    args.push(&descr);
    let run = dealvm_in(dir, &args, None);
    let mut problems = Vec::new();
    if run.status != 0 {
        return vec![format!("{name}: exit status {}: {}", run.status, run.stderr)];
    }
    let refer = std::fs::read_to_string(dir.join(format!("Refer.{name}"))).expect("Refer file");
    let (ours, theirs) = (parse_ours(&run.stdout), parse_reference(&refer));
    // How often a deal meets the condition (exact dealing counts the random deals its deals
    // stand for, as Dealer counts them).
    let z = proportion_z(ours.produced, ours.generated, theirs.produced, theirs.generated);
    if z.abs() > 5.0 {
        problems.push(format!(
            "{name}: acceptance {}/{} vs Dealer's {}/{} (z = {z:.1})",
            ours.produced, ours.generated, theirs.produced, theirs.generated
        ));
    }
    if ours.averages.len() != theirs.averages.len() || ours.frequencies.len() != theirs.frequencies.len() {
        problems.push(format!(
            "{name}: {} averages and {} tables, Dealer has {} and {}",
            ours.averages.len(),
            ours.frequencies.len(),
            theirs.averages.len(),
            theirs.frequencies.len()
        ));
        return problems;
    }
    for ((label, mean, spread), (_, ref_mean, _)) in ours.averages.iter().zip(&theirs.averages) {
        let (sd, n) = spread.expect("our averages have a spread");
        let se = sd * (1.0 / n as f64 + 1.0 / theirs.produced.max(1) as f64).sqrt();
        // Dealer prints six significant digits.
        let ok = (mean - ref_mean).abs() <= 5.0 * se + 1e-5 * ref_mean.abs().max(1.0);
        if !ok {
            problems.push(format!("{name}: average {label:?} is {mean}, Dealer {ref_mean} (se {se:.2e})"));
        }
    }
    for ((label, rows), (_, ref_rows)) in ours.frequencies.iter().zip(&theirs.frequencies) {
        let z = homogeneity_z(rows, ref_rows);
        if z > 5.0 {
            problems.push(format!("{name}: frequency {label:?} differs from Dealer's (z = {z:.1}):\n{rows:?}\n{ref_rows:?}"));
        }
    }
    problems
}

#[test]
fn every_dealer_example_runs_and_agrees_with_its_reference_output() {
    reference_dealer();
    let examples: &[(&str, &[&str])] = &[
        ("1c", &[]),
        ("2nt", &["-p", "500"]),
        ("6c", &[]),
        ("blue_team", &["-p", "2000"]),
        ("controls", &[]),
        ("hm1dr2d", &["-p", "20000"]),
        ("junkstayman", &[]),
        ("notrump", &["-p", "2000"]),
        ("pbn", &["-p", "2000"]),
        ("stayman", &[]),
        ("test_dealer", &["-g", "1000000"]),
        ("vvga2", &[]),
        ("weaktwo", &[]),
        ("yarb", &["-p", "300"]),
        ("you_hold", &["-p", "500", "-g", "10000000"]),
    ];
    let mut problems = Vec::new();
    for (name, extra) in examples {
        problems.extend(check_example(name, extra));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_descr_file_is_covered() {
    let mut names: Vec<String> = std::fs::read_dir(EXAMPLES)
        .expect("Debian's dealer examples are installed (bash .ci/run installs them)")
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_prefix("Descr.").map(str::to_string))
        .collect();
    names.sort();
    assert_eq!(names.len(), 17, "{names:?}");
    // The two not compared statistically: one random deal (evaluation) and constant checks.
    let dir = Path::new(EXAMPLES);
    let run = dealvm_in(dir, &["-s", "1", "Descr.evaluation"], None);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let ours = parse_ours(&run.stdout);
    let theirs = parse_reference(&std::fs::read_to_string(dir.join("Refer.evaluation")).unwrap());
    assert_eq!(ours.averages.len(), theirs.averages.len());
    let run = dealvm_in(dir, &["-s", "1", "Descr.test_operator_order"], None);
    let refer = std::fs::read_to_string(dir.join("Refer.test_operator_order")).unwrap();
    let lines = |s: &str| s.lines().take_while(|l| !l.starts_with("Generated")).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(lines(&run.stdout), lines(&refer));
}

/// The value of `label: Mean=...` in our output.
fn mean_of(out: &str, label: &str) -> f64 {
    let line = out.lines().find(|l| l.starts_with(&format!("{label}: Mean="))).unwrap_or_else(|| panic!("no average {label:?} in\n{out}"));
    line.split("Mean=").nth(1).and_then(|r| r.split(',').next()).and_then(|v| v.trim().parse().ok()).expect("a mean")
}

#[test]
fn the_shipped_examples_are_studies_that_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = |args: &[&str]| {
        let r = dealvm_in(root, args, None);
        assert_eq!(r.status, 0, "{args:?}: {}", r.stderr);
        r.stdout
    };
    // 1NT: North holds on average (40 - about 15.9) / 3 points.
    let out = run(&["examples/1nt-opener.dli"]);
    assert!(out.contains("Produced  100000 hands"), "{out}");
    let north = mean_of(&out, "North's HCP");
    assert!((7.9..8.2).contains(&north), "North's HCP {north}");
    let game = mean_of(&out, "North forces to game (10+)");
    assert!((0.25..0.40).contains(&game), "game-forcing {game}");
    // Practice hands: ten deals with all four hands.
    let out = run(&["-s", "7", "examples/weak-two.dli"]);
    assert!(out.contains("Produced  10 hands") && out.matches(". North").count() == 10, "{out}");
    // The fit study: a 2-D table over 50,000 openings.
    let out = run(&["examples/fit-study.dli"]);
    assert!(out.contains("Produced  50000 hands") && out.contains("Sum "), "{out}");
    let fit = mean_of(&out, "Eight-card heart fit or better");
    assert!((0.45..0.75).contains(&fit), "heart fit {fit}");
    // The club session: 24 boards for the dealing machine and the scorers.
    let dir = crate::common::tmp_dir().join(format!("dealvm-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (dlm, pbn) = (dir.join("s.dlm"), dir.join("s.pbn"));
    run(&["-s", "2", "--dlm", dlm.to_str().unwrap(), "--pbn", pbn.to_str().unwrap(), "examples/club-session.dli"]);
    let pbn_text = std::fs::read_to_string(&pbn).unwrap();
    assert_eq!(pbn_text.matches("[Board \"").count(), 24);
    assert!(std::fs::read_to_string(&dlm).unwrap().contains("To board=24\r\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
