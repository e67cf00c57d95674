//! The HTTP readers against a WordPress-like server on the loopback interface (std::net only,
//! an ephemeral port, one thread that stops when the test ends): REST discovery, pagination by
//! `X-WP-TotalPages`, `rest_post_invalid_page_number` past the end, a 429 then 200, a custom
//! post type, the `?rest_route=` fallback, and a gzip sitemap index with a non-ASCII child.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use urlkit_sources::{Catalog, HttpFetcher, Reader, Record, SourceErrorKind, SourceSpec};

struct Answer {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
}

fn json(status: u16, body: String, headers: Vec<(&'static str, String)>) -> Answer {
    let mut h = vec![("Content-Type", "application/json".to_string())];
    h.extend(headers);
    Answer {
        status,
        headers: h,
        body: body.into_bytes(),
    }
}

/// What the server saw.
#[derive(Default)]
struct Log {
    paths: Vec<String>,
    agents: Vec<String>,
}

struct Server {
    base: String,
    log: Arc<Mutex<Log>>,
    stop: Option<std::thread::JoinHandle<()>>,
    addr: std::net::SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        // Wake the accept loop with a stop request, then wait for it.
        if let Ok(mut s) = TcpStream::connect(self.addr) {
            let _ = s.write_all(b"GET /__stop HTTP/1.1\r\nHost: x\r\n\r\n");
        }
        if let Some(h) = self.stop.take() {
            let _ = h.join();
        }
    }
}

fn items(kind_field: &str, kind: &str, prefix: &str, from: usize, to: usize) -> String {
    let v: Vec<String> = (from..to)
        .map(|i| format!("{{\"id\":{i},\"link\":\"http://site.test/{prefix}{i}/\",\"{kind_field}\":\"{kind}\"}}"))
        .collect();
    format!("[{}]", v.join(","))
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(data).unwrap();
    enc.finish().unwrap()
}

