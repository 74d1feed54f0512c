//! SquareDeal's events: the `.sqd` file that describes an event and commits to its keys, the
//! `.sqk` file of the keys revealed after play, and each session's boards derived from them.
//!
//! - `.sqd`: `#` comments, `TN` the event's name, `DI` what the delayed value will be, `DV` the
//!   delayed value once known (stored as typed by older versions, `12,345.67`, and hashed
//!   exactly as stored), one `SN sessions:boards:prefix:description` line a phase (its boards
//!   `?` when they are given at generation, as SquareDeal asks for them then), and `KH` the
//!   SHA-256 of the `.sqk` file's bytes in lowercase hex.
//! - `.sqk`: one line a session, `phase,session:KEY`, each ended by CRLF; a key is 60
//!   characters of `[A-Za-z0-9]`; a phase of a variable number of sessions has one key,
//!   `phase,0`.
//! - A session's boards: with `left` and `right` the halves of its key, the stream of Big Deal
//!   with `seed_owner = RIPEMD-160(left)` and `seed_random = RIPEMD-160(right ‖ base64(DV) ‖
//!   "original")` (`"reserve"` for a reserve set; `"ses" ‖ session` added for a phase of a
//!   variable number of sessions), one deal a board of the session's range. The board
//!   numbers are not hashed: the range only numbers the boards, and says how many.

use crate::tournament::bigdeal::{entropy_hash, owner_hash, BigDeal};
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use dealvm_vm::card::Deal;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt;

/// The length of a session's key.
pub const KEY_LENGTH: usize = 60;

/// The characters of a key.
pub const KEY_ALPHABET: &[u8; 62] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A problem with an event's files: the file, the line when there is one, and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for EventError {}

fn error(file: &str, line: Option<usize>, message: impl Into<String>) -> EventError {
    EventError { file: file.to_string(), line, message: message.into() }
}

/// A phase's boards: the ranges its sessions take in turn, each as written in the file
/// (`16` for boards 1 to 16, `17-32`), or `?`, boards asked at generation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardList {
    Ranges(Vec<(u64, u64)>),
    Asked,
}

impl BoardList {
    /// Reads a board list as SquareDeal takes it at entry: `16` (boards 1 to 16), ranges
    /// separated by commas (`1-10,11-20`), `NxM` for N ranges of M boards one after the other
    /// (`3x7`: 1-7, 8-14, 15-21), or `?`.
    pub fn parse(text: &str) -> Result<BoardList, String> {
        if text.trim() == "?" {
            return Ok(BoardList::Asked);
        }
        let list =
            || format!("a board list is a number of boards (16), ranges separated by commas (1-16,17-32), NxM (3x7) or ?, found `{}`", text.trim());
        BoardList::ranges(text, list).map(BoardList::Ranges)
    }

    /// The boards given at generation for a phase whose list is `?` (`--boards`): a board
    /// list as [`BoardList::parse`] reads it, but not `?`.
    pub fn given(text: &str) -> Result<Vec<(u64, u64)>, String> {
        let given =
            || format!("the boards are a number of boards (16), ranges separated by commas (1-16,17-32) or NxM (3x7), found `{}`", text.trim());
        BoardList::ranges(text, given)
    }

    /// The ranges of a board list that is not `?`; `bad` says what a list is.
    fn ranges(text: &str, bad: impl Fn() -> String) -> Result<Vec<(u64, u64)>, String> {
        let text = text.trim();
        let number = |s: &str| s.trim().parse::<u64>().ok().filter(|&n| (1..=1_000_000).contains(&n)).ok_or_else(&bad);
        if let Some((count, size)) = text.split_once(['x', 'X']) {
            let (count, size) = (number(count)?, number(size)?);
            if count > 1000 {
                return Err(bad());
            }
            return Ok((0..count).map(|i| (i * size + 1, (i + 1) * size)).collect());
        }
        let mut ranges = Vec::new();
        for entry in text.split(',') {
            let range = match entry.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (1, number(entry)?),
            };
            if range.0 > range.1 {
                return Err(format!("the range `{}` of the board list goes down", entry.trim()));
            }
            ranges.push(range);
        }
        Ok(ranges)
    }

    /// The list as SquareDeal stores what was typed: `NxM` written as its ranges
    /// (`3x7`: `1-7,8-14,15-21`), anything else as typed, trimmed.
    pub fn entry_text(typed: &str) -> Result<String, String> {
        let list = BoardList::parse(typed)?;
        match list {
            BoardList::Ranges(ranges) if typed.contains(['x', 'X']) => {
                Ok(ranges.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(","))
            }
            _ => Ok(typed.trim().to_string()),
        }
    }
}

