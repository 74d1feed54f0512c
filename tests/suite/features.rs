//! DealerV2 features: swapping, scripting, CSV and export files, board numbers, the progress
//! meter, and their errors.

use crate::common::{dealvm_in, dealvm_stdin};
use crate::common::{ok, scratch};
use std::fs;

/// The four hands of a `printoneline` line.
fn hands(line: &str) -> [String; 4] {
    let f: Vec<&str> = line.split_whitespace().collect();
    [f[1].to_string(), f[3].to_string(), f[5].to_string(), f[7].to_string()]
}

fn deal_lines(out: &str) -> Vec<[String; 4]> {
    out.lines().filter(|l| l.starts_with("n ")).map(hands).collect()
}

#[test]
fn swapping_east_west_gives_pairs() {
    let out = ok("produce 40\naction printoneline\n", &["-s", "3", "-x", "2"]);
    let deals = deal_lines(&out);
    assert_eq!(deals.len(), 40);
    for pair in deals.chunks(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert_eq!((&a[0], &a[2]), (&b[0], &b[2]), "north and south stay");
        assert_eq!((&a[1], &a[3]), (&b[3], &b[1]), "east and west are exchanged");
    }
    assert!(out.contains("Generated 40 hands"));
}

#[test]
fn swapping_three_seats_gives_all_six_arrangements() {
    let out = ok("produce 60\naction printoneline\n", &["-s", "4", "-x", "3"]);
    let deals = deal_lines(&out);
    for group in deals.chunks(6) {
        let north = &group[0][0];
        let base: Vec<&String> = group[0][1..].iter().collect();
        let mut seen: Vec<Vec<&String>> = Vec::new();
        for d in group {
            assert_eq!(&d[0], north, "north stays");
            let mut others: Vec<&String> = d[1..].iter().collect();
            seen.push(others.clone());
            others.sort();
            let mut b = base.clone();
            b.sort();
            assert_eq!(others, b, "the same three hands");
        }
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 6, "six different arrangements");
    }
}

