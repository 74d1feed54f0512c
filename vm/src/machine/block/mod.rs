//! Evaluation over blocks of deals: each instruction of the deal routine runs over a column of
//! up to [`LANES`] deals in one dispatch, as vectorised query engines run a query over a
//! column of rows.
//!
//! The stack is a stack of columns, one value per lane. Jumps only go forwards and every
//! address is reached with one stack depth ([`Plan`]), so the block runs its routine from the
//! first address to the last: the lanes ([`Lanes`]) that take a branch (`&&`, `||`, `?:`) wait
//! at its target while the others go on, and join them there. A variable's subroutine runs for
//! the lanes that need its value and do not have it yet, and its column keeps the value for
//! the rest of the block, as the interpreter's per-deal cache does. A lane's `rnd` draws from
//! its deal's own stream, as the interpreter's do. Each lane runs exactly the
//! instructions the interpreter runs for its deal, no more, so the values are the same. What
//! the block cannot give as the interpreter does — a division by zero, which stops the batch
//! at its deal, or a produced deal whose values were not all stored — is a [`Bail`]: the
//! caller evaluates the block's deals one at a time instead ([`crate::machine::batch`]).
//! The compiler chooses blocks for the programs [`Plan::of`] accepts (not with `--plain`,
//! which keeps the per-deal interpreter as the reference).

use crate::card::{Deal, Seat};
use crate::cpu::Tier;
use crate::dealing::rng::DealDraws;
use crate::evaluation::score::{classic_imps, imps, score};
use crate::evaluation::shape::shape_index_of;
use crate::evaluation::tables::Tables;
use crate::machine::bytecode::{BinaryOp, Instr};
use crate::machine::program::Program;

mod choice;
mod kernels;
mod lanes;
mod plan;
#[cfg(test)]
mod tests;

pub use choice::{Choice, Way};
pub use lanes::{Lanes, LANES};
pub use plan::Plan;

#[cfg(target_arch = "x86_64")]
use kernels::{Bits, Wide};
use kernels::{Kernels, Portable};
use lanes::{word, word_mut};

/// One value per lane.
type Column = [i32; LANES];

/// A deal of the block could not be evaluated as the interpreter evaluates it (a division by
/// zero, or a produced deal with a value not stored): evaluate the block's deals one at a time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bail;

/// One thread's block evaluator for one program: the deals of the block and the columns.
pub struct Block {
    plan: Plan,
    /// Whether the thread evaluates its blocks so, or one deal at a time: measured on its
    /// first blocks.
    pub choice: Choice,
    /// The deals of the block, lane by lane: the caller puts them here, and `deal.rest`
    /// completes them in place.
    pub deals: Box<[Deal; LANES]>,
    /// The lanes whose deal `deal.rest` completed.
    pub rested: Lanes,
    /// Each lane's `rnd` draws, for the lanes in `drawing` (the others have drawn nothing yet).
    draws: Box<[DealDraws; LANES]>,
    drawing: Lanes,
    /// The deals of those lanes as they were dealt, before `deal.rest` completed them.
    as_dealt: Box<[Deal; LANES]>,
    /// Each seat's shape index in each lane, for the lanes in `shaped`: worked out once per
    /// deal however many shape tests read it.
    shapes: Box<[[u16; LANES]; 4]>,
    shaped: [Lanes; 4],
    /// The value stack, a column per depth.
    stack: Box<[Column]>,
    /// Each variable's column, and the lanes it holds a value for.
    vars: Box<[Column]>,
    known: Box<[Lanes]>,
    /// The lanes waiting at each address (a branch's target), and a bit per address where
    /// some wait.
    pending: Box<[Lanes]>,
    waiting: Box<[u64]>,
    /// The value slots `store` writes, and the lanes each holds a value for.
    values: Box<[Column]>,
    stored: Box<[Lanes]>,
    /// The values of some lanes, gathered at the start of the columns ([`Block::columns_of`]).
    gathered: Box<[Column]>,
    /// Each lane's result.
    results: Column,
}

