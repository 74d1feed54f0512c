//! The hand records as plain text, for a terminal: the event's title and date, a few lines saying
//! what the figures are, then each board one after the other, 61 columns wide.
//!
//! The suits are written as letters (`S AKJ4`, `4S by N`): the suit symbols are characters
//! of "ambiguous" width in Unicode, which terminals set up for Chinese, Japanese or Korean
//! draw two columns wide, and the columns of the diagram would no longer line up. The text is
//! ASCII but for what the title and the date hold (UTF-8).

use super::board::{one_line, plain, Block, BoardView, Line, BLOCK_LINES, LEGEND};
use super::{Layout, Record};
use dealvm_vm::card::Suit;

/// The width of a column of the diagram: the longest hand line (`S AKQJT98765432`) and a gap.
const COLUMN: usize = 22;

/// The widest line of the legend under the title.
const LEGEND_WIDTH: usize = 80;

/// Appends `text` as lines of whole words, each at most `width` columns (a longer word alone).
fn wrap(out: &mut String, text: &str, width: usize) {
    let mut column = 0;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if column > 0 && column + 1 + len > width {
            out.push('\n');
            column = 0;
        }
        if column > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += len;
    }
    if column > 0 {
        out.push('\n');
    }
}

/// A suit's letter: S, H, D, C.
fn letter(suit: Suit) -> &'static str {
    ["C", "D", "H", "S"][suit as usize]
}

/// `text` padded with spaces to `width` columns (left-aligned), or right-aligned.
fn pad(out: &mut String, text: &str, width: usize, right: bool) {
    let fill = " ".repeat(width.saturating_sub(text.chars().count()));
    if right {
        out.push_str(&fill);
        out.push_str(text);
    } else {
        out.push_str(text);
        out.push_str(&fill);
    }
}

/// A block's lines of text: the table's cells right-aligned in three columns after the
/// declarer's letter.
fn block_lines(block: &Block) -> Vec<String> {
    match block {
        Block::Empty => Vec::new(),
        Block::Lines(lines) => lines.iter().map(|l| plain(l, letter)).collect(),
        Block::Table(rows) => rows
            .iter()
            .map(|row| {
                let mut out = String::new();
                for (i, cell) in row.iter().enumerate() {
                    let cell: &Line = cell;
                    pad(&mut out, &plain(cell, letter), if i == 0 { 2 } else { 3 }, i > 0);
                }
                out
            })
            .collect(),
    }
}

/// Appends one board: three rows of blocks, each of [`BLOCK_LINES`] lines, the blocks of a
/// row side by side.
fn board(out: &mut String, view: &BoardView) {
    for row in &view.blocks {
        let columns = row.each_ref().map(block_lines);
        for i in 0..BLOCK_LINES {
            let mut line = String::new();
            for (c, lines) in columns.iter().enumerate() {
                let text = lines.get(i).map_or("", String::as_str);
                if c + 1 < columns.len() {
                    pad(&mut line, text, COLUMN, false);
                } else {
                    line.push_str(text);
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
}

/// The hand records as text (see the module's documentation).
pub(super) fn write(records: &[Record], layout: &Layout) -> Vec<u8> {
    let mut out = String::with_capacity(1024 + 1200 * records.len());
    let rule = "-".repeat(2 * COLUMN + 17);
    for line in [one_line(&layout.title), one_line(&layout.date)] {
        if !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
    }
    wrap(&mut out, LEGEND, LEGEND_WIDTH);
    for record in records {
        out.push_str(&rule);
        out.push('\n');
        board(&mut out, &BoardView::of(record));
    }
    out.into_bytes()
}
