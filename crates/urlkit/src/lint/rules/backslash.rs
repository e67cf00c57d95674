//! `backslash` (U0411): a `\` in the URL.

use super::{diag, DiagnosticExt};
use crate::lint::{
    Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity,
};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0411",
    name: "backslash",
    family: Family::Security,
    level: Severity::Warning,
    summary: "a backslash, which browsers read as '/' in http(s) URLs",
    scope: Scope::Url,
    aliases: &["invalid-reverse-solidus"],
    security: Some(SecurityInfo {
        cwe: 436,
        severity: 6.1,
    }),
    doc: RuleDoc {
        what: "Reports every raw `\\` before the fragment.",
        why: "Browsers treat `\\` as `/` in special URLs, RFC 3986 does not allow it at all: \
              `https://trusted.com\\@evil.com/` is host `trusted.com` to a browser and \
              `evil.com` to some parsers, a classic open-redirect bypass.",
        example: "https://example.com\\evil.com/",
        use_instead: "https://example.com/evil.com/",
        fix_safety: "Unsafe: `/` is what browsers read, not what an RFC 3986 parser read.",
        references: &[
            "https://url.spec.whatwg.org/#invalid-reverse-solidus",
            "https://cwe.mitre.org/data/definitions/436.html",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let end = cx
        .split
        .fragment
        .as_ref()
        .map_or(cx.input.len(), |f| f.start);
    for at in memchr::memchr_iter(b'\\', &cx.input.as_bytes()[..end]) {
        out.push(
            diag(
                &INFO,
                cx,
                at..at + 1,
                format!("'\\' at byte {at} is '/' to a browser and invalid to RFC 3986"),
            )
            .fix("/".into(), Applicability::Unsafe),
        );
    }
}
