//! The rules of ARCHITECTURE.md, checked on the source: each stage folder of `src/` imports
//! only the folders below it, the files of a stage folder import each other without a circle,
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
        ("cli", &["api", "serve", "front", "compile", "source", "shard", "run", "report", "files", "usereval", "diag"][..]),
        ("serve", &["api", "diag"][..]),
        ("api", &["run", "compile", "source", "front", "report", "files", "diag"][..]),
        ("usereval", &["files", "diag"][..]),
        ("shard", &["run", "report", "diag"][..]),
        ("run", &["compile", "source", "report", "diag"][..]),
        ("report", &["compile", "files", "diag"][..]),
        ("compile", &["front", "source", "diag"][..]),
        ("source", &["front", "files", "diag"][..]),
        ("front", &["diag"][..]),
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

/// The module path of a file of `vm/src` (`machine::bytecode` for `machine/bytecode/mod.rs`,
/// `dealing::exact::suits` for `dealing/exact/suits.rs`); `None` for the crate root.
fn vm_module_of(rel: &Path) -> Option<String> {
    let mut parts: Vec<&str> = rel.iter().map(|p| p.to_str().unwrap()).collect();
    let last = parts.pop().unwrap().trim_end_matches(".rs");
    if !matches!(last, "mod" | "lib") {
        parts.push(last);
    }
    (!parts.is_empty()).then(|| parts.join("::"))
}

/// Every path of a `use` tree written after a prefix: `a::b` and `c::d` of `{a::b, c::{d}}`,
/// `a::b::C` of `a::b::C`, `*` of a glob; nested lists are followed.
fn use_tree_paths(rest: &str) -> Vec<String> {
    /// The paths of the tree at the start of `s`, each after `base`; the bytes read.
    fn tree(s: &[u8], base: &str, out: &mut Vec<String>) -> usize {
        let mut i = 0;
        while i < s.len() && (s[i].is_ascii_alphanumeric() || matches!(s[i], b'_' | b':' | b'*')) {
            i += 1;
        }
        let path = format!("{base}{}", String::from_utf8_lossy(&s[..i]));
        if s.get(i) != Some(&b'{') {
            out.push(path);
            return i;
        }
        i += 1;
        while i < s.len() && s[i] != b'}' {
            while i < s.len() && matches!(s[i], b' ' | b',') {
                i += 1;
            }
            if i < s.len() && s[i] != b'}' {
                i += tree(&s[i..], &path, out).max(1);
            }
        }
        i + 1
    }
    let mut out = Vec::new();
    tree(rest.as_bytes(), "", &mut out);
    out.into_iter().map(|p| p.trim_end_matches(':').to_string()).filter(|p| !p.is_empty()).collect()
}

/// The lines of a file's code, comments left out, each with its indentation; a `use` list
/// written over several lines joined into one.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open_use = false;
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        if open_use {
            out.last_mut().unwrap().1.push_str(code.trim());
        } else {
            out.push((line.len() - line.trim_start().len(), code.to_string()));
        }
        let trimmed = code.trim();
        open_use = (open_use || trimmed.starts_with("use ") || trimmed.starts_with("pub use ")) && !trimmed.ends_with(';');
    }
    out
}

/// The modules a file of `vm/src` (module `module`) imports: its `crate::` paths, its
/// `super::` and `self::` paths (from the inline module they are written in, `mod tests {`),
/// and its paths through the child modules it declares (`mod suits;` then `suits::BySuit`),
/// each cut to the longest start that names a module of `modules`.
fn vm_imports(text: &str, module: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let lines = code_lines(text);
    let children: Vec<&str> = lines.iter().filter_map(|(_, l)| l.trim().trim_start_matches("pub ").strip_prefix("mod ")?.strip_suffix(';')).collect();
    let mut paths = Vec::new();
    // The inline modules open at the current line, by the indentation of their `mod` line.
    let mut inline: Vec<(usize, &str)> = Vec::new();
    for (indent, code) in &lines {
        if inline.last().is_some_and(|(at, _)| at == indent && code.trim_start().starts_with('}')) {
            inline.pop();
        }
        let mut here: Vec<&str> = module.split("::").collect();
        here.extend(inline.iter().map(|(_, m)| *m));
        for (i, _) in code.match_indices("::") {
            let start = code[..i].rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |s| s + 1);
            if code[..start].ends_with(':') {
                continue;
            }
            let (head, mut rest) = (&code[start..i], &code[i + 2..]);
            let mut base = match head {
                "crate" => Vec::new(),
                "self" => here.clone(),
                "super" => here[..here.len() - 1].to_vec(),
                child if inline.is_empty() && children.contains(&child) => [&here[..], &[child]].concat(),
                _ => continue,
            };
            // `super::super::x`: one level up for each.
            while let Some(r) = rest.strip_prefix("super::").filter(|_| head == "super") {
                base.pop();
                rest = r;
            }
            paths.extend(use_tree_paths(rest).into_iter().map(|p| [&base[..], &[p.as_str()]].concat().join("::")));
        }
        if let Some(name) = code.trim().strip_prefix("mod ").and_then(|l| l.strip_suffix(" {")) {
            if name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                inline.push((*indent, name));
            }
        }
    }
    paths
        .iter()
        .filter_map(|p| {
            let parts: Vec<&str> = p.split("::").collect();
            (1..=parts.len()).rev().map(|n| parts[..n].join("::")).find(|m| modules.contains(m))
        })
        .filter(|m| m != module)
        .collect()
}

