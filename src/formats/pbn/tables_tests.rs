//! The tests of the tables of tricks of PBN files, read by the reader and written by the
//! writer.

use super::write::{denomination, double_dummy_tricks as dd_digits, write_dd_tags, PbnWriter, DENOMINATIONS};
use super::{parse_deal, read, read_checked};
use crate::diag::Source;
use crate::formats::facts::Check;
use dealvm_vm::card::Seat;
use dealvm_vm::dealing::board::Board;
use dealvm_vm::evaluation::dd::TrickTable;
use dealvm_vm::evaluation::dd::{ParContract, ParDeclarer, ParResult};
use dealvm_vm::evaluation::score::Strain;

/// The deal of BridgeComposer's example (board 6 of its tag-order test file).
const COMPOSER_DEAL: &str = "N:A42.KT952.Q97.63 T83.7.8432.AQJ52 KJ6.843.K65.K984 Q975.AQJ6.AJT.T7";

/// Its table, as BridgeComposer wrote it: `DoubleDummyTricks`, then the section.
const COMPOSER_GAME: &str = "[Board \"6\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"NS\"]\r\n\
    [Deal \"N:A42.KT952.Q97.63 T83.7.8432.AQJ52 KJ6.843.K65.K984 Q975.AQJ6.AJT.T7\"]\r\n\
    [DoubleDummyTricks \"65755758556857867588\"]\r\n[OptimumScore \"EW 110\"]\r\n[ParContract \"E 2S=\"]\r\n\
    [Auction \"N\"]\r\n1NT Pass 3NT AP\r\n[Play \"W\"]\r\nSQ *\r\n\
    [OptimumResultTable \"Declarer;Denomination\\2R;Result\\1R\"]\r\n\
    N NT 6\r\nN  S 5\r\nN  H 7\r\nN  D 5\r\nN  C 5\r\nS NT 7\r\nS  S 5\r\nS  H 8\r\nS  D 5\r\nS  C 5\r\n\
    E NT 6\r\nE  S 8\r\nE  H 5\r\nE  D 7\r\nE  C 8\r\nW NT 6\r\nW  S 7\r\nW  H 5\r\nW  D 8\r\nW  C 8\r\n\r\n";

/// The table of BridgeComposer's example, declarers N E S W, strains NT S H D C.
fn composer_table() -> TrickTable {
    let rows = [[6, 5, 7, 5, 5], [6, 8, 5, 7, 8], [7, 5, 8, 5, 5], [6, 7, 5, 8, 8]];
    let mut t = TrickTable::default();
    for (seat, counts) in Seat::ALL.into_iter().zip(rows) {
        for (strain, n) in DENOMINATIONS.into_iter().zip(counts) {
            t.set(seat, strain, n);
        }
    }
    t
}

/// The boards of a PBN text.
fn boards(text: &str) -> Vec<Board> {
    read(&Source::new("t.pbn", text)).unwrap_or_else(|d| panic!("{}", d.render(None)))
}

/// The message of a refusal and its line and column.
fn refusal(text: &str) -> (String, (usize, usize)) {
    let d = read(&Source::new("t.pbn", text)).expect_err("a refusal");
    let place = d.source.as_ref().unwrap().line_col(d.span.unwrap().start);
    (d.message, place)
}

/// `text` with its line `n` (from 1) replaced by `line`.
fn with_line(text: &str, n: usize, line: &str) -> String {
    text.split("\r\n").enumerate().map(|(i, l)| if i + 1 == n { line } else { l }).collect::<Vec<_>>().join("\r\n")
}

#[test]
fn bridge_composer_tables_are_read() {
    let b = boards(COMPOSER_GAME);
    assert_eq!(b.len(), 1);
    assert_eq!(b[0].deal, parse_deal(COMPOSER_DEAL).unwrap());
    assert_eq!(b[0].tricks, Some(composer_table()));
    // Either tag alone gives the same table.
    let section_only = COMPOSER_GAME.replace("[DoubleDummyTricks \"65755758556857867588\"]\r\n", "");
    assert_eq!(boards(&section_only)[0].tricks, Some(composer_table()));
    let cut = COMPOSER_GAME.find("[OptimumResultTable").unwrap();
    let tag_only = format!("{}\r\n", &COMPOSER_GAME[..cut]);
    assert_eq!(boards(&tag_only)[0].tricks, Some(composer_table()));
    assert_eq!(dd_digits(&composer_table()), "65755758556857867588");
}

