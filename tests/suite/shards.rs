//! Runs split into shards (`--shard K/N --part FILE`) and merged (`dealvm merge`): for
//! N = 1, 2, 3 and 7 the merge prints what the single run prints, byte for byte but for the
//! time line, and writes the same files; bad merges and runs a shard cannot make exactly are
//! refused with exit status 2.

use crate::common::{normalise, Run};
use crate::common::{run_alone as run, scratch};
use dealvm::shard::part::{decode, encode, seal, BatchSolves, End, Part};
use std::fs;
use std::path::Path;

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

/// The output switches of the run `args` with their values, which the merge is given again
/// to write the same files.
fn output_switches<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let outputs = ["--pbn", "--dlm", "-C", "-X", "-Z", "-l", "--json"];
    args.windows(2).filter(|w| outputs.contains(&w[0])).flat_map(|w| w.iter().copied()).collect()
}

/// Checks that for N = 1, 2, 3, 7 the merge of the run `args` (in `dir`, where its input file
/// is), given the run's output switches, prints what the single run prints, writes the same
/// `files`, and says so on standard error.
fn merges_as_the_single_run(dir: &Path, args: &[&str], files: &[&str]) {
    let single = run(dir, args);
    assert_eq!(single.status, 0, "{args:?}: {}", single.stderr);
    let wanted: Vec<Vec<u8>> = files.iter().map(|f| fs::read(dir.join(f)).unwrap()).collect();
    for n in [1, 2, 3, 7] {
        for f in files {
            fs::remove_file(dir.join(f)).unwrap();
        }
        let parts = shards(dir, args, n, &format!("part{n}"));
        let merged = merge(dir, &output_switches(args), &parts);
        assert_eq!(merged.status, 0, "{args:?} in {n} shards: {}", merged.stderr);
        assert_eq!(normalise(&merged.stdout), normalise(&single.stdout), "{args:?} in {n} shards");
        for (f, want) in files.iter().zip(&wanted) {
            assert!(fs::read(dir.join(f)).unwrap() == *want, "{f} of {args:?} in {n} shards");
            assert!(merged.stderr.contains(&format!("file `{f}` (")), "{f} in {n} shards: {}", merged.stderr);
        }
        // No warning but the single run's (such as a DLM file's boards dealt by another seat).
        let warnings = |e: &str| e.lines().filter(|l| l.starts_with("warning")).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(warnings(&merged.stderr), warnings(&single.stderr), "{}", merged.stderr);
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
fn the_json_document_and_until_se_merge_as_the_single_run() {
    let dir = scratch("json");
    let script = "generate 300000\ncondition hcp(north) >= 12\n\
        action average \"north\" hcp(north), frequency (spades(north), 2, 6), bktfreq (hcp(south), 0, 20, 5),\n\
        frequency (hcp(north), 12, 20, spades(south), 2, 6)\n";
    fs::write(dir.join("study.dli"), script).unwrap();
    // Statistics-only parts; parts of every deal, cut at `produce`; cut after the batch where
    // the first average's standard error reaches 0.02.
    merges_as_the_single_run(&dir, &["-s", "3", "--se", "--json", "run.json", "study.dli"], &["run.json"]);
    merges_as_the_single_run(&dir, &["-s", "3", "-p", "5000", "--json", "run.json", "study.dli"], &["run.json"]);
    merges_as_the_single_run(&dir, &["-s", "3", "--until-se", "0.02", "--json", "run.json", "study.dli"], &["run.json"]);
    let doc = fs::read_to_string(dir.join("run.json")).unwrap();
    assert!(doc.contains("\"stopped_by\": \"until-se\"") && !doc.contains("\"generated\": 300000,"), "{doc}");
    // The merge writes the document though the shards had no --json, to a file or to
    // standard output (alone there).
    let parts = shards(&dir, &["-s", "3", "study.dli"], 3, "plain");
    let merged = merge(&dir, &["--json", "merged.json"], &parts);
    assert_eq!(merged.status, 0, "{}", merged.stderr);
    assert!(merged.stderr.contains("wrote the JSON file `merged.json` (4 reports)"), "{}", merged.stderr);
    let single = run(&dir, &["-s", "3", "--json", "single.json", "study.dli"]);
    assert_eq!(normalise(&merged.stdout), normalise(&single.stdout));
    assert!(fs::read(dir.join("merged.json")).unwrap() == fs::read(dir.join("single.json")).unwrap());
    let alone = merge(&dir, &["--json", "-"], &parts);
    assert!(alone.stdout.as_bytes() == fs::read(dir.join("single.json")).unwrap(), "{}", alone.stdout);
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
    fs::write(
        dir.join("rare.dli"),
        "produce 10
condition spades(west)==9 and diamonds(east)==6 and clubs(east)==6
action printoneline
",
    )
    .unwrap();
    merges_as_the_single_run(&dir, &["-s", "4", "rare.dli"], &[]);
    // Exact dealing over batches of 8.4M random deals: stopped at `produce` in the second, and
    // by the budget in the third ("Generated" counts the random deals in both).
    fs::write(dir.join("exact.dli"), "condition hcp(north) >= 25\naction printoneline, average hcp(south)\n").unwrap();
    merges_as_the_single_run(&dir, &["-s", "6", "-g", "20000000", "-p", "5000", "exact.dli"], &[]);
    merges_as_the_single_run(&dir, &["-s", "6", "-g", "20000000", "-p", "100000", "-x", "2", "exact.dli"], &[]);
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
    // Turned for the boards' dealers: the same turned deals, and the same warnings (none).
    let rotated = ["-s", "24", "--rotate", "--pbn", "club.pbn", "--dlm", "club.dlm", "-X", "club.exp", "club.dli"];
    merges_as_the_single_run(&dir, &rotated, &["club.pbn", "club.dlm", "club.exp"]);
    // Records of deals: zrd (not solved) and DL52, written afresh.
    merges_as_the_single_run(&dir, &["-s", "23", "-Z", "Nw:club.zrd", "-l", "w:club.dl52", "club.dli"], &["club.zrd", "club.dl52"]);
    // A board file on standard output, and the trailer's absence after it (with no action
    // printing there: one that does is refused, the two would be mixed).
    fs::write(dir.join("boards.dli"), "produce 30\ndealer west\ncondition hcp(north) + hcp(south) >= 26\n").unwrap();
    merges_as_the_single_run(&dir, &["-s", "22", "--pbn", "-", "boards.dli"], &[]);
    let mixed = run(&dir, &["-s", "22", "--pbn", "-", "club.dli"]);
    assert_eq!(mixed.status, 2, "{}", mixed.stderr);
    fs::remove_dir_all(&dir).unwrap();
}

/// The names in folder `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn the_merge_writes_only_the_files_it_names() {
    let dir = scratch("named");
    let elsewhere = scratch("named-elsewhere");
    let victim = elsewhere.join("victim.pbn");
    let script = "produce 6\ncondition hcp(north) >= 15\naction printoneline, csvrpt(hcp(north)), export(south)\n";
    fs::write(dir.join("a.dli"), script).unwrap();
    // Output files named on the shards' command line: an absolute path, a zrd file started
    // afresh (solved), a CSV file; the export lines go to standard output.
    let victim_arg = victim.to_str().unwrap();
    let args = ["-s", "5", "--pbn", victim_arg, "-Z", "w:victim.zrd", "-C", "w:victim.csv", "a.dli"];
    let parts = shards(&dir, &args, 2, "a");
    let before = listing(&dir);
    let merged = merge(&dir, &[], &parts);
    assert_eq!(merged.status, 0, "{}", merged.stderr);
    assert_eq!(listing(&dir), before, "the merge creates no file");
    assert!(!victim.exists() && listing(&elsewhere).is_empty(), "nor at the absolute path");
    for note in [
        format!(
            "warning: the run writes a PBN file ({} on the shards' command line), which the merge does not write: name it with --pbn FILE",
            dealvm::diag::quote(victim_arg, "`")
        ),
        "warning: the run writes a zrd file (`victim.zrd` on the shards' command line), which the merge does not write: name it with -Z w:FILE"
            .into(),
        "name it with -C w:FILE".into(),
    ] {
        assert!(merged.stderr.contains(&note), "{note}: {}", merged.stderr);
    }
    assert!(!merged.stderr.contains("-X") && !merged.stderr.contains("wrote"), "{}", merged.stderr);
    // Standard output is still the single run's (written elsewhere): its deals and export lines.
    let single_args = ["-s", "5", "--pbn", "single.pbn", "-Z", "w:single.zrd", "-C", "w:single.csv", "a.dli"];
    let single = run(&dir, &single_args);
    assert_eq!(single.status, 0, "{}", single.stderr);
    assert_eq!(normalise(&merged.stdout), normalise(&single.stdout));
    assert!(single.stdout.contains("-S "), "the export lines are there: {}", single.stdout);
    // Named: only that file is written, as the single run writes it, and the merge says so.
    let named = merge(&dir, &["--pbn", "other.pbn"], &parts);
    assert_eq!(named.status, 0, "{}", named.stderr);
    let mut want = before.clone();
    want.extend(["other.pbn".to_string(), "single.csv".into(), "single.pbn".into(), "single.zrd".into()]);
    want.sort();
    assert_eq!(listing(&dir), want);
    assert!(!victim.exists());
    assert!(fs::read(dir.join("other.pbn")).unwrap() == fs::read(dir.join("single.pbn")).unwrap());
    assert!(named.stderr.contains("dealvm merge: wrote the PBN file `other.pbn` (6 boards)\n"), "{}", named.stderr);
    assert!(named.stderr.contains("name it with -Z w:FILE") && !named.stderr.contains("--pbn FILE"), "{}", named.stderr);
    // The merge's own modes: `N` (no solving) and adding to the file, whatever the shards had.
    let before_records = fs::read(dir.join("single.zrd")).unwrap()[..23].to_vec();
    fs::write(dir.join("more.zrd"), &before_records).unwrap();
    let modes = merge(&dir, &["-Z", "N:more.zrd", "-C", "more.csv"], &parts);
    assert_eq!(modes.status, 0, "{}", modes.stderr);
    // The single run's records (23 bytes: the deal in 13, the tricks in 10) without the tricks.
    let solved = fs::read(dir.join("single.zrd")).unwrap();
    assert!(solved.len() == 6 * 23 && solved.chunks(23).all(|r| r[13..].iter().any(|&b| b != 0)), "solved");
    let unsolved: Vec<u8> = solved.chunks(23).flat_map(|r| [&r[..13], &[0; 10]].concat()).collect();
    assert_eq!(fs::read(dir.join("more.zrd")).unwrap(), [before_records, unsolved].concat());
    assert!(modes.stderr.contains("dealvm merge: added 6 deals to the zrd file `more.zrd`"), "{}", modes.stderr);
    assert!(modes.stderr.contains("dealvm merge: added 6 lines to the CSV file `more.csv`"), "{}", modes.stderr);
    // Records the parts do not hold: solved counts of a run that did not solve.
    let unsolved_parts = shards(&dir, &["-s", "5", "-Z", "N:x.zrd", "a.dli"], 2, "n");
    refused(&merge(&dir, &["-Z", "w:y.zrd"], &unsolved_parts), "the parts hold no double-dummy results to write");
    assert!(!dir.join("x.zrd").exists() && !dir.join("y.zrd").exists());
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&elsewhere).unwrap();
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

/// Writes part file `to` in `dir`: part file `from` with `edit` made to its content, under a
/// valid checksum, as a part made by hand would be.
fn craft(dir: &Path, from: &str, to: &str, edit: impl FnOnce(&mut Part)) {
    let mut part = decode(&fs::read(dir.join(from)).unwrap()).unwrap();
    edit(&mut part);
    fs::write(dir.join(to), encode(&part)).unwrap();
}

/// Checks that the merge of `parts` (in `dir`, with the merge's switches `args`) is refused,
/// naming `name`, with `want` in the message; neither a panic nor a file.
fn crafted_refused(dir: &Path, args: &[&str], parts: &[&str], name: &str, want: &str) {
    let names: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
    let before = listing(dir);
    let out = merge(dir, args, &names);
    refused(&out, want);
    assert!(out.stderr.contains(&format!("`{name}` is damaged")), "{}", out.stderr);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    assert_eq!(listing(dir), before);
}

#[test]
fn crafted_statistics_parts_are_refused() {
    let dir = scratch("crafted-stats");
    // 5000 deals: batch 0 of 4096 deals (shard 0), batch 1 of 904 (shard 1); one division.
    let script = "generate 5000\ncondition hcp(north) >= 10 && 100 / (hcp(south) + 1) >= 0\n\
        action average hcp(north), frequency (hcp(south), 0, 40)\n";
    fs::write(dir.join("s.dli"), script).unwrap();
    shards(&dir, &["-s", "1", "s.dli"], 2, "s");
    let fault = |batch, offset, site| move |p: &mut Part| p.end = End::Fault { batch, offset, site, remainder: false };
    craft(&dir, "s.0", "site", fault(0, 5, 1));
    crafted_refused(&dir, &[], &["site", "s.1"], "site", "a division by zero at division 1, where the script has 1 division");
    craft(&dir, "s.1", "place", fault(1, 1000, 0));
    crafted_refused(&dir, &[], &["s.0", "place"], "place", "a division by zero at deal 1000 of batch 1, which has 904 deals");
    craft(&dir, "s.1", "batch", fault(0, 5, 0));
    crafted_refused(&dir, &[], &["s.0", "batch"], "batch", "it ends in batch 0, not one of its own");
    // Bytes after the content, under a valid checksum.
    let mut content = postcard::to_stdvec(&decode(&fs::read(dir.join("s.1")).unwrap()).unwrap()).unwrap();
    content.push(0);
    fs::write(dir.join("trailing"), seal(&content)).unwrap();
    let out = merge(&dir, &[], &["s.0".to_string(), "trailing".to_string()]);
    refused(&out, "`trailing` is damaged: 1 byte after its content");
    // Sums that overflow: an average's sum, double-dummy counts, deals produced.
    craft(&dir, "s.0", "sum", |p| p.totals.as_mut().unwrap().tallies[0].0 = i128::MAX);
    crafted_refused(&dir, &[], &["sum", "s.1"], "sum", "its statistics do not fit the run's");
    craft(&dir, "s.0", "low", |p| p.totals.as_mut().unwrap().tallies[0].0 = i128::MIN);
    crafted_refused(&dir, &[], &["low", "s.1"], "low", "its statistics do not fit the run's");
    craft(&dir, "s.0", "squares", |p| p.totals.as_mut().unwrap().tallies[0].1 = -1);
    crafted_refused(&dir, &[], &["squares", "s.1"], "squares", "its statistics do not fit the run's");
    craft(&dir, "s.0", "cells", |p| p.totals.as_mut().unwrap().tallies[1].2[3] += 1);
    crafted_refused(&dir, &[], &["cells", "s.1"], "cells", "its statistics do not fit the run's");
    let solves = |batch, n| move |p: &mut Part| p.solves = vec![BatchSolves { batch, counts: [n, 0, 0, 0] }];
    craft(&dir, "s.0", "solves0", solves(0, u64::MAX));
    craft(&dir, "s.1", "solves1", solves(1, 1));
    crafted_refused(&dir, &[], &["solves0", "solves1"], "solves1", "its counts overflow the run's totals");
    craft(&dir, "s.1", "produced", |p| {
        p.produced = 1000;
        p.totals.as_mut().unwrap().count = 1000;
    });
    crafted_refused(&dir, &[], &["s.0", "produced"], "produced", "1000 deals produced, more than its batches hold");
    craft(&dir, "s.1", "all", |p| p.produced = u64::MAX);
    crafted_refused(&dir, &[], &["s.0", "all"], "all", "18446744073709551615 deals produced, more than the run's `produce` count of 5000");
    // A command line that no shard records: the deals of a file, no seed.
    let command = |words: &'static [&'static str]| {
        move |p: &mut Part| {
            p.run.command = words.iter().map(|w| w.to_string()).collect();
            p.fingerprint = p.run.fingerprint();
        }
    };
    craft(&dir, "s.0", "deals.0", command(&["-s1", "--deals=s.dli", "--", "s.dli"]));
    craft(&dir, "s.1", "deals.1", command(&["-s1", "--deals=s.dli", "--", "s.dli"]));
    crafted_refused(&dir, &[], &["deals.0", "deals.1"], "deals.0", "has --deals, which no shard records");
    craft(&dir, "s.0", "seedless.0", command(&["--", "s.dli"]));
    craft(&dir, "s.1", "seedless.1", command(&["--", "s.dli"]));
    crafted_refused(&dir, &[], &["seedless.0", "seedless.1"], "seedless.0", "has no seed, which every shard needs");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn crafted_parts_of_printed_deals_are_refused() {
    let dir = scratch("crafted-deals");
    // Each shard reaches the 20 deals in its first batch; the 20 values are the tricks that
    // the PBN file's double-dummy tables take.
    fs::write(dir.join("d.dli"), "produce 20\ncondition hcp(north) >= 15\naction printoneline\n").unwrap();
    shards(&dir, &["-s", "1", "d.dli"], 2, "d");
    craft(&dir, "d.0", "far", |p| p.kept[3].batch = 1 << 40);
    crafted_refused(&dir, &[], &["far", "d.1"], "far", "a deal at");
    craft(&dir, "d.0", "offset", |p| p.kept[19].offset = 4096);
    crafted_refused(&dir, &[], &["offset", "d.1"], "offset", "a deal at 4096 of batch 0 out of place");
    craft(&dir, "d.0", "short", |p| {
        p.kept.pop();
        p.produced -= 1;
    });
    crafted_refused(&dir, &[], &["short", "d.1"], "short", "it stops at the run's `produce` count in batch 0, with 19 deals produced");
    craft(&dir, "d.0", "later", |p| p.solves = vec![BatchSolves { batch: 2, counts: [1, 0, 0, 0] }]);
    crafted_refused(&dir, &[], &["later", "d.1"], "later", "its double-dummy counts are out of place");
    craft(&dir, "d.1", "hands", |p| p.kept[0].hands.as_mut().unwrap().swap(0, 1));
    let out = merge(&dir, &[], &["d.0".to_string(), "hands".to_string()]);
    assert_eq!(out.status, 0, "four hands in another order are still a deal: {}", out.stderr);
    craft(&dir, "d.1", "cards", |p| p.kept[0].hands.as_mut().unwrap()[0] ^= 3);
    crafted_refused(&dir, &[], &["d.0", "cards"], "cards", "is not four hands of 13 cards");
    // Double-dummy tricks for the PBN file: 0 to 13 each.
    fs::write(dir.join("t.dli"), "produce 2\ncondition hcp(north) >= 15\n").unwrap();
    shards(&dir, &["-s", "1", "--pbn", "t.pbn", "--dd", "t.dli"], 2, "t");
    craft(&dir, "t.1", "tricks", |p| p.values[7] = 200);
    crafted_refused(&dir, &["--pbn", "out.pbn"], &["t.0", "tricks"], "tricks", "takes other than 0 to 13 tricks double dummy");
    craft(&dir, "t.1", "negative", |p| p.values[0] = -1);
    crafted_refused(&dir, &["--pbn", "out.pbn"], &["t.0", "negative"], "negative", "takes other than 0 to 13 tricks double dummy");
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
fn the_recipes_run_and_merge_as_the_single_run() {
    // examples/shards/check.sh with this build's dealvm first on the PATH: 100 Slurm tasks,
    // 100 Kubernetes pods and 8 shards of GNU parallel (or xargs), each merged and compared.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = Path::new(env!("CARGO_BIN_EXE_dealvm")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let mut command = std::process::Command::new("bash");
    command.arg(root.join("examples/shards/check.sh")).env("PATH", path);
    crate::common::in_test_home(&mut command);
    let out = crate::common::run_command(command, None);
    assert_eq!(out.status, 0, "{}\n{}", out.stdout, out.stderr);
    for recipe in ["Slurm job array", "Kubernetes Indexed Job", "(8 shards): the merge prints what the single run prints"] {
        assert!(out.stdout.contains(recipe), "{recipe}: {}", out.stdout);
    }
}
