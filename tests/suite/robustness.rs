//! Robustness: inputs that once crashed dealvm or made it slow, each refused with a clear
//! message (exit status 2) or run correctly.

use crate::common::dealvm_stdin;

/// Runs `input` with a fixed seed and few deals; gives (status, stdout, stderr).
fn run(input: &str, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["-s", "1", "-g", "2000"];
    all.extend_from_slice(args);
    let r = dealvm_stdin(input, &all);
    (r.status, r.stdout, r.stderr)
}

/// Asserts that `input` is refused with exit status 2 and a message containing `text`.
fn refused(input: &str, text: &str) -> String {
    let (status, _, stderr) = run(input, &[]);
    assert_eq!(status, 2, "input {:.200}: {stderr}", input);
    assert!(stderr.contains(text), "input {:.200}: expected {text:?} in:\n{stderr}", input);
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn non_ascii_text_in_shapes_is_an_error_not_a_crash() {
    for (input, text) in [
        ("condition shape{north, (é)}", "found `é`"),
        ("condition shape{north, (0xx😀x)}", "found `😀`"),
        ("condition shape{north, [2-é]xxx}", "found `é`"),
        ("condition shape{nörth, 5xxx}", "expected a seat"),
        ("condition shape{north,\u{a0}5xxx\u{a0}+\u{a0}4xxx}\u{a0}", ""),
        ("condition hcp(nörth) > 1", "found"),
        ("é", "unexpected character `é`"),
        ("condition \"é", ""),
    ] {
        let (status, _, stderr) = run(input, &[]);
        assert!(status == 0 || status == 2, "{input}: status {status}: {stderr}");
        assert!(!stderr.contains("panicked"), "{input}: {stderr}");
        if status == 2 {
            assert!(stderr.contains(text) && stderr.contains("stdin:1:"), "{input}: {stderr}");
        }
    }
}

#[test]
fn deep_nesting_is_compiled_or_refused_with_its_place() {
    // At the limit: compiled, and right (dealt exactly: the one deal has North's 37 points,
    // which a deal in 10^11 has: the budget allows for it).
    let parens = format!("condition {}hcp(north) > 36{}\nproduce 1\naction printoneline", "(".repeat(20_000), ")".repeat(20_000));
    let r = dealvm_stdin(&parens, &["-s", "1", "-g", "10000000000000"]);
    let (status, out, err) = (r.status, r.stdout, r.stderr);
    assert_eq!(status, 0, "{err}");
    let north = out.lines().find_map(|l| l.strip_prefix("n ")).and_then(|l| l.split_whitespace().next()).unwrap_or_default();
    assert!(north.split('.').all(|s| s.starts_with("AKQ")) && north.matches('J').count() == 1, "{out}");
    assert!(out.contains("Produced  1 hands"), "{out}");
    // h - h + h - ... - h: 4,000 terms adding up to 0.
    let sum = format!("condition {} - hcp(north) == 0\naction average hcp(south)", vec!["hcp(north)"; 2000].join(" - hcp(north) + "));
    let (status, out, err) = run(&sum, &[]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Produced  2000 hands"), "{out}");
    let nots = format!("condition {}hcp(north) < 40\naction average hcp(south)", "not ".repeat(4000));
    let (status, out, err) = run(&nots, &[]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Produced  2000 hands"), "{out}");
    // Beyond it: refused where it gets too deep.
    for input in [
        format!("condition {}hcp(north) > 1", "not ".repeat(20_000)),
        format!("condition {}hcp(north) > 1", "!".repeat(20_000)),
        format!("condition {}hcp(north) > 1", "- ".repeat(20_000)),
        format!("condition {} > 1", vec!["hcp(north)"; 20_000].join(" / ")),
        format!("condition {}", vec!["hcp(north) > 1"; 20_000].join(" == ")),
        format!("x = {}hcp(north){}", "(1 + ".repeat(20_000), ")".repeat(20_000)),
        format!("action average {}hcp(north)", "-".repeat(20_000)),
    ] {
        let stderr = refused(&input, "nested too deeply (limit 5000 levels)");
        assert!(stderr.contains("stdin:1:"), "{stderr}");
    }
    let fd = format!("condition shape{{north, xxxx:{}s{}>1}}", "(".repeat(10_000), ")".repeat(10_000));
    refused(&fd, "nested too deeply (limit 100)");
    let fd_signs = format!("condition shape{{north, xxxx:{}s>1}}", "-".repeat(10_000));
    refused(&fd_signs, "nested too deeply (limit 100)");
}

#[test]
fn flat_chains_of_any_length_are_not_nesting() {
    // The 5,010 terms of `a && a && ...`, and 20,000 of `&&`, `||`, `+` with `-`, `*`:
    // compiled, and right.
    let a = format!("a = hcp(north) < 38\ncondition {}", vec!["a"; 5010].join(" && "));
    let n = 20_000;
    let h = "hcp(north)";
    let all = [
        a,
        format!("condition {}", vec!["hcp(north) < 38"; n].join(" && ")),
        format!("condition {} || hcp(north) < 38", vec!["hcp(north) > 37"; n].join(" || ")),
        // h - h + h - h ...: 0 with an even number of terms.
        format!("condition {} - {h} == 0", vec![h; n / 2].join(&format!(" - {h} + "))),
        // h to the power 20,000 wraps to 0 exactly when h is even.
        format!("condition ({} == 0) == ({h} % 2 == 0)", vec![h; n].join(" * ")),
    ];
    for input in all {
        let (status, out, err) = run(&format!("{input}\naction average hcp(south)"), &[]);
        assert_eq!(status, 0, "{:.100}: {err}", input);
        assert!(out.contains("Produced  2000 hands"), "{:.100}: {out}", input);
    }
    let none = format!("condition {} && hcp(north) > 37", vec!["hcp(north) < 38"; n].join(" && "));
    let (status, out, err) = run(&none, &["-v"]);
    assert_eq!((status, out.as_str()), (0, ""), "{err}");
}

#[test]
fn long_chains_of_variables_compile_in_linear_time() {
    // 45,000 variables, each the one before plus 1.
    let mut chain = String::from("v0 = hcp(north)\n");
    for i in 1..45_000 {
        chain.push_str(&format!("v{i} = v{} + 1\n", i - 1));
    }
    chain.push_str("condition v44999 >= 45009\naction average v44999");
    let (status, out, err) = run(&chain, &[]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Produced") && !out.contains("Produced  0 hands"), "{out}");
    // Each variable twice the one before: 2^60 paths through the definitions.
    let mut doubling = String::from("v0 = hcp(north)\n");
    for i in 1..=60 {
        doubling.push_str(&format!("v{i} = v{} + v{}\n", i - 1, i - 1));
    }
    doubling.push_str("condition v60 >= 0\nproduce 3\naction printoneline");
    let (status, out, err) = run(&doubling, &[]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Produced  3 hands"), "{out}");
    // A 2,000-deep nested sum and a 5,000-term flat one.
    let nested = format!("condition {}0{} == 0\nproduce 1\naction printoneline", "hcp(north) - hcp(north) + (".repeat(2000), ")".repeat(2000));
    assert_eq!(run(&nested, &[]).0, 0);
    let flat = format!("condition {} > 100\nproduce 1\naction printoneline", vec!["hcp(north)"; 4999].join(" + "));
    assert_eq!(run(&flat, &[]).0, 0);
}

#[test]
fn shape_conditions_refuse_division_by_zero() {
    refused("condition shape{north, xxxx:s/0>=0}", "division by zero in this condition");
    let stderr = refused("condition shape{north, xxxx:s/(h-4)>=0}", "division by zero in this condition (for the shape");
    assert!(stderr.contains("stdin:1:30"), "{stderr}");
    // A divisor that is never 0 is fine.
    assert_eq!(run("condition shape{north, xxxx:s/(h+1)>=2}\nproduce 1\naction printoneline", &[]).0, 0);
}

#[test]
fn shape_messages_name_the_mistake() {
    let stderr = refused("condition shape{north, [9-2]xxx}", "the range 9-2 runs backwards; write it low to high, as [2-9]");
    assert!(stderr.contains("stdin:1:25"), "{stderr}");
    refused("condition shape{, 5xxx}", "found nothing before the comma, expected a seat");
    refused("condition shape{north, [2-x]xxx}", "found `x`, expected the upper end of a range");
}

#[test]
fn runs_that_end_while_workers_wait_never_hang() {
    // Produce one deal at once on 4 threads: workers run ahead and wait at the gate when the
    // run ends. Each run must finish (a lost wake-up once left a worker waiting for ever).
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let input = "predeal north SA\ncondition hcp(north) > 5\nproduce 1\naction printoneline\n";
    let path = crate::common::tmp_dir().join(format!("dealvm-race-{}.dli", std::process::id()));
    std::fs::write(&path, input).unwrap();
    for seed in 1..=150 {
        let mut child = crate::common::dealvm_command()
            .args(["-s", &seed.to_string(), "-R", "4"])
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if start.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                panic!("seed {seed}: the run did not end");
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        assert!(status.success(), "seed {seed}: {status}");
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn frequency_tables_are_bounded_and_cost_what_they_count() {
    // Ten million cells in all at most, over every table of the run.
    let stderr = refused(
        "action frequency (hcp(north), 0, 5999990), frequency (hcp(south), 0, 5999990)",
        "this table would have 5999993 cells, 11999986 with the tables before it; dealvm keeps at most 10000000 cells",
    );
    assert!(stderr.contains("stdin:1:44"), "{stderr}");
    refused("action bktfreq (hcp(north), 0, 2000000000, 1)", "cells; dealvm keeps at most 10000000");
    refused("action frequency (hcp(north), -2000000000, 2000000000, hcp(south), -2000000000, 2000000000)", "dealvm keeps at most");
    // A wide table counts the same as a narrow one, on any number of threads.
    let narrow = run("action frequency (hcp(north), 0, 37)", &["-R", "1"]).1;
    for threads in ["1", "2", "3"] {
        let (status, wide, err) = run("action frequency (hcp(north), 0, 199999)", &["-R", threads]);
        assert_eq!(status, 0, "{err}");
        // The rows of the values 0 to 37, with their counts and percentages.
        let rows = |out: &str| {
            out.lines()
                .filter(|l| l.split('\t').next().and_then(|v| v.trim().parse::<u32>().ok()).is_some_and(|v| v <= 37))
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(rows(&wide), rows(&narrow));
        assert_eq!(rows(&wide).len(), 38);
        assert!(wide.contains("199999\t       0"), "the table runs to 199999");
    }
}

#[test]
fn any_thread_count_is_accepted_and_gives_the_same_output() {
    let input = "condition hcp(north) > 15\nproduce 20\naction printoneline, average hcp(south)";
    let one = run(input, &["-R", "1"]);
    let many = run(input, &["-R", "100000"]);
    assert_eq!(many.0, 0, "{}", many.2);
    let strip = |s: &str| s.lines().filter(|l| !l.starts_with("Time")).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&one.1), strip(&many.1));
}

#[test]
fn switch_values_say_what_is_wrong() {
    for (args, text) in [
        (&["-s", "-5"][..], "-s takes a whole number, 0 or more; found the negative number -5"),
        (&["-p", "-1"][..], "-p takes a whole number, 1 or more; found the negative number -1"),
        (&["-g", "-10"][..], "-g takes a whole number, 1 or more; found the negative number -10"),
        (&["-R", "-2"][..], "-R takes a whole number, 1 or more; found the negative number -2"),
        (&["-R", "two"][..], "-R takes a whole number, found `two`"),
        (&["--board-start", "-3"][..], "--board-start takes a whole number, 1 or more"),
        (&["-x", "-2"][..], "-x takes 2 or 3, found `-2`"),
    ] {
        let r = dealvm_stdin("produce 1", args);
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(text), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn classic_dealer_swap_switches_are_explained() {
    let r = dealvm_stdin("produce 1\naction printoneline", &["-2", "x"]);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("never uses $2; classic Dealer's -2 (East and West exchanged) is -x 2 here"), "{}", r.stderr);
    let r = dealvm_stdin("produce 1\naction printoneline", &["-3", "1"]);
    assert!(r.stderr.contains("is -x 3 here"), "{}", r.stderr);
    // `dealer -2 file.dli`: the file name would become $2.
    let dir = crate::common::tmp_dir().join(format!("dealvm-swap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("f.dli"), "produce 1\n").unwrap();
    let r = crate::common::dealvm_in(&dir, &["-2", "f.dli"], None);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("-2 f.dli: -2 gives the script variable $2 a value, here the input file's name"), "{}", r.stderr);
    // Script variables that are used still work.
    let r = dealvm_stdin("condition hcp(north) > $2\nproduce 1\naction printoneline", &["-2", "30", "-s", "1"]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn numbers_beyond_32_bits_are_refused() {
    let stderr = refused("condition hcp(north) > 99999999999999999999", "the number 99999999999999999999 is too large");
    assert!(stderr.contains("stdin:1:24"), "{stderr}");
    refused("condition hcp(north) > 2147483649", "this number is too large: values go up to 2147483647");
    refused("condition hcp(north) > 4294967295", "this number is too large");
    refused("condition ltc(north) < 21474837.00", "a decimal number up to 21474836.47");
    refused("generate 99999999999999999999999", "the number 99999999999999999999999 is too large");
    // The largest values still work, and 2147483648 stands for the smallest, as in Dealer.
    let (status, out, err) = run("condition hcp(north) < 2147483647 && hcp(north) > -2147483648\naction average hcp(north)", &[]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Produced  2000 hands"), "{out}");
}

#[test]
fn pointcounts_mixing_whole_and_decimal_numbers_are_warned_about() {
    let (status, _, stderr) = run("pointcount 4.5 3 1.5 .75 .25\nproduce 1\naction printoneline", &[]);
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("warning: this pointcount mixes decimal numbers such as 4.5 with whole numbers such as 3"), "{stderr}");
    assert!(stderr.contains("stdin:1:16") && stderr.contains("counts as 0.03, not 3") && stderr.contains("write 3.0 for 3 points"), "{stderr}");
    // All decimals, or all whole numbers: no warning.
    for input in ["pointcount 4.50 3.00 1.50 .75 .25", "pointcount 6 4 2 1", "altcount 1 3 2 1"] {
        let (status, _, stderr) = run(&format!("{input}\nproduce 1\naction printoneline"), &[]);
        assert_eq!(status, 0, "{stderr}");
        assert!(!stderr.contains("warning"), "{input}: {stderr}");
    }
    // The guide's example (docs/guide/language.md) means what it says: the king is worth 3.
    let (_, out, _) =
        run("pointcount 4.50 3.00 1.50 .75 .25\npredeal north SK, HAKQJT987654, D2\nproduce 1\naction printes(hcp(north, spades))", &[]);
    assert!(out.starts_with("300Generated"), "{out}");
}

#[test]
fn unknown_names_get_near_names_suggested() {
    for (input, text, at) in [
        ("condition hcpp(north) > 10", "unknown function `hcpp`; did you mean `hcp`?", "stdin:1:11"),
        ("condition hpc(north) > 10", "unknown function `hpc`; did you mean `hcp`?", "stdin:1:11"),
        ("condition looser(north) > 1", "unknown function `looser`; did you mean `losers`?", "stdin:1:11"),
        ("condition frob(north) > 1", "unknown function `frob`", "stdin:1:11"),
        ("condition hcp(nort) > 1", "did you mean `north`?", "stdin:1:15"),
        ("action printonline", "unknown variable `printonline`; did you mean the action `printoneline`?", "stdin:1:8"),
        ("prodcue 10", "unknown variable `prodcue`; did you mean the statement `produce`?", "stdin:1:1"),
        ("balanced = shape(north, any 4333)\ncondition balnced", "unknown variable `balnced`; did you mean `balanced`?", "stdin:2:11"),
    ] {
        let stderr = refused(input, text);
        assert!(stderr.contains(at), "{input}: {stderr}");
    }
}

#[test]
fn misspelled_statements_followed_by_their_arguments_are_named() {
    for (input, text, at, caret) in [
        ("predael north SA", "unknown statement `predael`; did you mean `predeal`?", "stdin:1:1", "^^^^^^^"),
        ("acton printoneline", "unknown statement `acton`; did you mean `action`?", "stdin:1:1", "^^^^^"),
        ("titel \"x\"", "unknown statement `titel`; did you mean `title`?", "stdin:1:1", "^^^^^"),
        ("produce 1\n  dealr north", "unknown statement `dealr`; did you mean `dealer`?", "stdin:2:3", "  ^^^^^"),
        ("condition hcp(north) > 10\nvulnerabel none", "unknown statement `vulnerabel`; did you mean `vulnerable`?", "stdin:2:1", "^^^^^^^^^^"),
    ] {
        let stderr = refused(input, text);
        assert!(stderr.contains(at), "{input}: {stderr}");
        assert!(stderr.lines().any(|l| l.ends_with(&format!(" | {caret}"))), "{input}: caret under the name: {stderr}");
        assert!(!stderr.contains("reserved word"), "{input}: {stderr}");
    }
    // No statement is near: what was found, and why the name is not a statement.
    // A comment between the name and what follows it changes nothing.
    refused("predael # a comment\n /* another */ north SA", "unknown statement `predael`; did you mean `predeal`?");
    let stderr = refused("frob north", "found `north`, expected an operator");
    assert!(stderr.contains("`frob` is not a statement") && !stderr.contains("reserved word"), "{stderr}");
    // A one-letter name is not taken for another that shares nothing with it.
    let stderr = refused("x = hcp(north) > 10\ncondition y", "unknown variable `y`");
    assert!(!stderr.contains("did you mean"), "{stderr}");
    refused("xy = hcp(north) > 10\ncondition x", "unknown variable `x`; did you mean `xy`?");
}

#[test]
fn long_tokens_are_cut_in_messages() {
    let million = 1_000_000;
    let short = |stderr: &str, length: usize| {
        assert!(stderr.len() < 1000, "{} bytes of message: {:.300}", stderr.len(), stderr);
        assert!(stderr.contains('…'), "{stderr}");
        assert!(stderr.contains(&format!("({length} characters)")), "{stderr}");
    };
    for (input, text) in [
        (format!("condition hcp(north) > {}", "9".repeat(million)), "the number 9999"),
        (format!("condition hcp(north) > 1 \"{}\"", "y".repeat(million)), "found the string \"yyyy"),
        (format!("condition hcp(north) > 1 && {} > 1", "z".repeat(million)), "unknown variable `zzzz"),
        (format!("condition {}(north) > 1", "z".repeat(million)), "unknown function `zzzz"),
    ] {
        short(&refused(&input, text), million);
    }
    // A name of megabytes is refused at once: no near name is looked for.
    let start = std::time::Instant::now();
    let huge = format!("condition hcp(north) > 1\naction printoneline\n{} 3\n", "z".repeat(5 * million));
    short(&refused(&huge, "unknown variable `zzzz"), 5 * million);
    assert!(start.elapsed().as_secs() < 20, "{:?} for a name of 5 MB", start.elapsed());
    // A deal of a megabyte in a PBN file read with --deals.
    let pbn = format!("[Board \"1\"]\n[Deal \"N:{}\"]\n\n", "Z".repeat(million));
    let r = dealvm_stdin(&pbn, &["--deals", "-"]);
    assert_eq!(r.status, 2, "{:.300}", r.stderr);
    assert!(r.stderr.contains("found `ZZZZ"), "{:.300}", r.stderr);
    short(&r.stderr, million);
    // Switch values of 100 kB: ours, a script variable's, and an unknown switch (clap's).
    let long = "7".repeat(100_000);
    let (status, _, stderr) = run("produce 1", &["-R", &format!("{long}x")]);
    assert_eq!(status, 2, "{:.300}", stderr);
    assert!(stderr.contains("-R takes a whole number"), "{stderr}");
    short(&stderr, 100_001);
    let (status, _, stderr) = run("condition hcp(north) > $1", &["-1", &format!("{long}@")]);
    assert_eq!(status, 2, "{:.300}", stderr);
    assert!(stderr.contains("in the value of $1"), "{stderr}");
    short(&stderr, 100_001);
    let (status, _, stderr) = run("produce 1", &[&format!("--{}", "z".repeat(100_000))]);
    assert_eq!(status, 2, "{:.300}", stderr);
    assert!(stderr.len() < 1000 && stderr.contains("(100002 characters)"), "{:.300}", stderr);
}

#[test]
fn a_byte_order_mark_is_skipped_and_long_lines_are_cut() {
    let (status, out, err) = run("\u{feff}produce 1\naction printoneline", &[]);
    assert_eq!(status, 0, "{err}");
    assert!(out.starts_with("n "), "{out}");
    // An error on a line of a million characters shows a short window around the caret.
    let long = format!("condition {} > 1 @ {}", vec!["hcp(north)"; 50_000].join("+"), "x".repeat(500_000));
    let (status, _, stderr) = run(&long, &[]);
    assert_eq!(status, 2);
    assert!(stderr.len() < 1000, "{} bytes of message", stderr.len());
    assert!(stderr.contains("unexpected character `@`") && stderr.contains("..."), "{stderr}");
}

#[test]
fn ctrl_c_prints_the_statistics_so_far_and_exits_130() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = crate::common::tmp_dir().join(format!("dealvm-ctrlc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("long.dli");
    std::fs::write(
        &script,
        "generate 100000000000\nproduce 100000000000\ncondition hcp(north) > 20\naction average hcp(south), csvrpt(hcp(north))\n",
    )
    .unwrap();
    let csv = dir.join("out.csv");
    let mut child = crate::common::dealvm_command()
        .args(["-s", "1", "-m", "-R", "2", "-C"])
        .arg(format!("w:{}", csv.display()))
        .arg(&script)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the progress meter: the run is dealing.
    let mut stderr = child.stderr.take().unwrap();
    let mut seen = Vec::new();
    let mut byte = [0u8; 1];
    while !String::from_utf8_lossy(&seen).contains("deals dealt") {
        assert_eq!(stderr.read(&mut byte).unwrap(), 1, "the meter shows before the end");
        seen.push(byte[0]);
    }
    // SAFETY: kill only sends a signal to our child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{rest}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let generated: u64 = stdout.lines().find_map(|l| l.strip_prefix("Generated ")?.split(' ').next()?.parse().ok()).expect("a trailer");
    assert!(generated > 0 && generated < 100_000_000_000, "{stdout}");
    assert!(stdout.contains("Mean=") && stdout.contains("Initial random seed 1"), "{stdout}");
    assert!(rest.contains("\ninterrupted: the statistics above count the deals dealt until then"), "the meter line is ended: {rest:?}");
    assert!(!csv.exists(), "an interrupted run writes no output file");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temporary file is left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn non_ascii_text_in_board_files_and_switches_is_an_error_not_a_crash() {
    let dir = crate::common::tmp_dir().join(format!("dealvm-nonascii-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("e.pbn"), "[Évent \"x\"]\n[Deal \"N:AKQ.JT9.876.5432 - - -\"]\n").unwrap();
    let r = crate::common::dealvm_in(&dir, &["--deals", "e.pbn"], None);
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert!(r.stderr.contains("e.pbn:1:1") && !r.stderr.contains("panicked"), "{}", r.stderr);
    let r = dealvm_stdin("produce 1", &["-N", "SAé,H2"]);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("found `é`, expected a rank") && r.stderr.contains("-N argument:1:3"), "{}", r.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_depth_of_a_script_follows_its_variables() {
    // What decides whether the main thread compiles the script (api::script): the deepest
    // expression, a variable counting its definition's depth where it is read.
    use dealvm::front::parse::{depth_through_variables, parse_file};
    let arena = bumpalo::Bump::new();
    let vars: dealvm::front::lex::ScriptVars = Default::default();
    let depth = |text: &'static str| depth_through_variables(&parse_file(&arena, text, &vars).unwrap());
    assert_eq!(depth("condition hcp(north) > 10"), Some(2));
    // a: 2; b reads a one level down: 4; the condition reads b one level down: 6.
    assert_eq!(depth("a = hcp(north) + 1\nb = a > 2\ncondition b && hcp(south) > 3"), Some(6));
    // Read twice, counted once per path: 60 doublings are 61 levels and more, not 2^60.
    let doubling = (1..=60).map(|i| format!("v{i} = v{} + v{}\n", i - 1, i - 1)).collect::<String>();
    let text: &'static str = Box::leak(format!("v0 = hcp(north)\n{doubling}condition v60 > 0").into_boxed_str());
    assert!(depth(text).is_some_and(|d| (61..200).contains(&d)), "{:?}", depth(text));
    // Read before it is defined: not known.
    assert_eq!(depth("condition b > 1\nb = hcp(north)"), None);
    // A long chain of variables is deep, and still compiles (on the compiler's own thread).
    let chain = (1..2000).map(|i| format!("v{i} = v{} + 1\n", i - 1)).collect::<String>();
    let text = format!("v0 = hcp(north)\n{chain}condition v1999 >= 2009\nproduce 1\naction printoneline");
    let (status, out, err) = run(&text, &[]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Produced  1 hands"), "{out}");
}

#[test]
fn ctrl_c_ends_a_momentary_run_at_once() {
    // A run of 4096 deals at most that writes no file starts no thread to watch for Ctrl-C:
    // the signal ends it at once. Here it is stopped while it prints its deals into a pipe
    // nobody reads; a watched run would finish them and exit 130 instead.
    use std::io::Read;
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    use std::process::Stdio;
    let mut command = crate::common::dealvm_command();
    command.args(["-s", "1", "-g", "4096", "-p", "4096", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
    // Ctrl-C as a terminal delivers it: a test run started in the background of a shell
    // without job control inherits SIGINT ignored, which would let the run finish.
    // SAFETY: `signal` is async-signal-safe, and the child only restores a disposition.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        })
    };
    let mut child = command.spawn().unwrap();
    {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(b"action printall\n").unwrap();
    }
    // The run is printing: some of its 400 KB have come, the pipe holds 64 KB at most.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1000];
    stdout.read_exact(&mut first).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(200));
    // SAFETY: kill only sends a signal to our child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status:?}");
    assert!(!String::from_utf8_lossy(&rest).contains("Generated"), "no trailer");
}

#[test]
fn card_values_that_could_overflow_are_refused_at_their_place() {
    // Found by fuzzing: a huge `pointcount` value made exact dealing index past its tables
    // (and sums of several wrapped around). Each value may be ±10,000,000 at most.
    for (input, place) in [
        ("generate 1\npointcount 0 0 0 2147483647\ncondition hcp(east)\n", "stdin:2:18"),
        ("generate 1\npointcount 0 1.5 19 2147483647 0 30 5\ncondition hcp(east)\n", "stdin:2:21"),
        ("altcount 3 -2147483648 5\ncondition pt3(east) > 2\n", "stdin:1:12"),
        ("pointcount 4 3 2 1 10000001\ncondition hcp(east) > 2\n", "stdin:1:20"),
    ] {
        let stderr = refused(input, "this card value is out of range");
        assert!(stderr.contains("values go from -10000000 to 10000000") && stderr.contains(place), "{stderr}");
        let r = dealvm_stdin(input, &["-s", "1", "-R", "1"]);
        assert_eq!(r.status, 2, "{}", r.stderr);
    }
    // Terms on points valued otherwise than exact dealing counts stay with the condition, and
    // are not worked out over every count (40 million of them here, found by the fuzz target
    // `oracle`: eight seconds to compile).
    let input = "pointcount 10000000\nsHcp = hcp(south)\ncondition sHcp >= 11 and sHcp <= 19 and diamonds(north) <= 1\nproduce 5\n";
    let (status, out, err) = run(input, &["-x", "3"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Produced  0 hands") && out.contains("Generated 2000 hands"), "{out}");
    // At the limit, the counts are exact: North's 13 cards worth 10,000,000 each.
    let input = "pointcount 10000000 10000000 10000000 10000000 10000000 10000000 10000000 10000000 10000000 10000000 10000000 10000000 10000000\n\
                 condition hcp(north) + hcp(east) + hcp(south) + hcp(west) == 520000000\nproduce 3\naction average hcp(north)\n";
    let (status, out, err) = run(input, &[]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("Mean=130000000.0000") && out.contains("Produced  3 hands"), "{out}");
}

#[test]
fn score_takes_any_trick_count_as_dealer_does() {
    // 32-bit arithmetic that wraps, as the language's and Dealer's; never an overflow.
    let input = "condition hcp(north) > 10\naction average score(vul, z7N, 2147483647), average score(nv, z7Nxx, -2147483648), average score(vul, z1C, hcp(north) * 100000000)\n";
    let (status, out, err) = run(input, &[]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(out.matches("Mean=").count(), 3, "{out}");
}

#[test]
fn a_condition_no_deal_can_meet_is_shown_at_its_place() {
    let input = "a = hcp(west) >= 25\n\ncondition a and shape(west, any 7xxx) and hcp(west, spades) > 10\nproduce 5\n";
    let (status, _, err) = run(input, &[]);
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("warning: no deal can meet the condition") && err.contains("stdin:3:11"), "{err}");
    assert!(err.contains("the run ends at once"), "{err}");
}

#[test]
fn counts_of_deals_and_board_numbers_stop_at_two_to_the_62() {
    // Found by fuzzing the switches: -g near 2^64 overflowed the count of a run's batches, and
    // --board-start near it the board numbers. 2^62 deals are 146 years at a billion a second.
    let limit = "4611686018427387904";
    for switch in ["-g", "-p", "--board-start"] {
        let r = dealvm_stdin("produce 3\n", &[switch, "18446744073709551615", "-s", "1"]);
        assert_eq!(r.status, 2, "{switch}: {}", r.stderr);
        assert!(r.stderr.contains(&format!("{switch} takes a whole number up to {limit} (2^62)")), "{}", r.stderr);
        let r = dealvm_stdin("produce 3\naction printoneline\n", &[switch, limit, "-s", "1", "-x", "3"]);
        assert_eq!(r.status, 0, "{switch} {limit}: {}", r.stderr);
    }
    for statement in ["generate 4611686018427387905", "produce 9223372036854775807", "startboard 4611686018427387905"] {
        let r = dealvm_stdin(&format!("{statement}\n"), &["-s", "1"]);
        assert_eq!(r.status, 2, "{statement}: {}", r.stderr);
        assert!(r.stderr.contains("2^62") && r.stderr.contains("stdin:1:"), "{}", r.stderr);
    }
    let script = dealvm::Script::new("produce 3").unwrap();
    let error = script.run().generate(u64::MAX).statistics().unwrap_err();
    assert!(error.message().contains("generate takes at most 4611686018427387904"), "{error}");
}
