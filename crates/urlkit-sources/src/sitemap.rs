//! Sitemaps (<https://www.sitemaps.org/protocol.html>): `<urlset>` and `<sitemapindex>`,
//! streamed, gzip or not, indexes followed recursively.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use quick_xml::events::Event;
use quick_xml::Reader as XmlReader;

use crate::error::{SourceError, SourceErrorKind};
use crate::finding::FindingKind;
use crate::record::{Position, Record, SourceId};
use urlkit::uri::{resolve_str, Resolution};

use crate::input::{io_error, is_cap, open, Opened, Tracked};
use crate::policy::is_http_url;
use crate::progress::FetchProgress;
use crate::reader::Reader;
use crate::spec::{Format, Location};

/// The protocol's limits for one sitemap file: 50,000 URLs and 50 MB (52,428,800 bytes)
/// uncompressed. Exceeding them is a finding: search engines may ignore the rest, but the URLs
/// are still there.
const MAX_URLS: u64 = 50_000;
const MAX_BYTES: u64 = 52_428_800;

/// Reads the sitemap at `location` and, for an index, every sitemap it lists.
pub(crate) fn read(
    reader: &mut Reader<'_>,
    location: &Location,
    opened: Opened,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let mut walk = Walk {
        visited: HashSet::from([location.name()]),
        sitemaps: 0,
        stopped: false,
    };
    read_one(reader, location, opened, 0, &mut walk, sink)
}

/// The state of one walk through an index and its children.
struct Walk {
    visited: HashSet<String>,
    /// Sitemaps opened so far (indexes included).
    sitemaps: usize,
    /// A limit was hit: no further child is read.
    stopped: bool,
}

/// Reads one sitemap of a walk (the index or sitemap given, or a child at `depth`): its
/// URLs into `sink`, and for an index each child in turn.
fn read_one(
    reader: &mut Reader<'_>,
    location: &Location,
    opened: Opened,
    depth: usize,
    walk: &mut Walk,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = location.name();
    walk.sitemaps += 1;
    if opened.fetched.is_some() {
        reader.tell(FetchProgress {
            what: "sitemaps",
            unit: "sitemaps",
            done: walk.sitemaps as u64,
            total: None,
        });
    }
    let (id, input) = register(reader, &name, opened)?;
    let parsed = parse(reader, input, &name, id, kind_from_name(&name), sink)?;
    say_protocol_limits(reader, id, &parsed);
    let children = parsed.children.len();
    for (i, (child, line)) in parsed.children.into_iter().enumerate() {
        if walk.stopped {
            break;
        }
        let at = Child {
            parent: location,
            id,
            line,
            after: children - i - 1,
        };
        read_child(reader, &at, &child, depth, walk, sink);
    }
    Ok(())
}

/// Decodes an opened sitemap as its XML declaration (or a UTF-16 BOM) says and registers it,
/// with findings for a declared encoding and for the redirects it was fetched through.
fn register(
    reader: &mut Reader<'_>,
    name: &str,
    opened: Opened,
) -> Result<(SourceId, Tracked<Box<dyn std::io::BufRead>>), SourceError> {
    let declared = crate::encoding::declared_xml_encoding(&opened.head)
        .map_err(|m| SourceError::new(SourceErrorKind::Encoding, name, m))?;
    let encoding = declared.or_else(|| crate::sniff::utf16_bom(&opened.head));
    let opened = match encoding {
        Some(e) => opened.decoded(e),
        None => opened,
    };
    let id = reader.add_source(name, Format::Sitemap);
    if let Some(e) = declared.filter(|e| *e != encoding_rs::UTF_8) {
        reader.catalog.note(
            id,
            FindingKind::SitemapEncodingDeclared,
            None,
            format!("read in {}, as its XML declaration says", e.name()),
        );
    }
    if let Some((final_url, redirects)) = opened.fetched.filter(|(_, r)| !r.is_empty()) {
        let statuses: Vec<String> = redirects.iter().map(|h| h.status.to_string()).collect();
        reader.catalog.note(
            id,
            FindingKind::HttpRedirected,
            None,
            format!(
                "fetched from {final_url} after {} redirect{} ({})",
                redirects.len(),
                if redirects.len() == 1 { "" } else { "s" },
                statuses.join(", ")
            ),
        );
    }
    Ok((id, opened.input))
}

