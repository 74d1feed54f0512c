//! `--shard K/N --part FILE`: one shard of a run, its part file written for `dealvm merge`.
//! The switches are those of the single run; refused, with the reason, are what a shard
//! cannot deal exactly as the single run would (no seed, `rnd(0)`, `--deals`, `-L`).

use super::execute::{compile_input, printed, read_source, Host, Prepared};
use super::request::Invocation;
use crate::files::target::{file_id, FileId, Output};
use crate::invocation::failure::{switch_error, Failure};
use crate::invocation::{open as outputs, signals};
use crate::run::{RunError, Shard};
use crate::shard::keep::Keeper;
use crate::shard::merge::keeps_deals;
use crate::shard::part::{encode, End, Part, RunId};
use dealvm_vm::machine::interp::Fault;
use std::path::Path;

/// Runs shard `shard` of the run `inv` describes and writes its part file to `path`; prints
/// nothing on standard output, and one line on standard error.
pub fn run(inv: &Invocation, shard: Shard, path: &Path) -> Result<(), Failure> {
    let Some(command) = inv.command_line.clone() else {
        return Err(switch_error("--shard: the command line must be UTF-8 text, to be recorded in the part file".into()));
    };
    let source = read_source(inv)?;
    let script = compile_input(inv, &Host::Command, &source)?;
    if script.compiled().uses_produced_number {
        return Err(switch_error(
            "--shard with `rnd(0)` (the number of the deal being produced) is not supported yet: a shard cannot know how many deals the shards before it produce".into(),
        ));
    }
    let run = Prepared::new(inv, script)?;
    if !run.settings.seed_given {
        return Err(switch_error("--shard needs a seed (-s N, or `seed N` in the input): every shard must deal from the same one".into()));
    }
    outputs::check(&inv.outputs, &outputs::reading(&inv.input))?;
    outputs::check_charts(inv, &run.script.compiled)?;
    let input = inv.input.file.as_deref().filter(|f| f.as_os_str() != "-");
    if let Some(input) = input.filter(|f| matches!(file_id(f), FileId::Inode(..)) && file_id(f) == file_id(path)) {
        return Err(switch_error(format!(
            "--part `{}` is the input file `{}`: the shard would replace the file it reads; give the part another name",
            path.display(),
            input.display()
        )));
    }
    // Opened before dealing, so that a bad path stops the shard at once.
    let mut file = Output::open("part", path, false)?;
    let (compiled, settings) = (&run.script.compiled, &run.settings);
    let deals = settings.generate;
    let printed = printed(inv, compiled);
    let per_deal = keeps_deals(printed, settings.produce, deals, settings.until_se.is_some());
    let mut keeper = Keeper::new(compiled.tallies.clone(), per_deal, printed);
    let mut nothing = std::io::sink();
    let result = run.run_of(inv, Some(shard)).deliver(&mut keeper, &mut nothing).map(|(outcome, _)| outcome);
    let (end, produced, note) = match result {
        Ok(o) if o.interrupted || crate::run::interrupt::requested() => {
            return Err(Failure::Interrupted(signals::received().unwrap_or(2)));
        }
        Ok(o) => {
            let capped = settings.produce < deals && o.produced == settings.produce;
            let end = match keeper.kept.last() {
                Some(last) if capped => End::Produced { batch: last.batch },
                _ => End::Complete,
            };
            (end, o.produced, format!("{} deals examined, {} produced", o.generated, o.produced))
        }
        Err(RunError::Fault { fault: Fault::DivisionByZero { site, remainder }, batch, offset, .. }) => {
            let produced = keeper.totals().map_or(keeper.kept.len() as u64, |t| t.count);
            let note = format!("stopped at a division by zero in batch {batch} (the merge reports it if the run reaches it)");
            (End::Fault { batch, offset, site, remainder }, produced, note)
        }
        Err(e) => return Err(crate::invocation::execute::run_error(&run, &source, e)),
    };
    let run_id = RunId {
        dealvm: env!("CARGO_PKG_VERSION").to_string(),
        shards: shard.count,
        command,
        script_name: source.name.clone(),
        script: source.text.clone(),
    };
    let part = Part {
        fingerprint: run_id.fingerprint(),
        run: run_id,
        shard: shard.index,
        deals,
        batch_len: run.deals().batch_len(settings.swap),
        end,
        produced,
        totals: keeper.totals(),
        kept: std::mem::take(&mut keeper.kept),
        nvalues: compiled.nvalues as u64,
        values: std::mem::take(&mut keeper.values),
        solves: std::mem::take(&mut keeper.solves),
    };
    let mut stdout = std::io::stdout();
    file.writer(&mut stdout).write_all(&encode(&part))?;
    file.writer(&mut stdout).flush()?;
    file.commit()?;
    eprintln!("dealvm: shard {}/{}: {note}; part written to {}", shard.index, shard.count, path.display());
    Ok(())
}
