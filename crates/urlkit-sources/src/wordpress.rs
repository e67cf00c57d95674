//! The WordPress REST API (<https://developer.wordpress.org/rest-api/>): saved responses (a
//! file, or a folder of them) and live sites.

use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use serde_json::Value;

use crate::catalog::{Catalog, Kinds, Position, Record, SourceId};
use crate::error::{SourceError, SourceErrorKind};
use crate::fetch::{FetchErrorKind, Fetcher};
use crate::input::{byte_reader, io_error, open, skip_bom, Opened, Tracked};
use crate::json_value::{json_error, StringOrNot};
use crate::lines::BOM_REMOVED;
use crate::progress::FetchProgress;
use crate::reader::Reader;
use crate::spec::{Format, Location};

mod title;

/// Items asked for per page: the REST API's maximum.
const PER_PAGE: u32 = 100;

/// How much of an error response is read for its code and message.
const ERROR_BODY: u64 = 1 << 20;

/// A guard against a server that never stops paginating.
const MAX_PAGES: u32 = 10_000;

/// Post types that have no public page of their own (block editor internals, menus) or whose
/// links are media attachment pages, which sitemaps leave out.
const SKIPPED_TYPES: [&str; 2] = ["attachment", "nav_menu_item"];

/// Taxonomies that have no public archive pages.
const SKIPPED_TAXONOMIES: [&str; 3] = ["nav_menu", "link_category", "post_format"];

pub(crate) fn read(
    reader: &mut Reader<'_>,
    location: &Location,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    match location {
        Location::Url(base) => read_live(reader, base, sink),
        Location::File(dir) if dir.is_dir() => {
            let mut files: Vec<_> = std::fs::read_dir(dir)
                .map_err(|e| {
                    SourceError::new(
                        SourceErrorKind::Io,
                        location.name(),
                        format!("cannot list: {e}"),
                    )
                })?
                .map(|e| e.map(|e| e.path()))
                .filter(|p| {
                    p.as_ref().map_or(true, |p| {
                        p.extension()
                            .is_some_and(|x| x.eq_ignore_ascii_case("json"))
                    })
                })
                .collect::<Result<_, _>>()
                .map_err(|e| {
                    SourceError::new(
                        SourceErrorKind::Io,
                        location.name(),
                        format!("cannot list: {e}"),
                    )
                })?;
            files.sort();
            if files.is_empty() {
                return Err(SourceError::new(
                    SourceErrorKind::WpEmptyFolder,
                    location.name(),
                    "no .json files in this folder",
                ));
            }
            for file in files {
                let location = Location::File(file);
                let opened = open(&location, reader.fetcher, reader.max_bytes)?;
                read_saved(reader, &location, opened, sink)?;
            }
            Ok(())
        }
        _ => {
            let opened = open(location, reader.fetcher, reader.max_bytes)?;
            read_saved(reader, location, opened, sink)
        }
    }
}

/// Reads one saved REST response: a JSON array of objects with `link`.
pub(crate) fn read_saved(
    reader: &mut Reader<'_>,
    location: &Location,
    opened: Opened,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = location.name();
    let id = reader.add_source(&name, Format::WordPress);
    stream_items(reader, id, opened.input, &name, None, &mut |catalog, r| {
        catalog.emit(sink, r);
    })?;
    Ok(())
}

fn parse_json(body: &[u8], name: &str) -> Result<Value, SourceError> {
    let body = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    serde_json::from_slice(body).map_err(|e| {
        SourceError::new(SourceErrorKind::JsonSyntax, name, e.to_string())
            .at(e.line() as u64, e.column() as u64)
    })
}

