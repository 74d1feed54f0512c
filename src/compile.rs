//! Compiling: the AST to bytecode, run settings and action specifications.
//!
//! Expressions become [`Program`] code: constants are folded with the interpreter's own
//! arithmetic, `&&`, `||` and `?:` become jumps, each variable becomes one subroutine whose
//! value is cached per deal, and every `shape(...)` becomes a single 560-bit [`ShapeSet`] test.

use crate::actions::{ActionSpec, CsvPart, EsPart, ValueRef};
use crate::ast::*;
use crate::diag::{Diagnostic, Source, Span};
use crate::lex::ScriptVars;
use dealvm_vm::bytecode::{Assembler, BinaryOp, Instr, Program, UnaryOp, VarSlot};
use dealvm_vm::card::{rank_from_char, Card, Hand, Seat, Suit};
use dealvm_vm::deal::{Dealer, PredealError, SuitLengths};
use dealvm_vm::score::Contract;
use dealvm_vm::shape::{Distribution, ShapeSet};
use dealvm_vm::stats::{Axis, Buckets, TallySpec};
use dealvm_vm::tables::{PointCounts, TableId, Tables};
use std::collections::HashMap;

/// Vulnerability for PBN output (and later par).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Vulnerability {
    None,
    NorthSouth,
    EastWest,
    All,
}

impl Compiled {
    /// Whether a suit length is predealt to `seat`.
    pub fn length_predealt(&self, seat: Seat) -> bool {
        self.lengths[seat as usize].iter().any(Option::is_some)
    }
}

impl Vulnerability {
    /// The PBN spelling: `None`, `NS`, `EW`, `All`.
    pub fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::All => "All",
        }
    }

    /// Reads a vulnerability word, in any letter case: none, NS, EW, all, both.
    pub fn parse(word: &str) -> Option<Vulnerability> {
        Some(match word.to_ascii_lowercase().as_str() {
            "none" => Vulnerability::None,
            "ns" => Vulnerability::NorthSouth,
            "ew" => Vulnerability::EastWest,
            "all" | "both" => Vulnerability::All,
            _ => return None,
        })
    }
}

/// Settings given by statements of the input file.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    pub generate: Option<u64>,
    pub produce: Option<u64>,
    pub seed: Option<u64>,
    pub title: Option<String>,
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    pub opener: Option<Seat>,
    /// The number of the first board (`startboard N`).
    pub start_board: Option<u64>,
}

/// Cards predealt to one seat from the command line (`-N`, `-E`, `-S`, `-W`).
#[derive(Clone, Debug)]
pub struct CommandLinePredeal {
    pub seat: Seat,
    pub hand: Hand,
    /// The switch as typed, for messages: `-N`.
    pub switch: String,
}

/// A compiled input file.
pub struct Compiled {
    pub program: Program,
    /// The deal routine's entry point: tests the condition and stores the values of a
    /// produced deal (see [`dealvm_vm::batch`]).
    pub routine: usize,
    /// The number of values stored for each produced deal; actions refer to them.
    pub nvalues: usize,
    /// The tables of the counting functions under the file's point counts.
    pub tables: Tables,
    pub actions: Vec<ActionSpec>,
    /// Whether the file has an `action` statement (else the actions are Dealer's default,
    /// `printall`).
    pub explicit_actions: bool,
    /// The statistics the actions keep (`average`, `frequency`, `bktfreq`).
    pub tallies: Vec<TallySpec>,
    pub settings: Settings,
    pub predeal: [Hand; 4],
    /// The dealer for the predealt cards and suit lengths.
    pub dealer: Dealer,
    /// The predealt suit lengths.
    pub lengths: SuitLengths,
    pub point_counts: PointCounts,
    /// Whether some expression may call `rnd(0)`, the number of the deal being produced.
    pub uses_produced_number: bool,
    /// Whether an action prints every produced deal (Dealer then produces 40 by default).
    pub prints_deals: bool,
    /// The source span of each division site of the program.
    pub site_spans: Vec<Span>,
}

/// What the compiler knows of a defined variable.
#[derive(Clone, Copy)]
struct VarInfo<'a> {
    slot: VarSlot,
    /// The value, when the definition is a constant.
    constant: Option<i32>,
    /// The definition.
    expr: &'a Expr<'a>,
}

