//! The documents a user reads in a fresh clone: README.md, ARCHITECTURE.md, docs/*.md and the
//! user guide, docs/guide/*.md. Every link and every path they give names a file of the
//! repository (none outside it), Cargo.toml declares the Rust version the README names, and
//! every command, input and output they show is run. The fenced blocks follow these
//! conventions, which the tests here check:
//!
//! - ```` ```dealer ```` (or untagged): an input file. It compiles (`dealvm --dump-bytecode`,
//!   with the example `usereval` server). One whose first line is a comment naming a file,
//!   `# study.dli`, is also written as that file where the document's commands run, so that
//!   they can run it; one that uses the script variables `$0`..`$9` must be such a file, and
//!   is checked by the command that runs it.
//! - ```` ```sh ```` then ```` ```text ```` (only blank lines between them): a command and its
//!   exact standard output (each line compared without its trailing spaces).
//! - ```` ```sh ```` alone: a command that runs and exits with status 0.
//!   A document's commands run in order, with `bash -e -o pipefail`, in a fresh temporary
//!   folder of their own holding a copy of `examples/` and `tests/data/`, with the built
//!   `dealvm` first on the PATH and `/usr/games` (Debian's `dealer`) last, and nothing on
//!   standard input: a command may read a file an earlier one wrote. The README's first
//!   block, its setup, is the exception: CI runs it itself (it installs packages, builds, and
//!   runs every test).
//! - ```` ```console ````: a command shown but not run (installing, `cargo`, clusters, the
//!   network).
//! - ```` ```python ````: run by `python/tests/test_docs.py`, which follows the same rules.
//! - ```` ```rust ````: the library example, the crate documentation's doctest.
//! - ```` ```text ```` after something else, and ```` ```toml ````: text shown as it is.
//!
//! Any other tag is refused, so that no block escapes them. The command-line reference names
//! every switch `dealvm --help` and `dealvm merge --help` list, the shards page shows the
//! recipes of `examples/shards/` as they are, and the README stays short and links every page
//! of the guide.

use crate::common::dealvm_stdin;
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

/// The tags a fenced block may have.
const TAGS: &[&str] = &["", "dealer", "sh", "text", "console", "python", "rust", "toml"];

/// The README's first block, the setup, which CI runs as it is.
const SETUP: &str = "\
apt-get install -y g++                            # the C++ compiler that DDS is built with
cargo run --release -- examples/1nt-opener.dli    # build, then run a study of 1NT openings
bash .ci/run                                      # every test (as root or with sudo: see below)
";

/// The most lines the README may have: a newcomer reads it in ten minutes.
const README_LINES: usize = 300;

/// The repository's top folder.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files of a folder of the repository, sorted.
fn markdown_in(folder: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(root().join(folder))
        .unwrap_or_else(|e| panic!("{folder}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
}

/// README.md, ARCHITECTURE.md, the Markdown files of docs/ and the user guide's pages.
fn documents() -> Vec<PathBuf> {
    let mut all = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    all.extend(markdown_in("docs"));
    all.extend(markdown_in("docs/guide"));
    all
}

/// A document's path from the repository's top, as messages give it.
fn name(doc: &Path) -> String {
    doc.strip_prefix(root()).unwrap().display().to_string()
}

/// A fenced block of a Markdown text: its tag (`sh`, `text`, or empty), its text, the line of
/// its opening fence, and whether only blank lines part it from the block before.
pub(crate) struct Block {
    pub(crate) lang: String,
    pub(crate) body: String,
    pub(crate) line: usize,
    pub(crate) follows: bool,
}

/// The fenced blocks of a Markdown text.
pub(crate) fn fenced_blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    // Whether only blank lines have come since the last block closed.
    let mut after_block = false;
    for (i, line) in text.lines().enumerate() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(lang), None) => open = Some(Block { lang: lang.trim().to_string(), body: String::new(), line: i + 1, follows: after_block }),
            (Some(_), Some(block)) => {
                blocks.push(block);
                after_block = true;
            }
            (None, Some(mut block)) => {
                block.body.push_str(line);
                block.body.push('\n');
                open = Some(block);
            }
            (None, None) => after_block &= line.trim().is_empty(),
        }
    }
    assert!(open.is_none(), "a fenced block is not closed");
    blocks
}

/// Whether a block is an input file.
fn is_input(block: &Block) -> bool {
    block.lang.is_empty() || block.lang == "dealer"
}

/// The file an input block names on its first line (`# study.dli`), if it does.
fn file_named(block: &Block) -> Option<&str> {
    let first = block.body.lines().next()?.strip_prefix("# ")?;
    (first.ends_with(".dli") && !first.contains(['/', ' '])).then_some(first)
}

