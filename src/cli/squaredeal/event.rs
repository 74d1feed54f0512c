//! The event's files for `dealvm squaredeal`: read and checked (the keys against the event's
//! commitment), each session's seed and boards, and the files written all or none.

use crate::cli::failure::{io_reason, switch_error, Failure};
use crate::diag::Diagnostic;
use crate::files::target::{write_set, Access};
use crate::source::bigdeal::squaredeal::{key_hash, session_boards, session_name, BoardList, Event, EventError, Keys, SessionSeed};
use dealvm_vm::card::Deal;
use std::path::{Path, PathBuf};

/// The key file of an event file: its name with `.sqk`.
pub fn key_path(event: &Path) -> PathBuf {
    event.with_extension("sqk")
}

/// A problem with the event's files, as a failure.
pub fn event_failure(e: EventError) -> Failure {
    switch_error(e.to_string())
}

/// Reads and checks the event file.
pub fn load_event(path: &Path) -> Result<Event, Failure> {
    let name = path.display().to_string();
    let text = std::fs::read(path).map_err(|e| switch_error(format!("cannot read the event file `{name}`: {}", io_reason(&e))))?;
    let text = String::from_utf8(text).map_err(|_| switch_error(format!("{name}: an event file is UTF-8 text")))?;
    Event::parse(&name, &text).map_err(event_failure)
}

/// Reads the key file of a published event and checks it against the event: its hash is the
/// event's `KH`, and it holds one key for every session and no other.
pub fn load_keys(path: &Path, event: &Event) -> Result<Keys, Failure> {
    let name = path.display().to_string();
    let Some((hash, hash_line)) = &event.key_hash else {
        return Err(switch_error(format!("{name}: the event is not published yet (no KH line): publish it first")));
    };
    let key_file = key_path(path);
    let key_name = key_file.display().to_string();
    let bytes = std::fs::read(&key_file).map_err(|e| switch_error(format!("cannot read the key file `{key_name}`: {}", io_reason(&e))))?;
    let keys = Keys::parse(&key_name, &bytes).map_err(event_failure)?;
    let actual = key_hash(&bytes);
    if actual != *hash {
        // Not through the diagnostics, which shorten long words: the two hashes are shown whole.
        return Err(Failure::Input(format!(
            "error: {name}:{hash_line}: KH {hash} is not the SHA-256 of {key_name} ({actual}): these are not the keys the event committed to\n"
        )));
    }
    let labels = event.key_labels();
    if let Some(((p, s), (_, line))) = keys.keys.iter().find(|(label, _)| !labels.contains(label)) {
        return Err(switch_error(format!("{key_name}:{line}: a key for phase {p} session {s}, which {name} does not have")));
    }
    if let Some((p, s)) = labels.iter().find(|l| !keys.keys.contains_key(l)) {
        return Err(switch_error(format!("{key_name}: no key for phase {p} session {s}")));
    }
    Ok(keys)
}

/// Warns when other users of the machine may read the key file of the event at `path`: its
/// keys deal every board, and are secret until the event is over.
pub fn warn_if_shared(path: &Path) {
    let key_file = key_path(path);
    if let Some(mode) = readable_by_others(&key_file) {
        let name = key_file.display();
        let d = Diagnostic::error(format!("the key file `{name}` can be read by other users of this machine (permissions {mode:03o})"))
            .with_note(format!("keep it secret until the event is over: chmod 600 {name}"));
        eprint!("{}", d.render_warning(None));
    }
}

/// The permission bits of the file at `path` when users other than its owner may read it.
#[cfg(unix)]
fn readable_by_others(path: &Path) -> Option<u32> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).ok()?.permissions().mode() & 0o777;
    (mode & 0o044 != 0).then_some(mode)
}

#[cfg(not(unix))]
fn readable_by_others(_path: &Path) -> Option<u32> {
    None
}

/// Writes every `(what, path, bytes, access)`: each made whole, then all committed.
pub fn write_all(files: &[(&str, PathBuf, Vec<u8>, Access)]) -> Result<(), Failure> {
    let set: Vec<(&str, &Path, &[u8], Access)> =
        files.iter().map(|(what, path, bytes, access)| (*what, path.as_path(), bytes.as_slice(), *access)).collect();
    write_set(&set)?;
    for (_, path, _, _) in files {
        eprintln!("dealvm squaredeal: wrote {}", path.display());
    }
    Ok(())
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
/// variable number of sessions needs its session named).
pub fn sessions_of<'a>(path: &Path, event: &'a Event, keys: &'a Keys, p: u32, only: Option<u32>) -> Result<Vec<Session<'a>>, Failure> {
    let name = path.display();
    let Some(phase) = event.phases.get(p as usize - 1) else {
        return Err(switch_error(format!("{name}: no phase {p}: the event has {} (SN lines)", event.phases.len())));
    };
    let line = phase.line;
    if phase.boards == BoardList::Asked {
        return Err(switch_error(format!("{name}:{line}: boards asked at generation (?) are not supported yet by dealvm squaredeal")));
    }
    let variable = phase.sessions == 0;
    let numbers: Vec<u32> = match only {
        Some(s) if s == 0 || (!variable && s > phase.sessions) => {
            return Err(switch_error(format!("{name}:{line}: phase {p} has no session {s}: its sessions are 1 to {}", phase.sessions)))
        }
        Some(s) => vec![s],
        None if variable => {
            return Err(switch_error(format!("{name}:{line}: phase {p} has a variable number of sessions: name the session, such as {p}:1")))
        }
        None => (1..=phase.sessions).collect(),
    };
    let key_label = |s: u32| if variable { (p, 0) } else { (p, s) };
    let sessions = numbers
        .into_iter()
        .map(|s| Session {
            phase: p,
            session: s,
            prefix: &phase.prefix,
            key: &keys.keys[&key_label(s)].0,
            variable,
            range: phase.range(s).expect("a list of ranges"),
        })
        .collect();
    Ok(sessions)
}

/// The delayed value, needed to deal.
pub fn delayed_value<'a>(path: &Path, event: &'a Event) -> Result<&'a str, Failure> {
    match &event.delayed_value {
        Some((value, _)) => Ok(value),
        None => Err(switch_error(format!("{}: no delayed value (DV) yet: the boards are dealt from it; set it once known (set-dv)", path.display()))),
    }
}
