//! Prints the case of a seed: `cargo run -p dealvm-scriptgen --example show SEED [dealer]`
//! (`dealer`: the options of the comparison with Dealer).
fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).expect("a seed");
    let mut options = dealvm_scriptgen::Options::default();
    if args.next().as_deref() == Some("dealer") {
        options = dealvm_scriptgen::Options { printing: 0, predeal: 0, swap: 0, faults: 0, ..options };
    }
    let case = dealvm_scriptgen::case(&mut dealvm_scriptgen::Choices::seeded(seed), &options);
    print!("{}", case.script);
    eprintln!("{}", case.args().join(" "));
}
