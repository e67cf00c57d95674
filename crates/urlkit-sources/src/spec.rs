//! Naming a source: `sitemap:FILE|URL`, `wp:FILE|DIR|BASEURL`, `csv:FILE#column`,
//! `tsv:FILE#column`, `text:FILE`, `json:FILE#/pointer`, `-` for stdin, or a bare path or URL
//! whose format is detected.

use std::fmt;
use std::path::{Path, PathBuf};

/// Where a source's bytes come from.
///
/// ```
/// use urlkit_sources::Location;
/// assert_eq!(Location::parse("-"), Location::Stdin);
/// assert!(matches!(Location::parse("https://example.com/sitemap.xml"), Location::Url(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// Standard input.
    Stdin,
    /// A local file or directory.
    File(PathBuf),
    /// An `http:` or `https:` URL.
    Url(String),
    /// Bytes given in memory (a list pasted into the page, a file it was handed), under the
    /// name they are reported by. Nothing beside them is ever read: a sitemap index given
    /// this way lists sitemaps that are not followed (no file, no network).
    Memory {
        /// The name in messages and reports (a file's name, `left`).
        name: String,
        /// The bytes.
        bytes: std::sync::Arc<[u8]>,
    },
}

impl Location {
    /// `-` is stdin, `http(s)://` a URL, anything else a path.
    pub fn parse(text: &str) -> Location {
        let starts = |prefix: &str| {
            text.as_bytes()
                .get(..prefix.len())
                .is_some_and(|p| p.eq_ignore_ascii_case(prefix.as_bytes()))
        };
        if text == "-" {
            Location::Stdin
        } else if starts("http://") || starts("https://") {
            Location::Url(text.to_owned())
        } else {
            Location::File(PathBuf::from(text))
        }
    }

    /// The name used in messages and reports.
    pub fn name(&self) -> String {
        match self {
            Location::Stdin => "<stdin>".into(),
            Location::File(p) => p.display().to_string(),
            Location::Url(u) => u.clone(),
            Location::Memory { name, .. } => name.clone(),
        }
    }
}

/// Which CSV column holds the URLs.
///
/// ```
/// use urlkit_sources::Column;
/// assert_eq!(Column::parse("3"), Column::Index(3));
/// assert_eq!(Column::parse("url"), Column::Name("url".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// 1-based column number (like `cut -f`).
    Index(usize),
    /// The column whose header cell is this name (exact, else ASCII case-insensitive).
    Name(String),
}

impl Column {
    /// Digits are an index, anything else a header name.
    pub fn parse(text: &str) -> Column {
        match text.parse::<usize>() {
            Ok(n) if n > 0 => Column::Index(n),
            _ => Column::Name(text.to_owned()),
        }
    }
}

/// The format a source is read as.
///
/// ```
/// use urlkit_sources::Format;
/// assert_eq!(Format::Sitemap.name(), "sitemap");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// sitemaps.org `<urlset>` or `<sitemapindex>`.
    Sitemap,
    /// WordPress REST API responses (saved or live).
    WordPress,
    /// Comma-separated values.
    Csv,
    /// Tab-separated values.
    Tsv,
    /// One URL a line.
    Text,
    /// A JSON document or JSON Lines.
    Json,
}

