//! Random Dealer scripts shaped like the ones people write and publish, for dealvm's tests and
//! fuzz targets: a case is an input file with the switches to run it with.
//!
//! A script is built the way bidding-practice scenarios are written: building blocks for each
//! seat (points, suit lengths, balanced shapes, stoppers from `hascard`, `top4`, `losers`,
//! `controls`), calls made of them (openings, overcalls, raises, doubles), auctions made of
//! calls of several seats (`s1Cn2H = sOpen1C and nNew2H`), auctions joined into others
//! (`s1m2H = s1Cn2H or s1Dn2H`), a condition that joins auctions with `or`, `and`, `not` and
//! `?:`, so that a seat is often first read inside one branch only; and actions that print
//! the deals or values, average and count variables. Now and then: a predeal of cards or suit
//! lengths, swapping (`-x 2`, `-x 3`), a rare term on one seat (which exact dealing takes
//! over), `rnd` levelling, a division that may divide by zero.
//!
//! The choices come from a seed ([`Choices::seeded`]) or from a fuzzer's bytes
//! ([`Choices::from_bytes`]), so that a failing case is found again from its seed or bytes.

use std::fmt::Write;

/// The source of every choice the generator makes.
pub struct Choices {
    bytes: Vec<u8>,
    at: usize,
    state: u64,
}

impl Choices {
    /// Choices from a seed (SplitMix64).
    pub fn seeded(seed: u64) -> Choices {
        Choices { bytes: Vec::new(), at: 0, state: seed }
    }

    /// Choices read from `bytes` (one byte a choice), then from a stream seeded by them.
    pub fn from_bytes(bytes: &[u8]) -> Choices {
        let seed = bytes.iter().fold(0xCBF2_9CE4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01B3));
        Choices { bytes: bytes.to_vec(), at: 0, state: seed }
    }

    /// A number below `n` (at least 1).
    pub fn below(&mut self, n: u64) -> u64 {
        if let Some(&b) = self.bytes.get(self.at) {
            self.at += 1;
            return b as u64 % n;
        }
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }

    /// True once in `n` (never when `n` is 0).
    fn one_in(&mut self, n: u64) -> bool {
        n != 0 && self.below(n) == 0
    }

    /// A number in `low..=high`.
    fn within(&mut self, low: i32, high: i32) -> i32 {
        low + self.below((high - low + 1) as u64) as i32
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// How often the generator puts each feature in a case: once in so many cases (1: always,
/// 0: never).
#[derive(Copy, Clone, Debug)]
pub struct Options {
    /// Actions that print every deal produced (`printall`, `printoneline`, ...).
    pub printing: u64,
    /// Predeals of cards or suit lengths.
    pub predeal: u64,
    /// Swapping, `-x 2` or `-x 3`.
    pub swap: u64,
    /// `rnd` levelling.
    pub rnd: u64,
    /// A division that divides by zero on some deals, among the values averaged.
    pub faults: u64,
    /// A rare term on one seat before the rest of the condition, which exact dealing may
    /// take over.
    pub rare: u64,
    /// A `pointcount` of other card values (small ones, decimals, negatives).
    pub pointcount: u64,
    /// A number at the edge of what the language takes (0, ±1, ±2^31, 10^15, two decimals,
    /// card values beyond the range dealvm takes), in the place of any number written.
    pub extremes: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options { printing: 3, predeal: 6, swap: 8, rnd: 8, faults: 4, rare: 6, pointcount: 10, extremes: 0 }
    }
}

/// An input file and how to run it.
#[derive(Clone, Debug)]
pub struct Case {
    /// The input file.
    pub script: String,
    /// Swapping: 2 or 3 (`-x 2`, `-x 3`), or 0.
    pub swap: u8,
    /// The seed of the run (`-s`).
    pub seed: u64,
    /// Deals to examine (`-g`).
    pub generate: u64,
    /// Variables worth asking the value of on each produced deal.
    pub values: Vec<String>,
}

