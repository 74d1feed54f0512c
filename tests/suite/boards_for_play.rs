//! `dealvm boards`: a session's boards for play, as Big Deal deals and writes them. The
//! reference runs of Big Deal 2.0 (`tests/data/bigdeal`, their command lines in its README)
//! are reproduced byte for byte from their inputs; deals for play come from fresh entropy and
//! leave nothing that would deal them again.

use crate::common::{as_ours, data_dir, run_command, scratch, Run};
use dealvm::formats::{self, Format, Sealed};
use dealvm::tournament::bigdeal::{parse_hash, ripemd160};
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;
use std::fs;
use std::path::Path;

/// Runs `dealvm boards ARGS` in `dir`, with `config` as the settings folder (`XDG_CONFIG_HOME`).
fn boards(dir: &Path, config: &Path, args: &[&str]) -> Run {
    let mut command = crate::common::dealvm_command();
    command.arg("boards").args(args).current_dir(dir).env("XDG_CONFIG_HOME", config).env_remove("HOME");
    run_command(command, None)
}

/// The reference runs: folder, file prefix, and the inputs `dealvm boards` takes for them.
fn reference_runs() -> Vec<(&'static str, &'static str, Vec<&'static str>)> {
    let w32 = ["-W", "ExampleClubKeyLeftHalf0123456789", "-e", "ExampleClubKeyRightHalf9876543210", "-e"];
    vec![
        ("h36", "hash", vec!["--hash", "0123456789abcdef0123456789abcdef01234567", "-n", "36"]),
        ("h99", "big99", vec!["--hash", "fedcba9876543210fedcba9876543210fedcba98", "-n", "99"]),
        ("w32", "club", [&w32[..], &["original", "-n", "1-32"]].concat()),
        ("w11", "range", [&w32[..], &["reserve", "-n", "11-20"]].concat()),
    ]
}

/// The boards of a PBN file: each board's number and deal.
fn boards_of(pbn: &str) -> Vec<(u64, dealvm::Deal)> {
    let mut deals = Vec::new();
    let mut board = 0;
    for line in pbn.lines() {
        if let Some(n) = line.strip_prefix("[Board \"").and_then(|l| l.strip_suffix("\"]")) {
            board = n.parse::<u64>().unwrap();
        }
        if let Some(d) = line.strip_prefix("[Deal \"").and_then(|l| l.strip_suffix("\"]")) {
            deals.push((board, dealvm::formats::pbn::parse_deal(d).unwrap()));
        }
    }
    deals
}

/// Big Deal's file with its program's name replaced by ours (text formats), or as it is.
fn expected(format: Format, reference: Vec<u8>) -> Vec<u8> {
    match format {
        Format::Pbn | Format::Dlm => as_ours(&String::from_utf8(reference).unwrap()).into_bytes(),
        _ => reference,
    }
}

/// Every format of Big Deal's list (the sealed forms are the blind run's).
fn open_formats() -> impl Iterator<Item = Format> {
    Format::BIG_DEAL.into_iter()
}

/// The file of `deals` in `format`, sealed or not, as `dealvm boards` writes it.
fn file_of(format: Format, sealed: Sealed, deals: &[(u64, Deal)]) -> Vec<u8> {
    let boards: Vec<Board> = deals.iter().map(|&(number, deal)| Board::of_cycle(number, deal)).collect();
    format.file(&boards, sealed).expect("a file of boards")
}

#[test]
fn the_files_are_big_deals_byte_for_byte_from_the_same_deals() {
    let dir = data_dir().join("bigdeal");
    let mut checked = Vec::new();
    for run in ["h36", "h99", "w32", "w11", "squaredeal-example"] {
        for entry in fs::read_dir(dir.join(run)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "pbn") {
                continue;
            }
            let deals = boards_of(&fs::read_to_string(&path).unwrap());
            assert!(!deals.is_empty(), "{}", path.display());
            for format in open_formats() {
                let file = path.with_extension(format.extension());
                let Ok(reference) = fs::read(&file) else { continue };
                assert!(file_of(format, Sealed::No, &deals) == expected(format, reference), "{}", file.display());
                checked.push(formats::name_of(format, Sealed::No));
            }
        }
    }
    let count = |name: &str| checked.iter().filter(|n| **n == name).count();
    assert_eq!((count("pbn"), count("dlm"), count("dup"), count("goedel")), (9, 9, 9, 8), "every run's pbn, dlm, dup; goe but h99's");
    for name in ["bri", "dge", "lin", "csv", "ber", "borel", "kops", "cds"] {
        assert_eq!(count(name), 3, "{name}: the three runs of all twelve formats");
    }
    // The sealed files of the blind run are w32's deals.
    let deals = boards_of(&fs::read_to_string(dir.join("w32/club.pbn")).unwrap());
    for format in [Format::Dlm, Format::Dup] {
        let file = dir.join(format!("blind/blind.{}", format.extension()));
        assert!(file_of(format, Sealed::Yes, &deals) == expected(format, fs::read(&file).unwrap()), "{}", file.display());
    }
}

