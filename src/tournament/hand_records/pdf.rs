//! The hand records as a PDF document, written here with `pdf-writer`.
//!
//! Each page: the event's title (bold) and, on the right, the date, a line saying what the
//! figures are and a rule; two columns of two or three framed boards, each the nine blocks of
//! [`super::board`] in three columns; "page 2 of 3" at the foot. A hand line too wide for its
//! column (a suit of twelve) is narrowed to fit, never cut. The text is set in the embedded
//! fonts of [`super::font`], hearts and diamonds in red.
//!
//! The file carries nothing of the time or the machine: its information dictionary has the
//! title and the producer only, and the same records and layout give the same bytes.

use super::board::{is_red, one_line, symbol, Block, BoardView, Line, Span, BLOCK_LINES, LEGEND, TABLE_COLUMNS};
use super::font::{Font, OBJECTS};
use super::{BoardsPerPage, Layout, Record};
use dealvm_vm::card::Suit;
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use std::io;

/// The page's margin, in points: half an inch.
const MARGIN: f32 = 36.0;

/// The height of the page's head (title, legend and rule) above the boards.
const HEAD: f32 = 40.0;

/// The gap between two boards.
const GAP: f32 = 10.0;

/// The space between a board's frame and its text.
const PADDING: f32 = 8.0;

/// The space between a suit's symbol and its cards, in ems of the type: more than a word
/// space, so that `pdftotext` always sees two words.
const SUIT_GAP: f32 = 0.45;

/// The red of hearts and diamonds.
const RED: [f32; 3] = [0.8, 0.0, 0.0];

/// The names of the two fonts in the pages' resources.
const REGULAR: Name<'static> = Name(b"R");
/// The bold font's name.
const BOLD: Name<'static> = Name(b"B");

/// Where a board goes on its page, in points from the page's bottom left corner.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Cell {
    /// The frame's left edge.
    pub x: f32,
    /// The frame's top edge.
    pub top: f32,
    /// The frame's width.
    pub width: f32,
    /// The frame's height.
    pub height: f32,
}

impl Cell {
    /// The left edge and the width of the board's column `c` (0 to 2) of text.
    pub fn column(&self, c: usize) -> (f32, f32) {
        let width = (self.width - 2.0 * PADDING) / 3.0;
        (self.x + PADDING + c as f32 * width, width)
    }
}

/// The type size of a board's text, and the distance between its lines.
fn type_size(per_page: BoardsPerPage) -> (f32, f32) {
    let size = match per_page {
        BoardsPerPage::Four => 12.0,
        BoardsPerPage::Six => 10.0,
    };
    (size, size * 1.25)
}

/// The places of the boards on a page, in the order they are filled: left then right, from
/// the top row down.
pub(super) fn cells(layout: &Layout) -> Vec<Cell> {
    let (page_w, page_h) = layout.paper.points();
    let rows = layout.per_page.rows();
    let width = (page_w - 2.0 * MARGIN - GAP) / 2.0;
    let area_top = page_h - MARGIN - HEAD;
    let height = (area_top - MARGIN - GAP * (rows - 1) as f32) / rows as f32;
    (0..layout.per_page.count())
        .map(|k| Cell { x: MARGIN + (k % 2) as f32 * (width + GAP), top: area_top - (k / 2) as f32 * (height + GAP), width, height })
        .collect()
}

/// A piece of text in one style: bold or not, red or black (or grey).
struct Piece<'a> {
    text: &'a str,
    bold: bool,
    colour: [f32; 3],
}

/// The pieces of a line: set-off text in bold, suits as their symbols.
fn pieces(line: &Line) -> Vec<Piece<'_>> {
    line.iter()
        .map(|span| match span {
            Span::Text(t) => Piece { text: t, bold: false, colour: [0.0; 3] },
            Span::Strong(t) => Piece { text: t, bold: true, colour: [0.0; 3] },
            Span::Suit(s) => Piece { text: symbol(*s), bold: false, colour: if is_red(*s) { RED } else { [0.0; 3] } },
        })
        .collect()
}

/// Where a line goes along its baseline: its left end, its right end, or its middle.
#[derive(Copy, Clone)]
enum Align {
    Left(f32),
    Right(f32),
    Centre(f32),
}

