//! The hands each part of the program reads, and where the rest of the deal is dealt.
//!
//! Most conditions start with a test of one hand (`northOpens and ...`) that most deals fail.
//! The dealer then deals that hand alone, and the deal routine deals the others (`deal.rest`,
//! from the deal's own random stream, so the law of the deals is unchanged) just before the
//! first operand of the condition's `&&` chain, or the first value of the actions, that
//! reads another hand; only when the operands before that fail on most of a fixed sample of
//! deals (`LATER_BELOW` and the like; else dealing later costs more than it saves). The
//! choice is made from the condition as written, the same with `--plain`, so both deal the
//! same deals. The same sample measures the operands that `order` sorts; it is dealt once,
//! at the first measure.
//!
//! The output tables of `--dd` and `-Z` (20 double-dummy values) always come after a
//! `deal.rest`: the hands dealt first are those the code before it reads
//! ([`dealvm_vm::machine::program::Program::seats_dealt_first`]), the same with or without the tables,
//! so that the output switches do not change the deals.

use crate::compile::fold::{chain_sides, is_chain};
use crate::compile::node::node_key;
use crate::compile::state::{Compiler, ValueCode};
use crate::compile::tabulate::Operand;
use crate::front::ast::*;
use dealvm_vm::card::Seats;
use dealvm_vm::dealing::rng::batch_rng;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::split::RandomDealer;
use dealvm_vm::machine::bytecode::Instr;
use dealvm_vm::machine::interp::{Env, Machine};

/// The deals of the sample that [`Compiler::how_often`] runs the first operands on, and
/// `order` each operand (a quarter as many ordered worse: one script ran 23% slower).
const SAMPLE: usize = 1024;

/// The seed of that sample.
const SAMPLE_SEED: u64 = 0x5EED;

/// What one `opc` costs in instructions: it values two hands and the pair in five strains,
/// about as long as 100 simple instructions (the first question of a deal; it is then cached).
const OPC_COST: usize = 100;

/// The cost of running `code` once, in instructions: one each, `opc` [`OPC_COST`].
fn cost(code: &[Instr]) -> usize {
    code.iter().map(|i| if matches!(i.unfused(), Instr::Opc { .. }) { OPC_COST } else { 1 }).sum()
}

/// The rest of a deal is dealt later only when the operands before the first that reads it
/// hold on less than this part of the deals: the rest, dealt from the deal's own stream once
/// the batch's deals have left the block evaluator's fast path, costs more than the whole
/// deal it completes (the measurements: `comparisons/runs/2026-11-28-rest-later.md`).
pub(super) const LATER_BELOW: f64 = 0.3;

/// [`LATER_BELOW`] for a condition that is an `||` of chains: each branch tests the hands
/// dealt first again (over blocks, one pass of the lanes left a test), and deals the rest in
/// its own `deal.rest`, which pays only when the rest is dealt on few deals.
pub(super) const BRANCHES_LATER_BELOW: f64 = 0.1;

/// [`LATER_BELOW`] for a program that reads two hands in all and prints no deal: the
/// alternative is then not a whole deal but those two hands dealt together (two of a deal's
/// three splits), while the rest dealt later deals all three others from the deal's own
/// stream. A program that prints its deals completes each printed one and keeps
/// [`LATER_BELOW`].
pub(super) const TWO_HANDS_LATER_BELOW: f64 = 0.1;

