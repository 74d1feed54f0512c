//! The bytecode interpreter.
//!
//! A [`Machine`] holds the value stack and the per-deal variable cache; one machine serves one
//! thread. [`Machine::next_deal`] forgets cached variables in O(1), and [`Machine::run`]
//! evaluates one entry point of a [`Program`] for the current deal without allocating;
//! [`Machine::run_each`] evaluates it for every deal a [`Feed`] gives, in one call, so that a
//! short routine does not pay the interpreter's set-up for each deal (a batch of deals runs
//! so). The top of the stack lives in a local (`top`), so most instructions touch no memory
//! but the deal and the tables.

use crate::card::{Deal, Side};
use crate::dealing::rng::{rnd_draw, DealRng};
use crate::evaluation::dd::DdCache;
use crate::evaluation::opc::OpcCache;
use crate::evaluation::score::{classic_imps, imps, score};
use crate::evaluation::shape::shape_index_of;
use crate::evaluation::tables::{TableId, Tables};
use crate::evaluation::usereval::{UserEvalCache, UserEvalError};
use crate::machine::block::Block;
use crate::machine::bytecode::{BinaryOp, Branch, Instr};
use crate::machine::program::Program;

/// What the interpreter needs from the outside for one deal.
pub struct Env<'a> {
    /// The deal being evaluated.
    pub deal: &'a Deal,
    /// The per-suit tables the counting functions read.
    pub tables: &'a Tables,
    /// The random generator behind `rnd()`.
    pub rng: &'a mut DealRng,
    /// The number of deals produced before this one (`rnd(0)` is this plus one).
    pub produced: u64,
    /// Where `store` puts the values of a produced deal ([`Program::value_slots`] of them).
    pub values: &'a mut [i32],
    /// What `deal.rest` does: the deal with the hands left out dealt (once).
    pub rest: Option<&'a mut dyn FnMut(&Deal) -> Deal>,
}

/// The deals a machine evaluates one after another in one call ([`Machine::run_each`]), and
/// what becomes of their results.
pub trait Feed {
    /// The next deal, or `None` when there is no more; `rng` is the run's generator, and a
    /// deal that comes with its double-dummy results puts them in `dd`.
    fn next_deal(&mut self, rng: &mut DealRng, dd: &mut DdCache) -> Option<Deal>;
    /// The current deal with the hands left out dealt: what `deal.rest` does.
    fn rest(&mut self, deal: &Deal) -> Deal;
    /// The number of deals produced before the current one (`rnd(0)` is this plus one).
    fn produced(&self) -> u64;
    /// The current deal's result, with the values stored for it; `false` ends the run.
    fn result(&mut self, deal: &Deal, result: Result<i32, Fault>, values: &[i32]) -> bool;
    /// `rnd(bound)` for the current deal: dealvm's, drawn from `rng` ([`rnd_draw`]); a feed
    /// whose deals come with a stream of their own (classic Dealer's) draws from it.
    #[inline(always)]
    fn rnd(&mut self, rng: &mut DealRng, bound: i32) -> i32 {
        rnd_draw(rng, bound, self.produced())
    }
}

/// The feed of [`Machine::run`]: one deal, and its result kept.
struct OneDeal<'a> {
    deal: Option<Deal>,
    rest: Option<&'a mut dyn FnMut(&Deal) -> Deal>,
    produced: u64,
    result: Result<i32, Fault>,
}

impl Feed for OneDeal<'_> {
    fn next_deal(&mut self, _rng: &mut DealRng, _dd: &mut DdCache) -> Option<Deal> {
        self.deal.take()
    }

    fn rest(&mut self, deal: &Deal) -> Deal {
        match &mut self.rest {
            Some(rest) => rest(deal),
            None => *deal,
        }
    }

    fn produced(&self) -> u64 {
        self.produced
    }

    fn result(&mut self, _deal: &Deal, result: Result<i32, Fault>, _values: &[i32]) -> bool {
        self.result = result;
        false
    }
}

/// A run-time failure of an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A division or remainder by zero.
    DivisionByZero {
        /// The division site (an index into [`Program::sites`]).
        site: u16,
        /// Whether it was `%` (else `/`).
        remainder: bool,
    },
    /// A double-dummy question to a machine that was given no solver.
    NoSolver,
    /// A `usereval` with no value: no answerer, the answerer failed, or the answer has no
    /// result `idx`.
    UserEval {
        /// The query (an index into [`Program::queries`]).
        query: u16,
        /// The result number asked for.
        idx: u8,
        /// What went wrong.
        error: UserEvalError,
    },
}

