//! Interrupting a run: a request (Ctrl-C) that the run honours between batches, ending as if
//! it had reached its limits, so that the statistics gathered so far are still reported. A
//! thread waiting for its usereval server stops waiting at once: its piece ends with a fault,
//! which the delivery takes for the interruption.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a run is dealing, and so can stop cleanly.
static RUNNING: AtomicBool = AtomicBool::new(false);
/// Whether the run was asked to stop.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Asks the run to stop after the batch it is delivering. `false` when no run is dealing (or a
/// stop was asked already): then nothing will stop, and the caller should end the process.
pub fn request() -> bool {
    RUNNING.load(Ordering::SeqCst) && !REQUESTED.swap(true, Ordering::SeqCst)
}

/// Whether a stop was asked for.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Marks the run as dealing (`true`) or not.
pub(crate) fn set_running(running: bool) {
    RUNNING.store(running, Ordering::SeqCst);
}
