//! The `dealvm` command: parses the arguments, runs the library, maps failures to exit
//! statuses. See `dealvm --help`, and the `cli` module for the switches.

use clap::Parser;
use dealvm::cli::{Cli, EXIT_INPUT};

fn main() {
    let start = std::time::Instant::now();
    // Before any thread starts: Ctrl-C stops a run cleanly, or ends the process.
    dealvm::cli::signals::install();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            dealvm::cli::failure::print_clap_error(&e);
            std::process::exit(if e.use_stderr() { EXIT_INPUT } else { 0 });
        }
    };
    let status = match dealvm::cli::run(&cli, start) {
        Ok(()) => 0,
        Err(failure) => {
            eprint!("{}", failure.message());
            failure.status()
        }
    };
    std::process::exit(status);
}