impl Case {
    /// The switches of a run of the case (before the input file).
    pub fn args(&self) -> Vec<String> {
        let mut args = vec!["-s".to_string(), self.seed.to_string(), "-g".into(), self.generate.to_string()];
        if self.swap != 0 {
            args.extend(["-x".to_string(), self.swap.to_string()]);
        }
        args
    }
}

const SEATS: [&str; 4] = ["north", "east", "south", "west"];
const SUITS: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];
const LETTERS: [char; 4] = ['S', 'H', 'D', 'C'];
const RANKS: [char; 13] = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'];

/// Numbers at the edges of what the language takes.
const EXTREMES: [&str; 14] = [
    "0",
    "1",
    "-1",
    "2147483647",
    "-2147483648",
    "2147483648",
    "1000000000000000",
    "21474836.47",
    "-21474836.48",
    "0.01",
    "99.99",
    "10000000",
    "10000001",
    "-10000001",
];

/// The generator's state while it writes one script.
struct Writer<'c> {
    c: &'c mut Choices,
    /// One number in so many is one of [`EXTREMES`] (0: none).
    extremes: u64,
    text: String,
    /// The variables defined, in order.
    defined: Vec<String>,
}

impl Writer<'_> {
    /// A number in `low..=high`, or now and then one of [`EXTREMES`].
    fn number(&mut self, low: i32, high: i32) -> String {
        if self.c.one_in(self.extremes) {
            return self.c.pick(&EXTREMES).to_string();
        }
        self.c.within(low, high).to_string()
    }

    /// Defines `name` as `definition` unless it is defined; gives the name.
    fn define(&mut self, name: String, definition: impl FnOnce(&mut Self) -> String) -> String {
        if !self.defined.contains(&name) {
            let definition = definition(self);
            let _ = writeln!(self.text, "{name} = {definition}");
            self.defined.push(name.clone());
        }
        name
    }

    /// A seat's points, as a variable or written out.
    fn points(&mut self, seat: usize) -> String {
        let s = SEATS[seat];
        match self.c.below(4) {
            0 => format!("hcp({s})"),
            1 => self.define(format!("{}Pts", &s[..1]), |w| match w.c.below(3) {
                0 => format!("hcp({s}) + (shape({s}, any 5xxx + any 6xxx) ? 1 : 0)"),
                _ => format!("hcp({s})"),
            }),
            _ => self.define(format!("{}Hcp", &s[..1]), |_| format!("hcp({s})")),
        }
    }

    /// A seat's length in a suit, as a variable or written out.
    fn length(&mut self, seat: usize, suit: usize) -> String {
        let s = SEATS[seat];
        if self.c.one_in(3) {
            return format!("{}({s})", SUITS[suit]);
        }
        self.define(format!("{}{}", &s[..1], LETTERS[suit]), |_| format!("{}({s})", SUITS[suit]))
    }

    /// Whether a seat is balanced.
    fn balanced(&mut self, seat: usize) -> String {
        let s = SEATS[seat];
        self.define(format!("{}Bal", &s[..1]), |w| match w.c.below(3) {
            0 => format!("shape({s}, any 4333 + any 4432 + any 5332)"),
            1 => format!("shape({s}, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)"),
            _ => format!("shape({s}, any 4333 + any 4432 + any 5332 + any 5422)"),
        })
    }

    /// A stopper in a suit, from `hascard` and the length.
    fn stopper(&mut self, seat: usize, suit: usize) -> String {
        let s = SEATS[seat];
        let l = LETTERS[suit];
        self.define(format!("{}Stop{l}", &s[..1]), |w| {
            let len = w.length(seat, suit);
            format!("hascard({s}, A{l}) or (hascard({s}, K{l}) and {len} >= 2) or (hascard({s}, Q{l}) and {len} >= 3)")
        })
    }

    /// A call of a seat: a boolean variable.
    fn call(&mut self, seat: usize) -> String {
        let s = SEATS[seat];
        let p = &s[..1];
        let suit = self.c.below(4) as usize;
        let l = LETTERS[suit];
        match self.c.below(9) {
            0 | 1 => self.define(format!("{p}Open1{l}"), |w| {
                let (len, pts) = (w.length(seat, suit), w.points(seat));
                let (low, high) = (w.number(10, 12), w.number(17, 21));
                if suit < 2 {
                    format!("{len} >= 5 and {pts} >= {low} and {pts} <= {high}")
                } else {
                    let (other, sp, he) = (w.length(seat, 5 - suit), w.length(seat, 0), w.length(seat, 1));
                    format!("{len} >= 3 and {len} >= {other} and {sp} < 5 and {he} < 5 and {pts} >= {low} and {pts} <= {high}")
                }
            }),
            2 => self.define(format!("{p}Open1N"), |w| {
                let bal = w.balanced(seat);
                let low = w.c.within(14, 16);
                format!("{bal} and hcp({s}) >= {low} and hcp({s}) <= {}", low + 2)
            }),
            3 => self.define(format!("{p}Weak2{l}"), |w| {
                let len = w.length(seat, suit);
                let top = if w.c.one_in(2) { format!("top4({s}, {}) >= 2", SUITS[suit]) } else { format!("losers({s}, {}) <= 3", SUITS[suit]) };
                format!("{len} == 6 and hcp({s}) >= 5 and hcp({s}) <= 10 and {top}")
            }),
            4 => self.define(format!("{p}Ovc{l}"), |w| {
                let (len, pts) = (w.length(seat, suit), w.points(seat));
                let good = if w.c.one_in(2) { format!(" and (hascard({s}, A{l}) or top4({s}, {}) >= 2)", SUITS[suit]) } else { String::new() };
                format!("{len} >= 5 and {pts} >= 8 and {pts} <= 16{good}")
            }),
            5 => self.define(format!("{p}Raise{l}"), |w| {
                let (len, pts) = (w.length(seat, suit), w.points(seat));
                format!("{len} >= {} and {pts} >= 6 and {pts} <= {}", w.number(3, 4), w.number(9, 12))
            }),
            6 => self.define(format!("{p}Dbl{l}"), |w| {
                let len = w.length(seat, suit);
                let short = if w.c.one_in(2) { format!("{len} <= 1") } else { format!("{len} <= 2 and losers({s}) <= 7") };
                format!("{short} and hcp({s}) >= {}", w.number(11, 13))
            }),
            7 => self.define(format!("{p}NT{l}"), |w| {
                let (stop, bal) = (w.stopper(seat, suit), w.balanced(seat));
                format!("{bal} and ({stop}) and hcp({s}) >= {}", w.number(8, 12))
            }),
            _ => self.define(format!("{p}Weak"), |w| match w.c.below(3) {
                0 => format!("hcp({s}) < {}", w.number(6, 10)),
                1 => format!("not (hcp({s}) >= 12 or controls({s}) >= 5)"),
                _ => format!("hcp({s}) <= 9 and losers({s}) >= 8"),
            }),
        }
    }

    /// An auction: calls of two or three seats, each a variable, joined by `and`.
    fn auction(&mut self) -> String {
        let first = self.c.below(4) as usize;
        let second = (first + 1 + self.c.below(3) as usize) % 4;
        let (a, b) = (self.call(first), self.call(second));
        let mut parts = vec![a, b];
        if self.c.one_in(3) {
            let others: Vec<usize> = (0..4).filter(|&s| s != first && s != second).collect();
            let third = self.c.pick(&others);
            parts.push(self.call(third));
        }
        let name = format!("a{}", self.defined.len());
        self.define(name, |_| parts.join(" and "))
    }

    /// A scenario: an auction, or auctions joined by `or` (`s1m2H = s1Cn2H or s1Dn2H`), or
    /// chosen by `?:`, or guarded by `not`.
    fn scenario(&mut self, depth: u32) -> String {
        if depth == 0 {
            return self.auction();
        }
        let name = format!("sc{}", self.defined.len());
        match self.c.below(5) {
            0 | 1 => {
                let n = 2 + self.c.below(2);
                let parts: Vec<String> = (0..n).map(|_| self.scenario(depth - 1)).collect();
                self.define(name, |_| parts.join(" or "))
            }
            2 => {
                let (a, b, c) = (self.scenario(depth - 1), self.scenario(depth - 1), self.auction());
                self.define(name, |_| format!("{a} ? {c} : {b}"))
            }
            3 => {
                let (a, b) = (self.scenario(depth - 1), self.auction());
                self.define(name, |_| format!("{a} and not {b}"))
            }
            _ => self.auction(),
        }
    }

    /// A value for the actions: points of a side, a fit, losers, a choice by `?:`.
    fn value(&mut self, faults: u64) -> String {
        let (a, b) = (self.c.below(4) as usize, self.c.below(4) as usize);
        let suit = self.c.below(4) as usize;
        let name = format!("v{}", self.defined.len());
        match self.c.below(7) {
            0 => {
                let (x, y) = (self.points(a), self.points((a + 2) % 4));
                self.define(name, |_| format!("{x} + {y}"))
            }
            1 => {
                let (x, y) = (self.length(a, suit), self.length((a + 2) % 4, suit));
                self.define(name, |_| format!("{x} + {y}"))
            }
            2 => self.define(name, |_| format!("losers({})", SEATS[a])),
            3 => {
                let (test, x) = (self.call(a), self.points(b));
                self.define(name, |_| format!("{test} ? {x} : -1"))
            }
            4 if self.c.one_in(faults) => {
                let (x, y) = (self.points(a), self.length(b, suit));
                self.define(name, |_| format!("{x} / ({y} - 3)"))
            }
            5 => format!("top4({}, {})", SEATS[a], SUITS[suit]),
            _ => format!("controls({}) + cccc({}) / 100", SEATS[a], SEATS[b]),
        }
    }

    /// A predeal: a few cards of one seat, or a suit length.
    fn predeal(&mut self) {
        let seat = SEATS[self.c.below(4) as usize];
        if self.c.one_in(2) {
            let suit = self.c.below(4) as usize;
            let length = self.number(0, 7);
            let _ = writeln!(self.text, "predeal {}({seat}) == {length}", SUITS[suit]);
            return;
        }
        let (mut holdings, mut cards) = (Vec::new(), 0);
        for l in LETTERS {
            let ranks: String = RANKS.iter().filter(|_| self.c.one_in(7)).take(8 - cards).collect();
            cards += ranks.len();
            if !ranks.is_empty() {
                holdings.push(format!("{l}{ranks}"));
            }
        }
        if !holdings.is_empty() {
            let _ = writeln!(self.text, "predeal {seat} {}", holdings.join(", "));
        }
    }
}

