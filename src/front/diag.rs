//! Diagnostics: source positions and error messages that point into the input file.
//!
//! Every error names `file:line:column`, shows the offending line with a caret under the
//! offending text, and says what was found and what was expected.

use std::fmt;

/// A byte range of a source text.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    /// The span from `start` to `end` (byte offsets).
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end: end.max(start) }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// An input text with its name, as shown in messages.
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
}

impl Source {
    /// A source named `name` (a file name, or a description such as `-N argument`).
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Source { name: name.into(), text, line_starts }
    }

    /// The byte offset rounded down to the start of the character it falls in.
    pub fn char_start(&self, offset: usize) -> usize {
        let mut at = offset.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// The byte offset rounded up to the end of the character it falls in.
    pub fn char_end(&self, offset: usize) -> usize {
        let mut at = offset.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at += 1;
        }
        at
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.char_start(offset);
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let col = self.text[start..offset].chars().count() + 1;
        (line + 1, col)
    }

    /// The text of a 1-based line, without its line end.
    pub fn line_text(&self, line: usize) -> &str {
        let start = self.line_starts[line - 1];
        let end = self.line_starts.get(line).copied().unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }

    /// `name:line:column` of a byte offset.
    pub fn location(&self, offset: usize) -> String {
        let (line, col) = self.line_col(offset);
        format!("{}:{line}:{col}", self.name)
    }

    /// The source text of a span, widened to whole characters.
    pub fn slice(&self, span: Span) -> &str {
        &self.text[self.char_start(span.start)..self.char_end(span.end)]
    }
}

/// An error in the user's input, with the place it points at.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub message: String,
    pub span: Option<Span>,
    /// A short text shown next to the caret.
    pub label: Option<String>,
    pub notes: Vec<String>,
    /// The source the span points into, when it is not the input file.
    pub source: Option<Box<Source>>,
}

impl Diagnostic {
    /// An error with a message and no place.
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic { message: message.into(), span: None, label: None, notes: Vec::new(), source: None }
    }

    /// An error pointing at `span` of the input file.
    pub fn at(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { span: Some(span), ..Diagnostic::error(message) }
    }

    /// The same error with a label next to the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    /// The same error with a note below it.
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// The same error pointing into `source` instead of the input file.
    pub fn in_source(mut self, source: Source) -> Diagnostic {
        self.source = Some(Box::new(source));
        self
    }

    /// The message as shown to the user, with the place in `file` (the input file).
    pub fn render(&self, file: Option<&Source>) -> String {
        self.render_as("error", file)
    }

    /// The message shown as a warning: the run goes on.
    pub fn render_warning(&self, file: Option<&Source>) -> String {
        self.render_as("warning", file)
    }

    /// The message headed by `kind` (`error`, `warning`).
    fn render_as(&self, kind: &str, file: Option<&Source>) -> String {
        let mut out = format!("{kind}: {}\n", self.message);
        let src = self.source.as_deref().or(file);
        match (src, self.span) {
            (Some(src), Some(span)) => {
                let (line, col) = src.line_col(span.start);
                let gutter = line.to_string().len();
                out.push_str(&format!("{:gutter$}--> {}:{line}:{col}\n", "", src.name));
                out.push_str(&format!("{:gutter$} |\n", ""));
                let text = src.line_text(line);
                let (end_line, _) = src.line_col(span.end);
                let width = if end_line == line {
                    src.slice(span).chars().count().max(1)
                } else {
                    text.chars().count().saturating_sub(col - 1).max(1)
                };
                let (shown, caret_col, width) = window(text, col - 1, width);
                out.push_str(&format!("{line} | {shown}\n"));
                // Reproduce tabs so the caret lines up under the offending text.
                let pad: String = shown
                    .chars()
                    .take(caret_col)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                let label = self.label.as_deref().map(|l| format!(" {l}")).unwrap_or_default();
                out.push_str(&format!("{:gutter$} | {pad}{}{label}\n", "", "^".repeat(width)));
            }
            (Some(src), None) if self.source.is_some() || !src.name.is_empty() => {
                out.push_str(&format!("  --> {}\n", src.name));
            }
            _ => {}
        }
        for n in &self.notes {
            out.push_str(&format!("  = note: {n}\n"));
        }
        out
    }
}

