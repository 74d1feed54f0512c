//! Prints the case of a seed: `cargo run -p dealvm-scriptgen --example show SEED [KIND]`, its
//! switches on standard error. KIND: `dealer` (the options of the comparison with Dealer) or
//! `extremes` (numbers at the edges, as the fuzz target `oracle` writes them). `show --bytes
//! FILE`: the case the fuzz target `oracle` makes of a file of its (a crash's) bytes.
use dealvm_scriptgen::{case, Choices, Options};

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next().expect("a seed, or --bytes FILE");
    if first == "--bytes" {
        let bytes = std::fs::read(args.next().expect("a file")).expect("the file reads");
        let case = case(&mut Choices::from_bytes(&bytes), &Options { extremes: 8, ..Options::default() });
        print!("{}", case.script);
        eprintln!("{}", case.args().join(" "));
        return;
    }
    let seed: u64 = first.parse().expect("a seed");
    let options = match args.next().as_deref() {
        Some("dealer") => Options { printing: 0, predeal: 0, swap: 0, faults: 0, pointcount: 0, ..Options::default() },
        Some("extremes") => Options { extremes: 6, ..Options::default() },
        _ => Options::default(),
    };
    let case = case(&mut Choices::seeded(seed), &options);
    print!("{}", case.script);
    eprintln!("{}", case.args().join(" "));
}
