//! `uppercase-path` (U0301, style): uppercase letters in the path.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0301",
    name: "uppercase-path",
    family: Family::Style,
    level: Severity::Note,
    summary: "uppercase letters in the path",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports each run of uppercase ASCII letters in the path (hex digits of escapes \
               aside).",
        why: "Paths are case-sensitive on most servers and case-insensitive on some (IIS, \
              macOS file systems): `/About` and `/about` become two pages or one by accident. \
              Lowercase words joined by hyphens are the convention.",
        example: "https://example.com/About-Us",
        use_instead: "https://example.com/about-us",
        fix_safety: "Unsafe: another path, another resource on a case-sensitive server.",
        references: &["https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1"],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let b = cx.input.as_bytes();
    let mut i = cx.split.path.start;
    while i < cx.split.path.end {
        if b[i] == b'%' && crate::uri::chars::escape_at(b, i).is_some() {
            i += 3;
            continue;
        }
        if b[i].is_ascii_uppercase() {
            let start = i;
            while i < cx.split.path.end && b[i].is_ascii_uppercase() {
                i += 1;
            }
            let span = start..i;
            let text = cx.text(&span);
            out.push(
                diag(
                    &INFO,
                    cx,
                    span,
                    format!("'{text}' is uppercase in the path"),
                )
                .fix(text.to_ascii_lowercase(), Applicability::Unsafe),
            );
            continue;
        }
        i += 1;
    }
}
