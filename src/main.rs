//! The `dealvm` command: the arguments handed to the library's command line
//! ([`dealvm::cli::main`]), which runs the command and gives the exit status. See `dealvm
//! --help`, and the `cli` module for the switches. `dealvm merge PART...` (the first argument
//! `merge`) finishes a run split into shards.

fn main() {
    let start = std::time::Instant::now();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    std::process::exit(dealvm::cli::main(&args, start));
}
