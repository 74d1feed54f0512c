//! The end-of-run reports of `average`, `frequency`, `bktfreq` and `evalcontract`, laid out
//! as DealerV2 prints them, and of dealvm's `evalleads`.

use crate::files::text::Text;
use crate::report::estimate::{Mean, Share};
use dealvm_vm::card::{rank_char, Card, Seat, Side};
use dealvm_vm::evaluation::score::{imps, score, Contract, Doubling, Strain};
use dealvm_vm::evaluation::stats::{Buckets, TallyAxis};
use std::io::{self, Write};

/// The `average` report: mean, standard deviation and (sample) variance; `-` for each when
/// no deal was produced. With `errors` (`--se`), a second line gives the mean's standard
/// error and 95% interval (`-` under two deals).
pub fn average(w: &mut dyn Write, label: Option<&str>, m: Mean, errors: bool) -> io::Result<()> {
    let prefix = label.map(|l| format!("{l}: ")).unwrap_or_default();
    match m.mean() {
        None => {
            let none = undefined(10);
            writeln!(w, "{prefix}Mean={none}, Std Dev={none}, Var={none}, Sample Size=0 ")?;
        }
        Some(mean) => {
            // One deal: a variance of 0, as DealerV2 prints it.
            let var = m.variance().unwrap_or(0.0);
            writeln!(
                w,
                "{prefix}Mean={}, Std Dev={}, Var={}, Sample Size={} ",
                printf_f(mean, 10, 4),
                printf_f(var.sqrt(), 10, 4),
                printf_f(var, 10, 4),
                m.n
            )?;
        }
    }
    if errors {
        let figure = |v: Option<f64>| v.map_or_else(|| undefined(10), |v| printf_f(v, 10, 4));
        let (low, high) = m.interval95().unzip();
        writeln!(w, "{prefix}Std Err={}, 95% interval=[{}, {}]", figure(m.standard_error()), figure(low), figure(high))?;
    }
    Ok(())
}

/// A value that no deal gives (a mean or a percentage of none), `W` wide: `-`.
fn undefined(width: usize) -> String {
    format!("{:>width$}", "-")
}

/// Appends `-`, `width` wide: a value that no deal gives.
fn put_undefined(line: &mut Vec<u8>, width: usize) {
    line.resize(line.len() + width.saturating_sub(1), b' ');
    line.push(b'-');
}

/// Appends a percentage of `total`, as `%7.2f` prints it; `-` when the total is 0.
fn put_percent(line: &mut Vec<u8>, count: u64, total: u64) {
    match (count, total) {
        (_, 0) => put_undefined(line, 7),
        // None of the deals: 0.00, with no float to format.
        (0, _) => line.extend_from_slice(b"   0.00"),
        _ => put_f(line, count as f64 / (total as f64 / 100.0), 7, 2),
    }
}

/// A float as C's `%W.Pf` prints it (including `nan`).
pub fn printf_f(v: f64, width: usize, precision: usize) -> String {
    let mut text = Vec::new();
    put_f(&mut text, v, width, precision);
    String::from_utf8_lossy(&text).into_owned()
}

/// Appends a float as C's `%W.Pf` prints it (including `nan`).
fn put_f(line: &mut Vec<u8>, v: f64, width: usize, precision: usize) {
    if precision == 2 && put_hundredths(line, v, width) {
        return;
    }
    // Writing to memory cannot fail.
    let _ = if v.is_nan() {
        write!(line, "{:>width$}", if v.is_sign_negative() { "-nan" } else { "nan" })
    } else {
        write!(line, "{v:width$.precision$}")
    };
}

