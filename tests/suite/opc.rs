//! `opc`: the Optimal Point Count of a partnership, against DOP's own evaluations
//! (`tests/data/opc`: 1000 on random deals, 1820 on deals chosen for rare cases), the `opener`
//! statement and the `-O` switch, `--plain`, and `opc` in a condition and in `average`.

use crate::common::scratch;
use crate::common::{data_dir, dealvm_in, dealvm_stdin};
use dealvm_vm::card::{rank_from_char, Card, Deal, Hand, Seat, Side, Suit};
use dealvm_vm::evaluation::opc::side_opc;
use std::collections::HashMap;
use std::fs;

/// Prints the twelve values of a deal: NS then EW, each in clubs, diamonds, hearts, spades,
/// notrump, then the longest fit.
const VALUES: &str = "action printes(\
    opc(NS, clubs), \" \", opc(NS, diamonds), \" \", opc(NS, hearts), \" \", opc(NS, spades), \" \", \
    opc(NS, notrump), \" \", opc(NS), \" \", \
    opc(EW, clubs), \" \", opc(EW, diamonds), \" \", opc(EW, hearts), \" \", opc(EW, spades), \" \", \
    opc(EW, notrump), \" \", opc(EW), \\n)\n";

/// One evaluation by DOP: the deal (`N:` and four hands), side, opener, its six values.
struct Vector {
    deal: String,
    side: Side,
    opener: char,
    values: Vec<String>,
}

fn vectors(name: &str) -> Vec<Vector> {
    let text = fs::read_to_string(data_dir().join("opc").join(name)).expect("the vectors are in tests/data/opc");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Vector {
                deal: f[0].to_string(),
                side: if f[1] == "NS" { Side::NorthSouth } else { Side::EastWest },
                opener: f[2].chars().next().expect("an opener"),
                values: f[3..9].iter().map(|s| s.to_string()).collect(),
            }
        })
        .collect()
}

/// Runs `script` (standard input) on the deals of `file` with `args`: its standard output.
fn run(dir: &std::path::Path, file: &str, args: &[&str], script: &str) -> String {
    let mut all = vec!["--deals", file];
    all.extend_from_slice(args);
    let out = dealvm_in(dir, &all, Some(script.as_bytes()));
    assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    out.stdout
}

/// The printed values of each deal, in the order of the file.
fn rows(out: &str) -> Vec<Vec<i32>> {
    out.lines().take_while(|l| !l.starts_with("Generated")).map(|l| l.split_whitespace().map(|v| v.parse().expect("a number")).collect()).collect()
}

/// A dotnum as DOP prints it: points with two decimals.
fn points(dotnum: i32) -> String {
    format!("{:.2}", dotnum as f64 / 100.0)
}

