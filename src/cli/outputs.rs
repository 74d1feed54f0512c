//! The output files of a run (`--pbn`, `--dlm`, `-C`, `-X`, `-Z`, `-l`, `--json`): checked against each
//! other and against the files the run reads, then opened with the actions, all before dealing.

use crate::cli::args::Cli;
use crate::cli::failure::{switch_error, Failure};
use crate::cli::options::{record_file, RunSettings};
use crate::compile::Compiled;
use crate::files::pbn::PbnWriter;
use crate::files::target::{file_id, FileId, Output};
use crate::front::diag::Source;
use crate::report::placing::Placement;
use crate::report::{Actions, RunInfo};
use crate::source::kind::{self, Kind};
use std::path::Path;

/// One output file asked for on the command line.
pub struct Wanted<'a> {
    /// The switch: `--pbn`, `--dlm`, `-C`, `-X`, `-Z`, `-l`, `--json`.
    pub switch: &'static str,
    /// What the file is: `PBN`, `DLM`, `CSV`, `export`, `zrd`, `DL52`, `JSON`.
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
    if let Some(p) = &cli.json {
        all.push(Wanted { switch: "--json", what: "JSON", path: p, append: false, flags: "" });
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
    check_specs(cli)?;
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
    for w in &wanted {
        check_existing(w)?;
    }
    Ok(())
}

/// Refuses, leaving it untouched, an existing file that an output would destroy: a Dealer
/// input file; a file of another format dealvm knows (`--pbn` over a DLM file); for an output
/// added to (`-C`, `-Z`, `-l` without `w`), a file that is not whole, valid records of its
/// format (a zrd file that is a script, a CSV file that is binary).
fn check_existing(w: &Wanted) -> Result<(), Failure> {
    let shown = format!("{} `{}`", w.switch, w.path.display());
    if !kind::is_regular(w.path) {
        return Ok(());
    }
    let found = kind::of_file(w.path)
        .map_err(|e| switch_error(format!("{shown}: cannot read the file to check it: {}", crate::cli::failure::io_reason(&e))))?;
    let wanted = Kind::of_output(w.what);
    match found {
        Some(Kind::Script) => {
            return Err(switch_error(format!("{shown} is a Dealer input file; dealvm writes no output over one (name the {} file)", w.what)))
        }
        Some(other) if Some(other) != wanted => {
            let (verb, fix) = if w.append { ("add to", "") } else { ("replace", "; name another file, or remove it first") };
            return Err(switch_error(format!("{shown} is a {} file: dealvm will not {verb} it with {} output{fix}", other.name(), w.what)));
        }
        _ => {}
    }
    if w.append {
        if let Err(why) = kind::check_whole(w.what, &w.path.display().to_string(), w.path) {
            return Err(switch_error(format!(
                "{shown}: the {what} output is added to this file, but {why}; it is left as it is (check the name; {switch} w:FILE would replace the file)",
                what = w.what,
                switch = w.switch
            )));
        }
    }
    Ok(())
}

/// Refuses a `-C`, `-Z` or `-l` value that names no file: its flags alone (`N`, `w:`), a
/// colon with no flags before it, or a bare number (`-Z 40`, taken for a count).
fn check_specs(cli: &Cli) -> Result<(), Failure> {
    let specs = [("-C", "w", &cli.csv), ("-Z", "Nw", &cli.zrd), ("-l", "Nw", &cli.dl52)];
    for (switch, flags, spec) in specs {
        if let Some(spec) = spec.as_deref() {
            check_spec(switch, flags, spec)?;
        }
    }
    Ok(())
}

