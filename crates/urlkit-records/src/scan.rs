//! The record of `urlkit scan --json` and the page's Scan panel: one per finding
//! (docs/scan-rules.md has the rules).

use serde::Serialize;

/// One finding in a source file: `{"code", "column", "evidence", "file", "level", "line",
/// "message", "rule", "span"}`. `span` is the byte range of the source it is about; `line`
/// and `column` (in code points) are 1-based.
///
/// ```
/// use urlkit_records::scan::{ScanFinding, ScanSpan};
/// let f = ScanFinding {
///     code: "S005", column: 5, evidence: "urlkit encode --set component 'https://a/'".into(),
///     file: "app.js".into(), level: "warning", line: 1, message: "m".into(),
///     rule: "component-encoder-on-url", span: ScanSpan { end: 30, start: 4 },
/// };
/// assert!(serde_json::to_string(&f).unwrap().starts_with(r#"{"code":"S005","column":5,"#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScanFinding {
    /// The rule's stable code (`S001`).
    pub code: &'static str,
    /// The column of the span's start, from 1, in code points.
    pub column: usize,
    /// A urlkit command line whose output shows why.
    pub evidence: String,
    /// The file's name as given (the page: the name typed, or `snippet`).
    pub file: String,
    /// The rule's level (`warning`, `error`).
    pub level: &'static str,
    /// The line of the span's start, from 1.
    pub line: usize,
    /// A sentence that stands alone.
    pub message: String,
    /// The rule's kebab-case name.
    pub rule: &'static str,
    /// The bytes of the source it is about.
    pub span: ScanSpan,
}

/// A byte range of a source: `{"end", "start"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScanSpan {
    /// One past the last byte.
    pub end: usize,
    /// The first byte.
    pub start: usize,
}
