//! `index-file` (U0303, style): a path ending in `index.html` and the like.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0303",
    name: "index-file",
    family: Family::Style,
    level: Severity::Note,
    summary: "a path that names the directory index file (index.html, index.php, default.aspx)",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports a last path segment that is a directory index file name.",
        why: "`/blog/` and `/blog/index.html` serve the same page under two URLs; one \
              canonical form, with the other redirected to it, keeps links and statistics \
              together.",
        example: "https://example.com/blog/index.html",
        use_instead: "https://example.com/blog/",
        fix_safety: "Unsafe: the server decides whether the directory URL serves the same file.",
        references: &["https://httpd.apache.org/docs/current/mod/mod_dir.html#directoryindex"],
    },
};

const NAMES: &[&str] = &[
    "index.html",
    "index.htm",
    "index.php",
    "index.asp",
    "index.aspx",
    "index.jsp",
    "index.shtml",
    "default.asp",
    "default.aspx",
    "default.htm",
    "default.html",
];

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(last) = cx.segments.last() else {
        return;
    };
    let text = cx.text(last);
    if NAMES.iter().any(|n| n.eq_ignore_ascii_case(text)) {
        out.push(
            diag(
                &INFO,
                cx,
                last.clone(),
                format!("'{text}' names the directory index; link to the directory"),
            )
            .fix(String::new(), Applicability::Unsafe),
        );
    }
}
