//! What a reader found that did not stop it: a finding's kind, its effect, the finding.
//! A leaf: every format's reader and the input layer make findings.

use std::fmt;

use crate::error::SourceErrorKind;
use crate::record::{Position, SourceId};

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

/// What a reader found: each kind has a stable kebab-case name ([`FindingKind::name`]), the
/// one that JSON reports (`findings[].kind`), the CLI says and tests use.
///
/// ```
/// use urlkit_sources::{FindingKind, SourceErrorKind};
/// assert_eq!(FindingKind::SitemapTooManyUrls.name(), "sitemap-too-many-urls");
/// assert_eq!(FindingKind::WpCollectionRead.to_string(), "wp-collection-read");
/// // A sitemap of an index that could not be read is named by its error.
/// let child = FindingKind::SitemapChildUnread(SourceErrorKind::HttpStatus);
/// assert_eq!(child.name(), "http-status");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FindingKind {
    /// A UTF-8 byte order mark at the start of a source or an input was removed.
    BomRemoved,
    /// Whitespace around a URL was removed (said for the first few of a source).
    WhitespaceRemoved,
    /// How many URLs in all had whitespace removed, past the first few said one by one.
    WhitespaceRemovedCount,
    /// The source's format was told by its first bytes.
    FormatDetected,
    /// A URL given without a prefix is read as a sitemap or a WordPress site by its name.
    FormatFromUrl,
    /// The content is gzip, told by its first bytes rather than its name: inflated.
    GzipDetected,
    /// The encoding given for the text and CSV sources was not applied to a JSON or XML one.
    EncodingNotApplied,
    /// An argument that names an existing file was read as that file.
    ReadAsFile,
    /// An argument with no scheme that names no file: taken as it is.
    NoSchemeNoFile,
    /// An item of a list given in memory is empty.
    ListEmptyItem,
    /// An item of a list given in memory is not a URL.
    ListNotAUrl,
    /// A line of a text source is not a URL (prose).
    TextNotAUrl,
    /// A line of a text source is not valid in its encoding.
    TextInvalidUtf8,
    /// How many lines of a text source in all were not URLs.
    TextNotUrls,
    /// How many lines of a text source in all were not valid in its encoding.
    TextInvalidUtf8Lines,
    /// No header names the URL column: the column was chosen by its cells.
    CsvColumnChosen,
    /// A row's URL cell is empty.
    CsvEmptyCell,
    /// A row's URL cell is not valid in the source's encoding.
    CsvInvalidUtf8,
    /// A row's type cell is not valid in the source's encoding (the row is read untyped).
    CsvTypeInvalidUtf8,
    /// Extra cells that are not valid in the source's encoding were read lossily.
    CsvExtraInvalidUtf8,
    /// How many URL cells in all were not valid in the source's encoding.
    CsvCellsInvalidUtf8,
    /// A JSON source gave no URL at its pointer.
    JsonNoUrls,
    /// A line of a JSON Lines source is not JSON.
    JsonLineInvalid,
    /// How many lines of a JSON Lines source in all were not JSON.
    JsonLinesInvalid,
    /// An XML declaration names the sitemap's encoding.
    SitemapEncodingDeclared,
    /// A sitemap holds more URLs than the protocol's 50,000 (all were read).
    SitemapTooManyUrls,
    /// A sitemap is larger than the protocol's 50 MiB uncompressed (all was read).
    SitemapTooLarge,
    /// A child of an index is not a URL that can be read; not read.
    SitemapChildRefused,
    /// A child of an index was already read; not followed again.
    SitemapAlreadyVisited,
    /// A child of an index is nested deeper than the limit; not followed.
    SitemapTooDeep,
    /// The number of sitemaps read reached the limit; the rest of the index was not read.
    SitemapLimit,
    /// A local index lists a URL with no file of its name beside it: fetched.
    SitemapIndexFetches,
    /// A child of an index could not be read: named by its error's kind (the other
    /// sitemaps of the index are still read).
    SitemapChildUnread(SourceErrorKind),
    /// A `<loc>` is not UTF-8.
    SitemapInvalidUtf8,
    /// A `<lastmod>` is not UTF-8 (the entry is read without it).
    SitemapLastmodInvalidUtf8,
    /// A `<loc>` is empty.
    SitemapEmptyLoc,
    /// The source was fetched from another URL after redirects.
    HttpRedirected,
    /// The run's request budget was spent: what was left was not fetched.
    RequestBudget,
    /// A WordPress item has no link (null or missing).
    WpItemWithoutLink,
    /// A WordPress collection's page gave the same items as the one before.
    WpPageRepeated,
    /// A WordPress collection's pages disagree on their total.
    WpTotalPagesInconsistent,
    /// A WordPress collection has more pages than the limit; the rest was not read.
    WpPageLimit,
    /// A WordPress collection was read: how many items in how many pages.
    WpCollectionRead,
    /// A live WordPress site does not list its users (`/wp/v2/users` answered 401, 403 or
    /// 404, as security plugins make it): its author archives were not read.
    WpUsersNotListed,
}

