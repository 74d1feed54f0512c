//! The documents a user reads in a fresh clone: every link and every path of README.md,
//! ARCHITECTURE.md and docs/*.md names a file of the repository (none outside it, such as
//! `../shared/...`), Cargo.toml declares the Rust version the README names, and the README's
//! `pointcount` example means what it says; every input file the README shows compiles, every
//! command it shows with its output prints that output, and its list of the command line names
//! every switch `dealvm --help` and `dealvm merge --help` list.

use crate::common::dealvm_stdin;
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The repository's top folder.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, ARCHITECTURE.md and the Markdown files of docs/.
fn documents() -> Vec<PathBuf> {
    let mut all = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    let mut docs: Vec<PathBuf> =
        fs::read_dir(root().join("docs")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "md")).collect();
    docs.sort();
    all.extend(docs);
    all
}

/// The targets of a Markdown text's links: `[text](target)` and `[label]: target`.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for (i, _) in text.match_indices("](") {
        let rest = &text[i + 2..];
        let end = rest.find([')', ' ']).unwrap_or(rest.len());
        targets.push(rest[..end].to_string());
    }
    for line in text.lines() {
        let line = line.trim_start();
        if let Some(target) = line.strip_prefix('[').and_then(|l| l.split_once("]: ")).map(|(_, t)| t.trim()) {
            targets.push(target.split(' ').next().unwrap_or_default().to_string());
        }
    }
    targets
}

/// The texts between backquotes of a Markdown text.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The entries of the repository's top folder that belong to it (not build output).
fn top_entries() -> Vec<String> {
    fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !["target", ".git"].contains(&n.as_str()))
        .collect()
}

/// Whether `path` (relative) stays inside the repository when read from `base`.
fn inside_repository(base: &Path, path: &str) -> bool {
    let mut depth = base.strip_prefix(root()).unwrap().components().count() as i64;
    for c in Path::new(path).components() {
        match c {
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            Component::RootDir | Component::Prefix(_) => return false,
            Component::CurDir => {}
        }
        if depth < 0 {
            return false;
        }
    }
    true
}

/// Whether a path from the repository's top names a file or folder there; a last part with
/// one `*` (`tests/data/zrd/*.zrd`) must match a file of its folder.
fn names_files(path: &str) -> bool {
    let (folder, last) = path.rsplit_once('/').unwrap_or(("", path));
    let Some((before, after)) = last.split_once('*') else {
        return root().join(path).exists();
    };
    let Ok(entries) = fs::read_dir(root().join(folder)) else { return false };
    entries
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .any(|n| n.len() >= before.len() + after.len() && n.starts_with(before) && n.ends_with(after))
}

#[test]
fn every_link_and_path_of_the_documents_is_in_the_repository() {
    let top = top_entries();
    let mut problems = Vec::new();
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap();
        let name = doc.strip_prefix(root()).unwrap().display().to_string();
        let base = doc.parent().unwrap();
        if let Some(line) = text.lines().position(|l| l.contains("../")) {
            problems.push(format!("{name}:{}: a path leaves the repository (`../`)", line + 1));
        }
        for target in link_targets(&text) {
            let file = target.split('#').next().unwrap_or_default();
            if file.is_empty() || file.contains("://") || file.starts_with("mailto:") {
                continue;
            }
            if !inside_repository(base, file) || !base.join(file).exists() {
                problems.push(format!("{name}: the link `{target}` names no file of the repository"));
            }
        }
        // Paths written in code spans that start at a top entry: `examples/x.dli`, `docs/`.
        for span in code_spans(&text) {
            let first = span.split('/').next().unwrap_or_default();
            let path_like = !span.contains(char::is_whitespace) && (span.contains('/') || span.ends_with(".md"));
            if path_like && top.iter().any(|t| t == first) && !names_files(span) {
                problems.push(format!("{name}: `{span}` names no file of the repository"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The `rust-version` declared in a Cargo.toml text.
fn rust_version(manifest: &str) -> Option<String> {
    let line = manifest.lines().find(|l| l.trim_start().starts_with("rust-version"))?;
    Some(line.split_once('=')?.1.trim().trim_matches('"').to_string())
}

#[test]
fn the_manifests_declare_the_rust_version_the_readme_names() {
    let version = rust_version(&fs::read_to_string(root().join("Cargo.toml")).unwrap()).expect("Cargo.toml declares rust-version");
    assert!(version.split('.').all(|n| n.parse::<u32>().is_ok()), "rust-version = {version:?}");
    let vm = rust_version(&fs::read_to_string(root().join("vm/Cargo.toml")).unwrap());
    assert_eq!(vm.as_deref(), Some(version.as_str()), "vm/Cargo.toml declares the same rust-version");
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    assert!(readme.contains(&format!("Rust {version} or later")), "the README names Rust {version}");
}

#[test]
fn the_readme_pointcount_example_mixes_no_whole_numbers() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let examples: Vec<&str> = code_spans(&readme).into_iter().filter(|s| s.starts_with("pointcount ")).collect();
    assert!(!examples.is_empty(), "the README shows a pointcount example");
    for example in examples {
        // Scaled as the README says: an ace worth 4.50 points, north's average about 10 (shown
        // ×100, as every decimal count).
        let input = format!("{example}\nproduce 2000\naction average hcp(north)\n");
        let r = dealvm_stdin(&input, &["-s", "1"]);
        assert_eq!(r.status, 0, "{example}: {}", r.stderr);
        assert!(!r.stderr.contains("warning"), "{example}: {}", r.stderr);
        let mean = r.stdout.lines().find_map(|l| l.strip_prefix("Mean=")?.split(',').next()?.trim().parse::<f64>().ok());
        assert!(mean.is_some_and(|m| (900.0..1100.0).contains(&m)), "{example}: {}", r.stdout);
    }
}

/// The fenced blocks of a Markdown text: each with its language (`sh`, `text`, or empty) and
/// its text.
fn fenced_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, String)> = None;
    for line in text.lines() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(lang), None) => open = Some((lang.trim().to_string(), String::new())),
            (Some(_), Some(block)) => blocks.push(block),
            (None, Some((lang, mut body))) => {
                body.push_str(line);
                body.push('\n');
                open = Some((lang, body));
            }
            (None, None) => {}
        }
    }
    blocks
}

