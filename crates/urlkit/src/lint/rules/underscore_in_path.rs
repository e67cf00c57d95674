//! `underscore-in-path` (U0302, style): `_` in the path.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0302",
    name: "underscore-in-path",
    family: Family::Style,
    level: Severity::Note,
    summary: "an underscore in the path where a hyphen is the convention",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports every `_` in the path.",
        why: "Words in paths are joined with hyphens: search engines treat `-` as a word \
              separator and `_` as part of the word, and underscores vanish under link \
              underlines.",
        example: "https://example.com/my_page",
        use_instead: "https://example.com/my-page",
        fix_safety: "Unsafe: another path.",
        references: &["https://developers.google.com/search/docs/crawling-indexing/url-structure"],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let b = cx.input.as_bytes();
    for at in cx.split.path.clone().filter(|&i| b[i] == b'_') {
        out.push(
            diag(
                &INFO,
                cx,
                at..at + 1,
                format!("'_' at byte {at} in the path; words are joined with '-'"),
            )
            .fix("-".into(), Applicability::Unsafe),
        );
    }
}
