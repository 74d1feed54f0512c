//! The bytecode verifier: every entry point and variable subroutine of a [`Program`] runs
//! safely (jumps inside the code, one value left at each return, shape sets and division sites
//! that exist, variables called only after their own subroutine), and how deep its stack gets.
//! The assembler runs it on every program it finishes.

use crate::machine::bytecode::facts::Flow;
use crate::machine::bytecode::{BinaryOp, Instr};
use crate::machine::program::Program;
use std::fmt;

/// Why a program cannot run: a jump out of the code, an unbalanced stack, a missing shape
/// set, a variable used before its subroutine exists...
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The address of the offending instruction.
    pub at: u32,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bytecode @{}: {}", self.at, self.message)
    }
}

impl std::error::Error for VerifyError {}

impl Program {
    /// Checks that every entry point and variable subroutine runs safely — jumps stay inside
    /// the code, every path reaches its `return` (or `var.end`) with exactly one value on the
    /// stack, shape sets and division sites exist, and a variable only calls variables defined
    /// before it — and gives the deepest the value stack can get.
    pub fn verify(&self) -> Result<usize, VerifyError> {
        let mut need = Vec::with_capacity(self.vars.len());
        // The stack depth found at each address; each routine resets what it set, so the
        // whole check takes time in proportion to the code.
        let mut depth_at: Vec<Option<usize>> = vec![None; self.code.len()];
        for (slot, var) in self.vars.iter().enumerate() {
            let n = self.verify_routine(var.start, Some(slot), &need, &mut depth_at)?;
            need.push(n);
        }
        let mut deepest = 0;
        for entry in &self.entries {
            deepest = deepest.max(self.verify_routine(entry.start, None, &need, &mut depth_at)?);
        }
        Ok(deepest.max(need.iter().copied().max().unwrap_or(0)))
    }

    /// The stack slots one routine needs, including the variables it calls; `depth_at` is
    /// all `None` before and after.
    fn verify_routine(&self, start: u32, var: Option<usize>, need: &[usize], depth_at: &mut [Option<usize>]) -> Result<usize, VerifyError> {
        let mut visited = Vec::new();
        let result = self.walk_routine(start, var, need, depth_at, &mut visited);
        for pc in visited {
            depth_at[pc] = None;
        }
        result
    }

