//! The HTTP seam: readers ask a [`Fetcher`] for URLs, so tests and embedders can plug in
//! their own; the `http` feature provides one over `ureq`.

use std::fmt;
use std::io::Read;

use crate::error::{SourceError, SourceErrorKind};

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
    /// The URL that answered (after the redirects that were followed).
    pub url: String,
    headers: Vec<(String, String)>,
    /// The body, streamed.
    pub body: Box<dyn Read + Send>,
    /// The redirects followed on the way, in order. When the last one was not followed
    /// ([`crate::Offsite::Stop`]), `status` is its 3xx and `url` the URL that answered it.
    pub redirects: Vec<Hop>,
    /// Headers the answer had whose values are not text (control or non-ASCII bytes), by
    /// lowercase name: present, but with no value [`Response::header`] can give.
    unreadable: Vec<String>,
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
            redirects: Vec::new(),
            unreadable: Vec::new(),
        }
    }

    /// The same response, with headers `names` present but not text.
    #[must_use]
    pub fn with_unreadable(mut self, names: Vec<String>) -> Response {
        self.unreadable = names;
        self
    }

    /// Whether header `name` was sent with a value that is not text.
    ///
    /// ```
    /// use urlkit_sources::Response;
    /// let r = Response::new(302, "https://a.test/", Vec::new(), Box::new(&b""[..]))
    ///     .with_unreadable(vec!["location".into()]);
    /// assert!(r.has_unreadable("Location") && r.header("Location").is_none());
    /// ```
    pub fn has_unreadable(&self, name: &str) -> bool {
        self.unreadable.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// Every value of header `name` (case-insensitive), in order.
    pub fn headers_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.headers
            .iter()
            .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The same response, reached through `redirects`.
    #[must_use]
    pub fn with_redirects(mut self, redirects: Vec<Hop>) -> Response {
        self.redirects = redirects;
        self
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
            .field("redirects", &self.redirects)
            .finish_non_exhaustive()
    }
}

/// One redirect: the status that answered `from`, and its `Location` resolved against `from`
/// (RFC 9110 §10.2.2, RFC 3986 §5).
///
/// ```
/// use urlkit_sources::Hop;
/// let h = Hop { status: 301, from: "http://a.test/x".into(), location: "http://a.test/x/".into() };
/// assert!(h.is_permanent());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    /// 301, 302, 303, 307 or 308.
    pub status: u16,
    /// The URL requested.
    pub from: String,
    /// Where it sent the request, resolved.
    pub location: String,
}

impl Hop {
    /// 301 and 308 are permanent (RFC 9110 §15.4).
    pub fn is_permanent(&self) -> bool {
        matches!(self.status, 301 | 308)
    }
}

/// Why a fetch got no usable answer.
///
/// ```
/// use urlkit_sources::FetchErrorKind;
/// assert_eq!(FetchErrorKind::AddressRefused.name(), "http-address-refused");
/// assert!(!FetchErrorKind::TooManyRedirects.is_transient());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FetchErrorKind {
    /// No answer: DNS, connection refused or reset, TLS.
    Transport,
    /// No answer in time.
    Timeout,
    /// The URL (or a redirect's `Location`) is not a URL that can be requested.
    BadUrl,
    /// A scheme other than `http` or `https` (`file:`, `ftp:`, ...): never fetched.
    SchemeRefused,
    /// More redirects than the limit.
    TooManyRedirects,
    /// A redirect back to a URL already requested in the same chain.
    RedirectLoop,
    /// A redirect into a loopback, link-local, private or reserved address the user did not
    /// start at (see [`crate::Allowed`]).
    AddressRefused,
    /// The run's request budget is spent ([`crate::RequestBudget`]).
    BudgetExhausted,
}

impl FetchErrorKind {
    /// A stable kebab-case name: that of the [`crate::SourceErrorKind`] it becomes.
    pub fn name(self) -> &'static str {
        self.source_kind().name()
    }

    /// The kind of the [`crate::SourceError`] a reader reports for it.
    ///
    /// ```
    /// use urlkit_sources::{FetchErrorKind, SourceErrorKind};
    /// assert_eq!(FetchErrorKind::BudgetExhausted.source_kind(), SourceErrorKind::RequestBudget);
    /// ```
    pub fn source_kind(self) -> SourceErrorKind {
        match self {
            FetchErrorKind::Transport => SourceErrorKind::Http,
            FetchErrorKind::Timeout => SourceErrorKind::HttpTimeout,
            FetchErrorKind::BadUrl => SourceErrorKind::HttpBadUrl,
            FetchErrorKind::SchemeRefused => SourceErrorKind::HttpSchemeRefused,
            FetchErrorKind::TooManyRedirects => SourceErrorKind::HttpTooManyRedirects,
            FetchErrorKind::RedirectLoop => SourceErrorKind::HttpRedirectLoop,
            FetchErrorKind::AddressRefused => SourceErrorKind::HttpAddressRefused,
            FetchErrorKind::BudgetExhausted => SourceErrorKind::RequestBudget,
        }
    }

    /// Whether trying again may help (only no answer or a late one): a bad URL, a refused
    /// scheme or address, a loop, too many redirects or a spent budget stay what they are.
    pub fn is_transient(self) -> bool {
        matches!(self, FetchErrorKind::Transport | FetchErrorKind::Timeout)
    }
}

/// A request that got no usable HTTP answer (after retries when retrying could help).
///
/// ```
/// use urlkit_sources::{FetchError, FetchErrorKind};
/// let e = FetchError::new(FetchErrorKind::Transport, "https://example.com/", "connection refused");
/// assert_eq!(e.to_string(), "GET https://example.com/: connection refused");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FetchError {
    /// What kind of failure.
    pub kind: FetchErrorKind,
    /// The URL requested.
    pub url: String,
    /// What went wrong.
    pub message: String,
    /// The redirects followed before it went wrong.
    pub redirects: Vec<Hop>,
    /// The origin of [`FetchError::url`] refused the connection or failed the TLS handshake:
    /// it will not answer another request soon (not retried).
    pub unreachable: bool,
}

impl FetchError {
    /// An error of `kind` about `url`.
    pub fn new(kind: FetchErrorKind, url: impl Into<String>, message: impl Into<String>) -> Self {
        FetchError {
            kind,
            url: url.into(),
            message: message.into(),
            redirects: Vec::new(),
            unreachable: false,
        }
    }

    /// The [`SourceError`] a reader reports for it, about `source`.
    ///
    /// The source's URL is said once, by the error; a request that failed after redirects
    /// also names the URL it failed at, which the source's URL does not tell.
    pub(crate) fn into_source_error(self, source: &str) -> SourceError {
        let message = match self.redirects.len() {
            0 => self.message,
            _ if self.url == source || self.message.contains(&self.url) => self.message,
            n => format!(
                "{} (at {}, after {n} redirect{})",
                self.message,
                self.url,
                if n == 1 { "" } else { "s" }
            ),
        };
        SourceError::new(self.kind.source_kind(), source, message)
    }
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GET {}: {}", self.url, self.message)
    }
}

impl std::error::Error for FetchError {}

/// Fetches URLs. Any HTTP status is an `Ok` response (readers decide what a 400 means); only
/// a request that got no usable answer is an error. Implementations follow redirects with a
/// policy and retry what is worth retrying.
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
