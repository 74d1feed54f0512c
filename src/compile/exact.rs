//! What of the condition dealing can meet by itself: among the terms of the condition's
//! top-level `&&` chain (through variables), those that read only one seat's suit lengths
//! (shape), only its points (`hcp(seat)`), or only its points in one suit (`hcp(seat, suit)`).
//! Points are any count of values by rank: `hcp`, `controls`, `pt0` .. `pt9` (tens, ...,
//! `c13`); the dealer counts one of them, the one the first such term reads, and terms of the
//! others stay with the condition. Each becomes a [`SeatRule`] for the exact dealer
//! (`vm::dealing::exact`), and a [`Term`] saying what of it dealing meets.
//!
//! A term is evaluated on every value its one input can take (the 560 shapes, the possible
//! points), so any formula of them counts: `hearts(north) + spades(north) >= 9`,
//! `shape(north, any 4333) || spades(north) > 5`. Point terms give the range of the values
//! that pass (a superset when they pass a set with holes). Every deal the exact dealer deals
//! still goes through the whole condition, so what is left out only costs time.

use crate::compile::node::{node_key, NodeMap};
use crate::compile::output::ConditionRules;
use crate::compile::state::Compiler;
use crate::front::ast::*;
use crate::source::exact::Term;
use dealvm_vm::card::{Seat, Suit};
use dealvm_vm::dealing::exact::SeatRule;
use dealvm_vm::evaluation::shape::{ShapeSet, NUM_SHAPES, SHAPES};
use dealvm_vm::evaluation::tables::{PointCounts, RankValues};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The one input a term reads: a seat's lengths, or a count of its cards (in all, or in a
/// suit) by a function's values per rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Input {
    Lengths(Seat),
    Points(Seat, CountFn),
    SuitPoints(Seat, Suit, CountFn),
}

impl Input {
    /// The function of the points read.
    fn counts(self) -> Option<CountFn> {
        match self {
            Input::Lengths(_) => None,
            Input::Points(_, f) | Input::SuitPoints(_, _, f) => Some(f),
        }
    }
}

/// What a term's input is worth when the term is evaluated.
#[derive(Clone, Copy)]
enum Value {
    /// Suit lengths by suit index, and the shape's index.
    Lengths([u8; 4], usize),
    Points(i32),
}

/// What the reading of a term found.
#[derive(Default)]
struct Reading<'a> {
    input: Option<Input>,
    /// Whether the term reads something else, or two inputs.
    other: bool,
    /// The shape sets of its `shape(...)` and `shape{...}` nodes.
    shapes: NodeMap<ShapeSet>,
    /// The variables read.
    vars: HashSet<&'a str>,
}

impl Reading<'_> {
    fn read(&mut self, input: Input) {
        match self.input {
            None => self.input = Some(input),
            Some(i) if i == input => {}
            Some(_) => self.other = true,
        }
    }
}

