//! What is worked out from a deal, the bottom floor above `card` (the only module it imports):
//! hand evaluation, scores, double dummy, the user's own evaluation, statistics. Its modules,
//! the lowest first:
//!
//! - [`shape`]: the 560 shapes in the squashed order and 560-bit shape sets;
//! - [`tables`]: per-suit tables for the counting functions, keyed by a 13-bit suit mask;
//! - [`score`]: contracts, duplicate scores and IMPs;
//! - [`opc`]: the Optimal Point Count of a partnership (DealerV2's `opc`), cached per deal;
//! - [`dd`]: double-dummy tables, par, the solver trait and the per-deal cache;
//! - [`par_search`]: par scores without the whole table, by target searches on bounds;
//! - [`usereval`]: the queries of `usereval`, the trait that answers them and the per-deal cache;
//! - [`stats`]: the accumulators of `average`, `frequency` and `bktfreq`.

pub mod dd;
pub mod opc;
pub mod par_search;
pub mod score;
pub mod shape;
pub mod stats;
pub mod tables;
pub mod usereval;
