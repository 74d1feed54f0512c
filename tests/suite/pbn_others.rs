//! Other programs' PBN files read by `--deals` (`tests/data/pbn-others/`: a bidding
//! analyser's, a dealing program's, a scoring program's, a solver's that could not solve, and
//! vulnerabilities as other programs spell them), each holding boards of Big Deal's `w32`
//! run: the deals, board numbers, dealers and vulnerabilities read as Big Deal's CSV file of
//! the same boards gives them, what the reader passed over told in one warning per kind with
//! its first place, and a file whose board, deal, dealer or vulnerability cannot be read
//! still refused with its place.

use crate::common::{data_dir, run_alone, scratch};
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability};
use std::fs;

/// Big Deal's CSV lines of boards `first..=last` of its `w32` run.
fn big_deal_lines(first: usize, last: usize) -> String {
    let csv = fs::read_to_string(data_dir().join("bigdeal/w32/club.csv")).unwrap();
    csv.lines().skip(first - 1).take(last + 1 - first).map(|l| format!("{l}\n")).collect()
}

/// The warnings of a run's standard error: each message and the place after its `-->`.
fn warnings(stderr: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = stderr.lines().collect();
    let place = |i: usize| lines.get(i + 1).and_then(|l| l.split_once("--> ")).map(|(_, p)| p.to_string()).unwrap_or_default();
    lines.iter().enumerate().filter_map(|(i, l)| l.strip_prefix("warning: ").map(|m| (m.to_string(), place(i)))).collect()
}

/// Reads `pbn-others/{name}` with `--deals` as Big Deal's CSV file: it is boards `first..=last`
/// of Big Deal's `w32` run, each with its file's dealer and vulnerability (those of the
/// cycle), and the warnings are `expected` (message, line and column), each kind once.
#[track_caller]
fn read_as_big_deal(name: &str, (first, last): (usize, usize), expected: &[(&str, &str)]) {
    let path = format!("pbn-others/{name}");
    let out = run_alone(&data_dir(), &["--deals", &path, "--boards-csv", "-"]);
    assert_eq!(out.status, 0, "{name}: {}", out.stderr);
    assert_eq!(out.stdout, big_deal_lines(first, last), "{name}");
    let expected: Vec<(String, String)> = expected.iter().map(|(m, place)| (m.to_string(), format!("{path}:{place}"))).collect();
    assert_eq!(warnings(&out.stderr), expected, "{name}: {}", out.stderr);
    // The file's own dealers and vulnerabilities, not the cycle's in their place.
    let read = dealvm::formats::read(&path, fs::read(data_dir().join(&path)).unwrap()).unwrap();
    assert_eq!(read.warnings.len(), expected.len());
    let boards = read.into_boards();
    let placing: Vec<_> = boards.iter().map(|b| (b.number, b.dealer, b.vulnerable)).collect();
    let cycle: Vec<_> = (first as u64..=last as u64).map(|n| (n, Some(board_dealer(n)), Some(board_vulnerability(n)))).collect();
    assert_eq!(placing, cycle, "{name}");
}

#[test]
fn a_bidding_analysers_file_is_read_past_its_copies_and_its_table() {
    read_as_big_deal(
        "bidding-analyser.pbn",
        (1, 4),
        &[
            ("found `#` (the previous game's value) for `Event`, but this is the file's first game; the tag is passed over", "5:9"),
            ("found the columns `Declarer Suit Tricks`, expected Declarer;Denomination;Result: the `OptimumResultTable` is passed over", "22:22"),
        ],
    );
}

#[test]
fn a_dealing_programs_file_is_read_past_an_event_not_in_quotes() {
    read_as_big_deal(
        "random-deal.pbn",
        (1, 4),
        &[
            ("found `[Event Random Deal #]`, expected `[Event \"...\"]`: its value is not in quotes; the tag is passed over", "1:1"),
            ("found `#` (the previous game's value) for `Scoring`, but this is the file's first game; the tag is passed over", "5:11"),
        ],
    );
}

#[test]
fn a_scoring_programs_file_is_read_past_two_rooms_and_a_comment() {
    read_as_big_deal(
        "teams.pbn",
        (5, 8),
        &[
            ("board 5: an empty line before the game's `Deal`; the tags after it, from this `Room` tag, are read as the game's", "8:8"),
            ("board 5: a second `Room` tag before the game's `Deal`; it is passed over", "9:8"),
        ],
    );
}

#[test]
fn a_solvers_tables_it_could_not_fill_are_passed_over() {
    read_as_big_deal(
        "unsolved.pbn",
        (1, 2),
        &[
            (
                "found `?` (unknown) in a row of the `OptimumResultTable`, expected a declarer, a denomination and a number of tricks: \
                 the table is not used",
                "6:6",
            ),
            (
                "found the columns `Declarer;W Denomination\\2R Result\\2R`, expected Declarer;Denomination;Result: the `OptimumResultTable` is \
                 passed over",
                "31:22",
            ),
        ],
    );
    let path = data_dir().join("pbn-others/unsolved.pbn");
    let boards = dealvm::formats::read("unsolved.pbn", fs::read(path).unwrap()).unwrap().into_boards();
    assert!(boards.iter().all(|b| b.tricks.is_none()), "no table is used");
}

#[test]
fn vulnerabilities_as_other_programs_spell_them_are_read_without_a_warning() {
    read_as_big_deal("vulnerabilities.pbn", (1, 12), &[]);
}

#[test]
fn a_board_deal_dealer_or_vulnerability_that_cannot_be_read_is_still_refused() {
    let dir = scratch("refused");
    let teams = fs::read_to_string(data_dir().join("pbn-others/teams.pbn")).unwrap();
    let cases = [
        ("N:KQT9542.K8.Q.Q82 ", "N:KQT954.K8.Q.Q82 ", "board 6: North holds 12 cards; each hand has 13", "N:KQT954"),
        ("[Board \"7\"]", "[Board \"seven\"]", "found `seven`, expected a board number", "seven"),
        ("[Dealer \"S\"]", "[Dealer \"X\"]", "found `X`, expected N, E, S or W", "X\"]"),
        ("[Vulnerable \"EW\"]", "[Vulnerable \"N-S-E\"]", "found `N-S-E`, expected None, NS, EW or All", "N-S-E"),
    ];
    for (good, bad, message, found) in cases {
        assert!(teams.contains(good), "{good}");
        let text = teams.replacen(good, bad, 1);
        fs::write(dir.join("bad.pbn"), &text).unwrap();
        let out = run_alone(&dir, &["--deals", "bad.pbn"]);
        assert_eq!(out.status, 2, "{bad}: {}", out.stderr);
        let offset = text.find(found).unwrap() + usize::from(found.starts_with("N:")) * 2;
        let line = text[..offset].matches('\n').count() + 1;
        let column = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1) + 1;
        assert!(out.stderr.starts_with(&format!("error: {message}\n")), "{bad}: {}", out.stderr);
        assert!(out.stderr.contains(&format!("--> bad.pbn:{line}:{column}\n")), "{bad}: {line}:{column} in {}", out.stderr);
    }
}
