//! Actions: the `action` list compiled into [`ActionSpec`]s, the values they need of each
//! produced deal, and the statistics they keep.

use crate::compile::output::{ActionSpec, CsvPart, EsPart, Lead, ValueRef, Written};
use crate::compile::state::{Compiler, ValueCode};
use crate::diag::{Diagnostic, Span};
use crate::front::ast::*;
use dealvm_vm::card::{Card, Hand, Seat, Side, Suit};
use dealvm_vm::evaluation::dd::STRAINS;
use dealvm_vm::evaluation::stats::{Buckets, TallyAxis, TallySpec};

impl<'s, 'a> Compiler<'s, 'a> {
    /// A value computed for each produced deal.
    pub(super) fn value(&mut self, e: &'a Expr<'a>, values: &mut Vec<ValueCode<'a>>) -> Result<ValueRef, Diagnostic> {
        self.check(e)?;
        values.push(ValueCode::Expr(e));
        Ok(values.len() - 1)
    }

    fn axis(&mut self, a: &UncheckedAxis<'a>, values: &mut Vec<ValueCode<'a>>) -> Result<TallyAxis, Diagnostic> {
        let low = self.bound(a.low)?;
        let high = self.bound(a.high)?;
        if low > high {
            return Err(Diagnostic::at(a.low.span.to(a.high.span), format!("the lower bound {low} is above the upper bound {high}")));
        }
        Ok(TallyAxis { value: self.value(a.expr, values)?, low, high })
    }

    pub(super) fn bound(&self, n: Num) -> Result<i32, Diagnostic> {
        i32::try_from(n.value).map_err(|_| Diagnostic::at(n.span, "this bound is too large"))
    }

