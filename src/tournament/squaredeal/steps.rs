//! The steps of an event, in their order: create the event file, add its phases, publish (the
//! keys made, their hash written into the event file), set the delayed value once known,
//! generate the boards. Every step checks everything before it writes, and writes its files all
//! or none: a refused step writes nothing.

use super::event::{canonical_delayed_value, check_prefix, joined_groups, joined_name, key_hash, BoardList, Event, Keys, Phase};
use super::sessions::{delayed_value, key_path, load_event, load_keys, readable_by_others, sessions_of};
use crate::files::target::Access;
use crate::formats::{pbn, Format, Sealed};
use crate::tournament::error::{refused, Error};
use crate::tournament::files::{refuse_existing, shown, too_short, write_all, NewFile};
use dealvm_vm::dealing::board::Board;
use std::path::{Path, PathBuf};

/// Refuses text of more than one line.
fn one_line(what: &str, text: &str) -> Result<(), Error> {
    if text.contains(['\n', '\r']) {
        return Err(refused(format!("{what} is one line of text")));
    }
    Ok(())
}

/// The event file of `event` at `path`, to write.
fn event_file(path: &Path, event: &Event) -> NewFile {
    NewFile { what: "event", path: path.to_path_buf(), bytes: event.text().into_bytes(), access: Access::Usual }
}

/// Writes `files`: the paths written.
fn written(files: Vec<NewFile>) -> Result<Vec<PathBuf>, Error> {
    write_all(&files)?;
    Ok(files.into_iter().map(|f| f.path).collect())
}

/// Creates the event file of the event named `name`, whose delayed value will be
/// `delayed_info` (refused when it exists): the files written.
pub fn create(path: &Path, name: &str, delayed_info: &str) -> Result<Vec<PathBuf>, Error> {
    if path.symlink_metadata().is_ok() {
        return Err(refused(format!("the event file `{}` exists already: create makes a new event", path.display())));
    }
    if path.extension().is_none_or(|e| e != "sqd") {
        return Err(refused(format!("an event file's name ends with .sqd, found `{}`", path.display())));
    }
    one_line("--name", name)?;
    one_line("--delayed-info", delayed_info)?;
    if name.trim().is_empty() || delayed_info.trim().is_empty() {
        return Err(refused("--name and --delayed-info take text: the event's name, and what the delayed value will be"));
    }
    let event = Event { name: name.trim().to_string(), delayed_info: delayed_info.trim().to_string(), ..Event::default() };
    written(vec![event_file(path, &event)])
}

/// Refuses to change a published event.
fn not_published(path: &Path, event: &Event, what: &str) -> Result<(), Error> {
    if let Some((_, line)) = &event.key_hash {
        return Err(refused(format!("{}:{line}: the event is published (KH): {what}", path.display())));
    }
    Ok(())
}

/// A phase to add: its sessions (0 for a variable number), its board list as typed, the
/// prefix of its files and its description.
pub struct NewPhase<'a> {
    pub sessions: u32,
    pub boards: &'a str,
    pub prefix: &'a str,
    pub description: &'a str,
}

/// Adds a phase (refused once published): its number, and the files written.
pub fn add_phase(path: &Path, new: &NewPhase) -> Result<(usize, Vec<PathBuf>), Error> {
    let mut event = load_event(path)?;
    not_published(path, &event, "its phases cannot change, since the keys were made for them")?;
    let boards_text = BoardList::entry_text(new.boards).map_err(|m| refused(format!("--boards: {m}")))?;
    check_prefix(new.prefix).map_err(|m| refused(format!("--prefix: {m}")))?;
    one_line("--description", new.description)?;
    if new.sessions != 1 && !new.prefix.contains('#') {
        return Err(refused(format!(
            "--prefix {}: each session's files are named by its number, which goes where the prefix has a run of `#` (such as `{}#`); only a phase of one session may have none",
            new.prefix, new.prefix
        )));
    }
    if new.sessions > 1000 {
        return Err(refused(format!("--sessions {}: at most 1000 sessions a phase", new.sessions)));
    }
    let boards = BoardList::parse(&boards_text).map_err(refused)?;
    let (prefix, description) = (new.prefix.to_string(), new.description.to_string());
    event.phases.push(Phase { sessions: new.sessions, boards_text, boards, prefix, description, line: 0 });
    Ok((event.phases.len(), written(vec![event_file(path, &event)])?))
}

/// What publishing did: the keys' hash, the files written, the key file (secret until the
/// event is over).
pub struct Published {
    pub key_hash: String,
    pub written: Vec<PathBuf>,
    pub key_file: PathBuf,
}

/// Makes the keys: writes the key file, its owner's alone from its creation, and its hash
/// (`KH`) into the event file. Once only, and only when the event has a phase.
pub fn publish(path: &Path) -> Result<Published, Error> {
    let mut event = load_event(path)?;
    not_published(path, &event, "it is published once only, since its hash was made public")?;
    if event.phases.is_empty() {
        return Err(refused(format!("{}: no phase (SN line) yet: add the phases first (add-phase)", path.display())));
    }
    let key_file = key_path(path);
    if key_file.symlink_metadata().is_ok() {
        return Err(refused(format!("the key file `{}` exists already: publish makes new keys and replaces none", key_file.display())));
    }
    let keys = Keys::fresh(&event).map_err(|e| refused(format!("cannot make the keys: {e}")))?;
    let bytes = keys.bytes();
    let hash = key_hash(&bytes);
    event.key_hash = Some((hash.clone(), 0));
    let key = NewFile { what: "key", path: key_file.clone(), bytes, access: Access::Owner };
    let written = written(vec![key, event_file(path, &event)])?;
    Ok(Published { key_hash: hash, written, key_file })
}