/// Appends `v` with two decimals, right-aligned in `width` columns, as `{v:width$.2}` prints
/// it, without `fmt`: for a `v` not negative and under a million (percentages, standard
/// errors), unless `v` × 100 is too near a half to round without its exact value; says
/// whether it did.
fn put_hundredths(line: &mut Vec<u8>, v: f64, width: usize) -> bool {
    // NaN is not under a million, and -0.0 prints as `-0.00`.
    if !(v.is_sign_positive() && v < 1e6) {
        return false;
    }
    // Under 1e8, `x` is within 1e-8 of v × 100: a fraction further than 1e-6 from a half
    // rounds as the exact value does.
    let x = v * 100.0;
    let whole = x.floor();
    let fraction = x - whole;
    if (fraction - 0.5).abs() < 1e-6 {
        return false;
    }
    let hundredths = whole as u64 + u64::from(fraction > 0.5);
    let start = line.len();
    line.put_u64_right(hundredths / 100, width.saturating_sub(3));
    let cents = (hundredths % 100) as u8;
    line.extend_from_slice(&[b'.', b'0' + cents / 10, b'0' + cents % 10]);
    line.pad_from(start, width);
    true
}

/// The header of a 1-D table, with the columns of the standard errors when `errors`.
fn table_header(errors: bool) -> &'static str {
    if errors {
        "Value\t   Count\t   Pct.\t  CumPct\t  StdErr\t  95% interval\t  CumStdErr"
    } else {
        "Value\t   Count\t   Pct.\t  CumPct"
    }
}

/// Appends the columns `--se` adds to a row of a 1-D table: the binomial standard error of
/// the percentage, its Wilson 95% interval, and the standard error of the cumulative
/// percentage, all in percentage points; `-` for each over no deal.
fn put_error_columns(line: &mut Vec<u8>, count: u64, cumulative: u64, total: u64) {
    let (share, up_to) = (Share { count, n: total }, Share { count: cumulative, n: total });
    let points = |line: &mut Vec<u8>, v: Option<f64>, width: usize| match v {
        Some(v) => put_f(line, 100.0 * v, width, 2),
        None => put_undefined(line, width),
    };
    let (low, high) = share.interval95().unzip();
    line.push(b'\t');
    points(line, share.standard_error(), 7);
    line.extend_from_slice(b"\t[");
    points(line, low, 6);
    line.extend_from_slice(b", ");
    points(line, high, 6);
    line.extend_from_slice(b"]\t");
    points(line, up_to.standard_error(), 7);
}

/// A row of a 1-D table: its name (written by `name`), count, percentage and cumulative
/// percentage, and with `errors` their standard errors; the line is written to `w`.
struct OneWay {
    line: Vec<u8>,
    total: u64,
    cumulative: u64,
    errors: bool,
}

impl OneWay {
    /// The rows of a table of `total` deals.
    fn new(total: u64, errors: bool) -> OneWay {
        OneWay { line: Vec::with_capacity(128), total, cumulative: 0, errors }
    }

    /// Writes the row of `count` deals named by `name`.
    fn row(&mut self, w: &mut dyn Write, name: impl FnOnce(&mut Vec<u8>), count: u64) -> io::Result<()> {
        let line = &mut self.line;
        line.clear();
        self.cumulative += count;
        name(line);
        line.push(b'\t');
        line.put_u64_right(count, 8);
        line.push(b'\t');
        put_percent(line, count, self.total);
        line.push(b'\t');
        put_percent(line, self.cumulative, self.total);
        if self.errors {
            put_error_columns(line, count, self.cumulative, self.total);
        }
        line.push(b'\n');
        w.write_all(line)
    }
}

/// The 1-D `frequency` report; with `errors`, each percentage's standard error and interval.
pub fn frequency1(w: &mut dyn Write, label: Option<&str>, x: &TallyAxis, cells: &[u64], errors: bool) -> io::Result<()> {
    let (below, counts, above) = (cells[0], &cells[1..cells.len() - 1], cells[cells.len() - 1]);
    writeln!(w, "\nDescription: {}:", label.unwrap_or(""))?;
    writeln!(w, "{}", table_header(errors))?;
    let total: u64 = below + above + counts.iter().sum::<u64>();
    let mut rows = OneWay::new(total, errors);
    if below > 0 {
        rows.row(w, |l| l.extend_from_slice(b"Low"), below)?;
    }
    for (i, &c) in counts.iter().enumerate() {
        rows.row(w, |l| l.put_i64_right(x.low as i64 + i as i64, 5), c)?;
    }
    if above > 0 {
        rows.row(w, |l| l.extend_from_slice(b"High"), above)?;
    }
    writeln!(w, "    \t--------\t-------")?;
    writeln!(w, "Total\t{total:8}\t{}", percent(total, total))
}

