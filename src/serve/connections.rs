//! The connections of `dealvm serve`: accepted by the server itself, at most `--max-connections`
//! open at once, each served by hyper (HTTP/1) and watched for its time limits: its headers
//! within `--max-header-seconds`, its next request on a kept-alive connection within
//! `--max-idle-seconds` (a request's body is timed by its route, within `--max-body-seconds`).
//! A connection over its time is closed; at the cap, a new connection closes the one that has
//! waited longest for its headers or its next request, and is answered 503 when every open one
//! is running a request. What was closed is logged once a second at most, one line for each kind.
//! At the start the soft open-files limit is raised to the hard one ([`raise_open_files`]).

use super::limits::Limits;
use axum::body::{Body, Bytes};
use axum::Router;
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify, OwnedSemaphorePermit, Semaphore};

/// The open-files limit of the server: what it is, and what it was before the start raised it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenFiles {
    pub now: u64,
    pub before: u64,
}

/// Raises the soft open-files limit (`RLIMIT_NOFILE`) to the hard one, where the system allows
/// it; the limit then, or `None` where the system does not tell it.
pub fn raise_open_files() -> Option<OpenFiles> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes the limit into the struct it is given, which is ours.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
        let before = limit.rlim_cur;
        // The hard limit, else (macOS refuses more than OPEN_MAX) 10240.
        for soft in [limit.rlim_max, limit.rlim_max.min(10240)] {
            if soft <= before {
                break;
            }
            let raised = libc::rlimit { rlim_cur: soft, rlim_max: limit.rlim_max };
            // SAFETY: setrlimit reads the struct it is given; a refused value changes nothing.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                return Some(OpenFiles { now: wide(soft), before: wide(before) });
            }
        }
        Some(OpenFiles { now: wide(before), before: wide(before) })
    }
    #[cfg(not(unix))]
    None
}

/// A limit of the system as a `u64`, whatever its type there.
#[cfg(unix)]
fn wide<T: Into<u64>>(value: T) -> u64 {
    value.into()
}

/// What a connection is doing, in the two lowest bits of [`Watch::state`].
const HEAD: u64 = 0;
const BUSY: u64 = 1;
const IDLE: u64 = 2;
const CLOSING: u64 = 3;

/// Why a connection was closed by the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Closed {
    /// Its headers did not come within `--max-header-seconds`.
    Headers,
    /// It waited for its next request longer than `--max-idle-seconds`.
    Idle,
}

/// The state of one connection: its phase (reading a request's headers, running a request,
/// idle between requests, being closed to make room) and since when, in milliseconds from the
/// server's start, packed in one word; the call that closes it to make room; and the call that
/// has its deadline looked at again, when its phase changes.
struct Watch {
    state: AtomicU64,
    epoch: Instant,
    evicted: Notify,
    changed: Notify,
}

impl Watch {
    /// A connection just accepted: waiting for its first request's headers.
    fn new(epoch: Instant) -> Watch {
        let watch = Watch { state: AtomicU64::new(0), epoch, evicted: Notify::new(), changed: Notify::new() };
        watch.state.store(watch.now() << 2 | HEAD, Ordering::SeqCst);
        watch
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// The phase, and the instant it began.
    fn load(&self) -> (u64, Instant) {
        let state = self.state.load(Ordering::SeqCst);
        (state & 3, self.epoch + Duration::from_millis(state >> 2))
    }

    /// Moves to `to`, beginning now, when the phase is one of `from`; whether it moved.
    fn moves(&self, from: &[u64], to: u64) -> bool {
        let now = self.now();
        self.state.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |state| from.contains(&(state & 3)).then_some(now << 2 | to)).is_ok()
    }

    /// Moves to `to`, as [`Watch::moves`], and has the deadline looked at again if it moved.
    fn changes(&self, from: &[u64], to: u64) {
        if self.moves(from, to) {
            self.changed.notify_one();
        }
    }

    /// Bytes came from the client: an idle connection is reading its next request's headers.
    fn read(&self) {
        self.changes(&[IDLE], HEAD);
    }

