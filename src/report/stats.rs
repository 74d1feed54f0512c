//! The end-of-run reports of `average`, `frequency`, `bktfreq` and `evalcontract`, laid out
//! as DealerV2 prints them.

use dealvm_vm::card::Side;
use dealvm_vm::score::{imps, score, Contract, Doubling, Strain};
use dealvm_vm::stats::{Axis, Buckets};
use std::io::{self, Write};

/// The `average` report: mean, standard deviation and (sample) variance; `-` for each when
/// no deal was produced.
pub fn average(w: &mut dyn Write, label: Option<&str>, n: u64, sum: i128, sum_sq: i128) -> io::Result<()> {
    if let Some(l) = label {
        write!(w, "{l}: ")?;
    }
    if n == 0 {
        let none = undefined(10);
        return writeln!(w, "Mean={none}, Std Dev={none}, Var={none}, Sample Size=0 ");
    }
    let mean = sum as f64 / n as f64;
    // Sample variance, computed exactly in integers before the one division.
    let var = if n > 1 {
        let num = n as i128 * sum_sq - sum * sum;
        num as f64 / (n as f64 * (n as f64 - 1.0))
    } else {
        0.0
    };
    writeln!(
        w,
        "Mean={}, Std Dev={}, Var={}, Sample Size={n} ",
        printf_f(mean, 10, 4),
        printf_f(var.sqrt(), 10, 4),
        printf_f(var, 10, 4)
    )
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

/// The 1-D `frequency` report.
pub fn frequency1(
    w: &mut dyn Write,
    label: Option<&str>,
    x: &Axis,
    cells: &[u64],
) -> io::Result<()> {
    let (below, counts, above) = (cells[0], &cells[1..cells.len() - 1], cells[cells.len() - 1]);
    writeln!(w, "\nDescription: {}:", label.unwrap_or(""))?;
    writeln!(w, "Value\t   Count\t   Pct.\t  CumPct")?;
    let total: u64 = below + above + counts.iter().sum::<u64>();
    let mut cumulative = 0u64;
    let mut row = |w: &mut dyn Write, name: String, count: u64| -> io::Result<()> {
        cumulative += count;
        writeln!(w, "{name}\t{count:8}\t{}\t{}", percent(count, total), percent(cumulative, total))
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

/// The 1-D `bktfreq` report.
pub fn buckets1(w: &mut dyn Write, label: Option<&str>, b: &Buckets, counts: &[u64]) -> io::Result<()> {
    writeln!(w, "\nDescription: {}", label.unwrap_or(""))?;
    writeln!(w, "Value\t   Count\t   Pct.\t  CumPct")?;
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
        writeln!(w, "{name}\t{count:8}\t{}\t{}", percent(count, total), percent(cumulative, total))?;
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

/// The `evalcontract` report: the contract's average score over the produced deals, how often
/// it makes and fails, and how often and how dearly (IMPs per board) a game or slam that
/// makes is missed. `tricks[t]` counts the deals on which the side's declarer (South or West)
/// takes `t` tricks double dummy. With no deal, each figure is `-`.
pub fn evalcontract(w: &mut dyn Write, side: Side, contract: Contract, vulnerable: bool, tricks: &[u64; 14]) -> io::Result<()> {
    let undoubled = |level: u8, t: usize| score(vulnerable, Contract { level, doubling: Doubling::Undoubled, ..contract }, t as i32) as i64;
    let level = contract.level;
    let game = match contract.strain {
        Strain::NoTrump => 3,
        Strain::Hearts | Strain::Spades => 4,
        Strain::Clubs | Strain::Diamonds => 5,
    };
    let (mut missed_games, mut game_imps, mut missed_slams, mut slam_imps) = (0u64, 0i64, 0u64, 0i64);
    if level < game {
        for (t, &n) in tricks.iter().enumerate().skip(game as usize + 6) {
            missed_games += n;
            game_imps += n as i64 * imps((undoubled(game, t) - undoubled(level, t)) as i32) as i64;
        }
    }
    // Like DealerV2, a missed slam is scored against the contract undoubled.
    if level < 6 {
        missed_slams = tricks[12] + tricks[13];
        slam_imps = tricks[12] as i64 * imps((undoubled(6, 12) - undoubled(level, 12)) as i32) as i64
            + tricks[13] as i64 * imps((undoubled(7, 13) - undoubled(level, 13)) as i32) as i64;
    }
    let (mut total, mut made, mut failed) = (0i64, 0u64, 0u64);
    for (t, &n) in tricks.iter().enumerate() {
        let s = score(vulnerable, contract, t as i32) as i64;
        total += s * n as i64;
        if s > 0 {
            made += n;
        } else if s < 0 {
            failed += n;
        }
    }
    let deals = tricks.iter().sum::<u64>() as f64;
    let pct = |n: u64| printf_space_f(100.0 * n as f64 / deals, 7, 2);
    let per_board = |n: i64| printf_space_f(n as f64 / deals, 7, 2);
    let x = ["", "x", "xx"][contract.doubling as usize];
    let name = format!("{}{}{x:<1} {}", level, contract.strain.letter(), if vulnerable { 'V' } else { ' ' });
    writeln!(
        w,
        "\nContract {name:>6} by {} Avg Result ={}, Made pct={}, Fail pct={}",
        side.name(),
        printf_space_f(total as f64 / deals, 8, 2),
        pct(made),
        pct(failed)
    )?;
    writeln!(
        w,
        "Missed Game_pct={}, Missed Slam_pct={}, Missed Game Imps/board={}, Missed Slam Imps/board={}",
        pct(missed_games),
        pct(missed_slams),
        per_board(game_imps),
        per_board(slam_imps)
    )
}
