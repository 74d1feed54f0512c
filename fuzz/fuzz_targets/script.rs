//! Fuzz target: an input file in the Dealer language.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dealvm_fuzz::script(data));
