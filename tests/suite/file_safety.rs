//! Issue 23's files: no output lands in a file that is not of its format (a script, a PBN file
//! named after `-Z`), no switch value that names no file (`-Z N`, `-Z 40`), no board file on
//! standard output mixed with printed deals, no wait for ever on a FIFO or a device, unsolved
//! zrd records solved rather than read as zero tricks, DL52 files read with `--deals`, and
//! PBN files with CR line ends, repeated or impossible tables.

use crate::common::{data_dir, Run};
use crate::common::{run_alone as run, scratch};
use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut all: Vec<String> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    all.sort();
    all
}

/// A small script that prints three deals.
const SCRIPT: &str = "condition hcp(north) > 10\nproduce 3\naction printoneline\n";

/// The sample of Pavlicek's library: ten solved deals.
fn sample_zrd() -> Vec<u8> {
    fs::read(data_dir().join("zrd/rpdd_10First.zrd")).unwrap()
}

#[test]
fn a_record_file_is_added_to_only_when_it_is_whole_records_of_its_format() {
    let dir = scratch("append");
    fs::write(dir.join("study.dli"), SCRIPT).unwrap();
    fs::write(dir.join("other.dli"), SCRIPT).unwrap();
    fs::write(dir.join("club.pbn"), "[Event \"\"]\n[Board \"1\"]\n").unwrap();
    fs::write(dir.join("lib.zrd"), sample_zrd()).unwrap();
    fs::write(dir.join("cut.zrd"), &sample_zrd()[..100]).unwrap();
    fs::write(dir.join("notes.txt"), "my notes\n").unwrap();
    let before: Vec<(String, Vec<u8>)> = names(&dir).into_iter().map(|n| (n.clone(), fs::read(dir.join(&n)).unwrap())).collect();
    // The file name after -Z forgotten: the script is taken as the zrd file, the input read
    // from standard input.
    for (args, said) in [
        (vec!["-s", "1", "-Z", "study.dli"], "-Z took `study.dli` as its zrd file, so no input file is left"),
        (vec!["-s", "1", "-Z", "N:study.dli"], "-Z took `study.dli` as its zrd file"),
        (vec!["-s", "1", "-Z", "N:other.dli", "study.dli"], "-Z `other.dli` is a Dealer input file"),
        (vec!["-s", "1", "-Z", "N:club.pbn", "study.dli"], "-Z `club.pbn` is a PBN file: dealvm will not add to it with zrd output"),
        (vec!["-s", "1", "-Z", "N:cut.zrd", "study.dli"], "`cut.zrd` is not a zrd file of whole records"),
        (vec!["-s", "1", "-Z", "N:notes.txt", "study.dli"], "-Z `notes.txt`: the zrd output is added to this file, but"),
        (vec!["-s", "1", "-l", "lib.zrd", "study.dli"], "-l `lib.zrd` is a zrd file: dealvm will not add to it with DL52 output"),
        (vec!["-s", "1", "-l", "notes.txt", "study.dli"], "`notes.txt` is not a DL52 file of whole records"),
        (vec!["-s", "1", "-C", "lib.zrd", "study.dli"], "-C `lib.zrd` is a zrd file"),
        (vec!["-s", "1", "--pbn", "lib.zrd", "study.dli"], "--pbn `lib.zrd` is a zrd file: dealvm will not replace it with PBN output"),
        (vec!["-s", "1", "--dlm", "club.pbn", "study.dli"], "--dlm `club.pbn` is a PBN file"),
        (vec!["-s", "1", "-X", "study.dli", "study.dli"], "-X `study.dli` is the input file"),
        (vec!["-s", "1", "-C", "w:other.dli", "study.dli"], "-C `other.dli` is a Dealer input file"),
    ] {
        let out = run(&dir, &args);
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(said), "{args:?}: {}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}: nothing dealt: {}", out.stdout);
        let now: Vec<(String, Vec<u8>)> = names(&dir).into_iter().map(|n| (n.clone(), fs::read(dir.join(&n)).unwrap())).collect();
        assert_eq!(now, before, "{args:?}: every file byte for byte as it was, none added");
    }
    // A valid zrd file is added to, a DL52 file too; a CSV file of text too.
    let out = run(&dir, &["-s", "1", "-Z", "N:lib.zrd", "study.dli"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(fs::read(dir.join("lib.zrd")).unwrap().len(), 13 * 23);
    for _ in 0..2 {
        let out = run(&dir, &["-s", "1", "-l", "deals.dl52", "study.dli"]);
        assert_eq!(out.status, 0, "{}", out.stderr);
    }
    assert_eq!(fs::read(dir.join("deals.dl52")).unwrap().len(), 6 * 52);
    fs::write(dir.join("c.dli"), "produce 2\naction csvrpt(hcp(north))\n").unwrap();
    let out = run(&dir, &["-s", "1", "-C", "notes.txt", "c.dli"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(fs::read_to_string(dir.join("notes.txt")).unwrap().starts_with("my notes\n"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_switch_must_name_a_file() {
    let dir = scratch("specs");
    fs::write(dir.join("study.dli"), SCRIPT).unwrap();
    for (switch, value, said) in [
        ("-Z", "N", "`N` holds only -Z's flag letters and names no file; write -Z N:FILE"),
        ("-Z", "Nw", "`Nw` holds only -Z's flag letters"),
        ("-Z", ":", "a colon with no flag letters before it"),
        ("-Z", ":x.zrd", "a colon with no flag letters before it"),
        ("-Z", "w:", "no file after the colon; write -Z w:FILE"),
        ("-Z", "40", "`40` is a number, not a file name"),
        ("-l", "w", "`w` holds only -l's flag letters"),
        ("-l", "N:", "no file after the colon"),
        ("-C", "w", "`w` holds only -C's flag letters"),
        ("-C", "w:", "no file after the colon; write -C w:FILE"),
    ] {
        let out = run(&dir, &["-s", "1", switch, value, "study.dli"]);
        assert_eq!(out.status, 2, "{switch} {value}: {}", out.stderr);
        assert!(out.stderr.contains(&format!("{switch} `{value}`: {said}")), "{switch} {value}: {}", out.stderr);
    }
    assert_eq!(names(&dir), ["study.dli"], "no file written");
    // A file called N is written as ./N.
    let out = run(&dir, &["-s", "1", "-Z", "N:./N", "study.dli"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(fs::read(dir.join("N")).unwrap().len(), 3 * 23);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_board_file_on_standard_output_is_not_mixed_with_printed_output() {
    let dir = scratch("stdout");
    for (script, action) in [
        ("produce 2\naction printoneline\n", "printoneline"),
        ("produce 2\naction average hcp(north)\n", "average"),
        ("produce 2\naction csvrpt(hcp(north))\n", "csvrpt"),
        ("produce 2\naction export(north)\n", "export"),
    ] {
        fs::write(dir.join("s.dli"), script).unwrap();
        for switch in ["--pbn", "--dlm"] {
            let out = run(&dir, &["-s", "1", switch, "-", "s.dli"]);
            assert_eq!(out.status, 2, "{switch} - with {action}: {}", out.stderr);
            assert!(out.stderr.contains(&format!("goes to standard output, where the action `{action}` prints too")), "{}", out.stderr);
            assert!(out.stdout.is_empty(), "{}", out.stdout);
        }
    }
    // With the CSV lines in a file, the PBN file alone goes to standard output.
    fs::write(dir.join("s.dli"), "produce 2\naction csvrpt(hcp(north))\n").unwrap();
    let out = run(&dir, &["-s", "1", "--pbn", "-", "-C", "w:c.csv", "s.dli"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("% PBN 2.1") && out.stdout.matches("[Deal ").count() == 2, "{}", out.stdout);
    assert_eq!(fs::read_to_string(dir.join("c.csv")).unwrap().lines().count(), 2);
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_without_a_reader_and_an_endless_device_are_refused_in_time() {
    let dir = scratch("fifo");
    fs::write(dir.join("study.dli"), SCRIPT).unwrap();
    let fifo = dir.join("boards.fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let start = Instant::now();
    let out = run(&dir, &["-s", "1", "--pbn", "boards.fifo", "study.dli"]);
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("it is a FIFO (named pipe) and no program read it within 5 s"), "{}", out.stderr);
    assert!(start.elapsed() < Duration::from_secs(30), "{:?}", start.elapsed());

    // /dev/zero never ends: read up to a limit, with the reason.
    for args in [vec!["-L", "/dev/zero", "study.dli"], vec!["--deals", "/dev/zero", "study.dli"], vec!["/dev/zero"]] {
        let out = run(&dir, &args);
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("`/dev/zero` is not a regular file and gave more than"), "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("dealvm reads at most that much from a pipe or a device"), "{}", out.stderr);
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unsolved_zrd_records_are_solved_not_read_as_zero_tricks() {
    let dir = scratch("unsolved");
    fs::write(dir.join("s.dli"), "produce 3\n").unwrap();
    let out = run(&dir, &["-s", "7", "--pbn", "three.pbn", "s.dli"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    // The same three deals, unsolved and solved.
    for (flags, file) in [("N:", "unsolved.zrd"), ("", "solved.zrd")] {
        let out = run(&dir, &["--deals", "three.pbn", "-Z", &format!("{flags}{file}")]);
        assert_eq!(out.status, 0, "{}", out.stderr);
    }
    let unsolved = fs::read(dir.join("unsolved.zrd")).unwrap();
    assert!(unsolved.chunks(23).all(|r| r[13..] == [0; 10]), "-Z N: writes counts of zero");
    let script = "action printoneline, average dds(north, notrump), average dds(east, spades), average par(NS)\n";
    fs::write(dir.join("dd.dli"), script).unwrap();
    let listing = |file: &str, switch: &str| {
        let out = run(&dir, &[switch, file, "-s", "1", "-D", "2", "dd.dli"]);
        assert_eq!(out.status, 0, "{}", out.stderr);
        let (solved, printed): (Vec<&str>, Vec<&str>) =
            // The trailer names the deals file, which differs.
            out.stdout.lines().filter(|l| !l.starts_with("Time needed") && !l.starts_with("Deals from")).partition(|l| l.starts_with("Double dummy:"));
        (printed.join("\n"), solved.join(""))
    };
    for switch in ["--deals", "-L"] {
        let (from_unsolved, work) = listing("unsolved.zrd", switch);
        let (from_solved, none) = listing("solved.zrd", switch);
        assert_eq!(from_unsolved.matches("Mean=").count(), 3, "{from_unsolved}");
        assert_eq!(from_unsolved, from_solved, "{switch}: the same values, solved");
        // Two counts a deal solved alone, par by target searches beside them.
        assert!(work.contains("6 single solves") && !work.contains(" 0 target searches"), "{switch}: {work}");
        assert!(none.contains("0 single solves, 0 target searches, 0 whole tables"), "{switch}: {none}");
    }
    // Counts no deal can have are refused with the record: West, with East's ace of spades,
    // makes no spade trick.
    let mut bad = sample_zrd();
    bad[15] &= 0xF0;
    fs::write(dir.join("bad.zrd"), &bad).unwrap();
    let out = run(&dir, &["--deals", "bad.zrd", "s.dli"]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("`bad.zrd`, record 1: 0 tricks for West as declarer in spades, but East holds the ace of trumps"), "{}", out.stderr);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dl52_files_are_read_with_deals_and_round_trip() {
    let dir = scratch("dl52");
    fs::write(dir.join("s.dli"), "produce 5\naction printoneline\n").unwrap();
    let out = run(&dir, &["-s", "3", "-l", "w:five.dl52", "s.dli"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let dealt: Vec<&str> = out.stdout.lines().filter(|l| l.starts_with("n ")).collect();
    fs::write(dir.join("p.dli"), "action printoneline\n").unwrap();
    let back = run(&dir, &["--deals", "five.dl52", "p.dli"]);
    assert_eq!(back.status, 0, "{}", back.stderr);
    let read: Vec<&str> = back.stdout.lines().filter(|l| l.starts_with("n ")).collect();
    assert_eq!(read, dealt);
    // Converted to DL52 again: byte for byte.
    let again = run(&dir, &["--deals", "five.dl52", "-l", "w:again.dl52"]);
    assert_eq!(again.status, 0, "{}", again.stderr);
    assert_eq!(fs::read(dir.join("again.dl52")).unwrap(), fs::read(dir.join("five.dl52")).unwrap());
    // The message for a file of no known format names them all.
    fs::write(dir.join("x.txt"), "hello\n").unwrap();
    let out = run(&dir, &["--deals", "x.txt", "p.dli"]);
    assert!(
        out.stderr.contains("none of the formats --deals reads: PBN, DLM, DUP, BRI, DGE, LIN, Big Deal's CSV, BER, BHG, RZD, CDS, GOE, zrd or DL52"),
        "{}",
        out.stderr
    );
    let help = run(&dir, &["--help"]);
    assert!(help.stdout.contains("PBN, DLM, DUP, BRI, DGE, LIN, Big Deal's CSV, BER, BHG, RZD, CDS, GOE, zrd or DL52"), "{}", help.stdout);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pbn_file_with_cr_line_ends_reads_as_with_crlf() {
    let dir = scratch("cr");
    fs::write(dir.join("s.dli"), "produce 4\n").unwrap();
    let out = run(&dir, &["-s", "5", "--pbn", "crlf.pbn", "s.dli"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let crlf = fs::read_to_string(dir.join("crlf.pbn")).unwrap();
    fs::write(dir.join("cr.pbn"), crlf.replace("\r\n", "\r")).unwrap();
    fs::write(dir.join("p.dli"), "action printoneline\n").unwrap();
    let a = run(&dir, &["--deals", "crlf.pbn", "p.dli"]);
    let b = run(&dir, &["--deals", "cr.pbn", "p.dli"]);
    assert_eq!(b.status, 0, "{}", b.stderr);
    let deals = |r: &Run| r.stdout.lines().filter(|l| l.starts_with("n ")).map(String::from).collect::<Vec<_>>();
    assert_eq!(deals(&b), deals(&a));
    assert_eq!(deals(&a).len(), 4);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_zrd_title_cut_to_fit_is_said() {
    let dir = scratch("title");
    fs::write(dir.join("s.dli"), "produce 1\n").unwrap();
    let title = "t".repeat(300);
    let out = run(&dir, &["-s", "1", "-T", &title, "-Z", "N:t.zrd", "s.dli"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stderr.contains("the zrd file `t.zrd` gets the title's first 284 bytes only: it is 300 bytes long"), "{}", out.stderr);
    let out = run(&dir, &["-s", "1", "-T", &"t".repeat(284), "-Z", "w:u.zrd", "s.dli"]);
    assert!(!out.stderr.contains("warning"), "{}", out.stderr);
    fs::remove_dir_all(&dir).unwrap();
}
