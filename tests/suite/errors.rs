//! Bad input: every error names `file:line:column` and what was found or what is wrong,
//! exits with status 2, and never panics.

use crate::common::{data_dir, dealvm_in, dealvm_stdin};

/// Runs `input` and checks status 2, the place `line:col` and a piece of the message.
fn refused(input: &str, line: usize, col: usize, text: &str) {
    let run = dealvm_stdin(input, &["-s", "1"]);
    assert_eq!(run.status, 2, "input {input:?} must be refused; stderr: {}", run.stderr);
    assert!(run.stderr.contains(&format!("stdin:{line}:{col}")), "input {input:?}: want stdin:{line}:{col} in\n{}", run.stderr);
    assert!(run.stderr.contains(text), "input {input:?}: want {text:?} in\n{}", run.stderr);
    assert!(run.stderr.contains('^'), "input {input:?}: a caret under the offending text\n{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "no panic: {}", run.stderr);
}

#[test]
fn syntax_errors_say_what_was_found_and_expected() {
    refused("condition hcp(north) = 10", 1, 22, "found `=`, expected an operator");
    // An unclosed `(` is shown where it opens.
    refused("produce 1\ncondition (hcp(north) > 3", 2, 11, "this `(` is never closed");
    refused("condition (hcp(north) >= 12\naction printoneline", 1, 11, "goes on to `action` on line 2, column 1, where a `)` was expected");
    refused("condition hcp(north) >= 12)", 1, 27, "this `)` closes no `(`");
    // A built-in function cannot name a variable.
    refused(
        "tricks = dds(north, notrump)\ncondition tricks > 8",
        1,
        1,
        "`tricks` is a built-in function, `tricks(...)`, so it cannot name a variable",
    );
    refused("par = 1", 1, 1, "`par` is a built-in function");
    // Two values side by side inside parentheses: no word about reserved words.
    let run = dealvm_stdin("condition (hcp(north) >= 12 spades(north))", &[]);
    assert!(run.stderr.contains("found `spades`, expected `)`") && !run.stderr.contains("reserved"), "{}", run.stderr);
    refused("condition hcp(north) @ 3", 1, 22, "unexpected character `@`");
    refused("condition hcp(nort) > 3", 1, 15, "expected a seat");
    refused("action printall printall", 1, 17, "found `printall`");
    refused("notrump = 3", 1, 1, "reserved word");
    refused("/* never closed\nproduce 3", 1, 1, "never closed");
    refused("action printes(\"abc)", 1, 16, "never closed");
}

#[test]
fn unknown_and_redefined_variables() {
    refused("condition foo > 3", 1, 11, "unknown variable `foo`");
    refused("a = b\nb = 1", 1, 5, "defined later, on line 2");
    refused("x = 1\nx = 2", 2, 1, "already defined");
}

#[test]
fn impossible_predeals() {
    refused("predeal north SAA", 1, 15, "appears twice in this holding");
    refused("predeal north SA\npredeal north SAK", 2, 15, "predealt to north twice");
    refused("predeal north SA\npredeal south SA", 2, 15, "predealt to both north and south");
    refused("predeal north SAKQJT98765432, HA", 1, 31, "more than 13 cards");
}

#[test]
fn malformed_cards_holdings_contracts_and_shapes() {
    refused("condition hascard(north, XS)", 1, 26, "expected a card");
    refused("condition hascard(north, SA)", 1, 26, "rank first: `AS`");
    refused("predeal north AS", 1, 15, "expected a holding");
    refused("predeal north S1", 1, 15, "expected a holding");
    refused("condition score(nv, z8N, 9) > 0", 1, 21, "expected a contract");
    refused("condition score(nv, x3Nx, 9) > 0", 1, 21, "expected a contract");
    refused("condition shape(north, 4442)", 1, 24, "add up to 14, not 13");
    refused("condition shape(north, any 4333 + 88xx)", 1, 35, "more than 13");
    refused("condition shape(north, 44x)", 1, 24, "found the number 44, expected a distribution");
    refused("vulnerable sometimes", 1, 12, "expected none, NS, EW, all or both");
}

#[test]
fn counts_and_bounds_out_of_range() {
    refused("produce 0", 1, 9, "at least 1");
    refused("generate -5", 1, 10, "at least 1");
    refused("produce 12.5", 1, 9, "whole number");
    refused("seed -3", 1, 6, "0 or more");
    refused("altcount 12 1 2", 1, 10, "0 to 9");
    refused("pointcount 1 2 3 4 5 6 7 8 9 10 11 12 13 14", 1, 42, "at most 13 values");
    refused("action frequency (hcp(north), 10, 5)", 1, 31, "above the upper bound");
    refused("condition hcp(north) > 12.345", 1, 24, "more than two digits");
}

#[test]
fn division_by_zero_names_the_expression() {
    refused("produce 1\naction printes(1 / (hcp(north) - hcp(north)))", 2, 16, "division by zero in `1 / (hcp(north) - hcp(north))`");
    refused("condition 3 % (spades(north) - spades(north)) > 0", 1, 11, "remainder of a division by zero");
    // Short-circuit: a division that is never evaluated is fine.
    let run = dealvm_stdin("produce 2\naction printes(0 && 5/0, 0 ? 5/0 : 9, 1 || 1 % 0, \\n)", &["-s", "1"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("091\n091\n"), "{}", run.stdout);
}

#[test]
fn later_features_say_they_are_not_supported_yet() {
    // usereval is supported, with a server (tests/suite/usereval.rs).
    refused("condition usereval(1, NS, 2) > 9", 1, 11, "`usereval` needs a server: give its program with -U PATH");
}

#[test]
fn unreadable_binary_and_non_utf8_input() {
    let dir = data_dir();
    let run = dealvm_in(&dir, &["no-such-file.dli"], None);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("cannot read the input file `no-such-file.dli`: no such file"), "{}", run.stderr);

    let run = dealvm_in(&dir, &["golden"], None);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("cannot read the input file `golden`"), "{}", run.stderr);

    let run = dealvm_in(&dir, &[], Some(b"produce 1\ncondition hcp(north) > \xff\n"));
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("not UTF-8") && run.stderr.contains("stdin:2:24"), "{}", run.stderr);

    let run = dealvm_in(&dir, &[], Some(b"produce 1\n\x00\x01\x02"));
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("binary") && run.stderr.contains("stdin:2:1"), "{}", run.stderr);
}

