//! What was read: the sources, their record counts per content type, and the findings.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::finding::{Effect, Finding, FindingKind};
use crate::record::{Position, Record, SourceId};
use crate::spec::Format;

/// One source that was read: its name (a path or URL), its format, and how many records of
/// each content type it gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceInfo {
    /// The path or URL.
    pub name: String,
    /// The format it was read as.
    pub format: Format,
    /// Records read from it.
    pub records: u64,
    /// Records per content type (`None`: the source does not say), in order of first sight.
    pub kinds: Vec<(Option<Arc<str>>, u64)>,
}

/// How many records with whitespace around their URL are said one by one, per source; the
/// rest are counted in one finding.
const TRIMS_LISTED: u64 = 3;

/// The sources read so far and the findings about them.
///
/// ```
/// use urlkit_sources::{Catalog, Format};
/// let mut c = Catalog::default();
/// let id = c.add_source("list.txt", Format::Text);
/// assert_eq!(c.source(id).unwrap().name, "list.txt");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    sources: Vec<SourceInfo>,
    findings: Vec<Finding>,
    /// Per source, where each content type is in its `kinds` (a site may have 100,000 types:
    /// a linear search per record would be quadratic).
    kind_index: Vec<HashMap<Option<Arc<str>>, usize>>,
    /// Per source, how many records had whitespace around their URL (removed).
    trimmed: Vec<u64>,
}

impl Catalog {
    /// Registers a source and returns its id.
    pub fn add_source(&mut self, name: impl Into<String>, format: Format) -> SourceId {
        self.sources.push(SourceInfo {
            name: name.into(),
            format,
            records: 0,
            kinds: Vec::new(),
        });
        self.kind_index.push(HashMap::new());
        self.trimmed.push(0);
        SourceId(
            u32::try_from(self.sources.len() - 1)
                .expect("invariant: fewer than 2^32 sources (each is a file or a response)"),
        )
    }

    /// The source `id`.
    pub fn source(&self, id: SourceId) -> Option<&SourceInfo> {
        self.sources.get(id.0 as usize)
    }

    /// Every source, in the order they were read.
    pub fn sources(&self) -> &[SourceInfo] {
        &self.sources
    }

    /// Records per content type over every source, by type name, with the records of no
    /// type last as `"untyped"` (listed only when some records have a type: a list with no
    /// types at all has nothing to break down).
    ///
    /// ```
    /// use urlkit_sources::{Catalog, Format};
    /// let mut c = Catalog::default();
    /// c.add_source("list.txt", Format::Text);
    /// assert!(c.records_by_kind().is_empty());
    /// ```
    pub fn records_by_kind(&self) -> Vec<(String, u64)> {
        let mut by: BTreeMap<String, u64> = BTreeMap::new();
        let mut untyped = 0;
        for s in &self.sources {
            for (k, n) in &s.kinds {
                match k {
                    Some(k) => *by.entry(k.to_string()).or_default() += n,
                    None => untyped += n,
                }
            }
        }
        let mut v: Vec<(String, u64)> = by.into_iter().collect();
        if untyped > 0 && !v.is_empty() {
            v.push(("untyped".into(), untyped));
        }
        v
    }

    /// Every finding, in the order they were made.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Records a finding about `source` that lost nothing ([`Effect::Note`]).
    pub fn note(
        &mut self,
        source: SourceId,
        kind: FindingKind,
        position: Option<Position>,
        message: impl Into<String>,
    ) {
        self.add_finding(source, kind, Effect::Note, position, message.into());
    }

    /// Records a choice made from the content of `source` ([`Effect::Guessed`]).
    pub fn guess(
        &mut self,
        source: SourceId,
        kind: FindingKind,
        position: Option<Position>,
        message: impl Into<String>,
    ) {
        self.add_finding(source, kind, Effect::Guessed, position, message.into());
    }

    /// Records that part of `source` gave no record ([`Effect::Skipped`]).
    pub fn skip(
        &mut self,
        source: SourceId,
        kind: FindingKind,
        position: Option<Position>,
        message: impl Into<String>,
    ) {
        self.add_finding(source, kind, Effect::Skipped, position, message.into());
    }

    /// Records a finding about the whole of `source`, as the `at`-th finding (before those
    /// its reader made).
    pub(crate) fn insert(
        &mut self,
        at: usize,
        source: SourceId,
        kind: FindingKind,
        effect: Effect,
        message: String,
    ) {
        let finding = Finding {
            source,
            kind,
            effect,
            position: None,
            message,
        };
        self.findings.insert(at.min(self.findings.len()), finding);
    }

