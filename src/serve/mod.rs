//! `dealvm serve`: an HTTP server that runs Dealer scripts for other programs and web pages.
//! It answers the JSON API of its OpenAPI document ([`routes::OPENAPI`]: `POST /api/run`,
//! `POST /api/boards`, `GET /api/health`) and the deal-service call of teaching sites
//! (`POST /deal`), each run within the server's [`limits`], on a thread of its own, by an
//! [`engine::Engine`]: the command's own run ([`hosted`], an invocation built from the request
//! and carried out as the command carries out its own, so that the output is what `dealvm`
//! prints). Its [`connections`] it accepts itself, a bounded number, each within its time
//! limits, so that slow or idle clients cannot hold them. `docs/guide/serve.md` tells how to
//! run it.
//!
//! Imports: [`crate::invocation`] (the run), [`crate::api`] (a run's stop), and
//! [`crate::formats`] and [`crate::tournament`] for the board files it offers; the command
//! (`cli::serve`) starts it.

pub mod connections;
pub mod engine;
pub mod hosted;
pub mod limits;
pub mod page;
pub mod routes;

use engine::Engine;
use limits::{default_connections, Gate, Limits};
use routes::Server;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Where the server listens, and its limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address and port (port 0: one the system chooses, printed at the start).
    pub listen: SocketAddr,
    pub limits: Limits,
}

/// Stack of the server's threads: a script nesting deep is parsed on the run's thread.
const STACK: usize = 32 << 20;

/// Serves until SIGTERM or Ctrl-C, then lets the requests in flight finish (each within
/// its time limit) and returns. The first line on standard error says where it listens:
/// `dealvm serve: listening on http://127.0.0.1:8080`; the second, the limits on connections.
/// The soft open-files limit is raised to the hard one first, where the system allows it.
pub fn serve(config: Config, engine: Arc<dyn Engine>) -> io::Result<()> {
    let files = connections::raise_open_files();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_stack_size(STACK).enable_all().build()?;
    let seconds = config.limits.seconds;
    let served = runtime.block_on(async move {
        let listener = listen(config.listen)?;
        eprintln!("dealvm serve: listening on http://{}", listener.local_addr()?);
        // Without an open-files limit to go by, that of most systems' services.
        let cap = config.limits.connections.unwrap_or_else(|| default_connections(files.map_or(1024, |f| f.now)));
        eprintln!("dealvm serve: {}", connection_limits(&config.limits, cap, files));
        let limits = config.limits.clone();
        let server = Arc::new(Server { gate: Gate::new(&config.limits), limits: config.limits, connections: cap, engine });
        connections::serve(listener, routes::router(server), limits, cap, shutdown()).await;
        Ok(())
    });
    // Runs still going end at their time limit.
    runtime.shutdown_timeout(Duration::from_secs_f64(seconds.max(0.0) + 2.0));
    eprintln!("dealvm serve: stopped");
    served
}

/// Connections waiting to be accepted, beyond which the system turns new ones away: room for
/// a burst of clients while the server is briefly busy.
const BACKLOG: u32 = 1024;

/// The listening socket on `address`.
fn listen(address: SocketAddr) -> io::Result<tokio::net::TcpListener> {
    let socket = if address.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    // As the standard library's listeners: a port of a server just stopped is taken at once.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(BACKLOG)
}

/// The start's line on connections: how many at once, of what open-files limit, and their
/// time limits; a warning when `--max-connections` asks for more than the open-files limit
/// leaves room for.
fn connection_limits(limits: &Limits, cap: usize, files: Option<connections::OpenFiles>) -> String {
    let room = files.map(|f| default_connections(f.now));
    let over = match (limits.connections, room) {
        (Some(given), Some(room)) if given > room => format!(
            ". Warning: --max-connections {given} is more than the open-files limit leaves room for (about {room}, the \
             server's own files set apart): past that, new connections wait unaccepted until others close; raise the \
             limit (ulimit -n, or LimitNOFILE= under systemd) or ask for fewer"
        ),
        _ => String::new(),
    };
    let files = match files {
        Some(f) if f.now > f.before => format!("the open-files limit raised from {} to {}", f.before, f.now),
        Some(f) => format!("the open-files limit is {}", f.now),
        None => "the open-files limit is not known".to_string(),
    };
    format!(
        "at most {cap} connections at once (--max-connections; {files}); each sends its request's headers within {} s \
         (--max-header-seconds) and its body within {} s (--max-body-seconds), and is closed after {} s without a request \
         (--max-idle-seconds){over}",
        limits.header_seconds, limits.body_seconds, limits.idle_seconds
    )
}

/// Waits for SIGTERM or Ctrl-C (SIGINT).
async fn shutdown() {
    let terminate = async {
        #[cfg(unix)]
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
            return;
        }
        std::future::pending::<()>().await
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate => {}
    }
    eprintln!("dealvm serve: stopping: the requests in flight finish, within their time limit");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_warns_when_more_connections_are_asked_than_the_open_files_allow() {
        let files = Some(connections::OpenFiles { now: 1024, before: 1024 });
        let asked = |connections| Limits { connections, ..Limits::default() };
        let line = connection_limits(&asked(Some(2000)), 2000, files);
        assert!(line.contains("at most 2000 connections at once (--max-connections; the open-files limit is 1024)"), "{line}");
        assert!(line.contains("Warning: --max-connections 2000 is more than the open-files limit leaves room for (about 896"), "{line}");
        // Within the room, by default, or with the limit unknown: no warning.
        for (limits, cap, files) in [(asked(Some(896)), 896, files), (asked(None), 896, files), (asked(Some(2000)), 2000, None)] {
            let line = connection_limits(&limits, cap, files);
            assert!(!line.contains("Warning"), "{line}");
        }
    }
}
