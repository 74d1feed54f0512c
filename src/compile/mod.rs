//! Compiling: the syntax tree of an input file to a `vm` program, run settings, the action
//! specifications and the source of the deals.
//!
//! The condition and the values the actions need become one *deal routine* of a
//! [`dealvm_vm::machine::program::Program`]: constants are folded with the interpreter's own
//! arithmetic, `&&`, `||` and `?:` become jumps, each variable becomes one subroutine whose
//! value is cached per deal, and every `shape(...)` becomes a single 560-bit shape-set test.
//!
//! One file per concern, each adding methods to the compiler's state ([`state`]):
//! [`statements`] (settings, variables), [`predeal`], [`actions`], [`expr`] (code),
//! [`fold`] (constants, bounds, range tests), [`shapes`], [`dd`] (double dummy: par
//! vulnerability, solving mode, cost ordering), [`tabulate`], [`seats`], [`order`],
//! [`exact`]; [`output`] holds what comes out. What these files share lies below the
//! compiler's state, so that none imports in a circle: [`node`] (node keys, effects) and
//! [`reads`] (what each node reads of the deal).
//!
//! Imports: [`crate::front`] (the syntax tree, messages), [`crate::source`] (to choose the
//! deal source for the predeal) and the `vm` crate.

pub mod actions;
pub mod dd;
pub mod exact;
pub mod expr;
pub mod fold;
pub mod node;
pub mod order;
pub mod output;
pub mod predeal;
pub mod reads;
pub mod seats;
pub mod shapes;
pub mod state;
pub mod statements;
pub mod tabulate;

use crate::diag::{Diagnostic, Source};
use crate::front::ast::Statement;
use crate::front::lex::ScriptVars;
pub use output::{ActionSpec, CommandLinePredeal, Compiled, ConditionRules, CsvPart, DdSwitches, EsPart, Lead, Settings, ValueRef, Written};
use state::Compiler;

/// What is asked of the compiler beyond the input file: the switches that change the program.
#[derive(Clone, Copy)]
pub struct Request<'r> {
    /// The cards predealt by `-N`, `-E`, `-S`, `-W`.
    pub command_line: &'r [CommandLinePredeal],
    /// The values of `$0`..`$9`, which `shape{...}` texts need.
    pub script: &'r ScriptVars,
    pub dd: &'r DdSwitches,
    /// `--plain`: no superinstructions.
    pub plain: bool,
    /// The run's `generate` when the caller knows it before compiling (`Some(None)`: the
    /// script's own): a run of at most [`SHORT_RUN`] deals is compiled plain.
    pub run_generate: Option<Option<u64>>,
    /// Variables of the input whose values each produced deal carries, after the actions'
    /// values (from [`Compiled::exposed_from`] on), for the library's callers.
    pub exposed: &'r [String],
    /// `--classic`: the program evaluates as classic Dealer does (a variable that draws `rnd`
    /// draws at each use, Dealer's `imps` table, Dealer's `altcount` numbering).
    pub classic: bool,
}

/// A run of at most this many random deals is compiled plain: tabulating sub-expressions over
/// the 8192 holdings and measuring the condition's operands on a sample of 1024 deals take a
/// few million instructions, which a run saves back only over thousands of deals.
pub const SHORT_RUN: u64 = 2_000;

/// Compiles parsed statements of `source` as `request` asks.
pub fn compile(source: &Source, statements: &[Statement<'_>], request: &Request<'_>) -> Result<Compiled, Diagnostic> {
    let mut c = Compiler::new(source, statements, request.script, request.dd, request.plain);
    c.classic = request.classic;
    for s in statements {
        c.statement(s)?;
    }
    if request.run_generate.is_some_and(|g| g.or(c.settings.generate).is_some_and(|g| g <= SHORT_RUN)) {
        c.plain = true;
    }
    c.finish(request.command_line, request.exposed)
}
