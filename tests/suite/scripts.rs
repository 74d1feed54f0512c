//! The "real scripts" of `tests/data/scripts/` (bidding-practice scripts, measured against
//! Dealer by `comparisons/scripts.sh` and `cargo bench --bench scripts`): each one runs in dealvm,
//! and each one means the same in dealvm and in the reference Dealer.
//!
//! The second test is statistical: the two programs draw different random deals, so for each
//! script both deal the same number of deals and the fraction produced and every `average`
//! must agree within five standard errors of their difference. The scripts label every
//! `average`, which is how the reports are matched (Dealer prints `label: mean`, dealvm
//! `label: Mean=..., Std Dev=..., Var=..., Sample Size=...`). The scripts avoid what is known
//! to differ (docs/guide/differences.md): a variable holding `rnd()` read once per
//! deal, no `rnd(0)`. Every average is compared, the Kaplan-Rubens ones (`K&R`) too.

use crate::common::{dealvm_in, normalise, reference_dealer, run_command, run_with_statistics};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The scripts' folder.
fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scripts")
}

/// The scripts, by file name in order: (file name, text).
fn scripts() -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(scripts_dir())
        .expect("tests/data/scripts")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".dli"))
        .collect();
    names.sort();
    names.into_iter().map(|n| (n.clone(), std::fs::read_to_string(scripts_dir().join(&n)).expect("a script"))).collect()
}

/// The labels of a script's `average` actions, in order.
pub(crate) fn average_labels(text: &str) -> Vec<String> {
    text.match_indices("average \"").map(|(i, m)| text[i + m.len()..].split('"').next().unwrap_or_default().to_string()).collect()
}

/// The number of deals from a `Generated N hands` or `Produced N hands` line (after `print`'s
/// pages, both programs start the line with a form feed).
pub(crate) fn count(out: &str, word: &str) -> Option<u64> {
    out.lines()
        .map(|l| l.trim_start_matches('\u{c}'))
        .find(|l| l.starts_with(word))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
}

#[test]
fn the_scripts_are_many_and_varied() {
    let all = scripts();
    assert!(all.len() >= 12, "at least 12 scripts, found {}", all.len());
    for (name, text) in &all {
        let vars = text.lines().filter(|l| l.split_once('=').is_some_and(|(v, _)| is_name(v.trim_end()))).count();
        assert!((20..=150).contains(&vars), "{name}: {vars} variables (20 to 150)");
        assert!(text.starts_with(&format!("# {}:", name.trim_end_matches(".dli"))), "{name}: starts with a header naming it");
        assert!(!text.lines().any(|l| l.trim_start().starts_with("seed")), "{name}: no seed statement (the runs pass -s)");
        let labels = average_labels(text);
        let bare = text.matches("average ").count();
        assert_eq!(labels.len(), bare, "{name}: every average has a label");
        let mut unique = labels.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), labels.len(), "{name}: the labels of the averages differ");
    }
}

/// Whether a line's start is a variable name (a definition's left side).
fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[test]
fn every_script_runs_in_dealvm() {
    for (name, text) in scripts() {
        let (run, statistics) = run_with_statistics(&scripts_dir(), &["-s", "1", "-g", "2000"], &name, &text);
        assert_eq!(run.status, 0, "{name}: {}", run.stderr);
        assert!(count(&statistics, "Generated").is_some(), "{name}: no trailer in\n{statistics}");
    }
}

/// One program's report of a run: deals generated and produced, and each average's mean
/// with (dealvm only) its standard deviation and sample size; `None` for an average over no
/// deal (Dealer prints `nan`, dealvm `-`) or, in dealvm, over one.
struct Report {
    generated: u64,
    produced: u64,
    averages: Vec<Option<Mean>>,
}

/// An average's mean, with (dealvm only) its standard deviation and sample size.
type Mean = (f64, Option<(f64, u64)>);

/// Reads a report: `labels` are the script's averages, in order.
fn report(program: &str, name: &str, out: &str, labels: &[String]) -> Report {
    let generated = count(out, "Generated").unwrap_or_else(|| panic!("{program} {name}: no Generated line in\n{out}"));
    let produced = count(out, "Produced").unwrap_or_else(|| panic!("{program} {name}: no Produced line"));
    let averages = labels
        .iter()
        .map(|label| {
            let prefix = format!("{label}: ");
            let line = out.lines().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("{program} {name}: no average {label:?}"));
            let rest = &line[prefix.len()..];
            let field = |key: &str| rest.split(key).nth(1).and_then(|s| s.split(',').next()).map(str::trim);
            match field("Mean=") {
                Some(mean) => {
                    let sd = field("Std Dev=").and_then(|s| s.parse().ok())?;
                    let n = field("Sample Size=").and_then(|s| s.parse().ok()).expect("a sample size");
                    Some((mean.parse().expect("a mean"), Some((sd, n))))
                }
                None if rest.trim().ends_with("nan") => None,
                None => Some((rest.trim().parse().unwrap_or_else(|_| panic!("{program} {name}: {line:?}")), None)),
            }
        })
        .collect();
    Report { generated, produced, averages }
}

