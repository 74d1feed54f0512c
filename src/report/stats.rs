//! The end-of-run reports of `average`, `frequency`, `bktfreq` and `evalcontract`, laid out
//! as DealerV2 prints them.

use dealvm_vm::card::Side;
use dealvm_vm::evaluation::score::{imps, score, Contract, Doubling, Strain};
use dealvm_vm::evaluation::stats::{Axis, Buckets};
use crate::report::estimate::{Mean, Share};
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

/// A percentage of `total`, as `%7.2f` prints it; `-` when the total is 0.
fn percent(count: u64, total: u64) -> String {
    match total {
        0 => undefined(7),
        _ => printf_f(count as f64 / (total as f64 / 100.0), 7, 2),
    }
}

/// A float as C's `%W.Pf` prints it (including `nan`).
pub fn printf_f(v: f64, width: usize, precision: usize) -> String {
    if v.is_nan() {
        return format!("{:>width$}", if v.is_sign_negative() { "-nan" } else { "nan" });
    }
    format!("{v:width$.precision$}")
}

/// The header of a 1-D table, with the columns of the standard errors when `errors`.
fn table_header(errors: bool) -> &'static str {
    if errors {
        "Value\t   Count\t   Pct.\t  CumPct\t  StdErr\t  95% interval\t  CumStdErr"
    } else {
        "Value\t   Count\t   Pct.\t  CumPct"
    }
}

/// The columns `--se` adds to a row of a 1-D table: the binomial standard error of the
/// percentage, its Wilson 95% interval, and the standard error of the cumulative percentage,
/// all in percentage points; `-` for each over no deal.
fn error_columns(count: u64, cumulative: u64, total: u64) -> String {
    let (share, up_to) = (Share { count, n: total }, Share { count: cumulative, n: total });
    let points = |v: Option<f64>, width: usize| v.map_or_else(|| undefined(width), |v| printf_f(100.0 * v, width, 2));
    let (low, high) = share.interval95().unzip();
    format!(
        "\t{}\t[{}, {}]\t{}",
        points(share.standard_error(), 7),
        points(low, 6),
        points(high, 6),
        points(up_to.standard_error(), 7)
    )
}

/// The 1-D `frequency` report; with `errors`, each percentage's standard error and interval.
pub fn frequency1(w: &mut dyn Write, label: Option<&str>, x: &Axis, cells: &[u64], errors: bool) -> io::Result<()> {
    let (below, counts, above) = (cells[0], &cells[1..cells.len() - 1], cells[cells.len() - 1]);
    writeln!(w, "\nDescription: {}:", label.unwrap_or(""))?;
    writeln!(w, "{}", table_header(errors))?;
    let total: u64 = below + above + counts.iter().sum::<u64>();
    let mut cumulative = 0u64;
    let mut row = |w: &mut dyn Write, name: String, count: u64| -> io::Result<()> {
        cumulative += count;
        let extra = if errors { error_columns(count, cumulative, total) } else { String::new() };
        writeln!(w, "{name}\t{count:8}\t{}\t{}{extra}", percent(count, total), percent(cumulative, total))
    };
    if below > 0 {
        row(w, "Low".into(), below)?;
    }
    for (i, &c) in counts.iter().enumerate() {
        row(w, format!("{:5}", x.low as i64 + i as i64), c)?;
    }
    if above > 0 {
        row(w, "High".into(), above)?;
    }
    writeln!(w, "    \t--------\t-------")?;
    writeln!(w, "Total\t{total:8}\t{}", percent(total, total))
}

