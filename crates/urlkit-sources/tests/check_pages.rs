//! What `check` says about pages that misbehave (issue 24, items 9, 11 and 13), against
//! servers on 127.0.0.1: a head that trickles past the timeout is an error, not "no
//! canonical"; a `data:` or `javascript:` `<base href>` is ignored; a canonical that is not a
//! web URL has its own verdict; a `Location` that is not text is said; a WordPress site given
//! with a query keeps its routes in the path.

#[path = "support/server.rs"]
mod server;

use std::time::Duration;

use server::{serve, Reply};
use urlkit_sources::check::{CheckOptions, Checker, Verdict};
use urlkit_sources::{HttpFetcher, Reader, SourceSpec};

fn checker(request_timeout: Duration) -> Checker {
    let fetcher = HttpFetcher::with_timeouts(Duration::from_secs(5), request_timeout)
        .retries(0)
        .backoff(Duration::from_millis(5));
    Checker::new(fetcher, CheckOptions::default())
}

#[test]
fn a_head_that_trickles_past_the_timeout_is_an_error() {
    let head = format!(
        "<!doctype html><html><head><title>slow</title>{}<link rel=canonical href=/elsewhere/>\
         </head><body>",
        "<meta name=x content=y>".repeat(40)
    );
    let s = serve(move |_| Reply::html(head.clone()).trickled(32, Duration::from_millis(50)));
    let c = checker(Duration::from_millis(700)).check(&format!("{}/page/", s.base));
    assert_eq!(c.verdict, Verdict::Error, "{c:?}");
    assert!(
        c.message
            .starts_with("200, but its HTML head could not be read ("),
        "{}",
        c.message
    );
    assert_eq!(
        (c.status, c.canonical, c.head_truncated),
        (Some(200), None, false)
    );
    // The same page in time is read whole.
    let c = checker(Duration::from_secs(10)).check(&format!("{}/page/", s.base));
    assert_eq!(c.verdict, Verdict::CanonicalElsewhere, "{c:?}");
}

#[test]
fn a_data_or_javascript_base_is_ignored() {
    let s = serve(|r| {
        let base = match r.path() {
            "/js/" => "javascript:alert(1)//",
            "/data/" => "data:text/html,<p>x</p>",
            _ => "/other/dir/",
        };
        Reply::html(format!(
            "<html><head><base href='{base}'><link rel=canonical href='c/'></head>"
        ))
    });
    let c = checker(Duration::from_secs(10));
    for (path, canonical) in [
        ("/js/", "/js/c/"),
        ("/data/", "/data/c/"),
        ("/http/", "/other/dir/c/"),
    ] {
        let got = c.check(&format!("{}{path}", s.base));
        assert_eq!(
            got.canonical,
            Some(format!("{}{canonical}", s.base)),
            "{path}: {got:?}"
        );
    }
}

#[test]
fn a_canonical_that_is_not_a_web_url_has_its_own_verdict() {
    let s = serve(|r| {
        let canonical = match r.path() {
            "/js/" => "javascript:void(0)",
            "/data/" => "data:text/html,hi",
            "/file/" => "file:///etc/passwd",
            _ => "mailto:a@b.test",
        };
        Reply::html(format!(
            "<html><head><link rel=canonical href='{canonical}'></head>"
        ))
    });
    let c = checker(Duration::from_secs(10));
    for (path, scheme) in [
        ("/js/", "javascript"),
        ("/data/", "data"),
        ("/file/", "file"),
        ("/m/", "mailto"),
    ] {
        let got = c.check(&format!("{}{path}", s.base));
        assert_eq!(got.verdict.name(), "canonical-not-web", "{path}: {got:?}");
        assert_eq!(
            got.message,
            format!("200, declares a canonical that is not a web URL ({scheme}:): search engines ignore it")
        );
    }
}

#[test]
fn a_location_that_is_not_text_is_said() {
    let s = serve(|r| match r.path() {
        "/control/" => Reply::new(302, "").raw_header(b"Location: /next\x01/"),
        "/latin1/" => Reply::new(301, "").raw_header(b"Location: /caf\xe9/"),
        "/none/" => Reply::new(302, ""),
        _ => Reply::html("<html><head></head>"),
    });
    let c = checker(Duration::from_secs(10));
    for path in ["/control/", "/latin1/"] {
        let got = c.check(&format!("{}{path}", s.base));
        assert_eq!(got.verdict, Verdict::Error, "{path}: {got:?}");
        assert!(
            got.message.ends_with(
                "with a Location that is not text (control or non-ASCII bytes): not followed"
            ),
            "{path}: {}",
            got.message
        );
    }
    let got = c.check(&format!("{}/none/", s.base));
    assert_eq!(got.message, "HTTP 302 without a Location to follow");
    assert_eq!(s.hits("/next"), 0);
}

#[test]
fn a_wordpress_site_given_with_a_query_keeps_its_routes_in_the_path() {
    let s = serve(|r| match r.path() {
        "/blog/wp-json/wp/v2/types" => Reply::new(200, r#"{"page":{"rest_base":"pages"}}"#),
        "/blog/wp-json/wp/v2/taxonomies" => Reply::new(200, "{}"),
        "/blog/wp-json/wp/v2/pages" => Reply::new(
            200,
            r#"[{"id":1,"link":"http://a.test/ja/p/","type":"page","title":{"rendered":"p"}}]"#,
        ),
        _ => Reply::new(404, ""),
    });
    let fetcher = HttpFetcher::with_timeouts(Duration::from_secs(5), Duration::from_secs(10));
    let mut reader = Reader::new().fetcher(&fetcher);
    let mut urls = Vec::new();
    let spec = SourceSpec::parse(&format!("wp:{}/blog/?lang=ja", s.base)).unwrap();
    reader.read(&spec, &mut |r| urls.push(r.url)).unwrap();
    assert_eq!(urls, ["http://a.test/ja/p/"]);
    let log = s.log();
    assert_eq!(log[0], "/blog/wp-json/wp/v2/types?lang=ja");
    assert!(
        log.iter()
            .all(|t| t.starts_with("/blog/wp-json/") && t.contains("lang=ja")),
        "{log:?}"
    );
}