/// A percentage of `total`, as `%7.2f` prints it; `-` when the total is 0.
fn percent(count: u64, total: u64) -> String {
    let mut text = Vec::new();
    put_percent(&mut text, count, total);
    String::from_utf8_lossy(&text).into_owned()
}

/// The 2-D `frequency` report: rows for the first expression, columns for the second.
pub fn frequency2(w: &mut dyn Write, label: Option<&str>, x: &TallyAxis, y: &TallyAxis, counts: &[u64]) -> io::Result<()> {
    writeln!(w, "\nDescription: {}:", label.unwrap_or(""))?;
    let rows = (x.high as i64 - x.low as i64 + 3) as usize;
    let cols = (y.high as i64 - y.low as i64 + 3) as usize;
    let mut line = Vec::with_capacity(9 * cols + 16);
    line.extend_from_slice(b"        Low");
    for j in 1..cols - 1 {
        line.push(b' ');
        line.put_i64_right(y.low as i64 + j as i64 - 1, 8);
    }
    line.extend_from_slice(b"    High     Sum\n");
    w.write_all(&line)?;
    let row_name = |line: &mut Vec<u8>, i: usize| match i {
        0 => line.extend_from_slice(b"Low "),
        i if i == rows - 1 => line.extend_from_slice(b"High"),
        i => line.put_i64_right(x.low as i64 + i as i64 - 1, 4),
    };
    table_body(w, line, counts, rows, cols, row_name, b"Sum ")?;
    writeln!(w)
}

/// The rows of a 2-D report, each named by `row_name` and ended by its sum, then the line of
/// column sums named `sum_name`; each line is made in `line` and written to `w`.
fn table_body(
    w: &mut dyn Write,
    mut line: Vec<u8>,
    counts: &[u64],
    rows: usize,
    cols: usize,
    row_name: impl Fn(&mut Vec<u8>, usize),
    sum_name: &[u8],
) -> io::Result<()> {
    let mut col_sums = vec![0u64; cols];
    for (i, row) in counts.chunks_exact(cols).take(rows).enumerate() {
        line.clear();
        row_name(&mut line, i);
        let mut row_sum = 0u64;
        for (&n, sum) in row.iter().zip(col_sums.iter_mut()) {
            row_sum += n;
            *sum += n;
            put_cell(&mut line, n);
        }
        put_cell(&mut line, row_sum);
        line.push(b'\n');
        w.write_all(&line)?;
    }
    line.clear();
    line.extend_from_slice(sum_name);
    for &s in &col_sums {
        put_cell(&mut line, s);
    }
    put_cell(&mut line, col_sums.iter().sum::<u64>());
    line.push(b'\n');
    w.write_all(&line)
}

/// Appends a cell of a 2-D report: a space and the count in 8 columns, as ` {n:8}` prints it.
#[inline]
fn put_cell(line: &mut Vec<u8>, n: u64) {
    line.push(b' ');
    line.put_u64_right(n, 8);
}

/// The 1-D `bktfreq` report; with `errors`, each percentage's standard error and interval.
pub fn buckets1(w: &mut dyn Write, label: Option<&str>, b: &Buckets, counts: &[u64], errors: bool) -> io::Result<()> {
    writeln!(w, "\nDescription: {}", label.unwrap_or(""))?;
    writeln!(w, "{}", table_header(errors))?;
    let total: u64 = counts.iter().sum();
    let mut rows = OneWay::new(total, errors);
    let last = counts.len() - 1;
    for (i, &count) in counts.iter().enumerate() {
        if (i == 0 || i == last) && count == 0 {
            continue;
        }
        match i {
            0 => rows.row(w, |l| l.extend_from_slice(b"Low"), count)?,
            i if i == last => rows.row(w, |l| l.extend_from_slice(b"High"), count)?,
            i => rows.row(w, |l| l.put_i64_right(b.name(i), 5), count)?,
        }
    }
    writeln!(w, "    \t--------")?;
    writeln!(w, "Total\t{total:8}\t{}", percent(total, total))
}