/// Deals each program deals for each script. Dealer runs at 0.3 to 0.8 million deals a
/// second on these scripts; the two programs run side by side.
const DEALS: u64 = 150_000;

/// How many standard errors two estimates may differ by.
const TOLERANCE: f64 = 5.0;

/// The fewest deals an `average` is compared over.
const SMALLEST_SAMPLE: u64 = 20;

#[test]
fn every_script_agrees_with_dealer_statistically() {
    let mut failures = Vec::new();
    for (name, text) in scripts() {
        failures.extend(disagreements(&scripts_dir(), &name, &text, DEALS, "5"));
    }
    assert!(failures.is_empty(), "the scripts disagree with dealer:\n{}", failures.join("\n"));
}

/// Runs the script `name` of `dir` through Dealer and through dealvm (one thread) side by
/// side, both dealing `deals` deals from `seed`, and says where the two disagree: the fraction
/// of deals produced, or an `average` labelled in `text`, off by more than five standard errors.
/// dealvm runs three ways, the default, `--plain` and `--reference`, which deal the same deals
/// and must print the same, byte for byte. A program that fails or does not deal every deal
/// panics.
pub(crate) fn disagreements(dir: &Path, name: &str, text: &str, deals: u64, seed: &str) -> Vec<String> {
    let labels = average_labels(text);
    let path = dir.join(name);
    let deals_arg = deals.to_string();
    // -q: no PBN output (Dealer's printpbn also toggles its trailer off at every deal printed).
    let args = ["-q", "-s", seed, "-g", &deals_arg, "-p", &deals_arg];
    let (theirs, ours) = std::thread::scope(|scope| {
        let theirs = scope.spawn(|| {
            let mut command = Command::new(reference_dealer());
            command.args(args).arg(&path);
            run_command(command, None)
        });
        let ours = ["", "--plain", "--reference"].map(|way| {
            let mut argv = [&args[..], &["-R", "1", name]].concat();
            if !way.is_empty() {
                argv.push(way);
            }
            let run = dealvm_in(dir, &argv, None);
            assert_eq!(run.status, 0, "dealvm {way} {name}: {}", run.stderr);
            (way, normalise(&run.stdout))
        });
        (theirs.join().expect("dealer ran"), ours)
    });
    assert_eq!(theirs.status, 0, "dealer {name}: {}", theirs.stderr);
    let mut failures = Vec::new();
    for (way, out) in &ours[1..] {
        if *out != ours[0].1 {
            failures.push(format!("{name}: dealvm {way} prints otherwise than dealvm:\n{out}\n---\n{}", ours[0].1));
        }
    }
    let ours = crate::common::Run { stdout: ours[0].1.clone(), stderr: String::new(), status: 0 };
    let d = report("dealer", name, &theirs.stdout, &labels);
    let v = report("dealvm", name, &ours.stdout, &labels);
    assert_eq!((d.generated, v.generated), (deals, deals), "{name}: both deal every deal");
    // The fraction produced: two binomial proportions.
    let n = deals as f64;
    let (pd, pv) = (d.produced as f64 / n, v.produced as f64 / n);
    let p = (pd + pv) / 2.0;
    let se = (p * (1.0 - p) * 2.0 / n).sqrt();
    if (pd - pv).abs() > TOLERANCE * se {
        failures.push(format!("{name}: produced {} (dealer) and {} (dealvm) of {deals}", d.produced, v.produced));
    }
    for (label, (theirs, ours)) in labels.iter().zip(d.averages.iter().zip(&v.averages)) {
        // An average over no deal (or one, in dealvm) has nothing to compare.
        let (Some((dm, _)), Some((vm, spread))) = (*theirs, *ours) else { continue };
        let (sd, nv) = spread.expect("dealvm prints the spread");
        // Over a handful of deals a mean is not near normal: nothing to compare.
        if nv.min(d.produced) < SMALLEST_SAMPLE {
            continue;
        }
        // A sample in which a rare feature never came up has no spread: count at least the
        // spread that one deal with it would give the smaller sample.
        let sd = sd.max(1.0 / (nv.min(d.produced).max(1) as f64).sqrt());
        let se = sd * (1.0 / nv as f64 + 1.0 / d.produced as f64).sqrt();
        // Dealer prints six significant digits, dealvm four decimals.
        let printing = 1e-3 + 1e-5 * dm.abs();
        if (dm - vm).abs() > TOLERANCE * se + printing {
            failures.push(format!("{name}: average {label:?} is {dm} (dealer) and {vm} (dealvm), standard error {se:.4}"));
        }
    }
    failures
}