/// The 2-D `frequency` report: rows for the first expression, columns for the second.
pub fn frequency2(
    w: &mut dyn Write,
    label: Option<&str>,
    x: &Axis,
    y: &Axis,
    counts: &[u64],
) -> io::Result<()> {
    writeln!(w, "\nDescription: {}:", label.unwrap_or(""))?;
    let rows = (x.high as i64 - x.low as i64 + 3) as usize;
    let cols = (y.high as i64 - y.low as i64 + 3) as usize;
    let mut line = String::from("        Low");
    for j in 1..cols - 1 {
        line.push_str(&format!(" {:8}", y.low as i64 + j as i64 - 1));
    }
    line.push_str("    High     Sum");
    writeln!(w, "{line}")?;
    let row_name = |i: usize| match i {
        0 => "Low ".to_string(),
        i if i == rows - 1 => "High".to_string(),
        i => format!("{:4}", x.low as i64 + i as i64 - 1),
    };
    table_body(w, counts, rows, cols, row_name, "Sum ")?;
    writeln!(w)
}

/// The rows of a 2-D report, each named by `row_name` and ended by its sum, then the line of
/// column sums named `sum_name`.
fn table_body(
    w: &mut dyn Write,
    counts: &[u64],
    rows: usize,
    cols: usize,
    row_name: impl Fn(usize) -> String,
    sum_name: &str,
) -> io::Result<()> {
    let mut col_sums = vec![0u64; cols];
    for i in 0..rows {
        let mut line = row_name(i);
        let mut row_sum = 0u64;
        for (j, sum) in col_sums.iter_mut().enumerate() {
            let n = counts[i * cols + j];
            row_sum += n;
            *sum += n;
            line.push_str(&format!(" {n:8}"));
        }
        line.push_str(&format!(" {row_sum:8}"));
        writeln!(w, "{line}")?;
    }
    let mut line = String::from(sum_name);
    for s in &col_sums {
        line.push_str(&format!(" {s:8}"));
    }
    line.push_str(&format!(" {:8}", col_sums.iter().sum::<u64>()));
    writeln!(w, "{line}")
}

/// The 1-D `bktfreq` report; with `errors`, each percentage's standard error and interval.
pub fn buckets1(w: &mut dyn Write, label: Option<&str>, b: &Buckets, counts: &[u64], errors: bool) -> io::Result<()> {
    writeln!(w, "\nDescription: {}", label.unwrap_or(""))?;
    writeln!(w, "{}", table_header(errors))?;
    let total: u64 = counts.iter().sum();
    let mut cumulative = 0u64;
    let last = counts.len() - 1;
    for (i, &count) in counts.iter().enumerate() {
        let name = match i {
            0 if count == 0 => continue,
            0 => "Low".to_string(),
            i if i == last && count == 0 => continue,
            i if i == last => "High".to_string(),
            i => format!("{:5}", b.name(i)),
        };
        cumulative += count;
        let extra = if errors { error_columns(count, cumulative, total) } else { String::new() };
        writeln!(w, "{name}\t{count:8}\t{}\t{}{extra}", percent(count, total), percent(cumulative, total))?;
    }
    writeln!(w, "    \t--------")?;
    writeln!(w, "Total\t{total:8}\t{}", percent(total, total))
}

/// The 2-D `bktfreq` report: rows for the first expression, columns for the second.
pub fn buckets2(w: &mut dyn Write, label: Option<&str>, x: &Buckets, y: &Buckets, counts: &[u64]) -> io::Result<()> {
    writeln!(w, "\nDescription: {} ", label.unwrap_or(""))?;
    let (rows, cols) = (x.count(), y.count());
    let mut line = String::from("           Low");
    for j in 1..cols - 1 {
        line.push_str(&format!(" {:8}", y.name(j)));
    }
    line.push_str("     High    Sum");
    writeln!(w, "{line}")?;
    let row_name = |i: usize| match i {
        0 => " Low ".to_string(),
        i if i == rows - 1 => "High ".to_string(),
        i => format!("{:4} ", x.name(i)),
    };
    table_body(w, counts, rows, cols, row_name, "Sum  ")
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
        let undoubled = |level: u8, t: usize| {
            score(vulnerable, Contract { level, doubling: Doubling::Undoubled, ..contract }, t as i32) as i64
        };
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
pub fn evalcontract(
    w: &mut dyn Write,
    side: Side,
    contract: Contract,
    vulnerable: bool,
    tricks: &[u64; 14],
    errors: bool,
) -> io::Result<()> {
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
