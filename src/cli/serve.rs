//! `dealvm serve`: its switches (the address, the limits), and the engine the server runs
//! each request with: the command's own run (`cli::execute`), from a command line the
//! request's settings make, with the script given as text (named `script.dli`), its outputs
//! kept in memory, its own stop (the request's time limit, its client gone, its output too
//! long), and no file read or written. What it prints is what `dealvm -s SEED script.dli`
//! prints; its errors are the command's messages.

use crate::api::run::Stop;
use crate::api::script::ScriptBuilder;
use crate::cli::args::{suggest_switch, Cli};
use crate::cli::execute::{finish, Prepared};
use crate::cli::failure::Failure;
use crate::cli::invocation::{Invocation, Warnings};
use crate::cli::outputs;
use crate::cli::stdout::Printed;
use crate::diag::{Diagnostic, Source};
use crate::files::target::Memory;
use crate::report::Actions;
use crate::run::{DealAt, Receiver};
use crate::serve::engine::{Answer, Caps, Cut, Engine, Job, Refusal, Returned, Want};
use crate::serve::limits::{Limits, DEFAULT_LIMITS};
use crate::serve::{serve, Config};
use crate::tournament::hand_records::Format as HandRecordForm;
use clap::Parser;
use dealvm_vm::dealing::board::Board;
use dealvm_vm::evaluation::dd::SolveCounts;
use dealvm_vm::evaluation::stats::Tallies;
use std::ffi::OsString;
use std::io::{self, Write};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

/// `dealvm serve`: run Dealer scripts for web pages and programs, over HTTP.
///
/// Serves a JSON API (`POST /api/run`, `POST /api/boards`, `GET /api/health`, described in
/// `GET /api/openapi.json`) and the deal-service call of teaching sites (`POST /deal`), each
/// request within the limits below. Scripts read and write no file. The first line on
/// standard error says where it listens; then one line per request. SIGTERM or Ctrl-C stops
/// it, the requests in flight finishing first.
#[derive(Parser, Debug)]
#[command(
    name = "dealvm serve",
    bin_name = "dealvm serve",
    disable_help_flag = true,
    disable_version_flag = true,
    max_term_width = 100,
    after_help = "Example: `dealvm serve --listen 127.0.0.1:8080`, behind a reverse proxy (docs/guide/serve.md)."
)]
pub struct ServeCli {
    /// The address and port to listen on (port 0: a free port, printed at the start)
    #[arg(long, value_name = "ADDRESS:PORT", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// Seconds a request's run may deal; then it stops, and answers with what it has
    #[arg(long = "max-seconds", value_name = "SECONDS", default_value_t = DEFAULT_LIMITS.seconds, value_parser = seconds)]
    pub max_seconds: f64,

    /// Deals a request's run may examine: a larger `generate` is cut to it
    #[arg(long = "max-generate", value_name = "N", default_value_t = DEFAULT_LIMITS.generate, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_generate: u64,

    /// Deals a request may get back: returned by /api/run, in a board file, printed by /deal
    #[arg(long = "max-deals", value_name = "N", default_value_t = DEFAULT_LIMITS.deals, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_deals: u64,

    /// Bytes of a script
    #[arg(long = "max-script-bytes", value_name = "BYTES", default_value_t = DEFAULT_LIMITS.script_bytes, value_parser = at_least_one)]
    pub max_script_bytes: usize,

    /// Bytes of a request's body (the script, and the deals given with it)
    #[arg(long = "max-request-bytes", value_name = "BYTES", default_value_t = DEFAULT_LIMITS.request_bytes, value_parser = at_least_one)]
    pub max_request_bytes: usize,

    /// Bytes of a run's printed output: the run stops there, the output cut
    #[arg(long = "max-answer-bytes", value_name = "BYTES", default_value_t = DEFAULT_LIMITS.answer_bytes, value_parser = at_least_one)]
    pub max_answer_bytes: usize,

    /// Requests running at once
    #[arg(long = "max-running", value_name = "N", default_value_t = DEFAULT_LIMITS.running, value_parser = at_least_one)]
    pub max_running: usize,

