//! `encoded-slash` (U0205): `%2F` or `%5C` inside a path segment.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0205",
    name: "encoded-slash",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "an encoded '/' or '\\' (%2F, %5C) inside a path segment",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports `%2F` and `%5C` in the path.",
        why: "Apache answers 404 by default (AllowEncodedSlashes Off), nginx and Spring decode \
              it into a separator or reject it, Tomcat rejects it: a value with `/` in it \
              does not survive in a path segment.",
        example: "https://example.com/files/2026%2F10%2Freport.pdf",
        use_instead: "https://example.com/files?name=2026%2F10%2Freport.pdf",
        fix_safety: "No fix: moving the value to the query changes the URL's design.",
        references: &[
            "https://httpd.apache.org/docs/current/mod/core.html#allowencodedslashes",
            "https://www.rfc-editor.org/rfc/rfc3986#section-3.3",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for e in cx.escapes_in(&cx.split.path) {
        if e.byte == b'/' || e.byte == b'\\' {
            let span = e.span();
            let text = cx.text(&span);
            out.push(diag(
                &INFO,
                cx,
                span,
                format!("'{text}' is an encoded '{}' in a path segment, which many servers reject or decode", e.byte as char),
            ));
        }
    }
}
