//! Fuzz target: the command line's switches.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dealvm_fuzz::switches(data));
