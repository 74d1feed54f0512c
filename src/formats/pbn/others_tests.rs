//! The tests of other programs' PBN files (bidding analysers, bridge-bot projects, scoring
//! programs): what the reader passes over with a warning, one per kind, and what it still
//! refuses.

use super::read_checked;
use crate::diag::{Diagnostic, Source};
use crate::formats::facts::Check;
use crate::formats::number::deal_of;
use dealvm_vm::card::{Deal, Seat};
use dealvm_vm::dealing::board::{Board, Vulnerability};

/// The deal of board `n` of these tests.
fn deal(n: u64) -> Deal {
    deal_of(n as u128 * 0x1234_5678_9ABC)
}

/// Its `Deal` tag.
fn deal_tag(n: u64) -> String {
    format!("[Deal \"{}\"]", deal(n).pbn())
}

/// A warning as the tests see it: its message, its line and column, its notes.
type Warning = (String, (usize, usize), Vec<String>);

/// The place of a message.
fn place(d: &Diagnostic) -> (usize, usize) {
    d.source.as_ref().expect("a file").line_col(d.span.expect("a place").start)
}

/// The boards of a PBN text and its warnings.
fn read_warned(text: &str) -> (Vec<Board>, Vec<Warning>) {
    let read = read_checked(&Source::new("o.pbn", text), Check::Full).unwrap_or_else(|d| panic!("{}", d.render(None)));
    let warnings = read.warnings.iter().map(|w| (w.message.clone(), place(w), w.notes.clone())).collect();
    (read.into_boards(), warnings)
}

/// The message and place of a refusal.
fn refusal(text: &str) -> (String, (usize, usize)) {
    let d = read_checked(&Source::new("o.pbn", text), Check::Full).expect_err("a refusal");
    (d.message.clone(), place(&d))
}

/// The line and column of the first `needle` in `text`, plus `shift` columns.
fn at(text: &str, needle: &str, shift: usize) -> (usize, usize) {
    let (line, col) = Source::new("o.pbn", text).line_col(text.find(needle).unwrap_or_else(|| panic!("{needle}")));
    (line, col + shift)
}

/// The note of a warning whose kind came `n` times.
fn times(n: usize) -> Vec<String> {
    vec![format!("this comes {n} times in the file; the first is shown")]
}

/// Each board's number, dealer, vulnerability and whether it has tricks.
fn placing(boards: &[Board]) -> Vec<(u64, Option<Seat>, Option<Vulnerability>, bool)> {
    boards.iter().map(|b| (b.number, b.dealer, b.vulnerable, b.tricks.is_some())).collect()
}

#[test]
fn optimum_result_tables_of_other_columns_are_passed_over_with_one_warning() {
    // A bidding analyser's table of the contract played, and a header whose columns run together.
    let game = |n: u64, dealer: &str, header: &str, row: &str| {
        format!(
            "[Event \"Analysis\"]\n[Board \"{n}\"]\n[Dealer \"{dealer}\"]\n[Vulnerable \"None\"]\n{}\n[Contract \"4S\"]\n\
             [OptimumResultTable \"{header}\"]\n{row}\n\n",
            deal_tag(n)
        )
    };
    let text = [
        game(1, "N", "Declarer Suit Tricks", "W S 9"),
        game(2, "E", "Declarer Suit Tricks", "N NT 10"),
        game(3, "S", "Declarer;W Denomination\\2R Result\\2R", "W  S 9"),
    ]
    .concat();
    let (boards, warnings) = read_warned(&text);
    let none = Some(Vulnerability::None);
    assert_eq!(placing(&boards), [(1, Some(Seat::North), none, false), (2, Some(Seat::East), none, false), (3, Some(Seat::South), none, false)]);
    assert_eq!(boards.iter().map(|b| b.deal).collect::<Vec<_>>(), [deal(1), deal(2), deal(3)]);
    let message = "found the columns `Declarer Suit Tricks`, expected Declarer;Denomination;Result: the `OptimumResultTable` is passed over";
    assert_eq!(warnings, [(message.to_string(), at(&text, "Declarer Suit", 0), times(3))]);
}

