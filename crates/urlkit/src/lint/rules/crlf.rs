//! `crlf` (U0404): CR or LF, raw or as `%0D` / `%0A`.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0404",
    name: "crlf",
    family: Family::Security,
    level: Severity::Error,
    summary: "a carriage return or line feed (%0D, %0A)",
    scope: Scope::Url,
    aliases: &[],
    security: Some(SecurityInfo {
        cwe: 93,
        severity: 6.1,
    }),
    doc: RuleDoc {
        what: "Reports `%0D`, `%0A` and raw CR or LF in the URL.",
        why: "Decoded into a redirect's Location, a log line or a header, they start a new \
              line: header injection, response splitting, forged log entries.",
        example: "https://example.com/redirect?to=%0D%0ASet-Cookie:x=1",
        use_instead: "https://example.com/redirect?to=%2Fhome",
        fix_safety: "No fix: the line break is an attack or a bug, not a spelling.",
        references: &[
            "https://cwe.mitre.org/data/definitions/93.html",
            "https://cwe.mitre.org/data/definitions/113.html",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let crlf = |e: &crate::lint::Escape| e.byte == b'\r' || e.byte == b'\n';
    for span in super::escape_runs(&cx.escapes, crlf) {
        let text = cx.text(&span);
        out.push(diag(
            &INFO,
            cx,
            span,
            format!("'{text}' decodes to a line break (CR/LF)"),
        ));
    }
    for (at, &c) in cx.input.as_bytes().iter().enumerate() {
        if c == b'\r' || c == b'\n' {
            let name = if c == b'\r' { "CR" } else { "LF" };
            out.push(diag(
                &INFO,
                cx,
                at..at + 1,
                format!("a raw {name} at byte {at}"),
            ));
        }
    }
}
