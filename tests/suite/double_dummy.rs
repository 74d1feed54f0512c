//! Double dummy: `dds`, `tricks`, `trix`, `par`, `parcontract` and `evalcontract` against
//! independent truth (200 random deals solved by endplay, DDS 2.9 in Python, with
//! `tests/data/dd/make_truth.py`; Pavlicek's 20 solved deals of `tests/data/zrd`), the cache
//! and the cost ordering (counted with `-D 2`), the switches `-M` and `-P`, and the same output
//! on any number of threads. The golden cases `dd_*` are in `golden`.

use crate::common::{data_dir, dealvm_in, dealvm_stdin};
use std::fs;
use std::path::PathBuf;

/// A deal of the truth files: its PBN text, 20 trick counts, and par scores for North-South
/// at none, NS, EW and both (absent for Pavlicek's deals).
struct Solved {
    pbn: String,
    tricks: Vec<u8>,
    par: Vec<i32>,
}

/// The 200 random deals of `tests/data/dd/random_deals.tsv`.
fn random_deals() -> Vec<Solved> {
    let deals = solved_deals("random_deals.tsv");
    assert_eq!(deals.len(), 200);
    deals
}

/// The deals of a truth file of `tests/data/dd`.
fn solved_deals(name: &str) -> Vec<Solved> {
    let text = fs::read_to_string(data_dir().join("dd").join(name)).unwrap();
    let deals: Vec<Solved> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Solved {
                pbn: f[0].to_string(),
                tricks: f[1].split(' ').map(|t| t.parse().unwrap()).collect(),
                par: f[2].split(' ').map(|t| t.parse().unwrap()).collect(),
            }
        })
        .collect();
    deals
}

/// The 20 deals of Pavlicek's samples, from their listings (`n ... e ... s ... w ...;` and 20
/// counts, seats N E S W with strains C D H S NT).
fn pavlicek_deals() -> Vec<Solved> {
    let mut out = Vec::new();
    for name in ["rpdd_10First.txt", "rpdd_10Last.txt"] {
        let text = fs::read_to_string(data_dir().join("zrd").join(name)).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (hands, counts) = line.split_once(';').unwrap();
            let words: Vec<&str> = hands.split_whitespace().collect();
            let pbn = format!("N:{} {} {} {}", words[1], words[3], words[5], words[7]);
            out.push(Solved { pbn, tricks: counts.split(',').map(|c| c.trim().parse().unwrap()).collect(), par: vec![] });
        }
    }
    assert_eq!(out.len(), 20);
    out
}

/// A PBN file of the deals, boards 1, 2, ...
fn pbn_file(name: &str, deals: &[Solved]) -> PathBuf {
    let path = crate::common::tmp_dir().join(format!("dealvm-dd-{}-{name}.pbn", std::process::id()));
    let mut text = String::new();
    for (i, d) in deals.iter().enumerate() {
        text.push_str(&format!("[Board \"{}\"]\n[Deal \"{}\"]\n\n", i + 1, d.pbn));
    }
    fs::write(&path, text).unwrap();
    path
}

/// Runs a script over the deals of a PBN file; gives standard output.
fn over(deals: &std::path::Path, script: &str, args: &[&str]) -> String {
    let mut all = vec!["--deals", deals.to_str().unwrap()];
    all.extend_from_slice(args);
    let run = dealvm_in(&data_dir(), &all, Some(script.as_bytes()));
    assert_eq!(run.status, 0, "{}", run.stderr);
    run.stdout
}

/// The numbers of a `csvrpt` line.
fn numbers(line: &str) -> Vec<i32> {
    line.trim().split(',').map(|n| n.parse().unwrap()).collect()
}

#[test]
fn tables_and_par_agree_with_dds_on_random_deals() {
    // Every fifth deal (a whole table costs a few tenths of a second); all 200 with
    // DEALVM_ALL_DEALS=1.
    let all = std::env::var_os("DEALVM_ALL_DEALS").is_some();
    let deals: Vec<Solved> = random_deals().into_iter().enumerate().filter(|(i, _)| all || i % 5 == 0).map(|(_, d)| d).collect();
    tables_and_par_agree("random", &deals);
}

