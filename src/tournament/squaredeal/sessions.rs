//! An event's files read and checked (the keys against the event's commitment), and each
//! session's seed and boards.

use super::event::{key_hash, range_in_turn, session_boards, session_name, Event, Keys, SessionSeed};
use crate::files::reason;
use crate::tournament::error::{refused, Error};
use dealvm_vm::card::Deal;
use std::path::{Path, PathBuf};

/// The key file of an event file: its name with `.sqk`.
pub fn key_path(event: &Path) -> PathBuf {
    event.with_extension("sqk")
}

/// Reads and checks the event file.
pub fn load_event(path: &Path) -> Result<Event, Error> {
    let name = path.display().to_string();
    let text = std::fs::read(path).map_err(|e| refused(format!("cannot read the event file `{name}`: {}", reason(&e))))?;
    let text = String::from_utf8(text).map_err(|_| refused(format!("{name}: an event file is UTF-8 text")))?;
    Ok(Event::parse(&name, &text)?)
}

/// Reads the key file of a published event and checks it against the event: its hash is the
/// event's `KH`, and it holds one key for every session and no other.
pub fn load_keys(path: &Path, event: &Event) -> Result<Keys, Error> {
    let name = path.display().to_string();
    let Some((hash, hash_line)) = &event.key_hash else {
        return Err(refused(format!("{name}: the event is not published yet (no KH line): publish it first")));
    };
    let key_file = key_path(path);
    let key_name = key_file.display().to_string();
    let bytes = std::fs::read(&key_file).map_err(|e| refused(format!("cannot read the key file `{key_name}`: {}", reason(&e))))?;
    let keys = Keys::parse(&key_name, &bytes)?;
    let actual = key_hash(&bytes);
    if actual != *hash {
        return Err(Error::KeysNotCommitted { event: name, line: *hash_line, committed: hash.clone(), actual, keys: key_name });
    }
    let labels = event.key_labels();
    if let Some(((p, s), (_, line))) = keys.keys.iter().find(|(label, _)| !labels.contains(label)) {
        return Err(refused(format!("{key_name}:{line}: a key for phase {p} session {s}, which {name} does not have")));
    }
    if let Some((p, s)) = labels.iter().find(|l| !keys.keys.contains_key(l)) {
        return Err(refused(format!("{key_name}: no key for phase {p} session {s}")));
    }
    Ok(keys)
}

/// The permission bits of the file at `path` when users other than its owner may read it (a
/// key file, secret until the event is over).
#[cfg(unix)]
pub fn readable_by_others(path: &Path) -> Option<u32> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).ok()?.permissions().mode() & 0o777;
    (mode & 0o044 != 0).then_some(mode)
}

#[cfg(not(unix))]
pub fn readable_by_others(_path: &Path) -> Option<u32> {
    None
}

/// One session to deal: its phase and session numbers, its seed's parts, its range and name.
pub struct Session<'a> {
    pub phase: u32,
    pub session: u32,
    pub prefix: &'a str,
    pub key: &'a str,
    pub variable: bool,
    pub range: (u64, u64),
}

impl Session<'_> {
    /// The session's boards.
    pub fn boards(&self, delayed_value: &str, reserve: bool) -> Vec<(u64, Deal)> {
        let seed = SessionSeed { key: self.key, delayed_value, reserve, variable_session: self.variable.then_some(self.session) };
        session_boards(&seed, self.range)
    }

    /// The name of the session's files, without extension.
    pub fn name(&self, reserve: bool) -> String {
        session_name(self.prefix, &self.session.to_string(), reserve)
    }
}

/// The sessions of phase `p` (from 1): `only` the one given, else all of them (a phase of a
/// variable number of sessions needs its session named). A phase whose boards are asked at
/// generation (`?`) takes them from `given`, in turn as a phase's board list; any other phase
/// refuses them.
///
/// The boards given number the session's boards and say how many; they are not hashed, so
/// they never change a deal: SquareDeal 2.7 (`squaredeal.pl`, `makesessionfromphase`) asks
/// for the boards of a `?` phase and hands them to bigdealx as its `-n` range alone, the `-W`
/// and `-e` seeds made as for any other phase, and Big Deal hashes no board number (the Big
/// Deal and SquareDeal specification, §2, "The session derivation (SquareDeal)": "The board
/// numbers themselves are not hashed: `-n 17-32` gives the same deals as `-n 1-16`").
pub fn sessions_of<'a>(
    path: &Path,
    event: &'a Event,
    keys: &'a Keys,
    p: u32,
    only: Option<u32>,
    given: Option<&[(u64, u64)]>,
) -> Result<Vec<Session<'a>>, Error> {
    let name = path.display();
    let Some(phase) = event.phases.get(p as usize - 1) else {
        return Err(refused(format!("{name}: no phase {p}: the event has {} (SN lines)", event.phases.len())));
    };
    let line = phase.line;
    let described = if phase.description.is_empty() { String::new() } else { format!(" ({})", phase.description) };
    match given {
        None if phase.asked() => {
            let example = match only {
                Some(s) => format!("{p}:{s}"),
                None => p.to_string(),
            };
            return Err(refused(format!(
                "{name}:{line}: the boards of phase {p}{described} are asked at generation (?): give them with --boards, such as `generate {example} --boards 1-16`"
            )));
        }
        Some(_) if !phase.asked() => {
            return Err(refused(format!(
                "{name}:{line}: phase {p}{described} has its boards in the event file ({}): --boards is for a phase whose boards are asked at generation (?)",
                phase.boards_text
            )));
        }
        _ => {}
    }
    let variable = phase.sessions == 0;
    let numbers: Vec<u32> = match only {
        Some(s) if s == 0 || (!variable && s > phase.sessions) => {
            return Err(refused(format!("{name}:{line}: phase {p} has no session {s}: its sessions are 1 to {}", phase.sessions)))
        }
        Some(s) => vec![s],
        None if variable => {
            return Err(refused(format!("{name}:{line}: phase {p} has a variable number of sessions: name the session, such as {p}:1")))
        }
        None => (1..=phase.sessions).collect(),
    };
    let key_label = |s: u32| if variable { (p, 0) } else { (p, s) };
    let range = |s: u32| match given {
        Some(ranges) => range_in_turn(ranges, s),
        None => phase.range(s),
    };
    let sessions = numbers
        .into_iter()
        .map(|s| Session {
            phase: p,
            session: s,
            prefix: &phase.prefix,
            key: &keys.keys[&key_label(s)].0,
            variable,
            range: range(s).expect("a list of ranges"),
        })
        .collect();
    Ok(sessions)
}

/// The delayed value, needed to deal.
pub fn delayed_value<'a>(path: &Path, event: &'a Event) -> Result<&'a str, Error> {
    match &event.delayed_value {
        Some((value, _)) => Ok(value),
        None => Err(refused(format!("{}: no delayed value (DV) yet: the boards are dealt from it; set it once known (set-dv)", path.display()))),
    }
}
