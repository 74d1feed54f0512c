//! The actions as classic Dealer prints them (`--classic`): what Debian's `/usr/games/dealer`
//! writes for each produced deal and at the end, byte for byte.
//!
//! Its layouts differ from DealerV2's, which dealvm prints otherwise: `printall` numbers the
//! deal alone on its line and does not indent the hands; `printew` prints no number;
//! `printpbn` names `dealer` in its `Event` and today's date, and has no `Generator` tag;
//! `average` prints the mean alone (`%g` of an `int` sum over the deals); `frequency`
//! prints every row between its bounds, counts only, and a 2-D table every column; the
//! `print` lists have their own blank lines. Each `printpbn` switches the statistics at the
//! end off and on again (Dealer's `verbose ^= 1`): [`ClassicActions::trailer_shown`] says
//! whether they are printed.
//!
//! The actions classic Dealer does not have are refused before the run ([`unsupported`]):
//! under `--classic` DealerV2's words are names, so that only `evalcontract` (which needs a
//! double-dummy program Debian does not ship) gets there in practice.

use crate::compile::{ActionSpec, EsPart};
use dealvm_vm::card::{Deal, Hand, Seat, Side, Suit, RANK_CHARS};
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability, Vulnerability};
use dealvm_vm::evaluation::stats::{Tallies, TallyAxis, TallySpec};
use std::io::{self, Write};

/// What the actions print besides the deals.
pub struct ClassicInfo {
    /// The input file's name as given on the command line; `None` for standard input
    /// (Dealer prints `(null)`).
    pub input_name: Option<String>,
    /// The seed as Dealer prints it (`%lu` of the `long` given).
    pub seed: u64,
    /// The input's `dealer` and `vulnerable`, for `printpbn`.
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    /// `-q`: no `printpbn` output.
    pub quiet: bool,
}

/// The actions of a classic run, their accumulators and the deals `print` keeps.
pub struct ClassicActions {
    specs: Vec<ActionSpec>,
    tallies: Tallies,
    info: ClassicInfo,
    /// The produced deals, for `print(compass)`.
    kept: Vec<Deal>,
    /// Whether an odd number of `printpbn` deals were printed.
    pbn_switched: bool,
    /// Today's date as `printpbn` writes it, found at the first one.
    date: Option<String>,
}

/// The first action of `specs` that classic Dealer does not have, by name, with why.
pub fn unsupported(specs: &[ActionSpec]) -> Option<(&'static str, &'static str)> {
    specs.iter().find_map(|spec| match spec {
        ActionSpec::EvalContract { .. } => Some((
            "evalcontract",
            "Debian's dealer solves it with an external program (`bridge`) that Debian does not ship, so it prints no real figures",
        )),
        ActionSpec::PrintSide(Side::NorthSouth)
        | ActionSpec::BktFreq { .. }
        | ActionSpec::CsvRpt(_)
        | ActionSpec::PrintRpt(_)
        | ActionSpec::Export(_) => Some((spec.name(), "it is DealerV2's, not classic Dealer's")),
        ActionSpec::EvalLeads { .. } => Some((spec.name(), "it is dealvm's, not classic Dealer's")),
        _ => None,
    })
}

impl ClassicActions {
    /// The actions of `specs`, with empty accumulators for `tallies`.
    pub fn new(specs: Vec<ActionSpec>, tallies: Vec<TallySpec>, info: ClassicInfo) -> ClassicActions {
        ClassicActions { specs, tallies: Tallies::new(tallies), info, kept: Vec::new(), pbn_switched: false, date: None }
    }

    /// Empty accumulators like the run's, for a worker to count a batch in.
    pub fn empty_tallies(&self) -> Tallies {
        self.tallies.for_batch()
    }

    /// Adds the statistics of a batch.
    pub fn merge(&mut self, batch: &Tallies) {
        self.tallies.merge(batch);
    }

    /// Whether an action prints or keeps each produced deal.
    pub fn needs_deals(&self) -> bool {
        self.specs.iter().any(ActionSpec::needs_deal)
    }

    /// Runs the actions on produced deal number `number` (from 1) with its values.
    pub fn deal(&mut self, w: &mut dyn Write, number: u64, deal: &Deal, values: &[i32]) -> io::Result<()> {
        for spec in &self.specs {
            match spec {
                ActionSpec::PrintAll => {
                    writeln!(w, "{number:4}.")?;
                    rows(w, &Seat::ALL.map(|s| deal.hand(s)))?;
                    writeln!(w)?;
                }
                ActionSpec::PrintEs(parts) => {
                    for p in parts {
                        match p {
                            EsPart::Value(v) => write!(w, "{}", values[*v])?,
                            EsPart::Text(t) => w.write_all(t.as_bytes())?,
                        }
                    }
                }
                ActionSpec::PrintCompact(v) => {
                    for seat in Seat::ALL {
                        writeln!(w, "{} {}", seat.letter().to_ascii_lowercase(), deal.hand(seat).pbn())?;
                    }
                    if let Some(v) = v {
                        writeln!(w, "{}", values[*v])?;
                    }
                }
                ActionSpec::PrintOneline(v) => {
                    for seat in Seat::ALL {
                        write!(w, "{} {} ", seat.letter().to_ascii_lowercase(), deal.hand(seat).pbn())?;
                    }
                    if let Some(v) = v {
                        write!(w, "{}", values[*v])?;
                    }
                    writeln!(w)?;
                }
                ActionSpec::PrintPbn if !self.info.quiet => {
                    let date = self.date.get_or_insert_with(today).clone();
                    self.pbn(w, number, deal, &date)?;
                    self.pbn_switched = !self.pbn_switched;
                }
                ActionSpec::PrintSide(_) => {
                    // `printew` (the only side Dealer prints): west's hand, then east's.
                    rows(w, &[deal.hand(Seat::West), deal.hand(Seat::East)])?;
                    writeln!(w)?;
                }
                _ => {}
            }
        }
        if self.specs.iter().any(|s| matches!(s, ActionSpec::Print(_))) {
            self.kept.push(*deal);
        }
        Ok(())
    }