/// The findings of a sitemap past the protocol's limits (every URL was read all the same).
fn say_protocol_limits(reader: &mut Reader<'_>, id: SourceId, parsed: &Parsed) {
    if parsed.urls > MAX_URLS {
        reader.catalog.note(
            id,
            FindingKind::SitemapTooManyUrls,
            None,
            format!(
                "{} URLs: the sitemap protocol allows at most {MAX_URLS} per file (all were read)",
                parsed.urls
            ),
        );
    }
    if parsed.bytes > MAX_BYTES {
        reader.catalog.note(
            id,
            FindingKind::SitemapTooLarge,
            None,
            format!(
                "{} bytes uncompressed: the sitemap protocol allows at most {MAX_BYTES} \
                 (all were read)",
                parsed.bytes
            ),
        );
    }
}

/// Where an index lists a child: the index, its source, the `<loc>`'s line, and how many
/// children follow it.
struct Child<'a> {
    parent: &'a Location,
    id: SourceId,
    line: u64,
    after: usize,
}

/// Reads the child `child` of an index at `depth` unless a rule says not to (each is a
/// finding): refused, already read, too deep, past the limit of sitemaps. A child that
/// cannot be read is a finding too, and the other children are still read; a spent request
/// budget or the limit stops the walk.
fn read_child(
    reader: &mut Reader<'_>,
    at: &Child<'_>,
    child: &str,
    depth: usize,
    walk: &mut Walk,
    sink: &mut dyn FnMut(Record),
) {
    let (id, here) = (at.id, Some(Position::Line(at.line)));
    let Some(child_location) = follow(reader, at, child, depth, walk) else {
        return;
    };
    let key = child_location.name();
    // A fetched child goes through `get_ok` (in `open`), which keeps its redirect hops.
    match open(&child_location, reader.fetcher, reader.max_bytes).and_then(|child_input| {
        read_one(reader, &child_location, child_input, depth + 1, walk, sink)
    }) {
        Err(e) if e.kind == SourceErrorKind::RequestBudget => {
            reader.catalog.skip(
                id,
                FindingKind::RequestBudget,
                here,
                format!(
                    "{}; {child} and the sitemaps after it were not read",
                    e.message
                ),
            );
            walk.stopped = true;
        }
        // One child that cannot be read (refused, missing, malformed) is a finding: the
        // other sitemaps of the index are still read.
        Err(e) => reader.catalog.skip(
            id,
            FindingKind::SitemapChildUnread(e.kind),
            here,
            format!(
                "{}; its URLs are not in the list (or only those before the error)",
                child_error(child, &key, &e)
            ),
        ),
        Ok(()) => {}
    }
}

/// Where to read the child `child` from, or `None` (said) when the walk's rules say not to
/// read it: refused, already read, too deep, or past the limit of sitemaps (which stops the
/// walk).
fn follow(
    reader: &mut Reader<'_>,
    at: &Child<'_>,
    child: &str,
    depth: usize,
    walk: &mut Walk,
) -> Option<Location> {
    let (id, here) = (at.id, Some(Position::Line(at.line)));
    let child_location = match resolve_child(at.parent, child) {
        Ok(l) => l,
        Err(why) => {
            let message = format!("{child}: {why}; not read");
            reader
                .catalog
                .skip(id, FindingKind::SitemapChildRefused, here, message);
            return None;
        }
    };
    if !walk.visited.insert(child_location.name()) {
        reader.catalog.note(
            id,
            FindingKind::SitemapAlreadyVisited,
            here,
            format!("{child} was already read; not following it again"),
        );
        return None;
    }
    if depth + 1 > reader.max_depth {
        reader.catalog.note(
            id,
            FindingKind::SitemapTooDeep,
            here,
            format!(
                "{child} is nested deeper than {} sitemap indexes; not followed",
                reader.max_depth
            ),
        );
        return None;
    }
    if walk.sitemaps >= reader.max_sitemaps {
        reader.catalog.skip(
            id,
            FindingKind::SitemapLimit,
            here,
            format!(
                "{} sitemaps read, the limit (raise it with --max-sitemaps); this and the \
                 {} after it in this index were not read",
                walk.sitemaps, at.after
            ),
        );
        walk.stopped = true;
        return None;
    }
    if let (Location::File(_) | Location::Stdin, Location::Url(url)) = (at.parent, &child_location)
    {
        reader.catalog.note(
            id,
            FindingKind::SitemapIndexFetches,
            here,
            format!(
                "the local index lists {url} and no file of that name is beside it: fetching it"
            ),
        );
    }
    Some(child_location)
}

