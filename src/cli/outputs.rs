//! The output files of a run (`--pbn`, `--dlm`, `-C`, `-X`, `-Z`, `-l`): checked against each
//! other and against the files the run reads, then opened with the actions, all before dealing.

use crate::cli::args::Cli;
use crate::cli::failure::{switch_error, Failure};
use crate::cli::options::{record_file, RunSettings};
use crate::compile::Compiled;
use crate::files::pbn::PbnWriter;
use crate::files::target::{file_id, FileId, Output};
use crate::front::diag::Source;
use crate::report::layout::today;
use crate::report::{Actions, RunInfo};
use std::path::Path;

/// One output file asked for on the command line.
pub struct Wanted<'a> {
    /// The switch: `--pbn`, `--dlm`, `-C`, `-X`, `-Z`, `-l`.
    pub switch: &'static str,
    /// What the file is: `PBN`, `DLM`, `CSV`, `export`, `zrd`, `DL52`.
    pub what: &'static str,
    pub path: &'a Path,
    /// `-C`, `-Z` and `-l` without `w`: added to.
    pub append: bool,
    /// The flags before the path (`Nw:`, `w:`), as the switch was given.
    pub flags: &'a str,
}

impl Wanted<'_> {
    /// Whether the output goes to standard output (`-`) rather than to a file.
    pub fn on_stdout(&self) -> bool {
        self.path.as_os_str() == "-"
    }
}

/// The output files asked for, in the order of the checks.
pub fn wanted(cli: &Cli) -> Vec<Wanted<'_>> {
    let mut all = Vec::new();
    if let Some(p) = &cli.pbn {
        all.push(Wanted { switch: "--pbn", what: "PBN", path: p, append: false, flags: "" });
    }
    if let Some(p) = &cli.dlm {
        all.push(Wanted { switch: "--dlm", what: "DLM", path: p, append: false, flags: "" });
    }
    if let Some(spec) = &cli.csv {
        let (append, path) = spec.strip_prefix("w:").map_or((true, spec.as_str()), |p| (false, p));
        all.push(Wanted { switch: "-C", what: "CSV", path: Path::new(path), append, flags: &spec[..spec.len() - path.len()] });
    }
    if let Some(p) = &cli.export {
        all.push(Wanted { switch: "-X", what: "export", path: Path::new(p), append: false, flags: "" });
    }
    if let Some(spec) = &cli.zrd {
        let f = record_file(spec);
        let flags = &spec[..spec.len() - f.path.len()];
        all.push(Wanted { switch: "-Z", what: "zrd", path: Path::new(f.path), append: !f.fresh, flags });
    }
    if let Some(spec) = &cli.dl52 {
        let f = record_file(spec);
        let flags = &spec[..spec.len() - f.path.len()];
        all.push(Wanted { switch: "-l", what: "DL52", path: Path::new(f.path), append: !f.fresh, flags });
    }
    all
}

/// Refuses, before dealing, an output without a name, two outputs that are the same file
/// (they would mix), and an output that is the input file or the deals file.
pub fn check(cli: &Cli) -> Result<(), Failure> {
    check_reading(cli, &[])
}

/// [`check`], the run also reading the files `more` (each with what it is: "the part file").
pub fn check_reading(cli: &Cli, more: &[(&str, &Path)]) -> Result<(), Failure> {
    if cli.dd && cli.pbn.is_none() {
        return Err(switch_error("--dd adds double-dummy tables to the boards of the --pbn file; give --pbn FILE too".into()));
    }
    let wanted = wanted(cli);
    if let Some(w) = wanted.iter().find(|w| w.path.as_os_str().is_empty()) {
        return Err(switch_error(format!("{} needs a file name", w.switch)));
    }
    let ids: Vec<FileId> = wanted.iter().map(|w| file_id(w.path)).collect();
    for (i, (a, id_a)) in wanted.iter().zip(&ids).enumerate() {
        for (b, id_b) in wanted.iter().zip(&ids).skip(i + 1) {
            if let Some(f) = clash(a, id_a, b, id_b) {
                return Err(f);
            }
        }
    }
    let inputs = [("the input file", cli.file.as_deref()), ("the deals file", cli.deals.as_deref()), ("the library", cli.library.as_deref())];
    for (what, path) in inputs.into_iter().chain(more.iter().map(|&(what, path)| (what, Some(path)))) {
        let Some(path) = path.filter(|p| p.as_os_str() != "-") else { continue };
        let id = file_id(path);
        if let Some((w, _)) = wanted.iter().zip(&ids).find(|(_, o)| matches!(o, FileId::Inode(..)) && **o == id) {
            return Err(switch_error(format!(
                "{} `{}` is {what} `{}`: dealvm would replace the file it reads; give the output another name",
                w.switch,
                w.path.display(),
                path.display()
            )));
        }
    }
    Ok(())
}

