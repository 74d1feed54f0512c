//! `dealvm merge PART...`: the parts of a run's shards checked and replayed, so that the
//! output is the single run's, byte for byte (the time line aside), and so are its files.

use crate::cli::args::{Cli, MergeCli};
use crate::cli::execute::{compile_input, finish, printed, Prepared};
use crate::cli::failure::{io_reason, switch_error, Failure};
use crate::cli::options::record_file;
use crate::cli::outputs;
use crate::cli::stdout::{with_stdout, Printed};
use crate::front::diag::Source;
use crate::shard::merge::{check_part, check_reach, check_set, keeps_deals, replay, Named, Shape};
use crate::shard::part::decode;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Runs `dealvm merge` to standard output.
pub fn run(merge: &MergeCli, start: Instant) -> Result<(), Failure> {
    with_stdout(|out| execute(merge, out, start))
}

/// Reads and checks the parts, then finishes the run they are of, as the single run would.
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
    let words = std::iter::once("dealvm".to_string()).chain(run_id.command.iter().cloned());
    let mut cli = Cli::parse_args(words)
        .map_err(|e| refuse(format!("`{}` is damaged: its command line `{}` cannot be read ({})", parts[0].name, run_id.shown(), e.kind())))?;
    redirect(&mut cli, merge)?;
    let source = Source::new(run_id.script_name.clone(), run_id.script.clone());
    let compiled = compile_input(&cli, &source)?;
    let run = Prepared::new(&cli, compiled)?;
    let settings = &run.settings;
    let printed = printed(&cli, &run.compiled);
    let shape = Shape {
        deals: settings.generate,
        batch_len: settings.swap.batch_len(),
        produce: settings.produce,
        nvalues: run.compiled.nvalues,
        per_deal: keeps_deals(printed, settings.produce, settings.generate),
        hands: printed,
        first_board: settings.first_board,
    };
    let reading: Vec<(&str, &Path)> = merge.parts.iter().map(|p| ("the part file", p.as_path())).collect();
    outputs::check_reading(&cli, &reading)?;
    let mut actions = outputs::open_actions(&cli, &run.compiled, &source, settings)?;
    let empty = actions.empty_tallies();
    for p in &parts {
        check_part(p, &shape, &empty).map_err(refuse)?;
    }
    check_reach(&parts, &shape).map_err(refuse)?;
    out.keep_going = actions.writes_files();
    let outcome = replay(&parts, &shape, &mut actions, out);
    finish(&cli, &run, &source, outcome, actions, out, start)
}

/// A message refusing the merge.
fn refuse(message: String) -> Failure {
    switch_error(message)
}

/// Reads part file `path`.
fn read_part(path: &Path) -> Result<Named, Failure> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| refuse(format!("cannot read the part file `{name}`: {}", io_reason(&e))))?;
    let part = decode(&bytes).map_err(|why| refuse(format!("`{name}` {why}")))?;
    Ok(Named { name, part })
}

/// The merge's output switches in place of the shards': each names another file for an
/// output the shards' run has.
fn redirect(cli: &mut Cli, merge: &MergeCli) -> Result<(), Failure> {
    let missing = |switch: &str, what: &str| {
        Err(switch_error(format!(
            "merge {switch}: the shards ran without {switch}, so the run writes no {what}; run the shards with {switch} FILE (the merge may name another file)"
        )))
    };
    if let Some(p) = &merge.pbn {
        if cli.pbn.is_none() {
            return missing("--pbn", "PBN file");
        }
        cli.pbn = Some(p.clone());
    }
    if let Some(p) = &merge.dlm {
        if cli.dlm.is_none() {
            return missing("--dlm", "DLM file");
        }
        cli.dlm = Some(p.clone());
    }
    if let Some(c) = &merge.csv {
        if cli.csv.is_none() {
            return missing("-C", "CSV file");
        }
        cli.csv = Some(c.clone());
    }
    if let Some(x) = &merge.export {
        if cli.export.is_none() {
            return missing("-X", "export file");
        }
        cli.export = Some(x.clone());
    }
    if let Some(z) = &merge.zrd {
        match &cli.zrd {
            None => return missing("-Z", "zrd file"),
            Some(had) if record_file(had).no_solving != record_file(z).no_solving => {
                return Err(switch_error(format!(
                    "merge -Z {z}: the shards ran with -Z {had}; the `N` (no solving) must be the same, only the file and `w` may change"
                )));
            }
            Some(_) => cli.zrd = Some(z.clone()),
        }
    }
    if let Some(l) = &merge.dl52 {
        if cli.dl52.is_none() {
            return missing("-l", "DL52 file");
        }
        cli.dl52 = Some(l.clone());
    }
    Ok(())
}