/// [`check_specs`] for one switch, whose flags are the letters of `flags`.
fn check_spec(switch: &str, flags: &str, spec: &str) -> Result<(), Failure> {
    let are_flags = |s: &str| !s.is_empty() && s.len() <= flags.len() && s.chars().all(|c| flags.contains(c));
    let refuse = |why: String| Err(switch_error(format!("{switch} `{spec}`: {why}")));
    let letters: String = flags.chars().map(|c| format!("[{c}]")).collect();
    match spec.split_once(':') {
        Some(("", _)) => refuse(format!("a colon with no flag letters before it; write {switch} FILE or {switch} {letters}:FILE")),
        Some((f, "")) if are_flags(f) => refuse(format!("no file after the colon; write {switch} {f}:FILE")),
        None if are_flags(spec) => refuse(format!(
            "`{spec}` holds only {switch}'s flag letters and names no file; write {switch} {spec}:FILE (or {switch} ./{spec} for a file called {spec})"
        )),
        None if !spec.is_empty() && spec.bytes().all(|b| b.is_ascii_digit()) => refuse(format!(
            "`{spec}` is a number, not a file name ({switch} names the file to write; -p sets the number of deals); \
             write {switch} ./{spec} for a file called {spec}"
        )),
        _ => Ok(()),
    }
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
        FileId::Stdout => Some(switch_error(format!("{} and {} both write to standard output; give one of them a file name", a.switch, b.switch))),
        _ if a.path == b.path => {
            Some(switch_error(format!("{} and {} both name the file `{}`; give each output its own file", a.switch, b.switch, a.path.display())))
        }
        _ => Some(switch_error(format!(
            "{} `{}` and {} `{}` are the same file; give each output its own file",
            a.switch,
            a.path.display(),
            b.switch,
            b.path.display()
        ))),
    }
}

/// The actions of the run with their output files (`--pbn`, `--dlm`, `-C`, `-X`, `-Z`, `-l`, `--json`)
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
        placement: placement(cli),
        standard_errors: cli.se,
        until_se: settings.until_se,
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
        let target = named.iter().find(|n| n.switch == w.switch);
        let (out, spec) = match target {
            Some(n) => (Output::open(n.what, n.path, n.append)?, n.flags),
            None => (Output::Dropped(std::io::sink()), w.flags),
        };
        match w.switch {
            "--pbn" => actions.set_pbn(PbnWriter::new(settings.title.as_deref().unwrap_or(""), &pbn_comment(cli, source, settings)), out),
            "--dlm" => actions.set_dlm(out),
            "-C" => actions.csv = Some(out),
            "-Z" => {
                if let Some(n) = target {
                    warn_title_cut(settings.title.as_deref().unwrap_or(""), n.path);
                }
                actions.set_zrd(out, !spec.contains('N'))
            }
            "-l" => actions.set_dl52(out),
            "--json" => actions.set_json(out),
            _ => actions.export = Some(out),
        }
    }
    actions.set_table_values(compiled.table_values, cli.dd);
    if let Some(action) = actions.prints_beside_boards() {
        let boards = actions.board_files().join(" and ");
        return Err(switch_error(format!(
            "{boards} goes to standard output, where the action `{action}` prints too: the two would be mixed; \
             give the board file a name (--pbn FILE, --dlm FILE), or leave the action out"
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

/// How the run places its boards: turned for the 16-board cycle (`--rotate`), as dealt with
/// the cycle's dealer and vulnerability (a DLM file, whose boards follow the cycle), or as
/// given.
fn placement(cli: &Cli) -> Placement {
    match (cli.rotate, cli.dlm.is_some()) {
        (true, _) => Placement::Rotated,
        (false, true) => Placement::Cycle,
        (false, false) => Placement::Given,
    }
}

/// Warns, on standard error, that the zrd file at `path` gets only part of the title.
fn warn_title_cut(title: &str, path: &Path) {
    let kept = crate::files::zrd::title_kept(title);
    if kept.len() < title.len() {
        let why = if title.contains('\0') { "its zero byte ends it".to_string() } else { format!("it is {} bytes long", title.len()) };
        let message = format!(
            "the zrd file `{}` gets the title's first {} bytes only: {why}, and a zrd file's 15 title records hold at most {}",
            path.display(),
            kept.len(),
            crate::files::zrd::MAX_TITLE
        );
        eprint!("{}", crate::front::diag::Diagnostic::error(message).render_warning(None));
    }
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
