//! `--classic`: for the same input and seed, dealvm's standard output is Debian's
//! `/usr/games/dealer`'s, byte for byte but for the `Time needed` line, on 1, 2 and 8 threads:
//! Debian's examples, golden inputs and the scripts of `tests/data/classic` (predeal, swapping,
//! `rnd`, every action), each for seeds 1 to 20. `--classic=exe` reproduces the outputs of the
//! Windows `dealer.exe`'s source kept in `tests/data/classic-exe`.

use crate::common::{data_dir, dealvm_in, reference_dealer, run_command};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

const EXAMPLES: &str = "/usr/share/doc/dealer/examples";

/// The seeds every script runs with.
const SEEDS: std::ops::RangeInclusive<u32> = 1..=20;

/// The thread counts dealvm runs with.
const THREADS: [&str; 3] = ["1", "2", "8"];

/// One input run by both programs: the file, Dealer's switches, and dealvm's (Dealer's `-2`
/// is dealvm's `-x 2`).
struct Case {
    file: PathBuf,
    dealer: Vec<&'static str>,
    dealvm: Vec<&'static str>,
}

impl Case {
    /// `file` with the same switches for both, and swapping `swap` (`None`, `Some(2)`, `Some(3)`).
    fn new(file: PathBuf, switches: &[&'static str], swap: Option<u8>) -> Case {
        let (dealer, dealvm) = match swap {
            None => (vec![], vec![]),
            Some(2) => (vec!["-2"], vec!["-x", "2"]),
            Some(_) => (vec!["-3"], vec!["-x", "3"]),
        };
        Case { dealer: [switches, &dealer].concat(), dealvm: [switches, &dealvm].concat(), file }
    }
}

/// Standard output without its `Time needed` line.
fn without_time(out: &str) -> String {
    out.split_inclusive('\n').filter(|l| !l.starts_with("Time needed")).collect()
}

/// What differs between Dealer's output for `case` with `seed` and dealvm's on each thread
/// count, if anything: the first lines that differ.
fn differences(case: &Case, seed: u32) -> Vec<String> {
    let seed = seed.to_string();
    let mut dealer = Command::new(reference_dealer());
    dealer.args(["-s", &seed]).args(&case.dealer).arg(&case.file);
    let expected = run_command(dealer, None);
    assert_eq!(expected.status, 0, "dealer {:?} -s {seed}: {}", case.dealer, expected.stderr);
    let expected = without_time(&expected.stdout);
    let mut found = Vec::new();
    for threads in THREADS {
        let mut dealvm = crate::common::dealvm_command();
        dealvm.args(["--classic", "-s", &seed, "-R", threads]).args(&case.dealvm).arg(&case.file);
        let ours = run_command(dealvm, None);
        let got = without_time(&ours.stdout);
        if ours.status != 0 || got != expected {
            let line = expected.lines().zip(got.lines()).position(|(a, b)| a != b).unwrap_or(expected.lines().count().min(got.lines().count()));
            found.push(format!(
                "{} {:?} -s {seed} -R {threads}: status {}, line {}: dealer `{}`, dealvm `{}` {}",
                case.file.display(),
                case.dealvm,
                ours.status,
                line + 1,
                expected.lines().nth(line).unwrap_or("(end)"),
                got.lines().nth(line).unwrap_or("(end)"),
                ours.stderr.lines().next().unwrap_or("")
            ));
        }
    }
    found
}

/// Runs every case with every seed (four at a time) and fails with what differed.
fn all_agree(cases: &[Case]) {
    let jobs: Vec<(&Case, u32)> = cases.iter().flat_map(|c| SEEDS.map(move |s| (c, s))).collect();
    let next = Mutex::new(0usize);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap();
                    *n += 1;
                    *n - 1
                };
                let Some(&(case, seed)) = jobs.get(i) else { break };
                let found = differences(case, seed);
                failures.lock().unwrap().extend(found);
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} runs differ from Debian's dealer:\n{}", failures.len(), failures.join("\n"));
}

/// A script of `tests/data/classic`.
fn script(name: &str) -> PathBuf {
    data_dir().join("classic").join(name)
}

