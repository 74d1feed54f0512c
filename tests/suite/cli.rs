//! The command line and run settings: switches beat the file, seeds reproduce runs, predeal
//! switches replace the file's predeal for their seat, and the compiled program is as claimed.

use crate::common::dealvm_stdin;
use crate::common::ok;
use std::io::Write;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::Stdio;

fn trailer_value(out: &str, prefix: &str) -> String {
    out.lines().find_map(|l| l.strip_prefix(prefix)).unwrap_or_default().trim().to_string()
}

#[test]
fn a_seed_from_the_system_is_printed_and_reproduces_the_run() {
    let input = "produce 5\naction printoneline\n";
    let first = ok(input, &[]);
    let seed = trailer_value(&first, "Initial random seed");
    assert!(seed.parse::<u64>().unwrap() > 0);
    let again = ok(input, &["-s", &seed]);
    let deals = |s: &str| s.lines().filter(|l| l.starts_with("n ")).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(deals(&first), deals(&again));
    assert_eq!(deals(&first).len(), 5);
    // -s 0 means "choose one", like no seed.
    assert_ne!(trailer_value(&ok(input, &["-s", "0"]), "Initial random seed"), "0");
}

#[test]
fn the_seed_statement_and_the_switch() {
    let input = "seed 123\nproduce 3\naction printoneline\n";
    let a = ok(input, &[]);
    assert_eq!(trailer_value(&a, "Initial random seed"), "123");
    let b = ok(input, &["-s", "124"]);
    assert_eq!(trailer_value(&b, "Initial random seed"), "124");
    assert_ne!(a.lines().next(), b.lines().next());
}

#[test]
fn switches_beat_the_file() {
    let input = "generate 1000\nproduce 7\ncondition hcp(north) > 30\naction printoneline\n";
    let out = ok(input, &["-s", "1", "-p", "2", "-g", "100000000"]);
    assert_eq!(trailer_value(&out, "Produced"), "2 hands");
    let out = ok(input, &["-s", "1", "-g", "50", "--rejection"]);
    assert_eq!(trailer_value(&out, "Generated"), "50 hands");
}

#[test]
fn default_produce_depends_on_printing() {
    let out = ok("generate 300\naction average hcp(north)\n", &["-s", "1"]);
    assert_eq!(trailer_value(&out, "Produced"), "300 hands");
    let out = ok("generate 3000\n", &["-s", "1"]);
    assert_eq!(trailer_value(&out, "Produced"), "40 hands");
    let out = ok("generate 3000\naction printes(hcp(north), \\n)\n", &["-s", "1"]);
    assert_eq!(trailer_value(&out, "Produced"), "40 hands");
}

#[test]
fn statistics_title_and_quiet_switches() {
    let input = "produce 2\naction printoneline\n";
    let out = ok(input, &["-s", "1", "-v"]);
    assert!(!out.contains("Generated") && out.contains("n "));
    let out = ok(input, &["-s", "1", "-v", "-v"]);
    assert!(out.contains("Generated"));
    let out = ok("produce 2\naction printpbn\n", &["-s", "1", "-q"]);
    assert!(!out.contains("[Deal ") && out.contains("Produced  2 hands"));
    let run = dealvm_stdin("title \"from the file\"\nproduce 1\naction printall\n", &["-s", "1", "-T", "from the switch"]);
    assert!(run.stdout.contains("\nfrom the switch\nGenerated"), "{}", run.stdout);
}

