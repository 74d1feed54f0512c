//! What the compiler makes of an input file: the program, the actions, the settings and the
//! source of the deals ([`Compiled`]), and what it takes from the command line.

use crate::diag::{Diagnostic, Span};
use crate::source::Deals;
use dealvm_vm::card::{Card, Hand, Seat, Side};
use dealvm_vm::dealing::board::Vulnerability;
use dealvm_vm::dealing::exact::SeatRule;
use dealvm_vm::dealing::predeal::SuitLengths;
use dealvm_vm::evaluation::dd::DdMode;
use dealvm_vm::evaluation::score::Contract;
use dealvm_vm::evaluation::stats::TallySpec;
use dealvm_vm::evaluation::tables::{PointCounts, Tables};
use dealvm_vm::machine::program::Program;

/// A compiled input file.
pub struct Compiled {
    pub program: Program,
    /// The deal routine's entry point: tests the condition and stores the values of a
    /// produced deal (see [`dealvm_vm::machine::batch`]).
    pub routine: usize,
    /// The number of values stored for each produced deal; actions refer to them.
    pub nvalues: usize,
    /// Where the values of the variables the caller asked for start among a produced deal's
    /// values ([`crate::compile::Request::exposed`]).
    pub exposed_from: usize,
    /// Where the 20 double-dummy counts of a produced deal start among its values, when an
    /// output file takes them (in the order of [`dealvm_vm::evaluation::dd::TrickTable::counts`]).
    pub table_values: Option<ValueRef>,
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
    /// The predealt cards of each seat in the order given (the input's, or a predeal
    /// switch's from clubs up): classic Dealer places them in that order.
    pub predeal_order: [Vec<Card>; 4],
    /// Where the deals come from: the dealer for the predealt cards and suit lengths.
    pub deals: Deals,
    /// The predealt suit lengths.
    pub lengths: SuitLengths,
    pub point_counts: PointCounts,
    /// What of the condition the exact dealer can meet.
    pub rules: ConditionRules,
    /// Whether some expression may call `rnd(0)`, the number of the deal being produced.
    pub uses_produced_number: bool,
    /// Whether the condition is false whatever the deal (its value, or the bounds of what it
    /// compares, decide it): the run deals nothing.
    pub never: bool,
    /// Whether an action prints every produced deal (Dealer then produces 40 by default).
    pub prints_deals: bool,
    /// The source span of each division site of the program.
    pub site_spans: Vec<Span>,
    /// The source span of the first use of each `usereval` query of the program.
    pub query_spans: Vec<Span>,
    /// Warnings about the input: the run goes on, and they are printed on standard error.
    pub warnings: Vec<Diagnostic>,
    /// Where the condition is in the input, when there is one (messages about it point there).
    pub condition_span: Option<Span>,
}

impl Compiled {
    /// Whether a suit length is predealt to `seat`.
    pub fn length_predealt(&self, seat: Seat) -> bool {
        self.lengths[seat as usize].iter().any(Option::is_some)
    }

    /// Whether cards or suit lengths are predealt to `seat`.
    pub fn seat_predealt(&self, seat: Seat) -> bool {
        !self.predeal[seat as usize].is_empty() || self.length_predealt(seat)
    }

    /// Whether an action is an `evalleads`, whose leader's hand is predealt: the deals must
    /// be dealt around the predeal (not read from a file or a library).
    pub fn studies_leads(&self) -> bool {
        self.actions.iter().any(|a| matches!(a, ActionSpec::EvalLeads { .. }))
    }

    /// Whether anything is predealt.
    pub fn has_predeal(&self) -> bool {
        Seat::ALL.into_iter().any(|s| self.seat_predealt(s))
    }
}

