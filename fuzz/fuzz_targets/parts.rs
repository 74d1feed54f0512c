//! Fuzz target: the content of a part file, sealed, merged with a real part.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dealvm_fuzz::parts(data));
