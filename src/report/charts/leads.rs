//! The chart of an `evalleads`: a row per lead, best first, each the tricks the defenders take
//! on average after it as a dot on its 95% interval, all on one axis of tricks, so that the
//! leads compare at a glance; the share of deals on which the contract goes down and the
//! defenders' score are on hover.

use super::svg::{self, Svg};
use super::{Drawn, LeadsChart};

/// The space left of the axis (the leads' names), the axis's length, a row's height.
const LEFT: f64 = 90.0;
const AXIS: f64 = 520.0;
const ROW: f64 = 24.0;

/// The tricks the axis runs over: the leads' intervals (or means) and a trick on each side,
/// within 0 to 13.
fn range(chart: &LeadsChart) -> (f64, f64) {
    let ends = chart.leads.iter().flat_map(|l| match (l.tricks.interval95(), l.tricks.mean()) {
        (Some((low, high)), _) => vec![low, high],
        (None, Some(mean)) => vec![mean],
        (None, None) => vec![],
    });
    let (low, high) = ends.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
    if low > high {
        return (0.0, 13.0);
    }
    ((low - 1.0).floor().max(0.0), (high + 1.0).ceil().min(13.0))
}

/// Where `v` tricks lie on the axis running over `(low, high)`.
fn x_of(v: f64, (low, high): (f64, f64)) -> f64 {
    LEFT + (v - low) / (high - low) * AXIS
}

/// Draws the chart.
pub(super) fn draw(chart: &LeadsChart) -> Drawn {
    let heading = &chart.heading;
    let widest = [
        LEFT + AXIS + 40.0,
        svg::text_width(&heading.title, 15.0) + 32.0,
        heading.subtitle.as_deref().map_or(0.0, |s| svg::text_width(s, 11.0) + 32.0),
        svg::text_width(&chart.axis, 12.0) + LEFT + 32.0,
    ];
    let width = widest.into_iter().fold(0.0, f64::max).ceil();
    let top = svg::heading_height(heading) + 14.0;
    let axis_y = top + ROW * chart.leads.len().max(1) as f64 + 8.0;
    let height = axis_y + 48.0;
    let mut s = Svg::new(width, height);
    s.heading(heading, 12.0);
    let range = range(chart);
    super::means::value_axis(&mut s, range, 7, (top, axis_y), (LEFT, LEFT + AXIS), &|v| x_of(v, range));
    for (i, lead) in chart.leads.iter().enumerate() {
        let y = top + ROW * (i as f64 + 0.5);
        s.text(LEFT - 10.0, y + 4.0, "end", 12.0, if i == 0 { "bold" } else { "normal" }, &lead.name);
        s.hover_group("lead", &lead.hover);
        s.hit_area((0.0, y - ROW / 2.0, LEFT + AXIS, ROW));
        super::means::dot_on_interval(&mut s, &lead.tricks, y, 5.0, &|v| x_of(v, range));
        s.end_group();
    }
    s.text(LEFT + AXIS / 2.0, axis_y + 36.0, "middle", 12.0, "normal", &chart.axis);
    Drawn { svg: s.finish(), width, height }
}
