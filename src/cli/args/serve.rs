//! The switches of `dealvm serve`: the address, and the limits of each request.

use crate::serve::limits::DEFAULT_LIMITS;
use clap::Parser;
use std::net::SocketAddr;

/// `dealvm serve`: run Dealer scripts for web pages and programs, over HTTP.
///
/// Serves a JSON API (`POST /api/run`, `POST /api/boards`, `GET /api/health`, described in
/// `GET /api/openapi.json`) and the deal-service call of teaching sites (`POST /deal`), each
/// request within the limits below. Scripts read and write no file. The first line on
/// standard error says where it listens, the second its limits on connections; then one line
/// per request, and for the connections it closes one line a second at most. SIGTERM or Ctrl-C
/// stops it, the requests in flight finishing first.
#[derive(Parser, Debug)]
#[command(
    name = "dealvm serve",
    bin_name = "dealvm serve",
    disable_help_flag = true,
    disable_version_flag = true,
    max_term_width = 100,
    after_help = "Example: `dealvm serve --listen 127.0.0.1:8080`, behind a reverse proxy (docs/guide/serve.md)."
)]
pub struct ServeCli {
    /// The address (or host name, such as localhost) and port to listen on (port 0: a free
    /// port, printed at the start)
    #[arg(long, value_name = "ADDRESS:PORT", default_value = "127.0.0.1:8080", value_parser = listen_address)]
    pub listen: SocketAddr,

    /// Seconds a request's run may deal; then it stops, and answers with what it has
    #[arg(long = "max-seconds", value_name = "SECONDS", default_value_t = DEFAULT_LIMITS.seconds, value_parser = seconds)]
    pub max_seconds: f64,

    /// Deals a request's run may examine: a larger `generate` is cut to it
    #[arg(long = "max-generate", value_name = "N", default_value_t = DEFAULT_LIMITS.generate, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_generate: u64,

    /// Deals a request may get back: returned by /api/run, in a board file, printed by /deal
    #[arg(long = "max-deals", value_name = "N", default_value_t = DEFAULT_LIMITS.deals, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_deals: u64,

    /// Bytes of a script
    #[arg(long = "max-script-bytes", value_name = "BYTES", default_value_t = DEFAULT_LIMITS.script_bytes, value_parser = at_least_one)]
    pub max_script_bytes: usize,

    /// Bytes of a request's body (the script, and the deals given with it)
    #[arg(long = "max-request-bytes", value_name = "BYTES", default_value_t = DEFAULT_LIMITS.request_bytes, value_parser = at_least_one)]
    pub max_request_bytes: usize,

    /// Bytes of a run's printed output: the run stops there, the output cut
    #[arg(long = "max-answer-bytes", value_name = "BYTES", default_value_t = DEFAULT_LIMITS.answer_bytes, value_parser = at_least_one)]
    pub max_answer_bytes: usize,

    /// Requests running at once
    #[arg(long = "max-running", value_name = "N", default_value_t = DEFAULT_LIMITS.running, value_parser = at_least_one)]
    pub max_running: usize,

    /// Requests waiting for a place; more are answered 503 at once
    #[arg(long = "max-waiting", value_name = "N", default_value_t = DEFAULT_LIMITS.waiting)]
    pub max_waiting: usize,

    /// Seconds a request waits for a place before it is answered 503
    #[arg(long = "max-wait", value_name = "SECONDS", default_value_t = DEFAULT_LIMITS.wait, value_parser = seconds)]
    pub max_wait: f64,

    /// Threads a request's run may deal on
    #[arg(long = "max-threads", value_name = "N", default_value_t = DEFAULT_LIMITS.threads, value_parser = at_least_one)]
    pub max_threads: usize,

    /// Seconds a client has to send a request's headers, from its connection (or from the
    /// first byte of its next request on a kept-alive connection); then the connection is closed
    #[arg(long = "max-header-seconds", value_name = "SECONDS", default_value_t = DEFAULT_LIMITS.header_seconds, value_parser = seconds)]
    pub max_header_seconds: f64,

    /// Seconds a client has to send a request's body; then it is answered 408 and its
    /// connection closed
    #[arg(long = "max-body-seconds", value_name = "SECONDS", default_value_t = DEFAULT_LIMITS.body_seconds, value_parser = seconds)]
    pub max_body_seconds: f64,

    /// Seconds a kept-alive connection may wait for its next request; then it is closed
    #[arg(long = "max-idle-seconds", value_name = "SECONDS", default_value_t = DEFAULT_LIMITS.idle_seconds, value_parser = seconds)]
    pub max_idle_seconds: f64,

    /// Connections open at once [default: the open-files limit less an eighth (at least 64),
    /// at most 4096]. At the cap, a new connection closes the one that has waited longest for
    /// its headers or its next request; if every one is running a request, it is answered 503
    #[arg(long = "max-connections", value_name = "N", value_parser = connections)]
    pub max_connections: Option<usize>,

    /// Print this help and stop
    #[arg(short = 'h', long = "help", action = clap::ArgAction::Help)]
    pub help: Option<bool>,
}

/// Where to listen: an address and port (`127.0.0.1:8080`, `[::1]:8080`), or a host name and
/// port (`localhost:8080`), the name's first IPv4 address taken (else its first).
fn listen_address(text: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    if let Ok(address) = text.parse::<SocketAddr>() {
        return Ok(address);
    }
    let examples = "such as 127.0.0.1:8080 (this machine alone) or 0.0.0.0:8080 (every network)";
    let Some((host, port)) = text.rsplit_once(':') else {
        return Err(format!("`{text}` has no port: write the address and the port, {examples}"));
    };
    let Ok(port) = port.parse::<u16>() else {
        return Err(format!("`{port}` is not a port (0 to 65535): write the address and the port, {examples}"));
    };
    let found: Vec<SocketAddr> = (host, port).to_socket_addrs().map(Iterator::collect).unwrap_or_default();
    found
        .iter()
        .find(|a| a.is_ipv4())
        .or(found.first())
        .copied()
        .ok_or_else(|| format!("no address is known for the host `{host}`: write an address and the port, {examples}"))
}

/// A number of seconds: positive and finite, at most a day.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds between 0 and 86400 (a day)")),
    }
}

/// A number of connections: at least 1, at most a million.
fn connections(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=1_000_000).contains(&n) => Ok(n),
        _ => Err(format!("`{text}` is not a number of connections between 1 and 1000000")),
    }
}

/// A count of at least 1.
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{text}` is not a whole number of at least 1")),
    }
}
