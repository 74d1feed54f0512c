//! Verifying an event after it: every board dealt again from the revealed keys (checked against
//! the event's `KH`) and the delayed value, and compared with every board file of each session
//! found in a folder, whatever its format (and the reserve sets' and the joined files, when
//! there), board by board, each file read by its format's reader ([`crate::formats`]), what
//! does not change the deals (a DLM file's checksums) passed over so that a changed board is
//! named as such. A session of a phase whose boards were given at generation (`?`) takes its
//! range from the board numbers of its files. Every other file of the folder is listed as not
//! checked, with the reason.

use super::event::{joined_groups, joined_name, joined_sessions, session_name, Event, Keys};
use super::sessions::{delayed_value, key_path, load_event, load_keys, sessions_of};
use crate::files::reason;
use crate::formats::read::read_checked;
use crate::formats::{number, Check, Format, Sealed};
use crate::tournament::error::{refused, Error};
use dealvm_vm::card::Deal;
use dealvm_vm::dealing::board::Board;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What the check found: a line per file, difference or file not checked, and the counts.
#[derive(Default)]
pub struct Verification {
    /// Board files read and compared.
    pub files: usize,
    /// Boards of those files that differ, are missing, or are not boards of their sessions.
    pub differences: usize,
    /// Board files of the event's sessions that do not read.
    pub unread: usize,
    /// Sessions not checked: no board file of theirs, or, for boards given at generation, no
    /// file that numbers them.
    pub unchecked: usize,
    /// The folder's other files, not checked (each listed with the reason).
    pub others: usize,
    /// A line per file, difference or file not checked, to print.
    pub lines: Vec<String>,
}

impl Verification {
    /// Whether every board file of the event's sessions reads and agrees, and every session was
    /// checked.
    pub fn verified(&self) -> bool {
        self.differences == 0 && self.unread == 0 && self.unchecked == 0
    }

    /// What keeps the event from being verified: `1 board differs, 2 sessions not checked`.
    pub fn shortfall(&self) -> String {
        let mut parts = Vec::new();
        if self.differences > 0 {
            parts.push(format!("{} {}", counted(self.differences, "board"), if self.differences == 1 { "differs" } else { "differ" }));
        }
        if self.unread > 0 {
            parts.push(format!("{} {}", counted(self.unread, "board file"), if self.unread == 1 { "does not read" } else { "do not read" }));
        }
        if self.unchecked > 0 {
            parts.push(format!("{} not checked", counted(self.unchecked, "session")));
        }
        parts.join(", ")
    }

    /// Adds a line to what is printed.
    fn say(&mut self, line: String) {
        self.lines.push(line);
    }
}

