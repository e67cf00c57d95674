//! `parser-disagreement` (U0401): RFC 3986 and the WHATWG URL Standard read the URL
//! differently. The comparison itself is [`crate::lint::parser_disagreement`].

use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0401",
    name: "parser-disagreement",
    family: Family::Security,
    level: Severity::Warning,
    summary: "RFC 3986 and the WHATWG URL Standard (browsers) read this URL differently",
    scope: Scope::Url,
    aliases: &[],
    security: Some(SecurityInfo {
        cwe: 436,
        severity: 6.1,
    }),
    doc: RuleDoc {
        what: "Reads the URL as a strict RFC 3986 URI (an IRI per RFC 3987) and as a browser \
               does, and reports when one accepts what the other rejects, or when they find a \
               different scheme, host, port or path (differences of spelling only, such as case, \
               IDNA form, default port, are set aside). A more specific rule on the same bytes \
               (backslash, non-canonical-ipv4, encoded-dot-segment, userinfo-at) wins.",
        why: "An allow-list checked with one parser and a request made with another is how \
              server-side request forgery and open-redirect bypasses work: `http://a\\b/` is host \
              `a\\b` to RFC 3986 and host `a` to a browser.",
        example: "http:/example.com/",
        use_instead: "http://example.com/",
        fix_safety: "No fix: which reading was meant is the question.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986",
            "https://url.spec.whatwg.org/",
            "https://cwe.mitre.org/data/definitions/436.html",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    out.extend(crate::lint::parser_disagreement::check_context(cx));
}

/// Whether the rule can fire: not on a URL both readings surely agree on, known without
/// reading it either way (see [`crate::lint::parser_disagreement::agreement`]).
pub(crate) fn can_fire(cx: &Context<'_>) -> bool {
    !crate::lint::parser_disagreement::agreement::surely_agree(cx)
}
