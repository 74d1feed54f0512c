//! The abstract syntax tree of a Dealer input file.
//!
//! Nodes live in a `bumpalo` arena owned by the caller of the parser and carry the [`Span`]
//! of their source text. Every node is `Copy`: children are arena references.

use crate::diag::Span;
use dealvm_vm::card::{Seat, Side, Suit};
use dealvm_vm::evaluation::score::Strain;
use dealvm_vm::evaluation::usereval::Who;
use dealvm_vm::machine::bytecode::{BinaryOp, UnaryOp};

/// A number written in the input: an integer, or a dotnum already multiplied by 100.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Num {
    pub value: i64,
    pub span: Span,
}

/// The counting functions that take a seat and an optional suit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CountFn {
    Hcp,
    Pt(u8),
    Controls,
    Losers,
    Ltc,
}

impl CountFn {
    /// The function's name in the Dealer language.
    pub fn name(self) -> String {
        match self {
            CountFn::Hcp => "hcp".into(),
            CountFn::Pt(n) => format!("pt{n}"),
            CountFn::Controls => "controls".into(),
            CountFn::Losers => "losers".into(),
            CountFn::Ltc => "ltc".into(),
        }
    }
}

/// A strain argument: a suit or notrump.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StrainArg {
    Suit(Suit),
    NoTrump,
}

impl StrainArg {
    /// The strain of a contract.
    pub fn strain(self) -> Strain {
        match self {
            StrainArg::Suit(s) => dealvm_vm::evaluation::dd::STRAINS[s as usize],
            StrainArg::NoTrump => Strain::NoTrump,
        }
    }
}

/// One element of an HvS shape list: `+ any 4432`, `- 5xxx`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ShapeTerm<'a> {
    pub exclude: bool,
    pub any: bool,
    pub text: &'a str,
    pub span: Span,
}

/// A vulnerability word: `none`, `NS`, `ew`, `all`, `both`, ... as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct VulWord<'a> {
    pub text: &'a str,
    pub span: Span,
}

/// An expression with its span.
#[derive(Copy, Clone, Debug)]
pub struct Expr<'a> {
    pub kind: ExprKind<'a>,
    pub span: Span,
}

/// The kinds of expressions.
#[derive(Copy, Clone, Debug)]
pub enum ExprKind<'a> {
    Number(i32),
    Var(&'a str),
    Count {
        func: CountFn,
        seat: Seat,
        suit: Option<Suit>,
    },
    Length {
        seat: Seat,
        suit: Suit,
    },
    Quality {
        seat: Seat,
        suit: Suit,
    },
    Cccc(Seat),
    HasCard {
        seat: Seat,
        card: &'a str,
        card_span: Span,
    },
    Shape {
        seat: Seat,
        terms: &'a [ShapeTerm<'a>],
    },
    /// `shape{...}`: the text between the braces and where it starts.
    FdShape {
        text: &'a str,
        text_start: usize,
    },
    Score {
        vulnerable: bool,
        contract: &'a str,
        contract_span: Span,
        tricks: &'a Expr<'a>,
    },
    Imps(&'a Expr<'a>),
    Rnd(&'a Expr<'a>),
    Unary(UnaryOp, &'a Expr<'a>),
    Binary(BinaryOp, &'a Expr<'a>, &'a Expr<'a>),
    And(&'a Expr<'a>, &'a Expr<'a>),
    Or(&'a Expr<'a>, &'a Expr<'a>),
    Cond(&'a Expr<'a>, &'a Expr<'a>, &'a Expr<'a>),
    /// `dds(seat, strain)` or V1's `tricks(seat, strain)`: double-dummy tricks.
    Tricks {
        seat: Seat,
        strain: StrainArg,
    },
    /// `par(side)` or `par(side, vul)`: the par score for `side`.
    Par {
        side: Side,
        vul: Option<VulWord<'a>>,
    },
    /// `usereval(tag, who, [suit,] idx)`: result `idx` of a query to the usereval server.
    UserEval {
        tag: Num,
        who: Who,
        suit: Option<Suit>,
        idx: Num,
    },
    /// `opc(side)` or `opc(side, strain)`: the side's Optimal Point Count (×100) in its
    /// longest fit (`None`) or in `strain`.
    Opc {
        side: Side,
        strain: Option<StrainArg>,
    },
    /// A function that parses but is not implemented yet (`usereval`).
    Unsupported(&'static str),
}