/// As with Dealer (`dealer script > x.pbn`), a run whose only printing action is `printpbn`
/// prints a PBN file: no statistics after it; -v asks for them, on standard error, where the
/// reports beside `printpbn` go. Any other action printing there makes it no PBN file.
#[test]
fn a_printpbn_run_prints_a_pbn_file() {
    let pbn = "title \"from the file\"\nproduce 3\naction printpbn\n";
    for switches in [&["-s", "1"][..], &["-s", "1", "-v", "-v"], &["-s", "1", "-T", "from the switch"]] {
        let run = dealvm_stdin(pbn, switches);
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert!(run.stdout.ends_with("[Result \"?\"]\n\n") && run.stdout.matches("[Deal ").count() == 3, "{switches:?}: {}", run.stdout);
        assert!(!run.stderr.contains("Generated"), "{switches:?}: {}", run.stderr);
    }
    let plain = dealvm_stdin(pbn, &["-s", "1", "-T", "from the switch"]);
    let verbose = dealvm_stdin(pbn, &["-s", "1", "-T", "from the switch", "-v"]);
    assert_eq!(verbose.stdout, plain.stdout);
    assert!(verbose.stderr.starts_with("\nfrom the switch\nGenerated 3 hands\nProduced  3 hands\n"), "{}", verbose.stderr);
    // The reports beside `printpbn` go to standard error, the statistics after them with -v.
    let reports = "produce 3\naction printpbn, average \"points\" hcp(north), frequency \"length\" (spades(north), 0, 13)\n";
    let run = dealvm_stdin(reports, &["-s", "1"]);
    assert!(run.stdout.ends_with("[Result \"?\"]\n\n") && run.stderr.contains("points: ") && run.stderr.contains("length:"), "{}", run.stderr);
    assert!(!run.stderr.contains("Generated"));
    let run = dealvm_stdin(reports, &["-s", "1", "-v"]);
    let (at_points, at_generated) = (run.stderr.find("points: ").unwrap(), run.stderr.find("Generated 3").unwrap());
    assert!(at_points < at_generated && run.stdout.ends_with("[Result \"?\"]\n\n"), "{}", run.stderr);
    // Another action printing the deals: standard output is no PBN file, and all is printed there.
    for also in ["printoneline", "printall", "printcompact", "printes(hcp(north), \\n)", "print(north)"] {
        let run = dealvm_stdin(&format!("produce 2\naction printpbn, {also}\n"), &["-s", "1"]);
        assert!(
            run.stdout.contains("[Deal ") && run.stdout.contains("Produced  2 hands") && run.stderr.is_empty(),
            "{also}: {}{}",
            run.stdout,
            run.stderr
        );
    }
    // A board file or the JSON document on standard output: -v writes the statistics to
    // standard error.
    for (file, action) in [(&["--pbn", "-"][..], ""), (&["--json", "-"], "action average hcp(north)\n")] {
        let input = format!("produce 2\ncondition hcp(north) > 10\n{action}");
        let input = input.as_str();
        let plain = dealvm_stdin(input, &[&["-s", "1"], file].concat());
        let verbose = dealvm_stdin(input, &[&["-s", "1", "-v"], file].concat());
        assert!(plain.status == 0 && verbose.status == 0 && plain.stdout == verbose.stdout, "{file:?}: {}", verbose.stderr);
        assert!(!plain.stderr.contains("Generated") && verbose.stderr.contains("Produced  2 hands"), "{file:?}: {}", verbose.stderr);
    }
}

#[test]
fn predeal_switches_replace_the_files_predeal_for_their_seat() {
    let input = "predeal north SAKQJ, HAKQJ\npredeal south CAKQ\nproduce 20\naction printoneline\n";
    let out = ok(input, &["-s", "5", "-N", "DAKQJT98765432"]);
    for line in out.lines().filter(|l| l.starts_with("n ")) {
        assert!(line.starts_with("n ..AKQJT98765432. e "), "{line}");
        let south = line.split(" s ").nth(1).unwrap();
        assert!(south.split('.').nth(3).unwrap().starts_with("AKQ"), "south keeps the file's clubs: {line}");
    }
    // Without a predeal statement in the file, and with several switches.
    let out = ok("produce 5\naction printoneline\n", &["-s", "5", "-E", "SAK,HAK", "-W", "C2"]);
    for line in out.lines().filter(|l| l.starts_with("n ")) {
        let east = line.split(" e ").nth(1).unwrap();
        assert!(east.starts_with("AK") && east.split('.').nth(1).unwrap().starts_with("AK"), "{line}");
        assert!(line.trim_end().ends_with('2'), "west holds the club deuce: {line}");
    }
}

#[test]
fn a_variable_is_evaluated_once_per_deal() {
    // rnd() draws a new number each time it runs; a variable runs once per deal.
    let out = ok("x = rnd(1000000)\nproduce 50\naction printes(x, \" \", x, \" \", x * 0 + x, \\n)\n", &["-s", "3"]);
    for line in out.lines().take(50) {
        let v: Vec<&str> = line.split(' ').collect();
        assert!(v[0] == v[1] && v[1] == v[2], "{line}");
    }
}