    /// `printpbn`: one PBN game as Dealer writes it, board `number`.
    fn pbn(&self, w: &mut dyn Write, number: u64, deal: &Deal, date: &str) -> io::Result<()> {
        let name = self.info.input_name.as_deref().unwrap_or("(null)");
        writeln!(w, "[Event \"Hand simulated by dealer with file {name}, seed {}\"]", self.info.seed)?;
        writeln!(w, "[Site \"-\"]\n[Date \"{date}\"]\n[Board \"{number}\"]")?;
        writeln!(w, "[West \"-\"]\n[North \"-\"]\n[East \"-\"]\n[South \"-\"]")?;
        let dealer = self.info.dealer.unwrap_or_else(|| board_dealer(number));
        let vulnerable = self.info.vulnerable.unwrap_or_else(|| board_vulnerability(number));
        writeln!(w, "[Dealer \"{}\"]\n[Vulnerable \"{}\"]", dealer.letter(), vulnerable.pbn())?;
        writeln!(w, "[Deal \"N:{}\"]", Seat::ALL.map(|s| deal.hand(s).pbn()).join(" "))?;
        writeln!(w, "[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n")
    }

    /// Whether the statistics at the end are printed: `-v` not given an odd number of times,
    /// switched again by each `printpbn` deal printed.
    pub fn trailer_shown(&self, verbose: bool) -> bool {
        verbose != self.pbn_switched
    }

