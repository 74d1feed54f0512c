//! The board files of a tournament, written as one: every file made whole before any replaces
//! its target, so that a file that cannot be written leaves none of the set behind; an existing
//! board file replaced only when asked; each format able to hold the boards.

use super::error::{refused, Error};
use crate::files::target::{write_set, Access};
use crate::formats::{name_of, what_of, Format, Sealed};
use std::path::{Path, PathBuf};

/// A file to write: what it is in messages (`DLM`, `sealed DUP`, `key`), its path, its bytes,
/// and who may read it.
pub struct NewFile {
    pub what: &'static str,
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    pub access: Access,
}

impl NewFile {
    /// A board file, readable as the user's files are.
    pub fn board(what: &'static str, path: PathBuf, bytes: Vec<u8>) -> NewFile {
        NewFile { what, path, bytes, access: Access::Usual }
    }
}

/// Refuses a board file of `files` that exists already, unless `force`: boards duplicated
/// from it would no longer match it. `command` names the command in the message (`dealvm
/// boards`).
pub fn refuse_existing<'a>(files: impl IntoIterator<Item = (&'a str, &'a Path)>, command: &str, force: bool) -> Result<(), Error> {
    if force {
        return Ok(());
    }
    match files.into_iter().find(|(_, path)| path.symlink_metadata().is_ok()) {
        Some((what, path)) => Err(refused(format!(
            "the {what} file `{}` exists already: {command} replaces no board file unless asked (--force), since boards duplicated from it would no longer match it",
            path.display()
        ))),
        None => Ok(()),
    }
}

/// Writes every file: each made whole, then all committed.
pub fn write_all(files: &[NewFile]) -> Result<(), Error> {
    let set: Vec<(&str, &Path, &[u8], Access)> = files.iter().map(|f| (f.what, f.path.as_path(), f.bytes.as_slice(), f.access)).collect();
    Ok(write_set(&set)?)
}

/// The first of `formats` whose files cannot hold board `last`: the format, sealed or not, with
/// the highest board it holds.
pub fn too_short(formats: &[(Format, Sealed)], last: u64) -> Option<((Format, Sealed), u64)> {
    formats.iter().find_map(|&f| f.0.last_board().filter(|&most| last > most).map(|most| (f, most)))
}

/// What a format, sealed or not, is in messages (`sealed DUP`) and what `-f` calls it
/// (`dupblind`).
pub fn shown((format, sealed): (Format, Sealed)) -> (&'static str, &'static str) {
    (what_of(format, sealed), name_of(format, sealed))
}
