//! Verifying an event after it: every board dealt again from the revealed keys (checked against
//! the event's `KH`) and the delayed value, and compared with the PBN and DLM files of each
//! session found in a folder (and the reserve sets' and the joined PBN files, when there), board
//! by board, each file read by its format's reader ([`crate::formats`]), what does not change
//! the deals (a DLM file's checksums) passed over so that a changed board is named as such.

use super::event::{joined_groups, joined_name, session_name};
use super::sessions::{delayed_value, load_event, load_keys, sessions_of, Session};
use crate::formats::read::read_checked;
use crate::formats::{Check, Format};
use crate::tournament::error::{refused, Error};
use dealvm_vm::card::Deal;
use std::collections::BTreeMap;
use std::path::Path;

/// The formats a session's files are compared in.
const COMPARED: [Format; 2] = [Format::Pbn, Format::Dlm];

/// What the check found: a line per file or difference, and the counts.
#[derive(Default)]
pub struct Verification {
    /// Files found and compared.
    pub files: usize,
    /// Boards that differ, are missing or do not read.
    pub differences: usize,
    /// Sessions with no file.
    pub missing: usize,
    /// A line per file or difference, to print.
    pub lines: Vec<String>,
}

impl Verification {
    /// Whether every file found agrees and every session has a file.
    pub fn verified(&self) -> bool {
        self.differences == 0 && self.missing == 0
    }

    /// Adds a line to what is printed.
    fn say(&mut self, line: String) {
        self.lines.push(line);
    }
}

/// The boards of a file, by number; or why the file does not read.
fn boards_of(name: &str, bytes: Vec<u8>) -> Result<BTreeMap<u64, Deal>, String> {
    let read = read_checked(name, bytes, Check::DealsOnly).map_err(|d| d.message)?;
    Ok(read.into_boards().into_iter().map(|b| (b.number, b.deal)).collect())
}

/// Compares a file's boards with the boards dealt; says what differs, or that all agree.
fn compare(report: &mut Verification, name: &str, found: Result<BTreeMap<u64, Deal>, String>, dealt: &[(u64, Deal)], whole: bool) {
    report.files += 1;
    let found = match found {
        Ok(found) => found,
        Err(why) => {
            report.say(format!("{name}: {why}"));
            report.differences += 1;
            return;
        }
    };
    let mut differences = 0;
    for (number, deal) in dealt {
        match found.get(number) {
            None => report.say(format!("{name}: board {number} is missing")),
            Some(read) if read == deal => continue,
            Some(read) => report.say(format!("{name}: board {number} differs: the file has {}, the keys deal {}", read.pbn(), deal.pbn())),
        }
        differences += 1;
    }
    if whole {
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

/// Checks one file, when it is there: whether it was. A file that holds all its boards (a
/// PBN file) is also refused boards of other sessions; a DLM file lists placeholders beside
/// them.
fn check_file(report: &mut Verification, dir: &Path, file: &str, dealt: &[(u64, Deal)]) -> bool {
    let Ok(bytes) = std::fs::read(dir.join(file)) else { return false };
    let whole = Format::of_name(file) != Some(Format::Dlm);
    compare(report, file, boards_of(file, bytes), dealt, whole);
    true
}

/// The file of a session in `format`.
fn file_name(name: &str, format: Format) -> String {
    format!("{name}.{}", format.extension())
}

/// Checks one phase's sessions, with the joined files of their groups.
fn check_sessions(report: &mut Verification, dir: &Path, sessions: &[Session], value: &str, prefix: &str) {
    for reserve in [false, true] {
        let mut dealt = BTreeMap::new();
        for session in sessions {
            let name = session.name(reserve);
            let boards = session.boards(value, reserve);
            let found: Vec<bool> = COMPARED.iter().map(|&f| check_file(report, dir, &file_name(&name, f), &boards)).collect();
            if !reserve {
                let names: Vec<String> = COMPARED.iter().map(|&f| file_name(&name, f)).collect();
                if found.iter().all(|f| !f) {
                    report.say(format!("{name}: no file {} in {}", names.join(" or "), dir.display()));
                    report.missing += 1;
                } else {
                    for (file, _) in names.iter().zip(&found).filter(|(_, found)| !**found) {
                        report.say(format!("{file}: not found"));
                    }
                }
            }
            dealt.insert(session.session, boards);
        }
        let ranges: Vec<(u32, (u64, u64))> = sessions.iter().map(|s| (s.session, s.range)).collect();
        for (first, last) in joined_groups(&ranges) {
            let boards: Vec<(u64, Deal)> = (first..=last).flat_map(|s| dealt[&s].iter().copied()).collect();
            check_file(report, dir, &file_name(&joined_name(prefix, first, last, reserve), Format::Pbn), &boards);
        }
    }
}

/// Verifies the event at `path` against the board files of `dir`.
pub fn verify(path: &Path, dir: &Path) -> Result<Verification, Error> {
    let event = load_event(path)?;
    let value = delayed_value(path, &event)?;
    let keys = load_keys(path, &event)?;
    if !dir.is_dir() {
        return Err(refused(format!("verify takes the folder of the board files, and `{}` is not one", dir.display())));
    }
    let mut report = Verification::default();
    for (i, phase) in event.phases.iter().enumerate() {
        let p = i as u32 + 1;
        let sessions = if phase.sessions == 0 {
            // A variable number of sessions: those whose files are there.
            let there = |s: u32| COMPARED.iter().any(|&f| dir.join(file_name(&session_name(&phase.prefix, &s.to_string(), false), f)).exists());
            let mut found = Vec::new();
            let mut s = 1;
            while there(s) {
                found.extend(sessions_of(path, &event, &keys, p, Some(s))?);
                s += 1;
            }
            if found.is_empty() {
                let first = session_name(&phase.prefix, "1", false);
                let extensions: Vec<String> = COMPARED.iter().map(|f| format!(".{}", f.extension())).collect();
                report.say(format!("phase {p}: no file {first}{} in {}", extensions.join(" or "), dir.display()));
                report.missing += 1;
            }
            found
        } else {
            sessions_of(path, &event, &keys, p, None)?
        };
        check_sessions(&mut report, dir, &sessions, value, &phase.prefix);
    }
    if report.verified() {
        report.say(format!("verified: every board of the {} files agrees with the keys of {}", report.files, path.display()));
    }
    Ok(report)
}