/// A page's content being drawn, with the document's two fonts.
struct Painter<'f> {
    content: Content,
    regular: &'f mut Font,
    bold: &'f mut Font,
}

impl Painter<'_> {
    fn font(&mut self, bold: bool) -> &mut Font {
        if bold {
            self.bold
        } else {
            self.regular
        }
    }

    /// Where a suit's cards start after its symbol at `size` points: past the widest symbol
    /// and a gap, so that the cards of the four suits line up.
    fn suit_tab(&self, size: f32) -> f32 {
        Suit::ALL.into_iter().map(|s| self.regular.width(symbol(s), size)).fold(0.0, f32::max) + SUIT_GAP * size
    }

    /// Draws `pieces` on the baseline `y` at `size` points, narrowed to `fit` points when
    /// wider.
    fn line(&mut self, pieces: &[Piece], align: Align, y: f32, size: f32, fit: f32) {
        let natural: f32 = pieces.iter().map(|p| self.font(p.bold).width(p.text, size)).sum();
        let fit = fit.max(size);
        let scale = if natural > fit { fit / natural } else { 1.0 };
        let width = natural * scale;
        let x = match align {
            Align::Left(x) => x,
            Align::Right(x) => x - width,
            Align::Centre(x) => x - width / 2.0,
        };
        // The horizontal scaling is kept in the graphics state, past the text object: it is
        // set inside a saved state, restored after the line.
        let narrowed = scale < 1.0;
        if narrowed {
            self.content.save_state();
            self.content.set_horizontal_scaling(scale * 100.0);
        }
        self.content.begin_text();
        self.content.set_text_matrix([1.0, 0.0, 0.0, 1.0, x, y]);
        let mut style = None;
        for piece in pieces {
            if style != Some((piece.bold, piece.colour)) {
                let [r, g, b] = piece.colour;
                self.content.set_font(if piece.bold { BOLD } else { REGULAR }, size);
                self.content.set_fill_rgb(r, g, b);
                style = Some((piece.bold, piece.colour));
            }
            let bytes = self.font(piece.bold).encode(piece.text);
            self.content.show(pdf_writer::Str(&bytes));
        }
        self.content.end_text();
        if narrowed {
            self.content.restore_state();
        }
    }

    /// A block of a board: its lines from the baseline `y` down, or its table in
    /// [`TABLE_COLUMNS`] columns, each cell centred in its own.
    fn block(&mut self, block: &Block, (x, width): (f32, f32), y: f32, (size, leading): (f32, f32)) {
        match block {
            Block::Empty => {}
            Block::Lines(lines) => {
                for (i, line) in lines.iter().enumerate() {
                    let baseline = y - i as f32 * leading;
                    let mut pieces = pieces(line);
                    // A suit's cards start at a tab after its symbol, so that they line up.
                    if let (Some(Span::Suit(_)), true) = (line.first(), pieces.len() > 1) {
                        let tab = self.suit_tab(size);
                        self.line(&pieces[..1], Align::Left(x), baseline, size, tab);
                        pieces[1].text = pieces[1].text.trim_start();
                        self.line(&pieces[1..], Align::Left(x + tab), baseline, size, width - 4.0 - tab);
                    } else {
                        self.line(&pieces, Align::Left(x), baseline, size, width - 4.0);
                    }
                }
            }
            Block::Table(rows) => {
                let cell = width / TABLE_COLUMNS as f32;
                for (i, row) in rows.iter().enumerate() {
                    for (c, text) in row.iter().enumerate() {
                        let mut pieces = pieces(text);
                        if c == 0 || i == 0 {
                            pieces.iter_mut().filter(|p| p.colour == [0.0; 3]).for_each(|p| p.bold = true);
                        }
                        let centre = x + (c as f32 + 0.5) * cell;
                        self.line(&pieces, Align::Centre(centre), y - i as f32 * leading, size * 0.9, cell - 1.0);
                    }
                }
            }
        }
    }

    /// A board in its frame.
    fn board(&mut self, view: &BoardView, cell: &Cell, per_page: BoardsPerPage) {
        let (size, leading) = type_size(per_page);
        self.content.set_stroke_gray(0.55).set_line_width(0.5);
        self.content.rect(cell.x, cell.top - cell.height, cell.width, cell.height).stroke();
        let text_height = (3 * BLOCK_LINES) as f32 * leading;
        let first = cell.top - ((cell.height - text_height) / 2.0).max(PADDING) - size;
        for (r, row) in view.blocks.iter().enumerate() {
            for (c, block) in row.iter().enumerate() {
                let y = first - (r * BLOCK_LINES) as f32 * leading;
                self.block(block, cell.column(c), y, (size, leading));
            }
        }
    }

    /// The page's head and foot: the title, the date, the legend, the rule, the page number.
    fn frame(&mut self, layout: &Layout, page: usize, pages: usize) {
        let (page_w, page_h) = layout.paper.points();
        let (title, date) = (one_line(&layout.title), one_line(&layout.date));
        let baseline = page_h - MARGIN - 14.0;
        let date_width = self.regular.width(&date, 11.0).min(page_w / 2.0);
        let black = [0.0; 3];
        self.line(&[Piece { text: &date, bold: false, colour: black }], Align::Right(page_w - MARGIN), baseline, 11.0, page_w / 2.0);
        let room = page_w - 2.0 * MARGIN - date_width - 12.0;
        self.line(&[Piece { text: &title, bold: true, colour: black }], Align::Left(MARGIN), baseline, 14.0, room);
        let grey = [0.27; 3];
        let legend = Piece { text: LEGEND, bold: false, colour: grey };
        self.line(&[legend], Align::Left(MARGIN), page_h - MARGIN - 27.0, 7.5, page_w - 2.0 * MARGIN);
        let rule = page_h - MARGIN - 32.0;
        self.content.set_stroke_gray(0.0).set_line_width(0.6);
        self.content.move_to(MARGIN, rule).line_to(page_w - MARGIN, rule).stroke();
        let number = format!("page {page} of {pages}");
        self.line(&[Piece { text: &number, bold: false, colour: black }], Align::Centre(page_w / 2.0), MARGIN - 16.0, 9.0, page_w);
    }
}