    /// The reports at the end, in the order of the actions, `produced` deals having been
    /// produced.
    pub fn finish(&self, w: &mut dyn Write, produced: u64) -> io::Result<()> {
        for spec in &self.specs {
            match spec {
                ActionSpec::Print(seats) => {
                    for &seat in seats {
                        write!(w, "\n\n{} hands:\n\n\n\n", seat.name())?;
                        for (i, four) in self.kept.chunks(4).enumerate() {
                            for k in 0..four.len() {
                                write!(w, "{:4}.{:15}", 4 * i + k + 1, ' ')?;
                            }
                            writeln!(w)?;
                            rows(w, &four.iter().map(|d| d.hand(seat)).collect::<Vec<_>>())?;
                            writeln!(w)?;
                        }
                        w.write_all(b"\x0c")?;
                    }
                }
                ActionSpec::Average { label, tally, .. } => {
                    if let Some(label) = label {
                        write!(w, "{label}: ")?;
                    }
                    // Dealer sums in an `int`, and divides as doubles: 0 / 0 is x86's NaN, -nan.
                    let sum = self.tallies.get(*tally).sum as i32;
                    let mean = if produced == 0 { f64::NAN.copysign(-1.0) } else { sum as f64 / produced as f64 };
                    writeln!(w, "{}", printf_g(mean))?;
                }
                ActionSpec::Frequency { label, tally, .. } => {
                    let counts = &self.tallies.get(*tally).counts;
                    match *self.tallies.spec(*tally) {
                        TallySpec::Frequency { x, y: None } => frequency1(w, label.as_deref(), &x, counts)?,
                        TallySpec::Frequency { x, y: Some(y) } => frequency2(w, label.as_deref(), &x, &y, counts)?,
                        _ => unreachable!("a frequency counts in a frequency table"),
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// The hands side by side, a suit a row from spades down, as Dealer's `printall` and `print`
/// lay them out: each hand in a column of 20 characters (a longer holding widens its own
/// column, pushing the next ones along), ranks followed by a space, `-` for a void.
fn rows(w: &mut dyn Write, hands: &[Hand]) -> io::Result<()> {
    for suit in Suit::DISPLAY {
        let mut line = String::new();
        for (i, hand) in hands.iter().enumerate() {
            let text = holding(*hand, suit);
            line.push_str(&text);
            if i + 1 < hands.len() {
                line.extend(std::iter::repeat_n(' ', 20usize.saturating_sub(text.len())));
            }
        }
        writeln!(w, "{line}")?;
    }
    Ok(())
}

/// A holding as `printall` writes it: `A K 7 ` (each rank followed by a space), `- ` for a void.
fn holding(hand: Hand, suit: Suit) -> String {
    let mask = hand.suit_mask(suit);
    if mask == 0 {
        return "- ".to_string();
    }
    (0..13).rev().filter(|r| mask >> r & 1 == 1).flat_map(|r| [RANK_CHARS[r] as char, ' ']).collect()
}

/// A 1-D `frequency` as Dealer prints it: the Low count if any, every value between the
/// bounds, the High count if any.
fn frequency1(w: &mut dyn Write, label: Option<&str>, x: &TallyAxis, counts: &[u64]) -> io::Result<()> {
    writeln!(w, "Frequency {}:", label.unwrap_or(""))?;
    let last = counts.len() - 1;
    if counts[0] > 0 {
        writeln!(w, "Low\t{:8}", counts[0])?;
    }
    for (i, &n) in counts[1..last].iter().enumerate() {
        writeln!(w, "{:5}\t{n:8}", x.low as i64 + i as i64)?;
    }
    if counts[last] > 0 {
        writeln!(w, "High\t{:8}", counts[last])?;
    }
    Ok(())
}

/// A 2-D `frequency` as Dealer prints it: every row and column, Low and High included, with
/// the sums of each, in `int`s.
fn frequency2(w: &mut dyn Write, label: Option<&str>, x: &TallyAxis, y: &TallyAxis, counts: &[u64]) -> io::Result<()> {
    let (rows, columns) = (x.cells(), y.cells());
    let cell = |i: usize, j: usize| counts[i * columns + j] as i32;
    writeln!(w, "Frequency {}:", label.unwrap_or(""))?;
    write!(w, "        Low")?;
    for j in 1..columns - 1 {
        write!(w, " {:6}", y.low as i64 + j as i64 - 1)?;
    }
    writeln!(w, "   High    Sum")?;
    let mut total = 0i32;
    for i in 0..rows {
        match i {
            0 => write!(w, "Low ")?,
            i if i == rows - 1 => write!(w, "High")?,
            i => write!(w, "{:4}", x.low as i64 + i as i64 - 1)?,
        }
        let mut sum = 0i32;
        for j in 0..columns {
            sum = sum.wrapping_add(cell(i, j));
            write!(w, " {:6}", cell(i, j))?;
        }
        writeln!(w, " {sum:6}")?;
        total = total.wrapping_add(sum);
    }
    write!(w, "Sum ")?;
    for j in 0..columns {
        let sum = (0..rows).fold(0i32, |s, i| s.wrapping_add(cell(i, j)));
        write!(w, " {sum:6}")?;
    }
    writeln!(w, " {total:6}\n")
}

/// A number as C's `printf("%g")` writes it: six significant digits, trailing zeros dropped,
/// an exponent below 1e-4 and from 1e6 on; `-nan` for Dealer's 0 / 0.
pub fn printf_g(v: f64) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() { "-nan" } else { "nan" }.to_string();
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf" } else { "inf" }.to_string();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    // The exponent of the number rounded to six digits.
    let scientific = format!("{v:.5e}");
    let (mantissa, exponent) = scientific.split_once('e').expect("`e` formatting has an exponent");
    let exponent: i32 = exponent.parse().expect("a decimal exponent");
    let trim = |s: &str| if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s.to_string() };
    if !(-4..6).contains(&exponent) {
        let sign = if exponent < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mantissa), exponent.abs())
    } else {
        trim(&format!("{v:.*}", (5 - exponent) as usize))
    }
}

/// Today's date in local time, as `printpbn` writes it: `2025.06.01`.
fn today() -> String {
    // SAFETY: `time` with a null pointer and `localtime_r` into a zeroed `tm` are always safe.
    unsafe {
        let now = libc::time(std::ptr::null_mut());
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&now, &mut tm).is_null() {
            return "?".to_string();
        }
        format!("{:04}.{:02}.{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_printf_g() {
        let cases = [
            (10.135, "10.135"),
            (13.0, "13"),
            (-17.0, "-17"),
            (0.1, "0.1"),
            (1.0 / 3.0, "0.333333"),
            (123456.7, "123457"),
            (1234567.0, "1.23457e+06"),
            (0.00012345678, "0.000123457"),
            (0.000012345678, "1.23457e-05"),
            (999999.5, "1e+06"),
            (2.5e-300, "2.5e-300"),
        ];
        for (v, text) in cases {
            assert_eq!(printf_g(v), text, "{v}");
        }
        assert_eq!(printf_g(f64::NAN.copysign(-1.0)), "-nan");
    }

    #[test]
    fn hands_sit_in_columns_of_twenty() {
        let long = Hand(0x1FFF << 48 | 1 << 32);
        let short = Hand(1 << 12);
        let mut out = Vec::new();
        rows(&mut out, &[long, short, Hand::EMPTY]).unwrap();
        let text = String::from_utf8(out).unwrap();
        let first = text.lines().next().unwrap();
        assert_eq!(first, "A K Q J T 9 8 7 6 5 4 3 2 -                   - ");
        assert_eq!(text.lines().nth(3).unwrap(), "-                   A                   - ");
    }
}
