//! A live WordPress site: every public post type and taxonomy, page by page.

use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;

use serde_json::Value;

use super::items::{parse_json, stream_items, USER_KIND};
use crate::error::{SourceError, SourceErrorKind};
use crate::fetch::{FetchErrorKind, Fetcher};
use crate::finding::FindingKind;
use crate::input::Tracked;
use crate::progress::FetchProgress;
use crate::reader::Reader;
use crate::record::{Record, SourceId};
use crate::spec::Format;

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

/// How REST routes are spelled on this site.
#[derive(Clone, Copy)]
enum Routes {
    /// `/wp-json/wp/v2/posts` (pretty permalinks).
    Pretty,
    /// `/?rest_route=/wp/v2/posts` (plain permalinks).
    Query,
}

fn route_url(site: &Site<'_>, routes: Routes, route: &str, query: &str) -> String {
    let root = site.root;
    let mut params: Vec<&str> = Vec::new();
    let rest_route = format!("rest_route={route}");
    let path = match routes {
        Routes::Pretty => format!("{root}/wp-json{route}"),
        Routes::Query => {
            params.push(&rest_route);
            format!("{root}/")
        }
    };
    params.extend(site.query);
    if !query.is_empty() {
        params.push(query);
    }
    if params.is_empty() {
        path
    } else {
        format!("{path}?{}", params.join("&"))
    }
}

/// A live site as given: the URL the REST routes go under, and the query it came with.
///
/// *Rationale*: `wp:https://example.com/blog/?lang=ja` means the site at `/blog/` asked for
/// with `lang=ja` (a multilingual plugin's switch): the routes go into the path and the query
/// is kept beside the API's own parameters, never written after it (which asked for
/// `/blog/?lang=ja/wp-json/...`). A fragment is not sent.
struct Site<'a> {
    root: &'a str,
    query: Option<&'a str>,
}

impl<'a> Site<'a> {
    fn of(base: &'a str) -> Site<'a> {
        let base = base.split_once('#').map_or(base, |(b, _)| b);
        let (root, query) = match base.split_once('?') {
            Some((root, query)) => (root, Some(query).filter(|q| !q.is_empty())),
            None => (base, None),
        };
        Site {
            root: root.trim_end_matches('/'),
            query,
        }
    }
}

/// One collection to read: `/wp/v2/pages` for the `page` type.
struct Collection {
    kind: Arc<str>,
    route: String,
    fields: &'static str,
    listing: Listing,
}

/// Whether a site may refuse to list a collection.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Listing {
    /// A public post type or taxonomy: a refusal is an error.
    Public,
    /// `/wp/v2/users`, which security plugins and hosts often close (401, 403 or 404): a
    /// refusal of its first page is said, and the walk goes on.
    MayBeClosed,
}

/// The users: their author archives are public pages that the sitemap lists.
fn users() -> Collection {
    Collection {
        kind: Arc::from(USER_KIND),
        route: "/wp/v2/users".to_owned(),
        fields: "id,link,name",
        listing: Listing::MayBeClosed,
    }
}

/// Reads every public post type and taxonomy of a live site.
pub(super) fn read_live(
    reader: &mut Reader<'_>,
    base: &str,
    sink: &mut dyn FnMut(Record),
) -> Result<(), SourceError> {
    let site = Site::of(base);
    let base = site.root;
    let Some(fetcher) = reader.fetcher else {
        return Err(SourceError::new(
            SourceErrorKind::HttpDisabled,
            base,
            "reading a live WordPress site needs the `http` feature (a default feature of urlkit's command line)",
        ));
    };
    let (routes, types) = discover(fetcher, &site)?;
    let taxonomies = get_json(fetcher, &route_url(&site, routes, "/wp/v2/taxonomies", ""))?;
    let mut collections = collections(&types, "types", "id,link,type,title", &SKIPPED_TYPES);
    collections.extend(collections_of(&taxonomies, "id,link,taxonomy,name"));
    collections.push(users());
    for c in collections {
        if read_collection(reader, fetcher, &site, routes, &c, sink)? == Flow::Stop {
            break;
        }
    }
    Ok(())
}

