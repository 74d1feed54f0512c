//! Reading Big Deal's board files with `--deals`: every file of every reference run of
//! `tests/data/bigdeal` (written by Big Deal itself, in all twelve of its formats) gives that
//! run's deals, and writing what was read gives the file again byte for byte; random boards go
//! round every format (written, read, written again); and the command reads each format alike.

use crate::common::{as_ours, data_dir, run_in, scratch};
use dealvm::formats::{self, Format, Sealed};
use dealvm::source::Deals;
use dealvm::tournament::bigdeal::{deal_of, DEALS};
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, places_between, Board};
use std::fs;
use std::path::Path;

/// The boards of a PBN file written by Big Deal: each board's number and deal.
fn pbn_boards(path: &Path) -> Vec<(u64, Deal)> {
    let text = fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut number = 0;
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("[Board \"").and_then(|l| l.strip_suffix("\"]")) {
            number = n.parse().unwrap();
        }
        if let Some(d) = line.strip_prefix("[Deal \"").and_then(|l| l.strip_suffix("\"]")) {
            out.push((number, dealvm::formats::pbn::parse_deal(d).unwrap()));
        }
    }
    out
}

/// The boards `--deals` reads from a file of these bytes named `name`.
fn read(name: &str, bytes: Vec<u8>) -> Result<Vec<Board>, String> {
    let deals = Deals::from_file(name, bytes, None).map_err(|d| d.render(None))?.deals;
    Ok(deals.boards().expect("a board file's boards").to_vec())
}

/// The Big Deal format a reference file was written in: by its extension, sealed in the blind
/// run.
fn format_of(path: &Path) -> Option<(Format, Sealed)> {
    let extension = path.extension()?.to_str()?;
    let sealed = path.parent().is_some_and(|p| p.ends_with("blind"));
    big_deal_formats().into_iter().find(|(f, s)| f.extension() == extension && (*s == Sealed::Yes) == sealed)
}

/// Big Deal's formats, in its order, each followed by its sealed form when it has one.
fn big_deal_formats() -> Vec<(Format, Sealed)> {
    Format::BIG_DEAL.into_iter().flat_map(|f| std::iter::once((f, Sealed::No)).chain(f.facts().sealed.as_ref().map(|_| (f, Sealed::Yes)))).collect()
}

/// The file of `boards` in `format`, as `dealvm boards` writes it.
fn file_of((format, sealed): (Format, Sealed), boards: &[(u64, Deal)]) -> Vec<u8> {
    let boards: Vec<Board> = boards.iter().map(|&(number, deal)| Board::of_cycle(number, deal)).collect();
    format.file(&boards, sealed).expect("a file of boards")
}

/// A reference board file: its path, its format and the deals of its run.
type ReferenceFile = (std::path::PathBuf, (Format, Sealed), Vec<(u64, Deal)>);

/// Every reference board file with its format and the deals of its run.
fn reference_files() -> Vec<ReferenceFile> {
    let dir = data_dir().join("bigdeal");
    let mut out = Vec::new();
    for run in ["h36", "h99", "w32", "w11", "squaredeal-example", "blind"] {
        let mut paths: Vec<_> = fs::read_dir(dir.join(run)).unwrap().map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            let Some(format) = format_of(&path) else { continue };
            let pbn = if run == "blind" { dir.join("w32/club.pbn") } else { path.with_extension("pbn") };
            out.push((path, format, pbn_boards(&pbn)));
        }
    }
    out
}

/// Whether a format's file carries the board numbers (DUP's only its set's first board, which
/// Big Deal always writes as 1).
fn numbered((format, _): (Format, Sealed)) -> bool {
    matches!(format, Format::Pbn | Format::Dlm | Format::Csv | Format::Lin | Format::Cds)
}

