//! `trailing-slash-mixed` (U0304, style, list): some paths of a host end in `/`, others not.

use super::diag;
use crate::lint::{Context, Diagnostic, Family, RuleDoc, RuleInfo, Scope, Severity};

pub(crate) static INFO: RuleInfo = RuleInfo {
    code: "U0304",
    name: "trailing-slash-mixed",
    family: Family::Style,
    level: Severity::Note,
    summary: "the list's paths of one host mix ending with '/' and not",
    scope: Scope::List,
    aliases: &[],
    security: None,
    doc: RuleDoc {
        what: "For each host, counts the paths (other than `/` and file names with an \
               extension) that end with `/` and those that do not, and reports the URLs of the \
               less common kind.",
        why: "`/about` and `/about/` are two URLs; a site that has one rule for trailing slashes \
              (and redirects the other form) keeps one canonical URL per page.",
        example: "https://example.com/a/\nhttps://example.com/b/\nhttps://example.com/c",
        use_instead: "https://example.com/a/\nhttps://example.com/b/\nhttps://example.com/c/",
        fix_safety: "No fix: the server decides which form it serves.",
        references: &["https://developers.google.com/search/blog/2010/04/to-slash-or-not-to-slash"],
    },
};

fn kind(cx: &Context<'_>) -> Option<(String, bool)> {
    let path = cx.text(&cx.path);
    if path.len() <= 1 {
        return None;
    }
    let slash = path.ends_with('/');
    let last = path.rsplit_once('/').map_or(path, |(_, last)| last);
    if !slash && last.contains('.') {
        return None;
    }
    let host = cx
        .host
        .as_ref()
        .map_or_else(String::new, |h| cx.text(h).to_ascii_lowercase());
    Some((host, slash))
}

pub(crate) fn check(list: &[Context<'_>]) -> Vec<(usize, Diagnostic)> {
    let kinds: Vec<Option<(String, bool)>> = list.iter().map(kind).collect();
    let mut out = Vec::new();
    for (i, k) in kinds.iter().enumerate() {
        let Some((host, slash)) = k else { continue };
        let same = |want: bool| {
            kinds
                .iter()
                .flatten()
                .filter(|(h, s)| h == host && *s == want)
                .count()
        };
        let (mine, other) = (same(*slash), same(!*slash));
        if other > mine || (other == mine && !*slash && other > 0) {
            let cx = &list[i];
            let end = cx.path.end;
            let span = if *slash { end - 1..end } else { end..end };
            let msg = format!(
                "this path {} with '/', unlike {other} of the {} paths of {host} in the list",
                if *slash { "ends" } else { "does not end" },
                mine + other
            );
            out.push((i, diag(&INFO, cx, span, msg)));
        }
    }
    out
}
