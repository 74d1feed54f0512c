//! Fuzzing on stable, for a bounded number of cases: mutations of the shipped examples, the
//! golden inputs and board files run through the whole command in-process (decode, parse,
//! compile, a short run, the reports), part files crafted from real ones (under a valid
//! checksum) merged in-process, files of every kind that `-Z`, `-l` and `-C` add to (added to
//! whole or left byte for byte), and usereval servers saying anything. Whatever the input,
//! dealvm answers or refuses it; it never panics, hangs or damages a file. `DEALVM_FUZZ_CASES=N` runs more cases (the `fuzz/` folder has the
//! coverage-guided cargo-fuzz targets for long campaigns).

use crate::common::data_dir;
use crate::common::scratch;
use clap::Parser;
use dealvm::cli::{run_to, Cli, MergeCli};
use dealvm::invocation::printed::Printed;
use dealvm::shard::part::{decode, seal, BatchSolves, End, Part};
use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Cases per kind of input, unless `DEALVM_FUZZ_CASES` says otherwise.
const CASES: usize = 4000;

/// The dictionary of the Dealer language, `fuzz/dealer.dict` (libFuzzer's format, which the
/// cargo-fuzz targets take too): every entry, and the numbers at the edges of what the
/// language takes (the entries named `number_...`), which a mutation puts in the place of a
/// number of the input (a `pointcount` value, a bound, a count, a threshold, an argument).
fn dictionary() -> &'static Dictionary {
    static DICTIONARY: std::sync::OnceLock<Dictionary> = std::sync::OnceLock::new();
    DICTIONARY.get_or_init(|| {
        let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/dealer.dict")).expect("fuzz/dealer.dict");
        let (mut all, mut numbers) = (Vec::new(), Vec::new());
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let (name, quoted) = line.split_once('=').filter(|(n, _)| !n.starts_with('"')).unwrap_or(("", line));
            let quoted = quoted.trim();
            let entry = unescape(quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"')).expect("a quoted entry"));
            if name.starts_with("number_") {
                numbers.push(entry.clone());
            }
            all.push(entry);
        }
        Dictionary { all, numbers }
    })
}

/// The entries of `fuzz/dealer.dict`: all of them, and the numbers among them.
struct Dictionary {
    all: Vec<Vec<u8>>,
    numbers: Vec<Vec<u8>>,
}

/// A dictionary entry's bytes: `\\`, `\"` and `\xAB` escapes.
fn unescape(text: &str) -> Vec<u8> {
    let (bytes, mut out, mut i) = (text.as_bytes(), Vec::new(), 0);
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b'\\', Some(b'x')) => {
                out.push(u8::from_str_radix(&text[i + 2..i + 4], 16).expect("a hex escape"));
                i += 4;
            }
            (b'\\', Some(&c)) => {
                out.push(c);
                i += 2;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One to four random edits of `input`: a byte changed, bytes removed, a piece of the
/// dictionary inserted, a slice repeated, or a piece of `other` spliced in.
fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(6) {
            5 => replace_a_number(rng, &mut out),
            0 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] = rng.next() as u8;
            }
            1 => {
                let end = (at + 1 + rng.below(16)).min(out.len());
                out.drain(at.min(end)..end);
            }
            2 => {
                let words = &dictionary().all;
                out.splice(at..at, words[rng.below(words.len())].iter().copied());
            }
            3 if !out.is_empty() => {
                let start = rng.below(out.len());
                let end = (start + 1 + rng.below(40)).min(out.len());
                let piece = out[start..end].to_vec();
                for _ in 0..1 + rng.below(3) {
                    out.splice(at.min(out.len())..at.min(out.len()), piece.iter().copied());
                }
            }
            _ if !other.is_empty() => {
                let start = rng.below(other.len());
                let end = (start + 1 + rng.below(80)).min(other.len());
                out.splice(at..at, other[start..end].iter().copied());
            }
            _ => {}
        }
    }
    out
}

