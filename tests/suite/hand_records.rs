//! `--hand-records`: the sheets handed to the players, from a run or from a board file, in
//! text, HTML and PDF; every board's dealer, vulnerability, makeable contracts and par checked
//! against the solver as `trix` and `par` give them, at the board's own vulnerability; the PDF
//! read back with poppler's `pdftotext` and `pdfinfo` (installed by `.ci/run`), the HTML with
//! its tags taken out. The layout itself is tested in `tournament::hand_records`.

use crate::common::{data_dir, run_alone, run_in, scratch};
use std::fs;
use std::path::Path;
use std::process::Command;

/// One board as the checks see it: its number, dealer, vulnerability, the 20 entries of the
/// makeable-contracts grid (rows N S E W, columns NT S H D C) and the par line.
#[derive(Debug, PartialEq, Eq)]
struct Sheet {
    number: u64,
    dealer: String,
    vulnerable: String,
    grid: Vec<String>,
    par: String,
}

/// The boards of the text form of the hand records.
fn text_boards(text: &str) -> Vec<Sheet> {
    let mut out = Vec::new();
    for block in text.split("-------------------------------------------------------------\n").skip(1) {
        let lines: Vec<&str> = block.lines().collect();
        let words = |i: usize| lines[i].split_whitespace().collect::<Vec<_>>();
        let number = words(0)[1].parse().unwrap();
        let dealer = words(1)[1].to_string();
        let vulnerable = words(2)[1].to_string();
        let grid = (1..=4).flat_map(|i| words(i)[words(i).len() - 5..].iter().map(|w| w.to_string()).collect::<Vec<_>>()).collect();
        let par_line = lines.iter().find(|l| l.contains("Par ")).unwrap();
        let par = par_line[par_line.find("Par ").unwrap()..].trim().to_string();
        out.push(Sheet { number, dealer, vulnerable, grid, par });
    }
    out
}

/// The boards as `trix` and `par` give them for the same deals, from a PBN file with each
/// board's vulnerability: the grid from the tricks, the par line as the hand records write it.
fn solver_boards(dir: &Path, deals: &str, count: usize) -> Vec<Sheet> {
    let script = "action csvrpt(trix(deal), par(NS))\n";
    let out = run_in(dir, &["-v", "--deals", deals, "-p", &count.to_string()], script);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let pbn = fs::read(Path::new(deals)).unwrap_or_else(|_| fs::read(dir.join(deals)).unwrap());
    let boards = dealvm::formats::read(deals, pbn).unwrap().into_boards();
    out.stdout
        .lines()
        .zip(&boards)
        .map(|(line, board)| {
            let n: Vec<i32> = line.split(',').map(|v| v.trim().parse().unwrap()).collect();
            // trix: declarers N E S W, each strains C D H S NT; the grid: rows N S E W, NT first.
            let mut grid = Vec::new();
            for seat in [0, 2, 1, 3] {
                for strain in [4, 3, 2, 1, 0] {
                    let tricks = n[seat * 5 + strain];
                    grid.push(if tricks >= 7 { (tricks - 6).to_string() } else { "-".to_string() });
                }
            }
            let score = n[20];
            let par = match score {
                0 => "Par 0".to_string(),
                s if s > 0 => format!("Par NS {s}"),
                s => format!("Par EW {}", -s),
            };
            let dealer = board.dealer.unwrap().name().to_string();
            Sheet { number: board.number, dealer, vulnerable: board.vulnerable.unwrap().pbn().to_string(), grid, par }
        })
        .collect()
}

/// Whether poppler's tools are here (CI installs them); the PDF checks say so when not.
fn has_poppler() -> bool {
    let here = Command::new("pdftotext").arg("-v").output().is_ok();
    if !here {
        eprintln!("pdftotext is missing (apt-get install poppler-utils): the PDF is not read back");
    }
    here
}

#[test]
fn hand_records_give_each_boards_makeable_contracts_and_par_at_its_vulnerability() {
    let dir = scratch("boards");
    let deals = data_dir().join("bigdeal/w32/club.pbn");
    let deals = deals.to_str().unwrap();
    let args = ["--deals", deals, "-p", "12", "-T", "Club Pairs", "--date", "28 November 2026"];
    let out = run_alone(&dir, &[&args[..], &["--hand-records", "club.txt"]].concat());
    assert_eq!(out.status, 0, "{}", out.stderr);
    let text = fs::read_to_string(dir.join("club.txt")).unwrap();
    assert!(text.starts_with("Club Pairs"), "{text}");
    assert!(text.contains("28 November 2026"), "{text}");
    let sheets = text_boards(&text);
    let expected = solver_boards(&dir, deals, 12);
    assert_eq!(sheets.len(), 12);
    for (sheet, want) in sheets.iter().zip(&expected) {
        assert_eq!((sheet.number, &sheet.dealer, &sheet.vulnerable, &sheet.grid), (want.number, &want.dealer, &want.vulnerable, &want.grid));
        assert!(sheet.par.starts_with(&want.par), "board {}: {} against {}", sheet.number, sheet.par, want.par);
    }
    // The vulnerability is each board's own: the 16-board cycle of the file's tags.
    let vuls: Vec<&str> = sheets.iter().map(|s| s.vulnerable.as_str()).collect();
    assert_eq!(vuls, ["None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS"]);
}