/// One thread's evaluation state: value stack, variable cache, the OPC cache, the
/// double-dummy cache with the thread's solver, and the `usereval` cache with the thread's
/// answerer.
pub struct Machine {
    /// What is known of the current deal's double-dummy results, and the solver.
    pub dd: DdCache,
    /// The current deal's Optimal Point Counts, evaluated once per side and opener.
    pub opc: OpcCache,
    /// The current deal's `usereval` answers, and the answerer.
    pub usereval: UserEvalCache,
    /// The block evaluator, for a program that runs over blocks of deals ([`Program::blocks`]).
    pub block: Option<Box<Block>>,
    /// Values below the top of the stack.
    stack: Vec<i32>,
    /// Return addresses of the variable subroutines being run (at most one per variable).
    calls: Vec<u32>,
    /// Per variable: the deal stamp its value is for, and the value.
    vars: Vec<(u32, i32)>,
    stamp: u32,
}

impl Machine {
    /// A machine sized for `program` (as [`crate::machine::assembler::Assembler::finish`] verified it).
    pub fn new(program: &Program) -> Machine {
        Machine {
            dd: DdCache::new(program.dd_mode),
            usereval: UserEvalCache::new(program.queries.len()),
            opc: OpcCache::default(),
            block: if program.blocks { Block::new(program).map(Box::new) } else { None },
            stack: vec![0; program.max_stack + 1],
            calls: vec![0; program.vars.len() + 1],
            vars: vec![(0, 0); program.vars.len()],
            stamp: 1,
        }
    }

    /// Forgets the variables computed for the previous deal.
    #[inline]
    pub fn next_deal(&mut self) {
        forget(&mut self.dd, &mut self.opc, &mut self.usereval, &mut self.vars, &mut self.stamp);
    }

    /// Evaluates entry point `entry` of `program` for the deal in `env`.
    #[inline(always)]
    pub fn run(&mut self, program: &Program, entry: usize, env: &mut Env<'_>) -> Result<i32, Fault> {
        let Env { deal, tables, rng, produced, values, rest } = env;
        let mut one = OneDeal { deal: Some(**deal), rest: rest.take(), produced: *produced, result: Ok(0) };
        self.run_each(program, entry, tables, rng, values, false, &mut one);
        one.result
    }

