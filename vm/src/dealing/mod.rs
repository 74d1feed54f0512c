//! Where deals come from, the middle floor: it imports `evaluation` (shape sets for the rules of
//! exact dealing, trick tables of solved boards) and nothing of `machine`. Its modules, the
//! lowest first:
//!
//! - [`rng`]: the random generator, exact bounded draws, bit instructions;
//! - [`classic`]: classic Dealer's dealing (`--classic`): glibc's `rand()` (and `dealer.exe`'s
//!   `random()`), its shuffle from one deal to the next, and its `rnd`; for threads, a batch's
//!   draws in blocks and its deals worked out on the places before the cards are known;
//! - [`board`]: boards (a deal with its number, dealer and vulnerability) and the board cycle;
//! - [`gaps`]: the random deals an exactly dealt deal stands for, in Dealer's law;
//! - [`source`]: the [`source::DealSource`] trait, and deals given in a list;
//! - [`partial`]: one hand dealt alone, Floyd's `k` of `n`, the counting the splits share;
//! - [`split`]: [`split::RandomDealer`], the fast exact dealing of deals with nothing predealt
//!   (of the hands the program reads only, completed for the deals printed);
//! - [`predeal`]: predealt cards and suit lengths, and why they can be impossible;
//! - [`bias`]: exact dealing of predealt suit lengths;
//! - [`deal`]: [`deal::PredealDealer`], uniform dealing around predealt cards and lengths;
//! - [`exact`]: dealing uniformly among the deals whose seats meet rules, counted exactly;
//! - [`sparse`]: [`sparse::Sparse`], exact dealing whose deals stand for the random deals.

pub mod bias;
pub mod board;
pub mod classic;
pub mod deal;
pub mod exact;
pub mod gaps;
pub mod partial;
pub mod predeal;
pub mod rng;
pub mod source;
pub mod sparse;
pub mod split;