/// Whether to go on with the next collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    site: &Site<'_>,
    routes: Routes,
    c: &Collection,
    sink: &mut dyn FnMut(Record),
) -> Result<Flow, SourceError> {
    let first = route_url(site, routes, &c.route, "");
    let mut pages = Pages {
        id: reader.add_source(&first, Format::WordPress),
        collection: c,
        page: 1,
        items: 0,
        read: 0,
        previous_first: None,
    };
    let mut flow = Flow::Go;
    loop {
        let query = format!(
            "per_page={PER_PAGE}&page={}&_fields={}",
            pages.page, c.fields
        );
        let url = route_url(site, routes, &c.route, &query);
        let response = match fetch_page(reader, fetcher, &pages, &url)? {
            Fetched::Page(response) => response,
            Fetched::PastTheEnd => break,
            Fetched::Closed(status) => {
                let message = format!(
                    "the site does not list its users ({} answered HTTP {status}); their author \
                     archives (/author/NAME/) were not read",
                    c.route
                );
                let id = pages.id;
                reader
                    .catalog
                    .note(id, FindingKind::WpUsersNotListed, None, message);
                return Ok(Flow::Go);
            }
            Fetched::BudgetSpent => {
                flow = Flow::Stop;
                break;
            }
        };
        if read_page(reader, &mut pages, response, &url, sink)? == Flow::Stop {
            break;
        }
        pages.page += 1;
    }
    let read = pages.read;
    reader.catalog.note(
        pages.id,
        FindingKind::WpCollectionRead,
        None,
        format!(
            "{}: {} items in {read} page{}",
            c.kind,
            pages.items,
            if read == 1 { "" } else { "s" }
        ),
    );
    Ok(flow)
}

/// Where the reading of one collection is.
struct Pages<'c> {
    id: SourceId,
    collection: &'c Collection,
    /// The page being read (1-based).
    page: u32,
    /// Items read so far.
    items: usize,
    /// Pages read so far.
    read: u32,
    /// The first link of the page before, to tell a page that repeats it.
    previous_first: Option<String>,
}

/// What fetching a page gave.
enum Fetched {
    /// A 2xx answer, its body to read.
    Page(crate::fetch::Response),
    /// The answer that says the page is past the last: the collection is read.
    PastTheEnd,
    /// The first page of a collection that a site may close was refused with this status.
    Closed(u16),
    /// The run's request budget is spent (said): the walk stops.
    BudgetSpent,
}

/// Fetches the page at `url`: its redirects said, an answer that is not 2xx an error unless it
/// says the page is past the last.
fn fetch_page(
    reader: &mut Reader<'_>,
    fetcher: &dyn Fetcher,
    pages: &Pages<'_>,
    url: &str,
) -> Result<Fetched, SourceError> {
    let (id, kind, page) = (pages.id, &pages.collection.kind, pages.page);
    let mut response = match fetcher.get(url) {
        Ok(r) => r,
        Err(e) if e.kind == FetchErrorKind::BudgetExhausted => {
            let message = format!("{}; {kind} page {page} and after were not read", e.message);
            reader
                .catalog
                .skip(id, FindingKind::RequestBudget, None, message);
            return Ok(Fetched::BudgetSpent);
        }
        Err(e) => return Err(e.into_source_error(url)),
    };
    if let Some(last) = response.redirects.last() {
        let n = response.redirects.len();
        let message = format!(
            "{kind} page {page} was fetched from {} after {n} redirect{}",
            last.location,
            if n == 1 { "" } else { "s" }
        );
        reader
            .catalog
            .note(id, FindingKind::HttpRedirected, None, message);
    }
    if (200..300).contains(&response.status) {
        return Ok(Fetched::Page(response));
    }
    // An error's body is read only for its code and message.
    let mut body = Vec::new();
    (&mut response.body)
        .take(ERROR_BODY)
        .read_to_end(&mut body)
        .map_err(|e| {
            SourceError::new(SourceErrorKind::Http, url, format!("cannot read body: {e}"))
        })?;
    if response.status == 400 && is_past_the_end(&body) {
        return Ok(Fetched::PastTheEnd);
    }
    let closed = matches!(response.status, 401 | 403 | 404);
    if closed && page == 1 && pages.collection.listing == Listing::MayBeClosed {
        return Ok(Fetched::Closed(response.status));
    }
    Err(http_status_error(url, response.status, &body))
}