/// One phase of an event: an `SN` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    /// The number of sessions; 0 for a variable number (one key for all).
    pub sessions: u32,
    /// The board list as the file holds it, and read.
    pub boards_text: String,
    pub boards: BoardList,
    /// The files' names, a run of `#` standing for the session number.
    pub prefix: String,
    pub description: String,
    /// The line of the `.sqd` file (0 for a phase not read from a file).
    pub line: usize,
}

impl Phase {
    /// The range of boards of session `session` (from 1): the board list's entries in turn;
    /// `None` when the boards are asked at generation.
    pub fn range(&self, session: u32) -> Option<(u64, u64)> {
        match &self.boards {
            BoardList::Ranges(ranges) => range_in_turn(ranges, session),
            BoardList::Asked => None,
        }
    }

    /// Whether the phase's boards are asked at generation (`?`).
    pub fn asked(&self) -> bool {
        self.boards == BoardList::Asked
    }
}

/// The range of session `session` (from 1) among `ranges` taken in turn, as SquareDeal takes a
/// phase's board list, and the list given at generation for a phase whose list is `?`: entry
/// `(session - 1) mod` the number of entries.
pub fn range_in_turn(ranges: &[(u64, u64)], session: u32) -> Option<(u64, u64)> {
    (session >= 1 && !ranges.is_empty()).then(|| ranges[(session as usize - 1) % ranges.len()])
}

/// An event: its `.sqd` file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Event {
    /// TN: the event's name.
    pub name: String,
    /// DI: what the delayed value is to be.
    pub delayed_info: String,
    /// DV: the delayed value as stored, and its line (0 when set but not read from a file).
    pub delayed_value: Option<(String, usize)>,
    pub phases: Vec<Phase>,
    /// KH: the SHA-256 of the key file, in lowercase hex, and its line.
    pub key_hash: Option<(String, usize)>,
}

impl Event {
    /// Reads an `.sqd` file's text; `file` names it in the messages.
    pub fn parse(file: &str, text: &str) -> Result<Event, EventError> {
        let mut event = Event::default();
        let (mut name, mut info) = (None, None);
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.trim_end_matches('\r');
            if content.trim().is_empty() || content.starts_with('#') {
                continue;
            }
            let (code, value) = content.split_once(' ').unwrap_or((content, ""));
            let once = |seen: bool| if seen { Err(error(file, Some(line), format!("a second {code} line"))) } else { Ok(()) };
            match code {
                "TN" => {
                    once(name.is_some())?;
                    name = Some(value.to_string());
                }
                "DI" => {
                    once(info.is_some())?;
                    info = Some(value.to_string());
                }
                "DV" => {
                    once(event.delayed_value.is_some())?;
                    event.delayed_value = Some((value.to_string(), line));
                }
                "KH" => {
                    once(event.key_hash.is_some())?;
                    let hash = value.trim();
                    if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
                        return Err(error(file, Some(line), format!("KH takes the SHA-256 of the key file, 64 hexadecimal digits, found `{hash}`")));
                    }
                    event.key_hash = Some((hash.to_ascii_lowercase(), line));
                }
                "SN" => event.phases.push(parse_phase(value).map_err(|m| error(file, Some(line), m))?),
                _ => return Err(error(file, Some(line), format!("found `{content}`: a line of an .sqd file starts with TN, DI, DV, SN, KH or #"))),
            }
            if let Some(phase) = event.phases.last_mut().filter(|_| code == "SN") {
                phase.line = line;
            }
        }
        event.name = name.ok_or_else(|| error(file, None, "no TN line (the event's name)"))?;
        event.delayed_info = info.unwrap_or_default();
        Ok(event)
    }

    /// The `.sqd` file's text: the event's name and delayed information, the delayed value once
    /// set, one `SN` line a phase, and the keys' hash once published. Lines end with LF.
    pub fn text(&self) -> String {
        let mut out = String::from("# Description file of tournament for program SquareDeal 2.7\n");
        out.push_str(&format!("# Written by dealvm {}\n", env!("CARGO_PKG_VERSION")));
        out.push_str(&format!("TN {}\nDI {}\n", self.name, self.delayed_info));
        if let Some((value, _)) = &self.delayed_value {
            out.push_str(&format!("DV {value}\n"));
        }
        out.push_str("# Description of phases of tournament\n# Per phase a line with SN nessions:nboards:filename:description\n");
        for p in &self.phases {
            out.push_str(&format!("SN {}:{}:{}:{}\n", p.sessions, p.boards_text, p.prefix, p.description));
        }
        if let Some((hash, _)) = &self.key_hash {
            out.push_str(&format!("KH {hash}\n"));
        }
        out
    }

    /// The sessions of the key file, in order: `(phase, session)` from 1, session 0 for a
    /// phase of a variable number of sessions.
    pub fn key_labels(&self) -> Vec<(u32, u32)> {
        let mut labels = Vec::new();
        for (p, phase) in self.phases.iter().enumerate() {
            let p = p as u32 + 1;
            match phase.sessions {
                0 => labels.push((p, 0)),
                n => labels.extend((1..=n).map(|s| (p, s))),
            }
        }
        labels
    }
}