/// Compiles parsed statements of `source`; `script` holds the values of `$0`..`$9`, which
/// `shape{...}` texts need.
pub fn compile(
    source: &Source,
    statements: &[Statement<'_>],
    command_line: &[CommandLinePredeal],
    script: &ScriptVars,
) -> Result<Compiled, Diagnostic> {
    let mut c = Compiler::new(source, statements, script);
    for s in statements {
        c.statement(s)?;
    }
    c.finish(command_line)
}

struct Compiler<'s, 'a> {
    source: &'s Source,
    script: &'s ScriptVars,
    asm: Assembler,
    vars: HashMap<&'a str, VarInfo<'a>>,
    /// Where each variable name is first defined, to explain forward references.
    definitions: HashMap<&'a str, Span>,
    uses_produced_number: bool,
    settings: Settings,
    predeal: [Vec<(Card, Span)>; 4],
    /// Suit lengths predealt, with the place they were given.
    lengths: [[Option<(u8, Span)>; 4]; 4],
    point_counts: PointCounts,
    condition: Option<&'a Expr<'a>>,
    /// The tables, once the point counts are final (when the deal routine is compiled).
    tables: Option<std::cell::RefCell<Tables>>,
    /// The actions, the expressions of their values and their statistics.
    actions: Option<(Vec<ActionSpec>, Vec<&'a Expr<'a>>, Vec<TallySpec>)>,
    site_spans: Vec<Span>,
}

impl<'s, 'a> Compiler<'s, 'a> {
    fn new(source: &'s Source, statements: &[Statement<'a>], script: &'s ScriptVars) -> Compiler<'s, 'a> {
        let mut definitions = HashMap::new();
        for s in statements {
            if let StmtKind::VarDef { name, name_span, .. } = s.kind {
                definitions.entry(name).or_insert(name_span);
            }
        }
        Compiler {
            source,
            script,
            asm: Assembler::new(),
            vars: HashMap::new(),
            definitions,
            uses_produced_number: false,
            settings: Settings::default(),
            predeal: Default::default(),
            lengths: [[None; 4]; 4],
            point_counts: PointCounts::default(),
            condition: None,
            tables: None,
            actions: None,
            site_spans: Vec::new(),
        }
    }

    // ---- statements

    fn statement(&mut self, s: &Statement<'a>) -> Result<(), Diagnostic> {
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
                if n.value < 1 || self.is_dotnum(n) {
                    return Err(Diagnostic::at(n.span, "the first board number must be a whole number, 1 or more"));
                }
                self.settings.start_board = Some(n.value as u64);
            }
            StmtKind::Vulnerable(w) => {
                let v = Vulnerability::parse(w.text).ok_or_else(|| {
                    Diagnostic::at(w.span, format!("found `{}`, expected none, NS, EW, all or both", w.text))
                })?;
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
                self.point_counts.alt[n.value as usize] = self.rank_values("altcount", values)?;
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
    fn is_dotnum(&self, n: Num) -> bool {
        self.source.slice(n.span).contains('.')
    }

    /// The value of a `generate` or `produce` statement.
    fn count_setting(&self, what: &str, n: Num) -> Result<u64, Diagnostic> {
        if self.is_dotnum(n) {
            return Err(Diagnostic::at(n.span, format!("{what} takes a whole number of deals")));
        }
        if n.value < 1 {
            return Err(Diagnostic::at(
                n.span,
                format!("{what} must be at least 1 (found {})", n.value),
            ));
        }
        Ok(n.value as u64)
    }

    /// Card values for `pointcount` or `altcount`, given from the ace down.
    fn rank_values(&self, what: &str, values: &[Num]) -> Result<[i32; 13], Diagnostic> {
        let mut out = [0i32; 13];
        for (i, n) in values.iter().enumerate() {
            if i >= 13 {
                return Err(Diagnostic::at(
                    n.span,
                    format!("{what} takes at most 13 values, one per rank from the ace down to the deuce"),
                ));
            }
            out[12 - i] = i32::try_from(n.value)
                .map_err(|_| Diagnostic::at(n.span, "this value is too large"))?;
        }
        Ok(out)
    }

    fn predeal_arg(&mut self, arg: &PredealArg<'a>) -> Result<(), Diagnostic> {
        match *arg {
            PredealArg::Holdings { seat, holdings, .. } => {
                for &(text, span) in holdings {
                    let suit = text.chars().next().and_then(Suit::from_letter).expect("lexer checks the suit");
                    let mut seen = 0u16;
                    for ch in text.chars().skip(1) {
                        let rank = rank_from_char(ch).expect("lexer checks the ranks");
                        if seen & (1 << rank) != 0 {
                            return Err(Diagnostic::at(
                                span,
                                format!("the card {} appears twice in this holding", Card::new(suit, rank)),
                            ));
                        }
                        seen |= 1 << rank;
                        self.predeal[seat as usize].push((Card::new(suit, rank), span));
                    }
                }
                Ok(())
            }
            PredealArg::Bias { suit, seat, length, span } => {
                if self.is_dotnum(length) || length.value > 13 {
                    return Err(Diagnostic::at(length.span, "a suit length is a whole number from 0 to 13"));
                }
                let slot = &mut self.lengths[seat as usize][suit as usize];
                if let Some((_, first)) = slot {
                    let (line, col) = self.source.line_col(first.start);
                    return Err(Diagnostic::at(span, format!("{}({}) is predealt twice", suit.name(), seat.keyword()))
                        .with_note(format!("it was first predealt at line {line}, column {col}")));
                }
                *slot = Some((length.value as u8, span));
                Ok(())
            }
        }
    }

    // ---- variables and entry points

    fn define(&mut self, name: &'a str, name_span: Span, value: &'a Expr<'a>) -> Result<(), Diagnostic> {
        if self.vars.contains_key(name) {
            let first = self.definitions[name];
            let (line, _) = self.source.line_col(first.start);
            return Err(Diagnostic::at(name_span, format!("the variable `{name}` is already defined"))
                .with_note(format!("it was first defined on line {line}; a variable can be defined once")));
        }
        let constant = self.constant(value);
        let slot: VarSlot = self
            .asm
            .begin_var(name)
            .ok_or_else(|| Diagnostic::at(name_span, "too many variables (at most 65536)"))?;
        self.expr(value)?;
        self.asm.end_var();
        self.vars.insert(name, VarInfo { slot, constant, expr: value });
        Ok(())
    }

    /// Compiles the deal routine: the condition, then, for a produced deal, each value
    /// stored in its slot and `produce`; a deal that fails the condition jumps to the final
    /// `return` with 0.
    fn routine(&mut self, values: &[&'a Expr<'a>]) -> Result<usize, Diagnostic> {
        self.asm.begin_entry("deal");
        let mut to_end = None;
        match self.condition {
            None => {}
            Some(c) => match self.constant(c) {
                Some(0) => {
                    self.emit(Instr::Const(0));
                    return Ok(self.asm.end_entry());
                }
                Some(_) => {}
                None => {
                    self.expr(c)?;
                    to_end = Some(self.emit(Instr::AndThen(0)));
                }
            },
        }
        for (slot, e) in values.iter().enumerate() {
            self.expr(e)?;
            let slot = u16::try_from(slot).map_err(|_| Diagnostic::at(e.span, "too many values in the actions (at most 65536)"))?;
            self.emit(Instr::Store(slot));
        }
        self.emit(Instr::Produce);
        if let Some(j) = to_end {
            let end = self.asm.here();
            self.asm.patch(j, end);
        }
        // A rejected deal arrives here with 0 on the stack.
        Ok(self.asm.end_entry())
    }

    // ---- actions

    /// A value computed for each produced deal.
    fn value(&mut self, e: &'a Expr<'a>, values: &mut Vec<&'a Expr<'a>>) -> Result<ValueRef, Diagnostic> {
        self.check(e)?;
        values.push(e);
        Ok(values.len() - 1)
    }

    fn axis(&mut self, a: &Axis2<'a>, values: &mut Vec<&'a Expr<'a>>) -> Result<Axis, Diagnostic> {
        let low = self.bound(a.low)?;
        let high = self.bound(a.high)?;
        if low > high {
            return Err(Diagnostic::at(
                a.low.span.to(a.high.span),
                format!("the lower bound {low} is above the upper bound {high}"),
            ));
        }
        Ok(Axis { value: self.value(a.expr, values)?, low, high })
    }

    fn bound(&self, n: Num) -> Result<i32, Diagnostic> {
        i32::try_from(n.value).map_err(|_| Diagnostic::at(n.span, "this bound is too large"))
    }

    fn action(
        &mut self,
        a: &Action<'a>,
        values: &mut Vec<&'a Expr<'a>>,
        tallies: &mut Vec<TallySpec>,
    ) -> Result<ActionSpec, Diagnostic> {
        let mut tally = |spec: TallySpec| {
            tallies.push(spec);
            tallies.len() - 1
        };
        let label = |l: Option<&str>| l.map(str::to_string);
        Ok(match a.kind {
            ActionKind::PrintAll => ActionSpec::PrintAll,
            ActionKind::PrintSide(side) => ActionSpec::PrintSide(side),
            ActionKind::PrintPbn => ActionSpec::PrintPbn,
            ActionKind::PrintCompact(e) => {
                ActionSpec::PrintCompact(e.map(|e| self.value(e, values)).transpose()?)
            }
            ActionKind::PrintOneline(e) => {
                ActionSpec::PrintOneline(e.map(|e| self.value(e, values)).transpose()?)
            }
            ActionKind::PrintEs(items) => {
                let mut parts = Vec::new();
                for item in items {
                    parts.push(match *item {
                        PrintItem::Expr(e) => EsPart::Value(self.value(e, values)?),
                        PrintItem::Str(s) => EsPart::Text(s.to_string()),
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
                ActionSpec::Average { label: label(l), tally: tally(TallySpec::Average { value }) }
            }
            ActionKind::Frequency { label: l, x, y } => {
                let x = self.axis(&Axis2::from(x), values)?;
                let y = y.map(|y| self.axis(&Axis2::from(y), values)).transpose()?;
                let cells = (x.high as i64 - x.low as i64 + 3)
                    * y.map_or(1, |y| y.high as i64 - y.low as i64 + 3);
                if cells > 10_000_000 {
                    return Err(Diagnostic::at(a.span, "this frequency table would have more than ten million cells"));
                }
                ActionSpec::Frequency { label: label(l), tally: tally(TallySpec::Frequency { x, y }) }
            }
            ActionKind::BktFreq { label: l, x, y } => {
                let x = self.buckets(&x, values)?;
                let y = y.map(|y| self.buckets(&y, values)).transpose()?;
                if x.count() as u64 * y.map_or(1, |y| y.count() as u64) > 10_000_000 {
                    return Err(Diagnostic::at(a.span, "this bucket table would have more than ten million cells"));
                }
                ActionSpec::BktFreq { label: label(l), tally: tally(TallySpec::Buckets { x, y }) }
            }
            ActionKind::EvalContract { .. } => return Err(self.not_yet(a.span, "evalcontract")),
            ActionKind::ExportSide(side) => ActionSpec::Export(side.seats().to_vec()),
            ActionKind::ExportSeat(seat) => ActionSpec::Export(vec![seat]),
            ActionKind::CsvRpt(items) => ActionSpec::CsvRpt(self.csv_parts(items, a.span, values)?),
            ActionKind::PrintRpt(items) => ActionSpec::PrintRpt(self.csv_parts(items, a.span, values)?),
        })
    }

    /// The axis of a `bktfreq`: bounds and a positive bucket size.
    fn buckets(&mut self, a: &crate::ast::Axis<'a>, values: &mut Vec<&'a Expr<'a>>) -> Result<Buckets, Diagnostic> {
        let step = a.step.expect("the grammar gives bktfreq a bucket size");
        let size = self.bound(step)?;
        if size <= 0 {
            return Err(Diagnostic::at(step.span, "the bucket size must be more than 0"));
        }
        let axis = self.axis(&Axis2 { expr: a.expr, low: a.low, high: a.high }, values)?;
        Ok(Buckets { value: axis.value, low: axis.low, high: axis.high, size })
    }

    /// The fields of a `csvrpt` or `printrpt`.
    fn csv_parts(&mut self, items: &[CsvItem<'a>], span: Span, values: &mut Vec<&'a Expr<'a>>) -> Result<Vec<CsvPart>, Diagnostic> {
        let mut parts = Vec::new();
        for item in items {
            parts.push(match *item {
                CsvItem::Expr(e) => CsvPart::Value(self.value(e, values)?),
                CsvItem::Str(t) => CsvPart::Text(t.to_string()),
                CsvItem::Seat(seat) => CsvPart::Hands(vec![seat]),
                CsvItem::Side(side) => CsvPart::Hands(side.seats().to_vec()),
                CsvItem::Deal => CsvPart::Hands(Seat::ALL.to_vec()),
                CsvItem::Trix(_) => return Err(self.not_yet(span, "trix")),
                CsvItem::ParContract(_) => return Err(self.not_yet(span, "parcontract")),
            });
        }
        Ok(parts)
    }

    fn not_yet(&self, span: Span, what: &str) -> Diagnostic {
        Diagnostic::at(span, format!("`{what}` is not supported yet"))
    }

    // ---- expressions

    /// Appends an instruction.
    fn emit(&mut self, instr: Instr) -> usize {
        self.asm.emit(instr)
    }

    /// The value of an expression that does not depend on the deal, if it is one.
    fn constant(&self, e: &Expr<'a>) -> Option<i32> {
        match e.kind {
            ExprKind::Number(v) => Some(v),
            ExprKind::Var(name) => self.vars.get(name).and_then(|v| v.constant),
            ExprKind::Imps(a) => self.constant(a).map(dealvm_vm::score::imps),
            ExprKind::Score { vulnerable, contract, tricks, .. } => {
                let c = Contract::parse(contract)?;
                self.constant(tricks).map(|t| dealvm_vm::score::score(vulnerable, c, t))
            }
            ExprKind::Unary(op, a) => self.constant(a).map(|v| op.apply(v)),
            ExprKind::Binary(op, a, b) => match (self.constant(a), self.constant(b)) {
                (Some(x), Some(y)) => op.apply(x, y),
                _ => self.decided(op, a, b),
            },
            ExprKind::And(a, b) => match self.constant(a)? {
                0 => Some(0),
                _ => self.constant(b).map(|v| i32::from(v != 0)),
            },
            ExprKind::Or(a, b) => match self.constant(a)? {
                0 => self.constant(b).map(|v| i32::from(v != 0)),
                _ => Some(1),
            },
            ExprKind::Cond(c, a, b) => match self.constant(c)? {
                0 => self.constant(b),
                _ => self.constant(a),
            },
            _ => None,
        }
    }

    /// The value of a comparison that the bounds of its operands decide, such as
    /// `hcp(north) >= 0`, when neither operand draws random numbers. Known only once the
    /// point counts are (when the deal routine is compiled).
    fn decided(&self, op: BinaryOp, a: &Expr<'a>, b: &Expr<'a>) -> Option<i32> {
        self.tables.as_ref()?;
        let (alo, ahi) = self.bounds(a)?;
        let (blo, bhi) = self.bounds(b)?;
        let always = |holds: bool| Some(i32::from(holds));
        match op {
            BinaryOp::Ge if alo >= bhi => always(true),
            BinaryOp::Ge if ahi < blo => always(false),
            BinaryOp::Gt if alo > bhi => always(true),
            BinaryOp::Gt if ahi <= blo => always(false),
            BinaryOp::Le if ahi <= blo => always(true),
            BinaryOp::Le if alo > bhi => always(false),
            BinaryOp::Lt if ahi < blo => always(true),
            BinaryOp::Lt if alo >= bhi => always(false),
            BinaryOp::Eq | BinaryOp::Ne if ahi < blo || alo > bhi => always(op == BinaryOp::Ne),
            _ => None,
        }
    }

    /// Bounds on the value of an expression that draws no random numbers; `None` when not
    /// known, or when it draws some.
    fn bounds(&self, e: &Expr<'a>) -> Option<(i64, i64)> {
        let cell = self.tables.as_ref()?;
        // Builds a table if needed; borrowed for one table look at a time.
        let table = |id: TableId| {
            let mut t = cell.borrow_mut();
            t.ensure(id);
            let (lo, hi) = t.suit_range(id);
            ((lo as i64, hi as i64), t.hand_range(id), (id == TableId::CCCC).then(|| t.cccc_range()))
        };
        let fits = |(lo, hi): (i64, i64)| (lo >= i32::MIN as i64 && hi <= i32::MAX as i64).then_some((lo, hi));
        let truth = Some((0, 1));
        match e.kind {
            ExprKind::Number(v) => Some((v as i64, v as i64)),
            ExprKind::Var(name) => self.bounds(self.vars.get(name)?.expr),
            ExprKind::Count { func, suit, .. } => {
                let table_id = match func {
                    CountFn::Hcp => TableId::HCP,
                    CountFn::Pt(n) => TableId::pt(n),
                    CountFn::Controls => TableId::CONTROLS,
                    CountFn::Losers => TableId::LOSERS,
                    CountFn::Ltc => TableId::LTC,
                };
                let (suit_range, hand_range, _) = table(table_id);
                match suit {
                    Some(_) => Some(suit_range),
                    None => fits(hand_range),
                }
            }
            ExprKind::Length { .. } => Some((0, 13)),
            ExprKind::Quality { .. } => Some(table(TableId::QUALITY).0),
            ExprKind::Cccc(_) => fits(table(TableId::CCCC).2?),
            ExprKind::HasCard { .. } | ExprKind::Shape { .. } | ExprKind::FdShape { .. } => truth,
            ExprKind::Imps(a) => self.bounds(a).map(|_| (-24, 24)),
            ExprKind::Unary(UnaryOp::Neg, a) => {
                let (lo, hi) = self.bounds(a)?;
                fits((-hi, -lo))
            }
            ExprKind::Unary(UnaryOp::Not, a) => self.bounds(a).and(truth),
            ExprKind::Binary(op, a, b) => {
                let (alo, ahi) = self.bounds(a)?;
                let (blo, bhi) = self.bounds(b)?;
                match op {
                    BinaryOp::Add => fits((alo + blo, ahi + bhi)),
                    BinaryOp::Sub => fits((alo - bhi, ahi - blo)),
                    BinaryOp::Mul => {
                        let p = [alo * blo, alo * bhi, ahi * blo, ahi * bhi];
                        fits((*p.iter().min()?, *p.iter().max()?))
                    }
                    BinaryOp::Div | BinaryOp::Mod => None,
                    _ => truth,
                }
            }
            ExprKind::And(a, b) | ExprKind::Or(a, b) => self.bounds(a).and(self.bounds(b)).and(truth),
            ExprKind::Cond(c, a, b) => {
                self.bounds(c)?;
                let (alo, ahi) = self.bounds(a)?;
                let (blo, bhi) = self.bounds(b)?;
                Some((alo.min(blo), ahi.max(bhi)))
            }
            ExprKind::Score { .. } | ExprKind::Rnd(_) | ExprKind::Unsupported(_) => None,
        }
    }

    fn expr(&mut self, e: &Expr<'a>) -> Result<(), Diagnostic> {
        if let Some(v) = self.constant(e) {
            // Still check the parts that are skipped for errors such as unknown variables.
            self.check(e)?;
            self.emit(Instr::Const(v));
            return Ok(());
        }
        match e.kind {
            ExprKind::Number(v) => {
                self.emit(Instr::Const(v));
            }
            ExprKind::Var(name) => {
                let info = self.lookup(name, e.span)?;
                self.emit(Instr::Var(info.slot));
            }
            ExprKind::Count { func, seat, suit } => {
                let table = match func {
                    CountFn::Hcp => TableId::HCP,
                    CountFn::Pt(n) => TableId::pt(n),
                    CountFn::Controls => TableId::CONTROLS,
                    CountFn::Losers => TableId::LOSERS,
                    CountFn::Ltc => TableId::LTC,
                };
                match suit {
                    Some(suit) => self.emit(Instr::SuitCount { table, seat, suit }),
                    None => self.emit(Instr::HandCount { table, seat }),
                };
            }
            ExprKind::Length { seat, suit } => {
                self.emit(Instr::Length { seat, suit });
            }
            ExprKind::Quality { seat, suit } => {
                self.emit(Instr::SuitCount { table: TableId::QUALITY, seat, suit });
            }
            ExprKind::Cccc(seat) => {
                self.emit(Instr::Cccc { seat });
            }
            ExprKind::HasCard { seat, card, .. } => {
                let card = Card::parse(card).expect("lexer checks cards");
                self.emit(Instr::HasCard { seat, card });
            }
            ExprKind::Shape { seat, terms } => {
                let set = self.shape_set(terms)?;
                self.emit(Instr::Shape { seat, set });
            }
            ExprKind::FdShape { text, text_start } => {
                let (seat, shapes) = self.fd_shape(text, text_start)?;
                let set = self.intern_shapes(shapes, e.span)?;
                self.emit(Instr::Shape { seat, set });
            }
            ExprKind::Score { vulnerable, contract, contract_span, tricks } => {
                let contract = self.contract(contract, contract_span)?;
                self.expr(tricks)?;
                self.emit(Instr::Score { vulnerable, contract });
            }
            ExprKind::Imps(a) => {
                self.expr(a)?;
                self.emit(Instr::Imps);
            }
            ExprKind::Rnd(a) => {
                if self.constant(a).is_none_or(|v| v == 0) {
                    self.uses_produced_number = true;
                }
                self.expr(a)?;
                self.emit(Instr::Rnd);
            }
            ExprKind::Unary(op, a) => {
                self.expr(a)?;
                self.emit(Instr::Unary(op));
            }
            ExprKind::Binary(op, a, b) => {
                let site = if matches!(op, BinaryOp::Div | BinaryOp::Mod) { self.site(e)? } else { 0 };
                match (self.constant(a), self.constant(b)) {
                    (_, Some(k)) => {
                        self.expr(a)?;
                        self.check(b)?;
                        self.emit(Instr::BinaryConst { op, k, site });
                    }
                    (Some(k), None) if mirrored(op).is_some() => {
                        self.check(a)?;
                        self.expr(b)?;
                        self.emit(Instr::BinaryConst { op: mirrored(op).expect("checked"), k, site });
                    }
                    _ => {
                        self.expr(a)?;
                        self.expr(b)?;
                        self.emit(Instr::Binary { op, site });
                    }
                }
            }
            ExprKind::And(a, b) => self.short_circuit(a, b, true)?,
            ExprKind::Or(a, b) => self.short_circuit(a, b, false)?,
            ExprKind::Cond(c, a, b) => match self.constant(c) {
                Some(v) => {
                    self.check(if v == 0 { a } else { b })?;
                    self.expr(if v == 0 { b } else { a })?;
                }
                None => {
                    self.expr(c)?;
                    let to_else = self.emit(Instr::JumpIfZero(0));
                    self.expr(a)?;
                    let to_end = self.emit(Instr::Jump(0));
                    let else_at = self.asm.here();
                    self.asm.patch(to_else, else_at);
                    self.expr(b)?;
                    let end = self.asm.here();
                    self.asm.patch(to_end, end);
                }
            },
            ExprKind::Unsupported(what) => return Err(self.not_yet(e.span, what)),
        }
        Ok(())
    }

    /// Whether an expression's value is always 0 or 1.
    fn is_truth_value(&self, e: &Expr<'a>) -> bool {
        match e.kind {
            ExprKind::Binary(op, ..) => !matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod),
            ExprKind::Unary(UnaryOp::Not, _) | ExprKind::And(..) | ExprKind::Or(..) => true,
            ExprKind::HasCard { .. } | ExprKind::Shape { .. } | ExprKind::FdShape { .. } => true,
            ExprKind::Cond(_, a, b) => self.is_truth_value(a) && self.is_truth_value(b),
            _ => self.constant(e).is_some_and(|v| v == 0 || v == 1),
        }
    }

    /// Emits `bool` unless the value on the stack is already 0 or 1.
    fn truth(&mut self, e: &Expr<'a>) {
        if !self.is_truth_value(e) {
            self.emit(Instr::Bool);
        }
    }

    /// A chain `a && b && ...` (`and` true) or `a || b || ...`, each operand evaluated only
    /// when the ones before it leave the result open. Operands that are constants and do
    /// not decide the result are left out, and `x >= lo && x <= hi` on a pure `x` is one
    /// range test.
    fn short_circuit(&mut self, a: &Expr<'a>, b: &Expr<'a>, and: bool) -> Result<(), Diagnostic> {
        let mut operands = Vec::new();
        flatten(a, and, &mut operands);
        flatten(b, and, &mut operands);
        let mut jumps = Vec::new();
        let mut i = 0;
        let last = operands.len() - 1;
        while i <= last {
            let e = operands[i];
            let range = if and && i < last { in_range(e, operands[i + 1]) } else { None };
            let used = if range.is_some() { 2 } else { 1 };
            let is_last = i + used > last;
            match (range, self.constant(e)) {
                (Some((x, low, high)), _) => {
                    self.expr(x)?;
                    self.emit(Instr::InRange { low, high });
                }
                // An operand that does not decide the result: `1 && b` is `b`.
                (None, Some(v)) if (v != 0) == and && !is_last => {
                    self.check(e)?;
                    i += 1;
                    continue;
                }
                // An operand that decides it: `0 && b` is 0.
                (None, Some(v)) if (v != 0) != and => {
                    self.check(e)?;
                    for rest in &operands[i + 1..] {
                        self.check(rest)?;
                    }
                    self.emit(Instr::Const(i32::from(!and)));
                    break;
                }
                (None, _) => {
                    self.expr(e)?;
                    if is_last {
                        self.truth(e);
                    }
                }
            }
            if !is_last {
                jumps.push(self.emit(if and { Instr::AndThen(0) } else { Instr::OrElse(0) }));
            }
            i += used;
        }
        let end = self.asm.here();
        for j in jumps {
            self.asm.patch(j, end);
        }
        Ok(())
    }

    /// Reports errors in an expression without emitting code for it.
    fn check(&mut self, e: &Expr<'a>) -> Result<(), Diagnostic> {
        let mark = self.asm.mark();
        let sites = self.site_spans.len();
        let result = match e.kind {
            ExprKind::Number(_) => Ok(()),
            _ => self.expr_nofold(e),
        };
        self.asm.rewind(mark);
        self.site_spans.truncate(sites);
        result
    }

    /// Emits an expression without folding its top node (used by [`Self::check`]).
    fn expr_nofold(&mut self, e: &Expr<'a>) -> Result<(), Diagnostic> {
        match e.kind {
            ExprKind::Var(name) => self.lookup(name, e.span).map(|_| ()),
            ExprKind::Unary(_, a) | ExprKind::Imps(a) | ExprKind::Rnd(a) => self.check(a),
            ExprKind::Score { contract, contract_span, tricks, .. } => {
                self.contract(contract, contract_span)?;
                self.check(tricks)
            }
            ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                self.check(a)?;
                self.check(b)
            }
            ExprKind::Cond(c, a, b) => {
                self.check(c)?;
                self.check(a)?;
                self.check(b)
            }
            _ => self.expr(e),
        }
    }

    /// A defined variable, or an error explaining why the name is unknown.
    fn lookup(&self, name: &str, span: Span) -> Result<VarInfo<'a>, Diagnostic> {
        if let Some(v) = self.vars.get(name) {
            return Ok(*v);
        }
        let d = Diagnostic::at(span, format!("unknown variable `{name}`"));
        Err(match self.definitions.get(name) {
            Some(def) if def.start > span.start => {
                let (line, _) = self.source.line_col(def.start);
                d.with_note(format!(
                    "`{name}` is defined later, on line {line}; a variable must be defined before it is used"
                ))
            }
            _ => d,
        })
    }

    /// A division site: the expression's text and place, for a division-by-zero report.
    fn site(&mut self, e: &Expr<'a>) -> Result<u16, Diagnostic> {
        let text: String = self.source.slice(e.span).split_whitespace().collect::<Vec<_>>().join(" ");
        let site = self
            .asm
            .site(format!("`{text}`"))
            .ok_or_else(|| Diagnostic::at(e.span, "too many divisions in one file (at most 65536)"))?;
        self.site_spans.push(e.span);
        Ok(site)
    }

    fn contract(&self, text: &str, span: Span) -> Result<Contract, Diagnostic> {
        Contract::parse(text).ok_or_else(|| {
            Diagnostic::at(span, format!("found `{text}`, expected a contract such as z4H, z3Nx or z6Sxx"))
                .with_note("doubled contracts use the z form: z4Hx")
        })
    }

    /// The shape set of an HvS shape list, interned in the program.
    fn shape_set(&mut self, terms: &[ShapeTerm<'_>]) -> Result<u16, Diagnostic> {
        let mut set = ShapeSet::empty();
        for t in terms {
            let d = Distribution::parse(t.text, t.any).expect("lexer checks distributions");
            let shapes = d.shapes().map_err(|err| {
                Diagnostic::at(t.span, format!("the distribution {} describes no hand: {err}", t.text))
            })?;
            if t.exclude {
                set.subtract(&shapes);
            } else {
                set.union_with(&shapes);
            }
        }
        self.intern_shapes(set, terms[0].span)
    }

    /// The program's index of a shape set, adding it if new.
    fn intern_shapes(&mut self, set: ShapeSet, span: Span) -> Result<u16, Diagnostic> {
        self.asm.shape_set(&set).ok_or_else(|| Diagnostic::at(span, "too many different shapes (at most 65536)"))
    }

    /// The seat and shapes of a `shape{...}` whose `shape` keyword starts at `start`.
    fn fd_shape(&self, text: &str, start: usize) -> Result<(Seat, ShapeSet), Diagnostic> {
        let brace = start + self.source.text[start..].find('{').expect("the token holds a brace") + 1;
        // Substitute the script variables, remembering where each byte came from.
        let mut expanded = String::new();
        let mut origin: Vec<usize> = Vec::new();
        let mut rest = text.char_indices().peekable();
        while let Some((i, c)) = rest.next() {
            if c == '$' {
                if let Some(&(_, d @ '0'..='9')) = rest.peek() {
                    rest.next();
                    let n = d as usize - '0' as usize;
                    let here = Span::new(brace + i, brace + i + 2);
                    let value = self.script[n].as_deref().ok_or_else(|| {
                        Diagnostic::at(here, format!(
                            "the script variable ${n} has no value; give it one on the command line with -{n}"
                        ))
                    })?;
                    expanded.push_str(value);
                    origin.extend(std::iter::repeat_n(brace + i, value.len()));
                    continue;
                }
            }
            expanded.push(c);
            origin.extend(std::iter::repeat_n(brace + i, c.len_utf8()));
        }
        origin.push(brace + text.len());
        let at = |pos: usize| origin[pos.min(origin.len() - 1)];
        let fd = crate::fdshape::parse(&expanded).map_err(|e| {
            let (from, to) = (at(e.at), at((e.at + e.len).min(expanded.len())));
            let to = if to <= from { from + e.len } else { to };
            Diagnostic::at(Span::new(from, to), e.message)
        })?;
        let seat = Seat::ALL.into_iter().find(|s| s.keyword() == fd.seat).ok_or_else(|| {
            let from = at(fd.seat_at);
            Diagnostic::at(
                Span::new(from, from + fd.seat.len().max(1)),
                format!("found `{}`, expected a seat (north, east, south or west)", fd.seat),
            )
        })?;
        Ok((seat, fd.shapes))
    }

    // ---- the end

    fn finish(mut self, command_line: &[CommandLinePredeal]) -> Result<Compiled, Diagnostic> {
        let predeal = self.merge_predeal(command_line)?;
        let dealer = self.dealer(predeal)?;
        let explicit_actions = self.actions.is_some();
        let (actions, values, tallies) =
            self.actions.take().unwrap_or_else(|| (vec![ActionSpec::PrintAll], vec![], vec![]));
        let prints_deals = actions.iter().any(ActionSpec::prints_each_deal);
        self.tables = Some(std::cell::RefCell::new(Tables::lazy(&self.point_counts)));
        let routine = self.routine(&values)?;
        let program: Program = self.asm.finish().map_err(|e| {
            Diagnostic::at(Span::new(0, 0), format!("internal error: the compiler made bad bytecode ({e})"))
        })?;
        let mut tables = self.tables.take().expect("made above").into_inner();
        for id in program.tables_used() {
            tables.ensure(id);
        }
        Ok(Compiled {
            program,
            routine,
            nvalues: values.len(),
            explicit_actions,
            tables,
            actions,
            tallies,
            settings: self.settings,
            predeal,
            dealer,
            lengths: self.lengths.map(|row| row.map(|l| l.map(|(v, _)| v))),
            point_counts: self.point_counts,
            uses_produced_number: self.uses_produced_number,
            prints_deals,
            site_spans: self.site_spans,
        })
    }

    /// The dealer for the predealt hands and suit lengths; impossible lengths point at the
    /// statement that gives them.
    fn dealer(&self, predeal: [Hand; 4]) -> Result<Dealer, Diagnostic> {
        let lengths: SuitLengths = self.lengths.map(|row| row.map(|l| l.map(|(v, _)| v)));
        Dealer::with_lengths(predeal, &lengths).map_err(|e| {
            let spans: Vec<Span> = self.lengths.iter().flatten().flatten().map(|&(_, s)| s).collect();
            let of_seat = |seat: Seat| self.lengths[seat as usize].iter().flatten().map(|&(_, s)| s).max_by_key(|s| s.start);
            let of_suit = |suit: Suit| {
                self.lengths.iter().filter_map(|row| row[suit as usize]).map(|(_, s)| s).max_by_key(|s| s.start)
            };
            let span = match &e {
                PredealError::LengthsAddUp { seat, .. } => of_seat(*seat),
                PredealError::LengthBelowCards { seat, suit, .. } => {
                    self.lengths[*seat as usize][*suit as usize].map(|(_, s)| s)
                }
                PredealError::SuitAddsUp { suit, .. } => of_suit(*suit),
                _ => spans.iter().copied().max_by_key(|s| s.start),
            };
            match span {
                Some(span) => Diagnostic::at(span, e.to_string()),
                None => Diagnostic::error(e.to_string()),
            }
        })
    }

    /// The predealt hands: the file's, with seats given on the command line replaced.
    fn merge_predeal(&self, command_line: &[CommandLinePredeal]) -> Result<[Hand; 4], Diagnostic> {
        let mut hands = [Hand::EMPTY; 4];
        let mut owner: HashMap<Card, (Seat, Option<Span>)> = HashMap::new();
        let overridden = |seat: Seat| command_line.iter().any(|p| p.seat == seat);
        for p in command_line {
            for card in p.hand.cards() {
                if let Some((other, _)) = owner.insert(card, (p.seat, None)) {
                    return Err(Diagnostic::error(format!(
                        "the card {card} is given to both {} and {} on the command line",
                        other.keyword(),
                        p.seat.keyword()
                    )));
                }
            }
            hands[p.seat as usize] = p.hand;
        }
        for seat in Seat::ALL {
            if overridden(seat) {
                continue;
            }
            for &(card, span) in &self.predeal[seat as usize] {
                match owner.get(&card) {
                    Some(&(other, Some(first))) => {
                        let (line, col) = self.source.line_col(first.start);
                        let msg = if other == seat {
                            format!("the card {card} is predealt to {} twice", seat.keyword())
                        } else {
                            format!("the card {card} is predealt to both {} and {}", other.keyword(), seat.keyword())
                        };
                        return Err(Diagnostic::at(span, msg)
                            .with_note(format!("it was first predealt at line {line}, column {col}")));
                    }
                    Some(&(other, None)) => {
                        let switch = command_line.iter().find(|p| p.seat == other).map(|p| p.switch.clone());
                        return Err(Diagnostic::at(
                            span,
                            format!(
                                "the card {card} is predealt to {} here and to {} on the command line ({})",
                                seat.keyword(),
                                other.keyword(),
                                switch.unwrap_or_default()
                            ),
                        ));
                    }
                    None => {
                        owner.insert(card, (seat, Some(span)));
                        hands[seat as usize] = hands[seat as usize].with(card);
                    }
                }
                if hands[seat as usize].count() > 13 {
                    return Err(Diagnostic::at(
                        span,
                        format!("{} is predealt more than 13 cards", seat.keyword()),
                    ));
                }
            }
        }
        Ok(hands)
    }
}

/// An axis as written, with its bounds still unchecked.
struct Axis2<'a> {
    expr: &'a Expr<'a>,
    low: Num,
    high: Num,
}

impl<'a> From<crate::ast::Axis<'a>> for Axis2<'a> {
    fn from(a: crate::ast::Axis<'a>) -> Self {
        Axis2 { expr: a.expr, low: a.low, high: a.high }
    }
}

/// The operands of a chain of `&&` (`and` true) or `||`, in evaluation order.
fn flatten<'e, 'a>(e: &'e Expr<'a>, and: bool, out: &mut Vec<&'e Expr<'a>>) {
    match e.kind {
        ExprKind::And(a, b) if and => {
            flatten(a, and, out);
            flatten(b, and, out);
        }
        ExprKind::Or(a, b) if !and => {
            flatten(a, and, out);
            flatten(b, and, out);
        }
        _ => out.push(e),
    }
}

/// The operator with its operands exchanged (`a < b` is `b > a`), for the commutative and
/// comparison operators.
fn mirrored(op: BinaryOp) -> Option<BinaryOp> {
    Some(match op {
        BinaryOp::Add | BinaryOp::Mul | BinaryOp::Eq | BinaryOp::Ne => op,
        BinaryOp::Lt => BinaryOp::Gt,
        BinaryOp::Le => BinaryOp::Ge,
        BinaryOp::Gt => BinaryOp::Lt,
        BinaryOp::Ge => BinaryOp::Le,
        BinaryOp::Sub | BinaryOp::Div | BinaryOp::Mod => return None,
    })
}

/// A bound `x >= k` (lower) or `x <= k` (upper) on a pure expression, from a comparison with
/// a number: `(x, k, is_lower)`.
fn bound_of<'e, 'a>(e: &'e Expr<'a>) -> Option<(&'e Expr<'a>, i32, bool)> {
    let ExprKind::Binary(op, a, b) = e.kind else { return None };
    let (x, op, k) = match (a.kind, b.kind) {
        (_, ExprKind::Number(k)) => (a, op, k),
        (ExprKind::Number(k), _) => (b, mirrored(op)?, k),
        _ => return None,
    };
    if !is_pure_leaf(x) {
        return None;
    }
    match op {
        BinaryOp::Ge => Some((x, k, true)),
        BinaryOp::Gt => Some((x, k.checked_add(1)?, true)),
        BinaryOp::Le => Some((x, k, false)),
        BinaryOp::Lt => Some((x, k.checked_sub(1)?, false)),
        _ => None,
    }
}

/// `x >= low && x <= high` (in either order, with `>`/`<` too) as `(x, low, high)`, when the
/// bounds fit the 16 bits of [`Instr::InRange`].
fn in_range<'e, 'a>(a: &'e Expr<'a>, b: &'e Expr<'a>) -> Option<(&'e Expr<'a>, i16, i16)> {
    let (x, ka, lower_a) = bound_of(a)?;
    let (y, kb, lower_b) = bound_of(b)?;
    if lower_a == lower_b || !same_leaf(x, y) {
        return None;
    }
    let (low, high) = if lower_a { (ka, kb) } else { (kb, ka) };
    Some((x, i16::try_from(low).ok()?, i16::try_from(high).ok()?))
}

/// Whether an expression is a function of the deal or a variable: evaluating it twice gives
/// the same value and has no effect.
fn is_pure_leaf(e: &Expr<'_>) -> bool {
    matches!(
        e.kind,
        ExprKind::Var(_) | ExprKind::Count { .. } | ExprKind::Length { .. } | ExprKind::Quality { .. } | ExprKind::Cccc(_)
    )
}

/// Whether two pure leaves are the same function of the same hand.
fn same_leaf(a: &Expr<'_>, b: &Expr<'_>) -> bool {
    match (a.kind, b.kind) {
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Count { func: f, seat: s, suit: u }, ExprKind::Count { func: g, seat: t, suit: v }) => {
            f == g && s == t && u == v
        }
        (ExprKind::Length { seat: s, suit: u }, ExprKind::Length { seat: t, suit: v })
        | (ExprKind::Quality { seat: s, suit: u }, ExprKind::Quality { seat: t, suit: v }) => s == t && u == v,
        (ExprKind::Cccc(s), ExprKind::Cccc(t)) => s == t,
        _ => false,
    }
}
