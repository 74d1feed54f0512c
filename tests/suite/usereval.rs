//! `usereval` with a server (`-U`, protocol in docs/usereval.md): the example server's answers
//! checked against dealvm's own counts, the same output on any number of threads and in
//! shards, each query asked once per deal and never at compile time, and servers that cannot
//! start, die, answer garbage or out of step, or hang stopping the run with exit status 2 and
//! no output file ([`MISBEHAVING`]); the processes a server starts ending with it, and a
//! Ctrl-C stopping a run whose server hangs at once.

use crate::common::scratch;
use crate::common::{dealvm_in, normalise, Run};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The example server, examples/usereval/hcp_server.py.
fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/usereval/hcp_server.py").display().to_string()
}

/// Writes the shell script `body` as the executable `dir/name` and gives its path from `dir`.
fn server(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    // Named from the folder the runs start in: the messages quote it whole, however deep the
    // tests' folder is.
    format!("./{name}")
}

/// A server that greets, then answers each request with its number and `reply` (a shell word
/// list).
fn answering(dir: &Path, name: &str, reply: &str) -> String {
    server(dir, name, &format!("read greeting; echo \"$greeting\"\nwhile read n request; do echo \"$n {reply}\"; done"))
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
        &format!(
            "read greeting; echo \"$greeting\"\nwhile read request; do echo \"$request\" >> '{}'; set -- $request; echo \"$1 25 7\"; done",
            log.display()
        ),
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
    // A request: its number, the whole deal in PBN, the tag, the side, no suit; numbered from
    // 1 on.
    let words: Vec<&str> = requests.lines().next().unwrap().split(' ').collect();
    assert_eq!(words.len(), 8, "{requests}");
    assert!(words[0] == "1" && words[1].starts_with("N:") && words[5..] == ["1", "NS", "-"], "{requests}");
    let numbers: Vec<String> = requests.lines().map(|l| l.split(' ').next().unwrap().to_string()).collect();
    assert_eq!(numbers, (1..=n).map(|k| k.to_string()).collect::<Vec<_>>());
    fs::remove_dir_all(&dir).unwrap();
}

/// Servers that break the protocol, each a shell script (after `#!/bin/sh`), and what the
/// message must say when one answers `usereval(3, NS, 1)`: each stops the run with exit status
/// 2, no panic, no hang and no output file (the inputs of a fuzzer of the server's side too).
pub const MISBEHAVING: &[(&str, &str, &str)] = &[
    ("hello", "echo hello", "does not speak dealvm's usereval protocol: it answered `hello` to the greeting `dealvm-usereval 2`"),
    ("exits", "exit 0", "stopped without answering (exit status 0)"),
    (
        "version-1",
        "read greeting; echo dealvm-usereval 1\nwhile read request; do echo 5 5; done",
        "speaks version 1 of dealvm's usereval protocol, and this dealvm speaks version 2, where each request starts with a number \
         that its reply repeats (it answered `dealvm-usereval 1` to the greeting `dealvm-usereval 2`",
    ),
    (
        "greets-twice",
        "read greeting; echo \"$greeting\"; echo \"$greeting\"\nwhile read n request; do echo \"$n 5 5\"; done",
        "answered `dealvm-usereval 2` where the reply to request 1 was due: a reply starts with the number of its request, `1 ...`",
    ),
    (
        "twice",
        "read greeting; echo \"$greeting\"\nwhile read n request; do echo \"$n 5 5\"; echo \"$n 5 5\"; done",
        "answered `1 5 5` where the reply to request 2 was due: its replies are out of step (request 1 was answered already: the \
         server sent more than one line for a request, or numbers its replies wrongly)",
    ),
    (
        "ahead",
        "read greeting; echo \"$greeting\"\nwhile read n request; do echo \"$((n + 1)) 5 5\"; done",
        "answered `2 5 5` where the reply to request 1 was due: its replies are out of step (no request 2 was sent yet)",
    ),
    (
        "unnumbered",
        "read greeting; echo \"$greeting\"\nwhile read n request; do echo 9 5; done",
        "answered `9 5` where the reply to request 1 was due: its replies are out of step (no request 9 was sent yet)",
    ),
    (
        "unnumbered-error",
        "read greeting; echo \"$greeting\"\nwhile read n request; do echo error no such tag; done",
        "answered `error no such tag` where the reply to request 1 was due: a reply starts with the number of its request",
    ),
    (
        "empty-line",
        "read greeting; echo \"$greeting\"\nwhile read n request; do echo; done",
        "answered an empty line where the reply to request 1 was due",
    ),
    ("refuses", "read greeting; echo \"$greeting\"\nwhile read n request; do echo \"$n error no such tag\"; done", "reported an error: no such tag"),
    (
        "words",
        "read greeting; echo \"$greeting\"\nwhile read n request; do echo \"$n 1 two 3\"; done",
        "answered `1 1 two 3`, not whole numbers separated by spaces (`two` is not one)",
    ),
    (
        "too-big",
        "read greeting; echo \"$greeting\"\nwhile read n request; do echo \"$n 5 99999999999\"; done",
        "`99999999999` is out of range (a value is a whole number from -2147483648 to 2147483647)",
    ),
    ("binary", "read greeting; echo \"$greeting\"\nwhile read n request; do printf \"$n 5 \\377\\001\\n\"; done", "not whole numbers"),
    ("many", "read greeting; echo \"$greeting\"\nwhile read n request; do echo $n $(seq 129); done", "answered 129 values, more than 128"),
    ("short", "read greeting; echo \"$greeting\"\nwhile read n request; do echo \"$n 9\"; done", "answered 1 values, numbered 0 to 0"),
    ("empty", "read greeting; echo \"$greeting\"\nwhile read n request; do echo \"$n\"; done", "answered no values"),
    (
        "too-long",
        "read greeting; echo \"$greeting\"; read n request; head -c 70000 /dev/zero | tr '\\0' 7; echo",
        "answered a line longer than 65536 bytes",
    ),
    ("dies", "read greeting; echo \"$greeting\"; read request; exit 3", "stopped without answering (exit status 3)"),
    ("killed", "read greeting; echo \"$greeting\"; read request; kill -9 $$", "stopped without answering (killed by signal 9)"),
    ("closes-output", "read greeting; echo \"$greeting\"; exec >&-; sleep 60", "stopped without answering (it closed its output)"),
    ("hangs", "read greeting; echo \"$greeting\"; read request; sleep 60", "did not answer within 0.5 s"),
    ("mute", "sleep 60", "did not answer within 0.5 s"),
];

