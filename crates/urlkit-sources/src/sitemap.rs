//! Sitemaps (<https://www.sitemaps.org/protocol.html>): `<urlset>` and `<sitemapindex>`,
//! streamed, gzip or not, indexes followed recursively.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use quick_xml::events::Event;
use quick_xml::Reader as XmlReader;

use crate::catalog::{Position, Record, SourceId};
use crate::error::{SourceError, SourceErrorKind};
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
    let declared = crate::encoding::declared_xml_encoding(&opened.head)
        .map_err(|m| SourceError::new(SourceErrorKind::Encoding, &name, m))?;
    let encoding = declared.or_else(|| crate::sniff::utf16_bom(&opened.head));
    let opened = match encoding {
        Some(e) => opened.decoded(e),
        None => opened,
    };
    let fetched = opened.fetched;
    let input = opened.input;
    let id = reader.add_source(&name, Format::Sitemap);
    if let Some(e) = declared.filter(|e| *e != encoding_rs::UTF_8) {
        reader.catalog.note(
            id,
            "sitemap-encoding-declared",
            None,
            format!("read in {}, as its XML declaration says", e.name()),
        );
    }
    if let Some((final_url, redirects)) = fetched.filter(|(_, r)| !r.is_empty()) {
        let statuses: Vec<String> = redirects.iter().map(|h| h.status.to_string()).collect();
        reader.catalog.note(
            id,
            "http-redirected",
            None,
            format!(
                "fetched from {final_url} after {} redirect{} ({})",
                redirects.len(),
                if redirects.len() == 1 { "" } else { "s" },
                statuses.join(", ")
            ),
        );
    }
    let kind = kind_from_name(&name);
    let parsed = parse(reader, input, &name, id, kind, sink)?;
    if parsed.urls > MAX_URLS {
        reader.catalog.note(
            id,
            "sitemap-too-many-urls",
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
            "sitemap-too-large",
            None,
            format!(
                "{} bytes uncompressed: the sitemap protocol allows at most {MAX_BYTES} \
                 (all were read)",
                parsed.bytes
            ),
        );
    }
    let children = parsed.children.len();
    for (i, (child, line)) in parsed.children.into_iter().enumerate() {
        if walk.stopped {
            return Ok(());
        }
        let child_location = match resolve_child(location, &child) {
            Ok(l) => l,
            Err(why) => {
                reader.catalog.skip(
                    id,
                    "sitemap-child-refused",
                    Some(Position::Line(line)),
                    format!("{child}: {why}; not read"),
                );
                continue;
            }
        };
        let key = child_location.name();
        if !walk.visited.insert(key.clone()) {
            reader.catalog.note(
                id,
                "sitemap-already-visited",
                Some(Position::Line(line)),
                format!("{child} was already read; not following it again"),
            );
            continue;
        }
        if depth + 1 > reader.max_depth {
            reader.catalog.note(
                id,
                "sitemap-too-deep",
                Some(Position::Line(line)),
                format!(
                    "{child} is nested deeper than {} sitemap indexes; not followed",
                    reader.max_depth
                ),
            );
            continue;
        }
        if walk.sitemaps >= reader.max_sitemaps {
            reader.catalog.skip(
                id,
                "sitemap-limit",
                Some(Position::Line(line)),
                format!(
                    "{} sitemaps read, the limit (raise it with --max-sitemaps); this and the \
                     {} after it in this index were not read",
                    walk.sitemaps,
                    children - i - 1
                ),
            );
            walk.stopped = true;
            return Ok(());
        }
        if let (Location::File(_) | Location::Stdin, Location::Url(url)) =
            (location, &child_location)
        {
            reader.catalog.note(
                id,
                "sitemap-index-fetches",
                Some(Position::Line(line)),
                format!("the local index lists {url} and no file of that name is beside it: fetching it"),
            );
        }
        // A fetched child goes through `get_ok` (in `open`), which keeps its redirect hops.
        match open(&child_location, reader.fetcher, reader.max_bytes).and_then(|child_input| {
            read_one(reader, &child_location, child_input, depth + 1, walk, sink)
        }) {
            Err(e) if e.kind == SourceErrorKind::RequestBudget => {
                reader.catalog.skip(
                    id,
                    "request-budget",
                    Some(Position::Line(line)),
                    format!(
                        "{}; {child} and the sitemaps after it were not read",
                        e.message
                    ),
                );
                walk.stopped = true;
                return Ok(());
            }
            // One child that cannot be read (refused, missing, malformed) is a finding: the
            // other sitemaps of the index are still read.
            Err(e) => reader.catalog.skip(
                id,
                e.kind.name(),
                Some(Position::Line(line)),
                format!(
                    "{}; its URLs are not in the list (or only those before the error)",
                    child_error(&child, &key, &e)
                ),
            ),
            Ok(()) => {}
        }
    }
    Ok(())
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

