//! Fuzz target: all a usereval server says.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dealvm_fuzz::servers(data));
