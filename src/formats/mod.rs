//! The files of boards and deals that dealvm reads and writes, one module a format, each
//! holding the format's facts ([`Facts`]), its reader and its writer side by side with their
//! round-trip tests; this module is the registry ([`Format`]) that every list of formats is
//! made from: the command's switches and `-f` names, what `--deals` recognises, the checks
//! before an output replaces a file ([`kind`]), the server's list of board files and its
//! page's labels.
//!
//! - PBN ([`pbn`]), DLM ([`dlm`]): the files of scoring programs and of Duplimate's dealing
//!   machines.
//! - DUP, BRI, DGE ([`dup`], [`bri`], [`dge`], over their shared DOS layout [`duplimate`]),
//!   BER ([`ber`]): older dealing machines; RZD ([`rzd`], KOPS) and CDS ([`cds`]); BHG ([`bhg`],
//!   the Borel Hand Generator); Big Deal's CSV ([`csv`]); LIN ([`lin`], BBO); GOE ([`goe`], the
//!   deals' numbers in Big Deal's numbering, [`number`]).
//! - zrd ([`zrd`], Pavlicek's solved deals) and DL52 ([`dl52`], DealerV2's records): files of
//!   deal records, which runs add to.
//!
//! [`registry`] lists the formats; [`facts`] is what each module gives it. [`cards`] is the
//! order of the pack these files number the cards in, and the checked making of a deal card by
//! card; [`place`] says where a file is wrong (the board, the byte or the line and column),
//! and gathers the warnings of what a reader passed over;
//! [`mod@read`] reads any of them, told by content or else by name.
//!
//! Imports: [`crate::diag`] and the `vm` crate's plain types (deals, boards, tables of tricks).

pub mod ber;
pub mod bhg;
pub mod bri;
pub mod cards;
pub mod cds;
pub mod csv;
pub mod dge;
pub mod dl52;
pub mod dlm;
pub mod dup;
pub mod duplimate;
pub mod facts;
pub mod goe;
pub mod kind;
pub mod lin;
pub mod number;
pub mod pbn;
pub mod place;
pub mod read;
pub mod registry;
pub mod rzd;
pub mod zrd;

pub use facts::{generator, Check, Facts, Read, ReadDeals, Reader, Sealed, SealedForm, Switch};
pub use read::read;
pub use registry::{name_of, named, names, names_explained, parse_list, what_of, Format};
