//! The charts read back: each drawing parsed as XML by a small checker, and its shapes
//! measured against the figures it draws.

use super::*;
use crate::report::estimate::Z95;

/// An element of a parsed document: its name, attributes, the text directly in it, and its
/// parent (an index among the elements; `None` for the root).
#[derive(Debug)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    text: String,
    parent: Option<usize>,
}

impl Element {
    fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn number(&self, name: &str) -> f64 {
        self.attribute(name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("<{}> has no number {name}", self.name))
    }
}

/// The elements of `xml`, a well-formed XML document (an XML declaration, one root, tags
/// closed in order, attributes quoted and given once, only XML's entities), in document order;
/// why not, else.
fn parse(xml: &str) -> Result<Vec<Element>, String> {
    let mut rest = xml.strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>").unwrap_or(xml);
    let (mut elements, mut open): (Vec<Element>, Vec<usize>) = (Vec::new(), Vec::new());
    let mut roots = 0;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            text(rest, &open, &mut elements)?;
            break;
        };
        text(&rest[..lt], &open, &mut elements)?;
        rest = &rest[lt + 1..];
        let gt = rest.find('>').ok_or("a tag is not closed")?;
        let tag = &rest[..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let last = open.pop().ok_or(format!("</{name}> closes nothing"))?;
            if elements[last].name != name {
                return Err(format!("</{name}> closes <{}>", elements[last].name));
            }
            continue;
        }
        let (tag, empty) = tag.strip_suffix('/').map_or((tag, false), |t| (t, true));
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = &tag[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || "-_:.".contains(c)) {
            return Err(format!("a bad element name `{name}`"));
        }
        let mut attributes: Vec<(String, String)> = Vec::new();
        let mut list = tag[name_end..].trim_start();
        while !list.is_empty() {
            let eq = list.find('=').ok_or(format!("<{name}>: an attribute without a value"))?;
            let key = list[..eq].trim();
            let quoted = list[eq + 1..].trim_start();
            let quote = quoted.chars().next().filter(|q| *q == '"' || *q == '\'').ok_or(format!("<{name} {key}>: a value not quoted"))?;
            let end = quoted[1..].find(quote).ok_or(format!("<{name} {key}>: a value not closed"))?;
            let value = unescape(&quoted[1..1 + end])?;
            if attributes.iter().any(|(k, _)| k == key) {
                return Err(format!("<{name}>: {key} twice"));
            }
            attributes.push((key.to_string(), value));
            list = quoted[end + 2..].trim_start();
        }
        if open.is_empty() {
            roots += 1;
        }
        elements.push(Element { name: name.to_string(), attributes, text: String::new(), parent: open.last().copied() });
        if !empty {
            open.push(elements.len() - 1);
        }
    }
    match (open.last(), roots) {
        (Some(&e), _) => Err(format!("<{}> is not closed", elements[e].name)),
        (None, 1) => Ok(elements),
        (None, n) => Err(format!("{n} root elements")),
    }
}

/// Adds the text `t` to the element open last; outside the root only white space may stand.
fn text(t: &str, open: &[usize], elements: &mut [Element]) -> Result<(), String> {
    match open.last() {
        Some(&e) => elements[e].text += &unescape(t)?,
        None if t.trim().is_empty() => {}
        None => return Err(format!("text outside the root: {t:?}")),
    }
    Ok(())
}

/// `t` with XML's entities replaced; an `&` that starts none, or a `<`, is an error.
fn unescape(t: &str) -> Result<String, String> {
    if t.contains('<') {
        return Err(format!("a `<` in text: {t:?}"));
    }
    let mut out = String::new();
    let mut rest = t;
    while let Some(amp) = rest.find('&') {
        out += &rest[..amp];
        let semi = rest[amp..].find(';').ok_or(format!("an `&` alone: {t:?}"))?;
        out.push(match &rest[amp + 1..amp + semi] {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "#39" => '\'',
            other => return Err(format!("an unknown entity &{other};")),
        });
        rest = &rest[amp + semi + 1..];
    }
    Ok(out + rest)
}

