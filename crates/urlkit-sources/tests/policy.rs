//! The fetch policy against servers on 127.0.0.1 that the tests start and stop: redirects
//! followed by urlkit (http(s) only, a hop limit, no loops), addresses refused after a
//! redirect unless the user started in their class (with an injected classifier, since every
//! test server is on loopback), a remote sitemap index that cannot make urlkit read local
//! files, the request budget, sitemap and WordPress pagination limits, and retries only of
//! what may succeed the next time. No request leaves 127.0.0.1: the link-local and off-site
//! targets are refused before any connection.

#[path = "support/server.rs"]
mod server;

use std::net::SocketAddr;
use std::sync::mpsc;
use std::time::{Duration, SystemTime};

use server::{serve, Reply};
use urlkit_sources::{
    AddressClass, Catalog, FetchErrorKind, Fetcher, HttpFetcher, Offsite, Reader, Record,
    SourceError, SourceErrorKind, SourceSpec,
};

fn fetcher() -> HttpFetcher {
    HttpFetcher::with_timeouts(Duration::from_secs(5), Duration::from_secs(10))
        .retries(3)
        .backoff(Duration::from_millis(5))
}

fn read(spec: &str, fetcher: &HttpFetcher) -> Result<(Vec<Record>, Catalog), SourceError> {
    let mut reader = Reader::new().fetcher(fetcher);
    let mut out = Vec::new();
    reader.read(&SourceSpec::parse(spec).unwrap(), &mut |r| out.push(r))?;
    Ok((out, reader.into_catalog()))
}

fn urlset(urls: &[String]) -> Reply {
    let locs: String = urls
        .iter()
        .map(|u| format!("<url><loc>{u}</loc></url>"))
        .collect();
    Reply::new(200, format!("<urlset>{locs}</urlset>")).header("Content-Type", "application/xml")
}

fn finding_kinds(c: &Catalog) -> Vec<&'static str> {
    c.findings().iter().map(|f| f.kind.name()).collect()
}

#[test]
fn a_redirect_to_a_file_url_is_refused_not_a_crash() {
    let s = serve(|r| match r.path() {
        "/passwd.xml" => Reply::redirect(302, "file:///etc/passwd"),
        _ => Reply::new(404, ""),
    });
    let url = format!("{}/passwd.xml", s.base);
    let e = fetcher().get(&url).unwrap_err();
    assert_eq!(e.kind, FetchErrorKind::SchemeRefused);
    assert_eq!(e.redirects.len(), 1);
    assert_eq!(e.redirects[0].location, "file:///etc/passwd");
    assert!(e.message.contains("only http and https"), "{e}");
    // Not retried: one request.
    assert_eq!(s.hits("/passwd.xml"), 1);
    let e = read(&format!("sitemap:{url}"), &fetcher()).unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::HttpSchemeRefused);
}

#[test]
fn unknown_schemes_and_bad_urls_are_never_requested_nor_retried() {
    let s = serve(|r| match r.path() {
        "/bad-location" => Reply::redirect(301, "http://[::1/"),
        _ => Reply::new(200, "<urlset/>"),
    });
    let f = fetcher();
    let ftp = format!("ftp://{}/x", s.addr);
    assert_eq!(f.get(&ftp).unwrap_err().kind, FetchErrorKind::SchemeRefused);
    assert_eq!(
        f.get("http://[::1/").unwrap_err().kind,
        FetchErrorKind::BadUrl
    );
    // Those URLs were the start's and never requested: the start allows public addresses
    // only, so the loopback server is another start's.
    let e = f.get(&format!("{}/bad-location", s.base)).unwrap_err();
    assert_eq!(e.kind, FetchErrorKind::AddressRefused, "{e}");
    assert!(e.message.contains("(it started at ftp://"), "{e}");
    let e = f
        .new_start()
        .get(&format!("{}/bad-location", s.base))
        .unwrap_err();
    assert_eq!(e.kind, FetchErrorKind::BadUrl, "{e}");
    assert_eq!(s.log(), ["/bad-location"]);
}

