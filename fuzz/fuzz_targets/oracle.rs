//! Fuzz target: the choices of a random script shaped like users' scripts, run the default
//! way and the reference way.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dealvm_fuzz::oracle(data));
