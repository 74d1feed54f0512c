//! Generates the parser from `grammar/dealer.lalrpop`.

fn main() {
    println!("cargo:rerun-if-changed=grammar/dealer.lalrpop");
    // The command is linked at a fixed address (not position-independent): the loader then has
    // no addresses to relocate at start-up, which saves a one-deal run the page faults of
    // writing them (a fifth of its faults).
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    lalrpop::Configuration::new().set_in_dir("grammar").set_out_dir(out_dir).process().expect("the grammar in grammar/dealer.lalrpop is valid");
}
