//! The engine the server runs each request with: the invocation a request asks for, built
//! from its settings (the script given as text, named `script.dli`; the deals given as bytes;
//! the outputs kept in memory), and carried out as the command carries out its own
//! ([`crate::invocation::execute()`]) within the server's limits and under the request's stop
//! (its time limit, its client gone, its output too long), with no file read or written. What
//! it prints is what `dealvm -s SEED script.dli` prints; its errors are the command's messages.

use super::engine::{Answer, Caps, Download, Engine, Job, Refusal, Want};
use crate::api::run::Stop;
use crate::files::target::Memory;
use crate::formats::Format;
use crate::invocation::execute::{execute, Host, Hosting, Returned as Comes};
use crate::invocation::failure::Failure;
use crate::invocation::outputs::{OutputFile, OutputKind, Outputs, Warnings};
use crate::invocation::printed::Printed;
use crate::invocation::request::{Input, Invocation, Mode, Switches};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

/// The name of a request's script, in messages and outputs: a teacher's `dealvm -s SEED
/// script.dli` prints the same.
pub const SCRIPT_NAME: &str = "script.dli";

/// The engine of `dealvm serve`: each request run as the command runs it.
pub struct Hosted;

impl Engine for Hosted {
    fn run(&self, job: &Job, caps: &Caps, stop: &Stop) -> Result<Answer, Refusal> {
        let start = Instant::now();
        let memory = Memory::new();
        let inv = invocation(job, &memory)?;
        let printing = job.want == Want::Printed;
        let hosting = Hosting {
            stop: stop.clone(),
            max_generate: caps.generate,
            max_deals: caps.deals,
            returned: match job.want {
                Want::Printed => Comes::IfPrinted,
                Want::Boards { .. } => Comes::Always,
                Want::Document { .. } => Comes::Never,
            },
            keep: match job.want {
                Want::Document { deals } => deals,
                _ => 0,
            },
            charts: matches!(job.want, Want::Document { .. }),
        };
        let mut out = Printed::new(Capped { kept: Vec::new(), limit: caps.answer_bytes, cut: false, stop: printing.then(|| stop.clone()) });
        let ran = execute(&inv, &Host::Server(&hosting), &mut out, start).map_err(|f| refusal(&f))?;
        let _ = out.flush();
        let printed = out.into_inner();
        let kept = memory.bytes();
        Ok(Answer {
            seed: ran.seed,
            generated: ran.generated,
            produced: ran.produced,
            stopped: ran.stopped,
            printed_cut: printed.cut,
            printed: if printing { printed.kept } else { Vec::new() },
            document: matches!(job.want, Want::Document { .. }).then(|| kept.clone()),
            charts: ran.charts,
            deals: ran.deals,
            boards: (matches!(job.want, Want::Boards { .. }) && !ran.stopped).then_some(kept),
            warnings: inv.outputs.warnings.taken(),
            cuts: ran.cuts,
        })
    }
}

/// The invocation `job` asks for: a run of its script (or of none) over its deals, with its
/// settings, its one output kept in `memory`, its warnings kept.
fn invocation(job: &Job, memory: &Memory) -> Result<Invocation, Refusal> {
    let deals = match &job.deals {
        Some((name, bytes)) => {
            check_deals_name(name)?;
            Some((PathBuf::from(name), bytes.clone()))
        }
        None => None,
    };
    let input = Input {
        file: job.script.as_ref().map(|_| PathBuf::from(SCRIPT_NAME)),
        script_given: Some(job.script.clone().unwrap_or_default()),
        deals: deals.as_ref().map(|d| d.0.clone()),
        deals_given: deals.map(|d| d.1),
        values: job.values.clone(),
        ..Input::default()
    };
    let switches = Switches {
        seed: job.seed.filter(|&s| s != 0),
        generate: job.generate,
        produce: job.produce,
        threads: job.threads.max(1),
        standard_errors: job.standard_errors,
        ..Switches::default()
    };
    let (kind, kept_form) = match job.want {
        Want::Printed => (None, None),
        Want::Document { .. } => (Some(OutputKind::Json), None),
        Want::Boards { format: Download::Board(format) } => (Some(OutputKind::File(format)), None),
        Want::Boards { format: Download::HandRecords(form) } => (Some(OutputKind::HandRecords), Some(form)),
    };
    let files = kind.map(|format| OutputFile { format, path: PathBuf::from("-"), append: false, no_solving: false, flags: String::new() });
    let mut outputs = Outputs { files: files.into_iter().collect(), memory: Some(memory.clone()), warnings: Warnings::kept(), ..Outputs::default() };
    outputs.pages.kept_form = kept_form;
    debug_assert!(!matches!(kind, Some(OutputKind::File(Format::Zrd | Format::Dl52))), "records are not downloads");
    Ok(Invocation::new(Mode::Deal, input, switches, outputs, None))
}