/// Whether a text uses a script variable, `$0` to `$9`.
fn uses_script_variables(text: &str) -> bool {
    text.as_bytes().windows(2).any(|w| w[0] == b'$' && w[1].is_ascii_digit())
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
        let name = name(&doc);
        let base = doc.parent().unwrap();
        let targets = link_targets(&text);
        for target in &targets {
            let file = target.split('#').next().unwrap_or_default();
            if file.is_empty() || file.contains("://") || file.starts_with("mailto:") {
                continue;
            }
            if !inside_repository(base, file) || !base.join(file).exists() {
                problems.push(format!("{name}: the link `{target}` names no file of the repository"));
            }
        }
        // Outside the links, checked above, a `../` names something beside the repository
        // (`../shared/...`), which a fresh clone does not have.
        let mut rest = text.clone();
        for target in &targets {
            rest = rest.replace(&format!("]({target}"), "](");
        }
        if let Some(line) = rest.lines().position(|l| l.contains("../")) {
            problems.push(format!("{name}:{}: a path leaves the repository (`../`)", line + 1));
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
fn the_pointcount_examples_mix_no_whole_numbers() {
    let mut shown = 0;
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap();
        for example in code_spans(&text).into_iter().filter(|s| s.starts_with("pointcount ")) {
            // Scaled as the language page says: an ace worth 4.50 points, north's average
            // about 10 (shown ×100, as every decimal count).
            let input = format!("{example}\nproduce 2000\naction average hcp(north)\n");
            let r = dealvm_stdin(&input, &["-s", "1"]);
            assert_eq!(r.status, 0, "{}: {example}: {}", name(&doc), r.stderr);
            assert!(!r.stderr.contains("warning"), "{}: {example}: {}", name(&doc), r.stderr);
            let mean = r.stdout.lines().find_map(|l| l.strip_prefix("Mean=")?.split(',').next()?.trim().parse::<f64>().ok());
            assert!(mean.is_some_and(|m| (900.0..1100.0).contains(&m)), "{}: {example}: {}", name(&doc), r.stdout);
            shown += 1;
        }
    }
    assert!(shown >= 1, "the language page shows a pointcount example");
}

#[test]
fn every_fenced_block_has_a_tag_of_the_conventions() {
    let mut problems = Vec::new();
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap();
        for block in fenced_blocks(&text) {
            if !TAGS.contains(&block.lang.as_str()) {
                problems.push(format!("{}:{}: a block tagged `{}`, not one of {TAGS:?}", name(&doc), block.line, block.lang));
            }
            if is_input(&block) && uses_script_variables(&block.body) && file_named(&block).is_none() {
                problems.push(format!("{}:{}: an input file with script variables must name its file (`# name.dli`)", name(&doc), block.line));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let first = fenced_blocks(&readme).into_iter().next().expect("the README shows its setup");
    assert_eq!((first.lang.as_str(), first.body.as_str()), ("sh", SETUP), "the README's first block is the setup CI runs, unchanged");
}

#[test]
fn every_input_file_the_documents_show_compiles() {
    let server = root().join("examples/usereval/hcp_server.py");
    let mut compiled = 0;
    let mut problems = Vec::new();
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap();
        for block in fenced_blocks(&text).into_iter().filter(is_input) {
            if uses_script_variables(&block.body) {
                continue; // run by the command that gives the variables their values
            }
            let out = dealvm_stdin(&block.body, &["--dump-bytecode", "-U", server.to_str().unwrap()]);
            if out.status != 0 {
                problems.push(format!("{}:{}: the input file does not compile:\n{}", name(&doc), block.line, out.stderr));
            }
            compiled += 1;
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(compiled >= 20, "the documents show input files: {compiled}");
}

/// Copies the folder `from` into `to`, files and subfolders.
fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A text's lines without their trailing spaces, and without the empty lines at its end.
fn lines_of(text: &str) -> String {
    let text = text.lines().map(str::trim_end).collect::<Vec<_>>().join("\n").trim_end().to_string();
    without_fingerprints(&text)
}

/// `text` with each run's fingerprint in parentheses (`(22f86e194f14)`, twelve hexadecimal
/// digits, which change with the program) written `(…)`: what a document shows of a merge's
/// message stays true.
fn without_fingerprints(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('(') {
        let candidate = rest[at + 1..].get(..13);
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        if candidate.is_some_and(|c| c.ends_with(')') && c[..12].bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())) {
            out.push('…');
            rest = &rest[12..];
        }
    }
    out.push_str(rest);
    out
}

/// What running a document's commands gave: how many ran, how many with their output shown,
/// and what went wrong.
#[derive(Default)]
struct Ran {
    commands: usize,
    with_output: usize,
    problems: Vec<String>,
}

/// Runs the commands of one document, in order, in a fresh folder of its own.
fn run_commands(doc: &Path) -> Ran {
    let text = fs::read_to_string(doc).unwrap();
    let blocks = fenced_blocks(&text);
    let name = name(doc);
    let mut ran = Ran::default();
    let dir = crate::common::tmp_dir().join(format!("dealvm-docs-{}-{}", name.replace('/', "-"), std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_folder(&root().join("examples"), &dir.join("examples"));
    copy_folder(&root().join("tests/data"), &dir.join("tests/data"));
    let dealvm_dir = Path::new(env!("CARGO_BIN_EXE_dealvm")).parent().unwrap();
    let path = format!("{}:{}:/usr/games", dealvm_dir.display(), std::env::var("PATH").unwrap_or_default());
    for (i, block) in blocks.iter().enumerate() {
        if is_input(block) {
            if let Some(file) = file_named(block) {
                fs::write(dir.join(file), &block.body).unwrap();
            }
            continue;
        }
        if block.lang != "sh" || (name == "README.md" && i == 0) {
            continue;
        }
        let out = Command::new("bash")
            .args(["-e", "-o", "pipefail", "-c", &block.body])
            .current_dir(&dir)
            .env("PATH", &path)
            // `dealvm boards --owner` keeps the owner in the settings folder: the document's own.
            .env("HOME", &dir)
            .env("XDG_CONFIG_HOME", dir.join(".config"))
            .stdin(Stdio::null())
            .output()
            .unwrap();
        ran.commands += 1;
        let command = block.body.trim();
        if !out.status.success() {
            ran.problems.push(format!("{name}:{}: `{command}` failed ({}):\n{}", block.line, out.status, String::from_utf8_lossy(&out.stderr)));
            continue;
        }
        if let Some(shown) = blocks.get(i + 1).filter(|b| b.lang == "text" && b.follows) {
            let printed = lines_of(&String::from_utf8_lossy(&out.stdout));
            if printed != lines_of(&shown.body) {
                ran.problems.push(format!("{name}:{}: `{command}` prints\n{printed}\nwhere the document shows\n{}", block.line, shown.body));
            }
            ran.with_output += 1;
        }
    }
    let _ = fs::remove_dir_all(&dir);
    ran
}

#[test]
fn every_command_the_documents_show_runs_and_prints_what_they_show() {
    // One thread per document: the documents' folders are their own, and the commands of the
    // slow pages (double dummy) run beside the others.
    let docs = documents();
    let results: Vec<(PathBuf, Ran)> = std::thread::scope(|s| {
        let handles: Vec<_> = docs.iter().map(|doc| (doc.clone(), s.spawn(|| run_commands(doc)))).collect();
        handles.into_iter().map(|(doc, h)| (doc, h.join().unwrap())).collect()
    });
    let problems: Vec<String> = results.iter().flat_map(|(_, r)| r.problems.clone()).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    let commands: usize = results.iter().map(|(_, r)| r.commands).sum();
    let with_output: usize = results.iter().map(|(_, r)| r.with_output).sum();
    assert!(commands >= 40 && with_output >= 30, "the documents show commands: {commands}, {with_output} with their output");
    for page in ["README.md", "docs/guide/language.md", "docs/guide/boards.md", "docs/guide/studies.md"] {
        let ran = results.iter().find(|(d, _)| name(d) == page).map(|(_, r)| r.with_output);
        assert!(ran.is_some_and(|n| n >= 1), "{page} shows a command with its output");
    }
}

#[test]
fn the_command_line_reference_is_the_switches_definitions() {
    // The list of docs/guide/command-line.md is what `dealvm --generate markdown` makes of the
    // switches' definitions (the text of `--help`), so it cannot drift from them.
    let page = fs::read_to_string(root().join("docs/guide/command-line.md")).unwrap();
    let marker = "<!-- switches: start: made by `dealvm --generate markdown` -->\n";
    let start = page.find(marker).expect("the command-line page marks the start of its switch list") + marker.len();
    let end = page.find("<!-- switches: end -->").expect("the command-line page marks the end of its switch list");
    let generated = dealvm_stdin("", &["--generate", "markdown"]);
    assert_eq!(generated.status, 0, "{}", generated.stderr);
    assert!(
        page[start..end] == generated.stdout,
        "docs/guide/command-line.md's list of the switches is not current: put in the output of `dealvm --generate markdown`"
    );
    for switch in ["`-p N`", "`--pbn FILE`", "`-R N`, `--threads N`", "`--classic[=debian|exe]`", "`PART`", "`-0 TEXT`"] {
        assert!(generated.stdout.contains(switch), "{switch} in\n{}", generated.stdout);
    }
}

/// The library page's Rust example is the crate documentation's, which `cargo test` runs as a
/// doctest: so the example compiles and runs. So is any the README shows.
#[test]
fn the_library_example_is_the_crate_doctest() {
    let lib = fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let doc: String = lib.lines().filter_map(|l| l.strip_prefix("//! ").or(l.strip_prefix("//!"))).map(|l| format!("{l}\n")).collect();
    let mut shown = 0;
    for page in documents() {
        let text = fs::read_to_string(&page).unwrap();
        for block in fenced_blocks(&text).into_iter().filter(|b| b.lang == "rust") {
            assert!(doc.contains(&block.body), "{}:{}: the example is not in src/lib.rs's doctest:\n{}", name(&page), block.line, block.body);
            shown += 1;
        }
    }
    let library = fs::read_to_string(root().join("docs/guide/library.md")).unwrap();
    assert!(library.contains("```rust\n") && shown >= 1, "docs/guide/library.md shows the library in a rust block");
}

#[test]
fn the_shards_page_shows_the_recipes_as_they_are() {
    let page = fs::read_to_string(root().join("docs/guide/shards.md")).unwrap();
    for recipe in ["study.sbatch", "indexed-job.yaml", "parallel.sh"] {
        let text = fs::read_to_string(root().join("examples/shards").join(recipe)).unwrap();
        assert!(page.contains(&format!("```console\n{text}```")), "docs/guide/shards.md shows examples/shards/{recipe} as it is");
    }
}

#[test]
fn the_readme_is_short_and_leads_to_every_page_of_the_guide() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= README_LINES, "the README has {lines} lines, more than {README_LINES}");
    let links = link_targets(&readme);
    for page in markdown_in("docs/guide") {
        let page = name(&page);
        assert!(links.iter().any(|l| l.split('#').next() == Some(page.as_str())), "the README does not link {page}");
    }
}

/// A `console` block is not run: it may show installing, building, benchmarks, a command's
/// synopsis or a cluster's recipe, but no `dealvm` command that the tests could run (the serve
/// guide's, a server and its requests, are run by tests/suite/serve.rs).
#[test]
fn console_blocks_hide_no_command_the_tests_could_run() {
    let mut hidden = Vec::new();
    for doc in documents().into_iter().filter(|d| !d.ends_with("docs/guide/serve.md")) {
        let text = fs::read_to_string(&doc).unwrap();
        for block in fenced_blocks(&text).into_iter().filter(|b| b.lang == "console") {
            for line in block.body.lines().filter(|l| l.starts_with("dealvm ")) {
                let shown_only =
                    line.contains("[OPTIONS]") || line.contains("[--dialect") || line.contains("--shard") || line.contains("merge parts/");
                if !shown_only {
                    hidden.push(format!("{}:{}: {line}", name(&doc), block.line));
                }
            }
        }
    }
    assert!(hidden.is_empty(), "commands in console blocks, which are not run (make them sh blocks):\n{}", hidden.join("\n"));
}

/// Whether `text` states a size in megabytes (`7 MB`, `6.3 MiB`).
fn states_a_size(text: &str) -> bool {
    let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';')).filter(|w| !w.is_empty()).collect();
    words.windows(2).any(|w| w[0].chars().all(|c| c.is_ascii_digit() || c == '.') && matches!(w[1].trim_end_matches(['.', ':']), "MB" | "MiB"))
}

/// Whether `text` holds a date written as 2026-11-29.
fn holds_a_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.windows(10).any(|w| {
        let digit = |i: usize| w[i].is_ascii_digit();
        (0..4).all(digit) && w[4] == b'-' && digit(5) && digit(6) && w[7] == b'-' && digit(8) && digit(9)
    })
}

