//! `malformed-escape` (U0101): a `%` not followed by two hex digits.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};
use crate::uri::chars::escape_at;

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0101",
    name: "malformed-escape",
    family: Family::Correctness,
    level: Severity::Error,
    summary: "a '%' that is not followed by two hex digits",
    scope: Scope::Url,
    aliases: &["invalid-URL-unit"],
    security: None,
    doc: RuleDoc {
        what: "Reports every `%` that does not start a `%XX` escape (two hex digits).",
        why: "RFC 3986 allows `%` only as the start of an escape. Strict servers and decoders \
              (Go's url.PathUnescape, JavaScript's decodeURIComponent, Python's strict decoders) \
              reject the URL with a 400 or an exception; browsers keep the `%` as it is.",
        example: "https://example.com/sale/100%-off",
        use_instead: "https://example.com/sale/100%25-off",
        fix_safety: "Unsafe: the fix writes the `%` as `%25`, which is what a lenient reader \
                     already takes it to be, but a strict server that rejected the URL now \
                     serves something.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-2.1",
            "https://url.spec.whatwg.org/#invalid-url-unit",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let b = cx.input.as_bytes();
    for at in memchr::memchr_iter(b'%', b) {
        if escape_at(b, at).is_some() {
            continue;
        }
        let end = cx.input[at + 1..]
            .char_indices()
            .take(2)
            .take_while(|(_, c)| c.is_ascii_alphanumeric())
            .last()
            .map_or(at + 1, |(i, c)| at + 1 + i + c.len_utf8());
        let text = &cx.input[at..end];
        out.push(
            diag(
                &INFO,
                cx,
                at..at + 1,
                format!("'{text}' is not a percent-escape: '%' must be followed by two hex digits"),
            )
            .fix("%25".into(), Applicability::Unsafe),
        );
    }
}
