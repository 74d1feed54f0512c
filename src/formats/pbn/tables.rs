//! The tables of double-dummy tricks of PBN files: the `OptimumResultTable` section of PBN 2.1
//! (columns and rows in any order; a partial table is read and checked, but not used; one in
//! columns of its own, or with unknown rows, is passed over with a warning) and
//! BridgeComposer's `DoubleDummyTricks` tag (20 hexadecimal digits, declarers N, S, E, W, each
//! in NT, S, H, D, C).

use super::write::{denomination, seat_of_letter, DENOMINATIONS, DOUBLE_DUMMY_DECLARERS};
use crate::diag::Span;
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

/// What an `OptimumResultTable` section gives.
#[derive(Debug, PartialEq)]
pub(super) enum Optimum {
    /// A row for every declarer and denomination.
    Whole(TrickTable),
    /// Rows for some only (some producers write a few declarers' rows): read and checked, but
    /// not used; the board is solved like one without a table.
    Partial,
    /// A table the reader does not understand, passed over: the place and the warning, and the
    /// kind of warning ([`crate::formats::place::Oddities`]).
    Passed { kind: &'static str, at: Span, why: String },
}

/// The table of an `OptimumResultTable` section: its header (columns `Declarer`,
/// `Denomination` and `Result` in any order, all three when the header is empty) and its
/// rows, one per declarer and denomination in any order. A header of other columns, or a row
/// giving `?` (unknown), is passed over ([`Optimum::Passed`]): the other rows are still
/// checked.
pub(super) fn optimum_result_table(header: &str, at: Span, rows: &[(usize, &str)]) -> Result<Optimum, (Span, String)> {
    let names: Vec<String> = header.split(';').map(column_name).collect();
    let columns = if header.trim().is_empty() { vec!["declarer".to_string(), "denomination".into(), "result".into()] } else { names };
    let find = |name: &str| columns.iter().position(|c| c == name);
    let (Some(di), Some(ni), Some(ri)) = (find("declarer"), find("denomination"), find("result")) else {
        let why = format!("found the columns `{header}`, expected Declarer;Denomination;Result: the `OptimumResultTable` is passed over");
        return Ok(Optimum::Passed { kind: "optimum result table columns", at, why });
    };
    let mut table = TrickTable::default();
    let mut seen = [[false; 5]; 4];
    let mut unknown = None;
    for &(start, line) in rows {
        let cells = words(line, start);
        if cells.len() != columns.len() {
            let span = Span::new(start, start + line.len());
            return Err((span, format!("found `{line}`, expected a row of {} columns: declarer, denomination and tricks", columns.len())));
        }
        let row = [cells[di], cells[ni], cells[ri]];
        if let Some((_, span)) = row.iter().find(|(cell, _)| *cell == "?") {
            unknown = unknown.or(Some(*span));
            continue;
        }
        let (declarer, strain, tricks) = table_row(row[0], row[1], row[2])?;
        let slot = &mut seen[declarer.index()][strain as usize];
        if *slot {
            return Err((Span::new(start, start + line.len()), format!("a second row for {} {}", declarer.letter(), denomination(strain))));
        }
        *slot = true;
        table.set(declarer, strain, tricks);
    }
    if let Some(at) = unknown {
        let why = "found `?` (unknown) in a row of the `OptimumResultTable`, expected a declarer, a denomination and a number of tricks: \
                   the table is not used"
            .to_string();
        return Ok(Optimum::Passed { kind: "optimum result table unknown", at, why });
    }
    let whole = Seat::ALL.into_iter().all(|seat| DENOMINATIONS.into_iter().all(|strain| seen[seat.index()][strain as usize]));
    Ok(if whole { Optimum::Whole(table) } else { Optimum::Partial })
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
pub(super) fn read_double_dummy_tricks(value: &str, at: Span) -> Result<TrickTable, (Span, String)> {
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