#[test]
fn misbehaving_servers_stop_the_run_with_a_clear_message() {
    let dir = scratch("misbehaving");
    let input = "produce 5\ncondition usereval(3, NS, 1) > 0\naction printoneline\n";
    for (name, body, want) in MISBEHAVING {
        let path = server(&dir, &format!("{name}.sh"), body);
        for threads in ["-R1", "-R2"] {
            let start = Instant::now();
            let out = run(&dir, input, &["-s", "2", threads, "-U", &path, "--usereval-timeout", "0.5", "--pbn", "out.pbn"]);
            let what = format!("{name} {threads}");
            assert_eq!(out.status, 2, "{what}: {}", out.stderr);
            let named = dealvm::diag::quote(&path, "`");
            assert!(out.stderr.contains(&format!("usereval(3, NS, 1): the usereval server {named}")), "{what}: {}", out.stderr);
            assert!(out.stderr.contains(want), "{what}: wanted `{want}` in:\n{}", out.stderr);
            assert!(!out.stderr.contains("panicked"), "{what}: {}", out.stderr);
            assert!(!dir.join("out.pbn").exists(), "{what}: no board file after a failure");
            assert!(start.elapsed() < Duration::from_secs(20), "{what}: {:?}", start.elapsed());
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn servers_that_fail_stop_the_run_with_a_message() {
    let dir = scratch("failing");
    let input = "produce 5\ncondition usereval(3, NS, 1) > 0\naction printoneline\n";
    // Cannot start: the message shows the usereval in the input.
    let out = run(&dir, input, &["-s", "2", "-U", "./no-such-server", "--pbn", "out.pbn"]);
    failed(&out, "usereval(3, NS, 1): cannot start the usereval server `./no-such-server`: no such file");
    failed(&out, " --> in.dli:2:11");
    assert!(!dir.join("out.pbn").exists(), "no board file after a failure");
    // Dies after a few answers: the deals printed before stay printed, the run fails.
    let few = server(&dir, "few.sh", "read greeting; echo \"$greeting\"; for i in 1 2 3; do read n request; echo \"$n 1 1\"; done");
    let out = run(&dir, "produce 10\ncondition usereval(3, NS, 1) > 0\naction printoneline\n", &["-s", "2", "-R1", "-U", &few]);
    failed(&out, "few.sh` stopped without answering (exit status 0)");
    assert_eq!(out.stdout.lines().count(), 3, "{}", out.stdout);
    // Answers the first request twice: the first deal is printed with its answer, the second
    // request's reply is the first's again, and the run stops there.
    let twice = server(
        &dir,
        "twice.sh",
        "read greeting; echo \"$greeting\"\nread n request; echo \"$n 1 1\"; echo \"$n 1 1\"\n\
         while read n request; do echo \"$n 1 1\"; done",
    );
    let input = "produce 10\ncondition usereval(3, NS, 1) > 0\naction printoneline\n";
    let out = run(&dir, input, &["-s", "2", "-R1", "-U", &twice, "--pbn", "out.pbn"]);
    failed(&out, "twice.sh` answered `1 1 1` where the reply to request 2 was due: its replies are out of step");
    assert_eq!(out.stdout.lines().count(), 1, "{}", out.stdout);
    assert!(!dir.join("out.pbn").exists(), "no board file after a failure");
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

/// Whether process `pid` runs (a zombie, dead but not reaped, does not).
#[cfg(target_os = "linux")]
fn alive(pid: i32) -> bool {
    let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
    let state = stat.rsplit_once(')').and_then(|(_, rest)| rest.trim_start().chars().next());
    !matches!(state, Some('Z' | 'X') | None)
}

/// Checks that the processes whose ids the file `pids` lists (one or more a line) end within a
/// few seconds; kills those that do not.
#[cfg(target_os = "linux")]
fn ended(pids: &Path) {
    let text = fs::read_to_string(pids).unwrap_or_else(|e| panic!("{}: {e}", pids.display()));
    let pids: Vec<i32> = text.split_whitespace().map(|p| p.parse().unwrap()).collect();
    assert!(!pids.is_empty(), "{}", pids.len());
    let start = Instant::now();
    while pids.iter().any(|&p| alive(p)) && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<i32> = pids.iter().copied().filter(|&p| alive(p)).collect();
    for &p in &left {
        // SAFETY: kill only sends a signal, to a process the test's server started.
        unsafe { libc::kill(p, libc::SIGKILL) };
    }
    assert!(left.is_empty(), "processes left running: {left:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn what_a_server_starts_ends_with_the_run() {
    let dir = scratch("group");
    // Each copy starts a helper in the background (its output elsewhere: it holds no pipe of
    // dealvm's) and notes its id, then answers to the end (`ends.sh`), or dies at its first
    // request (`dies.sh`): either way the helper is killed with the server's process group.
    let starts = "read greeting; echo \"$greeting\"\nsleep 1000 </dev/null >/dev/null 2>&1 &\necho $! >> helpers.pid\n";
    let input = "produce 3\ncondition usereval(1, NS, 1) > 0\naction printoneline\n";
    let ends = server(&dir, "ends.sh", &format!("{starts}while read n request; do echo \"$n 5 5\"; done"));
    let out = run(&dir, input, &["-s", "1", "-R2", "-U", &ends]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    ended(&dir.join("helpers.pid"));
    fs::remove_file(dir.join("helpers.pid")).unwrap();
    let dies = server(&dir, "dies.sh", &format!("{starts}read n request; exit 3"));
    let out = run(&dir, input, &["-s", "1", "-R1", "-U", &dies]);
    failed(&out, "dies.sh` stopped without answering (exit status 3)");
    ended(&dir.join("helpers.pid"));
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_a_run_waiting_for_a_hung_server_at_once() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = scratch("ctrl-c");
    // Answers 20 requests, then hangs in a command of its own, noting its id and the server's
    // (in a file renamed once written).
    let hangs = server(
        &dir,
        "hangs.sh",
        "read greeting; echo \"$greeting\"\ni=0\nwhile read n request; do\n  i=$((i + 1))\n  \
         if [ $i -gt 20 ]; then sleep 60 & echo \"$$ $!\" > ids.$$; mv ids.$$ hung.$$; wait; fi\n  echo \"$n 5\"\ndone",
    );
    let input = "generate 1000000\nproduce 1000000\ncondition usereval(1, NS, 0) > 3\naction average hcp(north)\n";
    fs::write(dir.join("in.dli"), input).unwrap();
    for threads in ["-R1", "-R2"] {
        let mut child = crate::common::dealvm_command()
            .args(["-s", "1", threads, "-U", &hangs, "--usereval-timeout", "30", "--pbn", "out.pbn", "in.dli"])
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let hung = || -> Vec<PathBuf> {
            let files = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path());
            files.filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("hung.")).collect()
        };
        let waited = Instant::now();
        while hung().is_empty() && waited.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(!hung().is_empty(), "{threads}: the server hangs");
        // SAFETY: kill only sends a signal to our child.
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
        let start = Instant::now();
        let mut stderr = String::new();
        child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
        let out = child.wait_with_output().unwrap();
        let took = start.elapsed();
        assert_eq!(out.status.code(), Some(130), "{threads}: {stderr}");
        assert!(took < Duration::from_secs(5), "{threads}: the run took {took:?} to stop");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("Generated ") && stdout.contains("Initial random seed 1"), "{threads}: {stdout}");
        assert!(stderr.contains("interrupted: the statistics above count the deals dealt until then"), "{threads}: {stderr}");
        assert!(!stderr.contains("usereval"), "{threads}: no message about the server: {stderr}");
        assert!(!dir.join("out.pbn").exists(), "{threads}: no board file after Ctrl-C");
        // The servers and the commands they wait for are ended.
        for file in hung() {
            ended(&file);
            fs::remove_file(file).unwrap();
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}