#[test]
fn redirects_stop_at_the_hop_limit_and_at_a_loop_without_retries() {
    let s = serve(|r| {
        let path = r.path().to_string();
        if let Some(n) = path.strip_prefix("/hop/") {
            let n: u32 = n.parse().unwrap();
            Reply::redirect(302, format!("/hop/{}", n + 1))
        } else if path == "/a" {
            Reply::redirect(301, "/b")
        } else if path == "/b" {
            Reply::redirect(301, "./a")
        } else {
            Reply::new(404, "")
        }
    });
    let f = fetcher().max_redirects(4);
    let e = f.get(&format!("{}/hop/0", s.base)).unwrap_err();
    assert_eq!(e.kind, FetchErrorKind::TooManyRedirects);
    assert_eq!(e.redirects.len(), 5);
    // Four redirects followed, the fifth refused: five requests, none repeated.
    assert_eq!(s.hits("/hop/"), 5);
    let e = f.get(&format!("{}/a", s.base)).unwrap_err();
    assert_eq!(e.kind, FetchErrorKind::RedirectLoop);
    assert_eq!(s.hits("/a"), 1);
    assert_eq!(s.hits("/b"), 1);
    let chain: Vec<(u16, String)> = e
        .redirects
        .iter()
        .map(|h| (h.status, h.location.clone()))
        .collect();
    assert_eq!(
        chain,
        [
            (301, format!("{}/b", s.base)),
            (301, format!("{}/a", s.base))
        ]
    );
}

#[test]
fn the_final_url_and_every_hop_are_reported() {
    let other = serve(|_| urlset(&["http://site.test/moved".into()]));
    let target = format!("http://{}/new.xml", other.addr);
    let s = serve(move |r| match r.path() {
        "/old.xml" => Reply::redirect(301, "/mid.xml"),
        "/mid.xml" => Reply::redirect(307, target.clone()),
        _ => Reply::new(404, ""),
    });
    // Started on loopback: another loopback origin is allowed (the user started there).
    let r = fetcher().get(&format!("{}/old.xml", s.base)).unwrap();
    assert_eq!(r.status, 200);
    assert_eq!(r.url, format!("http://{}/new.xml", other.addr));
    let hops: Vec<(u16, bool)> = r
        .redirects
        .iter()
        .map(|h| (h.status, h.is_permanent()))
        .collect();
    assert_eq!(hops, [(301, true), (307, false)]);
    let (records, catalog) = read(&format!("sitemap:{}/old.xml", s.base), &fetcher()).unwrap();
    assert_eq!(records.len(), 1);
    let f = &catalog.findings()[0];
    assert_eq!(f.kind.name(), "http-redirected");
    assert_eq!(
        f.message,
        format!(
            "fetched from http://{}/new.xml after 2 redirects (301, 307)",
            other.addr
        )
    );
}

/// A classifier for a world where the first server is a public site and every other
/// address is what its IP says: the start is public, so loopback and link-local are off
/// limits after a redirect.
fn public_start(start: SocketAddr) -> impl Fn(SocketAddr) -> AddressClass + Send + Sync {
    move |addr| {
        if addr == start {
            AddressClass::Public
        } else {
            AddressClass::of(addr.ip())
        }
    }
}

