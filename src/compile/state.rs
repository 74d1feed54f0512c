//! The compiler's state, and what it does first and last: set up, and at the end assemble
//! the deal routine (the condition, then the values the actions need of a produced deal,
//! then `produce`) and gather the [`Compiled`] file.

use crate::compile::node::NodeMap;
use crate::compile::output::{ActionSpec, CommandLinePredeal, Compiled, DdSwitches, Settings};
use crate::compile::reads::{RestPlan, TabulateMemo};
use crate::diag::{Diagnostic, Source, Span};
use crate::front::ast::*;
use crate::front::lex::ScriptVars;
use dealvm_vm::card::{Card, Seat, Seats};
use dealvm_vm::evaluation::dd::ParVul;
use dealvm_vm::evaluation::score::Strain;
use dealvm_vm::evaluation::shape::ShapeSet;
use dealvm_vm::evaluation::stats::TallySpec;
use dealvm_vm::evaluation::tables::{PointCounts, TableId, Tables};
use dealvm_vm::machine::assembler::Assembler;
use dealvm_vm::machine::bytecode::{Instr, VarSlot};
use dealvm_vm::machine::program::Program;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;

/// A value the actions need of each produced deal: an expression, or a double-dummy result
/// that has no expression of its own (`trix`, `parcontract`, `evalcontract`).
#[derive(Clone, Copy)]
pub(super) enum ValueCode<'a> {
    Expr(&'a Expr<'a>),
    Tricks(Seat, Strain),
    /// The tricks the defenders take after this card is led against this declarer and strain
    /// (`evalleads`).
    LeadTricks(Seat, Strain, Card),
    ParContract(ParVul),
}

/// What the compiler knows of a defined variable.
#[derive(Clone, Copy)]
pub(super) struct VarInfo<'a> {
    pub(super) slot: VarSlot,
    /// The value, when the definition is a constant.
    pub(super) constant: Option<i32>,
    /// The definition.
    pub(super) expr: &'a Expr<'a>,
}

pub(super) struct Compiler<'s, 'a> {
    pub(super) source: &'s Source,
    pub(super) script: &'s ScriptVars,
    pub(super) asm: Assembler,
    pub(super) vars: HashMap<&'a str, VarInfo<'a>>,
    /// Where each variable name is first defined, to explain forward references.
    pub(super) definitions: HashMap<&'a str, Span>,
    pub(super) uses_produced_number: bool,
    pub(super) settings: Settings,
    pub(super) predeal: [Vec<(Card, Span)>; 4],
    /// Suit lengths predealt, with the place they were given.
    pub(super) lengths: [[Option<(u8, Span)>; 4]; 4],
    pub(super) point_counts: PointCounts,
    pub(super) condition: Option<&'a Expr<'a>>,
    /// The tables, once the point counts are final (when the deal routine is compiled).
    pub(super) tables: Option<RefCell<Tables>>,
    /// The folded value of each node looked at (see `fold`), for the current phase: before
    /// the tables are known, then after.
    pub(super) folded: RefCell<NodeMap<Option<i32>>>,
    /// The bounds of each node looked at, once the tables are known.
    pub(super) bounded: RefCell<NodeMap<Option<(i64, i64)>>>,
    /// The actions, the code of their values and their statistics.
    pub(super) actions: Option<(Vec<ActionSpec>, Vec<ValueCode<'a>>, Vec<TallySpec>)>,
    /// What each node looked at may do besides giving a value (the flags of `node`, found
    /// by `Compiler::effects` in `dd`).
    pub(super) effects: RefCell<NodeMap<u8>>,
    /// The double-dummy switches (`-M`, `-P`).
    pub(super) dd_switches: DdSwitches,
    /// The vulnerability of `par(side)` and `parcontract` without one.
    pub(super) par_default: ParVul,
    /// The seat that opens for `opc`: `-O`, else the last `opener` statement, else west.
    pub(super) opener: Seat,
    pub(super) site_spans: Vec<Span>,
    /// The source span of each `usereval` query's first use, by query index.
    pub(super) query_spans: Vec<Span>,
    /// Warnings about the input, in the order found.
    pub(super) warnings: Vec<Diagnostic>,
    /// `--plain`: no tables for sub-expressions (see `tabulate`).
    pub(super) plain: bool,
    /// How many [`Compiler::check`]s are under way: their code is thrown away.
    pub(super) checking: u32,
    /// What tabulating has learnt of the nodes.
    pub(super) tabulate: RefCell<TabulateMemo>,
    /// The variables whose subroutine is one instruction that reads the deal: read without
    /// a call.
    pub(super) inline_vars: HashMap<VarSlot, Instr>,
    /// How many places of the code that runs read each variable (see `count_uses`).
    pub(super) uses: HashMap<&'a str, u32>,
    /// Where the hands not read first are dealt (see `seats`).
    pub(super) rest: RestPlan,
    /// `--classic`: as classic Dealer evaluates (a variable that draws `rnd` draws at each
    /// use; `imps` by its table; `altcount N` for Dealer's table `N`).
    pub(super) classic: bool,
    /// Under `--classic`, where an `altcount` changed Dealer's table of controls (`altcount
    /// 1`) or of winners (`altcount 8`, pt6's), which `controls` and `losers` read.
    pub(super) classic_changed: [Option<Span>; 2],
    /// The shape set of each shape list met, by the list's place in the syntax tree (see
    /// `shapes`): the passes ask again and again.
    pub(super) shape_sets: RefCell<HashMap<(usize, usize), ShapeSet>>,
    /// Where each `evalleads` is written, in order: its leads are known once the predeal is.
    pub(super) evalleads: Vec<Span>,
}

impl<'s, 'a> Compiler<'s, 'a> {
    pub(super) fn new(source: &'s Source, statements: &[Statement<'a>], script: &'s ScriptVars, dd: &DdSwitches, plain: bool) -> Compiler<'s, 'a> {
        let mut definitions = HashMap::default();
        for s in statements {
            if let StmtKind::VarDef { name, name_span, .. } = s.kind {
                definitions.entry(name).or_insert(name_span);
            }
        }
        Compiler {
            source,
            script,
            asm: Assembler::new(),
            vars: HashMap::default(),
            definitions,
            uses_produced_number: false,
            settings: Settings::default(),
            predeal: Default::default(),
            lengths: [[None; 4]; 4],
            point_counts: PointCounts::default(),
            condition: None,
            tables: None,
            folded: RefCell::new(NodeMap::default()),
            bounded: RefCell::new(NodeMap::default()),
            actions: None,
            effects: RefCell::new(NodeMap::default()),
            dd_switches: *dd,
            par_default: Self::default_par_vul(dd, statements),
            opener: Self::opc_opener(dd, statements),
            site_spans: Vec::new(),
            query_spans: Vec::new(),
            warnings: Vec::new(),
            plain,
            checking: 0,
            tabulate: RefCell::new(TabulateMemo::default()),
            inline_vars: HashMap::default(),
            uses: HashMap::default(),
            rest: RestPlan::default(),
            classic: false,
            classic_changed: [None; 2],
            shape_sets: RefCell::new(HashMap::default()),
            evalleads: Vec::new(),
        }
    }

