//! `userinfo-at` (U0412): an `@` that parsers assign to different components.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0412",
    name: "userinfo-at",
    family: Family::Security,
    level: Severity::Error,
    summary: "an '@' that parsers disagree about: several '@', or one after '\\', '?' or '#'",
    scope: Scope::Url,
    aliases: &[],
    security: Some(SecurityInfo {
        cwe: 601,
        severity: 7.4,
    }),
    doc: RuleDoc {
        what: "Reports the authority when it holds more than one `@`, and an `@` that follows a \
               `\\`, `?` or `#` before the first `/` after `//`: any such `@`, not only the \
               first, so that `http://1.1.1.1 &@2.2.2.2# @3.3.3.3/` (an `@` in the authority, \
               another after `#`) is reported.",
        why: "Which `@` ends the userinfo decides the host: `http://a@b@c/`, \
              `http://good.com\\@evil.com/` and `http://good.com#@evil.com/` get different hosts \
              from different parsers, the basis of many SSRF and open-redirect bypasses (from \
              `http://1.1.1.1 &@2.2.2.2# @3.3.3.3/` Python's urllib2, requests and urllib \
              reached 1.1.1.1, 2.2.2.2 and 3.3.3.3).",
        example: "http://trusted.com@evil.com@other.com/",
        use_instead: "http://other.com/",
        fix_safety: "No fix: which host was meant is the question.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1",
            "https://cwe.mitre.org/data/definitions/601.html",
            "https://www.blackhat.com/docs/us-17/thursday/us-17-Tsai-A-New-Era-Of-SSRF-Exploiting-URL-Parser-In-Trending-Programming-Languages.pdf",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(auth) = &cx.split.authority else {
        return;
    };
    let text = cx.text(auth);
    if text.matches('@').count() > 1 {
        out.push(diag(
            &INFO,
            cx,
            auth.clone(),
            format!("authority '{text}' has several '@': parsers pick different hosts"),
        ));
        return;
    }
    let b = cx.input.as_bytes();
    let stop = b[auth.start..]
        .iter()
        .position(|&c| c == b'/')
        .map_or(b.len(), |p| auth.start + p);
    let region = &cx.input[auth.start..stop];
    // The last `@`: an `@` after a `\\`, `?` or `#` is one that some parser reads as the
    // end of the userinfo (`1.1.1.1 &@2.2.2.2# @3.3.3.3`: RFC 3986 ends the authority at
    // `#`, a parser that allows the space and skips to the last `@` picks `3.3.3.3`).
    if let Some(at) = region.rfind('@') {
        if region[..at].contains(['\\', '?', '#']) {
            let span = auth.start..stop;
            out.push(diag(
                &INFO,
                cx,
                span.clone(),
                format!(
                    "'{}' has an '@' after '\\', '?' or '#': the host depends on the parser",
                    cx.text(&span)
                ),
            ));
        }
    }
}