/// The 2-D `bktfreq` report: rows for the first expression, columns for the second.
pub fn buckets2(w: &mut dyn Write, label: Option<&str>, x: &Buckets, y: &Buckets, counts: &[u64]) -> io::Result<()> {
    writeln!(w, "\nDescription: {} ", label.unwrap_or(""))?;
    let (rows, cols) = (x.count(), y.count());
    let mut line = Vec::with_capacity(9 * cols + 16);
    line.extend_from_slice(b"           Low");
    for j in 1..cols - 1 {
        line.push(b' ');
        line.put_i64_right(y.name(j), 8);
    }
    line.extend_from_slice(b"     High    Sum\n");
    w.write_all(&line)?;
    let row_name = |line: &mut Vec<u8>, i: usize| match i {
        0 => line.extend_from_slice(b" Low "),
        i if i == rows - 1 => line.extend_from_slice(b"High "),
        i => {
            line.put_i64_right(x.name(i), 4);
            line.push(b' ');
        }
    };
    table_body(w, line, counts, rows, cols, row_name, b"Sum  ")
}

/// A float as C's `% W.Pf` prints it: a space before a number that is not negative; `-`
/// for a value that no deal gives.
fn printf_space_f(v: f64, width: usize, precision: usize) -> String {
    if v.is_nan() {
        return undefined(width);
    }
    let sign = if v.is_sign_negative() { "-" } else { " " };
    format!("{:>width$}", format!("{sign}{:.precision$}", v.abs()))
}

/// What `evalcontract` reports of a contract over the produced deals: its score per deal,
/// how often it makes and fails, how often a game or slam that makes is missed and how many
/// IMPs that costs per board. Every figure comes from `tricks[t]`, the deals on which the
/// side's declarer (South or West) takes `t` tricks double dummy, so it is exact.
pub struct EvalFigures {
    pub score: Mean,
    pub made: Share,
    pub failed: Share,
    pub missed_games: Share,
    pub missed_slams: Share,
    /// The IMPs lost per board to a missed game and to a missed slam.
    pub game_imps: Mean,
    pub slam_imps: Mean,
}

impl EvalFigures {
    /// The figures of `contract`, vulnerable or not, over the deals counted in `tricks`.
    pub fn new(contract: Contract, vulnerable: bool, tricks: &[u64; 14]) -> EvalFigures {
        let undoubled = |level: u8, t: usize| score(vulnerable, Contract { level, doubling: Doubling::Undoubled, ..contract }, t as i32) as i64;
        let level = contract.level;
        let game = match contract.strain {
            Strain::NoTrump => 3,
            Strain::Hearts | Strain::Spades => 4,
            Strain::Clubs | Strain::Diamonds => 5,
        };
        let missed_game = |t: usize| level < game && t >= game as usize + 6;
        // Like DealerV2, a missed slam is scored against the contract undoubled.
        let missed_slam = |t: usize| level < 6 && t >= 12;
        let game_imps = |t: usize| if missed_game(t) { imps((undoubled(game, t) - undoubled(level, t)) as i32) as i64 } else { 0 };
        let slam_imps = |t: usize| if missed_slam(t) { imps((undoubled(t as u8 - 6, t) - undoubled(level, t)) as i32) as i64 } else { 0 };
        let scores: [i64; 14] = std::array::from_fn(|t| score(vulnerable, contract, t as i32) as i64);
        let n = tricks.iter().sum();
        let count = |holds: &dyn Fn(usize) -> bool| Share { count: (0..14).filter(|&t| holds(t)).map(|t| tricks[t]).sum(), n };
        EvalFigures {
            score: Mean::of_counts(tricks, |t| scores[t]),
            made: count(&|t| scores[t] > 0),
            failed: count(&|t| scores[t] < 0),
            missed_games: count(&missed_game),
            missed_slams: count(&missed_slam),
            game_imps: Mean::of_counts(tricks, game_imps),
            slam_imps: Mean::of_counts(tricks, slam_imps),
        }
    }
}

