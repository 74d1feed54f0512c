//! The output files of a run (`--pbn`, `--dlm`, `-C`, `-X`), opened with the actions before
//! dealing.

use crate::cli::args::Cli;
use crate::cli::failure::Failure;
use crate::cli::options::RunSettings;
use crate::compile::Compiled;
use crate::files::pbn::PbnWriter;
use crate::files::target::Output;
use crate::front::diag::Source;
use crate::report::layout::today;
use crate::report::{Actions, RunInfo};
use std::path::Path;

/// One output file asked for on the command line.
struct Wanted<'a> {
    /// The switch: `--pbn`, `--dlm`, `-C`, `-X`.
    switch: &'static str,
    /// What the file is: `PBN`, `DLM`, `CSV`, `export`.
    what: &'static str,
    path: &'a str,
    /// `-C` without `w:`: added to.
    append: bool,
}

/// The output files asked for.
fn wanted(cli: &Cli) -> Vec<Wanted<'_>> {
    let mut all = Vec::new();
    if let Some(p) = cli.pbn.as_ref().and_then(|p| p.to_str()) {
        all.push(Wanted { switch: "--pbn", what: "PBN", path: p, append: false });
    }
    if let Some(p) = cli.dlm.as_ref().and_then(|p| p.to_str()) {
        all.push(Wanted { switch: "--dlm", what: "DLM", path: p, append: false });
    }
    if let Some(spec) = &cli.csv {
        let (append, path) = spec.strip_prefix("w:").map_or((true, spec.as_str()), |p| (false, p));
        all.push(Wanted { switch: "-C", what: "CSV", path, append });
    }
    if let Some(p) = &cli.export {
        all.push(Wanted { switch: "-X", what: "export", path: p, append: false });
    }
    all
}

/// The actions of the run with their output files (`--pbn`, `--dlm`, `-C`, `-X`) opened, so
/// that a bad path stops the run before dealing.
pub fn open_actions(cli: &Cli, compiled: &Compiled, source: &Source, settings: &RunSettings) -> Result<Actions, Failure> {
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
    for w in wanted(cli) {
        let used = match w.switch {
            "-C" => actions.writes_csv(),
            "-X" => actions.writes_export(),
            _ => true,
        };
        if !used {
            continue;
        }
        let out = Output::open(w.what, Path::new(w.path), w.append)?;
        match w.switch {
            "--pbn" => actions.set_pbn(PbnWriter::new(settings.title.as_deref().unwrap_or(""), &pbn_comment(cli, source, settings)), out),
            "--dlm" => actions.set_dlm(out),
            "-C" => actions.csv = Some(out),
            _ => actions.export = Some(out),
        }
    }
    Ok(actions)
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