#[test]
fn unknown_rows_leave_the_table_unused_and_the_rest_is_still_checked() {
    let rows: Vec<String> = ["N", "E", "S", "W"].iter().flat_map(|s| ["NT", "S", "H", "D", "C"].map(|d| format!("{s} {d} ?"))).collect();
    let text = format!("[Board \"4\"]\n{}\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n{}\n", deal_tag(4), rows.join("\n"));
    let (boards, warnings) = read_warned(&text);
    assert_eq!(placing(&boards), [(4, None, None, false)]);
    let message = "found `?` (unknown) in a row of the `OptimumResultTable`, expected a declarer, a denomination and a number of tricks: \
                   the table is not used";
    assert_eq!(warnings, [(message.to_string(), at(&text, "N NT ?", 5), vec![])]);
    // A count no table can hold is still refused, whatever the other rows give.
    let over = text.replace("E S ?", "E S 14");
    assert_eq!(refusal(&over), ("14 tricks for East in spades; a count is 0 to 13".to_string(), at(&over, "E S 14", 4)));
}

#[test]
fn a_copy_with_nothing_to_copy_is_passed_over_but_not_for_the_board() {
    let text = format!(
        "[Event \"#\"]\n[Scoring \"#\"]\n[Board \"1\"]\n[Dealer \"W\"]\n{}\n[Contract \"#\"]\n\n\
         [Event \"#\"]\n[Board \"2\"]\n[Vulnerable \"EW\"]\n{}\n\n[Event \"Club\"]\n[Board \"3\"]\n{}\n",
        deal_tag(1),
        deal_tag(2),
        deal_tag(3)
    );
    let read = read_checked(&Source::new("o.pbn", text.as_str()), Check::Full).unwrap();
    assert_eq!(read.title.as_deref(), Some("Club"), "the first Event known");
    let (boards, warnings) = read_warned(&text);
    assert_eq!(placing(&boards), [(1, Some(Seat::West), None, false), (2, None, Some(Vulnerability::EastWest), false), (3, None, None, false)]);
    let first = "found `#` (the previous game's value) for `Event`, but this is the file's first game; the tag is passed over";
    let play = "found `#` for `Contract`, expected its own value: a game's Contract is never copied from another game; the tag is passed over";
    assert_eq!(warnings, [(first.to_string(), (1, 9), times(3)), (play.to_string(), (6, 12), vec![])]);
    // The board number, dealer, vulnerability and deal are never passed over.
    assert_eq!(
        refusal(&text.replace("[Board \"1\"]", "[Board \"#\"]")),
        ("found `#` (the previous game's value) for `Board`, but this is the file's first game".to_string(), (3, 9))
    );
    let (m, place) = refusal(&text.replace("[Vulnerable \"EW\"]", "[Vulnerable \"#\"]"));
    assert_eq!(
        (m.as_str(), place),
        ("found `#` for `Vulnerable`, expected its own value: a game's Vulnerable is never copied from another game", (10, 14))
    );
}

#[test]
fn vulnerabilities_are_read_as_other_programs_write_them() {
    let spelt = [
        ("Love", Vulnerability::None),
        ("N-S ", Vulnerability::NorthSouth),
        ("E-W ", Vulnerability::EastWest),
        ("Both", Vulnerability::All),
        ("n-s", Vulnerability::NorthSouth),
        ("ew ", Vulnerability::EastWest),
        ("all", Vulnerability::All),
        ("-", Vulnerability::None),
        ("None ", Vulnerability::None),
    ];
    let dealers = ["n", "E ", " s", "w"];
    let text: String = spelt
        .iter()
        .enumerate()
        .map(|(i, (v, _))| format!("[Board \"{}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{v}\"]\n{}\n\n", i + 1, dealers[i % 4], deal_tag(i as u64 + 1)))
        .collect();
    let (boards, warnings) = read_warned(&text);
    assert!(warnings.is_empty(), "{warnings:?}");
    let expected: Vec<_> = spelt.iter().enumerate().map(|(i, (_, v))| (i as u64 + 1, Some(Seat::ALL[i % 4]), Some(*v), false)).collect();
    assert_eq!(placing(&boards), expected);
    // A vulnerability or a dealer that means nothing is refused with its place.
    let bad = text.replace("N-S ", "N-S-E");
    assert_eq!(refusal(&bad), ("found `N-S-E`, expected None, NS, EW or All".to_string(), at(&bad, "N-S-E", 0)));
    let bad = text.replace("[Dealer \"w\"]", "[Dealer \"X\"]");
    assert_eq!(refusal(&bad), ("found `X`, expected N, E, S or W".to_string(), at(&bad, "X\"]", 0)));
}