#[test]
fn tables_and_par_agree_with_dds_on_freak_deals() {
    // Long suits, voids and whole suits (`make_truth.py 40 freak`): one or two such hands a
    // deal, all 40 deals.
    let deals = solved_deals("freak_deals.tsv");
    assert_eq!(deals.len(), 40);
    assert!(deals.iter().any(|d| d.pbn.contains("..")), "no void");
    tables_and_par_agree("freak", &deals);
}

/// Each deal's 20 trick counts and North-South's par at four vulnerabilities, as dealvm
/// solves them in one run over the deals (and par alone in another), against the truth
/// file's.
fn tables_and_par_agree(name: &str, deals: &[Solved]) {
    let file = pbn_file(name, deals);
    let script = "action csvrpt(trix(deal), par(NS, none), par(NS, ns), par(NS, ew), par(EW, both))\n";
    let out = over(&file, script, &["-v"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), deals.len());
    for (i, (line, d)) in lines.iter().zip(deals).enumerate() {
        let n = numbers(line);
        let tricks: Vec<u8> = n[..20].iter().map(|&t| t as u8).collect();
        assert_eq!(tricks, d.tricks, "deal {} {}", i + 1, d.pbn);
        // par(EW, ...) is North-South's score negated.
        assert_eq!(&n[20..], &[d.par[0], d.par[1], d.par[2], -d.par[3]], "par of deal {} {}", i + 1, d.pbn);
    }
    // Par alone is found by target searches, without the whole table: the same scores.
    let script = "action csvrpt(par(NS, none), par(NS, ns), par(NS, ew), par(EW, both))\n";
    let out = over(&file, script, &["-v"]);
    assert_eq!(out.lines().count(), deals.len());
    for (i, (line, d)) in out.lines().zip(deals).enumerate() {
        assert_eq!(numbers(line), [d.par[0], d.par[1], d.par[2], -d.par[3]], "par alone of deal {} {}", i + 1, d.pbn);
    }
    fs::remove_file(file).ok();
}

#[test]
fn single_solves_agree_with_dds_and_v1_tricks_is_dds() {
    // -M 1: every question solved alone, declarer's left-hand opponent leading.
    let deals: Vec<Solved> = random_deals().into_iter().take(8).collect();
    let file = pbn_file("single", &deals);
    let mut calls = Vec::new();
    for seat in ["north", "east", "south", "west"] {
        for strain in ["clubs", "diamonds", "hearts", "spades", "notrump"] {
            // V1's tricks() is the same function.
            let f = if seat == "east" { "tricks" } else { "dds" };
            calls.push(format!("{f}({seat}, {strain})"));
        }
    }
    let script = format!("action csvrpt({})\n", calls.join(", "));
    let out = over(&file, &script, &["-M", "1", "-D", "2"]);
    let lines: Vec<&str> = out.lines().collect();
    for (line, d) in lines.iter().zip(&deals) {
        let tricks: Vec<u8> = numbers(line).iter().map(|&t| t as u8).collect();
        assert_eq!(tricks, d.tricks, "{}", d.pbn);
    }
    assert!(out.contains(&format!("Double dummy: {} single solves, 0 target searches, 0 whole tables", 20 * deals.len())), "{out}");
    fs::remove_file(file).ok();
}

#[test]
fn pavlicek_solved_deals_are_solved_alike() {
    let deals = pavlicek_deals();
    let file = pbn_file("pavlicek", &deals);
    let out = over(&file, "action csvrpt(trix(deal))\n", &["-v", "-R", "2"]);
    for (line, d) in out.lines().zip(&deals) {
        let tricks: Vec<u8> = numbers(line).iter().map(|&t| t as u8).collect();
        assert_eq!(tricks, d.tricks, "{}", d.pbn);
    }
    assert_eq!(out.lines().count(), 20);
    fs::remove_file(file).ok();
}

/// The `Double dummy:` line of a run with `-D 2`: single solves, target searches, tables,
/// cached answers.
fn solve_counts(out: &str) -> (u64, u64, u64, u64) {
    let line = out.lines().find(|l| l.starts_with("Double dummy: ")).unwrap_or_else(|| panic!("no counts in {out}"));
    let n: Vec<u64> = line.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty()).map(|w| w.parse().unwrap()).collect();
    (n[0], n[1], n[2], n[3])
}

