//! `--charts FILE.html` and `FILE.svg`: every number on hover is the JSON document's of the
//! same run, with and without `--se`; the page fetches nothing and is the same bytes on any
//! number of threads; a merge of shards draws the single run's charts; and the switch is
//! refused where it cannot draw (no statistic, another extension, `--classic`, over a file
//! of another kind).

use crate::common::{dealvm_in, scratch, Run};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// Two averages, two 1-D frequencies, a bktfreq and a 2-D frequency.
const STUDY: &str = "generate 20000
action average \"north hcp\" hcp(north), average spades(north) + hearts(north),
  frequency \"spades\" (spades(north), 3, 5), frequency (hcp(south), 0, 37),
  bktfreq \"points\" (hcp(north) + hcp(south), 10, 30, 5),
  frequency \"lengths\" (spades(north), 0, 13, hearts(north), 0, 13)
";

/// Runs dealvm in `dir` with `args`, checking that it succeeds.
fn run_ok(dir: &Path, args: &[&str]) -> Run {
    let out = dealvm_in(dir, args, None);
    assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    out
}

/// Checks that `args` in `dir` is refused with exit status 2, a message containing `want`,
/// and nothing dealt (nothing on standard output).
fn refused(dir: &Path, args: &[&str], want: &str) {
    let out = dealvm_in(dir, args, None);
    assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
    assert!(out.stderr.contains(want), "{args:?}: {}", out.stderr);
    assert!(out.stdout.is_empty(), "{args:?} dealt: {}", out.stdout);
}

