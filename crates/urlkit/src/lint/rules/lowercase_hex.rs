//! `lowercase-hex` (U0201): escapes with lowercase hex digits.

use super::{diag, utf8_runs, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0201",
    name: "lowercase-hex",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "percent-escapes written with lowercase hex digits",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports each run of escapes that has a lowercase hex digit (`%e6%97%a5`).",
        why: "`%e6` and `%E6` mean the same byte, but compared as strings (caches, CDN keys, \
              signatures, analytics, sitemaps against a CMS) they are two URLs. RFC 3986 asks \
              producers to write uppercase; browsers keep what they are given.",
        example: "https://example.com/%e6%97%a5",
        use_instead: "https://example.com/%E6%97%A5",
        fix_safety: "Safe: the same bytes, spelled in uppercase.",
        references: &["https://www.rfc-editor.org/rfc/rfc3986#section-2.1"],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let b = cx.input.as_bytes();
    let lower = |at: usize| b[at + 1].is_ascii_lowercase() || b[at + 2].is_ascii_lowercase();
    // A run of adjacent escapes of non-ASCII bytes (a character's UTF-8) is reported whole;
    // an escape of an ASCII byte stands alone.
    for span in utf8_runs(&cx.escapes) {
        if !span.clone().step_by(3).any(lower) {
            continue;
        }
        let text = cx.text(&span);
        let upper = text.to_ascii_uppercase();
        out.push(
            diag(
                &INFO,
                cx,
                span,
                format!("'{text}' uses lowercase hex; write '{upper}'"),
            )
            .fix(upper, Applicability::Safe),
        );
    }
}