/// Checks every vector of `name` through the binary: one run per opener over all its deals,
/// with the opener given by `-O` and by the `opener` statement (the same output). Returns
/// the number of vectors checked.
fn check_file(name: &str) -> usize {
    let vs = vectors(name);
    let mut deals: Vec<&str> = Vec::new();
    let mut index = HashMap::new();
    for v in &vs {
        index.entry(v.deal.as_str()).or_insert_with(|| {
            deals.push(&v.deal);
            deals.len() - 1
        });
    }
    let dir = scratch(name);
    let pbn: String = deals.iter().enumerate().map(|(i, d)| format!("[Board \"{}\"]\n[Deal \"{d}\"]\n\n", i + 1)).collect();
    fs::write(dir.join("deals.pbn"), pbn).unwrap();
    let mut wrong = Vec::new();
    for (opener, seat) in [('N', "north"), ('E', "east"), ('S', "south"), ('W', "west")] {
        let by_switch = run(&dir, "deals.pbn", &["-O", &opener.to_string()], VALUES);
        let by_statement = run(&dir, "deals.pbn", &[], &format!("opener {seat}\n{VALUES}"));
        let rows = rows(&by_switch);
        assert!(rows == self::rows(&by_statement), "-O {opener} and `opener {seat}` differ");
        assert_eq!(rows.len(), deals.len());
        for v in vs.iter().filter(|v| v.opener == opener) {
            let row = &rows[index[v.deal.as_str()]];
            let at = if v.side == Side::NorthSouth { 0 } else { 6 };
            let got: Vec<String> = row[at..at + 6].iter().map(|&d| points(d)).collect();
            if got != v.values {
                wrong.push(format!("{} {:?} opener {}: DOP {:?}, dealvm {got:?}", v.deal, v.side, v.opener, v.values));
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), vs.len(), wrong[..wrong.len().min(10)].join("\n"));
    vs.len()
}

#[test]
fn all_thousand_dop_evaluations_agree() {
    assert_eq!(check_file("dop_random.tsv"), 1000);
}

#[test]
fn dop_evaluations_of_rare_cases_agree() {
    // Voids, long suits, 5-2 and other 7-card fits, 4-4 fits short in the same suit, 5-5 and
    // 10-card fits, misfits, notrump with two short hands, mirrors, square hands, ...
    assert!(check_file("stress.tsv") >= 1800);
}

#[test]
fn the_switch_wins_over_the_statement_and_west_opens_by_default() {
    let dir = scratch("opener");
    let deal = "N:KQ762.94.J962.32 T985.J6.KQT3.Q95 AJ.T8732.754.T84 43.AKQ5.A8.AKJ76";
    fs::write(dir.join("one.pbn"), format!("[Deal \"{deal}\"]\n\n")).unwrap();
    let script = "action printes(opc(NS, clubs), \" \", opc(EW, spades), \\n)\n";
    let first = |out: String| out.lines().next().unwrap_or_default().to_string();
    // DOP: with south (or west) opening NS count 9.5 in clubs, with north 8.5; EW 34 and 33.
    assert_eq!(first(run(&dir, "one.pbn", &[], script)), "950 3400");
    assert_eq!(first(run(&dir, "one.pbn", &[], &format!("opener north\n{script}"))), "850 3300");
    assert_eq!(first(run(&dir, "one.pbn", &["-O", "s"], &format!("opener north\n{script}"))), "950 3400");
    // -O takes the seat words too, in any case.
    assert_eq!(first(run(&dir, "one.pbn", &["-O", "north"], script)), "850 3300");
    assert_eq!(first(run(&dir, "one.pbn", &["-O", "South"], &format!("opener north\n{script}"))), "950 3400");
    // The statement counts wherever it stands, as DealerV2's settings do.
    assert_eq!(first(run(&dir, "one.pbn", &[], &format!("{script}opener east\n"))), "850 3300");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn plain_gives_the_same_output() {
    let script = "generate 3000\nproduce 20\n\
        condition hcp(north) >= 10 && opc(NS, notrump) >= 24.0 && opc(NS) <= 31.5\n\
        action printoneline, printes(opc(NS), \" \", opc(EW, hearts), \\n), average opc(NS, notrump)\n";
    let fast = dealvm_stdin(script, &["-s", "11"]);
    let plain = dealvm_stdin(script, &["-s", "11", "--plain"]);
    assert_eq!(fast.status, 0, "{}", fast.stderr);
    assert!(fast.stdout.lines().filter(|l| l.starts_with("n ")).count() >= 5, "{}", fast.stdout);
    let strip = |s: &str| s.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&fast.stdout), strip(&plain.stdout));
}

/// A hand as `printoneline` writes it: `AKQT65.8.AT43.75`.
fn hand(text: &str) -> Hand {
    let mut h = Hand::EMPTY;
    for (suit, cards) in Suit::DISPLAY.iter().zip(text.split('.')) {
        for c in cards.chars() {
            h = h.with(Card::new(*suit, rank_from_char(c).expect("a rank")));
        }
    }
    h
}

#[test]
fn opc_in_a_condition_and_in_average() {
    let script = "generate 200000\nproduce 30\nopener north\n\
        condition opc(NS, notrump) >= 26.0 && hcp(north) >= 12 && opc(NS) > opc(NS, notrump)\n\
        action printoneline, printes(opc(NS, notrump), \" \", opc(NS), \\n), average \"opc\" opc(NS)\n";
    let run = dealvm_stdin(script, &["-s", "7"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let mut sum = 0i64;
    let mut produced = 0;
    for pair in lines.windows(2).filter(|w| w[0].starts_with("n ")) {
        let f: Vec<&str> = pair[0].split_whitespace().collect();
        let mut deal = Deal::default();
        for (i, seat) in Seat::ALL.into_iter().enumerate() {
            deal.hands[seat as usize] = hand(f[2 * i + 1]);
        }
        let opc = side_opc(&deal, Side::NorthSouth, Seat::North);
        let (nt, long) = (opc.dotnum(Some(dealvm_vm::evaluation::score::Strain::NoTrump)), opc.dotnum(None));
        assert_eq!(pair[1], format!("{nt} {long}"), "{}", pair[0]);
        assert!(nt >= 2600 && long > nt, "{}", pair[0]);
        sum += long as i64;
        produced += 1;
    }
    assert_eq!(produced, 30);
    let mean = lines.iter().find(|l| l.starts_with("opc: Mean=")).expect("the average");
    assert!(mean.starts_with(&format!("opc: Mean= {:.4}", sum as f64 / 30.0)), "{mean}");
}