/// A case: a script of dozens of variables with its switches.
pub fn case(c: &mut Choices, options: &Options) -> Case {
    let mut w = Writer { c, extremes: options.extremes, text: String::new(), defined: Vec::new() };
    let _ = writeln!(w.text, "# a generated scenario");
    if w.c.one_in(3) {
        let _ = writeln!(w.text, "dealer {}", SEATS[w.c.below(4) as usize]);
    }
    if w.c.one_in(options.predeal) {
        w.predeal();
    }
    if w.c.one_in(options.pointcount) {
        let small = ["0", "1", "2", "3", "4", "6", "0.5", "1.25", "-1", "0.0"];
        let values: Vec<String> = (0..1 + w.c.below(6))
            .map(|_| if w.c.one_in(w.extremes) { w.c.pick(&EXTREMES).to_string() } else { w.c.pick(&small).to_string() })
            .collect();
        let _ = writeln!(w.text, "pointcount {}", values.join(" "));
    }
    // The condition: scenarios joined, now and then behind a rare term on one seat, or with
    // the common case levelled by `rnd`.
    let count = 1 + w.c.below(3);
    let depth = w.c.below(3) as u32;
    let scenarios: Vec<String> = (0..count).map(|_| w.scenario(depth)).collect();
    let mut condition = scenarios.join(if w.c.one_in(6) { " and " } else { " or " });
    if w.c.one_in(options.rnd) {
        let level = w.define("level".into(), |w| format!("rnd({}) < {}", w.number(100, 100), w.number(10, 70)));
        condition = format!("({} and {level}) or ({condition})", scenarios[0]);
    }
    if w.c.one_in(3) {
        let seat = w.c.below(4) as usize;
        let call = w.call(seat);
        condition = if w.c.one_in(3) { format!("{call} and ({condition})") } else { format!("({condition}) and not {call}") };
    }
    if w.c.one_in(options.rare) {
        let s = SEATS[w.c.below(4) as usize];
        let rare = match w.c.below(4) {
            0 => format!("hcp({s}) >= {}", w.number(22, 24)),
            1 => format!("shape({s}, any 9xxx + any 8xxx - any 8221 - any 8311)"),
            2 => format!("hcp({s}) >= 21 and shape({s}, any 4333 + any 4432 + any 5332)"),
            _ => format!("hcp({s}) >= 17 and shape({s}, any 7xxx + any 8xxx)"),
        };
        condition = format!("{rare} and ({condition})");
    }
    let _ = writeln!(w.text, "condition {condition}");
    // The actions.
    let mut actions = Vec::new();
    let mut values = Vec::new();
    if w.c.one_in(options.printing) {
        let printing = ["printoneline", "printall", "printpbn", "printcompact", "printew", "print(north, south)"];
        actions.push(w.c.pick(&printing).to_string());
        if w.c.one_in(2) {
            let v = w.value(0);
            actions.push(format!("printes(\"value \", {v}, \\n)"));
        }
        let produce = w.number(5, 300);
        let _ = writeln!(w.text, "produce {produce}");
    }
    for i in 0..w.c.below(5) {
        let v = w.value(options.faults);
        if w.defined.contains(&v) {
            values.push(v.clone());
        }
        actions.push(format!("average \"value {i}\" {v}"));
    }
    if w.c.one_in(2) {
        let v = w.value(0);
        actions.push(if w.c.one_in(2) {
            format!("frequency \"counted\" ({v}, -2, 30)")
        } else {
            let s = SEATS[w.c.below(4) as usize];
            format!("frequency \"by points\" ({v}, 0, 30, hcp({s}), 0, 20)")
        });
    }
    // A scenario's truth as a value too: what the condition reads, read again.
    if w.c.one_in(2) {
        actions.push(format!("average \"first\" {}", scenarios[0]));
        values.push(scenarios[0].clone());
    }
    if !actions.is_empty() {
        let _ = writeln!(w.text, "action {}", actions.join(",\n  "));
    }
    let swap = if w.c.one_in(options.swap) { w.c.pick(&[2, 3]) } else { 0 };
    let seed = 1 + w.c.below(1 << 40);
    let generate = 1000 * (2 + w.c.below(20));
    Case { script: w.text, swap, seed, generate, values }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_case_and_the_cases_vary() {
        let a = case(&mut Choices::seeded(7), &Options::default());
        let b = case(&mut Choices::seeded(7), &Options::default());
        assert_eq!(a.script, b.script);
        let scripts: std::collections::BTreeSet<String> = (0..200).map(|s| case(&mut Choices::seeded(s), &Options::default()).script).collect();
        assert!(scripts.len() >= 195, "{} different scripts of 200", scripts.len());
        let many = scripts.iter().filter(|s| s.lines().count() >= 12).count();
        assert!(many >= 120, "{many} scripts of 12 lines or more");
    }

    #[test]
    fn bytes_are_read_first_then_a_stream() {
        let mut c = Choices::from_bytes(&[5, 200]);
        assert_eq!((c.below(10), c.below(100)), (5, 0));
        assert!(c.below(1 << 40) > 0);
    }
}
