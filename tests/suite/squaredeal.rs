//! `dealvm squaredeal`: the reference SquareDeal event (tests/data/bigdeal/squaredeal-example)
//! generated again file for file and verified, each of its files altered by one card and
//! refused board by board, every bad input refused with its file and line and nothing
//! written, and an event made from start to finish (create, add-phase, publish, set-dv,
//! generate, verify).

use crate::common::{as_ours, data_dir, dealvm_in, scratch, Run};
use dealvm::formats::dlm::{deal_from_letters, letters};
use dealvm::formats::pbn::parse_deal;
use dealvm::tournament::squaredeal::event::{key_hash, session_boards, Event, Keys, SessionSeed};
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
    let mut all = vec!["squaredeal", "EXAMPLE2026.sqd"];
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

    // Verified as they are, and also the reference files themselves.
    let run = sqd(&dir, &["verify", "."]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("verified"), "{}", run.stdout);
    let run = dealvm_in(&dir, &["squaredeal", "EXAMPLE2026.sqd", "verify", example().to_str().unwrap()], None);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);

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
            assert!(run.stderr.contains("1 board differ"), "{}", run.stderr);
            fs::write(dir.join(&file), text).unwrap();
        }
    }
    // A missing file is reported; a session with no file at all fails.
    fs::remove_file(dir.join("TEAMS02.dlm")).unwrap();
    let run = sqd(&dir, &["verify", "."]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("TEAMS02.dlm: not found"), "{}", run.stdout);
    fs::remove_file(dir.join("TEAMS02.pbn")).unwrap();
    let run = sqd(&dir, &["verify", "."]);
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("TEAMS02: no file TEAMS02.pbn or TEAMS02.dlm"), "{}", run.stdout);
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
    let run = |args: &[&str]| {
        let mut all = vec!["squaredeal", "club.sqd"];
        all.extend_from_slice(args);
        dealvm_in(&dir, &all, None)
    };
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
fn a_variable_number_of_sessions_has_one_key_and_boards_asked_are_not_supported_yet() {
    let dir = scratch("variable");
    let run = |args: &[&str]| {
        let mut all = vec!["squaredeal", "swiss.sqd"];
        all.extend_from_slice(args);
        dealvm_in(&dir, &all, None)
    };
    for args in [
        &["create", "--name", "Swiss", "--delayed-info", "an index"][..],
        &["add-phase", "--sessions", "0", "--boards", "8", "--prefix", "SW##"],
        &["add-phase", "--sessions", "1", "--boards", "?", "--prefix", "ASK"],
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
    assert!(out.stderr.contains("swiss.sqd:9: boards asked at generation (?) are not supported yet"), "{}", out.stderr);
    assert_eq!(run(&["generate", "1:2"]).status, 0);
    assert_eq!(run(&["generate", "1:1"]).status, 0);
    // One key, and the session's number hashed: two sessions, two sets of boards.
    let deals = |name: &str| fs::read_to_string(dir.join(name)).unwrap().lines().filter(|l| l.starts_with("[Deal ")).collect::<Vec<_>>().join("\n");
    assert_ne!(deals("SW01.pbn"), deals("SW02.pbn"));
    let _ = fs::remove_dir_all(&dir);
}