impl<'s, 'a> Compiler<'s, 'a> {
    /// The hands `e` reads (all four when it asks double dummy or `usereval`).
    pub(super) fn seats_of(&mut self, e: &Expr<'a>) -> Seats {
        if let Some(&s) = self.rest.memo.get(&node_key(e)) {
            return s;
        }
        let s = match e.kind {
            ExprKind::Count { seat, .. }
            | ExprKind::Length { seat, .. }
            | ExprKind::Quality { seat, .. }
            | ExprKind::Cccc(seat)
            | ExprKind::HasCard { seat, .. }
            | ExprKind::Shape { seat, .. } => Seats::NONE.with(seat),
            ExprKind::FdShape { text, text_start } => match self.fd_shape(text, text_start) {
                Ok((seat, _)) => Seats::NONE.with(seat),
                Err(_) => Seats::ALL,
            },
            ExprKind::Var(name) => match self.vars.get(name) {
                Some(v) => self.seats_of(v.expr),
                None => Seats::ALL,
            },
            ExprKind::Score { tricks: a, .. } | ExprKind::Imps(a) | ExprKind::Rnd(a) | ExprKind::Unary(_, a) => self.seats_of(a),
            ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                let sa = self.seats_of(a);
                sa.union(self.seats_of(b))
            }
            ExprKind::Cond(c, a, b) => {
                let sc = self.seats_of(c);
                let sa = self.seats_of(a);
                sc.union(sa).union(self.seats_of(b))
            }
            ExprKind::Opc { side, .. } => side.seats().into_iter().fold(Seats::NONE, Seats::with),
            ExprKind::Number(_) => Seats::NONE,
            // The solver and the usereval server see the whole deal.
            ExprKind::Tricks { .. } | ExprKind::Par { .. } | ExprKind::UserEval { .. } | ExprKind::Unsupported(_) => Seats::ALL,
        };
        self.rest.memo.insert(node_key(e), s);
        s
    }

    /// The hands the condition and the values before the output tables (`tables_from`) read:
    /// those the dealer deals before the code runs, unless [`Self::dealt_first`] chose fewer.
    /// Worked out from the syntax tree, the same with `--plain` whatever the code (which
    /// tables, which constants folded), so that both deal the same deals; the program adds
    /// what its code reads before `deal.rest`, if more (it never is).
    pub(super) fn hands_read(&mut self, values: &[ValueCode<'a>], tables_from: Option<usize>) -> Seats {
        let mut seats = self.condition.map_or(Seats::NONE, |c| self.live_seats(c));
        for v in &values[..tables_from.unwrap_or(values.len())] {
            seats = seats.union(match *v {
                ValueCode::Expr(e) => self.live_seats(e),
                ValueCode::Tricks(..) | ValueCode::LeadTricks(..) | ValueCode::ParContract(_) => Seats::ALL,
            });
        }
        seats
    }

    /// The hands `e` reads but in its parts that are constants (`1 || hcp(east) > 10` reads
    /// none): constants are folded the same with `--plain`.
    fn live_seats(&mut self, e: &'a Expr<'a>) -> Seats {
        if self.constant(e).is_some() {
            return Seats::NONE;
        }
        if let Some(&s) = self.rest.live.get(&node_key(e)) {
            return s;
        }
        let s = match e.kind {
            ExprKind::Var(name) => match self.vars.get(name) {
                Some(v) => self.live_seats(v.expr),
                None => Seats::ALL,
            },
            ExprKind::Unary(_, a) => self.live_seats(a),
            ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                let sa = self.live_seats(a);
                sa.union(self.live_seats(b))
            }
            ExprKind::Cond(c, a, b) => {
                let sc = self.live_seats(c);
                let sa = self.live_seats(a);
                sc.union(sa).union(self.live_seats(b))
            }
            _ => self.seats_of(e),
        };
        self.rest.live.insert(node_key(e), s);
        s
    }

    /// The hands an operand of a chain reads.
    pub(super) fn operand_seats(&mut self, o: Operand<'_, 'a>) -> Seats {
        match o {
            Operand::Expr(e) => self.seats_of(e),
            Operand::Table(instr) => self.asm.program().instr_seats(instr),
            Operand::Constant(_) | Operand::Gone => Seats::NONE,
        }
    }

    /// Whether `e` is the condition's chain (or a variable holding it) and reads hands not
    /// dealt first, which `deal.rest` must come before: it is compiled as a chain, not as one
    /// table.
    pub(super) fn straddles_first(&mut self, e: &Expr<'a>) -> bool {
        match self.rest.first {
            Some(first) if self.rest.top && !self.rest.emitted => !self.seats_of(e).is_subset(first),
            _ => false,
        }
    }

    /// Before code that reads `seats`: emits `deal.rest` if it reads a hand not dealt first.
    pub(super) fn before_reading(&mut self, seats: Seats) {
        match self.rest.first {
            Some(first) if !self.rest.emitted && !seats.is_subset(first) => {
                self.emit(Instr::DealRest);
                self.rest.emitted = true;
            }
            _ => {}
        }
    }

    /// Before the output tables of `--dd` and `-Z`: `deal.rest`, unless the code has one, and
    /// where they start noted, so that the dealer is chosen from the condition and the actions
    /// alone, and the deals are the same whatever the output switches.
    pub(super) fn rest_before_tables(&mut self) {
        if !self.rest.emitted {
            self.emit(Instr::DealRest);
            self.rest.emitted = true;
        }
        self.rest.tables = Some(self.asm.here());
    }

    /// The hands to deal first for condition `c`, those of its first operand, when the
    /// operands before the first that reads the others fail often enough
    /// ([`LATER_BELOW`]); `None` when all four are dealt at once. A condition that is an `||`
    /// of `&&` chains whose first operands all read those hands is read the same way: the
    /// rest is dealt in each branch before its first operand that reads another hand, which
    /// the `||` of the operands before reaches on few deals.
    pub(super) fn dealt_first(&mut self, c: &'a Expr<'a>, read: Seats) -> Option<Seats> {
        let mut branches = Vec::new();
        self.chain_through_variables(c, false, &mut branches);
        let mut first = None;
        let mut heads = Vec::with_capacity(branches.len());
        for branch in branches {
            let (seats, operands) = self.first_operands(branch, first);
            if !seats.is_subset(*first.get_or_insert(seats)) {
                return None;
            }
            heads.push(operands);
        }
        let first = first?;
        let below = match (heads.len() > 1, read.len() <= 2) {
            (_, true) => TWO_HANDS_LATER_BELOW,
            (true, false) => BRANCHES_LATER_BELOW,
            (false, false) => LATER_BELOW,
        };
        (first != Seats::ALL && self.rarer_than(&heads, below)).then_some(first)
    }

    /// The hands of the first operand of the condition's `&&` chain `c` (looking through
    /// variables read in one place, after double dummy is moved last), or `first` when
    /// given, and the operands before the first that reads other hands: they are dealt first.
    /// The same with `--plain`, so that both deal the same deals.
    pub(super) fn first_operands(&mut self, c: &'a Expr<'a>, first: Option<Seats>) -> (Seats, Vec<&'a Expr<'a>>) {
        let mut operands = Vec::new();
        self.chain_through_variables(c, true, &mut operands);
        self.cost_order(&mut operands);
        let seats = self.seats_of(operands[0]);
        let first = first.unwrap_or(seats);
        let reading_first = operands.iter().take_while(|o| self.seats_of(o).is_subset(first)).count();
        operands.truncate(reading_first);
        (seats, operands)
    }

    /// Whether the `||` of the `&&` chains `branches` holds on less than the part `below` of a
    /// fixed sample of deals (the same whatever the switches), by running it compiled as an
    /// entry point of its own; false when it cannot run there. The run over the sample stops
    /// once the answer is sure.
    fn rarer_than(&mut self, branches: &[Vec<&'a Expr<'a>>], below: f64) -> bool {
        let parts: Vec<Vec<Operand<'_, 'a>>> = branches.iter().map(|b| b.iter().map(|&e| Operand::Expr(e)).collect()).collect();
        self.probe_any(&parts, Some(below)).is_some_and(|(p, _)| p < below)
    }

    /// How often the `&&` of `parts` holds on the sample, and what its code costs (see
    /// [`cost`]; with the variables it calls).
    pub(super) fn probe(&mut self, parts: &[Operand<'_, 'a>]) -> Option<(f64, usize)> {
        self.probe_any(std::slice::from_ref(&parts.to_vec()), None)
    }

    /// [`Self::probe`] of the `||` of the `&&` chains `branches`; with `decide`, the part of the
    /// deals it holds on is sure only to be on the same side of `decide` as the exact one.
    fn probe_any(&mut self, branches: &[Vec<Operand<'_, 'a>>], decide: Option<f64>) -> Option<(f64, usize)> {
        let mark = self.asm.mark();
        let sites = self.site_spans.len();
        let seen = self.tabulate.borrow().sums_seen.clone();
        let aside = self.asm.set_aside();
        self.asm.begin_entry("probe");
        let start = self.asm.here() as usize;
        let mut compiled = Ok(());
        let mut to_end = Vec::new();
        for (b, parts) in branches.iter().enumerate() {
            let mut jumps = Vec::new();
            for (i, part) in parts.iter().enumerate() {
                compiled = compiled.and_then(|_| match *part {
                    Operand::Expr(e) => self.expr(e),
                    Operand::Table(instr) => Ok(_ = self.emit(instr)),
                    Operand::Constant(k) => Ok(_ = self.emit(Instr::Const(k))),
                    Operand::Gone => Ok(()),
                });
                if i + 1 < parts.len() {
                    jumps.push(self.emit(Instr::AndThen(0)));
                }
            }
            // A chain that fails goes on to the next branch's `or.else`, which pops it.
            let after = self.asm.here();
            for j in jumps {
                self.asm.patch(j, after);
            }
            if b + 1 < branches.len() {
                to_end.push(self.emit(Instr::OrElse(0)));
            }
        }
        let end = self.asm.here();
        for j in to_end {
            self.asm.patch(j, end);
        }
        let entry = self.asm.end_entry();
        // Run where it was assembled, then rewound: the program is not copied.
        let measured = compiled.ok().and_then(|()| self.run_on_sample(entry, start..end as usize, decide));
        self.asm.rewind(mark);
        self.asm.take_back(aside);
        self.site_spans.truncate(sites);
        self.tabulate.borrow_mut().sums_seen = seen;
        measured
    }

    /// [`Self::probe`]'s measure of entry point `entry` of the code assembled so far, whose
    /// own code is `own`; with `decide`, stopped once the part of the sample it holds on is
    /// sure to be below `decide`, or sure not to be.
    fn run_on_sample(&mut self, entry: usize, own: std::ops::Range<usize>, decide: Option<f64>) -> Option<(f64, usize)> {
        self.deal_sample();
        let cell = self.tables.as_ref()?;
        let probe = self.asm.verified().ok()?;
        let code = &probe.code[own];
        let called: std::collections::BTreeSet<usize> =
            code.iter().filter_map(|i| if let Instr::Var(s) = *i { Some(s as usize) } else { None }).collect();
        let size = cost(code) + called.iter().map(|&s| var_length(probe, s)).sum::<usize>();
        for id in probe.tables_used() {
            cell.borrow_mut().ensure(id);
        }
        let tables = cell.borrow();
        let mut draws = batch_rng(SAMPLE_SEED, 1);
        let mut vm = Machine::new(probe);
        // Holding on `limit` deals or more of the sample is not being below `decide`.
        let limit = decide.map(|d| (d * SAMPLE as f64).ceil() as usize);
        let mut holds = 0;
        for (run, deal) in self.rest.sample.iter().enumerate() {
            vm.next_deal();
            let mut env = Env { deal, tables: &tables, rng: &mut draws, produced: 0, values: &mut [], rest: None };
            holds += usize::from(vm.run(probe, entry, &mut env).ok()? != 0);
            if limit.is_some_and(|limit| holds >= limit || holds + (SAMPLE - run - 1) < limit) {
                break;
            }
        }
        Some((holds as f64 / SAMPLE as f64, size))
    }

    /// Deals the sample, unless it is dealt: [`SAMPLE`] random deals of a fixed seed, the
    /// same on any machine, whatever the switches; dealt once, however many measures.
    fn deal_sample(&mut self) {
        if self.rest.sample.is_empty() {
            let dealer = RandomDealer::new();
            let mut rng = batch_rng(SAMPLE_SEED, 0);
            self.rest.sample = (0..SAMPLE).map(|_| dealer.deal_one(0, &mut rng)).collect();
        }
    }

    /// The operands of a `&&` chain (`and`) or a `||` chain, looking through variables read
    /// in one place.
    fn chain_through_variables(&mut self, e: &'a Expr<'a>, and: bool, out: &mut Vec<&'a Expr<'a>>) {
        if let Some((a, b)) = chain_sides(e, and) {
            self.chain_through_variables(a, and, out);
            self.chain_through_variables(b, and, out);
            return;
        }
        match e.kind {
            ExprKind::Var(name) if self.uses.get(name) == Some(&1) => match self.vars.get(name) {
                Some(v) if is_chain(v.expr, and) || matches!(v.expr.kind, ExprKind::Var(_)) => self.chain_through_variables(v.expr, and, out),
                _ => out.push(e),
            },
            ExprKind::Var(_) => match self.chain_var(e, and) {
                Some(def) => self.chain_through_variables(def, and, out),
                None => out.push(e),
            },
            _ => out.push(e),
        }
    }

    /// The definition of variable `e` when it is compiled where it is read: read in one place
    /// ([`Compiler::inlined`]), or, in the condition's chain (or a branch of its `||`) with
    /// hands dealt first, a chain of the kind (`&&` when `and`) that deals the rest of the deal
    /// itself ([`Self::chain_var`]; its subroutine serves the other places that read it).
    pub(super) fn in_place(&mut self, e: &Expr<'a>, and: bool) -> Option<&'a Expr<'a>> {
        match self.inlined(e) {
            Some(def) => Some(def),
            None if self.rest.top && !self.plain && self.rest.first.is_some() => self.chain_var(e, and),
            None => None,
        }
    }

    /// The definition of variable `e` when it is a chain of the kind (`&&` when `and`) that
    /// reads several hands, with no effect (no `rnd`, no division that may fail, no double
    /// dummy): the condition's chain looks through it wherever else it is read, and compiles
    /// it in place (but `--plain`), so that `deal.rest` can go inside it. (A variable of one
    /// hand stays a call, whose value the deal keeps for the other places.)
    pub(super) fn chain_var(&mut self, e: &Expr<'a>, and: bool) -> Option<&'a Expr<'a>> {
        let ExprKind::Var(name) = e.kind else { return None };
        let def = self.vars.get(name)?.expr;
        let chain = is_chain(def, and) && self.effects(def) == 0;
        (chain && self.seats_of(def).len() > 1).then_some(def)
    }
}

/// What running variable `slot`'s subroutine once costs (see [`cost`]).
fn var_length(program: &dealvm_vm::machine::program::Program, slot: usize) -> usize {
    let start = program.vars[slot].start as usize;
    let code = &program.code[start..];
    code.iter().position(|i| matches!(i, Instr::VarEnd(_))).map_or(1, |n| cost(&code[..=n]))
}
