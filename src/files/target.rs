//! Where an output goes, and whether two paths name the same file.
//!
//! `-` (or a path to the file or pipe standard output goes to) is standard output, written
//! with the printed output in order; a device or a FIFO is written in place; a regular file
//! is replaced atomically through its symbolic links (the link stays a link), keeping its
//! permission bits. [`file_id`] tells two paths apart by device and inode, so `./a.pbn`,
//! `a.pbn` and a link to it are one file.

use crate::files::atomic::{folder_of, AtomicFile};
use crate::files::{reason, said};
use std::fs::{self, Metadata, OpenOptions};
use std::io::{self, ErrorKind, Write};
use std::path::{Path, PathBuf};

/// Where an output file's text goes.
pub enum Output {
    /// Standard output: written with the printed output, in order.
    Stdout,
    /// A file, replaced atomically or written in place.
    File(AtomicFile),
    /// Nowhere: the text is made and dropped. A merge drops the outputs that only the shards'
    /// command line names, so that it writes no file its own command line does not name.
    Dropped(io::Sink),
    /// Kept in memory for the program that runs the command (`dealvm serve` answers with
    /// it): an output named `-` that standard output does not take.
    Memory(Memory),
}

/// A buffer that an output is written to, shared with whoever reads it at the end.
#[derive(Clone, Debug, Default)]
pub struct Memory(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl Memory {
    /// An empty buffer.
    pub fn new() -> Memory {
        Memory::default()
    }

    /// What was written so far.
    pub fn bytes(&self) -> Vec<u8> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Write for Memory {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Output {
    /// Opens `path` for the `what` file ("PBN", "CSV", ...); with `append`, a regular file is
    /// added to rather than replaced. Refuses a folder, a file that cannot be written and a
    /// folder where no file can be created, with a message naming them.
    pub fn open(what: &str, path: &Path, append: bool) -> io::Result<Output> {
        Output::open_as(what, path, append, Access::Usual)
    }

    /// [`Output::open`], the file readable by whom `access` says: a file for its owner alone
    /// is made so from its creation, and a file it replaces loses every other user's bits.
    pub fn open_as(what: &str, path: &Path, append: bool, access: Access) -> io::Result<Output> {
        let name = format!("{what} file `{}`", path.display());
        let mode = |kept: Option<u32>| match access {
            Access::Usual => kept,
            Access::Owner => Some(kept.unwrap_or(0o600) & 0o700),
        };
        if path.as_os_str() == "-" {
            return Ok(Output::Stdout);
        }
        if path.as_os_str().is_empty() {
            return Err(said(ErrorKind::InvalidInput, format!("the {what} file needs a name")));
        }
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => Err(said(ErrorKind::InvalidInput, format!("cannot write the {name}: it is a folder"))),
            Ok(meta) if !is_char_device(&meta) && is_stdout(&meta) => Ok(Output::Stdout),
            Ok(meta) if !meta.is_file() => AtomicFile::in_place(&name, path).map(Output::File),
            Ok(meta) => {
                let (target, magic) = resolve(path)?;
                if magic {
                    // A descriptor of this process (/dev/stderr, /proc/self/fd/N): add to it.
                    return AtomicFile::in_place(&name, path).map(Output::File);
                }
                if let Err(e) = OpenOptions::new().write(true).open(&target) {
                    return Err(said(e.kind(), format!("cannot write the {name}: {}", reason(&e))));
                }
                AtomicFile::replace(&name, &target, mode(mode_of(&meta)), append).map(Output::File)
            }
            Err(e) if e.kind() == ErrorKind::NotFound => {
                let (target, _) = resolve(path)?;
                let dir = folder_of(&target);
                if !dir.is_dir() {
                    return Err(said(ErrorKind::NotFound, format!("cannot open the {name}: no folder `{}`", dir.display())));
                }
                AtomicFile::replace(&name, &target, mode(None), append).map(Output::File)
            }
            Err(e) => Err(said(e.kind(), format!("cannot open the {name}: {}", reason(&e)))),
        }
    }

    /// Where to write: `stdout` for standard output, else the file.
    pub fn writer<'a>(&'a mut self, stdout: &'a mut dyn Write) -> &'a mut dyn Write {
        match self {
            Output::Stdout => stdout,
            Output::File(f) => f,
            Output::Dropped(nowhere) => nowhere,
            Output::Memory(memory) => memory,
        }
    }

    /// Whether this is a file (not standard output, not dropped).
    pub fn is_file(&self) -> bool {
        matches!(self, Output::File(_))
    }

    /// Whether this is standard output.
    pub fn is_stdout(&self) -> bool {
        matches!(self, Output::Stdout)
    }

    /// Whether the text is written somewhere (a file, standard output, memory), not dropped.
    pub fn is_written(&self) -> bool {
        !matches!(self, Output::Dropped(_))
    }

    /// The output as messages name it: "the PBN file `x.pbn`" or "the PBN output" (on
    /// standard output) for `what` = "PBN".
    pub fn describe(&self, what: &str) -> String {
        match self {
            Output::Stdout | Output::Memory(_) => format!("the {what} output"),
            Output::File(f) => format!("the {}", f.name()),
            Output::Dropped(_) => format!("the {what} output (not written)"),
        }
    }

    /// Commits a file (see [`AtomicFile::commit`]); standard output needs nothing.
    pub fn commit(self) -> io::Result<()> {
        match self {
            Output::Stdout | Output::Dropped(_) | Output::Memory(_) => Ok(()),
            Output::File(f) => f.commit(),
        }
    }
}

/// Who may read a file dealvm writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// As the user's other new files (their umask), or as the file replaced.
    Usual,
    /// Its owner alone (a secret, such as SquareDeal's keys before the event ends).
    Owner,
}

/// Writes a set of files (each `what` it is, for messages: "PBN", its path, its bytes and who
/// may read it) together: every file is made in full beside its target before any replaces
/// its target, so that a file that cannot be written leaves none of the set behind.
pub fn write_set(files: &[(&str, &Path, &[u8], Access)]) -> io::Result<()> {
    let mut stdout = io::stdout();
    let mut made = Vec::with_capacity(files.len());
    for &(what, path, bytes, access) in files {
        let mut out = Output::open_as(what, path, false, access)?;
        out.writer(&mut stdout).write_all(bytes)?;
        made.push(out);
    }
    made.into_iter().try_for_each(Output::commit)
}

/// `path` with the symbolic links of its last part followed, even to a file not created yet;
/// and whether it went through `/proc` (a descriptor of this process).
fn resolve(path: &Path) -> io::Result<(PathBuf, bool)> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        if p.starts_with("/proc") {
            return Ok((p, true));
        }
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&p)?;
                let here = p.parent().is_none_or(|d| d.as_os_str().is_empty());
                p = if to.is_absolute() || here { to } else { folder_of(&p).join(to) };
            }
            _ => return Ok((p, false)),
        }
    }
    Err(said(ErrorKind::InvalidInput, format!("cannot open `{}`: too many levels of symbolic links", path.display())))
}

