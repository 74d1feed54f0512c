//! What the fuzz targets run: the whole `dealvm` command, in-process, on an input file (or a
//! deals file, or switches) made of the fuzzer's bytes. Any panic is a crash the fuzzer keeps.

use clap::Parser;
use dealvm::cli::{run_to, Cli, MergeCli};
use dealvm::invocation::printed::Printed;
use std::fs;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

/// A file of this process for the fuzzer's bytes.
fn case_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("dealvm-fuzz-{}-{name}", std::process::id()))
}

/// Runs the command with `args` (after the program name); errors are answers, not crashes.
fn run(args: &[&str]) {
    let mut argv = vec!["dealvm"];
    argv.extend_from_slice(args);
    if let Ok(cli) = Cli::parse_args(&argv) {
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

/// The extensions a `--deals` file may have: the formats `--deals` reads, each told by content
/// or, failing that, by its extension (CDS only by it), and one of no format.
pub const BOARD_EXTENSIONS: [&str; 15] = ["board", "pbn", "dlm", "dup", "bri", "dge", "ber", "rzd", "cds", "bhg", "csv", "lin", "goe", "zrd", "dl52"];

/// The bytes, after the first, as a `--deals` file named with the extension the first byte
/// picks (so that every reader meets them, the ones an extension chooses too), with a script
/// that prints and counts.
pub fn boards(data: &[u8]) {
    let Some((&pick, bytes)) = data.split_first() else { return };
    let extension = BOARD_EXTENSIONS[pick as usize % BOARD_EXTENSIONS.len()];
    let (deals, script) = (case_file(&format!("deals.{extension}")), case_file("deals.dli"));
    let text = "produce 3\naction printoneline, average hcp(north), frequency (hcp(south), 0, 40)\n";
    if std::fs::write(&deals, bytes).is_ok() && std::fs::write(&script, text).is_ok() {
        run(&["-s", "1", "-R", "1", "--deals", deals.to_str().unwrap_or(""), script.to_str().unwrap_or("")]);
    }
    let _ = std::fs::remove_file(&deals);
}

/// The long switches that name a file (`--pbn`, `--pbn=FILE`).
const FILE_SWITCHES: [&str; 16] =
    ["pbn", "dlm", "json", "deals", "part", "shard", "dup", "bri", "dge", "ber", "rzd", "cds", "bhg", "lin", "boards-csv", "hand-records"];

/// The bytes as switches (one per line) before a small script: switch values of any kind.
pub fn switches(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut args: Vec<&str> = text.lines().filter(|l| !l.is_empty()).take(16).collect();
    // No output files, no threads beyond two, a few deals: the fuzzer checks the answers, not
    // the disk. A switch naming a file may come with its value attached (`-Zfile`, `--pbn=x`) or in a
    // cluster of short switches (`-vZfile`): any argument that could name one is left out.
    let harmless = |a: &&str| match a.strip_prefix("--") {
        Some(long) => !FILE_SWITCHES.iter().any(|s| long.starts_with(s)),
        None => !a.starts_with('-') || !a[1..].contains(['C', 'X', 'Z', 'l', 'L', 'U']),
    };
    if args.iter().all(harmless) {
        let script = case_file("switches.dli");
        if std::fs::write(&script, "condition hcp(north) > $1 + 0\naction printoneline, average hcp(south)\n").is_ok() {
            args.extend(["-g", "300", "-R", "2", script.to_str().unwrap_or("")]);
            run(&args);
        }
    }
}

/// The bytes, after the first, as an existing file that `-Z N:`, `-l` or `-C` adds to (the
/// first byte picks the switch): afterwards the file is the old bytes and more, or the old
/// bytes untouched (refused). Anything else loses the user's file: a crash.
pub fn appends(data: &[u8]) {
    let Some((&pick, existing)) = data.split_first() else { return };
    let (file, script) = (case_file("existing"), case_file("appends.dli"));
    let text = "produce 2\naction csvrpt(hcp(north), deal)\n";
    if fs::write(&file, existing).is_err() || fs::write(&script, text).is_err() {
        return;
    }
    let path = file.to_str().unwrap_or("");
    let (switch, spec) = match pick % 3 {
        0 => ("-Z", format!("N:{path}")),
        1 => ("-l", path.to_string()),
        _ => ("-C", path.to_string()),
    };
    run(&["-s", "1", "-R", "1", switch, &spec, script.to_str().unwrap_or("")]);
    let after = fs::read(&file).unwrap_or_default();
    let kept = after == existing || (after.len() > existing.len() && after.starts_with(existing));
    assert!(kept, "{switch} changed the file it adds to: {} bytes before, {} after", existing.len(), after.len());
}

/// The two parts of a real run split in two shards (deals kept up to `produce`, a CSV line
/// and an average each), made once per process.
fn real_parts() -> Option<&'static [PathBuf; 2]> {
    static PARTS: OnceLock<Option<[PathBuf; 2]>> = OnceLock::new();
    PARTS
        .get_or_init(|| {
            let script = case_file("parts.dli");
            let text = "produce 8\ncondition hcp(north) >= 15\naction printoneline(hcp(north)), csvrpt(hcp(south)), average hcp(south)\n";
            fs::write(&script, text).ok()?;
            let parts = [case_file("part.0"), case_file("part.1")];
            for (k, part) in parts.iter().enumerate() {
                let shard = format!("{k}/2");
                run(&["-s", "1", "-R", "1", "--shard", &shard, "--part", part.to_str()?, script.to_str()?]);
            }
            parts.iter().all(|p| p.exists()).then_some(parts)
        })
        .as_ref()
}

/// The bytes as the content of a part (sealed with a valid checksum, so that the merge reads
/// it), merged with the other shard's real part into a PBN file: refused or merged, never a
/// crash.
pub fn parts(data: &[u8]) {
    let Some([_, second]) = real_parts() else { return };
    let crafted = case_file("crafted.part");
    if fs::write(&crafted, dealvm::shard::part::seal(data)).is_err() {
        return;
    }
    let pbn = case_file("merged.pbn");
    let argv = ["merge".as_ref(), "--pbn".as_ref(), pbn.as_os_str(), crafted.as_os_str(), second.as_os_str()];
    if let Ok(merge) = MergeCli::try_parse_from(argv) {
        let _ = dealvm::cli::merge::execute(&merge, &mut Printed::new(std::io::sink()), Instant::now());
    }
}

/// The bytes as everything a usereval server says (its greeting and its replies, whatever
/// it is asked), then it ends: the run answers or stops with a message, in time, never a crash.
pub fn servers(data: &[u8]) {
    let (said, script) = (case_file("server.out"), case_file("server.dli"));
    let text = "condition usereval(3, NS, 1) > 0 || usereval(4, north, spades, 0) < 0\naction average usereval(3, NS, 0)\n";
    let Some(server) = replaying_server() else { return };
    if fs::write(&said, data).is_err() || fs::write(&script, text).is_err() {
        return;
    }
    let start = Instant::now();
    run(&["-s", "1", "-g", "20", "-R", "1", "-U", server.to_str().unwrap_or(""), "--usereval-timeout", "1", script.to_str().unwrap_or("")]);
    assert!(start.elapsed().as_secs() < 8, "the run waited {:?} on a server that had ended", start.elapsed());
}

/// The server of [`servers`]: a script that says what the file `server.out` holds, written
/// once per process (a script rewritten while another thread starts a program may be busy).
fn replaying_server() -> Option<&'static PathBuf> {
    static SERVER: OnceLock<Option<PathBuf>> = OnceLock::new();
    SERVER
        .get_or_init(|| {
            let server = case_file("server.sh");
            fs::write(&server, format!("#!/bin/sh\ncat '{}'\n", case_file("server.out").display())).ok()?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                fs::set_permissions(&server, fs::Permissions::from_mode(0o755)).ok()?;
                // As in the dealvm binary (Rust's start-up, which libFuzzer's does not run):
                // a write to a server that has ended is an error, not the end of the process.
                // SAFETY: ignoring a signal has no preconditions.
                unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
            }
            Some(server)
        })
        .as_ref()
}

/// The bytes as the choices of a random script shaped like users' scripts
/// ([`dealvm_scriptgen`]), run the default way (dealing the hands read first, tables,
/// superinstructions, blocks) and the reference way (every hand dealt first, the code as
/// written): the same deals, values, statistics and errors, or a crash.
pub fn oracle(data: &[u8]) {
    use dealvm_scriptgen::{case, Choices, Options};
    use dealvm_vm::machine::batch::Swap;
    // Now and then a number at the edge of what the language takes, in any place.
    let case = case(&mut Choices::from_bytes(data), &Options { extremes: 8, ..Options::default() });
    let swap = [Swap::None, Swap::None, Swap::EastWest, Swap::EastSouthWest][case.swap as usize];
    let [fast, reference] = [false, true].map(|reference| {
        let builder = case.values.iter().fold(dealvm::ScriptBuilder::new().plain(reference), |b, v| b.value(v.clone()));
        let script = builder.compile(&case.script).map_err(|e| e.to_string())?;
        let run = script.run().seed(case.seed).generate(case.generate.min(4000)).swap(swap).whole_deals(reference);
        run.collect().map_err(|e| e.to_string())
    });
    assert!(fast == reference, "the reference gives otherwise on\n{}{:?}", case.script, case.args());
}
