//! The output files of a run (`--pbn`, `--dlm`, `-C`, `-X`, `-Z`, `-l`, `--json`, `--charts`): checked against each
//! other and against the files the run reads, then opened with the actions, all before dealing.

use super::outputs::{OutputFile, OutputKind as Format, Outputs};
use super::request::{Input, Invocation};
use crate::compile::{ActionSpec, Compiled};
use crate::diag::Source;
use crate::files::target::{file_id, FileId, Output};
use crate::formats;
use crate::formats::kind::{self, Kind};
use crate::formats::pbn::PbnWriter;
use crate::invocation::failure::{switch_error, Failure};
use crate::invocation::settings::RunSettings;
use crate::report::charts::Form as ChartsForm;
use crate::report::placing::Placement;
use crate::report::{Actions, RunInfo};
use crate::tournament::hand_records::Layout;
use std::path::Path;

/// Refuses, before dealing, two outputs that are the same file (they would mix), and an
/// output that is one of the files the run reads (`reading`: each with what it is, "the
/// input file", "the part file"; `-` is standard input).
pub fn check(outputs: &Outputs, reading: &[(&str, &Path)]) -> Result<(), Failure> {
    let wanted = &outputs.files;
    let ids: Vec<FileId> = wanted.iter().map(|w| file_id(&w.path)).collect();
    for (i, (a, id_a)) in wanted.iter().zip(&ids).enumerate() {
        for (b, id_b) in wanted.iter().zip(&ids).skip(i + 1) {
            if let Some(f) = clash(a, id_a, b, id_b) {
                return Err(f);
            }
        }
    }
    for &(what, path) in reading {
        if path.as_os_str() == "-" {
            continue;
        }
        let id = file_id(path);
        if let Some((w, _)) = wanted.iter().zip(&ids).find(|(_, o)| matches!(o, FileId::Inode(..)) && **o == id) {
            return Err(switch_error(format!(
                "{} `{}` is {what} `{}`: dealvm would replace the file it reads; give the output another name",
                w.switch(),
                w.path.display(),
                path.display()
            )));
        }
    }
    for w in wanted {
        check_existing(w)?;
    }
    Ok(())
}

/// The files the run of `input` reads, as [`check`] takes them.
pub fn reading(input: &Input) -> Vec<(&'static str, &Path)> {
    let files = [("the input file", &input.file), ("the deals file", &input.deals), ("the library", &input.library)];
    files.into_iter().filter_map(|(what, path)| path.as_deref().map(|p| (what, p))).collect()
}

/// Refuses, leaving it untouched, an existing file that an output would destroy: a Dealer
/// input file; a file of another format dealvm knows (`--pbn` over a DLM file); for an output
/// added to (`-C`, `-Z`, `-l` without `w`), a file that is not whole, valid records of its
/// format (a zrd file that is a script, a CSV file that is binary).
fn check_existing(w: &OutputFile) -> Result<(), Failure> {
    let shown = format!("{} `{}`", w.switch(), w.path.display());
    if !kind::is_regular(&w.path) {
        return Ok(());
    }
    let found = kind::of_file(&w.path)
        .map_err(|e| switch_error(format!("{shown}: cannot read the file to check it: {}", crate::invocation::failure::io_reason(&e))))?;
    let wanted = match w.format {
        Format::File(format) => Some(Kind::File(format)),
        Format::Json => Some(Kind::Json),
        _ => None,
    };
    match found {
        Some(Kind::Script) => {
            return Err(switch_error(format!("{shown} is a Dealer input file; dealvm writes no output over one (name the {} file)", w.what())))
        }
        Some(other) if Some(other) != wanted => {
            let (verb, fix) = if w.append { ("add to", "") } else { ("replace", "; name another file, or remove it first") };
            return Err(switch_error(format!("{shown} is a {} file: dealvm will not {verb} it with {} output{fix}", other.name(), w.what())));
        }
        _ => {}
    }
    if w.append {
        let records = match w.format {
            Format::File(format) => Some(format),
            _ => None,
        };
        if let Err(why) = kind::check_whole(records, &w.path.display().to_string(), &w.path) {
            return Err(switch_error(format!(
                "{shown}: the {what} output is added to this file, but {why}; it is left as it is (check the name; {switch} w:FILE would replace the file)",
                what = w.what(),
                switch = w.switch()
            )));
        }
    }
    Ok(())
}