/// `1 board`, `2 boards`.
fn counted(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// `boards 1-16`, `board 5`.
fn boards_named((first, last): (u64, u64)) -> String {
    if first == last {
        format!("board {first}")
    } else {
        format!("boards {first}-{last}")
    }
}

/// The files of the folder verified (the event's own files, its key file and SquareDeal's
/// `.bak` copy of it, left out), each taken once it is checked; those left are listed at the
/// end.
struct Folder {
    dir: PathBuf,
    /// Each file's name and path.
    files: BTreeMap<String, PathBuf>,
    /// The files taken.
    taken: BTreeSet<String>,
}

/// A file's name without its extension.
fn stem(file: &str) -> &str {
    file.rsplit_once('.').map_or(file, |(stem, _)| stem)
}

impl Folder {
    /// The files of `dir`, those of the event at `event` left out.
    fn read(dir: &Path, event: &Path) -> Result<Folder, Error> {
        let cannot = |e: std::io::Error| refused(format!("cannot read the folder `{}`: {}", dir.display(), reason(&e)));
        let own: Vec<String> =
            [event.to_path_buf(), key_path(event)].iter().filter_map(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned()).collect();
        let mut files = BTreeMap::new();
        for entry in std::fs::read_dir(dir).map_err(cannot)? {
            let entry = entry.map_err(cannot)?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if !entry.path().is_file() || own.iter().any(|o| name == *o || name == format!("{o}.bak")) {
                continue;
            }
            files.insert(name, entry.path());
        }
        Ok(Folder { dir: dir.to_path_buf(), files, taken: BTreeSet::new() })
    }

    /// The formats of the board files named `name` with a format's extension, in the
    /// registry's order.
    fn formats(&self, name: &str) -> Vec<Format> {
        let mut formats: Vec<Format> = self.files.keys().filter(|f| stem(f) == name).filter_map(|f| Format::of_name(f)).collect();
        formats.sort_by_key(|f| Format::ALL.iter().position(|a| a == f));
        formats
    }

    /// The board files named `name` with a format's extension, in the registry's order, read
    /// and taken.
    fn take(&mut self, name: &str) -> Vec<BoardFile> {
        let mut found: Vec<(&String, Format, &PathBuf)> =
            self.files.iter().filter(|(f, _)| stem(f) == name).filter_map(|(f, path)| Format::of_name(f).map(|format| (f, format, path))).collect();
        found.sort_by_key(|(_, f, _)| Format::ALL.iter().position(|a| a == f));
        let read: Vec<BoardFile> = found.into_iter().map(|(file, format, path)| BoardFile::read(file, format, path)).collect();
        self.taken.extend(read.iter().map(|f| f.name.clone()));
        read
    }

    /// The files left that are named as the joined files of `prefix`, with the sessions each
    /// joins, taken.
    fn joined_left(&mut self, prefix: &str, reserve: bool) -> Vec<(String, (u32, u32))> {
        let left = self.files.keys().filter(|f| !self.taken.contains(*f));
        let joined: Vec<(String, (u32, u32))> = left.filter_map(|f| joined_sessions(prefix, stem(f), reserve).map(|j| (f.clone(), j))).collect();
        self.taken.extend(joined.iter().map(|j| j.0.clone()));
        joined
    }

    /// Lists every file not taken, with the reason it was not checked.
    fn others(&self, report: &mut Verification) {
        let extensions: Vec<String> = Format::ALL.iter().map(|f| format!(".{}", f.extension())).collect();
        for file in self.files.keys().filter(|f| !self.taken.contains(*f)) {
            let why = match Format::of_name(file) {
                None => format!("not a board file (dealvm reads {})", extensions.join(", ")),
                Some(_) => format!("not a file of the event's sessions (none is named {})", stem(file)),
            };
            report.say(format!("{file}: not checked: {why}"));
            report.others += 1;
        }
    }
}

/// A board file of a session: its name, its format (by its extension), and its boards as its
/// format's reader numbers them, or why it does not read.
struct BoardFile {
    name: String,
    format: Format,
    boards: Result<Vec<(u64, Deal)>, String>,
}

impl BoardFile {
    fn read(name: &str, format: Format, path: &Path) -> BoardFile {
        let boards = match std::fs::read(path) {
            Err(e) => Err(format!("cannot read it: {}", reason(&e))),
            Ok(bytes) => read_checked(name, bytes, Check::DealsOnly)
                .map(|read| read.into_boards().into_iter().map(|b| (b.number, b.deal)).collect())
                .map_err(|d| d.message),
        };
        BoardFile { name: name.to_string(), format, boards }
    }
}

/// The boards written in `format` as `generate` (and Big Deal) writes them and read back by its
/// reader, numbered and placed as the reader gives them, in order; `None` when they are not
/// written in that format (the files of deal records, or boards past the format's last).
fn written_and_read(format: Format, file: &str, boards: &[(u64, Deal)]) -> Option<Vec<(u64, Deal)>> {
    let last = boards.iter().map(|b| b.0).max()?;
    if format.last_board().is_some_and(|most| last > most) {
        return None;
    }
    let cycle: Vec<Board> = boards.iter().map(|&(number, deal)| Board::of_cycle(number, deal)).collect();
    let read = read_checked(file, format.file(&cycle, Sealed::No)?, Check::DealsOnly).ok()?;
    let again: Vec<(u64, Deal)> = read.into_boards().into_iter().map(|b| (b.number, b.deal)).collect();
    (again.len() == boards.len()).then_some(again)
}

/// Whether the files of `format`, as `generate` and Big Deal write them, give their boards'
/// numbers: boards 2 and 3 are read back as 2 and 3. A DUP file so written starts its set at
/// board 1 whatever its boards; a GOE file has no number.
fn gives_numbers(format: Format) -> bool {
    let boards = [(2, number::deal_of(2)), (3, number::deal_of(3))];
    written_and_read(format, &format!("numbers.{}", format.extension()), &boards).is_some_and(|read| read.iter().map(|b| b.0).eq([2, 3]))
}

/// The boards of a session whose boards were given at generation, as its files that give board
/// numbers number them: from the lowest to the highest.
fn numbered_range(files: &[BoardFile]) -> Option<(u64, u64)> {
    let numbered = files.iter().filter(|f| gives_numbers(f.format)).filter_map(|f| f.boards.as_ref().ok());
    numbered.flatten().map(|b| b.0).fold(None, |range, n| match range {
        None => Some((n, n)),
        Some((low, high)) => Some((low.min(n), high.max(n))),
    })
}

/// Compares a file's boards with the boards dealt; says what differs, or that all agree.
///
/// The boards dealt are written in the file's format and read back as the file is read, then
/// compared with the file's boards number for number: a file that gives no board numbers (or,
/// as a DUP file Big Deal writes, starts every set at board 1) is read as boards 1, 2, ... in
/// order, and a BHG file's reader places each hand from the dealer of that number, so the
/// boards dealt are read so too. A differing board is shown with the seats of its own number.
/// A file that holds all its boards (not a DLM file, which lists placeholders beside them) is
/// also refused boards of other sessions.
fn compare(report: &mut Verification, file: &BoardFile, dealt: &[(u64, Deal)]) {
    let name = &file.name;
    let boards = match &file.boards {
        Ok(boards) => boards,
        Err(why) => {
            report.say(format!("{name}: not checked: {why}"));
            report.unread += 1;
            return;
        }
    };
    report.files += 1;
    let expected = written_and_read(file.format, name, dealt).unwrap_or_else(|| {
        let numbered = file.format.facts().numbers;
        dealt.iter().enumerate().map(|(i, &(number, deal))| (if numbered { number } else { i as u64 + 1 }, deal)).collect()
    });
    let found: BTreeMap<u64, Deal> = boards.iter().copied().collect();
    let mut differences = 0;
    for (&(key, as_read), &(number, deal)) in expected.iter().zip(dealt) {
        match found.get(&key) {
            None => report.say(format!("{name}: board {number} is missing")),
            Some(read) if *read == as_read => continue,
            Some(read) => {
                let turn = (0..4).find(|&t| as_read.rotated(t) == deal).unwrap_or(0);
                report.say(format!("{name}: board {number} differs: the file has {}, the keys deal {}", read.rotated(turn).pbn(), deal.pbn()));
            }
        }
        differences += 1;
    }
    if file.format != Format::Dlm {
        let extra: Vec<u64> = found.keys().copied().filter(|k| !expected.iter().any(|e| e.0 == *k)).collect();
        if expected.iter().zip(dealt).all(|(e, d)| e.0 == d.0) {
            for number in &extra {
                report.say(format!("{name}: board {number} is not a board of this file's sessions"));
            }
        } else if !extra.is_empty() {
            report.say(format!("{name}: holds {}, and its sessions {}", counted(found.len(), "board"), dealt.len()));
        }
        differences += extra.len();
    }
    if differences == 0 {
        let (first, last) = (dealt.first().map_or(0, |d| d.0), dealt.last().map_or(0, |d| d.0));
        let agree = if first == last { "agrees" } else { "agree" };
        report.say(format!("{name}: {} {agree}", boards_named((first, last))));
    }
    report.differences += differences;
}

/// What every session's check needs: the event, its keys, its delayed value.
struct Checking<'a> {
    path: &'a Path,
    event: &'a Event,
    keys: &'a Keys,
    value: &'a str,
}

