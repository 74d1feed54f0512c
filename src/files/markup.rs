//! Text escaped for HTML and XML (the hand records' page, the charts' SVG): the five
//! characters that markup reads escaped, and the control characters XML 1.0 lacks made spaces.

/// Appends `text` to `out`, escaped for markup's text and attribute values.
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // `&#39;` rather than `&apos;`, which HTML 4 lacks.
            '\'' => out.push_str("&#39;"),
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
}

/// `text` escaped for markup's text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped_and_controls_made_spaces() {
        assert_eq!(escape("<a href=\"x\">R&D's</a>\u{1}\n"), "&lt;a href=&quot;x&quot;&gt;R&amp;D&#39;s&lt;/a&gt; \n");
        assert_eq!(escape("♠ AKQ"), "♠ AKQ");
    }
}