#[test]
fn constants_are_folded_and_short_circuits_jump() {
    let out =
        ok("x = 2 * 3 + 4\ncondition x > 9 && hcp(north) > 10 && hcp(east) < 8 || spades(south) >= 5 ? 1 : 0\n", &["--dump-bytecode", "--plain"]);
    assert!(!out.contains("  *") && out.contains("const 10"), "{out}");
    assert!(out.contains("and.then") && out.contains("or.else") && out.contains("jump.ifzero"), "{out}");
    assert!(out.contains("hcp north") && out.contains("length south spades"), "{out}");
    assert!(!out.contains("bool"), "comparisons are already 0 or 1: {out}");
    // A shape list is one set; an unused branch of a constant condition is gone.
    let out = ok("condition shape(north, any 4333 + any 4432 - 4xxx) && (0 ? hcp(east) : 1)\n", &["--dump-bytecode"]);
    assert!(out.contains("shape north set0") && !out.contains("hcp east"), "{out}");
}

#[test]
fn help_and_version() {
    // -h: a summary of the common switches, at most 40 lines; --help: every switch.
    let run = dealvm_stdin("", &["-h"]);
    assert_eq!(run.status, 0);
    assert!(run.stdout.lines().count() <= 40, "{}", run.stdout);
    for switch in ["-p", "-g", "-s", "-v", "-q", "-T", "-N", "-0", "-x", "-R", "--pbn", "--dlm", "--se", "--json", "--dump-bytecode", "--help"] {
        assert!(run.stdout.contains(switch), "-h lists {switch}");
    }
    let long = dealvm_stdin("", &["--help"]);
    assert_eq!(long.status, 0);
    for switch in ["-E", "-S", "-W", "-C", "-X", "-Z", "-l", "-L", "-U", "--usereval-timeout", "--rejection", "--plain", "--reference", "--part"] {
        assert!(long.stdout.contains(switch) && !run.stdout.contains(&format!("  {switch} ")), "--help alone lists {switch}");
    }
    // The script variables, once: -0 names them all.
    assert!(long.stdout.contains("-0 <TEXT>") && !long.stdout.contains("-5 <TEXT>"), "{}", long.stdout);
    assert!(long.stdout.contains("`$0` to `$9`"), "{}", long.stdout);
    let run = dealvm_stdin("", &["-V"]);
    assert_eq!(run.status, 0);
    assert!(run.stdout.starts_with("dealvm "));
}

#[test]
fn standard_input_and_stdin_name_in_pbn() {
    let out = ok("produce 1\naction printpbn\n", &["-s", "4"]);
    assert!(out.contains("[Event \"Hand simulated by dealvm with file stdin, seed 4\"]"), "{out}");
}

/// A pseudo-terminal: its controlling side and the terminal a program reads.
fn pseudo_terminal() -> (std::fs::File, OwnedFd) {
    let (mut control, mut terminal) = (-1, -1);
    // SAFETY: openpty writes two new file descriptors, owned from here on.
    let made = unsafe { libc::openpty(&mut control, &mut terminal, std::ptr::null_mut(), std::ptr::null(), std::ptr::null()) };
    assert_eq!(made, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and nothing else owns them.
    unsafe { (std::fs::File::from_raw_fd(control), OwnedFd::from_raw_fd(terminal)) }
}

#[test]
fn alone_on_a_terminal_it_says_where_it_reads_the_input() {
    // `dealvm` typed alone: the input file comes from the terminal, so say so before waiting.
    let (mut control, terminal) = pseudo_terminal();
    let child =
        crate::common::dealvm_command().args(["-s", "1"]).stdin(Stdio::from(terminal)).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // The input typed, then Ctrl-D at the start of a line ends it.
    control.write_all(b"produce 1\naction printoneline\n\x04").unwrap();
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.starts_with("dealvm: reading the input file from standard input") && stderr.contains("Ctrl-D"), "{stderr}");
    assert!(stderr.contains("dealvm --help"), "{stderr}");
    assert!(stdout.starts_with("n ") && stdout.contains("Produced  1 hands"), "{stdout}");
    // From a pipe, or with a file, nothing is said.
    let piped = dealvm_stdin("produce 1\naction printoneline\n", &["-s", "1"]);
    assert_eq!((piped.status, piped.stderr.as_str()), (0, ""));
}

