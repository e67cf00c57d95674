//! The presence matrix: one row per distinct page across any number of sources, with how
//! each source spells it, and the patterns of presence summed up.
//!
//! Two lists answer "what is missing"; an operator with a list, the REST API and the sitemap
//! asks where each page is. A page in the list and the sitemap but not in REST is probably a
//! custom post type hidden from REST; a page in REST but not in the sitemap is probably
//! `noindex` or excluded by an SEO plugin.
//!
//! ```
//! use urlkit_reconcile::matrix::{Matrix, Role};
//! let mut m = Matrix::new(3);
//! m.add(0, "https://a/%E9%81%8B/", "https://a/%E9%81%8B/");
//! m.add(1, "https://a/%E9%81%8B/", "https://a/%e9%81%8b/");
//! m.add(2, "https://a/%E9%81%8B/", "https://a/運/");
//! m.add(1, "https://a/draft/", "https://a/draft/");
//! assert_eq!(m.rows().len(), 2);
//! assert_eq!(m.rows()[0].spellings[2].as_deref(), Some("https://a/運/"));
//! let p = m.patterns(&[Role::List, Role::Rest, Role::Sitemap]);
//! assert_eq!((p[0].sources.as_slice(), p[0].rows), (&[0, 1, 2][..], 1));
//! assert_eq!(p[1].meaning, Some("in the REST API but not in the sitemap: probably noindex or excluded from the sitemap"));
//! ```
//!
//! Spec: <https://developer.wordpress.org/rest-api/reference/>

use std::collections::HashMap;

/// What a source is, for the meaning of a pattern.
///
/// ```
/// use urlkit_reconcile::matrix::Role;
/// assert_eq!(Role::Sitemap.name(), "sitemap");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The operator's own list (text, CSV, JSON).
    List,
    /// The WordPress REST API (live or a saved export).
    Rest,
    /// A sitemap.
    Sitemap,
}

impl Role {
    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::List => "list",
            Role::Rest => "rest",
            Role::Sitemap => "sitemap",
        }
    }
}

/// One distinct page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Its comparison key.
    pub key: Box<str>,
    /// Per source, its first spelling there (`None`: not there).
    pub spellings: Vec<Option<Box<str>>>,
    /// Per source, how many times it is there.
    pub counts: Vec<u32>,
}

impl Row {
    /// The sources the page is in, in source order.
    pub fn sources(&self) -> Vec<usize> {
        (0..self.counts.len())
            .filter(|&i| self.counts[i] > 0)
            .collect()
    }
}

/// A pattern of presence: the rows in exactly these sources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The sources, in source order.
    pub sources: Vec<usize>,
    /// How many rows.
    pub rows: usize,
    /// What the pattern probably means, when the roles of the sources say.
    pub meaning: Option<&'static str>,
}

/// The matrix being filled.
pub struct Matrix {
    sources: usize,
    index: HashMap<Box<str>, u32, foldhash::fast::FixedState>,
    rows: Vec<Row>,
}

impl Matrix {
    /// An empty matrix of `sources` sources.
    pub fn new(sources: usize) -> Matrix {
        Matrix {
            sources,
            index: HashMap::default(),
            rows: Vec::new(),
        }
    }

    /// Records that source `source` holds `url`, whose key is `key`.
    ///
    /// # Panics
    ///
    /// When `source` is not one of the matrix's sources (a caller's bug).
    pub fn add(&mut self, source: usize, key: &str, url: &str) {
        assert!(source < self.sources, "source {source} of {}", self.sources);
        let n = self.sources;
        let row = match self.index.get(key) {
            Some(&i) => &mut self.rows[i as usize],
            None => {
                let i = u32::try_from(self.rows.len()).expect("invariant: fewer than 2^32 pages");
                self.index.insert(key.into(), i);
                self.rows.push(Row {
                    key: key.into(),
                    spellings: vec![None; n],
                    counts: vec![0; n],
                });
                self.rows
                    .last_mut()
                    .expect("invariant: a row was just pushed")
            }
        };
        row.counts[source] = row.counts[source].saturating_add(1);
        if row.spellings[source].is_none() {
            row.spellings[source] = Some(url.into());
        }
    }

