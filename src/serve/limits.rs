//! The limits of a shared server, each a switch of `dealvm serve`, and the gate that bounds
//! the requests running at once: a request that finds every place taken waits in a short
//! queue, and is turned away (503, `Retry-After`) when the queue is full or its wait is over.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// What one request may take, and how many run at once.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Wall-clock seconds a run may deal; then it stops where it is (`--max-seconds`).
    pub seconds: f64,
    /// Deals a run may examine (`--max-generate`): a script's larger `generate` is cut to it.
    pub generate: u64,
    /// Deals a request may get back (`--max-deals`): the deals of `/api/run`, the boards of
    /// `/api/boards`, the deals a printing script of `/deal` produces.
    pub deals: u64,
    /// Bytes of a script (`--max-script-bytes`).
    pub script_bytes: usize,
    /// Bytes of a request's body, the script and the deals given with it (`--max-request-bytes`).
    pub request_bytes: usize,
    /// Bytes of an answer's output (`--max-answer-bytes`): the run stops when its output
    /// passes it, the output cut there.
    pub answer_bytes: usize,
    /// Requests running at once (`--max-running`).
    pub running: usize,
    /// Requests waiting for a place (`--max-waiting`); more are turned away at once.
    pub waiting: usize,
    /// Seconds a request waits for a place before it is turned away (`--max-wait`).
    pub wait: f64,
    /// Threads one run deals on (`--max-threads`): a request asking more gets this many.
    pub threads: usize,
    /// Seconds a client has to send a request's headers (`--max-header-seconds`): counted from
    /// its connection, or from the first byte of a request that follows another on a kept-alive
    /// connection; then the connection is closed.
    pub header_seconds: f64,
    /// Seconds a client has to send a request's body (`--max-body-seconds`); then the request
    /// is answered 408 and its connection closed.
    pub body_seconds: f64,
    /// Seconds a kept-alive connection may wait for its next request, once its answer is
    /// written (`--max-idle-seconds`); then it is closed.
    pub idle_seconds: f64,
    /// Connections open at once (`--max-connections`); `None`: as many as the open-files limit
    /// leaves room for ([`default_connections`]).
    pub connections: Option<usize>,
}

/// The limits of `dealvm serve` without switches: a service for a club or a class on a small
/// machine.
pub const DEFAULT_LIMITS: Limits = Limits {
    seconds: 5.0,
    generate: 10_000_000,
    deals: 1000,
    script_bytes: 64 << 10,
    request_bytes: 1 << 20,
    answer_bytes: 1 << 20,
    running: 2,
    waiting: 16,
    wait: 2.0,
    threads: 1,
    header_seconds: 10.0,
    body_seconds: 20.0,
    idle_seconds: 5.0,
    connections: None,
};

/// The connections of a server whose open-files limit is `files`, when `--max-connections`
/// does not say: an eighth of the limit (at least 64) left for the server's own files (its
/// listener, its runtime, the runs' threads), at most 4096.
pub fn default_connections(files: u64) -> usize {
    let room = files.saturating_sub((files / 8).max(64));
    room.clamp(1, 4096) as usize
}

impl Default for Limits {
    fn default() -> Limits {
        DEFAULT_LIMITS
    }
}

/// The places of the requests running at once, and the queue before them.
pub struct Gate {
    places: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    most_waiting: usize,
    wait: Duration,
}

/// A place taken: given back when dropped (when the run ends, even if its client went away).
pub type Place = OwnedSemaphorePermit;

/// A request that found no place: the queue was full, or its wait was over.
#[derive(Debug, PartialEq, Eq)]
pub enum Busy {
    QueueFull,
    WaitedTooLong,
}

/// One request in the queue: counted out when it leaves, whether it got a place, waited too
/// long, or its client went away.
struct InQueue(Arc<AtomicUsize>);

impl Drop for InQueue {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Gate {
    /// The gate of `limits`: `running` places, a queue of `waiting`, each waiting `wait`.
    pub fn new(limits: &Limits) -> Gate {
        Gate {
            places: Arc::new(Semaphore::new(limits.running.max(1))),
            waiting: Arc::new(AtomicUsize::new(0)),
            most_waiting: limits.waiting,
            wait: Duration::from_secs_f64(limits.wait.max(0.0)),
        }
    }

    /// A place for a request: at once when one is free, else after waiting in the queue.
    pub async fn enter(&self) -> Result<Place, Busy> {
        if let Ok(place) = self.places.clone().try_acquire_owned() {
            return Ok(place);
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.most_waiting {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Busy::QueueFull);
        }
        let _queued = InQueue(self.waiting.clone());
        match tokio::time::timeout(self.wait, self.places.clone().acquire_owned()).await {
            Ok(Ok(place)) => Ok(place),
            _ => Err(Busy::WaitedTooLong),
        }
    }

    /// Requests running now and waiting now.
    pub fn load(&self, limits: &Limits) -> (usize, usize) {
        let running = limits.running.max(1).saturating_sub(self.places.available_permits());
        (running, self.waiting.load(Ordering::SeqCst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_cap_on_connections_leaves_room_for_the_servers_files() {
        assert_eq!(default_connections(1024), 896);
        assert_eq!(default_connections(256), 192);
        assert_eq!(default_connections(20), 1);
        assert_eq!(default_connections(1 << 20), 4096);
    }

    #[test]
    fn a_full_gate_queues_then_turns_away() {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
        runtime.block_on(async {
            let limits = Limits { running: 1, waiting: 1, wait: 0.05, ..Limits::default() };
            let gate = Gate::new(&limits);
            let first = gate.enter().await.unwrap();
            assert_eq!(gate.load(&limits), (1, 0));
            // One waits, the one after it finds the queue full.
            let (waited, refused) = tokio::join!(gate.enter(), async {
                tokio::time::sleep(Duration::from_millis(10)).await;
                gate.enter().await
            });
            assert_eq!(waited.unwrap_err(), Busy::WaitedTooLong);
            assert_eq!(refused.unwrap_err(), Busy::QueueFull);
            drop(first);
            assert!(gate.enter().await.is_ok());
            assert_eq!(gate.load(&limits).1, 0);
        });
    }
}
