//! The `dealvm` command: the arguments handed to the library's command line
//! ([`dealvm::cli::main`]), which runs the command and gives the exit status. See `dealvm
//! --help`, and the `cli` module for the switches. `dealvm merge PART...` (the first argument
//! `merge`) finishes a run split into shards.
//!
//! The process starts at the C `main` below, not at Rust's: the standard library's start-up
//! reads `/proc/self/maps` to find the main thread's stack and installs handlers that name a
//! stack overflow, a tenth of a millisecond of every run (a one-deal run takes about two).
//! What of it dealvm needs is done here: the standard descriptors are open, a write to a
//! closed pipe is an error and not a signal, and a panic is reported and exits with status
//! 101. `exit` flushes standard output. The arguments come as with Rust's `main` (on Linux
//! the standard library takes them before any `main` runs).
#![no_main]

use std::ffi::{c_char, c_int, OsString};

/// The entry point the C runtime calls.
#[no_mangle]
pub extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
    let start = std::time::Instant::now();
    standard_descriptors_open();
    // SAFETY: ignoring a signal changes no memory; nothing else runs yet.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    let args: Vec<OsString> = std::env::args_os().collect();
    // A panic has printed its message (the standard hook) by the time it is caught here.
    let status = std::panic::catch_unwind(|| dealvm::cli::main(&args, start)).unwrap_or(101);
    std::process::exit(status)
}

/// Opens `/dev/null` on a standard descriptor the caller closed (`dealvm >&-`), so that no
/// file the run opens takes its number and receives what is meant for it.
fn standard_descriptors_open() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd { fd, events: 0, revents: 0 });
    // SAFETY: `fds` is an array of three `pollfd` that the call may write.
    if unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) } < 0 {
        return;
    }
    for pollfd in fds {
        if pollfd.revents & libc::POLLNVAL != 0 {
            // SAFETY: a path that is a NUL-terminated string; the lowest free number is
            // this descriptor's, the ones below being open.
            unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        }
    }
}