#[test]
fn a_redirect_from_a_public_start_into_loopback_or_link_local_is_refused() {
    let inner = serve(|_| Reply::new(200, "secret"));
    let inner_port = inner.addr.port();
    let s = serve(move |r| match r.path() {
        "/to-localhost" => Reply::redirect(302, format!("http://localhost:{inner_port}/admin")),
        "/to-loopback-ip" => Reply::redirect(302, format!("http://127.0.0.1:{inner_port}/admin")),
        "/to-metadata" => Reply::redirect(301, "http://169.254.169.254/latest/meta-data/"),
        "/to-mapped" => Reply::redirect(301, format!("http://[::ffff:127.0.0.1]:{inner_port}/")),
        "/self" => Reply::redirect(301, "/page"),
        _ => Reply::new(200, "page"),
    });
    let f = fetcher().classifier(public_start(s.addr));
    for path in [
        "/to-localhost",
        "/to-loopback-ip",
        "/to-metadata",
        "/to-mapped",
    ] {
        let e = f.get(&format!("{}{path}", s.base)).unwrap_err();
        assert_eq!(e.kind, FetchErrorKind::AddressRefused, "{path}: {e}");
        assert!(e.message.contains("the fetch did not start at"), "{e}");
        assert_eq!(e.redirects.len(), 1);
    }
    assert!(f
        .get(&format!("{}/to-metadata", s.base))
        .unwrap_err()
        .message
        .contains("169.254.169.254 (link-local)"));
    // Not one request reached the inner server, and none was retried.
    assert_eq!(inner.log().len(), 0);
    assert_eq!(s.hits("/to-localhost"), 1);
    // A redirect within the public start is followed.
    let r = f.get(&format!("{}/self", s.base)).unwrap();
    assert_eq!((r.status, r.redirects.len()), (200, 1));
    // With the real classifier the start is loopback: loopback is allowed, link-local is not.
    let plain = fetcher();
    assert_eq!(
        plain
            .get(&format!("{}/to-loopback-ip", s.base))
            .unwrap()
            .status,
        200
    );
    assert_eq!(inner.log(), ["/admin"]);
    let e = plain.get(&format!("{}/to-metadata", s.base)).unwrap_err();
    assert_eq!(e.kind, FetchErrorKind::AddressRefused);
    assert!(e.message.contains("link-local"), "{e}");
}

/// The fetches a remote document chooses are the start's (issue 24, item 1): a public
/// sitemap index's children, and every later request of the fetcher, may reach only public
/// addresses; a missing or refused child is a finding and the others are read.
#[test]
fn what_a_public_index_lists_stays_in_the_public_start() {
    let inner = serve(|_| urlset(&["http://inner.test/secret".into()]));
    let inner_port = inner.addr.port();
    let s = serve(move |r| match r.path() {
        "/index.xml" => Reply::new(
            200,
            format!(
                "<sitemapindex>\
                 <sitemap><loc>http://127.0.0.1:{inner_port}/a.xml</loc></sitemap>\
                 <sitemap><loc>http://localhost:{inner_port}/b.xml</loc></sitemap>\
                 <sitemap><loc>/missing.xml</loc></sitemap>\
                 <sitemap><loc>http://[::ffff:127.0.0.1]:{inner_port}/c.xml</loc></sitemap>\
                 <sitemap><loc>/public.xml</loc></sitemap>\
                 </sitemapindex>"
            ),
        ),
        "/public.xml" => urlset(&["http://site.test/public".into()]),
        _ => Reply::new(404, ""),
    });
    let f = fetcher().classifier(public_start(s.addr));
    let (records, catalog) = read(&format!("sitemap:{}/index.xml", s.base), &f).unwrap();
    let urls: Vec<&str> = records.iter().map(|r| r.url.as_str()).collect();
    assert_eq!(urls, ["http://site.test/public"]);
    let kinds = finding_kinds(&catalog);
    assert_eq!(
        kinds,
        [
            "http-address-refused",
            "http-address-refused",
            "http-status",
            "http-address-refused"
        ]
    );
    assert!(catalog.findings()[0]
        .message
        .contains(&format!("(it started at {}/index.xml)", s.base)));
    assert!(catalog.findings()[2]
        .message
        .contains("/missing.xml: GET answered HTTP 404"));
    assert_eq!(inner.log().len(), 0);
    // The start is the fetcher's: a later request of it is bounded from its first hop.
    let e = f
        .get(&format!("http://127.0.0.1:{inner_port}/x"))
        .unwrap_err();
    assert_eq!(e.kind, FetchErrorKind::AddressRefused, "{e}");
    assert_eq!(inner.log().len(), 0);
    assert!(f
        .start()
        .allowed()
        .is_some_and(|a| !a.admits(AddressClass::Loopback)));
    // Another URL the user gave is a start of its own.
    assert_eq!(
        f.new_start()
            .get(&format!("{}/x", inner.base))
            .unwrap()
            .status,
        200
    );
    assert_eq!(inner.log(), ["/x"]);
}

