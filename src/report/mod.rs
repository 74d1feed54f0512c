//! Reports: what the actions do with each produced deal, and the end-of-run reports.
//!
//! The compiler turns the `action` statement into [`ActionSpec`]s whose expressions are
//! evaluated by the workers for each produced deal (the *values*). [`Actions`] receives the
//! produced deals in order with their values, prints per-deal output ([`layout`]), writes the
//! board files, and prints the end-of-run reports ([`stats`]: `average`, `frequency`,
//! `bktfreq`; and `print(compass)`). Under `--classic`, [`classic`] does it all as classic
//! Dealer prints it.
//!
//! Imports: the compiler's action specifications ([`crate::compile`]), the file writers
//! ([`crate::files`]) and the `vm` crate.

pub mod charts;
pub mod classic;
pub mod estimate;
pub mod json;
pub mod layout;
pub mod placing;
pub mod stats;

use crate::compile::{ActionSpec, EsPart, Lead};
use crate::files::target::Output;
use crate::files::text::Text;
use crate::formats::pbn::PbnWriter;
use crate::formats::{dl52, zrd};
use crate::formats::{Format, Sealed};
use crate::tournament::hand_records::{Format as HandRecordForm, Layout, Record};
use dealvm_vm::card::{Deal, Seat};
use dealvm_vm::dealing::board::{board_vulnerability, Board, Vulnerability};
use dealvm_vm::evaluation::dd::TrickTable;
use dealvm_vm::evaluation::score::Contract;
use dealvm_vm::evaluation::stats::{Tallies, TallySpec};
use estimate::Mean;
use placing::{Placement, Strays};
use std::collections::BTreeMap;
use std::io::{self, Write};

/// Facts about the run that the actions print.
pub struct RunInfo {
    pub input_name: String,
    pub seed: u64,
    pub title: Option<String>,
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    /// `-q`: no PBN output.
    pub quiet: bool,
    /// Whether the boards follow the 16-board cycle, and whether they are turned for it.
    pub placement: Placement,
    /// `--se`: the reports give the standard error of each mean and percentage.
    pub standard_errors: bool,
    /// `--until-se X`: the run stops after the first batch at whose end the first
    /// `average`'s standard error is at most X.
    pub until_se: Option<f64>,
}

/// The actions of a run and their accumulators.
pub struct Actions {
    /// Where `csvrpt` writes when there is a `-C` file.
    pub csv: Option<Output>,
    /// Where `export` writes when there is a `-X` file.
    pub export: Option<Output>,
    specs: Vec<ActionSpec>,
    /// The statistics, merged from the workers' batches.
    tallies: Tallies,
    info: RunInfo,
    /// Deals kept for `print(compass)`, with their board numbers.
    kept: Vec<(u64, Deal)>,
    /// `--pbn`: the PBN writer and where it writes.
    pbn: Option<(PbnWriter, Output)>,
    /// `--dlm`: where the DLM file goes, written at the end from the boards kept for it.
    dlm: Option<(Output, BTreeMap<u64, Deal>)>,
    /// The board files written as Big Deal writes them (`--dup`, `--lin`, a sealed DLM file,
    /// ...), each at the end from the boards kept for it.
    tables: Vec<TableFile>,
    /// `--hand-records`: their form, layout and file, and the records kept for the end.
    hand_records: Option<HandRecords>,
    /// `-Z`: where the zrd records go, and whether they carry the solved results (else 0).
    zrd: Option<(Output, bool)>,
    /// `-l`: where the DL52 records go.
    dl52: Option<Output>,
    /// `--json`: where the JSON document of the statistics goes, written at the end.
    json: Option<Output>,
    /// `--charts`: where the charts of the statistics go, and in which form, written at the end.
    charts: Option<(Output, charts::Form)>,
    /// Whether the title records of the zrd file are still to write.
    zrd_title_due: bool,
    /// Where a produced deal's 20 double-dummy counts start among its values, when an output
    /// file takes them; and whether the PBN file carries them (`--dd`).
    table_values: Option<usize>,
    pbn_tables: bool,
    keep_deals: bool,
    /// Whether the title is due before the next `printall` / `printside` deal.
    title_due_all: bool,
    title_due_side: bool,
    /// The boards whose given dealer or vulnerability the board files do not keep.
    strays: Strays,
    /// The deals produced so far, and the lines written to the `-C` and `-X` outputs.
    deals: u64,
    csv_lines: u64,
    export_lines: u64,
    /// The text of the deal being printed, written out at once; kept from deal to deal.
    buf: Vec<u8>,
    /// The lines that start every `printpbn` game ([`layout::pbn_head`]).
    pbn_head: Vec<u8>,
}