    /// Bytes of an answer went to the client: an idle connection's wait begins again (later:
    /// the deadline is looked at again when it comes).
    fn wrote(&self) {
        self.moves(&[IDLE], IDLE);
    }

    /// A request's headers are read: it runs.
    fn busy(&self) {
        self.changes(&[HEAD, IDLE], BUSY);
    }

    /// A request's answer is written: the connection waits for its next request.
    fn answered(&self) {
        self.changes(&[BUSY], IDLE);
    }

    /// Closes the connection to make room, unless it is running a request; whether it will.
    fn evict(&self) -> bool {
        let evicted = self.moves(&[HEAD, IDLE], CLOSING);
        if evicted {
            self.evicted.notify_one();
        }
        evicted
    }

    /// When the connection is to be closed, and why; `None` while it runs a request.
    fn deadline(&self, limits: &Limits) -> Option<(Instant, Closed)> {
        let seconds = |s: f64| Duration::from_secs_f64(s.max(0.0));
        match self.load() {
            (HEAD, since) => Some((since + seconds(limits.header_seconds), Closed::Headers)),
            (IDLE, since) => Some((since + seconds(limits.idle_seconds), Closed::Idle)),
            _ => None,
        }
    }
}

/// A connection's stream, telling its [`Watch`] when bytes come and go.
struct Watched {
    stream: TcpStream,
    watch: Arc<Watch>,
}

impl AsyncRead for Watched {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            this.watch.read();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            this.watch.wrote();
        }
        polled
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            this.watch.wrote();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// An answer's body, telling the connection's [`Watch`] when it is written (when hyper drops
/// it, having taken its last bytes, or the connection closes).
struct Answer {
    body: Body,
    watch: Arc<Watch>,
}

impl hyper::body::Body for Answer {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

impl Drop for Answer {
    fn drop(&mut self) {
        self.watch.answered();
    }
}

/// How many connections the server closed, of each kind, since its last log lines.
#[derive(Default)]
struct Tally {
    headers: AtomicU64,
    idle: AtomicU64,
    evicted: AtomicU64,
    refused: AtomicU64,
    unaccepted: AtomicU64,
    /// Why the last connection that could not be accepted was not.
    why_unaccepted: Mutex<String>,
}

/// `n` connections, in words.
fn connections(n: u64) -> String {
    if n == 1 {
        "1 connection".to_string()
    } else {
        format!("{n} connections")
    }
}

/// What the connections share: the limits, the places (one for each connection open), the
/// connections open (to find the one to close at the cap), the tally.
struct Shared {
    limits: Limits,
    cap: usize,
    places: Arc<Semaphore>,
    open: Mutex<HashMap<u64, Arc<Watch>>>,
    next: AtomicU64,
    tally: Tally,
    epoch: Instant,
}

impl Shared {
    /// Closes the open connection that has waited longest for its headers or its next
    /// request; whether there was one (none when every one runs a request).
    fn evict_oldest(&self) -> bool {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let mut waiting: Vec<(Instant, &Arc<Watch>)> = open
            .values()
            .map(|w| (w.load(), w))
            .filter(|((phase, _), _)| *phase == HEAD || *phase == IDLE)
            .map(|((_, since), w)| (since, w))
            .collect();
        waiting.sort_by_key(|(since, _)| *since);
        waiting.into_iter().any(|(_, watch)| watch.evict())
    }

