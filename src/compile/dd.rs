//! Double dummy in the compiler: the vulnerability of `par` and `parcontract`, how the deals
//! are solved (single solves or whole tables), the cost ordering of `&&`/`||` chains, so
//! that double-dummy terms are solved only when the cheaper tests beside them leave the
//! result open, and target searches answered by the count a deal asks for anyway
//! (`Compiler::targets_from_counts`).

use crate::compile::node::{node_key, DRAWS, MAY_FAIL, SOLVES};
use crate::compile::output::DdSwitches;
use crate::compile::state::Compiler;
use crate::diag::Diagnostic;
use crate::front::ast::*;
use dealvm_vm::card::Seat;
use dealvm_vm::evaluation::dd::{DdMode, ParVul};
use dealvm_vm::evaluation::score::Strain;
use dealvm_vm::machine::bytecode::{BinaryOp, Instr};
use dealvm_vm::machine::program::Program;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Single solves are chosen when a program asks about at most this many declarer-strain pairs;
/// with more, one whole table is cheaper. Measured with DDS 3 (`comparisons/dd.sh`): a table costs
/// about as much as 8 single solves. (DealerV2 switches at 5.)
const MAX_SINGLE_PAIRS: usize = 8;

/// A program that asks for par scores and about at most this many declarer-strain pairs finds
/// par by target searches ([`DdMode::ParScores`]) and solves the pairs one at a time, rather than
/// solving the whole table. Measured on 40 random deals (`comparisons/runs/2026-11-29-par-alone.md`):
/// par at four vulnerabilities and one pair took 3.0 s against 9.0 s with tables, with three
/// pairs 5.3 s against 9.1 s; par at one vulnerability and five pairs 7.9 s against 10.2 s.
const MAX_PAIRS_BESIDE_PAR: usize = 4;

impl<'s, 'a> Compiler<'s, 'a> {
    /// The vulnerability of a `par` or `parcontract`: the one written, else `-P`, else the
    /// input's `vulnerable` statement, else the board's own (when the deals come from a board
    /// file that gives it), else none.
    pub(super) fn par_vul(&self, word: Option<VulWord<'_>>) -> Result<ParVul, Diagnostic> {
        match word {
            None => Ok(self.par_default),
            Some(w) => super::statements::vulnerability(w.text)
                .map(ParVul::Given)
                .ok_or_else(|| Diagnostic::at(w.span, format!("found `{}`, expected none, NS, EW or both", w.text))),
        }
    }

