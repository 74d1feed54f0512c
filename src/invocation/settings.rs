//! Merging the switches with the input file: how many deals, which seed, the title,
//! swapping, board numbers, the usereval server, `--until-se`, each switch beating the input
//! file's statement, which beats Dealer's default.

use super::request::Invocation;
use crate::api::run::dealer_limits;
use crate::compile::Compiled;
use crate::diag::Diagnostic;
use crate::invocation::failure::{switch_error, Failure};
use crate::run::job::os_seed;
use crate::source::Deals;
use dealvm_vm::machine::batch::Swap;

/// The settings of a run: each switch beats the input file's statement, which beats Dealer's
/// default.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// Deals to examine at most.
    pub generate: u64,
    /// Deals to produce at most.
    pub produce: u64,
    /// The seed of the random generator (never 0).
    pub seed: u64,
    /// Threads to deal on.
    pub threads: usize,
    /// The title, when not empty.
    pub title: Option<String>,
    /// Swapping (`-x`).
    pub swap: Swap,
    /// The number of the first board, when the boards are numbered from it.
    pub first_board: Option<u64>,
    /// Whether the seed was given (`-s N` or `seed N`, not 0) rather than chosen: `--shard`
    /// needs one, and `-L` warns about a given seed past the library.
    pub seed_given: bool,
    /// `-D`: at 2 and above, the end of the run counts the double-dummy solves.
    pub debug: u32,
    /// `-U` and `--usereval-timeout`: the server that answers `usereval`, when the program
    /// asks it.
    pub usereval: Option<crate::usereval::Config>,
    /// `--until-se X`: stop after the batch at whose end the first `average`'s standard
    /// error is at most X.
    pub until_se: Option<f64>,
}

impl RunSettings {
    /// The settings of a run of `compiled` over `deals`, as `inv` asks.
    pub fn merge(inv: &Invocation, compiled: &Compiled, deals: &Deals) -> Result<RunSettings, Failure> {
        let switches = &inv.switches;
        let seed = switches.seed.unwrap_or(compiled.settings.seed.unwrap_or(0));
        let swap = match deals {
            // The library's deals (-L) are taken as they are, as DealerV2 does; a zrd file read
            // with --deals is swapped like any other file of deals.
            Deals::Library(_) if inv.input.library.is_some() && switches.swap != Swap::None => {
                eprint!("{}", Diagnostic::error("-L: swapping (-x) is ignored: the deals come from the library as they are").render_warning(None));
                Swap::None
            }
            _ => swap(switches.swap, compiled)?,
        };
        let first_board = switches.board_start.or(compiled.settings.start_board);
        let prints = compiled.prints_deals || inv.outputs.writes_boards();
        let copies = swap.permutations().len() as u64;
        let (generate, produce) = dealer_limits(&compiled.settings, switches.generate, switches.produce, prints, deals.available(), copies);
        Ok(RunSettings {
            generate,
            produce,
            seed: match deals {
                _ if seed != 0 => seed,
                Deals::Library(library) if inv.input.library.is_some() => library_seed(library),
                _ => os_seed(),
            },
            seed_given: seed != 0,
            threads: switches.threads,
            title: switches.title.clone().or_else(|| compiled.settings.title.clone()).filter(|t| !t.is_empty()),
            swap,
            first_board,
            debug: switches.debug,
            usereval: usereval(inv, compiled),
            until_se: until_se(inv, compiled)?,
        })
    }
}

/// `--until-se X`, for a run whose actions have an `average` (the first one is the one
/// measured).
fn until_se(inv: &Invocation, compiled: &Compiled) -> Result<Option<f64>, Failure> {
    let Some(x) = inv.switches.until_se else { return Ok(None) };
    // With --pbn or --dlm, an input without an `action` statement has no actions.
    let averages = compiled.actions.iter().any(|a| matches!(a, crate::compile::ActionSpec::Average { .. }));
    if !averages || (inv.outputs.writes_boards() && !compiled.explicit_actions) {
        return Err(switch_error(
            "--until-se X stops the run once the standard error of the first `average` action is at most X, but the input has no `average` action; \
             add one, such as `action average hcp(north)`"
                .into(),
        ));
    }
    Ok(Some(x))
}

/// The swapping of `-x`, refused when it would move a predealt hand.
pub(crate) fn swap(swap: Swap, compiled: &Compiled) -> Result<Swap, Failure> {
    let shown = if swap == Swap::EastWest { 2 } else { 3 };
    for &seat in swap.moved_seats() {
        if compiled.seat_predealt(seat) {
            return Err(switch_error(format!(
                "-x {shown} moves {}'s hand, but {} has predealt cards or suit lengths",
                seat.keyword(),
                seat.keyword()
            )));
        }
    }
    Ok(swap)
}

/// The usereval server of `-U`, with the time limit of `--usereval-timeout`, when the program
/// asks `usereval` (the compiler refused a program that asks without `-U`).
fn usereval(inv: &Invocation, compiled: &Compiled) -> Option<crate::usereval::Config> {
    let program = inv.switches.usereval.as_ref().filter(|_| compiled.program.uses_usereval());
    program.map(|p| crate::usereval::Config { program: p.into(), timeout: inv.switches.usereval_timeout })
}

/// A seed chosen for a run over a library (`-L` without a seed): a block of the library, from
/// 1 to the last (a seed of 0 would mean "choose"), so that the seed printed at the end, given
/// back with `-s`, starts at the same block. A library of one block has only block 0: seed 1
/// names it (with `-s 1`, a warning says that block 1 is past the library).
fn library_seed(library: &crate::formats::zrd::Library) -> u64 {
    1 + os_seed() % library.last_block().max(1)
}