/// The elements of a drawing, checked well-formed.
fn elements(drawn: &Drawn) -> Vec<Element> {
    let elements = parse(&drawn.svg).unwrap_or_else(|e| panic!("not well-formed: {e}\n{}", drawn.svg));
    assert_eq!(elements[0].name, "svg");
    assert_eq!((elements[0].number("width"), elements[0].number("height")), (drawn.width, drawn.height));
    elements
}

/// The elements of class `class`, each with the text of its group's `<title>`.
fn of_class<'a>(elements: &'a [Element], class: &str) -> Vec<(&'a Element, String)> {
    let title = |e: &Element| {
        let group = e.parent.expect("in a group");
        let t = elements.iter().find(|t| t.name == "title" && t.parent == Some(group));
        t.map_or(String::new(), |t| t.text.clone())
    };
    elements.iter().filter(|e| e.attribute("class") == Some(class)).map(|e| (e, title(e))).collect()
}

fn heading(title: &str) -> Heading {
    Heading { title: title.into(), subtitle: Some(format!("frequency \"{title}\" (x, 0, 5)")) }
}

fn named(values: &[&str]) -> Vec<CellName> {
    values.iter().map(|v| CellName { tick: v.to_string(), hover: format!("x = {v}") }).collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.011
}

#[test]
fn bars_are_as_high_as_their_counts_and_their_error_bars_one_standard_error() {
    let counts = [0u64, 7, 130, 2410, 999, 1];
    let n: u64 = counts.iter().sum::<u64>() + 3;
    let names = named(&["Low", "1", "2", "3", "4", "High"]);
    for errors in [false, true] {
        let bars = Bars { heading: heading("lengths"), axis: "x".into(), n, bars: names.iter().cloned().zip(counts).collect(), errors };
        let drawn = Chart::Bars(bars.clone()).draw();
        assert_eq!(drawn, Chart::Bars(bars).draw(), "the same figures, the same bytes");
        let elements = elements(&drawn);
        let shown = of_class(&elements, "bar");
        assert_eq!(shown.len(), counts.len());
        let per_deal = shown[3].0.number("height") / counts[3] as f64;
        let bottom = shown[3].0.number("y") + shown[3].0.number("height");
        for ((bar, title), (&count, name)) in shown.iter().zip(counts.iter().zip(&names)) {
            assert!(close(bar.number("height"), per_deal * count as f64), "{title}: {bar:?}");
            assert!(close(bar.number("y") + bar.number("height"), bottom), "every bar stands on the axis");
            let share = Share { count, n };
            let mut want = format!("{}: {count} of {n} deals, {:.2}%", name.hover, 100.0 * share.proportion().unwrap());
            if errors {
                let (low, high) = share.interval95().unwrap();
                let se = share.standard_error().unwrap();
                want += &format!(", standard error {:.2}%, 95% interval {:.2}% to {:.2}%", 100.0 * se, 100.0 * low, 100.0 * high);
            }
            assert_eq!(title, &want);
        }
        let error_bars = of_class(&elements, "se");
        assert_eq!(error_bars.len(), if errors { counts.len() } else { 0 });
        for ((line, _), &count) in error_bars.iter().zip(&counts) {
            let se = Share { count, n }.standard_error().unwrap();
            let half = (line.number("y1") - line.number("y2")) / 2.0;
            assert!(close(half, per_deal * n as f64 * se), "count {count}: half-length {half}");
            let middle = (line.number("y1") + line.number("y2")) / 2.0;
            assert!(close(middle, bottom - per_deal * count as f64), "centred on the bar's top");
        }
    }
}