/// The text of each element `<NAME>` in `text`, in order (XML's entities replaced).
fn contents(text: &str, name: &str) -> Vec<String> {
    let (open, close) = (format!("<{name}"), format!("</{name}>"));
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(&open) {
        let start = at + rest[at..].find('>').expect("a tag closes") + 1;
        let end = start + rest[start..].find(&close).expect("an element closes");
        let inner = &rest[start..end];
        out.push(inner.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
        rest = &rest[end..];
    }
    out
}

/// The `<svg>` elements of the charts in a page or a stacked document, each whole.
fn charts(text: &str) -> Vec<&str> {
    let body = text.split_once("<svg").map_or("", |(_, b)| b);
    // A stacked document's first <svg> is the document itself.
    let body = if text.starts_with("<?xml") { body.split_once("<svg").map_or("", |(_, b)| b) } else { body };
    body.split("<svg").map(|c| c.split("</svg>").next().unwrap_or("")).collect()
}

/// A JSON number with `decimals` decimals, times `scale` (100 for a percentage).
fn fixed(v: &Value, scale: f64, decimals: usize) -> String {
    format!("{:.decimals$}", scale * v.as_f64().unwrap_or_else(|| panic!("not a number: {v}")))
}

/// The numbers of a share as the hover gives them: `C of N deals, P%`, with `--se` the
/// standard error and interval too; from a JSON cell (or a count alone, for a 2-D table).
fn share(cell: &Value, n: u64, errors: bool) -> String {
    let mut text = format!("{} of {n} deals, {}%", cell["count"], fixed(&cell["proportion"], 100.0, 2));
    if errors {
        let i = &cell["interval95"];
        text += &format!(
            ", standard error {}%, 95% interval {}% to {}%",
            fixed(&cell["standard_error"], 100.0, 2),
            fixed(&i[0], 100.0, 2),
            fixed(&i[1], 100.0, 2)
        );
    }
    text
}

/// The hovers a report's chart must give, in order, made from the JSON report `r` alone;
/// `exprs` the values' expressions as written.
fn hovers(r: &Value, exprs: &[&str], errors: bool) -> Vec<String> {
    let n = r["n"].as_u64().unwrap();
    match (r["kind"].as_str().unwrap(), r["dimensions"].as_u64()) {
        ("average", _) => vec![format!(
            "mean {}, standard error {}, 95% interval {} to {}, standard deviation {}, {n} deals",
            fixed(&r["mean"], 1.0, 4),
            fixed(&r["standard_error"], 1.0, 4),
            fixed(&r["interval95"][0], 1.0, 4),
            fixed(&r["interval95"][1], 1.0, 4),
            fixed(&r["sd"], 1.0, 4)
        )],
        (kind, Some(1)) => {
            let expr = exprs[0];
            let (low, cells) = (&r["bounds"]["low"], r["cells"].as_array().unwrap());
            let mut out = Vec::new();
            if r["below"]["count"].as_u64() != Some(0) {
                out.push(format!("{expr} below {low}: {}", share(&r["below"], n, errors)));
            }
            for c in cells {
                let name = if kind == "frequency" { format!("{expr} = {}", c["from"]) } else { format!("{expr} {} to {}", c["from"], c["to"]) };
                out.push(format!("{name}: {}", share(c, n, errors)));
            }
            if r["above"]["count"].as_u64() != Some(0) {
                out.push(format!("{expr} above {}: {}", cells.last().unwrap()["to"], share(&r["above"], n, errors)));
            }
            out
        }
        (_, _) => {
            let counts: Vec<Vec<u64>> =
                r["counts"].as_array().unwrap().iter().map(|row| row.as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect()).collect();
            let name = |expr: &str, bounds: &Value, i: usize, cells: usize| match i {
                0 => format!("{expr} below {}", bounds["low"]),
                i if i == cells - 1 => format!("{expr} above {}", bounds["high"]),
                i => format!("{expr} = {}", bounds["low"].as_i64().unwrap() + i as i64 - 1),
            };
            let (rows, columns) = (counts.len(), counts[0].len());
            let used_row = |i: usize| (i != 0 && i != rows - 1) || counts[i].iter().any(|&c| c > 0);
            let used_column = |j: usize| (j != 0 && j != columns - 1) || counts.iter().any(|row| row[j] > 0);
            let mut out = Vec::new();
            for i in (0..rows).filter(|&i| used_row(i)) {
                for j in (0..columns).filter(|&j| used_column(j)) {
                    let count = counts[i][j];
                    let percent = format!("{:.2}", 100.0 * (count as f64 / n as f64));
                    let (row, column) = (name(exprs[0], &r["rows"], i, rows), name(exprs[1], &r["columns"], j, columns));
                    out.push(format!("{row}, {column}: {count} of {n} deals, {percent}%"));
                }
            }
            out
        }
    }
}

/// The expressions of the study's reports, in order.
const EXPRS: [&[&str]; 6] = [
    &["hcp(north)"],
    &["spades(north) + hearts(north)"],
    &["spades(north)"],
    &["hcp(south)"],
    &["hcp(north) + hcp(south)"],
    &["spades(north)", "hearts(north)"],
];

#[test]
fn every_number_on_hover_is_the_json_documents() {
    let dir = scratch("numbers");
    fs::write(dir.join("study.dli"), STUDY).unwrap();
    for errors in [false, true] {
        let se: &[&str] = if errors { &["--se"] } else { &[] };
        let args = [se, &["-s", "7", "--charts", "c.html", "--json", "c.json", "study.dli"]].concat();
        let out = run_ok(&dir, &args);
        assert!(out.stdout.contains("Description: spades:"), "the text report is printed as before");
        let doc: Value = serde_json::from_slice(&fs::read(dir.join("c.json")).unwrap()).unwrap();
        let html = fs::read_to_string(dir.join("c.html")).unwrap();
        let reports = doc["reports"].as_array().unwrap();
        let drawn = charts(&html);
        assert_eq!(drawn.len(), reports.len(), "a chart per report");
        let mut hovered = 0;
        for ((chart, report), exprs) in drawn.iter().zip(reports).zip(EXPRS) {
            let want = hovers(report, exprs, errors);
            assert_eq!(contents(chart, "title"), want, "{report}");
            hovered += want.len();
            // Error bars under --se only, one per bar.
            let bars = chart.matches("class=\"bar\"").count();
            assert_eq!(chart.matches("class=\"se\"").count(), if errors { bars } else { 0 });
        }
        assert!(hovered > 6 + 38 + 14 * 12, "{hovered} numbers on hover");
        // The charts' headings: the label, or the action as written.
        let headings: Vec<String> = drawn.iter().map(|c| contents(c, "text")[0].clone()).collect();
        assert_eq!(headings, ["north hcp", "average spades(north) + hearts(north)", "spades", "frequency (hcp(south), 0, 37)", "points", "lengths"]);
        // The SVG document holds the same charts.
        run_ok(&dir, &[se, &["-s", "7", "--charts", "c.svg", "study.dli"]].concat());
        let svg = fs::read_to_string(dir.join("c.svg")).unwrap();
        assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(charts(&svg), drawn, "the same charts in the SVG document");
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_page_fetches_nothing_and_is_the_same_on_any_threads() {
    let dir = scratch("page");
    fs::write(dir.join("study.dli"), STUDY).unwrap();
    run_ok(&dir, &["-s", "3", "--se", "-R", "1", "-T", "A <study>", "--charts", "one.html", "study.dli"]);
    run_ok(&dir, &["-s", "3", "--se", "-R", "2", "-T", "A <study>", "--charts", "two.html", "study.dli"]);
    let html = fs::read_to_string(dir.join("one.html")).unwrap();
    assert_eq!(html, fs::read_to_string(dir.join("two.html")).unwrap());
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<h1>A &lt;study&gt;</h1>"), "the run's title");
    assert!(html.contains("study.dli, seed 3: 20000 deals generated, 20000 produced"));
    for fetch in ["<script", "src=", "href=", "url(", "@import", "<link", "<img", "<iframe"] {
        assert!(!html.contains(fetch), "{fetch} in the page");
    }
    assert!(html.match_indices("http").all(|(i, _)| html[i..].starts_with("http://www.w3.org/2000/svg\"")));
    assert_eq!(html.matches("<svg").count(), 6);
    // A run again replaces the charts it wrote.
    run_ok(&dir, &["-s", "4", "--charts", "one.html", "study.dli"]);
    assert!(fs::read_to_string(dir.join("one.html")).unwrap().contains("seed 4"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn evalcontract_is_drawn_as_its_tricks() {
    let dir = scratch("eval");
    fs::write(dir.join("eval.dli"), "generate 60\naction evalcontract(NS, z3N, nv)\n").unwrap();
    run_ok(&dir, &["-s", "2", "--charts", "e.html", "--json", "e.json", "eval.dli"]);
    let doc: Value = serde_json::from_slice(&fs::read(dir.join("e.json")).unwrap()).unwrap();
    let tricks = doc["reports"][0]["tricks"].as_array().unwrap();
    let html = fs::read_to_string(dir.join("e.html")).unwrap();
    let want: Vec<String> =
        tricks.iter().enumerate().map(|(t, c)| format!("{t} tricks: {c} of 60 deals, {:.2}%", 100.0 * (c.as_u64().unwrap() as f64 / 60.0))).collect();
    assert_eq!(contents(&html, "title")[1..], want[..], "the page's title, then a bar per number of tricks");
    assert!(html.contains(">evalcontract(NS, z3N, nv)</text>"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_merge_draws_the_single_runs_charts() {
    let dir = scratch("merge");
    fs::write(dir.join("study.dli"), STUDY).unwrap();
    run_ok(&dir, &["-s", "5", "--se", "--charts", "single.svg", "study.dli"]);
    let parts = ["p.0", "p.1"];
    for (k, part) in parts.iter().enumerate() {
        let shard = format!("{k}/2");
        run_ok(&dir, &["--shard", &shard, "--part", part, "-s", "5", "--se", "study.dli"]);
    }
    let merged = run_ok(&dir, &["merge", "--charts", "merged.svg", "p.1", "p.0"]);
    assert!(merged.stderr.contains("wrote the charts file `merged.svg` (6 charts)"), "{}", merged.stderr);
    assert_eq!(fs::read(dir.join("merged.svg")).unwrap(), fs::read(dir.join("single.svg")).unwrap());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn charts_are_refused_where_they_cannot_be_drawn() {
    let dir = scratch("refused");
    fs::write(dir.join("study.dli"), STUDY).unwrap();
    fs::write(dir.join("deals.dli"), "produce 3\naction printoneline\n").unwrap();
    fs::write(dir.join("quiet.dli"), "produce 3\n").unwrap();
    let none = "--charts draws the statistics of the run, and it has none";
    refused(&dir, &["--charts", "c.html", "deals.dli"], none);
    refused(&dir, &["--charts", "c.svg", "--pbn", "b.pbn", "quiet.dli"], none);
    refused(&dir, &["--shard", "0/2", "--part", "p", "-s", "1", "--charts", "c.html", "deals.dli"], none);
    refused(&dir, &["--charts", "c.png", "study.dli"], "--charts c.png: the extension names the form of the charts; name the file FILE.html");
    refused(&dir, &["--charts", "-", "study.dli"], "the charts go to a file, not to standard output");
    refused(&dir, &["--classic", "--charts", "c.html", "study.dli"], "--charts cannot go with --classic");
    run_ok(&dir, &["-s", "1", "--pbn", "b.pbn", "deals.dli"]);
    fs::copy(dir.join("b.pbn"), dir.join("b.svg")).unwrap();
    refused(&dir, &["--charts", "b.svg", "study.dli"], "is a PBN file: dealvm will not replace it with charts output");
    assert!(!dir.join("c.html").exists() && !dir.join("c.svg").exists());
    // A merge refuses charts for a run without a statistic, before replaying it.
    run_ok(&dir, &["--shard", "0/1", "--part", "q", "-s", "1", "deals.dli"]);
    let merged = dealvm_in(&dir, &["merge", "--charts", "m.html", "q"], None);
    assert_eq!(merged.status, 2, "{}", merged.stderr);
    assert!(merged.stderr.contains(none) && merged.stdout.is_empty(), "{}", merged.stderr);
    fs::remove_dir_all(&dir).unwrap();
}
