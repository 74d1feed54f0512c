//! `dealvm squaredeal`: the reference SquareDeal event (tests/data/bigdeal/squaredeal-example)
//! generated again file for file and verified, each of its files altered by one card and
//! refused board by board, every bad input refused with its file and line and nothing
//! written, and an event made from start to finish (create, add-phase, publish, set-dv,
//! generate, verify); every board file of a folder verified whatever its format, the others
//! listed; and the phases whose boards are given at generation (`?`): the reference event's
//! second phase made one and dealt as Big Deal dealt it, and an event whose last phase is one,
//! from start to finish.

use crate::common::{as_ours, data_dir, dealvm_in, scratch, Run};
use dealvm::formats::dlm::{deal_from_letters, letters};
use dealvm::formats::pbn::parse_deal;
use dealvm::formats::{Format, Sealed};
use dealvm::tournament::squaredeal::event::{key_hash, session_boards, Event, Keys, SessionSeed};
use dealvm_vm::dealing::board::Board;
use std::fs;
use std::path::{Path, PathBuf};

/// The reference event's session files.
const SESSIONS: [&str; 5] = ["CLUB1", "CLUB2", "TEAMS01", "TEAMS02", "TEAMS03"];

fn example() -> PathBuf {
    data_dir().join("bigdeal/squaredeal-example")
}

/// A scratch folder holding a copy of the reference event's .sqd and .sqk.
#[track_caller]
fn event_copy(name: &str) -> PathBuf {
    let dir = scratch(name);
    for ext in ["sqd", "sqk"] {
        fs::copy(example().join(format!("EXAMPLE2026.{ext}")), dir.join(format!("EXAMPLE2026.{ext}"))).unwrap();
    }
    dir
}

fn sqd(dir: &Path, args: &[&str]) -> Run {
    squaredeal(dir, "EXAMPLE2026.sqd", args)
}

/// `dealvm squaredeal EVENT ARGS` in `dir`.
fn squaredeal(dir: &Path, event: &str, args: &[&str]) -> Run {
    let mut all = vec!["squaredeal", event];
    all.extend_from_slice(args);
    dealvm_in(dir, &all, None)
}

/// The names of a folder's files, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// A deal in PBN form with one card of north swapped with one of east's in the same suit,
/// each suit then written in order again.
fn one_card_swapped(deal: &str) -> String {
    const RANKS: &str = "AKQJT98765432";
    let (first, hands) = deal.split_once(':').unwrap();
    let mut hands: Vec<Vec<String>> = hands.split(' ').map(|h| h.split('.').map(str::to_string).collect()).collect();
    let suit = (0..4).find(|&s| !hands[0][s].is_empty() && !hands[1][s].is_empty()).unwrap();
    let (a, b) = (hands[0][suit].remove(0), hands[1][suit].remove(0));
    hands[0][suit].push(b);
    hands[1][suit].push(a);
    for hand in hands.iter_mut().take(2) {
        let mut cards: Vec<char> = hand[suit].chars().collect();
        cards.sort_by_key(|&c| RANKS.find(c).unwrap());
        hand[suit] = cards.into_iter().collect();
    }
    let hands: Vec<String> = hands.iter().map(|h| h.join(".")).collect();
    format!("{first}:{}", hands.join(" "))
}

/// A board file's text with board `board`'s deal changed by one card.
fn altered(text: &str, board: u64) -> String {
    let mut out = String::new();
    let mut current = 0;
    for line in text.split_inclusive('\n') {
        if let Some(n) = line.strip_prefix("[Board \"").and_then(|l| l.trim_end().strip_suffix("\"]")) {
            current = n.parse().unwrap();
        }
        let dlm_label = format!("Board {board:02}=");
        if let Some(deal) = line.strip_prefix("[Deal \"").and_then(|l| l.trim_end().strip_suffix("\"]")).filter(|_| current == board) {
            out.push_str(&format!("[Deal \"{}\"]\n", one_card_swapped(deal)));
        } else if let Some(rest) = line.strip_prefix(&dlm_label) {
            let deal = deal_from_letters(&rest[..26]).unwrap();
            let changed = parse_deal(&one_card_swapped(&deal.pbn())).unwrap();
            out.push_str(&format!("{dlm_label}{}{}", letters(&changed), &rest[26..]));
        } else {
            out.push_str(line);
        }
    }
    assert_ne!(out, text, "board {board} altered");
    out
}