/// The `evalcontract` report: the contract's average score over the produced deals, how often
/// it makes and fails, and how often and how dearly (IMPs per board) a game or slam that
/// makes is missed ([`EvalFigures`]). With no deal, each figure is `-`. With `errors`, a
/// third line gives each figure's standard error (`-` under two deals).
pub fn evalcontract(w: &mut dyn Write, side: Side, contract: Contract, vulnerable: bool, tricks: &[u64; 14], errors: bool) -> io::Result<()> {
    let f = EvalFigures::new(contract, vulnerable, tricks);
    let deals = f.score.n as f64;
    let pct = |s: Share| printf_space_f(100.0 * s.count as f64 / deals, 7, 2);
    let per_board = |m: Mean| printf_space_f(m.sum as f64 / deals, 7, 2);
    let x = ["", "x", "xx"][contract.doubling as usize];
    let name = format!("{}{}{x:<1} {}", contract.level, contract.strain.letter(), if vulnerable { 'V' } else { ' ' });
    writeln!(
        w,
        "\nContract {name:>6} by {} Avg Result ={}, Made pct={}, Fail pct={}",
        side.name(),
        printf_space_f(f.score.sum as f64 / deals, 8, 2),
        pct(f.made),
        pct(f.failed)
    )?;
    writeln!(
        w,
        "Missed Game_pct={}, Missed Slam_pct={}, Missed Game Imps/board={}, Missed Slam Imps/board={}",
        pct(f.missed_games),
        pct(f.missed_slams),
        per_board(f.game_imps),
        per_board(f.slam_imps)
    )?;
    if errors {
        // A mean's standard error under two deals is not known: `-`, as NaN prints.
        let se = |m: Mean, width: usize| printf_space_f(m.standard_error().unwrap_or(f64::NAN), width, 2);
        let pct_se = |s: Share| printf_space_f(100.0 * s.standard_error().unwrap_or(f64::NAN), 7, 2);
        writeln!(
            w,
            "Std Err: Avg Result ={}, Made pct={}, Fail pct={}, Missed Game_pct={}, Missed Slam_pct={}, \
             Missed Game Imps/board={}, Missed Slam Imps/board={}",
            se(f.score, 8),
            pct_se(f.made),
            pct_se(f.failed),
            pct_se(f.missed_games),
            pct_se(f.missed_slams),
            se(f.game_imps, 7),
            se(f.slam_imps, 7)
        )?;
    }
    Ok(())
}

/// What `evalleads` reports of one opening lead over the produced deals. Every figure comes
/// from `counts[t]`, the deals on which the defenders take `t` tricks double dummy after it,
/// so it is exact.
#[derive(Clone, Debug, PartialEq)]
pub struct LeadFigures {
    /// The cards of the lead, equivalent on every deal (touching in the leader's hand), highest
    /// first.
    pub cards: Vec<Card>,
    /// The deals on which the defenders take 0 to 13 tricks after the lead.
    pub counts: [u64; 14],
    /// The tricks the defenders take.
    pub tricks: Mean,
    /// The deals on which the contract goes down.
    pub defeated: Share,
    /// The defenders' score: the contract's score with the sign turned.
    pub score: Mean,
}

impl LeadFigures {
    /// The figures of the lead of `cards` against `contract`, declarer vulnerable or not, over
    /// the deals counted in `counts`.
    pub fn new(cards: Vec<Card>, contract: Contract, vulnerable: bool, counts: [u64; 14]) -> LeadFigures {
        let n = counts.iter().sum();
        // The defenders defeat a contract of level `l` with 8 - l tricks.
        let down = 8 - usize::from(contract.level);
        LeadFigures {
            cards,
            counts,
            tricks: Mean::of_counts(&counts, |t| t as i64),
            defeated: Share { count: counts[down..].iter().sum(), n },
            score: Mean::of_counts(&counts, |t| -i64::from(score(vulnerable, contract, 13 - t as i32))),
        }
    }

    /// The cards' names, suit first as the JSON document gives them: `HK`, `HQ`.
    pub fn card_names(&self) -> Vec<String> {
        self.cards.iter().map(|c| c.suit_first()).collect()
    }

