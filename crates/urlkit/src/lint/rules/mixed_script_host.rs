//! `mixed-script-host` (U0408): a host label that mixes scripts beyond what UTS #39 allows.

use unicode_security::{RestrictionLevel, RestrictionLevelDetection};

use super::host_labels::labels;
use super::{diag, DiagnosticExt};
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0408",
    name: "mixed-script-host",
    family: Family::Security,
    level: Severity::Warning,
    summary: "a host label that mixes scripts (Latin with Cyrillic or Greek, ...) (UTS #39)",
    scope: Scope::Url,
    aliases: &[],
    security: Some(SecurityInfo {
        cwe: 1007,
        severity: 6.5,
    }),
    doc: RuleDoc {
        what: "Reports a host label whose UTS #39 restriction level is below 'moderately \
               restrictive': scripts mixed as no language writes them (Latin with Cyrillic). \
               Japanese (Han with kana and Latin), Chinese and Korean labels pass.",
        why: "Browsers show such labels as Punycode because they are how homograph domains are \
              built; a link that mixes scripts is rarely what it seems.",
        example: "https://xn--paypl-7ve.com/",
        use_instead: "https://paypal.com/",
        fix_safety: "No fix.",
        references: &[
            "https://www.unicode.org/reports/tr39/#Restriction_Level_Detection",
            "https://chromium.googlesource.com/chromium/src/+/main/docs/idn.md",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for l in labels(cx) {
        if l.unicode.is_ascii() {
            continue;
        }
        let level = l.unicode.as_str().detect_restriction_level();
        if level > RestrictionLevel::ModeratelyRestrictive {
            let text = cx.text(&l.span);
            out.push(
                diag(
                    &INFO,
                    cx,
                    l.span.clone(),
                    format!(
                        "host label '{text}' ({:?}) mixes scripts ({level:?})",
                        l.unicode
                    ),
                )
                .evidence("U-label", l.unicode.clone()),
            );
        }
    }
}
