//! `usereval` with a server (`-U`, protocol in docs/usereval.md): the example server's answers
//! checked against dealvm's own counts, the same output on any number of threads and in
//! shards, each query asked once per deal and never at compile time, and servers that cannot
//! start, die, answer garbage or hang stopping the run with exit status 2 and no output file.

use crate::common::{dealvm_in, normalise, Run};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dealvm-usereval-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The example server, examples/usereval/hcp_server.py.
fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/usereval/hcp_server.py").display().to_string()
}

/// Writes the shell script `body` as the executable `dir/name` and gives its path.
fn server(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

/// A server that greets, then answers each request with `reply` (a shell word list).
fn answering(dir: &Path, name: &str, reply: &str) -> String {
    server(dir, name, &format!("read greeting; echo \"$greeting\"\nwhile read request; do echo \"{reply}\"; done"))
}

/// Runs dealvm in `dir` on the script `input` (written to `in.dli`) with `args`.
fn run(dir: &Path, input: &str, args: &[&str]) -> Run {
    fs::write(dir.join("in.dli"), input).unwrap();
    let mut all = args.to_vec();
    all.push("in.dli");
    dealvm_in(dir, &all, None)
}

/// Checks that the run failed with exit status 2 and a message holding `want`.
fn failed(out: &Run, want: &str) {
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains(want), "wanted `{want}` in:\n{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

#[test]
fn the_example_server_counts_as_dealvm_does() {
    let dir = scratch("example");
    let server = example();
    // Predealt hands: known values.
    let input = "predeal north SAKQJ, HAKQ, DAKQ, CAKQ\npredeal south S5432, H5432, D5432, C2\nproduce 3\n\
                 action printes(usereval(1, north, 0), \" \", usereval(1, north, 1), \" \", usereval(1, NS, 0), \" \", \
                 usereval(1, NS, 6), \" \", usereval(1, NS, spades, 3), \" \", usereval(1, north, clubs, 0), \\n)\n";
    let out = run(&dir, input, &["-s", "5", "-U", &server]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().take(3).collect::<Vec<_>>(), ["37 4 37 4 8 9"; 3], "{}", out.stdout);
    // Random deals: every answer is dealvm's own count.
    let input = "generate 300\nproduce 300\n\
                 condition usereval(1, NS, 0) == hcp(north) + hcp(south) && usereval(1, NS, 1) == hcp(north)\n\
                 && usereval(1, EW, 2) == hcp(west) && usereval(1, EW, 3) == spades(east) + spades(west)\n\
                 && usereval(1, south, 4) == clubs(south) && usereval(1, west, hearts, 0) == hcp(west, hearts)\n\
                 && usereval(1, EW, diamonds, 1) == hcp(east, diamonds) && usereval(1, NS, clubs, 3) == clubs(north) + clubs(south)\n\
                 action average usereval(1, NS, 0)\n";
    let out = run(&dir, input, &["-s", "11", "-U", &server]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Produced  300 hands"), "{}", out.stdout);
    // The average of a side's HCP is 20.
    let mean = out.stdout.lines().find_map(|l| l.strip_prefix("Mean=")).and_then(|l| l.split(',').next());
    let average: f64 = mean.and_then(|m| m.trim().parse().ok()).expect(&out.stdout);
    assert!((18.0..22.0).contains(&average), "{}", out.stdout);
    // Another tag: the server's error line stops the run with its message.
    let out = run(&dir, "condition usereval(2, NS, 0) > 3\n", &["-s", "1", "-U", &server]);
    failed(&out, "usereval(2, NS, 0): the usereval server");
    failed(&out, "reported an error: unknown tag 2 (this server knows tag 1)");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_output_is_the_same_on_any_number_of_threads_and_in_shards() {
    let dir = scratch("threads");
    let server = example();
    let input = "generate 20000\nproduce 30\ncondition hcp(north) >= 12 && usereval(1, NS, 0) >= 26\n\
                 action printoneline, average usereval(1, NS, 3), frequency (usereval(1, north, 1), 0, 13)\n";
    let runs: Vec<String> = ["-R1", "-R2", "-R3"]
        .iter()
        .map(|threads| {
            let out = run(&dir, input, &["-s", "4", "-U", &server, threads]);
            assert_eq!(out.status, 0, "{threads}: {}", out.stderr);
            normalise(&out.stdout)
        })
        .collect();
    assert!(runs[0].contains("Produced  30 hands"), "{}", runs[0]);
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0], runs[2]);
    // Two shards merged: the single run (the part files record -U; the time limit is free).
    let mut parts = Vec::new();
    for (k, limit) in [(0, "5"), (1, "7")] {
        let (shard, part) = (format!("{k}/2"), format!("p.{k}"));
        let out = run(&dir, input, &["-s", "4", "-U", &server, "--usereval-timeout", limit, "--shard", &shard, "--part", &part]);
        assert_eq!(out.status, 0, "{}", out.stderr);
        parts.push(part);
    }
    let merged = dealvm_in(&dir, &["merge", &parts[0], &parts[1]], None);
    assert_eq!(merged.status, 0, "{}", merged.stderr);
    assert_eq!(normalise(&merged.stdout), runs[0]);
    // A shard with another server is another run.
    let other = answering(&dir, "other.sh", "30 1 2 3");
    let out = run(&dir, input, &["-s", "4", "-U", &other, "--shard", "1/2", "--part", "p.1"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let merged = dealvm_in(&dir, &["merge", &parts[0], &parts[1]], None);
    assert_eq!(merged.status, 2, "{}", merged.stderr);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_query_is_asked_once_per_deal_and_never_at_compile_time() {
    let dir = scratch("once");
    // Logs each request, answers the side's... nothing that matters: 25 and 7.
    let log = dir.join("requests.log");
    let logging = server(
        &dir,
        "log.sh",
        &format!("read greeting; echo \"$greeting\"\nwhile read request; do echo \"$request\" >> '{}'; echo 25 7; done", log.display()),
    );
    // Written first, but asked only of deals where north has 20 or more (moved after the
    // cheap test), once per deal for its two results.
    let input = "generate 3000\ncondition usereval(1, NS, 0) >= 25 && usereval(1, NS, 1) == 7 && hcp(north) >= 20\n\
                 action average usereval(1, NS, 1)\n";
    let out = run(&dir, input, &["-s", "9", "-R1", "-U", &logging]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    // The server's answers meet the condition: the deals produced are those where north has
    // 20 or more, and only they were asked about (once each).
    let produced = out.stdout.lines().find_map(|l| l.strip_prefix("Produced  ")).expect(&out.stdout);
    let n: usize = produced.trim_end_matches(" hands").parse().unwrap();
    assert!(n > 10 && n < 300, "{}", out.stdout);
    let requests = fs::read_to_string(&log).unwrap();
    assert_eq!(requests.lines().count(), n, "{requests}");
    // A request: the whole deal in PBN, the tag, the side, no suit.
    let words: Vec<&str> = requests.lines().next().unwrap().split(' ').collect();
    assert_eq!(words.len(), 7, "{requests}");
    assert!(words[0].starts_with("N:") && words[4..] == ["1", "NS", "-"], "{requests}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn servers_that_fail_stop_the_run_with_a_message() {
    let dir = scratch("failing");
    let input = "produce 5\ncondition usereval(3, NS, 1) > 0\naction printoneline\n";
    let pbn_run = |server: &str, extra: &[&str]| {
        let mut args = vec!["-s", "2", "-U", server, "--pbn", "out.pbn"];
        args.extend_from_slice(extra);
        let out = run(&dir, input, &args);
        assert!(!dir.join("out.pbn").exists(), "no board file after a failure");
        out
    };
    // Cannot start.
    let out = pbn_run("./no-such-server", &[]);
    failed(&out, "usereval(3, NS, 1): cannot start the usereval server `./no-such-server`: no such file");
    failed(&out, " --> in.dli:2:11");
    // Not the protocol.
    let hello = server(&dir, "hello.sh", "echo hello");
    failed(&pbn_run(&hello, &[]), "does not speak dealvm's usereval protocol: it answered `hello` to the greeting `dealvm-usereval 1`");
    // Dies at the first request.
    let dies = server(&dir, "dies.sh", "read greeting; echo \"$greeting\"; read request; exit 3");
    failed(&pbn_run(&dies, &["-R2"]), "the usereval server `");
    failed(&pbn_run(&dies, &[]), "dies.sh` stopped without answering (exit status 3)");
    // Dies after a few answers: the deals printed before stay printed, the run fails.
    let few = server(&dir, "few.sh", "read greeting; echo \"$greeting\"; for i in 1 2 3; do read request; echo 1 1; done");
    let out = run(&dir, "produce 10\ncondition usereval(3, NS, 1) > 0\naction printoneline\n", &["-s", "2", "-R1", "-U", &few]);
    failed(&out, "few.sh` stopped without answering (exit status 0)");
    assert_eq!(out.stdout.lines().count(), 3, "{}", out.stdout);
    // Garbage, and too many values.
    let words = answering(&dir, "words.sh", "1 two 3");
    failed(&pbn_run(&words, &[]), "answered `1 two 3`, not whole numbers separated by spaces (`two` is not one)");
    let many = answering(&dir, "many.sh", &vec!["5"; 129].join(" "));
    failed(&pbn_run(&many, &[]), "answered 129 values, more than 128");
    // A result the answer does not have.
    let short = answering(&dir, "short.sh", "9");
    failed(&pbn_run(&short, &[]), "usereval(3, NS, 1): the usereval server `");
    failed(&pbn_run(&short, &[]), "short.sh` answered 1 values, numbered 0 to 0");
    let empty = answering(&dir, "empty.sh", "");
    failed(&pbn_run(&empty, &[]), "empty.sh` answered no values");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_server_that_hangs_is_stopped_at_the_time_limit() {
    let dir = scratch("hangs");
    let hangs = server(&dir, "hangs.sh", "read greeting; echo \"$greeting\"; read request; sleep 60");
    let start = Instant::now();
    let out = run(&dir, "produce 5\ncondition usereval(1, west, 0) > 0\n", &["-s", "2", "-U", &hangs, "--usereval-timeout", "0.3"]);
    failed(&out, "hangs.sh` did not answer within 0.3 s (see --usereval-timeout); it was stopped");
    assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
    // A server that never greets.
    let mute = server(&dir, "mute.sh", "sleep 60");
    let out = run(&dir, "produce 5\ncondition usereval(1, west, 0) > 0\n", &["-s", "2", "-U", &mute, "--usereval-timeout", "0.2"]);
    failed(&out, "mute.sh` did not answer within 0.2 s");
    for bad in ["0", "-1", "x"] {
        let out = run(&dir, "produce 5\ncondition usereval(1, west, 0) > 0\n", &["-U", &hangs, "--usereval-timeout", bad]);
        failed(&out, &format!("--usereval-timeout takes a number of seconds such as 10 or 0.5, found `{bad}`"));
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usereval_is_checked_when_compiled() {
    let dir = scratch("compiled");
    let out = run(&dir, "condition usereval(1, NS, 128) > 0\n", &["-U", "x"]);
    failed(&out, "usereval results are numbered 0 to 127, found 128");
    let out = run(&dir, "condition usereval(5000000000, NS, 1) > 0\n", &["-U", "x"]);
    failed(&out, "a usereval tag is a whole number from 0 to 4294967295, found 5000000000");
    // Without -U: refused before dealing, but --dump-bytecode shows the program.
    let out = run(&dir, "produce 1\naction printes(usereval(4, south, hearts, 2), \\n)\n", &[]);
    failed(&out, "`usereval` needs a server: give its program with -U PATH");
    failed(&out, " --> in.dli:2:16");
    let out = run(&dir, "condition hcp(north) > 10 && usereval(4, south, hearts, 2) > 1\n", &["--dump-bytecode"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("usereval query0 2") && out.stdout.contains("query0: tag 4, S, suit H"), "{}", out.stdout);
    // A usereval folded away asks nothing, and needs no server; -U without usereval is fine.
    let out = run(&dir, "produce 1\ncondition 0 && usereval(1, NS, 0) > 3 || hcp(north) > 3\n", &["-s", "1"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = run(&dir, "produce 1\n", &["-s", "1", "-U", "no-such-server"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    fs::remove_dir_all(&dir).unwrap();
}
