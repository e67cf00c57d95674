//! `mixed-script-host` (U0408): a host label that mixes scripts beyond what UTS #39 allows.

use unicode_security::{MixedScript, RestrictionLevel, RestrictionLevelDetection};

use super::host_labels::non_ascii_labels;
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
               Japanese (Han with kana and Latin), Chinese and Korean labels pass, and so does \
               a label of one script (its UTS #39 resolved script set is not empty) whose \
               characters are merely uncommon: `ɡithub` (U+0261, a Latin letter) is all Latin, \
               and `confusable-host` says what it looks like.",
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
    for l in non_ascii_labels(cx) {
        // One script, however rare its letters (U+0261 is Latin but not in the identifier
        // set, which alone makes the level `Unrestricted`): not mixed.
        if l.unicode.as_str().is_single_script() {
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
