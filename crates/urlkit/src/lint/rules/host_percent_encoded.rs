//! `host-percent-encoded` (U0209): escapes in the host.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0209",
    name: "host-percent-encoded",
    family: Family::Interoperability,
    level: Severity::Warning,
    summary: "percent-escapes in the host name",
    scope: Scope::Url,
    aliases: &["domain-percent-encoded"],
    security: None,
    doc: RuleDoc {
        what: "Reports the escapes in a host (`ex%61mple.com`).",
        why: "Browsers decode them before IDNA, so `ex%61mple.com` is `example.com` to them, \
              while DNS resolvers, allow-lists and RFC 3986 string comparison see another name.",
        example: "https://ex%61mple.com/",
        use_instead: "https://example.com/",
        fix_safety: "Safe when the escapes decode to UTF-8 and the decoded host is still a host \
                     to RFC 3986 and to browsers (no space, control, `%` or delimiter): it is \
                     what browsers resolve. Otherwise there is no fix.",
        references: &[
            "https://url.spec.whatwg.org/#host-parsing",
            "https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(host) = &cx.split.host else { return };
    let escapes = cx.escapes_in(host);
    if escapes.is_empty() || cx.text(host).starts_with('[') {
        return;
    }
    let span = escapes[0].at..escapes[escapes.len() - 1].at + 3;
    let text = cx.text(&span);
    let bytes = crate::codec::percent_decode(text.as_bytes());
    let d = diag(
        &INFO,
        cx,
        span.clone(),
        format!("'{text}' is percent-encoded inside the host name"),
    );
    let fixed = std::str::from_utf8(&bytes)
        .ok()
        .filter(|decoded| decodes_to_a_host(cx, host, &span, decoded));
    out.push(match fixed {
        Some(s) => {
            let s = s.to_owned();
            d.evidence("decoded", s.clone()).fix(s, Applicability::Safe)
        }
        None => d,
    });
}

/// Whether the host with `span` replaced by `decoded` is still a host, to RFC 3986 and to a
/// browser: no WHATWG forbidden domain code point (a space, `%`, a control, a delimiter: the
/// RFC 3986 `reg-name` grammar refuses every one but `%`, which would start a new escape),
/// and both host parsers accept it.
///
/// Spec: <https://url.spec.whatwg.org/#forbidden-domain-code-point>,
/// <https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2>
fn decodes_to_a_host(
    cx: &Context<'_>,
    host: &std::ops::Range<usize>,
    span: &std::ops::Range<usize>,
    decoded: &str,
) -> bool {
    if decoded.contains('%') {
        return false;
    }
    let new_host = format!(
        "{}{decoded}{}",
        &cx.input[host.start..span.start],
        &cx.input[span.end..host.end]
    );
    crate::host::parse_host(&new_host).is_ok()
        && crate::whatwg::parse_whatwg_host(&new_host).is_ok()
}