/// Routes of the fake site. `pretty` = whether `/wp-json/` works (else only `?rest_route=`).
fn route(path_and_query: &str, hits: &HashMap<String, usize>, base: &str) -> Answer {
    let (path, query) = path_and_query
        .split_once('?')
        .unwrap_or((path_and_query, ""));
    let params: HashMap<&str, &str> = query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .collect();
    let (site, route) = if let Some(r) = path.strip_prefix("/wp-json") {
        ("pretty", r.to_string())
    } else if path == "/plain/" {
        // WordPress answers a plain permalink without `rest_route` with its index (route "").
        (
            "plain",
            params.get("rest_route").copied().unwrap_or("").to_string(),
        )
    } else {
        ("files", path.to_string())
    };
    let page: usize = params.get("page").and_then(|p| p.parse().ok()).unwrap_or(1);
    let invalid_page = || {
        json(
            400,
            r#"{"code":"rest_post_invalid_page_number","message":"The page number requested is larger than the number of pages available.","data":{"status":400}}"#.into(),
            vec![],
        )
    };
    let total = |n: usize| {
        vec![
            ("X-WP-Total", n.to_string()),
            ("X-WP-TotalPages", n.div_ceil(100).to_string()),
        ]
    };
    match (site, route.as_str()) {
        ("pretty" | "plain", "/wp/v2/types") => json(
            200,
            r#"{"post":{"slug":"post","rest_base":"posts","rest_namespace":"wp/v2","viewable":true},
                "page":{"slug":"page","rest_base":"pages","rest_namespace":"wp/v2","viewable":true},
                "attachment":{"slug":"attachment","rest_base":"media","rest_namespace":"wp/v2","viewable":true},
                "wp_block":{"slug":"wp_block","rest_base":"blocks","rest_namespace":"wp/v2","viewable":false},
                "book":{"slug":"book","rest_base":"books","rest_namespace":"library/v1","viewable":true}}"#
                .into(),
            vec![],
        ),
        ("pretty" | "plain", "/wp/v2/taxonomies") => json(
            200,
            r#"{"category":{"slug":"category","rest_base":"categories","rest_namespace":"wp/v2","visibility":{"public":true}},
                "post_tag":{"slug":"post_tag","rest_base":"tags","rest_namespace":"wp/v2","visibility":{"public":true}},
                "nav_menu":{"slug":"nav_menu","rest_base":"menus","rest_namespace":"wp/v2","visibility":{"public":false}}}"#
                .into(),
            vec![],
        ),
        // 250 posts: 3 pages, with headers; page 4 would be a 400.
        ("pretty" | "plain", "/wp/v2/posts") => match page {
            1..=3 => json(200, items("type", "post", "p", (page - 1) * 100, (page * 100).min(250)), total(250)),
            _ => invalid_page(),
        },
        // 100 pages of content, without pagination headers: the reader must ask for page 2,
        // which is past the end.
        ("pretty" | "plain", "/wp/v2/pages") => match page {
            1 => json(200, items("type", "page", "page-", 0, 100), vec![]),
            _ => invalid_page(),
        },
        // Tags: the first request is rate-limited.
        ("pretty" | "plain", "/wp/v2/tags") => {
            if hits.get(path_and_query).copied().unwrap_or(0) == 1 {
                Answer { status: 429, headers: vec![("Retry-After", "0".into())], body: b"slow down".to_vec() }
            } else {
                // Terms answer fields as asked: no "taxonomy" member when not asked for.
                json(200, items("taxonomy", "post_tag", "tag/t", 0, 7), total(7))
            }
        }
        ("pretty" | "plain", "/wp/v2/categories") => json(200, items("taxonomy", "category", "category/c", 0, 3), total(3)),
        ("pretty" | "plain", "/library/v1/books") => match page {
            1 => json(200, items("type", "book", "books/b", 0, 100), total(120)),
            2 => json(200, items("type", "book", "books/b", 100, 120), total(120)),
            _ => invalid_page(),
        },
        // Users: listed on the pretty site (no kind member, as `_fields=id,link,name` asks);
        // closed on the plain one, as security plugins close it.
        ("pretty", "/wp/v2/users") => json(
            200,
            r#"[{"id":1,"link":"http://site.test/author/admin/","name":"admin"},{"id":2,"link":"http://site.test/author/%E5%B1%B1%E7%94%B0/","name":"山田"}]"#.into(),
            total(2),
        ),
        ("plain", "/wp/v2/users") => json(
            401,
            r#"{"code":"rest_user_cannot_view","message":"Sorry, you are not allowed to list users.","data":{"status":401}}"#.into(),
            vec![],
        ),
        ("pretty" | "plain", "/wp/v2/media") => json(200, items("type", "attachment", "media/m", 0, 5), total(5)),
        ("files", "/sitemap_index.xml") => Answer {
            status: 200,
            headers: vec![("Content-Type", "application/xml".into())],
            body: format!(
                "<?xml version=\"1.0\"?><sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\
                 <sitemap><loc>{base}/post-sitemap.xml.gz</loc></sitemap>\
                 <sitemap><loc>{base}/タグ-sitemap.xml</loc></sitemap>\
                 <sitemap><loc>{base}/sitemap_index.xml</loc></sitemap></sitemapindex>"
            )
            .into_bytes(),
        },
        ("files", "/gap_index.xml") => Answer {
            status: 200,
            headers: vec![("Content-Type", "application/xml".into())],
            body: format!(
                "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\
                 <sitemap><loc>{base}/gone-sitemap.xml</loc></sitemap>\
                 <sitemap><loc>{base}/post-sitemap.xml.gz</loc></sitemap></sitemapindex>"
            )
            .into_bytes(),
        },
        ("files", "/post-sitemap.xml.gz") => Answer {
            status: 200,
            headers: vec![("Content-Type", "application/gzip".into())],
            body: gzip(b"<urlset><url><loc>http://site.test/a/</loc></url><url><loc>http://site.test/b/</loc></url></urlset>"),
        },
        ("files", "/%E3%82%BF%E3%82%B0-sitemap.xml") => Answer {
            status: 200,
            headers: vec![],
            body: "<urlset><url><loc>http://site.test/tag/ログイン/</loc></url></urlset>".as_bytes().to_vec(),
        },
        ("files", "/flaky.xml") => {
            if hits.get(path_and_query).copied().unwrap_or(0) <= 2 {
                Answer { status: 503, headers: vec![], body: b"busy".to_vec() }
            } else {
                Answer { status: 200, headers: vec![], body: b"<urlset><url><loc>http://site.test/ok</loc></url></urlset>".to_vec() }
            }
        }
        _ => json(404, r#"{"code":"rest_no_route","message":"No route was found matching the URL and request method.","data":{"status":404}}"#.into(), vec![]),
    }
}

