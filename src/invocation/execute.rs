//! Carrying out an invocation that deals ([`execute`]): read and compile the input, choose the
//! deals, open the output files, run, print the reports and the trailer, commit the files. The
//! command carries it out for its user ([`Host::Command`]: Ctrl-C, warnings on standard
//! error); a program hosting it for others ([`Host::Server`], `dealvm serve`) with its limits,
//! its stop, and the produced deals it returns.

use super::failure::{switch_error, Failure};
use super::input;
use super::open;
use super::printed::Printed;
use super::request::{Invocation, Mode};
use super::settings::RunSettings;
use super::signals;
use crate::api::run::{Run, Stop};
use crate::api::script::{Dialect, Script, ScriptBuilder};
use crate::compile::Compiled;
use crate::diag::{Diagnostic, Source};
use crate::report::json::RunFacts;
use crate::report::{Actions, Written};
use crate::run::{DealAt, NewUserEval, Outcome, Receiver, RunError, Shard};
use crate::source::exact::Dealt;
use crate::source::Deals;
use dealvm_vm::dealing::board::Board;
use dealvm_vm::dealing::classic::ClassicBuild;
use dealvm_vm::evaluation::dd::SolveCounts;
use dealvm_vm::evaluation::stats::Tallies;
use dealvm_vm::evaluation::usereval::{UserEval, UserEvalError};
use dealvm_vm::machine::batch::Swap;
use dealvm_vm::machine::bytecode::Instr;
use dealvm_vm::machine::interp::Fault;
use std::io::{self, Write};
use std::time::Instant;

/// Who carries out an invocation.
#[derive(Clone, Copy)]
pub enum Host<'a> {
    /// The `dealvm` command, for its user: Ctrl-C stops the run cleanly, warnings go to
    /// standard error, and a run that writes board files of seeded deals says so.
    Command,
    /// A program running it for others (`dealvm serve`): no file is read or written but those
    /// given, usereval is not run, and the run keeps within the limits below.
    Server(&'a Hosting),
}

/// What a program hosting a run asks of it.
#[derive(Clone, Debug)]
pub struct Hosting {
    /// The run stops when this says so (a time limit, the client gone, the output too long),
    /// and ends as Ctrl-C ends it.
    pub stop: Stop,
    /// The most deals examined (a larger `generate` is cut to it) and produced when they come
    /// back (`returned`).
    pub max_generate: u64,
    pub max_deals: u64,
    pub returned: Returned,
    /// The produced deals kept for the answer, with the values of [`super::request::Input::values`].
    pub keep: u64,
    /// Whether the charts of the statistics are drawn for the answer.
    pub charts: bool,
}

/// Whether the produced deals come back to the host's client, so that the host's limit of
/// deals cuts the run's `produce`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returned {
    /// When the script prints them (what it prints is answered).
    IfPrinted,
    /// Always (a board file of them is answered).
    Always,
    /// Never (statistics are answered).
    Never,
}

/// A limit that cut the run before it started (its `generate` or `produce`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The host's limit, as its switch names it (`--max-generate`).
    pub limit: &'static str,
    /// What was cut, in words.
    pub message: String,
}

/// A produced deal kept for the host.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    pub board: u64,
    /// The deal as PBN's `Deal` tag writes it.
    pub deal: String,
    /// The values asked for on this deal, in their order (a condition's value 1 or 0).
    pub values: Vec<i32>,
}

/// What a run gave back.
#[derive(Clone, Debug, Default)]
pub struct Executed {
    /// The seed the run dealt with (chosen when none was given).
    pub seed: u64,
    /// Deals examined and produced.
    pub generated: u64,
    pub produced: u64,
    /// Whether the run was stopped before its own end (its host's stop).
    pub stopped: bool,
    /// The charts of the statistics, one SVG element a report (when the host asked).
    pub charts: Vec<String>,
    /// The produced deals kept.
    pub deals: Vec<Kept>,
    /// The limits that cut the run before it started.
    pub cuts: Vec<Cut>,
}

