//! The tables of double-dummy tricks of PBN files: the `OptimumResultTable` section of PBN 2.1
//! (columns and rows in any order; a partial table is read and checked, but not used) and
//! BridgeComposer's `DoubleDummyTricks` tag (20 hexadecimal digits, declarers N, S, E, W, each
//! in NT, S, H, D, C).

use crate::diag::Span;
use crate::files::pbn::{denomination, seat_of_letter, DENOMINATIONS, DOUBLE_DUMMY_DECLARERS};
use dealvm_vm::card::Seat;
use dealvm_vm::evaluation::dd::TrickTable;
use dealvm_vm::evaluation::score::Strain;

/// The first count on which two tables differ, as a message.
pub(super) fn disagreement(table: &TrickTable, dd: &TrickTable) -> String {
    let (seat, strain) = Seat::ALL
        .into_iter()
        .flat_map(|seat| DENOMINATIONS.map(|strain| (seat, strain)))
        .find(|&(seat, strain)| table.get(seat, strain) != dd.get(seat, strain))
        .unwrap_or((Seat::North, Strain::NoTrump));
    format!(
        "the `DoubleDummyTricks` tag gives {} {} tricks in {}, the `OptimumResultTable` {}",
        seat.name(),
        dd.get(seat, strain),
        denomination_name(strain),
        table.get(seat, strain)
    )
}

/// The name of a denomination in a message: `notrump`, `spades`, … `clubs`.
pub(super) fn denomination_name(strain: Strain) -> &'static str {
    ["clubs", "diamonds", "hearts", "spades", "notrump"][strain as usize]
}

/// A denomination as PBN writes it (`NT`, `S`, `H`, `D`, `C`, in any case; `N` for notrump).
fn parse_denomination(text: &str) -> Option<Strain> {
    match text.to_ascii_uppercase().as_str() {
        "NT" | "N" => Some(Strain::NoTrump),
        "S" => Some(Strain::Spades),
        "H" => Some(Strain::Hearts),
        "D" => Some(Strain::Diamonds),
        "C" => Some(Strain::Clubs),
        _ => None,
    }
}

/// The whitespace-separated words of `line` (starting at offset `at`), with their places.
fn words(line: &str, at: usize) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((&line[s..i], Span::new(at + s, at + i)));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// The name of a table column in lower case, without its sort order (`+`, `-`) and format
/// (`\2R`).
fn column_name(column: &str) -> String {
    column.split('\\').next().unwrap_or("").trim().trim_start_matches(['+', '-']).to_ascii_lowercase()
}

/// The table of an `OptimumResultTable` section: its header (columns `Declarer`,
/// `Denomination` and `Result` in any order, all three when the header is empty) and its
/// rows, one per declarer and denomination in any order; `None` for a partial table (a row
/// missing), which is read and checked but not used.
pub(super) fn optimum_result_table(header: &str, at: Span, rows: &[(usize, &str)]) -> Result<Option<TrickTable>, (Span, String)> {
    let names: Vec<String> = header.split(';').map(column_name).collect();
    let columns = if header.trim().is_empty() { vec!["declarer".to_string(), "denomination".into(), "result".into()] } else { names };
    let find = |name: &str| columns.iter().position(|c| c == name);
    let (Some(di), Some(ni), Some(ri)) = (find("declarer"), find("denomination"), find("result")) else {
        return Err((at, format!("found `{header}`, expected the columns of an optimum result table: Declarer;Denomination;Result")));
    };
    let mut table = TrickTable::default();
    let mut seen = [[false; 5]; 4];
    for &(start, line) in rows {
        let cells = words(line, start);
        if cells.len() != columns.len() {
            let span = Span::new(start, start + line.len());
            return Err((span, format!("found `{line}`, expected a row of {} columns: declarer, denomination and tricks", columns.len())));
        }
        let (declarer, strain, tricks) = table_row(cells[di], cells[ni], cells[ri])?;
        let slot = &mut seen[declarer.index()][strain as usize];
        if *slot {
            return Err((Span::new(start, start + line.len()), format!("a second row for {} {}", declarer.letter(), denomination(strain))));
        }
        *slot = true;
        table.set(declarer, strain, tricks);
    }
    let missing: Vec<String> = Seat::ALL
        .into_iter()
        .flat_map(|seat| DENOMINATIONS.map(|strain| (seat, strain)))
        .filter(|&(seat, strain)| !seen[seat.index()][strain as usize])
        .map(|(seat, strain)| format!("{} {}", seat.letter(), denomination(strain)))
        .collect();
    // A partial table (some producers write the rows of a few declarers only) is accepted but
    // not used: the board is solved like one without a table.
    Ok(missing.is_empty().then_some(table))
}

