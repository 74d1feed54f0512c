//! The `dealvm` command: parses the arguments, runs the library, maps failures to exit
//! statuses. See `dealvm --help`, and the `cli` module for the switches. `dealvm merge PART...`
//! (the first argument `merge`) finishes a run split into shards.

use clap::Parser;
use dealvm::cli::{Cli, Failure, MergeCli, EXIT_INPUT};

fn main() {
    let start = std::time::Instant::now();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let result = if args.get(1).is_some_and(|a| a == "merge") {
        // Before any thread starts: Ctrl-C stops the merge cleanly, or ends the process.
        dealvm::cli::signals::install();
        let command = <MergeCli as clap::CommandFactory>::command();
        let merge = MergeCli::try_parse_from(&args[1..]).unwrap_or_else(|e| clap_failure(&dealvm::cli::args::suggest_switch(e, &command)));
        dealvm::cli::merge::run(&merge, start)
    } else {
        let cli = Cli::parse_args(&args).unwrap_or_else(|e| clap_failure(&e));
        dealvm::cli::run(&cli, start)
    };
    std::process::exit(status(result));
}

/// Prints clap's message (or the help) and ends the process.
fn clap_failure(e: &clap::Error) -> ! {
    dealvm::cli::failure::print_clap_error(e);
    std::process::exit(if e.use_stderr() { EXIT_INPUT } else { 0 });
}

/// The exit status of a run, its message printed on standard error.
fn status(result: Result<(), Failure>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(failure) => {
            eprint!("{}", failure.message());
            failure.status()
        }
    }
}
