//! The SVG the charts are drawn in: an element builder that escapes what it writes, numbers
//! written the same way on every machine, an axis's ticks at round values, the colours.

use std::fmt::Write as _;

/// The font of every chart: one a reader's system has, in order of preference.
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// The colour of the bars, the dots and the intervals: viridis's blue, dark enough for print.
pub const INK: &str = "#3b528b";
/// The colour of the text and the axes.
pub const TEXT: &str = "#222222";
/// The colour of the grid lines and of the cells of no deal's border.
pub const GRID: &str = "#d9d9d9";

/// A chart's `<svg>` element being written.
pub struct Svg {
    out: String,
}

impl Svg {
    /// An `<svg>` element of `width` by `height` pixels.
    pub fn new(width: f64, height: f64) -> Svg {
        let mut out = String::with_capacity(1 << 14);
        let (w, h) = (num(width), num(height));
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\" font-size=\"12\" fill=\"{TEXT}\">"
        );
        out.push_str(&format!("<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n"));
        Svg { out }
    }

    /// The chart's heading: its title, and a smaller subtitle beneath; the height they take
    /// ([`heading_height`]).
    pub fn heading(&mut self, heading: &super::Heading, x: f64) -> f64 {
        self.text(x, 22.0, "start", 15.0, "bold", &heading.title);
        if let Some(s) = &heading.subtitle {
            self.text(x, 40.0, "start", 11.0, "normal", s);
        }
        heading_height(heading)
    }

    /// A line from (`x1`, `y1`) to (`x2`, `y2`), `colour`, `width` wide; `class` names it
    /// (empty: none).
    pub fn line(&mut self, class: &str, (x1, y1): (f64, f64), (x2, y2): (f64, f64), colour: &str, width: f64) {
        let _ = writeln!(
            self.out,
            "<line{} x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"{}\"/>",
            class_attr(class),
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            num(width)
        );
    }

    /// A rectangle, filled with `fill`, its border `stroke` (empty: none); `class` names it.
    pub fn rect(&mut self, class: &str, (x, y, w, h): (f64, f64, f64, f64), fill: &str, stroke: &str) {
        let stroke = if stroke.is_empty() { String::new() } else { format!(" stroke=\"{stroke}\" stroke-width=\"0.5\"") };
        let _ = writeln!(
            self.out,
            "<rect{} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"{stroke}/>",
            class_attr(class),
            num(x),
            num(y),
            num(w),
            num(h)
        );
    }

    /// A text at (`x`, `y`) (its baseline), anchored `anchor` (`start`, `middle`, `end`),
    /// `size` pixels high, `weight` `normal` or `bold`.
    pub fn text(&mut self, x: f64, y: f64, anchor: &str, size: f64, weight: &str, text: &str) {
        let weight = if weight == "bold" { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\" font-size=\"{}\"{weight}>{}</text>",
            num(x),
            num(y),
            num(size),
            escape(text)
        );
    }

    /// A text turned a quarter to the left (read upwards), centred on (`x`, `y`).
    pub fn text_up(&mut self, x: f64, y: f64, text: &str) {
        let (x, y) = (num(x), num(y));
        let _ = writeln!(self.out, "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" transform=\"rotate(-90 {x} {y})\">{}</text>", escape(text));
    }

    /// Opens a group whose numbers show on hover: `hover` in its `<title>`; `class` names it.
    pub fn hover_group(&mut self, class: &str, hover: &str) {
        let _ = writeln!(self.out, "<g{}><title>{}</title>", class_attr(class), escape(hover));
    }

    /// An invisible rectangle that catches the pointer for its group's `<title>`, so that
    /// a bar too short to point at still shows its numbers.
    pub fn hit_area(&mut self, (x, y, w, h): (f64, f64, f64, f64)) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" pointer-events=\"all\"/>",
            num(x),
            num(y),
            num(w),
            num(h)
        );
    }

    /// A circle at (`x`, `y`) of radius `r`, filled with `fill`; `class` names it.
    pub fn circle(&mut self, class: &str, (x, y): (f64, f64), r: f64, fill: &str) {
        let _ = writeln!(self.out, "<circle{} cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\"/>", class_attr(class), num(x), num(y), num(r));
    }

    /// Closes the group opened last.
    pub fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// The whole element.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// The height a chart's heading takes: its title, and its subtitle when it has one.
