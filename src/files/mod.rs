//! Output files: the board files dealvm writes and how every output file is written.
//!
//! [`atomic`] writes a file beside its target and renames it into place only when the run
//! succeeds (and removes it on Ctrl-C); [`pbn`] writes PBN files in export format; [`dlm`]
//! writes Duplimate DLM files and holds the DLM encoding that reading them shares.
//!
//! Imports: the `vm` crate's plain types (deals, boards, vulnerability) only.

pub mod atomic;
pub mod dlm;
pub mod pbn;
