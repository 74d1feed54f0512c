//! `--classic`: a run as Debian's `/usr/games/dealer` makes it (or, `--classic=exe`, the
//! Windows `dealer.exe`, which deals from other numbers), from the input to the statistics at
//! the end. The input is read and compiled as usual (evaluating as Dealer
//! does: `compile::Request::classic`), the deals come from classic Dealer's dealer in its order
//! (`source::classic`), and the actions print as Dealer prints them (`report::classic`).

use crate::cli::args::Cli;
use crate::cli::execute::{compile_input, read_source, run_error, Prepared};
use crate::cli::failure::{switch_error, Failure};
use crate::cli::options::RunSettings;
use crate::cli::signals;
use crate::cli::stdout::Printed;
use crate::report::classic::{unsupported, ClassicActions, ClassicInfo};
use crate::source::classic::ClassicDeals;
use crate::source::Deals;
use dealvm_vm::dealing::classic::{ClassicBuild, ClassicSwap};
use std::io::Write;
use std::time::Instant;

/// Pieces a thread may run ahead of the one delivered (the run's `AHEAD`), for the ring of
/// batches the classic source keeps.
const AHEAD_PER_THREAD: usize = 8;

/// A run of `cli` as classic Dealer makes it.
pub fn run<W: Write>(cli: &Cli, out: &mut Printed<W>, start: Instant) -> Result<(), Failure> {
    let build = match cli.classic.as_deref().map(str::trim) {
        Some("debian") => ClassicBuild::Debian,
        Some("exe") => ClassicBuild::Exe,
        Some(other) => {
            return Err(switch_error(format!(
                "--classic takes nothing (Debian's /usr/games/dealer), `=debian` or `=exe` (the Windows dealer.exe), found `={other}`"
            )))
        }
        None => unreachable!("called for --classic"),
    };
    refuse_switches(cli)?;
    let source = read_source(cli)?;
    let script = compile_input(cli, &source)?;
    let compiled = script.compiled();
    if let Some((name, why)) = unsupported(&compiled.actions) {
        return Err(switch_error(format!("--classic: the action `{name}` is not supported: {why}")));
    }
    if cli.dump_bytecode {
        out.write_all(compiled.program.disassemble().as_bytes())?;
        writeln!(out, "hands dealt: all, as classic Dealer deals them")?;
        return Ok(());
    }
    let (seed, printed_seed) = seed(cli)?;
    let swap = swap(cli)?;
    // The other settings as dealvm merges them: swapping and the seed are Dealer's here.
    let mut base = cli.clone();
    (base.seed, base.swap) = (None, None);
    let settings = RunSettings { seed: printed_seed, seed_given: true, ..RunSettings::merge(&base, compiled, &compiled.deals)? };
    // With `rnd`, the numbers drawn between the deals decide the next deals: one thread.
    let one_by_one = compiled.program.uses_rnd();
    let threads = if one_by_one { 1 } else { settings.threads };
    let order = &compiled.predeal_order;
    let predeal = [&order[0][..], &order[1][..], &order[2][..], &order[3][..]];
    let dealer = ClassicDeals::new(build, seed, predeal, swap, one_by_one, threads * AHEAD_PER_THREAD);
    let info = ClassicInfo {
        input_name: cli.file.as_ref().filter(|p| p.as_os_str() != "-").map(|p| p.to_string_lossy().into_owned()),
        seed: printed_seed,
        dealer: compiled.settings.dealer,
        vulnerable: compiled.settings.vulnerable,
        quiet: cli.quiet,
    };
    let mut actions = ClassicActions::new(compiled.actions.clone(), compiled.tallies.clone(), info);
    let never = compiled.never;
    let deals = Some(Deals::Classic(Box::new(dealer)));
    let run = Prepared { script, settings, from_file: deals, exact: None, never };
    // Classic Dealer numbers nothing: the boards' numbers are the deals'.
    let classic_run = run.run_of(cli, None).threads(threads).first_board(None);
    let outcome = classic_run.deliver(&mut actions, out).map(|(outcome, _)| outcome).map_err(|e| run_error(&run, &source, e))?;
    let elapsed = start.elapsed();
    actions.finish(out, outcome.produced)?;
    if actions.trailer_shown(cli.verbose.is_multiple_of(2)) {
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

/// Refuses the switches classic Dealer has no counterpart of.
fn refuse_switches(cli: &Cli) -> Result<(), Failure> {
    let given = [
        ("--pbn", cli.pbn.is_some()),
        ("--dlm", cli.dlm.is_some()),
        ("-Z", cli.zrd.is_some()),
        ("-l", cli.dl52.is_some()),
        ("-C", cli.csv.is_some()),
        ("-X", cli.export.is_some()),
        ("--json", cli.json.is_some()),
        ("--se", cli.se),
        ("--until-se", cli.until_se.is_some()),
        ("--deals", cli.deals.is_some()),
        ("-L", cli.library.is_some()),
        ("--shard", cli.shard.is_some() || cli.part.is_some()),
        ("--rotate", cli.rotate),
        ("--board-start", cli.board_start.is_some()),
        ("-T", cli.title.is_some()),
        ("--dd", cli.dd),
    ];
    match given.iter().find(|(_, on)| *on) {
        Some((switch, _)) => Err(switch_error(format!(
            "{switch} cannot go with --classic, which behaves as Debian's dealer: it has no such switch; leave out one of them"
        ))),
        None => Ok(()),
    }
}

/// The seed given to `srand()` and the seed as Dealer prints it (`%lu` of a `long`): `-s N`
/// (a negative one too), else the time in seconds, as Dealer takes it.
fn seed(cli: &Cli) -> Result<(u32, u64), Failure> {
    let seed: i64 = match cli.seed.as_deref().map(str::trim) {
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|&s| s != i64::MIN && s != i64::MAX)
            .ok_or_else(|| switch_error(format!("-s takes a whole number between {} and {}, found `{text}`", i64::MIN + 1, i64::MAX - 1)))?,
        None => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64),
    };
    Ok((seed as u32, seed as u64))
}

/// Dealer's swapping: `-x 2` for its `-2`, `-x 3` for its `-3` (predealt hands are exchanged
/// too, as Dealer does).
fn swap(cli: &Cli) -> Result<ClassicSwap, Failure> {
    match cli.swap.as_deref().map(str::trim) {
        None => Ok(ClassicSwap::None),
        Some("2") => Ok(ClassicSwap::EastWest),
        Some("3") => Ok(ClassicSwap::EastSouthWest),
        Some(other) => Err(switch_error(format!("-x takes 2 or 3, found `{other}`"))),
    }
}