    /// The rows, in order of first appearance.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The pages in `source`.
    pub fn pages_in(&self, source: usize) -> usize {
        self.rows.iter().filter(|r| r.counts[source] > 0).count()
    }

    /// The patterns of presence, most rows first (ties in source order), with their meaning
    /// from the sources' `roles` (one per source).
    pub fn patterns(&self, roles: &[Role]) -> Vec<Pattern> {
        let mut counts: HashMap<Vec<usize>, usize> = HashMap::new();
        for row in &self.rows {
            *counts.entry(row.sources()).or_default() += 1;
        }
        let mut patterns: Vec<Pattern> = counts
            .into_iter()
            .map(|(sources, rows)| Pattern {
                meaning: meaning(roles, &sources),
                sources,
                rows,
            })
            .collect();
        patterns.sort_by(|a, b| b.rows.cmp(&a.rows).then_with(|| a.sources.cmp(&b.sources)));
        patterns
    }
}

/// What being in exactly `sources` probably means, from the roles of all sources.
///
/// # Rationale
///
/// Only the patterns whose cause is well known get a meaning: WordPress's sitemaps
/// (`wp-sitemap.xml` and the SEO plugins') list what is indexable, the REST API what has
/// `show_in_rest`, and the operator's list what they expect.
fn meaning(roles: &[Role], sources: &[usize]) -> Option<&'static str> {
    let has = |role: Role| -> (bool, bool) {
        let any = roles.contains(&role);
        let present = sources.iter().any(|&s| roles.get(s) == Some(&role));
        (any, present)
    };
    let (list, in_list) = has(Role::List);
    let (rest, in_rest) = has(Role::Rest);
    let (sitemap, in_sitemap) = has(Role::Sitemap);
    if sources.len() == roles.len() {
        return Some("everywhere");
    }
    match (in_list, in_rest, in_sitemap) {
        (_, false, true) if rest => Some(
            "in the sitemap but not in the REST API: probably a custom post type or taxonomy \
             without show_in_rest",
        ),
        (_, true, false) if sitemap => Some(
            "in the REST API but not in the sitemap: probably noindex or excluded from the sitemap",
        ),
        (true, false, false) if rest || sitemap => {
            Some("only in the list: gone from the site, or spelled differently there")
        }
        (false, true, true) if list => Some("on the site but not in the list"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_keep_each_source_s_first_spelling_and_count() {
        let mut m = Matrix::new(2);
        m.add(0, "k", "a");
        m.add(0, "k", "b");
        m.add(1, "k", "c");
        let row = &m.rows()[0];
        assert_eq!(row.counts, [2, 1]);
        assert_eq!(row.spellings, [Some("a".into()), Some("c".into())]);
        assert_eq!(row.sources(), [0, 1]);
    }

    #[test]
    fn meanings_follow_the_roles() {
        let roles = [Role::List, Role::Rest, Role::Sitemap];
        assert_eq!(meaning(&roles, &[0, 1, 2]), Some("everywhere"));
        assert!(meaning(&roles, &[0, 2]).is_some_and(|m| m.contains("custom post type")));
        assert!(meaning(&roles, &[2]).is_some_and(|m| m.contains("custom post type")));
        assert!(meaning(&roles, &[0, 1]).is_some_and(|m| m.contains("noindex")));
        assert!(meaning(&roles, &[0]).is_some_and(|m| m.contains("only in the list")));
        assert_eq!(
            meaning(&roles, &[1, 2]),
            Some("on the site but not in the list")
        );
        // Two lists: no role tells what being in one means.
        assert_eq!(meaning(&[Role::List, Role::List], &[0]), None);
        // Without a sitemap, REST alone means nothing known.
        assert_eq!(meaning(&[Role::List, Role::Rest], &[1]), None);
    }

    #[test]
    fn patterns_are_sorted_by_size() {
        let mut m = Matrix::new(2);
        for k in ["a", "b", "c"] {
            m.add(0, k, k);
            m.add(1, k, k);
        }
        m.add(0, "gone", "gone");
        let p = m.patterns(&[Role::List, Role::Rest]);
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].sources.clone(), p[0].rows), (vec![0, 1], 3));
        assert_eq!((p[1].sources.clone(), p[1].rows), (vec![0], 1));
    }
}
