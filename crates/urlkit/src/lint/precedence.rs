//! When two rules report the same bytes, the more specific one wins.
//!
//! The table of pairs is [`rules::PRECEDENCE`]; here it becomes, for every rule, the set of
//! rules that beat it (built once, at compile time), and [`resolve`] drops the beaten findings
//! in time `O(n log n)` for `n` findings: a URL with thousands of findings costs thousands of
//! times one finding, not millions.

use super::id::{RuleBits, RuleId};
use super::rules::PRECEDENCE;
use super::Diagnostic;

/// For each rule (by [`RuleId`]), the rules that beat it on overlapping bytes.
static BEATEN_BY: [RuleBits; RuleId::SLOTS] = beaten_by();

const fn beaten_by() -> [RuleBits; RuleId::SLOTS] {
    let mut table = [RuleBits::EMPTY; RuleId::SLOTS];
    let mut i = 0;
    while i < PRECEDENCE.len() {
        let (winner, loser) = PRECEDENCE[i];
        let w = RuleId::of_code(winner.code);
        let l = RuleId::of_code(loser.code);
        table[l.index()] = table[l.index()].with(w);
        i += 1;
    }
    table
}

/// The findings of one winning rule, sorted by start, for overlap queries.
struct Winners {
    id: RuleId,
    /// `(start, end)` of each finding, by start.
    spans: Vec<(usize, usize)>,
    /// `max_end[k]`: the largest end among `spans[..=k]`.
    max_end: Vec<usize>,
    /// The starts of the empty spans, sorted.
    empty_starts: Vec<usize>,
}

impl Winners {
    fn new(id: RuleId, mut spans: Vec<(usize, usize)>) -> Winners {
        spans.sort_unstable();
        let mut max_end = Vec::with_capacity(spans.len());
        let mut m = 0;
        for &(_, end) in &spans {
            m = m.max(end);
            max_end.push(m);
        }
        let empty_starts = spans
            .iter()
            .filter(|(s, e)| s == e)
            .map(|&(s, _)| s)
            .collect();
        Winners {
            id,
            spans,
            max_end,
            empty_starts,
        }
    }

    /// Whether a finding of this rule overlaps `[start, end)`: the two ranges share a byte,
    /// or one of them is empty and both start at the same byte.
    fn overlap(&self, start: usize, end: usize) -> bool {
        // Some winner with `ws < end` and `start < we`: of those with `ws < end` (a prefix),
        // the largest end decides.
        let k = self.spans.partition_point(|&(ws, _)| ws < end);
        if k > 0 && self.max_end[k - 1] > start {
            return true;
        }
        if start == end {
            let at = self.spans.partition_point(|&(ws, _)| ws < start);
            self.spans.get(at).is_some_and(|&(ws, _)| ws == start)
        } else {
            self.empty_starts.binary_search(&start).is_ok()
        }
    }
}

/// Drops every finding that a more specific one covers.
///
/// # Rationale
///
/// One mistake gets one name: `%2e%2e` as a segment is a dot segment, not "an encoded
/// unreserved character" and "lowercase hex" as well; the winners' own fixes cover what the
/// losers' would have done.
pub(crate) fn resolve(found: &mut Vec<Diagnostic>) {
    if found.len() < 2 {
        return;
    }
    let ids: Vec<RuleId> = found.iter().map(|d| RuleId::of_code(d.code)).collect();
    let present = ids.iter().fold(RuleBits::EMPTY, |s, &id| s.with(id));
    let mut winning = RuleBits::EMPTY;
    for id in present.iter() {
        winning = winning.or(BEATEN_BY[id.index()].and(present));
    }
    if winning.is_empty() {
        return;
    }
    let groups: Vec<Winners> = winning
        .iter()
        .map(|w| {
            let spans = found
                .iter()
                .zip(&ids)
                .filter(|(_, &id)| id == w)
                .map(|(d, _)| (d.span.start, d.span.end))
                .collect();
            Winners::new(w, spans)
        })
        .collect();
    let beaten: Vec<bool> = found
        .iter()
        .zip(&ids)
        .map(|(d, &id)| {
            let by = BEATEN_BY[id.index()].and(present);
            !by.is_empty()
                && groups
                    .iter()
                    .filter(|g| by.has(g.id))
                    .any(|g| g.overlap(d.span.start, d.span.end))
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
    use proptest::prelude::*;

    #[test]
    fn no_rule_beats_itself_and_every_pair_names_two_rules() {
        let all = rules();
        for (w, l) in PRECEDENCE {
            assert_ne!(w.code, l.code);
            assert!(all.iter().any(|r| r.code == w.code), "{}", w.name);
            assert!(all.iter().any(|r| r.code == l.code), "{}", l.name);
        }
    }

    /// The pairwise definition, for the oracle: `a` and `b` share a byte, or one is empty
    /// and both start at the same byte.
    fn overlap_naive(a: (usize, usize), b: (usize, usize)) -> bool {
        a.0 < b.1 && b.0 < a.1 || (a.0 == a.1 || b.0 == b.1) && a.0 == b.0
    }

    proptest! {
        /// The overlap index answers as the pairwise definition does.
        #[test]
        fn overlap_matches_the_pairwise_definition(
            spans in proptest::collection::vec((0usize..12, 0usize..4), 0..12),
            probe in (0usize..14, 0usize..4),
        ) {
            let spans: Vec<(usize, usize)> = spans.into_iter().map(|(s, l)| (s, s + l)).collect();
            let probe = (probe.0, probe.0 + probe.1);
            let g = Winners::new(RuleId::of_code("U0101"), spans.clone());
            let want = spans.iter().any(|&w| overlap_naive(w, probe));
            prop_assert_eq!(g.overlap(probe.0, probe.1), want);
        }
    }
}