/// One row of an optimum result table: declarer, denomination and tricks.
fn table_row(declarer: (&str, Span), strain: (&str, Span), tricks: (&str, Span)) -> Result<(Seat, Strain, u8), (Span, String)> {
    let seat = seat_of_letter(declarer.0).ok_or((declarer.1, format!("found `{}`, expected a declarer: N, E, S or W", declarer.0)))?;
    let strain = parse_denomination(strain.0).ok_or((strain.1, format!("found `{}`, expected a denomination: NT, S, H, D or C", strain.0)))?;
    let digits = !tricks.0.is_empty() && tricks.0.bytes().all(|b| b.is_ascii_digit());
    let n = tricks.0.parse::<u32>().ok().filter(|_| digits);
    let n = n.ok_or_else(|| (tricks.1, format!("found `{}`, expected a number of tricks (0 to 13)", tricks.0)))?;
    if n > 13 {
        return Err((tricks.1, format!("{n} tricks for {} in {}; a count is 0 to 13", seat.name(), denomination_name(strain))));
    }
    Ok((seat, strain, n as u8))
}

/// What is wrong with a `DoubleDummyTricks` value of the wrong length.
fn digit_count(value: &str) -> String {
    format!("found {} digits, expected 20: the tricks of N, S, E and W, each in NT, S, H, D and C", value.chars().count())
}

/// The table of BridgeComposer's `DoubleDummyTricks` tag: 20 hexadecimal digits, declarers N,
/// S, E, W, each with the denominations NT, S, H, D, C.
pub(super) fn double_dummy_tricks(value: &str, at: Span) -> Result<TrickTable, (Span, String)> {
    let mut table = TrickTable::default();
    let cells = DOUBLE_DUMMY_DECLARERS.into_iter().flat_map(|seat| DENOMINATIONS.map(|strain| (seat, strain)));
    let mut digits = value.char_indices();
    for (seat, strain) in cells {
        let Some((i, c)) = digits.next() else {
            return Err((at, digit_count(value)));
        };
        let span = Span::new(at.start + i, at.start + i + c.len_utf8());
        let n = c.to_digit(16).ok_or((span, format!("`{c}` is not a hexadecimal digit (0 to 9, a to d)")))?;
        if n > 13 {
            return Err((span, format!("`{c}` gives {} {n} tricks in {}; a count is 0 to 13", seat.name(), denomination_name(strain))));
        }
        table.set(seat, strain, n as u8);
    }
    if let Some((i, _)) = digits.next() {
        return Err((Span::new(at.start + i, at.end), digit_count(value)));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;
    use crate::files::pbn::{double_dummy_tricks as dd_digits, write_dd_tags, PbnWriter};
    use crate::source::pbn::{parse_deal, read};
    use dealvm_vm::dealing::board::Board;
    use dealvm_vm::evaluation::dd::{ParContract, ParDeclarer, ParResult};

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

        let (m, place) = refusal(&with_line(COMPOSER_GAME, header, "[OptimumResultTable \"Declarer;Tricks\"]"));
        assert!(m.starts_with("found `Declarer;Tricks`, expected the columns"), "{m}");
        assert_eq!(place, (header, 22));
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
        assert_eq!(m, "board 6: 0 tricks for West in clubs, but East holds the ace of trumps, which always takes a trick: the table is not double-dummy results");
        assert_eq!(place, (5, 21));
    }

    #[test]
    fn lines_ending_in_a_lone_cr_are_read() {
        let cr = COMPOSER_GAME.replace("\r\n", "\r");
        assert_eq!(crate::source::read("cr.pbn", cr.into_bytes()).unwrap()[0].tricks, Some(composer_table()));
    }
}
