//! `dealvm squaredeal EVENT.sqd verify DIR`: every board of the event dealt again from the
//! revealed keys (checked against the event's `KH`) and the delayed value, and compared with
//! the PBN and DLM files of each session found in DIR (and the reserve sets' and the joined
//! PBN files, when there), board by board. Exit status 0 when every file found agrees and
//! every session has a file, 1 otherwise, with each difference named on standard output.

use super::event::{delayed_value, load_event, load_keys, sessions_of, Session};
use crate::cli::failure::{switch_error, Failure};
use crate::formats::dlm::deal_from_letters;
use crate::formats::pbn::parse_deal;
use crate::source::bigdeal::squaredeal::{joined_groups, joined_name, session_name};
use dealvm_vm::card::Deal;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

/// What the check found so far.
#[derive(Default)]
struct Report {
    /// Files found and compared.
    files: usize,
    /// Boards that differ, are missing or do not read.
    differences: usize,
    /// Sessions with no file.
    missing: usize,
    /// What is printed on standard output, a line per file or difference.
    text: String,
}

impl Report {
    /// Adds a line to what is printed.
    fn say(&mut self, line: String) {
        self.text.push_str(&line);
        self.text.push('\n');
    }
}

/// The boards a file holds, by number: each deal as read, or why it does not read.
type FileBoards = BTreeMap<u64, Result<Deal, String>>;

/// The boards of a PBN file: each `Deal` tag under the last `Board` tag before it.
fn pbn_boards(text: &str) -> FileBoards {
    let tag = |line: &str, name: &str| line.trim().strip_prefix(&format!("[{name} \"")).and_then(|v| v.strip_suffix("\"]")).map(str::to_string);
    let mut boards = BTreeMap::new();
    let mut board = None;
    for line in text.lines() {
        if let Some(n) = tag(line, "Board") {
            board = n.trim().parse::<u64>().ok();
        } else if let (Some(value), Some(n)) = (tag(line, "Deal"), board) {
            boards.insert(n, parse_deal(&value).map_err(|(_, _, why)| format!("its deal `{value}` does not read: {why}")));
        }
    }
    boards
}

/// The boards of a DLM file: each `Board NN=` line's 26 letters (the checksum after them is
/// not checked: a changed deal is named as such).
fn dlm_boards(text: &str) -> FileBoards {
    let mut boards = BTreeMap::new();
    for line in text.lines() {
        let Some((number, value)) = line.trim().strip_prefix("Board ").and_then(|l| l.split_once('=')) else { continue };
        let Ok(number) = number.trim().parse::<u64>() else { continue };
        let letters: String = value.chars().take(26).collect();
        boards.insert(number, deal_from_letters(&letters).map_err(|why| format!("its letters `{letters}` do not read: {why}")));
    }
    boards
}

/// Compares a file's boards with the boards dealt; prints what differs, or that all agree.
fn compare(report: &mut Report, name: &str, found: &FileBoards, dealt: &[(u64, Deal)], pbn: bool) {
    report.files += 1;
    let mut differences = 0;
    for (number, deal) in dealt {
        match found.get(number) {
            None => report.say(format!("{name}: board {number} is missing")),
            Some(Err(why)) => report.say(format!("{name}: board {number}: {why}")),
            Some(Ok(read)) if read == deal => continue,
            Some(Ok(read)) => report.say(format!("{name}: board {number} differs: the file has {}, the keys deal {}", read.pbn(), deal.pbn())),
        }
        differences += 1;
    }
    if pbn {
        for number in found.keys().filter(|n| !dealt.iter().any(|d| d.0 == **n)) {
            report.say(format!("{name}: board {number} is not a board of this file's sessions"));
            differences += 1;
        }
    }
    if differences == 0 {
        let (first, last) = (dealt.first().map_or(0, |d| d.0), dealt.last().map_or(0, |d| d.0));
        report.say(format!("{name}: boards {first}-{last} agree"));
    }
    report.differences += differences;
}

