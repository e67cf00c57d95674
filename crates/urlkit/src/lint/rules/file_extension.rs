//! `file-extension` (U0305, style): a technology extension in the path.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0305",
    name: "file-extension",
    family: Family::Style,
    level: Severity::Note,
    summary: "a server technology's file extension (.php, .aspx, .html, ...) in the path",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports a last path segment ending in an extension that names how the page is \
               made (`.php`, `.asp`, `.aspx`, `.jsp`, `.cgi`, `.html`, `.htm`, `.do`, \
               `.action`), not a format the user picks (`.pdf`, `.json` are not reported).",
        why: "The URL outlives the technology: moving from PHP breaks every `.php` link.",
        example: "https://example.com/about.php",
        use_instead: "https://example.com/about",
        fix_safety: "No fix: the server must answer the new URL first.",
        references: &["https://www.w3.org/Provider/Style/URI"],
    },
};

const EXTENSIONS: &[&str] = &[
    "php", "asp", "aspx", "jsp", "cgi", "html", "htm", "do", "action", "shtml", "pl",
];

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(last) = cx.segments.last() else {
        return;
    };
    let text = cx.text(last);
    let Some(dot) = text.rfind('.') else { return };
    let ext = &text[dot + 1..];
    if dot > 0 && EXTENSIONS.iter().any(|e| e.eq_ignore_ascii_case(ext)) {
        let span = last.start + dot..last.end;
        out.push(diag(
            &INFO,
            cx,
            span,
            format!("'.{ext}' names the server technology in the URL"),
        ));
    }
}
