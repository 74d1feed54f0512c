//! The `-m` progress meter: deals dealt and produced, rate (and double-dummy solves per
//! second), and time to go, on standard error.

use std::time::Instant;

/// The progress meter: a line on standard error, rewritten at most twice a second.
pub struct Meter {
    on: bool,
    /// The run's limits: deals to deal and to produce at most.
    generate: u64,
    produce: u64,
    start: Instant,
    last: Instant,
}

impl Meter {
    /// A meter for a run of at most `generate` deals and `produce` produced; silent unless `on`.
    pub fn new(on: bool, generate: u64, produce: u64) -> Meter {
        let now = Instant::now();
        Meter { on, generate, produce, start: now, last: now }
    }

    /// Shows the counts, unless the line was written less than half a second ago.
    pub fn show(&mut self, generated: u64, produced: u64, solves: u64) {
        if !self.on || self.last.elapsed().as_millis() < 500 {
            return;
        }
        self.print(generated, produced, solves);
    }

    /// Rewrites the line with the counts.
    fn print(&mut self, generated: u64, produced: u64, solves: u64) {
        self.last = Instant::now();
        let secs = self.start.elapsed().as_secs_f64();
        let rate = generated as f64 / secs.max(1e-9);
        let done = (generated as f64 / self.generate as f64).max(produced as f64 / self.produce as f64);
        let eta = if done > 0.0 { secs * (1.0 - done) / done } else { 0.0 };
        let solving = if solves > 0 { format!(", {:.1} solves/s", solves as f64 / secs.max(1e-9)) } else { String::new() };
        eprint!(
            "\r{generated} deals dealt, {produced} produced, {:.0} deals/s{solving}, {:.0}% done, about {:.0} s to go   ",
            rate,
            100.0 * done.min(1.0),
            eta
        );
    }

    /// Ends the meter with the final counts.
    pub fn finish(&mut self, generated: u64, produced: u64, solves: u64) {
        if self.on {
            self.print(generated, produced, solves);
            eprintln!();
        }
    }
}