#[test]
fn every_reference_file_reads_as_its_runs_deals() {
    let mut read_files = Vec::new();
    for (path, format, run) in reference_files() {
        let name = path.display().to_string();
        let boards = read(&name, fs::read(&path).unwrap()).unwrap_or_else(|m| panic!("{m}"));
        assert_eq!(boards.len(), run.len(), "{name}");
        for (k, (board, &(number, deal))) in boards.iter().zip(&run).enumerate() {
            let expected_number = if numbered(format) { number } else { k as u64 + 1 };
            assert_eq!(board.number, expected_number, "{name}: board {number}");
            // A BHG line starts with the dealer's hand of the board Big Deal wrote; read as board
            // k, its hands sit at board k's dealer on.
            let turned = match format.0 {
                Format::Bhg => deal.rotated(places_between(board_dealer(number), board_dealer(board.number))),
                _ => deal,
            };
            assert_eq!(board.deal, turned, "{name}: board {number}");
            // The file's dealer and vulnerability (CSV, LIN, PBN), else the cycle's: the same.
            let cycle = (Some(board_dealer(board.number)), Some(board_vulnerability(board.number)));
            assert_eq!((board.dealer, board.vulnerable), cycle, "{name}: board {number}");
        }
        read_files.push(format.0.extension());
    }
    for extension in ["pbn", "dlm", "dup", "bri", "dge", "lin", "csv", "ber", "bhg", "rzd", "cds", "goe"] {
        let n = read_files.iter().filter(|e| **e == extension).count();
        assert!(n >= 3, "{extension}: {n} files read");
    }
}

/// The reference file as dealvm writes it: its program's name ours in PBN and DLM.
fn as_written((format, _): (Format, Sealed), reference: Vec<u8>) -> Vec<u8> {
    match format {
        Format::Pbn | Format::Dlm => as_ours(&String::from_utf8(reference).unwrap()).into_bytes(),
        _ => reference,
    }
}

#[test]
fn writing_what_was_read_gives_each_reference_file_again() {
    for (path, format, _) in reference_files() {
        let reference = fs::read(&path).unwrap();
        let boards: Vec<(u64, Deal)> = read(&path.display().to_string(), reference.clone()).unwrap().iter().map(|b| (b.number, b.deal)).collect();
        assert!(file_of(format, &boards) == as_written(format, reference), "{}", path.display());
    }
}

/// Random deals (a mixing of a counter, spread over all deals).
fn random_deals(seed: u64, n: usize) -> Vec<Deal> {
    let mut x = seed;
    let mut next = || {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        dealvm_vm::dealing::rng::mix64(x)
    };
    (0..n).map(|_| deal_of(((next() as u128) << 64 | next() as u128) % DEALS)).collect()
}

#[test]
fn random_boards_go_round_every_format() {
    for (round, format) in big_deal_formats().into_iter().enumerate() {
        let name = formats::name_of(format.0, format.1);
        // Boards from 1, and from 17 in the formats that keep the numbers.
        let starts: &[u64] = if numbered(format) { &[1, 17] } else { &[1] };
        for &first in starts {
            let count = if format.0.last_board().is_some() { 99 - first as usize + 1 } else { 150 };
            let deals = random_deals(round as u64 * 1000 + first, count.min(40));
            let boards: Vec<(u64, Deal)> = deals.iter().enumerate().map(|(i, d)| (first + i as u64, *d)).collect();
            let file = file_of(format, &boards);
            let file_name = format!("round.{}", format.0.extension());
            let read: Vec<(u64, Deal)> =
                read(&file_name, file.clone()).unwrap_or_else(|m| panic!("{m}")).iter().map(|b| (b.number, b.deal)).collect();
            assert_eq!(read, boards, "{name} from board {first}");
            assert!(file_of(format, &read) == file, "{name} from board {first}: written again");
            // Told by content under any name, but CDS, which only its name tells.
            let any = self::read("boards.dat", file.clone());
            match format.0 {
                Format::Cds => assert!(any.unwrap_err().contains("none of the formats --deals reads"), "cds"),
                _ => assert_eq!(any.map(|b| b.len()), Ok(boards.len()), "{name} by content"),
            }
        }
    }
}

