//! Output files and the files a run reads, when they are not plain new files: devices,
//! FIFOs, symbolic links, modes and permissions, two outputs on one file, an output on an
//! input, standard output (`-`, broken pipes, write errors), runs that produce no deal,
//! damaged PBN deals, and the script on standard input with `--deals`.

mod common;

use common::dealvm_in;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dealvm-outfiles-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs dealvm in `dir` with `args`, the Dealer input `input` on standard input.
fn run(dir: &Path, args: &[&str], input: &str) -> common::Run {
    dealvm_in(dir, args, Some(input.as_bytes()))
}

/// The number of games of a PBN text.
fn games(pbn: &str) -> usize {
    pbn.matches("[Deal \"").count()
}

/// A PBN file of three boards whose board 2 has the `Deal` tag line `deal` (if any).
fn three_boards(deal: Option<&str>) -> String {
    let good = "[Deal \"N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]";
    let second = deal.map_or(String::new(), |d| format!("{d}\n"));
    format!("% PBN 2.1\n[Event \"x\"]\n[Board \"1\"]\n{good}\n\n[Event \"x\"]\n[Board \"2\"]\n{second}[Dealer \"E\"]\n\n[Event \"x\"]\n[Board \"3\"]\n{good}\n")
}

#[test]
fn damaged_pbn_deals_are_refused_naming_the_board() {
    let dir = scratch("damaged");
    let cases = [
        ("[Deal \"N:2.T98.K752.KJT8 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]", ":8:10", "12 cards"),
        ("[Deal \"N:2.T98.K752.KJT8X 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]", ":8:25", "not a rank"),
        ("[Deal \"N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52\"]", ":8:8", "3 hands"),
        ("[Deal \"N:2.T98.K752.KJT84 - AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]", ":8:27", "East's hand is unknown"),
        ("[Deal \"2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]", ":8:8", "expected a deal"),
        ("[Deal \"\"]", ":8:8", "empty"),
        ("[Deal \"?\"]", ":8:8", "unknown"),
        ("[deal \"N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A4.\"]", ":8:", "12 cards"),
    ];
    for (deal, place, why) in cases {
        fs::write(dir.join("b.pbn"), three_boards(Some(deal))).unwrap();
        let out = run(&dir, &["--deals", "b.pbn"], "");
        assert_eq!(out.status, 2, "{deal}: {}", out.stdout);
        assert!(out.stderr.contains("board 2"), "{deal}: {}", out.stderr);
        assert!(out.stderr.contains(&format!("b.pbn{place}")), "{deal}: {}", out.stderr);
        assert!(out.stderr.contains(why), "{deal}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
    // A board without a Deal tag; a header game without board or deal is not a board.
    fs::write(dir.join("b.pbn"), three_boards(None)).unwrap();
    let out = run(&dir, &["--deals", "b.pbn"], "");
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("board 2 has no `Deal` tag") && out.stderr.contains("b.pbn:7:9"), "{}", out.stderr);
    let good = three_boards(Some("[Deal \"N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]"));
    fs::write(dir.join("b.pbn"), format!("[Event \"club\"]\n[Site \"home\"]\n\n{good}")).unwrap();
    fs::write(dir.join("one.dli"), "action printoneline\n").unwrap();
    let out = run(&dir, &["--deals", "b.pbn", "-v", "one.dli"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 3, "{}", out.stdout);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn with_deals_the_script_comes_from_standard_input_when_there_is_one() {
    let dir = scratch("stdinscript");
    let out = run(&dir, &["-s", "8", "--dlm", "a.dlm"], "produce 20\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let script = "condition hcp(north) >= 12\naction printoneline(hcp(north))\n";
    let piped = run(&dir, &["--deals", "a.dlm", "-v"], script);
    assert_eq!(piped.status, 0, "{}", piped.stderr);
    let dashed = run(&dir, &["--deals", "a.dlm", "-v", "-"], script);
    assert_eq!(piped.stdout, dashed.stdout, "a piped script is read as with `-`");
    assert!(!piped.stdout.is_empty() && piped.stdout.lines().all(|l| l.starts_with("n ")), "{}", piped.stdout);
    assert!(piped.stdout.lines().count() < 20);
    // An empty pipe, or /dev/null, is no script: every board is converted.
    let out = run(&dir, &["--deals", "a.dlm", "--pbn", "a.pbn"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(games(&fs::read_to_string(dir.join("a.pbn")).unwrap()), 20);
    let status = Command::new(env!("CARGO_BIN_EXE_dealvm"))
        .args(["--deals", "a.dlm", "--pbn", "b.pbn"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(fs::read(dir.join("b.pbn")).unwrap(), fs::read(dir.join("a.pbn")).unwrap());
    fs::remove_dir_all(&dir).unwrap();
}
