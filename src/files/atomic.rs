//! Output files written atomically, or in place when there is nothing to replace.
//!
//! A regular file is written to a temporary file beside its target and renamed over the
//! target only when the run succeeds, so an interrupted or failed run leaves no half-written
//! file and an existing file is replaced only on success; the replacement keeps the permission
//! bits of the file it replaces. Appending copies the existing file first. A device (such as
//! `/dev/null`) or a FIFO is written in place: it cannot be replaced. [`remove_pending`]
//! removes the temporary files of a run that is interrupted (Ctrl-C).

use crate::files::{reason, said};
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The temporary files not yet committed or removed.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes every uncommitted temporary file (the process is ending).
pub fn remove_pending() {
    let pending = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    for temp in pending.iter() {
        let _ = fs::remove_file(temp);
    }
}

/// Forgets a temporary file that was committed or removed.
fn forget(temp: &Path) {
    PENDING.lock().unwrap_or_else(|e| e.into_inner()).retain(|p| p != temp);
}

/// The folder holding `path` (`.` for a bare file name).
pub fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A file being written, committed by [`AtomicFile::commit`].
pub struct AtomicFile {
    /// The file as messages name it: "PBN file `x.pbn`".
    name: String,
    /// The temporary file and the target it replaces on commit; `None` when written in place.
    replace: Option<(PathBuf, PathBuf)>,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts replacing `target`, a regular file or none yet (its symbolic links resolved),
    /// called `name` in messages. The replacement gets the permission bits `mode` (those of
    /// the file it replaces); with `append`, it starts with the target's contents.
    pub fn replace(name: &str, target: &Path, mode: Option<u32>, append: bool) -> io::Result<AtomicFile> {
        let dir = folder_of(target);
        let (temp, mut file) = create_temp(&dir, target, mode).map_err(|e| {
            let why = reason(&e);
            said(e.kind(), format!("cannot create files in the folder `{}` (for the {name}): {why}", dir.display()))
        })?;
        // From here on, dropping `this` removes the temporary file.
        let mut this = AtomicFile { name: name.to_string(), replace: Some((temp, target.to_path_buf())), writer: None };
        if let Some(mode) = mode {
            // A file system without permission bits keeps its own: not an error.
            let _ = set_mode(&file, mode);
        }
        if append {
            match File::open(target) {
                Ok(mut existing) => {
                    io::copy(&mut existing, &mut file).map_err(|e| said(e.kind(), format!("cannot read the {name} to add to it: {}", reason(&e))))?;
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(said(e.kind(), format!("cannot read the {name} to add to it: {}", reason(&e)))),
            }
        }
        this.writer = Some(BufWriter::new(file));
        Ok(this)
    }

    /// Starts writing `path` in place, after what it holds: a device such as `/dev/null`, a
    /// FIFO. Called `name` in messages.
    pub fn in_place(name: &str, path: &Path) -> io::Result<AtomicFile> {
        let file = if is_fifo(path) { open_fifo(path) } else { OpenOptions::new().append(true).open(path) }
            .map_err(|e| said(e.kind(), format!("cannot write the {name}: {}", reason(&e))))?;
        Ok(AtomicFile { name: name.to_string(), replace: None, writer: Some(BufWriter::new(file)) })
    }

    /// Finishes the file: flushes it and renames it over the target. On failure the target
    /// is untouched and the temporary file removed.
    pub fn commit(mut self) -> io::Result<()> {
        let Some(writer) = self.writer.take() else { return Ok(()) };
        let done = finish(writer, self.replace.as_ref()).map_err(|e| self.write_error(e));
        if let Some((temp, _)) = self.replace.take() {
            if done.is_err() {
                let _ = fs::remove_file(&temp);
            }
            forget(&temp);
        }
        done
    }

    /// The file as messages name it: "PBN file `x.pbn`".
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A write error, naming the file.
    fn write_error(&self, e: io::Error) -> io::Error {
        if crate::files::said_message(&e).is_some() {
            return e;
        }
        said(e.kind(), format!("cannot write the {}: {}", self.name, reason(&e)))
    }
}

/// How long an output FIFO may wait for a program to read it.
pub const FIFO_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Whether `path` is a FIFO (a named pipe).
#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[cfg(not(unix))]
fn is_fifo(_path: &Path) -> bool {
    false
}

/// Opens a FIFO for writing once a program reads it, waiting at most [`FIFO_WAIT`] (opening
/// it plainly would wait for ever when none does).
#[cfg(unix)]
fn open_fifo(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let start = std::time::Instant::now();
    loop {
        match OpenOptions::new().append(true).custom_flags(libc::O_NONBLOCK).open(path) {
            Ok(file) => return blocking(file),
            Err(e) if e.raw_os_error() == Some(libc::ENXIO) && start.elapsed() < FIFO_WAIT => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                return Err(said(
                    io::ErrorKind::WouldBlock,
                    format!(
                        "it is a FIFO (named pipe) and no program read it within {} s; start the program that reads it first",
                        FIFO_WAIT.as_secs()
                    ),
                ))
            }
            Err(e) => return Err(e),
        }
    }
}

