//! Actions: what happens to each produced deal, and the end-of-run reports.
//!
//! The compiler turns the `action` statement into [`ActionSpec`]s whose expressions are
//! evaluated by the workers for each produced deal (the *values*). [`Actions`] receives the
//! produced deals in order with their values, prints per-deal output, and keeps the
//! accumulators of the end-of-run reports (`average`, `frequency`, `print(compass)`).

use crate::boards::Board;
use crate::compile::Vulnerability;
use crate::pbn::PbnWriter;
use std::collections::BTreeMap;
use crate::outfile::AtomicFile;
use crate::output::{self, PbnInfo};
use dealvm_vm::card::{Deal, Seat, Side};
pub use dealvm_vm::stats::{Axis, Buckets};
use dealvm_vm::stats::{TallySpec, Tallies};
use std::io::{self, Write};

/// The index of a value among those evaluated for each produced deal.
pub type ValueRef = usize;

/// A part of a `printes` list.
#[derive(Clone, Debug)]
pub enum EsPart {
    Value(ValueRef),
    Text(String),
}

/// A field of a `csvrpt` or `printrpt` line.
#[derive(Clone, Debug)]
pub enum CsvPart {
    Value(ValueRef),
    Text(String),
    /// Hands, written one after the other in one field.
    Hands(Vec<Seat>),
}

/// An action as compiled.
#[derive(Clone, Debug)]
pub enum ActionSpec {
    PrintAll,
    PrintSide(Side),
    PrintPbn,
    PrintCompact(Option<ValueRef>),
    PrintOneline(Option<ValueRef>),
    PrintEs(Vec<EsPart>),
    /// `print(compass, ...)`: seats in North, East, South, West order.
    Print(Vec<Seat>),
    /// `average`, `frequency` and `bktfreq`: reports on the statistics kept in accumulator
    /// `tally` of the run's [`Tallies`].
    Average { label: Option<String>, tally: usize },
    Frequency { label: Option<String>, tally: usize },
    BktFreq { label: Option<String>, tally: usize },
    /// A CSV line to the `-C` file (standard output without one).
    CsvRpt(Vec<CsvPart>),
    /// A CSV line to standard output.
    PrintRpt(Vec<CsvPart>),
    /// Hands as predeal switches (`-N SAK,...`) to the `-X` file (standard output without one).
    Export(Vec<Seat>),
}

impl ActionSpec {
    /// Whether the action prints something for every produced deal (Dealer then produces
    /// 40 deals by default). Like Dealer, `export` does not count.
    pub fn prints_each_deal(&self) -> bool {
        !matches!(
            self,
            ActionSpec::Average { .. } | ActionSpec::Frequency { .. } | ActionSpec::BktFreq { .. } | ActionSpec::Export(_)
        )
    }

    /// Whether the action looks at the deal itself (not only at values).
    pub fn needs_deal(&self) -> bool {
        !matches!(self, ActionSpec::Average { .. } | ActionSpec::Frequency { .. } | ActionSpec::BktFreq { .. })
    }
}

/// Facts about the run that the actions print.
pub struct RunInfo {
    pub input_name: String,
    pub seed: u64,
    pub title: Option<String>,
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    /// `-q`: no PBN output.
    pub quiet: bool,
    pub date: String,
}

/// The actions of a run and their accumulators.
pub struct Actions {
    /// Where `csvrpt` writes when there is a `-C` file.
    pub csv: Option<AtomicFile>,
    /// Where `export` writes when there is a `-X` file.
    pub export: Option<AtomicFile>,
    specs: Vec<ActionSpec>,
    /// The statistics, merged from the workers' batches.
    tallies: Tallies,
    info: RunInfo,
    /// Deals kept for `print(compass)`, with their board numbers.
    kept: Vec<(u64, Deal)>,
    /// `--pbn`: the PBN file being written.
    pub pbn_file: Option<PbnWriter<AtomicFile>>,
    /// `--dlm`: the DLM file to write at the end, and the boards for it.
    pub dlm_file: Option<AtomicFile>,
    dlm_boards: Option<BTreeMap<u64, Deal>>,
    keep_deals: bool,
    /// Whether the title is due before the next `printall` / `printside` deal.
    title_due_all: bool,
    title_due_side: bool,
}

impl Actions {
    /// The runtime of `specs`, with empty accumulators for `tallies`.
    pub fn new(specs: Vec<ActionSpec>, tallies: Vec<TallySpec>, info: RunInfo) -> Actions {
        let keep_deals = specs.iter().any(|s| matches!(s, ActionSpec::Print(_)));
        Actions {
            csv: None,
            export: None,
            specs,
            tallies: Tallies::new(tallies),
            info,
            kept: Vec::new(),
            pbn_file: None,
            dlm_file: None,
            dlm_boards: None,
            keep_deals,
            title_due_all: true,
            title_due_side: true,
        }
    }

    /// Empty accumulators like the run's, for a worker to count a batch in.
    pub fn empty_tallies(&self) -> Tallies {
        let mut t = self.tallies.clone();
        t.clear();
        t
    }

