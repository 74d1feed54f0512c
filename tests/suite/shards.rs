//! Runs split into shards (`--shard K/N --part FILE`) and merged (`dealvm merge`): for
//! N = 1, 2, 3 and 7 the merge prints what the single run prints, byte for byte but for the
//! time line, and writes the same files; bad merges and runs a shard cannot make exactly are
//! refused with exit status 2.

use crate::common::{dealvm_in, normalise, Run};
use std::fs;
use std::path::{Path, PathBuf};

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dealvm-shards-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs dealvm in `dir` with `args`.
fn run(dir: &Path, args: &[&str]) -> Run {
    dealvm_in(dir, args, None)
}

/// Runs the `n` shards of the run `args` in `dir` (part files `NAME.K`, with `extra`
/// switches added to some) and returns the part names.
fn shards(dir: &Path, args: &[&str], n: usize, name: &str) -> Vec<String> {
    (0..n)
        .map(|k| {
            let part = format!("{name}.{k}");
            let shard = format!("{k}/{n}");
            // The thread count and the meter change nothing.
            let threads = if k % 2 == 0 { "-R1" } else { "-R2" };
            let mut all = vec!["--shard", shard.as_str(), "--part", part.as_str(), threads];
            all.extend_from_slice(args);
            let out = run(dir, &all);
            assert_eq!(out.status, 0, "shard {k}/{n} of {args:?}: {}", out.stderr);
            assert!(out.stdout.is_empty(), "a shard prints nothing on standard output: {}", out.stdout);
            part
        })
        .collect()
}

/// Merges `parts` in `dir`, with the merge's switches `args` before them.
fn merge(dir: &Path, args: &[&str], parts: &[String]) -> Run {
    let mut all = vec!["merge"];
    all.extend_from_slice(args);
    // In another order than the shards'.
    all.extend(parts.iter().rev().map(String::as_str));
    run(dir, &all)
}

/// Checks that for N = 1, 2, 3, 7 the merge of the run `args` (in `dir`, where its input file
/// is) prints what the single run prints, and writes the same `files`.
fn merges_as_the_single_run(dir: &Path, args: &[&str], files: &[&str]) {
    let single = run(dir, args);
    assert_eq!(single.status, 0, "{args:?}: {}", single.stderr);
    let wanted: Vec<Vec<u8>> = files.iter().map(|f| fs::read(dir.join(f)).unwrap()).collect();
    for n in [1, 2, 3, 7] {
        for f in files {
            fs::remove_file(dir.join(f)).unwrap();
        }
        let parts = shards(dir, args, n, &format!("part{n}"));
        let merged = merge(dir, &[], &parts);
        assert_eq!(merged.status, 0, "{args:?} in {n} shards: {}", merged.stderr);
        assert_eq!(normalise(&merged.stdout), normalise(&single.stdout), "{args:?} in {n} shards");
        for (f, want) in files.iter().zip(&wanted) {
            assert!(fs::read(dir.join(f)).unwrap() == *want, "{f} of {args:?} in {n} shards");
        }
    }
}

