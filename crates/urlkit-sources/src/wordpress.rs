//! The WordPress REST API (<https://developer.wordpress.org/rest-api/>): saved responses (a
//! file, or a folder of them) and live sites.

use std::io::Read;
use std::sync::Arc;

use serde_json::Value;

use crate::catalog::{Position, Record, SourceId};
use crate::error::SourceError;
use crate::fetch::{FetchErrorKind, Fetcher};
use crate::input::{io_error, open};
use crate::read::Reader;
use crate::spec::{Format, Location};

/// Items asked for per page: the REST API's maximum.
const PER_PAGE: u32 = 100;

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
                .map_err(|e| SourceError::new("io", location.name(), format!("cannot list: {e}")))?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| {
                    p.extension()
                        .is_some_and(|x| x.eq_ignore_ascii_case("json"))
                })
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(SourceError::new(
                    "wp-empty-folder",
                    location.name(),
                    "no .json files in this folder",
                ));
            }
            for file in files {
                read_saved(reader, &Location::File(file), sink)?;
            }
            Ok(())
        }
        _ => read_saved(reader, location, sink),
    }
}

/// Reads one saved REST response: a JSON array of objects with `link`.
fn read_saved(
    reader: &mut Reader<'_>,
    location: &Location,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let name = location.name();
    let mut input = open(location, reader.fetcher, reader.max_bytes)?;
    let mut body = Vec::new();
    input
        .read_to_end(&mut body)
        .map_err(|e| io_error(&e, &name, reader.max_bytes))?;
    let id = reader.catalog.add_source(&name, Format::WordPress);
    let value = parse_json(&body, &name)?;
    emit_items(reader, id, &value, &name, sink)?;
    Ok(())
}

fn parse_json(body: &[u8], name: &str) -> Result<Value, SourceError> {
    let body = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    serde_json::from_slice(body).map_err(|e| {
        SourceError::new("json-syntax", name, e.to_string()).at(e.line() as u64, e.column() as u64)
    })
}

/// Emits the `link` of every item; returns how many items the array had.
fn emit_items(
    reader: &mut Reader<'_>,
    id: SourceId,
    value: &Value,
    name: &str,
    sink: &mut dyn FnMut(Record),
) -> Result<usize, SourceError> {
    let Value::Array(items) = value else {
        return Err(not_an_array(value, name));
    };
    let mut kinds: Vec<Arc<str>> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let kind = item
            .get("type")
            .or_else(|| item.get("taxonomy"))
            .and_then(Value::as_str)
            .map(|k| match kinds.iter().find(|x| &***x == k) {
                Some(a) => a.clone(),
                None => {
                    let a: Arc<str> = Arc::from(k);
                    kinds.push(a.clone());
                    a
                }
            });
        match item.get("link") {
            Some(Value::String(link)) if !link.is_empty() => {
                let record = Record {
                    url: link.clone(),
                    source: id,
                    position: Position::Pointer(format!("/{i}/link")),
                    kind,
                };
                reader.catalog.emit(sink, record);
            }
            other => {
                let what = match other {
                    None => "no \"link\" member",
                    Some(Value::Null) => "\"link\": null",
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
    }
    Ok(items.len())
}

fn not_an_array(value: &Value, name: &str) -> SourceError {
    let detail = match (value.get("code"), value.get("message")) {
        (Some(Value::String(c)), Some(Value::String(m))) => {
            format!("it is a WordPress error response: {c}: {m}")
        }
        _ => format!("it is {}", json_kind(value)),
    };
    SourceError::new(
        "wp-not-an-array",
        name,
        format!("expected a JSON array of items with \"link\"; {detail}"),
    )
}

fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
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
            "http-disabled",
            base,
            "reading a live WordPress site needs the `http` feature (urlkit's command line has it)",
        ));
    };
    let (routes, types) = discover(fetcher, base)?;
    let taxonomies = get_json(fetcher, &route_url(base, routes, "/wp/v2/taxonomies", ""))?;
    let mut collections = collections(&types, "types", "id,link,type", &SKIPPED_TYPES);
    collections.extend(collections_of(&taxonomies, "id,link,taxonomy"));
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
    let id = reader.catalog.add_source(&first, Format::WordPress);
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
                reader.catalog.note(
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
        let mut body = Vec::new();
        (&mut response.body)
            .take(reader.max_bytes)
            .read_to_end(&mut body)
            .map_err(|e| SourceError::new("http", &url, format!("cannot read body: {e}")))?;
        if response.status == 400 && is_past_the_end(&body) {
            break;
        }
        if !(200..300).contains(&response.status) {
            return Err(http_status_error(&url, response.status, &body));
        }
        let value = parse_json(&body, &url)?;
        let first_link = value
            .pointer("/0/link")
            .and_then(Value::as_str)
            .map(str::to_owned);
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
        let value = with_kind(value, &c.kind);
        let n = emit_items(reader, id, &value, &url, sink)?;
        items += n;
        pages_read += 1;
        let header = |name: &str| {
            response
                .header(name)
                .and_then(|t| t.trim().parse::<u64>().ok())
        };
        let claimed = header("X-WP-TotalPages");
        let implied = header("X-WP-Total").map(|t| t.div_ceil(u64::from(PER_PAGE)));
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
            reader.catalog.note(
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

/// Fills in the kind for items that do not say it (terms fetched without `taxonomy`).
fn with_kind(mut value: Value, kind: &str) -> Value {
    if let Value::Array(items) = &mut value {
        for item in items {
            if let Value::Object(o) = item {
                if !o.contains_key("type") && !o.contains_key("taxonomy") {
                    o.insert("type".into(), Value::String(kind.to_owned()));
                }
            }
        }
    }
    value
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
    let detail = serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|v| {
            let code = v.get("code")?.as_str()?.to_owned();
            let msg = v.get("message").and_then(Value::as_str).unwrap_or("");
            Some(format!(" ({code}: {msg})"))
        })
        .unwrap_or_default();
    SourceError::new(
        "http-status",
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
                        "wp-not-found",
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
        .map_err(|e| SourceError::new("http", url, format!("cannot read body: {e}")))?;
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