/// Emits the `link` of every item of the array `input` holds, streamed: of each item only
/// `link`, `type`, `taxonomy` and the title (`title` or `name`) are kept (`kind`: the type of items that say none). Returns
/// how many items the array had.
///
/// *Rationale*: a page of a live site may be hundreds of megabytes; building it as a value
/// costs about thirty times that, and a number out of range in a field nobody reads would
/// fail the whole page. The other members are skipped unread.
fn stream_items(
    reader: &mut Reader<'_>,
    id: SourceId,
    mut input: Tracked<Box<dyn BufRead>>,
    name: &str,
    kind: Option<&Arc<str>>,
    on_record: &mut dyn FnMut(&mut Catalog, Record),
) -> Result<usize, SourceError> {
    let cap = reader.max_bytes;
    if skip_bom(&mut input).map_err(|e| io_error(&e, name, cap))? {
        reader.catalog.told(id, "bom-removed", None, BOM_REMOVED);
    }
    let mut kinds = Kinds::default();
    let mut on_item = |i: usize, item: Item| {
        let kind = item
            .kind
            .as_deref()
            .map(|k| kinds.intern(k))
            .or_else(|| kind.cloned());
        match item.link {
            Link::Url(link) => {
                let extra = match item.title {
                    Some(t) if !t.trim().is_empty() => vec![(Arc::from("title"), t)],
                    _ => Vec::new(),
                };
                let record = Record {
                    url: link,
                    source: id,
                    position: Position::Pointer(format!("/{i}/link")),
                    kind,
                    extra,
                };
                on_record(&mut reader.catalog, record);
            }
            other => {
                let what = match other {
                    Link::Absent => "no \"link\" member",
                    Link::Null => "\"link\": null",
                    _ => "a \"link\" that is not a non-empty string",
                };
                reader.catalog.note(
                    id,
                    "wp-item-without-link",
                    Some(Position::Pointer(format!("/{i}"))),
                    format!("item {i} has {what}; skipped"),
                );
            }
        }
    };
    let mut de = serde_json::Deserializer::from_reader(byte_reader(&mut input));
    let top = de::Deserializer::deserialize_any(
        &mut de,
        Top {
            on_item: &mut on_item,
        },
    )
    .and_then(|top| de.end().map(|()| top));
    drop(de);
    match top {
        Ok(Ok(n)) => Ok(n),
        Ok(Err(detail)) => Err(SourceError::new(
            SourceErrorKind::WpNotAnArray,
            name,
            format!("expected a JSON array of items with \"link\"; {detail}"),
        )),
        Err(e) => Err(json_error(&e, name, cap, input.consumed())),
    }
}

/// What an item's `link` is.
enum Link {
    Absent,
    Null,
    Url(String),
    Other,
}

/// The members of an item that are used.
struct Item {
    link: Link,
    kind: Option<String>,
    /// A post's `title.rendered` or a term's `name`, as plain text.
    title: Option<String>,
}

/// The top of a response: an array of items (their count), or why it is not one.
struct Top<'a, 'f> {
    on_item: &'a mut (dyn FnMut(usize, Item) + 'f),
}

impl<'de> Visitor<'de> for Top<'_, '_> {
    type Value = Result<usize, String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON array of items")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut i = 0;
        while let Some(item) = seq.next_element_seed(ItemSeed)? {
            (self.on_item)(i, item);
            i += 1;
        }
        Ok(Ok(i))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut code, mut message) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "code" => code = map.next_value_seed(StringOrNot)?,
                "message" => message = map.next_value_seed(StringOrNot)?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Err(match (code, message) {
            (Some(c), Some(m)) => format!("it is a WordPress error response: {c}: {m}"),
            _ => "it is an object".to_owned(),
        }))
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(Err("it is a string".into()))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Err("it is a boolean".into()))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(Err("it is a number".into()))
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(Err("it is a number".into()))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(Err("it is a number".into()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Err("it is null".into()))
    }
}

/// One item of the array: an object whose `link`, `type` and `taxonomy` are read (anything
/// else is an item without a link).
struct ItemSeed;

