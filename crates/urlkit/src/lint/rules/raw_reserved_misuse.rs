//! `raw-reserved-misuse` (U0105): characters RFC 3986 never allows raw, a second `#`, and
//! unexpanded templates.

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};
use crate::uri::chars::HEX_UPPER;

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0105",
    name: "raw-reserved-misuse",
    family: Family::Correctness,
    level: Severity::Error,
    summary:
        "a raw '\"', '<', '>', '{', '}', '|', '^', '`', a second '#', or an unexpanded {template}",
    scope: Scope::Url,
    aliases: &["invalid-URL-unit"],
    security: None,
    doc: RuleDoc {
        what: "Reports the printable ASCII characters that RFC 3986 excludes from every \
               component (`\" < > { } | ^` and backtick), a `#` inside the fragment, and a \
               `{name}` left from a URL template that was never expanded.",
        why: "These characters end URLs in text and markup, are encoded differently by each \
              browser component, and a literal `{user_id}` means the URL was built from a \
              template by mistake: it names no real resource.",
        example: "https://example.com/users/{user_id}/posts",
        use_instead: "https://example.com/users/42/posts",
        fix_safety: "Safe for a single character other than `#`: its `%XX` is what a key \
                     writes (`compare --level safe` finds the two equal). Unsafe for a second \
                     `#`: a browser keeps it raw in the fragment, so a script reading \
                     `location.hash` sees `#` where the fix writes `%23`, and the `safe` level \
                     never equates a delimiter with its escape. No fix for a template.",
        references: &[
            "https://www.rfc-editor.org/rfc/rfc3986#appendix-A",
            "https://www.rfc-editor.org/rfc/rfc6570",
        ],
    },
};

fn template_end(b: &[u8], at: usize) -> Option<usize> {
    let close = b[at + 1..].iter().position(|&c| c == b'}')? + at + 1;
    let inner = &b[at + 1..close];
    let ok = !inner.is_empty()
        && inner.iter().all(|&c| {
            c.is_ascii_alphanumeric()
                || matches!(
                    c,
                    b'_' | b'.' | b'-' | b'*' | b',' | b'+' | b'?' | b'&' | b'/' | b'#' | b';'
                )
        });
    ok.then_some(close + 1)
}

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let b = cx.input.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'{' {
            if let Some(end) = template_end(b, i) {
                let span = i..end;
                let text = cx.text(&span);
                out.push(diag(
                    &INFO,
                    cx,
                    span,
                    format!("'{text}' is an unexpanded URL template"),
                ));
                i = end;
                continue;
            }
        }
        let second_hash = c == b'#' && cx.split.fragment.as_ref().is_some_and(|f| f.contains(&i));
        if matches!(c, b'"' | b'<' | b'>' | b'{' | b'}' | b'|' | b'^' | b'`') || second_hash {
            let mut esc = String::new();
            HEX_UPPER.push_escape(c, &mut esc);
            let what = if second_hash {
                "a second '#'"
            } else {
                "a raw character RFC 3986 does not allow"
            };
            out.push(
                diag(
                    &INFO,
                    cx,
                    i..i + 1,
                    format!("'{}' at byte {i} is {what}; write it {esc}", c as char),
                )
                .fix(
                    esc,
                    if second_hash {
                        Applicability::Unsafe
                    } else {
                        Applicability::Safe
                    },
                ),
            );
        }
        i += 1;
    }
}
