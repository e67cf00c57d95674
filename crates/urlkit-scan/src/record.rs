//! A finding as the shared record every door writes (`urlkit scan --json`, the page).

use urlkit_records::scan::{ScanFinding, ScanSpan};

use super::Finding;

/// The record of `finding` in the file named `file`.
///
/// ```
/// use urlkit_scan::{record, scan, Language};
/// let found = scan("fetch(encodeURIComponent(url))\n", Language::JavaScript).expect("parses");
/// let r = record("app.js", &found[0]);
/// assert_eq!((r.code, r.file.as_str(), r.line, r.level), ("S005", "app.js", 1, "error"));
/// ```
pub fn record(file: &str, finding: &Finding) -> ScanFinding {
    ScanFinding {
        code: finding.code,
        column: finding.column,
        evidence: finding.evidence.clone(),
        file: file.to_owned(),
        level: crate::rules::info(finding.code).level,
        line: finding.line,
        message: finding.message.clone(),
        rule: finding.rule,
        span: ScanSpan {
            end: finding.span.end,
            start: finding.span.start,
        },
    }
}