/// A start's first request fixes its classes before any other request of the start goes:
/// concurrent ones wait for it.
#[test]
fn concurrent_requests_of_a_fresh_start_wait_for_its_first() {
    let inner = serve(|_| Reply::new(200, "inner"));
    let slow = serve(|_| Reply::new(200, "slow").delayed(Duration::from_millis(300)));
    let f = fetcher().classifier(public_start(slow.addr));
    let first = {
        let f = f.clone();
        let url = format!("{}/first", slow.base);
        std::thread::spawn(move || f.get(&url).map(|r| r.status))
    };
    // Give the first request time to enter the start.
    std::thread::sleep(Duration::from_millis(100));
    let e = f.get(&format!("{}/second", inner.base)).unwrap_err();
    assert_eq!(e.kind, FetchErrorKind::AddressRefused, "{e}");
    assert_eq!(first.join().unwrap(), Ok(200));
    assert_eq!(inner.log().len(), 0);
}

#[test]
fn offsite_redirects_are_returned_unfollowed_when_asked() {
    let s = serve(|r| match r.path() {
        "/away" => Reply::redirect(301, "http://elsewhere.test/x"),
        "/https" => Reply::redirect(301, "/here"),
        _ => Reply::new(200, "here"),
    });
    let f = fetcher().offsite(Offsite::Stop);
    let r = f.get(&format!("{}/away", s.base)).unwrap();
    assert_eq!(r.status, 301);
    assert_eq!(r.url, format!("{}/away", s.base));
    assert_eq!(r.redirects[0].location, "http://elsewhere.test/x");
    let r = f.get(&format!("{}/https", s.base)).unwrap();
    assert_eq!((r.status, r.redirects.len()), (200, 1));
}

#[test]
fn a_remote_sitemap_index_never_makes_urlkit_read_local_files() {
    let s = serve(|r| match r.path() {
        "/sitemaps/index.xml" => Reply::new(
            200,
            "<sitemapindex>\
             <sitemap><loc>/etc/passwd</loc></sitemap>\
             <sitemap><loc>-</loc></sitemap>\
             <sitemap><loc>/dev/zero</loc></sitemap>\
             <sitemap><loc>sitemap-2.xml</loc></sitemap>\
             <sitemap><loc>../top.xml</loc></sitemap>\
             <sitemap><loc>file:///etc/passwd</loc></sitemap>\
             <sitemap><loc>mailto:root@localhost</loc></sitemap>\
             </sitemapindex>",
        ),
        // Every child answered by the site itself: the records say where they came from.
        p => urlset(&[format!("http://site.test/from-server{p}")]),
    });
    let (records, catalog) = read(
        &format!("sitemap:{}/sitemaps/index.xml", s.base),
        &fetcher(),
    )
    .unwrap();
    let urls: Vec<&str> = records.iter().map(|r| r.url.as_str()).collect();
    assert_eq!(
        urls,
        [
            "http://site.test/from-server/etc/passwd",
            "http://site.test/from-server/sitemaps/-",
            "http://site.test/from-server/dev/zero",
            "http://site.test/from-server/sitemaps/sitemap-2.xml",
            "http://site.test/from-server/top.xml",
        ]
    );
    let refused: Vec<&str> = catalog
        .findings()
        .iter()
        .filter(|f| f.kind.name() == "sitemap-child-refused")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        refused,
        [
            "file:///etc/passwd: resolves to file:///etc/passwd; a remote sitemap index may \
             list only http and https sitemaps; not read",
            "mailto:root@localhost: resolves to mailto:root@localhost; a remote sitemap index \
             may list only http and https sitemaps; not read",
        ]
    );
    assert_eq!(
        s.log(),
        [
            "/sitemaps/index.xml",
            "/etc/passwd",
            "/sitemaps/-",
            "/dev/zero",
            "/sitemaps/sitemap-2.xml",
            "/top.xml"
        ]
    );
}

#[test]
fn a_local_index_that_makes_urlkit_fetch_says_so() {
    let s = serve(|_| urlset(&["http://site.test/remote".into()]));
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index.xml");
    std::fs::write(
        &index,
        format!(
            "<sitemapindex><sitemap><loc>{}/remote-child.xml</loc></sitemap></sitemapindex>",
            s.base
        ),
    )
    .unwrap();
    let (records, catalog) = read(&format!("sitemap:{}", index.display()), &fetcher()).unwrap();
    assert_eq!(records.len(), 1);
    let f = &catalog.findings()[0];
    assert_eq!(f.kind.name(), "sitemap-index-fetches");
    assert_eq!(
        f.message,
        format!(
            "the local index lists {}/remote-child.xml and no file of that name is beside it: \
             fetching it",
            s.base
        )
    );
}