    /// [`Self::verify_routine`]'s walk, noting each address it sets in `visited`.
    fn walk_routine(
        &self,
        start: u32,
        var: Option<usize>,
        need: &[usize],
        depth_at: &mut [Option<usize>],
        visited: &mut Vec<usize>,
    ) -> Result<usize, VerifyError> {
        let mut work = vec![(start, 0usize)];
        let mut deepest = 0;
        while let Some((pc, depth)) = work.pop() {
            let fail = |message: String| Err(VerifyError { at: pc, message });
            // A superinstruction is checked as the first instruction of its pair: the second
            // follows it.
            let Some(instr) = self.code.get(pc as usize).map(|i| i.unfused()) else {
                return fail("the code runs past its end".into());
            };
            match depth_at[pc as usize] {
                Some(d) if d == depth => continue,
                Some(d) => return fail(format!("reached with {d} and with {depth} values on the stack")),
                None => {
                    depth_at[pc as usize] = Some(depth);
                    visited.push(pc as usize);
                }
            }
            deepest = deepest.max(depth);
            let facts = instr.facts();
            let pops = facts.pops as usize;
            if depth < pops {
                return fail(format!("`{instr}` needs {pops} values on the stack, which has {depth}"));
            }
            // What the instruction names must exist, and the ends of routines fit them.
            match instr {
                Instr::UserEval { query, idx } => {
                    if query as usize >= self.queries.len() {
                        return fail(format!("usereval query {query} does not exist"));
                    }
                    if idx as usize >= crate::evaluation::usereval::MAX_RESULTS {
                        return fail(format!("usereval result {idx} is past the last, {}", crate::evaluation::usereval::MAX_RESULTS - 1));
                    }
                }
                Instr::Shape { set, .. } if set as usize >= self.shapes.len() => return fail(format!("shape set {set} does not exist")),
                Instr::SuitTest { table, .. } | Instr::SuitValue { table, .. } | Instr::ShapeValue { table, .. } | Instr::LengthsValue { table } => {
                    let count = match instr {
                        Instr::SuitTest { .. } => self.suit_tests.len(),
                        Instr::SuitValue { .. } => self.suit_values.len(),
                        Instr::LengthsValue { .. } => self.length_values.len(),
                        _ => self.shape_values.len(),
                    };
                    if table as usize >= count {
                        return fail(format!("table {table} of `{instr}` does not exist"));
                    }
                }
                Instr::Var(slot) => {
                    let s = slot as usize;
                    if s >= need.len() || var.is_some_and(|v| s >= v) {
                        return fail(format!("variable {slot} is used before its subroutine is verified"));
                    }
                    deepest = deepest.max(depth + need[s]);
                }
                Instr::VarEnd(_) | Instr::Return => {
                    let fits = match instr {
                        Instr::VarEnd(slot) => var == Some(slot as usize),
                        _ => var.is_none(),
                    };
                    if !fits {
                        return fail(format!("`{instr}` ends the wrong kind of routine"));
                    }
                    if depth != 1 {
                        return fail(format!("`{instr}` with {depth} values on the stack, not 1"));
                    }
                }
                Instr::Produce if var.is_some() || depth != 0 => {
                    return fail(format!("`produce` in a variable or with {depth} values on the stack"));
                }
                Instr::Binary { op, site } | Instr::BinaryConst { op, site, .. }
                    if matches!(op, BinaryOp::Div | BinaryOp::Mod) && site as usize >= self.sites.len() =>
                {
                    return fail(format!("division site {site} does not exist"));
                }
                Instr::DealRest if var.is_some() => return fail("`deal.rest` in a variable".into()),
                _ => {}
            }
            let after = depth - pops + facts.pushes as usize;
            match facts.flow {
                Flow::Next => work.push((pc + 1, after)),
                Flow::Jump(to) => work.push((to, after)),
                Flow::Branch(to) => {
                    work.push((pc + 1, after));
                    work.push((to, after));
                }
                // The jump keeps the value tested: the chain's result.
                Flow::ShortCircuit(to) => {
                    work.push((pc + 1, after));
                    work.push((to, depth));
                }
                Flow::End => {}
            }
        }
        Ok(deepest.max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::program::{Entry, VarCode};

    /// A program with one entry holding `code` (and `return` unless `code` ends itself).
    fn program(code: Vec<Instr>) -> Program {
        Program { code, entries: vec![Entry { name: "t".into(), start: 0 }], ..Program::default() }
    }

    #[test]
    fn the_verifier_refuses_unsafe_programs() {
        use Instr::*;
        let add = Binary { op: BinaryOp::Add, site: 0 };
        let good = program(vec![Const(1), AndThen(5), Const(2), Store(0), Produce, Return]);
        assert_eq!(good.verify(), Ok(1));
        for (code, why) in [
            (vec![Const(1), Jump(9)], "runs past its end"),
            (vec![add, Return], "needs 2 values"),
            (vec![Const(1), Const(2), Return], "not 1"),
            (vec![Const(1), Produce], "produce"),
            (vec![Const(1), Const(2), JumpIfZero(4), Const(3), Return], "reached with"),
            (vec![Shape { seat: crate::card::Seat::North, set: 0 }, Return], "shape set 0"),
            (vec![Const(1), Const(0), Binary { op: BinaryOp::Div, site: 3 }, Return], "division site 3"),
            (vec![Var(0), Return], "variable 0"),
        ] {
            let err = program(code).verify().expect_err(why);
            assert!(err.message.contains(why), "{err}");
        }
        // A variable may only call the variables before it.
        let mut p = program(vec![Var(0), Return, Var(1), VarEnd(0), Const(1), VarEnd(1)]);
        p.vars = vec![VarCode { name: "a".into(), start: 2 }, VarCode { name: "b".into(), start: 4 }];
        assert!(p.verify().is_err());
        p.code = vec![Var(1), Return, Const(1), VarEnd(0), Var(0), VarEnd(1)];
        assert_eq!(p.verify(), Ok(1));
    }
}