/// A number of `out` (a run of digits, with its sign and decimals) replaced by one of
/// the dictionary's numbers; nothing when `out` holds none.
fn replace_a_number(rng: &mut Rng, out: &mut Vec<u8>) {
    let starts: Vec<usize> = (0..out.len()).filter(|&i| out[i].is_ascii_digit() && (i == 0 || !out[i - 1].is_ascii_alphanumeric())).collect();
    if starts.is_empty() {
        return;
    }
    let mut start = starts[rng.below(starts.len())];
    let end = (start..out.len()).find(|&i| !(out[i].is_ascii_digit() || out[i] == b'.')).unwrap_or(out.len());
    if start > 0 && out[start - 1] == b'-' {
        start -= 1;
    }
    let numbers = &dictionary().numbers;
    out.splice(start..end, numbers[rng.below(numbers.len())].iter().copied());
}

/// Runs the command on `args` in-process; a panic is the only failure.
fn run_command(args: &[&str]) -> Result<(), String> {
    let mut argv = vec!["dealvm"];
    argv.extend_from_slice(args);
    let cli = Cli::parse_args(&argv).map_err(|e| format!("bad arguments {argv:?}: {e}"))?;
    catch_unwind(AssertUnwindSafe(|| {
        let _ = run_to(&cli, &mut Printed::new(std::io::sink()), Instant::now());
    }))
    .map_err(|panic| panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default())
}