#[test]
fn written_tables_read_back() {
    let deal = parse_deal(COMPOSER_DEAL).unwrap();
    let mut other = composer_table();
    other.set(Seat::West, Strain::Clubs, 13);
    other.set(Seat::East, Strain::NoTrump, 10);
    let contract = ParContract { level: 2, strain: Strain::Spades, doubled: false, declarer: ParDeclarer::Seat(Seat::East) };
    let par = ParResult { score: -110, contract };
    let mut out = Vec::new();
    let mut writer = PbnWriter::new("tables", "");
    for (board, table) in [(1, composer_table()), (2, other)] {
        let mut game = Vec::new();
        writer.game(&mut game, board, &deal, None, None, None).unwrap();
        game.truncate(game.len() - 2);
        write_dd_tags(&mut game, &table, &par).unwrap();
        game.extend_from_slice(b"\r\n");
        out.extend(game);
    }
    let b = boards(&String::from_utf8(out).unwrap());
    assert_eq!(b.iter().map(|b| (b.number, b.tricks)).collect::<Vec<_>>(), vec![(1, Some(composer_table())), (2, Some(other))]);
}

#[test]
fn rows_come_in_any_order_and_spacing() {
    let mut rows: Vec<String> = Seat::ALL
        .into_iter()
        .flat_map(|seat| DENOMINATIONS.map(|st| (seat, st)))
        .map(|(seat, st)| format!("{}\t{}   {}", seat.letter().to_ascii_lowercase(), denomination(st), composer_table().get(seat, st)))
        .collect();
    rows.reverse();
    rows.insert(3, "; a comment".into());
    let text = format!("[Deal \"{COMPOSER_DEAL}\"]\n[OptimumResultTable \"\"]\n{}\n[Contract \"3NT\"]\n", rows.join("\n"));
    let b = boards(&text);
    assert_eq!(b[0].tricks, Some(composer_table()));
}

#[test]
fn columns_come_in_any_order() {
    let rows: Vec<String> = Seat::ALL
        .into_iter()
        .flat_map(|seat| DENOMINATIONS.map(|st| (seat, st)))
        .map(|(seat, st)| format!("{:>2} {} {}", composer_table().get(seat, st), seat.letter(), denomination(st)))
        .collect();
    let text = format!("[Deal \"{COMPOSER_DEAL}\"]\n[OptimumResultTable \"-Result\\2R;+Declarer;Denomination\\2R\"]\n{}\n", rows.join("\n"));
    assert_eq!(boards(&text)[0].tricks, Some(composer_table()));
}

#[test]
fn games_without_tables_have_no_tricks() {
    let text = format!("[Deal \"{COMPOSER_DEAL}\"]\n[DoubleDummyTricks \"\"]\n\n[Deal \"{COMPOSER_DEAL}\"]\n[OptimumResultTable \"?\"]\n\n");
    assert_eq!(boards(&text).iter().map(|b| b.tricks).collect::<Vec<_>>(), vec![None, None]);
}

#[test]
fn damaged_optimum_result_tables_are_refused_with_their_place() {
    // Line 12 is the header; rows N NT .. W C are lines 13 to 32.
    let header = 12;
    // A partial table is read and checked, but not used: the board keeps the tag's table,
    // or is solved without one.
    let missing = with_line(COMPOSER_GAME, header + 8, "; S H 8 lost");
    assert_eq!(boards(&missing)[0].tricks, Some(composer_table()));
    let alone = missing.replace("[DoubleDummyTricks \"65755758556857867588\"]\r\n", "");
    assert_eq!(boards(&alone)[0].tricks, None);
    let (m, place) = refusal(&with_line(&alone, header + 6, "S  S 15"));
    assert_eq!((m.as_str(), place), ("15 tricks for South in spades; a count is 0 to 13", (header + 6, 6)));

    let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 3, "N  H 14"));
    assert_eq!((m.as_str(), place), ("14 tricks for North in hearts; a count is 0 to 13", (header + 3, 6)));

    let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 3, "N  S 5"));
    assert_eq!((m.as_str(), place), ("a second row for N S", (header + 3, 1)));

    let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 1, "X NT 6"));
    assert_eq!((m.as_str(), place), ("found `X`, expected a declarer: N, E, S or W", (header + 1, 1)));

    let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 2, "N  Q 5"));
    assert_eq!((m.as_str(), place), ("found `Q`, expected a denomination: NT, S, H, D or C", (header + 2, 4)));

    let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 2, "N  S +5"));
    assert_eq!((m.as_str(), place), ("found `+5`, expected a number of tricks (0 to 13)", (header + 2, 6)));

    let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 2, "N  S five"));
    assert_eq!((m.as_str(), place), ("found `five`, expected a number of tricks (0 to 13)", (header + 2, 6)));

    let (m, place) = refusal(&with_line(COMPOSER_GAME, header + 2, "N  S"));
    assert_eq!((m.as_str(), place), ("found `N  S`, expected a row of 3 columns: declarer, denomination and tricks", (header + 2, 1)));

    // A table of other columns is passed over with a warning: the board keeps the tag's
    // table, or is solved without one.
    let other = with_line(COMPOSER_GAME, header, "[OptimumResultTable \"Declarer;Tricks\"]");
    let read = read_checked(&Source::new("t.pbn", other.as_str()), Check::Full).unwrap();
    let w = &read.warnings[0];
    assert_eq!(w.message, "found the columns `Declarer;Tricks`, expected Declarer;Denomination;Result: the `OptimumResultTable` is passed over");
    assert_eq!(w.source.as_ref().unwrap().line_col(w.span.unwrap().start), (header, 22));
    assert_eq!(read.into_boards()[0].tricks, Some(composer_table()));
}

