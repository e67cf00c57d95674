//! `raw-control` (U0104): a C0 control or DEL written as itself.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};
use crate::uri::chars::HEX_UPPER;

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0104",
    name: "raw-control",
    family: Family::Correctness,
    level: Severity::Error,
    summary: "a raw control character (C0 or DEL)",
    scope: Scope::Url,
    aliases: &["invalid-URL-unit"],
    security: None,
    doc: RuleDoc {
        what: "Reports every byte 0x00-0x1F and 0x7F in the URL text (NUL, CR and LF have rules \
               of their own, which take precedence).",
        why: "Browsers silently remove tabs and newlines from URLs and encode other controls; \
              servers, logs and terminals each do something else. What reaches the server is not \
              what was written.",
        example: "https://example.com/a\tb",
        use_instead: "https://example.com/ab",
        fix_safety: "Unsafe: the fix writes the control as `%XX`, while a browser drops a tab; \
                     which one was meant is not known.",
        references: &[
            "https://url.spec.whatwg.org/#url-parsing",
            "https://www.rfc-editor.org/rfc/rfc3986#section-2",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for (at, &c) in cx.input.as_bytes().iter().enumerate() {
        if c < 0x20 || c == 0x7F {
            let mut esc = String::new();
            HEX_UPPER.push_escape(c, &mut esc);
            out.push(
                diag(
                    &INFO,
                    cx,
                    at..at + 1,
                    format!("a raw control character U+{c:04X} at byte {at}"),
                )
                .fix(esc, Applicability::Unsafe),
            );
        }
    }
}
