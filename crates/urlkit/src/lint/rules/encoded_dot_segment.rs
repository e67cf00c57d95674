//! `encoded-dot-segment` (U0402): a path segment that is `.` or `..` once `%2E` is decoded.

use super::{diag, DiagnosticExt};
use crate::lint::{
    Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity,
};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0402",
    name: "encoded-dot-segment",
    family: Family::Security,
    level: Severity::Error,
    summary: "a path segment that is '.' or '..' written with %2E",
    scope: Scope::Url,
    aliases: &[],
    security: Some(SecurityInfo {
        cwe: 22,
        severity: 7.5,
    }),
    doc: RuleDoc {
        what: "Reports a whole path segment made of `%2E` and `.` that decodes to `.` or `..` \
               (`%2e`, `.%2E`, `%2E%2E`). `%2Ehidden` is an ordinary segment and is not reported.",
        why:
            "Browsers remove these segments like `..`, RFC 3986 string comparison keeps them, and \
              servers that decode before removing dot segments walk up the tree: the classic \
              path-traversal bypass of prefix checks such as 'starts with /static/'.",
        example: "https://example.com/static/%2e%2e/admin",
        use_instead: "https://example.com/admin",
        fix_safety: "Unsafe: the fix writes the dots plainly (`..`), which a normalizer then \
                     removes with the segment before it; another resource than a server that \
                     keeps `%2E%2E` serves.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4",
            "https://url.spec.whatwg.org/#single-dot-path-segment",
            "https://cwe.mitre.org/data/definitions/22.html",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for seg in &cx.segments {
        let text = cx.text(seg);
        // A dot segment spelled with escapes is at most `%2e%2e`: most segments are not one,
        // and cost no allocation.
        if text.len() > 6 || !text.contains('%') {
            continue;
        }
        let lower = text.to_ascii_lowercase();
        let plain = lower.replace("%2e", ".");
        if (plain == "." || plain == "..") && lower.contains("%2e") {
            out.push(
                diag(
                    &INFO,
                    cx,
                    seg.clone(),
                    format!("'{text}' is the dot segment '{plain}' written with %2E"),
                )
                .evidence("decoded", plain.clone())
                .fix(plain, Applicability::Unsafe),
            );
        }
    }
}
