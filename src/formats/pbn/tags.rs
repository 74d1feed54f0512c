//! The tags of a PBN text, one after the other: comments (`%` lines, `;` to the line's end,
//! `{...}` commentary, which may span lines) skipped, and the data lines of a section (such as
//! an `OptimumResultTable`'s rows) given to the tag before them.

use crate::diag::Span;

/// One tag: name and value, with the value's place; for a tag not written `[Name "value"]`,
/// what is wrong with it (its value is then empty, and its place the whole tag).
pub(super) struct Tag<'a> {
    pub(super) name: &'a str,
    pub(super) value: &'a str,
    pub(super) value_span: Span,
    pub(super) fault: Option<String>,
}

/// Walks the tags of a PBN text, skipping comments and section data.
pub(super) struct Tags<'a> {
    pub(super) text: &'a str,
    pub(super) at: usize,
    /// Whether an empty line came before the tag just returned.
    pub(super) after_blank: bool,
}

impl<'a> Tags<'a> {
    /// The next tag, or an error with its place.
    pub(super) fn next_tag(&mut self) -> Result<Option<Tag<'a>>, (Span, String)> {
        let bytes = self.text.as_bytes();
        // Whether the current line holds nothing so far (not known at the start: the line
        // may hold the previous tag).
        let mut line_empty = self.at == 0;
        self.after_blank = false;
        while self.at < bytes.len() {
            let line_start = self.at == 0 || bytes[self.at - 1] == b'\n';
            match bytes[self.at] {
                b'\n' => {
                    self.after_blank |= line_empty && self.at > 0;
                    line_empty = true;
                    self.at += 1;
                }
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'%' if line_start => {
                    self.skip_line();
                    line_empty = true;
                }
                b';' => {
                    self.skip_line();
                    line_empty = true;
                }
                b'{' => {
                    let end =
                        self.text[self.at..].find('}').ok_or((Span::new(self.at, self.at + 1), "this comment has no closing `}`".to_string()))?;
                    self.at += end + 1;
                    line_empty = false;
                }
                b'[' => return self.tag().map(Some),
                _ => {
                    self.at += self.text[self.at..].chars().next().map_or(1, char::len_utf8);
                    line_empty = false;
                }
            }
        }
        Ok(None)
    }

    /// The data lines of the section after the tag just read, each with its offset, `;`
    /// comments left out: up to the next tag, an empty line, a `{` commentary or the end.
    /// Lines starting with `%` are skipped.
    pub(super) fn section_lines(&mut self) -> Vec<(usize, &'a str)> {
        let text = self.text;
        let mut lines = Vec::new();
        let mut pos = self.at;
        let mut first = true;
        while pos <= text.len() {
            let eol = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
            let raw = &text[pos..eol];
            if !first && raw.trim().is_empty() {
                break;
            }
            let data = raw.split(';').next().unwrap_or("");
            let trimmed = data.trim();
            if trimmed.starts_with('[') || trimmed.starts_with('{') {
                break;
            }
            let comment_line = !first && raw.starts_with('%');
            if !trimmed.is_empty() && !comment_line {
                lines.push((pos + (data.len() - data.trim_start().len()), trimmed));
            }
            self.at = eol;
            first = false;
            pos = eol + 1;
        }
        lines
    }

    /// Skips to the start of the next line.
    fn skip_line(&mut self) {
        self.at = self.text[self.at..].find('\n').map_or(self.text.len(), |i| self.at + i + 1);
    }

    /// A tag starting at `[`: `[Name "value"]`. A named tag written otherwise (its value not
    /// in quotes, without its closing quote or `]`) is given with its fault ([`Tags::faulty`]);
    /// a `[` without a name is an error.
    fn tag(&mut self) -> Result<Tag<'a>, (Span, String)> {
        let open = self.at;
        let rest = &self.text[open + 1..];
        let name_len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        let name = &rest[..name_len];
        let after = &rest[name_len..];
        let gap = after.len() - after.trim_start_matches([' ', '\t']).len();
        let quote = open + 1 + name_len + gap;
        if name.is_empty() {
            return Err((Span::new(open, quote + 1), "expected a tag such as `[Deal \"N:...\"]`".into()));
        }
        let bytes = self.text.as_bytes();
        if bytes.get(quote) != Some(&b'"') {
            return Ok(self.faulty(name, open, "its value is not in quotes"));
        }
        // The value runs to the next unescaped quote.
        let mut i = quote + 1;
        while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
            i += if bytes[i] == b'\\' { 2 } else { 1 };
        }
        if i >= bytes.len() || bytes[i] != b'"' {
            return Ok(self.faulty(name, open, "its value has no closing quote"));
        }
        let value = &self.text[quote + 1..i];
        let close = self.text[i + 1..].find(|c: char| c != ' ' && c != '\t').map(|j| i + 1 + j);
        if close.map(|c| bytes[c]) != Some(b']') {
            return Ok(self.faulty(name, open, "its value is not followed by `]`"));
        }
        self.at = close.expect("checked") + 1;
        Ok(Tag { name, value, value_span: Span::new(quote + 1, i), fault: None })
    }

    /// The tag `name` opened at `open` but not written `[Name "value"]` (`why` says how): it
    /// runs to its line's first `]` (or to the next `[`, or to the line's end); its value is
    /// empty and its place is the whole tag.
    fn faulty(&mut self, name: &'a str, open: usize, why: &str) -> Tag<'a> {
        let line_end = self.text[open..].find(['\n', '\r']).map_or(self.text.len(), |i| open + i);
        let end = match self.text[open + 1..line_end].find(['[', ']']).map(|i| open + 1 + i) {
            Some(close) if self.text.as_bytes()[close] == b']' => close + 1,
            Some(next) => next,
            None => line_end,
        };
        self.at = end;
        let shown = self.text[open..end].trim_end();
        let fault = format!("found `{shown}`, expected `[{name} \"...\"]`: {why}");
        Tag { name, value: "", value_span: Span::new(open, open + shown.len()), fault: Some(fault) }
    }
}
