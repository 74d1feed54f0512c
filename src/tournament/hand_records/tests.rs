//! The hand records read back: random deals solved by DDS, each format made, and every board's
//! number, dealer, vulnerability, hands, high-card points, makeable contracts and par read out
//! of it (the HTML with its tags taken out, the text by its columns, the PDF by `pdftotext
//! -layout`, a board's three columns at a time) and compared with the records, worked out here
//! from the deal and the solver's table without the module's helpers.

use super::pdf::cells;
use super::*;
use dealvm_dd::Dds;
use dealvm_vm::card::{Card, Hand, Suit};
use dealvm_vm::dealing::board::{board_dealer, board_vulnerability};
use dealvm_vm::dealing::rng::batch_rng;
use dealvm_vm::dealing::source::DealSource;
use dealvm_vm::dealing::split::RandomDealer;
use dealvm_vm::evaluation::dd::ParDeclarer;
use dealvm_vm::evaluation::score::Strain;
use std::process::Command;
use std::sync::OnceLock;

/// Fifteen boards: fourteen random deals and one of a suit each (voids, a suit of thirteen),
/// numbered from 7 with the 16-board cycle's dealers and vulnerabilities, solved by DDS.
fn records() -> &'static [Record] {
    static RECORDS: OnceLock<Vec<Record>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let (dealer, mut rng, mut dds) = (RandomDealer::new(), batch_rng(2024, 0), Dds::new());
        let mut deals: Vec<Deal> = (0..14).map(|n| dealer.deal_one(n, &mut rng)).collect();
        let suit_each = |seat: usize| (0..13u8).fold(Hand::EMPTY, |h, rank| h.with(Card::new(Suit::ALL[3 - seat], rank)));
        deals.insert(5, Deal { hands: std::array::from_fn(suit_each) });
        deals
            .into_iter()
            .enumerate()
            .map(|(i, deal)| {
                let number = 7 + i as u64;
                Record::solved(number, deal, board_dealer(number), board_vulnerability(number), &mut dds)
            })
            .collect()
    })
}

/// Every layout: both papers, four and six boards a page.
fn layouts() -> Vec<Layout> {
    let mut out = Vec::new();
    for paper in [Paper::A4, Paper::Letter] {
        for per_page in [BoardsPerPage::Four, BoardsPerPage::Six] {
            out.push(Layout { paper, per_page, title: "Tuesday pairs <A & B> \"club\"".into(), date: "4 March 2025".into() });
        }
    }
    out
}

/// How a format names the suits.
#[derive(Copy, Clone, PartialEq)]
enum Suits {
    Symbols,
    Letters,
}

impl Suits {
    fn name(self, suit: Suit) -> &'static str {
        let i = suit as usize;
        match self {
            Suits::Symbols => ["♣", "♦", "♥", "♠"][i],
            Suits::Letters => ["C", "D", "H", "S"][i],
        }
    }
}

/// What a board's record should show, or what was read of a board, as text.
#[derive(Debug, Default, PartialEq)]
struct Facts {
    number: String,
    dealer: String,
    vulnerable: String,
    /// By seat, North first: the seat's name, its points, its suits spades first (`S AKJ4`).
    hands: Vec<(String, String, Vec<String>)>,
    /// Declarers N, S, E, W, each `N 3 4 - 2 1` (NT, spades, hearts, diamonds, clubs).
    table: Vec<String>,
    par: String,
    contract: String,
}