#[test]
fn tags_not_written_name_and_quoted_value_are_passed_over_unless_of_the_deal() {
    let text = format!(
        "[Event Random Deal #]\n[Site \"Club]\n[Date \"2024\" x]\n[Board \"1\"]\n[Dealer \"N\"]\n{}\n\n\
         [Event Random Deal #][Board \"2\"]\n[Dealer \"E\"]\n{}\n",
        deal_tag(1),
        deal_tag(2)
    );
    let (boards, warnings) = read_warned(&text);
    assert_eq!(placing(&boards), [(1, Some(Seat::North), None, false), (2, Some(Seat::East), None, false)]);
    assert_eq!(boards.iter().map(|b| b.deal).collect::<Vec<_>>(), [deal(1), deal(2)]);
    let message = "found `[Event Random Deal #]`, expected `[Event \"...\"]`: its value is not in quotes; the tag is passed over";
    assert_eq!(warnings, [(message.to_string(), (1, 1), times(4))]);
    // The tags of the board and its deal are refused so.
    let (m, place) = refusal(&text.replace("[Board \"2\"]", "[Board 2]"));
    assert_eq!((m.as_str(), place), ("found `[Board 2]`, expected `[Board \"...\"]`: its value is not in quotes", (8, 22)));
    let (m, place) = refusal(&text.replace("[Dealer \"N\"]", "[Dealer \"N]"));
    assert_eq!((m.as_str(), place), ("found `[Dealer \"N]`, expected `[Dealer \"...\"]`: its value has no closing quote", (5, 1)));
    let unquoted = text.replacen("[Deal \"", "[Deal ", 1).replacen("\"]\n\n", "]\n\n", 1);
    let (m, place) = refusal(&unquoted);
    assert!(m.starts_with("found `[Deal N:") && m.ends_with("its value is not in quotes"), "{m}");
    assert_eq!(place, (6, 1));
}

#[test]
fn a_game_goes_on_to_its_deal_past_a_second_room_or_an_empty_line() {
    let text = format!(
        "[Event \"Teams\"]\n[Board \"5\"]\n[Room \"Open\"]\n[Room \"Closed\"]\n[Dealer \"N\"]\n[Vulnerable \"NS\"]\n{}\n\n\
         [Event \"Teams\"]\n[Board \"6\"]\n[Room \"Open\"]\n[Room \"Closed\"]\n[Dealer \"E\"]\n[Dealer \"e\"]\n[Vulnerable \"EW\"]\n{}\n\n\
         [Board \"7\"]\n% written by the scorer\n\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n{}\n\n\
         [Board \"8\"]\n\n{{ a commentary }}\n\n[Dealer \"W\"]\n[Vulnerable \"None\"]\n{}\n",
        deal_tag(5),
        deal_tag(6),
        deal_tag(7),
        deal_tag(8)
    );
    let (boards, warnings) = read_warned(&text);
    let expected = [
        (5, Some(Seat::North), Some(Vulnerability::NorthSouth), false),
        (6, Some(Seat::East), Some(Vulnerability::EastWest), false),
        (7, Some(Seat::South), Some(Vulnerability::All), false),
        (8, Some(Seat::West), Some(Vulnerability::None), false),
    ];
    assert_eq!(placing(&boards), expected);
    assert_eq!(boards.iter().map(|b| b.deal).collect::<Vec<_>>(), [deal(5), deal(6), deal(7), deal(8)]);
    let twice = "board 5: a second `Room` tag before the game's `Deal`; it is passed over";
    let empty = "board 7: an empty line before the game's `Deal`; the tags after it, from this `Dealer` tag, are read as the game's";
    assert_eq!(warnings, [(twice.to_string(), (4, 8), times(3)), (empty.to_string(), at(&text, "[Dealer \"S\"]", 9), times(2))]);

    // A board's own tags are not given twice, and a board without its deal is still refused.
    let (m, place) = refusal(&text.replace("[Dealer \"e\"]", "[Dealer \"S\"]"));
    assert_eq!(
        (m.as_str(), place),
        ("board 6: found a second `Dealer` tag, `S`, before the game's `Deal`, expected one: the first gives `E`", (14, 10))
    );
    let cut = text.replacen(&deal_tag(5), "", 1);
    assert_eq!(refusal(&cut), ("board 5 has no `Deal` tag; dealvm needs every board's deal".to_string(), (2, 9)));
    let lost = text.replace("[Dealer \"S\"]", "[Board \"9\"]");
    assert_eq!(refusal(&lost), ("board 7 has no `Deal` tag; dealvm needs every board's deal".to_string(), at(&lost, "[Board \"7\"]", 8)));
}