    /// The lead as the report names it: the suit, then the ranks (`HKQ`).
    pub fn name(&self) -> String {
        let suit = self.cards.first().map_or(' ', |c| c.suit().letter());
        std::iter::once(suit).chain(self.cards.iter().map(|c| rank_char(c.rank()))).collect()
    }
}

/// The leads of an `evalleads`, each with the deals by the tricks the defenders take after
/// it, best first: the most tricks for the defenders on average, then the best score for them,
/// then as the leader's hand lists them (spades first, high cards first). The sums are compared,
/// exact integers over the same deals.
pub fn lead_figures(contract: Contract, vulnerable: bool, leads: Vec<(Vec<Card>, [u64; 14])>) -> Vec<LeadFigures> {
    let mut figures: Vec<LeadFigures> = leads.into_iter().map(|(cards, counts)| LeadFigures::new(cards, contract, vulnerable, counts)).collect();
    figures.sort_by(|a, b| b.tricks.sum.cmp(&a.tricks.sum).then(b.score.sum.cmp(&a.score.sum)));
    figures
}

/// The `evalleads` report: a line per lead, best first ([`lead_figures`]), with the tricks
/// the defenders take on average, the share of deals on which the contract goes down and the
/// defenders' average score, each with its standard error (`-` under two deals, every figure
/// `-` with no deal).
pub fn evalleads(w: &mut dyn Write, declarer: Seat, contract: Contract, vulnerable: bool, figures: &[LeadFigures]) -> io::Result<()> {
    let n = figures.first().map_or(0, |f| f.tricks.n);
    let deals = if n == 1 { "1 deal".to_string() } else { format!("{n} deals") };
    writeln!(
        w,
        "\nOpening leads by {} against {contract} by {}, {}, double dummy over {deals}:",
        declarer.rotate(1).name(),
        declarer.name(),
        if vulnerable { "vulnerable" } else { "not vulnerable" }
    )?;
    writeln!(w, "{:<14}{:>8}{:>9}{:>12}{:>9}{:>10}{:>9}", "Lead", "Tricks", "Std Err", "Defeated", "Std Err", "Score", "Std Err")?;
    let or_nan = |v: Option<f64>| v.unwrap_or(f64::NAN);
    for f in figures {
        writeln!(
            w,
            "{:<14}{}{}{}%{}%{}{}",
            f.name(),
            printf_space_f(or_nan(f.tricks.mean()), 8, 3),
            printf_space_f(or_nan(f.tricks.standard_error()), 9, 3),
            printf_space_f(100.0 * or_nan(f.defeated.proportion()), 11, 2),
            printf_space_f(100.0 * or_nan(f.defeated.standard_error()), 8, 2),
            printf_space_f(or_nan(f.score.mean()), 10, 2),
            printf_space_f(or_nan(f.score.standard_error()), 9, 2),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The table writers against the `format!` writers they replaced.

    use super::*;

    /// Counts from a small generator: zeros, small counts and counts wider than 8 digits.
    fn counts(n: usize, seed: u64) -> Vec<u64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                match x >> 60 {
                    0..=5 => 0,
                    6..=13 => (x >> 40) % 1000,
                    _ => (x >> 20) % 100_000_000_000,
                }
            })
            .collect()
    }

    /// What a report writes, as text.
    fn written(report: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        report(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The rows and the sums of a 2-D table as `format!` wrote them.
    fn body_text(counts: &[u64], rows: usize, cols: usize, row_name: impl Fn(usize) -> String, sum_name: &str) -> String {
        let mut out = String::new();
        let mut col_sums = vec![0u64; cols];
        for i in 0..rows {
            let row = &counts[i * cols..(i + 1) * cols];
            let cells: String = row.iter().map(|n| format!(" {n:8}")).collect();
            col_sums.iter_mut().zip(row).for_each(|(s, n)| *s += n);
            out.push_str(&format!("{}{cells} {:8}\n", row_name(i), row.iter().sum::<u64>()));
        }
        let cells: String = col_sums.iter().map(|n| format!(" {n:8}")).collect();
        out + &format!("{sum_name}{cells} {:8}\n", col_sums.iter().sum::<u64>())
    }

    #[test]
    fn two_way_frequency_tables_read_as_before() {
        let (x, y) = (TallyAxis { value: 0, low: -3, high: 5 }, TallyAxis { value: 1, low: -120, high: 99 });
        let (rows, cols) = (11, 222);
        let cells = counts(rows * cols, 5);
        let header: String = (1..cols - 1).map(|j| format!(" {:8}", -120 + j as i64 - 1)).collect();
        let row_name = |i: usize| match i {
            0 => "Low ".to_string(),
            10 => "High".to_string(),
            i => format!("{:4}", -3 + i as i64 - 1),
        };
        let expected = format!("\nDescription: t:\n        Low{header}    High     Sum\n{}\n", body_text(&cells, rows, cols, row_name, "Sum "));
        assert_eq!(written(|w| frequency2(w, Some("t"), &x, &y, &cells)), expected);
    }

    #[test]
    fn two_way_bucket_tables_read_as_before() {
        let x = Buckets { value: 0, low: -10, high: 30, size: 4 };
        let y = Buckets { value: 1, low: 0, high: 1000, size: 7 };
        let (rows, cols) = (x.count(), y.count());
        let cells = counts(rows * cols, 9);
        let header: String = (1..cols - 1).map(|j| format!(" {:8}", y.name(j))).collect();
        let row_name = |i: usize| match i {
            0 => " Low ".to_string(),
            i if i == rows - 1 => "High ".to_string(),
            i => format!("{:4} ", x.name(i)),
        };
        let expected = format!("\nDescription: b \n           Low{header}     High    Sum\n{}", body_text(&cells, rows, cols, row_name, "Sum  "));
        assert_eq!(written(|w| buckets2(w, Some("b"), &x, &y, &cells)), expected);
    }

    /// A row of a 1-D table as `format!` wrote it.
    fn row_text(name: &str, count: u64, cumulative: u64, total: u64, errors: bool) -> String {
        let pct = |c: u64| if total == 0 { format!("{:>7}", "-") } else { format!("{:7.2}", c as f64 / (total as f64 / 100.0)) };
        let points = |v: Option<f64>, width: usize| v.map_or_else(|| format!("{:>width$}", "-"), |v| format!("{:width$.2}", 100.0 * v));
        let (share, up_to) = (Share { count, n: total }, Share { count: cumulative, n: total });
        let (low, high) = share.interval95().unzip();
        let extra = match errors {
            true => {
                format!("\t{}\t[{}, {}]\t{}", points(share.standard_error(), 7), points(low, 6), points(high, 6), points(up_to.standard_error(), 7))
            }
            false => String::new(),
        };
        format!("{name}\t{count:8}\t{}\t{}{extra}\n", pct(count), pct(cumulative))
    }

    #[test]
    fn one_way_tables_read_as_before() {
        for (seed, errors) in [(1, false), (2, true), (3, true)] {
            let x = TallyAxis { value: 0, low: -40, high: 60 };
            let mut cells: Vec<u64> = counts(103, seed).iter().map(|c| c % 5000).collect();
            // Tables without a Low or a High row.
            cells[0] = if seed == 3 { 0 } else { cells[0] };
            cells[102] = if seed == 2 { 0 } else { cells[102] + 1 };
            let total: u64 = cells.iter().sum();
            let mut cumulative = 0;
            let mut expected = format!("\nDescription: f:\n{}\n", table_header(errors));
            for (i, &c) in cells.iter().enumerate() {
                let name = match i {
                    0 if c == 0 => continue,
                    0 => "Low".to_string(),
                    102 if c == 0 => continue,
                    102 => "High".to_string(),
                    i => format!("{:5}", -40 + i as i64 - 1),
                };
                cumulative += c;
                expected.push_str(&row_text(&name, c, cumulative, total, errors));
            }
            expected.push_str(&format!("    \t--------\t-------\nTotal\t{total:8}\t 100.00\n"));
            assert_eq!(written(|w| frequency1(w, Some("f"), &x, &cells, errors)), expected);
        }
    }

    #[test]
    fn hundredths_read_as_fmt_prints_them() {
        let mut values = vec![0.0, 0.001, 0.004999, 0.005, 0.015, 0.125, 0.375, 2.675, 99.995, 99.99999, 100.0, 123456.785, 999999.994];
        values.extend((1..2000u64).map(|k| k as f64 / 200.0));
        let mut x = 7u64;
        for _ in 0..20000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let (count, total) = ((x >> 40) % 1_000_000, (x >> 20) % 1_000_000 + 1);
            values.push(count.min(total) as f64 / (total as f64 / 100.0));
        }
        for v in values {
            for width in [0, 6, 7, 12] {
                let mut line = Vec::new();
                put_f(&mut line, v, width, 2);
                assert_eq!(String::from_utf8(line).unwrap(), format!("{v:width$.2}"), "{v:e}");
            }
        }
        assert!(put_hundredths(&mut Vec::new(), 12.34, 7), "the usual percentage needs no fmt");
        for v in [-0.0, -1.5, f64::NAN, 1e7, f64::INFINITY] {
            let mut line = Vec::new();
            assert!(!put_hundredths(&mut line, v, 7) && line.is_empty(), "{v}");
        }
    }

    #[test]
    fn one_way_bucket_tables_of_no_deal_read_as_before() {
        let b = Buckets { value: 0, low: 0, high: 9, size: 3 };
        let cells = vec![0; b.count()];
        let rows: String = (1..b.count() - 1).map(|i| row_text(&format!("{:5}", b.name(i)), 0, 0, 0, true)).collect();
        let expected = format!("\nDescription: \n{}\n{rows}    \t--------\nTotal\t       0\t      -\n", table_header(true));
        assert_eq!(written(|w| buckets1(w, None, &b, &cells, true)), expected);
    }

    #[test]
    fn leads_are_figured_from_their_counts_and_sorted_best_first() {
        use dealvm_vm::card::Suit;
        let contract = Contract::parse("z4Hx").unwrap();
        let card = |suit, rank| Card::new(suit, rank);
        // Four deals each: the defenders take 3, 4, 4 and 5 tricks after the first lead.
        let mut first = [0u64; 14];
        first[3] = 1;
        first[4] = 2;
        first[5] = 1;
        let mut second = [0u64; 14];
        second[4] = 4;
        let mut third = [0u64; 14];
        third[2] = 4;
        let leads = vec![
            (vec![card(Suit::Clubs, 0)], third),
            (vec![card(Suit::Hearts, 12), card(Suit::Hearts, 11)], second),
            (vec![card(Suit::Spades, 5)], first),
        ];
        let figures = lead_figures(contract, true, leads);
        // 4H doubled, vulnerable: made with 10 tricks (3 to the defenders) scores 790; one down
        // (4) -200, two down (5) -500.
        // Equal tricks on average: the better score for the defenders first.
        assert_eq!(figures.iter().map(LeadFigures::name).collect::<Vec<_>>(), ["HAK", "S7", "C2"]);
        assert_eq!(figures[0].card_names(), ["HA", "HK"]);
        assert_eq!((figures[0].tricks.sum, figures[0].score.sum), (16, 4 * 200));
        let f = &figures[1];
        assert_eq!(f.card_names(), ["S7"]);
        assert_eq!((f.tricks.n, f.tricks.sum, f.tricks.sum_sq), (4, 16, 9 + 16 + 16 + 25));
        assert_eq!((f.defeated.count, f.defeated.n), (3, 4));
        assert_eq!(f.score.sum, -790 + 2 * 200 + 500);
        // Made with an overtrick, doubled and vulnerable: 990.
        assert_eq!(figures[2].score.sum, 4 * -990);
        let text = written(|w| evalleads(w, Seat::South, contract, true, &figures));
        assert_eq!(
            text,
            "\nOpening leads by West against 4Hx by South, vulnerable, double dummy over 4 deals:\n\
             Lead            Tricks  Std Err    Defeated  Std Err     Score  Std Err\n\
             HAK              4.000    0.000     100.00%    0.00%    200.00     0.00\n\
             S7               4.000    0.408      75.00%   21.65%     27.50   281.52\n\
             C2               2.000    0.000       0.00%    0.00%   -990.00     0.00\n"
        );
    }
}