#[test]
fn a_heat_map_has_a_cell_per_pair_with_its_count() {
    let (rows, columns) = (named(&["0", "1", "2"]), named(&["5", "6", "7", "High"]));
    let counts: Vec<u64> = vec![0, 3, 14, 1, 15, 92, 65, 0, 35, 89, 79, 0];
    let n = counts.iter().sum();
    let map =
        HeatMap { heading: heading("two"), rows: ("x".into(), rows.clone()), columns: ("y".into(), columns.clone()), n, counts: counts.clone() };
    let drawn = Chart::HeatMap(map).draw();
    let elements = elements(&drawn);
    let cells = of_class(&elements, "heat");
    assert_eq!(cells.len(), 12);
    for (k, (cell, title)) in cells.iter().enumerate() {
        let (row, column, count) = (&rows[k / 4], &columns[k % 4], counts[k]);
        let percent = 100.0 * count as f64 / n as f64;
        assert_eq!(title, &format!("{}, {}: {count} of {n} deals, {percent:.2}%", row.hover, column.hover));
        let fill = cell.attribute("fill").unwrap();
        assert_eq!(fill == "#ffffff", count == 0, "white for no deal only");
        if count == 92 {
            assert_eq!(fill, "#440154", "the darkest colour for the most");
        }
    }
    // The cells lie in rows and columns, in order.
    let xs: Vec<f64> = cells.iter().take(4).map(|(c, _)| c.number("x")).collect();
    assert!(xs.windows(2).all(|w| w[1] > w[0]));
    assert!(close(cells[4].0.number("y") - cells[0].0.number("y"), cells[0].0.number("height")));
}