#[test]
fn the_reproducible_inputs_deal_every_reference_run_again() {
    let work = scratch("reproduce");
    for (run, prefix, inputs) in reference_runs() {
        let list = open_formats().map(|f| formats::name_of(f, Sealed::No)).collect::<Vec<_>>().join(",");
        let args: Vec<&str> = inputs.iter().copied().chain(["-p", prefix, "-f", &list]).collect();
        let out = boards(&work, &work, &args);
        assert_eq!(out.status, 0, "{run}: {}", out.stderr);
        assert!(out.stderr.contains("not for play without the organiser's authority"), "{run}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{run}: nothing on standard output: {}", out.stdout);
        for format in open_formats() {
            let ext = format.extension();
            let written = fs::read(work.join(format!("{prefix}.{ext}"))).unwrap();
            fs::remove_file(work.join(format!("{prefix}.{ext}"))).unwrap();
            // h99's run wrote only PBN, DLM and DUP files.
            if let Ok(theirs) = fs::read(data_dir().join(format!("bigdeal/{run}/{prefix}.{ext}"))) {
                assert!(written == expected(format, theirs), "{run} {ext}");
            }
            let ours = String::from_utf8_lossy(&written).into_owned();
            // Nothing of the inputs is written: not the texts given, not the hashes made of
            // them, as bytes or as hex.
            let texts: Vec<&str> = inputs.iter().copied().filter(|i| i.len() > 8).collect();
            let hashes: Vec<[u8; 20]> = texts.iter().flat_map(|t| [ripemd160(t.as_bytes()), parse_hash(t).unwrap_or_default()]).collect();
            let bytes = &written[..];
            for input in &texts {
                assert!(!ours.contains(input), "{run} {ext} holds `{input}`");
            }
            for hash in hashes.iter().filter(|h| **h != [0; 20]) {
                let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
                assert!(!ours.to_lowercase().contains(&hex[..16]), "{run} {ext} holds a hash of its inputs");
                assert!(!bytes.windows(8).any(|w| w == &hash[..8]), "{run} {ext} holds a hash of its inputs");
            }
        }
    }
}

#[test]
fn boards_for_play_come_from_fresh_entropy_and_are_never_dealt_twice() {
    let work = scratch("fresh");
    let first = boards(&work, &work, &["--owner", "Test club", "-n", "200", "-p", "a"]);
    assert_eq!(first.status, 0, "{}", first.stderr);
    let second = boards(&work, &work, &["-n", "200", "-p", "b"]);
    assert_eq!(second.status, 0, "the owner is kept: {}", second.stderr);
    let deals = |name: &str| -> Vec<String> {
        let text = fs::read_to_string(work.join(name)).unwrap();
        text.lines().filter(|l| l.starts_with("[Deal ")).map(str::to_string).collect()
    };
    let (a, b) = (deals("a.pbn"), deals("b.pbn"));
    assert_eq!((a.len(), b.len()), (200, 200));
    assert!(a.iter().all(|d| !b.contains(d)), "two sessions share a deal");
    // The file says nothing of how it was dealt but the program.
    let text = fs::read_to_string(work.join("a.pbn")).unwrap();
    let header: Vec<&str> = text.lines().take_while(|l| !l.starts_with("[Event")).collect();
    assert_eq!(header, ["% PBN 2.1", "% EXPORT", "%", &format!("[Generator \"dealvm {}\"]", env!("CARGO_PKG_VERSION"))]);
    assert!(!first.stderr.to_lowercase().contains("seed") && !first.stderr.contains("hash"), "{}", first.stderr);
    assert!(first.stdout.is_empty() && second.stdout.is_empty(), "no statistics");
}

