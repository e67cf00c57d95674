//! The reader's settings and what it read: a leaf that every format's reader uses; the
//! dispatch to the formats is in `read.rs`.

use std::sync::{Arc, Mutex};

use crate::catalog::Catalog;
use crate::fetch::Fetcher;
use crate::progress::FetchProgress;
use crate::record::SourceId;
use crate::spec::Format;

/// Reads sources into records, remembering what it read in a [`Catalog`].
///
/// ```
/// use urlkit_sources::{Reader, SourceSpec};
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("sitemap.xml");
/// std::fs::write(&path, r#"<?xml version="1.0"?>
/// <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
///   <url><loc>https://example.com/?a=1&amp;b=2</loc></url>
/// </urlset>"#).unwrap();
/// let mut reader = Reader::new();
/// let mut urls = Vec::new();
/// reader.read(&SourceSpec::parse(path.to_str().unwrap()).unwrap(), &mut |r| urls.push(r.url)).unwrap();
/// assert_eq!(urls, ["https://example.com/?a=1&b=2"]);
/// ```
pub struct Reader<'f> {
    pub(crate) fetcher: Option<&'f dyn Fetcher>,
    pub(crate) max_depth: usize,
    pub(crate) max_bytes: u64,
    pub(crate) max_sitemaps: usize,
    pub(crate) encoding: Option<&'static encoding_rs::Encoding>,
    pub(crate) allow_empty: bool,
    pub(crate) catalog: Catalog,
    /// The names of the sources registered, shared with a sink that names each record's
    /// source while the reader is reading (the catalog is borrowed then).
    pub(crate) names: Arc<Mutex<Vec<Arc<str>>>>,
    pub(crate) progress: Option<&'f dyn Fn(FetchProgress<'_>)>,
}

impl Default for Reader<'_> {
    fn default() -> Self {
        Reader::new()
    }
}

impl<'f> Reader<'f> {
    /// A reader of local files and stdin only, with the default limits: sitemap indexes nested
    /// at most 5 deep, at most 1,000 sitemaps per source, at most 256 MiB (inflated) per file
    /// or response.
    pub fn new() -> Reader<'f> {
        Reader {
            fetcher: None,
            max_depth: 5,
            max_bytes: 256 * 1024 * 1024,
            max_sitemaps: 1000,
            encoding: None,
            allow_empty: false,
            catalog: Catalog::default(),
            names: Arc::default(),
            progress: None,
        }
    }

    /// Fetches URLs with `fetcher`.
    #[must_use]
    pub fn fetcher(mut self, fetcher: &'f dyn Fetcher) -> Reader<'f> {
        self.fetcher = Some(fetcher);
        self
    }

    /// Fetches the URLs of the sources read from now on with `fetcher` (a fetcher per
    /// source, so that each source the user gave is a start of its own: see
    /// [`crate::Start`]).
    pub fn use_fetcher(&mut self, fetcher: &'f dyn Fetcher) {
        self.fetcher = Some(fetcher);
    }

    /// Follows sitemap indexes at most `depth` levels deep (the protocol allows one; real sites
    /// nest).
    #[must_use]
    pub fn max_depth(mut self, depth: usize) -> Reader<'f> {
        self.max_depth = depth;
        self
    }

    /// Reads at most `n` sitemaps (indexes included) per sitemap source; the rest of an index
    /// is a finding (`sitemap-limit`), not an error: the guard against an index fan-out.
    #[must_use]
    pub fn max_sitemaps(mut self, n: usize) -> Reader<'f> {
        self.max_sitemaps = n;
        self
    }

    /// Stops reading any one fetched response, or what any one compressed file inflates to,
    /// after `bytes` bytes of content, with an error: the guard against gzip bombs and
    /// endless responses. A plain local file (or stdin) is the user's own and is read whole,
    /// whatever its size.
    #[must_use]
    pub fn max_bytes(mut self, bytes: u64) -> Reader<'f> {
        self.max_bytes = bytes;
        self
    }

    /// Reads the text, CSV and TSV sources in `encoding` (see [`crate::encoding_for_name`])
    /// unless a source names its own (`csv:list.csv?encoding=cp932`), decoded to UTF-8 after
    /// gzip is inflated; by default UTF-8 (a UTF-16 BOM is honoured either way). JSON is
    /// UTF-8 (RFC 8259 §8.1) and XML follows its own declaration, whatever this says: a
    /// finding says so when `encoding` is not applied to a source.
    ///
    /// ```
    /// use urlkit_sources::{encoding_for_name, Reader, SourceSpec};
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("list.csv");
    /// std::fs::write(&path, b"url\nhttps://example.com/\x97\xbf\x8b\xe0/\n").unwrap();
    /// let mut reader = Reader::new().encoding(encoding_for_name("cp932").unwrap());
    /// let mut urls = Vec::new();
    /// reader.read(&SourceSpec::parse(path.to_str().unwrap()).unwrap(), &mut |r| urls.push(r.url)).unwrap();
    /// assert_eq!(urls, ["https://example.com/料金/"]);
    /// ```
    #[must_use]
    pub fn encoding(mut self, encoding: &'static encoding_rs::Encoding) -> Reader<'f> {
        self.encoding = Some(encoding);
        self
    }

    /// Reads a source that gives no record as an empty list. By default that is an error
    /// ([`crate::SourceErrorKind::Empty`]): a wrong path inside a folder or an empty export
    /// compared as a real, empty list would report every URL of the other side as extra.
    ///
    /// ```
    /// use urlkit_sources::{Reader, SourceErrorKind, SourceSpec};
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("empty.txt");
    /// std::fs::write(&path, "# no URL yet\n").unwrap();
    /// let spec = SourceSpec::parse(path.to_str().unwrap()).unwrap();
    /// let e = Reader::new().read(&spec, &mut |_| {}).unwrap_err();
    /// assert_eq!(e.kind, SourceErrorKind::Empty);
    /// assert!(Reader::new().allow_empty().read(&spec, &mut |_| {}).is_ok());
    /// ```
    #[must_use]
    pub fn allow_empty(mut self) -> Reader<'f> {
        self.allow_empty = true;
        self
    }

    /// Tells `progress` how fetching a live source goes: after each page of a WordPress
    /// collection and each sitemap of an index read over HTTP.
    ///
    /// ```
    /// use urlkit_sources::{FetchProgress, Reader};
    /// let show = |p: FetchProgress<'_>| eprintln!("{p}");
    /// let reader = Reader::new().on_progress(&show);
    /// # drop(reader);
    /// ```
    #[must_use]
    pub fn on_progress(mut self, progress: &'f dyn Fn(FetchProgress<'_>)) -> Reader<'f> {
        self.progress = Some(progress);
        self
    }

    /// Tells the progress hook, if any.
    pub(crate) fn tell(&self, step: FetchProgress<'_>) {
        if let Some(progress) = self.progress {
            progress(step);
        }
    }

    /// Registers a source in the catalog.
    pub(crate) fn add_source(&mut self, name: &str, format: Format) -> SourceId {
        let id = self.catalog.add_source(name, format);
        self.names
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(Arc::from(name));
        id
    }

    /// What was read so far, and the findings.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Gives up the catalog.
    pub fn into_catalog(self) -> Catalog {
        self.catalog
    }
}