    /// Evaluates entry point `entry` of `program` for each deal `feed` gives, until it has
    /// no more or a result stops it: in one call, so that what the interpreter sets up is set
    /// up once for all the deals. With `forgets`, the machine forgets each deal before the
    /// next ([`Machine::next_deal`]); `rng` is what `rnd()` draws from, `values` where
    /// `store` puts values.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn run_each<F: Feed>(
        &mut self,
        program: &Program,
        entry: usize,
        tables: &Tables,
        rng: &mut DealRng,
        values: &mut [i32],
        forgets: bool,
        feed: &mut F,
    ) {
        let start = program.entries[entry].start as usize;
        let code = &program.code[..];
        let stack = &mut self.stack[..];
        let calls = &mut self.calls[..];
        let vars = &mut self.vars[..];
        let mut stamp = self.stamp;
        // The depth of `calls`.
        let mut depth;
        let mut deal: Deal;
        // Whether `deal.rest` has completed the deal.
        let mut rested;
        let mut pc;
        // The value stack is `stack[1..sp]` followed by `top`: `sp` is the depth, and the
        // first push stores the meaningless initial `top` in `stack[0]`.
        let mut sp;
        let mut top;
        'deals: loop {
            // The deal's result: the feed takes it, and the next deal starts, or the run ends.
            macro_rules! done {
                ($result:expr) => {{
                    if feed.result(&deal, $result, values) {
                        continue 'deals;
                    }
                    break 'deals;
                }};
            }
            if forgets {
                forget(&mut self.dd, &mut self.opc, &mut self.usereval, vars, &mut stamp);
            }
            deal = match feed.next_deal(rng, &mut self.dd) {
                Some(d) => d,
                None => break,
            };
            (depth, rested, pc, sp, top) = (0usize, false, start, 0usize, 0i32);
            macro_rules! push {
                ($v:expr) => {{
                    let v = $v;
                    stack[sp] = top;
                    sp += 1;
                    top = v;
                }};
            }
            macro_rules! pop {
                () => {{
                    let v = top;
                    sp -= 1;
                    top = stack[sp];
                    v
                }};
            }
            // The branch of a superinstruction after its first part gave `v`, as if `v` had been
            // pushed; without a jump it continues after the pair.
            macro_rules! branch {
                ($branch:expr, $v:expr, $to:expr) => {
                    branch!($branch, $v, $to, 1)
                };
                ($branch:expr, $v:expr, $to:expr, $skip:expr) => {{
                    let v = $v;
                    match $branch {
                        Branch::AndThen if v == 0 => {
                            push!(0);
                            pc = $to as usize;
                        }
                        Branch::OrElse if v != 0 => {
                            push!(1);
                            pc = $to as usize;
                        }
                        Branch::IfZero if v == 0 => pc = $to as usize,
                        _ => pc += $skip,
                    }
                }};
            }
            // Runs variable `slot`'s subroutine, which returns to the second instruction of the
            // pair with the value pushed; or gives the value the deal already has.
            macro_rules! var_or_call {
                ($slot:expr) => {{
                    let s = $slot as usize;
                    let (at, value) = vars[s];
                    if at == stamp {
                        Some(value)
                    } else {
                        calls[depth] = pc as u32;
                        depth += 1;
                        pc = program.vars[s].start as usize;
                        None
                    }
                }};
            }
            loop {
                let instr = code[pc];
                pc += 1;
                match instr {
                    Instr::Const(v) => push!(v),
                    Instr::Var(slot) => {
                        // The subroutine's first push saves our top; its `var.end` leaves its
                        // value as our new top.
                        if let Some(v) = var_or_call!(slot) {
                            push!(v);
                        }
                    }
                    Instr::VarEnd(slot) => {
                        vars[slot as usize] = (stamp, top);
                        depth -= 1;
                        pc = calls[depth] as usize;
                    }
                    Instr::Store(n) => values[n as usize] = pop!(),
                    Instr::SuitCount { table, seat, suit } => push!(tables.suit(table, deal.hand(seat).suit_mask(suit))),
                    Instr::HandCount { table, seat } => push!(tables.hand(table, deal.hand(seat))),
                    Instr::Length { seat, suit } => push!(deal.hand(seat).len(suit) as i32),
                    Instr::Cccc { seat } => push!(tables.cccc(deal.hand(seat))),
                    Instr::HasCard { seat, card } => push!(i32::from(deal.hand(seat).contains(card))),
                    Instr::Shape { seat, set } => {
                        let index = shape_index_of(deal.hand(seat));
                        push!(i32::from(program.shapes[set as usize].contains(index)))
                    }
                    Instr::SuitTest { seat, suit, table } => {
                        let m = deal.hand(seat).suit_mask(suit) as usize;
                        push!((program.suit_tests[table as usize][m >> 6] >> (m & 63)) as i32 & 1)
                    }
                    Instr::SuitValue { seat, suit, table } => {
                        push!(program.suit_values[table as usize][deal.hand(seat).suit_mask(suit) as usize] as i32)
                    }
                    Instr::LengthsValue { table } => push!(program.length_values[table as usize].lookup(&deal)),
                    Instr::ShapeValue { seat, table } => {
                        push!(program.shape_values[table as usize][shape_index_of(deal.hand(seat))])
                    }
                    Instr::Score { vulnerable, contract } => top = score(vulnerable, contract, top),
                    Instr::Imps => top = if program.classic_imps { classic_imps(top) } else { imps(top) },
                    Instr::Rnd => top = feed.rnd(rng, top),
                    Instr::Tricks { declarer, strain } => match self.dd.tricks(&deal, declarer, strain) {
                        Ok(t) => push!(t as i32),
                        Err(_) => done!(Err(Fault::NoSolver)),
                    },
                    Instr::TricksAtLeast { declarer, strain, k, count: true } => match self.dd.tricks(&deal, declarer, strain) {
                        Ok(t) => push!(i32::from(i32::from(t) >= i32::from(k))),
                        Err(_) => done!(Err(Fault::NoSolver)),
                    },
                    Instr::TricksAtLeast { declarer, strain, k, count: false } => match self.dd.at_least(&deal, declarer, strain, k as i32) {
                        Ok(made) => push!(i32::from(made)),
                        Err(_) => done!(Err(Fault::NoSolver)),
                    },
                    Instr::LeadTricks { declarer, strain, card } => match self.dd.lead_tricks(&deal, declarer, strain, card) {
                        Ok(t) => push!(t as i32),
                        Err(_) => done!(Err(Fault::NoSolver)),
                    },
                    Instr::Par { side, vul } => match self.dd.par(&deal, self.dd.vulnerability(vul)) {
                        Ok(p) => push!(if side == Side::NorthSouth { p.score } else { p.score.wrapping_neg() }),
                        Err(_) => done!(Err(Fault::NoSolver)),
                    },
                    Instr::ParContract { vul } => match self.dd.par(&deal, self.dd.vulnerability(vul)) {
                        Ok(p) => push!(p.contract.encode_at(self.dd.vulnerability(vul))),
                        Err(_) => done!(Err(Fault::NoSolver)),
                    },
                    Instr::UserEval { query, idx } => match self.usereval.value(&deal, &program.queries, query, idx) {
                        Ok(v) => push!(v),
                        Err(error) => done!(Err(Fault::UserEval { query, idx, error })),
                    },
                    Instr::Opc { side, strain, opener } => push!(self.opc.dotnum(&deal, side, opener, strain)),
                    Instr::Unary(op) => top = op.apply(top),
                    Instr::Binary { op, site } => {
                        let b = pop!();
                        match op.apply(top, b) {
                            Some(v) => top = v,
                            None => done!(Err(Fault::DivisionByZero { site, remainder: op == BinaryOp::Mod })),
                        }
                    }
                    Instr::BinaryConst { op, k, site } => match op.apply(top, k) {
                        Some(v) => top = v,
                        None => done!(Err(Fault::DivisionByZero { site, remainder: op == BinaryOp::Mod })),
                    },
                    Instr::InRange { low, high } => top = i32::from(low as i32 <= top && top <= high as i32),
                    Instr::Jump(t) => pc = t as usize,
                    Instr::JumpIfZero(t) => {
                        if pop!() == 0 {
                            pc = t as usize;
                        }
                    }
                    Instr::AndThen(t) => {
                        if top == 0 {
                            pc = t as usize;
                        } else {
                            pop!();
                        }
                    }
                    Instr::OrElse(t) => {
                        if top != 0 {
                            top = 1;
                            pc = t as usize;
                        } else {
                            pop!();
                        }
                    }
                    Instr::Bool => top = i32::from(top != 0),
                    Instr::Return => done!(Ok(top)),
                    Instr::Produce => done!(Ok(1)),
                    Instr::DealRest => {
                        if !rested {
                            deal = feed.rest(&deal);
                            rested = true;
                        }
                    }
                    Instr::CmpBranch { test, k, to } => branch!(test.branch(), compare(test.op(), pop!(), k as i32), to),
                    Instr::InRangeBranch { branch, low, high, to } => {
                        let v = pop!();
                        branch!(branch, i32::from(low as i32 <= v && v <= high as i32), to)
                    }
                    Instr::VarBranch { branch, slot, to } => {
                        if let Some(v) = var_or_call!(slot) {
                            branch!(branch, v, to)
                        }
                    }
                    Instr::VarCmp { slot, op, k } => {
                        if let Some(v) = var_or_call!(slot) {
                            push!(compare(op, v, k as i32));
                            pc += 1;
                        }
                    }
                    Instr::HandCountStore { table, seat, slot } => {
                        values[slot as usize] = tables.hand(table, deal.hand(seat));
                        pc += 1;
                    }
                    Instr::StoreProduce(slot) => {
                        // The deal ends: the stack is left as it is.
                        values[slot as usize] = top;
                        done!(Ok(1))
                    }
                    Instr::HandCountCmp { table, seat, op, k } => {
                        push!(compare(op, tables.hand(table, deal.hand(seat)), k as i32));
                        pc += 1;
                    }
                    Instr::HandCountInRange { table, seat, low, high } => {
                        let v = tables.hand(table, deal.hand(seat));
                        push!(i32::from(low as i32 <= v && v <= high as i32));
                        pc += 1;
                    }
                    Instr::HandCountBranch { table, test, k, to } => {
                        let v = tables.hand(table, deal.hand(test.seat()));
                        let t = test.test();
                        branch!(t.branch(), compare(t.op(), v, k as i32), to, 2)
                    }
                    Instr::HcpRangeBranch { at, low, high, to } => {
                        let v = tables.hand(TableId::HCP, deal.hand(at.seat()));
                        branch!(at.branch(), i32::from(low as i32 <= v && v <= high as i32), to, 2)
                    }
                    Instr::ConstJump { k, to } => {
                        push!(k as i32);
                        pc = to as usize;
                    }
                    Instr::ShapeBranch { at, set, to } => {
                        let index = shape_index_of(deal.hand(at.seat()));
                        branch!(at.branch(), i32::from(program.shapes[set as usize].contains(index)), to)
                    }
                    Instr::SuitTestBranch { at, table, to } => {
                        let m = deal.hand(at.seat()).suit_mask(at.suit()) as usize;
                        branch!(at.branch(), (program.suit_tests[table as usize][m >> 6] >> (m & 63)) as i32 & 1, to)
                    }
                }
            }
        }
        self.stamp = stamp;
    }
}

