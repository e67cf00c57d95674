//! The entry point: read a [`SourceSpec`] into records, dispatched to its format's reader.

use crate::block::{FnSink, RecordSink};
use crate::error::empty_source;
use crate::error::{SourceError, SourceErrorKind};
use crate::finding::{Effect, FindingKind, Said};
use crate::input::{open_peeking, Opened, Peek};
use crate::reader::Reader;
use crate::record::{Position, Record, SourceId};
use crate::spec::{Format, FormatFrom, Location, SourceSpec};

impl Reader<'_> {
    /// Reads every record of `spec` into `sink`, in source order.
    pub fn read(
        &mut self,
        spec: &SourceSpec,
        sink: &mut dyn FnMut(Record),
    ) -> Result<(), SourceError> {
        self.read_to(spec, &mut FnSink(sink))
    }

    /// Reads every record of `spec` into `sink`, in source order; the lines of a text source
    /// come a block at a time ([`RecordSink::lines`]), without an allocation per record. A
    /// source that gives no record is an error unless [`Reader::allow_empty`] says otherwise.
    pub fn read_to(
        &mut self,
        spec: &SourceSpec,
        sink: &mut dyn RecordSink,
    ) -> Result<(), SourceError> {
        let first = self.catalog.sources().len();
        let mut said = Said::new();
        if let (Location::Url(_), FormatFrom::Name, Some(format)) =
            (&spec.location, spec.format_from, spec.format)
        {
            said.push((
                FindingKind::FormatFromUrl,
                Effect::Guessed,
                url_format_reason(format),
            ));
        }
        let read = if spec.format == Some(Format::WordPress) {
            // A folder or a live site: opened item by item.
            self.encoding_for(spec, Format::WordPress, &[], &mut said)
                .and_then(|_| crate::wordpress::read(self, &spec.location, &mut |r| sink.record(r)))
        } else {
            self.open_spec(spec, Peek::Head, &mut said)
                .and_then(|(opened, format)| {
                    self.read_format(spec, opened, format, sink, &mut said)
                })
        };
        self.after_read(first, said);
        read?;
        self.require_records(first, spec)
    }

    /// Reads a list of URLs given in memory (a Python list) as the text reader reads lines:
    /// each item trimmed by the one rule (said), an item that is empty or not a URL (prose, no
    /// scheme) a finding that gives no record, the others records at [`Position::Item`].
    /// The list is a source named `name` (format text); an empty one is an error unless
    /// [`Reader::allow_empty`].
    ///
    /// ```
    /// use urlkit_sources::{Position, Reader};
    /// let mut reader = Reader::new();
    /// let mut urls = Vec::new();
    /// reader
    ///     .read_list("left", &[" https://a.example/", "not a url"], &mut |r| {
    ///         urls.push((r.url, r.position))
    ///     })
    ///     .unwrap();
    /// assert_eq!(urls, [("https://a.example/".to_owned(), Position::Item(0))]);
    /// let kinds: Vec<&str> = reader.catalog().findings().iter().map(|f| f.kind.name()).collect();
    /// assert_eq!(kinds, ["whitespace-removed", "list-not-a-url"]);
    /// ```
    pub fn read_list(
        &mut self,
        name: &str,
        items: &[&str],
        sink: &mut dyn FnMut(Record),
    ) -> Result<(), SourceError> {
        let first = self.catalog.sources().len();
        let id = self.add_source(name, Format::Text);
        for (i, item) in items.iter().enumerate() {
            let at = Position::Item(i as u64);
            let url = crate::lines::trim_str(item, crate::lines::Content::Url).0;
            if url.is_empty() {
                let message = "an empty item; not joined";
                self.catalog
                    .skip(id, FindingKind::ListEmptyItem, Some(at), message);
                continue;
            }
            if let Some(why) = crate::lines::not_a_url(url) {
                let message = format!("not a URL ({why}); not joined");
                self.catalog
                    .skip(id, FindingKind::ListNotAUrl, Some(at), message);
                continue;
            }
            let record = Record {
                url: (*item).to_owned(),
                source: id,
                position: at,
                kind: None,
                extra: Vec::new(),
            };
            self.catalog.emit(sink, record);
        }
        self.after_read(first, Said::new());
        if self.allow_empty || self.catalog.sources()[first].records > 0 {
            return Ok(());
        }
        let skipped = self
            .catalog
            .findings()
            .iter()
            .filter(|f| f.source == id && f.effect == Effect::Skipped)
            .count();
        Err(empty_source(name, skipped))
    }

    /// Opens `spec` and tells its format: the spec's, else its first bytes' (said).
    pub(crate) fn open_spec(
        &self,
        spec: &SourceSpec,
        peek: Peek,
        said: &mut Said,
    ) -> Result<(Opened, Format), SourceError> {
        let opened = open_peeking(&spec.location, self.fetcher, self.max_bytes, peek)?;
        self.tell_format(spec, opened, said)
    }

    /// The format to read an opened `spec` as: the spec's, else its first bytes' (said), and
    /// gzip told by its first bytes said.
    pub(crate) fn tell_format(
        &self,
        spec: &SourceSpec,
        opened: Opened,
        said: &mut Said,
    ) -> Result<(Opened, Format), SourceError> {
        let location = &spec.location;
        if opened.gzip && !location.name().to_ascii_lowercase().ends_with(".gz") {
            said.push((
                FindingKind::GzipDetected,
                Effect::Guessed,
                "gzip content (told by its first bytes, not its name): inflated".to_owned(),
            ));
        }
        let format = match spec.format {
            Some(format) => format,
            None => {
                let mut sniffed = crate::sniff::sniff(&opened.head);
                // A `.json` name says JSON: its first bytes tell only whether it is
                // WordPress's (and a broken document gets its located syntax error).
                let json_name = location.name().to_ascii_lowercase().ends_with(".json");
                if json_name && sniffed.format != Format::WordPress {
                    sniffed.format = Format::Json;
                    sniffed.why = "its name ends in .json and it is no WordPress array";
                }
                said.push((
                    FindingKind::FormatDetected,
                    Effect::Guessed,
                    format_reason(sniffed.format, sniffed.why),
                ));
                sniffed.format
            }
        };
        Ok((opened, format))
    }

    /// Reads an opened source as `format`, decoded as the format's rule says.
    pub(crate) fn read_format(
        &mut self,
        spec: &SourceSpec,
        opened: Opened,
        format: Format,
        sink: &mut dyn RecordSink,
        said: &mut Said,
    ) -> Result<(), SourceError> {
        let location = &spec.location;
        let opened = match self.encoding_for(spec, format, &opened.head, said)? {
            Some(encoding) => opened.decoded(encoding),
            None => opened,
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

    /// The encoding to decode a source of `format` from, by the one rule: text, CSV and TSV
    /// in the source's own encoding (`?encoding=`), else the reader's, else UTF-16 when a BOM
    /// says so, else UTF-8; JSON in UTF-8 (RFC 8259 §8.1); XML as its declaration says (its
    /// reader decodes it). An encoding named for a JSON or XML source is an error; the
    /// reader's, not applied to one, is said.
    pub(crate) fn encoding_for(
        &self,
        spec: &SourceSpec,
        format: Format,
        head: &[u8],
        said: &mut Said,
    ) -> Result<Option<&'static encoding_rs::Encoding>, SourceError> {
        let why = match format {
            Format::Text | Format::Csv | Format::Tsv => {
                return Ok(spec
                    .encoding
                    .or(self.encoding)
                    .or_else(|| crate::sniff::utf16_bom(head)));
            }
            Format::Json | Format::WordPress => "JSON is UTF-8 (RFC 8259 §8.1)",
            Format::Sitemap => "XML names its encoding in its own declaration",
        };
        if spec.encoding.is_some() {
            return Err(SourceError::new(
                SourceErrorKind::Spec,
                spec.location.name(),
                format!(
                    "encoding= is for text, CSV and TSV sources, and this is {}: {why}",
                    format.describe()
                ),
            ));
        }
        if let Some(encoding) = self.encoding.filter(|e| *e != encoding_rs::UTF_8) {
            said.push((
                FindingKind::EncodingNotApplied,
                Effect::Told,
                format!(
                    "read without the encoding {} given for the text and CSV sources: {why}",
                    encoding.name()
                ),
            ));
        }
        Ok(None)
    }

    /// Says what was said before the sources read since `first` were registered (before
    /// what their readers found), and the counts their readers left to say.
    pub(crate) fn after_read(&mut self, first: usize, said: Said) {
        let ids = first..self.catalog.sources().len();
        if let Some(id) = (!ids.is_empty()).then_some(SourceId(first as u32)) {
            let at = self
                .catalog
                .findings()
                .iter()
                .position(|f| f.source.0 as usize >= first)
                .unwrap_or(self.catalog.findings().len());
            for (i, (kind, effect, message)) in said.into_iter().enumerate() {
                self.catalog.insert(at + i, id, kind, effect, message);
            }
        }
        for id in ids {
            self.catalog.finish_source(SourceId(id as u32));
        }
    }

    /// An error when the sources read since `first` gave no record, unless the reader allows
    /// empty sources.
    pub(crate) fn require_records(
        &self,
        first: usize,
        spec: &SourceSpec,
    ) -> Result<(), SourceError> {
        let sources = &self.catalog.sources()[first.min(self.catalog.sources().len())..];
        if self.allow_empty || sources.iter().any(|s| s.records > 0) {
            return Ok(());
        }
        let skipped = self
            .catalog
            .findings()
            .iter()
            .filter(|f| f.source.0 as usize >= first && f.effect == Effect::Skipped)
            .count();
        Err(empty_source(&spec.location.name(), skipped))
    }
}

/// The note of a format told by content.
pub(crate) fn format_reason(format: Format, why: &str) -> String {
    let why = if why.is_empty() {
        String::new()
    } else {
        format!(": {why}")
    };
    format!(
        "read as {}, told by its first bytes{why} (a prefix such as {}: says it)",
        format.describe(),
        format.name()
    )
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
