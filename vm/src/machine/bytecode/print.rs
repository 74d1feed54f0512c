//! The disassembler: each instruction as text (a fused one as the pair it does) and a
//! program's listing, as `--dump-bytecode` shows them.

use super::{BinaryOp, Instr, UnaryOp};
use crate::machine::program::Program;
use std::fmt;

impl BinaryOp {
    /// The operator as written in the Dealer language.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
        }
    }
}

impl fmt::Display for Instr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Instr::Const(v) => write!(f, "const {v}"),
            Instr::Var(s) => write!(f, "var {s}"),
            Instr::VarEnd(s) => write!(f, "var.end {s}"),
            Instr::Store(n) => write!(f, "store {n}"),
            Instr::SuitCount { table, seat, suit } => {
                write!(f, "{} {} {}", table.name(), seat.keyword(), suit.name())
            }
            Instr::HandCount { table, seat } => write!(f, "{} {}", table.name(), seat.keyword()),
            Instr::Length { seat, suit } => write!(f, "length {} {}", seat.keyword(), suit.name()),
            Instr::Cccc { seat } => write!(f, "cccc {}", seat.keyword()),
            Instr::HasCard { seat, card } => write!(f, "hascard {} {card}", seat.keyword()),
            Instr::Shape { seat, set } => write!(f, "shape {} set{set}", seat.keyword()),
            Instr::SuitTest { seat, suit, table } => write!(f, "suit.test {} {} bits{table}", seat.keyword(), suit.name()),
            Instr::SuitValue { seat, suit, table } => write!(f, "suit.value {} {} suitvals{table}", seat.keyword(), suit.name()),
            Instr::ShapeValue { seat, table } => write!(f, "shape.value {} shapevals{table}", seat.keyword()),
            Instr::LengthsValue { table } => write!(f, "lengths.value lengthvals{table}"),
            Instr::Score { vulnerable, contract } => {
                write!(f, "score {} {contract}", if vulnerable { "vul" } else { "nv" })
            }
            Instr::Imps => write!(f, "imps"),
            Instr::Rnd => write!(f, "rnd"),
            Instr::Tricks { declarer, strain } => write!(f, "dd.tricks {} {}", declarer.keyword(), strain.letter()),
            Instr::TricksAtLeast { declarer, strain, k, count } => {
                write!(f, "dd.tricks.atleast {} {} {k}{}", declarer.keyword(), strain.letter(), if count { " by.count" } else { "" })
            }
            Instr::LeadTricks { declarer, strain, card } => write!(f, "dd.lead {} {} {card}", declarer.keyword(), strain.letter()),
            Instr::Par { side, vul } => write!(f, "dd.par {} {}", side.name(), vul.name()),
            Instr::ParContract { vul } => write!(f, "dd.parcontract {}", vul.name()),
            Instr::UserEval { query, idx } => write!(f, "usereval query{query} {idx}"),
            Instr::Opc { side, strain, opener } => {
                let strain = strain.map_or("long".to_string(), |s| s.letter().to_string());
                write!(f, "opc {} {strain} opener={}", side.name(), opener.keyword())
            }
            Instr::Unary(UnaryOp::Neg) => write!(f, "neg"),
            Instr::Unary(UnaryOp::Not) => write!(f, "not"),
            Instr::Binary { op, .. } => write!(f, "{}", op.symbol()),
            Instr::BinaryConst { op, k, .. } => write!(f, "{} {k}", op.symbol()),
            Instr::InRange { low, high } => write!(f, "in {low}..={high}"),
            Instr::Jump(t) => write!(f, "jump @{t}"),
            Instr::JumpIfZero(t) => write!(f, "jump.ifzero @{t}"),
            Instr::AndThen(t) => write!(f, "and.then @{t}"),
            Instr::OrElse(t) => write!(f, "or.else @{t}"),
            Instr::Bool => write!(f, "bool"),
            Instr::Return => write!(f, "return"),
            Instr::Produce => write!(f, "produce"),
            Instr::DealRest => write!(f, "deal.rest"),
            fused => {
                // The pair it does: `first; second`, the second being the next instruction.
                let first = fused.unfused();
                let second = match fused {
                    Instr::CmpBranch { test, to, .. } => test.branch().instr(to),
                    Instr::InRangeBranch { branch, to, .. } | Instr::VarBranch { branch, to, .. } => branch.instr(to),
                    Instr::ShapeBranch { at, to, .. } | Instr::SuitTestBranch { at, to, .. } => at.branch().instr(to),
                    Instr::VarCmp { op, k, .. } | Instr::HandCountCmp { op, k, .. } => Instr::BinaryConst { op, k: k as i32, site: 0 },
                    Instr::HandCountInRange { low, high, .. } => Instr::InRange { low: low as i16, high: high as i16 },
                    Instr::HandCountBranch { test, k, to, .. } => {
                        return write!(f, "{first}; {} {k}; {}", test.test().op().symbol(), test.test().branch().instr(to));
                    }
                    Instr::HcpRangeBranch { at, low, high, to } => {
                        return write!(f, "{first}; in {low}..={high}; {}", at.branch().instr(to));
                    }
                    Instr::ConstJump { to, .. } => Instr::Jump(to),
                    Instr::HandCountStore { slot, .. } => Instr::Store(slot),
                    Instr::StoreProduce(_) => Instr::Produce,
                    _ => unreachable!("every other instruction is matched above"),
                };
                write!(f, "{first}; {second}")
            }
        }
    }
}

