//! The files for the table from a run: `--dup`, `--bri`, `--dge`, `--ber`, `--rzd`, `--cds`,
//! `--bhg`, `--lin` and `--boards-csv`, written as Big Deal writes them (every file of Big
//! Deal's reference runs, `tests/data/bigdeal`, made again from the run's PBN file by
//! `--deals`), sealed files (`--sealed`), board numbers a format cannot hold refused before
//! dealing, the cycle's dealer and vulnerability, and the same files from a run split into
//! shards.

use crate::common::{data_dir, run_alone, run_in, scratch};
use std::fs;

/// Each switch with the extension of Big Deal's file of the same format.
const SWITCHES: [(&str, &str); 9] = [
    ("--dup", "dup"),
    ("--bri", "bri"),
    ("--dge", "dge"),
    ("--ber", "ber"),
    ("--rzd", "rzd"),
    ("--cds", "cds"),
    ("--bhg", "bhg"),
    ("--lin", "lin"),
    ("--boards-csv", "csv"),
];

#[test]
fn every_format_is_big_deals_byte_for_byte_from_the_same_deals() {
    let dir = scratch("reference");
    let mut checked = 0;
    for (run, prefix) in [("h36", "hash"), ("w32", "club"), ("w11", "range")] {
        let folder = data_dir().join("bigdeal").join(run);
        let pbn = folder.join(format!("{prefix}.pbn"));
        let mut args = vec!["--deals".to_string(), pbn.display().to_string()];
        for (switch, ext) in SWITCHES {
            args.extend([switch.to_string(), format!("{prefix}.{ext}")]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run_alone(&dir, &args);
        assert_eq!(out.status, 0, "{run}: {}", out.stderr);
        for (switch, ext) in SWITCHES {
            let name = format!("{prefix}.{ext}");
            let ours = fs::read(dir.join(&name)).unwrap();
            let theirs = fs::read(folder.join(&name)).unwrap_or_else(|e| panic!("{run}/{name}: {e}"));
            assert!(ours == theirs, "{switch}: {run}/{name} differs from Big Deal's");
            checked += 1;
        }
    }
    assert_eq!(checked, 27);
}

#[test]
fn sealed_files_blank_board_one_and_seal_the_dlm_file() {
    let dir = scratch("sealed");
    let pbn = data_dir().join("bigdeal/w32/club.pbn");
    let out = run_alone(&dir, &["--deals", pbn.to_str().unwrap(), "--dup", "blind.dup", "--dlm", "blind.dlm", "--sealed"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let blind = data_dir().join("bigdeal/blind");
    assert!(fs::read(dir.join("blind.dup")).unwrap() == fs::read(blind.join("blind.dup")).unwrap(), "the sealed DUP file is Big Deal's");
    let dlm = fs::read_to_string(dir.join("blind.dlm")).unwrap();
    assert_eq!(dlm, crate::common::as_ours(&fs::read_to_string(blind.join("blind.dlm")).unwrap()));
    assert!(dlm.contains("Status=Sealed\n"));
    // Read back and sealed again: the same files.
    let out = run_alone(&dir, &["--deals", "blind.dup", "--dup", "again.dup", "--sealed"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(fs::read(dir.join("again.dup")).unwrap() == fs::read(blind.join("blind.dup")).unwrap(), "a sealed DUP file round-trips");
    let out = run_alone(&dir, &["--deals", "blind.dlm", "--dlm", "again.dlm", "--sealed"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(fs::read_to_string(dir.join("again.dlm")).unwrap(), dlm, "a sealed DLM file round-trips");

    // Nothing to seal: refused.
    let out = run_alone(&dir, &["--deals", pbn.to_str().unwrap(), "--pbn", "x.pbn", "--sealed"]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("--sealed seals the --dlm and --dup files; give --dlm FILE or --dup FILE too"), "{}", out.stderr);
    assert!(!dir.join("x.pbn").exists());
}

#[test]
fn a_dup_file_holds_boards_1_to_99_and_says_so_before_dealing() {
    let dir = scratch("capacity");
    let out = run_in(&dir, &["-s", "1", "-p", "100", "--dup", "s.dup"], "condition hcp(north) > 10\n");
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("--dup s.dup: this run can make boards 1 to 100, but a DUP file holds boards 1 to 99"), "{}", out.stderr);
    assert!(!dir.join("s.dup").exists());
    let out = run_in(&dir, &["-s", "1", "-p", "99", "--dup", "s.dup", "--bri", "s.bri"], "condition hcp(north) > 10\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(fs::read(dir.join("s.dup")).unwrap().len(), 99 * 156);
    assert_eq!(fs::read(dir.join("s.bri")).unwrap().len(), 99 * 128);
}

#[test]
fn machine_files_follow_the_cycle_and_name_the_boards_that_do_not() {
    let dir = scratch("cycle");
    // Every deal dealt by South: the DUP file's boards are dealt by the cycle's dealer.
    let out = run_in(&dir, &["-s", "3", "-p", "4", "--dup", "s.dup"], "dealer south\ncondition hcp(south) > 12\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stderr.contains("the DUP file `s.dup` follows the standard 16-board cycle"), "{}", out.stderr);
    assert!(out.stderr.contains("North deals board 1"), "{}", out.stderr);
    // Turned with --rotate: no warning, and South's hand (12+ points) sits with each dealer.
    let out = run_in(&dir, &["-s", "3", "-p", "4", "--rotate", "--dup", "r.dup", "--pbn", "r.pbn"], "dealer south\ncondition hcp(south) > 12\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(!out.stderr.contains("16-board cycle"), "{}", out.stderr);
}

#[test]
fn shards_merge_into_the_same_files() {
    let dir = scratch("shards");
    let script = "condition shape(north, any 4333) and hcp(north) >= 15\nproduce 12\n";
    let single = run_in(&dir, &["-s", "5", "--dup", "one.dup", "--lin", "one.lin", "--bhg", "one.bhg"], script);
    assert_eq!(single.status, 0, "{}", single.stderr);
    for k in 0..2 {
        let shard = format!("{k}/2");
        let part = format!("p{k}.part");
        let out = run_in(&dir, &["-s", "5", "--dup", "x.dup", "--lin", "x.lin", "--bhg", "x.bhg", "--shard", &shard, "--part", &part], script);
        assert_eq!(out.status, 0, "{}", out.stderr);
    }
    let out = run_alone(&dir, &["merge", "p0.part", "p1.part", "--dup", "two.dup", "--lin", "two.lin", "--bhg", "two.bhg"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    for ext in ["dup", "lin", "bhg"] {
        assert_eq!(fs::read(dir.join(format!("one.{ext}"))).unwrap(), fs::read(dir.join(format!("two.{ext}"))).unwrap(), "{ext}");
    }
}

/// The `md` hands and dealer digit and the `sv` letter of each line of a LIN file.
fn lin_boards(text: &str) -> Vec<(char, Vec<String>, String)> {
    text.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('|').collect();
            let value = |key: &str| fields.iter().position(|f| *f == key).map(|i| fields[i + 1].to_string()).unwrap();
            let md = value("md");
            let dealer = md.chars().next().unwrap();
            (dealer, md[1..].split(',').map(str::to_string).collect(), value("sv"))
        })
        .collect()
}

/// A hand as LIN writes it: `S` and the spades, then `H`, `D`, `C`, ranks from the ace down.
fn lin_hand(deal: &dealvm::Deal, seat: dealvm::Seat) -> String {
    let hand = deal.hand(seat);
    dealvm::Suit::DISPLAY.iter().map(|&suit| format!("{}{}", suit.letter(), hand.holding(suit))).collect()
}

#[test]
fn a_lin_file_seats_the_student_south_with_each_boards_dealer() {
    // A practice set for BBO: the student sits South, and the input's `dealer south` makes
    // South deal every board; the vulnerability is the board's (its place in the cycle).
    let dir = scratch("lin");
    let script = "dealer south\ncondition hcp(south) >= 15 and shape(south, any 4333 + any 4432)\nproduce 5\n";
    let out = run_in(&dir, &["-s", "11", "--lin", "practice.lin", "--pbn", "practice.pbn"], script);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lin = fs::read_to_string(dir.join("practice.lin")).unwrap();
    let deals = dealvm::formats::read("practice.pbn", fs::read(dir.join("practice.pbn")).unwrap()).unwrap().into_boards();
    let boards = lin_boards(&lin);
    assert_eq!(boards.len(), 5);
    for ((dealer, hands, sv), (board, expected_sv)) in boards.iter().zip(deals.iter().zip(["0", "n", "e", "b", "n"])) {
        assert_eq!(*dealer, '1', "South deals board {}: {lin}", board.number);
        assert_eq!(sv, expected_sv, "board {}", board.number);
        // BBO's order: South, West, North (East holds the rest).
        let seats = [dealvm::Seat::South, dealvm::Seat::West, dealvm::Seat::North];
        assert_eq!(hands, &seats.map(|s| lin_hand(&board.deal, s)).to_vec(), "board {}", board.number);
    }
    // Read back, the same boards with their dealer and vulnerability.
    let read = dealvm::formats::read("practice.lin", lin.into_bytes()).unwrap().into_boards();
    assert_eq!(
        read.iter().map(|b| (b.number, b.deal, b.dealer)).collect::<Vec<_>>(),
        deals.iter().map(|b| (b.number, b.deal, Some(dealvm::Seat::South))).collect::<Vec<_>>()
    );

    // For a dealing machine's boards, --rotate turns each deal to the cycle's dealer: board 2
    // is dealt by East, who holds the strong hand.
    let out = run_in(&dir, &["-s", "11", "--rotate", "--lin", "rotated.lin", "--pbn", "rotated.pbn"], script);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let rotated = lin_boards(&fs::read_to_string(dir.join("rotated.lin")).unwrap());
    let digits: Vec<char> = rotated.iter().map(|b| b.0).collect();
    assert_eq!(digits, ['3', '4', '1', '2', '3']);
}

#[test]
fn shards_merge_into_the_same_hand_records() {
    let dir = scratch("shard-records");
    let script = "condition hcp(north) >= 20\nproduce 3\n";
    let single = run_in(&dir, &["-s", "3", "--hand-records", "one.txt", "--date", "Friday"], script);
    assert_eq!(single.status, 0, "{}", single.stderr);
    for k in 0..2 {
        let (shard, part) = (format!("{k}/2"), format!("p{k}.part"));
        let out = run_in(&dir, &["-s", "3", "--hand-records", "x.txt", "--date", "Friday", "--shard", &shard, "--part", &part], script);
        assert_eq!(out.status, 0, "{}", out.stderr);
    }
    let out = run_alone(&dir, &["merge", "p0.part", "p1.part", "--hand-records", "two.txt", "--date", "Friday"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stderr.contains("wrote the hand records file `two.txt` (3 boards)"), "{}", out.stderr);
    assert_eq!(fs::read_to_string(dir.join("one.txt")).unwrap(), fs::read_to_string(dir.join("two.txt")).unwrap());
}