    /// Requests waiting for a place; more are answered 503 at once
    #[arg(long = "max-waiting", value_name = "N", default_value_t = DEFAULT_LIMITS.waiting)]
    pub max_waiting: usize,

    /// Seconds a request waits for a place before it is answered 503
    #[arg(long = "max-wait", value_name = "SECONDS", default_value_t = DEFAULT_LIMITS.wait, value_parser = seconds)]
    pub max_wait: f64,

    /// Threads a request's run may deal on
    #[arg(long = "max-threads", value_name = "N", default_value_t = DEFAULT_LIMITS.threads, value_parser = at_least_one)]
    pub max_threads: usize,

    /// Print this help and stop
    #[arg(short = 'h', long = "help", action = clap::ArgAction::Help)]
    pub help: Option<bool>,
}

/// A number of seconds: positive and finite, at most a day.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds between 0 and 86400 (a day)")),
    }
}

/// A count of at least 1.
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{text}` is not a whole number of at least 1")),
    }
}

/// `dealvm serve ...` (the arguments from `serve` on).
pub fn main(args: &[OsString], _start: Instant) -> Result<(), Failure> {
    let command = <ServeCli as clap::CommandFactory>::command();
    let cli = ServeCli::try_parse_from(args).map_err(|e| Failure::Usage(suggest_switch(e, &command)))?;
    let limits = Limits {
        seconds: cli.max_seconds,
        generate: cli.max_generate,
        deals: cli.max_deals,
        script_bytes: cli.max_script_bytes,
        request_bytes: cli.max_request_bytes,
        answer_bytes: cli.max_answer_bytes,
        running: cli.max_running,
        waiting: cli.max_waiting,
        wait: cli.max_wait,
        threads: cli.max_threads,
    };
    serve(Config { listen: cli.listen, limits }, Arc::new(Hosted)).map_err(|e| {
        Failure::Input(Diagnostic::error(format!("dealvm serve: cannot serve on {}: {}", cli.listen, crate::files::reason(&e))).render(None))
    })
}

/// The name of a request's script, in messages and outputs: a teacher's `dealvm -s SEED
/// script.dli` prints the same.
pub const SCRIPT_NAME: &str = "script.dli";

/// The engine of `dealvm serve`: each request run as the command runs it.
pub struct Hosted;

