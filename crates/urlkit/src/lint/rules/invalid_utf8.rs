//! `invalid-utf8` (U0102): escapes whose bytes are not UTF-8.

use super::{diag, hex_bytes, DiagnosticExt};
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0102",
    name: "invalid-utf8",
    family: Family::Correctness,
    level: Severity::Error,
    summary: "percent-escapes that decode to bytes that are not UTF-8",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Decodes each run of adjacent escapes and reports the bytes that are not UTF-8: \
               overlong forms (`%C0%AF`), truncated sequences (`%E3%81`), surrogates \
               (`%ED%A0%80`), stray continuation bytes. Where a legacy-charset or mojibake \
               reading exists, that more specific rule reports the bytes instead.",
        why: "URLs carry UTF-8 (RFC 3986 §2.5, RFC 3987, the WHATWG URL Standard). \
              decodeURIComponent throws URIError on these bytes, Python's unquote writes U+FFFD, \
              and an overlong `/` (`%C0%AF`) has been used to get past path filters.",
        example: "https://example.com/%E3%81/",
        use_instead: "https://example.com/%E3%81%82/",
        fix_safety: "No fix: what the bytes should have been is not known.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3629#section-3",
            "https://www.rfc-editor.org/rfc/rfc3986#section-2.5",
        ],
    },
};

fn reason(bad: &[u8]) -> &'static str {
    match bad {
        [0xC0 | 0xC1, ..] | [0xE0, 0x80..=0x9F, ..] | [0xF0, 0x80..=0x8F, ..] => "an overlong form",
        [0xED, 0xA0..=0xBF, ..] => "a UTF-16 surrogate",
        [0x80..=0xBF, ..] => "a continuation byte without a lead byte",
        [0xF5..=0xFF, ..] => "a byte that never occurs in UTF-8",
        _ => "a truncated sequence",
    }
}

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for run in super::escape_runs(&cx.escapes, |_| true) {
        let escapes = cx.escapes_in(&run);
        let bytes: Vec<u8> = escapes.iter().map(|e| e.byte).collect();
        // Adjacent invalid sequences (`%C0` then `%AF`) are one finding.
        let mut bad: Vec<std::ops::Range<usize>> = Vec::new();
        let mut pos = 0;
        while pos < bytes.len() {
            let Err(e) = std::str::from_utf8(&bytes[pos..]) else {
                break;
            };
            let start = pos + e.valid_up_to();
            let end = start + e.error_len().unwrap_or(bytes.len() - start);
            match bad.last_mut() {
                Some(last) if last.end == start => last.end = end,
                _ => bad.push(start..end),
            }
            pos = end;
        }
        for r in bad {
            let span = escapes[r.start].at..escapes[r.end - 1].at + 3;
            let text = cx.text(&span);
            let bytes = &bytes[r];
            out.push(
                diag(
                    &INFO,
                    cx,
                    span,
                    format!(
                        "'{text}' decodes to bytes that are not UTF-8 ({})",
                        reason(bytes)
                    ),
                )
                .evidence("decoded", hex_bytes(bytes)),
            );
        }
    }
}