/// The hand records as a PDF (see the module's documentation).
pub(super) fn write(records: &[Record], layout: &Layout) -> io::Result<Vec<u8>> {
    let (mut regular, mut bold) = (Font::regular()?, Font::bold()?);
    let pages = layout.pages(records.len());
    let cells = cells(layout);
    let mut contents = Vec::with_capacity(pages);
    let mut chunks = records.chunks(layout.per_page.count());
    for page in 1..=pages {
        let mut painter = Painter { content: Content::new(), regular: &mut regular, bold: &mut bold };
        painter.frame(layout, page, pages);
        for (record, cell) in chunks.next().unwrap_or_default().iter().zip(&cells) {
            painter.board(&BoardView::of(record), cell, layout.per_page);
        }
        contents.push(painter.content.finish());
    }

    let (catalog, tree, info, regular_ref, bold_ref) = (Ref::new(1), Ref::new(2), Ref::new(3), Ref::new(4), Ref::new(4 + OBJECTS));
    let first_page = 4 + 2 * OBJECTS;
    let page_refs: Vec<Ref> = (0..pages as i32).map(|k| Ref::new(first_page + 2 * k)).collect();
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(page_refs.iter().copied()).count(pages as i32);
    let (page_w, page_h) = layout.paper.points();
    for (page_ref, content) in page_refs.iter().zip(&contents) {
        let content_ref = Ref::new(page_ref.get() + 1);
        let mut page = pdf.page(*page_ref);
        page.parent(tree).media_box(Rect::new(0.0, 0.0, page_w, page_h)).contents(content_ref);
        page.resources().fonts().pair(REGULAR, regular_ref).pair(BOLD, bold_ref);
        page.finish();
        pdf.stream(content_ref, content);
    }
    regular.write(&mut pdf, regular_ref)?;
    bold.write(&mut pdf, bold_ref)?;
    let title = one_line(&layout.title);
    pdf.document_info(info).title(TextStr(&title)).producer(TextStr("dealvm hand records"));
    Ok(pdf.finish())
}