    /// Reorders the operands of a `&&` (or `||`) chain so that operands that solve double
    /// dummy come after the ones that do not. Operands that draw random numbers or may divide
    /// by zero stay where they are, and nothing moves across them; the value of the chain is
    /// the same as left to right, since solving has no effect but its cost.
    pub(super) fn cost_order<'e>(&self, operands: &mut [&'e Expr<'a>]) {
        let effects: Vec<u8> = operands.iter().map(|e| self.effects(e)).collect();
        if effects.iter().all(|&f| f & SOLVES == 0) {
            return;
        }
        let mut start = 0;
        while start < operands.len() {
            let end = (start..operands.len()).find(|&i| effects[i] & (DRAWS | MAY_FAIL) != 0).unwrap_or(operands.len());
            let segment = &mut operands[start..end];
            let mut keyed: Vec<(bool, &'e Expr<'a>)> = segment.iter().zip(&effects[start..end]).map(|(e, f)| (f & SOLVES != 0, *e)).collect();
            keyed.sort_by_key(|&(solves, _)| solves);
            for (slot, (_, e)) in segment.iter_mut().zip(keyed) {
                *slot = e;
            }
            start = end + 1;
        }
    }

    /// A comparison of double-dummy tricks with a number, `dds(south, notrump) >= 9` (either
    /// way round, any of `<`, `<=`, `>`, `>=`, through a variable holding just `dds(...)`),
    /// as a target search: `(declarer, strain, k, negate)` for "takes at least k tricks",
    /// negated for `<` and `<=`. `k` is 1 to 13; other comparisons fold to constants.
    pub(super) fn target_search(&self, op: BinaryOp, a: &Expr<'a>, b: &Expr<'a>) -> Option<(Seat, Strain, i8, bool)> {
        let (x, op, n) = match (self.constant(a), self.constant(b)) {
            (None, Some(n)) => (a, op, n),
            (Some(n), None) => (b, op.mirrored()?, n),
            _ => return None,
        };
        let (seat, strain) = self.bare_tricks(x)?;
        let (k, negate) = match op {
            BinaryOp::Ge => (n, false),
            BinaryOp::Gt => (n.checked_add(1)?, false),
            BinaryOp::Lt => (n, true),
            BinaryOp::Le => (n.checked_add(1)?, true),
            _ => return None,
        };
        (1..=13).contains(&k).then_some((seat, strain, k as i8, negate))
    }

    /// `dds(seat, strain)` itself, or a variable defined as just that.
    fn bare_tricks(&self, e: &Expr<'a>) -> Option<(Seat, Strain)> {
        match e.kind {
            ExprKind::Tricks { seat, strain } => Some((seat, strain.strain())),
            ExprKind::Var(name) => self.bare_tricks(self.vars.get(name)?.expr),
            _ => None,
        }
    }

    /// What evaluating an expression may do besides giving its value (each node once).
    pub(super) fn effects(&self, e: &Expr<'a>) -> u8 {
        if let Some(&f) = self.effects.borrow().get(&node_key(e)) {
            return f;
        }
        let f = match e.kind {
            ExprKind::Tricks { .. } | ExprKind::Par { .. } | ExprKind::UserEval { .. } => SOLVES,
            ExprKind::Rnd(a) => DRAWS | self.effects(a),
            ExprKind::Var(name) => self.vars.get(name).map_or(0, |v| self.effects(v.expr)),
            ExprKind::Binary(op, a, b) => {
                let divides = matches!(op, BinaryOp::Div | BinaryOp::Mod) && self.constant(b).is_none_or(|d| d == 0);
                self.effects(a) | self.effects(b) | if divides { MAY_FAIL } else { 0 }
            }
            ExprKind::Unary(_, a) | ExprKind::Imps(a) => self.effects(a),
            ExprKind::Score { tricks, .. } => self.effects(tricks),
            ExprKind::And(a, b) | ExprKind::Or(a, b) => self.effects(a) | self.effects(b),
            ExprKind::Cond(c, a, b) => self.effects(c) | self.effects(a) | self.effects(b),
            _ => 0,
        };
        self.effects.borrow_mut().insert(node_key(e), f);
        f
    }
}

