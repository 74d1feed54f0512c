//! `--classic`: a run as Debian's `/usr/games/dealer` makes it (or, `--classic=exe`, the
//! Windows `dealer.exe`, which deals from other numbers), from the input to the statistics at
//! the end. The input is read and compiled as usual (evaluating as Dealer
//! does: `compile::Request::classic`), the deals come from classic Dealer's dealer in its order
//! (`source::classic`), and the actions print as Dealer prints them (`report::classic`). What
//! Dealer refuses is refused as it refuses it, and what its scanner prints from the comments is
//! printed first (`front::dialect`).

use super::execute::{compile_input_or, read_source, run_error, Host, Prepared};
use super::request::Invocation;
use crate::front::dialect::{dealer_line, echoed, refusal, Dealer};
use crate::invocation::failure::{switch_error, Failure};
use crate::invocation::printed::Printed;
use crate::invocation::settings::RunSettings;
use crate::invocation::signals;
use crate::report::classic::{unsupported, ClassicActions, ClassicInfo};
use crate::source::classic::ClassicDeals;
use crate::source::Deals;
use dealvm_vm::dealing::classic::{ClassicBuild, ClassicSwap};
use dealvm_vm::machine::batch::Swap;
use std::io::Write;
use std::time::Instant;

/// Pieces a thread may run ahead of the one delivered (the run's `AHEAD`), for the ring of
/// batches the classic source keeps.
const AHEAD_PER_THREAD: usize = 8;

/// A run of `inv` as classic Dealer makes it, by classic Dealer's dealer `build` from its
/// seed (`None`: the time in seconds, as Dealer takes it).
pub fn run<W: Write>(inv: &Invocation, build: ClassicBuild, seed: Option<i64>, out: &mut Printed<W>, start: Instant) -> Result<(), Failure> {
    let source = read_source(inv)?;
    // What Dealer refuses, refused as it refuses it: what its scanner printed until then, then
    // its message; and what its scanner prints from the comments, before anything else.
    let dealer = match build {
        ClassicBuild::Exe => Dealer::Exe,
        ClassicBuild::Debian => Dealer::Debian,
    };
    if let Some((at, line, message)) = refusal(&source.text, dealer) {
        out.write_all(&echoed(&source.text, at))?;
        out.flush()?;
        return Err(Failure::Refused(format!("line {line}: {message}")));
    }
    // A name Dealer does not know (a DealerV2 word read as a name, or an unknown variable)
    // stops it at the name's line.
    let mut unknown = None;
    let script = compile_input_or(inv, &Host::Command, &source, |e| match (e.message().starts_with("unknown variable"), e.line(), e.column()) {
        (true, Some(line), Some(column)) => {
            unknown = Some(offset(&source.text, line, column));
            Failure::Refused(String::new())
        }
        _ => Failure::Input(e.to_string()),
    });
    if let Some(at) = unknown {
        out.write_all(&echoed(&source.text, at))?;
        out.flush()?;
        return Err(Failure::Refused(format!("line {}: unknown variable\n", dealer_line(&source.text, at))));
    }
    let script = script?;
    let compiled = script.compiled();
    if let Some((name, why)) = unsupported(&compiled.actions) {
        return Err(switch_error(format!("--classic: the action `{name}` is not supported: {why}")));
    }
    if inv.switches.dump_bytecode {
        out.write_all(compiled.program.disassemble().as_bytes())?;
        writeln!(out, "hands dealt: all, as classic Dealer deals them")?;
        return Ok(());
    }
    // The seed given to `srand()`, and as Dealer prints it (`%lu` of a `long`).
    let seed = seed.unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64));
    let (seed, printed_seed) = (seed as u32, seed as u64);
    // Dealer's swapping: predealt hands are exchanged too, as Dealer does.
    let swap = match inv.switches.swap {
        Swap::None => ClassicSwap::None,
        Swap::EastWest => ClassicSwap::EastWest,
        Swap::EastSouthWest => ClassicSwap::EastSouthWest,
    };
    // The other settings as dealvm merges them: swapping and the seed are Dealer's here.
    let mut base = inv.clone();
    (base.switches.seed, base.switches.swap) = (None, Swap::None);
    let settings = RunSettings { seed: printed_seed, seed_given: true, ..RunSettings::merge(&base, compiled, &compiled.deals)? };
    // With `rnd`, the numbers drawn between the deals decide the next deals: one thread.
    let one_by_one = compiled.program.uses_rnd();
    let threads = if one_by_one { 1 } else { crate::run::threads_meant(settings.threads) };
    let order = &compiled.predeal_order;
    let predeal = [&order[0][..], &order[1][..], &order[2][..], &order[3][..]];
    let dealer = ClassicDeals::new(build, seed, predeal, swap, one_by_one, threads * AHEAD_PER_THREAD);
    let info = ClassicInfo {
        input_name: inv.input.file.as_ref().filter(|p| p.as_os_str() != "-").map(|p| p.to_string_lossy().into_owned()),
        seed: printed_seed,
        dealer: compiled.settings.dealer,
        vulnerable: compiled.settings.vulnerable,
        quiet: inv.switches.quiet,
    };
    let mut actions = ClassicActions::new(compiled.actions.clone(), compiled.tallies.clone(), info);
    let never = compiled.never;
    let deals = Some(Deals::Classic(Box::new(dealer)));
    let run = Prepared { script, settings, from_file: deals, exact: None, never };
    // Classic Dealer numbers nothing: the boards' numbers are the deals'.
    let classic_run = run.run_of(inv, None).threads(threads).first_board(None);
    out.write_all(&echoed(&source.text, source.text.len()))?;
    let outcome = classic_run.deliver(&mut actions, out).map(|(outcome, _)| outcome).map_err(|e| run_error(&run, &source, e))?;
    let elapsed = start.elapsed();
    actions.finish(out, outcome.produced)?;
    if actions.trailer_shown(inv.switches.statistics) {
        writeln!(out, "Generated {} hands", outcome.generated)?;
        writeln!(out, "Produced {} hands", outcome.produced)?;
        writeln!(out, "Initial random seed {printed_seed}")?;
        writeln!(out, "Time needed {:8.3} sec", elapsed.as_secs_f64())?;
    }
    out.flush()?;
    if outcome.interrupted || crate::run::interrupt::requested() {
        return Err(Failure::Interrupted(signals::received().unwrap_or(2)));
    }
    Ok(())
}

/// The byte offset of `line` and `column` (from 1, the column in characters) in `text`.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text.split_inclusive('\n').take(line - 1).map(str::len).sum();
    start + text[start..].chars().take(column - 1).map(char::len_utf8).sum::<usize>()
}
