//! `usereval`: questions the condition asks a program of the user's, and the per-deal cache
//! of its answers.
//!
//! `usereval(tag, who, [suit,] idx)` asks a *query* — the tag, a side or a seat, maybe a
//! suit — about the deal; the answer is a list of up to [`MAX_RESULTS`] integers, and `idx`
//! picks one. The engine asks nothing itself: a program embedding it gives each
//! [`crate::machine::interp::Machine`] a [`UserEval`] (dealvm gives one that talks to the server program
//! of `-U`, see `docs/usereval.md`). The cache makes sure that each query is asked once per
//! deal, whatever number of its results the program reads.

use crate::card::{Deal, Seat, Side, Suit};
use std::fmt;
use std::sync::Arc;

/// The most values one answer may have: `idx` is 0 to 127.
pub const MAX_RESULTS: usize = 128;

/// Whom a query is about: a side (`NS`, `EW`) or one seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Who {
    /// Both hands of a side.
    Side(Side),
    /// One hand.
    Seat(Seat),
}

impl Who {
    /// As the protocol sends it: `NS`, `EW`, `N`, `E`, `S` or `W`.
    pub fn code(self) -> &'static str {
        match self {
            Who::Side(side) => side.name(),
            Who::Seat(seat) => ["N", "E", "S", "W"][seat.index()],
        }
    }

    /// As the Dealer language writes it: `NS`, `EW`, `north`, ...
    pub fn keyword(self) -> &'static str {
        match self {
            Who::Side(side) => side.name(),
            Who::Seat(seat) => seat.keyword(),
        }
    }
}

/// One query: what the server is asked about a deal. Its answer holds every result number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Query {
    /// The query's number, chosen by the server's author.
    pub tag: u32,
    /// The side or seat asked about.
    pub who: Who,
    /// The suit, when the query names one.
    pub suit: Option<Suit>,
}

impl Query {
    /// The expression that reads result `idx` of the query, as written in the input:
    /// `usereval(10, NS, 3)`, `usereval(2, north, spades, 0)`.
    pub fn shown(&self, idx: u8) -> String {
        match self.suit {
            Some(suit) => format!("usereval({}, {}, {}, {idx})", self.tag, self.who.keyword(), suit.name()),
            None => format!("usereval({}, {}, {idx})", self.tag, self.who.keyword()),
        }
    }
}

impl fmt::Display for Query {
    /// As the disassembler shows it: `10 NS -`, `2 N S`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = self.suit.map_or('-', |s| s.letter());
        write!(f, "{} {} {suit}", self.tag, self.who.code())
    }
}

/// What answers the queries, one per thread: a server program of the user's (in dealvm), or
/// anything else that gives integers for a deal and a query. Its answers must depend only on
/// the deal and the query, so that a run gives the same output on any number of threads.
pub trait UserEval: Send {
    /// Puts the results of `query` on `deal` in `out` (emptied first): at most
    /// [`MAX_RESULTS`] values. An error is a message for the user; the run stops with it.
    fn answer(&mut self, deal: &Deal, query: &Query, out: &mut Vec<i32>) -> Result<(), String>;
}

/// Why a `usereval` has no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserEvalError {
    /// The machine was given no [`UserEval`].
    NoAnswerer,
    /// The answerer failed: its message (the same for every later question on the thread).
    Failed(Arc<str>),
    /// The answer has no result `idx`: it has `answered` values.
    Short {
        /// The number of values answered.
        answered: usize,
    },
}

/// Counts of the questions a cache asked of its answerer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AskCounts {
    /// Queries sent to the answerer.
    pub asked: u64,
    /// Results read from an answer already given for the deal.
    pub cached: u64,
}

/// What one thread knows of the current deal's answers, and its answerer.
#[derive(Default)]
pub struct UserEvalCache {
    answerer: Option<Box<dyn UserEval>>,
    /// Per query of the program: the deal stamp its answer is for, and the answer.
    answers: Vec<(u32, Vec<i32>)>,
    stamp: u32,
    /// The answerer's failure: later questions fail with it at once.
    failed: Option<Arc<str>>,
    counts: AskCounts,
}

impl UserEvalCache {
    /// An empty cache for a program of `queries` queries, with no answerer.
    pub fn new(queries: usize) -> UserEvalCache {
        UserEvalCache { answers: vec![(0, Vec::new()); queries], stamp: 1, ..UserEvalCache::default() }
    }

    /// Gives the cache its answerer.
    pub fn set_answerer(&mut self, answerer: Box<dyn UserEval>) {
        self.answerer = Some(answerer);
    }

