//! The bar chart of a 1-D table: a bar per cell, as high as the cell's share of the deals,
//! with an error bar of one binomial standard error either side under `--se`.

use super::svg::{self, Svg, GRID, INK, TEXT};
use super::{share_text, Bars, Drawn};
use crate::report::estimate::Share;

/// The space left of the plot, for the percentages and the axis's title.
const LEFT: f64 = 64.0;
/// The space right of the plot.
const RIGHT: f64 = 24.0;
/// The plot's height.
const PLOT_HEIGHT: f64 = 220.0;
/// The width the bars share when there are few; each bar's slot is between [`MIN_SLOT`] and
/// [`MAX_SLOT`] wide, so that a long table makes a wide chart.
const PLOT_WIDTH: f64 = 560.0;
const MIN_SLOT: f64 = 4.0;
const MAX_SLOT: f64 = 48.0;

/// The geometry of a bar chart: where its plot is and how tall a share is.
pub(super) struct Frame {
    /// The top of the plot.
    pub top: f64,
    /// The width of a bar's slot.
    pub slot: f64,
    /// The percentage at the top of the plot.
    pub y_top: f64,
}

impl Frame {
    /// The frame of `bars` under a heading `heading` pixels high.
    pub(super) fn of(bars: &Bars, heading: f64) -> Frame {
        let k = bars.bars.len().max(1) as f64;
        let slot = (PLOT_WIDTH / k).clamp(MIN_SLOT, MAX_SLOT);
        let highest = bars.bars.iter().map(|&(_, count)| reach(Share { count, n: bars.n }, bars.errors)).fold(0.0, f64::max);
        Frame { top: heading + 14.0, slot, y_top: svg::round_up(100.0 * highest) }
    }

    /// The height of a bar of `percent` percent of the deals.
    pub(super) fn height(&self, percent: f64) -> f64 {
        percent / self.y_top * PLOT_HEIGHT
    }

    /// The bottom of the plot.
    fn bottom(&self) -> f64 {
        self.top + PLOT_HEIGHT
    }
}

/// How high a cell's bar reaches: its proportion, and one standard error above with `errors`.
fn reach(share: Share, errors: bool) -> f64 {
    let p = share.proportion().unwrap_or(0.0);
    if errors {
        p + share.standard_error().unwrap_or(0.0)
    } else {
        p
    }
}

/// Draws the bar chart.
pub(super) fn draw(bars: &Bars) -> Drawn {
    let heading = &bars.heading;
    let k = bars.bars.len();
    let frame = Frame::of(bars, svg::heading_height(heading));
    let plot_width = frame.slot * k.max(1) as f64;
    let widest = [
        LEFT + plot_width + RIGHT,
        svg::text_width(&heading.title, 15.0) + 32.0,
        heading.subtitle.as_deref().map_or(0.0, |s| svg::text_width(s, 11.0) + 32.0),
        LEFT + svg::text_width(&bars.axis, 12.0) + RIGHT,
        360.0,
    ];
    let width = widest.into_iter().fold(0.0, f64::max).ceil();
    let height = frame.bottom() + 66.0;
    let mut s = Svg::new(width, height);
    s.heading(heading, 12.0);
    y_axis(&mut s, &frame, plot_width);
    for (i, (name, count)) in bars.bars.iter().enumerate() {
        let share = Share { count: *count, n: bars.n };
        let x = LEFT + i as f64 * frame.slot;
        s.hover_group("cell", &format!("{}: {}", name.hover, share_text(*count, bars.n, bars.errors)));
        s.hit_area((x, frame.top, frame.slot, PLOT_HEIGHT));
        let p = 100.0 * share.proportion().unwrap_or(0.0);
        let h = frame.height(p);
        s.rect("bar", (x + frame.slot * 0.1, frame.bottom() - h, frame.slot * 0.8, h), INK, "");
        if let (true, Some(se)) = (bars.errors, share.standard_error()) {
            let centre = x + frame.slot / 2.0;
            let (low, high) = (frame.bottom() - frame.height(p - 100.0 * se), frame.bottom() - frame.height(p + 100.0 * se));
            let cap = (frame.slot * 0.25).max(1.5);
            s.line("se", (centre, low), (centre, high), TEXT, 1.2);
            s.line("", (centre - cap, low), (centre + cap, low), TEXT, 1.2);
            s.line("", (centre - cap, high), (centre + cap, high), TEXT, 1.2);
        }
        s.end_group();
    }
    x_axis(&mut s, bars, &frame, plot_width);
    Drawn { svg: s.finish(), width, height }
}

/// The vertical axis: grid lines at round percentages, their labels, the axis's title.
fn y_axis(s: &mut Svg, frame: &Frame, plot_width: f64) {
    let (ticks, decimals) = svg::ticks(0.0, frame.y_top, 5);
    for t in ticks {
        let y = frame.bottom() - frame.height(t);
        s.line("", (LEFT, y), (LEFT + plot_width, y), GRID, 1.0);
        s.text(LEFT - 6.0, y + 4.0, "end", 11.0, "normal", &format!("{}%", svg::tick_label(t, decimals)));
    }
    s.text_up(16.0, frame.top + PLOT_HEIGHT / 2.0, "share of the deals");
}

/// The horizontal axis: its line, the cells' names (every few when they are crowded), the
/// axis's title and the number of deals.
fn x_axis(s: &mut Svg, bars: &Bars, frame: &Frame, plot_width: f64) {
    let bottom = frame.bottom();
    s.line("", (LEFT, bottom), (LEFT + plot_width, bottom), TEXT, 1.0);
    let widest = bars.bars.iter().map(|(name, _)| svg::text_width(&name.tick, 11.0)).fold(0.0, f64::max) + 6.0;
    let every = (widest / frame.slot).ceil().max(1.0) as usize;
    for (i, (name, _)) in bars.bars.iter().enumerate().filter(|(i, _)| i % every == 0) {
        s.text(LEFT + (i as f64 + 0.5) * frame.slot, bottom + 16.0, "middle", 11.0, "normal", &name.tick);
    }
    s.text(LEFT + plot_width / 2.0, bottom + 36.0, "middle", 12.0, "normal", &bars.axis);
    let note = match (bars.n, bars.errors) {
        (0, _) => "no deal was produced".to_string(),
        (n, false) => format!("{n} deals"),
        (n, true) => format!("{n} deals; error bars: one standard error either side"),
    };
    s.text(LEFT + plot_width / 2.0, bottom + 54.0, "middle", 10.0, "normal", &note);
}