/// The `Produced` count of a run.
fn produced(out: &str) -> u64 {
    let line = out.lines().find(|l| l.starts_with("Produced")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_question_asked_five_times_is_solved_once() {
    let five = "dds(south, notrump)";
    let script = format!("generate 30\nproduce 30\naction average {five} + {five} + {five} + {five} + {five}\n");
    let run = dealvm_stdin(&script, &["-s", "11", "-D", "2", "-R", "2"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(solve_counts(&run.stdout), (30, 0, 0, 4 * 30), "{}", run.stdout);
}

#[test]
fn cheap_tests_go_first_and_solving_waits_for_them() {
    // However the condition is written, only deals with 15+ HCP north are solved. (The count
    // reads every hand, as the runs that solve do, so that it sees the same deals: a program
    // that reads north's hand only has only that hand dealt.)
    let input = "generate 60\nproduce 60\ncondition hcp(north) >= 15\naction average hcp(north), average hcp(east) + hcp(south) + hcp(west)\n";
    let count = dealvm_stdin(input, &["-s", "5"]);
    let strong = produced(&count.stdout);
    assert!(strong > 3 && strong < 40, "{}", count.stdout);
    for condition in ["hcp(north) >= 15 && dds(south, notrump) >= 0", "dds(south, notrump) < 99 && hcp(north) >= 15"] {
        // (The bounds of dds, 0 to 13, would fold these; use a variable to keep them.)
        let script = format!(
            "generate 60\nproduce 60\nt = dds(south, notrump) + 0 * hcp(east)\ncondition {}\naction average t\n",
            condition.replace("dds(south, notrump)", "t")
        );
        let run = dealvm_stdin(&script, &["-s", "5", "-D", "2"]);
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert_eq!(solve_counts(&run.stdout).0, strong, "{condition}: {}", run.stdout);
        assert_eq!(produced(&run.stdout), strong);
    }
    // rnd() draws numbers: nothing moves across it, and the deals solved are those asked.
    let script = "generate 20\nproduce 20\ncondition dds(south, notrump) >= 0 * rnd(5) && hcp(north) >= 15\naction average hcp(north)\n";
    let run = dealvm_stdin(script, &["-s", "5", "-D", "2"]);
    assert_eq!(solve_counts(&run.stdout).0, 20, "{}", run.stdout);
}

#[test]
fn comparisons_with_a_number_are_target_searches() {
    // Each comparison answers as the count would, searching only whether the target is met.
    let run = |condition: &str| {
        let script = format!("generate 30\nproduce 30\ncondition {condition}\naction printoneline\n");
        let r = dealvm_stdin(&script, &["-s", "8", "-D", "2"]);
        assert_eq!(r.status, 0, "{}", r.stderr);
        r.stdout
    };
    let deals = |out: &str| out.lines().filter(|l| l.starts_with("n ")).map(str::to_string).collect::<Vec<_>>();
    for (target, exact) in [
        ("dds(south, notrump) >= 8", "dds(south, notrump) + 0 >= 8"),
        ("6 > tricks(west, hearts)", "6 > tricks(west, hearts) + 0"),
        ("dds(north, spades) <= 7 || dds(east, clubs) > 9", "dds(north, spades) + 0 <= 7 || dds(east, clubs) + 0 > 9"),
    ] {
        let (t, e) = (run(target), run(exact));
        assert_eq!(deals(&t), deals(&e), "{target}");
        let (ts, es) = (solve_counts(&t), solve_counts(&e));
        assert!(ts.0 == 0 && ts.1 >= 30 && es.1 == 0 && es.0 >= 30, "{target}: {ts:?} / {exact}: {es:?}");
    }
}

#[test]
fn the_output_does_not_depend_on_the_threads() {
    let script = "generate 80\nproduce 12\ncondition hcp(north) >= 11 && dds(north, notrump) >= 5\n\
                  action printoneline(dds(north, spades)), frequency (dds(west, hearts), 0, 13)\n";
    let one = dealvm_stdin(script, &["-s", "99", "-R", "1"]);
    assert_eq!(one.status, 0, "{}", one.stderr);
    assert!(one.stdout.contains("Produced  12 hands"), "{}", one.stdout);
    let strip = |s: &str| s.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    for threads in ["2", "3"] {
        let many = dealvm_stdin(script, &["-s", "99", "-R", threads]);
        assert_eq!(strip(&many.stdout), strip(&one.stdout), "-R {threads}");
    }
}

/// Golden deal D5 predealt: par 100 for North-South at none and NS, 110 at EW and both.
const D5: &str = "predeal north SAK, HAQ, DKJ, CQJ98765\npredeal east SQJ, HKJ, DAQT9, CAK432\n\
                  predeal south ST98, HT987, D87654, CT\npredeal west S765432, H65432, D32\nproduce 1\n";

#[test]
fn par_takes_its_vulnerability_from_p_then_the_input() {
    let script = format!("{D5}action printrpt(par(NS), parcontract)\n");
    let at = |args: &[&str], extra: &str| {
        let run = dealvm_stdin(&format!("{extra}{script}"), &[&["-v"], args].concat());
        assert_eq!(run.status, 0, "{}", run.stderr);
        run.stdout
    };
    assert_eq!(at(&[], ""), " 100,' 3S* by EW none'\n");
    assert_eq!(at(&["-P", "2"], ""), " 110,' 3C  by N ew'\n");
    assert_eq!(at(&[], "vulnerable EW\n"), " 110,' 3C  by N ew'\n");
    assert_eq!(at(&["-P", "0"], "vulnerable EW\n"), " 100,' 3S* by EW none'\n");
}

/// BridgeComposer's `DoubleDummyTricks` value of a truth deal's counts (seats N E S W, strains
/// C D H S NT): declarers N S E W, each NT S H D C, one hexadecimal digit a count.
fn double_dummy_tricks(tricks: &[u8]) -> String {
    let mut out = String::new();
    for seat in [0, 2, 1, 3] {
        for strain in [4, 3, 2, 1, 0] {
            out.push(char::from_digit(u32::from(tricks[seat * 5 + strain]), 16).unwrap());
        }
    }
    out
}

#[test]
fn par_follows_the_vulnerability_of_each_board_of_a_deals_file() {
    // Deals whose par differs with the vulnerability, each board given its own in the
    // file's words (PBN's `Both` too); the tables given, so nothing is solved.
    let deals: Vec<Solved> = random_deals().into_iter().filter(|d| d.par.iter().any(|&p| p != d.par[0])).take(8).collect();
    let words = [("None", 0, "none"), ("NS", 1, "ns"), ("EW", 2, "ew"), ("Both", 3, "both"), ("All", 3, "both"), ("-", 0, "none")];
    let path = crate::common::tmp_dir().join(format!("dealvm-dd-{}-vul.pbn", std::process::id()));
    let mut text = String::new();
    for (i, d) in deals.iter().enumerate() {
        let (word, ..) = words[i % words.len()];
        let tricks = double_dummy_tricks(&d.tricks);
        text.push_str(&format!("[Board \"{}\"]\n[Vulnerable \"{word}\"]\n[Deal \"{}\"]\n[DoubleDummyTricks \"{tricks}\"]\n\n", i + 1, d.pbn));
    }
    fs::write(&path, text).unwrap();
    let script = "action printrpt(par(NS), parcontract)\n";
    let lines = |out: String| out.lines().map(|l| l.to_string()).collect::<Vec<_>>();
    let own = lines(over(&path, script, &["-v", "-D", "2"]));
    assert_eq!(own.len(), deals.len());
    for (i, (line, d)) in own.iter().zip(&deals).enumerate() {
        let (_, index, name) = words[i % words.len()];
        let (score, contract) = line.split_once(',').unwrap();
        assert_eq!(score.trim().parse::<i32>().unwrap(), d.par[index], "board {}: {line}", i + 1);
        assert!(contract.ends_with(&format!(" {name}'")), "board {}: {line}", i + 1);
    }
    // The input's `vulnerable` and -P beat the board's own.
    // Boards the run numbers itself leave their file's vulnerability behind: none, as for dealt boards.
    let cases =
        [(&["-P", "2"][..], "", 2), (&[][..], "vulnerable NS\n", 1), (&["-P", "0"][..], "vulnerable EW\n", 0), (&["--board-start", "5"][..], "", 0)];
    for (args, extra, index) in cases {
        let given = lines(over(&path, &format!("{extra}{script}"), &[&["-v"], args].concat()));
        for (line, d) in given.iter().zip(&deals) {
            assert_eq!(line.split(',').next().unwrap().trim().parse::<i32>().unwrap(), d.par[index], "{args:?} {extra}: {line}");
        }
    }
    fs::remove_file(path).ok();
}

#[test]
fn bad_double_dummy_switches_and_words_are_refused() {
    for (args, text) in [
        (&["-M", "3"][..], "-M takes 1 (single solves) or 2 (whole tables), found `3`"),
        (&["-P", "4"][..], "-P takes 0 (none), 1 (NS), 2 (EW) or 3 (both), found `4`"),
    ] {
        let run = dealvm_stdin("produce 1\naction printes(dds(north, spades))\n", args);
        assert_eq!(run.status, 2, "{args:?}");
        assert!(run.stderr.contains(text), "{args:?}: {}", run.stderr);
    }
    let run = dealvm_stdin("action printes(par(NS, maybe))\n", &[]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("found `maybe`, expected none, NS, EW or both"), "{}", run.stderr);
    let run = dealvm_stdin("action evalcontract(NS, z8N, vul)\n", &[]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("expected a contract"), "{}", run.stderr);
}

#[test]
fn par_alone_is_found_by_target_searches_and_whole_tables_serve_par_contracts_and_many_pairs() {
    // Par scores alone: target searches, fewer than a table's (each of its 20 counts takes two
    // searches or more), whatever -M says.
    for m in ["1", "2"] {
        let run = dealvm_stdin("generate 4\nproduce 4\naction average par(NS), average par(NS, both)\n", &["-s", "2", "-D", "2", "-M", m]);
        let (single, targets, tables, _) = solve_counts(&run.stdout);
        assert_eq!((single, tables), (0, 0), "{}", run.stdout);
        assert!(targets > 0 && targets < 4 * 40, "{}", run.stdout);
    }
    // Par beside a count: the count solved alone, par by target searches; the whole table with
    // -M 2, or beside five counts.
    let beside = "generate 4\nproduce 4\naction average par(NS) + dds(north, spades)\n";
    let run = dealvm_stdin(beside, &["-s", "2", "-D", "2"]);
    let (single, targets, tables, _) = solve_counts(&run.stdout);
    assert_eq!((single, tables), (4, 0), "{}", run.stdout);
    assert!(targets > 0, "{}", run.stdout);
    let table = dealvm_stdin(beside, &["-s", "2", "-D", "2", "-M", "2"]);
    assert_eq!(solve_counts(&table.stdout), (0, 0, 4, 4), "{}", table.stdout);
    let mean = |out: &str| out.lines().find(|l| l.starts_with("Mean")).unwrap().to_string();
    assert_eq!(mean(&run.stdout), mean(&table.stdout));
    let five = "generate 4\nproduce 4\naction average par(NS) + dds(north, spades) + dds(north, hearts) + dds(south, clubs) + dds(east, spades) + dds(west, notrump)\n";
    assert_eq!(solve_counts(&dealvm_stdin(five, &["-s", "2", "-D", "2"]).stdout).2, 4);
    // A par contract: the whole table.
    let run = dealvm_stdin("generate 4\nproduce 4\naction printrpt(par(NS), parcontract)\n", &["-s", "2", "-D", "2"]);
    assert_eq!(solve_counts(&run.stdout).2, 4, "{}", run.stdout);
    // Nine pairs: a table costs less than nine single solves.
    let pairs = |seats: &[&str]| -> String {
        let strains = ["clubs", "diamonds", "hearts", "spades", "notrump"];
        let all: Vec<String> = seats.iter().flat_map(|s| strains.iter().map(move |t| format!("dds({s}, {t})"))).collect();
        format!("generate 2\nproduce 2\naction average {}\n", all[..9].join(" + "))
    };
    let run = dealvm_stdin(&pairs(&["south", "north"]), &["-s", "2", "-D", "2"]);
    assert_eq!(solve_counts(&run.stdout), (0, 0, 2, 16), "{}", run.stdout);
    let run = dealvm_stdin(&pairs(&["south", "north"]), &["-s", "2", "-D", "2", "-M", "1"]);
    assert_eq!(solve_counts(&run.stdout), (18, 0, 0, 0), "{}", run.stdout);
    // Five pairs: single solves, unless -M 2.
    let five = "generate 2\nproduce 2\naction average dds(south, clubs) + dds(south, diamonds) + dds(south, hearts) + dds(south, spades) + dds(south, notrump)\n";
    let run = dealvm_stdin(five, &["-s", "2", "-D", "2"]);
    assert_eq!(solve_counts(&run.stdout), (10, 0, 0, 0), "{}", run.stdout);
    let run = dealvm_stdin(five, &["-s", "2", "-D", "2", "-M", "2"]);
    assert_eq!(solve_counts(&run.stdout), (0, 0, 2, 8), "{}", run.stdout);
}

#[test]
fn the_meter_shows_solves_per_second() {
    let run = dealvm_stdin("generate 10\nproduce 10\naction average dds(north, notrump)\n", &["-s", "4", "-m"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stderr.contains("solves/s"), "{}", run.stderr);
}

#[test]
fn a_lead_from_equal_cards_is_solved_too() {
    // Golden deal D6: each hand one whole suit. The opening leader's cards are all equal, where
    // DDS's quick mode gives no score (DealerV2 then prints 15 tricks).
    let d6 = "predeal north SAKQJT98765432\npredeal east HAKQJT98765432\npredeal south DAKQJT98765432\n\
              predeal west CAKQJT98765432\nproduce 1\n";
    let script = format!("{d6}action printrpt(dds(north, notrump), dds(north, spades), dds(east, notrump), dds(south, hearts), dds(west, clubs))\n");
    for mode in ["1", "2"] {
        let run = dealvm_stdin(&script, &["-v", "-M", mode]);
        assert_eq!(run.status, 0, "{}", run.stderr);
        // North in notrump: east leads and runs thirteen hearts. East in notrump: south runs
        // the diamonds. South in hearts: west leads clubs, but east's hearts are trumps.
        assert_eq!(run.stdout, " 0,13,0,0,13\n", "-M {mode}");
    }
}

#[test]
fn a_target_and_the_count_of_one_contract_are_one_solve() {
    // Both asked of every deal, in either order, directly or through a variable: one count
    // answers both (on today's main: a target search and a count for each deal).
    let run = |script: &str| {
        let r = dealvm_stdin(&format!("generate 12\nproduce 12\n{script}"), &["-s", "21", "-D", "2"]);
        assert_eq!(r.status, 0, "{}", r.stderr);
        r.stdout
    };
    let averages = |out: &str| out.lines().filter(|l| l.contains("Mean=")).map(str::to_string).collect::<Vec<_>>();
    let alone = run("action average dds(south, notrump) >= 8\n");
    assert_eq!(solve_counts(&alone), (0, 12, 0, 0), "{alone}");
    // Each with the questions each deal asks: one solves, the others are answered from the cache.
    for (script, questions) in [
        ("action average dds(south, notrump) >= 8, average dds(south, notrump)\n", 2),
        ("action average dds(south, notrump), average dds(south, notrump) >= 8\n", 2),
        ("t = dds(south, notrump)\naction average t >= 8, frequency (t, 0, 13)\n", 2),
        ("action printes(dds(south, notrump) < 8, \" \", dds(south, notrump), \\n), average dds(south, notrump) >= 8\n", 3),
    ] {
        let out = run(script);
        assert_eq!(solve_counts(&out), (12, 0, 0, 12 * (questions - 1)), "{script}{out}");
        assert!(averages(&out).contains(&averages(&alone)[0]), "{script}: the same answers as target searches\n{out}");
    }
    // In the condition: every deal counts once; the action's question is answered too.
    let out = run("condition (dds(south, notrump) >= 8) + dds(south, notrump) != hcp(north)\naction average dds(south, notrump) >= 8\n");
    assert_eq!(solve_counts(&out), (12, 0, 0, 12 + produced(&out)), "{out}");
    // The count may not come (only for the deals the condition keeps, or on one branch of
    // `?:`): the target search stays, being much quicker than a count.
    let out = run("condition dds(south, notrump) >= 7\naction average dds(south, notrump)\n");
    let kept = produced(&out);
    assert!(kept > 0 && kept < 12, "{out}");
    assert_eq!(solve_counts(&out), (kept, 12, 0, 0), "{out}");
    let out = run("action average dds(south, notrump) >= 8 ? 1 : dds(south, notrump)\n");
    assert_eq!(solve_counts(&out).1, 12, "{out}");
}
