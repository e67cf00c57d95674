//! `relative-reference` (U0109): no scheme, so not a URL but a reference to resolve against
//! one; an empty line is one too.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0109",
    name: "relative-reference",
    family: Family::Correctness,
    level: Severity::Error,
    summary: "no scheme: a relative reference ('/a', '//host/a', '?q') or an empty line where a URL was expected",
    scope: Scope::Url,
    aliases: &["missing-scheme-non-relative-URL"],
    security: None,
    doc: RuleDoc {
        what: "Reports input without a scheme (RFC 3986 §4.2): a network-path reference \
               (`//host/a`), an absolute path (`/a`), a relative path (`a/b`), a bare query or \
               fragment, and the empty string, an empty line of a list. `missing-scheme` and \
               `scheme-typo` report the references that look like a URL with its scheme lost, \
               and take precedence.",
        why: "A relative reference means something only against a base URL, which a list of \
              URLs, a sitemap or a redirect target does not have: `new URL(\"/a\")` throws \
              (the WHATWG validation error missing-scheme-non-relative-URL), a crawler drops \
              the line, and a tool that silently skips it loses a row. An empty line in a URL \
              list is a URL that was not exported.",
        example: "/products/42",
        use_instead: "https://example.com/products/42",
        fix_safety: "No fix: the base URL is not in the input.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-4.2",
            "https://url.spec.whatwg.org/#missing-scheme-non-relative-url",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    if cx.split.scheme.is_some() {
        return;
    }
    let input = cx.input;
    let kind = if input.is_empty() {
        "an empty line where a URL was expected".to_owned()
    } else {
        let what = if input.starts_with("//") {
            "a network-path reference (no scheme)"
        } else if input.starts_with('/') {
            "an absolute-path reference (no scheme or host)"
        } else if input.starts_with('?') {
            "a query alone"
        } else if input.starts_with('#') {
            "a fragment alone"
        } else {
            "a relative-path reference (no scheme or host)"
        };
        format!("'{input}' is {what}: it names a resource only against a base URL")
    };
    out.push(diag(&INFO, cx, 0..input.len(), kind));
}