/// An `SN` line's value: `sessions:boards:prefix:description`.
fn parse_phase(value: &str) -> Result<Phase, String> {
    let fields: Vec<&str> = value.splitn(4, ':').collect();
    if fields.len() < 3 {
        return Err(format!("an SN line is `SN sessions:boards:prefix:description`, found `SN {value}`"));
    }
    let sessions = fields[0].trim().parse::<u32>().map_err(|_| format!("an SN line starts with the number of sessions, found `{}`", fields[0]))?;
    let boards_text = fields[1].trim().to_string();
    let boards = BoardList::parse(&boards_text)?;
    let prefix = fields[2].to_string();
    check_prefix(&prefix)?;
    Ok(Phase { sessions, boards_text, boards, prefix, description: fields.get(3).unwrap_or(&"").to_string(), line: 0 })
}

/// A phase's prefix names files: not empty, no folder, no `:`.
pub fn check_prefix(prefix: &str) -> Result<(), String> {
    if prefix.is_empty() || prefix.contains(['/', '\\', ':', '\n', '\r']) || prefix.starts_with('.') {
        return Err(format!("a phase's prefix names its files in the current folder (such as SWISS##), found `{prefix}`"));
    }
    Ok(())
}

/// The keys of a `.sqk` file, by `(phase, session)`, each with its line.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Keys {
    pub keys: BTreeMap<(u32, u32), (String, usize)>,
}

impl Drop for Keys {
    /// The keys are wiped from memory once no longer needed.
    fn drop(&mut self) {
        self.keys.values_mut().for_each(|(key, _)| zeroize::Zeroize::zeroize(key));
    }
}

impl fmt::Debug for Keys {
    /// The labels only: the keys are secrets until the event is over.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Keys").field("sessions", &self.keys.keys().collect::<Vec<_>>()).finish_non_exhaustive()
    }
}

impl Keys {
    /// Reads a `.sqk` file's bytes: every line `phase,session:KEY` ended by CRLF, each key 60
    /// characters of `[A-Za-z0-9]`, each session once.
    pub fn parse(file: &str, bytes: &[u8]) -> Result<Keys, EventError> {
        let text = std::str::from_utf8(bytes).map_err(|_| error(file, None, "a key file is ASCII text"))?;
        let mut keys = BTreeMap::new();
        for (i, raw) in text.split_inclusive('\n').enumerate() {
            let line = i + 1;
            let Some(content) = raw.strip_suffix("\r\n") else {
                return Err(error(file, Some(line), "the line does not end with CRLF: the key file's hash (KH) is of its lines ended by CRLF"));
            };
            if content.is_empty() {
                continue;
            }
            let bad = || error(file, Some(line), format!("a line of a key file is `phase,session:KEY`, found `{}`", clip(content)));
            let (label, key) = content.split_once(':').ok_or_else(bad)?;
            let (p, s) = label.split_once(',').ok_or_else(bad)?;
            let (p, s) = (p.trim().parse::<u32>().map_err(|_| bad())?, s.trim().parse::<u32>().map_err(|_| bad())?);
            check_key(key).map_err(|m| error(file, Some(line), format!("the key of phase {p} session {s} {m}")))?;
            if keys.insert((p, s), (key.to_string(), line)).is_some() {
                return Err(error(file, Some(line), format!("a second key for phase {p} session {s}")));
            }
        }
        Ok(Keys { keys })
    }

