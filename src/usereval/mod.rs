//! The usereval server: the program of `-U`, started once per thread that asks a `usereval`
//! query, answering one line per query (the protocol is `docs/usereval.md`).
//!
//! The `vm` crate asks its queries through the [`UserEval`] trait and caches the answers per
//! deal; a [`Server`] is that trait's answerer for one thread. It starts its program at the
//! first query (so a thread that asks nothing starts nothing), greets it, then for each query
//! writes the request line and waits, at most [`Config::timeout`], for the reply line, which a
//! thread of its own reads. Any failure (the program cannot start, stops, answers something
//! else than whole numbers, does not answer in time) is a message naming the program; the
//! interpreter stops the run with it. At the end the server's standard input is closed and
//! the program given the same time to exit, then killed.
//!
//! Imports: `files` (the wording of I/O errors) and the `vm` crate.

use dealvm_vm::card::Deal;
use dealvm_vm::usereval::{Query, UserEval, MAX_RESULTS};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The first line dealvm sends, and the line the server must answer with: the protocol and
/// its version.
pub const GREETING: &str = "dealvm-usereval 1";

/// How long dealvm waits for an answer (the greeting's too) unless `--usereval-timeout` says.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest reply line read, in bytes (128 values take less than 1.5 KB).
const MAX_LINE: u64 = 64 * 1024;

/// The most characters of a wrong reply shown in a message.
const SHOWN: usize = 80;

/// Which program answers, and how long it may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The program of `-U`: a path, or a name looked up in `PATH` as a shell would.
    pub program: PathBuf,
    /// The longest wait for one answer.
    pub timeout: Duration,
}

impl Config {
    /// The program as messages name it: ``the usereval server `./srv.py` ``.
    pub fn shown(&self) -> String {
        format!("the usereval server `{}`", self.program.display())
    }

    /// The time limit as messages give it: `10 s`, `0.5 s`.
    fn limit(&self) -> String {
        format!("{} s", self.timeout.as_secs_f64())
    }
}

/// One thread's connection to the server program (started at the first query).
pub struct Server {
    config: Config,
    process: Option<Process>,
    /// The request line, reused from query to query.
    request: String,
}

/// A running server program.
struct Process {
    child: Child,
    /// Its standard input; `None` once closed.
    stdin: Option<ChildStdin>,
    /// The lines of its standard output, read by a thread of their own; closed at the end of
    /// the output.
    lines: Receiver<Line>,
}

/// What the reading thread gives.
enum Line {
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (the thread stops there).
    TooLong,
    Failed(io::Error),
}

impl Server {
    /// A connection to the program of `config`, not started yet.
    pub fn new(config: Config) -> Server {
        Server { config, process: None, request: String::new() }
    }

    /// The process, started and greeted if it was not.
    fn process(&mut self) -> Result<&mut Process, String> {
        if self.process.is_none() {
            let mut command = Command::new(&self.config.program);
            command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
            // Ctrl-C reaches dealvm only: the run ends cleanly and closes the servers.
            #[cfg(unix)]
            std::os::unix::process::CommandExt::process_group(&mut command, 0);
            let mut child = command
                .spawn()
                .map_err(|e| format!("cannot start {}: {}", self.config.shown(), crate::files::reason(&e)))?;
            let (stdin, stdout) = (child.stdin.take(), child.stdout.take());
            let (Some(stdin), Some(stdout)) = (stdin, stdout) else {
                let _ = child.kill();
                return Err(format!("cannot start {}: no pipes to it", self.config.shown()));
            };
            let (tx, lines) = mpsc::channel();
            let reader = std::thread::Builder::new().name("usereval-reader".into()).spawn(move || read_lines(stdout, tx));
            if let Err(e) = reader {
                let _ = child.kill();
                return Err(format!("cannot start {}: no thread to read it: {e}", self.config.shown()));
            }
            self.process = Some(Process { child, stdin: Some(stdin), lines });
            let reply = self.exchange(GREETING)?;
            if reply.trim() != GREETING {
                let why = match reply.trim().strip_prefix("dealvm-usereval ") {
                    Some(version) => format!("it speaks version {version} of the protocol, this dealvm version 1"),
                    None => format!("it answered {} to the greeting `{GREETING}`", quoted(&reply)),
                };
                self.stop();
                return Err(format!("{} does not speak dealvm's usereval protocol: {why} (see docs/usereval.md)", self.config.shown()));
            }
        }
        Ok(self.process.as_mut().expect("started above"))
    }