impl FindingKind {
    /// The stable kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            FindingKind::BomRemoved => "bom-removed",
            FindingKind::WhitespaceRemoved => "whitespace-removed",
            FindingKind::WhitespaceRemovedCount => "whitespace-removed-count",
            FindingKind::FormatDetected => "format-detected",
            FindingKind::FormatFromUrl => "format-from-url",
            FindingKind::GzipDetected => "gzip-detected",
            FindingKind::EncodingNotApplied => "encoding-not-applied",
            FindingKind::ReadAsFile => "read-as-file",
            FindingKind::NoSchemeNoFile => "no-scheme-no-file",
            FindingKind::ListEmptyItem => "list-empty-item",
            FindingKind::ListNotAUrl => "list-not-a-url",
            FindingKind::TextNotAUrl => "text-not-a-url",
            FindingKind::TextInvalidUtf8 => "text-invalid-utf8",
            FindingKind::TextNotUrls => "text-not-urls",
            FindingKind::TextInvalidUtf8Lines => "text-invalid-utf8-lines",
            FindingKind::CsvColumnChosen => "csv-column-chosen",
            FindingKind::CsvEmptyCell => "csv-empty-cell",
            FindingKind::CsvInvalidUtf8 => "csv-invalid-utf8",
            FindingKind::CsvTypeInvalidUtf8 => "csv-type-invalid-utf8",
            FindingKind::CsvExtraInvalidUtf8 => "csv-extra-invalid-utf8",
            FindingKind::CsvCellsInvalidUtf8 => "csv-cells-invalid-utf8",
            FindingKind::JsonNoUrls => "json-no-urls",
            FindingKind::JsonLineInvalid => "json-line-invalid",
            FindingKind::JsonLinesInvalid => "json-lines-invalid",
            FindingKind::SitemapEncodingDeclared => "sitemap-encoding-declared",
            FindingKind::SitemapTooManyUrls => "sitemap-too-many-urls",
            FindingKind::SitemapTooLarge => "sitemap-too-large",
            FindingKind::SitemapChildRefused => "sitemap-child-refused",
            FindingKind::SitemapAlreadyVisited => "sitemap-already-visited",
            FindingKind::SitemapTooDeep => "sitemap-too-deep",
            FindingKind::SitemapLimit => "sitemap-limit",
            FindingKind::SitemapIndexFetches => "sitemap-index-fetches",
            FindingKind::SitemapChildUnread(error) => error.name(),
            FindingKind::SitemapInvalidUtf8 => "sitemap-invalid-utf8",
            FindingKind::SitemapLastmodInvalidUtf8 => "sitemap-lastmod-invalid-utf8",
            FindingKind::SitemapEmptyLoc => "sitemap-empty-loc",
            FindingKind::HttpRedirected => "http-redirected",
            FindingKind::RequestBudget => "request-budget",
            FindingKind::WpItemWithoutLink => "wp-item-without-link",
            FindingKind::WpPageRepeated => "wp-page-repeated",
            FindingKind::WpTotalPagesInconsistent => "wp-total-pages-inconsistent",
            FindingKind::WpPageLimit => "wp-page-limit",
            FindingKind::WpCollectionRead => "wp-collection-read",
            FindingKind::WpUsersNotListed => "wp-users-not-listed",
        }
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Something worth knowing that did not stop reading.
///
/// ```
/// use urlkit_sources::{Effect, Finding, FindingKind, SourceId};
/// let f = Finding { source: SourceId(0), kind: FindingKind::SitemapTooManyUrls, effect: Effect::Note, position: None, message: "51000 URLs".into() };
/// assert_eq!(f.kind.name(), "sitemap-too-many-urls");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The source it is about.
    pub source: SourceId,
    /// What kind of finding it is.
    pub kind: FindingKind,
    /// Whether input was skipped.
    pub effect: Effect,
    /// Where, when it is about one place.
    pub position: Option<Position>,
    /// Human-readable message.
    pub message: String,
}

impl Finding {
    /// The finding as said of the source named `name`: `NAME (POSITION): MESSAGE`, or
    /// `NAME: MESSAGE` when it is about no one place (the one wording every door uses; each
    /// escapes it for its own output).
    ///
    /// ```
    /// use urlkit_sources::{Effect, Finding, FindingKind, SourceId};
    /// let f = Finding { source: SourceId(0), kind: FindingKind::SitemapTooManyUrls, effect: Effect::Note, position: None, message: "51000 URLs".into() };
    /// assert_eq!(f.said_of("sitemap.xml"), "sitemap.xml: 51000 URLs");
    /// ```
    pub fn said_of(&self, name: &str) -> String {
        match &self.position {
            Some(p) => format!("{name} ({p}): {}", self.message),
            None => format!("{name}: {}", self.message),
        }
    }
}

/// What a reader said about a source before the source was registered by its format's
/// reader: said about it once it is (a source that fails before that has its error instead).
pub(crate) type Said = Vec<(FindingKind, Effect, String)>;