#[test]
fn every_input_file_the_readme_shows_compiles() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let scripts: Vec<String> = fenced_blocks(&readme)
        .into_iter()
        .filter(|(lang, body)| lang.is_empty() && !body.trim_start().starts_with("dealvm "))
        .map(|(_, body)| body)
        .collect();
    assert!(scripts.len() >= 3, "the README shows input files: {scripts:?}");
    for script in scripts {
        let server = root().join("examples/usereval/hcp_server.py");
        let out = dealvm_stdin(&script, &["--dump-bytecode", "-U", server.to_str().unwrap()]);
        assert_eq!(out.status, 0, "the README's input file\n{script}\ndoes not compile: {}", out.stderr);
    }
}

#[test]
fn every_command_the_readme_shows_with_its_output_prints_it() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let blocks = fenced_blocks(&readme);
    let dealvm_dir = Path::new(env!("CARGO_BIN_EXE_dealvm")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", dealvm_dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut shown = 0;
    for pair in blocks.windows(2) {
        let [(lang, command), (out_lang, expected)] = pair else { continue };
        if lang != "sh" || out_lang != "text" {
            continue;
        }
        let out = std::process::Command::new("bash").args(["-c", command]).current_dir(root()).env("PATH", &path).output().unwrap();
        let printed = String::from_utf8_lossy(&out.stdout);
        assert_eq!(printed.trim_end(), expected.trim_end(), "the README's `{}` prints something else", command.trim());
        shown += 1;
    }
    assert!(shown >= 1, "the README shows a command with its output");
}

/// The switches a help text lists: `-p`, `-R`, `--threads`, ... (each line of the list
/// starts with its switches; the descriptions below are indented further).
fn listed_switches(help: &str) -> Vec<String> {
    let mut switches = Vec::new();
    for line in help.lines() {
        let indent = line.len() - line.trim_start().len();
        if !(2..=6).contains(&indent) || !line.trim_start().starts_with('-') {
            continue;
        }
        for word in line.split([' ', ',']).filter(|w| w.starts_with('-')) {
            switches.push(word.trim_end_matches("...").to_string());
        }
    }
    switches
}

#[test]
fn the_readme_lists_every_switch_of_the_help() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme.find("- **Command line**").expect("the README lists the switches");
    let list = &readme[start..start + readme[start..].find("\n- **").unwrap()];
    for command in [&["--help"][..], &["merge", "--help"]] {
        let help = dealvm_stdin("", command).stdout;
        let switches = listed_switches(&help);
        assert!(switches.len() >= 8 && switches.contains(&"--help".to_string()), "{command:?}: {switches:?}");
        for switch in switches {
            // `-1` to `-8` are within "`-0`..`-9`".
            if switch.len() == 2 && switch.as_bytes()[1].is_ascii_digit() && list.contains("`-0`..`-9`") {
                continue;
            }
            let named = [format!("`{switch}"), format!("/{switch}"), format!("({switch}")].iter().any(|s| {
                list.match_indices(s.as_str()).any(|(at, m)| !list[at + m.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-'))
            });
            assert!(named, "the README's command-line list does not name {switch}, which `dealvm {}` lists", command.join(" "));
        }
    }
}

/// The README's Rust example is the crate documentation's, which `cargo test` runs as a
/// doctest: so the README's example compiles and runs.
#[test]
fn the_readmes_library_example_is_the_crate_doctest() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    let start = readme.find("```rust\n").expect("the README shows the library in a rust block") + "```rust\n".len();
    let example = &readme[start..start + readme[start..].find("```").unwrap()];
    let doc: String = lib.lines().filter_map(|l| l.strip_prefix("//! ").or(l.strip_prefix("//!"))).map(|l| format!("{l}\n")).collect();
    assert!(doc.contains(example), "README's example is not in src/lib.rs's doctest:\n{example}");
}