/// Why outputs `a` and `b` cannot both be written, if they cannot.
fn clash(a: &OutputFile, id_a: &FileId, b: &OutputFile, id_b: &FileId) -> Option<Failure> {
    if id_a != id_b {
        return None;
    }
    match id_a {
        // Writing /dev/null twice is harmless; CSV and export lines go to standard output
        // by default, so `-C -` and `-X -` mix with anything there.
        FileId::Device => None,
        FileId::Stdout if [a.format, b.format].iter().any(|f| matches!(f, Format::Csv | Format::Export)) => None,
        FileId::Stdout => {
            Some(switch_error(format!("{} and {} both write to standard output; give one of them a file name", a.switch(), b.switch())))
        }
        _ if a.path == b.path => {
            Some(switch_error(format!("{} and {} both name the file `{}`; give each output its own file", a.switch(), b.switch(), a.path.display())))
        }
        _ => Some(switch_error(format!(
            "{} `{}` and {} `{}` are the same file; give each output its own file",
            a.switch(),
            a.path.display(),
            b.switch(),
            b.path.display()
        ))),
    }
}

/// The actions of the run `inv`, with the output files that `files` names (a run's own,
/// or a merge's: an output of the run that `files` does not name is made as the run makes it,
/// and dropped), opened so that a bad path stops the run before dealing.
pub fn open_actions(inv: &Invocation, files: &Outputs, compiled: &Compiled, source: &Source, settings: &RunSettings) -> Result<Actions, Failure> {
    let info = RunInfo {
        input_name: source.name.clone(),
        seed: settings.seed,
        title: settings.title.clone(),
        dealer: compiled.settings.dealer,
        vulnerable: compiled.settings.vulnerable,
        quiet: inv.switches.quiet,
        placement: placement(inv),
        standard_errors: inv.switches.standard_errors,
        until_se: settings.until_se,
    };
    let mut actions = Actions::new(run_actions(inv, compiled).to_vec(), compiled.tallies.clone(), info);
    for w in &inv.outputs.files {
        if !used(&actions, w) {
            continue;
        }
        let target = files.get(w.format);
        let (out, no_solving) = match target {
            Some(n) => (Output::open(n.what(), &n.path, n.append)?, n.no_solving),
            None => (Output::Dropped(std::io::sink()), w.no_solving),
        };
        // A program running the command keeps the outputs of `-` (`dealvm serve`).
        let out = match (out, &files.memory) {
            (Output::Stdout, Some(memory)) => Output::Memory(memory.clone()),
            (out, _) => out,
        };
        if let Some((format, sealed)) = w.format.table(files.sealed) {
            actions.add_table(format, sealed, out);
            continue;
        }
        match w.format {
            Format::File(formats::Format::Pbn) => {
                actions.set_pbn(PbnWriter::new(settings.title.as_deref().unwrap_or(""), &pbn_comment(inv, source, settings)), out)
            }
            Format::File(formats::Format::Dlm) => actions.set_dlm(out),
            Format::Csv => actions.csv = Some(out),
            Format::File(formats::Format::Zrd) => {
                if let Some(n) = target {
                    warn_title_cut(settings.title.as_deref().unwrap_or(""), &n.path);
                }
                actions.set_zrd(out, !no_solving)
            }
            Format::File(formats::Format::Dl52) => actions.set_dl52(out),
            Format::Json => actions.set_json(out),
            // The form was checked with the switches.
            Format::Charts => actions.set_charts(out, ChartsForm::for_file(&target.unwrap_or(w).path).map_err(switch_error)?),
            Format::Export => actions.export = Some(out),
            Format::HandRecords => {
                let layout = Layout {
                    paper: files.pages.paper,
                    per_page: files.pages.per_page,
                    title: settings.title.clone().unwrap_or_default(),
                    date: files.pages.date.clone().unwrap_or_else(today),
                };
                actions.set_hand_records(files.pages.form(target.unwrap_or(w)), layout, out)
            }
            // Written as Big Deal writes them, above.
            Format::File(_) => {}
        }
    }
    actions.set_table_values(compiled.table_values, inv.outputs.dd);
    if files.has(Format::Charts) && !actions.has_statistics() {
        return Err(no_statistic());
    }
    if let Some(action) = actions.prints_beside_boards() {
        let boards = actions.board_files().join(" and ");
        return Err(switch_error(format!(
            "{boards} goes to standard output, where the action `{action}` prints too: the two would be mixed; \
             give the board file a name (--pbn FILE, --dlm FILE, ...), or leave the action out"
        )));
    }
    if let Some(action) = actions.prints_beside_json() {
        return Err(switch_error(format!(
            "the JSON document goes to standard output (--json -), where the action `{action}` prints too: the two would be mixed; \
             give the JSON file a name (--json FILE), or leave the action out (the statistics go into the document)"
        )));
    }
    Ok(actions)
}