    /// One line for each kind of connection closed since the last call, if any.
    fn report(&self) {
        let tally = &self.tally;
        let l = &self.limits;
        let take = |count: &AtomicU64| count.swap(0, Ordering::SeqCst);
        let n = take(&tally.headers);
        if n > 0 {
            eprintln!("dealvm serve: closed {} that did not send their headers within {} s (--max-header-seconds)", connections(n), l.header_seconds);
        }
        let n = take(&tally.idle);
        if n > 0 {
            eprintln!("dealvm serve: closed {} kept alive without a request for {} s (--max-idle-seconds)", connections(n), l.idle_seconds);
        }
        let n = take(&tally.evicted);
        if n > 0 {
            eprintln!(
                "dealvm serve: {} were open, the most it keeps (--max-connections): closed {} that waited longest for their headers or their next request, to take new ones",
                self.cap,
                connections(n)
            );
        }
        let n = take(&tally.refused);
        if n > 0 {
            eprintln!(
                "dealvm serve: {} were open, each running a request, the most it keeps (--max-connections): answered 503 to {}",
                self.cap,
                connections(n)
            );
        }
        let n = take(&tally.unaccepted);
        if n > 0 {
            let why = tally.why_unaccepted.lock().unwrap_or_else(PoisonError::into_inner).clone();
            eprintln!("dealvm serve: could not accept {}: {why}", connections(n));
        }
    }
}

/// A connection open: taken out of the open ones, and its place given back, when dropped.
struct Open {
    shared: Arc<Shared>,
    id: u64,
    _place: OwnedSemaphorePermit,
}

impl Drop for Open {
    fn drop(&mut self) {
        self.shared.open.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.id);
    }
}

/// Serves the connections of `listener` with `router`, within `limits` and at most `cap`
/// open at once, until `stop` ends; then closes the connections waiting for a request, lets
/// the requests running finish (within the time a request may wait and run, and two seconds
/// more) and returns.
pub async fn serve(listener: TcpListener, router: Router, limits: Limits, cap: usize, stop: impl Future<Output = ()>) {
    let shared = Arc::new(Shared {
        limits,
        cap,
        places: Arc::new(Semaphore::new(cap)),
        open: Mutex::new(HashMap::new()),
        next: AtomicU64::new(0),
        tally: Tally::default(),
        epoch: Instant::now(),
    });
    let (stopping, stopped) = watch::channel(false);
    let reporting = shared.clone();
    let reporter = tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(1));
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            every.tick().await;
            reporting.report();
        }
    });
    tokio::pin!(stop);
    loop {
        tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => admit(stream, &router, &shared, &stopped).await,
                Err(e) => {
                    shared.tally.unaccepted.fetch_add(1, Ordering::SeqCst);
                    *shared.tally.why_unaccepted.lock().unwrap_or_else(PoisonError::into_inner) = crate::files::reason(&e);
                    // Out of descriptors or memory: the connection waits in the backlog; the
                    // server waits a moment rather than try again at once.
                    if !matches!(e.kind(), io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset | io::ErrorKind::Interrupted) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            },
        }
    }
    drop(listener);
    let _ = stopping.send(true);
    let drain = Duration::from_secs_f64(shared.limits.wait.max(0.0) + shared.limits.seconds.max(0.0) + 2.0);
    let every_place = u32::try_from(cap).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(drain, shared.places.clone().acquire_many_owned(every_place)).await;
    reporter.abort();
    shared.report();
}