impl Program {
    /// A readable listing of the whole program.
    pub fn disassemble(&self) -> String {
        let mut out = String::new();
        let mut labels: Vec<(u32, String)> = Vec::new();
        labels.extend(self.entries.iter().map(|e| (e.start, format!("entry {}", e.name))));
        labels.extend(self.vars.iter().enumerate().map(|(i, v)| (v.start, format!("var {i} `{}`", v.name))));
        labels.sort();
        for (pc, instr) in self.code.iter().enumerate() {
            for (_, l) in labels.iter().filter(|(at, _)| *at as usize == pc) {
                out.push_str(&format!("{l}:\n"));
            }
            out.push_str(&format!("  {pc:5}  {instr}\n"));
        }
        for (i, set) in self.shapes.iter().enumerate() {
            out.push_str(&format!("set{i}: {} shapes\n", set.len()));
        }
        for (i, bits) in self.suit_tests.iter().enumerate() {
            let ones: u32 = bits.iter().map(|w| w.count_ones()).sum();
            out.push_str(&format!("bits{i}: {ones} of 8192 holdings\n"));
        }
        for (i, values) in self.suit_values.iter().enumerate() {
            let (lo, hi) = values.iter().fold((i16::MAX, i16::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            out.push_str(&format!("suitvals{i}: holdings to {lo}..={hi}\n"));
        }
        for (i, t) in self.length_values.iter().enumerate() {
            let pairs: Vec<String> = t.pairs.iter().map(|(seat, suit)| format!("{}({})", suit.name(), seat.keyword())).collect();
            let (lo, hi) = t.values.iter().fold((i16::MAX, i16::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            out.push_str(&format!("lengthvals{i}: {} to {lo}..={hi}\n", pairs.join(" ")));
        }
        for (i, values) in self.shape_values.iter().enumerate() {
            let (lo, hi) = values.iter().fold((i32::MAX, i32::MIN), |(l, h), &v| (l.min(v), h.max(v)));
            out.push_str(&format!("shapevals{i}: shapes to {lo}..={hi}\n"));
        }
        for (i, q) in self.queries.iter().enumerate() {
            out.push_str(&format!("query{i}: tag {}, {}, suit {}\n", q.tag, q.who.code(), q.suit.map_or('-', |s| s.letter())));
        }
        if self.blocks {
            out.push_str("evaluation: the deal routine over blocks of deals, unless they are dealt exactly\n");
        }
        out
    }
}