/// Forgets what a machine knows of the deal before ([`Machine::next_deal`]): the caches, and
/// the variables, by a new stamp (clearing them once in 2^32 deals).
#[inline(always)]
fn forget(dd: &mut DdCache, opc: &mut OpcCache, usereval: &mut UserEvalCache, vars: &mut [(u32, i32)], stamp: &mut u32) {
    dd.next_deal();
    usereval.next_deal();
    opc.next_deal();
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        vars.iter_mut().for_each(|v| v.0 = 0);
        *stamp = 1;
    }
}

/// A comparison's value, 1 or 0.
#[inline(always)]
fn compare(op: BinaryOp, a: i32, b: i32) -> i32 {
    i32::from(match op {
        BinaryOp::Eq => a == b,
        BinaryOp::Ne => a != b,
        BinaryOp::Lt => a < b,
        BinaryOp::Le => a <= b,
        BinaryOp::Gt => a > b,
        _ => a >= b,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Seat;
    use crate::dealing::source::DealSource;
    use crate::dealing::split::RandomDealer;
    use crate::evaluation::tables::PointCounts;
    use crate::machine::assembler::Assembler;

    /// The deals of a list, with each result noted; a fault ends the run.
    struct Listed {
        deals: Vec<Deal>,
        next: usize,
        results: Vec<(Result<i32, Fault>, i32)>,
    }

    impl Feed for Listed {
        fn next_deal(&mut self, _rng: &mut DealRng, _dd: &mut DdCache) -> Option<Deal> {
            self.next += 1;
            self.deals.get(self.next - 1).copied()
        }
        fn rest(&mut self, deal: &Deal) -> Deal {
            *deal
        }
        fn produced(&self) -> u64 {
            0
        }
        fn result(&mut self, _deal: &Deal, result: Result<i32, Fault>, values: &[i32]) -> bool {
            let stop = result.is_err();
            self.results.push((result, values[0]));
            !stop
        }
    }

    #[test]
    fn a_batch_in_one_call_gives_what_each_deal_alone_gives() {
        // Stores hcp(north), then returns hcp(north) % (hcp(south) - 10): a division by zero
        // when south has 10 points, which ends the run there.
        let mut asm = Assembler::new();
        let site = asm.site("the remainder".to_string()).expect("a site");
        asm.begin_entry("deal");
        asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::North });
        asm.emit(Instr::Store(0));
        asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::North });
        asm.emit(Instr::HandCount { table: TableId::HCP, seat: Seat::South });
        asm.emit(Instr::BinaryConst { op: BinaryOp::Sub, k: 10, site });
        asm.emit(Instr::Binary { op: BinaryOp::Mod, site });
        asm.emit(Instr::Return);
        let entry = asm.end_entry();
        let program = asm.finish().expect("a valid program");
        let tables = Tables::new(&PointCounts::default());
        let dealer = RandomDealer::new();
        let mut rng = crate::dealing::rng::batch_rng(9, 9);
        let deals: Vec<Deal> = (0..300).map(|n| dealer.deal_one(n, &mut rng)).collect();
        // One deal at a time.
        let mut vm = Machine::new(&program);
        let mut each = Vec::new();
        for deal in &deals {
            vm.next_deal();
            let mut values = [0i32];
            let mut env = Env { deal, tables: &tables, rng: &mut rng, produced: 0, values: &mut values, rest: None };
            let result = vm.run(&program, entry, &mut env);
            let stop = result.is_err();
            each.push((result, values[0]));
            if stop {
                break;
            }
        }
        assert!(matches!(each.last(), Some((Err(Fault::DivisionByZero { .. }), _))), "a deal with south on 10 points");
        // All in one call.
        let mut feed = Listed { deals, next: 0, results: Vec::new() };
        let mut values = [0i32];
        Machine::new(&program).run_each(&program, entry, &tables, &mut rng, &mut values, true, &mut feed);
        assert_eq!(feed.results, each);
    }
}