/// Sets the delayed value, as SquareDeal 2.7 stores what is typed (after publishing, once):
/// the value stored and the files written.
pub fn set_dv(path: &Path, typed: &str) -> Result<(String, Vec<PathBuf>), Error> {
    let mut event = load_event(path)?;
    let name = path.display();
    if event.key_hash.is_none() {
        return Err(refused(format!(
            "{name}: the event is not published yet (no KH line): the delayed value is set after publishing, once nobody could choose the keys knowing it"
        )));
    }
    if let Some((value, line)) = &event.delayed_value {
        return Err(refused(format!("{name}:{line}: the delayed value is set already (`{value}`): the boards are dealt from it")));
    }
    one_line("the delayed value", typed)?;
    let value = canonical_delayed_value(typed);
    if value.is_empty() {
        return Err(refused("set-dv takes the delayed value, such as 7512.34"));
    }
    event.delayed_value = Some((value.clone(), 0));
    Ok((value, written(vec![event_file(path, &event)])?))
}

/// Which sessions to deal: every one, a phase's (from 1), or one session of a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    All,
    Phase(u32),
    Session(u32, u32),
}

/// What to generate: the sessions, the reserve set or the original one, the formats,
/// whether board files that exist are replaced, and the boards of a phase whose boards are
/// asked at generation (`?`), as typed (`1-16`, `1-16,17-32`, `3x7`: the sessions' in turn).
pub struct Generation<'a> {
    pub chosen: Chosen,
    pub reserve: bool,
    pub formats: &'a [(Format, Sealed)],
    pub force: bool,
    pub boards: Option<&'a str>,
}

/// What generating did: the files written, and the permissions of the key file when other
/// users may read it.
pub struct Generated {
    pub written: Vec<PathBuf>,
    pub shared_keys: Option<u32>,
}

/// Deals and writes the boards of the sessions chosen, each session's file in every format,
/// and the joined PBN file of each run of sessions whose ranges continue each other. A phase
/// whose boards are asked at generation is generated alone, with its boards given.
pub fn generate(path: &Path, asked: &Generation) -> Result<Generated, Error> {
    let event = load_event(path)?;
    let value = delayed_value(path, &event)?;
    let keys = load_keys(path, &event)?;
    let given = asked.boards.map(BoardList::given).transpose().map_err(|m| refused(format!("--boards: {m}")))?;
    let phases: Vec<(u32, Option<u32>)> = match asked.chosen {
        Chosen::All if given.is_some() => {
            let asked_phase = event.phases.iter().position(|phase| phase.asked());
            return Err(refused(match asked_phase {
                Some(i) => format!(
                    "--boards gives the boards of one phase whose boards are asked at generation (?): name it, such as `generate {} --boards 1-16`",
                    i + 1
                ),
                None => format!("--boards gives the boards of a phase asked at generation (?), and {} has none", path.display()),
            }));
        }
        Chosen::All => (1..=event.phases.len() as u32).map(|p| (p, None)).collect(),
        Chosen::Phase(p) => vec![(p, None)],
        Chosen::Session(p, s) => vec![(p, Some(s))],
    };
    let with_pbn = asked.formats.iter().any(|f| f.0 == Format::Pbn);
    let mut files: Vec<NewFile> = Vec::new();
    for (p, only) in phases {
        let sessions = sessions_of(path, &event, &keys, p, only, given.as_deref())?;
        let prefix = &event.phases[p as usize - 1].prefix;
        if sessions.len() > 1 && !prefix.contains('#') {
            return Err(refused(format!(
                "phase {p} names the files of its {} sessions `{prefix}` all alike (its prefix has no `#` for the session's number), so each would replace the last: generate one session at a time, such as `generate {p}:1`",
                sessions.len()
            )));
        }
        let mut texts = Vec::new();
        for session in &sessions {
            let name = session.name(asked.reserve);
            if let Some((format, most)) = too_short(asked.formats, session.range.1) {
                let (what, short) = shown(format);
                return Err(refused(format!(
                    "{name}: a {what} file holds boards 1 to {most}, and the session goes to board {}: generate it without {short}",
                    session.range.1,
                )));
            }
            let boards: Vec<Board> = session.boards(value, asked.reserve).into_iter().map(|(n, deal)| Board::of_cycle(n, deal)).collect();
            for &(format, sealed) in asked.formats {
                let text = format.file(&boards, sealed).expect("a file of boards");
                let file = format!("{name}.{}", format.extension());
                if format == Format::Pbn {
                    texts.push((session.session, file.clone(), text.clone()));
                }
                files.push(NewFile::board(shown((format, sealed)).0, PathBuf::from(file), text));
            }
        }
        let ranges: Vec<(u32, (u64, u64))> = sessions.iter().map(|s| (s.session, s.range)).collect();
        for (first, last) in joined_groups(&ranges).into_iter().filter(|_| with_pbn) {
            let parts: Vec<(&str, &[u8])> = texts.iter().filter(|t| (first..=last).contains(&t.0)).map(|t| (t.1.as_str(), t.2.as_slice())).collect();
            let joined = format!("{}.{}", joined_name(prefix, first, last, asked.reserve), Format::Pbn.extension());
            files.push(NewFile::board(Format::Pbn.what(), PathBuf::from(joined), pbn::joined(&parts)));
        }
    }
    refuse_existing(files.iter().map(|f| (f.what, f.path.as_path())), "dealvm squaredeal", asked.force)?;
    let written = written(files)?;
    Ok(Generated { written, shared_keys: readable_by_others(&key_path(path)) })
}