/// A board file written as Big Deal writes it, at the end of the run.
struct TableFile {
    format: Format,
    sealed: Sealed,
    /// What the file is, in messages: `DUP`, `LIN`, ...
    what: &'static str,
    out: Output,
    /// The boards produced, as placed.
    boards: Vec<Board>,
}

/// The hand records of a run, written at the end.
struct HandRecords {
    form: HandRecordForm,
    layout: Layout,
    out: Output,
    records: Vec<Record>,
}

/// A file a run wrote: as messages name it ("the PBN file `x.pbn`"), and how many boards,
/// deals or lines went to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// What the file is: `PBN`, `DLM`, `zrd`, `DL52`, `CSV`, `export`.
    pub what: &'static str,
    pub name: String,
    pub count: u64,
    /// `board`, `deal` or `line`.
    pub unit: &'static str,
}

impl Actions {
    /// The runtime of `specs`, with empty accumulators for `tallies`.
    pub fn new(specs: Vec<ActionSpec>, tallies: Vec<TallySpec>, info: RunInfo) -> Actions {
        let keep_deals = specs.iter().any(|s| matches!(s, ActionSpec::Print(_)));
        let pbn_head = layout::pbn_head(&info.input_name, info.seed, info.title.as_deref());
        Actions {
            csv: None,
            export: None,
            specs,
            tallies: Tallies::new(tallies),
            info,
            kept: Vec::new(),
            pbn: None,
            dlm: None,
            tables: Vec::new(),
            hand_records: None,
            zrd: None,
            dl52: None,
            json: None,
            charts: None,
            zrd_title_due: true,
            table_values: None,
            pbn_tables: false,
            keep_deals,
            title_due_all: true,
            title_due_side: true,
            strays: Strays::default(),
            deals: 0,
            csv_lines: 0,
            export_lines: 0,
            buf: Vec::with_capacity(1 << 12),
            pbn_head,
        }
    }

    /// Empty accumulators like the run's, for a worker to count a batch in.
    pub fn empty_tallies(&self) -> Tallies {
        self.tallies.for_batch()
    }

    /// Adds the statistics of a batch.
    pub fn merge(&mut self, batch: &Tallies) {
        self.tallies.merge(batch);
    }

    /// Whether some action prints or keeps each produced deal (rather than only counting).
    pub fn per_deal(&self) -> bool {
        self.needs_deals()
    }

    /// Whether the produced deals go to a board file (PBN, DLM, DUP, ..., zrd or DL52) or to the
    /// hand records.
    pub fn writes_boards(&self) -> bool {
        let kept = !self.tables.is_empty() || self.hand_records.is_some();
        self.pbn.is_some() || self.dlm.is_some() || kept || self.zrd.is_some() || self.dl52.is_some()
    }

    /// The board files, each with its kind: the PBN and DLM files, those written as Big Deal
    /// writes them, the zrd and DL52 files.
    fn board_outputs(&self) -> Vec<(Option<&Output>, &'static str)> {
        let mut outputs = vec![(self.pbn.as_ref().map(|p| &p.1), "PBN"), (self.dlm.as_ref().map(|d| &d.0), "DLM")];
        outputs.extend(self.tables.iter().map(|t| (Some(&t.out), t.what)));
        outputs.push((self.hand_records.as_ref().map(|h| &h.out), "hand records"));
        outputs.extend([(self.zrd.as_ref().map(|z| &z.0), Format::Zrd.what()), (self.dl52.as_ref(), Format::Dl52.what())]);
        outputs
    }

    /// Whether some output goes to a file rather than standard output.
    pub fn writes_files(&self) -> bool {
        let boards = self.board_outputs().into_iter().map(|(o, _)| o);
        boards.chain([self.csv.as_ref(), self.export.as_ref()]).flatten().any(Output::is_file)
    }

    /// Writes the produced deals to `out` as zrd records, with their solved double-dummy
    /// results when `solved` (else counts of zero).
    pub fn set_zrd(&mut self, out: Output, solved: bool) {
        self.zrd = Some((out, solved));
    }

