//! The library's front door: compile a Dealer script once ([`crate::Script`]), run it over the deals
//! you choose ([`crate::Run`], [`crate::Deals`]), and take the produced deals ([`crate::Produced`]) and the
//! statistics ([`crate::Statistic`]) as data. The `dealvm` command is one client of it.
//!
//! Imports: [`crate::run`] (the driver and its `Receiver`), [`crate::compile`],
//! [`crate::source`], [`crate::front`] (messages), [`crate::report::estimate`] and the `vm`
//! crate.

pub mod run;
pub mod script;
pub mod statistics;