/// The facts of a record, worked out from its deal and its table.
fn expected(record: &Record, suits: Suits) -> Facts {
    let points = |hand: Hand| hand.cards().map(|c| [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4][c.rank() as usize]).sum::<u32>();
    let mut hands: Vec<(String, String, Vec<String>)> = Seat::ALL
        .iter()
        .map(|&seat| {
            let hand = record.deal.hand(seat);
            let lines = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].map(|s| {
                let ranks = hand.holding(s);
                format!("{} {}", suits.name(s), if ranks.is_empty() { "-" } else { &ranks })
            });
            (seat.name().to_string(), points(hand).to_string(), lines.to_vec())
        })
        .collect();
    hands.sort();
    let strains = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];
    let table = [Seat::North, Seat::South, Seat::East, Seat::West]
        .iter()
        .map(|&seat| {
            let levels: Vec<String> =
                strains.iter().map(|&s| record.tricks.get(seat, s).checked_sub(6).filter(|&l| l > 0).map_or("-".into(), |l| l.to_string())).collect();
            format!("{} {}", seat.letter(), levels.join(" "))
        })
        .collect();
    let p = &record.par;
    let par = match p.score {
        0 => "0".to_string(),
        s if s > 0 => format!("NS {s}"),
        s => format!("EW {}", -s),
    };
    let strain = match p.contract.strain {
        Strain::NoTrump => "NT",
        Strain::Spades => suits.name(Suit::Spades),
        Strain::Hearts => suits.name(Suit::Hearts),
        Strain::Diamonds => suits.name(Suit::Diamonds),
        Strain::Clubs => suits.name(Suit::Clubs),
    };
    let who = match p.contract.declarer {
        ParDeclarer::Seat(s) => s.letter().to_string(),
        ParDeclarer::NorthSouth => "NS".into(),
        ParDeclarer::EastWest => "EW".into(),
    };
    let contract = if p.contract.level == 0 {
        "Pass".into()
    } else {
        format!("{}{strain}{} by {who}", p.contract.level, if p.contract.doubled { "x" } else { "" })
    };
    Facts {
        number: record.number.to_string(),
        dealer: record.dealer.name().into(),
        vulnerable: record.vulnerable.pbn().into(),
        hands,
        table,
        par,
        contract,
    }
}

/// The facts read from a board's lines, in any order of its blocks: `Board N`, `Dealer X`,
/// `Vul X`; a seat's name and points and its four suits; the table's heading and its four
/// rows; `Par X` and the contract.
fn read(lines: &[String]) -> Facts {
    let lines: Vec<String> = lines.iter().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|l| !l.is_empty()).collect();
    let mut facts = Facts::default();
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        let words: Vec<&str> = line.split(' ').collect();
        let rest = words[1..].join(" ");
        match words[0] {
            "Board" => facts.number = rest,
            "Dealer" => facts.dealer = rest,
            "Vul" => facts.vulnerable = rest,
            "North" | "East" | "South" | "West" if words.len() == 2 => {
                facts.hands.push((words[0].into(), rest, lines[i + 1..(i + 5).min(lines.len())].to_vec()));
                i += 4;
            }
            "NT" => {
                facts.table = lines[i + 1..(i + 5).min(lines.len())].to_vec();
                i += 4;
            }
            "Par" => {
                facts.par = rest;
                facts.contract = lines.get(i + 1).cloned().unwrap_or_default();
                i += 1;
            }
            _ => panic!("a line of no board's block: {line:?} in {lines:#?}"),
        }
        i += 1;
    }
    facts.hands.sort();
    facts
}

// ---- HTML ----

/// The text of an HTML fragment: a line for each `div` and table row, cells apart, tags out,
/// references read.
fn html_lines(html: &str) -> Vec<String> {
    let marked = html.replace("</div>", "\n").replace("</tr>", "\n").replace("</td>", " ").replace("</th>", " ");
    let mut text = String::new();
    let mut in_tag = false;
    for c in marked.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
    text.lines().map(str::to_string).collect()
}

#[test]
fn the_html_shows_every_board_on_its_page() {
    for layout in layouts() {
        let html = String::from_utf8(html(records(), &layout)).expect("UTF-8");
        let pages: Vec<&str> = html.split("<section class=\"page\">").skip(1).collect();
        let per = layout.per_page.count();
        assert_eq!(pages.len(), records().len().div_ceil(per), "{layout:?}");
        for (p, (page, chunk)) in pages.iter().zip(records().chunks(per)).enumerate() {
            assert!(page.contains(&format!("<footer>page {} of {}</footer>", p + 1, pages.len())));
            assert!(page.contains("<h1>Tuesday pairs &lt;A &amp; B&gt; &quot;club&quot;</h1>") && page.contains("4 March 2025"));
            let boards: Vec<&str> = page.split("<article").skip(1).collect();
            assert_eq!(boards.len(), chunk.len());
            for (board, record) in boards.iter().zip(chunk) {
                let board = &board[board.find('>').expect("the article's tag") + 1..board.find("</article>").expect("the article's end")];
                assert_eq!(read(&html_lines(board)), expected(record, Suits::Symbols), "board {}", record.number);
            }
        }
        let size = if layout.paper == Paper::A4 { "size: A4;" } else { "size: letter;" };
        assert!(html.contains(size) && html.contains("page-break-after: always"), "{layout:?}");
        assert!(html.contains(&format!("grid-template-rows: repeat({}, 1fr)", layout.per_page.rows())));
    }
}

