//! A running server program: started in a process group of its own, its output read line by
//! line by a thread of its own, and at its end its whole group killed (a shell script's
//! commands, anything it left running), whether it was still running or had exited.
//!
//! Every group not ended yet is listed, so that the process ending at once (a second Ctrl-C)
//! can kill them all with [`end_all`].

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The longest reply line read, in bytes (128 values take less than 1.5 KB).
pub const MAX_LINE: u64 = 64 * 1024;

/// How often a wait for the server looks whether the run was interrupted.
const SLICE: Duration = Duration::from_millis(20);

/// The longest wait for a server to exit after a Ctrl-C.
const GRACE: Duration = Duration::from_millis(200);

/// The process groups of the servers running, or exited but not reaped: a group's number is
/// its leader's process id, which cannot be reused before the leader is reaped, so killing a
/// listed group never reaches another program's.
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// A running server program.
pub struct Process {
    child: Child,
    /// Its standard input; `None` once closed.
    stdin: Option<ChildStdin>,
    /// The lines of its standard output, read by a thread of their own; closed at the end of
    /// the output.
    lines: Receiver<Line>,
    /// How it ended, once ended.
    ended: Option<Option<ExitStatus>>,
}

/// What the reading thread gives.
pub enum Line {
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (the thread stops there).
    TooLong,
    Failed(io::Error),
}

/// What a wait for a line gives.
pub enum Received {
    Line(Line),
    /// Nothing within the time limit.
    TimedOut,
    /// The server closed its output (it has most likely stopped).
    Closed,
    /// The run was interrupted while waiting.
    Interrupted,
}

impl Process {
    /// Starts `program` with piped input and output, in a process group of its own; the
    /// error is the reason, for a message naming the program.
    pub fn start(program: &Path) -> Result<Process, String> {
        let mut command = Command::new(program);
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        // Ctrl-C reaches dealvm only: the run ends cleanly and closes the servers.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut groups = lock_groups();
        let mut child = command.spawn().map_err(|e| crate::files::reason(&e))?;
        groups.push(child.id());
        drop(groups);
        let (stdin, stdout) = (child.stdin.take(), child.stdout.take());
        let (tx, lines) = mpsc::channel();
        let mut process = Process { child, stdin, lines, ended: None };
        let Some(stdout) = stdout else { return Err("no pipe from it".into()) };
        let reader = std::thread::Builder::new().name("usereval-reader".into()).spawn(move || read_lines(stdout, tx));
        if let Err(e) = reader {
            process.end();
            return Err(format!("no thread to read it: {e}"));
        }
        Ok(process)
    }

    /// Writes `line` and its end to the server.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or(io::ErrorKind::BrokenPipe)?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// The next line of the server, waiting at most `limit`, and less when `interrupted` says
    /// so (it is asked every few milliseconds of the wait).
    pub fn receive(&mut self, limit: Duration, interrupted: fn() -> bool) -> Received {
        let deadline = Instant::now() + limit;
        loop {
            if interrupted() {
                return Received::Interrupted;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left.min(SLICE)) {
                Ok(line) => return Received::Line(line),
                Err(RecvTimeoutError::Disconnected) => return Received::Closed,
                Err(RecvTimeoutError::Timeout) if left <= SLICE => return Received::TimedOut,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// Closes the server's standard input: the end of the requests.
    pub fn close_input(&mut self) {
        drop(self.stdin.take());
    }

    /// Waits at most `limit` for the server to exit, or [`GRACE`] once `interrupted` says so;
    /// whether it did. It is not reaped: its group can still be killed safely.
    pub fn wait_exit(&mut self, limit: Duration, interrupted: fn() -> bool) -> bool {
        let start = Instant::now();
        loop {
            if self.exited() {
                return true;
            }
            let limit = if interrupted() { limit.min(GRACE) } else { limit };
            if start.elapsed() >= limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Whether the server has exited, without reaping it.
    #[cfg(unix)]
    fn exited(&mut self) -> bool {
        if self.ended.is_some() {
            return true;
        }
        let pid = self.child.id() as libc::id_t;
        // SAFETY: waitid writes only the siginfo given, zeroed first; WNOWAIT leaves the child
        // to be reaped by `Child::wait`.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let done = libc::waitid(libc::P_PID, pid, &mut info, libc::WEXITED | libc::WNOHANG | libc::WNOWAIT);
            done == 0 && info.si_pid() != 0
        }
    }

    /// Whether the server has exited.
    #[cfg(not(unix))]
    fn exited(&mut self) -> bool {
        self.ended.is_some() || matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Ends the server: its input closed, its whole process group killed (the server too if
    /// it still runs), and the server reaped; gives its exit status (also when called again).
    pub fn end(&mut self) -> Option<ExitStatus> {
        if let Some(status) = self.ended {
            return status;
        }
        self.close_input();
        {
            let mut groups = lock_groups();
            kill_group(self.child.id());
            groups.retain(|&g| g != self.child.id());
        }
        #[cfg(not(unix))]
        let _ = self.child.kill();
        let status = self.child.wait().ok();
        self.ended = Some(status);
        status
    }
}

impl Drop for Process {
    /// A process is never left behind.
    fn drop(&mut self) {
        self.end();
    }
}

/// Kills the process groups of every server not ended yet: for the process ending at once.
pub fn end_all() {
    for &group in lock_groups().iter() {
        kill_group(group);
    }
}

/// The list of the groups, even after a thread panicked holding it.
fn lock_groups() -> std::sync::MutexGuard<'static, Vec<u32>> {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills the process group `group` (numbered as its leader).
fn kill_group(group: u32) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(group) {
        // SAFETY: kill(2) with a process group id and a signal, no memory.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// The reading thread: sends each line of `stdout` until its end (or a line too long, or a
/// read error), or until nobody listens.
fn read_lines(stdout: impl Read, tx: mpsc::Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let line = match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
            Ok(0) => return,
            Ok(_) if buf.last() == Some(&b'\n') => {
                buf.pop();
                if buf.last() == Some(&b'\r') {
                    buf.pop();
                }
                Line::Text(String::from_utf8_lossy(&buf).into_owned())
            }
            // The output ends without a line end: the last line is a reply all the same.
            Ok(n) if (n as u64) < MAX_LINE => Line::Text(String::from_utf8_lossy(&buf).into_owned()),
            Ok(_) => Line::TooLong,
            Err(e) => Line::Failed(e),
        };
        let last = !matches!(line, Line::Text(_));
        if tx.send(line).is_err() || last {
            return;
        }
    }
}
