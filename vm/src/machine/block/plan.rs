//! Which programs run over blocks of deals, and what the block evaluator knows of their code:
//! each instruction unfused, and the stack depth before it.

use crate::machine::bytecode::facts::Flow;
use crate::machine::bytecode::Instr;
use crate::machine::program::Program;

/// A program's code as the block evaluator runs it.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The code, each superinstruction back to the first instruction of its pair (the
    /// second follows it): the program as it was assembled and verified.
    pub code: Vec<Instr>,
    /// The values on the stack before each instruction, counted from the start of its
    /// routine (`u16::MAX` where no routine reaches).
    pub depth: Vec<u16>,
    /// At the start of each routine, the address after its last instruction (0 elsewhere):
    /// the routines' code does not overlap.
    pub end: Vec<u32>,
}

impl Plan {
    /// The plan of a verified program, or `None` when some routine holds an instruction that
    /// only runs one deal at a time — a double-dummy, `usereval` or `opc` question (caches of
    /// one deal) — or a jump backwards.
    pub fn of(program: &Program) -> Option<Plan> {
        let code: Vec<Instr> = program.code.iter().map(|i| i.unfused()).collect();
        let mut depth = vec![u16::MAX; code.len()];
        let mut end = vec![0u32; code.len()];
        let mut spans = Vec::new();
        let starts = program.entries.iter().map(|e| e.start).chain(program.vars.iter().map(|v| v.start));
        for start in starts {
            let last = walk(&code, start as usize, &mut depth)?;
            end[start as usize] = last as u32 + 1;
            spans.push((start as usize, last + 1));
        }
        spans.sort_unstable();
        if spans.windows(2).any(|w| w[1].0 < w[0].1) {
            return None;
        }
        Some(Plan { code, depth, end })
    }
}

/// Notes the stack depth before each instruction of the routine starting at `start`, and
/// gives the address of its last instruction; `None` for an instruction the block evaluator
/// does not run, a jump backwards, or an address reached with two depths (or by two routines).
fn walk(code: &[Instr], start: usize, depth: &mut [u16]) -> Option<usize> {
    let mut work = vec![(start, 0u16)];
    let mut last = start;
    while let Some((pc, d)) = work.pop() {
        let instr = *code.get(pc)?;
        last = last.max(pc);
        match depth[pc] {
            u16::MAX => depth[pc] = d,
            seen if seen == d => continue,
            _ => return None,
        }
        let facts = instr.facts();
        if !facts.runs_over_blocks() {
            return None;
        }
        let forward = |t: u32| (t as usize > pc).then_some(t as usize);
        let after = (d.checked_sub(facts.pops as u16)?).checked_add(facts.pushes as u16)?;
        match facts.flow {
            Flow::Next => work.push((pc + 1, after)),
            Flow::Jump(t) => work.push((forward(t)?, after)),
            Flow::Branch(t) => {
                work.push((pc + 1, after));
                work.push((forward(t)?, after));
            }
            Flow::ShortCircuit(t) => {
                work.push((pc + 1, after));
                work.push((forward(t)?, d));
            }
            Flow::End => {}
        }
    }
    Some(last)
}
