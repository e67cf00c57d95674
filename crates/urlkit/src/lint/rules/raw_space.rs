//! `raw-space` (U0103): a space written as itself.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0103",
    name: "raw-space",
    family: Family::Correctness,
    level: Severity::Error,
    summary: "a space that is not percent-encoded",
    scope: Scope::Url,
    aliases: &["invalid-URL-unit"],
    security: None,
    doc: RuleDoc {
        what: "Reports every U+0020 SPACE in the URL.",
        why: "A space ends a URL in plain text, logs, HTTP request lines and HTML attributes \
              (srcset); RFC 3986 has no place for it. Browsers strip leading and trailing spaces \
              and encode inner ones as `%20`, other software cuts the URL there.",
        example: "https://example.com/my file.pdf",
        use_instead: "https://example.com/my%20file.pdf",
        fix_safety: "Safe inside the URL: `%20` is what a browser sends for it. A leading or \
                     trailing space gets no fix (browsers drop it; delete it by hand).",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#appendix-C",
            "https://url.spec.whatwg.org/#invalid-url-unit",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let edge = cx.input.len() - cx.input.trim_matches(' ').len() > 0;
    for at in memchr::memchr_iter(b' ', cx.input.as_bytes()) {
        let outer = edge
            && (cx.input[..at].trim_matches(' ').is_empty()
                || cx.input[at..].trim_matches(' ').is_empty());
        let d = diag(
            &INFO,
            cx,
            at..at + 1,
            format!("a raw space at byte {at}: spaces must be written %20"),
        );
        out.push(
            if outer || cx.split.host.as_ref().is_some_and(|h| h.contains(&at)) {
                d
            } else {
                d.fix("%20".into(), Applicability::Safe)
            },
        );
    }
}
