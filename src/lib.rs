//! dealvm: generate bridge deals that meet constraints written in the Dealer language.
//!
//! The pipeline, one module per stage:
//! [`lex`] (tokens) → [`parse`] (AST in an arena, [`ast`]) → [`compile`] (bytecode for the
//! `dealvm_vm` crate) → [`run`] (dealing in parallel batches) → [`actions`] and [`output`]
//! (what is printed). [`cli`] holds the command line; [`diag`] the error messages.
//! Board files: [`pbn`] and [`dlm`] write and read PBN and Duplimate files, [`boards`] reads
//! either as the deals of a run (`--deals`).

pub mod actions;
pub mod ast;
pub mod boards;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod dlm;
pub mod fdshape;
pub mod lex;
pub mod outfile;
pub mod output;
pub mod parse;
pub mod pbn;
pub mod run;