impl Format {
    /// The prefix that names it in a source spec.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Sitemap => "sitemap",
            Format::WordPress => "wp",
            Format::Csv => "csv",
            Format::Tsv => "tsv",
            Format::Text => "text",
            Format::Json => "json",
        }
    }

    /// What the format is, in words, for messages.
    ///
    /// ```
    /// use urlkit_sources::Format;
    /// assert_eq!(Format::WordPress.describe(), "WordPress REST API responses");
    /// ```
    pub const fn describe(self) -> &'static str {
        match self {
            Format::Sitemap => "a sitemap (XML)",
            Format::WordPress => "WordPress REST API responses",
            Format::Csv => "CSV",
            Format::Tsv => "TSV",
            Format::Text => "text (one URL a line)",
            Format::Json => "JSON",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A parsed source spec.
///
/// ```
/// use urlkit_sources::{Column, Format, Location, SourceSpec};
/// let s = SourceSpec::parse("csv:list.csv#url").unwrap();
/// assert_eq!((s.format, s.column.clone()), (Some(Format::Csv), Some(Column::Name("url".into()))));
/// let s = SourceSpec::parse("list.csv#permalink").unwrap();
/// assert_eq!((s.format, s.column.clone()), (Some(Format::Csv), Some(Column::Name("permalink".into()))));
/// let s = SourceSpec::parse("json:items.json#/data/*/url").unwrap();
/// assert_eq!(s.pointer.as_deref(), Some("/data/*/url"));
/// let s = SourceSpec::parse("https://example.com/wp-sitemap.xml").unwrap();
/// assert_eq!(s.format, Some(Format::Sitemap));
/// let s = SourceSpec::parse("wp:https://example.com").unwrap();
/// assert_eq!((s.format, s.location), (Some(Format::WordPress), Location::Url("https://example.com".into())));
/// // Neither a prefix nor an extension says: the first bytes will.
/// assert_eq!(SourceSpec::parse("-").unwrap().format, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceSpec {
    /// The format; `None`: detected from the first bytes when the source is read (XML markup
    /// is a sitemap, a JSON array whose first items have `link` is WordPress, `{` or `[` is
    /// JSON, a table with a URL header or URL cells is CSV or TSV, else text).
    pub format: Option<Format>,
    /// Where the bytes come from.
    pub location: Location,
    /// CSV/TSV: the column (`None`: a header named url, loc, link, href, permalink or
    /// similar, else the column whose cells are absolute URLs).
    pub column: Option<Column>,
    /// JSON: a JSON pointer (RFC 6901) where `*` stands for every element; `None`: strings,
    /// arrays of them, and the `url`, `loc`, `link` or `href` member of objects.
    pub pointer: Option<String>,
    /// What decided [`SourceSpec::format`].
    pub format_from: FormatFrom,
    /// The source's own encoding (`csv:list.csv?encoding=cp932`): text, CSV and TSV only;
    /// `None`: the reader's ([`crate::Reader::encoding`]), else UTF-8.
    pub encoding: Option<&'static encoding_rs::Encoding>,
}

/// What decided a source's format: a prefix the user wrote, the name (an extension, a URL's
/// shape), or, when neither did, the first bytes as they are read.
///
/// ```
/// use urlkit_sources::{FormatFrom, SourceSpec};
/// assert_eq!(SourceSpec::parse("wp:https://example.com").unwrap().format_from, FormatFrom::Prefix);
/// assert_eq!(SourceSpec::parse("https://example.com").unwrap().format_from, FormatFrom::Name);
/// assert_eq!(SourceSpec::parse("-").unwrap().format_from, FormatFrom::Content);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatFrom {
    /// `sitemap:`, `wp:`, `csv:`, ...
    Prefix,
    /// The extension of a path, a folder, or the shape of a URL.
    Name,
    /// Neither: the first bytes decide when the source is read.
    Content,
}

/// The formats a file extension decides.
const BY_EXTENSION: [(&str, Format); 8] = [
    (".xml", Format::Sitemap),
    (".xml.gz", Format::Sitemap),
    (".csv", Format::Csv),
    (".tsv", Format::Tsv),
    (".json", Format::Json),
    (".jsonl", Format::Json),
    (".ndjson", Format::Json),
    (".txt", Format::Text),
];

