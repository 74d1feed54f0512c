//! The rules of ARCHITECTURE.md, checked on the source: each stage folder of `src/` imports
//! only the folders below it, the files of a stage folder import each other without a circle,
//! and the modules of the `vm` crate import each other without a circle and never the
//! `dealvm` crate.

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
        ("cli", &["api", "front", "compile", "source", "shard", "run", "report", "files", "usereval"][..]),
        ("api", &["run", "compile", "source", "front", "report", "files"][..]),
        ("usereval", &["files"][..]),
        ("shard", &["run", "report"][..]),
        ("run", &["compile", "source", "report"][..]),
        ("report", &["compile", "files"][..]),
        ("compile", &["front", "source"][..]),
        ("source", &["front", "files"][..]),
        ("front", &[][..]),
        ("files", &[][..]),
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
    for entry in fs::read_dir(&src).unwrap() {
        let folder = entry.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        let stage = folder.file_name().unwrap().to_str().unwrap().to_string();
        // Each file but `mod.rs` (which declares the others) by its module path in the folder.
        let module_of = |file: &Path| {
            let rel = file.strip_prefix(&folder).unwrap().with_extension("");
            rel.to_str().unwrap().replace('/', "::")
        };
        let files: Vec<PathBuf> = rust_files(&folder).into_iter().filter(|f| !f.ends_with("mod.rs")).collect();
        let modules: BTreeSet<String> = files.iter().map(|f| module_of(f)).collect();
        let mut graph = BTreeMap::new();
        for file in &files {
            let name = module_of(file);
            let text = fs::read_to_string(file).unwrap();
            let parent = name.rsplit_once("::").map(|(p, _)| format!("{p}::")).unwrap_or_default();
            let mut paths: BTreeSet<String> = paths_after(&text, &format!("crate::{stage}::"));
            paths.extend(paths_after(&text, "super::").into_iter().map(|p| format!("{parent}{p}")));
            // The longest start of each path that names a file of the folder.
            let deps = paths
                .iter()
                .filter_map(|p| {
                    let parts: Vec<&str> = p.split("::").collect();
                    (1..=parts.len()).rev().map(|n| parts[..n].join("::")).find(|m| modules.contains(m))
                })
                .filter(|m| *m != name)
                .collect();
            graph.insert(name, deps);
        }
        let left = circles(graph);
        assert!(left.is_empty(), "files of src/{stage}/ in an import circle, or importing one: {left:?}");
    }
}

#[test]
fn vm_modules_import_each_other_without_a_circle() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("vm/src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(&dir) {
        let name = file.file_stem().unwrap().to_str().unwrap().to_string();
        let text = fs::read_to_string(&file).unwrap();
        assert!(!text.contains("dealvm::"), "vm/src/{name}.rs uses the dealvm crate");
        if name != "lib" {
            let refs = crate_refs(&text).into_iter().filter(|r| *r != name).collect();
            graph.insert(name, refs);
        }
    }
    let left = circles(graph);
    assert!(left.is_empty(), "vm modules in a circle, or importing one: {left:?}");
}
