//! Files of solved deals: Pavlicek's zrd records read (`--deals`, `-L`) and written (`-Z`)
//! byte for byte, DL52 records written (`-l`), PBN double-dummy tables written (`--pbn --dd`)
//! and read back; deals read with their results are never solved again.

use crate::common::ok;
use crate::common::{data_dir, dealvm_in, dealvm_stdin};
use std::fs;
use std::path::PathBuf;

/// A fresh path in the temporary folder.
fn temp(name: &str) -> PathBuf {
    crate::common::tmp_dir().join(format!("dealvm-solved-{}-{name}", std::process::id()))
}

/// A sample zrd file of Pavlicek's library (10 deals).
fn sample(name: &str) -> PathBuf {
    data_dir().join("zrd").join(name)
}

/// The `Double dummy:` counts of a `-D 2` run: solves of any kind, and cached answers.
fn solves(out: &str) -> (u64, u64) {
    let line = out.lines().find(|l| l.starts_with("Double dummy: ")).unwrap_or_else(|| panic!("no counts: {out}"));
    let n: Vec<u64> = line.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty()).map(|w| w.parse().unwrap()).collect();
    (n[0] + n[1] + n[2], n[3])
}

/// The deal lines (`n ... e ... s ... w ...`) and CSV lines of an output.
fn listing(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("n ") || l.starts_with(' ')).collect()
}

const LIST: &str = "action printoneline, csvrpt(trix(deal))\n";

#[test]
fn zrd_samples_are_read_with_their_results_and_written_back_byte_for_byte() {
    for name in ["rpdd_10First.zrd", "rpdd_10Last.zrd"] {
        let zrd = sample(name);
        let out = temp(&format!("copy-{name}"));
        let stdout = ok(LIST, &["--deals", zrd.to_str().unwrap(), "-Z", &format!("w:{}", out.display()), "-D", "2"]);
        // Every count from the file (20 for trix, 20 for the zrd file): nothing solved.
        assert_eq!(solves(&stdout), (0, 400), "{stdout}");
        assert_eq!(fs::read(&out).unwrap(), fs::read(&zrd).unwrap(), "{name} written back");
        // The listing of the sample: deal, then the 20 counts.
        let text = fs::read_to_string(sample(&name.replace(".zrd", ".txt"))).unwrap();
        let lines = listing(&stdout);
        for (i, want) in text.lines().enumerate() {
            let (deal, counts) = want.split_once(';').unwrap();
            assert_eq!(lines[2 * i].trim_end(), deal.trim_end());
            let counts: Vec<u32> = counts.split(',').map(|c| c.parse().unwrap()).collect();
            let got: Vec<u32> = lines[2 * i + 1].trim().split(',').map(|c| c.parse().unwrap()).collect();
            assert_eq!(got, counts, "{name} deal {}", i + 1);
        }
        fs::remove_file(out).ok();
    }
}