/// What went wrong with the child `child` (read from `key`), naming it once.
fn child_error(child: &str, key: &str, e: &SourceError) -> String {
    match (e.source == key, e.location) {
        (true, Some((line, col))) => format!("{child}:{line}:{col}: {}", e.message),
        (true, None) => format!("{child}: {}", e.message),
        (false, _) => format!("{child}: {e}"),
    }
}

/// Where a child sitemap listed by an index is read from, or why it is not read.
///
/// *Rationale*: for an index fetched from a site, `<loc>` is resolved against the index's
/// URL (RFC 3986 §5; the protocol asks for absolute URLs, and a relative one means what it
/// means on the web), and only an `http(s)` result is read: a remote document never makes
/// urlkit open a local file, stdin or a device. An index saved to disk usually sits beside its
/// children (a mirror of the site): when the index is a local file and a file named like the
/// URL's last path segment exists in the same folder, that file is read; otherwise the URL is
/// fetched, and a finding says so.
fn resolve_child(parent: &Location, loc: &str) -> Result<Location, String> {
    match parent {
        Location::Url(base) => {
            let target = resolve_str(base, loc, Resolution::Strict)
                .map_err(|e| format!("not a URL reference ({e})"))?;
            if is_http_url(&target) {
                Ok(Location::Url(target))
            } else {
                Err(format!(
                    "resolves to {target}; a remote sitemap index may list only http and https \
                     sitemaps"
                ))
            }
        }
        Location::File(path) => {
            let path_part = loc
                .split(['?', '#'])
                .next()
                .expect("invariant: split yields at least one piece");
            let file = path_part
                .rsplit('/')
                .next()
                .expect("invariant: rsplit yields at least one piece");
            if !file.is_empty() {
                let dir = path.parent().unwrap_or(Path::new("."));
                let local = dir.join(file);
                if local.is_file() {
                    return Ok(Location::File(local));
                }
            }
            if !loc.contains("://") {
                return Ok(Location::File(
                    path.parent().unwrap_or(Path::new(".")).join(loc),
                ));
            }
            Ok(Location::parse(loc))
        }
        Location::Stdin => match Location::parse(loc) {
            Location::Stdin => Err("stdin is already being read".into()),
            other => Ok(other),
        },
        // Bytes in memory stand alone: what they list is neither a file nor fetched.
        Location::Memory { .. } => Err(
            "a sitemap index given as text is read alone: the sitemaps it lists are not read"
                .into(),
        ),
    }
}

/// The content type a sitemap's file name announces: WordPress core
/// (`wp-sitemap-posts-page-1.xml`, `wp-sitemap-taxonomies-post_tag-1.xml`,
/// `wp-sitemap-users-1.xml`) and Yoast-style (`page-sitemap.xml`, `post_tag-sitemap2.xml`).
fn kind_from_name(name: &str) -> Option<Arc<str>> {
    let file = name.split(['?', '#']).next()?.rsplit(['/', '\\']).next()?;
    let stem = file
        .strip_suffix(".gz")
        .unwrap_or(file)
        .strip_suffix(".xml")?;
    let core = stem
        .strip_prefix("wp-sitemap-posts-")
        .or_else(|| stem.strip_prefix("wp-sitemap-taxonomies-"));
    if let Some(rest) = core {
        let kind = rest
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .trim_end_matches('-');
        return (!kind.is_empty()).then(|| Arc::from(kind));
    }
    if stem.starts_with("wp-sitemap-users") {
        return Some(Arc::from("user"));
    }
    let (kind, _) = stem.split_once("-sitemap")?;
    (!kind.is_empty() && kind != "wp").then(|| Arc::from(kind))
}