fn serve() -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let base = format!("http://{addr}");
    let log = Arc::new(Mutex::new(Log::default()));
    let log2 = log.clone();
    let base2 = base.clone();
    let handle = std::thread::spawn(move || {
        let mut hits: HashMap<String, usize> = HashMap::new();
        // Bounded: a test never needs more than this many requests.
        for stream in listener.incoming().take(500) {
            let Ok(mut stream) = stream else { continue };
            stream.set_read_timeout(Some(Duration::from_secs(5))).ok();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request_line = String::new();
            if reader.read_line(&mut request_line).is_err() {
                continue;
            }
            let mut agent = String::new();
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                if let Some((k, v)) = line.split_once(':') {
                    if k.eq_ignore_ascii_case("user-agent") {
                        agent = v.trim().to_string();
                    }
                }
            }
            let target = request_line.split(' ').nth(1).unwrap_or("/").to_string();
            if target == "/__stop" {
                break;
            }
            *hits.entry(target.clone()).or_default() += 1;
            {
                let mut log = log2.lock().unwrap();
                log.paths.push(target.clone());
                log.agents.push(agent);
            }
            let answer = route(&target, &hits, &base2);
            let mut head = format!(
                "HTTP/1.1 {} X\r\nContent-Length: {}\r\nConnection: close\r\n",
                answer.status,
                answer.body.len()
            );
            for (k, v) in &answer.headers {
                head.push_str(&format!("{k}: {v}\r\n"));
            }
            head.push_str("\r\n");
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&answer.body);
        }
    });
    Server {
        base,
        log,
        stop: Some(handle),
        addr,
    }
}

fn fetcher() -> HttpFetcher {
    HttpFetcher::with_timeouts(Duration::from_secs(5), Duration::from_secs(10))
        .retries(3)
        .backoff(Duration::from_millis(10))
}

fn read(spec: &str, fetcher: &HttpFetcher) -> (Vec<Record>, Catalog) {
    let mut reader = Reader::new().fetcher(fetcher);
    let mut out = Vec::new();
    reader
        .read(&SourceSpec::parse(spec).unwrap(), &mut |r| out.push(r))
        .unwrap_or_else(|e| panic!("{e}"));
    (out, reader.into_catalog())
}

fn counts(records: &[Record]) -> Vec<(String, usize)> {
    let mut m: std::collections::BTreeMap<String, usize> = Default::default();
    for r in records {
        *m.entry(r.kind().unwrap_or("?").to_string()).or_default() += 1;
    }
    m.into_iter().collect()
}

#[test]
fn live_wordpress_reads_every_public_type_through_pagination() {
    let server = serve();
    let f = fetcher();
    let (records, catalog) = read(&format!("wp:{}", server.base), &f);
    assert_eq!(
        counts(&records),
        [
            ("book".to_string(), 120),
            ("category".to_string(), 3),
            ("page".to_string(), 100),
            ("post".to_string(), 250),
            ("post_tag".to_string(), 7),
            ("user".to_string(), 2),
        ]
    );
    let notes: Vec<&str> = catalog
        .findings()
        .iter()
        .filter(|f| f.kind.name() == "wp-collection-read")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        notes,
        [
            "book: 120 items in 2 pages",
            "page: 100 items in 1 page",
            "post: 250 items in 3 pages",
            "category: 3 items in 1 page",
            "post_tag: 7 items in 1 page",
            "user: 2 items in 1 page",
        ]
    );
    assert!(catalog
        .findings()
        .iter()
        .all(|f| f.kind.name() != "wp-users-not-listed"));
    let log = server.log.lock().unwrap();
    // per_page=100 and _fields on every collection request; the page past the end was asked.
    assert!(log
        .paths
        .iter()
        .any(|p| p == "/wp-json/wp/v2/pages?per_page=100&page=2&_fields=id,link,type,title"));
    assert!(log
        .paths
        .iter()
        .filter(|p| p.starts_with("/wp-json/wp/v2/posts"))
        .all(|p| p.contains("per_page=100") && p.contains("_fields=")));
    // Posts stop at X-WP-TotalPages: page 4 is never asked.
    assert!(!log
        .paths
        .iter()
        .any(|p| p.contains("/posts?per_page=100&page=4")));
    // The 429 was retried.
    assert_eq!(
        log.paths
            .iter()
            .filter(|p| p.starts_with("/wp-json/wp/v2/tags"))
            .count(),
        2
    );
    // Media and block types were not read.
    assert!(!log
        .paths
        .iter()
        .any(|p| p.contains("/media") || p.contains("/blocks") || p.contains("/menus")));
    assert!(
        log.agents.iter().all(|a| a.starts_with("urlkit/")),
        "{:?}",
        log.agents
    );
}

