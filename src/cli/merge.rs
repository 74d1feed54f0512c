//! `dealvm merge PART...`: the part files read and checked as a set, the shards' recorded
//! command line resolved, and the merge's own switches, handed to [`crate::invocation::merge`],
//! which replays the run.

use crate::cli::args::{suggest_switch, Cli, MergeCli};
use crate::cli::failure::{io_reason, switch_error, Exit, Failure};
use crate::cli::resolve::{resolve, OutputSwitches};
use crate::invocation::merge::replay;
use crate::invocation::outputs::Outputs;
use crate::invocation::printed::{with_stdout, Printed};
use crate::invocation::request::{Invocation, Mode};
use crate::shard::merge::{check_set, Named};
use crate::shard::part::decode;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// `dealvm merge ...` (the arguments from `merge` on): its switches parsed, then the merge
/// run to standard output.
pub fn main(args: &[std::ffi::OsString], start: Instant) -> Result<(), Exit> {
    // Before any thread starts: Ctrl-C stops the merge cleanly, or ends the process.
    crate::invocation::signals::install();
    let command = <MergeCli as clap::CommandFactory>::command();
    let merge = <MergeCli as clap::Parser>::try_parse_from(args).map_err(|e| Exit::Usage(suggest_switch(e, &command)))?;
    Ok(with_stdout(|out| execute(&merge, out, start))?)
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
    let inv = shards_switches(&parts[0])?;
    let mine = merge_switches(merge)?;
    let reading: Vec<(&str, &Path)> = merge.parts.iter().map(|p| ("the part file", p.as_path())).collect();
    replay(inv, &parts, &mine, &reading, out, start)
}

/// A message refusing the merge.
fn refuse(message: String) -> Failure {
    switch_error(message)
}

/// Reads part file `path`.
fn read_part(path: &Path) -> Result<Named, Failure> {
    let name = path.display().to_string();
    let bytes = crate::invocation::input::read_path(path, crate::invocation::input::DEALS_LIMIT)
        .map_err(|e| refuse(format!("cannot read the part file `{name}`: {}", io_reason(&e))))?
        .ok_or_else(|| {
            refuse(crate::invocation::input::too_long(
                &format!("the part file `{name}`"),
                crate::invocation::input::DEALS_LIMIT,
                "give the part file itself",
            ))
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
    let inv = resolve(&cli).map_err(|e| damaged(format!("cannot be run: {}", e.message().trim_end())))?;
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