/// The actions the run takes: with --pbn or --dlm, a file without an action statement prints
/// nothing.
fn run_actions<'a>(inv: &Invocation, compiled: &'a Compiled) -> &'a [ActionSpec] {
    if inv.outputs.writes_boards() && !compiled.explicit_actions {
        &[]
    } else {
        &compiled.actions
    }
}

/// Refuses `--charts` for a run without a statistic to draw (a shard's, before it deals).
pub fn check_charts(inv: &Invocation, compiled: &Compiled) -> Result<(), Failure> {
    let statistic = run_actions(inv, compiled).iter().any(|a| !a.needs_deal());
    if inv.outputs.has(Format::Charts) && !statistic {
        return Err(no_statistic());
    }
    Ok(())
}

/// The refusal of `--charts` for a run without a statistic to draw.
fn no_statistic() -> Failure {
    switch_error(
        "--charts draws the statistics of the run, and it has none: add an `average`, `frequency`, `bktfreq` or `evalcontract` action, or leave --charts out"
            .into(),
    )
}

/// How the run places its boards: turned for the 16-board cycle (`--rotate`), as dealt with
/// the cycle's dealer and vulnerability (a DLM, DUP, ... file, whose boards follow the
/// cycle), or as given.
fn placement(inv: &Invocation) -> Placement {
    match (inv.switches.rotate, inv.outputs.follows_cycle()) {
        (true, _) => Placement::Rotated,
        (false, true) => Placement::Cycle,
        (false, false) => Placement::Given,
    }
}

/// Today's date, `2026-11-28` (in UTC; `SOURCE_DATE_EPOCH`, the seconds since 1970 that
/// reproducible builds give, stands for now when it is set).
fn today() -> String {
    let now = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()));
    let (year, month, day) = civil_date(now / 86_400);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The year, month and day of the Gregorian calendar `days` days after 1970-01-01.
fn civil_date(days: u64) -> (u64, u64, u64) {
    // Days counted from 0000-03-01, in 400-year eras of 146,097 days; the year from March.
    let days = days + 719_468;
    let era = days / 146_097;
    let of_era = days % 146_097;
    let year_of_era = (of_era - of_era / 1460 + of_era / 36_524 - of_era / 146_096) / 365;
    let of_year = of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * of_year + 2) / 153;
    let day = of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

/// Warns, on standard error, that the zrd file at `path` gets only part of the title.
fn warn_title_cut(title: &str, path: &Path) {
    let kept = crate::formats::zrd::title_kept(title);
    if kept.len() < title.len() {
        let why = if title.contains('\0') { "its zero byte ends it".to_string() } else { format!("it is {} bytes long", title.len()) };
        let message = format!(
            "the zrd file `{}` gets the title's first {} bytes only: {why}, and a zrd file's 15 title records hold at most {}",
            path.display(),
            kept.len(),
            crate::formats::zrd::MAX_TITLE
        );
        eprint!("{}", crate::diag::Diagnostic::error(message).render_warning(None));
    }
}

/// Whether the run writes to output `w`: `-C` and `-X` only for a `csvrpt` or `export`
/// action.
pub fn used(actions: &Actions, w: &OutputFile) -> bool {
    match w.format {
        Format::Csv => actions.writes_csv(),
        Format::Export => actions.writes_export(),
        _ => true,
    }
}

/// The `%` comment of a PBN file: how its deals were made.
fn pbn_comment(inv: &Invocation, source: &Source, settings: &RunSettings) -> String {
    let how = match &inv.input.deals {
        Some(d) if d.as_os_str() == "-" => "deals from standard input".to_string(),
        Some(d) => format!("deals from {}", d.display()),
        None => format!("{}, seed {}", source.name, settings.seed),
    };
    format!("dealvm {}: {how}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn dates_are_those_of_the_calendar() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_513), (2026, 3, 1));
        // Day by day from 1970 to 2100, against a count of the months' lengths.
        let (mut year, mut month, mut day) = (1970, 1, 1);
        for days in 0..47_482 {
            assert_eq!(civil_date(days), (year, month, day), "day {days}");
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
            let length = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month as usize - 1];
            day += 1;
            if day > length {
                (day, month) = (1, month + 1);
                if month > 12 {
                    (month, year) = (1, year + 1);
                }
            }
        }
    }
}
