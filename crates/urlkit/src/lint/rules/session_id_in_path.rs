//! `session-id-in-path` (U0306, style): a session id in the path.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0306",
    name: "session-id-in-path",
    family: Family::Style,
    level: Severity::Warning,
    summary: "a session id in the path (;jsessionid=, ;phpsessid=, ASP.NET (S(...)))",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports `;jsessionid=...`, `;phpsessid=...`, `;sid=...` path parameters and \
               ASP.NET cookieless `(S(...))` segments.",
        why: "Every visitor gets another URL for the same page, and the id leaks to logs, \
              Referer headers and anyone the link is shared with.",
        example: "https://example.com/cart;jsessionid=0123456789ABCDEF",
        use_instead: "https://example.com/cart",
        fix_safety: "No fix: the server must keep the session in a cookie first.",
        references: &["https://owasp.org/www-community/attacks/Session_fixation"],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let path = cx.text(&cx.split.path);
    let lower = path.to_ascii_lowercase();
    for key in [";jsessionid=", ";phpsessid=", ";sid=", ";sessionid="] {
        if let Some(p) = lower.find(key) {
            let end = path[p + 1..]
                .find([';', '/'])
                .map_or(path.len(), |e| p + 1 + e);
            let span = cx.split.path.start + p..cx.split.path.start + end;
            let text = cx.text(&span);
            out.push(diag(
                &INFO,
                cx,
                span,
                format!("'{text}' puts a session id in the path"),
            ));
        }
    }
    if let Some(p) = path.find("(S(") {
        if let Some(e) = path[p..].find("))") {
            let span = cx.split.path.start + p..cx.split.path.start + p + e + 2;
            let text = cx.text(&span);
            out.push(diag(
                &INFO,
                cx,
                span,
                format!("'{text}' is an ASP.NET cookieless session id"),
            ));
        }
    }
}
