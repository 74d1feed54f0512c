//! Diagnostics: source positions and error messages that point into the input file.
//!
//! Every error names `file:line:column`, shows the offending line with a caret under the
//! offending text, and says what was found and what was expected.

use std::borrow::Cow;
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
        let mut out = format!("{kind}: {}\n", clip_quotes(&self.message));
        let src = self.source.as_deref().or(file);
        match (src, self.span) {
            (Some(src), Some(span)) => {
                let (line, col) = src.line_col(span.start);
                let gutter = line.to_string().len();
                out.push_str(&format!("{:gutter$}--> {}:{line}:{col}\n", "", src.name));
                out.push_str(&format!("{:gutter$} |\n", ""));
                let text = src.line_text(line);
                let (end_line, _) = src.line_col(span.end);
                let width =
                    if end_line == line { src.slice(span).chars().count().max(1) } else { text.chars().count().saturating_sub(col - 1).max(1) };
                let (shown, caret_col, width) = window(text, col - 1, width);
                out.push_str(&format!("{line} | {shown}\n"));
                // Reproduce tabs so the caret lines up under the offending text.
                let pad: String = shown.chars().take(caret_col).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
                let label = self.label.as_deref().map(|l| format!(" {}", clip_quotes(l))).unwrap_or_default();
                out.push_str(&format!("{:gutter$} | {pad}{}{label}\n", "", "^".repeat(width)));
            }
            (Some(src), None) if self.source.is_some() || !src.name.is_empty() => {
                out.push_str(&format!("  --> {}\n", src.name));
            }
            _ => {}
        }
        for n in &self.notes {
            out.push_str(&format!("  = note: {}\n", clip_quotes(n)));
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
/// letters or more), and never a name that shares no letter with it (`x` for `y`).
pub fn closest<'c>(name: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let name_len = name.chars().count();
    let allowed = if name_len >= 6 { 2 } else { 1 };
    let lower = name.to_ascii_lowercase();
    candidates
        .into_iter()
        .filter(|c| *c != name)
        // The slips are at least the difference of the lengths: far longer or shorter
        // names are skipped without measuring (a name of megabytes costs nothing).
        .filter_map(|c| {
            let len = c.chars().count();
            (len.abs_diff(name_len) <= allowed).then_some((c, len))
        })
        .map(|(c, len)| (slips(&lower, &c.to_ascii_lowercase()), c, len))
        .filter(|&(d, _, len)| d <= allowed && d < len.max(name_len))
        .min_by_key(|&(d, c, _)| (d, c.len().abs_diff(name.len())))
        .map(|(_, c, _)| c)
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

/// The most characters of user text (a name, a number, a string, a path) a message quotes
/// whole; longer text is cut to its first [`HEAD`] and last [`TAIL`] characters.
const QUOTED: usize = 60;
/// The characters kept before the `…` of a cut text.
const HEAD: usize = 40;
/// The characters kept after the `…` of a cut text.
const TAIL: usize = 15;

/// A message with every quoted text (between backquotes or double quotes) and every word
/// longer than `QUOTED` characters cut by [`quote`]: however long a name, number, string or
/// value the user wrote, the message stays short. Messages are cut here, where they are
/// shown, so that every message is, whoever made it.
pub fn clip_quotes(message: &str) -> Cow<'_, str> {
    clip_marked(message, &['`', '"'])
}

/// A message with every text between two of the same quote mark of `marks` (ASCII marks),
/// and every word, cut by [`quote`] when longer than `QUOTED` characters.
pub fn clip_marked<'m>(message: &'m str, marks: &[char]) -> Cow<'m, str> {
    if message.len() <= QUOTED {
        return Cow::Borrowed(message);
    }
    let is_word = |c: char| !c.is_whitespace() && !marks.contains(&c) && !",;()".contains(c);
    let mut out = String::with_capacity(message.len().min(4 * QUOTED));
    let mut rest = message;
    while let Some(c) = rest.chars().next() {
        let taken = match c {
            c if marks.contains(&c) => match rest[1..].find(c) {
                Some(end) => {
                    out.push_str(&quote(&rest[1..1 + end], c.encode_utf8(&mut [0; 4])));
                    end + 2
                }
                None => {
                    out.push(c);
                    1
                }
            },
            c if is_word(c) => {
                let end = rest.find(|c| !is_word(c)).unwrap_or(rest.len());
                out.push_str(&quote(&rest[..end], ""));
                end
            }
            c => {
                out.push(c);
                c.len_utf8()
            }
        };
        rest = &rest[taken..];
    }
    Cow::Owned(out)
}

/// `text` between the quote marks `mark`: whole up to `QUOTED` characters, else its start
/// and end around `…`, followed by its length (`` `zzzz…zzzz` (1000000 characters) ``).
pub fn quote(text: &str, mark: &str) -> String {
    if text.char_indices().nth(QUOTED).is_none() {
        return format!("{mark}{text}{mark}");
    }
    let count = text.chars().count();
    let head: String = text.chars().take(HEAD).collect();
    let tail: String = text.chars().skip(count - TAIL).collect();
    format!("{mark}{head}…{tail}{mark} ({count} characters)")
}

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
        // One-letter names: a slip must leave a letter in common.
        assert_eq!(closest("y", ["x"]), None);
        assert_eq!(closest("x", ["y", "xx"]), Some("xx"));
        assert_eq!(closest("ab", ["b"]), Some("b"));
    }

    #[test]
    fn near_names_of_huge_names_cost_nothing() {
        let name = "z".repeat(5_000_000);
        let start = std::time::Instant::now();
        assert_eq!(closest(&name, ["zz", "hcp", "zzzzzzz"]), None);
        assert!(start.elapsed().as_secs() < 2, "{:?}", start.elapsed());
    }

    #[test]
    fn long_quoted_text_is_cut_with_its_length() {
        let number = "9".repeat(1_000_000);
        let cut = clip_quotes(&format!("the number {number} is too large")).into_owned();
        assert_eq!(cut, format!("the number {}…{} (1000000 characters) is too large", "9".repeat(40), "9".repeat(15)));
        let name = format!("{}end", "z".repeat(100));
        let cut = clip_quotes(&format!("unknown variable `{name}`; did you mean `x`?")).into_owned();
        assert_eq!(cut, format!("unknown variable `{}…{}end` (103 characters); did you mean `x`?", "z".repeat(40), "z".repeat(12)));
        let string = "y y ".repeat(50);
        let cut = clip_quotes(&format!("found the string \"{string}\", expected an operator")).into_owned();
        assert!(cut.starts_with("found the string \"y y ") && cut.ends_with("\" (200 characters), expected an operator"), "{cut}");
        // Short text, and long messages of short words, are left alone.
        let message = "found `north`, expected an operator, `=` or a new statement; a variable needs another name";
        assert_eq!(clip_quotes(message), message);
        assert_eq!(clip_quotes("`é`"), "`é`");
        // An unpaired quote mark does not swallow the rest of the message.
        let odd = format!("found `{}, expected", "é".repeat(70));
        assert!(clip_quotes(&odd).ends_with("(70 characters), expected"), "{}", clip_quotes(&odd));
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