    /// The `.sqk` file's bytes: one line a key, in order, ended by CRLF.
    pub fn bytes(&self) -> Vec<u8> {
        self.keys.iter().map(|((p, s), (key, _))| format!("{p},{s}:{key}\r\n")).collect::<String>().into_bytes()
    }

    /// Fresh keys for every session of `event`, from the operating system's cryptographic
    /// generator.
    pub fn fresh(event: &Event) -> std::io::Result<Keys> {
        let mut keys = BTreeMap::new();
        for label in event.key_labels() {
            keys.insert(label, (new_key()?, 0));
        }
        Ok(Keys { keys })
    }
}

/// The start of a line, for a message.
fn clip(text: &str) -> String {
    let shown: String = text.chars().take(40).collect();
    if shown.len() < text.len() {
        format!("{shown}...")
    } else {
        shown
    }
}

/// A key is 60 characters of `[A-Za-z0-9]`: the reason it is not, if it is not.
pub fn check_key(key: &str) -> Result<(), String> {
    if key.len() != KEY_LENGTH || key.chars().count() != KEY_LENGTH {
        return Err(format!("has {} characters, not {KEY_LENGTH}", key.chars().count()));
    }
    if let Some(c) = key.chars().find(|c| !c.is_ascii_alphanumeric()) {
        return Err(format!("holds `{c}`: a key is made of letters A-Z, a-z and digits"));
    }
    Ok(())
}

/// A fresh key: 60 characters drawn uniformly from [`KEY_ALPHABET`] with the operating
/// system's cryptographic generator (a byte from 248 on is drawn again, so that each of the 62
/// characters is as likely).
pub fn new_key() -> std::io::Result<String> {
    let mut key = String::with_capacity(KEY_LENGTH);
    let mut bytes = zeroize::Zeroizing::new([0u8; 64]);
    while key.len() < KEY_LENGTH {
        getrandom::fill(&mut bytes[..]).map_err(|e| std::io::Error::other(format!("the system's random generator failed: {e}")))?;
        for &b in bytes.iter() {
            if b < 248 && key.len() < KEY_LENGTH {
                key.push(KEY_ALPHABET[(b % 62) as usize] as char);
            }
        }
    }
    Ok(key)
}

/// The SHA-256 of a key file's bytes, in lowercase hex: the `KH` of its event.
pub fn key_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The delayed value as SquareDeal 2.7 stores what the operator types: trimmed, runs of
/// spaces made one, and `,` and `.` between two digits removed (`12,345.67` → `1234567`).
pub fn canonical_delayed_value(typed: &str) -> String {
    let words: Vec<&str> = typed.split_whitespace().collect();
    let joined: Vec<char> = words.join(" ").chars().collect();
    let mut out = String::new();
    for (i, &c) in joined.iter().enumerate() {
        let between_digits = i > 0 && joined[i - 1].is_ascii_digit() && joined.get(i + 1).is_some_and(char::is_ascii_digit);
        if (c == ',' || c == '.') && between_digits {
            continue;
        }
        out.push(c);
    }
    out
}

/// What a session's deals come from.
pub struct SessionSeed<'a> {
    /// The session's key (60 characters).
    pub key: &'a str,
    /// The delayed value, exactly as stored.
    pub delayed_value: &'a str,
    /// The reserve set rather than the original one.
    pub reserve: bool,
    /// The session's number, for a phase of a variable number of sessions (hashed too).
    pub variable_session: Option<u32>,
}

/// The stream of a session's deals: [`BigDeal`] from the seeds of the module's description.
pub fn session_stream(seed: &SessionSeed) -> BigDeal {
    let (left, right) = seed.key.split_at(seed.key.len() / 2);
    // Standard base64 with padding, as SquareDeal encodes the delayed value.
    let value = BASE64.encode(seed.delayed_value.as_bytes());
    let set = if seed.reserve { "reserve" } else { "original" };
    let session = seed.variable_session.map(|s| format!("ses{s}")).unwrap_or_default();
    BigDeal::new(entropy_hash(&[right, &value, set, &session]), owner_hash(left))
}

/// A session's boards `first..=last`, each with its deal.
pub fn session_boards(seed: &SessionSeed, (first, last): (u64, u64)) -> Vec<(u64, Deal)> {
    let mut stream = session_stream(seed);
    (first..=last).map(|board| (board, stream.next_deal())).collect()
}

