//! `nul` (U0403): a NUL byte, raw or as `%00`.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0403",
    name: "nul",
    family: Family::Security,
    level: Severity::Error,
    summary: "a NUL byte (%00)",
    scope: Scope::Url,
    aliases: &[],
    security: Some(SecurityInfo {
        cwe: 158,
        severity: 7.5,
    }),
    doc: RuleDoc {
        what: "Reports `%00` and a raw NUL anywhere in the URL.",
        why: "Code written in C or calling C APIs ends the string at the NUL: `file.php%00.jpg` \
              passes an extension check as `.jpg` and opens `file.php`.",
        example: "https://example.com/download?file=report.pdf%00.jpg",
        use_instead: "https://example.com/download?file=report.pdf",
        fix_safety: "No fix: the NUL is an attack or a bug, not a spelling.",
        references: &["https://cwe.mitre.org/data/definitions/158.html"],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for e in cx.escapes.iter().filter(|e| e.byte == 0) {
        out.push(diag(
            &INFO,
            cx,
            e.span(),
            format!("'%00' at byte {} is a NUL byte", e.at),
        ));
    }
    for at in memchr::memchr_iter(0, cx.input.as_bytes()) {
        out.push(diag(
            &INFO,
            cx,
            at..at + 1,
            format!("a raw NUL byte at byte {at}"),
        ));
    }
}
