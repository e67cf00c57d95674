//! The entry point: read a [`SourceSpec`] into records.

use crate::block::{FnSink, RecordSink};
use crate::catalog::{Catalog, Record};
use crate::error::SourceError;
use crate::fetch::Fetcher;
use crate::spec::{Format, SourceSpec};

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
    pub(crate) catalog: Catalog,
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
            catalog: Catalog::default(),
        }
    }

    /// Fetches URLs with `fetcher`.
    #[must_use]
    pub fn fetcher(mut self, fetcher: &'f dyn Fetcher) -> Reader<'f> {
        self.fetcher = Some(fetcher);
        self
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

    /// Stops reading any one file or response after `bytes` bytes of (inflated) content, with
    /// an error: the guard against gzip bombs and endless responses.
    #[must_use]
    pub fn max_bytes(mut self, bytes: u64) -> Reader<'f> {
        self.max_bytes = bytes;
        self
    }

    /// What was read so far, and the findings.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Gives up the catalog.
    pub fn into_catalog(self) -> Catalog {
        self.catalog
    }

    /// Reads every record of `spec` into `sink`, in source order.
    pub fn read(
        &mut self,
        spec: &SourceSpec,
        sink: &mut dyn FnMut(Record),
    ) -> Result<(), SourceError> {
        self.read_to(spec, &mut FnSink(sink))
    }

    /// Reads every record of `spec` into `sink`, in source order; the lines of a text source
    /// come a block at a time ([`RecordSink::lines`]), without an allocation per record.
    pub fn read_to(
        &mut self,
        spec: &SourceSpec,
        sink: &mut dyn RecordSink,
    ) -> Result<(), SourceError> {
        let mut one = |r: Record| sink.record(r);
        match spec.format {
            Format::Sitemap => crate::sitemap::read(self, &spec.location, &mut one),
            Format::WordPress => crate::wordpress::read(self, &spec.location, &mut one),
            Format::Csv | Format::Tsv => crate::table::read(self, spec, &mut one),
            Format::Text => crate::text::read(self, &spec.location, sink),
            Format::Json => crate::json::read(self, spec, &mut one),
        }
    }
}