#[test]
fn the_reference_event_is_generated_again_and_verified() {
    let dir = event_copy("reference");
    // The formats SquareDeal has Big Deal write.
    let run = sqd(&dir, &["generate", "-f", "pbn,dup,dlm,goedel"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    for name in SESSIONS {
        for ext in ["pbn", "dlm"] {
            let ours = fs::read_to_string(dir.join(format!("{name}.{ext}"))).unwrap();
            let theirs = fs::read_to_string(example().join(format!("{name}.{ext}"))).unwrap();
            assert_eq!(ours, as_ours(&theirs), "{name}.{ext}");
        }
        for ext in ["dup", "goe"] {
            let (ours, theirs) = (fs::read(dir.join(format!("{name}.{ext}"))).unwrap(), fs::read(example().join(format!("{name}.{ext}"))).unwrap());
            assert!(ours == theirs, "{name}.{ext}");
        }
    }
    // The joined files of the sessions whose ranges continue each other.
    let joined = fs::read_to_string(dir.join("CLUB1-2.pbn")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        joined.starts_with(&format!("% PBN 2.1\n% EXPORT\n%\n[Generator \"dealvm {version}: CLUB1.pbn, CLUB2.pbn\"]\n[Event \"?\"]\n")),
        "{joined}"
    );
    let body = |name: &str| {
        let text = fs::read_to_string(dir.join(name)).unwrap();
        text.lines().filter(|l| !l.starts_with('%') && !l.starts_with("[Generator ")).map(|l| format!("{l}\n")).collect::<String>()
    };
    assert_eq!(body("CLUB1-2.pbn"), body("CLUB1.pbn") + &body("CLUB2.pbn"));
    assert_eq!(body("TEAMS01-03.pbn"), body("TEAMS01.pbn") + &body("TEAMS02.pbn") + &body("TEAMS03.pbn"));

    // Verified as they are, every file of every format among them, and also the reference
    // files themselves, Big Deal's DUP and GOE files too.
    let run = sqd(&dir, &["verify", "."]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.ends_with("verified: every board of the 22 files agrees with the keys of EXAMPLE2026.sqd\n"), "{}", run.stdout);
    let run = dealvm_in(&dir, &["squaredeal", "EXAMPLE2026.sqd", "verify", example().to_str().unwrap()], None);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    for ext in ["pbn", "dlm", "dup", "goe"] {
        assert!(run.stdout.contains(&format!("\nTEAMS02.{ext}: boards 9-16 agree\n")), "{}", run.stdout);
    }
    assert!(run.stdout.ends_with("verified: every board of the 20 files agrees with the keys of EXAMPLE2026.sqd\n"), "{}", run.stdout);

    // Each file altered by one card: the board named, exit status 1.
    for name in SESSIONS {
        for ext in ["pbn", "dlm"] {
            let file = format!("{name}.{ext}");
            let text = fs::read_to_string(dir.join(&file)).unwrap();
            let first: u64 = text
                .lines()
                .find_map(|l| l.strip_prefix("[Board \"").or(l.strip_prefix("From board=")))
                .unwrap()
                .trim_end_matches("\"]")
                .parse()
                .unwrap();
            let board = first + 2;
            fs::write(dir.join(&file), altered(&text, board)).unwrap();
            let run = sqd(&dir, &["verify", "."]);
            assert_eq!(run.status, 1, "{file}: {}{}", run.stdout, run.stderr);
            assert!(run.stdout.contains(&format!("{file}: board {board} differs")), "{file}: {}", run.stdout);
            assert_eq!(run.stdout.matches("differs").count(), 1, "{file}: {}", run.stdout);
            assert_eq!(run.stderr, "dealvm squaredeal: not verified: 1 board differs\n");
            fs::write(dir.join(&file), text).unwrap();
        }
    }
    // A file missing beside the session's others is reported; a session with no file at all
    // is not checked, and fails.
    fs::remove_file(dir.join("TEAMS02.dlm")).unwrap();
    let run = sqd(&dir, &["verify", "."]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("TEAMS02.dlm: not found"), "{}", run.stdout);
    for ext in ["pbn", "dup", "goe"] {
        fs::remove_file(dir.join(format!("TEAMS02.{ext}"))).unwrap();
    }
    let run = sqd(&dir, &["verify", "."]);
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("TEAMS02: not checked: no file TEAMS02.pbn, TEAMS02.dlm, TEAMS02.dup or TEAMS02.goe in .\n"), "{}", run.stdout);
    assert_eq!(run.stderr, "dealvm squaredeal: not verified: 1 session not checked\n");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_delayed_value_is_hashed_as_stored() {
    // The reference stores `12,345.67`; the same value without its separators deals other boards.
    let dir = event_copy("stored-value");
    let text = fs::read_to_string(dir.join("EXAMPLE2026.sqd")).unwrap();
    fs::write(dir.join("EXAMPLE2026.sqd"), text.replace("DV 12,345.67", "DV 1234567")).unwrap();
    let run = dealvm_in(&dir, &["squaredeal", "EXAMPLE2026.sqd", "verify", example().to_str().unwrap()], None);
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("CLUB1.pbn: board 1 differs"), "{}", run.stdout);
    let _ = fs::remove_dir_all(&dir);
}

/// Each bad input: how to spoil the copy of the reference event, the command, and what the
/// message starts with.
#[test]
fn bad_inputs_are_refused_with_their_file_and_line_and_nothing_is_written() {
    type Spoil = fn(&str) -> String;
    let same: Spoil = |t| t.to_string();
    let cases: Vec<(&str, Spoil, Spoil, &[&str], &str)> = vec![
        (
            "kh",
            same,
            |k| k.replacen("ClQ0", "ClQ1", 1),
            &["generate"],
            "EXAMPLE2026.sqd:10: KH d2184993cb2b31ae63ad93bbfcf73ae0447b4a78c924f753d57369279ae43ef2 is not",
        ),
        ("kh-verify", same, |k| k.replacen("ClQ0", "ClQ1", 1), &["verify", "."], "EXAMPLE2026.sqd:10: KH d2184993"),
        ("short-key", same, |k| k.replacen("f9wx", "f9w", 1), &["generate"], "EXAMPLE2026.sqk:3: the key of phase 2 session 1 has 59 characters"),
        ("alphabet", same, |k| k.replacen("KY8Q", "KY-Q", 1), &["generate"], "EXAMPLE2026.sqk:2: the key of phase 1 session 2 holds `-`"),
        ("lf", same, |k| k.replace("\r\n", "\n"), &["generate"], "EXAMPLE2026.sqk:1: the line does not end with CRLF"),
        ("no-dv", |d| d.replace("DV 12,345.67\n", ""), same, &["generate"], "EXAMPLE2026.sqd: no delayed value (DV) yet"),
        ("no-dv-verify", |d| d.replace("DV 12,345.67\n", ""), same, &["verify", "."], "EXAMPLE2026.sqd: no delayed value (DV) yet"),
        ("phase", same, same, &["generate", "3"], "EXAMPLE2026.sqd: no phase 3"),
        ("session", same, same, &["generate", "2:4"], "EXAMPLE2026.sqd:9: phase 2 has no session 4"),
        ("board-list", |d| d.replace("SN 2:1-16,17-32", "SN 2:1-16,17-"), same, &["generate"], "EXAMPLE2026.sqd:8: a board list is"),
        ("publish-again", same, same, &["publish"], "EXAMPLE2026.sqd:10: the event is published"),
        ("add-phase", same, same, &["add-phase", "--sessions", "1", "--boards", "8", "--prefix", "X#"], "EXAMPLE2026.sqd:10: the event is published"),
        ("set-dv-again", same, same, &["set-dv", "1"], "EXAMPLE2026.sqd:5: the delayed value is set already"),
        (
            "boards",
            same,
            same,
            &["generate", "--boards", "1-16"],
            "--boards gives the boards of a phase asked at generation (?), and EXAMPLE2026.sqd has none",
        ),
        ("create", same, same, &["create", "--name", "a", "--delayed-info", "b"], "the event file `EXAMPLE2026.sqd` exists already"),
    ];
    for (name, spoil_sqd, spoil_sqk, args, message) in cases {
        let dir = event_copy(name);
        for (ext, spoil) in [("sqd", spoil_sqd), ("sqk", spoil_sqk)] {
            let path = dir.join(format!("EXAMPLE2026.{ext}"));
            fs::write(&path, spoil(&fs::read_to_string(&path).unwrap())).unwrap();
        }
        let before: Vec<Vec<u8>> = ["sqd", "sqk"].iter().map(|e| fs::read(dir.join(format!("EXAMPLE2026.{e}"))).unwrap()).collect();
        let run = sqd(&dir, args);
        assert_eq!(run.status, 2, "{name}: {}{}", run.stdout, run.stderr);
        assert!(run.stderr.starts_with(&format!("error: {message}")), "{name}: {}", run.stderr);
        assert_eq!(listing(&dir), ["EXAMPLE2026.sqd", "EXAMPLE2026.sqk"], "{name}: nothing written");
        let after: Vec<Vec<u8>> = ["sqd", "sqk"].iter().map(|e| fs::read(dir.join(format!("EXAMPLE2026.{e}"))).unwrap()).collect();
        assert_eq!(before, after, "{name}: the event's files unchanged");
        let _ = fs::remove_dir_all(&dir);
    }
    // Keys for other sessions than the event's, their hash published: refused too.
    for (name, from, to, message) in [
        ("other-key", "2,3:", "2,4:", "EXAMPLE2026.sqk:5: a key for phase 2 session 4, which EXAMPLE2026.sqd does not have"),
        ("no-key", "2,3:RG190O5lxluXcijToUjhwbBL0wghGNokmOICJIJFjyEd9d0vvK6Vq7StWsKz\r\n", "", "EXAMPLE2026.sqk: no key for phase 2 session 3"),
    ] {
        let dir = event_copy(name);
        let sqk = fs::read_to_string(dir.join("EXAMPLE2026.sqk")).unwrap().replace(from, to);
        fs::write(dir.join("EXAMPLE2026.sqk"), &sqk).unwrap();
        let text = fs::read_to_string(dir.join("EXAMPLE2026.sqd")).unwrap();
        let hash = key_hash(sqk.as_bytes());
        fs::write(dir.join("EXAMPLE2026.sqd"), text.replace("d2184993cb2b31ae63ad93bbfcf73ae0447b4a78c924f753d57369279ae43ef2", &hash)).unwrap();
        let run = sqd(&dir, &["generate"]);
        assert_eq!(run.status, 2, "{name}: {}", run.stderr);
        assert!(run.stderr.starts_with(&format!("error: {message}")), "{name}: {}", run.stderr);
        assert_eq!(listing(&dir), ["EXAMPLE2026.sqd", "EXAMPLE2026.sqk"], "{name}: nothing written");
        let _ = fs::remove_dir_all(&dir);
    }
    // Board files are replaced only with --force.
    let dir = event_copy("force");
    assert_eq!(sqd(&dir, &["generate", "1:2"]).status, 0);
    let run = sqd(&dir, &["generate", "1"]);
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(run.stderr.contains("`CLUB2.pbn` exists already"), "{}", run.stderr);
    assert_eq!(listing(&dir), ["CLUB2.pbn", "EXAMPLE2026.sqd", "EXAMPLE2026.sqk"]);
    assert_eq!(sqd(&dir, &["generate", "1", "--force"]).status, 0);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_event_from_start_to_finish() {
    let dir = scratch("round-trip");
    let run = |args: &[&str]| squaredeal(&dir, "club.sqd", args);
    let ok = |args: &[&str]| {
        let out = run(args);
        assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    };
    ok(&["create", "--name", "Club Championship", "--delayed-info", "CAC 40 close on the first day"]);
    ok(&["add-phase", "--sessions", "2", "--boards", "1-10,11-20", "--prefix", "CLUB#", "--description", "Pairs #"]);
    ok(&["add-phase", "--sessions", "3", "--boards", "3x4", "--prefix", "T##", "--description", "Teams"]);
    let bad = run(&["add-phase", "--sessions", "2", "--boards", "1-10,x", "--prefix", "B#"]);
    assert_eq!(bad.status, 2, "{}", bad.stderr);
    let text = fs::read_to_string(dir.join("club.sqd")).unwrap();
    assert!(text.contains("\nSN 3:1-4,5-8,9-12:T##:Teams\n"), "{text}");
    let early = run(&["set-dv", "7512.34"]);
    assert_eq!(early.status, 2, "the delayed value comes after publishing: {}", early.stderr);

    ok(&["publish"]);
    let sqk = fs::read(dir.join("club.sqk")).unwrap();
    let sqk_text = String::from_utf8(sqk.clone()).unwrap();
    assert_eq!(sqk_text.matches("\r\n").count(), 5, "{sqk_text}");
    assert!(sqk_text.split_inclusive('\n').all(|l| l.ends_with("\r\n")));
    for line in sqk_text.lines() {
        let key = line.split_once(':').unwrap().1;
        assert_eq!(key.len(), 60, "{line}");
        assert!(key.bytes().all(|b| b.is_ascii_alphanumeric()), "{line}");
    }
    let text = fs::read_to_string(dir.join("club.sqd")).unwrap();
    assert!(text.contains(&format!("\nKH {}\n", key_hash(&sqk))), "{text}");
    assert_eq!(run(&["publish"]).status, 2);
    assert_eq!(fs::read(dir.join("club.sqk")).unwrap(), sqk, "the keys are not made twice");
    assert_eq!(run(&["generate"]).status, 2, "no delayed value yet");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(dir.join("club.sqk")).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the key file is its owner's alone");
    }

    ok(&["set-dv", "  7,512.34 "]);
    let text = fs::read_to_string(dir.join("club.sqd")).unwrap();
    assert!(text.contains("\nDV 751234\n"), "canonicalised as SquareDeal 2.7 does: {text}");
    ok(&["generate", "-f", "pbn,dlm"]);
    assert!(!run(&["generate", "1", "--force"]).stderr.contains("warning"), "a private key file is not warned of");
    // A key file other users may read, before the event ends: generate warns, verify (after
    // the keys are revealed) does not.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(dir.join("club.sqk"), fs::Permissions::from_mode(0o644)).unwrap();
        let out = run(&["generate", "1", "--force"]);
        assert_eq!(out.status, 0, "{}", out.stderr);
        assert!(
            out.stderr.contains("warning: the key file `club.sqk` can be read by other users of this machine (permissions 644)"),
            "{}",
            out.stderr
        );
        assert!(out.stderr.contains("chmod 600 club.sqk"), "{}", out.stderr);
        assert!(!run(&["verify", "."]).stderr.contains("warning"));
    }
    ok(&["generate", "1", "--reserve"]);
    let mut expected = vec!["CLUB1-2.pbn", "CLUB1-2reserve.pbn", "T01-03.pbn", "club.sqd", "club.sqk"];
    for name in ["CLUB1", "CLUB2", "T01", "T02", "T03"] {
        expected.push(Box::leak(format!("{name}.pbn").into_boxed_str()));
        expected.push(Box::leak(format!("{name}.dlm").into_boxed_str()));
    }
    expected.extend(["CLUB1reserve.pbn", "CLUB2reserve.pbn"]);
    expected.sort();
    assert_eq!(listing(&dir), expected);

    // The files dealt hold nothing of the keys (scanned ten characters at a time).
    for name in listing(&dir).iter().filter(|n| n.ends_with(".pbn") || n.ends_with(".dlm")) {
        let dealt = fs::read_to_string(dir.join(name)).unwrap();
        for key in sqk_text.lines().map(|l| l.split_once(':').unwrap().1) {
            assert!(key.as_bytes().chunks(10).all(|part| !dealt.contains(std::str::from_utf8(part).unwrap())), "{name} holds part of a key");
        }
    }

    // The boards are the session derivation's, from the keys and the stored value.
    let event = Event::parse("club.sqd", &text).unwrap();
    let keys = Keys::parse("club.sqk", &sqk).unwrap();
    let key = &keys.keys[&(2, 3)].0;
    let seed = SessionSeed { key, delayed_value: "751234", reserve: false, variable_session: None };
    let boards = session_boards(&seed, event.phases[1].range(3).unwrap());
    assert_eq!(boards.first().unwrap().0, 9);
    let t03 = fs::read_to_string(dir.join("T03.pbn")).unwrap();
    for (number, deal) in &boards {
        assert!(t03.contains(&format!("[Board \"{number}\"]")) && t03.contains(&format!("[Deal \"{}\"]", deal.pbn())), "board {number}");
    }
    let reserve = fs::read_to_string(dir.join("CLUB1reserve.pbn")).unwrap();
    assert_ne!(reserve, fs::read_to_string(dir.join("CLUB1.pbn")).unwrap());

    let out = run(&["verify", "."]);
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("CLUB1reserve.pbn: boards 1-10 agree"), "{}", out.stdout);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_variable_number_of_sessions_has_one_key_and_its_boards_may_be_given_at_generation() {
    let dir = scratch("variable");
    let run = |args: &[&str]| {
        let mut all = vec!["squaredeal", "swiss.sqd"];
        all.extend_from_slice(args);
        dealvm_in(&dir, &all, None)
    };
    for args in [
        &["create", "--name", "Swiss", "--delayed-info", "an index"][..],
        &["add-phase", "--sessions", "0", "--boards", "8", "--prefix", "SW##"],
        &["add-phase", "--sessions", "1", "--boards", "?", "--prefix", "ASK#"],
        &["publish"],
        &["set-dv", "5"],
    ] {
        let out = run(args);
        assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    }
    let sqk = fs::read_to_string(dir.join("swiss.sqk")).unwrap();
    assert_eq!(sqk.lines().map(|l| &l[..4]).collect::<Vec<_>>(), ["1,0:", "2,1:"], "{sqk}");
    let out = run(&["generate", "1"]);
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("swiss.sqd:8: phase 1 has a variable number of sessions"), "{}", out.stderr);
    let out = run(&["generate", "2"]);
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "error: swiss.sqd:9: the boards of phase 2 are asked at generation (?): give them with --boards, such as `generate 2 --boards 1-16`\n"
    );
    assert_eq!(run(&["generate", "1:2"]).status, 0);
    assert_eq!(run(&["generate", "1:1"]).status, 0);
    assert_eq!(run(&["generate", "2", "--boards", "5-12"]).status, 0);
    // One key, and the session's number hashed: two sessions, two sets of boards.
    let deals = |name: &str| fs::read_to_string(dir.join(name)).unwrap().lines().filter(|l| l.starts_with("[Deal ")).collect::<Vec<_>>().join("\n");
    assert_ne!(deals("SW01.pbn"), deals("SW02.pbn"));
    // Its sessions are those whose files are there; the session given at generation takes its
    // boards from its file.
    let out = run(&["verify", "."]);
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    assert_eq!(
        out.stdout,
        "SW01.pbn: boards 1-8 agree\nSW02.pbn: boards 1-8 agree\nASK1: boards 5-12, given at generation (?), as its files number them\nASK1.pbn: boards 5-12 agree\n\
         verified: every board of the 3 files agrees with the keys of swiss.sqd\n"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// A session's board file written again in its format with board `board`'s deal changed by one
/// card, the session's boards read from its PBN file `pbn`.
fn rewritten(dir: &Path, pbn: &str, file: &str, board: u64) -> Vec<u8> {
    let read = dealvm::formats::read(pbn, fs::read(dir.join(pbn)).unwrap()).unwrap();
    let boards: Vec<Board> = read
        .into_boards()
        .into_iter()
        .map(|b| {
            let deal = if b.number == board { parse_deal(&one_card_swapped(&b.deal.pbn())).unwrap() } else { b.deal };
            Board::of_cycle(b.number, deal)
        })
        .collect();
    Format::of_name(file).unwrap().file(&boards, Sealed::No).unwrap()
}

#[test]
fn verify_checks_every_board_file_and_lists_the_others() {
    let dir = event_copy("every-format");
    let run = sqd(&dir, &["generate", "-f", "pbn,dlm,dup,bri,dge,lin,csv,ber,borel,kops,cds,goedel"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    fs::write(dir.join("notes.txt"), "seating of the first round\n").unwrap();
    fs::copy(dir.join("CLUB1.pbn"), dir.join("OTHER.pbn")).unwrap();
    fs::write(dir.join("EXAMPLE2026.sqd.bak"), "a copy SquareDeal keeps").unwrap();
    let run = sqd(&dir, &["verify", "."]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    // The twelve files of each of the five sessions and the two joined files.
    assert_eq!(run.stdout.matches(" agree\n").count(), 62, "{}", run.stdout);
    for (name, range) in [("CLUB2", "17-32"), ("TEAMS02", "9-16")] {
        for ext in ["pbn", "dlm", "dup", "bri", "dge", "lin", "csv", "ber", "bhg", "rzd", "cds", "goe"] {
            assert!(run.stdout.contains(&format!("\n{name}.{ext}: boards {range} agree\n")), "{name}.{ext}: {}", run.stdout);
        }
    }
    let extensions = ".pbn, .dlm, .dup, .bri, .dge, .ber, .rzd, .cds, .bhg, .lin, .csv, .goe, .zrd, .dl52";
    assert!(
        run.stdout.ends_with(&format!(
            "OTHER.pbn: not checked: not a file of the event's sessions (none is named OTHER)\n\
             notes.txt: not checked: not a board file (dealvm reads {extensions})\n\
             verified: every board of the 62 files agrees with the keys of EXAMPLE2026.sqd; 2 other files of . not checked (above)\n"
        )),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.lines().any(|l| l.starts_with("EXAMPLE2026")), "the event's own files are not listed: {}", run.stdout);

    // A board changed by one card in a file of each format without board numbers or, as
    // generate and Big Deal write a DUP file, whose set starts at board 1: named, and shown
    // with its own seats (board 19: South deals, first in a BHG line).
    let pbn = fs::read_to_string(dir.join("CLUB2.pbn")).unwrap();
    let deal = pbn.split("[Board \"19\"]").nth(1).and_then(|b| b.split("[Deal \"").nth(1)).unwrap().split('"').next().unwrap().to_string();
    let deal = parse_deal(&deal).unwrap();
    let changed = parse_deal(&one_card_swapped(&deal.pbn())).unwrap();
    for file in ["CLUB2.dup", "CLUB2.lin", "CLUB2.bhg", "CLUB2.goe", "CLUB2.bri"] {
        let before = fs::read(dir.join(file)).unwrap();
        fs::write(dir.join(file), rewritten(&dir, "CLUB2.pbn", file, 19)).unwrap();
        let run = sqd(&dir, &["verify", "."]);
        assert_eq!(run.status, 1, "{file}: {}{}", run.stdout, run.stderr);
        let line = format!("{file}: board 19 differs: the file has {}, the keys deal {}\n", changed.pbn(), deal.pbn());
        assert!(run.stdout.contains(&line), "{file}: {}", run.stdout);
        assert_eq!(run.stdout.matches("differs").count(), 1, "{file}: {}", run.stdout);
        assert_eq!(run.stderr, "dealvm squaredeal: not verified: 1 board differs\n");
        fs::write(dir.join(file), before).unwrap();
    }
    // A board file of a session that does not read is not checked, and fails.
    let dup = fs::read(dir.join("TEAMS01.dup")).unwrap();
    fs::write(dir.join("TEAMS01.dup"), &dup[..200]).unwrap();
    let run = sqd(&dir, &["verify", "."]);
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    let why = "`TEAMS01.dup` is not a DUP file of whole boards: its 200 bytes make 1 board of 156 bytes and 44 bytes left over";
    assert!(run.stdout.contains(&format!("\nTEAMS01.dup: not checked: {why}\n")), "{}", run.stdout);
    assert_eq!(run.stderr, "dealvm squaredeal: not verified: 1 board file does not read\n");
    let _ = fs::remove_dir_all(&dir);
}

/// The reference event with its second phase's boards given at generation (`SN 3:?:...`):
/// its keys, and so its `KH`, unchanged.
#[track_caller]
fn asked_copy(name: &str) -> PathBuf {
    let dir = event_copy(name);
    let text = fs::read_to_string(dir.join("EXAMPLE2026.sqd")).unwrap();
    let asked = text.replace("SN 3:1-8,9-16,17-24:TEAMS##:", "SN 3:?:TEAMS##:");
    assert_ne!(asked, text);
    fs::write(dir.join("EXAMPLE2026.sqd"), asked).unwrap();
    dir
}

#[test]
fn boards_given_at_generation_are_dealt_as_squaredeal_deals_them() {
    // Refused, naming the phase and its line, nothing written: the boards not given, given
    // for a phase whose boards the event file holds, given for every phase, or not boards.
    let dir = asked_copy("asked-refused");
    for (args, message) in [
        (&["generate"][..], "EXAMPLE2026.sqd:9: the boards of phase 2 (Teams match #/3) are asked at generation (?): give them with --boards, such as `generate 2 --boards 1-16`"),
        (&["generate", "2:3"], "EXAMPLE2026.sqd:9: the boards of phase 2 (Teams match #/3) are asked at generation (?): give them with --boards, such as `generate 2:3 --boards 1-16`"),
        (&["generate", "2:3", "--reserve"], "EXAMPLE2026.sqd:9: the boards of phase 2"),
        (&["generate", "1", "--boards", "1-16"], "EXAMPLE2026.sqd:8: phase 1 (Club pairs #/2) has its boards in the event file (1-16,17-32): --boards is for a phase whose boards are asked at generation (?)"),
        (&["generate", "--boards", "1-16"], "--boards gives the boards of one phase whose boards are asked at generation (?): name it, such as `generate 2 --boards 1-16`"),
        (&["generate", "2", "--boards", "?"], "--boards: the boards are a number of boards (16), ranges separated by commas (1-16,17-32) or NxM (3x7), found `?`"),
        (&["generate", "2", "--boards", "9-1"], "--boards: the range `9-1` of the board list goes down"),
        (&["generate", "2:1", "--boards", "1-120", "-f", "dup"], "TEAMS01: a DUP file holds boards 1 to 99"),
    ] {
        let run = sqd(&dir, args);
        assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with(&format!("error: {message}")), "{args:?}: {}", run.stderr);
        assert_eq!(listing(&dir), ["EXAMPLE2026.sqd", "EXAMPLE2026.sqk"], "{args:?}: nothing written");
    }
    let _ = fs::remove_dir_all(&dir);

    // Given, the boards are those Big Deal dealt for the phase's sessions with the same seeds:
    // the board list given is taken in turn, as an event file's, and the joined file made.
    let dir = asked_copy("asked");
    let run = sqd(&dir, &["generate", "2", "--boards", "1-8,9-16,17-24", "-f", "pbn,dup,dlm,goedel"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    for name in ["TEAMS01", "TEAMS02", "TEAMS03"] {
        for ext in ["pbn", "dlm"] {
            let ours = fs::read_to_string(dir.join(format!("{name}.{ext}"))).unwrap();
            assert_eq!(ours, as_ours(&fs::read_to_string(example().join(format!("{name}.{ext}"))).unwrap()), "{name}.{ext}");
        }
        for ext in ["dup", "goe"] {
            assert!(
                fs::read(dir.join(format!("{name}.{ext}"))).unwrap() == fs::read(example().join(format!("{name}.{ext}"))).unwrap(),
                "{name}.{ext}"
            );
        }
    }
    assert!(dir.join("TEAMS01-03.pbn").exists());
    assert_eq!(sqd(&dir, &["generate", "1", "-f", "pbn,dup,dlm,goedel"]).status, 0);
    // The boards given number the boards and say how many; they change no deal: session 3
    // given 1-8 deals reference boards 17-24 again, numbered 1-8; session 2 given 16 deals
    // them and eight more.
    let other = asked_copy("asked-numbers");
    assert_eq!(sqd(&other, &["generate", "2:3", "--boards", "1-8"]).status, 0);
    assert_eq!(sqd(&other, &["generate", "2:2", "--boards", "16"]).status, 0);
    let deals = |path: PathBuf| fs::read_to_string(path).unwrap().lines().filter(|l| l.starts_with("[Deal ")).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(deals(other.join("TEAMS03.pbn")), deals(example().join("TEAMS03.pbn")));
    assert!(fs::read_to_string(other.join("TEAMS03.pbn")).unwrap().contains("[Board \"8\"]"));
    assert_eq!(deals(other.join("TEAMS02.pbn"))[..8], deals(example().join("TEAMS02.pbn"))[..]);
    assert_eq!(deals(other.join("TEAMS02.pbn")).len(), 16);
    let _ = fs::remove_dir_all(&other);

    // Verified: each session's boards taken from its files, Big Deal's files as well as ours.
    for folder in [dir.clone(), example()] {
        let run = dealvm_in(&dir, &["squaredeal", "EXAMPLE2026.sqd", "verify", folder.to_str().unwrap()], None);
        assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
        for (name, range) in [("TEAMS01", "1-8"), ("TEAMS02", "9-16"), ("TEAMS03", "17-24")] {
            assert!(run.stdout.contains(&format!("\n{name}: boards {range}, given at generation (?), as its files number them\n")), "{}", run.stdout);
            for ext in ["pbn", "dlm", "dup", "goe"] {
                assert!(run.stdout.contains(&format!("\n{name}.{ext}: boards {range} agree\n")), "{name}.{ext}: {}", run.stdout);
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_event_whose_last_phase_has_its_boards_given_at_generation_from_start_to_finish() {
    // Built as the reference event, its last phase a final whose boards are known only once
    // it is reached.
    let dir = scratch("final");
    let run = |args: &[&str]| squaredeal(&dir, "club.sqd", args);
    let ok = |args: &[&str]| {
        let out = run(args);
        assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    };
    ok(&["create", "--name", "Club Championship 2026", "--delayed-info", "CAC 40 close on the first day"]);
    ok(&["add-phase", "--sessions", "2", "--boards", "1-16,17-32", "--prefix", "CLUB#", "--description", "Club pairs #/2"]);
    ok(&["add-phase", "--sessions", "3", "--boards", "?", "--prefix", "BAMFIN#", "--description", "BAM Final #/3"]);
    let text = fs::read_to_string(dir.join("club.sqd")).unwrap();
    assert!(text.contains("\nSN 3:?:BAMFIN#:BAM Final #/3\n"), "{text}");
    ok(&["publish"]);
    ok(&["set-dv", "7512.34"]);
    ok(&["generate", "1", "-f", "pbn,dlm"]);
    // The final's boards are not known yet: refused without them.
    let out = run(&["generate", "2:1"]);
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "error: club.sqd:9: the boards of phase 2 (BAM Final #/3) are asked at generation (?): give them with --boards, such as `generate 2:1 --boards 1-16`\n"
    );
    // Its first two sessions are played; the third is not (the final ends early).
    ok(&["generate", "2:1", "--boards", "1-12", "-f", "pbn,dup"]);
    ok(&["generate", "2:2", "--boards", "13-24", "-f", "pbn,dup"]);
    assert!(dir.join("BAMFIN1.pbn").exists() && dir.join("BAMFIN2.dup").exists() && !dir.join("BAMFIN1-2.pbn").exists());

    // After the event: the event file and the board files are public; verify needs the keys.
    let public = scratch("final-public");
    for name in listing(&dir).into_iter().filter(|n| n != "club.sqk") {
        fs::copy(dir.join(&name), public.join(&name)).unwrap();
    }
    let verify = || dealvm_in(&public, &["squaredeal", "club.sqd", "verify", "."], None);
    let out = verify();
    assert_eq!(out.status, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.starts_with("error: cannot read the key file `club.sqk`"), "{}", out.stderr);
    // The key file revealed: every board checked; the session not played is not checked, never
    // verified.
    fs::copy(dir.join("club.sqk"), public.join("club.sqk")).unwrap();
    let out = verify();
    assert_eq!(out.status, 1, "{}{}", out.stdout, out.stderr);
    assert_eq!(
        out.stdout,
        "CLUB1.pbn: boards 1-16 agree\nCLUB1.dlm: boards 1-16 agree\nCLUB2.pbn: boards 17-32 agree\nCLUB2.dlm: boards 17-32 agree\n\
         CLUB1-2.pbn: boards 1-32 agree\n\
         BAMFIN1: boards 1-12, given at generation (?), as its files number them\nBAMFIN1.pbn: boards 1-12 agree\nBAMFIN1.dup: boards 1-12 agree\n\
         BAMFIN2: boards 13-24, given at generation (?), as its files number them\nBAMFIN2.pbn: boards 13-24 agree\nBAMFIN2.dup: boards 13-24 agree\n\
         BAMFIN3: not checked: its boards were given at generation (?), and no board file of it is in .\n"
    );
    assert_eq!(out.stderr, "dealvm squaredeal: not verified: 1 session not checked\n");
    // Played at last, its boards given, and a reserve set of its first session with others:
    // verified.
    ok(&["generate", "2:3", "--boards", "1-12", "-f", "pbn,dup"]);
    ok(&["generate", "2:1", "--reserve", "--boards", "1-10"]);
    for file in ["BAMFIN3.pbn", "BAMFIN3.dup", "BAMFIN1reserve.pbn"] {
        fs::copy(dir.join(file), public.join(file)).unwrap();
    }
    let out = verify();
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.ends_with(
            "BAMFIN3.dup: boards 1-12 agree\n\
             BAMFIN1reserve: boards 1-10, given at generation (?), as its files number them\nBAMFIN1reserve.pbn: boards 1-10 agree\n\
             verified: every board of the 12 files agrees with the keys of club.sqd\n"
        ),
        "{}",
        out.stdout
    );
    // A board changed by one card in a file of the final: found.
    let text = fs::read_to_string(public.join("BAMFIN2.pbn")).unwrap();
    fs::write(public.join("BAMFIN2.pbn"), altered(&text, 17)).unwrap();
    let out = verify();
    assert_eq!(out.status, 1, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("\nBAMFIN2.pbn: board 17 differs: "), "{}", out.stdout);
    assert!(out.stdout.contains("\nBAMFIN2: boards 13-24, given at generation (?), as its files number them\n"), "{}", out.stdout);
    assert_eq!(out.stderr, "dealvm squaredeal: not verified: 1 board differs\n");
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&public);
}

#[test]
fn a_phase_of_one_session_may_name_its_files_without_a_session_number() {
    // SquareDeal names a session's files by the prefix as it is when the prefix has no `#`: a
    // final of one session is FINAL.pbn.
    let dir = scratch("unnumbered");
    let run = |args: &[&str]| squaredeal(&dir, "cup.sqd", args);
    let ok = |args: &[&str]| {
        let out = run(args);
        assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    };
    ok(&["create", "--name", "Cup 2026", "--delayed-info", "the first number drawn"]);
    ok(&["add-phase", "--sessions", "1", "--boards", "12", "--prefix", "FINAL", "--description", "Final"]);
    for sessions in ["2", "0"] {
        let out = run(&["add-phase", "--sessions", sessions, "--boards", "12", "--prefix", "SEMI"]);
        assert_eq!(out.status, 2, "{}", out.stderr);
        assert_eq!(
            out.stderr,
            "error: --prefix SEMI: each session's files are named by its number, which goes where the prefix has a run of `#` (such as `SEMI#`); only a phase of one session may have none\n"
        );
    }
    // An event file written by hand (or by SquareDeal, which allows it) with such a phase of
    // two sessions: each session alone, never both into one file.
    let text = fs::read_to_string(dir.join("cup.sqd")).unwrap();
    fs::write(dir.join("cup.sqd"), format!("{text}SN 2:1-8,9-16:PLAYOFF:Playoff\n")).unwrap();
    ok(&["publish"]);
    ok(&["set-dv", "17"]);
    let out = run(&["generate"]);
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "error: phase 2 names the files of its 2 sessions `PLAYOFF` all alike (its prefix has no `#` for the session's number), so each would replace the last: generate one session at a time, such as `generate 2:1`\n"
    );
    assert_eq!(listing(&dir), ["cup.sqd", "cup.sqk"]);
    ok(&["generate", "1", "-f", "pbn,dlm"]);
    ok(&["generate", "2:1", "-f", "pbn"]);
    assert_eq!(listing(&dir), ["FINAL.dlm", "FINAL.pbn", "PLAYOFF.pbn", "cup.sqd", "cup.sqk"]);
    // Verified: the playoff's file against the session whose deals it holds.
    let verify = || dealvm_in(&dir, &["squaredeal", "cup.sqd", "verify", "."], None);
    let out = verify();
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    let alike = "PLAYOFF: the sessions of phase 2 name their files alike (its prefix has no `#`)";
    assert_eq!(
        out.stdout,
        format!(
            "FINAL.pbn: boards 1-12 agree\nFINAL.dlm: boards 1-12 agree\n{alike}: these are session 1's\nPLAYOFF.pbn: boards 1-8 agree\n\
             verified: every board of the 3 files agrees with the keys of cup.sqd\n"
        )
    );
    ok(&["generate", "2:2", "-f", "pbn", "--force"]);
    let out = verify();
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains(&format!("{alike}: these are session 2's\nPLAYOFF.pbn: boards 9-16 agree\n")), "{}", out.stdout);
    // A board changed: the file is no session's.
    let text = fs::read_to_string(dir.join("PLAYOFF.pbn")).unwrap();
    fs::write(dir.join("PLAYOFF.pbn"), altered(&text, 12)).unwrap();
    let out = verify();
    assert_eq!(out.status, 1, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains(&format!("{alike}, and its files hold the boards of none of them: compared with session 2\nPLAYOFF.pbn: board 12 differs: ")),
        "{}",
        out.stdout
    );
    let _ = fs::remove_dir_all(&dir);
}
