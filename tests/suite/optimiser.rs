//! The compiler's rewrites (tables for the parts of an expression that read one suit or one
//! hand's shape, joined chains and sums, superinstructions, the deal routine over blocks of
//! deals) give exactly what plain code gives: random programs in the style of users' scripts,
//! run with and without `--plain` on the same deals, print the same thing, errors (divisions
//! by zero) included.

use crate::common::{dealvm_stdin, normalise};

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let z = dealvm_vm::dealing::rng::mix64(self.0);
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const SEATS: [&str; 4] = ["north", "east", "south", "west"];
const SUITS: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];
const SUIT_LETTERS: [&str; 4] = ["S", "H", "D", "C"];
const RANKS: [&str; 6] = ["A", "K", "Q", "J", "T", "9"];
const PER_SUIT: [&str; 8] = ["hcp", "controls", "losers", "top4", "top5", "c13", "tens", "aces"];
const SHAPES: [&str; 6] = ["any 4333", "any 4432 + any 5332", "5xxx + x5xx", "any 6xxx - 6xxx", "xx6x + xxx6", "any 5431 + any 5521"];

/// Generates random programs whose sub-expressions often read one holding or one shape.
struct Gen {
    rng: Rng,
    vars: Vec<String>,
}

impl Gen {
    /// A value that reads one holding of `seat` in `suit`.
    fn holding(&mut self, seat: &str, suit: usize, depth: u32) -> String {
        let leaf = |g: &mut Gen| match g.rng.below(4) {
            0 => format!("{}({seat}, {})", g.rng.pick(&PER_SUIT), SUITS[suit]),
            1 => format!("{}({seat})", SUITS[suit]),
            2 => format!("hascard({seat}, {}{})", g.rng.pick(&RANKS), SUIT_LETTERS[suit]),
            _ => format!("{}", g.rng.below(7)),
        };
        if depth == 0 || self.rng.below(3) == 0 {
            return leaf(self);
        }
        let a = self.holding(seat, suit, depth - 1);
        let b = self.holding(seat, suit, depth - 1);
        self.combine(a, b, depth)
    }

    /// A value that reads one hand's suit lengths.
    fn shape(&mut self, seat: &str, depth: u32) -> String {
        if depth == 0 || self.rng.below(3) == 0 {
            return match self.rng.below(3) {
                0 => format!("shape({seat}, {})", self.rng.pick(&SHAPES)),
                1 => format!("{}({seat})", self.rng.pick(&SUITS)),
                _ => format!("{}", self.rng.below(9)),
            };
        }
        let a = self.shape(seat, depth - 1);
        let b = self.shape(seat, depth - 1);
        self.combine(a, b, depth)
    }

    /// Any value of the deal.
    fn value(&mut self, depth: u32) -> String {
        let seat = self.rng.pick(&SEATS);
        match self.rng.below(if depth == 0 { 5 } else { 9 }) {
            0 => {
                let suit = self.rng.below(4);
                self.holding(seat, suit, 2)
            }
            1 => self.shape(seat, 2),
            2 => format!("hcp({seat})"),
            3 if !self.vars.is_empty() => self.vars[self.rng.below(self.vars.len())].clone(),
            4 => format!("{}({seat})", self.rng.pick(&["controls", "losers", "top4", "spades"])),
            5 => format!("{} + {} + {} + {}", self.value(0), self.value(0), self.value(0), self.value(0)),
            _ => {
                let a = self.value(depth.saturating_sub(1));
                let b = self.value(depth.saturating_sub(1));
                self.combine(a, b, depth)
            }
        }
    }