#[test]
fn statistics_merge_exactly() {
    let dir = scratch("stats");
    let script = "generate 60000\n\
        condition shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 12\n\
        action average \"north\" hcp(north), average hcp(south) * hcp(east) - 50,\n\
        frequency \"points\" (hcp(north), 12, 20),\n\
        frequency \"two\" (hcp(north), 13, 16, spades(south), 2, 6),\n\
        bktfreq \"south\" (hcp(south), 0, 20, 5),\n\
        bktfreq \"two\" (hcp(south), 0, 20, 5, hcp(east), 2, 18, 4)\n";
    fs::write(dir.join("stats.dli"), script).unwrap();
    merges_as_the_single_run(&dir, &["-s", "11", "stats.dli"], &[]);
    // Stopped by produce: the merge counts the statistics of the single run's first deals.
    merges_as_the_single_run(&dir, &["-s", "12", "-p", "5000", "stats.dli"], &[]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn printed_deals_merge_in_order_up_to_produce() {
    let dir = scratch("printed");
    let script = "seed 5\nproduce 60\ntitle \"Strong\"\ncondition hcp(north) >= 16\n\
        action printall, printoneline(hcp(north)), printcompact, printew, printes(\"n=\", hcp(north), \"\\n\"),\n\
        average \"north\" hcp(north), print(north)\n";
    fs::write(dir.join("printed.dli"), script).unwrap();
    merges_as_the_single_run(&dir, &["printed.dli"], &[]);
    // Swapping: batches of another length, deals in copies.
    merges_as_the_single_run(&dir, &["-x", "3", "-p", "40", "-v", "printed.dli"], &[]);
    // Random numbers drawn by the condition: each batch draws from its own stream.
    fs::write(dir.join("rnd.dli"), "condition hcp(north) >= 10 && rnd(4) == 1\naction printoneline(rnd(100))\n").unwrap();
    merges_as_the_single_run(&dir, &["-s", "3", "-p", "30", "rnd.dli"], &[]);
    // A predeal, and more produced than one batch holds.
    fs::write(dir.join("predeal.dli"), "predeal south SAKQ, HAK\ncondition hcp(north) >= 8\naction printoneline\n").unwrap();
    merges_as_the_single_run(&dir, &["-s", "8", "-p", "3000", "predeal.dli"], &[]);
    // A rare condition, dealt exactly (in pieces of a batch), with its trailer line.
    fs::write(dir.join("rare.dli"), "produce 10
condition spades(west)==9 and diamonds(east)==6 and clubs(east)==6
action printoneline
").unwrap();
    merges_as_the_single_run(&dir, &["-s", "4", "rare.dli"], &[]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn board_and_report_files_are_the_single_runs() {
    let dir = scratch("files");
    let script = "produce 30\ndealer west\ncondition hcp(north) + hcp(south) >= 26\n\
        action printpbn, csvrpt(deal, hcp(north), \"x\"), export(north), average hcp(south)\n";
    fs::write(dir.join("club.dli"), script).unwrap();
    let args = ["-s", "21", "--pbn", "club.pbn", "--dlm", "club.dlm", "-C", "w:club.csv", "-X", "club.exp", "club.dli"];
    merges_as_the_single_run(&dir, &args, &["club.pbn", "club.dlm", "club.csv", "club.exp"]);
    // The merge may write them elsewhere; a CSV file without `w:` is added to.
    let parts = shards(&dir, &args, 3, "moved");
    fs::write(dir.join("more.csv"), "before\n").unwrap();
    let moved = merge(&dir, &["--pbn", "other.pbn", "--dlm", "other.dlm", "-C", "more.csv", "-X", "other.exp"], &parts);
    assert_eq!(moved.status, 0, "{}", moved.stderr);
    for (a, b) in [("club.pbn", "other.pbn"), ("club.dlm", "other.dlm"), ("club.exp", "other.exp")] {
        assert!(fs::read(dir.join(a)).unwrap() == fs::read(dir.join(b)).unwrap(), "{b}");
    }
    let csv = fs::read_to_string(dir.join("club.csv")).unwrap();
    assert_eq!(fs::read_to_string(dir.join("more.csv")).unwrap(), format!("before\n{csv}"));
    // Records of deals: zrd (not solved) and DL52, written afresh.
    merges_as_the_single_run(&dir, &["-s", "23", "-Z", "Nw:club.zrd", "-l", "w:club.dl52", "club.dli"], &["club.zrd", "club.dl52"]);
    // A board file on standard output, and the statistics' absence after it.
    merges_as_the_single_run(&dir, &["-s", "22", "--pbn", "-", "club.dli"], &[]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn double_dummy_merges_exactly() {
    let dir = scratch("dd");
    let script = "generate 5000\nproduce 3\ncondition hcp(north) + hcp(south) >= 27\n\
        action printoneline(dds(south, notrump)), average \"3NT\" dds(south, notrump) >= 9,\n\
        frequency \"tricks\" (dds(south, notrump), 6, 13), evalcontract(NS, z3N, nv)\n";
    fs::write(dir.join("dd.dli"), script).unwrap();
    merges_as_the_single_run(&dir, &["-s", "31", "dd.dli"], &[]);
    // Statistics only, every deal examined: -D 2 counts the same solves too.
    fs::write(dir.join("sums.dli"), "generate 2000\ncondition hcp(north) + hcp(south) >= 31\naction average dds(north, spades)\n").unwrap();
    merges_as_the_single_run(&dir, &["-s", "32", "-D", "2", "sums.dli"], &[]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_division_by_zero_is_reported_as_the_single_run_reports_it() {
    let dir = scratch("fault");
    let condition = "generate 300000\ncondition hcp(north) > 10 and 100 / (hcp(south) - 22) < 0\n";
    for (name, action) in [("sums.dli", "action average hcp(north)\n"), ("lines.dli", "produce 100000\naction printoneline\n")] {
        fs::write(dir.join(name), format!("{condition}{action}")).unwrap();
        let args = ["-s", "3", name];
        let single = run(&dir, &args);
        assert_eq!(single.status, 2, "{}", single.stderr);
        assert!(single.stderr.contains("division by zero"), "{}", single.stderr);
        for n in [2, 3] {
            let merged = merge(&dir, &[], &shards(&dir, &args, n, &format!("{name}{n}")));
            assert_eq!((merged.status, merged.stdout.as_str(), merged.stderr.as_str()), (2, single.stdout.as_str(), single.stderr.as_str()));
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The error of a refused merge or shard: exit status 2, nothing on standard output, and a
/// message containing `want`.
fn refused(out: &Run, want: &str) {
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert!(out.stderr.contains(want), "expected `{want}` in: {}", out.stderr);
}

#[test]
fn bad_merges_are_refused() {
    let dir = scratch("refused");
    fs::write(dir.join("a.dli"), "produce 10\ncondition hcp(north) >= 12\naction printoneline\n").unwrap();
    fs::write(dir.join("b.dli"), "produce 10\ncondition hcp(north) >= 13\naction printoneline\n").unwrap();
    let parts = shards(&dir, &["-s", "1", "a.dli"], 3, "a");
    let p = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    refused(&merge(&dir, &[], &p(&["a.0", "a.2"])), "shard 1 of 3 is missing");
    refused(&merge(&dir, &[], &p(&["a.0"])), "shards 1, 2 of 3 are missing");
    fs::copy(dir.join("a.1"), dir.join("again")).unwrap();
    refused(&merge(&dir, &[], &p(&["a.0", "a.1", "again", "a.2"])), "shard 1 of 3 is given twice");
    let seed = shards(&dir, &["-s", "2", "a.dli"], 3, "seed");
    refused(&merge(&dir, &[], &p(&["a.0", &seed[1], "a.2"])), "their command lines differ: `dealvm -s1 a.dli` and `dealvm -s2 a.dli`");
    let script = shards(&dir, &["-s", "1", "b.dli"], 3, "script");
    refused(&merge(&dir, &[], &p(&["a.0", &script[1], "a.2"])), "different runs");
    let four = shards(&dir, &["-s", "1", "a.dli"], 4, "four");
    refused(&merge(&dir, &[], &p(&["a.0", &four[1], "a.2"])), "split into 3 and 4 shards");
    // Damaged: cut short, a byte changed anywhere, not a part at all.
    let bytes = fs::read(dir.join("a.1")).unwrap();
    for cut in [0, 5, 20, bytes.len() / 2, bytes.len() - 1] {
        fs::write(dir.join("cut"), &bytes[..cut]).unwrap();
        let out = merge(&dir, &[], &p(&["a.0", "cut", "a.2"]));
        assert_eq!(out.status, 2, "cut at {cut}");
        assert!(out.stderr.contains("`cut` is truncated") || out.stderr.contains("`cut` is not a dealvm part"), "{}", out.stderr);
    }
    for at in [0, 13, 17, 30, bytes.len() / 2, bytes.len() - 1] {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0x04;
        fs::write(dir.join("flipped"), &flipped).unwrap();
        let out = merge(&dir, &[], &p(&["a.0", "flipped", "a.2"]));
        assert_eq!(out.status, 2, "byte {at}");
        assert!(out.stderr.contains("`flipped` is"), "byte {at}: {}", out.stderr);
    }
    refused(&merge(&dir, &[], &p(&["a.0", "a.dli", "a.2"])), "`a.dli` is not a dealvm part file");
    refused(&merge(&dir, &[], &p(&["a.0", "nowhere", "a.2"])), "cannot read the part file `nowhere`");
    // An output the shards' run does not write.
    refused(&merge(&dir, &["--pbn", "x.pbn"], &parts), "the shards ran without --pbn");
    assert!(!dir.join("x.pbn").exists());
    let boards = shards(&dir, &["-s", "1", "--pbn", "a.pbn", "a.dli"], 2, "boards");
    refused(&merge(&dir, &["--pbn", "boards.0"], &boards), "is the part file `boards.0`");
    refused(&merge(&dir, &["-C", "x.csv"], &boards), "the shards ran without -C");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn runs_a_shard_cannot_make_exactly_are_refused() {
    let dir = scratch("shard-refused");
    fs::write(dir.join("a.dli"), "condition hcp(north) >= 12\naction printoneline\n").unwrap();
    fs::write(dir.join("n.dli"), "condition hcp(north) >= 12\naction printoneline(rnd(0))\n").unwrap();
    fs::write(dir.join("old.part"), "old\n").unwrap();
    let shard = |args: &[&str]| {
        let mut all = vec!["--part", "old.part"];
        all.extend_from_slice(args);
        run(&dir, &all)
    };
    refused(&shard(&["--shard", "0/2", "a.dli"]), "--shard needs a seed");
    refused(&shard(&["-s1", "--shard", "0/2", "n.dli"]), "`rnd(0)`");
    refused(&shard(&["-s1", "--shard", "2/2", "a.dli"]), "--shard takes K/N");
    refused(&shard(&["-s1", "--shard", "1", "a.dli"]), "--shard takes K/N");
    refused(&shard(&["-s1", "--shard", "0/2", "--deals", "a.dli", "a.dli"]), "--shard with --deals is not supported yet");
    refused(&shard(&["-s1", "--shard", "0/2", "-L", "x.zrd", "a.dli"]), "--shard with -L is not supported yet");
    refused(&shard(&["-s1", "a.dli"]), "give --shard K/N too");
    refused(&run(&dir, &["-s1", "--shard", "0/2", "a.dli"]), "--shard K/N needs --part FILE");
    refused(&shard(&["-s1", "--shard", "0/2", "missing.dli"]), "cannot read the input file");
    refused(&run(&dir, &["-s1", "--shard", "0/2", "--part", "./a.dli", "a.dli"]), "is the input file `a.dli`");
    // A shard that fails leaves the part file as it was.
    assert_eq!(fs::read_to_string(dir.join("old.part")).unwrap(), "old\n");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_readme_shows_the_recipes_as_they_are() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    for recipe in ["study.sbatch", "indexed-job.yaml", "parallel.sh"] {
        let text = fs::read_to_string(root.join("examples/shards").join(recipe)).unwrap();
        assert!(readme.contains(&text), "README.md shows examples/shards/{recipe} as it is");
    }
}

#[test]
fn the_recipes_run_and_merge_as_the_single_run() {
    // examples/shards/check.sh with this build's dealvm first on the PATH: 100 Slurm tasks,
    // 100 Kubernetes pods and 8 shards of GNU parallel (or xargs), each merged and compared.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = Path::new(env!("CARGO_BIN_EXE_dealvm")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let mut command = std::process::Command::new("bash");
    command.arg(root.join("examples/shards/check.sh")).env("PATH", path);
    let out = crate::common::run_command(command, None);
    assert_eq!(out.status, 0, "{}\n{}", out.stdout, out.stderr);
    for recipe in ["Slurm job array", "Kubernetes Indexed Job", "(8 shards): the merge prints what the single run prints"] {
        assert!(out.stdout.contains(recipe), "{recipe}: {}", out.stdout);
    }
}