impl Engine for Hosted {
    fn run(&self, job: &Job, caps: &Caps, stop: &Stop) -> Result<Answer, Refusal> {
        let start = Instant::now();
        let cli = Cli::parse_args(arguments(job)?).map_err(|e| refusal(&Failure::Usage(e)))?;
        let mut inv = Invocation::resolve(&cli).map_err(|f| refusal(&f))?;
        let memory = Memory::new();
        inv.outputs.memory = Some(memory.clone());
        inv.outputs.warnings = Warnings::kept();
        if let Want::Boards { format } = job.want {
            // Hand records kept in memory take the form the format names.
            inv.outputs.pages.kept_form = HandRecordForm::of_path(std::path::Path::new(&format!("records.{}", format.extension)));
        }
        inv.input.deals_given = job.deals.as_ref().map(|(_, bytes)| bytes.clone());
        let source = match &job.script {
            Some(text) => Source::new(SCRIPT_NAME, text.strip_prefix('\u{feff}').unwrap_or(text)),
            None => Source::new("(no input file)", ""),
        };
        let builder = job.values.iter().fold(ScriptBuilder::new().dd_switches(inv.switches.dd), |b, name| b.value(name));
        let script = builder.compile_source(source.clone()).map_err(|e| Refusal {
            status: 400,
            printed: e.to_string(),
            message: e.message().to_string(),
            line: e.line(),
            column: e.column(),
        })?;
        let compiled = script.compiled();
        if let Some(&span) = compiled.query_spans.first().filter(|_| compiled.program.uses_usereval()) {
            let d = Diagnostic::at(span, "`usereval` asks a program on the server's machine, and this server runs none")
                .with_note("run the script with the dealvm command and -U PATH");
            let (line, column) = source.line_col(span.start);
            return Err(Refusal { status: 400, printed: d.render(Some(&source)), message: d.message, line: Some(line), column: Some(column) });
        }
        let mut warnings = script.warnings();
        let mut run = Prepared::new(&inv, script).map_err(|f| refusal(&f))?;
        let cuts = cut(&mut run, job, caps);
        let actions = outputs::open_actions(&inv, &inv.outputs, &run.script.compiled, &source, &run.settings).map_err(|f| refusal(&f))?;
        let keep = match job.want {
            Want::Document { deals } => deals,
            _ => 0,
        };
        let printing = job.want == Want::Printed;
        let mut out = Printed::new(Capped { kept: Vec::new(), limit: caps.answer_bytes, cut: false, stop: printing.then(|| stop.clone()) });
        let values = run.script.compiled.exposed_from..run.script.compiled.exposed_from + job.values.len();
        let mut recorder = Recorder { actions, deals: Vec::new(), keep, values };
        let outcome = run.run_of(&inv, None).stop(stop).deliver(&mut recorder, &mut out).map(|(outcome, _)| outcome);
        let counts = outcome.as_ref().map(|o| (o.generated, o.produced)).unwrap_or_default();
        let charts = match job.want {
            Want::Document { .. } => crate::report::charts::of_actions(&recorder.actions).iter().map(|c| c.draw().svg).collect(),
            _ => Vec::new(),
        };
        let finished = finish(&inv, &run, &source, outcome, recorder.actions, &mut out, start);
        let stopped = match finished {
            Ok(_) => false,
            Err(Failure::Interrupted(_)) => true,
            Err(failure) => return Err(refusal(&failure)),
        };
        let _ = out.flush();
        warnings.extend(inv.outputs.warnings.taken());
        let printed = out.into_inner();
        let kept = memory.bytes();
        Ok(Answer {
            seed: run.settings.seed,
            generated: counts.0,
            produced: counts.1,
            stopped,
            printed_cut: printed.cut,
            printed: if printing { printed.kept } else { Vec::new() },
            document: matches!(job.want, Want::Document { .. }).then(|| kept.clone()),
            charts,
            deals: recorder.deals,
            boards: (matches!(job.want, Want::Boards { .. }) && !stopped).then_some(kept),
            warnings,
            cuts,
        })
    }
}

/// The command line of `job`: the settings as switches, its outputs to `-` (kept in memory),
/// the deals by their name, the script by [`SCRIPT_NAME`].
fn arguments(job: &Job) -> Result<Vec<String>, Refusal> {
    let mut args = vec!["dealvm".to_string(), "-R".to_string(), job.threads.max(1).to_string()];
    for (switch, value) in [("-s", job.seed.filter(|&s| s != 0)), ("-g", job.generate), ("-p", job.produce)] {
        if let Some(value) = value {
            args.extend([switch.to_string(), value.to_string()]);
        }
    }
    if job.standard_errors {
        args.push("--se".to_string());
    }
    match job.want {
        Want::Printed => {}
        Want::Document { .. } => args.extend(["--json".to_string(), "-".to_string()]),
        Want::Boards { format } => args.extend([format.switch.to_string(), "-".to_string()]),
    }
    if let Some((name, _)) = &job.deals {
        let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-');
        if name.is_empty() || name.len() > 100 || name.starts_with(['-', '.']) || !name.chars().all(plain) {
            return Err(Refusal::bad(format!(
                "deals_name `{name}`: name the deals as a file without a folder (letters, digits, `.`, `_`, `-`), such as `session.pbn`"
            )));
        }
        args.extend(["--deals".to_string(), name.clone()]);
    }
    if job.script.is_some() {
        args.push(SCRIPT_NAME.to_string());
    }
    Ok(args)
}