/// What a run of a block reads besides the block: the program, its tables, `deal.rest`, the
/// draws of `rnd`.
struct Surroundings<'a> {
    program: &'a Program,
    tables: &'a Tables,
    /// Deals the hands left out of the deal in a lane.
    rest: &'a mut dyn FnMut(usize, &Deal) -> Deal,
    /// The `rnd` draws of the deal in a lane, none drawn yet.
    draws: &'a dyn Fn(usize) -> DealDraws,
}

impl Block {
    /// A block evaluator for `program`, or `None` when its code must run one deal at a time
    /// ([`Plan::of`]).
    pub fn new(program: &Program) -> Option<Block> {
        let plan = Plan::of(program)?;
        let columns = |n: usize| vec![[0i32; LANES]; n].into_boxed_slice();
        Some(Block {
            pending: vec![Lanes::NONE; plan.code.len()].into_boxed_slice(),
            waiting: vec![0; plan.code.len().div_ceil(64)].into_boxed_slice(),
            plan,
            choice: Choice::default(),
            deals: Box::new([Deal::default(); LANES]),
            rested: Lanes::NONE,
            draws: Box::new([DealDraws::default(); LANES]),
            drawing: Lanes::NONE,
            as_dealt: Box::new([Deal::default(); LANES]),
            shapes: Box::new([[0; LANES]; 4]),
            shaped: [Lanes::NONE; 4],
            stack: columns(program.max_stack + 1),
            vars: columns(program.vars.len()),
            known: vec![Lanes::NONE; program.vars.len()].into_boxed_slice(),
            values: columns(program.value_slots.max(program.stored_slots())),
            stored: vec![Lanes::NONE; program.value_slots.max(program.stored_slots())].into_boxed_slice(),
            gathered: columns(program.value_slots.max(program.stored_slots())),
            results: [0; LANES],
        })
    }

    /// Evaluates entry point `entry` of `program` for the deals in lanes `0..n` of
    /// [`Block::deals`]; `rest(lane, deal)` is what `deal.rest` does to the deal in a lane,
    /// `draws(lane)` the stream its `rnd` draws from. Gives the lanes whose deal is produced
    /// (a nonzero result).
    pub fn run(
        &mut self,
        program: &Program,
        entry: usize,
        tables: &Tables,
        n: usize,
        rest: &mut dyn FnMut(usize, &Deal) -> Deal,
        draws: &dyn Fn(usize) -> DealDraws,
    ) -> Result<Lanes, Bail> {
        self.run_as(Tier::best(), program, entry, tables, n, rest, draws)
    }

    /// [`Block::run`] with the evaluator compiled for `tier` (which the processor runs).
    #[allow(clippy::too_many_arguments)]
    pub fn run_as(
        &mut self,
        tier: Tier,
        program: &Program,
        entry: usize,
        tables: &Tables,
        n: usize,
        rest: &mut dyn FnMut(usize, &Deal) -> Deal,
        draws: &dyn Fn(usize) -> DealDraws,
    ) -> Result<Lanes, Bail> {
        assert!(tier <= Tier::best(), "a tier the processor runs");
        self.known.iter_mut().for_each(|k| *k = Lanes::NONE);
        self.stored.iter_mut().for_each(|s| *s = Lanes::NONE);
        self.rested = Lanes::NONE;
        self.drawing = Lanes::NONE;
        self.shaped = [Lanes::NONE; 4];
        let lanes = Lanes::first(n);
        let mut cx = Surroundings { program, tables, rest, draws };
        let start = program.entries[entry].start as usize;
        let ran = match tier {
            #[cfg(target_arch = "x86_64")]
            Tier::Wide => Wide::routine(self, &mut cx, start, 0, lanes),
            #[cfg(target_arch = "x86_64")]
            Tier::Bits => Bits::routine(self, &mut cx, start, 0, lanes),
            _ => Portable::routine(self, &mut cx, start, 0, lanes),
        };
        if let Err(bail) = ran {
            self.pending.iter_mut().for_each(|p| *p = Lanes::NONE);
            self.waiting.iter_mut().for_each(|w| *w = 0);
            return Err(bail);
        }
        let results = &self.results;
        let (produced, _) = lanes.split(|l| results[l] != 0);
        let all_stored = self.stored.iter().fold(lanes, |all, s| all.and(*s));
        if !produced.and_not(all_stored).is_empty() {
            return Err(Bail);
        }
        Ok(produced)
    }

