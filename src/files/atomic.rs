//! Output files written atomically.
//!
//! A file is written to a temporary file beside its target and renamed over the target only
//! when the run succeeds, so an interrupted or failed run leaves no half-written file and an
//! existing file is replaced only on success. Appending copies the existing file first.
//! [`remove_on_interrupt`] makes Ctrl-C (and SIGTERM, SIGHUP) remove the temporary files too.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The temporary files not yet committed or removed.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes the uncommitted temporary files when the process is interrupted (SIGINT, SIGTERM,
/// SIGHUP), then exits with status 128 + the signal's number. Call it before starting any
/// thread: the signals are blocked in every thread and taken by one that waits for them.
pub fn remove_on_interrupt() {
    #[cfg(unix)]
    // SAFETY: the signal set is initialised by sigemptyset before use; pthread_sigmask and
    // sigwait only read it.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaddset(&mut set, sig);
        }
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        let waiter = std::thread::Builder::new().name("signals".into()).spawn(move || {
            let mut sig: libc::c_int = 0;
            if libc::sigwait(&set, &mut sig) == 0 {
                remove_pending();
                std::process::exit(128 + sig);
            }
        });
        if waiter.is_err() {
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        }
    }
}

/// Removes every uncommitted temporary file.
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

/// A file being written, committed by [`AtomicFile::commit`].
pub struct AtomicFile {
    path: PathBuf,
    temp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts writing `path`; with `append`, after the file's current contents.
    pub fn create(path: &Path, append: bool) -> io::Result<AtomicFile> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if !dir.is_dir() {
            return Err(io::Error::new(io::ErrorKind::NotFound, format!("no folder `{}`", dir.display())));
        }
        if path.is_dir() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "it is a folder"));
        }
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let temp = dir.join(format!(".{name}.dealvm-{}.tmp", std::process::id()));
        let mut file = File::create(&temp)?;
        PENDING.lock().unwrap_or_else(|e| e.into_inner()).push(temp.clone());
        if append {
            match File::open(path) {
                Ok(mut existing) => {
                    if let Err(e) = io::copy(&mut existing, &mut file) {
                        let _ = fs::remove_file(&temp);
                        forget(&temp);
                        return Err(e);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => {
                    let _ = fs::remove_file(&temp);
                    forget(&temp);
                    return Err(e);
                }
            }
        }
        Ok(AtomicFile { path: path.to_path_buf(), temp, writer: Some(BufWriter::new(file)) })
    }

    /// Finishes the file: flushes it and renames it over the target. On failure the target
    /// is untouched and the temporary file removed.
    pub fn commit(mut self) -> io::Result<()> {
        let writer = self.writer.take().expect("an open file");
        let done = (|| {
            let file = writer.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            drop(file);
            fs::rename(&self.temp, &self.path)
        })();
        if done.is_err() {
            let _ = fs::remove_file(&self.temp);
        }
        forget(&self.temp);
        done
    }

    /// The target path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.as_mut().expect("an open file").write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.as_mut().expect("an open file").flush()
    }
}

impl Drop for AtomicFile {
    /// An uncommitted file leaves nothing behind.
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = fs::remove_file(&self.temp);
            forget(&self.temp);
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
            let mut f = AtomicFile::create(&path, true).unwrap();
            f.write_all(b"new\n").unwrap();
            // Dropped without commit: the old file stays as it was.
        }
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        let mut f = AtomicFile::create(&path, true).unwrap();
        f.write_all(b"new\n").unwrap();
        f.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\nnew\n");
        let mut f = AtomicFile::create(&path, false).unwrap();
        f.write_all(b"only\n").unwrap();
        f.commit().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "only\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file is left");
        fs::remove_dir_all(&dir).unwrap();
    }
}