impl<'s, 'a> Compiler<'s, 'a> {
    /// The rules the condition sets on each seat, with the terms they come from.
    pub(super) fn condition_rules(&self) -> ConditionRules {
        let mut rules = ConditionRules::default();
        let Some(condition) = self.condition else { return rules };
        let mut terms = Vec::new();
        self.conjuncts(condition, &mut HashSet::default(), &mut terms);
        // The function whose points are dealt: the first term's that reads points.
        let mut counted: Option<CountFn> = None;
        for term in terms {
            let mut reading = Reading::default();
            self.read(term, &mut reading);
            let (Some(input), false) = (reading.input, reading.other) else { continue };
            if let Some(f) = input.counts() {
                if *counted.get_or_insert(f) != f {
                    continue;
                }
            }
            let values = rank_values(&self.point_counts, counted.unwrap_or(CountFn::Hcp)).expect("counts by rank");
            let text: String = self.source.text[term.span.start..term.span.end].split_whitespace().collect::<Vec<_>>().join(" ");
            // Points valued otherwise than exact dealing counts (negative, on many ranks, large)
            // stay with the condition, and are not worked out on each count a hand can have
            // (cards worth millions have hundreds of millions).
            if !matches!(input, Input::Lengths(_)) && !dealvm_vm::dealing::exact::counts_exactly(&values) {
                rules.uncounted.push(crate::diag::quote(&text, ""));
                continue;
            }
            let suit_max: i32 = values.iter().sum();
            let seat = match input {
                Input::Lengths(s) | Input::Points(s, _) | Input::SuitPoints(s, _, _) => s,
            };
            let most = if matches!(input, Input::Points(..)) { 4 * suit_max } else { suit_max };
            let inputs: Vec<Value> = match input {
                Input::Lengths(_) => (0..NUM_SHAPES)
                    .map(|i| {
                        let [s, h, d, c] = SHAPES[i];
                        Value::Lengths([c, d, h, s], i)
                    })
                    .collect(),
                _ => (0..=most).map(Value::Points).collect(),
            };
            // A term that divides by zero for some input stays with the condition, which
            // reports it.
            let results = inputs.iter().map(|&v| self.evaluate(term, v, &reading.shapes, &mut HashMap::default()));
            let Some(results) = results.collect::<Option<Vec<i32>>>() else {
                continue;
            };
            let rule = rules.seats[seat as usize].get_or_insert_with(SeatRule::any);
            match input {
                Input::Lengths(_) => {
                    for (i, &r) in results.iter().enumerate() {
                        if r == 0 {
                            rule.shapes.remove(i);
                        }
                    }
                }
                Input::Points(..) => rule.points = meet(rule.points, range_of(&results)),
                Input::SuitPoints(_, suit, _) => {
                    let r = &mut rule.suit_points[suit as usize];
                    *r = meet(*r, range_of(&results));
                }
            }
            let met = met_of(crate::diag::quote(&text, ""), input, &results);
            rules.terms.push(Term { seat, points: !matches!(input, Input::Lengths(_)), met });
        }
        rules.values = rank_values(&self.point_counts, counted.unwrap_or(CountFn::Hcp)).expect("counts by rank");
        rules
    }

    /// The terms of the `&&` chain `e`, looking through variables (each once).
    fn conjuncts(&self, e: &'a Expr<'a>, seen: &mut HashSet<&'a str>, out: &mut Vec<&'a Expr<'a>>) {
        match e.kind {
            ExprKind::And(a, b) => {
                self.conjuncts(a, seen, out);
                self.conjuncts(b, seen, out);
            }
            ExprKind::Var(name) => match self.vars.get(name) {
                Some(info) if seen.insert(name) => self.conjuncts(info.expr, seen, out),
                Some(_) => {}
                None => out.push(e),
            },
            _ => out.push(e),
        }
    }