/// A size the documents give of the program (or of its memory) is a measurement, which
/// changes as the program does: its paragraph says when it was measured (and on what).
#[test]
fn the_programs_measured_sizes_are_dated() {
    assert!(states_a_size("a 7 MB program") && states_a_size("(6.3 MiB at the start)") && !states_a_size("the MB key"));
    assert!(holds_a_date("as built on 2026-11-29") && !holds_a_date("boards 1-16"));
    let mut undated = Vec::new();
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap();
        let paragraphs: Vec<&str> = text.split("\n\n").collect();
        for (i, paragraph) in paragraphs.iter().enumerate() {
            // A limit is the program's own rule, not a measurement; a table's date is in the
            // paragraph that opens it.
            let about_the_program = (paragraph.contains("program") || paragraph.contains("memory")) && !paragraph.contains("limit");
            let dated = holds_a_date(paragraph) || (paragraph.starts_with('|') && i > 0 && holds_a_date(paragraphs[i - 1]));
            if about_the_program && states_a_size(paragraph) && !dated {
                undated.push(format!("{}: {}", name(&doc), paragraph.lines().find(|l| states_a_size(l)).unwrap_or(paragraph)));
            }
        }
    }
    assert!(undated.is_empty(), "sizes of the program given without the date of their measurement:\n{}", undated.join("\n"));
}
