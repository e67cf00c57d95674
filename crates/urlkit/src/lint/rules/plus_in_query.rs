//! `plus-in-query` (U0212): a raw `+` in a query value that is not a form-encoded space
//! between words (`?q=C++`, which every form decoder reads as `C  `).

use super::{diag, DiagnosticExt};
use crate::lint::{Applicability, Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0212",
    name: "plus-in-query",
    family: Family::Interoperability,
    level: Severity::Note,
    summary: "a raw '+' in a query value that form decoders read as a space ('q=C++' is 'C  ')",
    scope: Scope::Url,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "Reports each run of `+` in a query value that is not a form-encoded space between two \
               words: a `+` at the start or end of the value, a `+` next to another `+`, and \
               every `+` of a query that spells some space `%20` (whose writer did not use \
               the form encoding). A single `+` between two characters of a value (`q=a+b`) \
               is not reported: that is how a browser submits the typed words `a b`, and a \
               form writes a typed `+` as `%2B`.",
        why: "The server reads another value than the one written: \
              `https://example.com/search?q=C++` searches for `C  `, a phone \
              number `?tel=+81312345678` loses its `+`, `?grade=A+` becomes `A `. Nothing fails: \
              the answer is just wrong.",
        example: "https://example.com/search?q=C++",
        use_instead: "https://example.com/search?q=C%2B%2B",
        fix_safety: "Unsafe: the fix writes `%2B`, a plus to every decoder, which changes what \
                     a form decoder reads (a space) into what was most likely meant. If a space \
                     was meant, write `%20` or a `+` between words instead.",
        references: &[
            "https://url.spec.whatwg.org/#application/x-www-form-urlencoded",
            "https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#url-encoded-form-data",
            "https://www.rfc-editor.org/rfc/rfc3986#section-3.4",
        ],
    },
};

/// Reports the `+` of query values that are not a form's spaces.
///
/// # Rationale
///
/// In a query, `+` means a space to every form decoder (the WHATWG
/// application/x-www-form-urlencoded parser, PHP, Python's `parse_qs`, Java's `URLDecoder`,
/// Rails, Go's `ParseQuery`), and a browser submitting a form writes each typed space as `+`
/// and each typed `+` as `%2B`. So `q=a+b` is most likely a form's `a b`, as intended, and is
/// not reported. A form seldom sends a value that starts or ends with a space, or two spaces
/// in a row, while people often write `C++`, `+81 3 ...` or `A+` by hand: those `+` are a
/// literal plus that was never encoded. A query that spells a space `%20` was written by
/// something that does not form-encode (`encodeURIComponent`, RFC 3986 tools), so all of its
/// `+` were meant as `+`.
/// The longest value quoted in a message.
const SHOWN: usize = 80;

pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let Some(q) = &cx.split.query else { return };
    let b = cx.input.as_bytes();
    if !b[q.clone()].contains(&b'+') {
        return;
    }
    // A query that spells a space `%20` was not form-encoded: its `+` is a plus.
    let not_form = cx.escapes_in(q).iter().any(|e| e.byte == b' ');
    for p in &cx.params {
        let Some(v) = &p.value else { continue };
        let mut at = v.start;
        while at < v.end {
            if b[at] != b'+' {
                at += 1;
                continue;
            }
            let start = at;
            while at < v.end && b[at] == b'+' {
                at += 1;
            }
            let run = start..at;
            let edge = run.start == v.start || run.end == v.end;
            if !(not_form || edge || run.len() > 1) {
                continue;
            }
            let value = cx.text(v);
            let why = if not_form {
                "the query spells other spaces %20"
            } else if run.len() > 1 {
                "a form writes a typed '+' as %2B, and doubled spaces are rare"
            } else {
                "a form writes a typed '+' as %2B, and a value seldom starts or ends with a space"
            };
            let (count, plural) = match run.len() {
                1 => ("a".to_owned(), ""),
                n => (n.to_string(), "s"),
            };
            // The value is quoted when short: a finding's words stay bounded, so a value of
            // thousands of `+` costs linear time.
            let mut d = if value.len() <= SHOWN {
                let read = value.replace('+', " ");
                diag(
                    &INFO,
                    cx,
                    run.clone(),
                    format!(
                        "'{}' in the value '{value}' is {count} space{plural} to every form decoder, \
                         which reads {read:?}; it looks like a literal plus ({why})",
                        cx.text(&run),
                    ),
                )
                .evidence("form decoders read", read)
            } else {
                diag(
                    &INFO,
                    cx,
                    run.clone(),
                    format!(
                        "'{}' in a query value is {count} space{plural} to every form decoder; \
                         it looks like a literal plus ({why})",
                        cx.text(&run),
                    ),
                )
            };
            d = d.fix("%2B".repeat(run.len()), Applicability::Unsafe);
            out.push(d);
        }
    }
}