#[test]
fn debians_examples_are_dealt_and_printed_as_dealer_does() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(EXAMPLES)
        .expect("Debian's dealer examples are installed")
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("Descr.") || n.starts_with("Test.")))
        .collect();
    files.sort();
    assert!(files.len() >= 18, "Debian's examples: {files:?}");
    let cases: Vec<Case> = files.into_iter().map(|f| Case::new(f, &["-g", "4000", "-p", "8"], None)).collect();
    all_agree(&cases);
}

#[test]
fn golden_inputs_print_as_dealer_prints_them() {
    // Every card predealt: the layouts of the actions and the reports, whatever the seed.
    let golden = data_dir().join("golden");
    let names = [
        "print_all",
        "print_ew",
        "print_compact_expr",
        "print_oneline_expr",
        "print_pbn_dealer",
        "print_pbn_vul",
        "end_average",
        "end_frequency_1d",
        "end_frequency_2d",
        "end_print_compass",
        "fn_imps",
        "vars_chain",
    ];
    let cases: Vec<Case> = names.iter().map(|n| Case::new(golden.join(format!("{n}.dli")), &[], None)).collect();
    all_agree(&cases);
}

#[test]
fn predeal_swapping_rnd_and_every_action_as_dealer() {
    let short = &["-g", "3000", "-p", "7"][..];
    let cases = vec![
        Case::new(script("actions.dli"), short, None),
        Case::new(script("actions.dli"), short, Some(2)),
        Case::new(script("actions.dli"), short, Some(3)),
        Case::new(script("pbn.dli"), &["-p", "3"], None),
        Case::new(script("pbn.dli"), &["-p", "4", "-v"], Some(2)),
        Case::new(script("pbn_cycle.dli"), &["-p", "17"], Some(3)),
        Case::new(script("rnd.dli"), short, None),
        Case::new(script("rnd.dli"), short, Some(2)),
        Case::new(script("rnd_swap.dli"), short, Some(3)),
        Case::new(script("predeal_east.dli"), &["-p", "12"], Some(2)),
        Case::new(script("predeal_east.dli"), &["-p", "12"], Some(3)),
        Case::new(script("tight.dli"), &["-p", "6"], Some(2)),
        Case::new(script("long_suits.dli"), &["-p", "5"], None),
        Case::new(script("counts.dli"), short, None),
        Case::new(script("long.dli"), &["-g", "20000"], None),
    ];
    all_agree(&cases);
}

#[test]
fn the_seed_is_dealers() {
    // A negative seed is printed as Dealer prints its `long` (`%lu`), and seeds 2^32 apart deal
    // alike; without -s, the seed is the time in seconds.
    let file = script("pbn_cycle.dli");
    for seed in ["-5", "4294967297", "0"] {
        let mut dealer = Command::new(reference_dealer());
        dealer.args(["-s", seed, "-p", "2"]).arg(&file);
        let mut dealvm = crate::common::dealvm_command();
        dealvm.args(["--classic", "-s", seed, "-p", "2"]).arg(&file);
        assert_eq!(without_time(&run_command(dealvm, None).stdout), without_time(&run_command(dealer, None).stdout), "-s {seed}");
    }
    let now = || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let before = now();
    let mut dealvm = crate::common::dealvm_command();
    dealvm.args(["--classic", "-p", "2"]).arg(&file);
    let out = run_command(dealvm, None).stdout;
    let seed: u64 = out.lines().find_map(|l| l.strip_prefix("Initial random seed ")).unwrap().parse().unwrap();
    assert!((before..=now()).contains(&seed), "{seed} is the time");
}

/// Runs `dealvm` with `args` on `file`.
fn classic(args: &[&str], file: &Path) -> crate::common::Run {
    let mut dealvm = crate::common::dealvm_command();
    dealvm.args(args).arg(file);
    run_command(dealvm, None)
}

/// Standard output without the lines that depend on the clock: `Time needed` and `printpbn`'s
/// `Date`.
fn without_clock(out: &str) -> String {
    without_time(out).split_inclusive('\n').map(|l| if l.starts_with("[Date \"") { "[Date]\n" } else { l }).collect()
}