/// The name of a session's files without extension: the prefix with its first run of `#`
/// replaced by `number`, zero-padded to the run's length (a prefix without `#`, as a phase of
/// one session may have, is the name as it is, as SquareDeal names it), then `reserve` for a
/// reserve set.
pub fn session_name(prefix: &str, number: &str, reserve: bool) -> String {
    let suffix = if reserve { "reserve" } else { "" };
    match prefix.find('#') {
        Some(start) => {
            let run = prefix[start..].chars().take_while(|&c| c == '#').count();
            let padded = format!("{number:0>run$}");
            format!("{}{padded}{}{suffix}", &prefix[..start], &prefix[start + run..])
        }
        None => format!("{prefix}{suffix}"),
    }
}

/// The name of the joined file of sessions `first` to `last`: [`session_name`] with the run
/// of `#` replaced by `first-last`, each padded (`CLUB#`, 1, 2: `CLUB1-2`). A prefix without
/// `#` names every session's files alike, and no file joins them.
pub fn joined_name(prefix: &str, first: u32, last: u32, reserve: bool) -> String {
    let run = prefix.find('#').map_or(1, |start| prefix[start..].chars().take_while(|&c| c == '#').count());
    session_name(prefix, &format!("{first:0run$}-{last:0run$}"), reserve)
}

/// The sessions a joined file of `prefix` joins, by its name without extension: [`joined_name`]
/// read back; `None` when the name is not one.
pub fn joined_sessions(prefix: &str, name: &str, reserve: bool) -> Option<(u32, u32)> {
    let (before, after) = match prefix.find('#') {
        Some(start) => (&prefix[..start], prefix[start..].trim_start_matches('#')),
        None => (prefix, ""),
    };
    let unset = if reserve { name.strip_suffix("reserve")? } else { name };
    let (first, last) = unset.strip_prefix(before)?.strip_suffix(after)?.split_once('-')?;
    let (first, last) = (first.parse::<u32>().ok()?, last.parse::<u32>().ok()?);
    (first < last && joined_name(prefix, first, last, reserve) == name).then_some((first, last))
}

