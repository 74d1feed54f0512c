//! Statements: run settings (`generate`, `produce`, `seed`, `title`, `dealer`, `vulnerable`,
//! `opener`, `startboard`), point counts, the condition, variables and the action list.

use crate::compile::output::DdSwitches;
use crate::compile::state::{Compiler, VarInfo};
use crate::diag::{Diagnostic, Span};
use crate::front::ast::*;
use dealvm_vm::card::Seat;
use dealvm_vm::dealing::board::Vulnerability;
use dealvm_vm::machine::batch::MAX_DEALS;
use dealvm_vm::machine::bytecode::VarSlot;

/// The most a card may be worth in `pointcount` and `altcount` (and the least, negated): the
/// 52 cards of a deal then count at most 520,000,000 together, far from `i32`'s limit, and
/// every table, sum and exact count of points stays exact.
pub(super) const MAX_CARD_VALUE: u32 = 10_000_000;

impl<'s, 'a> Compiler<'s, 'a> {
    /// The seat that opens for `opc`: `-O`, else the last `opener` statement (wherever it
    /// stands), else west as in DealerV2.
    pub(super) fn opc_opener(switches: &DdSwitches, statements: &[Statement<'_>]) -> Seat {
        let stated = statements.iter().rev().find_map(|s| match s.kind {
            StmtKind::Opener(seat) => Some(seat),
            _ => None,
        });
        switches.opener.or(stated).unwrap_or(Seat::West)
    }

    pub(super) fn statement(&mut self, s: &Statement<'a>) -> Result<(), Diagnostic> {
        match s.kind {
            StmtKind::Generate(n) => {
                let v = self.count_setting("generate", n)?;
                self.settings.generate.get_or_insert(v);
            }
            StmtKind::Produce(n) => {
                let v = self.count_setting("produce", n)?;
                self.settings.produce.get_or_insert(v);
            }
            StmtKind::Seed(n) => {
                if n.value < 0 || self.is_dotnum(n) {
                    return Err(Diagnostic::at(n.span, "the seed must be a whole number, 0 or more"));
                }
                self.settings.seed = Some(n.value as u64);
            }
            StmtKind::Title(t) => self.settings.title = Some(t.to_string()),
            StmtKind::Dealer(seat) => self.settings.dealer = Some(seat),
            StmtKind::Opener(seat) => self.settings.opener = Some(seat),
            StmtKind::StartBoard(n) => {
                if n.value < 1 || n.value as u64 > MAX_DEALS || self.is_dotnum(n) {
                    return Err(Diagnostic::at(n.span, format!("the first board number must be a whole number from 1 to {MAX_DEALS} (2^62)")));
                }
                self.settings.start_board = Some(n.value as u64);
            }
            StmtKind::Vulnerable(w) => {
                let v =
                    vulnerability(w.text).ok_or_else(|| Diagnostic::at(w.span, format!("found `{}`, expected none, NS, EW, all or both", w.text)))?;
                self.settings.vulnerable = Some(v);
            }
            StmtKind::Predeal(args) => {
                for arg in args {
                    self.predeal_arg(arg)?;
                }
            }
            StmtKind::Pointcount(values) => {
                self.point_counts.hcp = self.rank_values("pointcount", values)?;
            }
            StmtKind::Altcount(n, values) => {
                if !(0..=9).contains(&n.value) || self.is_dotnum(n) {
                    return Err(Diagnostic::at(
                        n.span,
                        format!("found {}, expected the number of an alternative count, 0 to 9", self.source.slice(n.span)),
                    ));
                }
                let values = self.rank_values("altcount", values)?;
                match (self.classic, n.value) {
                    (false, n) => self.point_counts.alt[n as usize] = values,
                    // Classic Dealer's tables: 0 is hcp's, 1 controls', 2 to 9 those of pt0 to
                    // pt7 (pt6's also counts the winners of `losers`); a change to what
                    // `controls` or `losers` read is refused if they are read (at the end).
                    (true, 0) => self.point_counts.hcp = values,
                    (true, 1) => self.classic_changed[0] = Some(n.span),
                    (true, k) => {
                        if k == 8 {
                            self.classic_changed[1] = Some(n.span);
                        }
                        self.point_counts.alt[k as usize - 2] = values;
                    }
                }
            }
            StmtKind::Condition(e) => {
                // Checked here for errors; compiled into the deal routine at the end.
                self.check(e)?;
                self.condition = Some(e);
            }
            StmtKind::VarDef { name, name_span, value } => self.define(name, name_span, value)?,
            StmtKind::Action(list) => {
                let mut specs = Vec::new();
                let mut values = Vec::new();
                let mut tallies = Vec::new();
                for a in list {
                    specs.push(self.action(a, &mut values, &mut tallies)?);
                }
                self.actions = Some((specs, values, tallies));
            }
        }
        Ok(())
    }

    /// Whether a number was written with a decimal point.
    pub(super) fn is_dotnum(&self, n: Num) -> bool {
        self.source.slice(n.span).contains('.')
    }

    /// The value of a `generate` or `produce` statement.
    pub(super) fn count_setting(&self, what: &str, n: Num) -> Result<u64, Diagnostic> {
        if self.is_dotnum(n) {
            return Err(Diagnostic::at(n.span, format!("{what} takes a whole number of deals")));
        }
        if n.value < 1 {
            return Err(Diagnostic::at(n.span, format!("{what} must be at least 1 (found {})", n.value)));
        }
        if n.value as u64 > MAX_DEALS {
            return Err(Diagnostic::at(n.span, format!("{what} takes at most {MAX_DEALS} deals (2^62)")));
        }
        Ok(n.value as u64)
    }

    /// Card values for `pointcount` or `altcount`, given from the ace down, each within
    /// ±[`MAX_CARD_VALUE`].
    pub(super) fn rank_values(&mut self, what: &str, values: &[Num]) -> Result<[i32; 13], Diagnostic> {
        self.warn_mixed_numbers(what, values);
        let mut out = [0i32; 13];
        for (i, n) in values.iter().enumerate() {
            if i >= 13 {
                return Err(Diagnostic::at(n.span, format!("{what} takes at most 13 values, one per rank from the ace down to the deuce")));
            }
            out[12 - i] = match i32::try_from(n.value) {
                Ok(v) if v.unsigned_abs() <= MAX_CARD_VALUE => v,
                _ => {
                    let (whole, cents) = (MAX_CARD_VALUE, MAX_CARD_VALUE / 100);
                    return Err(Diagnostic::at(n.span, format!("this card value is out of range: {what} values go from -{whole} to {whole} (-{cents}.00 to {cents}.00 with a decimal point)"))
                        .with_note("so that no count of a hand, of a side or of the whole deal can overflow; Dealer takes larger values and its counts wrap around"));
                }
            };
        }
        Ok(out)
    }

    /// Warns when a list of card values mixes whole numbers and decimals: a decimal counts
    /// ×100 (`4.5` is 450) and a whole number does not (`3` stays 3, that is 0.03 beside it).
    fn warn_mixed_numbers(&mut self, what: &str, values: &[Num]) {
        let (decimal, whole): (Vec<&Num>, Vec<&Num>) = values.iter().partition(|n| self.is_dotnum(**n));
        if let (Some(d), Some(w)) = (decimal.first(), whole.first()) {
            let text = self.source.slice(w.span).to_string();
            let scaled = format!("{}.0", text.trim_start_matches('-'));
            self.warnings.push(
                Diagnostic::at(
                    w.span,
                    format!("this {what} mixes decimal numbers such as {} with whole numbers such as {text}", self.source.slice(d.span)),
                )
                .with_label(format!("counts as 0.{:0>2}, not {text}", w.value.unsigned_abs() % 100))
                .with_note(format!("a decimal number counts in hundredths and a whole number does not; write {scaled} for {text} points")),
            );
        }
    }

    pub(super) fn define(&mut self, name: &'a str, name_span: Span, value: &'a Expr<'a>) -> Result<(), Diagnostic> {
        if self.vars.contains_key(name) {
            let first = self.definitions[name];
            let (line, _) = self.source.line_col(first.start);
            return Err(Diagnostic::at(name_span, format!("the variable `{name}` is already defined"))
                .with_note(format!("it was first defined on line {line}; a variable can be defined once")));
        }
        let constant = self.constant(value);
        let slot = VarSlot::try_from(self.vars.len()).map_err(|_| Diagnostic::at(name_span, "too many variables (at most 65536)"))?;
        // The subroutine is compiled at the end, when the point counts are known; its errors
        // are reported here.
        self.check(value)?;
        self.vars.insert(name, VarInfo { slot, constant, expr: value });
        Ok(())
    }
}

/// Reads a vulnerability word, in any letter case: none, NS, EW, all, both.
pub(super) fn vulnerability(word: &str) -> Option<Vulnerability> {
    Some(match word.to_ascii_lowercase().as_str() {
        "none" => Vulnerability::None,
        "ns" => Vulnerability::NorthSouth,
        "ew" => Vulnerability::EastWest,
        "all" | "both" => Vulnerability::All,
        _ => return None,
    })
}
