//! The syntax of a François Dellacherie shape list: terms, their elements and conditions,
//! and the errors found reading them.

/// An error in an FD shape, at a byte range of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FdError {
    pub at: usize,
    pub len: usize,
    pub message: String,
}

pub(super) fn err<T>(at: usize, len: usize, message: impl Into<String>) -> Result<T, FdError> {
    Err(FdError { at, len: len.max(1), message: message.into() })
}

/// Suits in the order of a distribution: spades, hearts, diamonds, clubs.
pub(super) const S: usize = 0;
pub(super) const H: usize = 1;
pub(super) const D: usize = 2;
pub(super) const C: usize = 3;

/// Lengths allowed by one element, as bits 0..=13.
pub(super) type Lengths = u16;
pub(super) const ANY: Lengths = (1 << 14) - 1;

/// Where an element's length goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    Suit(usize),
    Major,
    Minor,
    Next,
}

#[derive(Copy, Clone, Debug)]
pub(super) struct Element {
    pub(super) lengths: Lengths,
    pub(super) slot: Slot,
}

/// A suit length in a condition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum SuitRef {
    Suit(usize),
    Major,
    Minor,
}

/// A condition's expression.
#[derive(Clone, Debug)]
pub(super) enum Cond {
    Num(i32),
    Len(SuitRef),
    Neg(Box<Cond>),
    Not(Box<Cond>),
    /// `+`, `-` or `*`.
    Bin(char, Box<Cond>, Box<Cond>),
    /// A division, with the byte offset of its `/` (for a division by zero).
    Div(usize, Box<Cond>, Box<Cond>),
    Cmp(&'static str, Box<Cond>, Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

/// One term of a list.
#[derive(Clone, Debug)]
pub(super) struct Term {
    pub(super) exclude: bool,
    pub(super) elements: Vec<Element>,
    pub(super) group: Vec<Lengths>,
    pub(super) condition: Option<Cond>,
}