    /// Appends an instruction.
    pub(super) fn emit(&mut self, instr: Instr) -> usize {
        self.asm.emit(instr)
    }

    pub(super) fn not_yet(&self, span: Span, what: &str) -> Diagnostic {
        Diagnostic::at(span, format!("`{what}` is not supported yet"))
    }

    /// Compiles the deal routine: the condition, then, for a produced deal, each value
    /// stored in its slot and `produce`; a deal that fails the condition jumps to the final
    /// `return` with 0. The values from `tables_from` on are the output tables (`--dd`, `-Z`);
    /// `prints_deals`: an action prints each produced deal.
    pub(super) fn routine(&mut self, values: &[ValueCode<'a>], tables_from: Option<usize>, prints_deals: bool) -> Result<usize, Diagnostic> {
        // The hands of the first operand of the condition are dealt first when it fails often
        // enough, the others before the first operand or value that reads them.
        let read = self.hands_read(values, tables_from);
        if let Some(c) = self.condition.filter(|&c| self.constant(c).is_none()) {
            // A program that prints its deals completes them: the hands it reads are not all it
            // deals.
            self.rest.first = self.dealt_first(c, if prints_deals { Seats::ALL } else { read });
        }
        self.rest.dealt = Some(self.rest.first.unwrap_or(read));
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
                    let mut top = c;
                    while let Some(def) = self.inlined(top) {
                        top = def;
                    }
                    // A `&&` chain, or an `||` of them with its first hands dealt first
                    // (`dealt_first`): each places `deal.rest` itself.
                    if matches!(top.kind, ExprKind::And(..)) || matches!(top.kind, ExprKind::Or(..)) && self.rest.first.is_some() {
                        self.rest.top = true;
                    } else {
                        let seats = self.seats_of(c);
                        self.before_reading(seats);
                    }
                    self.expr(c)?;
                    self.rest.top = false;
                    to_end = Some(self.emit(Instr::AndThen(0)));
                }
            },
        }
        for (slot, v) in values.iter().enumerate() {
            if Some(slot) == tables_from {
                self.rest_before_tables();
            } else if self.rest.first.is_some() {
                let seats = match *v {
                    ValueCode::Expr(e) => self.seats_of(e),
                    _ => dealvm_vm::card::Seats::ALL,
                };
                self.before_reading(seats);
            }
            match *v {
                ValueCode::Expr(e) => self.expr(e)?,
                ValueCode::Tricks(declarer, strain) => _ = self.emit(Instr::Tricks { declarer, strain }),
                ValueCode::LeadTricks(declarer, strain, card) => _ = self.emit(Instr::LeadTricks { declarer, strain, card }),
                ValueCode::ParContract(vul) => _ = self.emit(Instr::ParContract { vul }),
            }
            let span = if let ValueCode::Expr(e) = v { e.span } else { Span::new(0, 0) };
            let slot = u16::try_from(slot).map_err(|_| Diagnostic::at(span, "too many values in the actions (at most 65536)"))?;
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

    /// Counts the places that read each variable in the code that runs: the condition, the
    /// values of the actions, and the definitions of the variables they read (each once).
    /// A variable read in one place is compiled there, without a subroutine: that place runs
    /// at most once per deal, so it is evaluated when and as often as it would be.
    fn count_uses(&mut self, values: &[ValueCode<'a>]) {
        let mut work: Vec<&'a Expr<'a>> = self.condition.into_iter().collect();
        work.extend(values.iter().filter_map(|v| if let ValueCode::Expr(e) = v { Some(*e) } else { None }));
        while let Some(e) = work.pop() {
            match e.kind {
                ExprKind::Var(name) => {
                    let n = self.uses.entry(name).or_insert(0);
                    *n += 1;
                    if *n == 1 {
                        if let Some(v) = self.vars.get(name) {
                            work.push(v.expr);
                        }
                    }
                }
                ExprKind::Unary(_, a) | ExprKind::Imps(a) | ExprKind::Rnd(a) | ExprKind::Score { tricks: a, .. } => work.push(a),
                ExprKind::Binary(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => work.extend([a, b]),
                ExprKind::Cond(c, a, b) => work.extend([c, a, b]),
                _ => {}
            }
        }
    }

    /// The definition of a variable read in one place only, which is compiled there.
    /// Under `--classic`, a variable that draws random numbers is compiled at each place that
    /// reads it: classic Dealer evaluates a variable where it is read, drawing each time.
    pub(super) fn inlined(&self, e: &Expr<'a>) -> Option<&'a Expr<'a>> {
        let ExprKind::Var(name) = e.kind else { return None };
        let definition = self.vars.get(name).map(|info| info.expr)?;
        if self.classic && self.effects(definition) & crate::compile::node::DRAWS != 0 {
            return Some(definition);
        }
        if self.plain || self.uses.get(name) != Some(&1) {
            return None;
        }
        // (A variable read in one place has no subroutine, so none in `inline_vars`.)
        Some(definition)
    }

    /// Compiles the subroutine of every variable, in the order they were defined (a
    /// variable calls only variables defined before it), once the point counts are known.
    fn variables(&mut self) -> Result<(), Diagnostic> {
        let mut vars: Vec<(&'a str, VarInfo<'a>)> = self.vars.iter().map(|(&n, &v)| (n, v)).collect();
        vars.sort_by_key(|(_, v)| v.slot);
        for (name, info) in vars {
            let slot = self.asm.begin_var(name).expect("as many variables as slots");
            debug_assert_eq!(slot, info.slot);
            let start = self.asm.here() as usize;
            if !self.plain && self.uses.get(name) == Some(&1) {
                // Read in one place, where it is compiled: its subroutine is never called.
                self.emit(Instr::Const(0));
                self.asm.end_var();
                continue;
            }
            self.expr(info.expr)?;
            self.asm.end_var();
            if let [instr, _] = self.asm.program().code[start..] {
                if !self.plain && instr.facts().is_pure_load() {
                    self.inline_vars.insert(slot, instr);
                }
            }
        }
        Ok(())
    }

    /// The values of the variables named in `exposed`, added to `values` in that order.
    fn expose(&mut self, exposed: &[String], values: &mut Vec<ValueCode<'a>>) -> Result<(), Diagnostic> {
        for name in exposed {
            let Some(info) = self.vars.get(name.as_str()).copied() else {
                let known = self.vars.keys().copied();
                let hint = match crate::diag::closest(name, known) {
                    Some(near) => format!("; did you mean `{near}`?"),
                    None => String::new(),
                };
                return Err(Diagnostic::error(format!("the input defines no variable `{name}` to report on each deal{hint}")));
            };
            self.value(info.expr, values)?;
        }
        Ok(())
    }

    pub(super) fn finish(mut self, command_line: &[CommandLinePredeal], exposed: &[String]) -> Result<Compiled, Diagnostic> {
        let predeal = self.merge_predeal(command_line)?;
        let predeal_order = Seat::ALL.map(|seat| match command_line.iter().find(|p| p.seat == seat) {
            Some(p) => p.hand.cards().collect(),
            None => self.predeal[seat as usize].iter().map(|&(card, _)| card).collect(),
        });
        let deals = self.deals(predeal)?;
        let explicit_actions = self.actions.is_some();
        let (mut actions, mut values, mut tallies) = self.actions.take().unwrap_or_else(|| (vec![ActionSpec::PrintAll], vec![], vec![]));
        self.leads(&predeal, &mut actions, &mut values, &mut tallies)?;
        let exposed_from = values.len();
        self.expose(exposed, &mut values)?;
        // An output file that takes each deal's double-dummy table: 20 more values.
        let table_values = self.dd_switches.output_tables.then(|| {
            let start = values.len();
            for seat in Seat::ALL {
                values.extend(dealvm_vm::evaluation::dd::STRAINS.map(|strain| ValueCode::Tricks(seat, strain)));
            }
            start
        });
        let prints_deals = actions.iter().any(ActionSpec::prints_each_deal);
        self.tables = Some(RefCell::new(Tables::lazy(&self.point_counts)));
        self.fold_with_tables();
        self.count_uses(&values);
        self.variables()?;
        let routine = self.routine(&values, table_values, prints_deals)?;
        let never = self.condition.filter(|&c| self.constant(c) == Some(0));
        if let Some(c) = never {
            self.warnings.push(
                Diagnostic::at(c.span, "no deal can meet the condition: it is false whatever the deal")
                    .with_note("the run ends at once, as Dealer would end after examining its deals: all counted as generated, none produced"),
            );
        }
        let rules = self.condition_rules();
        let mut program: Program =
            self.asm.finish().map_err(|e| Diagnostic::at(Span::new(0, 0), format!("internal error: the compiler made bad bytecode ({e})")))?;
        program.dd_mode = Self::dd_mode(&program, &self.dd_switches);
        program.classic_imps = self.classic;
        Self::classic_tables_read(self.classic_changed, &program)?;
        Self::targets_from_counts(&mut program);
        program.tables_from = self.rest.tables;
        program.dealt_first = self.rest.dealt;
        if !self.plain {
            dealvm_vm::machine::fuse::fuse(&mut program);
            // The deal routine over blocks of deals when its code allows (`--plain` keeps the
            // per-deal interpreter, the reference; `--classic` draws `rnd` between the deals).
            program.blocks = dealvm_vm::machine::block::Plan::of(&program).is_some() && !(self.classic && program.uses_rnd());
        }
        let mut tables = self.tables.take().expect("made above").into_inner();
        for id in program.tables_used() {
            tables.ensure(id);
        }
        Ok(Compiled {
            program,
            routine,
            nvalues: values.len(),
            exposed_from,
            table_values,
            explicit_actions,
            tables,
            actions,
            tallies,
            settings: self.settings,
            predeal,
            predeal_order,
            deals,
            lengths: self.lengths.map(|row| row.map(|l| l.map(|(v, _)| v))),
            point_counts: self.point_counts,
            rules,
            uses_produced_number: self.uses_produced_number,
            never: never.is_some(),
            prints_deals,
            site_spans: self.site_spans,
            query_spans: self.query_spans,
            warnings: self.warnings,
            condition_span: self.condition.map(|c| c.span),
        })
    }
}

impl Compiler<'_, '_> {
    /// Under `--classic`, refuses a program that reads `controls` or `losers` after an
    /// `altcount` changed the classic Dealer table they read: dealvm's are fixed.
    fn classic_tables_read(changed: [Option<Span>; 2], program: &Program) -> Result<(), Diagnostic> {
        let used = program.tables_used();
        let reads = |table: TableId| used.contains(&table);
        let refuse = |span: Span, what: &str| {
            Err(Diagnostic::at(span, format!("under --classic, this changes classic Dealer's table of {what}, which --classic does not support"))
                .with_note("classic Dealer's altcount 0 is pointcount, 1 the controls (which `losers` reads for short suits), 2 to 9 pt0 to pt7 (pt6's also the winners of `losers`)"))
        };
        if let Some(span) = changed[0].filter(|_| reads(TableId::CONTROLS) || reads(TableId::LOSERS)) {
            return refuse(span, "controls, which `controls` and `losers` read");
        }
        if let Some(span) = changed[1].filter(|_| reads(TableId::LOSERS)) {
            return refuse(span, "winners, which `losers` reads");
        }
        Ok(())
    }
}

/// The per-suit table of a counting function.
pub(super) fn count_table(func: CountFn) -> TableId {
    match func {
        CountFn::Hcp => TableId::HCP,
        CountFn::Pt(n) => TableId::pt(n),
        CountFn::Controls => TableId::CONTROLS,
        CountFn::Losers => TableId::LOSERS,
        CountFn::Ltc => TableId::LTC,
    }
}