    /// Sends `line` and gives the reply line (without its end); on a failure the process is
    /// stopped.
    fn exchange(&mut self, line: &str) -> Result<String, String> {
        let process = self.process.as_mut().expect("started");
        let sent = match process.stdin.as_mut() {
            Some(stdin) => stdin.write_all(line.as_bytes()).and_then(|_| stdin.write_all(b"\n")).and_then(|_| stdin.flush()),
            None => Err(io::Error::from(io::ErrorKind::BrokenPipe)),
        };
        let received = match sent {
            Ok(()) => process.lines.recv_timeout(self.config.timeout),
            // The reply may tell why (an `error` line), else the process has stopped.
            Err(_) => process.lines.recv_timeout(Duration::from_millis(100)).map_err(|_| RecvTimeoutError::Disconnected),
        };
        let why = match received {
            Ok(Line::Text(reply)) => return Ok(reply),
            Ok(Line::TooLong) => format!("{} answered a line longer than {MAX_LINE} bytes", self.config.shown()),
            Ok(Line::Failed(e)) => format!("cannot read the answer of {}: {}", self.config.shown(), crate::files::reason(&e)),
            Err(RecvTimeoutError::Timeout) => format!(
                "{} did not answer within {} (see --usereval-timeout); it was stopped",
                self.config.shown(),
                self.config.limit()
            ),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.wait_exit(Duration::from_secs(1));
                format!("{} stopped without answering ({})", self.config.shown(), exit_text(status))
            }
        };
        self.stop();
        Err(why)
    }

    /// The process's exit status, waiting at most `limit` for it to exit.
    fn wait_exit(&mut self, limit: Duration) -> Option<ExitStatus> {
        let process = self.process.as_mut()?;
        let start = Instant::now();
        loop {
            match process.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if start.elapsed() < limit => std::thread::sleep(Duration::from_millis(2)),
                _ => return None,
            }
        }
    }

    /// Kills the process (if it has not exited), with the processes it started, and forgets
    /// it.
    fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            drop(process.stdin.take());
            if let Ok(None) = process.child.try_wait() {
                // The server leads a process group of its own: a shell script's commands go too.
                #[cfg(unix)]
                if let Ok(pid) = libc::pid_t::try_from(process.child.id()) {
                    // SAFETY: kill(2) with a process group id and a signal, no memory.
                    unsafe { libc::kill(-pid, libc::SIGKILL) };
                }
                let _ = process.child.kill();
            }
            let _ = process.child.wait();
        }
    }
}

impl UserEval for Server {
    fn answer(&mut self, deal: &Deal, query: &Query, out: &mut Vec<i32>) -> Result<(), String> {
        self.process()?;
        let mut request = std::mem::take(&mut self.request);
        request.clear();
        request.push_str(&deal.pbn());
        let suit = query.suit.map_or('-', |s| s.letter());
        request.push_str(&format!(" {} {} {suit}", query.tag, query.who.code()));
        let reply = self.exchange(&request);
        self.request = request;
        let reply = reply?;
        parse_reply(&reply, out).map_err(|why| {
            self.stop();
            format!("{} {why}", self.config.shown())
        })
    }
}

impl Drop for Server {
    /// The end of the run: the server's standard input is closed; it has the time limit to
    /// exit, then it is killed.
    fn drop(&mut self) {
        if let Some(process) = self.process.as_mut() {
            drop(process.stdin.take());
            let limit = self.config.timeout;
            self.wait_exit(limit);
            self.stop();
        }
    }
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

/// The values of a reply (`out` emptied first), or why it is not one: what follows the
/// server's name in the message.
pub fn parse_reply(reply: &str, out: &mut Vec<i32>) -> Result<(), String> {
    out.clear();
    let text = reply.trim();
    if let Some(rest) = text.strip_prefix("error") {
        if rest.is_empty() || rest.starts_with(char::is_whitespace) {
            return Err(format!("reported an error: {}", rest.trim()));
        }
    }
    for word in text.split_ascii_whitespace() {
        let Ok(v) = word.parse::<i32>() else {
            return Err(format!("answered {}, not whole numbers separated by spaces (`{}` is not one)", quoted(reply), clip(word)));
        };
        if out.len() == MAX_RESULTS {
            return Err(format!("answered {} values, more than {MAX_RESULTS}", text.split_ascii_whitespace().count()));
        }
        out.push(v);
    }
    Ok(())
}

/// How a process ended, for a message.
fn exit_text(status: Option<ExitStatus>) -> String {
    let Some(status) = status else { return "it closed its output".into() };
    if let Some(code) = status.code() {
        return format!("exit status {code}");
    }
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return format!("killed by signal {signal}");
    }
    status.to_string()
}

/// A reply as a message quotes it: between backquotes, cut short when long, or `an empty
/// line`.
fn quoted(reply: &str) -> String {
    if reply.trim().is_empty() {
        return "an empty line".into();
    }
    format!("`{}`", clip(reply))
}

/// At most [`SHOWN`] characters of `text`, with `...` when cut.
fn clip(text: &str) -> String {
    match text.char_indices().nth(SHOWN) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_whole_numbers() {
        let mut out = Vec::new();
        assert_eq!(parse_reply(" 1 -2\t30 ", &mut out), Ok(()));
        assert_eq!(out, [1, -2, 30]);
        assert_eq!(parse_reply("", &mut out), Ok(()));
        assert!(out.is_empty());
        assert!(parse_reply("1 x 3", &mut out).unwrap_err().contains("`x` is not one"));
        assert!(parse_reply("1.5", &mut out).is_err());
        assert!(parse_reply("99999999999", &mut out).is_err());
        assert_eq!(parse_reply("error unknown tag 7", &mut out), Err("reported an error: unknown tag 7".into()));
        let many = vec!["1"; 129].join(" ");
        assert_eq!(parse_reply(&many, &mut out), Err("answered 129 values, more than 128".into()));
        assert_eq!(parse_reply(&vec!["1"; 128].join(" "), &mut out), Ok(()));
        assert_eq!(out.len(), 128);
    }

    #[test]
    fn long_replies_are_cut_in_messages() {
        let long = "x".repeat(200);
        let why = parse_reply(&long, &mut Vec::new()).unwrap_err();
        assert!(why.len() < 250, "{why}");
        assert_eq!(quoted("  "), "an empty line");
    }
}