pub fn heading_height(heading: &super::Heading) -> f64 {
    if heading.subtitle.is_some() {
        50.0
    } else {
        34.0
    }
}

/// ` class="NAME"`, or nothing for an empty name.
fn class_attr(class: &str) -> String {
    if class.is_empty() {
        String::new()
    } else {
        format!(" class=\"{class}\"")
    }
}

/// A coordinate or a size, to the hundredth of a pixel, without trailing zeros (`12`,
/// `12.5`, `-3.25`; never `-0`).
pub fn num(v: f64) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    let text = format!("{:.2}", v);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

pub use crate::files::markup::escape;

/// The width `text` takes at `size` pixels, about: a character is at most 0.62 of the
/// size wide in the fonts of [`FONT`].
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.62
}

/// Round values for an axis from `low` to `high`, about `wanted` of them: multiples of 1,
/// 2 or 5 times a power of ten between `low` and `high` (both included when they are such
/// multiples), with the decimals their labels need.
pub fn ticks(low: f64, high: f64, wanted: usize) -> (Vec<f64>, usize) {
    let span = high - low;
    if !(span.is_finite() && span > 0.0) {
        return (vec![low], 0);
    }
    let raw = span / wanted.max(1) as f64;
    let power = 10f64.powi(raw.log10().floor() as i32);
    let step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|s| *s >= raw * 0.999).unwrap_or(10.0 * power);
    let decimals = (-(step.log10().floor() as i32)).max(0) as usize;
    let first = (low / step - 1e-9).ceil() as i64;
    let last = (high / step + 1e-9).floor() as i64;
    ((first..=last).map(|k| k as f64 * step).collect(), decimals)
}

/// The smallest round value (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) at
/// or above `v`, a positive number: the top of an axis from zero, with little room to spare.
pub fn round_up(v: f64) -> f64 {
    if !(v.is_finite() && v > 0.0) {
        return 1.0;
    }
    let power = 10f64.powi(v.log10().floor() as i32);
    [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0].into_iter().map(|m| m * power).find(|s| *s >= v * (1.0 - 1e-12)).unwrap_or(10.0 * power)
}

/// A tick's label: `v` with `decimals` decimals (never `-0`).
pub fn tick_label(v: f64, decimals: usize) -> String {
    let text = format!("{v:.decimals$}");
    if text.starts_with('-') && text[1..].bytes().all(|b| b == b'0' || b == b'.') {
        text[1..].to_string()
    } else {
        text
    }
}

/// The viridis colour scale at ten points, from dark purple to yellow: its lightness rises
/// all along, so it reads in grey, and colour-blind readers tell its ends apart.
const VIRIDIS: [(u8, u8, u8); 10] = [
    (0x44, 0x01, 0x54),
    (0x48, 0x28, 0x78),
    (0x3e, 0x49, 0x89),
    (0x31, 0x68, 0x8e),
    (0x26, 0x82, 0x8e),
    (0x1f, 0x9e, 0x89),
    (0x35, 0xb7, 0x79),
    (0x6e, 0xce, 0x58),
    (0xb5, 0xde, 0x2b),
    (0xfd, 0xe7, 0x25),
];

/// The colour of a cell holding `t` (between 0 and 1) of the most a cell holds: viridis
/// from light (few deals) to dark (many), as ink on paper.
pub fn heat_colour(t: f64) -> String {
    let t = if t.is_finite() { t.clamp(0.0, 1.0) } else { 0.0 };
    // Reversed: 0 is yellow, 1 dark purple.
    let at = (1.0 - t) * (VIRIDIS.len() - 1) as f64;
    let i = (at.floor() as usize).min(VIRIDIS.len() - 2);
    let f = at - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (VIRIDIS[i], VIRIDIS[i + 1]);
    format!("#{:02x}{:02x}{:02x}", mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}