impl SourceSpec {
    /// Parses a spec. A bare path is detected by its extension (`.xml`, `.xml.gz`, `.csv`,
    /// `.tsv`, `.json`, `.jsonl`, `.ndjson`, `.txt`; a directory is a folder of saved WordPress
    /// responses), else by its first bytes when it is read ([`SourceSpec::format`] is `None`).
    /// A bare URL is a sitemap when its path ends in `.xml` or `.xml.gz` or mentions `sitemap`,
    /// else a WordPress site. Parsing reads no file: only a directory is told by its metadata.
    ///
    /// *Rationale*: `#` separates the column or pointer only for CSV, TSV and JSON files
    /// (`csv:FILE#col`, or `FILE.csv#col` when no file has the whole name); for URLs `#` stays
    /// part of the URL. A `.json` file may still turn out to be saved WordPress responses: its
    /// first bytes say (an array of objects with `link`).
    ///
    /// Options follow the path after `?`, before or after the `#` selector:
    /// `csv:list.csv?encoding=cp932#url`, `list.csv#url?encoding=cp932`. The one option is
    /// `encoding` (an Encoding Standard label or `cp932`), for text, CSV and TSV sources. A
    /// URL's `?` is its query, never options; a file whose name holds the `?` is that file.
    ///
    /// ```
    /// use urlkit_sources::{SourceErrorKind, SourceSpec};
    /// let s = SourceSpec::parse("csv:list.csv?encoding=cp932#url").unwrap();
    /// assert_eq!(s.encoding.map(|e| e.name()), Some("Shift_JIS"));
    /// assert_eq!(s.location, urlkit_sources::Location::parse("list.csv"));
    /// let s = SourceSpec::parse("list.csv#url?encoding=euc-jp").unwrap();
    /// assert_eq!(s.encoding.map(|e| e.name()), Some("EUC-JP"));
    /// let e = SourceSpec::parse("list.csv?encodng=cp932").unwrap_err();
    /// assert_eq!(e.kind, SourceErrorKind::Spec);
    /// let s = SourceSpec::parse("sitemap:https://example.com/sitemap.xml?encoding=x").unwrap();
    /// assert_eq!(s.encoding, None);
    /// ```
    pub fn parse(text: &str) -> Result<SourceSpec, SourceError> {
        let (text, options) = split_options(text)?;
        let mut spec = SourceSpec::parse_place(&text)?;
        spec.encoding = options.encoding;
        Ok(spec)
    }

    /// The spec of bytes given in memory under `name` (a file the user chose, or `left` for
    /// pasted text): the format told by the name's extension as for a bare path (`.csv`,
    /// `.xml`, `.txt`, ...; a `.json` name is JSON or WordPress by its first bytes), else by
    /// the first bytes when read. Nothing is read from the file system, not even the name's
    /// metadata.
    ///
    /// ```
    /// use urlkit_sources::{Format, FormatFrom, Reader, SourceSpec};
    /// let spec = SourceSpec::in_memory("list.csv", b"title,url\nA,https://a.example/\n".to_vec());
    /// assert_eq!((spec.format, spec.format_from), (Some(Format::Csv), FormatFrom::Name));
    /// let mut urls = Vec::new();
    /// Reader::new().read(&spec, &mut |r| urls.push((r.url.clone(), r.extra("title").map(str::to_owned)))).unwrap();
    /// assert_eq!(urls, [("https://a.example/".to_owned(), Some("A".to_owned()))]);
    /// let pasted = SourceSpec::in_memory("left", b"https://a.example/\n".to_vec());
    /// assert_eq!((pasted.format, pasted.format_from), (None, FormatFrom::Content));
    /// ```
    pub fn in_memory(name: &str, bytes: impl Into<std::sync::Arc<[u8]>>) -> SourceSpec {
        let format = match by_extension(name) {
            // Saved WordPress responses are `.json` files too: the bytes tell.
            Some(Format::Json) if !is_json_lines_name(Path::new(name)) => None,
            known => known,
        };
        SourceSpec {
            format,
            format_from: match format {
                Some(_) => FormatFrom::Name,
                None => FormatFrom::Content,
            },
            location: Location::Memory {
                name: name.to_owned(),
                bytes: bytes.into(),
            },
            column: None,
            pointer: None,
            encoding: None,
        }
    }

    fn parse_place(text: &str) -> Result<SourceSpec, SourceError> {
        let prefixes = [
            ("sitemap:", Format::Sitemap),
            ("wp:", Format::WordPress),
            ("csv:", Format::Csv),
            ("tsv:", Format::Tsv),
            ("text:", Format::Text),
            ("json:", Format::Json),
        ];
        for (prefix, format) in prefixes {
            if let Some(rest) = text.strip_prefix(prefix) {
                let mut spec = SourceSpec::with_format(Some(format), rest);
                spec.format_from = FormatFrom::Prefix;
                return Ok(spec);
            }
        }
        if let Some((place, selector)) = text.rsplit_once('#') {
            let format = by_extension(place);
            let selects = matches!(format, Some(Format::Csv | Format::Tsv | Format::Json));
            if selects && !selector.is_empty() && !Path::new(text).exists() {
                // With a pointer, a `.json` file is JSON (without one, it may be WordPress).
                return Ok(SourceSpec::with_format(format, text));
            }
        }
        let location = Location::parse(text);
        let format = detect(&location);
        Ok(SourceSpec::with_format(format, text))
    }

