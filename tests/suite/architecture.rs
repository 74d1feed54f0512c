//! The rules of ARCHITECTURE.md, checked on the source: each stage folder of `src/` imports
//! only the folders below it, and the modules of the `vm` crate import each other without a
//! circle and never the `dealvm` crate.

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
        ("cli", &["front", "compile", "source", "shard", "run", "report", "files", "usereval"][..]),
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
    // Repeatedly remove the modules that import nothing left: a circle is what remains.
    while let Some(free) = graph.iter().find(|(_, deps)| deps.iter().all(|d| !graph.contains_key(d))).map(|(m, _)| m.clone()) {
        graph.remove(&free);
    }
    assert!(graph.is_empty(), "vm modules in a circle, or importing one: {:?}", graph.keys().collect::<Vec<_>>());
}