    /// Puts back in [`Block::deals`] the deals as they were dealt, where `deal.rest`
    /// completed them: what the interpreter evaluates when the block bails.
    pub fn restore_dealt(&mut self) {
        let (deals, as_dealt) = (&mut self.deals, &self.as_dealt);
        self.rested.each(|l| deals[l] = as_dealt[l]);
        self.rested = Lanes::NONE;
    }

    /// The result of the deal in `lane`.
    pub fn result(&self, lane: usize) -> i32 {
        self.results[lane]
    }

    /// Copies the values stored for the deal in `lane` to `out`, slot by slot.
    pub fn values_of(&self, lane: usize, out: &mut [i32]) {
        for (o, column) in out.iter_mut().zip(self.values.iter()) {
            *o = column[lane];
        }
    }

    /// The values stored for the deals in `lanes`, slot by slot, each column's first
    /// `lanes.count()` entries in lane order: the value columns themselves when the lanes are
    /// the first ones, else the values gathered.
    pub fn columns_of(&mut self, lanes: Lanes) -> &[Column] {
        let count = lanes.count() as usize;
        if lanes == Lanes::first(count) {
            return &self.values;
        }
        for (to, from) in self.gathered.iter_mut().zip(self.values.iter()) {
            let mut k = 0;
            lanes.each(|l| {
                to[k] = from[l];
                k += 1;
            });
        }
        &self.gathered
    }

    /// Leaves in `out` what the interpreter's value slots hold after the block's deals: each
    /// slot's value from the last deal that stored it (slots no deal stored keep theirs).
    pub fn last_values(&self, out: &mut [i32]) {
        for ((o, column), stored) in out.iter_mut().zip(self.values.iter()).zip(self.stored.iter()) {
            if let Some(l) = stored.last() {
                *o = column[l];
            }
        }
    }

    /// Runs the routine starting at `start` for `lanes`, its stack's bottom at column `base`,
    /// until every lane has left it (`return`, `produce`, `var.end`); compiled for `I`. The
    /// addresses where no lane arrives are skipped.
    #[inline(always)]
    fn routine<I: Isa>(&mut self, cx: &mut Surroundings<'_>, start: usize, base: usize, lanes: Lanes) -> Result<(), Bail> {
        let end = self.plan.end[start] as usize;
        let mut on = lanes;
        let mut pc = start;
        loop {
            if on.is_empty() {
                match self.next_waiting(pc, end) {
                    Some(next) => pc = next,
                    None => return Ok(()),
                }
            }
            if self.waiting[pc / 64] >> (pc % 64) & 1 != 0 {
                self.waiting[pc / 64] &= !(1 << (pc % 64));
                on = on.or(std::mem::take(&mut self.pending[pc]));
            }
            on = self.step::<I>(cx, pc, base, on)?;
            pc += 1;
        }
    }

    /// The first address in `from..end` where lanes wait.
    #[inline(always)]
    fn next_waiting(&self, from: usize, end: usize) -> Option<usize> {
        let mut w = from / 64;
        let mut bits = self.waiting.get(w)? & (u64::MAX << (from % 64));
        while bits == 0 {
            w += 1;
            if w * 64 >= end {
                return None;
            }
            bits = self.waiting[w];
        }
        Some(w * 64 + bits.trailing_zeros() as usize).filter(|&pc| pc < end)
    }

