//! `invalid-punycode` (U0409): an `xn--` label that is not valid Punycode or IDNA.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0409",
    name: "invalid-punycode",
    family: Family::Security,
    level: Severity::Error,
    summary: "an 'xn--' host label that does not decode to a valid IDNA label",
    scope: Scope::Url,
    aliases: &["domain-to-Unicode", "domain-to-ASCII"],
    security: Some(SecurityInfo {
        cwe: 20,
        severity: 5.3,
    }),
    doc: RuleDoc {
        what: "Reports each host label starting with `xn--` that is not valid Punycode, or \
               whose decoded form is not a valid IDNA U-label (UTS #46).",
        why: "Browsers reject the URL; resolvers, allow-lists and libraries that skip the check \
              accept it, so two parts of a system disagree about which host this is.",
        example: "https://xn--a.com/",
        use_instead: "https://example.com/",
        fix_safety: "No fix.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3492",
            "https://www.unicode.org/reports/tr46/",
            "https://url.spec.whatwg.org/#concept-domain-to-ascii",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(host) = &cx.split.host else { return };
    let text = cx.text(host);
    if text.starts_with('[') {
        return;
    }
    let mut start = host.start;
    for part in text.split('.') {
        let span = start..start + part.len();
        start = span.end + 1;
        if !part
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
        {
            continue;
        }
        let (_, result) = idna::domain_to_unicode(part);
        let decodes = part.len() > 4 && idna::punycode::decode_to_string(&part[4..]).is_some();
        if result.is_err() || !decodes {
            out.push(diag(
                &INFO,
                cx,
                span,
                format!("host label '{part}' is not valid Punycode / IDNA"),
            ));
        }
    }
}