#[test]
fn dealer_exe_outputs_are_reproduced() {
    // tests/data/classic-exe: the outputs of dealer.exe's source (INDEX.md), `NAME.sSEED.out`
    // for `dealer -s SEED` on `scripts/NAME.dli` or Debian's example `NAME`, `_2`, `_3`,
    // `_p500_g2000` for those switches.
    let data = data_dir().join("classic-exe");
    let mut outs: Vec<PathBuf> = std::fs::read_dir(data.join("out")).unwrap().map(|e| e.unwrap().path()).collect();
    outs.sort();
    // Descr.test_dealer deals 10 million deals into 200 tables: half a minute in a test build.
    outs.retain(|o| !o.to_string_lossy().contains("Descr.test_dealer"));
    assert!(outs.len() >= 80, "the reference outputs: {}", outs.len());
    let failures = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap();
                    *n += 1;
                    *n - 1
                };
                let Some(out) = outs.get(i) else { break };
                let stem = out.file_stem().unwrap().to_str().unwrap();
                let (name, run) = stem.rsplit_once(".s").unwrap();
                let mut words = run.split('_');
                let seed = words.next().unwrap();
                let mut args = vec!["--classic=exe", "-s", seed, "-R", THREADS[i % 3]];
                for w in words {
                    match w {
                        "2" => args.extend(["-x", "2"]),
                        "3" => args.extend(["-x", "3"]),
                        "p500" => args.extend(["-p", "500"]),
                        "g2000" => args.extend(["-g", "2000"]),
                        other => panic!("{stem}: unknown switch {other}"),
                    }
                }
                // Run where the reference was, for the file's name in `printpbn`.
                let script = format!("scripts/{name}.dli");
                let input = if data.join(&script).exists() { script } else { format!("{EXAMPLES}/{name}") };
                args.push(&input);
                let ours = dealvm_in(&data, &args, None);
                let expected = std::fs::read_to_string(out).unwrap();
                if ours.status != 0 || without_clock(&ours.stdout) != without_clock(&expected) {
                    failures.lock().unwrap().push(format!("{stem} {args:?}: status {} {}", ours.status, ours.stderr.lines().next().unwrap_or("")));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} outputs differ from dealer.exe's:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn what_classic_dealer_lacks_is_refused() {
    let file = script("pbn.dli");
    let other = classic(&["--classic=windows"], &file);
    assert_eq!(other.status, 2);
    assert!(other.stderr.contains("--classic takes nothing (Debian's /usr/games/dealer), `=debian` or `=exe`"), "{}", other.stderr);
    let pbn = classic(&["--classic", "--pbn", "x.pbn"], &file);
    assert_eq!(pbn.status, 2);
    assert!(pbn.stderr.contains("--pbn cannot go with --classic"), "{}", pbn.stderr);
    let dir = crate::common::tmp_dir().join(format!("dealvm-classic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("bkt.dli");
    std::fs::write(&input, "action evalcontract (NS, x4S, vul)\n").unwrap();
    let eval = classic(&["--classic"], &input);
    assert_eq!(eval.status, 2);
    assert!(eval.stderr.contains("the action `evalcontract` is not supported"), "{}", eval.stderr);
    // DealerV2's words are names to classic Dealer: a variable may be called `opener`.
    std::fs::write(&input, "opener = hcp(north)\naction bktfreq (opener, 0, 20, 5)\n").unwrap();
    // `bktfreq` is a name too, which Dealer does not know: refused as it refuses it.
    let bkt = classic(&["--classic"], &input);
    assert_eq!(bkt.status, 255);
    assert_eq!(bkt.stderr, "line 2: unknown variable\n");
    std::fs::write(&input, "opener = hcp(north)\nproduce 1\naction printoneline(opener)\n").unwrap();
    let opener = classic(&["--classic", "-s", "1"], &input);
    assert_eq!(opener.status, 0, "{}", opener.stderr);
    assert!(opener.stdout.starts_with("n 2.T98.K752.KJT84 e 5.J7642.986.9763 s AQ8.AQ5.QJT.AQ52 w KJT97643.K3.A43. 7\n"), "{}", opener.stdout);
    std::fs::write(&input, "altcount 1 1 1\naction printoneline(losers(north))\n").unwrap();
    let alt = classic(&["--classic"], &input);
    assert_eq!(alt.status, 2);
    assert!(alt.stderr.contains("this changes classic Dealer's table of controls, which `controls` and `losers` read"), "{}", alt.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}