#[test]
fn swapping_refuses_predealt_moving_seats() {
    let run = dealvm_stdin("predeal east SA\nproduce 2\n", &["-x", "2"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("-x 2 moves east's hand"), "{}", run.stderr);
    let run = dealvm_stdin("predeal spades(south)==5\nproduce 2\n", &["-x", "3"]);
    assert_eq!(run.status, 2);
    // North may be predealt: it never moves.
    let out = ok("predeal north SAKQJ\nproduce 4\naction printoneline\n", &["-s", "1", "-x", "3"]);
    assert!(deal_lines(&out).iter().all(|d| d[0].starts_with("AKQJ")));
    let run = dealvm_stdin("produce 2\n", &["-x", "4"]);
    assert_eq!(run.status, 2);
}

#[test]
fn script_variables_substitute_tokens_everywhere() {
    let input = "c = hcp($0) >= $1 && shape($0, $2) && shape{$0, $3}\nproduce 3\ncondition c\naction printes($4, \" $0 \", hcp($0), \\n), average $5 hcp($0)\n";
    let out =
        ok(input, &["-s", "2", "-0", "north", "-1", "12", "-2", "any 4333 + any 4432", "-3", "4+M(3+3+2+)", "-4", "\"label\"", "-5", "\"avg\""]);
    for line in out.lines().take(3) {
        assert!(line.starts_with("label $0 "), "strings are not substituted: {line}");
        let hcp: i32 = line.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(hcp >= 12);
    }
    assert!(out.contains("avg: Mean="));
    // A variable used but not given.
    let run = dealvm_stdin("condition shape{$7, 5xxx}\n", &[]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("$7 has no value") && run.stderr.contains("stdin:1:17"), "{}", run.stderr);
}

#[test]
fn csv_files_append_or_start_afresh() {
    let dir = scratch("csv");
    let csv = dir.join("out.csv");
    fs::write(&csv, "heading\n").unwrap();
    let input = "produce 3\naction csvrpt(\"x\", hcp(north), NS), printoneline\n";
    let run = dealvm_in(&dir, &["-s", "5", "-C", "out.csv"], Some(input.as_bytes()));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let text = fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "appended to the heading: {text}");
    assert_eq!(lines[0], "heading");
    // Each CSV line holds the same north hand as the deal printed on standard output.
    for (csv_line, deal) in lines[1..].iter().zip(deal_lines(&run.stdout)) {
        assert!(csv_line.starts_with(" 'x',"), "{csv_line}");
        assert!(csv_line.contains(&format!(",n {} s {} ", deal[0], deal[2])), "{csv_line} / {deal:?}");
    }
    assert!(!run.stdout.contains("'x'"), "CSV lines go to the file");
    let run = dealvm_in(&dir, &["-s", "5", "-C", "w:out.csv"], Some(input.as_bytes()));
    assert_eq!(run.status, 0);
    assert_eq!(fs::read_to_string(&csv).unwrap().lines().count(), 3, "w: starts the file afresh");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn exported_hands_predeal_the_same_hands_again() {
    let dir = scratch("export");
    let input = "produce 3\ncondition hcp(north) >= 15\naction export(NS), printoneline\n";
    let run = dealvm_in(&dir, &["-s", "6", "-X", "hands.txt"], Some(input.as_bytes()));
    assert_eq!(run.status, 0, "{}", run.stderr);
    let exported = fs::read_to_string(dir.join("hands.txt")).unwrap();
    let deals = deal_lines(&run.stdout);
    assert_eq!(exported.lines().count(), 3);
    for (line, deal) in exported.lines().zip(&deals) {
        // Feed the line back as switches: North and South come back identical.
        let args: Vec<&str> = line.split_whitespace().collect();
        let mut all = vec!["-s", "1"];
        all.extend(&args);
        let again = ok("produce 1\naction printoneline\n", &all);
        let d = &deal_lines(&again)[0];
        assert_eq!((&d[0], &d[2]), (&deal[0], &deal[2]), "{line}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_files_that_cannot_be_opened_stop_the_run_before_dealing() {
    let input = "produce 3\naction csvrpt(hcp(north)), export(north)\n";
    let run = dealvm_stdin(input, &["-C", "/no/such/folder/x.csv"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("cannot open the CSV file `/no/such/folder/x.csv`"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "nothing was dealt: {}", run.stdout);
    let run = dealvm_stdin(input, &["-X", "/no/such/folder/x.txt"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("cannot open the export file"), "{}", run.stderr);
}

#[test]
fn a_failed_run_leaves_no_half_written_file() {
    let dir = scratch("atomic");
    fs::write(dir.join("keep.csv"), "before\n").unwrap();
    // The third deal divides by zero: nothing of this run reaches the file.
    let input = "produce 5\naction csvrpt(hcp(north)), printes(10 / (rnd(0) - 3))\n";
    let run = dealvm_in(&dir, &["-s", "1", "-C", "keep.csv"], Some(input.as_bytes()));
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert_eq!(fs::read_to_string(dir.join("keep.csv")).unwrap(), "before\n");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file is left");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn board_numbers_start_where_asked() {
    let out = ok("startboard 17\nproduce 2\naction printall, printpbn\n", &["-s", "1"]);
    assert!(out.contains("  17. North") && out.contains("  18. North"), "{out}");
    assert!(out.contains("[Board \"17\"]") && out.contains("[Dealer \"N\"]"), "{out}");
    let out = ok("produce 1\naction printpbn\n", &["-s", "1", "--board-start", "4"]);
    assert!(out.contains("[Board \"4\"]") && out.contains("[Dealer \"W\"]") && out.contains("[Vulnerable \"All\"]"));
    let out = ok("produce 5\naction print(east)\n", &["-s", "1", "--board-start", "9"]);
    assert!(out.contains("   9.") && out.contains("  13."), "{out}");
}

#[test]
fn the_progress_meter_writes_only_to_standard_error() {
    // Dealing every deal (a rare condition is otherwise dealt exactly, and stops early).
    let with = dealvm_stdin("generate 3000000\nproduce 10\ncondition hcp(north) > 30\naction printoneline\n", &["-s", "1", "-m", "--rejection"]);
    let without = dealvm_stdin("generate 3000000\nproduce 10\ncondition hcp(north) > 30\naction printoneline\n", &["-s", "1", "--rejection"]);
    assert_eq!(with.status, 0);
    let body = |s: &str| s.lines().filter(|l| !l.starts_with("Time")).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&with.stdout), body(&without.stdout));
    let produced = with.stdout.lines().find_map(|l| l.strip_prefix("Produced  ")).expect("a Produced line");
    let produced = produced.trim_end_matches(" hands");
    assert!(with.stderr.contains(&format!("3000000 deals dealt, {produced} produced")), "{}", with.stderr);
    assert!(without.stderr.is_empty());
}

#[test]
fn opener_and_compatibility_switches_are_accepted() {
    ok("opener east\nproduce 1\n", &["-s", "1", "-O", "N", "-D", "3.5", "-M", "2", "-P", "1"]);
    // -U is used only by a program that asks `usereval` (tests/suite/usereval.rs).
    let run = dealvm_stdin("produce 1\n", &["-s", "1", "-U", "server"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let run = dealvm_stdin("produce 1\n", &["-L", "no-such-lib.zrd"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("cannot read the library `no-such-lib.zrd`: no such file"), "{}", run.stderr);
}

#[test]
fn fd_shape_errors_point_at_the_column() {
    let run = dealvm_stdin("condition shape{north, 5y+xx}\n", &[]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("stdin:1:25") && run.stderr.contains("unknown shape operator `y`"), "{}", run.stderr);
    let run = dealvm_stdin("condition shape{nord, 5xxx}\n", &[]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("stdin:1:17") && run.stderr.contains("expected a seat"), "{}", run.stderr);
}

#[test]
fn suit_length_errors_point_at_the_predeal() {
    let run = dealvm_stdin("predeal spades(west)==7, hearts(west)==7\n", &[]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("stdin:1:26") && run.stderr.contains("add up to 14"), "{}", run.stderr);
    let run = dealvm_stdin("predeal spades(west)==14\n", &[]);
    assert_eq!(run.status, 2);
    let run = dealvm_stdin("predeal spades(west)==3\npredeal spades(west)==4\n", &[]);
    assert!(run.stderr.contains("predealt twice"), "{}", run.stderr);
}

#[test]
fn reports_over_no_deal_print_dashes_not_nan() {
    let input = "generate 500\ncondition hcp(north) > 37\naction average hcp(north), average \"lab\" hcp(south),\n\
                 frequency (hcp(north), 0, 2), frequency \"two\" (hcp(north), 0, 1, hcp(south), 0, 1),\n\
                 bktfreq \"b\" (hcp(north), 0, 10, 5), bktfreq \"b2\" (hcp(north), 0, 10, 5, hcp(south), 0, 10, 5),\n\
                 evalcontract (NS, z4S, nv)\n";
    let out = ok(input, &["-s", "1", "--rejection"]);
    assert!(!out.to_ascii_lowercase().contains("nan"), "{out}");
    assert!(out.starts_with("Mean=         -, Std Dev=         -, Var=         -, Sample Size=0 \n"), "{out}");
    assert!(out.contains("\nlab: Mean=         -,"), "{out}");
    assert!(out.contains("\n    1\t       0\t      -\t      -\n") && out.contains("\nTotal\t       0\t      -\n"), "{out}");
    assert!(out.contains("Avg Result =       -, Made pct=      -, Fail pct=      -\nMissed Game_pct=      -,"), "{out}");
    assert!(out.contains("Produced  0 hands"), "{out}");
    // One deal: figures, not dashes.
    let one = ok(&input.replace("> 37", "> 5").replace("generate 500", "generate 500\nproduce 1"), &["-s", "1"]);
    assert!(!one.contains("      -") && one.contains("Sample Size=1"), "{one}");
}

#[test]
fn strings_are_as_dealer_reads_them_and_a_backslash_n_is_explained() {
    // As in both Dealers: no escapes, a backslash is printed as written, the next quote ends
    // a string; a new line is the bare \n outside the quotes.
    let run = dealvm_stdin("title \"C:\\\"\nproduce 1\naction printes(\"a\\tb\\n\", \\n, \"x\", \\n)\n", &["-s", "1", "-v"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "a\\tb\\n\nx\n");
    assert!(run.stderr.contains("warning: `\\n` in a string is printed as written, a backslash and a letter, as Dealer prints it"), "{}", run.stderr);
    assert!(run.stderr.contains("a new line is the bare \\n between the items, outside the quotes"), "{}", run.stderr);
    assert_eq!(run.stderr.matches("warning").count(), 1, "once per string: {}", run.stderr);
    // The same text in Debian's dealer.
    let dealer = crate::common::reference_run("produce 1\naction printes(\"a\\tb\\n\", \\n, \"x\", \\n)\n", &["-s", "1", "-v"]);
    assert!(dealer.stdout.starts_with("a\\tb\\n\nx\n"), "{}", dealer.stdout);
}
