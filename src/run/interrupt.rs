//! Interrupting a run: a request (Ctrl-C) that the run honours between batches, ending as if
//! it had reached its limits, so that the statistics gathered so far are still reported. A
//! thread waiting for its usereval server stops waiting at once: its piece ends with a fault,
//! which the delivery takes for the interruption.
//!
//! Ctrl-C is one flag for the process (the command runs one run); a [`Stop`] belongs to one
//! run (the server's request, a library's caller): asked for, or due at a deadline, it stops
//! that run alone, the same way.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

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

/// The stop of one run: asked for from another thread ([`Stop::request`]), or due when its
/// deadline passes. The run looks at it between pieces of batches, as it looks for Ctrl-C,
/// and ends as Ctrl-C ends it: the deals delivered so far counted, the statistics kept.
/// Clones share the request.
///
/// ```
/// use std::time::{Duration, Instant};
/// let stop = dealvm::Stop::new();
/// assert!(!stop.requested());
/// stop.request();
/// assert!(stop.requested() && !stop.timed_out());
/// let late = dealvm::Stop::new().with_deadline(Instant::now() - Duration::from_millis(1));
/// assert!(late.requested() && late.timed_out());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop {
    asked: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Stop {
    /// A stop not asked for, with no deadline.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// The same stop, due at `deadline` too (the earlier one when it had one already).
    pub fn with_deadline(mut self, deadline: Instant) -> Stop {
        self.deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// Asks the run to stop after the piece it is delivering.
    pub fn request(&self) {
        self.asked.store(true, Ordering::SeqCst);
    }

    /// Whether the run should stop: asked for, or past its deadline.
    pub fn requested(&self) -> bool {
        self.asked.load(Ordering::Relaxed) || self.timed_out()
    }

    /// Whether the deadline has passed.
    pub fn timed_out(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