#[test]
fn the_html_needs_nothing_from_outside() {
    let html = String::from_utf8(html(records(), &layouts()[0])).expect("UTF-8");
    let lower = html.to_ascii_lowercase();
    for outside in ["http", "src=", "<link", "<script", "url(", "@import", "<img", "<iframe", "<object", "<embed"] {
        assert!(!lower.contains(outside), "the page has {outside}");
    }
    assert!(html.starts_with("<!DOCTYPE html>\n") && html.contains("<meta charset=\"utf-8\">"));
    // Hearts and diamonds red, spades and clubs not.
    assert!(html.contains(".h, .d { color: #c00; }"));
    assert!(html.contains("<span class=\"h\">♥</span>") && html.contains("<span class=\"s\">♠</span>"));
}

#[test]
fn the_html_escapes_the_title() {
    let layout = Layout { title: "<script>alert('x')</script> & <link rel=\"y\">".into(), date: "<b>".into(), ..Layout::default() };
    let html = String::from_utf8(html(records(), &layout)).expect("UTF-8");
    assert!(!html.contains("<script") && !html.contains("<link") && !html.contains("<b>&lt;"));
    let escaped = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;link rel=&quot;y&quot;&gt;";
    assert!(html.contains(&format!("<title>{escaped}, &lt;b&gt;</title>")) && html.contains(&format!("<h1>{escaped}</h1>")));
}

// ---- text ----

/// The columns of the text's diagram: where each starts.
const TEXT_COLUMNS: [usize; 3] = [0, 22, 44];

/// A board's lines of text cut into its three columns, read one column after the other.
fn text_columns(board: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for (c, &start) in TEXT_COLUMNS.iter().enumerate() {
        let end = TEXT_COLUMNS.get(c + 1).copied().unwrap_or(usize::MAX);
        for line in board {
            let chars: Vec<char> = line.chars().collect();
            out.push(chars[start.min(chars.len())..end.min(chars.len())].iter().collect());
        }
    }
    out
}

#[test]
fn the_text_shows_every_board() {
    let layout = layouts().remove(0);
    let text = String::from_utf8(text(records(), &layout)).expect("UTF-8");
    assert!(text.starts_with("Tuesday pairs <A & B> \"club\"\n4 March 2025\n"));
    assert!(text.lines().all(|l| l.chars().count() <= 80), "a line over 80 columns:\n{text}");
    let rule = format!("{}\n", "-".repeat(61));
    let boards: Vec<&str> = text.split(&rule).skip(1).collect();
    assert_eq!(boards.len(), records().len());
    for (board, record) in boards.iter().zip(records()) {
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 15, "{board}");
        assert_eq!(read(&text_columns(&lines)), expected(record, Suits::Letters), "board {}:\n{board}", record.number);
    }
    assert!(text.is_ascii(), "the suits are letters");
}

// ---- PDF ----

/// Whether poppler's `pdftotext` is here; if not, says the PDF test is skipped.
fn have_poppler(test: &str) -> bool {
    let here = Command::new("pdftotext").arg("-v").output().is_ok() && Command::new("pdfinfo").arg("-v").output().is_ok();
    if !here {
        eprintln!("{test}: skipped, poppler-utils (pdftotext, pdfinfo) is not installed");
    }
    here
}

/// A PDF written to a file of its own in the temporary folder, removed when dropped.
struct PdfFile(std::path::PathBuf);

impl PdfFile {
    fn new(bytes: &[u8], name: &str) -> PdfFile {
        let path = std::env::temp_dir().join(format!("dealvm-hand-records-{}-{name}.pdf", std::process::id()));
        std::fs::write(&path, bytes).expect("the temporary folder takes the PDF");
        PdfFile(path)
    }