    /// Writes the produced deals to `out` as DL52 records.
    pub fn set_dl52(&mut self, out: Output) {
        self.dl52 = Some(out);
    }

    /// Where the 20 double-dummy counts of a produced deal start among its values, and
    /// whether the PBN file carries them with the par (`--dd`).
    pub fn set_table_values(&mut self, start: Option<usize>, pbn_tables: bool) {
        self.table_values = start;
        self.pbn_tables = pbn_tables;
    }

    /// Writes the produced boards with `writer` to `out`.
    pub fn set_pbn(&mut self, writer: PbnWriter, out: Output) {
        self.pbn = Some((writer, out));
    }

    /// Writes the produced boards to `out` as a DLM file at the end of the run.
    pub fn set_dlm(&mut self, out: Output) {
        self.dlm = Some((out, BTreeMap::new()));
    }

    /// Writes the hand records of the produced boards to `out` at the end of the run, in
    /// `form`, laid out as `layout` says. The run must give each deal's double-dummy table
    /// ([`Actions::set_table_values`]).
    pub fn set_hand_records(&mut self, form: HandRecordForm, layout: Layout, out: Output) {
        self.hand_records = Some(HandRecords { form, layout, out, records: Vec::new() });
    }

    /// Writes the produced boards to `out` at the end of the run, in `format` as Big Deal
    /// writes it, sealed or not.
    pub fn add_table(&mut self, format: Format, sealed: Sealed, out: Output) {
        let what = crate::formats::what_of(format, sealed);
        self.tables.push(TableFile { format, sealed, what, out, boards: Vec::new() });
    }

    /// Whether a board file goes to standard output.
    pub fn boards_on_stdout(&self) -> bool {
        self.board_outputs().iter().any(|(o, _)| o.is_some_and(Output::is_stdout))
    }

