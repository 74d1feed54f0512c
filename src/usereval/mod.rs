//! The usereval server: the program of `-U`, started once per thread that asks a `usereval`
//! query, answering one line per query (the protocol is `docs/usereval.md`).
//!
//! The `vm` crate asks its queries through the [`UserEval`] trait and caches the answers per
//! deal; a [`Server`] is that trait's answerer for one thread. It starts its program at the
//! first query (so a thread that asks nothing starts nothing), greets it, then for each query
//! writes the request line, numbered, and waits, at most [`Config::timeout`], for the reply
//! line, which must repeat the number: a server that sends two lines for a request is caught
//! at the next one instead of giving every later deal the previous deal's answer. Any failure
//! (the program cannot start, stops, answers out of step or something else than whole
//! numbers, does not answer in time) is a message naming the program; the interpreter stops
//! the run with it. A Ctrl-C stops a wait at once. At the end the server's standard input is
//! closed and the program given the same time to exit; then its whole process group is
//! killed (`process`).
//!
//! Imports: `files` (the wording of I/O errors) and the `vm` crate.

mod process;
mod reply;

use dealvm_vm::card::Deal;
use dealvm_vm::evaluation::usereval::{Query, UserEval};
use process::{Line, Process, Received, MAX_LINE};
use reply::{parse_reply, quoted};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitStatus;
use std::time::Duration;

pub use process::end_all;

/// The version of the protocol dealvm speaks.
pub const VERSION: u32 = 2;

/// The first line dealvm sends, and the line the server must answer with: the protocol and
/// its version.
pub const GREETING: &str = "dealvm-usereval 2";

/// How long dealvm waits for an answer (the greeting's too) unless `--usereval-timeout` says.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

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
    /// Whether the run was interrupted (Ctrl-C): a wait for the server then stops at once.
    interrupted: fn() -> bool,
    process: Option<Process>,
    /// The number of the last request sent (the greeting is not numbered).
    number: u64,
    /// The request line, reused from query to query.
    request: String,
}

impl Server {
    /// A connection to the program of `config`, not started yet; `interrupted` says whether
    /// the run was interrupted.
    pub fn new(config: Config, interrupted: fn() -> bool) -> Server {
        Server { config, interrupted, process: None, number: 0, request: String::new() }
    }

    /// The process, started and greeted if it was not.
    fn process(&mut self) -> Result<&mut Process, String> {
        if self.process.is_none() {
            let process = Process::start(&self.config.program).map_err(|why| format!("cannot start {}: {why}", self.config.shown()))?;
            self.process = Some(process);
            let reply = self.exchange(GREETING)?;
            if reply.trim() != GREETING {
                self.stop();
                return Err(self.not_greeted(&reply));
            }
        }
        Ok(self.process.as_mut().expect("started above"))
    }

    /// Why `reply`, the answer to the greeting, is not the greeting.
    fn not_greeted(&self, reply: &str) -> String {
        let shown = self.config.shown();
        match reply.trim().strip_prefix("dealvm-usereval ") {
            Some(version) => format!(
                "{shown} speaks version {} of dealvm's usereval protocol, and this dealvm speaks version {VERSION}, where each \
                 request starts with a number that its reply repeats (it answered {} to the greeting `{GREETING}`; see \
                 docs/usereval.md)",
                version.trim(),
                quoted(reply)
            ),
            None => format!(
                "{shown} does not speak dealvm's usereval protocol: it answered {} to the greeting `{GREETING}` (see docs/usereval.md)",
                quoted(reply)
            ),
        }
    }

    /// Sends `line` and gives the reply line (without its end); on a failure the process is
    /// stopped.
    fn exchange(&mut self, line: &str) -> Result<String, String> {
        let process = self.process.as_mut().expect("started");
        let received = match process.send(line) {
            Ok(()) => process.receive(self.config.timeout, self.interrupted),
            // The reply may tell why (an `error` line), else the process has stopped.
            Err(_) => match process.receive(Duration::from_millis(100), self.interrupted) {
                Received::TimedOut => Received::Closed,
                received => received,
            },
        };
        let shown = self.config.shown();
        let why = match received {
            Received::Line(Line::Text(reply)) => return Ok(reply),
            Received::Line(Line::TooLong) => format!("{shown} answered a line longer than {MAX_LINE} bytes"),
            Received::Line(Line::Failed(e)) => format!("cannot read the answer of {shown}: {}", crate::files::reason(&e)),
            Received::TimedOut => {
                format!("{shown} did not answer within {} (see --usereval-timeout); it was stopped", self.config.limit())
            }
            Received::Interrupted => format!("the run was interrupted while {shown} was answering"),
            Received::Closed => {
                let exited = process.wait_exit(Duration::from_secs(1), self.interrupted);
                let status = process.end();
                format!("{shown} stopped without answering ({})", if exited { exit_text(status) } else { "it closed its output".into() })
            }
        };
        self.stop();
        Err(why)
    }

    /// Ends the process (if any): its whole process group is killed, and it is forgotten.
    fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            process.end();
        }
    }
}

impl UserEval for Server {
    fn answer(&mut self, deal: &Deal, query: &Query, out: &mut Vec<i32>) -> Result<(), String> {
        self.process()?;
        self.number += 1;
        let mut request = std::mem::take(&mut self.request);
        request.clear();
        let suit = query.suit.map_or('-', |s| s.letter());
        let _ = write!(request, "{} {} {} {} {suit}", self.number, deal.pbn(), query.tag, query.who.code());
        let reply = self.exchange(&request);
        self.request = request;
        let reply = reply?;
        parse_reply(&reply, self.number, out).map_err(|why| {
            self.stop();
            format!("{} {why}", self.config.shown())
        })
    }
}

impl Drop for Server {
    /// The end of the run: the server's standard input is closed; it has the time limit to
    /// exit (less after a Ctrl-C), then its process group is killed.
    fn drop(&mut self) {
        if let Some(mut process) = self.process.take() {
            process.close_input();
            process.wait_exit(self.config.timeout, self.interrupted);
            process.end();
        }
    }
}

/// How a process ended, for a message.
fn exit_text(status: Option<ExitStatus>) -> String {
    let Some(status) = status else { return "its exit status is unknown".into() };
    if let Some(code) = status.code() {
        return format!("exit status {code}");
    }
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return format!("killed by signal {signal}");
    }
    status.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_greeting_names_the_version() {
        assert_eq!(GREETING, format!("dealvm-usereval {VERSION}"));
    }
}
