//! Output files and the files a run reads, when they are not plain new files: devices,
//! FIFOs, symbolic links, modes and permissions, two outputs on one file, an output on an
//! input, standard output (`-`, broken pipes, write errors), runs that produce no deal,
//! damaged PBN deals, and the script on standard input with `--deals`.

use crate::common::{run_in as run, scratch};
use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut all: Vec<String> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    all.sort();
    all
}

/// Whether the tests run as root, for whom permission bits do not stop writing.
fn running_as_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// The number of games of a PBN text.
fn games(pbn: &str) -> usize {
    pbn.matches("[Deal \"").count()
}

const THREE: &str = "produce 3\n";

#[cfg(unix)]
#[test]
fn devices_and_fifos_are_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("devices");
    let out = run(&dir, &["-s", "1", "--pbn", "/dev/null", "--dlm", "/dev/null"], THREE);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device(), "/dev/null is still a device");
    assert!(names(&dir).is_empty(), "no temporary file: {:?}", names(&dir));
    // A FIFO: written straight to its reader, and still a FIFO afterwards.
    let fifo = dir.join("boards.fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let out = run(&dir, &["-s", "1", "--pbn", "boards.fifo"], THREE);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let text = reader.join().unwrap();
    assert!(text.starts_with("% PBN 2.1\r\n") && games(&text) == 3, "{text}");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(&dir), ["boards.fifo"]);
    // /dev/stdout: the PBN file comes on standard output (a pipe here), in order.
    let out = run(&dir, &["-s", "1", "--pbn", "/dev/stdout"], THREE);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(games(&out.stdout), 3, "{}", out.stdout);
    assert_eq!(out.stdout.replace("\r\n", "\n"), text.replace("\r\n", "\n"));
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn symbolic_links_stay_links_and_their_target_is_replaced() {
    let dir = scratch("links");
    fs::create_dir(dir.join("real")).unwrap();
    // A link to a file not created yet, then to a file that exists.
    std::os::unix::fs::symlink("real/boards.pbn", dir.join("link.pbn")).unwrap();
    for round in 0..2 {
        let out = run(&dir, &["-s", "1", "--pbn", "link.pbn"], THREE);
        assert_eq!(out.status, 0, "round {round}: {}", out.stderr);
        assert!(fs::symlink_metadata(dir.join("link.pbn")).unwrap().file_type().is_symlink(), "round {round}");
        assert_eq!(fs::read_link(dir.join("link.pbn")).unwrap(), Path::new("real/boards.pbn"));
        assert_eq!(games(&fs::read_to_string(dir.join("real/boards.pbn")).unwrap()), 3);
        assert_eq!(names(&dir.join("real")), ["boards.pbn"], "no temporary file");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// A Dealer input with three deals, each giving a CSV line and an export line.
const CSV_AND_EXPORT: &str = "produce 3\naction csvrpt(hcp(north)), export(north)\n";

/// Makes a FIFO at `path`.
#[cfg(unix)]
fn make_fifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn csv_and_export_files_on_devices_and_fifos_are_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("csv-devices");
    // What the files hold when they are plain files, to compare with.
    let out = run(&dir, &["-s", "1", "-C", "w:plain.csv", "-X", "plain.txt"], CSV_AND_EXPORT);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let csv = fs::read_to_string(dir.join("plain.csv")).unwrap();
    let export = fs::read_to_string(dir.join("plain.txt")).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(!export.is_empty());
    for name in ["plain.csv", "plain.txt"] {
        fs::remove_file(dir.join(name)).unwrap();
    }
    // /dev/null, added to and afresh: still the device, and no temporary file anywhere.
    for csv_spec in ["/dev/null", "w:/dev/null"] {
        let out = run(&dir, &["-s", "1", "-C", csv_spec, "-X", "/dev/null"], CSV_AND_EXPORT);
        assert_eq!(out.status, 0, "-C {csv_spec}: {}", out.stderr);
        assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device(), "/dev/null is still a device");
        assert!(names(&dir).is_empty(), "no temporary file: {:?}", names(&dir));
    }
    // A FIFO: written straight to its reader, and still a FIFO afterwards.
    for (switch, spec, expected) in [("-C", "w:out.fifo", &csv), ("-C", "out.fifo", &csv), ("-X", "out.fifo", &export)] {
        let fifo = dir.join("out.fifo");
        make_fifo(&fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        let out = run(&dir, &["-s", "1", switch, spec], CSV_AND_EXPORT);
        assert_eq!(out.status, 0, "{switch} {spec}: {}", out.stderr);
        assert_eq!(&reader.join().unwrap(), expected, "{switch} {spec}");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "{switch} {spec}");
        assert_eq!(names(&dir), ["out.fifo"], "{switch} {spec}");
        fs::remove_file(&fifo).unwrap();
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn csv_and_export_files_through_symbolic_links_replace_the_target() {
    let dir = scratch("csv-links");
    fs::create_dir(dir.join("real")).unwrap();
    // Links to files not created yet, then to files that exist.
    std::os::unix::fs::symlink("real/notes.csv", dir.join("notes.csv")).unwrap();
    std::os::unix::fs::symlink("real/hands.txt", dir.join("hands.txt")).unwrap();
    let mut exports = Vec::new();
    for round in 1..=2 {
        // -C without `w:` adds to the file: its lines grow by three each round.
        let out = run(&dir, &["-s", "1", "-C", "notes.csv", "-X", "hands.txt"], CSV_AND_EXPORT);
        assert_eq!(out.status, 0, "round {round}: {}", out.stderr);
        for (link, target) in [("notes.csv", "real/notes.csv"), ("hands.txt", "real/hands.txt")] {
            assert!(fs::symlink_metadata(dir.join(link)).unwrap().file_type().is_symlink(), "round {round}: {link}");
            assert_eq!(fs::read_link(dir.join(link)).unwrap(), Path::new(target));
        }
        assert_eq!(fs::read_to_string(dir.join("real/notes.csv")).unwrap().lines().count(), 3 * round);
        exports.push(fs::read_to_string(dir.join("real/hands.txt")).unwrap());
        assert_eq!(names(&dir.join("real")), ["hands.txt", "notes.csv"], "no temporary file");
    }
    assert!(!exports[0].is_empty() && exports[0] == exports[1], "the export file is replaced: {exports:?}");
    // `w:` through the link starts the target afresh.
    let out = run(&dir, &["-s", "1", "-C", "w:notes.csv"], CSV_AND_EXPORT);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(fs::symlink_metadata(dir.join("notes.csv")).unwrap().file_type().is_symlink());
    assert_eq!(fs::read_to_string(dir.join("real/notes.csv")).unwrap().lines().count(), 3);
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn replaced_files_keep_their_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("mode");
    let mode = |name: &str| fs::metadata(dir.join(name)).unwrap().permissions().mode() & 0o777;
    for (name, bits) in [("private.pbn", 0o600), ("shared.dlm", 0o664), ("notes.csv", 0o640)] {
        fs::write(dir.join(name), "old\n").unwrap();
        fs::set_permissions(dir.join(name), fs::Permissions::from_mode(bits)).unwrap();
    }
    let input = "produce 2\naction csvrpt(hcp(north))\n";
    let out = run(&dir, &["-s", "2", "--pbn", "private.pbn", "--dlm", "shared.dlm", "-C", "notes.csv"], input);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!((mode("private.pbn"), mode("shared.dlm"), mode("notes.csv")), (0o600, 0o664, 0o640));
    assert_eq!(games(&fs::read_to_string(dir.join("private.pbn")).unwrap()), 2);
    assert_eq!(fs::read_to_string(dir.join("notes.csv")).unwrap().lines().count(), 3, "appended");
    fs::remove_dir_all(&dir).unwrap();
}

/// The user id of `nobody`, for running dealvm without root's powers.
#[cfg(unix)]
const NOBODY: u32 = 65534;

/// Runs dealvm in `dir` as a user for whom permission bits count: the user running the
/// tests, or `nobody` when that is root (root may write any file, so a refusal could not be
/// seen). As `nobody`, the binary runs from a copy in `bin_dir` that user may execute.
#[cfg(unix)]
fn run_unprivileged(bin_dir: &Path, dir: &Path, args: &[&str], input: &str) -> crate::common::Run {
    use std::os::unix::fs::PermissionsExt;
    if !running_as_root() {
        return run(dir, args, input);
    }
    let bin = bin_dir.join("dealvm");
    if !bin.exists() {
        fs::set_permissions(bin_dir, fs::Permissions::from_mode(0o755)).unwrap();
        fs::copy(env!("CARGO_BIN_EXE_dealvm"), &bin).unwrap();
        fs::set_permissions(&bin, fs::Permissions::from_mode(0o755)).unwrap();
    }
    // setpriv and runuser both come with util-linux.
    let mut command = if Path::new("/usr/bin/setpriv").exists() {
        let mut c = Command::new("/usr/bin/setpriv");
        c.arg(format!("--reuid={NOBODY}")).arg(format!("--regid={NOBODY}")).arg("--clear-groups");
        c
    } else {
        let mut c = Command::new("runuser");
        c.args(["-u", "nobody", "--"]);
        c
    };
    command.arg(&bin).args(args).current_dir(dir);
    crate::common::in_test_home(&mut command);
    crate::common::run_command(command, Some(input.as_bytes()))
}

#[cfg(unix)]
#[test]
fn files_and_folders_that_cannot_be_written_are_refused_before_dealing() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("readonly");
    let bin_dir = scratch("readonly-bin");
    if running_as_root() {
        // The folder is nobody's to write in, as a user's own folder is theirs; the files in
        // it stay root's, readable by all.
        std::os::unix::fs::chown(&dir, Some(NOBODY), Some(NOBODY)).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
    }
    // A sanity check that the user can write here at all: a writable file is replaced.
    fs::write(dir.join("rw.pbn"), "old").unwrap();
    fs::set_permissions(dir.join("rw.pbn"), fs::Permissions::from_mode(0o666)).unwrap();
    let out = run_unprivileged(&bin_dir, &dir, &["-s", "1", "--pbn", "rw.pbn"], THREE);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(games(&fs::read_to_string(dir.join("rw.pbn")).unwrap()), 3);
    // A read-only file is refused, and left as it was.
    fs::write(dir.join("ro.pbn"), "old").unwrap();
    fs::set_permissions(dir.join("ro.pbn"), fs::Permissions::from_mode(0o444)).unwrap();
    let out = run_unprivileged(&bin_dir, &dir, &["-s", "1", "--pbn", "ro.pbn"], "produce 3\naction printoneline\n");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("cannot write the PBN file `ro.pbn`: permission denied"), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "nothing was dealt: {}", out.stdout);
    assert_eq!(fs::read_to_string(dir.join("ro.pbn")).unwrap(), "old");
    // A folder where no file can be created.
    fs::create_dir(dir.join("locked")).unwrap();
    fs::set_permissions(dir.join("locked"), fs::Permissions::from_mode(0o555)).unwrap();
    let out = run_unprivileged(&bin_dir, &dir, &["-s", "1", "--dlm", "locked/x.dlm"], THREE);
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("cannot create files in the folder `locked`"), "{}", out.stderr);
    assert!(names(&dir.join("locked")).is_empty());
    fs::set_permissions(dir.join("locked"), fs::Permissions::from_mode(0o755)).unwrap();
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&bin_dir).unwrap();
}

