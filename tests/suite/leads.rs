//! `evalleads`, opening-lead studies: the leader's hand predealt whole or the script refused
//! (with the place), the leads as runs of touching cards, every figure of the report, the JSON
//! document and the charts from the same counts, the same on any number of threads. The
//! tricks themselves are checked against DDS after each lead and brute force (the `dd`
//! crate's tests) and against endplay's `solve_board` (`python/tests/test_leads.py`).

use crate::common::{data_dir, dealvm_stdin, reference_run, scratch};
use serde_json::Value;

/// West's hand of the guide's study, and the study.
const STUDY: &str = "\
predeal west SKJ72, HQ83, DJT9, CQ42
condition hcp(north) + hcp(south) >= 24
action evalleads(south, z3N, nv)
";

/// The defenders' score of `contract` (`3N`) not vulnerable, when they take `t` tricks.
fn defenders_score(level: i64, t: i64) -> i64 {
    let made = 13 - t;
    if made >= level + 6 {
        // Notrump: 40 + 30 a trick, game bonus 300 from 100 trick points.
        let points = 40 + 30 * (level - 1);
        let over = 30 * (made - level - 6);
        -(points + over + if points >= 100 { 300 } else { 50 })
    } else {
        50 * (level + 6 - made)
    }
}

#[test]
fn the_leaders_hand_must_be_predealt_whole() {
    let refused = |input: &str, args: &[&str], want: &str| {
        let out = dealvm_stdin(input, args);
        assert_eq!(out.status, 2, "{input}: {}", out.stderr);
        assert!(out.stderr.contains(want), "{input} {args:?}: {}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    };
    let none = "produce 3\naction evalleads(north, z4S, vul)\n";
    refused(none, &[], "error: evalleads studies the leads of one hand, East's (on North's left), the same on every deal: nothing is predealt to it");
    refused(none, &[], " --> stdin:2:8");
    refused(none, &[], "note: predeal its 13 cards, such as `predeal east SKQ2, HJT98, D654, C732` (or -E on the command line)");
    let twelve = "predeal west SKJ72, HQ83, DJT9, CQ4\nproduce 3\naction evalleads(south, z3N, nv)\n";
    refused(twelve, &[], "West's (on South's left), the same on every deal: 12 cards are predealt to it");
    // The predeal of another seat, or suit lengths, are not the leader's hand.
    refused("predeal south SAKQ\nproduce 3\naction evalleads(south, z3N, nv)\n", &[], "nothing is predealt to it");
    // From the command line, whole: accepted.
    let out = dealvm_stdin(none, &["-s", "1", "-E", "SKQ2,HJT98,D654,C732"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Opening leads by East against 4S by North, vulnerable, double dummy over 3 deals:"), "{}", out.stdout);
    // Deals that are not dealt around the predeal: refused.
    let pbn = data_dir().join("bigdeal/w11/range.pbn");
    refused(STUDY, &["--deals", pbn.to_str().unwrap()], "the predeal does not apply");
    let zrd = data_dir().join("zrd/rpdd_10First.zrd");
    refused(STUDY, &["-L", zrd.to_str().unwrap()], "-L takes the library's deals as they are, and evalleads studies the leads of a hand predealt");
    // Classic Dealer lacks the action: `--classic` stops as Debian's dealer does.
    let classic = dealvm_stdin(STUDY, &["--classic"]);
    let dealer = reference_run(STUDY, &[]);
    assert_eq!((classic.status, classic.stderr.as_str()), (dealer.status, dealer.stderr.as_str()));
    assert_eq!(classic.stderr, "line 3: unknown variable\n");
    // A name elsewhere, as in DealerV2: `evalleads` is a keyword only before its `(`.
    let named = "evalleads = hcp(north)\nproduce 2\naction average evalleads\n";
    let out = dealvm_stdin(named, &["-s", "1"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
}

#[test]
fn every_lead_is_reported_best_first_with_figures_from_its_counts() {
    let dir = scratch("report");
    let json = dir.join("study.json");
    let charts = dir.join("study.svg");
    let args = ["-s", "3", "-p", "12", "--json", json.to_str().unwrap(), "--charts", charts.to_str().unwrap()];
    let out = dealvm_stdin(STUDY, &args);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let document: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let report = &document["reports"][0];
    assert_eq!((report["kind"].as_str(), report["declarer"].as_str(), report["contract"].as_str()), (Some("evalleads"), Some("S"), Some("3N")));
    assert_eq!((report["vulnerable"].as_bool(), report["n"].as_u64()), (Some(false), Some(12)));
    let leads = report["leads"].as_array().unwrap();
    // West's SKJ72 HQ83 DJT9 CQ42: runs of touching cards, each card once.
    let mut names: Vec<String> =
        leads.iter().map(|l| l["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect::<Vec<_>>().join(" ")).collect();
    names.sort();
    assert_eq!(names, ["C2", "C4", "CQ", "DJ DT D9", "H3", "H8", "HQ", "S2", "S7", "SJ", "SK"]);
    let text_lines: Vec<&str> = out.stdout.lines().skip_while(|l| !l.starts_with("Opening leads")).collect();
    assert_eq!(text_lines[0], "Opening leads by West against 3N by South, not vulnerable, double dummy over 12 deals:");
    let mut previous = (i64::MAX, i64::MAX);
    for (lead, line) in leads.iter().zip(&text_lines[2..]) {
        let counts: Vec<i64> = lead["counts"].as_array().unwrap().iter().map(|c| c.as_i64().unwrap()).collect();
        assert_eq!(counts.len(), 14);
        assert_eq!(counts.iter().sum::<i64>(), 12);
        let tricks: i64 = counts.iter().enumerate().map(|(t, n)| t as i64 * n).sum();
        let score: i64 = counts.iter().enumerate().map(|(t, n)| defenders_score(3, t as i64) * n).sum();
        let down: i64 = counts[5..].iter().sum();
        assert_eq!(lead["tricks"]["sum"].as_i64(), Some(tricks));
        assert_eq!(lead["score"]["sum"].as_i64(), Some(score));
        assert_eq!(lead["defeated"]["count"].as_i64(), Some(down));
        // Best first: more tricks, then a better score.
        assert!((tricks, score) <= previous, "{names:?}");
        previous = (tricks, score);
        // The text line: the lead, then the same mean and share.
        let name = lead["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect::<Vec<_>>();
        let shown = std::iter::once(&name[0][..1]).chain(name.iter().map(|c| &c[1..])).collect::<String>();
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], shown, "{line}");
        assert_eq!(words[1], format!("{:.3}", tricks as f64 / 12.0), "{line}");
        assert_eq!(words[3], format!("{:.2}%", 100.0 * down as f64 / 12.0), "{line}");
        assert_eq!(words[5], format!("{:.2}", score as f64 / 12.0), "{line}");
    }
    assert_eq!(text_lines.len(), 2 + leads.len() + 4, "{}", out.stdout);
    let svg = std::fs::read_to_string(&charts).unwrap();
    for lead in ["DJT9", "SK", "C2"] {
        assert!(svg.contains(&format!(">{lead}<")), "{lead} in the chart");
    }
    assert!(svg.contains("tricks taken by the defenders after the lead, double dummy (West on lead)"));
    // The same counts on one thread and on two.
    let one = dealvm_stdin(STUDY, &["-s", "3", "-p", "12", "-R", "1"]);
    assert_eq!(one.status, 0, "{}", one.stderr);
    let report_of = |s: &str| s.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    assert_eq!(report_of(&one.stdout), report_of(&out.stdout));
    let _ = std::fs::remove_dir_all(&dir);
}
