//! `dealvm serve`: an HTTP server that runs Dealer scripts for other programs and web pages.
//! It answers the JSON API of its OpenAPI document ([`routes::OPENAPI`]: `POST /api/run`,
//! `POST /api/boards`, `GET /api/health`) and the deal-service call of teaching sites
//! (`POST /deal`), each run within the server's [`limits`], on a thread of its own, by an
//! [`engine::Engine`]: the command's own run ([`hosted`], an invocation built from the request
//! and carried out as the command carries out its own, so that the output is what `dealvm`
//! prints). `docs/guide/serve.md` tells how to run it.
//!
//! Imports: [`crate::invocation`] (the run), [`crate::api`] (a run's stop), and
//! [`crate::formats`] and [`crate::tournament`] for the board files it offers; the command
//! (`cli::serve`) starts it.

pub mod engine;
pub mod hosted;
pub mod limits;
pub mod page;
pub mod routes;

use engine::Engine;
use limits::{Gate, Limits};
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
/// `dealvm serve: listening on http://127.0.0.1:8080`.
pub fn serve(config: Config, engine: Arc<dyn Engine>) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_stack_size(STACK).enable_all().build()?;
    let seconds = config.limits.seconds;
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.listen).await?;
        eprintln!("dealvm serve: listening on http://{}", listener.local_addr()?);
        let server = Arc::new(Server { gate: Gate::new(&config.limits), limits: config.limits, engine });
        axum::serve(listener, routes::router(server)).with_graceful_shutdown(shutdown()).await
    });
    // Runs still going end at their time limit.
    runtime.shutdown_timeout(Duration::from_secs_f64(seconds.max(0.0) + 2.0));
    eprintln!("dealvm serve: stopped");
    served
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
