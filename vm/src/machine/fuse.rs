//! Superinstructions: two instructions that follow each other often (a comparison and the
//! `&&` after it, a variable and the `?:` that tests it, `hcp north` and `>= 12`, a value
//! stored and `produce`) run in one dispatch.
//!
//! [`fuse`] rewrites a verified program in place: the first instruction of a pair becomes the
//! fused one, which does the work of both and continues after the second; the second stays
//! where it was, for the jumps that land on it. No address moves, so nothing is relocated,
//! and [`Instr::unfused`] gives back the first instruction of the pair: the verifier and the
//! program's questions (`seats_read`, `tables_used`) see the program as it was assembled.
//! `cargo bench --bench scripts -- evaluate` measures each script compiled with and without
//! the rewrites (superinstructions among them, `--plain` has none).

use crate::card::Suit;
use crate::evaluation::tables::TableId;
use crate::machine::bytecode::{BinaryOp, Branch, CmpBranch, CountTest, Instr, SeatBranch, COMPARISONS};
use crate::machine::program::Program;

impl Instr {
    /// The first instruction of a fused pair; any other instruction as it is.
    pub fn unfused(self) -> Instr {
        match self {
            Instr::CmpBranch { test, k, .. } => Instr::BinaryConst { op: test.op(), k: k as i32, site: 0 },
            Instr::InRangeBranch { low, high, .. } => Instr::InRange { low: low as i16, high: high as i16 },
            Instr::VarBranch { slot, .. } | Instr::VarCmp { slot, .. } => Instr::Var(slot),
            Instr::HandCountCmp { table, seat, .. } | Instr::HandCountInRange { table, seat, .. } => Instr::HandCount { table, seat },
            Instr::HandCountBranch { table, test, .. } => Instr::HandCount { table, seat: test.seat() },
            Instr::HcpRangeBranch { at, .. } => Instr::HandCount { table: TableId::HCP, seat: at.seat() },
            Instr::ConstJump { k, .. } => Instr::Const(k as i32),
            Instr::HandCountStore { table, seat, .. } => Instr::HandCount { table, seat },
            Instr::StoreProduce(slot) => Instr::Store(slot),
            Instr::ShapeBranch { at, set, .. } => Instr::Shape { seat: at.seat(), set },
            Instr::SuitTestBranch { at, table, .. } => Instr::SuitTest { seat: at.seat(), suit: at.suit(), table },
            other => other,
        }
    }
}

/// The superinstruction doing `a` then `b`, if there is one.
fn pair(a: Instr, b: Instr) -> Option<Instr> {
    let narrow = |v: i32| i16::try_from(v).ok();
    let tiny = |v: i16| i8::try_from(v).ok();
    let is_cmp = |op: BinaryOp| COMPARISONS.contains(&op);
    Some(match (a, Branch::of(b)) {
        (Instr::BinaryConst { op, k, .. }, Some((branch, to))) if is_cmp(op) => {
            Instr::CmpBranch { test: CmpBranch::new(op, branch)?, k: narrow(k)?, to }
        }
        (Instr::InRange { low, high }, Some((branch, to))) => Instr::InRangeBranch { branch, low: tiny(low)?, high: tiny(high)?, to },
        (Instr::Var(slot), Some((branch, to))) => Instr::VarBranch { branch, slot, to },
        (Instr::Shape { seat, set }, Some((branch, to))) => Instr::ShapeBranch { at: SeatBranch::new(seat, Suit::Clubs, branch), set, to },
        (Instr::SuitTest { seat, suit, table }, Some((branch, to))) => Instr::SuitTestBranch { at: SeatBranch::new(seat, suit, branch), table, to },
        (_, Some(_)) => return None,
        (Instr::Const(k), None) => match b {
            Instr::Jump(to) => Instr::ConstJump { k: narrow(k)?, to },
            _ => return None,
        },
        (Instr::Var(slot), None) => match b {
            Instr::BinaryConst { op, k, .. } if is_cmp(op) => Instr::VarCmp { slot, op, k: narrow(k)? },
            _ => return None,
        },
        (Instr::Store(slot), None) => match b {
            Instr::Produce => Instr::StoreProduce(slot),
            _ => return None,
        },
        (Instr::HandCount { table, seat }, None) => match b {
            Instr::Store(slot) => Instr::HandCountStore { table, seat, slot },
            Instr::BinaryConst { op, k, .. } if is_cmp(op) => Instr::HandCountCmp { table, seat, op, k: narrow(k)? },
            Instr::InRange { low, high } => Instr::HandCountInRange { table, seat, low: tiny(low)?, high: tiny(high)? },
            _ => return None,
        },
        _ => return None,
    })
}

