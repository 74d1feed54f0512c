//! `dealvm serve`: its switches (the address, the limits) handed to the server
//! ([`crate::serve`]), which runs each request with its own engine ([`crate::serve::hosted`]).

use crate::cli::args::{suggest_switch, ServeCli};
use crate::cli::failure::{Exit, Failure};
use crate::diag::Diagnostic;
use crate::serve::hosted::Hosted;
use crate::serve::limits::Limits;
use crate::serve::{serve, Config};
use clap::Parser;
use std::ffi::OsString;
use std::sync::Arc;
use std::time::Instant;

/// `dealvm serve ...` (the arguments from `serve` on).
pub fn main(args: &[OsString], _start: Instant) -> Result<(), Exit> {
    let command = <ServeCli as clap::CommandFactory>::command();
    let cli = ServeCli::try_parse_from(args).map_err(|e| Exit::Usage(suggest_switch(e, &command)))?;
    let limits = Limits {
        seconds: cli.max_seconds,
        generate: cli.max_generate,
        deals: cli.max_deals,
        script_bytes: cli.max_script_bytes,
        request_bytes: cli.max_request_bytes,
        answer_bytes: cli.max_answer_bytes,
        running: cli.max_running,
        waiting: cli.max_waiting,
        wait: cli.max_wait,
        threads: cli.max_threads,
        header_seconds: cli.max_header_seconds,
        body_seconds: cli.max_body_seconds,
        idle_seconds: cli.max_idle_seconds,
        connections: cli.max_connections,
    };
    Ok(serve(Config { listen: cli.listen, limits }, Arc::new(Hosted)).map_err(|e| {
        Failure::Input(Diagnostic::error(format!("dealvm serve: cannot serve on {}: {}", cli.listen, crate::files::reason(&e))).render(None))
    })?)
}
