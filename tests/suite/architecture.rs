//! The rules of ARCHITECTURE.md, checked on the source: each stage folder of `src/` imports
//! only the folders below it, the files of a stage folder (its `mod.rs` files too) import each
//! other without a circle,
//! the folders of the `vm` crate import only the folders below them, its modules import each
//! other without a circle and never the `dealvm` crate, and no source file is over 700 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The names `crate::NAME` that a file's code (comments left out) refers to.
fn crate_refs(text: &str) -> BTreeSet<String> {
    let mut refs = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for (i, _) in code.match_indices("crate::") {
            let name: String = code[i + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                refs.insert(name);
            }
        }
    }
    refs
}

#[test]
fn stage_folders_import_only_the_folders_below_them() {
    let allowed: BTreeMap<&str, &[&str]> = BTreeMap::from([
        (
            "cli",
            &[
                "invocation",
                "serve",
                "tournament",
                "api",
                "shard",
                "run",
                "usereval",
                "report",
                "compile",
                "source",
                "formats",
                "front",
                "files",
                "diag",
            ][..],
        ),
        ("serve", &["invocation", "tournament", "api", "formats", "files", "diag"][..]),
        ("invocation", &["api", "shard", "run", "usereval", "report", "tournament", "compile", "source", "formats", "front", "files", "diag"][..]),
        ("api", &["run", "report", "compile", "source", "formats", "front", "files", "diag"][..]),
        ("usereval", &["files", "diag"][..]),
        ("shard", &["run", "report", "diag"][..]),
        ("run", &["report", "compile", "source", "diag"][..]),
        ("report", &["tournament", "compile", "formats", "files", "diag"][..]),
        ("compile", &["source", "front", "diag"][..]),
        ("source", &["formats", "diag"][..]),
        ("tournament", &["formats", "files", "diag"][..]),
        ("front", &["diag"][..]),
        ("formats", &["files", "diag"][..]),
        ("files", &["diag"][..]),
        ("diag", &[][..]),
    ]);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut problems = Vec::new();
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).unwrap();
        let Some(stage) = rel.components().next().and_then(|c| c.as_os_str().to_str()) else { continue };
        let Some(may) = allowed.get(stage) else {
            assert!(matches!(stage, "lib.rs" | "main.rs"), "{}: a file outside the stage folders", rel.display());
            continue;
        };
        for r in crate_refs(&fs::read_to_string(&file).unwrap()) {
            if r != stage && !may.contains(&r.as_str()) {
                problems.push(format!("{} refers to crate::{r}", rel.display()));
            }
        }
    }
    assert!(problems.is_empty(), "imports against ARCHITECTURE.md:\n{}", problems.join("\n"));
}

/// The modules named at the start of each path after `prefix` in a file's code: `a` of
/// `prefix a::b` and of `prefix {a, b::c}`, each with what follows it (`a::b`).
fn paths_after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for (i, _) in code.match_indices(prefix) {
            let rest = &code[i + prefix.len()..];
            let is_path = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
            if let Some(list) = rest.strip_prefix('{') {
                let list = list.split('}').next().unwrap_or("");
                out.extend(list.split(',').map(|p| p.trim().chars().take_while(|&c| is_path(c)).collect::<String>()));
            } else {
                out.insert(rest.chars().take_while(|&c| is_path(c)).collect());
            }
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// Removes the nodes of `graph` that import nothing left in it, until none does: what
/// remains are the circles and the nodes that import one.
fn circles(mut graph: BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    while let Some(free) = graph.iter().find(|(_, deps)| deps.iter().all(|d| !graph.contains_key(d))).map(|(m, _)| m.clone()) {
        graph.remove(&free);
    }
    graph.into_keys().collect()
}

#[test]
fn the_files_of_a_stage_folder_import_each_other_without_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for entry in fs::read_dir(&src).unwrap() {
        let folder = entry.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        let stage = folder.file_name().unwrap().to_str().unwrap().to_string();
        let left = circles(folder_graph(&folder, &stage));
        if !left.is_empty() {
            found.push(format!("src/{stage}/: {left:?}"));
        }
    }
    assert!(found.is_empty(), "files in an import circle, or importing one:\n{}", found.join("\n"));
}