/// The superinstruction doing `a`, `b` then `c`, if there is one: a hand count compared and
/// branched on.
fn triple(a: Instr, b: Instr, c: Instr) -> Option<Instr> {
    let Instr::HandCount { table, seat } = a else { return None };
    let (branch, to) = Branch::of(c)?;
    match b {
        Instr::BinaryConst { op, k, .. } => {
            let test = CountTest::new(seat, CmpBranch::new(op, branch)?);
            Some(Instr::HandCountBranch { table, test, k: i8::try_from(k).ok()?, to })
        }
        Instr::InRange { low, high } if table == TableId::HCP => Some(Instr::HcpRangeBranch {
            at: SeatBranch::new(seat, Suit::Clubs, branch),
            low: i8::try_from(low).ok()?,
            high: i8::try_from(high).ok()?,
            to,
        }),
        _ => None,
    }
}

/// Fuses the pairs (and triples) of a verified program that have a superinstruction.
pub fn fuse(program: &mut Program) {
    let code = program.code.clone();
    for i in 0..code.len() {
        let fused = match code.get(i..i + 3) {
            Some(&[a, b, c]) => triple(a, b, c),
            _ => None,
        };
        if let Some(f) = fused.or_else(|| code.get(i + 1).and_then(|&b| pair(code[i], b))) {
            program.code[i] = f;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Seat;
    use crate::machine::bytecode::BRANCHES;

    #[test]
    fn packed_fields_come_back() {
        for op in COMPARISONS {
            for b in BRANCHES {
                let t = CmpBranch::new(op, b).expect("a comparison");
                assert_eq!((t.op(), t.branch()), (op, b));
            }
        }
        for seat in Seat::ALL {
            for suit in Suit::ALL {
                for b in BRANCHES {
                    let s = SeatBranch::new(seat, suit, b);
                    assert_eq!((s.seat(), s.suit(), s.branch()), (seat, suit, b));
                }
            }
        }
    }

    #[test]
    fn fused_pairs_keep_the_second_instruction_and_unfuse_to_the_first() {
        let code = vec![
            Instr::HandCount { table: TableId::HCP, seat: Seat::North },
            Instr::BinaryConst { op: BinaryOp::Ge, k: 12, site: 0 },
            Instr::AndThen(4),
            Instr::Const(1),
            Instr::Return,
        ];
        let mut p = Program { code: code.clone(), ..Program::default() };
        fuse(&mut p);
        // `hcp north; >= 12; and.then` is one instruction, `>= 12; and.then` another (for a
        // jump that lands on the comparison).
        assert!(matches!(p.code[0], Instr::HandCountBranch { k: 12, to: 4, .. }));
        assert!(matches!(p.code[1], Instr::CmpBranch { to: 4, .. }));
        assert_eq!(p.code[2..], code[2..]);
        let unfused: Vec<Instr> = p.code.iter().map(|i| i.unfused()).collect();
        assert_eq!(unfused, code);
        // Without the branch, a hand count and its comparison.
        let mut two = Program { code: code[..2].to_vec(), ..Program::default() };
        fuse(&mut two);
        assert!(matches!(two.code[0], Instr::HandCountCmp { k: 12, .. }));
        // A hand count stored as a value, then the end of a produced deal.
        let ends = vec![Instr::HandCount { table: TableId::HCP, seat: Seat::North }, Instr::Store(0), Instr::Produce];
        let mut produced = Program { code: ends.clone(), ..Program::default() };
        fuse(&mut produced);
        assert_eq!(produced.code[0], Instr::HandCountStore { table: TableId::HCP, seat: Seat::North, slot: 0 });
        assert_eq!(produced.code[1], Instr::StoreProduce(0));
        assert_eq!(produced.code.iter().map(|i| i.unfused()).collect::<Vec<_>>(), ends);
        // A constant too large for the fused form stays as it is.
        let mut big = Program { code: vec![Instr::Var(0), Instr::BinaryConst { op: BinaryOp::Lt, k: 40000, site: 0 }], ..Program::default() };
        fuse(&mut big);
        assert_eq!(big.code[0], Instr::Var(0));
    }
}