    /// What `pdftotext -layout` gives of page `page` with `area` (`-x`, `-y`, `-W`, `-H`).
    fn text(&self, page: usize, area: Option<[i32; 4]>) -> String {
        let mut command = Command::new("pdftotext");
        let page = page.to_string();
        command.args(["-layout", "-enc", "UTF-8", "-f", &page, "-l", &page]);
        if let Some(area) = area {
            for (switch, value) in ["-x", "-y", "-W", "-H"].iter().zip(area) {
                command.args([switch.to_string(), value.to_string()]);
            }
        }
        let out = command.arg(&self.0).arg("-").output().expect("pdftotext runs");
        assert!(out.status.success(), "pdftotext: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("UTF-8")
    }

    /// The pages `pdfinfo` counts.
    fn pages(&self) -> usize {
        let info = self.info("pdfinfo");
        info.lines().find_map(|l| l.strip_prefix("Pages:")).and_then(|n| n.trim().parse().ok()).unwrap_or_else(|| panic!("no page count in {info}"))
    }

    /// What `tool` (`pdfinfo`, `pdffonts`) says of the file.
    fn info(&self, tool: &str) -> String {
        let out = Command::new(tool).arg(&self.0).output().expect("poppler runs");
        assert!(out.status.success(), "{tool}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

impl Drop for PdfFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The lines `pdftotext -layout` gives of the board in place `cell` of page `page`, its three
/// columns one after the other.
fn page_board_lines(file: &PdfFile, layout: &Layout, cell: usize, page: usize) -> Vec<String> {
    let (_, page_h) = layout.paper.points();
    let cell = cells(layout)[cell];
    let mut lines = Vec::new();
    for c in 0..3 {
        let (x, width) = cell.column(c);
        let area = [x.floor() as i32, (page_h - cell.top).floor() as i32, (width - 2.0).floor() as i32, cell.height.ceil() as i32];
        lines.extend(file.text(page, Some(area)).lines().map(str::to_string));
    }
    lines
}

#[test]
fn the_pdf_shows_every_board_to_pdftotext() {
    if !have_poppler("the_pdf_shows_every_board_to_pdftotext") {
        return;
    }
    for (n, layout) in layouts().into_iter().enumerate() {
        let file = PdfFile::new(&pdf(records(), &layout).expect("a PDF"), &format!("boards-{n}"));
        let per = layout.per_page.count();
        let pages = records().len().div_ceil(per);
        assert_eq!(file.pages(), pages, "{layout:?}");
        for (p, chunk) in records().chunks(per).enumerate() {
            let whole = file.text(p + 1, None);
            let words: Vec<&str> = whole.split_whitespace().collect();
            assert!(whole.contains(&format!("page {} of {pages}", p + 1)) && whole.contains("4 March 2025"), "{whole}");
            assert!(whole.contains("Tuesday pairs <A & B> \"club\""), "{whole}");
            for (cell_index, record) in chunk.iter().enumerate() {
                assert!(words.windows(2).any(|w| w == ["Board", &record.number.to_string()]), "board {} on page {}", record.number, p + 1);
                let lines = page_board_lines(&file, &layout, cell_index, p + 1);
                assert_eq!(read(&lines), expected(record, Suits::Symbols), "board {} of {layout:?}:\n{}", record.number, lines.join("\n"));
            }
        }
    }
}

#[test]
fn the_pdf_embeds_its_fonts_and_carries_no_time() {
    let layout = layouts().remove(1);
    let bytes = pdf(records(), &layout).expect("a PDF");
    assert_eq!(bytes, pdf(records(), &layout).expect("a PDF"), "the same input gives the same bytes");
    let text = String::from_utf8_lossy(&bytes);
    assert!(!text.contains("/CreationDate") && !text.contains("/ModDate"));
    assert!(text.contains("/FontFile2") && text.contains("/ToUnicode") && text.contains("DejaVuSansCondensed-Bold"));
    if !have_poppler("the_pdf_embeds_its_fonts_and_carries_no_time") {
        return;
    }
    let file = PdfFile::new(&bytes, "fonts");
    let fonts = file.info("pdffonts");
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{fonts}");
    for row in rows {
        // name, type (two words), encoding, then emb sub uni: all yes.
        let fields: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(fields[fields.len() - 5..fields.len() - 2], ["yes", "yes", "yes"], "{fonts}");
    }
}

#[test]
fn only_a_line_too_wide_is_narrowed() {
    if !have_poppler("only_a_line_too_wide_is_narrowed") {
        return;
    }
    // The board of a suit each (board 12) has lines of thirteen cards, narrowed to their
    // column; the boards after it must be set as wide as those before it.
    for (n, layout) in layouts().into_iter().enumerate() {
        let file = PdfFile::new(&pdf(records(), &layout).expect("a PDF"), &format!("narrowed-{n}"));
        let out = Command::new("pdftotext").arg("-bbox").arg(&file.0).arg("-").output().expect("pdftotext runs");
        let words = String::from_utf8_lossy(&out.stdout).into_owned();
        let widths: Vec<f64> = words
            .lines()
            .filter(|l| l.trim_end().ends_with(">Dealer</word>"))
            .map(|l| {
                let number = |name: &str| -> f64 {
                    let at = l.find(&format!("{name}=\"")).expect("a coordinate") + name.len() + 2;
                    l[at..].split('"').next().and_then(|v| v.parse().ok()).expect("a number")
                };
                number("xMax") - number("xMin")
            })
            .collect();
        assert_eq!(widths.len(), records().len(), "{layout:?}");
        assert!(widths.iter().all(|w| (w - widths[0]).abs() < 0.01), "{layout:?}: the widths of \"Dealer\" are {widths:?}");
    }
}

#[test]
fn titles_of_any_length_and_alphabet_print() {
    let long = "Club Κλαμπ Клуб ".repeat(20);
    let layout = Layout { title: format!("{long}橋"), date: "a very long date ".repeat(12), ..Layout::default() };
    let bytes = pdf(&records()[..2], &layout).expect("a PDF");
    if !have_poppler("titles_of_any_length_and_alphabet_print") {
        return;
    }
    let file = PdfFile::new(&bytes, "titles");
    let page = file.text(1, None);
    // Narrowed to the page, never cut (so narrow that pdftotext sees no spaces); the Chinese
    // character, which the font lacks, shows as `?`.
    let title: String = page.lines().next().unwrap_or_default().split_whitespace().collect();
    assert!(title.starts_with(&long.replace(' ', "").chars().take(30).collect::<String>()) && title.contains("Клуб?"), "{page}");
    assert!(page.contains("a very long date"), "{page}");
    assert_eq!(read(&page_board_lines(&file, &layout, 0, 1)), expected(&records()[0], Suits::Symbols));
}

#[test]
fn no_boards_make_one_page_with_the_title() {
    let layout = Layout { title: "Empty night".into(), ..Layout::default() };
    let html = String::from_utf8(html(&[], &layout)).expect("UTF-8");
    assert_eq!(html.matches("<section class=\"page\">").count(), 1);
    assert!(html.contains("page 1 of 1") && !html.contains("<article"));
    let text = String::from_utf8(text(&[], &layout)).expect("UTF-8");
    assert!(text.starts_with("Empty night\n") && !text.contains("Board"));
    let bytes = pdf(&[], &layout).expect("a PDF");
    if have_poppler("no_boards_make_one_page_with_the_title") {
        let file = PdfFile::new(&bytes, "empty");
        assert_eq!(file.pages(), 1);
        assert!(file.text(1, None).contains("page 1 of 1"));
    }
}

#[test]
fn the_choices_read_as_the_command_line_gives_them() {
    assert_eq!(Paper::from_name("A4"), Some(Paper::A4));
    assert_eq!(Paper::from_name("letter"), Some(Paper::Letter));
    assert_eq!(Paper::from_name("legal"), None);
    assert_eq!(
        (BoardsPerPage::from_count(4), BoardsPerPage::from_count(6), BoardsPerPage::from_count(5)),
        (Some(BoardsPerPage::Four), Some(BoardsPerPage::Six), None)
    );
    let of = |name: &str| Format::of_path(std::path::Path::new(name));
    assert_eq!(
        (of("a.html"), of("b.HTM"), of("c.pdf"), of("d.txt"), of("e.pbn"), of("f")),
        (Some(Format::Html), Some(Format::Html), Some(Format::Pdf), Some(Format::Text), None, None)
    );
    let layout = Layout::default();
    assert_eq!((layout.pages(0), layout.pages(6), layout.pages(7), layout.pages(36)), (1, 1, 2, 6));
}