    /// Adds the statistics of a batch.
    pub fn merge(&mut self, batch: &Tallies) {
        self.tallies.merge(batch);
    }

    /// Whether some action prints or keeps each produced deal (rather than only counting).
    pub fn per_deal(&self) -> bool {
        self.writes_boards()
            || self.specs.iter().any(|s| !matches!(s, ActionSpec::Average { .. } | ActionSpec::Frequency { .. } | ActionSpec::BktFreq { .. }))
    }

    /// Whether the produced deals go to a PBN or DLM file.
    pub fn writes_boards(&self) -> bool {
        self.pbn_file.is_some() || self.dlm_file.is_some()
    }

    /// Writes the produced boards to `file` as a DLM file at the end of the run.
    pub fn set_dlm(&mut self, file: AtomicFile) {
        self.dlm_file = Some(file);
        self.dlm_boards = Some(BTreeMap::new());
    }

    /// Whether some action looks at the produced deals (rather than only at values).
    pub fn needs_deals(&self) -> bool {
        self.writes_boards() || self.specs.iter().any(ActionSpec::needs_deal)
    }

    /// Runs the actions on produced deal number `number` (1-based), dealt as `board`, with its
    /// values. The deal may be blank when [`Actions::needs_deals`] is false.
    pub fn deal(&mut self, w: &mut dyn Write, number: u64, produced: &Board, values: &[i32]) -> io::Result<()> {
        let title = &self.info.title;
        let (board, deal) = (produced.number, &produced.deal);
        let dealer = self.info.dealer.or(produced.dealer);
        let vulnerable = self.info.vulnerable.or(produced.vulnerable);
        if let Some(f) = self.pbn_file.as_mut() {
            f.game(board, deal, dealer, vulnerable)?;
        }
        if let Some(boards) = self.dlm_boards.as_mut() {
            boards.insert(board, *deal);
        }
        for spec in &self.specs {
            match spec {
                ActionSpec::PrintAll => {
                    if let (true, Some(t)) = (self.title_due_all, title) {
                        output::title_line(w, t)?;
                        self.title_due_all = false;
                    }
                    output::printall(w, board, deal)?;
                    // A form feed and the title again every ten deals.
                    if number.is_multiple_of(10) && title.is_some() {
                        w.write_all(b"\x0c")?;
                        self.title_due_all = true;
                    }
                }
                ActionSpec::PrintSide(side) => {
                    if let (true, Some(t)) = (self.title_due_side, title) {
                        output::title_line(w, t)?;
                        self.title_due_side = false;
                    }
                    output::printside(w, board, deal, *side)?;
                    if number.is_multiple_of(10) && title.is_some() {
                        w.write_all(b"\x0c")?;
                        self.title_due_side = true;
                    }
                }
                ActionSpec::PrintPbn => {
                    if !self.info.quiet {
                        let info = PbnInfo {
                            input_name: &self.info.input_name,
                            seed: self.info.seed,
                            title: self.info.title.as_deref(),
                            dealer,
                            vulnerable,
                            date: &self.info.date,
                        };
                        output::pbn(w, board, deal, &info)?;
                    }
                }
                ActionSpec::PrintCompact(v) => {
                    output::compact(w, deal)?;
                    if let Some(v) = v {
                        writeln!(w, "{}", values[*v])?;
                    }
                }
                ActionSpec::PrintOneline(v) => {
                    output::oneline(w, deal)?;
                    if let Some(v) = v {
                        write!(w, "{}", values[*v])?;
                    }
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
                ActionSpec::Print(_) => {}
                ActionSpec::CsvRpt(parts) => {
                    let line = output::csv_line(parts, deal, values);
                    match self.csv.as_mut() {
                        Some(f) => f.write_all(line.as_bytes())?,
                        None => w.write_all(line.as_bytes())?,
                    }
                }
                ActionSpec::PrintRpt(parts) => w.write_all(output::csv_line(parts, deal, values).as_bytes())?,
                ActionSpec::Export(seats) => {
                    let line = output::export_line(seats, deal);
                    match self.export.as_mut() {
                        Some(f) => f.write_all(line.as_bytes())?,
                        None => w.write_all(line.as_bytes())?,
                    }
                }
                // Counted by the workers.
                ActionSpec::Average { .. } | ActionSpec::Frequency { .. } | ActionSpec::BktFreq { .. } => {}
            }
        }
        if self.keep_deals {
            self.kept.push((board, *deal));
        }
        Ok(())
    }

    /// Whether an action writes to the `-C` file.
    pub fn writes_csv(&self) -> bool {
        self.specs.iter().any(|s| matches!(s, ActionSpec::CsvRpt(_)))
    }

    /// Whether an action writes to the `-X` file.
    pub fn writes_export(&self) -> bool {
        self.specs.iter().any(|s| matches!(s, ActionSpec::Export(_)))
    }

    /// Writes the DLM file and commits the `-C`, `-X`, `--pbn` and `--dlm` files, after a
    /// successful run.
    pub fn commit_files(&mut self) -> io::Result<()> {
        if let (Some(mut f), Some(boards)) = (self.dlm_file.take(), self.dlm_boards.take()) {
            if boards.is_empty() {
                return Err(io::Error::other(format!("no deal was produced, so `{}` was not written", f.path().display())));
            }
            crate::dlm::write(&mut f, self.info.title.as_deref().unwrap_or(""), &boards)?;
            f.commit()?;
        }
        if let Some(f) = self.pbn_file.take() {
            f.into_inner().commit()?;
        }
        for f in [self.csv.take(), self.export.take()].into_iter().flatten() {
            f.commit()?;
        }
        Ok(())
    }

    /// Prints the end-of-run reports, in the order of the actions.
    pub fn finish(&mut self, w: &mut dyn Write) -> io::Result<()> {
        for spec in &self.specs {
            match spec {
                ActionSpec::Print(seats) => {
                    for &seat in seats {
                        if let Some(t) = &self.info.title {
                            writeln!(w, "{t}")?;
                        }
                        write!(w, "\n{} hands:\n\n", seat.name())?;
                        for chunk in self.kept.chunks(4) {
                            let boards: Vec<u64> = chunk.iter().map(|(b, _)| *b).collect();
                            let hands: Vec<_> = chunk.iter().map(|(_, d)| d.hand(seat)).collect();
                            output::hands_row(w, &boards, &hands)?;
                        }
                        w.write_all(b"\x0c")?;
                    }
                }
                ActionSpec::Average { label, tally } | ActionSpec::Frequency { label, tally } | ActionSpec::BktFreq { label, tally } => {
                    let (t, label) = (self.tallies.get(*tally), label.as_deref());
                    match *self.tallies.spec(*tally) {
                        TallySpec::Average { .. } => average_report(w, label, self.tallies.count(), t.sum, t.sum_sq)?,
                        TallySpec::Frequency { x, y: None } => frequency1_report(w, label, &x, &t.counts)?,
                        TallySpec::Frequency { x, y: Some(y) } => frequency2_report(w, label, &x, &y, &t.counts)?,
                        TallySpec::Buckets { x, y: None } => buckets1_report(w, label, &x, &t.counts)?,
                        TallySpec::Buckets { x, y: Some(y) } => buckets2_report(w, label, &x, &y, &t.counts)?,
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// The `average` report: mean, standard deviation and (sample) variance.
fn average_report(w: &mut dyn Write, label: Option<&str>, n: u64, sum: i128, sum_sq: i128) -> io::Result<()> {
    if let Some(l) = label {
        write!(w, "{l}: ")?;
    }
    let nf = n as f64;
    let mean = if n == 0 { f64::NAN } else { sum as f64 / nf };
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

/// A float as C's `%W.Pf` prints it (including `nan`).
pub fn printf_f(v: f64, width: usize, precision: usize) -> String {
    if v.is_nan() {
        return format!("{:>width$}", if v.is_sign_negative() { "-nan" } else { "nan" });
    }
    format!("{v:width$.precision$}")
}

/// The 1-D `frequency` report.
fn frequency1_report(
    w: &mut dyn Write,
    label: Option<&str>,
    x: &Axis,
    cells: &[u64],
) -> io::Result<()> {
    let (below, counts, above) = (cells[0], &cells[1..cells.len() - 1], cells[cells.len() - 1]);
    writeln!(w, "\nDescription: {}:", label.unwrap_or(""))?;
    writeln!(w, "Value\t   Count\t   Pct.\t  CumPct")?;
    let total: u64 = below + above + counts.iter().sum::<u64>();
    let hundredth = total as f64 / 100.0;
    let mut cumulative = 0u64;
    let mut row = |w: &mut dyn Write, name: String, count: u64| -> io::Result<()> {
        cumulative += count;
        writeln!(
            w,
            "{name}\t{count:8}\t{}\t{}",
            printf_f(count as f64 / hundredth, 7, 2),
            printf_f(cumulative as f64 / hundredth, 7, 2)
        )
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
    writeln!(w, "Total\t{total:8}\t{}", printf_f(100.0, 7, 2))
}

/// The 2-D `frequency` report: rows for the first expression, columns for the second.
fn frequency2_report(
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
fn buckets1_report(w: &mut dyn Write, label: Option<&str>, b: &Buckets, counts: &[u64]) -> io::Result<()> {
    writeln!(w, "\nDescription: {}", label.unwrap_or(""))?;
    writeln!(w, "Value\t   Count\t   Pct.\t  CumPct")?;
    let total: u64 = counts.iter().sum();
    let hundredth = total as f64 / 100.0;
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
        writeln!(
            w,
            "{name}\t{count:8}\t{}\t{}",
            printf_f(count as f64 / hundredth, 7, 2),
            printf_f(cumulative as f64 / hundredth, 7, 2)
        )?;
    }
    writeln!(w, "    \t--------")?;
    writeln!(w, "Total\t{total:8}\t{}", printf_f(100.0, 7, 2))
}

/// The 2-D `bktfreq` report: rows for the first expression, columns for the second.
fn buckets2_report(w: &mut dyn Write, label: Option<&str>, x: &Buckets, y: &Buckets, counts: &[u64]) -> io::Result<()> {
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