#[test]
fn the_owner_is_asked_for_once_and_kept() {
    let work = scratch("owner");
    let out = boards(&work, &work, &["-n", "4", "-p", "x"]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("--owner TEXT"), "{}", out.stderr);
    assert!(!work.join("x.pbn").exists(), "nothing written");
    let out = boards(&work, &work, &["--owner", "Bridge Club de Lyon", "-n", "4", "-p", "x"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(fs::read_to_string(work.join("dealvm/boards")).unwrap(), "owner=Bridge Club de Lyon\n");
}

#[test]
fn an_existing_board_file_is_replaced_only_when_asked() {
    let work = scratch("force");
    fs::write(work.join("s.dlm"), "duplicated already").unwrap();
    let out = boards(&work, &work, &["--owner", "Club", "-n", "8", "-p", "s", "-f", "pbn,dlm"]);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("`s.dlm` exists already") && out.stderr.contains("--force"), "{}", out.stderr);
    assert_eq!(fs::read_to_string(work.join("s.dlm")).unwrap(), "duplicated already");
    assert!(!work.join("s.pbn").exists(), "no file of the set is written");
    let out = boards(&work, &work, &["--owner", "Club", "-n", "8", "-p", "s", "-f", "pbn,dlm", "--force"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(fs::read_to_string(work.join("s.dlm")).unwrap().starts_with("[Document]"));
}

/// The README's rule, sentence and behaviour: `dealvm boards` (above) and `squaredeal generate`
/// (tests/suite/squaredeal.rs) replace a board file only with `--force`; a run replaces its
/// own, dealt again from its seed.
#[test]
fn the_readmes_rule_on_replacing_board_files_holds() {
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let said = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let rule = "`dealvm boards` and `dealvm squaredeal generate` never replace an existing board file unless `--force` is given (boards for play cannot be dealt again); a run's board files (`dealvm --pbn FILE script.dli`) are replaced, since its seed deals them again.";
    assert!(said.contains(rule), "the README states the rule this test checks");
    let work = scratch("run-replaces");
    fs::write(work.join("practice.pbn"), "an earlier run").unwrap();
    let run = crate::common::run_in(&work, &["-s", "1", "--pbn", "practice.pbn"], "produce 2\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(fs::read_to_string(work.join("practice.pbn")).unwrap().contains("[Deal "), "the run's file replaced the earlier one");
}

#[test]
fn bad_switches_are_refused_before_anything_is_dealt() {
    let work = scratch("bad");
    for (args, text) in [
        (&["-n", "0", "-p", "x"][..], "-n takes a number of boards"),
        (&["-n", "20-11", "-p", "x"], "the range goes down"),
        (&["-n", "x", "-p", "x"], "-n takes"),
        (&["-n", "100", "-p", "x", "-f", "dlm"], "a DLM file holds boards 1 to 99"),
        (&["-n", "4", "-p", "x", "-f", "pbn,bhg,goedl"], "-f takes formats separated by commas (pbn, dlm, dlmblind, dup, dupblind, bri, dge, lin, csv, ber, borel, kops, cds, goedel), found `goedl`"),
        (&["-n", "4", "-p", "x", "-f", "dlm,dlmblind"], "dlm and dlmblind both write the .dlm file"),
        (&["-n", "90-100", "-p", "x", "-f", "pbn,dup"], "a DUP file holds boards 1 to 99"),
        (&["-n", "4", "-p", "x", "-f", "pdf"], "-f takes formats"),
        (&["-n", "4", "-p", "x", "--hash", "12"], "--hash takes 40 hex digits"),
        (&["-n", "4", "-p", "x", "--frobnicate"], "`dealvm boards --help` lists its switches"),
        (&["-n", "4", "-p", "x", "--forse"], "--force"),
        (&["-n", "4", "-p", "x", "--hash", "0123456789abcdef0123456789abcdef01234567", "-e", "a"], "-e strings cannot go with it"),
    ] {
        let out = boards(&work, &work, args);
        assert_eq!(out.status, 2, "{args:?}");
        assert!(out.stderr.contains(text), "{args:?}: {}", out.stderr);
    }
    assert_eq!(fs::read_dir(&work).unwrap().count(), 0, "nothing written");
}

#[test]
fn seeded_board_files_without_a_condition_say_that_the_seed_deals_them_again() {
    let work = scratch("seeded");
    let run = crate::common::run_in(&work, &["-s", "7", "--pbn", "s.pbn", "--dlm", "s.dlm"], "produce 4\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stderr.contains("the seed 7") && run.stderr.contains("`dealvm boards`"), "{}", run.stderr);
    // A study's boards (a condition) and converted boards (--deals) are not boards for play.
    let run = crate::common::run_in(&work, &["-s", "7", "--pbn", "t.pbn"], "produce 4\ncondition hcp(north) > 10\n");
    assert!(!run.stderr.contains("dealvm boards"), "{}", run.stderr);
    let run = crate::common::run_alone(&work, &["--deals", "s.pbn", "--pbn", "u.pbn"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("dealvm boards"), "{}", run.stderr);
}
