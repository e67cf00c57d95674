//! When two rules report the same bytes, the more specific one wins.

use super::Diagnostic;

/// `(winner, loser)`: where both report overlapping bytes, the loser's finding is dropped.
/// Names that no rule of this build has (the charset rules, when absent) simply never match.
const OVER: &[(&str, &str)] = &[
    ("legacy-charset", "invalid-utf8"),
    ("latin1-mojibake", "invalid-utf8"),
    ("latin1-mojibake", "double-encoding"),
    ("encoded-dot-segment", "encoded-unreserved"),
    ("encoded-dot-segment", "lowercase-hex"),
    ("encoded-dot-segment", "parser-disagreement"),
    ("nul", "raw-control"),
    ("nul", "invalid-utf8"),
    ("crlf", "raw-control"),
    ("backslash", "parser-disagreement"),
    ("backslash", "raw-reserved-misuse"),
    ("non-canonical-ipv4", "parser-disagreement"),
    ("userinfo-at", "parser-disagreement"),
    ("userinfo-at", "credentials-in-url"),
    ("host-percent-encoded", "parser-disagreement"),
    ("raw-space", "parser-disagreement"),
    ("raw-control", "parser-disagreement"),
    ("crlf", "parser-disagreement"),
    ("malformed-escape", "parser-disagreement"),
    ("raw-reserved-misuse", "parser-disagreement"),
    ("encoded-slash", "encoded-unreserved"),
    ("index-file", "file-extension"),
    ("mixed-forms", "lowercase-hex"),
];

fn overlap(a: &Diagnostic, b: &Diagnostic) -> bool {
    a.span.start < b.span.end && b.span.start < a.span.end
        || (a.span.is_empty() || b.span.is_empty()) && a.span.start == b.span.start
}

/// Drops every finding that a more specific one covers.
///
/// # Rationale
///
/// One mistake gets one name: `%2e%2e` as a segment is a dot segment, not "an encoded
/// unreserved character" and "lowercase hex" as well; the winners' own fixes cover what the
/// losers' would have done.
pub(crate) fn resolve(found: &mut Vec<Diagnostic>) {
    let beaten: Vec<bool> = found
        .iter()
        .map(|loser| {
            found.iter().any(|winner| {
                OVER.iter()
                    .any(|&(w, l)| w == winner.rule && l == loser.rule)
                    && overlap(winner, loser)
            })
        })
        .collect();
    let mut k = 0;
    found.retain(|_| {
        k += 1;
        !beaten[k - 1]
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules;

    #[test]
    fn every_name_is_a_rule_or_reserved() {
        let names: Vec<&str> = rules().iter().map(|r| r.name).collect();
        for (w, l) in OVER {
            for n in [w, l] {
                assert!(
                    names.contains(n) || crate::lint::RESERVED.iter().any(|(_, r)| r == n),
                    "{n}"
                );
            }
        }
    }
}