    pub(super) fn action(&mut self, a: &Action<'a>, values: &mut Vec<ValueCode<'a>>, tallies: &mut Vec<TallySpec>) -> Result<ActionSpec, Diagnostic> {
        let mut tally = |spec: TallySpec| add_tally(tallies, spec, a.span);
        let label = |l: Option<&str>| l.map(str::to_string);
        let text = self.source.text.as_str();
        let written =
            |values: &[&Expr<'a>]| Written { action: as_written(text, a.span), values: values.iter().map(|e| as_written(text, e.span)).collect() };
        Ok(match a.kind {
            ActionKind::PrintAll => ActionSpec::PrintAll,
            ActionKind::PrintSide(side) => ActionSpec::PrintSide(side),
            ActionKind::PrintPbn => ActionSpec::PrintPbn,
            ActionKind::PrintCompact(e) => ActionSpec::PrintCompact(e.map(|e| self.value(e, values)).transpose()?),
            ActionKind::PrintOneline(e) => ActionSpec::PrintOneline(e.map(|e| self.value(e, values)).transpose()?),
            ActionKind::PrintEs(items) => {
                let mut parts = Vec::new();
                for item in items {
                    parts.push(match *item {
                        PrintItem::Expr(e) => EsPart::Value(self.value(e, values)?),
                        PrintItem::Str(s) => {
                            self.warn_backslashes(s);
                            EsPart::Text(s.to_string())
                        }
                    });
                }
                ActionSpec::PrintEs(parts)
            }
            ActionKind::Print(seats) => {
                let mut list: Vec<Seat> = seats.to_vec();
                list.sort();
                list.dedup();
                ActionSpec::Print(list)
            }
            ActionKind::Average { label: l, expr } => {
                let value = self.value(expr, values)?;
                ActionSpec::Average { label: label(l), tally: tally(TallySpec::Average { value })?, written: written(&[expr]) }
            }
            ActionKind::Frequency { label: l, x, y } => {
                let written = written(&[Some(x.expr), y.map(|y| y.expr)].into_iter().flatten().collect::<Vec<_>>());
                let x = self.axis(&UncheckedAxis::from(x), values)?;
                let y = y.map(|y| self.axis(&UncheckedAxis::from(y), values)).transpose()?;
                ActionSpec::Frequency { label: label(l), tally: tally(TallySpec::Frequency { x, y })?, written }
            }
            ActionKind::BktFreq { label: l, x, y } => {
                let written = written(&[Some(x.expr), y.map(|y| y.expr)].into_iter().flatten().collect::<Vec<_>>());
                let x = self.buckets(&x, values)?;
                let y = y.map(|y| self.buckets(&y, values)).transpose()?;
                ActionSpec::BktFreq { label: label(l), tally: tally(TallySpec::Buckets { x, y })?, written }
            }
            ActionKind::EvalContract { side, contract, vulnerable } => {
                let contract = self.contract(contract, a.span)?;
                // DealerV2 solves North-South contracts with South declaring, East-West ones
                // with West.
                let declarer = if side == Side::NorthSouth { Seat::South } else { Seat::West };
                values.push(ValueCode::Tricks(declarer, contract.strain));
                let axis = TallyAxis { value: values.len() - 1, low: 0, high: 13 };
                let tally = tally(TallySpec::Frequency { x: axis, y: None })?;
                ActionSpec::EvalContract { side, contract, vulnerable, tally, written: written(&[]) }
            }
            ActionKind::EvalLeads { declarer, contract, vulnerable } => {
                let contract = self.contract(contract, a.span)?;
                // The leads are known once the predeal is (`Compiler::leads`).
                self.evalleads.push(a.span);
                ActionSpec::EvalLeads { declarer, contract, vulnerable, leads: Vec::new(), written: written(&[]) }
            }
            ActionKind::ExportSide(side) => ActionSpec::Export(side.seats().to_vec()),
            ActionKind::ExportSeat(seat) => ActionSpec::Export(vec![seat]),
            ActionKind::CsvRpt(items) => ActionSpec::CsvRpt(self.csv_parts(items, values)?),
            ActionKind::PrintRpt(items) => ActionSpec::PrintRpt(self.csv_parts(items, values)?),
        })
    }

    /// The leads of each `evalleads` of `actions`, now that the predeal is known: the
    /// leader's hand must be predealt whole, the same on every deal; each run of touching
    /// cards of it is one lead, whose tricks are a value of each produced deal.
    pub(super) fn leads(
        &mut self,
        predeal: &[Hand; 4],
        actions: &mut [ActionSpec],
        values: &mut Vec<ValueCode<'a>>,
        tallies: &mut Vec<TallySpec>,
    ) -> Result<(), Diagnostic> {
        let spans = std::mem::take(&mut self.evalleads);
        let specs = actions.iter_mut().filter(|a| matches!(a, ActionSpec::EvalLeads { .. }));
        for (spec, span) in specs.zip(spans) {
            let ActionSpec::EvalLeads { declarer, contract, leads, .. } = spec else { unreachable!("filtered above") };
            let leader = declarer.rotate(1);
            let hand = predeal[leader as usize];
            if hand.count() != 13 {
                let held = match hand.count() {
                    0 => "nothing is predealt to it".to_string(),
                    1 => "1 card is predealt to it".to_string(),
                    n => format!("{n} cards are predealt to it"),
                };
                return Err(Diagnostic::at(
                    span,
                    format!(
                        "evalleads studies the leads of one hand, {}'s (on {}'s left), the same on every deal: {held}",
                        leader.name(),
                        declarer.name()
                    ),
                )
                .with_note(format!(
                    "predeal its 13 cards, such as `predeal {} SKQ2, HJT98, D654, C732` (or -{} on the command line)",
                    leader.keyword(),
                    leader.letter()
                )));
            }
            for cards in sequences(hand) {
                values.push(ValueCode::LeadTricks(*declarer, contract.strain, cards[0]));
                let axis = TallyAxis { value: values.len() - 1, low: 0, high: 13 };
                let tally = add_tally(tallies, TallySpec::Frequency { x: axis, y: None }, span)?;
                leads.push(Lead { cards, tally });
            }
        }
        Ok(())
    }

    /// The axis of a `bktfreq`: bounds and a positive bucket size.
    pub(super) fn buckets(&mut self, a: &crate::front::ast::AxisExpr<'a>, values: &mut Vec<ValueCode<'a>>) -> Result<Buckets, Diagnostic> {
        let step = a.step.expect("the grammar gives bktfreq a bucket size");
        let size = self.bound(step)?;
        if size <= 0 {
            return Err(Diagnostic::at(step.span, "the bucket size must be more than 0"));
        }
        let axis = self.axis(&UncheckedAxis { expr: a.expr, low: a.low, high: a.high }, values)?;
        Ok(Buckets { value: axis.value, low: axis.low, high: axis.high, size })
    }

    /// Warns, once per string, that a printed string's `\n` or `\t` is printed as written (as
    /// Dealer prints it), and how a new line is written.
    fn warn_backslashes(&mut self, text: &str) {
        let Some(escape) = ["\\n", "\\t"].into_iter().find(|e| text.contains(e)) else { return };
        let quoted = format!("\"{text}\"");
        let at = self.source.text.find(&quoted).map_or(Span::new(0, 0), |i| Span::new(i, i + quoted.len()));
        if self.warnings.iter().any(|w| w.span == Some(at)) {
            return;
        }
        self.warnings.push(
            Diagnostic::at(at, format!("`{escape}` in a string is printed as written, a backslash and a letter, as Dealer prints it"))
                .with_note("a new line is the bare \\n between the items, outside the quotes: printes(\"hcp \", hcp(north), \\n)"),
        );
    }

    /// The fields of a `csvrpt` or `printrpt`.
    pub(super) fn csv_parts(&mut self, items: &[CsvItem<'a>], values: &mut Vec<ValueCode<'a>>) -> Result<Vec<CsvPart>, Diagnostic> {
        let mut parts = Vec::new();
        for item in items {
            parts.push(match *item {
                CsvItem::Expr(e) => CsvPart::Value(self.value(e, values)?),
                CsvItem::Str(t) => {
                    self.warn_backslashes(t);
                    CsvPart::Text(t.to_string())
                }
                CsvItem::Seat(seat) => CsvPart::Hands(vec![seat]),
                CsvItem::Side(side) => CsvPart::Hands(side.seats().to_vec()),
                CsvItem::Deal => CsvPart::Hands(Seat::ALL.to_vec()),
                CsvItem::Trix(seat) => {
                    // Five counts per seat (clubs to notrump), each its own field.
                    let seats = seat.map_or(Seat::ALL.to_vec(), |s| vec![s]);
                    for s in seats {
                        for strain in STRAINS {
                            values.push(ValueCode::Tricks(s, strain));
                            parts.push(CsvPart::Value(values.len() - 1));
                        }
                    }
                    continue;
                }
                CsvItem::ParContract(word) => {
                    let vul = self.par_vul(word)?;
                    values.push(ValueCode::ParContract(vul));
                    CsvPart::ParContract(values.len() - 1)
                }
            });
        }
        Ok(parts)
    }
}

/// The most cells the `frequency` and `bktfreq` tables of a run may have in all.
pub const MAX_CELLS: u64 = 10_000_000;

/// Adds the statistics of an action, and gives their index; refuses tables that would take
/// more than [`MAX_CELLS`] cells with the ones before.
/// The runs of touching cards of `hand`, suit by suit from spades, each from its highest card:
/// any card of a run is as good a lead as another.
fn sequences(hand: Hand) -> Vec<Vec<Card>> {
    let mut runs: Vec<Vec<Card>> = Vec::new();
    for suit in Suit::DISPLAY {
        let mut previous = None;
        for rank in (0..13).rev().filter(|&r| hand.contains(Card::new(suit, r))) {
            match runs.last_mut() {
                Some(run) if previous == Some(rank + 1) => run.push(Card::new(suit, rank)),
                _ => runs.push(vec![Card::new(suit, rank)]),
            }
            previous = Some(rank);
        }
    }
    runs
}

fn add_tally(tallies: &mut Vec<TallySpec>, spec: TallySpec, span: Span) -> Result<usize, Diagnostic> {
    let before: u64 = tallies.iter().map(|t| t.cells() as u64).sum();
    let cells = spec.cells() as u64;
    if before + cells > MAX_CELLS {
        let all = if before == 0 { String::new() } else { format!(", {} with the tables before it", before + cells) };
        return Err(Diagnostic::at(
            span,
            format!("this table would have {cells} cells{all}; dealvm keeps at most {MAX_CELLS} cells of frequency and bktfreq tables in all"),
        )
        .with_note("narrow the bounds, or use bktfreq with wider buckets"));
    }
    tallies.push(spec);
    Ok(tallies.len() - 1)
}

/// An axis as written, with its bounds still unchecked.
struct UncheckedAxis<'a> {
    expr: &'a Expr<'a>,
    low: Num,
    high: Num,
}

impl<'a> From<crate::front::ast::AxisExpr<'a>> for UncheckedAxis<'a> {
    fn from(a: crate::front::ast::AxisExpr<'a>) -> Self {
        UncheckedAxis { expr: a.expr, low: a.low, high: a.high }
    }
}

/// The text of `span` in the input `text`, its runs of white space made one space (empty
/// when the span is not in the text).
fn as_written(text: &str, span: Span) -> String {
    let shown = text.get(span.start..span.end).unwrap_or("");
    shown.split_whitespace().collect::<Vec<_>>().join(" ")
}