    fn with_format(format: Option<Format>, rest: &str) -> SourceSpec {
        let (place, selector) = match format {
            Some(Format::Csv | Format::Tsv | Format::Json) => match rest.rsplit_once('#') {
                Some((p, s)) if !p.is_empty() => (p, Some(s)),
                _ => (rest, None),
            },
            _ => (rest, None),
        };
        let selector = selector.filter(|s| !s.is_empty());
        SourceSpec {
            format_from: match format {
                Some(_) => FormatFrom::Name,
                None => FormatFrom::Content,
            },
            format,
            encoding: None,
            location: Location::parse(place),
            column: match format {
                Some(Format::Csv | Format::Tsv) => selector.map(Column::parse),
                _ => None,
            },
            pointer: match format {
                Some(Format::Json) => selector.map(str::to_owned),
                _ => None,
            },
        }
    }
}

use crate::error::{SourceError, SourceErrorKind};

/// The options of a source spec.
#[derive(Default)]
struct SpecOptions {
    encoding: Option<&'static encoding_rs::Encoding>,
}

/// The spec without its options (`?name=value&...`), and the options.
fn split_options(text: &str) -> Result<(std::borrow::Cow<'_, str>, SpecOptions), SourceError> {
    let none = || Ok((std::borrow::Cow::Borrowed(text), SpecOptions::default()));
    let place = text
        .split_once(':')
        .filter(|(prefix, _)| ["sitemap", "wp", "csv", "tsv", "text", "json"].contains(prefix))
        .map_or(text, |(_, rest)| rest);
    if matches!(Location::parse(place), Location::Url(_)) || Path::new(place).exists() {
        return none();
    }
    // The last `?` after which come `name=value` pairs up to a `#` or the end.
    let Some((at, end)) = text.match_indices('?').rev().find_map(|(at, _)| {
        let end = text[at..].find('#').map_or(text.len(), |e| at + e);
        let pairs = &text[at + 1..end];
        let well_formed = !pairs.is_empty()
            && pairs.split('&').all(|p| {
                p.split_once('=').is_some_and(|(n, v)| {
                    !n.is_empty()
                        && n.bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
                        && !v.is_empty()
                })
            });
        well_formed.then_some((at, end))
    }) else {
        return none();
    };
    let mut options = SpecOptions::default();
    for pair in text[at + 1..end].split('&') {
        let (name, value) = pair
            .split_once('=')
            .expect("invariant: every pair was checked to have '='");
        let bad = |message: String| SourceError::new(SourceErrorKind::Spec, text, message);
        match name {
            "encoding" => {
                options.encoding = Some(
                    crate::encoding::encoding_for_name(value)
                        .ok_or_else(|| bad(crate::encoding::unknown_encoding(value)))?,
                );
            }
            other => {
                return Err(bad(format!(
                    "unknown source option '{other}' (the one option is encoding=, as in \
                     csv:list.csv?encoding=cp932)"
                )))
            }
        }
    }
    let rest = format!("{}{}", &text[..at], &text[end..]);
    Ok((std::borrow::Cow::Owned(rest), options))
}

fn detect(location: &Location) -> Option<Format> {
    match location {
        Location::Stdin | Location::Memory { .. } => None,
        Location::Url(u) => {
            let path = u
                .split(['?', '#'])
                .next()
                .expect("invariant: split yields at least one piece")
                .to_ascii_lowercase();
            if path.ends_with(".xml") || path.ends_with(".xml.gz") || path.contains("sitemap") {
                Some(Format::Sitemap)
            } else {
                Some(Format::WordPress)
            }
        }
        Location::File(p) if p.is_dir() => Some(Format::WordPress),
        Location::File(p) => match by_extension(&p.to_string_lossy()) {
            // Saved WordPress responses are `.json` files too: the bytes tell.
            Some(Format::Json) if !is_json_lines_name(p) => None,
            known => known,
        },
    }
}

fn by_extension(path: &str) -> Option<Format> {
    let name = path.to_ascii_lowercase();
    BY_EXTENSION
        .iter()
        .find(|(ext, _)| name.ends_with(ext))
        .map(|(_, f)| *f)
}

fn is_json_lines_name(path: &Path) -> bool {
    let name = path.to_string_lossy().to_ascii_lowercase();
    name.ends_with(".jsonl") || name.ends_with(".ndjson")
}
