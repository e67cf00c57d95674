//! `non-canonical-ipv4` (U0410): an IPv4 address browsers accept in a form other than
//! dotted decimal.

use super::{diag, DiagnosticExt};
use crate::lint::{
    Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity,
};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0410",
    name: "non-canonical-ipv4",
    family: Family::Security,
    level: Severity::Warning,
    summary: "an IPv4 address in hex, octal, shortened or encoded form (0x7f.1, 0177.0.0.1, 127.1)",
    scope: Scope::Url,
    aliases: &[
        "IPv4-non-decimal-part",
        "IPv4-empty-part",
        "IPv4-too-many-parts",
    ],
    security: Some(SecurityInfo {
        cwe: 918,
        severity: 8.1,
    }),
    doc: RuleDoc {
        what: "Reports a host that a browser reads as an IPv4 address although it is not \
               written as four decimal numbers: hex (`0x7f.1`), octal (`0177.0.0.1`), fewer \
               parts (`127.1`), one number (`2130706433`), escapes (`127.0.0.%31`).",
        why: "To RFC 3986 and to most allow-lists these are names; to browsers, curl and many \
              HTTP clients they are `127.0.0.1`. That gap is a well-known SSRF filter bypass.",
        example: "http://0x7f.1/",
        use_instead: "http://127.0.0.1/",
        fix_safety: "Unsafe: the dotted form is what browsers connect to, but an RFC 3986 \
                     resolver looked up a name.",
        references: &[
            "https://url.spec.whatwg.org/#concept-ipv4-parser",
            "https://cwe.mitre.org/data/definitions/918.html",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(host) = &cx.split.host else { return };
    let text = cx.text(host);
    if text.is_empty() || text.starts_with('[') {
        return;
    }
    let Some(url) = cx.whatwg() else { return };
    let name = url.hostname();
    let dotted = name.split('.').count() == 4 && name.split('.').all(|p| p.parse::<u8>().is_ok());
    if dotted && !text.eq_ignore_ascii_case(name) {
        out.push(
            diag(
                &INFO,
                cx,
                host.clone(),
                format!(
                    "host '{text}' is the IPv4 address {name} to browsers but a name to RFC 3986"
                ),
            )
            .evidence("WHATWG", name.to_owned())
            .fix(name.to_owned(), Applicability::Unsafe),
        );
    }
}

/// Whether the rule can fire, without the browser's parse: only on a host that is not empty
/// or an IP literal, and that has a byte that can change how a browser reads it (`%`,
/// non-ASCII, `\`, a space or control) or may end in a number. An ASCII host without these
/// is a domain to a browser, spelled as written but for case, or an opaque host as written:
/// never an IPv4 address other than the text itself.
pub(crate) fn can_fire(cx: &Context<'_>) -> bool {
    use crate::lint::byte_classes::ByteClasses;
    let Some(host) = &cx.split.host else {
        return false;
    };
    let text = cx.text(host);
    if text.is_empty() || text.starts_with('[') {
        return false;
    }
    let reread = ByteClasses::PERCENT
        .or(ByteClasses::NON_ASCII)
        .or(ByteClasses::BACKSLASH)
        .or(ByteClasses::SPACE)
        .or(ByteClasses::CONTROL);
    cx.classes().any(reread) || may_end_in_a_number(text)
}

/// Whether `host` may end in a number to the WHATWG host parser (and so be read as IPv4):
/// its last label, after one trailing `.`, is empty, all digits, or `0x` and hex digits. An
/// ASCII host without `%` that does not is a domain to a browser, spelled as written but for
/// case.
///
/// Spec: <https://url.spec.whatwg.org/#ends-in-a-number-checker>
pub(crate) fn may_end_in_a_number(host: &str) -> bool {
    let body = host.strip_suffix('.').unwrap_or(host);
    let last = body.rsplit('.').next().unwrap_or(body).as_bytes();
    if last.is_empty() || last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    matches!(last, [b'0', b'x' | b'X', rest @ ..] if rest.iter().all(u8::is_ascii_hexdigit))
}

#[cfg(test)]
mod tests {
    use super::may_end_in_a_number;

    #[test]
    fn a_host_may_end_in_a_number() {
        for yes in ["1.2.3.4", "a.1", "a.0x", "a.0XfF", "a.1.", "."] {
            assert!(may_end_in_a_number(yes), "{yes}");
        }
        for no in [
            "example.com",
            "a.",
            "a.0xg",
            "a.1e",
            "a.de",
            "1.2.3.com",
            "a.+5",
        ] {
            assert!(!may_end_in_a_number(no), "{no}");
        }
    }
}
