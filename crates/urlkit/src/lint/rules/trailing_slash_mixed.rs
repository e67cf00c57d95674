//! `trailing-slash-mixed` (U0304, style, list): some paths of a host end in `/`, others not.

use crate::lint::tally::{First, ListFinding, PerHost};
use crate::lint::{Context, Family, RuleDoc, RuleInfo, Scope, Severity};

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
               extension) that end with `/` and those that do not, and reports the less common kind \
               once per host, on its first URL, with the number of paths of that kind.",
        why: "`/about` and `/about/` are two URLs; a site that has one rule for trailing slashes \
              (and redirects the other form) keeps one canonical URL per page.",
        example: "https://example.com/a/\nhttps://example.com/b/\nhttps://example.com/c",
        use_instead: "https://example.com/a/\nhttps://example.com/b/\nhttps://example.com/c/",
        fix_safety: "No fix: the server decides which form it serves.",
        references: &["https://developers.google.com/search/blog/2010/04/to-slash-or-not-to-slash"],
    },
};

/// Whether the path of `cx` ends with `/`, for the paths this rule counts (not `/` alone, not
/// a file name with an extension).
fn ends_with_slash(cx: &Context<'_>) -> Option<bool> {
    let path = cx.text(&cx.split.path);
    if path.len() <= 1 {
        return None;
    }
    let slash = path.ends_with('/');
    let last = path.rsplit_once('/').map_or(path, |(_, last)| last);
    if !slash && last.contains('.') {
        return None;
    }
    Some(slash)
}

/// Per host: how many counted paths end with `/` (`[1]`) and how many do not (`[0]`), and
/// the first of each.
pub(crate) struct Summary<T> {
    hosts: PerHost<T, 2>,
}

impl<T> Default for Summary<T> {
    fn default() -> Summary<T> {
        Summary {
            hosts: PerHost::default(),
        }
    }
}

impl<T: Clone> Summary<T> {
    /// Counts the URL of `cx` (the `seq`-th of the list, at `at`).
    pub(crate) fn add(&mut self, cx: &Context<'_>, seq: u64, at: &T) {
        let Some(slash) = ends_with_slash(cx) else {
            return;
        };
        let tallies = self.hosts.of(cx);
        let end = cx.split.path.end;
        let span = if slash { end - 1..end } else { end..end };
        tallies[usize::from(slash)].add(|| First::new(&INFO, cx, span, (seq, at.clone())));
    }

    /// One finding per host whose paths mix both kinds, on the first path of the rarer kind
    /// (on a tie, the first without `/`).
    pub(crate) fn finish(self) -> Vec<(u64, ListFinding<T>)> {
        let mut out = Vec::new();
        for (host, [without, with]) in self.hosts {
            if without.count == 0 || with.count == 0 {
                continue;
            }
            let (slash, rare, common) = if with.count < without.count {
                (true, with, without.count)
            } else {
                (false, without, with.count)
            };
            let Some(first) = rare.first else { continue };
            let message = format!(
                "this path {} with '/', unlike {common} of the {} paths of {host} in the list \
                 ({} of this kind, this one first)",
                if slash { "ends" } else { "does not end" },
                rare.count + common,
                rare.count
            );
            out.push(first.finding(message));
        }
        out
    }
}