/// The number of cases to run of each kind.
fn cases() -> usize {
    std::env::var("DEALVM_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(CASES)
}

/// Every file of `dir` whose name ends with `suffix`.
fn files(dir: &Path, suffix: &str) -> Vec<Vec<u8>> {
    let mut names: Vec<PathBuf> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    names.into_iter().filter(|p| p.to_string_lossy().ends_with(suffix)).map(|p| fs::read(p).unwrap()).collect()
}

/// The extensions of a deals file: the formats `--deals` reads, and none (as the fuzz target
/// `boards` of `fuzz/src/lib.rs` names its files).
const BOARD_EXTENSIONS: [&str; 15] = ["board", "pbn", "dlm", "dup", "bri", "dge", "ber", "rzd", "cds", "bhg", "csv", "lin", "goe", "zrd", "dl52"];

/// Writes each case to a file and runs the command on it with `args`; reports every panic
/// with the input that caused it.
fn campaign(name: &str, seeds: &[Vec<u8>], args: &[&str], as_deals: bool) {
    let dir = scratch(name);
    let script = dir.join("case.dli");
    let deals = dir.join("case.board");
    fs::write(&script, "produce 3\naction printoneline, average hcp(north), frequency (hcp(south), 0, 40)\n").unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64);
    let mut failures = Vec::new();
    for case in 0..cases() {
        let other = rng.below(seeds.len());
        let input = mutate(&mut rng, &seeds[case % seeds.len()], &seeds[other]);
        // A deals file under the name of any format `--deals` reads (a few are told by their
        // extension alone), or of none.
        let deals = if as_deals { deals.with_extension(BOARD_EXTENSIONS[rng.below(BOARD_EXTENSIONS.len())]) } else { deals.clone() };
        let target = if as_deals { &deals } else { &script };
        fs::write(target, &input).unwrap();
        let mut all: Vec<&str> = args.to_vec();
        let (d, s) = (deals.to_str().unwrap(), script.to_str().unwrap());
        if as_deals {
            all.extend(["--deals", d]);
        }
        all.push(s);
        if let Err(panic) = run_command(&all) {
            failures.push(format!("case {case}: {panic}\ninput: {:?}", String::from_utf8_lossy(&input)));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "dealvm panicked on {} inputs:\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn the_dictionary_reads_back() {
    let Dictionary { all, numbers } = dictionary();
    assert!(all.len() >= 100 && numbers.len() >= 20, "{} entries, {} numbers", all.len(), numbers.len());
    for entry in ["\"", "é", "\u{feff}", "\0", "\r\n", "2147483647", "21474836.47"] {
        assert!(all.contains(&entry.as_bytes().to_vec()), "{entry:?} is in the dictionary");
    }
}

#[test]
fn mutated_scripts_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seeds = files(&root.join("examples"), ".dli");
    seeds.extend(files(&data_dir().join("golden"), ".dli"));
    assert!(seeds.len() > 50, "the seed inputs are there");
    // Few deals, one thread: each case is quick whatever its `generate` and `produce`.
    // 20 deals: a script that solves double dummy stays within seconds.
    campaign("scripts", &seeds, &["-s", "1", "-g", "20", "-p", "5", "-R", "1"], false);
}

#[test]
fn mutated_board_files_never_panic() {
    let dir = scratch("boards-seeds");
    // Board files as dealvm writes them, and a PBN file from another program.
    let r = crate::common::dealvm_stdin("produce 4\naction printoneline", &["-s", "5"]);
    assert_eq!(r.status, 0);
    for (switch, name) in [("--pbn", "a.pbn"), ("--dlm", "a.dlm")] {
        let path = dir.join(name);
        let r = crate::common::dealvm_in(&dir, &["-s", "5", switch, path.to_str().unwrap()], Some(b"produce 4\n"));
        assert_eq!(r.status, 0, "{}", r.stderr);
    }
    // A PBN file with double-dummy tables, from a zrd file of solved deals (nothing solved).
    let zrd = data_dir().join("zrd/rpdd_10First.zrd");
    let dd = dir.join("dd.pbn");
    let r =
        crate::common::dealvm_in(&dir, &["--deals", zrd.to_str().unwrap(), "--pbn", dd.to_str().unwrap(), "--dd", "-p", "3"], Some(b"produce 3\n"));
    assert_eq!(r.status, 0, "{}", r.stderr);
    let mut seeds = files(&dir, ".pbn");
    seeds.extend(files(&dir, ".dlm"));
    // zrd files: Pavlicek's samples; Big Deal's twelve formats of one run.
    seeds.extend(files(&data_dir().join("zrd"), ".zrd"));
    seeds.extend(files(&data_dir().join("bigdeal/w11"), ""));
    seeds.push(
        b"% PBN 2.1\n[Event \"x\"]\n[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n{a comment}\n\
          [Deal \"E:J52.Q9875..AQ873 763.32.AK65432.5 AQT4.AKJ6.Q9.KJ6 K98.T4.JT87.T942\"]\n; note\n"
            .to_vec(),
    );
    let _ = fs::remove_dir_all(&dir);
    campaign("boards", &seeds, &["-s", "1", "-R", "1"], true);
}

/// Numbers at the edges of what a part's fields hold.
const EDGES: [i128; 13] = [0, 1, 2, 3, 13, 14, 903, 904, 4095, 4096, u64::MAX as i128, i128::MAX, i128::MIN];

/// One to three random edits of a part's content: a number of its own replaced by one at an
/// edge, a deal or value dropped, another end; each field as any file could hold it.
fn mutate_part(rng: &mut Rng, part: &mut Part) {
    let edge = |rng: &mut Rng| EDGES[rng.below(EDGES.len())].wrapping_sub(rng.below(2) as i128);
    for _ in 0..1 + rng.below(3) {
        let e = edge(rng);
        let (n, kept, values) = (e as u64, part.kept.len(), part.values.len());
        match rng.below(12) {
            0 => part.produced = n,
            1 => part.end = End::Fault { batch: n % 4, offset: e as u32, site: e as u16, remainder: rng.below(2) == 1 },
            2 => part.end = End::Produced { batch: n },
            3 if kept > 0 => part.kept[rng.below(kept)].batch = n,
            4 if kept > 0 => part.kept[rng.below(kept)].offset = e as u32,
            5 if kept > 0 => part.kept[rng.below(kept)].hands = if rng.below(2) == 0 { None } else { Some([n; 4]) },
            6 if values > 0 => part.values[rng.below(values)] = e as i32,
            7 if kept > 0 => {
                part.kept.remove(rng.below(kept));
            }
            8 => part.solves.push(BatchSolves { batch: n % 8, counts: [n, n, 1, 0] }),
            9 => part.nvalues = n,
            10 => {
                if let Some(t) = part.totals.as_mut() {
                    t.count = n;
                    if let Some(tally) = t.tallies.first_mut() {
                        (tally.0, tally.1) = (e, e);
                    }
                }
            }
            _ => part.shard = n % 3,
        }
    }
}

/// Merges the parts `paths` in-process, writing what the merge writes to `pbn` when given;
/// a panic is the only failure.
fn merge_parts(paths: &[PathBuf], pbn: Option<&Path>) -> Result<(), String> {
    let mut argv: Vec<std::ffi::OsString> = vec!["merge".into()];
    if let Some(pbn) = pbn {
        argv.extend(["--pbn".into(), pbn.as_os_str().to_owned()]);
    }
    argv.extend(paths.iter().map(|p| p.as_os_str().to_owned()));
    let merge = MergeCli::try_parse_from(&argv).map_err(|e| e.to_string())?;
    catch_unwind(AssertUnwindSafe(|| {
        let _ = dealvm::cli::merge::execute(&merge, &mut Printed::new(std::io::sink()), Instant::now());
    }))
    .map_err(|panic| panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default())
}

#[test]
fn crafted_parts_never_panic() {
    let dir = scratch("parts");
    // Runs in two shards: statistics with a division (batches of 4096 and 904 deals), deals
    // printed up to `produce`, and boards with their double-dummy tables.
    let runs: [(&str, &str, &[&str]); 3] = [
        (
            "s",
            "generate 5000\ncondition hcp(north) >= 10 && 100 / (hcp(south) + 1) >= 0\naction average hcp(north), frequency (hcp(south), 0, 40)\n",
            &[],
        ),
        ("d", "produce 8\ncondition hcp(north) >= 15\naction printoneline(hcp(north)), csvrpt(hcp(south))\n", &[]),
        ("t", "produce 2\ncondition hcp(north) >= 15\n", &["--pbn", "t.pbn", "--dd"]),
    ];
    let mut originals = Vec::new();
    for (name, script, switches) in runs {
        fs::write(dir.join(format!("{name}.dli")), script).unwrap();
        let paths: Vec<PathBuf> = (0..2).map(|k| dir.join(format!("{name}.{k}"))).collect();
        for (k, path) in paths.iter().enumerate() {
            let (shard, part) = (format!("{k}/2"), path.to_str().unwrap().to_string());
            let mut args = vec!["-s", "1", "--shard", &shard, "--part", &part];
            args.extend_from_slice(switches);
            let file = format!("{name}.dli");
            args.push(&file);
            let r = crate::common::dealvm_in(&dir, &args, None);
            assert_eq!(r.status, 0, "{}", r.stderr);
        }
        originals.push((paths, switches.contains(&"--pbn")));
    }
    let mut rng = Rng(0x51A2_D5EE_D0C4_7E11);
    let mut failures = Vec::new();
    for case in 0..cases() / 8 {
        let (paths, pbn) = &originals[case % originals.len()];
        let k = rng.below(2);
        let mut part = decode(&fs::read(&paths[k]).unwrap()).unwrap();
        let content = if rng.below(4) == 0 {
            // The encoding itself changed, then sealed again: decoded or refused whole.
            let bytes = postcard::to_stdvec(&part).unwrap();
            mutate(&mut rng, &bytes, &bytes)
        } else {
            mutate_part(&mut rng, &mut part);
            postcard::to_stdvec(&part).unwrap()
        };
        let crafted = dir.join("crafted");
        fs::write(&crafted, seal(&content)).unwrap();
        let mut given = paths.clone();
        given[k] = crafted;
        let out = dir.join("out.pbn");
        if let Err(panic) = merge_parts(&given, pbn.then_some(out.as_path())) {
            failures.push(format!("case {case}: {panic}\npart: {part:?}"));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "dealvm merge panicked on {} parts:\n{}", failures.len(), failures.join("\n\n"));
}

/// The byte that picks the switch of an append case, with its file: `-Z N:`, `-l` or `-C`.
fn append_switch(pick: usize, path: &str) -> (&'static str, String) {
    match pick % 3 {
        0 => ("-Z", format!("N:{path}")),
        1 => ("-l", path.to_string()),
        _ => ("-C", path.to_string()),
    }
}

#[test]
fn files_added_to_are_added_to_whole_or_left_as_they_were() {
    let dir = scratch("appends");
    let script = dir.join("add.dli");
    fs::write(&script, "produce 2\naction csvrpt(hcp(north), deal)\n").unwrap();
    // Files of each kind: zrd samples, DL52 records, CSV lines, a script, a PBN file.
    let dl52 = dir.join("seed.dl52");
    let r = crate::common::dealvm_in(&dir, &["-s", "1", "-p", "3", "-l", dl52.to_str().unwrap()], Some(b"produce 3\n"));
    assert_eq!(r.status, 0, "{}", r.stderr);
    let mut seeds = files(&data_dir().join("zrd"), ".zrd");
    seeds.push(fs::read(&dl52).unwrap());
    seeds.push(b"10,\"n AK.Q.J.T\"\n12,x\n".to_vec());
    seeds.push(b"produce 3\naction printall\n".to_vec());
    seeds.push(b"% PBN 2.1\r\n[Event \"\"]\r\n[Board \"1\"]\r\n".to_vec());
    let file = dir.join("existing");
    let mut rng = Rng(0xA99E_17D5_0F11_E5E5);
    let mut failures = Vec::new();
    for case in 0..cases() / 8 {
        let other = rng.below(seeds.len());
        let before = mutate(&mut rng, &seeds[case % seeds.len()], &seeds[other]);
        fs::write(&file, &before).unwrap();
        let (switch, spec) = append_switch(rng.below(3), file.to_str().unwrap());
        let ran = run_command(&["-s", "1", "-R", "1", switch, &spec, script.to_str().unwrap()]);
        let after = fs::read(&file).unwrap();
        let kept = after == before || (after.len() > before.len() && after.starts_with(&before));
        if ran.is_err() || !kept {
            failures.push(format!("case {case}, {switch}: {ran:?}, {} bytes before, {} after", before.len(), after.len()));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{} files were damaged or panicked:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn misbehaving_servers_never_panic_or_hang() {
    let dir = scratch("servers");
    let (said, server, script) = (dir.join("server.out"), dir.join("server.sh"), dir.join("ask.dli"));
    fs::write(&server, format!("#!/bin/sh\ncat '{}'\n", said.display())).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&server, fs::Permissions::from_mode(0o755)).unwrap();
    }
    fs::write(&script, "condition usereval(3, NS, 1) > 0 || usereval(4, north, spades, 0) < 0\naction average usereval(3, NS, 0)\n").unwrap();
    // What a server says: replies in step, out of step, refusals, version 1.
    let seeds: Vec<Vec<u8>> = [
        "dealvm-usereval 2\n1 5 7\n2 -3\n3 1 2\n4 error no\n",
        "dealvm-usereval 2\n1 5 7\n1 5 7\n2 1\n",
        "dealvm-usereval 1\n5 5\n",
        "dealvm-usereval 2\n1 2147483647 -2147483648\n2 0 0 0\n3 9\n",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let mut rng = Rng(0x5E4E_5E4E_0123_4567);
    let mut failures = Vec::new();
    for case in 0..cases() / 40 {
        let other = rng.below(seeds.len());
        fs::write(&said, mutate(&mut rng, &seeds[case % seeds.len()], &seeds[other])).unwrap();
        let start = Instant::now();
        let args = ["-s", "1", "-g", "20", "-R", "1", "-U", server.to_str().unwrap(), "--usereval-timeout", "1", script.to_str().unwrap()];
        let ran = run_command(&args);
        if ran.is_err() || start.elapsed().as_secs() >= 8 {
            failures.push(format!("case {case}: {ran:?} after {:?}: {:?}", start.elapsed(), String::from_utf8_lossy(&fs::read(&said).unwrap())));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{} servers made dealvm panic or hang:\n{}", failures.len(), failures.join("\n"));
}