    /// Two values joined by an operator, a comparison, a logical operator or `?:`.
    fn combine(&mut self, a: String, b: String, depth: u32) -> String {
        match self.rng.below(13) {
            0 => format!("({a} + {b})"),
            1 => format!("({a} - {b})"),
            2 => format!("({a} * {b})"),
            // Now and then a division by a value that is sometimes zero.
            3 if self.rng.below(4) == 0 => format!("({a} / {b})"),
            3 => format!("({a} / ({b} * {b} + 1))"),
            4 => format!("({a} % ({b} * {b} + 1))"),
            12 => format!("({a} + {b} - {a} + 3)"),
            5 => format!("({a} {} {})", self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]), self.rng.below(12)),
            6 => format!("({a} and {b})"),
            7 => format!("({a} or {b})"),
            8 => format!("(not {a})"),
            9 => format!("({a} ? {b} : {})", self.rng.below(5)),
            10 if depth > 1 => format!("({a} {} {b})", self.rng.pick(&["<", ">=", "=="])),
            _ => format!("({a} && {b} || {a})"),
        }
    }

    /// A whole input file: variables defined from each other, a condition, actions.
    fn program(&mut self, deals: u32) -> String {
        let mut text = format!("generate {deals}\n");
        for i in 0..12 {
            let def = match self.rng.below(4) {
                0 => {
                    let seat = self.rng.pick(&SEATS);
                    let suit = self.rng.below(4);
                    let a = self.holding(seat, suit, 3);
                    let b = self.shape(seat, 2);
                    format!("{a} and {b}")
                }
                1 => {
                    let seat = self.rng.pick(&SEATS);
                    let suit = self.rng.below(4);
                    self.holding(seat, suit, 3)
                }
                _ => self.value(2),
            };
            // `rnd` now and then: nothing may move across it.
            let def = if self.rng.below(10) == 0 { format!("{def} + (rnd(3) == 1)") } else { def };
            text.push_str(&format!("v{i} = {def}\n"));
            self.vars.push(format!("v{i}"));
        }
        let terms: Vec<String> = (0..4).map(|_| self.value(1)).collect();
        text.push_str(&format!("condition ({}) and ({}) or ({}) and not ({})\n", terms[0], terms[1], terms[2], terms[3]));
        let averaged = self.value(2);
        let counted = self.value(1);
        text.push_str(&format!("action average ({averaged}), average ({}), frequency ({counted}, -5, 20)\n", self.vars[3]));
        text
    }
}

/// Runs a program both ways and checks that everything printed is the same.
fn same_both_ways(text: &str, seed: &str) {
    let fast = dealvm_stdin(text, &["-s", seed, "-R", "1"]);
    let plain = dealvm_stdin(text, &["-s", seed, "-R", "1", "--plain"]);
    assert_eq!(
        (fast.status, normalise(&fast.stdout), fast.stderr.clone()),
        (plain.status, normalise(&plain.stdout), plain.stderr.clone()),
        "tables and plain code disagree on\n{text}"
    );
}

#[test]
fn random_programs_give_the_same_results_with_and_without_tables() {
    let mut gen = Gen { rng: Rng(20261124), vars: Vec::new() };
    let (mut tabulated, mut producing, mut in_blocks) = (0, 0, 0);
    for case in 0..40 {
        gen.vars.clear();
        let text = gen.program(3000);
        let dump = dealvm_stdin(&text, &["--dump-bytecode"]);
        if dump.stdout.contains("suit.test") || dump.stdout.contains("suit.value") || dump.stdout.contains("shape.value") {
            tabulated += 1;
        }
        // Run over blocks of deals (`vm::machine::block`), unless the code draws random numbers
        // (a quarter of the programs).
        if dump.stdout.contains("evaluation: the deal routine over blocks of deals") {
            in_blocks += 1;
        }
        same_both_ways(&text, &(case + 1).to_string());
        let run = dealvm_stdin(&text, &["-s", "1", "-R", "1"]);
        if run.status == 0 && !run.stdout.contains("Produced  0 hands") {
            producing += 1;
        }
    }
    // The generator is worth something only if the rewrites happen.
    assert!(tabulated >= 30, "only {tabulated} of 40 programs used tables");
    assert!(producing >= 25, "only {producing} of 40 programs ran to the end and produced deals");
    assert!(in_blocks >= 6, "only {in_blocks} of 40 programs ran over blocks");
}

#[test]
fn tables_replace_single_suit_and_shape_expressions() {
    let text = "\
weakClubs = top5(west, clubs) < 3 and hcp(west, clubs) < 5
stop = hascard(east, AS) or (hascard(east, KS) and spades(east) >= 2)
major = spades(north) >= 5 or hearts(north) >= 5
pts = hcp(south) + (spades(south) >= 5 ? 1 : 0) + (hearts(south) >= 5 ? 1 : 0) + 2
losing = losers(east, spades) + losers(east, hearts) + losers(east, diamonds) + losers(east, clubs)
condition weakClubs && stop && major && pts > 12 && shape(north, any 5431 + any 5332) && hcp(north) > 10 && losing < 8
action average pts
";
    let dump = dealvm_stdin(text, &["--dump-bytecode"]).stdout;
    let routine = &dump[dump.find("entry deal").expect("a deal routine")..];
    assert!(routine.contains("suit.test west clubs"), "{routine}");
    assert!(routine.contains("suit.test east spades"), "{routine}");
    // `major` and `shape(north, any 5431 + any 5332)` are joined into one shape test.
    assert_eq!(routine.matches("shape north").count(), 1, "{routine}");
    // The shape bonus of `pts` is one value table, the constant added once.
    assert!(dump.contains("shape.value south") && dump.contains("+ 2\n"), "{dump}");
    // Losers over the four suits is one hand count.
    assert!(dump.contains("  losers east"), "{dump}");
    // Variables that are one table (or one hand count) need no subroutine call.
    assert!(["var 0\n", "var 1\n", "var 2\n", "var 4\n"].iter().all(|v| !routine.contains(v)), "{routine}");
    assert!(routine.contains("var 3\n"), "{routine}");
    let plain = dealvm_stdin(text, &["--dump-bytecode", "--plain"]).stdout;
    assert!(!plain.contains("suit.test") && plain.contains("var "), "{plain}");
    same_both_ways(&text.replace("condition", "generate 20000\ncondition"), "7");
}

