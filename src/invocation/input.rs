//! Reading the input: the input file or standard input as text, the script variables, and the
//! `-N`/`-E`/`-S`/`-W` predeal switches.

use super::request::{Input, Invocation, Mode};
use crate::diag::{Diagnostic, Source};
use crate::front::lex::ScriptVars;
use crate::invocation::failure::{io_reason, switch_error, Failure};
use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};

/// The input file's text and name: the file, or standard input (`-`, or no file). With
/// `--deals` and no input file, the script is read from standard input when it is not a
/// terminal and holds something; otherwise there is none (no condition, no action).
pub fn source(input: &Input) -> Result<Source, Failure> {
    let deals_on_stdin = input.deals.as_deref().is_some_and(|p| p.as_os_str() == "-");
    let none = || ("(no input file)".to_string(), Vec::new());
    let (name, bytes) = match (&input.file, &input.deals) {
        (Some(p), _) if p.as_os_str() == "-" => read_input(None)?,
        (Some(p), _) => read_input(Some(p))?,
        (None, None) => {
            if let Some(hint) = terminal_hint(input, io::stdin().is_terminal()) {
                eprintln!("{hint}");
            }
            read_input(None)?
        }
        (None, Some(_)) if deals_on_stdin || io::stdin().is_terminal() => none(),
        (None, Some(_)) => {
            let (name, bytes) = read_input(None)?;
            // An empty pipe (or /dev/null) is no script.
            if bytes.iter().all(u8::is_ascii_whitespace) {
                none()
            } else {
                (name, bytes)
            }
        }
    };
    let text = decode(&name, bytes)?;
    Ok(Source::new(name, text))
}

/// The script in the file `path` (standard input for `None` or `-`) as text, read as the
/// input file is read (`dealvm check FILE`).
pub fn script_file(path: Option<&Path>) -> Result<Source, Failure> {
    let path = path.filter(|p| p.as_os_str() != "-").map(Path::to_path_buf);
    let (name, bytes) = read_input(path.as_ref())?;
    Ok(Source::new(name.clone(), decode(&name, bytes)?))
}

/// The line printed on standard error before reading the input from a terminal when no
/// input file is named (`dealvm` alone), so that the run does not seem to hang; `None` when
/// an input file or `--deals` is named, or standard input is not a terminal.
pub fn terminal_hint(input: &Input, stdin_is_terminal: bool) -> Option<&'static str> {
    (stdin_is_terminal && input.file.is_none() && input.deals.is_none()).then_some(
        "dealvm: reading the input file from standard input: type it, then Ctrl-D on a line of its own \
         (`dealvm FILE` runs a file; `dealvm --help` for the switches)",
    )
}

/// For `-0`, `-2` and `-3`: what classic Dealer meant by them.
pub fn swap_hint(n: usize) -> String {
    match n {
        0 => "; classic Dealer's -0 (no swapping) is what dealvm does without -x: leave it out".into(),
        2 => "; classic Dealer's -2 (East and West exchanged) is -x 2 here".into(),
        3 => "; classic Dealer's -3 (East, South and West in all six arrangements) is -x 3 here".into(),
        _ => String::new(),
    }
}

/// Refuses a script-variable switch that cannot be meant as one: a value that is an input
/// file while no input file is left (classic Dealer's `-2 file.dli`), before reading anything.
pub fn check_script_switches(input: &Input) -> Result<(), Failure> {
    if input.file.is_some() {
        return Ok(());
    }
    for (n, value) in input.script_vars.iter().enumerate() {
        if let Some(v) = value.as_deref().filter(|v| std::path::Path::new(v).is_file()) {
            return Err(switch_error(format!(
                "-{n} {v}: -{n} gives the script variable ${n} a value, here the input file's name, so no input file is left{}",
                swap_hint(n)
            )));
        }
    }
    Ok(())
}