    /// Runs the instruction at `pc` for the lanes `act`; gives those that go on to the next
    /// address (the others wait at a branch's target or have left the routine).
    #[inline(always)]
    fn step<I: Isa>(&mut self, cx: &mut Surroundings<'_>, pc: usize, base: usize, act: Lanes) -> Result<Lanes, Bail> {
        // A push writes column `d`; the top of the stack is column `d - 1`.
        let d = base + self.plan.depth[pc] as usize;
        let instr = self.plan.code[pc];
        match instr {
            Instr::Const(v) => fill(&mut self.stack[d], act, |_| v),
            Instr::Var(slot) => self.var::<I>(cx, slot as usize, act, d)?,
            Instr::VarEnd(slot) => {
                copy(&self.stack[d - 1], &mut self.vars[slot as usize], act);
                self.known[slot as usize] = self.known[slot as usize].or(act);
                return Ok(Lanes::NONE);
            }
            Instr::Store(n) => {
                copy(&self.stack[d - 1], &mut self.values[n as usize], act);
                self.stored[n as usize] = self.stored[n as usize].or(act);
            }
            Instr::Return => {
                copy(&self.stack[d - 1], &mut self.results, act);
                return Ok(Lanes::NONE);
            }
            Instr::Produce => {
                fill(&mut self.results, act, |_| 1);
                return Ok(Lanes::NONE);
            }
            Instr::Jump(t) => {
                self.wait(t, act);
                return Ok(Lanes::NONE);
            }
            Instr::JumpIfZero(t) | Instr::AndThen(t) => {
                let (zero, other) = act.split_zeros(&self.stack[d - 1], I::zeros64);
                self.wait(t, zero);
                return Ok(other);
            }
            Instr::OrElse(t) => {
                let top = &mut self.stack[d - 1];
                let (zero, true_) = act.split_zeros(top, I::zeros64);
                fill(top, true_, |_| 1);
                self.wait(t, true_);
                return Ok(zero);
            }
            Instr::DealRest => {
                let new = act.and_not(self.rested);
                let (deals, as_dealt) = (&mut self.deals, &mut self.as_dealt);
                new.each(|l| {
                    as_dealt[l] = deals[l];
                    deals[l] = (cx.rest)(l, &deals[l]);
                });
                self.rested = self.rested.or(new);
                // The shapes of the hands just dealt are worked out again.
                self.shaped.iter_mut().for_each(|s| *s = s.and_not(new));
            }
            Instr::Binary { op, .. } => {
                let (below, top) = self.stack.split_at_mut(d - 1);
                binary(op, &mut below[d - 2], |l| top[0][l], act)?;
            }
            Instr::BinaryConst { op, k, .. } => binary(op, &mut self.stack[d - 1], |_| k, act)?,
            Instr::Unary(op) => map(&mut self.stack[d - 1], act, |v| op.apply(v)),
            Instr::InRange { low, high } => map(&mut self.stack[d - 1], act, |v| i32::from(low as i32 <= v && v <= high as i32)),
            Instr::Bool => map(&mut self.stack[d - 1], act, |v| i32::from(v != 0)),
            Instr::Score { vulnerable, contract } => map(&mut self.stack[d - 1], act, |v| score(vulnerable, contract, v)),
            Instr::Imps if cx.program.classic_imps => map(&mut self.stack[d - 1], act, classic_imps),
            Instr::Imps => map(&mut self.stack[d - 1], act, imps),
            Instr::Rnd => {
                let top = &mut self.stack[d - 1];
                // `rnd(0)` is the number of the deal among those produced, which only the
                // interpreter knows as it goes.
                if !act.split(|l| top[l] == 0).0.is_empty() {
                    return Err(Bail);
                }
                let new = act.and_not(self.drawing);
                let draws = &mut self.draws;
                new.each(|l| draws[l] = (cx.draws)(l));
                self.drawing = self.drawing.or(new);
                act.each(|l| top[l] = draws[l].rnd(top[l], 0));
            }
            load => self.load::<I>(cx, load, act, d),
        }
        Ok(act)
    }

    /// `var slot` for the lanes `act`: its subroutine for those without its value, then its
    /// value pushed on column `d`.
    #[inline(always)]
    fn var<I: Isa>(&mut self, cx: &mut Surroundings<'_>, slot: usize, act: Lanes, d: usize) -> Result<(), Bail> {
        let need = act.and_not(self.known[slot]);
        if !need.is_empty() {
            I::routine(self, cx, cx.program.vars[slot].start as usize, d, need)?;
        }
        copy(&self.vars[slot], &mut self.stack[d], act);
        Ok(())
    }

    /// The lanes `act` wait at address `to`.
    #[inline(always)]
    fn wait(&mut self, to: u32, act: Lanes) {
        if !act.is_empty() {
            let to = to as usize;
            self.pending[to] = self.pending[to].or(act);
            self.waiting[to / 64] |= 1 << (to % 64);
        }
    }

