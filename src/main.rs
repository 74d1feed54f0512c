//! The `dealvm` command: see `dealvm --help`.

fn main() {
    std::process::exit(dealvm::cli::main());
}