#[test]
fn a_sub_expression_that_divides_by_zero_stays_as_written() {
    // `10 / (spades(north) - 4)` divides by zero on some holdings: it is not tabulated, and
    // the run reports the division as plain code does.
    let text = "generate 20000\ncondition hcp(north) > 10 and 10 / (spades(north) - 4) > 2\n";
    let dump = dealvm_stdin(text, &["--dump-bytecode"]).stdout;
    // The divisor `spades(north) - 4` alone is a table; the division stays.
    assert!(dump.contains("suit.value north spades") && dump.contains("  /\n"), "{dump}");
    let run = dealvm_stdin(text, &["-s", "3"]);
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(run.stderr.contains("division by zero"), "{}", run.stderr);
    same_both_ways(text, "3");
}

#[test]
fn nothing_moves_across_random_draws() {
    // The two shape tests of north are not joined across `rnd`, which draws only when the
    // first holds, so the numbers drawn (and the deals produced) stay those of plain code.
    let text = "generate 20000\ncondition shape(north, any 4333 + any 4432) and rnd(10) < 5 and spades(north) == 4\naction average rnd(100)\n";
    let dump = dealvm_stdin(text, &["--dump-bytecode"]).stdout;
    let at = |what: &str| dump.find(what).unwrap_or_else(|| panic!("no `{what}` in {dump}"));
    assert!(at("shape north") < at("rnd") && at("rnd") < at("suit.test north spades"), "{dump}");
    same_both_ways(text, "11");
}

#[test]
fn the_condition_is_ordered_by_cost_and_selectivity_on_a_sample() {
    // Written with the common, costly test first: the rare, cheap one goes first, and the
    // output is that of the order as written.
    let text =
        "generate 30000\ncondition hcp(east) + hcp(west) > 5 && controls(south) >= 0 + 1 && shape(north, any 7xxx)\naction average hcp(north)\n";
    let dump = dealvm_stdin(text, &["--dump-bytecode"]).stdout;
    let routine = &dump[dump.find("entry deal").expect("a deal routine")..];
    let at = |what: &str| routine.find(what).unwrap_or_else(|| panic!("no `{what}` in {routine}"));
    assert!(at("shape north") < at("hcp east"), "{routine}");
    let plain = dealvm_stdin(text, &["--dump-bytecode", "--plain"]).stdout;
    let routine = &plain[plain.find("entry deal").expect("a deal routine")..];
    assert!(routine.find("hcp east") < routine.find("shape north"), "--plain keeps the order: {routine}");
    same_both_ways(text, "4");
    // Nothing moves across an operand that draws random numbers.
    let text = "generate 30000\ncondition hcp(east) + hcp(west) > 5 && rnd(10) < 7 && shape(north, any 7xxx)\naction average rnd(5)\n";
    let dump = dealvm_stdin(text, &["--dump-bytecode"]).stdout;
    let at = |what: &str| dump.find(what).unwrap_or_else(|| panic!("no `{what}` in {dump}"));
    assert!(at("hcp east") < at("rnd") && at("rnd") < at("shape north"), "{dump}");
    same_both_ways(text, "5");
}

#[test]
fn the_order_follows_how_often_each_operand_holds_not_only_what_its_code_costs() {
    // `spades(south) >= 1` is one bit test and holds on 99% of the deals; `hcp(north) >= 22`
    // costs more and holds on about 1%: it goes first, though by cost alone it would not.
    let text = "generate 30000\ncondition spades(south) >= 1 && hcp(north) >= 22\naction average hcp(north)\n";
    let dump = dealvm_stdin(text, &["--dump-bytecode"]).stdout;
    let routine = &dump[dump.find("entry deal").expect("a deal routine")..];
    let at = |what: &str| routine.find(what).unwrap_or_else(|| panic!("no `{what}` in {routine}"));
    assert!(at("hcp north") < at("south spades"), "{routine}");
    same_both_ways(text, "6");
}