/// `A.pbn, A.dlm or A.dup`.
fn either(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Checks the sessions of phase `p` when its prefix has no `#` and it has more than one session
/// (SquareDeal allows it): their files are named alike, each replacing the last, so the files
/// found are those of one session at most, checked against the session whose deals they hold
/// (of a variable number of sessions, the first 1,000).
fn check_alike(report: &mut Verification, folder: &mut Folder, c: &Checking, p: u32, reserve: bool) -> Result<(), Error> {
    let phase = &c.event.phases[p as usize - 1];
    let name = session_name(&phase.prefix, "1", reserve);
    let files = folder.take(&name);
    let alike = format!("the sessions of phase {p} name their files alike (its prefix has no `#`)");
    if files.is_empty() {
        if !reserve {
            report.say(format!("{name}: not checked: no board file of phase {p} (such as {name}.pbn) in {}", folder.dir.display()));
            report.unchecked += 1;
        }
        return Ok(());
    }
    let given = match (phase.asked(), numbered_range(&files)) {
        (false, _) => None,
        (true, Some(range)) => Some(vec![range]),
        (true, None) => {
            report.say(format!("{name}: not checked: its boards were given at generation (?), and none of its files gives their numbers"));
            report.unchecked += 1;
            return Ok(());
        }
    };
    let read: Vec<Deal> = files.iter().filter_map(|f| f.boards.as_ref().ok()).flatten().map(|b| b.1).collect();
    let last = if phase.sessions == 0 { 1000 } else { phase.sessions };
    let mut closest = None;
    for s in 1..=last {
        let session = sessions_of(c.path, c.event, c.keys, p, Some(s), given.as_deref())?.remove(0);
        let boards = session.boards(c.value, reserve);
        // The session whose first deal the files hold, in any turn of the table, is compared.
        let first = boards.first().map(|b| b.1);
        if !first.is_some_and(|first| read.iter().any(|deal| (0..4).any(|t| deal.rotated(t) == first))) {
            continue;
        }
        closest.get_or_insert(s);
        let mut trial = Verification::default();
        for file in &files {
            compare(&mut trial, file, &boards);
        }
        if trial.differences == 0 && trial.unread == 0 {
            report.say(format!("{name}: {alike}: these are session {s}'s"));
            report.files += trial.files;
            report.lines.extend(trial.lines);
            return Ok(());
        }
    }
    // Compared with the first session whose first deal they hold, else with the first.
    let s = closest.unwrap_or(1);
    report.say(format!("{name}: {alike}, and its files hold the boards of none of them: compared with session {s}"));
    let session = sessions_of(c.path, c.event, c.keys, p, Some(s), given.as_deref())?.remove(0);
    let boards = session.boards(c.value, reserve);
    for file in &files {
        compare(report, file, &boards);
    }
    Ok(())
}

/// Checks the sessions `numbers` of phase `p` (the original set or the reserve set), with the
/// joined files of their groups.
fn check_phase(report: &mut Verification, folder: &mut Folder, c: &Checking, p: u32, numbers: &[u32], reserve: bool) -> Result<(), Error> {
    let phase = &c.event.phases[p as usize - 1];
    if phase.sessions != 1 && !phase.prefix.contains('#') {
        return check_alike(report, folder, c, p, reserve);
    }
    let dir = folder.dir.display().to_string();
    let names: Vec<(u32, String)> = numbers.iter().map(|&s| (s, session_name(&phase.prefix, &s.to_string(), reserve))).collect();
    // The formats of the phase's files: a session without one of them has it said.
    let formats: BTreeSet<Format> = names.iter().flat_map(|(_, name)| folder.formats(name)).collect();
    let mut dealt = BTreeMap::new();
    let mut ranges = Vec::new();
    for (s, name) in &names {
        let files = folder.take(name);
        let given = match phase.asked().then(|| numbered_range(&files)) {
            None => None,
            Some(Some(range)) => {
                report.say(format!("{name}: {}, given at generation (?), as its files number them", boards_named(range)));
                Some(vec![range])
            }
            Some(None) if files.is_empty() && reserve => continue,
            Some(None) => {
                let why = if files.is_empty() {
                    format!("no board file of it is in {dir}")
                } else {
                    let names: Vec<String> = files.iter().map(|f| f.name.clone()).collect();
                    format!("none of its files ({}) gives their numbers", names.join(", "))
                };
                report.say(format!("{name}: not checked: its boards were given at generation (?), and {why}"));
                report.unchecked += 1;
                continue;
            }
        };
        let session = sessions_of(c.path, c.event, c.keys, p, Some(*s), given.as_deref())?.remove(0);
        let boards = session.boards(c.value, reserve);
        for file in &files {
            compare(report, file, &boards);
        }
        if !reserve && files.is_empty() {
            let expected: Vec<String> = formats.iter().map(|f| format!("{name}.{}", f.extension())).collect();
            let expected =
                if expected.is_empty() { format!("no board file of it (such as {name}.pbn)") } else { format!("no file {}", either(&expected)) };
            report.say(format!("{name}: not checked: {expected} in {dir}"));
            report.unchecked += 1;
        } else if !reserve {
            for format in formats.iter().filter(|f| !files.iter().any(|file| file.format == **f)) {
                report.say(format!("{name}.{}: not found", format.extension()));
            }
        }
        dealt.insert(*s, boards);
        ranges.push((*s, session.range));
    }
    for (first, last) in joined_groups(&ranges) {
        let boards: Vec<(u64, Deal)> = (first..=last).flat_map(|s| dealt[&s].iter().copied()).collect();
        for file in folder.take(&joined_name(&phase.prefix, first, last, reserve)) {
            compare(report, &file, &boards);
        }
    }
    // The joined files of sessions that were not all checked, or whose boards do not continue
    // each other.
    for (file, (first, last)) in folder.joined_left(&phase.prefix, reserve) {
        let why = match (first..=last).find(|s| !dealt.contains_key(s)) {
            Some(s) if numbers.contains(&s) => format!("session {s} was not checked"),
            Some(s) => format!("phase {p} has no session {s}"),
            None => "their boards do not continue each other".to_string(),
        };
        report.say(format!("{file}: not checked: it joins sessions {first} to {last}, and {why}"));
        report.others += 1;
    }
    Ok(())
}

/// Verifies the event at `path` against the board files of `dir`.
pub fn verify(path: &Path, dir: &Path) -> Result<Verification, Error> {
    let event = load_event(path)?;
    let value = delayed_value(path, &event)?;
    let keys = load_keys(path, &event)?;
    if !dir.is_dir() {
        return Err(refused(format!("verify takes the folder of the board files, and `{}` is not one", dir.display())));
    }
    let mut folder = Folder::read(dir, path)?;
    let mut report = Verification::default();
    let checking = Checking { path, event: &event, keys: &keys, value };
    for (i, phase) in event.phases.iter().enumerate() {
        let p = i as u32 + 1;
        let numbers: Vec<u32> = if phase.sessions == 0 && phase.prefix.contains('#') {
            // A variable number of sessions: those whose board files are there.
            let there = |s: &u32| !folder.formats(&session_name(&phase.prefix, &s.to_string(), false)).is_empty();
            let found: Vec<u32> = (1..).take_while(there).collect();
            if found.is_empty() {
                let first = session_name(&phase.prefix, "1", false);
                report.say(format!("phase {p}: not checked: no board file of its first session ({first}.pbn, ...) in {}", dir.display()));
                report.unchecked += 1;
            }
            found
        } else {
            (1..=phase.sessions).collect()
        };
        for reserve in [false, true] {
            check_phase(&mut report, &mut folder, &checking, p, &numbers, reserve)?;
        }
    }
    folder.others(&mut report);
    if report.verified() {
        let files = if report.files == 1 { "the one file".to_string() } else { format!("the {} files", report.files) };
        let mut line = format!("verified: every board of {files} agrees with the keys of {}", path.display());
        if report.others > 0 {
            line.push_str(&format!("; {} of {} not checked (above)", counted(report.others, "other file"), dir.display()));
        }
        report.say(line);
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::squaredeal::event::{session_boards, SessionSeed};

    /// The key of Big Deal's reference runs `w32/` and `w11/`: `-W` its left half, `-e` its
    /// right half, with no delayed value.
    const KEY: &str = "ExampleClubKeyLeftHalf0123456789ExampleClubKeyRightHalf9876543210";

    fn reference(folder: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bigdeal").join(folder)
    }

    /// The board files of a reference folder, read.
    fn files_of(folder: &str) -> Vec<BoardFile> {
        let mut names: Vec<String> =
            std::fs::read_dir(reference(folder)).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names.iter().map(|name| BoardFile::read(name, Format::of_name(name).unwrap(), &reference(folder).join(name))).collect()
    }

    fn dealt(reserve: bool, range: (u64, u64)) -> Vec<(u64, Deal)> {
        session_boards(&SessionSeed { key: KEY, delayed_value: "", reserve, variable_session: None }, range)
    }

    #[test]
    fn every_format_big_deal_writes_is_compared_board_for_board() {
        // Boards 11 to 20 (the first of them dealt by South): the formats without board
        // numbers, and Big Deal's DUP file, which starts its set at board 1, are compared in
        // order; a BHG file's hands are placed from each board's own dealer.
        for (folder, reserve, range, count) in [("w11", true, (11, 20), 12), ("w32", false, (1, 32), 12), ("blind", false, (1, 32), 2)] {
            let mut report = Verification::default();
            let boards = dealt(reserve, range);
            for file in files_of(folder) {
                compare(&mut report, &file, &boards);
            }
            assert_eq!((report.files, report.differences, report.unread), (count, 0, 0), "{folder}: {:#?}", report.lines);
            assert!(report.lines.iter().all(|l| l.ends_with(&format!(": boards {}-{} agree", range.0, range.1))), "{:#?}", report.lines);
        }
    }

    #[test]
    fn a_board_changed_in_a_file_without_numbers_is_named_and_shown_from_its_seats() {
        // Board 11's deal in the BHG file, its West and South hands (the first two of the
        // line: South deals) swapped: board 11 differs, shown with the seats of board 11.
        let boards = dealt(true, (11, 20));
        let text = std::fs::read_to_string(reference("w11").join("range.bhg")).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[1] = format!("{}{}{}", &lines[1][13..26], &lines[1][..13], &lines[1][26..]);
        let (source, file) = (std::env::temp_dir().join(format!("dealvm-verify-{}.bhg", std::process::id())), "range.bhg");
        std::fs::write(&source, lines.join("\n") + "\n").unwrap();
        let mut report = Verification::default();
        compare(&mut report, &BoardFile::read(file, Format::Bhg, &source), &boards);
        let _ = std::fs::remove_file(&source);
        let deal = boards[0].1;
        let swapped = Deal { hands: [deal.hands[0], deal.hands[1], deal.hands[3], deal.hands[2]] };
        assert_eq!(report.lines[0], format!("range.bhg: board 11 differs: the file has {}, the keys deal {}", swapped.pbn(), deal.pbn()));
        assert_eq!((report.differences, report.lines.len()), (1, 1), "{:#?}", report.lines);
        assert_eq!(report.shortfall(), "1 board differs");
    }

    #[test]
    fn the_formats_that_give_their_boards_numbers_give_a_sessions_range() {
        let giving: Vec<Format> = Format::ALL.into_iter().filter(|&f| gives_numbers(f)).collect();
        assert_eq!(giving, [Format::Pbn, Format::Dlm, Format::Cds, Format::Lin, Format::Csv]);
        assert_eq!(numbered_range(&files_of("w11")), Some((11, 20)));
        let unnumbered: Vec<BoardFile> = files_of("w11").into_iter().filter(|f| !gives_numbers(f.format)).collect();
        assert_eq!(unnumbered.len(), 7);
        assert_eq!(numbered_range(&unnumbered), None);
    }

    #[test]
    fn what_is_not_verified_is_counted_in_words() {
        let report = Verification { differences: 2, unread: 1, unchecked: 1, ..Verification::default() };
        assert_eq!(report.shortfall(), "2 boards differ, 1 board file does not read, 1 session not checked");
        let report = Verification { differences: 1, unread: 3, unchecked: 2, ..Verification::default() };
        assert_eq!(report.shortfall(), "1 board differs, 3 board files do not read, 2 sessions not checked");
        assert!(!report.verified());
        assert_eq!((boards_named((5, 5)), boards_named((1, 16))), ("board 5".to_string(), "boards 1-16".to_string()));
    }
}
