//! `plus-in-path` (U0204): a `+` in the path.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0204",
    name: "plus-in-path",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "a '+' in the path, which some servers read as a space",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports every `+` in the path. A `+` in the query is not reported: there it is \
               the form encoding of a space, as intended.",
        why: "In a path `+` is a plain character (RFC 3986), but frameworks that run the form \
              decoder over paths (and people who copy query habits) turn it into a space: \
              `/C++` becomes `/C  `.",
        example: "https://example.com/tags/C++",
        use_instead: "https://example.com/tags/C%2B%2B",
        fix_safety: "Unsafe: `%2B` is a different string to a server that routes on raw paths; \
                     if a space was meant, write `%20` instead.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-3.3",
            "https://url.spec.whatwg.org/#application/x-www-form-urlencoded",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let b = cx.input.as_bytes();
    for at in cx.split.path.clone().filter(|&i| b[i] == b'+') {
        out.push(
            diag(&INFO, cx, at..at + 1, format!("'+' at byte {at} in the path is a plus to RFC 3986 but a space to form decoders"))
                .fix("%2B".into(), Applicability::Unsafe),
        );
    }
}