fn parse(
    reader: &mut Reader<'_>,
    input: Tracked<Box<dyn std::io::BufRead>>,
    name: &str,
    id: SourceId,
    kind: Option<Arc<str>>,
    sink: &mut dyn FnMut(Record),
) -> Result<Parsed, SourceError> {
    let cap = reader.max_bytes;
    let mut xml = XmlReader::from_reader(input.count_lines());
    let mut buf = Vec::new();
    let mut root = Root::Unknown;
    let mut depth = 0usize;
    // Inside <url>/<sitemap> (depth 2) and then inside its <loc> (depth 3).
    let mut in_entry = false;
    let mut loc: Option<Loc> = None;
    // The <url> entry read so far: its record and its <lastmod>.
    let mut pending: Option<Record> = None;
    let mut lastmod: Option<String> = None;
    let mut out = Parsed {
        urls: 0,
        bytes: 0,
        children: Vec::new(),
    };
    loop {
        buf.clear();
        let start = xml.buffer_position();
        let event = match xml.read_event_into(&mut buf) {
            Ok(e) => e,
            Err(quick_xml::Error::Io(e)) if is_cap(&e) => return Err(io_error(&e, name, cap)),
            Err(quick_xml::Error::Io(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
                // A compressed stream or a response cut short.
                return Err(truncated(
                    name,
                    &out,
                    &format!("the stream ends early ({e})"),
                ));
            }
            Err(quick_xml::Error::Syntax(e)) if is_unclosed(&e) => {
                return Err(truncated(
                    name,
                    &out,
                    &format!("the document ends inside markup: {e}"),
                ));
            }
            Err(e) => {
                let (line, col) = xml.get_ref().line_col(xml.error_position());
                return Err(
                    SourceError::new(SourceErrorKind::XmlSyntax, name, e.to_string()).at(line, col),
                );
            }
        };
        match event {
            Event::DocType(d) if d.windows(8).any(|w| w.eq_ignore_ascii_case(b"<!ENTITY")) => {
                let (line, col) = xml.get_ref().line_col(start);
                return Err(SourceError::new(
                    SourceErrorKind::XmlDtdRefused,
                    name,
                    "the document declares DTD entities; they are refused (entity expansion is \
                     how \"billion laughs\" attacks work, and sitemaps need none)",
                )
                .at(line, col));
            }
            Event::Start(e) => {
                depth += 1;
                let local = e.local_name();
                let tag = local.as_ref();
                match (depth, tag) {
                    (1, b"urlset") => root = Root::UrlSet,
                    (1, b"sitemapindex") => root = Root::Index,
                    (1, other) => {
                        let (line, col) = xml.get_ref().line_col(start);
                        return Err(SourceError::new(
                            SourceErrorKind::NotASitemap,
                            name,
                            format!(
                                "the root element is <{}>, not <urlset> or <sitemapindex>",
                                String::from_utf8_lossy(other)
                            ),
                        )
                        .at(line, col));
                    }
                    (2, b"url") if root == Root::UrlSet => in_entry = true,
                    (2, b"sitemap") if root == Root::Index => in_entry = true,
                    (3, field @ (b"loc" | b"lastmod")) if in_entry => {
                        let (line, column) = xml.get_ref().line_col(xml.buffer_position());
                        loc = Some(Loc {
                            text: String::new(),
                            line,
                            column,
                            not_utf8: false,
                            lastmod: field == b"lastmod",
                        });
                    }
                    _ => {}
                }
            }
            Event::End(_) => {
                if depth == 3 {
                    if let Some(Loc {
                        text,
                        line,
                        column,
                        not_utf8,
                        lastmod: is_lastmod,
                    }) = loc.take()
                    {
                        let url = text.trim();
                        if is_lastmod {
                            // Only carried into reports: a broken one is left out, with a note.
                            if not_utf8 {
                                reader.catalog.note(
                                    id,
                                    "sitemap-lastmod-invalid-utf8",
                                    Some(Position::Line(line)),
                                    "a <lastmod> is not valid UTF-8; left out",
                                );
                            } else if !url.is_empty() {
                                lastmod = Some(url.to_owned());
                            }
                        } else if not_utf8 {
                            reader.catalog.skip(
                                id,
                                "sitemap-invalid-utf8",
                                Some(Position::Line(line)),
                                format!("the <loc> at column {column} is not valid UTF-8; skipped"),
                            );
                        } else if url.is_empty() {
                            reader.catalog.note(
                                id,
                                "sitemap-empty-loc",
                                Some(Position::Line(line)),
                                "empty <loc>",
                            );
                        } else if root == Root::Index {
                            out.children.push((url.to_owned(), line));
                        } else {
                            // Handed on at </url>, once its <lastmod> (after <loc> or before
                            // it) is known.
                            pending = Some(Record {
                                url: url.to_owned(),
                                source: id,
                                position: Position::Line(line),
                                kind: kind.clone(),
                                extra: Vec::new(),
                            });
                        }
                    }
                }
                if depth == 2 {
                    in_entry = false;
                    if let Some(mut record) = pending.take() {
                        if let Some(lastmod) = lastmod.take() {
                            record.extra.push((Arc::from("lastmod"), lastmod));
                        }
                        out.urls += 1;
                        reader.catalog.emit(sink, record);
                    }
                    lastmod = None;
                }
                depth = depth.saturating_sub(1);
            }
            Event::Text(t) => {
                if let Some(Loc { text, not_utf8, .. }) = loc.as_mut() {
                    if std::str::from_utf8(&t).is_err() {
                        *not_utf8 = true;
                        continue;
                    }
                    match t.unescape() {
                        Ok(s) => text.push_str(&s),
                        Err(e) => {
                            let (line, col) = xml.get_ref().line_col(start + escape_offset(&e));
                            return Err(SourceError::new(
                                SourceErrorKind::XmlEscape,
                                name,
                                format!(
                                    "{e} (a literal '&' in a URL must be written &amp; in XML)"
                                ),
                            )
                            .at(line, col));
                        }
                    }
                }
            }
            Event::CData(c) => {
                // The same rule as for text: bytes that are not UTF-8 make the <loc> a finding.
                if let Some(Loc { text, not_utf8, .. }) = loc.as_mut() {
                    match std::str::from_utf8(&c) {
                        Ok(s) => text.push_str(s),
                        Err(_) => *not_utf8 = true,
                    }
                }
            }
            Event::Eof if depth > 0 => {
                return Err(truncated(
                    name,
                    &out,
                    "the document ends before its root element is closed",
                ));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if root == Root::Unknown {
        return Err(SourceError::new(
            SourceErrorKind::NotASitemap,
            name,
            "no <urlset> or <sitemapindex> element",
        ));
    }
    out.bytes = xml.get_ref().consumed();
    Ok(out)
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