    /// The shape index of `seat`'s hand in each lane of `act`, worked out for the lanes
    /// that do not have it yet.
    #[inline(always)]
    fn shape_indices(&mut self, seat: Seat, act: Lanes) -> &[u16; LANES] {
        let (shapes, deals) = (&mut self.shapes[seat as usize], &*self.deals);
        let new = act.and_not(self.shaped[seat as usize]);
        new.each(|l| shapes[l] = shape_index_of(deals[l].hand(seat)) as u16);
        self.shaped[seat as usize] = self.shaped[seat as usize].or(new);
        shapes
    }

    /// An instruction that pushes what it reads of each lane's deal, onto column `d`.
    #[inline(always)]
    fn load<I: Isa>(&mut self, cx: &Surroundings<'_>, instr: Instr, act: Lanes, d: usize) {
        let (program, tables) = (cx.program, cx.tables);
        match instr {
            Instr::Shape { seat, set } => {
                let set = &program.shapes[set as usize];
                self.shape_indices(seat, act);
                let (column, shapes) = (&mut self.stack[d], &self.shapes[seat as usize]);
                return act.each_word(|w, lanes| I::shape_test64(set, word(shapes, w), word_mut(column, w), lanes));
            }
            Instr::HandCount { table, seat } => {
                let (block, shift) = tables.suit_block(table);
                let (column, deals) = (&mut self.stack[d], &*self.deals);
                return act.each_word(|w, lanes| I::hand_count64(block, shift, word(deals, w), seat, word_mut(column, w), lanes));
            }
            Instr::ShapeValue { seat, table } => {
                let values = &program.shape_values[table as usize];
                self.shape_indices(seat, act);
                let (column, shapes) = (&mut self.stack[d], &self.shapes[seat as usize]);
                return fill(column, act, |l| values[shapes[l] as usize]);
            }
            _ => {}
        }
        let (column, deals) = (&mut self.stack[d], &*self.deals);
        match instr {
            Instr::SuitCount { table, seat, suit } => read(column, deals, act, |deal| tables.suit(table, deal.hand(seat).suit_mask(suit))),
            Instr::Length { seat, suit } => read(column, deals, act, |deal| deal.hand(seat).len(suit) as i32),
            Instr::Cccc { seat } => read(column, deals, act, |deal| tables.cccc(deal.hand(seat))),
            Instr::HasCard { seat, card } => read(column, deals, act, |deal| i32::from(deal.hand(seat).contains(card))),
            Instr::SuitTest { seat, suit, table } => {
                let bits = &program.suit_tests[table as usize];
                read(column, deals, act, |deal| {
                    let m = deal.hand(seat).suit_mask(suit) as usize;
                    (bits[m >> 6] >> (m & 63)) as i32 & 1
                })
            }
            Instr::SuitValue { seat, suit, table } => {
                let values = &program.suit_values[table as usize];
                read(column, deals, act, |deal| values[deal.hand(seat).suit_mask(suit) as usize] as i32)
            }
            Instr::LengthsValue { table } => {
                let values = &program.length_values[table as usize];
                read(column, deals, act, |deal| values.lookup(deal))
            }
            other => unreachable!("`{other}` is not in a block's plan"),
        }
    }
}

