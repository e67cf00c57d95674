//! The entry point: read a [`SourceSpec`] into records.

use crate::block::{FnSink, RecordSink};
use crate::catalog::SourceId;
use crate::catalog::{Catalog, Record};
use crate::error::SourceError;
use crate::fetch::Fetcher;
use crate::input::open;
use crate::progress::FetchProgress;
use crate::spec::{Format, FormatFrom, Location, SourceSpec};

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
    pub(crate) catalog: Catalog,
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
            catalog: Catalog::default(),
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

    /// Stops reading any one file or response after `bytes` bytes of (inflated) content, with
    /// an error: the guard against gzip bombs and endless responses.
    #[must_use]
    pub fn max_bytes(mut self, bytes: u64) -> Reader<'f> {
        self.max_bytes = bytes;
        self
    }

    /// Reads every source as text in `encoding` (see [`crate::encoding_for_name`]), decoded
    /// to UTF-8 after gzip is inflated; by default UTF-8 (and a UTF-16 or UTF-8 BOM is
    /// honoured either way).
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
        let location = &spec.location;
        // The guesses made before the source is registered by its format's reader: said
        // about it once it is (a source that fails before that has its error instead).
        let first = self.catalog.sources().len();
        let mut guesses = Vec::new();
        if let (Location::Url(_), FormatFrom::Name, Some(format)) =
            (location, spec.format_from, spec.format)
        {
            guesses.push(("format-from-url", url_format_reason(format)));
        }
        let read = if spec.format == Some(Format::WordPress) {
            // A folder or a live site: opened item by item.
            crate::wordpress::read(self, location, &mut |r| sink.record(r))
        } else {
            self.read_opened(spec, sink, &mut guesses)
        };
        if let Some(id) = (first < self.catalog.sources().len()).then_some(SourceId(first as u32)) {
            for (kind, message) in guesses {
                self.catalog.guess(id, kind, None, message);
            }
        }
        read
    }

    fn read_opened(
        &mut self,
        spec: &SourceSpec,
        sink: &mut dyn RecordSink,
        guesses: &mut Vec<(&'static str, String)>,
    ) -> Result<(), SourceError> {
        let location = &spec.location;
        let opened = open(location, self.fetcher, self.max_bytes, self.encoding)?;
        if opened.gzip && !location.name().to_ascii_lowercase().ends_with(".gz") {
            guesses.push((
                "gzip-detected",
                "gzip content (told by its first bytes, not its name): inflated".to_owned(),
            ));
        }
        let format = match spec.format {
            Some(format) => format,
            None => {
                let format = crate::spec::detect_content(&opened.head);
                guesses.push((
                    "format-detected",
                    format!(
                        "read as {}, told by its first bytes (a prefix such as {}: says it)",
                        format.describe(),
                        format.name()
                    ),
                ));
                format
            }
        };
        let mut one = |r: Record| sink.record(r);
        match format {
            Format::Sitemap => crate::sitemap::read(self, location, opened, &mut one),
            Format::WordPress => crate::wordpress::read_saved(self, location, opened, &mut one),
            Format::Csv | Format::Tsv => crate::table::read(self, spec, format, opened, &mut one),
            Format::Json => crate::json::read(self, spec, opened, &mut one),
            Format::Text => crate::text::read(self, location, opened, sink),
        }
    }
}

/// Why a URL given without a prefix is read as `format`.
fn url_format_reason(format: Format) -> String {
    match format {
        Format::Sitemap => {
            "read as a sitemap: the URL is named like one (.xml, .xml.gz or \"sitemap\"); \
             wp:URL reads a WordPress site"
                .to_owned()
        }
        _ => "read as a WordPress site (its REST API): the URL is not named like a sitemap \
              (.xml, .xml.gz or \"sitemap\"); sitemap:URL reads it as one"
            .to_owned(),
    }
}
