//! Ctrl-C (and SIGTERM, SIGHUP): during a run, the first one stops it after the batch being
//! delivered (at once when waiting for a usereval server), and the statistics so far are
//! printed; otherwise, or at a second one, the process ends at once. Either way the output
//! files not yet committed are removed; ending at once, the usereval servers are killed too
//! (a run interrupted cleanly ends them itself).

use crate::files::atomic::remove_pending;
use crate::run::interrupt;
use std::sync::atomic::{AtomicI32, Ordering};

/// The signal that interrupted the run, or 0.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// The signal that interrupted the run, if one did.
pub fn received() -> Option<i32> {
    Some(RECEIVED.load(Ordering::SeqCst)).filter(|&s| s != 0)
}

/// Takes SIGINT, SIGTERM and SIGHUP on a thread of their own. Call it before starting any
/// thread: the signals are blocked in every thread and taken by one that waits for them.
/// The command calls it before opening the output files of a run, unless the run is over in a
/// moment and writes no file (`invocation::execute`): until then, and in such a run, the signals end
/// the process at once, as they find nothing to clean up (no file, no `usereval` server).
pub fn install() {
    // Once per process: a program that runs the command many times (the fuzz targets, the
    // tests) keeps one waiting thread, not one per run.
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(install_once);
}

/// [`install`], the first time.
fn install_once() {
    #[cfg(unix)]
    // SAFETY: the signal set is initialised by sigemptyset before use; pthread_sigmask and
    // sigwait only read it.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaddset(&mut set, sig);
        }
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        let waiter = std::thread::Builder::new().name("signals".into()).spawn(move || loop {
            let mut sig: libc::c_int = 0;
            if libc::sigwait(&set, &mut sig) != 0 {
                return;
            }
            RECEIVED.store(sig, Ordering::SeqCst);
            if !interrupt::request() {
                remove_pending();
                crate::usereval::end_all();
                std::process::exit(128 + sig);
            }
        });
        if waiter.is_err() {
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        }
    }
}