#[test]
fn classic_dealer_switches_dealvm_lacks_say_what_it_offers() {
    for (args, text) in [
        (&["-e"][..], "classic Dealer's -e (exhaust mode"),
        (&["-u", "-s", "1"][..], "always writes the ranks A K Q J T in capitals"),
        (&["-t", "10"][..], "bound the work with -g N"),
        (&["-0", "x"][..], "classic Dealer's -0 (no swapping) is what dealvm does without -x"),
    ] {
        let run = dealvm_stdin("produce 1\naction printoneline\n", args);
        assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(text), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("tip: to pass"), "no tip to pass it as a value: {}", run.stderr);
    }
    // Dealer's -2 and -3 anywhere on a command line that does not parse: what they were.
    let yarb = "/usr/share/doc/dealer/examples/Descr.yarb";
    for (args, text) in [
        (&["--classic", "-s", "7", "-2", "-p", "2", yarb][..], "classic Dealer's -2 (East and West exchanged) is -x 2 here"),
        (&["-s", "7", "-p", "2", yarb, "-3"][..], "classic Dealer's -3 (East, South and West in all six arrangements) is -x 3 here"),
    ] {
        let run = dealvm_stdin("", args);
        assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(text), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn an_unknown_switch_gets_a_suggestion_only_when_it_is_close() {
    let run = dealvm_stdin("", &["--frobnicate"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("unknown switch '--frobnicate'") && !run.stderr.contains("--rotate"), "{}", run.stderr);
    let run = dealvm_stdin("", &["--pnb", "x.pbn"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("'--pbn'"), "{}", run.stderr);
}

/// Switches a user may guess (other programs' long names, `--force` of `dealvm boards`, a number
/// after `--generate`) are answered with dealvm's own.
#[test]
fn guessed_switches_are_answered_with_dealvms() {
    for (args, said) in [
        (&["--produce", "5"][..], "the deals to produce are -p N"),
        (&["--seed", "3"], "the seed is -s N"),
        (&["--force", "--pbn", "x.pbn"], "a run replaces its board files"),
        (&["--generate", "100"], "the deals to examine are -g 100"),
    ] {
        let run = dealvm_stdin("produce 1\n", args);
        assert_eq!(run.status, 2, "{args:?}");
        assert!(run.stderr.contains(said), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn the_man_page_and_the_completions_are_those_of_the_switches() {
    // Made from the switches' definitions by `dealvm --generate WHAT`; the repository's copies
    // must be current: after a change of the switches, each failure below says what to run.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![
        ("man".to_string(), "docs/man/dealvm.1".to_string()),
        ("bash".into(), "docs/completions/dealvm.bash".into()),
        ("zsh".into(), "docs/completions/_dealvm".into()),
        ("fish".into(), "docs/completions/dealvm.fish".into()),
    ];
    // A page of its own for each subcommand, which dealvm's page names.
    let man = dealvm_stdin("", &["--generate", "man"]).stdout;
    for sub in dealvm::cli::SUBCOMMANDS {
        pages.push((format!("man-{}", sub.name), format!("docs/man/dealvm-{}.1", sub.name)));
        assert!(man.contains(&format!("dealvm\\-{}(1)", sub.name)), "dealvm.1 names dealvm-{}(1)", sub.name);
    }
    for (what, file) in &pages {
        let (what, file) = (what.as_str(), file.as_str());
        let run = dealvm_stdin("", &["--generate", what]);
        assert_eq!(run.status, 0, "{what}: {}", run.stderr);
        let kept = std::fs::read_to_string(root.join(file)).unwrap_or_default();
        assert!(
            kept == run.stdout,
            "{file} is not current: run `dealvm --generate {what} > {file}` (cargo run --release -- --generate {what} > {file})"
        );
    }
    let run = dealvm_stdin("", &["--generate", "tcsh"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("--generate takes man, bash, zsh, fish or markdown (or man-merge,"), "{}", run.stderr);
}
