//! `dealvm merge PART...`: the parts of a run's shards checked and replayed, so that the
//! output is the single run's, byte for byte (the time line aside), and so are the files its
//! own switches name (it writes no other: a path in a part is the shards' machine's).

use crate::cli::args::{suggest_switch, Cli, MergeCli};
use crate::cli::execute::{compile_input, finish, printed, Prepared};
use crate::cli::failure::{io_reason, switch_error, Failure};
use crate::cli::invocation::{Format, Invocation, Mode, OutputSwitches, Outputs, Pages};
use crate::cli::outputs;
use crate::cli::stdout::{with_stdout, Printed};
use crate::diag::{Diagnostic, Source};
use crate::formats;
use crate::report::{Actions, Written};
use crate::shard::merge::{check_part, check_reach, check_set, check_sums, keeps_deals, replay, Named, Shape};
use crate::shard::part::decode;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// `dealvm merge ...` (the arguments from `merge` on): its switches parsed, then the merge
/// run to standard output.
pub fn main(args: &[std::ffi::OsString], start: Instant) -> Result<(), Failure> {
    // Before any thread starts: Ctrl-C stops the merge cleanly, or ends the process.
    crate::cli::signals::install();
    let command = <MergeCli as clap::CommandFactory>::command();
    let merge = <MergeCli as clap::Parser>::try_parse_from(args).map_err(|e| Failure::Usage(suggest_switch(e, &command)))?;
    with_stdout(|out| execute(&merge, out, start))
}

/// Reads and checks the parts, then finishes the run they are of, as the single run would;
/// writes only the output files named on the merge's own command line, and says which.
pub fn execute<W: Write>(merge: &MergeCli, out: &mut Printed<W>, start: Instant) -> Result<(), Failure> {
    let parts = merge.parts.iter().map(|p| read_part(p)).collect::<Result<Vec<_>, _>>()?;
    let parts = check_set(parts).map_err(refuse)?;
    let run_id = parts[0].part.run.clone();
    let this = env!("CARGO_PKG_VERSION");
    if run_id.dealvm != this {
        return Err(refuse(format!(
            "`{}` was made by dealvm {}, and this is dealvm {this}: merge the parts with the dealvm that made them",
            parts[0].name, run_id.dealvm
        )));
    }
    let mut inv = shards_switches(&parts[0])?;
    let mine = merge_switches(merge)?;
    // The JSON document is made from the statistics, which every run has: the merge may
    // write it whether or not the shards had --json.
    // So are the charts.
    for format in [Format::Json, Format::Charts] {
        if let Some(file) = mine.get(format) {
            inv.outputs.set(file.clone());
        }
    }
    let files = merge_files(&inv.outputs, &mine)?;
    let source = Source::new(run_id.script_name.clone(), run_id.script.clone());
    let compiled = compile_input(&inv, &source)?;
    let run = Prepared::new(&inv, compiled)?;
    let settings = &run.settings;
    if !settings.seed_given {
        return Err(refuse(format!("`{}` is damaged: its run `{}` has no seed, which every shard needs", parts[0].name, run_id.shown())));
    }
    let printed = printed(&inv, &run.script.compiled);
    let shape = Shape {
        deals: settings.generate,
        batch_len: run.deals().batch_len(settings.swap),
        produce: settings.produce,
        nvalues: run.script.compiled.nvalues,
        per_deal: keeps_deals(printed, settings.produce, settings.generate, settings.until_se.is_some()),
        hands: printed,
        first_board: settings.first_board,
        sites: run.script.compiled.program.sites.len(),
        tricks: run.script.compiled.table_values,
    };
    let reading: Vec<(&str, &Path)> = merge.parts.iter().map(|p| ("the part file", p.as_path())).collect();
    outputs::check(&files, &reading)?;
    let mut actions = outputs::open_actions(&inv, &files, &run.script.compiled, &source, settings)?;
    let empty = actions.empty_tallies();
    for p in &parts {
        check_part(p, &shape, &empty).map_err(refuse)?;
    }
    check_sums(&parts).map_err(refuse)?;
    check_reach(&parts, &shape).map_err(refuse)?;
    warn_unwritten(&inv.outputs, &files, &actions);
    out.keep_going = actions.writes_files();
    let outcome = replay(&parts, &shape, &mut actions, out);
    let written = finish(&inv, &run, &source, outcome, actions, out, start)?;
    tell_written(&written, &files);
    Ok(())
}

/// One line on standard error for each file written (standard output holds the run's own
/// output): `dealvm merge: wrote the PBN file `x.pbn` (40 boards)`, or `added ... to` a file
/// added to.
fn tell_written(written: &[Written], files: &Outputs) {
    let named = &files.files;
    for w in written {
        let plural = if w.count == 1 { "" } else { "s" };
        let (count, unit) = (w.count, w.unit);
        if named.iter().any(|n| n.what() == w.what && n.append) {
            eprintln!("dealvm merge: added {count} {unit}{plural} to {}", w.name);
        } else {
            eprintln!("dealvm merge: wrote {} ({count} {unit}{plural})", w.name);
        }
    }
}

