//! Every HTTP error names its URL once: the source's URL is in the error, never repeated in
//! its message (ureq's own text starts with the URL), and a failure after redirects also
//! names the URL it failed at. Against servers on 127.0.0.1 that the tests start and stop,
//! and a loopback port nothing listens on. A page's canonical that is not a URL is said too.

#[path = "support/server.rs"]
mod server;

use std::net::TcpListener;
use std::time::Duration;

use server::{serve, Reply};
use urlkit_sources::{HttpFetcher, Reader, SourceError, SourceErrorKind, SourceSpec};

fn fetcher() -> HttpFetcher {
    HttpFetcher::with_timeouts(Duration::from_secs(5), Duration::from_secs(10))
        .retries(0)
        .backoff(Duration::from_millis(5))
}

fn read_error(spec: &str) -> SourceError {
    let f = fetcher();
    let mut reader = Reader::new().fetcher(&f);
    reader
        .read(&SourceSpec::parse(spec).unwrap(), &mut |_| {})
        .expect_err("the source cannot be read")
}

/// A loopback URL nothing listens on (the port was just free).
fn closed_port_url(path: &str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    format!("http://{addr}{path}")
}

fn assert_named_once(e: &SourceError, url: &str) {
    let text = e.to_string();
    assert_eq!(e.source, url, "{text}");
    assert_eq!(text.matches(url).count(), 1, "the URL once in: {text}");
}

#[test]
fn a_refused_connection_names_the_url_once() {
    let url = closed_port_url("/sitemap.xml");
    let e = read_error(&format!("sitemap:{url}"));
    assert_eq!(e.kind, SourceErrorKind::Http);
    assert_named_once(&e, &url);
    assert!(!e.message.is_empty());
}

#[test]
fn an_http_status_names_the_url_once() {
    let s = serve(|_| Reply::new(404, "not here"));
    let url = format!("{}/sitemap.xml", s.base);
    let e = read_error(&format!("sitemap:{url}"));
    assert_eq!(e.kind, SourceErrorKind::HttpStatus);
    assert_named_once(&e, &url);
    assert!(e.message.contains("404"), "{e}");
}

#[test]
fn a_wordpress_site_that_fails_names_the_url_once() {
    let s = serve(|_| Reply::new(500, "{\"code\":\"oops\",\"message\":\"broken\"}"));
    let e = read_error(&format!("wp:{}", s.base));
    assert_eq!(e.kind, SourceErrorKind::HttpStatus);
    let text = e.to_string();
    assert_eq!(text.matches(&s.base).count(), 1, "{text}");
    assert!(text.contains("oops: broken"), "{text}");
}

#[test]
fn a_failure_after_a_redirect_names_both_urls_once() {
    let dead = closed_port_url("/gone.xml");
    let target = dead.clone();
    let s = serve(move |_| Reply::redirect(302, target.clone()));
    let url = format!("{}/sitemap.xml", s.base);
    let e = read_error(&format!("sitemap:{url}"));
    assert_named_once(&e, &url);
    let text = e.to_string();
    assert_eq!(text.matches(&dead).count(), 1, "{text}");
    assert!(text.contains("after 1 redirect"), "{text}");
}

#[test]
fn a_redirect_loop_names_the_url_once() {
    let s = serve(|r| match r.path() {
        "/a.xml" => Reply::redirect(301, "/b.xml"),
        _ => Reply::redirect(301, "/a.xml"),
    });
    let url = format!("{}/a.xml", s.base);
    let e = read_error(&format!("sitemap:{url}"));
    assert_eq!(e.kind, SourceErrorKind::HttpRedirectLoop);
    assert_named_once(&e, &url);
    assert!(e.message.contains("back to the first URL"), "{e}");
}

#[test]
fn a_canonical_that_is_not_a_url_is_said_not_taken_for_none() {
    use urlkit_sources::check::{CheckOptions, Checker, Verdict};
    let s =
        serve(|_| Reply::html(r#"<html><head><link rel="canonical" href="http://[bad/"></head>"#));
    let checker = Checker::new(fetcher(), CheckOptions::default());
    let c = checker.check(&format!("{}/page", s.base));
    assert_eq!(c.verdict, Verdict::Ok);
    assert_eq!(c.canonical, None);
    assert!(
        c.canonical_unusable
            .as_deref()
            .is_some_and(|w| w.contains("http://[bad/")),
        "{c:?}"
    );
    assert!(
        c.message
            .starts_with("200, declares a canonical that is not a URL: "),
        "{}",
        c.message
    );
}

/// A fetcher that would retry a transient failure 3 times, a second apart, counting its
/// requests.
fn retrying() -> HttpFetcher {
    HttpFetcher::with_timeouts(Duration::from_secs(5), Duration::from_secs(10))
        .retries(3)
        .backoff(Duration::from_secs(1))
        .max_requests(100)
}

/// Issue 29.4: a refused connection is not retried: asking again at once gets the same
/// answer.
#[test]
fn a_refused_connection_is_not_retried() {
    use urlkit_sources::Fetcher;
    let f = retrying();
    let url = closed_port_url("/a");
    let e = f.get(&url).expect_err("nothing listens there");
    assert_eq!(f.budget().expect("a budget").used(), 1, "one attempt: {e}");
    assert!(!e.message.contains("attempts"), "{e}");
}

/// Issue 29.4: https to a port that speaks plain HTTP (a site without https) fails its TLS
/// handshake once, not four times, and the http origin on the same port is not affected.
#[test]
fn a_failed_tls_handshake_is_not_retried_and_http_still_works() {
    use urlkit_sources::Fetcher;
    let s = serve(|_| Reply::new(200, "plain http"));
    let f = retrying();
    let https = format!("https://{}/page", s.addr);
    let e = f.get(&https).expect_err("no TLS there");
    assert_eq!(f.budget().expect("a budget").used(), 1, "one attempt: {e}");
    assert!(e.message.contains("tls"), "{e}");
    let http = format!("http://{}/page", s.addr);
    let ok = f.get(&http).expect("the http origin answers");
    assert_eq!(ok.status, 200);
    assert_eq!(f.budget().expect("a budget").used(), 2);
}