/// What a path names, to tell whether two paths are the same file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileId {
    /// Standard output: `-`, or the file or pipe standard output goes to.
    Stdout,
    /// A character device such as `/dev/null`: writing it twice is harmless.
    Device,
    /// An existing file: its device and inode.
    Inode(u64, u64),
    /// A file not created yet: its folder's real path joined with its name.
    New(PathBuf),
}

/// What `path` names: see [`FileId`].
pub fn file_id(path: &Path) -> FileId {
    if path.as_os_str() == "-" {
        return FileId::Stdout;
    }
    match fs::metadata(path) {
        Ok(meta) if is_char_device(&meta) => FileId::Device,
        Ok(meta) if is_stdout(&meta) => FileId::Stdout,
        Ok(meta) => inode(&meta),
        Err(_) => {
            let target = resolve(path).map_or_else(|_| path.to_path_buf(), |(t, _)| t);
            let dir = fs::canonicalize(folder_of(&target)).unwrap_or_else(|_| folder_of(&target));
            FileId::New(dir.join(target.file_name().unwrap_or_default()))
        }
    }
}

/// The identity of an existing file.
#[cfg(unix)]
fn inode(meta: &Metadata) -> FileId {
    use std::os::unix::fs::MetadataExt;
    FileId::Inode(meta.dev(), meta.ino())
}

/// Whether `meta` is the file, pipe or terminal that standard output goes to.
#[cfg(unix)]
fn is_stdout(meta: &Metadata) -> bool {
    use std::os::fd::AsFd;
    let stdout = io::stdout().as_fd().try_clone_to_owned().map(fs::File::from).and_then(|f| f.metadata());
    stdout.is_ok_and(|s| inode(&s) == inode(meta))
}

/// Whether `meta` is a character device (`/dev/null`, a terminal).
#[cfg(unix)]
fn is_char_device(meta: &Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    meta.file_type().is_char_device()
}

/// The permission bits of an existing file.
#[cfg(unix)]
fn mode_of(meta: &Metadata) -> Option<u32> {
    use std::os::unix::fs::PermissionsExt;
    Some(meta.permissions().mode() & 0o777)
}

#[cfg(not(unix))]
fn inode(_meta: &Metadata) -> FileId {
    FileId::Device
}

#[cfg(not(unix))]
fn is_stdout(_meta: &Metadata) -> bool {
    false
}

#[cfg(not(unix))]
fn is_char_device(_meta: &Metadata) -> bool {
    false
}

#[cfg(not(unix))]
fn mode_of(_meta: &Metadata) -> Option<u32> {
    None
}