/// Cuts the run's `generate` to the server's, and its `produce` to the deals a request may
/// get back when they come back (printed each, or in a board file); says what it cut.
fn cut(run: &mut Prepared, job: &Job, caps: &Caps) -> Vec<Cut> {
    let mut cuts = Vec::new();
    let settings = &mut run.settings;
    if settings.generate > caps.generate {
        cuts.push(Cut {
            limit: "--max-generate",
            message: format!("the run examines at most {} deals on this server, not {}", caps.generate, settings.generate),
        });
        settings.generate = caps.generate;
        settings.produce = settings.produce.min(caps.generate);
    }
    let returned = match job.want {
        Want::Printed => run.script.compiled.prints_deals,
        Want::Boards { .. } => true,
        Want::Document { .. } => false,
    };
    if returned && settings.produce > caps.deals {
        cuts.push(Cut {
            limit: "--max-deals",
            message: format!("the run produces at most {} deals on this server, not {}", caps.deals, settings.produce),
        });
        settings.produce = caps.deals;
    }
    cuts
}

/// A failure of the command as the server's refusal: 400, the message as the command prints
/// it, and the place in the script its caret points at.
fn refusal(failure: &Failure) -> Refusal {
    let printed = match failure {
        Failure::Usage(e) => e.render().to_string(),
        other => other.message().to_string(),
    };
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

/// The run's actions, and the first `keep` produced deals kept for the answer with the
/// values asked for (where they are among a deal's values).
struct Recorder {
    actions: Actions,
    deals: Vec<Returned>,
    keep: u64,
    values: std::ops::Range<usize>,
}

impl Receiver for Recorder {
    fn empty_tallies(&self) -> Tallies {
        self.actions.empty_tallies()
    }

    fn per_deal(&self) -> bool {
        self.actions.per_deal() || self.keep > 0
    }

    fn needs_deals(&self) -> bool {
        self.actions.needs_deals() || self.keep > 0
    }

    fn deal(&mut self, out: &mut dyn Write, at: DealAt, number: u64, board: &Board, values: &[i32]) -> io::Result<()> {
        if (self.deals.len() as u64) < self.keep {
            self.deals.push(Returned {
                board: board.number,
                deal: board.deal.pbn(),
                values: values.get(self.values.clone()).map(<[i32]>::to_vec).unwrap_or_default(),
            });
        }
        match self.actions.per_deal() {
            true => Receiver::deal(&mut self.actions, out, at, number, board, values),
            false => Ok(()),
        }
    }

    fn piece(&mut self, batch: u64, tallies: &Tallies, solves: &SolveCounts) {
        Receiver::piece(&mut self.actions, batch, tallies, solves);
    }

    fn enough(&self) -> bool {
        Receiver::enough(&self.actions)
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
    fn the_servers_board_formats_are_the_commands() {
        use crate::cli::invocation::Format;
        for format in crate::serve::engine::BOARD_FORMATS {
            let Some(command) = Format::all().find(|f| f.switch() == format.switch) else { panic!("{format:?}: no such switch") };
            match command.table(false) {
                Some((table, _)) => assert_eq!(table.extension(), format.extension, "{format:?}"),
                None if command == Format::HandRecords => assert!(format.name.ends_with(format.extension), "{format:?}"),
                None => assert_eq!(format.name, format.extension, "{format:?}"),
            }
        }
        let switches: std::collections::BTreeSet<&str> = crate::serve::engine::BOARD_FORMATS.iter().map(|f| f.switch).collect();
        let boards: std::collections::BTreeSet<&str> = Format::all().filter(|f| f.holds_boards()).map(Format::switch).collect();
        assert_eq!(switches, boards, "every board file the command writes, the server offers");
    }

    #[test]
    fn a_deals_name_is_a_plain_file_name() {
        let job = |name: &str| Job { deals: Some((name.to_string(), Vec::new())), ..Job::default() };
        assert!(arguments(&job("session.pbn")).is_ok());
        for bad in ["-", "../etc/passwd", "/etc/passwd", "a b.pbn", ".hidden", ""] {
            assert!(arguments(&job(bad)).is_err(), "{bad}");
        }
    }
}
