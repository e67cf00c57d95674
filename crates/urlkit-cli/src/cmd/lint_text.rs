//! `urlkit lint` as text: each finding with the URL under it and a caret line under its span.
//!
//! # Rationale
//!
//! The output of one URL grows with its findings, never with findings times its length: a URL
//! longer than [`SNIPPET_COLUMNS`] is shown as a window around each span (cut ends marked
//! `…`), and the column of each finding is measured from the previous one (findings come in
//! span order), so a 12 KB line with 6,400 findings prints a few hundred bytes per finding.

use std::io::Write;
use std::ops::Range;

use unicode_width::UnicodeWidthChar;

use urlkit::lint::{Applicability, Diagnostic, Severity};
use urlkit_records::text::{display_width, escape_controls, is_unsafe_control, Style};

/// The widest URL shown whole under a finding, in terminal columns.
pub(crate) const SNIPPET_COLUMNS: usize = 100;

/// Columns shown before the span when the URL is cut.
const LEFT_CONTEXT: usize = 24;

/// The terminal columns of `c` as the text output writes it (a control as its `\xHH` or
/// `\u{HH}` escape, see [`crate::style::escape_controls`]).
fn columns_of(c: char) -> usize {
    if is_unsafe_control(c) {
        display_width(&escape_controls(c.encode_utf8(&mut [0; 4])))
    } else {
        c.width().unwrap_or(0)
    }
}

/// `c` as the text output writes it.
fn push_shown(c: char, out: &mut String) {
    if is_unsafe_control(c) {
        out.push_str(&escape_controls(c.encode_utf8(&mut [0; 4])));
    } else {
        out.push(c);
    }
}

/// Display columns and character counts before each byte offset of one line, measured once
/// (a URL with thousands of findings asks for thousands of offsets).
pub(crate) struct Columns {
    /// `(columns, characters)` before each byte; a byte inside a character has its start's.
    before: Vec<(u32, u32)>,
}

impl Columns {
    /// Measures `text`.
    pub(crate) fn new(text: &str) -> Columns {
        let mut before = Vec::with_capacity(text.len() + 1);
        let (mut columns, mut chars) = (0u32, 0u32);
        for c in text.chars() {
            for _ in 0..c.len_utf8() {
                before.push((columns, chars));
            }
            // A line is far below 4 GiB (one item of a text input), so the counts fit.
            columns += columns_of(c) as u32;
            chars += 1;
        }
        before.push((columns, chars));
        Columns { before }
    }

    /// `(columns, characters)` before byte `offset`.
    pub(crate) fn at(&self, offset: usize) -> (usize, usize) {
        let (columns, chars) = self.before[offset.min(self.before.len() - 1)];
        (columns as usize, chars as usize)
    }
}

/// The terminal columns of `text` as the text output writes it.
pub(crate) fn columns(text: &str) -> usize {
    text.chars().map(columns_of).sum()
}

/// What is printed under a finding: the URL or a window of it, and where the caret line goes.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Snippet {
    /// The text shown.
    pub(crate) shown: String,
    /// Columns before the carets.
    pub(crate) indent: usize,
    /// How many carets (at least one).
    pub(crate) carets: usize,
}

/// The snippet of `span` in `url`, whose whole width is `url_columns`.
pub(crate) fn snippet(url: &str, url_columns: usize, span: &Range<usize>) -> Snippet {
    if url_columns <= SNIPPET_COLUMNS {
        let mut shown = String::with_capacity(url.len());
        let (mut indent, mut carets) = (0, 0);
        for (i, c) in url.char_indices() {
            if i < span.start {
                indent += columns_of(c);
            } else if i < span.end {
                carets += columns_of(c);
            }
            push_shown(c, &mut shown);
        }
        return Snippet {
            shown,
            indent,
            carets: carets.max(1),
        };
    }
    // The left context: characters before the span, up to LEFT_CONTEXT columns.
    let before = &url[..span.start];
    let mut left_start = span.start;
    let mut left_columns = 0;
    for (i, c) in before.char_indices().rev() {
        let w = columns_of(c);
        if left_columns + w > LEFT_CONTEXT {
            break;
        }
        left_columns += w;
        left_start = i;
    }
    let mut shown = String::new();
    let mut used = 0;
    if left_start > 0 {
        shown.push('…');
        used += 1;
    }
    for c in url[left_start..span.start].chars() {
        push_shown(c, &mut shown);
    }
    used += left_columns;
    let indent = used;
    // The span, then the right context, until the window is full.
    let mut end = span.start;
    for (i, c) in url[span.start..].char_indices() {
        let w = columns_of(c);
        if used + w > SNIPPET_COLUMNS - 1 {
            break;
        }
        push_shown(c, &mut shown);
        used += w;
        end = span.start + i + c.len_utf8();
    }
    let carets = (used - indent).min(span_columns(url, span, SNIPPET_COLUMNS));
    if end < url.len() {
        shown.push('…');
    }
    Snippet {
        shown,
        indent,
        carets: carets.max(1),
    }
}

