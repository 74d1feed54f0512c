//! The `dealvm` command: parses the arguments, runs the library, maps failures to exit
//! statuses. See `dealvm --help`, and the `cli` module for the switches.

use clap::Parser;
use dealvm::cli::{Cli, Failure, EXIT_INPUT};
use std::io::ErrorKind;

fn main() {
    let start = std::time::Instant::now();
    // Before any thread starts: Ctrl-C stops a run cleanly, or ends the process.
    dealvm::cli::signals::install();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            std::process::exit(if e.use_stderr() { EXIT_INPUT } else { 0 });
        }
    };
    let status = match dealvm::cli::run(&cli, start) {
        Ok(()) => 0,
        Err(Failure::Input(text)) => {
            eprint!("{text}");
            EXIT_INPUT
        }
        Err(Failure::Interrupted(signal)) => {
            eprintln!("interrupted: the statistics above count the deals dealt until then; output files, if any, were not written");
            128 + signal
        }
        Err(Failure::Io(e)) if e.kind() == ErrorKind::BrokenPipe => 0,
        Err(Failure::Io(e)) => {
            eprintln!("error: cannot write the output: {e}");
            1
        }
    };
    std::process::exit(status);
}
