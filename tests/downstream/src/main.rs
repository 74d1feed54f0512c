//! A user's program: one study through dealvm's library.
fn main() -> Result<(), dealvm::Error> {
    let script = dealvm::Script::new("condition hcp(north) >= 15\naction average hcp(south)")?;
    let results = script.run().seed(1).generate(10_000).statistics()?;
    println!("{} of {} deals", results.produced, results.generated);
    Ok(())
}