/// A whole run, from the input to the statistics at the end, carried out for `host`.
pub fn execute<W: Write>(inv: &Invocation, host: &Host, out: &mut Printed<W>, start: Instant) -> Result<Executed, Failure> {
    let source = read_source(inv)?;
    let script = compile_input(inv, host, &source)?;
    if inv.switches.dump_bytecode {
        dump(inv, script.compiled(), out)?;
        return Ok(Executed::default());
    }
    let mut run = Prepared::new(inv, script)?;
    let hosting = match host {
        Host::Command => {
            open::check(&inv.outputs, &open::reading(&inv.input))?;
            // Before the files are opened and any thread starts: Ctrl-C stops the run cleanly (the
            // statistics so far, no file left), unless the run is over in a moment and writes no file.
            if !run.momentary(inv) {
                signals::install();
            }
            None
        }
        Host::Server(hosting) => Some(*hosting),
    };
    let cuts = hosting.map(|h| cut(&mut run, h)).unwrap_or_default();
    let mut actions = open::open_actions(inv, &inv.outputs, &run.script.compiled, &source, &run.settings)?;
    // When standard output is closed early, the files asked for are still written.
    out.keep_going = actions.writes_files();
    let mut deals = Vec::new();
    let outcome = match hosting {
        None => run.run_of(inv, None).deliver(&mut actions, out).map(|(outcome, _)| outcome),
        Some(h) => {
            let values = run.script.compiled.exposed_from..run.script.compiled.exposed_from + inv.input.values.len();
            let mut recorder = Recorder { actions, deals: Vec::new(), keep: h.keep, values };
            let outcome = run.run_of(inv, None).stop(&h.stop).deliver(&mut recorder, out).map(|(outcome, _)| outcome);
            (actions, deals) = (recorder.actions, recorder.deals);
            outcome
        }
    };
    let counts = outcome.as_ref().map(|o| (o.generated, o.produced)).unwrap_or_default();
    let charts = match hosting.filter(|h| h.charts) {
        Some(_) => crate::report::charts::of_actions(&actions).iter().map(|c| c.draw().svg).collect(),
        None => Vec::new(),
    };
    let stopped = match (finish(inv, &run, &source, outcome, actions, out, start), hosting) {
        (Ok(_), _) => false,
        (Err(Failure::Interrupted(_)), Some(_)) => true,
        (Err(failure), _) => return Err(failure),
    };
    if hosting.is_none() && for_the_table(inv, &run) {
        eprintln!(
            "dealvm: these boards can be dealt again by anyone who knows the seed {}; for boards to be played, deal them with `dealvm boards`",
            run.settings.seed
        );
    }
    Ok(Executed { seed: run.settings.seed, generated: counts.0, produced: counts.1, stopped, charts, deals, cuts })
}

/// Cuts the run's `generate` to the host's, and its `produce` to the deals it may give back
/// when they come back (printed each, or in a board file); says what it cut.
fn cut(run: &mut Prepared, hosting: &Hosting) -> Vec<Cut> {
    let mut cuts = Vec::new();
    let prints = run.script.compiled.prints_deals;
    let settings = &mut run.settings;
    if settings.generate > hosting.max_generate {
        cuts.push(Cut {
            limit: "--max-generate",
            message: format!("the run examines at most {} deals on this server, not {}", hosting.max_generate, settings.generate),
        });
        settings.generate = hosting.max_generate;
        settings.produce = settings.produce.min(hosting.max_generate);
    }
    let returned = match hosting.returned {
        Returned::IfPrinted => prints,
        Returned::Always => true,
        Returned::Never => false,
    };
    if returned && settings.produce > hosting.max_deals {
        cuts.push(Cut {
            limit: "--max-deals",
            message: format!("the run produces at most {} deals on this server, not {}", hosting.max_deals, settings.produce),
        });
        settings.produce = hosting.max_deals;
    }
    cuts
}

