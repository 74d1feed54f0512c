//! The teacher's page (`GET /`): one HTML page, its style sheet and its script, built into
//! the binary (`src/serve/page/`), plain HTML, CSS and JavaScript with nothing fetched from
//! elsewhere. It speaks to the JSON API: `POST /api/run` for the deals and the statistics (the
//! charts drawn by dealvm itself), `POST /api/boards` for the downloads. The examples of the
//! repository's `examples/` folder and the board formats of `/api/boards` are written into
//! the page, so that the page needs no other call.

use super::engine::Download;

/// The page, with `/*EXAMPLES*/` and `/*FORMATS*/` still to fill.
const INDEX: &str = include_str!("page/index.html");

/// The page's style sheet, `GET /page.css`.
pub const CSS: &str = include_str!("page/page.css");

/// The page's script, `GET /page.js`.
pub const SCRIPT: &str = include_str!("page/page.js");

/// The examples offered on the page: a name and the script.
const EXAMPLES: [(&str, &str); 5] = [
    ("1NT openings: how often, how many points", include_str!("../../examples/1nt-opener.dli")),
    ("A club session: 24 boards", include_str!("../../examples/club-session.dli")),
    ("A weak two in South", include_str!("../../examples/weak-two.dli")),
    ("Fits: how many trumps together", include_str!("../../examples/fit-study.dli")),
    ("A rare hand, dealt exactly", include_str!("../../examples/rare.dli")),
];

/// JSON for a `<script type="application/json">` element: no `</` that would end it.
fn in_script(value: &serde_json::Value) -> String {
    value.to_string().replace("</", "<\\/")
}

/// The page, its examples and formats filled in.
pub fn index() -> String {
    let examples = serde_json::json!(EXAMPLES.iter().map(|(name, text)| [*name, *text]).collect::<Vec<_>>());
    let formats: Vec<[String; 2]> = Download::all().into_iter().map(|d| [d.name(), d.label().to_string()]).collect();
    INDEX.replace("/*EXAMPLES*/", &in_script(&examples)).replace("/*FORMATS*/", &in_script(&serde_json::json!(formats)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_holds_its_examples_and_formats_and_fetches_nothing_elsewhere() {
        let page = index();
        assert!(!page.contains("/*EXAMPLES*/") && !page.contains("/*FORMATS*/"));
        let start = page.find("id=\"example-scripts\">").unwrap() + "id=\"example-scripts\">".len();
        let end = start + page[start..].find("</script>").unwrap();
        let examples: Vec<[String; 2]> = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(examples.len(), EXAMPLES.len());
        assert!(examples.iter().all(|[name, text]| !name.is_empty() && !text.trim().is_empty()));
        for d in Download::all() {
            assert!(!d.label().is_empty(), "{} has a label", d.name());
        }
        for text in [page.as_str(), CSS, SCRIPT] {
            assert!(!text.contains("http://") && !text.contains("https://") && !text.contains("@import"), "nothing from elsewhere");
        }
        assert_eq!(in_script(&serde_json::json!("a</script>b")), "\"a<\\/script>b\"");
    }
}