/// Refuses a switch that takes a file whose value looks like the input file while no input
/// file is left (`-C ok.dli`: the CSV file took the script's name), before reading anything.
pub fn check_file_switches(inv: &Invocation) -> Result<(), Failure> {
    if inv.input.file.is_some() {
        return Ok(());
    }
    let os = |p: &Option<PathBuf>| p.as_ref().map(|p| p.to_string_lossy().into_owned());
    let part = match &inv.mode {
        Mode::Shard { part, .. } => Some(part.to_string_lossy().into_owned()),
        _ => None,
    };
    let outputs = inv.outputs.files.iter().map(|f| (f.switch(), format!("{} file", f.what()), Some(f.path.to_string_lossy().into_owned())));
    let others = [
        ("--deals", "deals file".to_string(), os(&inv.input.deals)),
        ("-L", "library".to_string(), os(&inv.input.library)),
        ("-U", "usereval server".to_string(), inv.switches.usereval.clone()),
        ("--part", "part file".to_string(), part),
    ];
    let switches = outputs.chain(others);
    for (switch, what, value) in switches {
        if let Some(v) = value.filter(|v| v != "-" && looks_like_script(Path::new(v))) {
            let d =
                Diagnostic::error(format!("{switch} took `{v}` as its {what}, so no input file is left; did you mean `dealvm {switch} FILE {v}`?"))
                    .with_note(format!("`{v}` looks like a Dealer input file; without one, the input would be read from standard input"));
            return Err(Failure::Input(d.render(None)));
        }
    }
    Ok(())
}

/// Whether `path` is a file that looks like a Dealer input file: named `.dli`, `.dlr` or `.dl`,
/// or text (up to a megabyte) that parses as one with a statement that starts with a keyword
/// (`produce`, `condition`, `action`, ...: a word or a number alone parses as a condition).
fn looks_like_script(path: &Path) -> bool {
    use crate::front::ast::StmtKind;
    let Ok(meta) = std::fs::metadata(path) else { return false };
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    if !meta.is_file() || matches!(extension.as_deref(), Some("dli" | "dlr" | "dl")) {
        return meta.is_file();
    }
    let Some(text) = (meta.len() <= 1 << 20).then(|| std::fs::read_to_string(path).ok()).flatten() else { return false };
    let arena = bumpalo::Bump::new();
    let script = ScriptVars::default();
    let parsed = crate::front::parse::parse_file(&arena, &text, &script);
    let keyword = |kind: &StmtKind<'_>, start: usize| match kind {
        StmtKind::VarDef { .. } => false,
        StmtKind::Condition(_) => text[start..].starts_with("condition"),
        _ => true,
    };
    parsed.is_ok_and(|statements| statements.iter().any(|s| keyword(&s.kind, s.span.start)))
}

/// Refuses a script-variable switch whose `$N` the input never uses.
pub fn check_script_use(input: &Input, source: &Source) -> Result<(), Failure> {
    for (n, value) in input.script_vars.iter().enumerate() {
        if value.is_some() && !source.text.contains(&format!("${n}")) {
            return Err(switch_error(format!("-{n} gives the script variable ${n} a value, but `{}` never uses ${n}{}", source.name, swap_hint(n))));
        }
    }
    Ok(())
}

/// The name and bytes of the `--deals` file: the file, or standard input for `-`.
pub fn deals_bytes(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    file_bytes(path, "the deals file")
}

/// The name and bytes of a file of deals (`what`: "the deals file", "the library"): the
/// file, or standard input for `-`.
pub fn file_bytes(path: &Path, what: &str) -> Result<(String, Vec<u8>), Failure> {
    if path.as_os_str() == "-" {
        let bytes = read_bounded(io::stdin().lock(), stdin_is_file(), DEALS_LIMIT)
            .map_err(|e| switch_error(format!("cannot read the deals from standard input: {}", io_reason(&e))))?
            .ok_or_else(|| switch_error(too_long("standard input", DEALS_LIMIT, "save the deals to a file and name it")))?;
        return Ok(("stdin".to_string(), bytes));
    }
    let name = path.display().to_string();
    let bytes = read_path(path, DEALS_LIMIT)
        .map_err(|e| switch_error(format!("cannot read {what} `{name}`: {}", io_reason(&e))))?
        .ok_or_else(|| switch_error(too_long(&format!("{what} `{name}`"), DEALS_LIMIT, "save the deals to a file and name it")))?;
    Ok((name, bytes))
}