#[test]
fn the_command_reads_every_format_alike() {
    let dir = scratch("bigdeal-files");
    fs::write(dir.join("p.dli"), "action printoneline\n").unwrap();
    let run = data_dir().join("bigdeal/w32");
    let mut outputs = Vec::new();
    for extension in ["pbn", "dlm", "dup", "bri", "dge", "lin", "csv", "ber", "bhg", "rzd", "cds", "goe"] {
        let file = run.join(format!("club.{extension}"));
        let out = run_in(&dir, &["--deals", file.to_str().unwrap(), "p.dli"], "");
        assert_eq!(out.status, 0, "{extension}: {}", out.stderr);
        let deals: Vec<String> = out.stdout.lines().filter(|l| l.starts_with("n ")).map(str::to_string).collect();
        assert_eq!(deals.len(), 32, "{extension}");
        outputs.push((extension, deals));
    }
    for (extension, deals) in &outputs[1..] {
        assert_eq!(deals, &outputs[0].1, "{extension} against pbn");
    }
    // A damaged one is refused with the file, the board and the place, and nothing else.
    let mut dup = fs::read(run.join("club.dup")).unwrap();
    dup[156 * 4 + 7] = b'x';
    fs::write(dir.join("bad.dup"), &dup).unwrap();
    let out = run_in(&dir, &["--deals", "bad.dup", "p.dli"], "");
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("`bad.dup`, board 5 (offset 630): found `"), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    let lin = fs::read_to_string(run.join("club.lin")).unwrap().replacen("|sv|e|", "|sv|q|", 1);
    fs::write(dir.join("bad.lin"), lin).unwrap();
    let out = run_in(&dir, &["--deals", "bad.lin", "p.dli"], "");
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("found `q`, expected a vulnerability") && out.stderr.contains("bad.lin:3:"), "{}", out.stderr);
    fs::remove_dir_all(&dir).unwrap();
}

/// Big Deal's files of boards 11 to 20: the formats without board numbers are read from the
/// first board given (`--board-start 11`), BHG's hands from those boards' dealers, as the files
/// with numbers read; read without it, a BHG file is read as boards 1 to 10 with a warning
/// saying so and what to give.
#[test]
fn files_without_board_numbers_are_read_from_the_first_board_given() {
    let dir = scratch("bigdeal-first-board");
    fs::write(dir.join("p.dli"), "action printoneline\n").unwrap();
    let run = data_dir().join("bigdeal/w11");
    let read = |extension: &str, extra: &[&str]| {
        let file = run.join(format!("range.{extension}"));
        let out = run_in(&dir, &[&["--deals", file.to_str().unwrap(), "-s", "1"], extra, &["--pbn", "-", "-q", "-v"]].concat(), "");
        assert_eq!(out.status, 0, "{extension}: {}", out.stderr);
        let boards: Vec<String> = out.stdout.lines().filter(|l| l.starts_with("[Board ") || l.starts_with("[Deal ")).map(str::to_string).collect();
        assert_eq!(boards.len(), 20, "{extension}");
        (boards, out.stderr)
    };
    let (numbered, _) = read("pbn", &["--board-start", "11"]);
    assert!(numbered[0] == "[Board \"11\"]", "{numbered:?}");
    for extension in ["dlm", "dup", "bri", "dge", "lin", "csv", "ber", "bhg", "rzd", "cds", "goe"] {
        let (boards, warned) = read(extension, &["--board-start", "11"]);
        assert_eq!(boards, numbered, "{extension} from board 11");
        assert!(!warned.contains("warning"), "{extension}: {warned}");
    }
    let (boards, warned) = read("bhg", &[]);
    assert_ne!(boards, numbered, "boards 11 to 20 read as 1 to 10");
    assert!(warned.contains("range.bhg` holds no board numbers") && warned.contains("--board-start 11"), "{warned}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_output_replaces_a_board_file_of_another_format() {
    let dir = scratch("bigdeal-kinds");
    fs::write(dir.join("p.dli"), "produce 2\n").unwrap();
    let run = data_dir().join("bigdeal/w32");
    for (extension, what) in [
        ("dup", "DUP"),
        ("bri", "BRI"),
        ("dge", "DGE"),
        ("lin", "LIN"),
        ("csv", "Big Deal CSV"),
        ("ber", "BER"),
        ("bhg", "BHG"),
        ("rzd", "RZD"),
        ("cds", "CDS"),
        ("goe", "GOE"),
    ] {
        let name = format!("club.{extension}");
        let before = fs::read(run.join(&name)).unwrap();
        fs::write(dir.join(&name), &before).unwrap();
        for switch in ["--pbn", "--dlm", "--json"] {
            let out = run_in(&dir, &["-s", "1", switch, &name, "p.dli"], "");
            assert_eq!(out.status, 2, "{switch} {name}: {}", out.stderr);
            let said = format!("{switch} `{name}` is a {what} file: dealvm will not replace it");
            assert!(out.stderr.contains(&said), "{switch} {name}: {}", out.stderr);
            assert!(fs::read(dir.join(&name)).unwrap() == before, "{name} kept");
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}