/// An index of `n` children on the same server.
fn fan_out(n: usize) -> server::Server {
    serve(move |r| {
        if r.path() == "/index.xml" {
            let locs: String = (0..n)
                .map(|i| format!("<sitemap><loc>/child-{i}.xml</loc></sitemap>"))
                .collect();
            Reply::new(200, format!("<sitemapindex>{locs}</sitemapindex>"))
        } else {
            urlset(&[format!("http://site.test{}", r.path())])
        }
    })
}

#[test]
fn the_request_budget_stops_an_index_fan_out_with_a_finding() {
    let s = fan_out(1000);
    let f = fetcher().max_requests(5);
    let (records, catalog) = read(&format!("sitemap:{}/index.xml", s.base), &f).unwrap();
    assert_eq!(records.len(), 4);
    assert_eq!(s.log().len(), 5);
    assert_eq!(finding_kinds(&catalog), ["request-budget"]);
    assert_eq!(
        catalog.findings()[0].message,
        "the request budget (5 requests) is spent; raise it with --max-requests; /child-4.xml \
         and the sitemaps after it were not read"
    );
    // The budget is the whole run's: a second source gets an error at once, no request.
    let e = read(&format!("sitemap:{}/index.xml", s.base), &f).unwrap_err();
    assert_eq!(e.kind, SourceErrorKind::RequestBudget);
    assert_eq!(s.log().len(), 5);
}

#[test]
fn max_sitemaps_stops_an_index_fan_out_with_a_finding() {
    let s = fan_out(1000);
    let f = fetcher();
    let mut reader = Reader::new().fetcher(&f).max_sitemaps(3);
    let mut n = 0;
    reader
        .read(
            &SourceSpec::parse(&format!("sitemap:{}/index.xml", s.base)).unwrap(),
            &mut |_| n += 1,
        )
        .unwrap();
    assert_eq!(n, 2);
    assert_eq!(s.log().len(), 3);
    let c = reader.into_catalog();
    assert_eq!(finding_kinds(&c), ["sitemap-limit"]);
    assert_eq!(
        c.findings()[0].message,
        "3 sitemaps read, the limit (raise it with --max-sitemaps); this and the 997 after it \
         in this index were not read"
    );
}

