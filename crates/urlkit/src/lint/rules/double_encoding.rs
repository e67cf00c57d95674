//! `double-encoding` (U0206): `%25` followed by hex that forms a plausible escape.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};
use crate::uri::chars::escape_at;

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0206",
    name: "double-encoding",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "an escape that was encoded twice ('%25E6' for '%E6')",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports runs of `%25XX` where decoding once gives escapes that form valid UTF-8 \
               or an ASCII character (`%25E6%2597%25A5` is `%E6%97%A5`, 日). A lone `100%25` or \
               `%25%20` is not reported.",
        why: "The value was encoded by two layers (a framework and the code around it), so the \
              server sees `%E6%97%A5` as text: pages answer 200 with 'not found' content, tags \
              stop matching.",
        example: "https://example.com/tag/Claude%2520Code",
        use_instead: "https://example.com/tag/Claude%20Code",
        fix_safety: "Unsafe: decoding once names another resource (the one that was meant).",
        references: &["https://www.rfc-editor.org/rfc/rfc3986#section-2.4"],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let b = cx.input.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let mut end = i;
        let mut bytes = Vec::new();
        // `%25` then two hex digits: an escape of an escape.
        while escape_at(b, end) == Some(b'%') && b[end] == b'%' {
            match escape_at(b, end + 2) {
                Some(v) => {
                    bytes.push(v);
                    end += 5;
                }
                None => break,
            }
        }
        if bytes.is_empty() {
            i += 1;
            continue;
        }
        let plausible = bytes.iter().all(|&v| v < 0x80) || std::str::from_utf8(&bytes).is_ok();
        if plausible {
            let span = i..end;
            let text = cx.text(&span);
            let once = text.replace("%25", "%");
            let reading = String::from_utf8_lossy(&bytes).into_owned();
            out.push(
                diag(
                    &INFO,
                    cx,
                    span,
                    format!(
                        "'{text}' is double-encoded: decoded once it is '{once}' ({reading:?})"
                    ),
                )
                .evidence("decoded once", once.clone())
                .evidence("reads as", reading)
                .fix(once, Applicability::Unsafe),
            );
        }
        i = end;
    }
}