/// The rules the condition sets on single seats, for the exact dealer (see
/// `compile::exact`): each seat's shapes, points and points by suit, and the condition's terms
/// they come from.
#[derive(Clone, Debug, Default)]
pub struct ConditionRules {
    pub seats: [Option<SeatRule>; 4],
    pub terms: Vec<crate::source::exact::Term>,
    /// The values by rank of the points the rules count (`hcp`'s, `controls`', ...).
    pub values: dealvm_vm::evaluation::tables::RankValues,
    /// The terms on one seat's points left to the condition because exact dealing cannot
    /// count their values (negative, on more than five ranks, more than 15 in a suit).
    pub uncounted: Vec<String>,
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

/// The evaluation switches: `-M` (how to solve double dummy), `-P` (the vulnerability of
/// `par`) and `-O` (the opener of `opc`).
#[derive(Clone, Copy, Debug, Default)]
pub struct DdSwitches {
    /// `-M 1` (single solves) or `-M 2` (whole tables); unset, dealvm chooses.
    pub mode: Option<DdMode>,
    /// `-P`: the vulnerability of `par(side)` and `parcontract`.
    pub par_vul: Option<Vulnerability>,
    /// `-O`: the seat that opens for `opc` (over the input's `opener` statement).
    pub opener: Option<Seat>,
    /// Whether an output file takes each produced deal's double-dummy table (`--pbn` with
    /// `--dd`, `-Z` without `N`).
    pub output_tables: bool,
}

/// Cards predealt to one seat from the command line (`-N`, `-E`, `-S`, `-W`).
#[derive(Clone, Debug)]
pub struct CommandLinePredeal {
    pub seat: Seat,
    pub hand: Hand,
    /// The switch as typed, for messages: `-N`.
    pub switch: String,
}

/// The index of a value among those evaluated for each produced deal.
pub type ValueRef = usize;

/// A part of a `printes` list.
#[derive(Clone, Debug)]
pub enum EsPart {
    Value(ValueRef),
    Text(String),
}

/// A field of a `csvrpt` or `printrpt` line.
#[derive(Clone, Debug)]
pub enum CsvPart {
    Value(ValueRef),
    Text(String),
    /// Hands, written one after the other in one field.
    Hands(Vec<Seat>),
    /// A par contract (the value, packed) at a vulnerability, written in quotes.
    ParContract(ValueRef),
}

/// An action as compiled.
#[derive(Clone, Debug)]
pub enum ActionSpec {
    PrintAll,
    PrintSide(Side),
    PrintPbn,
    PrintCompact(Option<ValueRef>),
    PrintOneline(Option<ValueRef>),
    PrintEs(Vec<EsPart>),
    /// `print(compass, ...)`: seats in North, East, South, West order.
    Print(Vec<Seat>),
    /// `average`, `frequency` and `bktfreq`: reports on the statistics kept in accumulator
    /// `tally` of the run's `Tallies`; `written`, the action as the input writes it.
    Average {
        label: Option<String>,
        tally: usize,
        written: Written,
    },
    Frequency {
        label: Option<String>,
        tally: usize,
        written: Written,
    },
    BktFreq {
        label: Option<String>,
        tally: usize,
        written: Written,
    },
    /// A CSV line to the `-C` file (standard output without one).
    CsvRpt(Vec<CsvPart>),
    /// A CSV line to standard output.
    PrintRpt(Vec<CsvPart>),
    /// Hands as predeal switches (`-N SAK,...`) to the `-X` file (standard output without one).
    Export(Vec<Seat>),
    /// `evalcontract`: the tricks of the side's declarer (South or West) counted in the
    /// frequency table `tally`, reported at the end as scores of the contract.
    EvalContract {
        side: Side,
        contract: Contract,
        vulnerable: bool,
        tally: usize,
        written: Written,
    },
    /// `evalleads`: each opening lead of `declarer`'s left-hand opponent, whose hand is
    /// predealt whole, with the tricks the defenders take after it.
    EvalLeads {
        declarer: Seat,
        contract: Contract,
        vulnerable: bool,
        leads: Vec<Lead>,
        written: Written,
    },
}

/// One lead of an `evalleads`: cards the leader holds in sequence (touching in the suit), so
/// that any of them is as good as another on every deal, as DDS reports them, highest
/// first; the tricks the defenders take after it, counted in the frequency table `tally`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lead {
    pub cards: Vec<Card>,
    pub tally: usize,
}

/// A statistics action as the input writes it, for the charts' titles and axes: the whole
/// action (`frequency "points" (hcp(north), 0, 37)`) and each value's expression
/// (`hcp(north)`), their runs of white space made one space.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The action, from its keyword to its end.
    pub action: String,
    /// The expression of each value the action counts: one for `average` and a 1-D table,
    /// two for a 2-D table, none for `evalcontract` and `evalleads`.
    pub values: Vec<String>,
}

impl ActionSpec {
    /// Whether the action prints something for every produced deal (Dealer then produces
    /// 40 deals by default). Like Dealer, `export` does not count.
    pub fn prints_each_deal(&self) -> bool {
        !matches!(
            self,
            ActionSpec::Average { .. }
                | ActionSpec::Frequency { .. }
                | ActionSpec::BktFreq { .. }
                | ActionSpec::Export(_)
                | ActionSpec::EvalContract { .. }
                | ActionSpec::EvalLeads { .. }
        )
    }

    /// The action's name in the input: `printoneline`, `average`, ...
    pub fn name(&self) -> &'static str {
        match self {
            ActionSpec::PrintAll => "printall",
            ActionSpec::PrintSide(_) => "printside",
            ActionSpec::PrintPbn => "printpbn",
            ActionSpec::PrintCompact(_) => "printcompact",
            ActionSpec::PrintOneline(_) => "printoneline",
            ActionSpec::PrintEs(_) => "printes",
            ActionSpec::Print(_) => "print",
            ActionSpec::Average { .. } => "average",
            ActionSpec::Frequency { .. } => "frequency",
            ActionSpec::BktFreq { .. } => "bktfreq",
            ActionSpec::CsvRpt(_) => "csvrpt",
            ActionSpec::PrintRpt(_) => "printrpt",
            ActionSpec::Export(_) => "export",
            ActionSpec::EvalContract { .. } => "evalcontract",
            ActionSpec::EvalLeads { .. } => "evalleads",
        }
    }

    /// Whether the action looks at the deal itself (not only at values).
    pub fn needs_deal(&self) -> bool {
        !matches!(
            self,
            ActionSpec::Average { .. }
                | ActionSpec::Frequency { .. }
                | ActionSpec::BktFreq { .. }
                | ActionSpec::EvalContract { .. }
                | ActionSpec::EvalLeads { .. }
        )
    }
}
