//! The HTTP seam: readers ask a [`Fetcher`] for URLs, so tests and embedders can plug in
//! their own; the `http` feature provides one over `ureq`.

use std::fmt;
use std::io::Read;

/// A response: its status, headers and a streaming body.
///
/// ```
/// use urlkit_sources::Response;
/// let r = Response::new(200, "https://example.com/", vec![("X-WP-TotalPages".into(), "3".into())], Box::new(&b"[]"[..]));
/// assert_eq!(r.header("x-wp-totalpages"), Some("3"));
/// ```
pub struct Response {
    /// HTTP status code.
    pub status: u16,
    /// The URL that answered (after redirects).
    pub url: String,
    headers: Vec<(String, String)>,
    /// The body, streamed.
    pub body: Box<dyn Read + Send>,
}

impl Response {
    /// A response.
    pub fn new(
        status: u16,
        url: impl Into<String>,
        headers: Vec<(String, String)>,
        body: Box<dyn Read + Send>,
    ) -> Response {
        Response {
            status,
            url: url.into(),
            headers,
            body,
        }
    }

    /// The first value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

impl fmt::Debug for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Response")
            .field("status", &self.status)
            .field("url", &self.url)
            .field("headers", &self.headers)
            .finish_non_exhaustive()
    }
}

/// A request that got no HTTP answer at all (DNS, connection, timeout, TLS), after retries.
///
/// ```
/// use urlkit_sources::FetchError;
/// let e = FetchError { url: "https://example.com/".into(), message: "connection refused".into() };
/// assert_eq!(e.to_string(), "GET https://example.com/: connection refused");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FetchError {
    /// The URL requested.
    pub url: String,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GET {}: {}", self.url, self.message)
    }
}

impl std::error::Error for FetchError {}

/// Fetches URLs. Any HTTP status is an `Ok` response (readers decide what a 400 means); only
/// a request that got no answer is an error. Implementations retry what is worth retrying.
///
/// ```
/// use urlkit_sources::{Fetcher, FetchError, Response};
/// struct Canned;
/// impl Fetcher for Canned {
///     fn get(&self, url: &str) -> Result<Response, FetchError> {
///         Ok(Response::new(404, url, Vec::new(), Box::new(&b""[..])))
///     }
/// }
/// assert_eq!(Canned.get("https://example.com/").unwrap().status, 404);
/// ```
pub trait Fetcher {
    /// GETs `url`.
    fn get(&self, url: &str) -> Result<Response, FetchError>;
}