/// The imports between the files of a stage folder, each file by its module path in the
/// folder (`pbn::tags`; a `mod.rs` by its folder's, `pbn`, the stage's own `mod.rs` as `mod`).
/// A path names the longest module it starts with, else the `mod.rs` of the folder it is in:
/// `crate::formats::pbn::parse_deal` imports `pbn`, `crate::formats::Format` the stage's
/// `mod.rs`. A `mod.rs` declaring its files (`pub mod pbn;`) is not an import; its `use` and
/// `pub use` of them are.
fn folder_graph(folder: &Path, stage: &str) -> BTreeMap<String, BTreeSet<String>> {
    // A module's path in the folder: "" for the stage's own `mod.rs`.
    let path_of = |file: &Path| {
        let rel = file.strip_prefix(folder).unwrap().with_extension("");
        let path = rel.to_str().unwrap().replace('/', "::");
        match path.strip_suffix("mod") {
            Some(parent) => parent.trim_end_matches(':').to_string(),
            None => path,
        }
    };
    let shown = |path: &str| if path.is_empty() { "mod".to_string() } else { path.to_string() };
    let files = rust_files(folder);
    let modules: BTreeSet<String> = files.iter().map(|f| path_of(f)).collect();
    // The module a path names: the longest start of it that is a module, else the root.
    let named = |p: &str| {
        let parts: Vec<&str> = p.split("::").filter(|s| !s.is_empty()).collect();
        (1..=parts.len()).rev().map(|n| parts[..n].join("::")).find(|m| modules.contains(m)).unwrap_or_default()
    };
    let join = |base: &str, rest: &str| if base.is_empty() { rest.to_string() } else { format!("{base}::{rest}") };
    let mut graph = BTreeMap::new();
    for file in &files {
        let path = path_of(file);
        let text = fs::read_to_string(file).unwrap();
        let is_mod = file.ends_with("mod.rs");
        let mut deps: BTreeSet<String> = paths_after(&text, &format!("crate::{stage}::")).iter().map(|p| named(p)).collect();
        for (levels, rest) in super_paths(&text) {
            // `super` from a file is its folder's module; from a `mod.rs`, the folder's parent.
            let mut base = Some(path.as_str());
            for _ in 0..levels {
                base = base.and_then(|b| if b.is_empty() { None } else { Some(b.rsplit_once("::").map_or("", |(p, _)| p)) });
            }
            if let Some(base) = base {
                deps.insert(named(&join(base, &rest)));
            }
        }
        if is_mod {
            // A `mod.rs` refers to its own files by their names alone (`use tags::Tags;`).
            deps.extend(uses_of_children(&text).iter().map(|p| named(&join(&path, p))));
        }
        deps.remove(&path);
        graph.insert(shown(&path), deps.iter().map(|d| shown(d)).collect());
    }
    graph
}

/// The paths after a chain of `super::` in a file's code, with the levels it climbs from the
/// file's module: `super::super::a::Thing` is `(2, "a::Thing")`; inside an inline module
/// (`mod tests { ... }`) each of its levels is spent leaving it first (`use super::*;` there
/// names the file itself, and is left out).
fn super_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut depth = 0i64;
    let mut inline: Vec<i64> = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let opens_module = {
            let t = code.trim_start();
            let t = t.strip_prefix("pub(crate) ").or_else(|| t.strip_prefix("pub ")).unwrap_or(t);
            t.strip_prefix("mod ").is_some_and(|rest| rest.trim_end().ends_with('{'))
        };
        if opens_module {
            inline.push(depth);
        }
        depth += code.matches('{').count() as i64 - code.matches('}').count() as i64;
        while inline.last().is_some_and(|&d| depth <= d) {
            inline.pop();
        }
        let mut at = 0;
        while let Some(i) = code[at..].find("super::") {
            let start = at + i;
            if code[..start].ends_with("::") {
                at = start + 7;
                continue;
            }
            let mut levels: usize = 0;
            let mut rest = &code[start..];
            while let Some(r) = rest.strip_prefix("super::") {
                levels += 1;
                rest = r;
            }
            at = code.len() - rest.len();
            let Some(levels) = levels.checked_sub(inline.len()).filter(|&l| l > 0) else { continue };
            let is_path = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
            if let Some(list) = rest.strip_prefix('{') {
                let list = list.split('}').next().unwrap_or("");
                out.extend(list.split(',').map(|p| (levels, p.trim().chars().take_while(|&c| is_path(c)).collect::<String>())));
            } else {
                out.push((levels, rest.chars().take_while(|&c| is_path(c)).collect()));
            }
        }
    }
    out
}

