//! `dealvm merge`: the parts of a run's shards replayed, so that the output is the single
//! run's, byte for byte (the time line aside), and so are the files the merge's own switches
//! name (it writes no other: a path in a part is the shards' machine's).

use super::execute::{compile_input, finish, printed, Host, Prepared};
use super::failure::{switch_error, Failure};
use super::open;
use super::outputs::{OutputKind, Outputs, Pages};
use super::printed::Printed;
use super::request::Invocation;
use crate::diag::{Diagnostic, Source};
use crate::formats;
use crate::report::{Actions, Written};
use crate::shard::merge::{check_part, check_reach, check_sums, keeps_deals, replay as replay_parts, Named, Shape};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Finishes the run `inv` whose shards' `parts` (checked as a set) are given, as the single run
/// would: writes only the output files of `mine` (the merge's own switches), and says which.
/// `reading`: the part files, which no output may replace.
pub fn replay<W: Write>(
    mut inv: Invocation,
    parts: &[Named],
    mine: &Outputs,
    reading: &[(&str, &Path)],
    out: &mut Printed<W>,
    start: Instant,
) -> Result<(), Failure> {
    let run_id = parts[0].part.run.clone();
    // The JSON document is made from the statistics, which every run has: the merge may
    // write it whether or not the shards had --json.
    // So are the charts.
    for format in [OutputKind::Json, OutputKind::Charts] {
        if let Some(file) = mine.get(format) {
            inv.outputs.set(file.clone());
        }
    }
    let files = merge_files(&inv.outputs, mine)?;
    let source = Source::new(run_id.script_name.clone(), run_id.script.clone());
    let compiled = compile_input(&inv, &Host::Command, &source)?;
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
    open::check(&files, reading)?;
    let mut actions = open::open_actions(&inv, &files, &run.script.compiled, &source, settings)?;
    let empty = actions.empty_tallies();
    for p in parts {
        check_part(p, &shape, &empty).map_err(refuse)?;
    }
    check_sums(parts).map_err(refuse)?;
    check_reach(parts, &shape).map_err(refuse)?;
    warn_unwritten(&inv.outputs, &files, &actions);
    out.keep_going = actions.writes_files();
    let outcome = replay_parts(parts, &shape, &mut actions, out);
    let written = finish(&inv, &run, &source, outcome, actions, out, start)?;
    tell_written(&written, &files);
    Ok(())
}

/// A message refusing the merge.
fn refuse(message: String) -> Failure {
    switch_error(message)
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

/// The output files of the merged run: the merge's own (`mine`), each for an output the
/// shards' run (`run`) has, and the run's outputs on standard output; never a file that only
/// the shards' command line names (the parts may come from another machine).
fn merge_files(run: &Outputs, mine: &Outputs) -> Result<Outputs, Failure> {
    let mut files = Vec::new();
    for format in OutputKind::all() {
        let theirs = run.get(format);
        match (mine.get(format), theirs) {
            (Some(_), None) => {
                let (switch, what) = (format.switch(), format.what());
                return Err(switch_error(format!(
                    "merge {switch}: the shards ran without {switch}, so the run writes no {what} file; run the shards with {switch} FILE (the merge may name another file)"
                )));
            }
            (Some(m), Some(t)) => {
                if format == OutputKind::File(formats::Format::Zrd) && t.no_solving && !m.no_solving {
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
    let dd = run.dd && files.iter().any(|f| f.format == OutputKind::File(formats::Format::Pbn));
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
        if w.on_stdout() || !open::used(actions, w) || files.has(w.format) {
            continue;
        }
        let article = if w.format == OutputKind::Export { "an" } else { "a" };
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
