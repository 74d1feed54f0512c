//! A compiled input file ([`Program`]): its code, its tables (shape sets, `suit.test` bits,
//! `suit.value`, `shape.value`, `lengths.value`), its entry points and variable subroutines,
//! and what the code reads (the seats, the per-suit tables, the hands dealt first).

use crate::card::{Deal, Seat, Seats, Suit};
use crate::evaluation::dd::DdMode;
use crate::evaluation::shape::{ShapeSet, NUM_SHAPES};
use crate::evaluation::tables::{ignored_ranks, TableId, Tables};
use crate::evaluation::usereval::Query;
use crate::machine::bytecode::facts::{Flow, Needs, Reads};
use crate::machine::bytecode::Instr;

/// A named place where the interpreter starts: the condition or an action's expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name given to [`Assembler::begin_entry`](super::assembler::Assembler::begin_entry).
    pub name: String,
    /// The address of the entry point's first instruction.
    pub start: u32,
}

/// A variable's subroutine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarCode {
    /// The variable's name, as given to [`Assembler::begin_var`](super::assembler::Assembler::begin_var).
    pub name: String,
    /// The address of the subroutine's first instruction.
    pub start: u32,
}

/// A bit per 13-bit holding of a suit: the truth values of a `suit.test`.
pub type SuitBits = Box<[u64; 128]>;

/// A value per 13-bit holding of a suit: the table of a `suit.value`.
pub type SuitValues = Box<[i16; 8192]>;

/// A value per shape index: the table of a `shape.value`.
pub type ShapeValues = Box<[i32; NUM_SHAPES]>;

/// A value for each combination of the lengths of a few seat-suit pairs: the table of a
/// `lengths.value`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LengthValues {
    /// The seat-suit pairs whose lengths index the table, the first the most significant
    /// digit (base 14).
    pub pairs: Vec<(Seat, Suit)>,
    /// One value per combination of lengths: `values[((l0 * 14) + l1) * 14 + ...]`.
    pub values: Box<[i16]>,
}

impl LengthValues {
    /// The entry for `deal`.
    #[inline(always)]
    pub fn lookup(&self, deal: &Deal) -> i32 {
        let index = self.pairs.iter().fold(0usize, |i, &(seat, suit)| i * 14 + deal.hand(seat).len(suit) as usize);
        self.values.get(index).copied().unwrap_or(0) as i32
    }
}

/// A compiled input file: code, constants and the places to start.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// The instructions of every entry point and variable subroutine; addresses index it.
    pub code: Vec<Instr>,
    /// The shape sets the `shape` instructions test, by index.
    pub shapes: Vec<ShapeSet>,
    /// The bit tables of `suit.test`: bit `m` of table `t` is the value for holding `m`.
    pub suit_tests: Vec<SuitBits>,
    /// The value tables of `suit.value`, one entry per 13-bit holding.
    pub suit_values: Vec<SuitValues>,
    /// The value tables of `shape.value`, one entry per shape index.
    pub shape_values: Vec<ShapeValues>,
    /// The tables of `lengths.value`.
    pub length_values: Vec<LengthValues>,
    /// Where the output tables of `--dd` and `-Z` start (after a `deal.rest`): code that the
    /// choice of the dealer does not look at, so that these switches change no deal.
    pub tables_from: Option<u32>,
    /// The hands the compiler chose to deal first, from the condition as written (the same
    /// with or without superinstructions and tables, wherever its code places `deal.rest`),
    /// so that the plain code deals the same deals; `None`: no choice, the hands the code
    /// before `deal.rest` reads.
    pub dealt_first: Option<Seats>,
    /// The entry points, by index.
    pub entries: Vec<Entry>,
    /// The variable subroutines, indexed by [`VarSlot`](crate::machine::bytecode::VarSlot).
    pub vars: Vec<VarCode>,
    /// Descriptions of the divisions in the source, for division-by-zero reports.
    pub sites: Vec<String>,
    /// The deepest the value stack gets.
    pub max_stack: usize,
    /// The number of value slots `store` writes.
    pub value_slots: usize,
    /// How double-dummy questions are solved: one declarer and strain at a time, or the
    /// whole table at the first question of a deal.
    pub dd_mode: DdMode,
    /// The `usereval` queries, by index: what `usereval` instructions ask.
    pub queries: Vec<Query>,
    /// Whether `imps` uses classic Dealer's table (`--classic`, [`crate::evaluation::score::classic_imps`]).
    pub classic_imps: bool,
    /// Whether batches run the deal routine over blocks of deals
    /// ([`crate::machine::block`]): the compiler's choice, for the programs whose code
    /// [`Plan::of`](crate::machine::block::Plan::of) accepts (not with `--plain`).
    pub blocks: bool,
}