/// The most bytes read from a pipe, a device or a terminal (whose end may never come) when
/// it holds deals: twice Pavlicek's library of 10.5 million deals. A regular file is read
/// whole, whatever its size.
pub const DEALS_LIMIT: u64 = 512 << 20;

/// The most bytes read from a pipe, a device or a terminal when it holds an input file.
pub const SCRIPT_LIMIT: u64 = 16 << 20;

/// The bytes of the file at `path`: all of a regular file; at most `limit` of anything else
/// (a pipe, a device such as `/dev/zero`), `None` when there is more.
pub fn read_path(path: &Path, limit: u64) -> io::Result<Option<Vec<u8>>> {
    let file = std::fs::File::open(path)?;
    let regular = file.metadata()?.is_file();
    read_bounded(file, regular, limit)
}

/// Reads `reader` to its end: all of it when `regular` (a regular file), else at most
/// `limit` bytes (`None` when there is more).
fn read_bounded(reader: impl Read, regular: bool, limit: u64) -> io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    if regular {
        let mut reader = reader;
        reader.read_to_end(&mut bytes)?;
        return Ok(Some(bytes));
    }
    reader.take(limit + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// Whether standard input is a regular file (`< file`), which is read whole.
fn stdin_is_file() -> bool {
    use std::os::fd::AsFd;
    io::stdin().as_fd().try_clone_to_owned().map(std::fs::File::from).and_then(|f| f.metadata()).is_ok_and(|m| m.is_file())
}

/// The refusal of a pipe or device that gave more than `limit` bytes: what was read, why
/// dealvm stopped, what to do instead.
pub fn too_long(what: &str, limit: u64, fix: &str) -> String {
    format!(
        "{what} is not a regular file and gave more than {} MB without ending; \
         dealvm reads at most that much from a pipe or a device: {fix}",
        limit >> 20
    )
}

/// Reads the input: a file, or standard input (at most [`SCRIPT_LIMIT`] bytes from a pipe or
/// a device).
fn read_input(path: Option<&PathBuf>) -> Result<(String, Vec<u8>), Failure> {
    let refuse = |message: String| Failure::Input(Diagnostic::error(message).render(None));
    let (name, what, read) = match path {
        Some(p) => (p.display().to_string(), format!("the input file `{}`", p.display()), read_path(p, SCRIPT_LIMIT)),
        None => ("stdin".to_string(), "standard input".to_string(), read_bounded(io::stdin().lock(), stdin_is_file(), SCRIPT_LIMIT)),
    };
    let bytes = read
        .map_err(|e| refuse(format!("cannot read {what}: {}", io_reason(&e))))?
        .ok_or_else(|| refuse(too_long(&what, SCRIPT_LIMIT, "a Dealer input file is a few kilobytes of text; name it as the input file")))?;
    Ok((name, bytes))
}

/// The input as text, without a leading byte-order mark: refuses binary data and text that
/// is not UTF-8.
fn decode(name: &str, mut bytes: Vec<u8>) -> Result<String, Failure> {
    if bytes.starts_with("\u{feff}".as_bytes()) {
        bytes.drain(..3);
    }
    let position = |at: usize| {
        let before = &bytes[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let col = String::from_utf8_lossy(&bytes[line_start..at]).chars().count() + 1;
        format!("{name}:{line}:{col}")
    };
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        return Err(Failure::Input(
            Diagnostic::error(format!("the input looks like a binary file, not a Dealer input file (a NUL byte at {})", position(at))).render(None),
        ));
    }
    String::from_utf8(bytes.clone()).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        Failure::Input(
            Diagnostic::error(format!("the input is not UTF-8 text (byte 0x{:02X} at {}); save the file as UTF-8", bytes[at], position(at)))
                .render(None),
        )
    })
}