/// The columns of `url[span]`, counted up to `limit`.
fn span_columns(url: &str, span: &Range<usize>, limit: usize) -> usize {
    let mut n = 0;
    for c in url[span.clone()].chars() {
        n += columns_of(c);
        if n >= limit {
            break;
        }
    }
    n
}

/// The text output of a run: each finding as its URL is linted, the totals at the end, in
/// colour when `style` says so (the code and the carets in the colour of the level, the fix
/// mark green).
pub(crate) struct Totals {
    style: Style,
    findings: usize,
    fixable: usize,
}

impl Totals {
    /// No finding yet.
    pub(crate) fn new(style: Style) -> Totals {
        Totals {
            style,
            findings: 0,
            fixable: 0,
        }
    }

    /// Writes the findings `found` of `url`, the input at `line` of `source`.
    pub(crate) fn write(
        &mut self,
        out: &mut impl Write,
        (line, source): (usize, Option<&str>),
        url: &str,
        found: &[Diagnostic],
    ) -> std::io::Result<()> {
        if found.is_empty() {
            return Ok(());
        }
        let url_columns = columns(url);
        let at = Columns::new(url);
        let line = match source {
            Some(s) => format!("{}:{line}", escape_controls(s)),
            None => line.to_string(),
        };
        for d in found {
            self.findings += 1;
            let safe = d
                .fix
                .as_ref()
                .is_some_and(|f| f.applicability == Applicability::Safe);
            self.fixable += usize::from(safe);
            let column = at.at(d.span.start).0 + 1;
            let paint = |text: &str| match d.severity {
                Severity::Error => self.style.error(text),
                Severity::Warning => self.style.warning(text),
                Severity::Note => self.style.highlight(text),
            };
            let mark = if safe {
                format!(" {}", self.style.good("[*]"))
            } else {
                String::new()
            };
            let snippet = snippet(url, url_columns, &d.span);
            writeln!(
                out,
                "{}: {} {} {}{mark}",
                self.style.bold(&format!("{line}:{column}")),
                paint(d.code),
                d.rule,
                escape_controls(&d.message)
            )?;
            writeln!(out, "  {}", snippet.shown)?;
            writeln!(
                out,
                "  {}{}",
                " ".repeat(snippet.indent),
                paint(&"^".repeat(snippet.carets))
            )?;
        }
        Ok(())
    }

    /// Writes the totals.
    pub(crate) fn end(self, out: &mut impl Write) -> std::io::Result<()> {
        let s = if self.findings == 1 { "" } else { "s" };
        writeln!(
            out,
            "{} finding{s}, {} fixable with --fix",
            self.findings, self.fixable
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_url_is_shown_whole() {
        let url = "https://example.com/日本/a%2Fb\u{1}";
        let s = snippet(url, display_width(&escape_controls(url)), &(20..26));
        assert_eq!(s.shown, "https://example.com/日本/a%2Fb\\x01");
        assert_eq!((s.indent, s.carets), (20, 4));
    }

    #[test]
    fn a_long_url_is_a_window_around_the_span() {
        let url = format!("http://a/{}%zz{}", "x".repeat(500), "y".repeat(500));
        let at = 9 + 500;
        let s = snippet(&url, url.len(), &(at..at + 1));
        assert!(
            s.shown.starts_with('…') && s.shown.ends_with('…'),
            "{}",
            s.shown
        );
        assert_eq!(display_width(&s.shown), SNIPPET_COLUMNS);
        assert_eq!(&s.shown[s.shown.find('%').unwrap()..][..3], "%zz");
        assert_eq!((s.indent, s.carets), (1 + LEFT_CONTEXT, 1));
    }

    #[test]
    fn columns_are_measured_once_in_order() {
        let text = "a日\u{1}b";
        let c = Columns::new(text);
        assert_eq!(c.at(1), (1, 1));
        assert_eq!(c.at(4), (3, 2));
        assert_eq!(c.at(5), (7, 3));
        assert_eq!(c.at(0), (0, 0));
    }
}
