//! The same script and seed give the same deals whatever the output switches: whether the run
//! prints its deals or only counts them, writes them to a PBN, DLM, zrd or DL52 file, or
//! solves them for the tables of `--dd` and `-Z` (which read the whole deal, but come after
//! a `deal.rest`, so the hands dealt first stay those the condition and the actions read).

use crate::common::dealvm_in;
use crate::common::scratch;
use std::fs;
use std::path::Path;

/// The deal lines (`n ... e ... s ... w ...`) of a `printoneline` output.
fn deal_lines(out: &str) -> Vec<String> {
    out.lines().filter(|l| l.starts_with("n ")).map(str::to_string).collect()
}

/// Runs `script` in `dir` with `args`; checks it succeeds and gives its standard output.
fn run(dir: &Path, script: &str, args: &[&str]) -> String {
    let out = dealvm_in(dir, args, Some(script.as_bytes()));
    assert_eq!(out.status, 0, "{script}{args:?}: {}", out.stderr);
    out.stdout
}

/// The deals a run of `script` with `args` writes to `file`, read back with `--deals`.
fn deals_written(dir: &Path, script: &str, args: &[&str], file: &str) -> Vec<String> {
    let _ = fs::remove_file(dir.join(file));
    run(dir, script, args);
    deal_lines(&run(dir, "action printoneline\n", &["--deals", file]))
}

/// The conditions tried, what the dealer deals first differing for each (`--dump-bytecode`),
/// with an action that only counts and reads no other hand than the condition reads first
/// (the values of the actions are part of what the program reads, and so of the dealing).
const CONDITIONS: [(&str, &str); 7] = [
    // Nothing read: every deal dealt whole for the output.
    ("", "action average 1\n"),
    // North's honours only.
    ("condition hcp(north) >= 15\n", "action average hcp(north)\n"),
    // North first, the others at `deal.rest`.
    ("condition hcp(north) >= 12 && hcp(south) >= 8\n", "action average hcp(south)\n"),
    // North's whole hand.
    ("condition shape(north, any 5332) && hcp(north) >= 12\n", "action average hcp(north)\n"),
    // A side.
    ("condition hcp(north) + hcp(south) >= 26\n", "action average hcp(south)\n"),
    // Opponents' two hands.
    ("condition hcp(north) >= 10 || hcp(west) >= 10\n", "action average hcp(west)\n"),
    // The whole deal.
    ("condition hcp(north) >= 10 || hcp(west) >= 10 || hcp(east) >= 10\n", "action average hcp(east)\n"),
];

#[test]
fn the_output_switches_do_not_change_the_deals() {
    let dir = scratch("switches");
    for (i, (condition, counting)) in CONDITIONS.into_iter().enumerate() {
        let seed = (7 + i).to_string();
        let script = format!("{condition}produce 3\n");
        let printed = deal_lines(&run(&dir, &format!("{script}action printoneline\n"), &["-s", &seed]));
        assert_eq!(printed.len(), 3, "{script}");
        for (args, file, solves) in [
            (&["--pbn", "a.pbn"][..], "a.pbn", false),
            (&["--pbn", "b.pbn", "--dd"], "b.pbn", true),
            (&["-Z", "N:c.zrd"], "c.zrd", false),
            (&["-Z", "d.zrd"], "d.zrd", true),
            (&["-l", "e.dl52"], "e.dl52", false),
            (&["--dlm", "f.dlm"], "f.dlm", false),
        ] {
            let with_seed: Vec<&str> = ["-s", seed.as_str()].iter().chain(args).copied().collect();
            // Printed by Dealer's default action (`printall`), or only counted (solving is
            // slow: the tables are added to the printed deals only).
            let actions: &[&str] = if solves { &[""] } else { &["", counting] };
            for actions in actions {
                let written = deals_written(&dir, &format!("{script}{actions}"), &with_seed, file);
                assert_eq!(written, printed, "{script}{actions}{args:?}");
            }
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}
