//! Fuzz target: a file that -Z N:, -l or -C adds to: added to whole, or untouched.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dealvm_fuzz::appends(data));