/// How the evaluator is compiled: for any processor, for x86-64 processors with BMI and
/// POPCNT (as the batch loop is, [`crate::cpu::fast_bits`]), or with AVX2 too
/// ([`crate::cpu::wide`]), with the tier's column kernels. A variable's subroutine recurses
/// through it, so that the whole evaluation is compiled one way.
trait Isa: Kernels {
    /// [`Block::routine`] compiled this way.
    fn routine(block: &mut Block, cx: &mut Surroundings<'_>, start: usize, base: usize, lanes: Lanes) -> Result<(), Bail>;
}

impl Isa for Portable {
    fn routine(block: &mut Block, cx: &mut Surroundings<'_>, start: usize, base: usize, lanes: Lanes) -> Result<(), Bail> {
        block.routine::<Portable>(cx, start, base, lanes)
    }
}

#[cfg(target_arch = "x86_64")]
impl Isa for Bits {
    fn routine(block: &mut Block, cx: &mut Surroundings<'_>, start: usize, base: usize, lanes: Lanes) -> Result<(), Bail> {
        // SAFETY: `Block::run` chooses `Bits` only when the processor has these features.
        unsafe { routine_bits(block, cx, start, base, lanes) }
    }
}

/// [`Block::routine`] compiled for processors with BMI1, BMI2, POPCNT and LZCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")]
unsafe fn routine_bits(block: &mut Block, cx: &mut Surroundings<'_>, start: usize, base: usize, lanes: Lanes) -> Result<(), Bail> {
    block.routine::<Bits>(cx, start, base, lanes)
}

#[cfg(target_arch = "x86_64")]
impl Isa for Wide {
    fn routine(block: &mut Block, cx: &mut Surroundings<'_>, start: usize, base: usize, lanes: Lanes) -> Result<(), Bail> {
        // SAFETY: `Block::run` chooses `Wide` only when the processor has these features.
        unsafe { routine_wide(block, cx, start, base, lanes) }
    }
}

/// [`Block::routine`] compiled for processors with the bit instructions and AVX2: the loops
/// over a column work on eight lanes at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt,avx,avx2")]
unsafe fn routine_wide(block: &mut Block, cx: &mut Surroundings<'_>, start: usize, base: usize, lanes: Lanes) -> Result<(), Bail> {
    block.routine::<Wide>(cx, start, base, lanes)
}

/// Writes `f` of each lane's deal in each lane of `act`.
#[inline(always)]
fn read(column: &mut Column, deals: &[Deal; LANES], act: Lanes, f: impl Fn(&Deal) -> i32) {
    act.each(|l| column[l] = f(&deals[l]));
}

/// Writes `f(lane)` in each lane of `act`.
#[inline(always)]
fn fill(column: &mut Column, act: Lanes, f: impl Fn(usize) -> i32) {
    act.each(|l| column[l] = f(l));
}

/// Copies the lanes `act` of one column to another.
#[inline(always)]
fn copy(from: &Column, to: &mut Column, act: Lanes) {
    act.each(|l| to[l] = from[l]);
}

/// Replaces each lane of `act` by `f` of it.
#[inline(always)]
fn map(column: &mut Column, act: Lanes, f: impl Fn(i32) -> i32) {
    act.each(|l| column[l] = f(column[l]));
}

/// `a op b(lane)` in each lane of `act`, into `a`; a division by zero in one of them bails.
#[inline(always)]
fn binary(op: BinaryOp, a: &mut Column, b: impl Fn(usize) -> i32 + Copy, act: Lanes) -> Result<(), Bail> {
    match op {
        BinaryOp::Add => zip(a, b, act, i32::wrapping_add),
        BinaryOp::Sub => zip(a, b, act, i32::wrapping_sub),
        BinaryOp::Mul => zip(a, b, act, i32::wrapping_mul),
        BinaryOp::Div | BinaryOp::Mod => {
            if !act.split(|l| b(l) == 0).0.is_empty() {
                return Err(Bail);
            }
            if op == BinaryOp::Div {
                zip(a, b, act, i32::wrapping_div)
            } else {
                zip(a, b, act, i32::wrapping_rem)
            }
        }
        BinaryOp::Eq => zip(a, b, act, |x, y| i32::from(x == y)),
        BinaryOp::Ne => zip(a, b, act, |x, y| i32::from(x != y)),
        BinaryOp::Lt => zip(a, b, act, |x, y| i32::from(x < y)),
        BinaryOp::Le => zip(a, b, act, |x, y| i32::from(x <= y)),
        BinaryOp::Gt => zip(a, b, act, |x, y| i32::from(x > y)),
        BinaryOp::Ge => zip(a, b, act, |x, y| i32::from(x >= y)),
    }
    Ok(())
}

/// `a = f(a, b(lane))` in each lane of `act`.
#[inline(always)]
fn zip(a: &mut Column, b: impl Fn(usize) -> i32, act: Lanes, f: impl Fn(i32, i32) -> i32) {
    act.each(|l| a[l] = f(a[l], b(l)));
}