/// The modules of the `vm` crate, each with the modules it imports.
fn vm_import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("vm/src");
    let files: Vec<(String, String)> = rust_files(&dir)
        .into_iter()
        .filter_map(|f| {
            let text = fs::read_to_string(&f).unwrap();
            let rel = f.strip_prefix(&dir).unwrap();
            assert!(!text.contains("dealvm::"), "vm/src/{} uses the dealvm crate", rel.display());
            Some((vm_module_of(rel)?, text))
        })
        .collect();
    let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    files.iter().map(|(m, text)| (m.clone(), vm_imports(text, m, &modules))).collect()
}

#[test]
fn vm_modules_import_each_other_without_a_circle() {
    let graph = vm_import_graph();
    // The test reads what it should: a module with its children, its parent and its folder.
    assert!(graph["dealing::exact"].contains("dealing::exact::suits"), "{:?}", graph["dealing::exact"]);
    assert!(graph["dealing::exact::suits::tests"].contains("dealing::exact::tests"));
    assert!(graph["machine::bytecode::print"].contains("machine::bytecode"));
    assert!(graph["machine::batch"].contains("evaluation::tables"));
    assert!(graph["dealing::exact::tests"].contains("dealing::exact"), "a glob import of the parent");
    let left = circles(graph.clone());
    assert!(left.is_empty(), "vm modules in a circle, or importing one: {left:?}");
    // The folders (and `card`, at the top level), each by the folders its modules import.
    let folder = |m: &str| m.split("::").next().unwrap().to_string();
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (m, deps) in &graph {
        let deps = deps.iter().map(|d| folder(d)).filter(|d| *d != folder(m));
        folders.entry(folder(m)).or_default().extend(deps);
    }
    let left = circles(folders);
    assert!(left.is_empty(), "vm folders in a circle, or importing one: {left:?}");
}

#[test]
fn vm_folders_import_only_the_folders_below_them() {
    let allowed: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("machine", &["dealing", "evaluation", "card", "cpu"][..]),
        ("dealing", &["evaluation", "card", "cpu"][..]),
        ("evaluation", &["card", "cpu"][..]),
        ("card", &[][..]),
        ("cpu", &[][..]),
    ]);
    let mut problems = Vec::new();
    for (m, deps) in vm_import_graph() {
        let folder = m.split("::").next().unwrap();
        let may = allowed.get(folder).unwrap_or_else(|| panic!("vm module {m} outside the folders of ARCHITECTURE.md"));
        for d in deps {
            let to = d.split("::").next().unwrap();
            if to != folder && !may.contains(&to) {
                problems.push(format!("{m} imports {d}"));
            }
        }
    }
    assert!(problems.is_empty(), "vm imports against ARCHITECTURE.md:\n{}", problems.join("\n"));
}

#[test]
fn no_rust_file_of_the_engine_or_the_program_is_over_700_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    for dir in ["vm/src", "src"] {
        for file in rust_files(&root.join(dir)) {
            let lines = fs::read_to_string(&file).unwrap().lines().count();
            if lines > 700 {
                long.push(format!("{}: {lines} lines", file.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(long.is_empty(), "files over 700 lines (split them by concern):\n{}", long.join("\n"));
}

/// The functions allowed more than [`LONGEST_FUNCTION`] lines, each with its reason.
const LONG_FUNCTIONS: [(&str, &str); 1] = [(
    "vm/src/machine/interp.rs::run_each",
    "the interpreter's loop: one match over the instructions, each arm a few lines, kept in one function so that the dispatch stays one jump",
)];

/// The most lines a function may have (its signature to its closing brace).
const LONGEST_FUNCTION: usize = 150;

/// The functions of a Rust file with their lengths in lines: a line `fn NAME` (after `pub`,
/// `unsafe`, `const` as they come) to the first line that closes it at its indentation.
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let mut words = code.split_whitespace().peekable();
        while words.peek().is_some_and(|w| w.starts_with("pub") || ["unsafe", "const", "async", "extern", "\"C\""].contains(w)) {
            words.next();
        }
        if words.next() != Some("fn") {
            continue;
        }
        let name: String = words.next().unwrap_or_default().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let closing = format!("{indent}}}");
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == closing) {
            out.push((name, end + 2));
        }
    }
    out
}

#[test]
fn no_function_is_over_150_lines_but_the_listed_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    for dir in ["vm/src", "src", "dd/src"] {
        for file in rust_files(&root.join(dir)) {
            let rel = file.strip_prefix(root).unwrap().display().to_string();
            for (name, lines) in function_lengths(&fs::read_to_string(&file).unwrap()) {
                let id = format!("{rel}::{name}");
                if lines > LONGEST_FUNCTION && !LONG_FUNCTIONS.iter().any(|(f, _)| *f == id) {
                    long.push(format!("{id}: {lines} lines"));
                }
            }
        }
    }
    assert!(long.is_empty(), "functions over {LONGEST_FUNCTION} lines (split them, or list one with its reason):\n{}", long.join("\n"));
    // The list names functions that are long: a function split since goes off it.
    for (id, _) in LONG_FUNCTIONS {
        let (file, name) = id.split_once("::").unwrap();
        let lengths = function_lengths(&fs::read_to_string(root.join(file)).unwrap());
        assert!(
            lengths.iter().any(|(n, l)| n == name && *l > LONGEST_FUNCTION),
            "{id} is no longer over {LONGEST_FUNCTION} lines: take it off the list"
        );
    }
}