    /// Whether the cache has an answerer.
    pub fn has_answerer(&self) -> bool {
        self.answerer.is_some()
    }

    /// The work done so far.
    pub fn counts(&self) -> AskCounts {
        self.counts
    }

    /// Forgets the previous deal's answers.
    #[inline]
    pub fn next_deal(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.answers.iter_mut().for_each(|a| a.0 = 0);
            self.stamp = 1;
        }
    }

    /// Result `idx` of query number `query` (an index into `queries`) on `deal`, asked at the
    /// first question of the deal.
    pub fn value(&mut self, deal: &Deal, queries: &[Query], query: u16, idx: u8) -> Result<i32, UserEvalError> {
        let q = query as usize;
        let (stamp, answer) = &mut self.answers[q];
        if *stamp == self.stamp {
            self.counts.cached += 1;
        } else {
            if let Some(why) = &self.failed {
                return Err(UserEvalError::Failed(why.clone()));
            }
            let answerer = self.answerer.as_mut().ok_or(UserEvalError::NoAnswerer)?;
            answer.clear();
            self.counts.asked += 1;
            if let Err(why) = answerer.answer(deal, &queries[q], answer) {
                let why: Arc<str> = why.into();
                self.failed = Some(why.clone());
                return Err(UserEvalError::Failed(why));
            }
            if answer.len() > MAX_RESULTS {
                let why: Arc<str> = format!("the answer has {} values, more than {MAX_RESULTS}", answer.len()).into();
                self.failed = Some(why.clone());
                return Err(UserEvalError::Failed(why));
            }
            *stamp = self.stamp;
        }
        answer.get(idx as usize).copied().ok_or(UserEvalError::Short { answered: answer.len() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// Answers `[tag, tag + 1, ...]` (`tag` values), counting its calls; fails on tag 99.
    struct Fake(Arc<AtomicU32>);

    impl UserEval for Fake {
        fn answer(&mut self, _: &Deal, query: &Query, out: &mut Vec<i32>) -> Result<(), String> {
            self.0.fetch_add(1, Ordering::Relaxed);
            if query.tag == 99 {
                return Err("no".into());
            }
            out.extend((0..query.tag as i32).map(|i| query.tag as i32 + i));
            Ok(())
        }
    }

    /// A cache for three queries answered by [`Fake`], and the count of its calls.
    fn faked() -> (Arc<AtomicU32>, UserEvalCache) {
        let calls = Arc::new(AtomicU32::new(0));
        let mut c = UserEvalCache::new(3);
        c.set_answerer(Box::new(Fake(calls.clone())));
        (calls, c)
    }

    fn queries() -> Vec<Query> {
        let q = |tag| Query { tag, who: Who::Side(Side::NorthSouth), suit: None };
        vec![q(3), q(5), q(99)]
    }

    #[test]
    fn a_query_is_asked_once_per_deal() {
        let (calls, mut c) = faked();
        let (deal, qs) = (Deal::default(), queries());
        assert_eq!(c.value(&deal, &qs, 0, 0), Ok(3));
        assert_eq!(c.value(&deal, &qs, 0, 2), Ok(5));
        assert_eq!(c.value(&deal, &qs, 1, 4), Ok(9));
        assert_eq!(calls.load(Ordering::Relaxed), 2);
        assert_eq!(c.value(&deal, &qs, 0, 3), Err(UserEvalError::Short { answered: 3 }));
        c.next_deal();
        assert_eq!(c.value(&deal, &qs, 0, 1), Ok(4));
        assert_eq!(calls.load(Ordering::Relaxed), 3);
        assert_eq!(c.counts(), AskCounts { asked: 3, cached: 2 });
    }

    #[test]
    fn a_failure_stays() {
        let (calls, mut c) = faked();
        let (deal, qs) = (Deal::default(), queries());
        assert_eq!(c.value(&deal, &qs, 2, 0), Err(UserEvalError::Failed("no".into())));
        c.next_deal();
        assert_eq!(c.value(&deal, &qs, 0, 0), Err(UserEvalError::Failed("no".into())));
        assert_eq!(calls.load(Ordering::Relaxed), 1);
        assert_eq!(UserEvalCache::new(1).value(&deal, &qs, 0, 0), Err(UserEvalError::NoAnswerer));
    }

    #[test]
    fn queries_show_as_written() {
        let q = Query { tag: 2, who: Who::Seat(Seat::North), suit: Some(Suit::Spades) };
        assert_eq!(q.shown(7), "usereval(2, north, spades, 7)");
        assert_eq!(q.to_string(), "2 N S");
        assert_eq!(queries()[0].shown(0), "usereval(3, NS, 0)");
    }
}
