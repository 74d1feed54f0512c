//! The bytecode and what runs it, the top floor: it imports `dealing` (the random generator
//! behind `rnd()`, the sources a batch deals from) and `evaluation` (what the instructions
//! compute). Its modules import each other downwards in this order, the first lowest:
//!
//! - [`bytecode`]: the instruction set, its operators and the operands of its superinstructions;
//!   how they are built (`construct.rs`) and printed, with a program's listing (`print.rs`);
//! - [`program`]: a compiled input file, its tables, and what its code reads;
//! - [`verify`]: the verifier the assembler runs on every program;
//! - [`assembler`]: builds and verifies a program;
//! - [`fuse`]: superinstructions, frequent pairs in one dispatch, addresses unchanged;
//! - [`block`]: the deal routine run over a block of deals, each instruction over a column;
//! - [`interp`]: the interpreter that runs a program on a deal;
//! - [`batch`]: runs a batch of deals (or a piece of one) through the condition and the values,
//!   on one thread. It deals and evaluates, so it sits here, above both.

pub mod assembler;
pub mod batch;
pub mod block;
pub mod bytecode;
#[cfg(test)]
mod facts_tests;
pub mod fuse;
pub mod interp;
pub mod program;
#[cfg(test)]
mod shortcuts;
#[cfg(test)]
pub(crate) mod testgen;
pub mod verify;
