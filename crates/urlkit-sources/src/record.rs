//! One URL read from a source, and where it was: the type every reader makes. A leaf.

use std::fmt;
use std::sync::Arc;

/// Which source a record came from: an index into [`crate::Catalog::sources`].
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
/// assert_eq!(Position::LineColumn(1, 85).to_string(), "line 1, column 85");
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
    /// A 1-based line and the 1-based byte column on it where the text starts: the `<loc>` of
    /// a sitemap, which shares its line with every other when the file is on one line.
    LineColumn(u64, u64),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Line(n) => write!(f, "line {n}"),
            Position::Pointer(p) => f.write_str(p),
            Position::LinePointer(n, p) => write!(f, "line {n} {p}"),
            Position::Item(i) => write!(f, "item {i}"),
            Position::LineColumn(n, c) => write!(f, "line {n}, column {c}"),
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