/// The code [`Program::reachable_from`] covers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Reach {
    /// All of it.
    All,
    /// The code that may run before `deal.rest`: what some path from each entry point meets
    /// before a `deal.rest`, and the variables that code calls.
    BeforeRest,
    /// All but the output tables of `--dd` and `-Z` ([`Program::tables_from`]).
    WithoutTables,
}

impl Program {
    /// The instructions the entry points can run: their own and those of the variables
    /// they call, directly or not (a variable no entry point needs is left out), each
    /// superinstruction as the first instruction of its pair (the second follows it in the
    /// code). Every question about what the code reads goes through here, so that a
    /// superinstruction (`var 2; or.else`) is never taken for something that reads nothing.
    pub fn reachable(&self) -> impl Iterator<Item = Instr> + '_ {
        self.reachable_from(Reach::All)
    }

    /// [`Self::reachable`], each entry point cut where `reach` says (no jump goes back: the
    /// output tables start at `tables_from` and run to the routine's end).
    fn reachable_from(&self, reach: Reach) -> impl Iterator<Item = Instr> + '_ {
        let mut starts: Vec<usize> = self.entries.iter().map(|e| e.start as usize).collect();
        starts.extend(self.vars.iter().map(|v| v.start as usize));
        starts.sort_unstable();
        // Each routine runs from its start to the next routine's start.
        let routine = |start: usize| {
            let i = starts.partition_point(|&s| s <= start);
            start..starts.get(i).copied().unwrap_or(self.code.len())
        };
        let mut called = vec![false; self.vars.len()];
        let mut work: Vec<_> = match reach {
            Reach::All => self.entries.iter().map(|e| routine(e.start as usize)).collect(),
            // Each instruction on some path from the entry that meets no `deal.rest` (a
            // condition's `||` may deal the rest in each of its branches).
            Reach::BeforeRest => self.entries.iter().flat_map(|e| self.before_rest(e.start as usize)).map(|pc| pc..pc + 1).collect(),
            Reach::WithoutTables => {
                let cut = |r: std::ops::Range<usize>| r.start..self.tables_from.map(|t| t as usize).filter(|t| r.contains(t)).unwrap_or(r.end);
                self.entries.iter().map(|e| cut(routine(e.start as usize))).collect()
            }
        };
        let mut ranges = Vec::new();
        while let Some(r) = work.pop() {
            for instr in &self.code[r.clone()] {
                if let Instr::Var(slot) = instr.unfused() {
                    if let Some(seen) = called.get_mut(slot as usize).filter(|seen| !**seen) {
                        *seen = true;
                        work.push(routine(self.vars[slot as usize].start as usize));
                    }
                }
            }
            ranges.push(r);
        }
        ranges.into_iter().flat_map(move |r| self.code[r].iter().map(|i| i.unfused()))
    }

    /// The addresses of the routine starting at `start` that some path from it reaches
    /// before any `deal.rest`. A jump of `and.then` (`or.else`) carries a zero (not zero) to
    /// its target, whose own test of it goes one way only: a chain's failure jumps past the
    /// `deal.rest` of the chains around it without running their code.
    fn before_rest(&self, start: usize) -> Vec<usize> {
        // The value on top of the stack where a path arrives, when the path decides it.
        const UNKNOWN: u8 = 1;
        const ZERO: u8 = 2;
        const NOT_ZERO: u8 = 4;
        let mut seen = vec![0u8; self.code.len()];
        let mut work = vec![(start, UNKNOWN)];
        let mut out = Vec::new();
        while let Some((pc, top)) = work.pop() {
            let Some(instr) = self.code.get(pc).map(|i| i.unfused()) else { continue };
            if seen[pc] & top != 0 || instr == Instr::DealRest {
                continue;
            }
            if seen[pc] == 0 {
                out.push(pc);
            }
            seen[pc] |= top;
            // A test jumps on zero (`jump.ifzero`, `and.then`) or on not zero (`or.else`), and
            // keeps the value tested (`and.then`, `or.else`) or pops it: a value the path
            // decided goes one way only.
            let (to, taken, kept) = match instr.facts().flow {
                Flow::Next => (pc as u32 + 1, UNKNOWN, false),
                Flow::Jump(to) => (to, UNKNOWN, false),
                Flow::End => continue,
                Flow::Branch(to) => (to, ZERO, false),
                Flow::ShortCircuit(to) => (to, if matches!(instr, Instr::AndThen(_)) { ZERO } else { NOT_ZERO }, true),
            };
            if taken == UNKNOWN {
                work.push((to as usize, UNKNOWN));
                continue;
            }
            if top != taken ^ (ZERO | NOT_ZERO) {
                work.push((to as usize, if kept { taken } else { UNKNOWN }));
            }
            if top != taken {
                work.push((pc + 1, UNKNOWN));
            }
        }
        out
    }

    /// The per-suit tables the code reads.
    pub fn tables_used(&self) -> Vec<TableId> {
        let mut used: Vec<TableId> = self.reachable().filter_map(Instr::table_read).collect();
        used.sort_by_key(|t| t.0);
        used.dedup();
        used
    }

    /// The seats whose hands the code reads: every seat when it asks a double-dummy question
    /// (the solver sees the whole deal). A dealer may deal only these hands
    /// ([`crate::dealing::split::RandomDealer::reading`]).
    pub fn seats_read(&self) -> Seats {
        self.reachable().fold(Seats::NONE, |seats, i| seats.union(self.instr_seats(i)))
    }

    /// The seats whose hands one instruction reads (a superinstruction: its first
    /// instruction's; a variable's call: none, its subroutine reads them).
    pub fn instr_seats(&self, instr: Instr) -> Seats {
        match instr.facts().reads {
            Reads::Hand(seat) => Seats::of(seat),
            Reads::Side(side) => side.seats().into_iter().fold(Seats::NONE, Seats::with),
            Reads::LengthsTable(table) => self.length_values[table as usize].pairs.iter().fold(Seats::NONE, |s, &(seat, _)| s.with(seat)),
            Reads::Deal => Seats::ALL,
            Reads::Nothing | Reads::Variable(_) => Seats::NONE,
        }
    }

    /// How many ranks of each suit the code reads, but for the output tables
    /// ([`Program::tables_from`]), counted from the ace: 13 unless every holding it reads is
    /// read through tables that ignore the low ranks (`hcp` 4-3-2-1 reads the top four,
    /// `controls` two) or by `hascard` of high cards. A dealer may then deal only those cards
    /// first ([`crate::dealing::split::RandomDealer::reading_top`]).
    pub fn top_ranks_read(&self, tables: &Tables) -> u32 {
        self.reachable_from(Reach::WithoutTables)
            .map(|i| match i {
                Instr::SuitCount { table, .. } | Instr::HandCount { table, .. } => 13 - tables.ignored_ranks(table),
                Instr::HasCard { card, .. } => 13 - card.rank() as u32,
                Instr::SuitTest { table, .. } => {
                    let bits = &self.suit_tests[table as usize];
                    13 - ignored_ranks(|m| (bits[m as usize >> 6] >> (m & 63) & 1) as i32)
                }
                Instr::SuitValue { table, .. } => {
                    let values = &self.suit_values[table as usize];
                    13 - ignored_ranks(|m| values[m as usize] as i32)
                }
                other if self.instr_seats(other) == Seats::NONE => 0,
                _ => 13,
            })
            .max()
            .unwrap_or(0)
    }

    /// The hands a dealer must deal before the code runs: those the compiler chose
    /// ([`Program::dealt_first`]), and any other that the code before `deal.rest` reads (all
    /// it reads when it has none): never fewer than the code reads before it deals the rest.
    /// The output tables of `--dd` and `-Z` come after a `deal.rest`, so that they do not
    /// change the hands dealt first, nor the deals.
    pub fn seats_dealt_first(&self) -> Seats {
        self.dealt_first.unwrap_or(Seats::NONE).union(self.seats_in(Reach::BeforeRest))
    }

    /// The hands the code reads, but for the output tables ([`Program::tables_from`]): with
    /// the hands dealt first, what the choice of the dealer looks at.
    pub fn seats_read_without_tables(&self) -> Seats {
        self.seats_in(Reach::WithoutTables)
    }

    /// The hands the code that `reach` covers reads.
    fn seats_in(&self, reach: Reach) -> Seats {
        self.reachable_from(reach).fold(Seats::NONE, |seats, i| seats.union(self.instr_seats(i)))
    }

    /// Whether the code asks double-dummy questions (and so needs a solver).
    pub fn uses_dd(&self) -> bool {
        self.needs(Needs::Solver)
    }

    /// Whether a machine running the code keeps values of a deal that the next deal must
    /// forget ([`crate::machine::interp::Machine::next_deal`]): variables, double-dummy results,
    /// Optimal Point Counts, `usereval` answers.
    pub fn keeps_per_deal(&self) -> bool {
        !self.vars.is_empty() || self.reachable().any(|i| matches!(i.facts().needs, Needs::Solver | Needs::DealCache | Needs::Server))
    }

    /// Whether the code asks `usereval` queries.
    pub fn uses_usereval(&self) -> bool {
        self.needs(Needs::Server)
    }

    /// Whether the code draws random numbers (`rnd`): from each deal's own stream, but under
    /// `--classic`, where they come from Dealer's stream between the deals (and `rnd(0)` counts
    /// the deals produced before).
    pub fn uses_rnd(&self) -> bool {
        self.needs(Needs::Draw)
    }

    /// Whether some instruction the code can run needs `what`.
    fn needs(&self, what: Needs) -> bool {
        self.reachable().any(|i| i.facts().needs == what)
    }

    /// The number of value slots the code stores to.
    pub fn stored_slots(&self) -> usize {
        self.code.iter().filter_map(|i| if let Instr::Store(n) = i { Some(*n as usize + 1) } else { None }).max().unwrap_or(0)
    }
}
