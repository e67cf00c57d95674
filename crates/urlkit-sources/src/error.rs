//! The error that stops reading a source.

use std::fmt;

/// Why a source could not be read: a stable kind, the source (path or URL), where in it (line
/// and column, 1-based, when known), and a message.
///
/// ```
/// use urlkit_sources::SourceError;
/// let e = SourceError::new("xml-syntax", "sitemap.xml", "unexpected end of file").at(3, 7);
/// assert_eq!(e.to_string(), "sitemap.xml:3:7: unexpected end of file");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    /// Stable kebab-case kind (`xml-syntax`, `xml-dtd-refused`, `too-large`, `http-status`, ...).
    pub kind: &'static str,
    /// The path or URL of the source.
    pub source: String,
    /// Line and column (1-based; the column counts bytes), when known.
    pub location: Option<(u64, u64)>,
    /// Human-readable message, without location.
    pub message: String,
}

impl SourceError {
    /// An error of `kind` about `source`.
    pub fn new(kind: &'static str, source: impl Into<String>, message: impl Into<String>) -> Self {
        SourceError {
            kind,
            source: source.into(),
            location: None,
            message: message.into(),
        }
    }

    /// The same error located at `line`, `column`.
    #[must_use]
    pub fn at(mut self, line: u64, column: u64) -> Self {
        self.location = Some((line, column));
        self
    }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.source, self.message),
            None => write!(f, "{}: {}", self.source, self.message),
        }
    }
}

impl std::error::Error for SourceError {}