/// A new connection: served when a place is free, or one is made by closing the connection
/// that has waited longest; else answered 503 and closed.
async fn admit(stream: TcpStream, router: &Router, shared: &Arc<Shared>, stopped: &watch::Receiver<bool>) {
    let place = match shared.places.clone().try_acquire_owned() {
        Ok(place) => Some(place),
        Err(_) if shared.evict_oldest() => {
            tokio::time::timeout(Duration::from_millis(500), shared.places.clone().acquire_owned()).await.ok().and_then(Result::ok)
        }
        Err(_) => None,
    };
    let Some(place) = place else {
        shared.tally.refused.fetch_add(1, Ordering::SeqCst);
        let body =
            "{\"error\": \"the server is busy: every one of its connections is running a request (--max-connections); try again in a few seconds\"}";
        let refusal = format!(
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nRetry-After: 5\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        // Written if the socket takes it at once; what the client has sent already is read
        // (a socket closed with bytes unread is reset, the answer lost); then it is closed.
        let _ = stream.try_write(refusal.as_bytes());
        let mut unread = [0u8; 4096];
        for _ in 0..16 {
            if !matches!(stream.try_read(&mut unread), Ok(n) if n > 0) {
                break;
            }
        }
        return;
    };
    tokio::spawn(connection(stream, router.clone(), shared.clone(), place, stopped.clone()));
}

/// Serves one connection within its time limits, until it ends, is closed for its time or to
/// make room, or the server stops (at once if no request runs on it, else once its answer is
/// written).
async fn connection(stream: TcpStream, router: Router, shared: Arc<Shared>, place: OwnedSemaphorePermit, mut stopped: watch::Receiver<bool>) {
    let _ = stream.set_nodelay(true);
    let watch = Arc::new(Watch::new(shared.epoch));
    let id = shared.next.fetch_add(1, Ordering::SeqCst);
    shared.open.lock().unwrap_or_else(PoisonError::into_inner).insert(id, watch.clone());
    let _open = Open { shared: shared.clone(), id, _place: place };
    let routes = TowerToHyperService::new(router);
    let watching = watch.clone();
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        watching.busy();
        let answer = hyper::service::Service::call(&routes, request);
        let watch = watching.clone();
        async move {
            let response = answer.await?;
            Ok::<_, Infallible>(response.map(|body| Answer { body, watch }))
        }
    });
    let io = TokioIo::new(Watched { stream, watch: watch.clone() });
    let served = hyper::server::conn::http1::Builder::new().keep_alive(true).serve_connection(io, service);
    tokio::pin!(served);
    let mut stopping = false;
    loop {
        let deadline = watch.deadline(&shared.limits);
        // While a request runs, its own limits bound it; each change of phase wakes the loop,
        // and the phase is looked at each second besides.
        let wake = deadline.map_or_else(|| Instant::now() + Duration::from_secs(1), |(at, _)| at);
        tokio::select! {
            _ = served.as_mut() => return,
            _ = tokio::time::sleep_until(wake.into()) => {
                if let Some((_, why)) = watch.deadline(&shared.limits).filter(|(at, _)| Instant::now() >= *at) {
                    let count = match why {
                        Closed::Headers => &shared.tally.headers,
                        Closed::Idle => &shared.tally.idle,
                    };
                    count.fetch_add(1, Ordering::SeqCst);
                    return;
                }
            }
            _ = watch.changed.notified() => {}
            _ = watch.evicted.notified() => {
                shared.tally.evicted.fetch_add(1, Ordering::SeqCst);
                return;
            }
            _ = stopped.changed(), if !stopping => {
                stopping = true;
                if watch.load().0 != BUSY {
                    return;
                }
                served.as_mut().graceful_shutdown();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_is_timed_by_what_it_is_doing() {
        let limits = Limits { header_seconds: 10.0, idle_seconds: 5.0, ..Limits::default() };
        let watch = Watch::new(Instant::now());
        let (at, why) = watch.deadline(&limits).unwrap();
        assert_eq!(why, Closed::Headers);
        assert!(at > Instant::now() + Duration::from_secs(9));
        watch.busy();
        assert_eq!(watch.deadline(&limits), None);
        // Bytes of the body read while it runs change nothing.
        watch.read();
        assert_eq!(watch.deadline(&limits), None);
        watch.answered();
        assert_eq!(watch.deadline(&limits).unwrap().1, Closed::Idle);
        watch.read();
        assert_eq!(watch.deadline(&limits).unwrap().1, Closed::Headers);
        // A connection running a request is not closed to make room; one waiting is, once.
        watch.busy();
        assert!(!watch.evict());
        watch.answered();
        assert!(watch.evict());
        assert!(!watch.evict());
        assert_eq!(watch.deadline(&limits), None);
    }

    #[test]
    fn the_open_files_limit_is_raised_to_the_hard_one() {
        #[cfg(unix)]
        {
            let files = raise_open_files().unwrap();
            let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
            // SAFETY: getrlimit writes the struct it is given, which is ours.
            assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) }, 0);
            assert!(files.now >= files.before);
            assert_eq!(files.now, wide(limit.rlim_cur));
        }
    }
}