/// A message refusing the merge.
fn refuse(message: String) -> Failure {
    switch_error(message)
}

/// Reads part file `path`.
fn read_part(path: &Path) -> Result<Named, Failure> {
    let name = path.display().to_string();
    let bytes = crate::cli::input::read_path(path, crate::cli::input::DEALS_LIMIT)
        .map_err(|e| refuse(format!("cannot read the part file `{name}`: {}", io_reason(&e))))?
        .ok_or_else(|| {
            refuse(crate::cli::input::too_long(&format!("the part file `{name}`"), crate::cli::input::DEALS_LIMIT, "give the part file itself"))
        })?;
    let part = decode(&bytes).map_err(|why| refuse(format!("`{name}` {why}")))?;
    Ok(Named { name, part })
}

/// The switches of the shards' run, as its part records them: a command line a shard runs
/// (a shard refuses `--deals`, `-L` and `--dump-bytecode`, and records no `--shard` or
/// `--part`).
fn shards_switches(first: &Named) -> Result<Invocation, Failure> {
    let run = &first.part.run;
    let damaged = |why: String| refuse(format!("`{}` is damaged: its command line `{}` {why}", first.name, run.shown()));
    let words = std::iter::once("dealvm".to_string()).chain(run.command.iter().cloned());
    let cli = Cli::parse_args(words).map_err(|e| damaged(format!("cannot be read ({})", e.kind())))?;
    let inv = Invocation::resolve(&cli).map_err(|e| damaged(format!("cannot be run: {}", e.message().trim_end())))?;
    let refused = [
        ("--deals", inv.input.deals.is_some()),
        ("-L", inv.input.library.is_some()),
        ("--dump-bytecode", inv.switches.dump_bytecode),
        ("--shard", !matches!(inv.mode, Mode::Deal)),
    ];
    if let Some((switch, _)) = refused.iter().find(|(_, given)| *given) {
        return Err(damaged(format!("has {switch}, which no shard records")));
    }
    Ok(inv)
}

/// The output files the merge's own switches name.
fn merge_switches(merge: &MergeCli) -> Result<Outputs, Failure> {
    let named = OutputSwitches {
        pbn: &merge.pbn,
        dlm: &merge.dlm,
        csv: &merge.csv,
        export: &merge.export,
        zrd: &merge.zrd,
        dl52: &merge.dl52,
        json: &merge.json,
        charts: &merge.charts,
        table: &merge.table,
    };
    named.outputs(false)
}

/// The output files of the merged run: the merge's own (`mine`), each for an output the
/// shards' run (`run`) has, and the run's outputs on standard output; never a file that only
/// the shards' command line names (the parts may come from another machine).
fn merge_files(run: &Outputs, mine: &Outputs) -> Result<Outputs, Failure> {
    let mut files = Vec::new();
    for format in Format::all() {
        let theirs = run.get(format);
        match (mine.get(format), theirs) {
            (Some(_), None) => {
                let (switch, what) = (format.switch(), format.what());
                return Err(switch_error(format!(
                    "merge {switch}: the shards ran without {switch}, so the run writes no {what} file; run the shards with {switch} FILE (the merge may name another file)"
                )));
            }
            (Some(m), Some(t)) => {
                if format == Format::File(formats::Format::Zrd) && t.no_solving && !m.no_solving {
                    return Err(switch_error(format!(
                        "merge -Z {}{}: the shards ran with -Z {}{}, without solving (`N`), so the parts hold no double-dummy results to write; give -Z N:FILE (with `w` to start the file afresh)",
                        m.flags,
                        m.path.display(),
                        t.flags,
                        t.path.display()
                    )));
                }
                files.push(m.clone());
            }
            (None, Some(t)) if t.on_stdout() => files.push(t.clone()),
            (None, _) => {}
        }
    }
    let dd = run.dd && files.iter().any(|f| f.format == Format::File(formats::Format::Pbn));
    Ok(Outputs {
        files,
        dd,
        sealed: run.sealed || mine.sealed,
        pages: if mine.pages == Pages::default() { run.pages.clone() } else { mine.pages.clone() },
        memory: None,
        warnings: Default::default(),
    })
}

/// Warns, for each output file the shards' run writes and the merge does not name, that the
/// merge does not write it, and how to have it written.
fn warn_unwritten(run: &Outputs, files: &Outputs, actions: &Actions) {
    for w in &run.files {
        if w.on_stdout() || !outputs::used(actions, w) || files.has(w.format) {
            continue;
        }
        let article = if w.format == Format::Export { "an" } else { "a" };
        let message = format!(
            "the run writes {article} {} file (`{}` on the shards' command line), which the merge does not write: name it with {} {}FILE",
            w.what(),
            w.path.display(),
            w.switch(),
            w.flags
        );
        eprint!("{}", Diagnostic::error(message).render_warning(None));
    }
}