#[test]
fn bad_switches() {
    let run = dealvm_stdin("produce 1", &["-p", "abc"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("-p takes a whole number"), "{}", run.stderr);
    let run = dealvm_stdin("produce 1", &["-g", "0"]);
    assert_eq!(run.status, 2);
    let run = dealvm_stdin("produce 1", &["--no-such-switch"]);
    assert_eq!(run.status, 2);
    let run = dealvm_stdin("produce 1", &["-N", "SAZ"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("-N argument:1:3") && run.stderr.contains("expected a rank"), "{}", run.stderr);
    let run = dealvm_stdin("predeal south SA\nproduce 1", &["-N", "SAK"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("on the command line (-N)"), "{}", run.stderr);
    let run = dealvm_stdin("produce 1", &["-R", "0"]);
    assert_eq!(run.status, 2);
}

#[test]
fn a_file_switch_that_took_the_input_file_is_refused() {
    let dir = crate::common::tmp_dir().join(format!("dealvm-errors-took-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = "produce 3\ncondition hcp(north) > 10\naction printoneline, csvrpt(hcp(north))\n";
    std::fs::write(dir.join("ok.dli"), script).unwrap();
    std::fs::write(dir.join("opening.txt"), script).unwrap();
    // A word alone parses as a condition, but is no script.
    std::fs::write(dir.join("old.csv"), "heading\n").unwrap();
    for (switch, value, what) in [
        ("-C", "ok.dli", "CSV file"),
        ("-C", "w:ok.dli", "CSV file"),
        ("-C", "opening.txt", "CSV file"),
        ("-X", "ok.dli", "export file"),
        ("-Z", "Nw:ok.dli", "zrd file"),
        ("-l", "ok.dli", "DL52 file"),
        ("--pbn", "ok.dli", "PBN file"),
        ("--dlm", "ok.dli", "DLM file"),
        ("--deals", "ok.dli", "deals file"),
        ("-L", "opening.txt", "library"),
        ("-U", "ok.dli", "usereval server"),
    ] {
        let run = dealvm_in(&dir, &[switch, value], Some(b""));
        assert_eq!((run.status, run.stdout.as_str()), (2, ""), "{switch} {value}: {}", run.stderr);
        let file = value.rsplit(':').next().unwrap();
        let told = format!("{switch} took `{file}` as its {what}, so no input file is left; did you mean `dealvm {switch} FILE {file}`?");
        assert!(run.stderr.contains(&told), "{switch} {value}: {}", run.stderr);
        assert_eq!(std::fs::read_to_string(dir.join(file)).unwrap(), script, "{switch} {value} left the file alone");
    }
    // The script on standard input, or as the input file, and an existing file that is no script.
    let run = dealvm_in(&dir, &["-s", "1", "-C", "old.csv"], Some(script.as_bytes()));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let run = dealvm_in(&dir, &["-s", "1", "-C", "old.csv", "ok.dli"], Some(b""));
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(dir.join("old.csv")).unwrap().lines().count(), 7);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn near_misses_suggest_what_was_meant() {
    // Two letters swapped in a long switch: the nearest switch, not clap's tip to pass it as a value.
    for args in [&["--pnb", "x.pbn"][..], &["--pnb=x.pbn"], &["merge", "--pnb", "x.pbn", "p"]] {
        let run = dealvm_stdin("produce 1", args);
        assert_eq!(run.status, 2, "{args:?}");
        assert!(run.stderr.contains("a similar argument exists: '--pbn'"), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("as a value"), "{args:?}: {}", run.stderr);
    }
    // Capitalised operator words: the operator, not a function that looks alike.
    for (input, col, spelled) in [
        ("condition hcp(north) > 10 AND hcp(south) > 10", 27, "`and` or `&&`"),
        ("condition NOT hcp(north) > 10", 11, "`not` or `!`"),
        ("condition (hcp(north) > 10 Or hcp(south) > 10)", 28, "`or` or `||`"),
        ("condition hcp(north) > 10 && (Not hcp(south) > 10)", 35, "`not` or `!`"),
    ] {
        refused(input, 1, col, &format!("did you mean the operator {spelled}?"));
        let run = dealvm_stdin(input, &[]);
        assert!(!run.stderr.contains("rnd") && run.stderr.contains("lowercase"), "{input}: {}", run.stderr);
    }
    // -O takes north, N or n (opc.rs checks the values); anything else is refused.
    let run = dealvm_stdin("produce 1", &["-s", "1", "-O", "north"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let run = dealvm_stdin("produce 1", &["-O", "nw"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("-O takes the opener's seat, north, east, south or west (or N, E, S, W), found `nw`"), "{}", run.stderr);
}

#[test]
fn slips_of_a_dealer_user_get_the_right_spelling() {
    // A comparison written the wrong way round.
    refused("condition hearts(north) => 4", 1, 25, "found `=>`");
    refused("condition hearts(north) => 4", 1, 25, "did you mean `>=`?");
    refused("condition hearts(north)=<4", 1, 24, "did you mean `<=`?");
    // A seat's initial where the seat is expected, in either case (`S` reads as a holding).
    for (input, col, seat) in [
        ("condition hcp(N) > 10", 15, "north"),
        ("condition spades(e) >= 4", 18, "east"),
        ("condition hcp(S) > 10", 15, "south"),
        ("action print(w)", 14, "west"),
        ("predeal N SAK", 9, "north"),
    ] {
        refused(input, 1, col, &format!("did you mean `{seat}`? Seats are written in full"));
    }
    // A space between the suit letter and its cards.
    refused("predeal south S AK\nproduce 1", 1, 17, "a holding is written as one word, the suit letter then the cards: `SAK`");
    refused("predeal south S AK, HQ", 1, 19, "the suit letter then the cards: `SAK`");
    refused("predeal south SQ, H KJ", 1, 21, "the suit letter then the cards: `HKJ`");
    // A name that is not ranks after a suit letter is still an unknown variable, nothing more.
    let run = dealvm_stdin("predeal south S AX\n", &[]);
    assert!(run.stderr.contains("unknown variable `AX`") && !run.stderr.contains("holding"), "{}", run.stderr);
}
