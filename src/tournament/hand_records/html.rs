//! The hand records as one HTML page: UTF-8, its CSS inline, no script and nothing fetched
//! (no link, no image, no web font), so that the file alone prints the same anywhere.
//!
//! Each sheet is a `section.page`: the title and the date, a line saying what the figures are,
//! two columns of boards (`article.board`, each a grid of the nine blocks of
//! [`super::board`]), and "page 2 of 3" at the foot. The print CSS sizes the paper (`@page`)
//! and ends each sheet with a page break (`page-break-after`, and `break-after` for newer
//! browsers); on a screen the sheets are shown as pages on a grey table.

use super::board::{one_line, symbol, Block, BoardView, Line, Span, LEGEND};
use super::{BoardsPerPage, Layout, Paper, Record};
use crate::files::markup::escape_into as escape;

/// The margin of the printed page, in millimetres.
const MARGIN_MM: f32 = 10.0;

/// Appends a line's spans: set-off text in `<b>`, a suit as its symbol in a `span` of its
/// class (`s`, `h`, `d`, `c`; hearts and diamonds are red).
fn spans(out: &mut String, line: &Line) {
    for span in line {
        match span {
            Span::Text(t) => escape(out, t),
            Span::Strong(t) => {
                out.push_str("<b>");
                escape(out, t);
                out.push_str("</b>");
            }
            Span::Suit(s) => {
                let class = ["c", "d", "h", "s"][*s as usize];
                out.push_str(&format!("<span class=\"{class}\">{}</span>", symbol(*s)));
            }
        }
    }
}

/// The most cards of a suit shown at the board's type size: a longer suit is set smaller, so
/// that it keeps to its column.
const CARDS_AT_FULL_SIZE: usize = 10;

/// The type size, in percent of the board's, of a hand's line that holds a suit longer than
/// [`CARDS_AT_FULL_SIZE`]; `None` for any other line.
fn narrowed(line: &Line) -> Option<usize> {
    let [Span::Suit(_), Span::Text(cards)] = line.as_slice() else { return None };
    let cards = cards.trim().chars().count();
    (cards > CARDS_AT_FULL_SIZE).then(|| 100 * CARDS_AT_FULL_SIZE / cards)
}

/// Appends one block: a `div` of lines, or the table of makeable contracts.
fn block(out: &mut String, block: &Block) {
    match block {
        Block::Empty => out.push_str("<div class=\"block\"></div>\n"),
        Block::Lines(lines) => {
            out.push_str("<div class=\"block\">");
            for line in lines {
                match narrowed(line) {
                    Some(percent) => out.push_str(&format!("<div style=\"font-size: {percent}%\">")),
                    None => out.push_str("<div>"),
                }
                spans(out, line);
                out.push_str("</div>");
            }
            out.push_str("</div>\n");
        }
        Block::Table(rows) => {
            out.push_str("<div class=\"block\"><table class=\"dd\">");
            for (r, row) in rows.iter().enumerate() {
                out.push_str("<tr>");
                for cell in row {
                    let tag = if r == 0 { "th" } else { "td" };
                    out.push_str(&format!("<{tag}>"));
                    spans(out, cell);
                    out.push_str(&format!("</{tag}>"));
                }
                out.push_str("</tr>");
            }
            out.push_str("</table></div>\n");
        }
    }
}

/// Appends one board's `article`.
fn board(out: &mut String, record: &Record) {
    out.push_str(&format!("<article class=\"board\" id=\"board-{}\">\n", record.number));
    for row in &BoardView::of(record).blocks {
        for b in row {
            block(out, b);
        }
    }
    out.push_str("</article>\n");
}

/// The style sheet: the paper, the sheets and their page breaks, the boards' grid.
fn style(paper: Paper, per_page: BoardsPerPage) -> String {
    let (width, height) = paper.millimetres();
    // A millimetre to spare each way: a sheet a hair too large for the paper would print its
    // edge on a page of its own.
    let (inner_w, inner_h) = (width - 2.0 * MARGIN_MM - 1.0, height - 2.0 * MARGIN_MM - 1.0);
    let size = match paper {
        Paper::A4 => "A4",
        Paper::Letter => "letter",
    };
    let (rows, font) = match per_page {
        BoardsPerPage::Four => (2, 11),
        BoardsPerPage::Six => (3, 10),
    };
    format!(
        "@page {{ size: {size}; margin: {MARGIN_MM}mm; }}
* {{ box-sizing: border-box; }}
body {{ margin: 0; font-family: \"DejaVu Sans Condensed\", \"DejaVu Sans\", \"Segoe UI Symbol\", Arial, sans-serif; color: #000; }}
.page {{ width: {inner_w:.1}mm; height: {inner_h:.1}mm; display: flex; flex-direction: column; overflow: hidden;
  page-break-after: always; break-after: page; }}
.page:last-child {{ page-break-after: auto; break-after: auto; }}
header {{ display: flex; justify-content: space-between; align-items: baseline; border-bottom: 0.3mm solid #000; }}
h1 {{ font-size: 14pt; margin: 0; }}
.date {{ font-size: 11pt; }}
.legend {{ font-size: 7.5pt; color: #444; margin: 1mm 0 2mm; }}
.boards {{ flex: 1; min-width: 0; min-height: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); grid-template-rows: repeat({rows}, 1fr); gap: 3mm; }}
.board {{ min-width: 0; border: 0.3mm solid #888; padding: 2mm; display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); column-gap: 1.5mm;
  align-content: center; font-size: {font}pt; line-height: 1.22; break-inside: avoid; }}
.block {{ white-space: nowrap; }}
.dd {{ border-collapse: collapse; font-size: 0.85em; width: 100%; table-layout: fixed; }}
.dd th, .dd td {{ padding: 0; text-align: center; }}
.dd td:first-child {{ font-weight: bold; }}
.h, .d {{ color: #c00; }}
footer {{ text-align: center; font-size: 9pt; padding-top: 1mm; }}
@media screen {{
  body {{ background: #ccc; padding: 1px 0; }}
  .page {{ background: #fff; width: {width}mm; height: {height}mm; padding: {MARGIN_MM}mm; margin: 8mm auto; box-shadow: 0 0 2mm #888; }}
}}
"
    )
}

/// The hand records as HTML (see the module's documentation).
pub(super) fn write(records: &[Record], layout: &Layout) -> Vec<u8> {
    let title = one_line(&layout.title);
    let date = one_line(&layout.date);
    let mut out = String::with_capacity(4096 + 3000 * records.len());
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
    escape(&mut out, &title);
    if !date.is_empty() {
        out.push_str(if title.is_empty() { "" } else { ", " });
        escape(&mut out, &date);
    }
    out.push_str("</title>\n<style>\n");
    out.push_str(&style(layout.paper, layout.per_page));
    out.push_str("</style>\n</head>\n<body>\n");
    let pages = layout.pages(records.len());
    let mut chunks = records.chunks(layout.per_page.count());
    for page in 1..=pages {
        out.push_str("<section class=\"page\">\n<header><h1>");
        escape(&mut out, &title);
        out.push_str("</h1><span class=\"date\">");
        escape(&mut out, &date);
        out.push_str("</span></header>\n<p class=\"legend\">");
        escape(&mut out, LEGEND);
        out.push_str("</p>\n<div class=\"boards\">\n");
        for record in chunks.next().unwrap_or_default() {
            board(&mut out, record);
        }
        out.push_str(&format!("</div>\n<footer>page {page} of {pages}</footer>\n</section>\n"));
    }
    out.push_str("</body>\n</html>\n");
    out.into_bytes()
}