/// The groups of two sessions or more, among `sessions` (each with its range, in order of
/// session), whose numbers follow each other and whose ranges continue each other (1-16,
/// 17-32): the sessions SquareDeal joins into one PBN file.
pub fn joined_groups(sessions: &[(u32, (u64, u64))]) -> Vec<(u32, u32)> {
    let mut groups = Vec::new();
    let mut i = 0;
    while i < sessions.len() {
        let mut j = i;
        while j + 1 < sessions.len() && sessions[j + 1].0 == sessions[j].0 + 1 && sessions[j + 1].1 .0 == sessions[j].1 .1 + 1 {
            j += 1;
        }
        if j > i {
            groups.push((sessions[i].0, sessions[j].0));
        }
        i = j + 1;
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_lists_as_squaredeal_takes_them() {
        assert_eq!(BoardList::parse("16"), Ok(BoardList::Ranges(vec![(1, 16)])));
        assert_eq!(BoardList::parse("1-10,11-20,21-30"), Ok(BoardList::Ranges(vec![(1, 10), (11, 20), (21, 30)])));
        assert_eq!(BoardList::parse("3x7"), Ok(BoardList::Ranges(vec![(1, 7), (8, 14), (15, 21)])));
        assert_eq!(BoardList::entry_text(" 3x7").unwrap(), "1-7,8-14,15-21");
        assert_eq!(BoardList::entry_text("1-16,17-32 ").unwrap(), "1-16,17-32");
        assert_eq!(BoardList::parse("?"), Ok(BoardList::Asked));
        assert_eq!(BoardList::entry_text(" ? ").unwrap(), "?");
        assert_eq!(BoardList::given("3x8"), Ok(vec![(1, 8), (9, 16), (17, 24)]));
        assert_eq!(BoardList::given(" 1-16"), Ok(vec![(1, 16)]));
        assert_eq!(
            BoardList::given("?").unwrap_err(),
            "the boards are a number of boards (16), ranges separated by commas (1-16,17-32) or NxM (3x7), found `?`"
        );
        assert_eq!(range_in_turn(&[(1, 8), (9, 16)], 3), Some((1, 8)));
        assert_eq!(range_in_turn(&[(1, 8), (9, 16)], 0), None);
        for bad in ["", "0", "a-b", "5-3", "3x", "1-16,", "x7"] {
            assert!(BoardList::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn names_and_groups() {
        assert_eq!(session_name("TEAMS##", "2", false), "TEAMS02");
        assert_eq!(session_name("CLUB#", "1", true), "CLUB1reserve");
        assert_eq!(session_name("DAY#-R", "3", false), "DAY3-R");
        assert_eq!(session_name("FINAL", "1", false), "FINAL");
        assert_eq!(session_name("FINAL", "1", true), "FINALreserve");
        assert_eq!(joined_name("CLUB#", 1, 2, false), "CLUB1-2");
        assert_eq!(joined_name("TEAMS##", 1, 3, false), "TEAMS01-03");
        assert_eq!(joined_sessions("TEAMS##", "TEAMS01-03", false), Some((1, 3)));
        assert_eq!(joined_sessions("CLUB#", "CLUB1-2reserve", true), Some((1, 2)));
        assert_eq!(joined_sessions("DAY#-R", "DAY2-4-R", false), Some((2, 4)));
        // Without a `#`, the sessions are named alike: no file joins them.
        assert_eq!(joined_sessions("FINAL", "FINAL1-2", false), None);
        for (prefix, name, reserve) in [
            ("TEAMS##", "TEAMS1-3", false),
            ("CLUB#", "CLUB1-2reserve", false),
            ("CLUB#", "CLUB2-1", false),
            ("CLUB#", "CLUB1", false),
            ("CLUB#", "CLUBx-2", false),
        ] {
            assert_eq!(joined_sessions(prefix, name, reserve), None, "{name}");
        }
        let sessions = [(1, (1, 8)), (2, (9, 16)), (3, (17, 24)), (4, (1, 8)), (5, (1, 8)), (6, (9, 16))];
        assert_eq!(joined_groups(&sessions), vec![(1, 3), (5, 6)]);
    }

    #[test]
    fn delayed_values_and_base64() {
        assert_eq!(canonical_delayed_value("  12,345.67 "), "1234567");
        assert_eq!(canonical_delayed_value("Dow  Jones\t 44,882.13, closing."), "Dow Jones 4488213, closing.");
        assert_eq!(BASE64.encode(b"12,345.67"), "MTIsMzQ1LjY3");
        assert_eq!(BASE64.encode(b"ab"), "YWI=");
        assert_eq!(BASE64.encode(b"a"), "YQ==");
    }

    #[test]
    fn the_key_hash_is_sha_256_in_lowercase_hex() {
        let cases: [(&[u8], &str); 4] = [
            (b"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (b"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            (&[b'a'; 1_000_000], "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        ];
        for (message, digest) in cases {
            assert_eq!(key_hash(message), digest, "{}", String::from_utf8_lossy(&message[..message.len().min(60)]));
        }
    }

    #[test]
    fn fresh_keys_are_sixty_characters_of_the_alphabet() {
        let a = new_key().unwrap();
        let b = new_key().unwrap();
        assert!(check_key(&a).is_ok() && check_key(&b).is_ok());
        assert_ne!(a, b);
        assert!(check_key("abc").is_err());
        assert!(check_key(&"é".repeat(30)).is_err());
        assert!(check_key(&format!("{}-", &a[1..])).is_err());
    }

    #[test]
    fn an_event_is_written_as_it_is_read() {
        let text = "TN Club\nDI Index close\nSN 2:1-16,17-32:CLUB#:Pairs #\nSN 0:24:SWISS##:Swiss\n";
        let event = Event::parse("e.sqd", text).unwrap();
        assert_eq!(event.phases[1].line, 4);
        assert_eq!(event.key_labels(), vec![(1, 1), (1, 2), (2, 0)]);
        let again = Event::parse("e.sqd", &event.text()).unwrap();
        assert_eq!(again.phases.len(), 2);
        assert_eq!(again.text(), event.text());
        // A phase whose boards are given at generation, as SquareDeal writes it.
        let asked = Event::parse("e.sqd", "TN Final\nSN 3:?:BAMFIN#:BAM Final #/3\n").unwrap();
        assert!(asked.phases[0].asked() && asked.phases[0].range(1).is_none());
        assert!(asked.text().contains("\nSN 3:?:BAMFIN#:BAM Final #/3\n"));
        let bad = Event::parse("e.sqd", "TN x\nSN 2:1-:A#:d\n").unwrap_err();
        assert_eq!(bad.line, Some(2));
        let keys = Keys::parse("e.sqk", b"1,1:abc\r\n").unwrap_err();
        assert_eq!(keys.to_string(), "e.sqk:1: the key of phase 1 session 1 has 3 characters, not 60");
    }
}