    /// Records that the reader removed something that is never data ([`Effect::Told`]).
    pub(crate) fn told(
        &mut self,
        source: SourceId,
        kind: FindingKind,
        position: Option<Position>,
        message: impl Into<String>,
    ) {
        self.add_finding(source, kind, Effect::Told, position, message.into());
    }

    /// Counts a record of `source` whose URL had whitespace around it (removed, as `what`
    /// says): the first few are said one by one, the rest in one count by
    /// [`Catalog::finish_source`].
    pub(crate) fn trimmed(&mut self, source: SourceId, position: Position, what: String) {
        let Some(n) = self.trimmed.get_mut(source.0 as usize) else {
            panic!(
                "invariant: source {} was registered before its records",
                source.0
            );
        };
        *n += 1;
        if *n <= TRIMS_LISTED {
            self.told(source, FindingKind::WhitespaceRemoved, Some(position), what);
        }
    }

    /// Says the counts left to say about `source` once it is read.
    pub(crate) fn finish_source(&mut self, source: SourceId) {
        let n = self.trimmed.get(source.0 as usize).copied().unwrap_or(0);
        if n > TRIMS_LISTED {
            let message = format!(
                "removed the whitespace around {n} URLs in all ({} not listed)",
                n - TRIMS_LISTED
            );
            self.told(source, FindingKind::WhitespaceRemovedCount, None, message);
        }
    }

    fn add_finding(
        &mut self,
        source: SourceId,
        kind: FindingKind,
        effect: Effect,
        position: Option<Position>,
        message: String,
    ) {
        self.findings.push(Finding {
            source,
            kind,
            effect,
            position,
            message,
        });
    }

    /// Whether a finding says that input was skipped.
    pub fn skipped_any(&self) -> bool {
        self.findings.iter().any(|f| f.effect == Effect::Skipped)
    }

    /// Counts `n` records of `source` whose type is unknown (a block of lines).
    pub(crate) fn count_untyped(&mut self, source: SourceId, n: usize) {
        if n > 0 {
            self.count(source, None, n as u64);
        }
    }

    /// Counts a record and hands it to `sink`, its URL trimmed by the one rule
    /// ([`crate::trim`]; what was removed is said).
    pub(crate) fn emit(&mut self, sink: &mut dyn FnMut(Record), mut record: Record) {
        let t = crate::lines::trim(record.url.as_bytes(), false, crate::lines::Content::Url);
        if let Some(what) = t.describe(record.url.as_bytes()) {
            self.trimmed(record.source, record.position.clone(), what);
            record.url = record
                .url
                .get(t.kept)
                .expect("invariant: the trim of UTF-8 ends on character boundaries")
                .to_owned();
        }
        self.count(record.source, record.kind.as_ref(), 1);
        sink(record);
    }

    fn count(&mut self, source: SourceId, kind: Option<&Arc<str>>, n: u64) {
        let i = source.0 as usize;
        let (Some(info), Some(index)) = (self.sources.get_mut(i), self.kind_index.get_mut(i))
        else {
            panic!("invariant: source {i} was registered by add_source before its records");
        };
        info.records += n;
        match index.get(&kind.cloned()) {
            Some(&at) => info.kinds[at].1 += n,
            None => {
                index.insert(kind.cloned(), info.kinds.len());
                info.kinds.push((kind.cloned(), n));
            }
        }
    }
}

/// Content-type names shared by the records that have them: one allocation per distinct name,
/// found by hashing (a CSV may hold 100,000 distinct types).
#[derive(Default)]
pub(crate) struct Kinds(std::collections::HashSet<Arc<str>>);

impl Kinds {
    /// The shared name equal to `kind`.
    pub(crate) fn intern(&mut self, kind: &str) -> Arc<str> {
        if let Some(k) = self.0.get(kind) {
            return k.clone();
        }
        let k: Arc<str> = Arc::from(kind);
        self.0.insert(k.clone());
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_by_kind_sums_the_sources_and_puts_untyped_last() {
        let mut c = Catalog::default();
        let a = c.add_source("https://a.example", Format::WordPress);
        let b = c.add_source("https://b.example", Format::WordPress);
        let (post, page): (Arc<str>, Arc<str>) = ("post".into(), "page".into());
        c.count(a, Some(&post), 2);
        c.count(b, Some(&post), 1);
        c.count(b, Some(&page), 4);
        c.count(a, None, 3);
        let by = |k: &str, n| (k.to_string(), n);
        assert_eq!(
            c.records_by_kind(),
            [by("page", 4), by("post", 3), by("untyped", 3)]
        );
        let mut plain = Catalog::default();
        let t = plain.add_source("list.txt", Format::Text);
        plain.count(t, None, 5);
        assert!(plain.records_by_kind().is_empty(), "no types: no breakdown");
    }
}