/// A WordPress site whose posts claim a million pages; `mode` picks the lie.
fn lying_wordpress(mode: &'static str) -> server::Server {
    serve(move |r| {
        let page: usize = r
            .target
            .split(['?', '&'])
            .find_map(|kv| kv.strip_prefix("page="))
            .and_then(|p| p.parse().ok())
            .unwrap_or(1);
        match r.path() {
            "/wp-json/wp/v2/types" => Reply::new(200, r#"{"post":{"rest_base":"posts"}}"#),
            "/wp-json/wp/v2/taxonomies" => Reply::new(200, "{}"),
            "/wp-json/wp/v2/posts" => {
                // Full pages: distinct ones, or the same one whatever `page=` says.
                let first = if mode == "same-page" {
                    0
                } else {
                    (page - 1) * 100
                };
                let items: Vec<String> = (first..first + 100)
                    .map(|i| {
                        format!(r#"{{"id":{i},"link":"http://site.test/p{i}/","type":"post"}}"#)
                    })
                    .collect();
                let reply = Reply::new(200, format!("[{}]", items.join(",")))
                    .header("X-WP-TotalPages", "1000000");
                if mode == "total-250" {
                    reply.header("X-WP-Total", "250")
                } else {
                    reply
                }
            }
            _ => Reply::new(404, "{}"),
        }
    })
}

#[test]
fn a_lying_total_pages_header_is_bounded() {
    // X-WP-Total says 250 items: three pages, whatever X-WP-TotalPages claims.
    let s = lying_wordpress("total-250");
    let (records, c) = read(&format!("wp:{}", s.base), &fetcher()).unwrap();
    assert_eq!(records.len(), 300);
    assert_eq!(s.hits("/wp-json/wp/v2/posts"), 3);
    assert_eq!(
        finding_kinds(&c),
        // The fake site has no users route: that is said too.
        [
            "wp-total-pages-inconsistent",
            "wp-collection-read",
            "wp-users-not-listed"
        ]
    );
    assert_eq!(
        c.findings()[0].message,
        "X-WP-TotalPages says 1000000 pages, but X-WP-Total items make 3; reading at most 3"
    );
    // The same page again and again: stopped at the first repeat.
    let s = lying_wordpress("same-page");
    let (records, c) = read(&format!("wp:{}", s.base), &fetcher()).unwrap();
    assert_eq!(records.len(), 100);
    assert_eq!(s.hits("/wp-json/wp/v2/posts"), 2);
    assert_eq!(
        finding_kinds(&c),
        [
            "wp-page-repeated",
            "wp-collection-read",
            "wp-users-not-listed"
        ]
    );
    // New items on every page: the request budget ends it, with a finding.
    let s = lying_wordpress("endless");
    let f = fetcher().max_requests(12);
    let (records, c) = read(&format!("wp:{}", s.base), &f).unwrap();
    assert_eq!(records.len(), 1000);
    assert_eq!(s.log().len(), 12);
    assert_eq!(finding_kinds(&c), ["request-budget", "wp-collection-read"]);
    assert_eq!(
        c.findings()[0].message,
        "the request budget (12 requests) is spent; raise it with --max-requests; post page 11 \
         and after were not read"
    );
}

#[test]
fn retry_after_as_an_http_date_is_honoured() {
    let s = serve(|r| {
        if r.path() == "/busy" {
            // An HTTP date in the past: retry now.
            let date = httpdate::fmt_http_date(SystemTime::now() - Duration::from_secs(5));
            Reply::new(503, "busy").header("Retry-After", date)
        } else {
            Reply::new(200, "")
        }
    });
    let busy = format!("{}/busy", s.base);
    // A backoff of an hour: only the honoured date lets this end within the test's bound.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let f = fetcher().retries(2).backoff(Duration::from_secs(3600));
        let _ = tx.send(f.get(&busy).map(|r| r.status));
    });
    let got = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the Retry-After date was not honoured");
    assert_eq!(got.unwrap(), 503);
    assert_eq!(s.hits("/busy"), 3);
}

#[test]
fn timeouts_are_settable_and_transient_failures_are_retried() {
    let s = serve(|_| Reply::new(200, "late").delayed(Duration::from_secs(2)));
    let f = HttpFetcher::with_timeouts(Duration::from_secs(2), Duration::from_millis(300))
        .retries(1)
        .backoff(Duration::from_millis(1));
    let e = f.get(&format!("{}/slow", s.base)).unwrap_err();
    assert_eq!(e.kind, FetchErrorKind::Timeout, "{e}");
    assert!(e.message.ends_with("(after 2 attempts)"), "{e}");
    assert_eq!(s.hits("/slow"), 2);
}

#[test]
fn a_redirected_wordpress_page_says_where_it_came_from() {
    let s = serve(|r| match r.path() {
        "/wp-json/wp/v2/types" => Reply::new(200, r#"{"page":{"rest_base":"pages"}}"#),
        "/wp-json/wp/v2/taxonomies" => Reply::new(200, "{}"),
        "/wp-json/wp/v2/pages" => Reply::redirect(301, format!("/moved{}", r.target)),
        "/moved/wp-json/wp/v2/pages" => Reply::new(
            200,
            r#"[{"id":1,"link":"http://site.test/a/","type":"page"}]"#,
        ),
        _ => Reply::new(404, "{}"),
    });
    let (records, c) = read(&format!("wp:{}", s.base), &fetcher()).unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(
        finding_kinds(&c),
        [
            "http-redirected",
            "wp-collection-read",
            "wp-users-not-listed"
        ]
    );
    assert_eq!(
        c.findings()[0].message,
        format!(
            "page page 1 was fetched from {}/moved/wp-json/wp/v2/pages?per_page=100&page=1&_fields=id,link,type,title after 1 redirect",
            s.base
        )
    );
}