#[test]
fn two_outputs_on_one_file_are_refused() {
    let dir = scratch("same");
    fs::write(dir.join("old.pbn"), "old").unwrap();
    let both = "produce 3\naction csvrpt(hcp(north)), export(north)\n";
    for (args, switches) in [
        (vec!["--pbn", "x.pbn", "--dlm", "x.pbn"], ("--pbn", "--dlm")),
        (vec!["--pbn", "old.pbn", "--dlm", "./old.pbn"], ("--pbn", "--dlm")),
        (vec!["-C", "w:x.txt", "-X", "./x.txt"], ("-C", "-X")),
        (vec!["-C", "x.pbn", "--pbn", "x.pbn"], ("--pbn", "-C")),
        (vec!["--pbn", "-", "--dlm", "-"], ("--pbn", "--dlm")),
    ] {
        let out = run(&dir, &args, both);
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(switches.0) && out.stderr.contains(switches.1), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}: nothing was dealt");
        assert_eq!(names(&dir), ["old.pbn"], "{args:?}: nothing written");
        assert_eq!(fs::read_to_string(dir.join("old.pbn")).unwrap(), "old");
    }
    // /dev/null twice is harmless.
    let out = run(&dir, &["-s", "1", "--pbn", "/dev/null", "--dlm", "/dev/null"], THREE);
    assert_eq!(out.status, 0, "{}", out.stderr);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_output_on_a_file_the_run_reads_is_refused() {
    let dir = scratch("input");
    fs::write(dir.join("a.dli"), "produce 3\n").unwrap();
    let out = run(&dir, &["-s", "1", "--pbn", "./a.dli", "a.dli"], "");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--pbn") && out.stderr.contains("the input file"), "{}", out.stderr);
    assert_eq!(fs::read_to_string(dir.join("a.dli")).unwrap(), "produce 3\n");
    let out = run(&dir, &["-s", "1", "--pbn", "b.pbn", "a.dli"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let before = fs::read(dir.join("b.pbn")).unwrap();
    for args in [["--deals", "b.pbn", "--pbn", "b.pbn"], ["--deals", "./b.pbn", "--dlm", "b.pbn"]] {
        let out = run(&dir, &args, "");
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("the deals file"), "{}", out.stderr);
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("b.pbn", dir.join("link.pbn")).unwrap();
        let out = run(&dir, &["--deals", "b.pbn", "--pbn", "link.pbn"], "");
        assert_eq!(out.status, 2, "a link to the deals file: {}", out.stderr);
    }
    assert_eq!(fs::read(dir.join("b.pbn")).unwrap(), before);
    fs::remove_dir_all(&dir).unwrap();
}

/// Starts dealvm in `dir` with `args`, the input `input` on standard input and standard
/// output piped; reads one line of it, closes it, and gives the exit status.
fn run_and_close_stdout(dir: &Path, args: &[&str], input: &str) -> i32 {
    let mut child = crate::common::dealvm_command()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    child.wait().unwrap().code().unwrap_or(-1)
}

#[test]
fn a_closed_standard_output_does_not_lose_the_files() {
    let dir = scratch("pipe");
    // About 900 kB of printed deals: far more than a pipe holds.
    let input = "produce 2000\naction printall\n";
    let status = run_and_close_stdout(&dir, &["-s", "1", "--pbn", "out.pbn", "--dlm", "out.dlm"], "produce 99\naction printall\n");
    assert_eq!(status, 0);
    assert_eq!(games(&fs::read_to_string(dir.join("out.pbn")).unwrap()), 99);
    assert!(dir.join("out.dlm").exists());
    let status = run_and_close_stdout(&dir, &["-s", "1", "--pbn", "big.pbn"], input);
    assert_eq!(status, 0);
    assert_eq!(games(&fs::read_to_string(dir.join("big.pbn")).unwrap()), 2000);
    // Without a file, the run stops quietly, as Dealer does.
    let status = run_and_close_stdout(&dir, &["-s", "1"], input);
    assert_eq!(status, 0);
    assert_eq!(names(&dir), ["big.pbn", "out.dlm", "out.pbn"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn with_no_standard_output_at_all_the_files_get_only_their_own() {
    use std::os::unix::process::CommandExt;
    // Descriptor 1 closed before dealvm starts (`dealvm >&-`): the first file the run opens
    // would take its number, and what is meant for standard output would go into the file.
    let dir = scratch("closed");
    let mut command = crate::common::dealvm_command();
    command.args(["-s", "1", "--pbn", "out.pbn"]).current_dir(&dir).stdin(Stdio::piped()).stderr(Stdio::piped());
    // SAFETY: `close` is async-signal-safe, and the child only closes a descriptor.
    unsafe {
        command.pre_exec(|| {
            libc::close(1);
            Ok(())
        })
    };
    let mut child = command.spawn().unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"produce 5\naction printall\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let pbn = fs::read_to_string(dir.join("out.pbn")).unwrap();
    assert_eq!(games(&pbn), 5, "{stderr}");
    assert!(!pbn.contains("Generated") && !pbn.contains("North   "), "the printed deals and the trailer went into the file:\n{pbn}");
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_write_error_on_standard_output_is_status_2() {
    if !Path::new("/dev/full").exists() {
        println!("note: no /dev/full: test skipped");
        return;
    }
    let dir = scratch("full");
    let full = fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let mut child = crate::common::dealvm_command()
        .args(["-s", "1", "--pbn", "keep.pbn"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"produce 3\naction printall\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot write to standard output: no space left on device"), "{stderr}");
    assert!(!stderr.contains("os error"), "{stderr}");
    assert!(names(&dir).is_empty(), "a failed run leaves no file: {:?}", names(&dir));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_dash_is_standard_output_for_every_output_file() {
    let dir = scratch("dash");
    let out = run(&dir, &["-s", "4", "--pbn", "-"], THREE);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("% PBN 2.1\r\n% EXPORT\r\n") && games(&out.stdout) == 3, "{}", out.stdout);
    assert!(!out.stdout.contains("Generated"), "a board file on standard output stays clean");
    let out = run(&dir, &["-s", "4", "--dlm", "-"], THREE);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("[DOCUMENT]\r\n") && out.stdout.ends_with("SuppressDeals=Yes\r\n"), "{}", out.stdout);
    let input = "produce 2\naction csvrpt(hcp(north)), export(north)\n";
    for args in [["-C", "-"], ["-C", "w:-"], ["-X", "-"]] {
        let out = run(&dir, &["-s", "4", args[0], args[1]], input);
        assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout.lines().filter(|l| l.starts_with("-N ")).count(), 2, "{args:?}: {}", out.stdout);
        assert_eq!(out.stdout.lines().filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit())).count(), 2);
    }
    assert!(names(&dir).is_empty(), "no file named `-`: {:?}", names(&dir));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn deals_can_come_from_standard_input() {
    let dir = scratch("dealsdash");
    let dlm = run(&dir, &["-s", "6", "--dlm", "-"], "produce 12\n").stdout;
    let from_file = {
        fs::write(dir.join("a.dlm"), &dlm).unwrap();
        let out = run(&dir, &["--deals", "a.dlm", "--pbn", "a.pbn"], "");
        assert_eq!(out.status, 0, "{}", out.stderr);
        fs::read_to_string(dir.join("a.pbn")).unwrap()
    };
    let out = run(&dir, &["--deals", "-", "--pbn", "-"], &dlm);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(games(&out.stdout), 12);
    assert_eq!(out.stdout.split_once("\r\n[Event").map(|p| p.1), from_file.split_once("\r\n[Event").map(|p| p.1));
    // With a script from a file.
    fs::write(dir.join("f.dli"), "condition hcp(north) >= 10\naction printoneline\n").unwrap();
    let out = run(&dir, &["--deals", "-", "f.dli"], &dlm);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Generated 12 hands"), "{}", out.stdout);
    // Both on standard input: refused.
    let out = run(&dir, &["--deals", "-", "-"], &dlm);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("--deals -") && out.stderr.contains("standard input"), "{}", out.stderr);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_without_a_deal_writes_no_board_file() {
    let dir = scratch("nodeal");
    fs::write(dir.join("x.pbn"), "old").unwrap();
    let never = "generate 2000\ncondition hcp(north) > 37\n";
    let out = run(&dir, &["-s", "1", "--pbn", "x.pbn", "--dlm", "x.dlm"], never);
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("no deal was produced, so the PBN file `x.pbn` and the DLM file `x.dlm` were not written"), "{}", out.stderr);
    assert_eq!(names(&dir), ["x.pbn"]);
    assert_eq!(fs::read_to_string(dir.join("x.pbn")).unwrap(), "old");
    // The same from a deals file, and for a board file on standard output.
    let out = run(&dir, &["-s", "1", "--dlm", "a.dlm"], THREE);
    assert_eq!(out.status, 0, "{}", out.stderr);
    fs::write(dir.join("never.dli"), "condition hcp(north) > 37\n").unwrap();
    for args in [vec!["--deals", "a.dlm", "--pbn", "b.pbn", "never.dli"], vec!["--deals", "a.dlm", "--dlm", "b.dlm", "never.dli"]] {
        let out = run(&dir, &args, "");
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("no deal was produced") && out.stderr.contains("`b."), "{}", out.stderr);
    }
    let out = run(&dir, &["-s", "1", "--pbn", "-"], never);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("so the PBN output was not written"), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert_eq!(names(&dir), ["a.dlm", "never.dli", "x.pbn"]);
    fs::remove_dir_all(&dir).unwrap();
}