    /// The first action that prints on standard output beside a board file written there
    /// (which it would corrupt), by name: `printoneline`, `average`, ...
    pub fn prints_beside_boards(&self) -> Option<&'static str> {
        self.boards_on_stdout().then(|| self.first_on_stdout(true)).flatten()
    }

    /// The first action that prints on standard output, by name: with `reports`, the
    /// end-of-run reports count too; else only what is printed for each deal.
    fn first_on_stdout(&self, reports: bool) -> Option<&'static str> {
        self.on_stdout(reports).next().map(ActionSpec::name)
    }

    /// The actions that print on standard output: with `reports`, the end-of-run reports
    /// count too; else only what is printed for each deal (or kept to be printed at the end).
    fn on_stdout(&self, reports: bool) -> impl Iterator<Item = &ActionSpec> {
        let on_stdout = |out: &Option<Output>| out.as_ref().is_none_or(Output::is_stdout);
        self.specs.iter().filter(move |spec| match spec {
            ActionSpec::CsvRpt(_) => on_stdout(&self.csv),
            ActionSpec::Export(_) => on_stdout(&self.export),
            ActionSpec::PrintPbn => !self.info.quiet,
            spec => reports || spec.needs_deal(),
        })
    }

    /// Whether standard output is a PBN file: `printpbn` prints there (no `-q`) and no other
    /// action prints anything for the deals there. As with Dealer (`dealer script > x.pbn`),
    /// the statistics at the end are then left out, and the end-of-run reports go elsewhere.
    pub fn pbn_on_stdout(&self) -> bool {
        let mut printing = self.on_stdout(false);
        printing.next().is_some_and(|spec| matches!(spec, ActionSpec::PrintPbn)) && printing.all(|spec| matches!(spec, ActionSpec::PrintPbn))
    }

    /// Whether standard output is a file: a board file, the JSON document, or the PBN file
    /// of `printpbn` alone. The statistics at the end then go to standard error, and only
    /// when `-v` asks for them.
    pub fn file_on_stdout(&self) -> bool {
        self.boards_on_stdout() || self.json_on_stdout() || self.pbn_on_stdout()
    }

    /// The board files of the run, as messages name them ("the PBN file `x.pbn`"); not those
    /// dropped.
    pub fn board_files(&self) -> Vec<String> {
        let written = |o: &&Output| o.is_written();
        self.board_outputs().iter().filter_map(|(o, what)| o.filter(written).map(|o| o.describe(what))).collect()
    }

    /// Whether some action looks at the produced deals (rather than only at values).
    pub fn needs_deals(&self) -> bool {
        self.writes_boards() || self.specs.iter().any(ActionSpec::needs_deal)
    }

    /// Runs the actions on produced deal number `number` (1-based), dealt as `board`, with its
    /// values. The deal may be blank when [`Actions::needs_deals`] is false.
    /// With `--rotate`, every action sees the board turned as the board files hold it.
    pub fn deal(&mut self, w: &mut dyn Write, number: u64, produced: &Board, values: &[i32]) -> io::Result<()> {
        let given = (self.info.dealer.or(produced.dealer), self.info.vulnerable.or(produced.vulnerable));
        let (placed, places) = placing::place(self.info.placement, produced, given, &mut self.strays);
        let (dealer, vulnerable) = (placed.dealer, placed.vulnerable);
        self.write_boards(w, &placed, places, values)?;
        self.deals += 1;
        let (board, deal) = (placed.number, &placed.deal);
        let buf = &mut self.buf;
        buf.clear();
        for spec in &self.specs {
            match spec {
                ActionSpec::PrintAll => {
                    let title = self.info.title.as_deref();
                    titled(buf, title, &mut self.title_due_all, number, |buf| layout::printall(buf, board, deal));
                }
                ActionSpec::PrintSide(side) => {
                    let title = self.info.title.as_deref();
                    titled(buf, title, &mut self.title_due_side, number, |buf| layout::printside(buf, board, deal, *side));
                }
                ActionSpec::PrintPbn => {
                    if !self.info.quiet {
                        layout::pbn(buf, &self.pbn_head, board, deal, dealer, vulnerable);
                    }
                }
                ActionSpec::PrintCompact(v) => {
                    layout::compact(buf, deal);
                    if let Some(v) = v {
                        buf.put_i64(values[*v] as i64);
                        buf.push(b'\n');
                    }
                }
                ActionSpec::PrintOneline(v) => {
                    layout::oneline(buf, deal);
                    if let Some(v) = v {
                        buf.put_i64(values[*v] as i64);
                    }
                    buf.push(b'\n');
                }
                ActionSpec::PrintEs(parts) => {
                    for p in parts {
                        match p {
                            EsPart::Value(v) => buf.put_i64(values[*v] as i64),
                            EsPart::Text(t) => buf.extend_from_slice(t.as_bytes()),
                        }
                    }
                }
                ActionSpec::Print(_) => {}
                ActionSpec::CsvRpt(parts) => {
                    // What is printed so far goes first: the `-C` file may be standard output.
                    flush(w, buf)?;
                    layout::csv_line(buf, parts, deal, values);
                    flush(destination(self.csv.as_mut(), w), buf)?;
                    self.csv_lines += 1;
                }
                ActionSpec::PrintRpt(parts) => layout::csv_line(buf, parts, deal, values),
                ActionSpec::Export(seats) => {
                    flush(w, buf)?;
                    layout::export_line(buf, seats, deal);
                    flush(destination(self.export.as_mut(), w), buf)?;
                    self.export_lines += 1;
                }
                // Counted by the workers.
                ActionSpec::Average { .. }
                | ActionSpec::Frequency { .. }
                | ActionSpec::BktFreq { .. }
                | ActionSpec::EvalContract { .. }
                | ActionSpec::EvalLeads { .. } => {}
            }
        }
        flush(w, buf)?;
        if self.keep_deals {
            self.kept.push((board, *deal));
        }
        Ok(())
    }

    /// Writes a placed board, its deal turned `places` seats, to the board files: PBN (with
    /// its double-dummy table and par under `--dd`), DLM (kept for the end), zrd and DL52.
    /// Beside a DLM file, the PBN file gives the cycle's dealer and vulnerability, as the
    /// dealing machine's boards do.
    fn write_boards(&mut self, w: &mut dyn Write, placed: &Board, places: usize, values: &[i32]) -> io::Result<()> {
        let (board, deal) = (placed.number, &placed.deal);
        let table = |start: usize| TrickTable::from_counts(std::array::from_fn(|i| values[start + i] as u8)).rotated(places);
        let tricks = self.table_values.map(table);
        let (dealer, vulnerable) = match self.info.placement {
            Placement::Cycle => (None, None),
            _ => (placed.dealer, placed.vulnerable),
        };
        if let Some((writer, file)) = self.pbn.as_mut() {
            let par_vul = vulnerable.unwrap_or_else(|| board_vulnerability(board));
            let dd = tricks.filter(|_| self.pbn_tables).map(|t| (t, dealvm_dd::par(&t, par_vul)));
            writer.game(file.writer(&mut *w), board, deal, dealer, vulnerable, dd.as_ref().map(|(t, p)| (t, p)))?;
        }
        if let Some((_, boards)) = self.dlm.as_mut() {
            boards.insert(board, *deal);
        }
        for table in &mut self.tables {
            table.boards.push(Board { dealer, vulnerable, tricks, ..placed.clone() });
        }
        if let (Some(hand_records), Some(tricks)) = (self.hand_records.as_mut(), tricks) {
            let vulnerable = vulnerable.unwrap_or_else(|| board_vulnerability(board));
            let dealer = dealer.unwrap_or_else(|| dealvm_vm::dealing::board::board_dealer(board));
            let par = dealvm_dd::par(&tricks, vulnerable);
            hand_records.records.push(Record { number: board, deal: *deal, dealer, vulnerable, tricks, par });
        }
        if let Some((file, solved)) = self.zrd.as_mut() {
            let out = file.writer(&mut *w);
            if std::mem::take(&mut self.zrd_title_due) {
                for record in zrd::title_records(self.info.title.as_deref().unwrap_or("")) {
                    out.write_all(&record)?;
                }
            }
            out.write_all(&zrd::deal_record(deal, tricks.as_ref().filter(|_| *solved)))?;
        }
        if let Some(file) = self.dl52.as_mut() {
            file.writer(&mut *w).write_all(&dl52::deal_record(deal))?;
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

    /// The warnings about the boards whose dealer or vulnerability, as the input or the deals
    /// file gives them, the PBN and DLM files do not keep (each a message and a note).
    pub fn placement_warnings(&self) -> Vec<(String, String)> {
        let written = |o: &&Output| o.is_written();
        let kept = |what: &&str| ![Format::Zrd.what(), Format::Dl52.what()].contains(what);
        let files: Vec<String> =
            self.board_outputs().iter().filter(|(_, what)| kept(what)).filter_map(|(o, what)| o.filter(written).map(|o| o.describe(what))).collect();
        if files.is_empty() {
            return Vec::new();
        }
        self.strays.warnings(self.info.placement, &files, self.info.dealer, self.info.vulnerable)
    }

    /// Writes the files kept for the end of the run, the DLM file and those written as Big
    /// Deal writes them (to `w` when they go to standard output).
    pub fn write_kept_boards(&mut self, w: &mut dyn Write) -> io::Result<()> {
        if let Some((out, boards)) = self.dlm.as_mut() {
            crate::formats::dlm::write(out.writer(w), self.info.title.as_deref().unwrap_or(""), boards)?;
        }
        for table in &mut self.tables {
            let file = table.format.file(&table.boards, table.sealed).expect("a file of boards");
            table.out.writer(w).write_all(&file)?;
        }
        if let Some(h) = self.hand_records.as_mut() {
            h.out.writer(w).write_all(&h.form.render(&h.records, &h.layout)?)?;
        }
        Ok(())
    }

    /// Commits the `--pbn`, `--dlm`, `-Z`, `-l`, `-C`, `-X`, `--json` and `--charts` files, after a successful run
    /// that produced a deal and wrote the DLM file; says which files it wrote.
    pub fn commit_files(&mut self) -> io::Result<Vec<Written>> {
        let mut outputs =
            vec![(self.pbn.take().map(|p| p.1), "PBN", self.deals, "board"), (self.dlm.take().map(|d| d.0), "DLM", self.deals, "board")];
        outputs.extend(std::mem::take(&mut self.tables).into_iter().map(|t| (Some(t.out), t.what, self.deals, "board")));
        outputs.push((self.hand_records.take().map(|h| h.out), "hand records", self.deals, "board"));
        outputs.extend([
            (self.zrd.take().map(|z| z.0), Format::Zrd.what(), self.deals, "deal"),
            (self.dl52.take(), Format::Dl52.what(), self.deals, "deal"),
            (self.csv.take(), "CSV", self.csv_lines, "line"),
            (self.export.take(), "export", self.export_lines, "line"),
            (self.json.take(), "JSON", self.statistics().count() as u64, "report"),
            (self.charts.take().map(|c| c.0), "charts", self.statistics().count() as u64, "chart"),
        ]);
        let mut written = Vec::new();
        for (f, what, count, unit) in outputs {
            let Some(f) = f else { continue };
            if f.is_file() {
                written.push(Written { what, name: f.describe(what), count, unit });
            }
            f.commit()?;
        }
        Ok(written)
    }

    /// Prints the end-of-run reports, in the order of the actions (not the statistics when
    /// the JSON document goes to standard output: they are in it).
    pub fn finish(&mut self, w: &mut dyn Write) -> io::Result<()> {
        let (errors, in_json) = (self.info.standard_errors, self.json_on_stdout());
        for spec in &self.specs {
            match spec {
                ActionSpec::Print(seats) => {
                    for &seat in seats {
                        if let Some(t) = &self.info.title {
                            writeln!(w, "{t}")?;
                        }
                        write!(w, "\n{} hands:\n\n", seat.name())?;
                        for row in self.kept.chunks(4) {
                            layout::hands_row(&mut self.buf, row, seat);
                            flush(w, &mut self.buf)?;
                        }
                        w.write_all(b"\x0c")?;
                    }
                }
                _ if in_json => {}
                ActionSpec::Average { label, tally, .. } | ActionSpec::Frequency { label, tally, .. } | ActionSpec::BktFreq { label, tally, .. } => {
                    let (t, label) = (self.tallies.get(*tally), label.as_deref());
                    match *self.tallies.spec(*tally) {
                        TallySpec::Average { .. } => stats::average(w, label, self.mean(*tally), errors)?,
                        TallySpec::Frequency { x, y: None } => stats::frequency1(w, label, &x, &t.counts, errors)?,
                        TallySpec::Frequency { x, y: Some(y) } => stats::frequency2(w, label, &x, &y, &t.counts)?,
                        TallySpec::Buckets { x, y: None } => stats::buckets1(w, label, &x, &t.counts, errors)?,
                        TallySpec::Buckets { x, y: Some(y) } => stats::buckets2(w, label, &x, &y, &t.counts)?,
                    }
                }
                ActionSpec::EvalContract { side, contract, vulnerable, tally, .. } => {
                    stats::evalcontract(w, *side, *contract, *vulnerable, &self.tricks(*tally), errors)?;
                }
                ActionSpec::EvalLeads { declarer, contract, vulnerable, leads, .. } => {
                    stats::evalleads(w, *declarer, *contract, *vulnerable, &self.lead_figures(*contract, *vulnerable, leads))?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The mean that accumulator `tally` (an `average`'s) estimates.
    fn mean(&self, tally: usize) -> Mean {
        let t = self.tallies.get(tally);
        Mean { n: self.tallies.count(), sum: t.sum, sum_sq: t.sum_sq }
    }

    /// The deals of an `evalcontract` by tricks taken: the frequency cells of 0..=13 tricks
    /// of accumulator `tally`, between Low and High.
    fn tricks(&self, tally: usize) -> [u64; 14] {
        tricks_of(&self.tallies, tally)
    }

    /// The figures of an `evalleads`'s `leads` against `contract`, best first.
    fn lead_figures(&self, contract: Contract, vulnerable: bool, leads: &[Lead]) -> Vec<stats::LeadFigures> {
        stats::lead_figures(contract, vulnerable, leads.iter().map(|l| (l.cards.clone(), self.tricks(l.tally))).collect())
    }

    /// The actions that report statistics at the end (`average`, `frequency`, `bktfreq`,
    /// `evalcontract`, `evalleads`), in order.
    fn statistics(&self) -> impl Iterator<Item = &ActionSpec> {
        self.specs.iter().filter(|s| !s.needs_deal())
    }

    /// Whether the run has reached `--until-se`: the first `average`'s standard error is at
    /// most the one asked for (never without the switch, or under two deals).
    pub fn enough(&self) -> bool {
        let Some(wanted) = self.info.until_se else { return false };
        self.first_standard_error().is_some_and(|se| se <= wanted)
    }

    /// The standard error of the first `average`, when there is one and it is known.
    pub fn first_standard_error(&self) -> Option<f64> {
        let tally = self.specs.iter().find_map(|s| if let ActionSpec::Average { tally, .. } = s { Some(*tally) } else { None })?;
        self.mean(tally).standard_error()
    }

    /// Writes the JSON document to `out` as a JSON file (`--json`).
    pub fn set_json(&mut self, out: Output) {
        self.json = Some(out);
    }

    /// Whether some action reports a statistic at the end (`average`, `frequency`, `bktfreq`,
    /// `evalcontract`): what `--charts` draws.
    pub fn has_statistics(&self) -> bool {
        self.statistics().next().is_some()
    }

    /// Writes the charts of the statistics to `out` in `form` (`--charts`).
    pub fn set_charts(&mut self, out: Output, form: charts::Form) {
        self.charts = Some((out, form));
    }

    /// Writes the charts of the run's statistics (`--charts`), at the end of the run: one
    /// chart per statistics action, in their order, under the run's title and facts.
    pub fn write_charts(&mut self, w: &mut dyn Write, run: &json::RunFacts) -> io::Result<()> {
        let Some((mut out, form)) = self.charts.take() else { return Ok(()) };
        let drawn: Vec<charts::Drawn> = charts::of_actions(self).iter().map(charts::Chart::draw).collect();
        let info = &self.info;
        let title = info.title.as_deref().unwrap_or(&info.input_name);
        let facts = format!(
            "{}, seed {}: {} deals generated, {} produced (dealvm {})",
            info.input_name,
            info.seed,
            run.generated,
            run.produced,
            env!("CARGO_PKG_VERSION")
        );
        let line = charts::page::RunLine { title, facts: &facts };
        let text = match form {
            charts::Form::Html => charts::page::html(&line, &drawn),
            charts::Form::Svg => charts::page::svg(&line, &drawn),
        };
        let written = out.writer(w).write_all(text.as_bytes());
        self.charts = Some((out, form));
        written
    }

    /// Whether the JSON document goes to standard output (`--json -`).
    pub fn json_on_stdout(&self) -> bool {
        self.json.as_ref().is_some_and(Output::is_stdout)
    }

    /// The first action that prints on standard output beside the JSON document written
    /// there (the statistics go into the document instead), by name.
    pub fn prints_beside_json(&self) -> Option<&'static str> {
        self.json_on_stdout().then(|| self.first_on_stdout(false)).flatten()
    }

    /// Writes the JSON document of the run's statistics (`--json`), at the end of the run, to
    /// `w` when it goes to standard output.
    pub fn write_json(&mut self, w: &mut dyn Write, run: &json::RunFacts) -> io::Result<()> {
        let Some(mut out) = self.json.take() else { return Ok(()) };
        let written = json::write(out.writer(w), self, run);
        self.json = Some(out);
        written
    }
}

/// Appends a `printall` or `printside` deal (`print`), with the title line before it when due;
/// after every tenth deal of a titled run, a form feed, and the title is due again.
fn titled(buf: &mut Vec<u8>, title: Option<&str>, due: &mut bool, number: u64, print: impl FnOnce(&mut Vec<u8>)) {
    if let (true, Some(t)) = (*due, title) {
        layout::title_line(buf, t);
        *due = false;
    }
    print(buf);
    if number.is_multiple_of(10) && title.is_some() {
        buf.push(b'\x0c');
        *due = true;
    }
}

/// Where a line of the `-C` or `-X` output goes: its file, or standard output without one.
fn destination<'a>(out: Option<&'a mut Output>, stdout: &'a mut dyn Write) -> &'a mut dyn Write {
    match out {
        Some(f) => f.writer(stdout),
        None => stdout,
    }
}

/// Writes what `buf` holds to `w` and empties it.
fn flush(w: &mut dyn Write, buf: &mut Vec<u8>) -> io::Result<()> {
    let written = w.write_all(buf);
    buf.clear();
    written
}

/// The deals by tricks of a frequency table `tally` of 0..=13 tricks (`evalcontract`'s, each
/// lead's of `evalleads`): its cells between Low and High.
pub(crate) fn tricks_of(tallies: &Tallies, tally: usize) -> [u64; 14] {
    let cells = &tallies.get(tally).counts;
    std::array::from_fn(|t| cells[t + 1])
}
