//! What was read: the sources, their record counts per content type, and the findings.

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
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    /// A 1-based line (text, CSV record start, the `<loc>` of a sitemap).
    Line(u64),
    /// A JSON pointer (RFC 6901) into a JSON document.
    Pointer(String),
    /// A JSON pointer into the value on a 1-based line of a JSON Lines file.
    LinePointer(u64, String),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Line(n) => write!(f, "line {n}"),
            Position::Pointer(p) => f.write_str(p),
            Position::LinePointer(n, p) => write!(f, "line {n} {p}"),
        }
    }
}

/// One URL read from a source.
///
/// ```
/// use urlkit_sources::{Position, Record, SourceId};
/// let r = Record { url: "https://example.com/".into(), source: SourceId(0), position: Position::Line(1), kind: None };
/// assert_eq!(r.kind(), None);
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
}

impl Record {
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

/// Something worth knowing that did not stop reading.
///
/// ```
/// use urlkit_sources::{Finding, SourceId};
/// let f = Finding { source: SourceId(0), kind: "sitemap-too-many-urls", position: None, message: "51000 URLs".into() };
/// assert_eq!(f.kind, "sitemap-too-many-urls");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The source it is about.
    pub source: SourceId,
    /// Stable kebab-case kind (`sitemap-too-many-urls`, `wp-item-without-link`,
    /// `sitemap-already-visited`, `wp-collection-read`, ...).
    pub kind: &'static str,
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
        SourceId(u32::try_from(self.sources.len() - 1).unwrap_or(u32::MAX))
    }

    /// The source `id`.
    pub fn source(&self, id: SourceId) -> Option<&SourceInfo> {
        self.sources.get(id.0 as usize)
    }

    /// Every source, in the order they were read.
    pub fn sources(&self) -> &[SourceInfo] {
        &self.sources
    }

    /// Every finding, in the order they were made.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Records a finding.
    pub fn note(
        &mut self,
        source: SourceId,
        kind: &'static str,
        position: Option<Position>,
        message: impl Into<String>,
    ) {
        self.findings.push(Finding {
            source,
            kind,
            position,
            message: message.into(),
        });
    }

    /// Counts `n` records of `source` whose type is unknown (a block of lines).
    pub(crate) fn count_untyped(&mut self, source: SourceId, n: usize) {
        if n == 0 {
            return;
        }
        if let Some(info) = self.sources.get_mut(source.0 as usize) {
            info.records += n as u64;
            match info.kinds.iter_mut().find(|(k, _)| k.is_none()) {
                Some((_, c)) => *c += n as u64,
                None => info.kinds.push((None, n as u64)),
            }
        }
    }

    /// Counts a record and hands it to `sink`.
    pub(crate) fn emit(&mut self, sink: &mut dyn FnMut(Record), record: Record) {
        if let Some(info) = self.sources.get_mut(record.source.0 as usize) {
            info.records += 1;
            match info.kinds.iter_mut().find(|(k, _)| *k == record.kind) {
                Some((_, n)) => *n += 1,
                None => info.kinds.push((record.kind.clone(), 1)),
            }
        }
        sink(record);
    }
}