/// A PBN file of three boards whose board 2 has the `Deal` tag line `deal` (if any).
fn three_boards(deal: Option<&str>) -> String {
    let good = "[Deal \"N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]";
    let second = deal.map_or(String::new(), |d| format!("{d}\n"));
    format!("% PBN 2.1\n[Event \"x\"]\n[Board \"1\"]\n{good}\n\n[Event \"x\"]\n[Board \"2\"]\n{second}[Dealer \"E\"]\n\n[Event \"x\"]\n[Board \"3\"]\n{good}\n")
}

#[test]
fn damaged_pbn_deals_are_refused_naming_the_board() {
    let dir = scratch("damaged");
    let cases = [
        ("[Deal \"N:2.T98.K752.KJT8 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]", ":8:10", "12 cards"),
        ("[Deal \"N:2.T98.K752.KJT8X 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]", ":8:25", "not a rank"),
        ("[Deal \"N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52\"]", ":8:8", "3 hands"),
        ("[Deal \"N:2.T98.K752.KJT84 - AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]", ":8:27", "East's hand is unknown"),
        ("[Deal \"2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]", ":8:8", "expected a deal"),
        ("[Deal \"\"]", ":8:8", "empty"),
        ("[Deal \"?\"]", ":8:8", "unknown"),
        ("[deal \"N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A4.\"]", ":8:", "12 cards"),
    ];
    for (deal, place, why) in cases {
        fs::write(dir.join("b.pbn"), three_boards(Some(deal))).unwrap();
        let out = run(&dir, &["--deals", "b.pbn"], "");
        assert_eq!(out.status, 2, "{deal}: {}", out.stdout);
        assert!(out.stderr.contains("board 2"), "{deal}: {}", out.stderr);
        assert!(out.stderr.contains(&format!("b.pbn{place}")), "{deal}: {}", out.stderr);
        assert!(out.stderr.contains(why), "{deal}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
    // A board without a Deal tag; a header game without board or deal is not a board.
    fs::write(dir.join("b.pbn"), three_boards(None)).unwrap();
    let out = run(&dir, &["--deals", "b.pbn"], "");
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("board 2 has no `Deal` tag") && out.stderr.contains("b.pbn:7:9"), "{}", out.stderr);
    let good = three_boards(Some("[Deal \"N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.\"]"));
    fs::write(dir.join("b.pbn"), format!("[Event \"club\"]\n[Site \"home\"]\n\n{good}")).unwrap();
    fs::write(dir.join("one.dli"), "action printoneline\n").unwrap();
    let out = run(&dir, &["--deals", "b.pbn", "-v", "one.dli"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 3, "{}", out.stdout);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn with_deals_the_script_comes_from_standard_input_when_there_is_one() {
    let dir = scratch("stdinscript");
    let out = run(&dir, &["-s", "8", "--dlm", "a.dlm"], "produce 20\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let script = "condition hcp(north) >= 12\naction printoneline(hcp(north))\n";
    let piped = run(&dir, &["--deals", "a.dlm", "-v"], script);
    assert_eq!(piped.status, 0, "{}", piped.stderr);
    let dashed = run(&dir, &["--deals", "a.dlm", "-v", "-"], script);
    assert_eq!(piped.stdout, dashed.stdout, "a piped script is read as with `-`");
    assert!(!piped.stdout.is_empty() && piped.stdout.lines().all(|l| l.starts_with("n ")), "{}", piped.stdout);
    assert!(piped.stdout.lines().count() < 20);
    // An empty pipe, or /dev/null, is no script: every board is converted.
    let out = run(&dir, &["--deals", "a.dlm", "--pbn", "a.pbn"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(games(&fs::read_to_string(dir.join("a.pbn")).unwrap()), 20);
    let status = crate::common::dealvm_command()
        .args(["--deals", "a.dlm", "--pbn", "b.pbn"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(fs::read(dir.join("b.pbn")).unwrap(), fs::read(dir.join("a.pbn")).unwrap());
    fs::remove_dir_all(&dir).unwrap();
}