/// Refuses a name for the deals that is not a plain file name: it names them in messages and
/// tells their format by its extension, and is never opened.
fn check_deals_name(name: &str) -> Result<(), Refusal> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-');
    if name.is_empty() || name.len() > 100 || name.starts_with(['-', '.']) || !name.chars().all(plain) {
        return Err(Refusal::bad(format!(
            "deals_name `{name}`: name the deals as a file without a folder (letters, digits, `.`, `_`, `-`), such as `session.pbn`"
        )));
    }
    Ok(())
}

/// A failure of the run as the server's refusal: 400, the message as the command prints it,
/// and the place in the script its caret points at.
fn refusal(failure: &Failure) -> Refusal {
    let printed = failure.message().to_string();
    let first = printed.lines().next().unwrap_or("");
    let message = first.strip_prefix("error: ").unwrap_or(first).to_string();
    let (line, column) = place(&printed).unzip();
    Refusal { status: 400, printed, message, line, column }
}

/// The line and column of the script that a printed message points at (`--> script.dli:3:7`).
fn place(printed: &str) -> Option<(usize, usize)> {
    let marker = format!("--> {SCRIPT_NAME}:");
    let rest = &printed[printed.find(&marker)? + marker.len()..];
    let mut numbers = rest.split(|c: char| !c.is_ascii_digit());
    Some((numbers.next()?.parse().ok()?, numbers.next()?.parse().ok()?))
}

/// The printed output, kept up to `limit` bytes; past them the rest is dropped and the run
/// asked to stop (when `stop` is given).
struct Capped {
    kept: Vec<u8>,
    limit: usize,
    cut: bool,
    stop: Option<Stop>,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.cut {
            let room = self.limit.saturating_sub(self.kept.len());
            self.kept.extend_from_slice(&buf[..buf.len().min(room)]);
            if buf.len() > room {
                self.cut = true;
                if let Some(stop) = &self.stop {
                    stop.request();
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_gives_the_place_it_points_at() {
        let printed = "error: unknown name `hcpp`\n --> script.dli:3:11\n  |\n";
        assert_eq!(place(printed), Some((3, 11)));
        assert_eq!(place("error: no deal was produced\n"), None);
    }

    #[test]
    fn every_board_file_the_command_writes_the_server_offers() {
        let offered: Vec<OutputKind> = Download::all()
            .into_iter()
            .map(|d| match d {
                Download::Board(format) => OutputKind::File(format),
                Download::HandRecords(_) => OutputKind::HandRecords,
            })
            .collect();
        for kind in OutputKind::all().filter(|k| k.holds_boards()) {
            assert!(offered.contains(&kind), "{kind:?}");
        }
        let names: std::collections::BTreeSet<String> = Download::all().into_iter().map(Download::name).collect();
        assert_eq!(names.len(), Download::all().len(), "each name once");
    }

    #[test]
    fn a_deals_name_is_a_plain_file_name() {
        assert!(check_deals_name("session.pbn").is_ok());
        for bad in ["-", "../etc/passwd", "/etc/passwd", "a b.pbn", ".hidden", ""] {
            assert!(check_deals_name(bad).is_err(), "{bad}");
        }
    }
}
