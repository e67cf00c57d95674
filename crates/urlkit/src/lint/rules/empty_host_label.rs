//! `empty-host-label` (U0108): a host name with an empty label (`example..com`, `.example.com`).

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0108",
    name: "empty-host-label",
    family: Family::Correctness,
    level: Severity::Error,
    summary: "a host name with an empty label ('example..com', '.example.com')",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports a registered-name host with an empty label: two dots in a row, a \
               leading dot, or two dots at the end. One dot at the end (`example.com.`) is the \
               DNS root, a fully qualified name, and is not reported.",
        why: "DNS has no empty labels: resolvers reject `example..com` before asking anyone, \
              so the link never loads, while browsers (UTS #46 without its length checks) \
              accept it in the address bar and show it as written. Allow lists and cookie \
              domains that split on `.` see a label that no registry has.",
        example: "https://example..com/",
        use_instead: "https://example.com/",
        fix_safety: "Unsafe: the fix drops the empty labels, naming the host that was surely \
                     meant, but a different one from the host as written.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc1034#section-3.1",
            "https://www.unicode.org/reports/tr46/#Validity_Criteria",
            "https://url.spec.whatwg.org/#concept-domain-to-ascii",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(host) = &cx.split.host else { return };
    let text = cx.text(host);
    if text.is_empty() || text.starts_with('[') {
        return;
    }
    // The DNS root: one trailing dot is not an empty label.
    let body = text.strip_suffix('.').unwrap_or(text);
    // A label is empty where the body starts or ends with `.`, or has `..` (or is empty).
    let b = body.as_bytes();
    let empty = b.first().is_none_or(|&c| c == b'.')
        || b.last() == Some(&b'.')
        || memchr::memchr_iter(b'.', b).any(|i| b.get(i + 1) == Some(&b'.'));
    if !empty {
        return;
    }
    let labels: Vec<&str> = body.split('.').collect();
    let kept: Vec<&str> = labels.into_iter().filter(|l| !l.is_empty()).collect();
    let empty = text.split('.').count() - kept.len() - usize::from(body.len() < text.len());
    let s = if empty == 1 { "" } else { "s" };
    let mut d = diag(
        &INFO,
        cx,
        host.clone(),
        format!("host '{text}' has {empty} empty label{s}: DNS resolves no such name"),
    );
    if !kept.is_empty() {
        let mut fixed = kept.join(".");
        if body.len() < text.len() {
            fixed.push('.');
        }
        d = d.fix(fixed, Applicability::Unsafe);
    }
    out.push(d);
}