impl<'de> DeserializeSeed<'de> for ItemSeed {
    type Value = Item;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Item, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ItemSeed {
    type Value = Item;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an item")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Item, A::Error> {
        let mut item = no_item();
        let mut taxonomy = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "link" => {
                    item.link = match map.next_value_seed(LinkSeed)? {
                        Link::Url(u) if u.is_empty() => Link::Other,
                        link => link,
                    }
                }
                "type" => item.kind = map.next_value_seed(StringOrNot)?,
                "taxonomy" => taxonomy = map.next_value_seed(StringOrNot)?,
                "title" | "name" => {
                    let title = map.next_value_seed(title::TitleSeed)?;
                    // A post's `title` wins over a `name`, whatever their order.
                    if key == "title" || item.title.is_none() {
                        item.title = title.map(|t| title::plain_text(&t));
                    }
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        // `type` wins over `taxonomy`, whatever their order.
        item.kind = item.kind.or(taxonomy);
        Ok(item)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Item, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(no_item())
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Item, E> {
        Ok(no_item())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Item, E> {
        Ok(no_item())
    }
}

fn no_item() -> Item {
    Item {
        link: Link::Absent,
        kind: None,
        title: None,
    }
}

/// An item's `link`.
struct LinkSeed;

impl<'de> DeserializeSeed<'de> for LinkSeed {
    type Value = Link;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Link, D::Error> {
        match d.deserialize_option(OptionalLink)? {
            Some(link) => Ok(link),
            None => Ok(Link::Null),
        }
    }
}

/// `null`, or a value that is a link when it is a string.
struct OptionalLink;

impl<'de> Visitor<'de> for OptionalLink {
    type Value = Option<Link>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a link")
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<Link>, E> {
        Ok(None)
    }

    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Option<Link>, D::Error> {
        Ok(Some(match StringOrNot.deserialize(d)? {
            Some(url) => Link::Url(url),
            None => Link::Other,
        }))
    }
}

/// How REST routes are spelled on this site.
#[derive(Clone, Copy)]
enum Routes {
    /// `/wp-json/wp/v2/posts` (pretty permalinks).
    Pretty,
    /// `/?rest_route=/wp/v2/posts` (plain permalinks).
    Query,
}

fn route_url(base: &str, routes: Routes, route: &str, query: &str) -> String {
    match (routes, query.is_empty()) {
        (Routes::Pretty, true) => format!("{base}/wp-json{route}"),
        (Routes::Pretty, false) => format!("{base}/wp-json{route}?{query}"),
        (Routes::Query, true) => format!("{base}/?rest_route={route}"),
        (Routes::Query, false) => format!("{base}/?rest_route={route}&{query}"),
    }
}

/// One collection to read: `/wp/v2/pages` for the `page` type.
struct Collection {
    kind: Arc<str>,
    route: String,
    fields: &'static str,
}

/// Reads every public post type and taxonomy of a live site.
fn read_live(
    reader: &mut Reader<'_>,
    base: &str,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let base = base.trim_end_matches('/');
    let Some(fetcher) = reader.fetcher else {
        return Err(SourceError::new(
            SourceErrorKind::HttpDisabled,
            base,
            "reading a live WordPress site needs the `http` feature (urlkit's command line has it)",
        ));
    };
    let (routes, types) = discover(fetcher, base)?;
    let taxonomies = get_json(fetcher, &route_url(base, routes, "/wp/v2/taxonomies", ""))?;
    let mut collections = collections(&types, "types", "id,link,type,title", &SKIPPED_TYPES);
    collections.extend(collections_of(&taxonomies, "id,link,taxonomy,name"));
    for c in collections {
        if read_collection(reader, fetcher, base, routes, &c, sink)? == Flow::Stop {
            break;
        }
    }
    Ok(())
}

/// Whether to go on with the next collection.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// Reads every page of one collection.
///
/// *Rationale*: a server's pagination headers are not trusted to end the reading on their
/// own. `X-WP-TotalPages` is checked against `X-WP-Total` (a claim of a million pages for 250
/// items reads 3 pages, with a finding); a page that repeats the previous one (a server that
/// ignores `page=`) ends the collection; and the reader's page limit and the run's request
/// budget bound the rest, each with a finding.
fn read_collection(
    reader: &mut Reader<'_>,
    fetcher: &dyn Fetcher,
    base: &str,
    routes: Routes,
    c: &Collection,
    sink: &mut dyn FnMut(Record),
) -> Result<Flow, SourceError> {
    let first = route_url(base, routes, &c.route, "");
    let id = reader.add_source(&first, Format::WordPress);
    let mut page = 1;
    let mut items = 0usize;
    let mut pages_read = 0u32;
    let mut previous_first: Option<String> = None;
    let mut flow = Flow::Go;
    loop {
        let query = format!("per_page={PER_PAGE}&page={page}&_fields={}", c.fields);
        let url = route_url(base, routes, &c.route, &query);
        let mut response = match fetcher.get(&url) {
            Ok(r) => r,
            Err(e) if e.kind == FetchErrorKind::BudgetExhausted => {
                reader.catalog.skip(
                    id,
                    "request-budget",
                    None,
                    format!(
                        "{}; {} page {page} and after were not read",
                        e.message, c.kind
                    ),
                );
                flow = Flow::Stop;
                break;
            }
            Err(e) => return Err(e.into_source_error(&url)),
        };
        if let Some(last) = response.redirects.last() {
            reader.catalog.note(
                id,
                "http-redirected",
                None,
                format!(
                    "{} page {page} was fetched from {} after {} redirect{}",
                    c.kind,
                    last.location,
                    response.redirects.len(),
                    if response.redirects.len() == 1 {
                        ""
                    } else {
                        "s"
                    }
                ),
            );
        }
        if !(200..300).contains(&response.status) {
            // An error's body is read only for its code and message.
            let mut body = Vec::new();
            (&mut response.body)
                .take(ERROR_BODY)
                .read_to_end(&mut body)
                .map_err(|e| {
                    SourceError::new(
                        SourceErrorKind::Http,
                        &url,
                        format!("cannot read body: {e}"),
                    )
                })?;
            if response.status == 400 && is_past_the_end(&body) {
                break;
            }
            return Err(http_status_error(&url, response.status, &body));
        }
        let header = |name: &str| {
            response
                .header(name)
                .and_then(|t| t.trim().parse::<u64>().ok())
        };
        let claimed = header("X-WP-TotalPages");
        let total_items = header("X-WP-Total");
        let implied = header("X-WP-Total").map(|t| t.div_ceil(u64::from(PER_PAGE)));
        let body: Box<dyn BufRead> = Box::new(BufReader::with_capacity(64 * 1024, response.body));
        // Past the cap the page is an error (too-large), never a silently shorter list.
        let body = Tracked::new(body, reader.max_bytes);
        // A page holds at most `PER_PAGE` records: they are kept until it is known not to
        // repeat the previous page.
        let mut records = Vec::new();
        let n = stream_items(reader, id, body, &url, Some(&c.kind), &mut |_, r| {
            records.push(r)
        })?;
        let first_link = records.first().map(|r: &Record| r.url.clone());
        if first_link.is_some() && first_link == previous_first {
            reader.catalog.note(
                id,
                "wp-page-repeated",
                None,
                format!(
                    "page {page} repeats page {} (the server ignores page=); stopped there",
                    page - 1
                ),
            );
            break;
        }
        previous_first = first_link;
        for record in records {
            reader.catalog.emit(sink, record);
        }
        items += n;
        pages_read += 1;
        reader.tell(FetchProgress {
            what: &c.kind,
            unit: "items",
            done: items as u64,
            total: total_items,
        });
        let total = match (claimed, implied) {
            (Some(c), Some(i)) if c > i => {
                if pages_read == 1 {
                    reader.catalog.note(
                        id,
                        "wp-total-pages-inconsistent",
                        None,
                        format!(
                            "X-WP-TotalPages says {c} pages, but X-WP-Total items make {i}; \
                             reading at most {i}"
                        ),
                    );
                }
                Some(i)
            }
            (Some(c), _) => Some(c),
            (None, i) => i,
        };
        let done = match total {
            Some(t) => u64::from(page) >= t,
            None => n < PER_PAGE as usize,
        };
        if done || n == 0 {
            break;
        }
        if page >= MAX_PAGES {
            reader.catalog.skip(
                id,
                "wp-page-limit",
                None,
                format!("{MAX_PAGES} pages read, the limit; the server says there are more"),
            );
            break;
        }
        page += 1;
    }
    reader.catalog.note(
        id,
        "wp-collection-read",
        None,
        format!(
            "{}: {items} items in {pages_read} page{}",
            c.kind,
            if pages_read == 1 { "" } else { "s" }
        ),
    );
    Ok(flow)
}

/// The REST API answers a page past the last with HTTP 400 and this code (posts) or an empty
/// array (terms): either is the end, not an error.
fn is_past_the_end(body: &[u8]) -> bool {
    serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|v| v.get("code").and_then(Value::as_str).map(str::to_owned))
        .is_some_and(|c| c.ends_with("_invalid_page_number"))
}

fn http_status_error(url: &str, status: u16, body: &[u8]) -> SourceError {
    // A WordPress error body says why; any other body is not shown (it may be a whole page).
    let value = serde_json::from_slice::<Value>(body).ok();
    let code = value.as_ref().and_then(|v| v.get("code")?.as_str());
    let message = value.as_ref().and_then(|v| v.get("message")?.as_str());
    let detail = match (code, message) {
        (Some(code), Some(message)) => format!(" ({code}: {message})"),
        (Some(code), None) => format!(" ({code})"),
        (None, _) => String::new(),
    };
    SourceError::new(
        SourceErrorKind::HttpStatus,
        url,
        format!("GET answered HTTP {status}{detail}"),
    )
}

/// Finds how the site spells REST routes, and its post types.
///
/// *Rationale*: `/wp-json/` is tried first (pretty permalinks, the common case); when it
/// does not answer JSON, `?rest_route=` works on every WordPress.
fn discover(fetcher: &dyn Fetcher, base: &str) -> Result<(Routes, Value), SourceError> {
    let pretty = route_url(base, Routes::Pretty, "/wp/v2/types", "");
    match get_json(fetcher, &pretty) {
        Ok(v @ Value::Object(_)) => Ok((Routes::Pretty, v)),
        first => {
            let query = route_url(base, Routes::Query, "/wp/v2/types", "");
            match get_json(fetcher, &query) {
                Ok(v @ Value::Object(_)) => Ok((Routes::Query, v)),
                _ => Err(match first {
                    Err(e) => e,
                    Ok(_) => SourceError::new(
                        SourceErrorKind::WpNotFound,
                        base,
                        "no WordPress REST API at /wp-json/ or ?rest_route=",
                    ),
                }),
            }
        }
    }
}

fn get_json(fetcher: &dyn Fetcher, url: &str) -> Result<Value, SourceError> {
    let mut response = fetcher.get(url).map_err(|e| e.into_source_error(url))?;
    let mut body = Vec::new();
    (&mut response.body)
        .take(64 * 1024 * 1024)
        .read_to_end(&mut body)
        .map_err(|e| {
            SourceError::new(SourceErrorKind::Http, url, format!("cannot read body: {e}"))
        })?;
    if !(200..300).contains(&response.status) {
        return Err(http_status_error(url, response.status, &body));
    }
    parse_json(&body, url)
}

/// The collections of the post types in a `/wp/v2/types` answer.
fn collections(
    types: &Value,
    _what: &str,
    fields: &'static str,
    skipped: &[&str],
) -> Vec<Collection> {
    let Value::Object(map) = types else {
        return Vec::new();
    };
    map.iter()
        .filter(|(slug, _)| !skipped.contains(&slug.as_str()) && !slug.starts_with("wp_"))
        .filter(|(_, t)| t.get("viewable").and_then(Value::as_bool) != Some(false))
        .filter_map(|(slug, t)| collection(slug, t, fields))
        .collect()
}

/// The collections of the public taxonomies in a `/wp/v2/taxonomies` answer.
fn collections_of(taxonomies: &Value, fields: &'static str) -> Vec<Collection> {
    let Value::Object(map) = taxonomies else {
        return Vec::new();
    };
    map.iter()
        .filter(|(slug, _)| {
            !SKIPPED_TAXONOMIES.contains(&slug.as_str()) && !slug.starts_with("wp_")
        })
        .filter(|(_, t)| t.pointer("/visibility/public").and_then(Value::as_bool) != Some(false))
        .filter_map(|(slug, t)| collection(slug, t, fields))
        .collect()
}

fn collection(slug: &str, t: &Value, fields: &'static str) -> Option<Collection> {
    let rest_base = t.get("rest_base").and_then(Value::as_str)?;
    let namespace = t
        .get("rest_namespace")
        .and_then(Value::as_str)
        .unwrap_or("wp/v2");
    Some(Collection {
        kind: Arc::from(slug),
        route: format!("/{namespace}/{rest_base}"),
        fields,
    })
}