/// The compiler's double-dummy decisions that need no node: the default par vulnerability
/// and the solving mode.
impl Compiler<'_, '_> {
    /// The default vulnerability of `par`: `-P`, else the last `vulnerable` statement, else
    /// the board's own (none for deals without a board file).
    pub(super) fn default_par_vul(switches: &DdSwitches, statements: &[Statement<'_>]) -> ParVul {
        let stated = statements.iter().rev().find_map(|s| match s.kind {
            StmtKind::Vulnerable(w) => super::statements::vulnerability(w.text),
            _ => None,
        });
        switches.par_vul.or(stated).map_or(ParVul::Board, ParVul::Given)
    }

    /// How a program's deals are solved: whole tables when it needs them (`parcontract`);
    /// par scores by target searches when it asks for par and nothing else, or for par and at
    /// most four declarer-strain pairs (unless `-M 2` asks for tables), the pairs solved one at
    /// a time; whole tables for par beside more pairs, when `-M 2` asks, or, unless `-M 1` asks
    /// for single solves, when a program asks about more than eight pairs; else one single
    /// solve per pair asked.
    pub(super) fn dd_mode(program: &Program, switches: &DdSwitches) -> DdMode {
        let mut pairs: HashSet<(Seat, Strain)> = HashSet::default();
        let mut asked: HashSet<(Seat, Strain)> = HashSet::default();
        let (mut par, mut needs_table) = (false, false);
        for i in &program.code {
            match i.unfused() {
                Instr::Tricks { declarer, strain } => {
                    pairs.insert((declarer, strain));
                    asked.insert((declarer, strain));
                }
                Instr::TricksAtLeast { declarer, strain, .. } => {
                    asked.insert((declarer, strain));
                }
                Instr::Par { .. } => par = true,
                Instr::ParContract { .. } => needs_table = true,
                _ => {}
            }
        }
        let par_alone = par && !needs_table && (asked.is_empty() || (asked.len() <= MAX_PAIRS_BESIDE_PAR && switches.mode != Some(DdMode::Table)));
        match switches.mode {
            _ if par_alone => DdMode::ParScores,
            _ if needs_table || par => DdMode::Table,
            Some(mode) => mode,
            None if pairs.len() > MAX_SINGLE_PAIRS => DdMode::Table,
            None => DdMode::Single,
        }
    }

    /// Marks the target searches (`dds(south, notrump) >= 9`) that are sure to be followed, on the
    /// same deal, by the count of the same declarer and strain (`average dds(south, notrump)`), to
    /// be answered by counting: one solve then serves both, whatever order the questions come in
    /// (a count asked first answers the target from the cache). A target search stays one when
    /// the count may not come (in an action while the target is in the condition, or behind a
    /// `&&`, `||` or `?:`): a target search is several times quicker than a count.
    pub(super) fn targets_from_counts(program: &mut Program) {
        if !program.code.iter().any(|&i| matches!(i, Instr::TricksAtLeast { .. }) || matches!(i.unfused(), Instr::TricksAtLeast { .. })) {
            return;
        }
        let mut var_counts = Vec::with_capacity(program.vars.len());
        let mut marks = Vec::new();
        let starts: Vec<u32> = program.vars.iter().map(|v| v.start).chain(program.entries.iter().map(|e| e.start)).collect();
        for (i, start) in starts.into_iter().enumerate() {
            let Some(counts) = sure_counts(program, start, &var_counts, &mut marks) else { return };
            if i < program.vars.len() {
                var_counts.push(counts);
            }
        }
        for pc in marks {
            if let Instr::TricksAtLeast { count, .. } = &mut program.code[pc] {
                *count = true;
            }
        }
    }
}

/// The bit of a declarer and strain in a set of pairs.
fn pair_bit(declarer: Seat, strain: Strain) -> u32 {
    1 << (declarer as u32 * 5 + strain as u32)
}

/// The pairs that every run of the routine starting at `start` counts before it ends
/// (`var_counts`: those of the variables' subroutines, which it may call), noting in `marks`
/// the target searches followed on every path by the count of their pair. `None` when a jump
/// goes backward (the compiler makes none), where this reading would not hold.
fn sure_counts(program: &Program, start: u32, var_counts: &[u32], marks: &mut Vec<usize>) -> Option<u32> {
    let code = &program.code;
    let next = |pc: usize| -> [Option<usize>; 2] {
        match code[pc] {
            Instr::Jump(t) => [Some(t as usize), None],
            Instr::JumpIfZero(t) | Instr::AndThen(t) | Instr::OrElse(t) => [Some(pc + 1), Some(t as usize)],
            Instr::Return | Instr::VarEnd(_) | Instr::Produce => [None, None],
            _ => [Some(pc + 1), None],
        }
    };
    // The routine's instructions, then each one's pairs counted on every path from it to the end.
    let mut reached = vec![start as usize];
    let mut seen: HashMap<usize, u32> = HashMap::default();
    seen.insert(start as usize, 0);
    let mut at = 0;
    while let Some(&pc) = reached.get(at) {
        at += 1;
        for n in next(pc).into_iter().flatten() {
            if n <= pc || n >= code.len() {
                return None;
            }
            if seen.insert(n, 0).is_none() {
                reached.push(n);
            }
        }
    }
    reached.sort_unstable_by(|a, b| b.cmp(a));
    for &pc in &reached {
        let own = match code[pc] {
            Instr::Tricks { declarer, strain } => pair_bit(declarer, strain),
            Instr::Var(slot) => var_counts.get(slot as usize).copied().unwrap_or(0),
            _ => 0,
        };
        let after = next(pc).into_iter().flatten().map(|n| seen[&n]).reduce(|a, b| a & b).unwrap_or(0);
        if let Instr::TricksAtLeast { declarer, strain, .. } = code[pc] {
            if after & pair_bit(declarer, strain) != 0 {
                marks.push(pc);
            }
        }
        seen.insert(pc, own | after);
    }
    Some(seen[&(start as usize)])
}
