//! Helpers shared by the integration tests: running the `dealvm` binary and normalising output.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The output of one run of the binary.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub status: i32,
}

/// The folder holding the vendored reference data.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The home folder of every command the tests start: a folder of the test build's own
/// (under `target/`), so that no test reads or writes the user's settings (`dealvm boards`
/// keeps the owner in `$XDG_CONFIG_HOME/dealvm/boards`, else `~/.config/dealvm/boards`).
pub fn test_home() -> &'static Path {
    static HOME: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    HOME.get_or_init(|| {
        let home = Path::new(env!("CARGO_TARGET_TMPDIR")).join("home");
        std::fs::create_dir_all(home.join(".config")).unwrap();
        home
    })
}

/// `command` run in the tests' own home ([`test_home`]): `HOME` and `XDG_CONFIG_HOME` there.
pub fn in_test_home(command: &mut Command) -> &mut Command {
    command.env("HOME", test_home()).env("XDG_CONFIG_HOME", test_home().join(".config"))
}

/// The `dealvm` command the tests run, in the tests' own home ([`test_home`]).
pub fn dealvm_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dealvm"));
    in_test_home(&mut command);
    command
}

/// Runs `dealvm` with `args` in `dir`, feeding `stdin` (none: empty input).
pub fn dealvm_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut command = dealvm_command();
    command.args(args).current_dir(dir);
    run_command(command, stdin)
}

/// Runs a command to its end with its output collected, feeding `stdin` (none: empty input).
pub fn run_command(mut command: Command, stdin: Option<&[u8]>) -> Run {
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap_or_else(|e| panic!("{command:?} runs: {e}"));
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        if let Some(bytes) = stdin {
            // The program may stop before reading its input (a bad switch): that is fine.
            match input.write_all(bytes) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("writing stdin: {e}"),
                _ => {}
            }
        }
    }
    let out = child.wait_with_output().expect("the command finishes");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    }
}

/// Runs `dealvm` on the input text `input` (through standard input).
pub fn dealvm_stdin(input: &str, args: &[&str]) -> Run {
    dealvm_in(&data_dir(), args, Some(input.as_bytes()))
}

/// Runs `dealvm` on the input text `input` with `args`, checking that it succeeds: its
/// standard output.
#[track_caller]
pub fn ok(input: &str, args: &[&str]) -> String {
    let run = dealvm_stdin(input, args);
    assert_eq!(run.status, 0, "input {input:?} args {args:?}: {}", run.stderr);
    run.stdout
}

/// Runs `dealvm` in `dir` with `args`, the Dealer input `input` on standard input.
pub fn run_in(dir: &Path, args: &[&str], input: &str) -> Run {
    dealvm_in(dir, args, Some(input.as_bytes()))
}

/// Runs `dealvm` in `dir` with `args` and nothing on standard input.
pub fn run_alone(dir: &Path, args: &[&str]) -> Run {
    dealvm_in(dir, args, None)
}

/// The tests' own temporary folder, under `target/` (cargo's `CARGO_TARGET_TMPDIR`): the
/// tests leave nothing in the system's.
pub fn tmp_dir() -> &'static Path {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
}

/// A fresh, empty folder of this test process in the tests' own temporary folder, named after the test
/// file that asks for it and `name` (so that tests running side by side never share one).
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    let file = Path::new(std::panic::Location::caller().file()).file_stem().and_then(|s| s.to_str()).unwrap_or("test");
    let dir = tmp_dir().join(format!("dealvm-{file}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Replaces what legitimately varies between runs: the elapsed time and today's date.
pub fn normalise(out: &str) -> String {
    out.lines()
        .map(|l| {
            if l.starts_with("Time needed") {
                "Time needed <elapsed>".to_string()
            } else if l.starts_with("[Date \"") {
                "[Date \"<today>\"]".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + if out.ends_with('\n') { "\n" } else { "" }
}

/// The path of `/usr/games/dealer`, the reference program; tests that need it fail without it.
pub fn reference_dealer() -> &'static str {
    let path = "/usr/games/dealer";
    assert!(Path::new(path).exists(), "the reference program {path} is missing: install Debian's `dealer` package (bash .ci/run does)");
    path
}

/// Runs the reference dealer on an input file's text.
pub fn reference_run(input: &str, args: &[&str]) -> Run {
    let mut command = Command::new(reference_dealer());
    command.args(args);
    run_command(command, Some(input.as_bytes()))
}

/// A Big Deal reference file as dealvm writes it: the lines naming the program (PBN's
/// `Generator` tag, DLM's `Headline`) name dealvm.
pub fn as_ours(reference: &str) -> String {
    let version = env!("CARGO_PKG_VERSION");
    reference
        .lines()
        .map(|l| {
            if l.starts_with("[Generator ") {
                format!("[Generator \"dealvm {version}\"]")
            } else if l.starts_with("Headline=") {
                format!("Headline=Generated by dealvm {version}")
            } else {
                l.to_string()
            }
        })
        .map(|l| l + "\n")
        .collect()
}

/// Whether a script's only printing action is `printpbn` (its `action` part read crudely,
/// comments left out): its standard output is then a PBN file, without the statistics at the
/// end, which -v prints on standard error.
pub fn prints_pbn_alone(text: &str) -> bool {
    let code: String = text.lines().map(|l| l.split('#').next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let words = |s: &str| s.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').map(str::to_string).collect::<Vec<_>>();
    let Some(at) = words(&code).iter().position(|w| w == "action") else { return false };
    let printing: std::collections::BTreeSet<String> = words(&code).into_iter().skip(at).filter(|w| w.starts_with("print")).collect();
    printing.len() == 1 && printing.contains("printpbn")
}

/// Runs dealvm in `dir` with `args` and the script file `name` (whose text is `text`): the run,
/// and the statistics at the end wherever they are printed: on standard output, or, for a
/// script printing PBN alone, asked for with -v, on standard error.
pub fn run_with_statistics(dir: &Path, args: &[&str], name: &str, text: &str) -> (Run, String) {
    let pbn = prints_pbn_alone(text);
    let verbose: &[&str] = if pbn { &["-v"] } else { &[] };
    let run = dealvm_in(dir, &[args, verbose, &[name]].concat(), None);
    let statistics = if pbn { run.stderr.clone() } else { run.stdout.clone() };
    (run, statistics)
}
