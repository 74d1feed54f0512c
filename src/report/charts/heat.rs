//! The heat map of a 2-D table: a square per pair of cells, rows for the first value and
//! columns for the second as in the text report, its colour its count (white: no deal),
//! with the scale of colours beside it.

use super::svg::{self, Svg, GRID, TEXT};
use super::{share_text, Drawn, HeatMap};

/// The room the cells share, across and down; each cell is a square of [`MIN_CELL`] to
/// [`MAX_CELL`] pixels.
const ACROSS: f64 = 480.0;
const DOWN: f64 = 420.0;
const MIN_CELL: f64 = 8.0;
const MAX_CELL: f64 = 36.0;
/// The height of the colour scale at least, and its width.
const SCALE_HEIGHT: f64 = 120.0;
const SCALE_WIDTH: f64 = 14.0;
/// The steps the colour scale is drawn in.
const SCALE_STEPS: usize = 24;

/// Draws the heat map.
pub(super) fn draw(map: &HeatMap) -> Drawn {
    let (rows, columns) = (&map.rows.1, &map.columns.1);
    let (nr, nc) = (rows.len().max(1), columns.len().max(1));
    let cell = (ACROSS / nc as f64).min(DOWN / nr as f64).clamp(MIN_CELL, MAX_CELL);
    let labels = rows.iter().map(|r| svg::text_width(&r.tick, 11.0)).fold(0.0, f64::max);
    let left = 30.0 + labels + 8.0;
    let heading_height = svg::heading_height(&map.heading);
    let top = heading_height + 14.0 + 36.0;
    let (plot_width, plot_height) = (nc as f64 * cell, nr as f64 * cell);
    let most = map.counts.iter().copied().max().unwrap_or(0);
    let scale_x = left + plot_width + 24.0;
    let scale_height = plot_height.max(SCALE_HEIGHT);
    let widest = [
        scale_x + SCALE_WIDTH + 8.0 + svg::text_width(&format!("{most} deals"), 11.0) + 16.0,
        svg::text_width(&map.heading.title, 15.0) + 32.0,
        map.heading.subtitle.as_deref().map_or(0.0, |s| svg::text_width(s, 11.0) + 32.0),
        left + svg::text_width(&map.columns.0, 12.0) + 16.0,
        30.0 + svg::text_width(&map.rows.0, 12.0),
        360.0,
    ];
    let width = widest.into_iter().fold(0.0, f64::max).ceil();
    let height = top + scale_height + 44.0;
    let mut s = Svg::new(width, height);
    s.heading(&map.heading, 12.0);
    // The columns' title and names above the cells, the rows' beside them, as in the text report.
    s.text(left + plot_width / 2.0, top - 22.0, "middle", 12.0, "normal", &map.columns.0);
    let every = ((columns.iter().map(|c| svg::text_width(&c.tick, 11.0)).fold(0.0, f64::max) + 6.0) / cell).ceil().max(1.0) as usize;
    for (j, name) in columns.iter().enumerate().filter(|(j, _)| j % every == 0) {
        s.text(left + (j as f64 + 0.5) * cell, top - 5.0, "middle", 11.0, "normal", &name.tick);
    }
    s.text_up(14.0, top + plot_height / 2.0, &map.rows.0);
    let every = (14.0 / cell).ceil().max(1.0) as usize;
    for (i, name) in rows.iter().enumerate().filter(|(i, _)| i % every == 0) {
        s.text(left - 6.0, top + (i as f64 + 0.5) * cell + 4.0, "end", 11.0, "normal", &name.tick);
    }
    for (i, row) in rows.iter().enumerate() {
        for (j, column) in columns.iter().enumerate() {
            let count = map.counts.get(i * columns.len() + j).copied().unwrap_or(0);
            s.hover_group("cell", &format!("{}, {}: {}", row.hover, column.hover, share_text(count, map.n, false)));
            let at = (left + j as f64 * cell, top + i as f64 * cell, cell, cell);
            match count {
                0 => s.rect("heat", at, "#ffffff", GRID),
                _ => s.rect("heat", at, &svg::heat_colour(count as f64 / most as f64), "#ffffff"),
            }
            s.end_group();
        }
    }
    colour_scale(&mut s, (scale_x, top), scale_height, most);
    let note = if map.n == 0 { "no deal was produced".to_string() } else { format!("{} deals", map.n) };
    s.text(left + plot_width / 2.0, top + scale_height + 28.0, "middle", 10.0, "normal", &note);
    Drawn { svg: s.finish(), width, height }
}

/// The scale of colours at (`x`, `top`), `height` high: from a cell of few deals at the
/// bottom to one of `most` at the top, and white for none.
fn colour_scale(s: &mut Svg, (x, top): (f64, f64), height: f64, most: u64) {
    let step = (height - 24.0) / SCALE_STEPS as f64;
    for k in 0..SCALE_STEPS {
        // Step k from the top holds the shares down to (SCALE_STEPS - k - 1) / SCALE_STEPS.
        let t = (SCALE_STEPS - k) as f64 / SCALE_STEPS as f64;
        s.rect("", (x, top + k as f64 * step, SCALE_WIDTH, step + 0.3), &svg::heat_colour(t), "");
    }
    let bottom = top + SCALE_STEPS as f64 * step;
    s.line("", (x, top), (x + SCALE_WIDTH, top), TEXT, 0.5);
    s.text(x + SCALE_WIDTH + 6.0, top + 9.0, "start", 11.0, "normal", &format!("{most} deals"));
    s.text(x + SCALE_WIDTH + 6.0, bottom, "start", 11.0, "normal", "1");
    s.rect("", (x, bottom + 10.0, SCALE_WIDTH, 14.0), "#ffffff", TEXT);
    s.text(x + SCALE_WIDTH + 6.0, bottom + 21.0, "start", 11.0, "normal", "none");
}
