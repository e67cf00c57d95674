//! `confusable-host` (U0407): a host label that looks like an ASCII name but is not one.

use unicode_security::skeleton;

use super::host_labels::non_ascii_labels;
use super::{diag, DiagnosticExt};
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, SecurityInfo, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0407",
    name: "confusable-host",
    family: Family::Security,
    level: Severity::Warning,
    summary: "a host label made of non-ASCII characters that look like an ASCII name (UTS #39)",
    scope: Scope::Url,
    aliases: &[],
    security: Some(SecurityInfo {
        cwe: 1007,
        severity: 7.4,
    }),
    doc: RuleDoc {
        what: "Computes the UTS #39 confusable skeleton of each non-ASCII host label (A-labels \
               decoded first) and reports the label when its skeleton is plain ASCII: \
               `аpple` with a Cyrillic `а` looks like `apple`.",
        why: "Homograph domains are the standard phishing trick: the user reads a familiar \
              name, the browser resolves another registration.",
        example: "https://xn--pple-43d.com/",
        use_instead: "https://apple.com/",
        fix_safety: "No fix: which site was meant is the question.",
        references: &[
            "https://www.unicode.org/reports/tr39/#Confusable_Detection",
            "https://cwe.mitre.org/data/definitions/1007.html",
        ],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for l in non_ascii_labels(cx) {
        let looks: String = skeleton(&l.unicode).collect();
        if looks.is_ascii() {
            let text = cx.text(&l.span);
            out.push(
                diag(
                    &INFO,
                    cx,
                    l.span.clone(),
                    format!(
                        "host label '{text}' ({:?}) looks like the ASCII name {looks:?}",
                        l.unicode
                    ),
                )
                .evidence("U-label", l.unicode.clone())
                .evidence("looks like", looks),
            );
        }
    }
}
