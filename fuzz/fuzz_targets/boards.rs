//! Fuzz target: a board file of any format `--deals` reads (the first byte picks the file's
//! extension, the rest is its content).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dealvm_fuzz::boards(data));
