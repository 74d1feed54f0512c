//! Fuzz target: a PBN or DLM file read with --deals.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dealvm_fuzz::boards(data));
