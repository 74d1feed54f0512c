//! Generates the parser from `grammar/dealer.lalrpop`.

fn main() {
    println!("cargo:rerun-if-changed=grammar/dealer.lalrpop");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    lalrpop::Configuration::new().set_in_dir("grammar").set_out_dir(out_dir).process().expect("the grammar in grammar/dealer.lalrpop is valid");
}