/// Checks one file, when it is there: whether it was.
fn check_file(report: &mut Report, dir: &Path, file: &str, dealt: &[(u64, Deal)]) -> bool {
    let path = dir.join(file);
    let Ok(bytes) = std::fs::read(&path) else { return false };
    let text = String::from_utf8_lossy(&bytes);
    let pbn = file.ends_with(".pbn");
    let found = if pbn { pbn_boards(&text) } else { dlm_boards(&text) };
    compare(report, file, &found, dealt, pbn);
    true
}

/// Checks one phase's sessions, with the joined files of their groups.
fn check_sessions(report: &mut Report, dir: &Path, sessions: &[Session], value: &str, prefix: &str) {
    for reserve in [false, true] {
        let mut dealt = BTreeMap::new();
        for session in sessions {
            let name = session.name(reserve);
            let boards = session.boards(value, reserve);
            let pbn = check_file(report, dir, &format!("{name}.pbn"), &boards);
            let dlm = check_file(report, dir, &format!("{name}.dlm"), &boards);
            match (pbn, dlm, reserve) {
                (false, false, false) => {
                    report.say(format!("{name}: no file {name}.pbn or {name}.dlm in {}", dir.display()));
                    report.missing += 1;
                }
                (true, false, false) => report.say(format!("{name}.dlm: not found")),
                (false, true, false) => report.say(format!("{name}.pbn: not found")),
                _ => {}
            }
            dealt.insert(session.session, boards);
        }
        let ranges: Vec<(u32, (u64, u64))> = sessions.iter().map(|s| (s.session, s.range)).collect();
        for (first, last) in joined_groups(&ranges) {
            let boards: Vec<(u64, Deal)> = (first..=last).flat_map(|s| dealt[&s].iter().copied()).collect();
            check_file(report, dir, &format!("{}.pbn", joined_name(prefix, first, last, reserve)), &boards);
        }
    }
}

/// `verify DIR`.
pub fn verify(path: &Path, dir: &Path) -> Result<(), Failure> {
    let event = load_event(path)?;
    let value = delayed_value(path, &event)?;
    let keys = load_keys(path, &event)?;
    if !dir.is_dir() {
        return Err(switch_error(format!("verify takes the folder of the board files, and `{}` is not one", dir.display())));
    }
    let mut report = Report::default();
    for (i, phase) in event.phases.iter().enumerate() {
        let p = i as u32 + 1;
        let sessions = if phase.sessions == 0 {
            // A variable number of sessions: those whose files are there.
            let there =
                |s: u32| ["pbn", "dlm"].iter().any(|e| dir.join(format!("{}.{e}", session_name(&phase.prefix, &s.to_string(), false))).exists());
            let mut found = Vec::new();
            let mut s = 1;
            while there(s) {
                found.extend(sessions_of(path, &event, &keys, p, Some(s))?);
                s += 1;
            }
            if found.is_empty() {
                report.say(format!("phase {p}: no file {}.pbn or .dlm in {}", session_name(&phase.prefix, "1", false), dir.display()));
                report.missing += 1;
            }
            found
        } else {
            sessions_of(path, &event, &keys, p, None)?
        };
        check_sessions(&mut report, dir, &sessions, value, &phase.prefix);
    }
    if report.differences == 0 && report.missing == 0 {
        report.say(format!("verified: every board of the {} files agrees with the keys of {}", report.files, path.display()));
    }
    let text = std::mem::take(&mut report.text);
    crate::cli::stdout::with_stdout(|out| Ok::<(), Failure>(out.write_all(text.as_bytes())?))?;
    if report.differences == 0 && report.missing == 0 {
        return Ok(());
    }
    let mut verdict = Vec::new();
    if report.differences > 0 {
        verdict.push(format!("{} board{} differ", report.differences, if report.differences == 1 { "" } else { "s" }));
    }
    if report.missing > 0 {
        verdict.push(format!("{} session{} without a file", report.missing, if report.missing == 1 { "" } else { "s" }));
    }
    Err(Failure::CheckFailed(format!("dealvm squaredeal: not verified: {}\n", verdict.join(", "))))
}
