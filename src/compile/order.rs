//! The order of the condition's `&&` (or `||`) chain: operands that are cheap and often decide
//! the chain first, measured on a fixed sample of deals.
//!
//! Each operand is run alone on the sample that `seats` uses (1024 deals of a fixed seed, the
//! same on any machine and thread count): how often it holds, and how many instructions its
//! code has. Operands are sorted by cost over the chance of deciding the chain (`cost / (1 -
//! p)` for `&&`, `cost / p` for `||`), which minimises the expected cost for independent
//! operands. Only operands with no effect move: the chain's value is the same as left to
//! right, whatever the order, and nothing moves across an operand that draws random
//! numbers, may divide by zero or solves double dummy. Two operands that make one range test
//! (`x >= 10 && x <= 12`) move together. `--plain` keeps the order as written.

use crate::compile::fold::in_range;
use crate::compile::node::{DRAWS, MAY_FAIL, SOLVES};
use crate::compile::state::Compiler;
use crate::compile::tabulate::Operand;

/// The most operands a chain may have to be ordered (each is compiled and run on the sample).
const MAX_MEASURED: usize = 64;

impl<'s, 'a> Compiler<'s, 'a> {
    /// `operands` of a `&&` (`and`) or `||` chain in the order that should cost least.
    pub(super) fn order_by_sample<'e>(&mut self, operands: Vec<Operand<'e, 'a>>, and: bool) -> Vec<Operand<'e, 'a>> {
        // (A chain of hundreds of operands would take long to measure: it stays as written.)
        if self.plain || operands.len() < 2 || operands.len() > MAX_MEASURED {
            return operands;
        }
        // Units: one operand, or two that make a range test.
        let mut units: Vec<Vec<Operand<'e, 'a>>> = Vec::new();
        let mut i = 0;
        while i < operands.len() {
            let pair = match (operands[i], operands.get(i + 1)) {
                (Operand::Expr(a), Some(&Operand::Expr(b))) if and => in_range(a, b).is_some(),
                _ => false,
            };
            let n = if pair { 2 } else { 1 };
            units.push(operands[i..i + n].to_vec());
            i += n;
        }
        // The operands that read only the hands dealt first stay before the others (the
        // rest of the deal is dealt where the first of those others starts).
        let first = self.rest.first;
        let early = units.iter().take_while(|u| first.is_some_and(|f| u.iter().all(|&o| self.operand_seats(o).is_subset(f)))).count();
        let mut out = Vec::with_capacity(operands.len());
        self.sort_units(&units[..early], and, &mut out);
        self.sort_units(&units[early..], and, &mut out);
        out
    }

    /// Appends `units` to `out` sorted by cost over the chance of deciding, without moving
    /// anything across a unit that has an effect.
    fn sort_units<'e>(&mut self, units: &[Vec<Operand<'e, 'a>>], and: bool, out: &mut Vec<Operand<'e, 'a>>) {
        let fixed = |c: &Self, unit: &[Operand<'e, 'a>]| {
            unit.iter().any(|o| matches!(o, Operand::Expr(e) if c.effects(e) & (DRAWS | MAY_FAIL | SOLVES) != 0))
        };
        let mut start = 0;
        while start < units.len() {
            let end = (start..units.len()).find(|&u| fixed(self, &units[u])).unwrap_or(units.len());
            let mut keyed = Vec::new();
            for unit in &units[start..end] {
                if end - start == 1 {
                    keyed.push((0.0, unit.clone()));
                    continue;
                }
                let key = match self.probe(unit) {
                    Some((p, size)) => {
                        let decides = if and { 1.0 - p } else { p };
                        size as f64 / decides.max(1.0 / 4096.0)
                    }
                    None => f64::MAX,
                };
                keyed.push((key, unit.clone()));
            }
            // An operand that cannot run on the sample keeps the segment as written.
            if keyed.len() > 1 && keyed.iter().all(|(k, _)| *k < f64::MAX) {
                keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
            }
            out.extend(keyed.into_iter().flat_map(|(_, u)| u));
            if end < units.len() {
                out.extend(units[end].iter().copied());
            }
            start = end + 1;
        }
    }
}