#[test]
fn the_cells_beyond_the_bounds_show_only_when_a_deal_fell_there() {
    let names = |expr: &str| values(expr, 0, 2, 1);
    // Rows Low, 0, 1, 2, High by columns Low, 0, 1, 2, High: only the High column is used.
    let mut counts = vec![0u64; 25];
    counts[6] = 4;
    counts[5 * 3 + 4] = 2;
    let map = heat_map(heading("t"), ("x".into(), names("x")), ("y".into(), names("y")), 6, &counts);
    let ticks = |names: &[CellName]| names.iter().map(|n| n.tick.clone()).collect::<Vec<_>>();
    assert_eq!(ticks(&map.rows.1), ["0", "1", "2"]);
    assert_eq!(ticks(&map.columns.1), ["0", "1", "2", "High"]);
    assert_eq!(map.counts, [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    assert_eq!(map.columns.1[3].hover, "y above 2");
    let cells = shown_cells(names("x"), &[1, 0, 5, 0, 0]);
    assert_eq!(cells.iter().map(|(n, c)| (n.tick.as_str(), *c)).collect::<Vec<_>>(), [("Low", 1), ("0", 0), ("1", 5), ("2", 0)]);
    let buckets = values("hcp", 10, 20, 5);
    assert_eq!(buckets[1].hover, "hcp 10 to 14");
    assert_eq!(buckets.last().unwrap().hover, "hcp above 24");
}

#[test]
fn an_average_is_a_dot_on_its_interval_of_196_standard_errors() {
    let values = [2i128, 4, 4, 4, 5, 5, 7, 9, 11, 3];
    let mean = Mean { n: values.len() as u64, sum: values.iter().sum(), sum_sq: values.iter().map(|v| v * v).sum() };
    let chart = MeanChart { heading: heading("points"), axis: "hcp(north)".into(), mean };
    let shapes = elements(&Chart::Mean(chart).draw());
    let range = means::range(&mean).unwrap();
    let (dot, title) = &of_class(&shapes, "dot")[0];
    let (line, _) = &of_class(&shapes, "interval")[0];
    let (m, se) = (mean.mean().unwrap(), mean.standard_error().unwrap());
    assert!(close(dot.number("cx"), means::x_of(m, range)));
    let per_unit = means::x_of(1.0, range) - means::x_of(0.0, range);
    assert!(close(line.number("x2") - dot.number("cx"), Z95 * se * per_unit));
    assert!(close(dot.number("cx") - line.number("x1"), Z95 * se * per_unit));
    let (low, high) = mean.interval95().unwrap();
    assert_eq!(
        title,
        &format!("mean {m:.4}, standard error {se:.4}, 95% interval {low:.4} to {high:.4}, standard deviation {:.4}, 10 deals", mean.sd().unwrap())
    );
    // One deal: the dot alone; none: no dot.
    for (n, dots, intervals) in [(1u64, 1, 0), (0, 0, 0)] {
        let mean = Mean { n, sum: 3 * n as i128, sum_sq: 9 * n as i128 };
        let shapes = elements(&Chart::Mean(MeanChart { heading: heading("p"), axis: "x".into(), mean }).draw());
        assert_eq!((of_class(&shapes, "dot").len(), of_class(&shapes, "interval").len()), (dots, intervals));
    }
}

#[test]
fn text_is_escaped_and_numbers_written_alike_everywhere() {
    let bars = Bars {
        heading: Heading { title: "a < b & \"c\" 'd'".into(), subtitle: None },
        axis: "x > 1\u{1}".into(),
        n: 0,
        bars: named(&["<1"]).into_iter().map(|c| (c, 0)).collect(),
        errors: true,
    };
    let elements = elements(&Chart::Bars(bars).draw());
    assert!(elements.iter().any(|e| e.text == "a < b & \"c\" 'd'"));
    assert!(elements.iter().any(|e| e.text == "x > 1 "), "a control character becomes a space");
    assert_eq!([svg::num(12.0), svg::num(-0.001), svg::num(1.23456), svg::num(2.5)], ["12", "0", "1.23", "2.5"]);
    assert_eq!(svg::ticks(0.0, 40.0, 5), (vec![0.0, 10.0, 20.0, 30.0, 40.0], 0));
    assert_eq!(svg::ticks(9.85, 10.06, 6).1, 2);
    assert_eq!([svg::round_up(31.0), svg::round_up(0.7), svg::round_up(9.6), svg::round_up(0.0)], [40.0, 0.8, 10.0, 1.0]);
    assert_eq!(svg::tick_label(-0.0001, 2), "0.00");
    assert_eq!((svg::heat_colour(1.0), svg::heat_colour(0.0)), ("#440154".to_string(), "#fde725".to_string()));
}

#[test]
fn the_files_hold_every_chart_and_fetch_nothing() {
    let bars = Chart::Bars(Bars {
        heading: heading("b"),
        axis: "x".into(),
        n: 4,
        bars: named(&["1", "2"]).into_iter().zip([1, 3]).collect(),
        errors: false,
    });
    let mean = Chart::Mean(MeanChart { heading: heading("m"), axis: "x".into(), mean: Mean { n: 4, sum: 10, sum_sq: 30 } });
    let drawn = [bars.draw(), mean.draw()];
    let run = page::RunLine { title: "Study <1>", facts: "s.dli, seed 1" };
    let doc = page::svg(&run, &drawn);
    let elements = parse(&doc).unwrap_or_else(|e| panic!("{e}\n{doc}"));
    assert_eq!(elements.iter().filter(|e| e.name == "svg").count(), 3, "the document and its two charts");
    let moved: Vec<&str> = elements.iter().filter(|e| e.name == "g" && e.parent == Some(0)).filter_map(|e| e.attribute("transform")).collect();
    assert_eq!(moved, ["translate(0 52)", format!("translate(0 {})", svg::num(52.0 + drawn[0].height + 16.0)).as_str()]);
    let html = page::html(&run, &drawn);
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<title>Study &lt;1&gt;</title>"));
    for chart in &drawn {
        assert!(html.contains(&chart.svg), "the page holds each chart's element as drawn");
    }
    for fetch in ["<script", "src=", "href=", "url(", "@import", "<link"] {
        assert!(!html.contains(fetch), "{fetch} in the page");
    }
    let addresses: Vec<&str> = html.match_indices("http").map(|(i, _)| &html[i..i + 26]).collect();
    assert!(addresses.iter().all(|a| *a == "http://www.w3.org/2000/svg"), "{addresses:?}");
}

#[test]
fn the_form_is_told_by_the_extension() {
    use std::path::Path;
    assert_eq!(Form::of_path(Path::new("a/charts.HTML")), Some(Form::Html));
    assert_eq!(Form::of_path(Path::new("c.htm")), Some(Form::Html));
    assert_eq!(Form::of_path(Path::new("c.svg")), Some(Form::Svg));
    assert_eq!(Form::of_path(Path::new("c.png")), None);
    assert_eq!(Form::of_path(Path::new("svg")), None);
}