/// The characters of a line shown around a caret: at most [`SHOWN`], cut with `...` on the
/// side(s) that do not fit. Gives the text shown, the caret's character column in it, and the
/// caret's width (cut to what is shown).
fn window(line: &str, col: usize, width: usize) -> (String, usize, usize) {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= SHOWN {
        return (line.to_string(), col, width);
    }
    let width = width.min(SHOWN / 2);
    let first = col.saturating_sub(SHOWN / 3).min(chars.len().saturating_sub(SHOWN));
    let last = (first + SHOWN).min(chars.len());
    let mut shown = String::new();
    let mut caret = col - first;
    if first > 0 {
        shown.push_str("...");
        caret += 3;
    }
    shown.extend(&chars[first..last]);
    if last < chars.len() {
        shown.push_str("...");
    }
    (shown, caret, width)
}

/// The candidate closest to `name` when it is close enough to be a likely typing mistake:
/// one letter wrong, missing, extra or two letters swapped (two such slips in a name of six
/// letters or more).
pub fn closest<'c>(name: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let name_len = name.chars().count();
    let allowed = if name_len >= 6 { 2 } else { 1 };
    candidates
        .into_iter()
        .filter(|c| *c != name)
        .map(|c| (slips(&name.to_ascii_lowercase(), &c.to_ascii_lowercase()), c))
        .filter(|&(d, _)| d <= allowed)
        .min_by_key(|&(d, c)| (d, c.len().abs_diff(name.len())))
        .map(|(_, c)| c)
}

/// The number of typing slips between two words (edit distance with swaps of neighbours).
fn slips(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// The most characters of a source line a message shows.
const SHOWN: usize = 100;

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_place_and_caret() {
        let src = Source::new("t.dli", "produce 1\ncondition hcp(north) = 13\n");
        let at = src.text.find('=').unwrap();
        let d = Diagnostic::at(Span::new(at, at + 1), "found `=`, expected an operator");
        let text = d.render(Some(&src));
        assert!(text.contains("--> t.dli:2:22"), "{text}");
        assert!(text.contains("2 | condition hcp(north) = 13"), "{text}");
        assert!(text.contains("  |                      ^"), "{text}");
    }

    #[test]
    fn columns_count_characters() {
        let src = Source::new("u", "é = 1");
        assert_eq!(src.line_col(3), (1, 3));
    }

    #[test]
    fn spans_inside_a_character_widen_to_it() {
        let src = Source::new("u", "(é😀)");
        // Every start and end inside the multi-byte characters.
        for start in 0..src.text.len() {
            for end in start..=src.text.len() + 1 {
                let d = Diagnostic::at(Span::new(start, end), "x");
                let text = d.render(Some(&src));
                assert!(text.contains("--> u:1:"), "{text}");
            }
        }
        assert_eq!(src.slice(Span::new(2, 2)), "é");
        assert_eq!(src.line_col(2), (1, 2));
    }

    #[test]
    fn near_names_are_suggested() {
        let functions = ["hcp", "losers", "controls", "shape", "hascard", "printoneline", "produce"];
        assert_eq!(closest("hcpp", functions), Some("hcp"));
        assert_eq!(closest("hpc", functions), Some("hcp"));
        assert_eq!(closest("looser", functions), Some("losers"));
        assert_eq!(closest("printonline", functions), Some("printoneline"));
        assert_eq!(closest("prodcue", functions), Some("produce"));
        assert_eq!(closest("HCP", functions), Some("hcp"));
        assert_eq!(closest("north", functions), None);
        assert_eq!(closest("xyz", functions), None);
        assert_eq!(closest("hcp", functions), None);
    }

    #[test]
    fn long_lines_are_cut_around_the_caret() {
        let line = format!("{}bad{}", "a".repeat(5000), "b".repeat(5000));
        let src = Source::new("u", line.as_str());
        let at = 5000;
        let text = Diagnostic::at(Span::new(at, at + 3), "found `bad`").render(Some(&src));
        assert!(text.len() < 400, "{text}");
        let lines: Vec<&str> = text.lines().collect();
        let shown = lines.iter().find(|l| l.starts_with("1 | ")).unwrap();
        let caret = lines.iter().find(|l| l.contains('^')).unwrap();
        let pos = caret.find('^').unwrap();
        assert_eq!(&shown[pos..pos + 3], "bad", "{text}");
        assert!(shown.starts_with("1 | ...") && shown.ends_with("..."), "{text}");
        // Short lines are shown whole.
        let src = Source::new("u", "hcp(north) > 1x");
        let text = Diagnostic::at(Span::new(14, 15), "x").render(Some(&src));
        assert!(text.contains("1 | hcp(north) > 1x\n"), "{text}");
    }
}
