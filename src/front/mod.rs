//! The front end: the text of an input file to its syntax tree.
//!
//! [`lex`] turns the text into tokens (substituting the script variables `$0`..`$9`),
//! [`parse`] reads them with the grammar of `grammar/dealer.lalrpop` into the [`ast`], whose
//! nodes live in a `bumpalo` arena; [`fdshape`] reads the François Dellacherie shapes inside
//! `shape{...}`; [`words`] names the functions, statements, actions and operator words for
//! suggestions; its errors are [`crate::diag`]'s caret messages; [`exe`] regroups the operators as the Windows `dealer.exe` does (`--classic=exe`);
//! [`dialect`] holds what each Dealer lacks or reads otherwise (`dealvm check`, `--classic`).
//!
//! Imports: [`crate::diag`], and the `vm` crate's plain types (seats, suits, operators, shape sets). Nothing
//! here knows of compiling, dealing or output.

pub mod ast;
pub mod dialect;
pub mod exe;
pub mod fdshape;
pub mod lex;
pub mod parse;
pub mod words;