struct Parsed {
    urls: u64,
    bytes: u64,
    children: Vec<(String, u64)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Root {
    Unknown,
    UrlSet,
    Index,
}

/// The XML reader of one sitemap, counting lines for the locations of findings and errors.
type Xml = XmlReader<Tracked<Box<dyn std::io::BufRead>>>;

/// Reads one sitemap's XML: the URLs of a `<urlset>` into `sink` (typed `kind`), the
/// `<loc>`s of a `<sitemapindex>` into [`Parsed::children`].
fn parse(
    reader: &mut Reader<'_>,
    input: Tracked<Box<dyn std::io::BufRead>>,
    name: &str,
    id: SourceId,
    kind: Option<Arc<str>>,
    sink: &mut dyn FnMut(Record),
) -> Result<Parsed, SourceError> {
    let mut xml: Xml = XmlReader::from_reader(input.count_lines());
    let mut buf = Vec::new();
    let mut p = Parse {
        reader,
        sink,
        name,
        id,
        kind,
        root: Root::Unknown,
        depth: 0,
        in_entry: false,
        loc: None,
        pending: None,
        lastmod: None,
        out: Parsed {
            urls: 0,
            bytes: 0,
            children: Vec::new(),
        },
    };
    loop {
        buf.clear();
        let start = xml.buffer_position();
        let at = |xml: &Xml, offset: u64| xml.get_ref().line_col(offset);
        match next_event(&mut xml, &mut buf, name, &p.out, p.reader.max_bytes)? {
            Event::DocType(d) if d.windows(8).any(|w| w.eq_ignore_ascii_case(b"<!ENTITY")) => {
                let (line, col) = at(&xml, start);
                return Err(SourceError::new(
                    SourceErrorKind::XmlDtdRefused,
                    name,
                    "the document declares DTD entities; they are refused (entity expansion is \
                     how \"billion laughs\" attacks work, and sitemaps need none)",
                )
                .at(line, col));
            }
            Event::Start(e) => {
                let local = e.local_name();
                p.start(local.as_ref(), &xml, start)?;
            }
            Event::End(_) => p.end(),
            Event::Text(t) if p.loc.is_some() => {
                if std::str::from_utf8(&t).is_err() {
                    p.not_utf8();
                    continue;
                }
                match t.unescape() {
                    Ok(text) => p.text(&text),
                    Err(e) => {
                        let (line, col) = at(&xml, start + escape_offset(&e));
                        return Err(SourceError::new(
                            SourceErrorKind::XmlEscape,
                            name,
                            format!("{e} (a literal '&' in a URL must be written &amp; in XML)"),
                        )
                        .at(line, col));
                    }
                }
            }
            // The same rule as for text: bytes that are not UTF-8 make the <loc> a finding.
            Event::CData(c) => match std::str::from_utf8(&c) {
                Ok(text) => p.text(text),
                Err(_) => p.not_utf8(),
            },
            Event::Eof if p.depth > 0 => {
                return Err(truncated(
                    name,
                    &p.out,
                    "the document ends before its root element is closed",
                ));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if p.root == Root::Unknown {
        return Err(SourceError::new(
            SourceErrorKind::NotASitemap,
            name,
            "no <urlset> or <sitemapindex> element",
        ));
    }
    p.out.bytes = xml.get_ref().consumed();
    Ok(p.out)
}

/// The next XML event, or the error that ends the sitemap: cut short (truncated, with what
/// was read before the cut), too large, or malformed (located).
fn next_event<'b>(
    xml: &mut Xml,
    buf: &'b mut Vec<u8>,
    name: &str,
    out: &Parsed,
    cap: u64,
) -> Result<Event<'b>, SourceError> {
    match xml.read_event_into(buf) {
        Ok(e) => Ok(e),
        Err(quick_xml::Error::Io(e)) if is_cap(&e) => Err(io_error(&e, name, cap)),
        Err(quick_xml::Error::Io(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            // A compressed stream or a response cut short.
            Err(truncated(
                name,
                out,
                &format!("the stream ends early ({e})"),
            ))
        }
        Err(quick_xml::Error::Syntax(e)) if is_unclosed(&e) => Err(truncated(
            name,
            out,
            &format!("the document ends inside markup: {e}"),
        )),
        Err(e) => {
            let (line, col) = xml.get_ref().line_col(xml.error_position());
            Err(SourceError::new(SourceErrorKind::XmlSyntax, name, e.to_string()).at(line, col))
        }
    }
}

/// Where [`parse`] is in a sitemap's elements, and what it read so far.
struct Parse<'p, 'r> {
    reader: &'p mut Reader<'r>,
    sink: &'p mut dyn FnMut(Record),
    name: &'p str,
    id: SourceId,
    kind: Option<Arc<str>>,
    root: Root,
    depth: usize,
    /// Inside <url>/<sitemap> (depth 2) and then inside its <loc> (depth 3).
    in_entry: bool,
    loc: Option<Loc>,
    /// The <url> entry read so far: its record and its <lastmod>.
    pending: Option<Record>,
    lastmod: Option<String>,
    out: Parsed,
}

impl Parse<'_, '_> {
    /// An element starts: `tag` its local name, at the byte offset `start` of `xml`.
    fn start(&mut self, tag: &[u8], xml: &Xml, start: u64) -> Result<(), SourceError> {
        self.depth += 1;
        match (self.depth, tag) {
            (1, b"urlset") => self.root = Root::UrlSet,
            (1, b"sitemapindex") => self.root = Root::Index,
            (1, other) => {
                let (line, col) = xml.get_ref().line_col(start);
                return Err(SourceError::new(
                    SourceErrorKind::NotASitemap,
                    self.name,
                    format!(
                        "the root element is <{}>, not <urlset> or <sitemapindex>",
                        String::from_utf8_lossy(other)
                    ),
                )
                .at(line, col));
            }
            (2, b"url") if self.root == Root::UrlSet => self.in_entry = true,
            (2, b"sitemap") if self.root == Root::Index => self.in_entry = true,
            (3, field @ (b"loc" | b"lastmod")) if self.in_entry => {
                let content = xml.get_ref().line_col(xml.buffer_position());
                self.loc = Some(Loc {
                    text: String::new(),
                    line: content.0,
                    column: content.1,
                    not_utf8: false,
                    lastmod: field == b"lastmod",
                });
            }
            _ => {}
        }
        Ok(())
    }

    /// Text inside the `<loc>` or `<lastmod>` being read, if any.
    fn text(&mut self, text: &str) {
        if let Some(loc) = self.loc.as_mut() {
            loc.text.push_str(text);
        }
    }

    /// Bytes that are not UTF-8 inside the `<loc>` or `<lastmod>` being read, if any.
    fn not_utf8(&mut self) {
        if let Some(loc) = self.loc.as_mut() {
            loc.not_utf8 = true;
        }
    }

    /// An element ends: a `<loc>` or `<lastmod>` (depth 3), an entry (depth 2).
    fn end(&mut self) {
        if self.depth == 3 {
            if let Some(loc) = self.loc.take() {
                self.end_field(loc);
            }
        }
        if self.depth == 2 {
            self.end_entry();
        }
        self.depth = self.depth.saturating_sub(1);
    }

    /// A `<loc>` or `<lastmod>` read: kept, or a finding.
    fn end_field(&mut self, loc: Loc) {
        let (catalog, id) = (&mut self.reader.catalog, self.id);
        let at = Some(Position::Line(loc.line));
        let url = loc.text.trim();
        if loc.lastmod {
            // Only carried into reports: a broken one is left out, with a note.
            if loc.not_utf8 {
                let message = "a <lastmod> is not valid UTF-8; left out";
                catalog.note(id, FindingKind::SitemapLastmodInvalidUtf8, at, message);
            } else if !url.is_empty() {
                self.lastmod = Some(url.to_owned());
            }
        } else if loc.not_utf8 {
            let message = format!(
                "the <loc> at column {} is not valid UTF-8; skipped",
                loc.column
            );
            catalog.skip(id, FindingKind::SitemapInvalidUtf8, at, message);
        } else if url.is_empty() {
            catalog.note(id, FindingKind::SitemapEmptyLoc, at, "empty <loc>");
        } else if self.root == Root::Index {
            self.out.children.push((url.to_owned(), loc.line));
        } else {
            // Handed on at </url>, once its <lastmod> (after <loc> or before it) is known.
            self.pending = Some(Record {
                url: url.to_owned(),
                source: id,
                // Line and column: a sitemap on one line has every <loc> on line 1.
                position: Position::LineColumn(loc.line, loc.column),
                kind: self.kind.clone(),
                extra: Vec::new(),
            });
        }
    }

    /// A `<url>` or `<sitemap>` read: its record handed on with its `<lastmod>`.
    fn end_entry(&mut self) {
        self.in_entry = false;
        if let Some(mut record) = self.pending.take() {
            if let Some(lastmod) = self.lastmod.take() {
                record.extra.push((Arc::from("lastmod"), lastmod));
            }
            self.out.urls += 1;
            self.reader.catalog.emit(self.sink, record);
        }
        self.lastmod = None;
    }
}

/// A `<loc>` (or `<lastmod>`) being read.
struct Loc {
    text: String,
    line: u64,
    column: u64,
    not_utf8: bool,
    /// A `<lastmod>`, read the same way.
    lastmod: bool,
}

/// Whether a syntax error is markup left open at the end of the input.
fn is_unclosed(e: &quick_xml::errors::SyntaxError) -> bool {
    use quick_xml::errors::SyntaxError;
    matches!(
        e,
        SyntaxError::UnclosedPIOrXmlDecl
            | SyntaxError::UnclosedComment
            | SyntaxError::UnclosedDoctype
            | SyntaxError::UnclosedCData
            | SyntaxError::UnclosedTag
    )
}

/// The error of a document that stops before its end: the records read before it were handed
/// on, so it says how many.
fn truncated(name: &str, parsed: &Parsed, why: &str) -> SourceError {
    let (n, what) = (
        parsed.urls + parsed.children.len() as u64,
        if parsed.children.is_empty() {
            "URL"
        } else {
            "sitemap"
        },
    );
    SourceError::new(
        SourceErrorKind::XmlTruncated,
        name,
        format!(
            "truncated: {why}; {n} {what}{} read before the cut, the rest is missing",
            if n == 1 { " was" } else { "s were" }
        ),
    )
}

/// The offset of an escape error inside its text event.
fn escape_offset(e: &quick_xml::Error) -> u64 {
    use quick_xml::escape::EscapeError;
    match e {
        quick_xml::Error::Escape(
            EscapeError::UnrecognizedEntity(r, _) | EscapeError::UnterminatedEntity(r),
        ) => r.start as u64,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::kind_from_name;

    #[test]
    fn kinds_from_wordpress_sitemap_names() {
        let k = |n: &str| kind_from_name(n).map(|k| k.to_string());
        assert_eq!(
            k("https://e.com/wp-sitemap-posts-page-1.xml").as_deref(),
            Some("page")
        );
        assert_eq!(
            k("wp-sitemap-taxonomies-post_tag-1.xml").as_deref(),
            Some("post_tag")
        );
        assert_eq!(k("wp-sitemap-users-1.xml").as_deref(), Some("user"));
        assert_eq!(k("dir/post-sitemap2.xml.gz").as_deref(), Some("post"));
        assert_eq!(k("wp-sitemap.xml"), None);
        assert_eq!(k("sitemap.xml"), None);
    }
}
