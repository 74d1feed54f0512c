//! Shards: one run split across machines. `dealvm --shard K/N --part FILE` runs only the
//! batches whose number is `K` modulo `N` ([`crate::run`] with [`crate::run::Shard`]) and
//! keeps what the run needs of them ([`keep`]) in a part file ([`part`]: the format, its
//! fingerprint and checksum); `dealvm merge PART...` checks the parts and replays them to the
//! actions in the single run's order ([`merge`]), so that it prints and writes byte for byte
//! what the single run would.
//!
//! Why it works: batch `k` deals from a random stream fixed by the seed and `k` alone, so a
//! shard deals exactly the single run's deals of its batches. A run stopped by `produce` is
//! cut by the merge: each shard produces up to the limit from its own batches, which always
//! covers the single run's deals up to its stop.
//!
//! Imports: the run ([`crate::run`]: its receiver, outcome and shards), the actions replayed
//! to ([`crate::report`]) and the `vm` crate. The command line ([`crate::cli`]) uses it.

pub mod keep;
pub mod merge;
pub mod part;