#[test]
fn damaged_double_dummy_tricks_are_refused_with_their_place() {
    let line = 5;
    let tag = |value: &str| refusal(&with_line(COMPOSER_GAME, line, &format!("[DoubleDummyTricks \"{value}\"]")));
    let (m, place) = tag("6575575855685786758g");
    assert_eq!((m.as_str(), place), ("`g` is not a hexadecimal digit (0 to 9, a to d)", (line, 40)));
    let (m, place) = tag("657557e8556857867588");
    assert_eq!((m.as_str(), place), ("`e` gives South 14 tricks in spades; a count is 0 to 13", (line, 27)));
    let (m, place) = tag("6575575855685786758");
    assert_eq!((m.as_str(), place), ("found 19 digits, expected 20: the tricks of N, S, E and W, each in NT, S, H, D and C", (line, 21)));
    let (m, place) = tag("657557585568578675881");
    assert!(m.starts_with("found 21 digits"), "{m}");
    assert_eq!(place, (line, 41));
    let (m, place) = tag("65755758556857867589");
    assert_eq!(m, "board 6: the `DoubleDummyTricks` tag gives West 9 tricks in clubs, the `OptimumResultTable` 8");
    assert_eq!(place, (line, 21));
}

#[test]
fn a_second_table_for_a_board_is_refused() {
    let again = COMPOSER_GAME.replace("[OptimumScore", "[DoubleDummyTricks \"65755758556857867588\"]\r\n[OptimumScore");
    let (m, place) = refusal(&again);
    assert_eq!((m.as_str(), place), ("a second `DoubleDummyTricks` tag for board 6; a board has one table of tricks", (6, 21)));
    let cut = COMPOSER_GAME.find("[OptimumResultTable").unwrap();
    let twice = format!("{}{}", &COMPOSER_GAME[..COMPOSER_GAME.len() - 2], &COMPOSER_GAME[cut..]);
    let (m, _) = refusal(&twice);
    assert_eq!(m, "a second `OptimumResultTable` tag for board 6; a board has one table of tricks");
    // After an empty line, a table starts a new game (which has no deal, so is skipped).
    assert_eq!(boards(&format!("{COMPOSER_GAME}{}", &COMPOSER_GAME[cut..])).len(), 1);
}

#[test]
fn tables_no_deal_can_have_are_refused() {
    // East holds the ace of clubs, so West takes a club trick as declarer. (With both
    // tables the disagreement is found first.)
    let (m, place) = refusal(&with_line(COMPOSER_GAME, 5, "[DoubleDummyTricks \"65755758556857867580\"]"));
    assert_eq!(m, "board 6: the `DoubleDummyTricks` tag gives West 0 tricks in clubs, the `OptimumResultTable` 8");
    assert_eq!(place.0, 5);
    let header = 12;
    let (m, place) = refusal(&with_line(&COMPOSER_GAME.replace("[DoubleDummyTricks \"65755758556857867588\"]\r\n", ""), header + 19, "W  C 0"));
    assert!(m.starts_with("board 6: 0 tricks for West in clubs, but East holds the ace of trumps"), "{m}");
    assert_eq!(place, (header - 1, 22));
    let cut = COMPOSER_GAME.find("[OptimumResultTable").unwrap();
    let tag_only = format!("{}\r\n", &COMPOSER_GAME[..cut]).replace("65755758556857867588", "65755758556857867580");
    let (m, place) = refusal(&tag_only);
    assert_eq!(
        m,
        "board 6: 0 tricks for West in clubs, but East holds the ace of trumps, which always takes a trick: the table is not double-dummy results"
    );
    assert_eq!(place, (5, 21));
}