/// The paths a `mod.rs` uses by a name of its own, not through `crate::` or `super::`
/// (`use tags::Tags;`, `pub use write::*;`).
fn uses_of_children(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("").trim();
        let Some(rest) = code.strip_prefix("pub use ").or_else(|| code.strip_prefix("use ")) else { continue };
        if rest.starts_with("crate::") || rest.starts_with("super::") || rest.starts_with("self::") || rest.starts_with("std::") {
            continue;
        }
        let path: String = rest.chars().take_while(|&c| c.is_alphanumeric() || c == '_' || c == ':').collect();
        if path.contains("::") && !path.starts_with("dealvm") && !path.contains("::{") {
            out.insert(path);
        } else if let Some((head, _)) = rest.split_once("::{") {
            out.insert(head.to_string());
        }
    }
    out
}

#[test]
fn a_circle_through_a_mod_rs_is_found() {
    let dir = crate::common::tmp_dir().join(format!("dealvm-architecture-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("stage/part")).unwrap();
    fs::write(dir.join("stage/mod.rs"), "pub mod a;\npub mod part;\npub use a::Thing;\npub struct Root;\n").unwrap();
    fs::write(dir.join("stage/a.rs"), "use crate::stage::Root;\npub struct Thing;\n").unwrap();
    fs::write(dir.join("stage/part/mod.rs"), "mod b;\nuse b::B;\n").unwrap();
    fs::write(dir.join("stage/part/b.rs"), "use super::super::a::Thing;\npub struct B;\n").unwrap();
    let left = circles(folder_graph(&dir.join("stage"), "stage"));
    assert_eq!(left, ["a", "mod", "part", "part::b"], "mod -> a -> mod; part imports b, which imports the circle");
    fs::write(dir.join("stage/a.rs"), "pub struct Thing;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n").unwrap();
    assert!(circles(folder_graph(&dir.join("stage"), "stage")).is_empty(), "`super` in a file's tests is the file");
    fs::remove_dir_all(&dir).unwrap();
}

/// The code of a source file, its tests left out: up to its module of tests.
fn code_of(text: &str) -> &str {
    text.split("#[cfg(test)]\nmod tests {").next().unwrap_or(text)
}

#[test]
fn the_server_parses_no_command_line() {
    // The server builds its invocations as values (`serve::hosted`), never as argument strings.
    let serve = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve");
    for file in rust_files(&serve) {
        let text = fs::read_to_string(&file).unwrap();
        for call in ["parse_args", "try_parse_from", "parse_from", "get_matches"] {
            assert!(!code_of(&text).contains(call), "{} calls {call}", file.display());
        }
    }
}

#[test]
fn a_formats_name_is_written_in_its_own_module() {
    // Each format's names (`"dup"`, `"rzd"`, `"kops"`, ...) are string literals in at most two
    // source files, its module among them: every other list is made from the registry.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files: Vec<(PathBuf, String)> = rust_files(&src)
        .into_iter()
        .filter(|f| !f.ends_with("tests.rs") && !f.to_string_lossy().ends_with("_tests.rs"))
        .map(|f| {
            let text = fs::read_to_string(&f).unwrap();
            (f, code_of(&text).to_string())
        })
        .chain(["src/serve/openapi.json", "src/serve/page/page.js", "src/serve/page/index.html"].map(|f| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(f);
            let text = fs::read_to_string(&path).unwrap();
            (path, text)
        }))
        .collect();
    for format in dealvm::formats::Format::ALL {
        let facts = format.facts();
        let names = [Some(facts.name), Some(facts.extension), facts.big_deal_name, facts.sealed.as_ref().map(|s| s.name)];
        for name in names.into_iter().flatten() {
            let literal = format!("\"{name}\"");
            let holding: Vec<String> = files.iter().filter(|(_, text)| text.contains(&literal)).map(|(f, _)| f.display().to_string()).collect();
            assert!(holding.len() <= 2, "{literal} is written in {holding:?}");
            let module = format!("formats/{}", format.name());
            assert!(holding.iter().all(|f| f.contains(&module)) || holding.len() < 2, "{literal} outside its module: {holding:?}");
        }
    }
}

#[test]
fn the_command_line_is_argument_handling() {
    // What the command does lives below it (`invocation`, `tournament`, ...): its folder stays
    // the switches and their handling.
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let lines: usize = rust_files(&cli).iter().map(|f| fs::read_to_string(f).unwrap().lines().count()).sum();
    assert!(lines <= 3500, "src/cli/ holds {lines} lines");
}
