//! SquareDeal's events, whose deals can be proved afterwards. Before play the organiser
//! publishes the event file (`EVENT.sqd`), which commits to secret session keys by their hash;
//! once play has begun, a value nobody knew before (the delayed value) is added to it, and the
//! boards are dealt from the keys and that value as SquareDeal deals them. After the event the
//! key file (`EVENT.sqk`) is revealed, and anyone can deal every board again and compare.
//!
//! [`event`] holds the files' formats and the derivation of each session's seeds; [`sessions`]
//! reads an event's files and checks them against each other; [`steps`] is the event's steps
//! (create, add a phase, publish, set the delayed value, generate), [`verify`] the check after
//! the event. The board files are Big Deal's ([`crate::formats`]).

pub mod event;
pub mod sessions;
pub mod steps;
pub mod verify;
