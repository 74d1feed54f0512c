//! dealvm's engine: everything that runs per deal, with no parser in it.
//!
//! - [`card`]: suits, seats, cards, bitmask hands and deals;
//! - [`deal`]: the random generator and uniform dealing around predealt cards;
//! - [`split`]: the fast exact dealing of deals with nothing predealt;
//! - [`bias`]: exact dealing of predealt suit lengths;
//! - [`tables`]: per-suit tables for the counting functions, keyed by a 13-bit suit mask;
//! - [`shape`]: the 560 shapes in the squashed order and 560-bit shape sets;
//! - [`score`]: contracts, duplicate scores and IMPs;
//! - [`bytecode`]: the instruction set, programs and a disassembler;
//! - [`interp`]: the interpreter that runs a program on a deal;
//! - [`stats`]: the accumulators of `average`, `frequency` and `bktfreq`;
//! - [`batch`]: runs a batch of deals through condition and values, on one thread.

pub mod batch;
pub mod bias;
pub mod bytecode;
pub mod card;
pub mod deal;
pub mod interp;
pub mod score;
pub mod shape;
pub mod split;
pub mod stats;
pub mod tables;
