//! The chart of an `average`: the mean as a dot on its 95% interval (mean ± 1.96 standard
//! errors), on an axis around the interval. One chart per average: the values of a run's
//! averages have scales of their own (points, tricks, a score), and on one axis the narrow
//! intervals would vanish.

use super::svg::{self, Svg, GRID, INK, TEXT};
use super::{Drawn, MeanChart};
use crate::report::estimate::Mean;

/// The space left of the axis, and the axis's length.
const LEFT: f64 = 40.0;
const AXIS: f64 = 560.0;

/// The values the axis runs over: the interval and as much again on each side, or around
/// the mean when there is no interval (`None` without a deal).
pub(super) fn range(m: &Mean) -> Option<(f64, f64)> {
    let mean = m.mean()?;
    let around = |v: f64| {
        let half = (v.abs() * 0.05).max(1.0);
        (v - half, v + half)
    };
    Some(match m.interval95() {
        Some((low, high)) if high > low => {
            let span = high - low;
            (low - 0.6 * span, high + 0.6 * span)
        }
        _ => around(mean),
    })
}

/// Where value `v` lies on the axis running over `(low, high)`.
pub(super) fn x_of(v: f64, (low, high): (f64, f64)) -> f64 {
    LEFT + (v - low) / (high - low) * AXIS
}

/// The figures of a mean as the hover and the note under the axis give them, with four
/// decimals as the text report prints them.
fn figures(m: &Mean) -> String {
    let four = |v: f64| svg::tick_label(v, 4);
    match (m.mean(), m.standard_error(), m.interval95()) {
        (None, _, _) => "no deal was produced".to_string(),
        (Some(mean), Some(se), Some((low, high))) => format!(
            "mean {}, standard error {}, 95% interval {} to {}, standard deviation {}, {} deals",
            four(mean),
            four(se),
            four(low),
            four(high),
            four(m.sd().unwrap_or(0.0)),
            m.n
        ),
        (Some(mean), _, _) => format!("mean {}, {} deal (no interval under two deals)", four(mean), m.n),
    }
}

/// Draws a horizontal axis over the values `range` at height `axis_y`, from `x_from` to `x_to`:
/// about `wanted` ticks, each with its label and a grid line up to `top`; `x` places a value.
pub(super) fn value_axis(
    s: &mut Svg,
    range: (f64, f64),
    wanted: usize,
    (top, axis_y): (f64, f64),
    (x_from, x_to): (f64, f64),
    x: &dyn Fn(f64) -> f64,
) {
    let (ticks, decimals) = svg::ticks(range.0, range.1, wanted);
    for t in ticks {
        let at = x(t);
        s.line("", (at, top), (at, axis_y), GRID, 1.0);
        s.line("", (at, axis_y), (at, axis_y + 4.0), TEXT, 1.0);
        s.text(at, axis_y + 16.0, "middle", 11.0, "normal", &svg::tick_label(t, decimals));
    }
    s.line("", (x_from, axis_y), (x_to, axis_y), TEXT, 1.0);
}

/// Draws mean `m` as a dot on its 95% interval at height `y`, the interval's ends `end` up and
/// down, `x` placing a value on the axis.
pub(super) fn dot_on_interval(s: &mut Svg, m: &Mean, y: f64, end: f64, x: &dyn Fn(f64) -> f64) {
    if let Some((low, high)) = m.interval95() {
        let (a, b) = (x(low), x(high));
        s.line("interval", (a, y), (b, y), INK, 2.0);
        s.line("", (a, y - end), (a, y + end), INK, 2.0);
        s.line("", (b, y - end), (b, y + end), INK, 2.0);
    }
    if let Some(mean) = m.mean() {
        s.circle("dot", (x(mean), y), 5.0, INK);
    }
}

/// Draws the chart.
pub(super) fn draw(chart: &MeanChart) -> Drawn {
    let heading = &chart.heading;
    let note = figures(&chart.mean);
    let widest = [
        LEFT * 2.0 + AXIS,
        svg::text_width(&heading.title, 15.0) + 32.0,
        heading.subtitle.as_deref().map_or(0.0, |s| svg::text_width(s, 11.0) + 32.0),
        svg::text_width(&note, 10.0) + 32.0,
        svg::text_width(&chart.axis, 12.0) + 32.0,
    ];
    let width = widest.into_iter().fold(0.0, f64::max).ceil();
    let top = svg::heading_height(heading) + 14.0;
    let height = top + 106.0;
    let mut s = Svg::new(width, height);
    s.heading(heading, 12.0);
    let (row, axis_y) = (top + 20.0, top + 44.0);
    if let Some(range) = range(&chart.mean) {
        value_axis(&mut s, range, 6, (top, axis_y), (LEFT, LEFT + AXIS), &|v| x_of(v, range));
        s.hover_group("mean", &note);
        s.hit_area((LEFT, top, AXIS, axis_y - top));
        dot_on_interval(&mut s, &chart.mean, row, 6.0, &|v| x_of(v, range));
        s.end_group();
    }
    s.text(LEFT + AXIS / 2.0, axis_y + 36.0, "middle", 12.0, "normal", &chart.axis);
    s.text(LEFT + AXIS / 2.0, axis_y + 54.0, "middle", 10.0, "normal", &note);
    Drawn { svg: s.finish(), width, height }
}
