#![doc = include_str!("../README.md")]
#![cfg_attr(not(test), no_std)]
#![allow(non_snake_case)]
#![allow(clippy::all, clippy::pedantic)]
#![allow(rustdoc::broken_intra_doc_links)]

// dealvm patch (PATCHES.md): bindings made once by `regenerate-bindings.sh`, not at each build.
include!("bindings.rs");

#[cfg(test)]
mod tests;