#[test]
fn live_wordpress_falls_back_to_rest_route() {
    let server = serve();
    let f = fetcher();
    let (records, catalog) = read(&format!("wp:{}/plain", server.base), &f);
    assert_eq!(records.len(), 480);
    // The closed users endpoint is said, and the rest is read.
    let closed: Vec<&str> = catalog
        .findings()
        .iter()
        .filter(|f| f.kind.name() == "wp-users-not-listed")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        closed,
        ["the site does not list its users (/wp/v2/users answered HTTP 401); their author archives (/author/NAME/) were not read"]
    );
    let log = server.log.lock().unwrap();
    assert!(log.paths.iter().any(|p| p == "/plain/wp-json/wp/v2/types"));
    assert!(log
        .paths
        .iter()
        .any(|p| p.starts_with("/plain/?rest_route=/wp/v2/posts&per_page=100&page=3")));
}

#[test]
fn sitemap_index_over_http_with_gzip_non_ascii_child_and_self_reference() {
    let server = serve();
    let f = fetcher();
    let (records, catalog) = read(&format!("{}/sitemap_index.xml", server.base), &f);
    let urls: Vec<&str> = records.iter().map(|r| r.url.as_str()).collect();
    assert_eq!(
        urls,
        [
            "http://site.test/a/",
            "http://site.test/b/",
            "http://site.test/tag/ログイン/"
        ]
    );
    assert_eq!(records[0].kind(), Some("post"));
    let kinds: Vec<&str> = catalog.findings().iter().map(|f| f.kind.name()).collect();
    // A bare URL named like a sitemap is read as one, and that is said.
    assert_eq!(kinds, ["format-from-url", "sitemap-already-visited"]);
    let log = server.log.lock().unwrap();
    assert!(
        log.paths
            .iter()
            .any(|p| p == "/%E3%82%BF%E3%82%B0-sitemap.xml"),
        "{:?}",
        log.paths
    );
}

/// Issue 24.13: one child of an index that answers 404 is a finding at its line, and the
/// other children are still read (it aborted the whole read, and so the reconcile, before).
#[test]
fn a_missing_child_sitemap_is_a_finding_and_the_rest_is_read() {
    let server = serve();
    let f = fetcher();
    let (records, catalog) = read(&format!("sitemap:{}/gap_index.xml", server.base), &f);
    let urls: Vec<&str> = records.iter().map(|r| r.url.as_str()).collect();
    assert_eq!(urls, ["http://site.test/a/", "http://site.test/b/"]);
    let gone: Vec<&str> = catalog
        .findings()
        .iter()
        .filter(|f| f.message.contains("gone-sitemap.xml"))
        .map(|f| f.kind.name())
        .collect();
    assert_eq!(gone, ["http-status"], "{:?}", catalog.findings());
}

#[test]
fn retries_5xx_then_succeeds_and_reports_a_clear_error_when_it_never_does() {
    let server = serve();
    let f = fetcher();
    let (records, _) = read(&format!("sitemap:{}/flaky.xml", server.base), &f);
    assert_eq!(records.len(), 1);
    let mut reader = Reader::new().fetcher(&f);
    let err = reader
        .read(
            &SourceSpec::parse(&format!("sitemap:{}/missing.xml", server.base)).unwrap(),
            &mut |_| {},
        )
        .unwrap_err();
    assert_eq!(err.kind, SourceErrorKind::HttpStatus);
    assert_eq!(
        err.to_string(),
        format!("{}/missing.xml: GET answered HTTP 404", server.base)
    );
    let closed =
        HttpFetcher::with_timeouts(Duration::from_secs(1), Duration::from_secs(2)).retries(0);
    let addr = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let mut reader = Reader::new().fetcher(&closed);
    let err = reader
        .read(
            &SourceSpec::parse(&format!("sitemap:http://{addr}/sitemap.xml")).unwrap(),
            &mut |_| {},
        )
        .unwrap_err();
    assert_eq!(err.kind, SourceErrorKind::Http);
    assert!(
        err.to_string()
            .starts_with(&format!("http://{addr}/sitemap.xml: ")),
        "{err}"
    );
}
