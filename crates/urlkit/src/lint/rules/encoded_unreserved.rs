//! `encoded-unreserved` (U0202): escapes of letters, digits, `-`, `.`, `_`, `~`.

use super::{diag, escape_runs, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};
use crate::uri::chars::{is, UNRESERVED};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0202",
    name: "encoded-unreserved",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "a percent-escape of an unreserved character (letter, digit, '-', '.', '_', '~')",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports each run of escapes of unreserved characters, such as `%7E` for `~` or \
               `%41` for `A`. An escaped dot that makes a segment `.` or `..` is reported by \
               encoded-dot-segment instead.",
        why: "RFC 3986 says they should not be encoded and that `%7E` and `~` are equivalent; \
              string comparison, caches and signatures still see two URLs, and old encoders \
              (JavaScript's escape, PHP's urlencode for `~`) produce them.",
        example: "https://example.com/%7Euser/",
        use_instead: "https://example.com/~user/",
        fix_safety: "Safe: RFC 3986 §2.3 makes the two forms equivalent.",
        references: &["https://www.rfc-editor.org/rfc/rfc3986#section-2.3"],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for span in escape_runs(&cx.escapes, |e| is(e.byte, UNRESERVED)) {
        let text = cx.text(&span);
        let decoded: String = cx
            .escapes_in(&span)
            .iter()
            .map(|e| char::from(e.byte))
            .collect();
        out.push(
            diag(
                &INFO,
                cx,
                span,
                format!("'{text}' encodes unreserved characters; write '{decoded}'"),
            )
            .fix(decoded, Applicability::Safe),
        );
    }
}
