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
}

impl Location {
    /// `-` is stdin, `http(s)://` a URL, anything else a path.
    pub fn parse(text: &str) -> Location {
        let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
        if text == "-" {
            Location::Stdin
        } else if lower.starts_with("http://") || lower.starts_with("https://") {
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
/// assert_eq!((s.format, s.column.clone()), (Format::Csv, Some(Column::Name("url".into()))));
/// let s = SourceSpec::parse("json:items.json#/data/*/url").unwrap();
/// assert_eq!(s.pointer.as_deref(), Some("/data/*/url"));
/// let s = SourceSpec::parse("https://example.com/wp-sitemap.xml").unwrap();
/// assert_eq!(s.format, Format::Sitemap);
/// let s = SourceSpec::parse("wp:https://example.com").unwrap();
/// assert_eq!((s.format, s.location), (Format::WordPress, Location::Url("https://example.com".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceSpec {
    /// The format.
    pub format: Format,
    /// Where the bytes come from.
    pub location: Location,
    /// CSV/TSV: the column (`None`: a header named url, loc, link or href, else the first
    /// column whose first cell looks like a URL, else the first column).
    pub column: Option<Column>,
    /// JSON: a JSON pointer (RFC 6901) where `*` stands for every element; `None`: strings,
    /// arrays of them, and the `url`, `loc`, `link` or `href` member of objects.
    pub pointer: Option<String>,
}

impl SourceSpec {
    /// Parses a spec. A bare path is detected by its extension (`.xml`, `.xml.gz`, `.csv`,
    /// `.tsv`, `.json`, `.jsonl`, `.ndjson`; a directory is a folder of saved WordPress
    /// responses), then by its first bytes (`<` is XML; a JSON array of objects with `link` is
    /// WordPress), else text. A bare URL is a sitemap when its path ends in `.xml` or `.xml.gz`
    /// or mentions `sitemap`, else a WordPress site.
    ///
    /// *Rationale*: `#` separates the column or pointer only for `csv:`, `tsv:` and `json:`,
    /// whose locations are files; for URLs `#` stays part of the URL.
    pub fn parse(text: &str) -> Result<SourceSpec, SourceError> {
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
                return Ok(SourceSpec::with_format(format, rest));
            }
        }
        let location = Location::parse(text);
        let format = detect(&location);
        Ok(SourceSpec::with_format(format, text))
    }

    fn with_format(format: Format, rest: &str) -> SourceSpec {
        let (place, selector) = match format {
            Format::Csv | Format::Tsv | Format::Json => match rest.rsplit_once('#') {
                Some((p, s)) if !p.is_empty() => (p, Some(s)),
                _ => (rest, None),
            },
            _ => (rest, None),
        };
        let selector = selector.filter(|s| !s.is_empty());
        SourceSpec {
            format,
            location: Location::parse(place),
            column: match format {
                Format::Csv | Format::Tsv => selector.map(Column::parse),
                _ => None,
            },
            pointer: match format {
                Format::Json => selector.map(str::to_owned),
                _ => None,
            },
        }
    }
}

use crate::error::SourceError;

fn detect(location: &Location) -> Format {
    match location {
        Location::Stdin => Format::Text,
        Location::Url(u) => {
            let path = u.split(['?', '#']).next().unwrap_or(u).to_ascii_lowercase();
            if path.ends_with(".xml") || path.ends_with(".xml.gz") || path.contains("sitemap") {
                Format::Sitemap
            } else {
                Format::WordPress
            }
        }
        Location::File(p) => detect_file(p),
    }
}

fn detect_file(path: &Path) -> Format {
    if path.is_dir() {
        return Format::WordPress;
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let by_ext = [
        (".xml", Format::Sitemap),
        (".xml.gz", Format::Sitemap),
        (".csv", Format::Csv),
        (".tsv", Format::Tsv),
        (".jsonl", Format::Json),
        (".ndjson", Format::Json),
    ];
    if let Some((_, f)) = by_ext.iter().find(|(ext, _)| name.ends_with(ext)) {
        return *f;
    }
    let head = read_head(path);
    let text = String::from_utf8_lossy(&head);
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if head.starts_with(&[0x1f, 0x8b]) || trimmed.starts_with('<') {
        Format::Sitemap
    } else if trimmed.starts_with('[') && text.contains("\"link\"") {
        Format::WordPress
    } else if name.ends_with(".json") || trimmed.starts_with('{') || trimmed.starts_with('[') {
        Format::Json
    } else {
        Format::Text
    }
}

fn read_head(path: &Path) -> Vec<u8> {
    use std::io::Read;
    let mut head = Vec::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(4096).read_to_end(&mut head);
    }
    head
}
