//! `credentials-in-url` (U0405): a userinfo component.

use super::{diag, DiagnosticExt};
use crate::lint::{
    Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity,
};
use crate::uri::{Component, Place};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0405",
    name: "credentials-in-url",
    family: Family::Security,
    level: Severity::Warning,
    summary: "a user name or password in the URL",
    scope: Scope::Url,
    aliases: &["invalid-credentials"],
    security: Some(SecurityInfo {
        cwe: 522,
        severity: 7.5,
    }),
    doc: RuleDoc {
        what: "Reports any userinfo (`user:password@`) in the authority.",
        why: "RFC 3986 deprecates passwords in URLs; they end up in logs, history, Referer \
              headers and screenshots, and `https://bank.com@evil.com/` hides the real host \
              behind a familiar name.",
        example: "https://admin:secret@example.com/",
        use_instead: "https://example.com/",
        fix_safety: "Unsafe: the request is no longer authenticated.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1",
            "https://url.spec.whatwg.org/#invalid-credentials",
            "https://cwe.mitre.org/data/definitions/522.html",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(u) = &cx.split.userinfo else { return };
    let text = cx.text(u);
    let shown = match text.split_once(':') {
        Some((user, _)) => format!("{user}:***"),
        None => text.to_owned(),
    };
    let mut d = diag(
        &INFO,
        cx,
        u.start..u.end + 1,
        format!("the URL carries credentials '{shown}@'"),
    );
    d.component = Place::In(Component::Userinfo);
    out.push(d.fix(String::new(), Applicability::Unsafe));
}
