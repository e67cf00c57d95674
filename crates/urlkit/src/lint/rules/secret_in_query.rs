//! `secret-in-query` (U0406): tokens, keys, passwords and session ids in the query.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity};
use crate::uri::Place;

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0406",
    name: "secret-in-query",
    family: Family::Security,
    level: Severity::Warning,
    summary: "a token, key, password, signature or session id in the query",
    scope: Scope::Url,
    aliases: &[],
    security: Some(SecurityInfo {
        cwe: 598,
        severity: 7.5,
    }),
    doc: RuleDoc {
        what: "Reports a non-empty value under a parameter whose name says it is a secret \
               (`access_token`, `token`, `api_key`, `client_secret`, `password`, \
               `X-Amz-Signature`, `sessionid`, `PHPSESSID`, ...). Names that merely contain \
               such a word (`keyword`) and empty values are not reported.",
        why: "URLs are written to server and proxy logs, browser history, analytics and the \
              Referer header of the next request: a secret in a URL is a published secret.",
        example: "https://api.example.com/v1/me?access_token=ya29.a0AfH6SMB",
        use_instead: "https://api.example.com/v1/me",
        fix_safety: "No fix: move the secret into a header (Authorization) or a POST body.",
        references: &[
            "https://cwe.mitre.org/data/definitions/598.html",
            "https://www.rfc-editor.org/rfc/rfc6750#section-5.3",
        ],
    },
};

const NAMES: &[&str] = &[
    "access_token",
    "refresh_token",
    "id_token",
    "token",
    "auth_token",
    "api_key",
    "apikey",
    "api-key",
    "client_secret",
    "secret",
    "password",
    "passwd",
    "pwd",
    "pass",
    "x-amz-signature",
    "x-amz-credential",
    "x-amz-security-token",
    "signature",
    "sig",
    "sessionid",
    "session_id",
    "sid",
    "phpsessid",
    "jsessionid",
    "aspsessionid",
    "auth",
    "private_key",
    "access_key",
    "secret_key",
];

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for p in &cx.params {
        let Some(value) = &p.value else { continue };
        if value.is_empty() {
            continue;
        }
        let name = cx.text(&p.name);
        if NAMES.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            let mut d = diag(
                &INFO,
                cx,
                value.clone(),
                format!("query parameter '{name}' carries a secret in the URL"),
            );
            d.component = Place::Param(name.to_owned());
            out.push(d);
        }
    }
}
