//! `raw-non-ascii` (U0203): non-ASCII characters outside the host.

use super::{diag, encode_bytes, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0203",
    name: "raw-non-ascii",
    family: Family::Interoperability,
    level: Severity::Note,
    summary: "non-ASCII characters written raw (an IRI) outside the host",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports each run of non-ASCII characters outside the host (`/運営/`).",
        why: "Such a URL is an IRI (RFC 3987): browsers accept it and send the UTF-8 escapes, \
              but HTTP request lines, many parsers and every string comparison against the \
              encoded form see something else.",
        example: "https://example.com/運営/",
        use_instead: "https://example.com/%E9%81%8B%E5%96%B6/",
        fix_safety: "Safe: RFC 3987 §3.1 maps an IRI to this URI; the display form stays \
                     available from `urlkit normalize`.",
        references: &["https://www.rfc-editor.org/rfc/rfc3987#section-3.1"],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let mut run: Option<(usize, usize)> = None;
    let mut flush = |run: &mut Option<(usize, usize)>| {
        if let Some((s, e)) = run.take() {
            let span = s..e;
            let text = cx.text(&span);
            let encoded = encode_bytes(text, |_| false);
            out.push(
                diag(
                    &INFO,
                    cx,
                    span,
                    format!("'{text}' is raw non-ASCII; a URI writes it '{encoded}'"),
                )
                .fix(encoded, Applicability::Safe),
            );
        }
    };
    for (i, c) in cx.input.char_indices() {
        let in_host = cx.split.host.as_ref().is_some_and(|h| h.contains(&i));
        if !c.is_ascii() && !in_host {
            match &mut run {
                Some((_, e)) if *e == i => *e = i + c.len_utf8(),
                _ => {
                    flush(&mut run);
                    run = Some((i, i + c.len_utf8()));
                }
            }
        }
    }
    flush(&mut run);
}
