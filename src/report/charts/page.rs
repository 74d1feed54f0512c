//! The file of a run's charts: one HTML page holding them all (inline SVG and CSS, no
//! script, nothing fetched), or one SVG document with the charts stacked from top to bottom.

use super::svg::{self, escape};
use super::Drawn;

/// What the file says of the run above its charts: its title (`-T`, or the input's name)
/// and a line of facts (the input, the seed, the deals).
pub struct RunLine<'a> {
    pub title: &'a str,
    pub facts: &'a str,
}

/// The style of the page: the charts one under the other, as wide as the page allows, none
/// cut across two printed pages.
const STYLE: &str =
    "body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;color:#222;background:#fff;margin:2em auto;max-width:1000px;padding:0 1em}\
h1{font-size:1.4em;margin:0 0 .2em}p.facts{color:#555;margin:0 0 1.5em}\
figure{margin:0 0 2em;break-inside:avoid;page-break-inside:avoid}figure svg{max-width:100%;height:auto}";

/// The HTML page of `charts`.
pub fn html(run: &RunLine, charts: &[Drawn]) -> String {
    let mut page = String::with_capacity(charts.iter().map(|c| c.svg.len() + 32).sum::<usize>() + 1024);
    page.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    page.push_str(&format!("<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n", escape(run.title)));
    page.push_str(&format!("<h1>{}</h1>\n<p class=\"facts\">{}</p>\n", escape(run.title), escape(run.facts)));
    for chart in charts {
        page.push_str("<figure>\n");
        page.push_str(&chart.svg);
        page.push_str("</figure>\n");
    }
    page.push_str("</body>\n</html>\n");
    page
}

/// The space between two stacked charts, and the height of the run's line above them.
const GAP: f64 = 16.0;
const HEAD: f64 = 52.0;

/// One SVG document of `charts`, stacked from top to bottom under the run's title and facts;
/// each chart's `<svg>` element is the one the page holds, moved down.
pub fn svg(run: &RunLine, charts: &[Drawn]) -> String {
    let width = charts.iter().map(|c| c.width).fold(svg::text_width(run.title, 16.0).max(svg::text_width(run.facts, 11.0)) + 24.0, f64::max).ceil();
    let height = HEAD + charts.iter().map(|c| c.height + GAP).sum::<f64>();
    let (w, h) = (svg::num(width), svg::num(height));
    let mut doc = String::with_capacity(charts.iter().map(|c| c.svg.len() + 64).sum::<usize>() + 1024);
    doc.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    doc.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" fill=\"#222222\">\n"
    ));
    doc.push_str(&format!("<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n"));
    doc.push_str(&format!("<text x=\"12\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{}</text>\n", escape(run.title)));
    doc.push_str(&format!("<text x=\"12\" y=\"42\" font-size=\"11\" fill=\"#555555\">{}</text>\n", escape(run.facts)));
    let mut y = HEAD;
    for chart in charts {
        doc.push_str(&format!("<g transform=\"translate(0 {})\">\n", svg::num(y)));
        doc.push_str(&chart.svg);
        doc.push_str("</g>\n");
        y += chart.height + GAP;
    }
    doc.push_str("</svg>\n");
    doc
}
