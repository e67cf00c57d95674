//! `double-slash` (U0307, style): an empty path segment (`//`).

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0307",
    name: "double-slash",
    family: Family::Style,
    level: Severity::Note,
    summary: "'//' inside the path (an empty segment)",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports each run of two or more `/` in the path.",
        why: "Usually a join of a base ending in `/` with a path starting with `/`. Some \
              servers collapse it, others route it elsewhere; to RFC 3986 it is another path.",
        example: "https://example.com/blog//post",
        use_instead: "https://example.com/blog/post",
        fix_safety: "Unsafe: an empty segment is significant to RFC 3986.",
        references: &["https://www.rfc-editor.org/rfc/rfc3986#section-3.3"],
    },
};

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let b = cx.input.as_bytes();
    let mut i = cx.split.path.start;
    while i + 1 < cx.split.path.end {
        if b[i] == b'/' && b[i + 1] == b'/' {
            let start = i;
            while i < cx.split.path.end && b[i] == b'/' {
                i += 1;
            }
            let span = start..i;
            let text = cx.text(&span);
            out.push(
                diag(
                    &INFO,
                    cx,
                    span,
                    format!("'{text}' in the path makes an empty segment"),
                )
                .fix("/".into(), Applicability::Unsafe),
            );
            continue;
        }
        i += 1;
    }
}