/// The run's actions, and the first `keep` produced deals kept with the values asked for
/// (where they are among a deal's values).
struct Recorder {
    actions: Actions,
    deals: Vec<Kept>,
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
            self.deals.push(Kept {
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

/// Whether the run wrote board files of random deals with no condition: boards that look
/// made for play, which a seed can deal again.
fn for_the_table(inv: &Invocation, run: &Prepared) -> bool {
    let compiled = &run.script.compiled;
    inv.outputs.writes_boards() && run.from_file.is_none() && compiled.condition_span.is_none() && !compiled.has_predeal()
}

/// The input file read and checked against the script-variable switches.
pub(crate) fn read_source(inv: &Invocation) -> Result<Source, Failure> {
    if let Some(text) = &inv.input.script_given {
        let name = inv.input.file.as_ref().map_or_else(|| "(no input file)".to_string(), |f| f.display().to_string());
        return Ok(Source::new(name, text.strip_prefix('\u{feff}').unwrap_or(text)));
    }
    input::check_script_switches(&inv.input)?;
    input::check_file_switches(inv)?;
    let source = input::source(&inv.input)?;
    input::check_script_use(&inv.input, &source)?;
    Ok(source)
}

/// `--dump-bytecode`: the program, how the run would deal and which hands.
fn dump<W: Write>(inv: &Invocation, compiled: &Compiled, out: &mut Printed<W>) -> Result<(), Failure> {
    out.write_all(compiled.program.disassemble().as_bytes())?;
    if inv.input.deals.is_some() || inv.input.library.is_some() {
        writeln!(out, "hands dealt: none, the deals are read from a file")?;
        return Ok(());
    }
    let (swap, limits) = match RunSettings::merge(inv, compiled, &compiled.deals) {
        Ok(s) => (s.swap, (s.generate, s.produce)),
        Err(_) => (Default::default(), (10_000_000, 40)),
    };
    let choice = dealing(inv, compiled, swap, limits);
    if compiled.never {
        writeln!(out, "dealing: none, the condition is false whatever the deal")?;
        writeln!(out, "hands dealt: none, no deal can meet the condition")?;
        return Ok(());
    }
    writeln!(out, "dealing: {}", choice.how)?;
    let hands = match (&choice.exact, &choice.impossible) {
        (_, Some(_)) => "hands dealt: none, no deal can meet the condition".to_string(),
        (Some(_), None) => "hands dealt: all, exactly among the deals meeting the terms".to_string(),
        (None, None) => {
            let program = &compiled.program;
            let partial = compiled.deals.reading(program, &compiled.tables, printed(inv, compiled), swap);
            let rest = program.code.iter().any(|i| matches!(i, dealvm_vm::machine::bytecode::Instr::DealRest));
            let dealing = partial.as_ref().unwrap_or(&compiled.deals).dealing(rest);
            match partial {
                Some(_) if inv.switches.reference => format!("{dealing}; --reference: all four dealt before the condition is tested"),
                _ => dealing,
            }
        }
    };
    writeln!(out, "{hands}")?;
    Ok(())
}

/// A run ready to deal: the compiled input, the settings, and where the deals come from.
pub(crate) struct Prepared {
    pub script: Script,
    pub settings: RunSettings,
    /// The deals of `--deals`, `-L` or the exact dealer, when not the compiler's source.
    pub from_file: Option<Deals>,
    /// With exact dealing, what it deals.
    pub exact: Option<Dealt>,
    /// Whether no deal can meet the condition (its value, its bounds or counting prove it): the
    /// run deals nothing.
    pub never: bool,
}

impl Prepared {
    /// The run of `compiled` under the switches: the settings merged, the deals file read,
    /// the dealing chosen; a DLM file that could not hold the boards is refused.
    pub fn new(inv: &Invocation, script: Script) -> Result<Prepared, Failure> {
        let compiled = script.compiled();
        if inv.switches.rotate && compiled.settings.dealer.is_none() && inv.input.deals.is_none() {
            return Err(switch_error(
                "--rotate turns each deal so that its dealer's hand sits at the seat that deals its board in the 16-board cycle, \
                 but the input gives no `dealer`: its deals are already the cycle's; add `dealer north` (or the seat whose hand \
                 should be the dealer's) to the input"
                    .into(),
            ));
        }
        let (from_file, file_title) = deals_file(inv, compiled)?;
        let mut settings = RunSettings::merge(inv, compiled, from_file.as_ref().unwrap_or(&compiled.deals))?;
        // A conversion keeps the title of the deals file, unless the run gives its own.
        if inv.switches.title.is_none() && compiled.settings.title.is_none() {
            settings.title = file_title.filter(|t| !t.is_empty());
        }
        let from_file = if inv.input.library.is_some() { library_start(&settings, from_file) } else { from_file };
        let mut exact = None;
        let mut never = compiled.never;
        let from_file = match from_file {
            Some(deals) => Some(deals),
            None if never => None,
            None => {
                let choice = dealing(inv, compiled, settings.swap, (settings.generate, settings.produce));
                if let Some(why) = &choice.impossible {
                    never = true;
                    let message = format!("no deal can meet the condition: {why} (counted exactly)");
                    let note = format!(
                        "the run ends at once, as Dealer would end after dealing its {} deals: all counted as generated, none produced",
                        settings.generate
                    );
                    let warning = match compiled.condition_span {
                        Some(span) => Diagnostic::at(span, message).with_note(note),
                        None => Diagnostic::error(format!("{message}; {note}")),
                    };
                    inv.outputs.warnings.warn(warning.render_warning(Some(&script.source)));
                }
                exact = choice.dealt;
                choice.exact.map(|d| Deals::Exact(Box::new(d)))
            }
        };
        let run = Prepared { script, settings, from_file, exact, never };
        for (file, last) in inv.outputs.files.iter().filter_map(|f| f.format.last_board().map(|last| (f, last))) {
            let swapped = run.settings.swap.permutations().len() > 1;
            let (first, boards) = (run.settings.first_board, run.deals().boards());
            if let Some(why) = crate::formats::dlm::capacity_error(file.what(), last, first, boards, run.settings.produce, swapped) {
                return Err(switch_error(format!("{} {}: {why}", file.switch(), file.path.display())));
            }
        }
        Ok(run)
    }

    /// Whether the run is over in a moment and leaves nothing to clean up, so that Ctrl-C
    /// may end it at once: one batch of deals at most, not dealt exactly, nothing solved, no
    /// `usereval` server, no output file.
    fn momentary(&self, inv: &Invocation) -> bool {
        let program = &self.script.compiled.program;
        self.settings.generate <= dealvm_vm::machine::batch::BATCH
            && !matches!(self.from_file, Some(Deals::Exact(_)))
            && !program.uses_dd()
            && !program.uses_usereval()
            && self.settings.usereval.is_none()
            && inv.outputs.files.iter().all(|w| w.on_stdout())
    }

    /// Where the deals come from (before dealing only the hands read).
    pub fn deals(&self) -> &Deals {
        self.from_file.as_ref().unwrap_or(&self.script.compiled.deals)
    }

    /// The run, or one shard of it, as the library's front door runs it.
    pub fn run_of(&self, inv: &Invocation, shard: Option<Shard>) -> Run<'_> {
        let settings = &self.settings;
        let usereval = self.settings.usereval.clone().map(|config| {
            // A Ctrl-C stops a wait for the server at once.
            let interrupted = crate::run::interrupt::requested;
            let server = move || Box::new(crate::usereval::Server::new(config.clone(), interrupted)) as Box<dyn UserEval>;
            NewUserEval(std::sync::Arc::new(server))
        });
        self.script
            .run()
            .chosen(self.deals())
            .generate(settings.generate)
            .produce(settings.produce)
            .seed(settings.seed)
            .threads(settings.threads)
            .swap(settings.swap)
            .first_board(settings.first_board)
            .progress(inv.switches.meter)
            .usereval(usereval)
            .shard(shard)
            .never(self.never)
            .whole_deals(inv.switches.reference)
    }
}

/// The end of a run (or of a merge): the reports, the trailer, the output files committed
/// (the files written, as the merge lists them); or the run's error in the user's words.
pub(crate) fn finish<W: Write>(
    inv: &Invocation,
    run: &Prepared,
    source: &Source,
    outcome: Result<Outcome, RunError>,
    mut actions: Actions,
    out: &mut Printed<W>,
    start: Instant,
) -> Result<Vec<Written>, Failure> {
    let outcome = outcome.map_err(|e| run_error(run, source, e))?;
    // A file on standard output stays a file: for the command, what would spoil it goes to
    // standard error, after the file; a server's printed answer (its outputs kept in memory)
    // is no file.
    let file_on_stdout = actions.file_on_stdout();
    let aside = file_on_stdout && inv.outputs.memory.is_none();
    let mut stderr = io::stderr().lock();
    if aside {
        out.flush()?;
    }
    // The end-of-run reports (`average`, ... beside `printpbn`).
    actions.finish(if aside && actions.pbn_on_stdout() { &mut stderr } else { out })?;
    // Ctrl-C: the statistics so far and the trailer, but no output file.
    let interrupted = outcome.interrupted || crate::run::interrupt::requested();
    if outcome.produced == 0 && !interrupted {
        no_boards(&actions.board_files(), outcome.generated)?;
    }
    if !interrupted {
        actions.write_kept_boards(out)?;
        for (message, note) in actions.placement_warnings() {
            inv.outputs.warnings.warn(Diagnostic::error(message).with_note(note).render_warning(None));
        }
    }
    // The statistics at the end: `-v` leaves them out, or, when standard output is a file (a
    // board file, the JSON document, `printpbn` alone, as Dealer's `dealer script > x.pbn`),
    // asks for them, on standard error.
    if inv.switches.statistics != file_on_stdout {
        let w: &mut dyn Write = if aside { &mut stderr } else { out };
        trailer(w, &run.settings, &deals_origin(inv, run), &outcome, start)?;
        if let Some(dealt) = &run.exact {
            writeln!(w, "Exact dealing: dealt only deals meeting {}; Generated counts the random deals Dealer would have dealt", dealt.shown())?;
        }
        if let Some(wanted) = run.settings.until_se {
            until_se_line(w, wanted, actions.first_standard_error())?;
        }
    }
    drop(stderr);
    let stopped_by = stopped_by(&run.settings, &outcome, interrupted, &actions);
    let facts = RunFacts { generated: outcome.generated, produced: outcome.produced, stopped_by };
    actions.write_json(out, &facts)?;
    actions.write_charts(out, &facts)?;
    // Standard output first: when it fails, the run fails and writes no file.
    out.flush()?;
    if interrupted {
        return Err(Failure::Interrupted(signals::received().unwrap_or(2)));
    }
    Ok(actions.commit_files()?)
}

/// A run's error in the user's words: a division by zero shown in the input.
pub(crate) fn run_error(run: &Prepared, source: &Source, e: RunError) -> Failure {
    match e {
        RunError::Io(e) => Failure::from(e),
        RunError::Fault { fault: Fault::DivisionByZero { site, remainder }, deal, .. } => {
            let note = format!("it happened on deal number {deal} (seed {})", run.settings.seed);
            let d = crate::api::run::division_by_zero(&run.script.compiled, site as usize, remainder, note);
            Failure::Input(d.render(Some(source)))
        }
        RunError::Fault { fault: Fault::NoSolver, .. } => {
            let d = Diagnostic::error("internal error: a double-dummy question reached a thread with no solver");
            Failure::Input(d.render(None))
        }
        RunError::Fault { fault: Fault::UserEval { query, idx, error }, deal, .. } => {
            let program = &run.script.compiled.program;
            let shown = program.queries[query as usize].shown(idx);
            let server = run.settings.usereval.as_ref().map_or_else(|| "the usereval server".into(), |c| c.shown());
            let message = match error {
                UserEvalError::NoAnswerer => format!("internal error: {shown} reached a thread with no usereval server"),
                UserEvalError::Failed(why) => format!("{shown}: {why}"),
                UserEvalError::Short { answered: 0 } => format!("{shown}: {server} answered no values"),
                UserEvalError::Short { answered } => format!("{shown}: {server} answered {answered} values, numbered 0 to {}", answered - 1),
            };
            let span = run.script.compiled.query_spans[query as usize];
            let d = Diagnostic::at(span, message).with_note(format!("it happened on deal number {deal} (seed {})", run.settings.seed));
            Failure::Input(d.render(Some(source)))
        }
    }
}

/// Whether an action or an output file takes the produced deals themselves (not only values),
/// as [`crate::report::Actions::needs_deals`] will say once the files are open.
pub(crate) fn printed(inv: &Invocation, compiled: &Compiled) -> bool {
    inv.outputs.writes_deals() || compiled.actions.iter().any(|a| a.needs_deal())
}

/// The input compiled through the library's front door, with the predeal switches, the script
/// variables and the values asked for; its warnings where the invocation's warnings go.
pub(crate) fn compile_input(inv: &Invocation, host: &Host, source: &Source) -> Result<Script, Failure> {
    compile_input_or(inv, host, source, |e| Failure::Input(e.to_string()))
}

/// [`compile_input`], an error in the script made a failure by `refuse` (`--classic`
/// refuses some as Dealer does).
pub(crate) fn compile_input_or(
    inv: &Invocation,
    host: &Host,
    source: &Source,
    refuse: impl FnOnce(crate::api::script::Error) -> Failure,
) -> Result<Script, Failure> {
    let dialect = match inv.mode {
        Mode::Classic { build: ClassicBuild::Exe, .. } => Dialect::ClassicExe,
        Mode::Classic { build: ClassicBuild::Debian, .. } => Dialect::Classic,
        _ => Dialect::DealVm,
    };
    let mut builder = ScriptBuilder::new().plain(inv.switches.plain).dd_switches(inv.switches.dd).dialect(dialect);
    if inv.input.deals.is_none() && inv.input.library.is_none() {
        builder = builder.run_generate(inv.switches.generate);
    }
    for (n, value) in inv.input.script_vars.iter().enumerate() {
        if let Some(value) = value {
            builder = builder.script_var(n, value.clone());
        }
    }
    for (switch, seat, holdings) in &inv.input.predeal {
        builder = builder.predeal_as(*seat, holdings, switch);
    }
    for name in &inv.input.values {
        builder = builder.value(name);
    }
    let script = builder.compile_source(source.clone()).map_err(refuse)?;
    let compiled = script.compiled();
    if inv.switches.usereval.is_none() && !inv.switches.dump_bytecode {
        let asked = compiled.program.reachable().find_map(|i| if let Instr::UserEval { query, .. } = i { Some(query) } else { None });
        if let Some(query) = asked {
            let (message, note) = match host {
                Host::Command => {
                    ("`usereval` needs a server: give its program with -U PATH", "the protocol the server speaks is described in docs/usereval.md")
                }
                Host::Server(_) => (
                    "`usereval` asks a program on the server's machine, and this server runs none",
                    "run the script with the dealvm command and -U PATH",
                ),
            };
            let d = Diagnostic::at(compiled.query_spans[query as usize], message).with_note(note);
            return Err(Failure::Input(d.render(Some(source))));
        }
    }
    for w in script.warnings() {
        inv.outputs.warnings.warn(w);
    }
    Ok(script)
}

/// The deals of `--deals FILE` or `-L FILE`, if given, with the title of the `--deals` file.
/// The predeal cannot apply to the boards of `--deals`; `-L` ignores it, as DealerV2 does.
fn deals_file(inv: &Invocation, compiled: &Compiled) -> Result<(Option<Deals>, Option<String>), Failure> {
    if let Some(path) = &inv.input.library {
        let (name, bytes) = input::file_bytes(path, "the library")?;
        let library = crate::source::library(&name, bytes).map_err(|d| Failure::Input(d.render(None)))?;
        if compiled.studies_leads() {
            return Err(switch_error(
                "-L takes the library's deals as they are, and evalleads studies the leads of a hand predealt on every deal: run it without -L"
                    .into(),
            ));
        }
        if compiled.has_predeal() {
            warn("-L: the predeal is ignored: the deals come from the library as they are");
        }
        return Ok((Some(Deals::Library(library)), None));
    }
    let Some(path) = &inv.input.deals else { return Ok((None, None)) };
    let (name, bytes) = match &inv.input.deals_given {
        Some(bytes) => (path.display().to_string(), bytes.clone()),
        None => input::deals_bytes(path)?,
    };
    let first_board = inv.switches.board_start.or(compiled.settings.start_board);
    let read = Deals::from_file(&name, bytes, first_board).map_err(|d| Failure::Input(d.render(None)))?;
    let (deals, title) = (read.deals, read.title);
    if let Some(boards) = read.unnumbered {
        let warning = crate::source::unnumbered(&name, boards).with_note(
            "a BHG file of boards from another number (11 to 20, say) has its hands turned so: give its first board with --board-start 11",
        );
        inv.outputs.warnings.warn(warning.render_warning(None));
    }
    for warning in &read.warnings {
        inv.outputs.warnings.warn(warning.render_warning(None));
    }
    if compiled.has_predeal() {
        return Err(switch_error("--deals takes the deals as they are in the file: the predeal does not apply to them".into()));
    }
    Ok((Some(deals), title))
}

/// How a run of `(generate, produce)` deals at most deals: exactly, when the condition's terms
/// on single seats are rare and the run long enough to repay their counting.
fn dealing(inv: &Invocation, compiled: &Compiled, swap: Swap, limits: (u64, u64)) -> crate::source::exact::Choice {
    crate::api::run::choose_dealing(compiled, swap, limits, inv.switches.rejection, inv.switches.dump_bytecode)
}

/// Prints a warning on standard error: the run goes on.
fn warn(message: &str) {
    eprint!("{}", Diagnostic::error(message).render_warning(None));
}

/// The `-L` library dealt from the block the seed names (the seed given, or the one chosen, which
/// names a block of the library): DealerV2's blocks of 1000 deals, of 100, 10 or 1 in
/// libraries of fewer than 10000, 1000 and 100 deals; a block past the last is the last, with
/// a warning when the seed was given.
fn library_start(settings: &RunSettings, deals: Option<Deals>) -> Option<Deals> {
    let Some(Deals::Library(library)) = deals else { return deals };
    let (seed, block, last) = (settings.seed, library.block_size(), library.last_block());
    if seed > last && settings.seed_given {
        let n = library.len();
        warn(&format!("-L: seed {seed} names block {seed} of {block} deals, past the {n} deals of the library; starting at block {last}"));
    }
    Some(Deals::Library(library.starting_at(seed.min(last) * block)))
}

/// Refuses to write board files without a board: what dealvm writes, `--deals` reads.
fn no_boards(files: &[String], generated: u64) -> Result<(), Failure> {
    let Some((last, first)) = files.split_last() else { return Ok(()) };
    let (names, verb) = match first {
        [] => (last.clone(), "was"),
        _ => (format!("{} and {last}", first.join(", ")), "were"),
    };
    let d = Diagnostic::error(format!("no deal was produced, so {names} {verb} not written"))
        .with_note(format!("none of the {generated} deals examined met the condition; an existing file is left as it was"));
    Err(Failure::Input(d.render(None)))
}

/// Where the deals of the run came from, as the trailer says it: the seed, or the file of
/// `--deals` (and the seed when the input draws random numbers, the seed's only use then).
fn deals_origin(inv: &Invocation, run: &Prepared) -> Vec<String> {
    let seed = format!("Initial random seed {}", run.settings.seed);
    match inv.input.deals.as_deref() {
        None => vec![seed],
        Some(path) => {
            let file = if path.as_os_str() == "-" { "standard input".to_string() } else { path.display().to_string() };
            let mut lines = vec![format!("Deals from {file}")];
            lines.extend(run.script.compiled.program.uses_rnd().then_some(seed));
            lines
        }
    }
}

/// Why the run ended, as the JSON document says it: interrupted, at its `produce` count, at
/// `--until-se`, or after all its deals (of `generate`, or of the deals file).
fn stopped_by(settings: &RunSettings, outcome: &Outcome, interrupted: bool, actions: &Actions) -> &'static str {
    if interrupted {
        "interrupted"
    } else if outcome.produced == settings.produce && outcome.generated < settings.generate {
        "produce"
    } else if actions.enough() && outcome.generated < settings.generate {
        "until-se"
    } else {
        "generate"
    }
}

/// The trailer's line for `--until-se`: the first `average`'s standard error at the end, and
/// whether it reached the one asked for.
fn until_se_line(out: &mut dyn Write, wanted: f64, reached: Option<f64>) -> io::Result<()> {
    let se = reached.map_or_else(|| "-".to_string(), |se| format!("{se:.6}"));
    let verdict = if reached.is_some_and(|se| se <= wanted) { "reached" } else { "not reached" };
    writeln!(out, "Standard error of the first average {se}: --until-se {wanted} {verdict}")
}

/// The statistics at the end of the run, as Dealer prints them; `origin` the lines that say
/// where the deals came from ([`deals_origin`]).
fn trailer(out: &mut dyn Write, settings: &RunSettings, origin: &[String], outcome: &Outcome, start: Instant) -> io::Result<()> {
    if let Some(t) = &settings.title {
        writeln!(out, "\n{t}")?;
    }
    writeln!(out, "Generated {} hands", outcome.generated)?;
    writeln!(out, "Produced  {} hands", outcome.produced)?;
    for line in origin {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "Time needed {:8.3} sec", start.elapsed().as_secs_f64())?;
    let dd = &outcome.dd;
    if settings.debug >= 2 && dd.solves() + dd.cached > 0 {
        writeln!(
            out,
            "Double dummy: {} single solves, {} target searches, {} whole tables, {} answers from the cache",
            dd.single, dd.targets, dd.tables, dd.cached
        )?;
    }
    Ok(())
}
