//! What the fuzz targets run: the whole `dealvm` command, in-process, on an input file (or a
//! deals file, or switches) made of the fuzzer's bytes. Any panic is a crash the fuzzer keeps.

use clap::Parser;
use dealvm::cli::{run_to, stdout::Printed, Cli};
use std::path::PathBuf;
use std::time::Instant;

/// A file of this process for the fuzzer's bytes.
fn case_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("dealvm-fuzz-{}-{name}", std::process::id()))
}

/// Runs the command with `args` (after the program name); errors are answers, not crashes.
fn run(args: &[&str]) {
    let mut argv = vec!["dealvm"];
    argv.extend_from_slice(args);
    if let Ok(cli) = Cli::try_parse_from(&argv) {
        let _ = run_to(&cli, &mut Printed::new(std::io::sink()), Instant::now());
    }
}

/// The bytes as an input file: read, compiled, and run for a few deals on one thread.
pub fn script(data: &[u8]) {
    let path = case_file("script.dli");
    if std::fs::write(&path, data).is_ok() {
        // 20 deals: a script that solves double dummy (0.4 s a table) stays under the timeout.
        run(&["-s", "1", "-g", "20", "-p", "5", "-R", "1", path.to_str().unwrap_or("")]);
    }
}

/// The bytes as a `--deals` file (PBN or DLM), with a script that prints and counts.
pub fn boards(data: &[u8]) {
    let (deals, script) = (case_file("deals.board"), case_file("deals.dli"));
    let text = "produce 3\naction printoneline, average hcp(north), frequency (hcp(south), 0, 40)\n";
    if std::fs::write(&deals, data).is_ok() && std::fs::write(&script, text).is_ok() {
        run(&["-s", "1", "-R", "1", "--deals", deals.to_str().unwrap_or(""), script.to_str().unwrap_or("")]);
    }
}

/// The bytes as switches (one per line) before a small script: switch values of any kind.
pub fn switches(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut args: Vec<&str> = text.lines().filter(|l| !l.is_empty()).take(16).collect();
    // No output files, no threads beyond two, a few deals: the fuzzer checks the answers, not
    // the disk.
    let harmless = |a: &&str| !matches!(*a, "--pbn" | "--dlm" | "-C" | "-X" | "--deals" | "-L" | "-U" | "-Z" | "-l");
    if args.iter().all(harmless) && !args.iter().any(|a| a.starts_with("-C") || a.starts_with("-X")) {
        let script = case_file("switches.dli");
        if std::fs::write(&script, "condition hcp(north) > $1 + 0\naction printoneline, average hcp(south)\n").is_ok() {
            args.extend(["-g", "300", "-R", "2", script.to_str().unwrap_or("")]);
            run(&args);
        }
    }
}
