//! `dealvm merge PART...`: the parts of a run's shards checked and replayed, so that the
//! output is the single run's, byte for byte (the time line aside), and so are the files its
//! own switches name (it writes no other: a path in a part is the shards' machine's).

use crate::cli::args::{Cli, MergeCli};
use crate::cli::execute::{compile_input, finish, printed, Prepared};
use crate::cli::failure::{io_reason, switch_error, Failure};
use crate::cli::options::record_file;
use crate::cli::outputs;
use crate::cli::stdout::{with_stdout, Printed};
use crate::front::diag::{Diagnostic, Source};
use crate::report::{Actions, Written};
use crate::shard::merge::{check_part, check_reach, check_set, check_sums, keeps_deals, replay, Named, Shape};
use crate::shard::part::decode;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Runs `dealvm merge` to standard output.
pub fn run(merge: &MergeCli, start: Instant) -> Result<(), Failure> {
    with_stdout(|out| execute(merge, out, start))
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
    let mut cli = shards_switches(&parts[0])?;
    // The JSON document is made from the statistics, which every run has: the merge may
    // write it whether or not the shards had --json.
    if merge.json.is_some() {
        cli.json = merge.json.clone();
    }
    let files = merge_files(&cli, merge)?;
    let source = Source::new(run_id.script_name.clone(), run_id.script.clone());
    let compiled = compile_input(&cli, &source)?;
    let run = Prepared::new(&cli, compiled)?;
    let settings = &run.settings;
    if !settings.seed_given {
        return Err(refuse(format!("`{}` is damaged: its run `{}` has no seed, which every shard needs", parts[0].name, run_id.shown())));
    }
    let printed = printed(&cli, &run.script.compiled);
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
    outputs::check_reading(&files, &reading)?;
    let mut actions = outputs::open_actions_to(&cli, &files, &run.script.compiled, &source, settings)?;
    let empty = actions.empty_tallies();
    for p in &parts {
        check_part(p, &shape, &empty).map_err(refuse)?;
    }
    check_sums(&parts).map_err(refuse)?;
    check_reach(&parts, &shape).map_err(refuse)?;
    warn_unwritten(&cli, &files, &actions);
    out.keep_going = actions.writes_files();
    let outcome = replay(&parts, &shape, &mut actions, out);
    let written = finish(&cli, &run, &source, outcome, actions, out, start)?;
    tell_written(&written, &files);
    Ok(())
}

/// One line on standard error for each file written (standard output holds the run's own
/// output): `dealvm merge: wrote the PBN file `x.pbn` (40 boards)`, or `added ... to` a file
/// added to.
fn tell_written(written: &[Written], files: &Cli) {
    let named = outputs::wanted(files);
    for w in written {
        let plural = if w.count == 1 { "" } else { "s" };
        let (count, unit) = (w.count, w.unit);
        if named.iter().any(|n| n.what == w.what && n.append) {
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
fn shards_switches(first: &Named) -> Result<Cli, Failure> {
    let run = &first.part.run;
    let damaged = |why: String| refuse(format!("`{}` is damaged: its command line `{}` {why}", first.name, run.shown()));
    let words = std::iter::once("dealvm".to_string()).chain(run.command.iter().cloned());
    let cli = Cli::parse_args(words).map_err(|e| damaged(format!("cannot be read ({})", e.kind())))?;
    let refused = [
        ("--deals", cli.deals.is_some()),
        ("-L", cli.library.is_some()),
        ("--dump-bytecode", cli.dump_bytecode),
        ("--shard", cli.shard.is_some()),
        ("--part", cli.part.is_some()),
    ];
    if let Some((switch, _)) = refused.iter().find(|(_, given)| *given) {
        return Err(damaged(format!("has {switch}, which no shard records")));
    }
    Ok(cli)
}

/// The output files of the merged run: the merge's own switches, each for an output the
/// shards' run has, and the run's outputs on standard output; never a file that only the
/// shards' command line names (the parts may come from another machine).
fn merge_files(cli: &Cli, merge: &MergeCli) -> Result<Cli, Failure> {
    let run = outputs::wanted(cli);
    // For each output of the run: whether it goes to standard output.
    let had = |switch: &str| run.iter().find(|w| w.switch == switch).map(outputs::Wanted::on_stdout);
    let mut files = cli.clone();
    // The merge reads the parts, not the shards' input file.
    (files.file, files.deals, files.library) = (None, None, None);
    files.pbn = pick("--pbn", "PBN file", &merge.pbn, &cli.pbn, had("--pbn"))?;
    files.dlm = pick("--dlm", "DLM file", &merge.dlm, &cli.dlm, had("--dlm"))?;
    files.csv = pick("-C", "CSV file", &merge.csv, &cli.csv, had("-C"))?;
    files.export = pick("-X", "export file", &merge.export, &cli.export, had("-X"))?;
    files.zrd = pick("-Z", "zrd file", &merge.zrd, &cli.zrd, had("-Z"))?;
    files.dl52 = pick("-l", "DL52 file", &merge.dl52, &cli.dl52, had("-l"))?;
    files.json = pick("--json", "JSON file", &merge.json, &cli.json, had("--json"))?;
    files.dd = cli.dd && files.pbn.is_some();
    if let (Some(had), Some(mine)) = (&cli.zrd, &merge.zrd) {
        if record_file(had).no_solving && !record_file(mine).no_solving {
            return Err(switch_error(format!(
                "merge -Z {mine}: the shards ran with -Z {had}, without solving (`N`), so the parts hold no double-dummy results to write; give -Z N:FILE (with `w` to start the file afresh)"
            )));
        }
    }
    Ok(files)
}

/// The merge's output for `switch`: its own (`mine`), for an output the shards' run has
/// (`on_stdout`: whether the run's goes to standard output); else the run's own (`theirs`)
/// when it goes to standard output; else none.
fn pick<T: Clone>(switch: &str, what: &str, mine: &Option<T>, theirs: &Option<T>, on_stdout: Option<bool>) -> Result<Option<T>, Failure> {
    match (mine, on_stdout) {
        (Some(_), None) => Err(switch_error(format!(
            "merge {switch}: the shards ran without {switch}, so the run writes no {what}; run the shards with {switch} FILE (the merge may name another file)"
        ))),
        (Some(_), Some(_)) => Ok(mine.clone()),
        (None, Some(true)) => Ok(theirs.clone()),
        (None, _) => Ok(None),
    }
}

/// Warns, for each output file the shards' run writes and the merge does not name, that the
/// merge does not write it, and how to have it written.
fn warn_unwritten(cli: &Cli, files: &Cli, actions: &Actions) {
    let named = outputs::wanted(files);
    for w in outputs::wanted(cli) {
        if w.on_stdout() || !outputs::used(actions, &w) || named.iter().any(|n| n.switch == w.switch) {
            continue;
        }
        let article = if w.what == "export" { "an" } else { "a" };
        let message = format!(
            "the run writes {article} {} file (`{}` on the shards' command line), which the merge does not write: name it with {} {}FILE",
            w.what,
            w.path.display(),
            w.switch,
            w.flags
        );
        eprint!("{}", Diagnostic::error(message).render_warning(None));
    }
}