#[cfg(not(unix))]
fn open_fifo(path: &Path) -> io::Result<File> {
    OpenOptions::new().append(true).open(path)
}

/// `file` with its writes blocking again (it was opened without blocking).
#[cfg(unix)]
fn blocking(file: File) -> io::Result<File> {
    use std::os::fd::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor this function owns, with flags it read from it.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(file)
}

/// Creates a new temporary file in `dir` for `target`, remembered for [`remove_pending`]:
/// with the permission bits `mode` from its creation (a file no other user may read is never
/// open to them, not even empty), else the user's default.
fn create_temp(dir: &Path, target: &Path, mode: Option<u32>) -> io::Result<(PathBuf, File)> {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let pid = std::process::id();
    let mut n = 0;
    loop {
        let suffix = if n == 0 { String::new() } else { format!("-{n}") };
        let temp = dir.join(format!(".{name}.dealvm-{pid}{suffix}.tmp"));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        created_with(&mut options, mode);
        match options.open(&temp) {
            Ok(file) => {
                PENDING.lock().unwrap_or_else(|e| e.into_inner()).push(temp.clone());
                return Ok((temp, file));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Flushes `writer` and, when replacing, syncs the temporary file and renames it over the
/// target.
fn finish(writer: BufWriter<File>, replace: Option<&(PathBuf, PathBuf)>) -> io::Result<()> {
    let file = writer.into_inner().map_err(|e| e.into_error())?;
    if let Some((temp, target)) = replace {
        file.sync_all()?;
        drop(file);
        fs::rename(temp, target)?;
    }
    Ok(())
}

/// Has `options` create the file with the permission bits `mode` (the user's umask taking
/// some away; [`set_mode`] gives them all once it exists).
#[cfg(unix)]
fn created_with(options: &mut OpenOptions, mode: Option<u32>) {
    use std::os::unix::fs::OpenOptionsExt;
    if let Some(mode) = mode {
        options.mode(mode);
    }
}

#[cfg(not(unix))]
fn created_with(_options: &mut OpenOptions, _mode: Option<u32>) {}

/// Gives `file` the permission bits `mode`.
#[cfg(unix)]
fn set_mode(file: &File, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_file: &File, _mode: u32) -> io::Result<()> {
    Ok(())
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.writer.as_mut().expect("an open file").write(buf);
        result.map_err(|e| self.write_error(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.writer.as_mut().expect("an open file").flush();
        result.map_err(|e| self.write_error(e))
    }
}

impl Drop for AtomicFile {
    /// An uncommitted file leaves nothing behind.
    fn drop(&mut self) {
        if let Some((temp, _)) = self.replace.take() {
            drop(self.writer.take());
            let _ = fs::remove_file(&temp);
            forget(&temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commits_or_leaves_nothing() {
        let dir = std::env::temp_dir().join(format!("dealvm-outfile-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.csv");
        fs::write(&path, "old\n").unwrap();
        {
            let mut f = AtomicFile::replace("CSV file", &path, None, true).unwrap();
            f.write_all(b"new\n").unwrap();
            // Dropped without commit: the old file stays as it was.
        }
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        let mut f = AtomicFile::replace("CSV file", &path, None, true).unwrap();
        f.write_all(b"new\n").unwrap();
        f.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\nnew\n");
        let mut f = AtomicFile::replace("CSV file", &path, None, false).unwrap();
        f.write_all(b"only\n").unwrap();
        f.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "only\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file is left");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn replacements_keep_the_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("dealvm-outmode-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.pbn");
        fs::write(&path, "old\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        let mut f = AtomicFile::replace("PBN file", &path, Some(0o600), false).unwrap();
        f.write_all(b"new\n").unwrap();
        f.commit().unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_private_file_is_private_from_its_creation() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("dealvm-outprivate-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("keys.sqk");
        let mut f = AtomicFile::replace("key file", &path, Some(0o600), false).unwrap();
        // The temporary file, not yet written, is already the owner's alone.
        let temp = fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
        assert_eq!(fs::metadata(&temp).unwrap().permissions().mode() & 0o777, 0o600, "{}", temp.display());
        f.write_all(b"secret\n").unwrap();
        f.commit().unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        fs::remove_dir_all(&dir).unwrap();
    }
}