/// Why outputs `a` and `b` cannot both be written, if they cannot.
fn clash(a: &Wanted, id_a: &FileId, b: &Wanted, id_b: &FileId) -> Option<Failure> {
    if id_a != id_b {
        return None;
    }
    match id_a {
        // Writing /dev/null twice is harmless; CSV and export lines go to standard output
        // by default, so `-C -` and `-X -` mix with anything there.
        FileId::Device => None,
        FileId::Stdout if ["-C", "-X"].contains(&a.switch) || ["-C", "-X"].contains(&b.switch) => None,
        FileId::Stdout => Some(switch_error(format!(
            "{} and {} both write to standard output; give one of them a file name",
            a.switch, b.switch
        ))),
        _ if a.path == b.path => Some(switch_error(format!(
            "{} and {} both name the file `{}`; give each output its own file",
            a.switch,
            b.switch,
            a.path.display()
        ))),
        _ => Some(switch_error(format!(
            "{} `{}` and {} `{}` are the same file; give each output its own file",
            a.switch,
            a.path.display(),
            b.switch,
            b.path.display()
        ))),
    }
}

/// The actions of the run with their output files (`--pbn`, `--dlm`, `-C`, `-X`, `-Z`, `-l`)
/// opened, so that a bad path stops the run before dealing.
pub fn open_actions(cli: &Cli, compiled: &Compiled, source: &Source, settings: &RunSettings) -> Result<Actions, Failure> {
    open_actions_to(cli, cli, compiled, source, settings)
}

/// The actions of the run `cli`, with the output files that `files` names (a merge's: the
/// run's switches, its own output files): an output of the run that `files` does not name
/// is made as the run makes it, and dropped.
pub fn open_actions_to(cli: &Cli, files: &Cli, compiled: &Compiled, source: &Source, settings: &RunSettings) -> Result<Actions, Failure> {
    let info = RunInfo {
        input_name: source.name.clone(),
        seed: settings.seed,
        title: settings.title.clone(),
        dealer: compiled.settings.dealer,
        vulnerable: compiled.settings.vulnerable,
        quiet: cli.quiet,
        date: today(),
    };
    // With --pbn or --dlm, a file without an action statement prints nothing.
    let writes_boards = cli.pbn.is_some() || cli.dlm.is_some();
    let specs = if writes_boards && !compiled.explicit_actions { Vec::new() } else { compiled.actions.clone() };
    let mut actions = Actions::new(specs, compiled.tallies.clone(), info);
    let named = wanted(files);
    for w in wanted(cli) {
        if !used(&actions, &w) {
            continue;
        }
        let (out, spec) = match named.iter().find(|n| n.switch == w.switch) {
            Some(n) => (Output::open(n.what, n.path, n.append)?, n.flags),
            None => (Output::Dropped(std::io::sink()), w.flags),
        };
        match w.switch {
            "--pbn" => actions.set_pbn(PbnWriter::new(settings.title.as_deref().unwrap_or(""), &pbn_comment(cli, source, settings)), out),
            "--dlm" => actions.set_dlm(out),
            "-C" => actions.csv = Some(out),
            "-Z" => actions.set_zrd(out, !spec.contains('N')),
            "-l" => actions.set_dl52(out),
            _ => actions.export = Some(out),
        }
    }
    actions.set_table_values(compiled.table_values, cli.dd);
    Ok(actions)
}

/// Whether the run writes to output `w`: `-C` and `-X` only for a `csvrpt` or `export`
/// action.
pub fn used(actions: &Actions, w: &Wanted) -> bool {
    match w.switch {
        "-C" => actions.writes_csv(),
        "-X" => actions.writes_export(),
        _ => true,
    }
}

/// The `%` comment of a PBN file: how its deals were made.
fn pbn_comment(cli: &Cli, source: &Source, settings: &RunSettings) -> String {
    let how = match &cli.deals {
        Some(d) if d.as_os_str() == "-" => "deals from standard input".to_string(),
        Some(d) => format!("deals from {}", d.display()),
        None => format!("{}, seed {}", source.name, settings.seed),
    };
    format!("dealvm {}: {how}", env!("CARGO_PKG_VERSION"))
}
