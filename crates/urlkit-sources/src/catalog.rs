//! What was read: the sources, their record counts per content type, and the findings.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::Arc;

use crate::spec::Format;

/// Which source a record came from: an index into [`Catalog::sources`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SourceId(pub u32);

/// Where in its source a record is.
///
/// ```
/// use urlkit_sources::Position;
/// assert_eq!(Position::Line(3).to_string(), "line 3");
/// assert_eq!(Position::Pointer("/0/link".into()).to_string(), "/0/link");
/// assert_eq!(Position::LinePointer(2, "/url".into()).to_string(), "line 2 /url");
/// assert_eq!(Position::Item(0).to_string(), "item 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    /// A 1-based line (text, CSV record start, the `<loc>` of a sitemap).
    Line(u64),
    /// A JSON pointer (RFC 6901) into a JSON document.
    Pointer(String),
    /// A JSON pointer into the value on a 1-based line of a JSON Lines file.
    LinePointer(u64, String),
    /// The 0-based index of an item of a list given in memory (a Python list).
    Item(u64),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Line(n) => write!(f, "line {n}"),
            Position::Pointer(p) => f.write_str(p),
            Position::LinePointer(n, p) => write!(f, "line {n} {p}"),
            Position::Item(i) => write!(f, "item {i}"),
        }
    }
}

/// One URL read from a source.
///
/// ```
/// use urlkit_sources::{Position, Record, SourceId};
/// let r = Record {
///     url: "https://example.com/".into(),
///     source: SourceId(0),
///     position: Position::Line(1),
///     kind: None,
///     extra: vec![("title".into(), "Home".into())],
/// };
/// assert_eq!(r.kind(), None);
/// assert_eq!(r.extra("title"), Some("Home"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The URL as the source wrote it (XML/JSON escapes resolved, percent-escapes untouched).
    pub url: String,
    /// The source it came from.
    pub source: SourceId,
    /// Where in that source.
    pub position: Position,
    /// The content type when the source knows it (`post`, `page`, `category`, `post_tag`, ...).
    pub kind: Option<Arc<str>>,
    /// What else the source says about the URL, by field name, in source order: the other
    /// columns of a CSV row (under their header names), a WordPress item's `title`, a sitemap
    /// entry's `lastmod`. Empty when the source says nothing more (a text line).
    pub extra: Vec<(Arc<str>, String)>,
}

impl Record {
    /// The value of the extra field `name`, if the source gave one.
    pub fn extra(&self, name: &str) -> Option<&str> {
        self.extra
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The content type, if known.
    pub fn kind(&self) -> Option<&str> {
        self.kind.as_deref()
    }
}

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

/// What a [`Finding`] means for the records read.
///
/// ```
/// use urlkit_sources::Effect;
/// assert_ne!(Effect::Note, Effect::Skipped);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Worth knowing; every record of the source was read.
    Note,
    /// The reader chose how to read the source (a CSV column, a format) from its content:
    /// a guess, which a user should be told about as it happens.
    Guessed,
    /// Part of the input (a line, a cell, an item) gave no record: what was read is not the
    /// whole source, so a reconciliation of it cannot be a complete match.
    Skipped,
    /// The reader did something a user should be told about as it happens, and lost nothing
    /// by it: removed a byte order mark or the whitespace around URLs, or read a JSON or XML
    /// source without the encoding given for the text sources.
    Told,
}

impl Effect {
    /// The stable name (`note`, `guessed`, `skipped`, `told`).
    ///
    /// ```
    /// assert_eq!(urlkit_sources::Effect::Told.name(), "told");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Effect::Note => "note",
            Effect::Guessed => "guessed",
            Effect::Skipped => "skipped",
            Effect::Told => "told",
        }
    }

    /// Whether a door says a finding of this effect as it happens (on stderr, as a Python
    /// warning): the guesses, the skips and what the reader was told to say.
    pub const fn is_said(self) -> bool {
        !matches!(self, Effect::Note)
    }
}

/// How many records with whitespace around their URL are said one by one, per source; the
/// rest are counted in one finding.
const TRIMS_LISTED: u64 = 3;

/// Something worth knowing that did not stop reading.
///
/// ```
/// use urlkit_sources::{Effect, Finding, SourceId};
/// let f = Finding { source: SourceId(0), kind: "sitemap-too-many-urls", effect: Effect::Note, position: None, message: "51000 URLs".into() };
/// assert_eq!(f.kind, "sitemap-too-many-urls");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The source it is about.
    pub source: SourceId,
    /// Stable kebab-case kind (`sitemap-too-many-urls`, `wp-item-without-link`,
    /// `sitemap-already-visited`, `wp-collection-read`, ...).
    pub kind: &'static str,
    /// Whether input was skipped.
    pub effect: Effect,
    /// Where, when it is about one place.
    pub position: Option<Position>,
    /// Human-readable message.
    pub message: String,
}

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
        kind: &'static str,
        position: Option<Position>,
        message: impl Into<String>,
    ) {
        self.add_finding(source, kind, Effect::Note, position, message.into());
    }

    /// Records a choice made from the content of `source` ([`Effect::Guessed`]).
    pub fn guess(
        &mut self,
        source: SourceId,
        kind: &'static str,
        position: Option<Position>,
        message: impl Into<String>,
    ) {
        self.add_finding(source, kind, Effect::Guessed, position, message.into());
    }

    /// Records that part of `source` gave no record ([`Effect::Skipped`]).
    pub fn skip(
        &mut self,
        source: SourceId,
        kind: &'static str,
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
        kind: &'static str,
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
        kind: &'static str,
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
            self.told(source, "whitespace-removed", Some(position), what);
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
            self.told(source, "whitespace-removed-count", None, message);
        }
    }

    fn add_finding(
        &mut self,
        source: SourceId,
        kind: &'static str,
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