#[test]
fn html_and_pdf_hold_the_same_boards_on_their_pages() {
    let dir = scratch("pages");
    let deals = data_dir().join("bigdeal/w32/club.pbn");
    let deals = deals.to_str().unwrap();
    // Solved once into a PBN file with its tables: the hand records then solve nothing.
    let out = run_alone(&dir, &["--deals", deals, "-p", "9", "--pbn", "solved.pbn", "--dd"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let base = ["--deals", "solved.pbn", "-T", "Club <Pairs> & Teams", "--date", "2026-11-28", "-D", "2"];
    let expected = solver_boards(&dir, "solved.pbn", 9);
    for (file, paper, per_page) in [("club.html", "a4", "6"), ("club.pdf", "letter", "4"), ("six.pdf", "a4", "6")] {
        let out = run_alone(&dir, &[&base[..], &["--hand-records", file, "--paper", paper, "--boards-per-page", per_page]].concat());
        assert_eq!(out.status, 0, "{}", out.stderr);
        assert!(out.stdout.contains("Double dummy: 0 single solves, 0 target searches, 0 whole tables"), "{}", out.stdout);
        let text = if file.ends_with(".html") {
            let html = fs::read_to_string(dir.join(file)).unwrap();
            assert!(html.contains("Club &lt;Pairs&gt; &amp; Teams"), "the title escaped");
            assert!(!html.contains("http") && !html.contains("src=") && !html.contains("<link"), "nothing fetched");
            strip_tags(&html)
        } else {
            if !has_poppler() {
                continue;
            }
            let pdf = dir.join(file);
            let info = Command::new("pdfinfo").arg(&pdf).output().unwrap();
            let info = String::from_utf8_lossy(&info.stdout).into_owned();
            let pages: usize = info.lines().find_map(|l| l.strip_prefix("Pages:")).unwrap().trim().parse().unwrap();
            assert_eq!(pages, 9usize.div_ceil(per_page.parse().unwrap()), "{file}: {info}");
            let size = if paper == "a4" { "595.276 x 841.89 pts" } else { "612 x 792 pts" };
            assert!(info.contains(size), "{file}: {info}");
            let out = Command::new("pdftotext").arg(&pdf).arg("-").output().unwrap();
            String::from_utf8(out.stdout).unwrap()
        };
        // Words as a reader sees them, whatever the spacing of the layout.
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("Club <Pairs> & Teams") && text.contains("2026-11-28"), "{file}: {text}");
        for want in &expected {
            assert!(text.contains(&format!("Board {}", want.number)), "{file}: board {}", want.number);
            assert!(text.contains(&want.par), "{file}: board {}'s {}", want.number, want.par);
        }
    }
}

/// The text of an HTML page: tags taken out, entities read.
fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    // An element's content only: the style sheet is not text.
    let html = html.split("</style>").last().unwrap_or(html);
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<").replace("&gt;", ">").replace("&#39;", "'").replace("&quot;", "\"").replace("&nbsp;", " ").replace("&amp;", "&")
}

#[test]
fn bad_hand_record_switches_are_refused_before_dealing() {
    let dir = scratch("refused");
    for (args, message) in [
        (&["--hand-records", "x.doc"][..], "--hand-records x.doc: name the file .html, .pdf or .txt"),
        (&["--hand-records", "x.pdf", "--paper", "a5"][..], "--paper takes a4 or letter, found `a5`"),
        (&["--hand-records", "x.pdf", "--boards-per-page", "5"][..], "--boards-per-page takes 4 or 6, found `5`"),
        (&["--boards-per-page", "4"][..], "--boards-per-page lays out the hand records; give --hand-records FILE too"),
        (&["--date", "today"][..], "--date lays out the hand records; give --hand-records FILE too"),
    ] {
        let out = run_in(&dir, &[&["-s", "1", "-p", "2"][..], args].concat(), "condition hcp(north) > 20\n");
        assert_eq!(out.status, 2, "{args:?}");
        assert!(out.stderr.contains(message), "{args:?}: {}", out.stderr);
    }
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "no file written");
}