    /// Notes what `e` reads in `reading` (each variable once).
    fn read(&self, e: &'a Expr<'a>, reading: &mut Reading<'a>) {
        match e.kind {
            ExprKind::Number(_) => {}
            ExprKind::Var(name) => match self.vars.get(name) {
                Some(info) if reading.vars.insert(name) => self.read(info.expr, reading),
                Some(_) => {}
                None => reading.other = true,
            },
            ExprKind::Length { seat, .. } => reading.read(Input::Lengths(seat)),
            ExprKind::Count { func, seat, suit } if rank_values(&self.point_counts, func).is_some_and(|v| v.iter().all(|&x| x >= 0)) => {
                reading.read(suit.map_or(Input::Points(seat, func), |suit| Input::SuitPoints(seat, suit, func)))
            }
            ExprKind::Shape { seat, terms } => match self.shapes_of(terms) {
                Ok(set) => {
                    reading.shapes.insert(node_key(e), set);
                    reading.read(Input::Lengths(seat));
                }
                Err(_) => reading.other = true,
            },
            ExprKind::FdShape { text, text_start } => match self.fd_shape(text, text_start) {
                Ok((seat, set)) => {
                    reading.shapes.insert(node_key(e), set);
                    reading.read(Input::Lengths(seat));
                }
                Err(_) => reading.other = true,
            },
            ExprKind::Unary(_, a) => self.read(a, reading),
            ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                self.read(a, reading);
                self.read(b, reading);
            }
            ExprKind::Cond(c, a, b) => {
                self.read(c, reading);
                self.read(a, reading);
                self.read(b, reading);
            }
            _ => reading.other = true,
        }
    }

    /// The value of a term that reads one input, for the input's value `v`; `None` on a
    /// division by zero. `known` keeps the value of each variable met.
    fn evaluate(&self, e: &'a Expr<'a>, v: Value, shapes: &NodeMap<ShapeSet>, known: &mut HashMap<&'a str, Option<i32>>) -> Option<i32> {
        let mut eval = |x: &'a Expr<'a>| self.evaluate(x, v, shapes, known);
        Some(match (e.kind, v) {
            (ExprKind::Number(k), _) => k,
            (ExprKind::Var(name), _) => match known.get(name) {
                Some(&value) => value?,
                None => {
                    let value = self.evaluate(self.vars.get(name)?.expr, v, shapes, known);
                    known.insert(name, value);
                    value?
                }
            },
            (ExprKind::Length { suit, .. }, Value::Lengths(l, _)) => l[suit as usize] as i32,
            (ExprKind::Shape { .. } | ExprKind::FdShape { .. }, Value::Lengths(_, i)) => shapes.get(&node_key(e))?.contains(i) as i32,
            (ExprKind::Count { .. }, Value::Points(p)) => p,
            (ExprKind::Unary(op, a), _) => op.apply(eval(a)?),
            (ExprKind::Binary(op, a, b), _) => op.apply(eval(a)?, eval(b)?)?,
            (ExprKind::And(a, b), _) => (eval(a)? != 0 && eval(b)? != 0) as i32,
            (ExprKind::Or(a, b), _) => (eval(a)? != 0 || eval(b)? != 0) as i32,
            (ExprKind::Cond(c, a, b), _) => {
                if eval(c)? != 0 {
                    eval(a)?
                } else {
                    eval(b)?
                }
            }
            _ => return None,
        })
    }
}

/// What dealing meets of a term (`text`) that reads `input`, from its result on each value of
/// the input (`results`): the term itself when its rule holds exactly the values it passes
/// (always for shapes; for points, when they pass a range), the range around the points it
/// passes when they have holes, nothing when it passes every value.
fn met_of(text: String, input: Input, results: &[i32]) -> Option<String> {
    if results.iter().all(|&r| r != 0) {
        return None;
    }
    let (lo, hi) = range_of(results);
    let holes = !matches!(input, Input::Lengths(_)) && lo <= hi && results[lo as usize..=hi as usize].contains(&0);
    if !holes {
        return Some(text);
    }
    let most = results.len() as i32 - 1;
    let what = match input {
        Input::Points(seat, f) => format!("{}({})", f.name(), seat.keyword()),
        Input::SuitPoints(seat, suit, f) => format!("{}({}, {})", f.name(), seat.keyword(), suit.name()),
        Input::Lengths(_) => unreachable!("shapes have no holes"),
    };
    let bounds: Vec<String> =
        [(lo > 0).then(|| format!("{what} >= {lo}")), (hi < most).then(|| format!("{what} <= {hi}"))].into_iter().flatten().collect();
    (!bounds.is_empty()).then(|| bounds.join(" && "))
}

/// The values by rank behind `f`, when it counts cards by rank (not `losers` or `ltc`).
fn rank_values(counts: &PointCounts, f: CountFn) -> Option<RankValues> {
    match f {
        CountFn::Hcp => Some(counts.hcp),
        CountFn::Pt(n) => Some(counts.alt[n as usize]),
        CountFn::Controls => Some([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]),
        CountFn::Losers | CountFn::Ltc => None,
    }
}

/// The smallest range of points holding every point count whose result (`results[p]`) is
/// true; empty (`(1, 0)`) when none is.
fn range_of(results: &[i32]) -> (i32, i32) {
    let lo = results.iter().position(|&r| r != 0);
    let hi = results.iter().rposition(|&r| r != 0);
    match (lo, hi) {
        (Some(lo), Some(hi)) => (lo as i32, hi as i32),
        _ => (1, 0),
    }
}

/// The values in both ranges.
fn meet(a: (i32, i32), b: (i32, i32)) -> (i32, i32) {
    (a.0.max(b.0), a.1.min(b.1))
}
