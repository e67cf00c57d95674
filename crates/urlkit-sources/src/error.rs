//! The error that stops reading a source.

use std::fmt;

/// What kind of problem stopped reading a source: each has a stable kebab-case name
/// ([`SourceErrorKind::name`]), the one that JSON reports and tests use.
///
/// ```
/// use urlkit_sources::SourceErrorKind;
/// assert_eq!(SourceErrorKind::XmlTruncated.name(), "xml-truncated");
/// assert_eq!(SourceErrorKind::XmlTruncated.to_string(), "xml-truncated");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SourceErrorKind {
    /// The file or stream could not be opened or read.
    Io,
    /// More bytes than the configured limit (`--max-bytes`), inflated.
    TooLarge,
    /// A URL was given but this build has no HTTP fetcher.
    HttpDisabled,
    /// The request got no HTTP answer.
    Http,
    /// The server answered with a status other than 2xx.
    HttpStatus,
    /// The request got no answer in time.
    HttpTimeout,
    /// The URL (or a redirect's `Location`) is not a URL that can be requested.
    HttpBadUrl,
    /// A scheme other than `http` or `https`: never fetched.
    HttpSchemeRefused,
    /// More redirects than the limit.
    HttpTooManyRedirects,
    /// A redirect back to a URL already requested in the same chain.
    HttpRedirectLoop,
    /// A redirect (or a sitemap child) into an address the policy refuses.
    HttpAddressRefused,
    /// The run's request budget is spent.
    RequestBudget,
    /// The XML is not well-formed.
    XmlSyntax,
    /// The XML ends before its root element is closed (a cut file or response).
    XmlTruncated,
    /// The XML declares DTD entities (refused: entity expansion attacks).
    XmlDtdRefused,
    /// An XML escape (`&...;`) that is not one.
    XmlEscape,
    /// The XML's root is neither `<urlset>` nor `<sitemapindex>`.
    NotASitemap,
    /// The JSON is not well-formed.
    JsonSyntax,
    /// A CSV that the parser cannot read on.
    Csv,
    /// No CSV column holds the URLs, or the named one does not exist.
    CsvColumn,
    /// The input is not in the expected character encoding.
    Encoding,
    /// A WordPress response that is not an array of items.
    WpNotAnArray,
    /// A folder given as WordPress responses holds no `.json` file.
    WpEmptyFolder,
    /// No WordPress REST API answers at the site.
    WpNotFound,
    /// The source gave no record (a wrong path inside a folder, an empty export), and empty
    /// sources were not allowed.
    Empty,
    /// The source spec cannot be read: an unknown option or encoding, or an option that does
    /// not apply to the source's format.
    Spec,
}

impl SourceErrorKind {
    /// The stable kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            SourceErrorKind::Io => "io",
            SourceErrorKind::TooLarge => "too-large",
            SourceErrorKind::HttpDisabled => "http-disabled",
            SourceErrorKind::Http => "http",
            SourceErrorKind::HttpStatus => "http-status",
            SourceErrorKind::HttpTimeout => "http-timeout",
            SourceErrorKind::HttpBadUrl => "http-bad-url",
            SourceErrorKind::HttpSchemeRefused => "http-scheme-refused",
            SourceErrorKind::HttpTooManyRedirects => "http-too-many-redirects",
            SourceErrorKind::HttpRedirectLoop => "http-redirect-loop",
            SourceErrorKind::HttpAddressRefused => "http-address-refused",
            SourceErrorKind::RequestBudget => "request-budget",
            SourceErrorKind::XmlSyntax => "xml-syntax",
            SourceErrorKind::XmlTruncated => "xml-truncated",
            SourceErrorKind::XmlDtdRefused => "xml-dtd-refused",
            SourceErrorKind::XmlEscape => "xml-escape",
            SourceErrorKind::NotASitemap => "not-a-sitemap",
            SourceErrorKind::JsonSyntax => "json-syntax",
            SourceErrorKind::Csv => "csv",
            SourceErrorKind::CsvColumn => "csv-column",
            SourceErrorKind::Encoding => "encoding",
            SourceErrorKind::WpNotAnArray => "wp-not-an-array",
            SourceErrorKind::WpEmptyFolder => "wp-empty-folder",
            SourceErrorKind::WpNotFound => "wp-not-found",
            SourceErrorKind::Empty => "empty",
            SourceErrorKind::Spec => "spec",
        }
    }
}

impl fmt::Display for SourceErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a source could not be read: a kind, the source (path or URL), where in it (line and
/// column, 1-based, when known), and a message.
///
/// ```
/// use urlkit_sources::{SourceError, SourceErrorKind};
/// let e = SourceError::new(SourceErrorKind::XmlSyntax, "sitemap.xml", "unexpected end of file").at(3, 7);
/// assert_eq!(e.to_string(), "sitemap.xml:3:7: unexpected end of file");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    /// What kind of problem it is.
    pub kind: SourceErrorKind,
    /// The path or URL of the source.
    pub source: String,
    /// Line and column (1-based; the column counts bytes), when known.
    pub location: Option<(u64, u64)>,
    /// Human-readable message, without location.
    pub message: String,
}

impl SourceError {
    /// An error of `kind` about `source`.
    pub fn new(
        kind: SourceErrorKind,
        source: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
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

/// The error of a source that gave no record (`skipped`: the findings of input that gave
/// none).
pub(crate) fn empty_source(name: &str, skipped: usize) -> SourceError {
    let why = if skipped > 0 {
        " (what it holds gave no URL: see the warnings above)"
    } else {
        ""
    };
    SourceError::new(
        SourceErrorKind::Empty,
        name,
        format!("no URL read{why}; --allow-empty reads it as an empty list"),
    )
}