/// An item of a `printes` list.
#[derive(Copy, Clone, Debug)]
pub enum PrintItem<'a> {
    Expr(&'a Expr<'a>),
    Str(&'a str),
}

/// An item of a `csvrpt` or `printrpt` list.
#[derive(Copy, Clone, Debug)]
pub enum CsvItem<'a> {
    Expr(&'a Expr<'a>),
    Str(&'a str),
    Seat(Seat),
    Side(Side),
    Deal,
    /// `trix(compass)` or, with `None`, `trix(deal)`.
    Trix(Option<Seat>),
    /// `parcontract` or `parcontract(vul)`.
    ParContract(Option<VulWord<'a>>),
}

/// One axis of a frequency table: the expression and its bounds (and bucket size).
#[derive(Copy, Clone, Debug)]
pub struct AxisExpr<'a> {
    pub expr: &'a Expr<'a>,
    pub low: Num,
    pub high: Num,
    pub step: Option<Num>,
}

/// An action with its span.
#[derive(Copy, Clone, Debug)]
pub struct Action<'a> {
    pub kind: ActionKind<'a>,
    pub span: Span,
}

/// The kinds of actions.
#[derive(Copy, Clone, Debug)]
pub enum ActionKind<'a> {
    PrintAll,
    PrintSide(Side),
    PrintPbn,
    PrintCompact(Option<&'a Expr<'a>>),
    PrintOneline(Option<&'a Expr<'a>>),
    PrintEs(&'a [PrintItem<'a>]),
    Print(&'a [Seat]),
    Average {
        label: Option<&'a str>,
        expr: &'a Expr<'a>,
    },
    Frequency {
        label: Option<&'a str>,
        x: AxisExpr<'a>,
        y: Option<AxisExpr<'a>>,
    },
    BktFreq {
        label: Option<&'a str>,
        x: AxisExpr<'a>,
        y: Option<AxisExpr<'a>>,
    },
    EvalContract {
        side: Side,
        contract: &'a str,
        vulnerable: bool,
    },
    /// `evalleads(declarer, contract, vul)`: the opening leads of declarer's left-hand
    /// opponent, solved double dummy.
    EvalLeads {
        declarer: Seat,
        contract: &'a str,
        vulnerable: bool,
    },
    ExportSide(Side),
    ExportSeat(Seat),
    CsvRpt(&'a [CsvItem<'a>]),
    PrintRpt(&'a [CsvItem<'a>]),
}

/// One argument of a `predeal` statement.
#[derive(Copy, Clone, Debug)]
pub enum PredealArg<'a> {
    /// `north SAQ542, HKJ87`: holdings as written, each with its span.
    Holdings { seat: Seat, seat_span: Span, holdings: &'a [(&'a str, Span)] },
    /// `spades(west) == 7`: a suit length.
    Bias { suit: Suit, seat: Seat, length: Num, span: Span },
}

/// A statement with its span.
#[derive(Copy, Clone, Debug)]
pub struct Statement<'a> {
    pub kind: StmtKind<'a>,
    pub span: Span,
}

/// The kinds of statements.
#[derive(Copy, Clone, Debug)]
pub enum StmtKind<'a> {
    Generate(Num),
    Produce(Num),
    Seed(Num),
    Title(&'a str),
    Dealer(Seat),
    Vulnerable(VulWord<'a>),
    Opener(Seat),
    StartBoard(Num),
    Predeal(&'a [PredealArg<'a>]),
    Pointcount(&'a [Num]),
    Altcount(Num, &'a [Num]),
    Condition(&'a Expr<'a>),
    VarDef { name: &'a str, name_span: Span, value: &'a Expr<'a> },
    Action(&'a [Action<'a>]),
}