#[test]
fn library_mode_starts_at_the_seed_block_and_goes_round() {
    let zrd = sample("rpdd_10First.zrd");
    let all = ok(LIST, &["--deals", zrd.to_str().unwrap()]);
    let deals: Vec<&str> = listing(&all).into_iter().filter(|l| l.starts_with("n ")).collect();
    assert_eq!(deals.len(), 10);
    // --deals reads the file in order, whatever the seed.
    assert_eq!(listing(&ok(LIST, &["--deals", zrd.to_str().unwrap(), "-s", "7"])), listing(&all));
    // A library of fewer than 100 deals has blocks of one deal: seed 7 starts at the eighth,
    // and the run goes round to the first.
    let from7 = ok(LIST, &["-L", zrd.to_str().unwrap(), "-s", "7", "-p", "5"]);
    let got: Vec<&str> = listing(&from7).into_iter().filter(|l| l.starts_with("n ")).collect();
    assert_eq!(got, vec![deals[7], deals[8], deals[9], deals[0], deals[1]]);
    assert!(from7.contains("Generated 5 hands"), "{from7}");
    // The predeal and swapping are ignored, with a warning.
    let run = dealvm_stdin(&format!("predeal north SAKQ\n{LIST}"), &["-L", zrd.to_str().unwrap(), "-x", "2", "-p", "3", "-s", "3"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stderr.contains("the predeal is ignored") && run.stderr.contains("swapping (-x) is ignored"), "{}", run.stderr);
    let got: Vec<&str> = listing(&run.stdout).into_iter().filter(|l| l.starts_with("n ")).collect();
    assert_eq!(got, deals[3..6].to_vec());
    // A seed past the last block starts at the last, with a warning.
    let run = dealvm_stdin(LIST, &["-L", zrd.to_str().unwrap(), "-s", "25", "-p", "1"]);
    assert!(run.stderr.contains("past the 10 deals"), "{}", run.stderr);
    assert_eq!(listing(&run.stdout)[0], deals[9]);
    // -L and --deals together are refused.
    let run = dealvm_stdin(LIST, &["-L", zrd.to_str().unwrap(), "--deals", zrd.to_str().unwrap()]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("give one of them"), "{}", run.stderr);
}

#[test]
fn library_mode_without_a_seed_prints_the_seed_that_starts_where_it_started() {
    // 20 deals: blocks of one deal, numbered 0 to 19.
    let zrd = temp("twenty.zrd");
    let mut bytes = fs::read(sample("rpdd_10First.zrd")).unwrap();
    bytes.extend(fs::read(sample("rpdd_10Last.zrd")).unwrap());
    fs::write(&zrd, bytes).unwrap();
    let lib = zrd.to_str().unwrap();
    let in_order = ok(LIST, &["--deals", lib]);
    let deals: Vec<&str> = listing(&in_order).into_iter().filter(|l| l.starts_with("n ")).collect();
    let without_trailer = |out: &str| out.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    let mut seeds = std::collections::BTreeSet::new();
    for _ in 0..6 {
        let run = dealvm_stdin(LIST, &["-L", lib, "-p", "3"]);
        assert_eq!(run.status, 0, "{}", run.stderr);
        let seed: u64 = run.stdout.lines().find_map(|l| l.strip_prefix("Initial random seed ")).unwrap().parse().unwrap();
        assert!((1..=19).contains(&seed), "seed {seed} names no block of the library");
        let got: Vec<&str> = listing(&run.stdout).into_iter().filter(|l| l.starts_with("n ")).collect();
        assert_eq!(got[0], deals[seed as usize], "the run starts at the block its seed names");
        let again = dealvm_stdin(LIST, &["-L", lib, "-p", "3", "-s", &seed.to_string()]);
        assert_eq!((again.status, again.stderr.as_str()), (0, ""));
        assert_eq!(without_trailer(&again.stdout), without_trailer(&run.stdout), "-s {seed} reproduces the run");
        seeds.insert(seed);
    }
    fs::remove_file(zrd).ok();
}

#[test]
fn produced_deals_are_written_as_zrd_with_their_solved_results() {
    let out = temp("solved.zrd");
    let script = "generate 40\nproduce 3\ncondition hcp(north) >= 13\naction printoneline, csvrpt(trix(deal))\n";
    let first = ok(script, &["-s", "21", "-Z", &format!("w:{}", out.display()), "-T", "three openers"]);
    // One title record, then three deal records.
    assert_eq!(fs::read(&out).unwrap().len(), 4 * 23);
    let back = ok(LIST, &["--deals", out.to_str().unwrap(), "-D", "2"]);
    assert_eq!(solves(&back).0, 0);
    assert_eq!(listing(&back), listing(&first));
    // Added to: a second run's title and deals after the first's; `N` writes no counts.
    ok(script, &["-s", "22", "-Z", &format!("N:{}", out.display()), "-T", "again"]);
    let bytes = fs::read(&out).unwrap();
    assert_eq!(bytes.len(), 8 * 23);
    assert!(bytes[5 * 23 + 13..6 * 23].iter().all(|&b| b == 0), "N: counts of zero");
    let both = ok(LIST, &["--deals", out.to_str().unwrap()]);
    assert_eq!(listing(&both).len(), 12);
    fs::remove_file(out).ok();
}

#[test]
fn dl52_records_hold_each_hand_sorted_from_the_ace_of_spades() {
    let out = temp("deals.dl52");
    let stdout = ok("produce 2\naction printoneline\n", &["-s", "9", "-l", &format!("w:{}", out.display())]);
    let bytes = fs::read(&out).unwrap();
    assert_eq!(bytes.len(), 2 * 52);
    let ranks = "23456789TJQKA";
    for (record, line) in bytes.chunks(52).zip(stdout.lines().filter(|l| l.starts_with("n "))) {
        // Rebuild `n S.H.D.C e ... ` from the record: suit << 4 | rank, clubs 0, deuce 0.
        let mut text = String::new();
        for (seat, hand) in "nesw".chars().zip(record.chunks(13)) {
            assert!(hand.windows(2).all(|w| w[0] > w[1]), "sorted from the highest byte down");
            let suits: Vec<String> = (0..4)
                .rev()
                .map(|suit| hand.iter().filter(|&&b| b >> 4 == suit).map(|&b| ranks.as_bytes()[(b & 15) as usize] as char).collect())
                .collect();
            text.push_str(&format!("{seat} {} ", suits.join(".")));
        }
        assert_eq!(text, line);
    }
    // Added to without `w:`.
    ok("produce 1\naction printoneline\n", &["-s", "10", "-l", out.to_str().unwrap()]);
    assert_eq!(fs::read(&out).unwrap().len(), 3 * 52);
    fs::remove_file(out).ok();
}

#[test]
fn pbn_boards_carry_their_table_and_par_and_read_back_unsolved() {
    let pbn = temp("dd.pbn");
    let script = "produce 3\naction csvrpt(trix(deal), par(NS))\n";
    let solved = ok(script, &["-s", "31", "--pbn", pbn.to_str().unwrap(), "--dd", "-D", "2"]);
    let text = fs::read_to_string(&pbn).unwrap();
    assert_eq!(text.matches("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]").count(), 3);
    assert_eq!(text.matches("[OptimumScore \"").count(), 3);
    assert_eq!(text.matches("[ParContract \"").count(), 3);
    // Board 1 is not vulnerable: its OptimumScore is par(NS) at none, from the NS side.
    let par1: i32 = listing(&solved)[0].trim().rsplit(',').next().unwrap().parse().unwrap();
    let score = text.split("[OptimumScore \"").nth(1).unwrap().split('"').next().unwrap();
    let want = if par1 < 0 { format!("EW {}", -par1) } else { format!("NS {par1}") };
    assert_eq!(score, want);
    // Read back: the same tables, nothing solved (par from the table), at none with -P 0 as
    // the run that wrote them.
    let back = ok(script, &["--deals", pbn.to_str().unwrap(), "-D", "2", "-P", "0"]);
    assert_eq!(solves(&back).0, 0, "{back}");
    assert_eq!(listing(&back), listing(&solved));
    // Without -P, each board's par is at its own vulnerability: the file's OptimumScore.
    let own = ok(script, &["--deals", pbn.to_str().unwrap(), "-D", "2"]);
    let scores: Vec<&str> = text.split("[OptimumScore \"").skip(1).map(|s| s.split('"').next().unwrap()).collect();
    for (line, score) in listing(&own).iter().zip(&scores) {
        let par: i32 = line.trim().rsplit(',').next().unwrap().parse().unwrap();
        assert_eq!(if par < 0 { format!("EW {}", -par) } else { format!("NS {par}") }, *score, "{line}");
    }
    // --dd needs --pbn.
    let run = dealvm_stdin(script, &["--dd"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("--dd adds double-dummy tables"), "{}", run.stderr);
    fs::remove_file(pbn).ok();
}

#[test]
fn damaged_zrd_files_are_refused_with_the_record() {
    let good = fs::read(sample("rpdd_10First.zrd")).unwrap();
    let path = temp("damaged.zrd");
    for (damage, text) in [
        (Box::new(|b: &mut Vec<u8>| b.truncate(3 * 23 + 4)) as Box<dyn Fn(&mut Vec<u8>)>, "4 bytes left over"),
        (Box::new(|b: &mut Vec<u8>| b[2 * 23] ^= 1), "record 3: "),
        (Box::new(|b: &mut Vec<u8>| b[5 * 23 + 20] = 0xEE), "record 6: 14 tricks"),
    ] {
        let mut bytes = good.clone();
        damage(&mut bytes);
        fs::write(&path, &bytes).unwrap();
        for switch in ["--deals", "-L"] {
            let run = dealvm_in(&data_dir(), &[switch, path.to_str().unwrap()], Some(LIST.as_bytes()));
            assert_eq!(run.status, 2, "{switch} {text}: {}", run.stdout);
            assert!(run.stderr.contains(text), "{switch}: want `{text}` in {}", run.stderr);
        }
    }
    fs::remove_file(path).ok();
}

#[test]
fn a_zrd_file_read_with_deals_is_swapped_like_any_file_of_deals() {
    let file = sample("rpdd_10First.zrd");
    let args = ["--deals", file.to_str().unwrap(), "-x", "2", "-D", "2"];
    let run = dealvm_stdin("action printoneline, average dds(east, notrump)\n", &args);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("ignored"), "{}", run.stderr);
    let deals: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("n ")).collect();
    assert_eq!(deals.len(), 20, "each deal and its copy with East and West exchanged");
    // The copies are solved (10 single solves); the file's deals are not.
    assert_eq!(solves(&run.stdout).0, 10, "{}", run.stdout);
    // -L still takes the library's deals as they are, with a warning.
    let lib = dealvm_stdin("produce 3\naction printoneline\n", &["-L", file.to_str().unwrap(), "-s", "1", "-x", "2"]);
    assert!(lib.stderr.contains("-L: swapping (-x) is ignored"), "{}", lib.stderr);
}