/// Reads a fetched page's items into `sink` unless it repeats the page before (said), and
/// tells whether there is a next page to read: [`Flow::Stop`] after the last page the
/// headers (checked against each other) or a short page say, or at the page limit (said).
fn read_page(
    reader: &mut Reader<'_>,
    pages: &mut Pages<'_>,
    response: crate::fetch::Response,
    url: &str,
    sink: &mut dyn FnMut(Record),
) -> Result<Flow, SourceError> {
    let (id, page) = (pages.id, pages.page);
    let header = |name: &str| {
        response
            .header(name)
            .and_then(|t| t.trim().parse::<u64>().ok())
    };
    let claimed = header("X-WP-TotalPages");
    let total_items = header("X-WP-Total");
    let body: Box<dyn BufRead> = Box::new(BufReader::with_capacity(64 * 1024, response.body));
    // Past the cap the page is an error (too-large), never a silently shorter list.
    let body = Tracked::new(body, reader.max_bytes);
    // A page holds at most `PER_PAGE` records: they are kept until it is known not to
    // repeat the previous page.
    let mut records = Vec::new();
    let kind = Some(&pages.collection.kind);
    let n = stream_items(reader, id, body, url, kind, &mut |_, r| records.push(r))?;
    let first_link = records.first().map(|r: &Record| r.url.clone());
    if first_link.is_some() && first_link == pages.previous_first {
        let message = format!(
            "page {page} repeats page {} (the server ignores page=); stopped there",
            page - 1
        );
        reader
            .catalog
            .note(id, FindingKind::WpPageRepeated, None, message);
        return Ok(Flow::Stop);
    }
    pages.previous_first = first_link;
    for record in records {
        reader.catalog.emit(sink, record);
    }
    pages.items += n;
    pages.read += 1;
    reader.tell(FetchProgress {
        what: &pages.collection.kind,
        unit: "items",
        done: pages.items as u64,
        total: total_items,
    });
    let implied = total_items.map(|t| t.div_ceil(u64::from(PER_PAGE)));
    let done = match total_pages(reader, pages, claimed, implied) {
        Some(t) => u64::from(page) >= t,
        None => n < PER_PAGE as usize,
    };
    if done || n == 0 {
        return Ok(Flow::Stop);
    }
    if page >= MAX_PAGES {
        let message = format!("{MAX_PAGES} pages read, the limit; the server says there are more");
        reader
            .catalog
            .skip(id, FindingKind::WpPageLimit, None, message);
        return Ok(Flow::Stop);
    }
    Ok(Flow::Go)
}

/// How many pages the collection has: `X-WP-TotalPages` (`claimed`), but no more than the
/// `X-WP-Total` items make (`implied`; a claim beyond it is said once), else `implied`.
fn total_pages(
    reader: &mut Reader<'_>,
    pages: &Pages<'_>,
    claimed: Option<u64>,
    implied: Option<u64>,
) -> Option<u64> {
    match (claimed, implied) {
        (Some(c), Some(i)) if c > i => {
            if pages.read == 1 {
                reader.catalog.note(
                    pages.id,
                    FindingKind::WpTotalPagesInconsistent,
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
    }
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
fn discover(fetcher: &dyn Fetcher, site: &Site<'_>) -> Result<(Routes, Value), SourceError> {
    let pretty = route_url(site, Routes::Pretty, "/wp/v2/types", "");
    match get_json(fetcher, &pretty) {
        Ok(v @ Value::Object(_)) => Ok((Routes::Pretty, v)),
        first => {
            let query = route_url(site, Routes::Query, "/wp/v2/types", "");
            match get_json(fetcher, &query) {
                Ok(v @ Value::Object(_)) => Ok((Routes::Query, v)),
                _ => Err(match first {
                    Err(e) => e,
                    Ok(_) => SourceError::new(
                        SourceErrorKind::WpNotFound,
                        site.root,
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
        listing: Listing::Public,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_go_into_the_path_and_the_site_query_is_kept() {
        let plain = Site::of("https://a.test/blog/");
        assert_eq!(
            route_url(&plain, Routes::Pretty, "/wp/v2/types", ""),
            "https://a.test/blog/wp-json/wp/v2/types"
        );
        let site = Site::of("https://a.test/blog/?lang=ja#top");
        assert_eq!(
            route_url(&site, Routes::Pretty, "/wp/v2/types", ""),
            "https://a.test/blog/wp-json/wp/v2/types?lang=ja"
        );
        assert_eq!(
            route_url(&site, Routes::Pretty, "/wp/v2/pages", "page=2"),
            "https://a.test/blog/wp-json/wp/v2/pages?lang=ja&page=2"
        );
        assert_eq!(
            route_url(&site, Routes::Query, "/wp/v2/pages", "page=2"),
            "https://a.test/blog/?rest_route=/wp/v2/pages&lang=ja&page=2"
        );
        assert_eq!(
            route_url(
                &Site::of("https://a.test?"),
                Routes::Query,
                "/wp/v2/types",
                ""
            ),
            "https://a.test/?rest_route=/wp/v2/types"
        );
    }
}
