//! [`Fetcher`] over `ureq` (the `http` feature): redirects followed by urlkit itself, with a
//! policy, and connections checked against the addresses they actually reach.

use std::collections::HashSet;
use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use urlkit::uri::{resolve_str, Resolution};

use crate::fetch::{FetchError, FetchErrorKind, Fetcher, Hop, Response};
use crate::policy::{
    is_http, AddressClass, AddressClassifier, Allowed, ByIp, Entered, Offsite, RequestBudget, Site,
    Start,
};

/// The user agent: names urlkit, its version and where to read about it.
pub(crate) const USER_AGENT: &str = concat!(
    "urlkit/",
    env!("CARGO_PKG_VERSION"),
    " (+https://example.invalid/urlkit; URL list reconciliation and site checks)"
);

/// Fetches over HTTP(S) with timeouts, a user agent naming urlkit, retries with exponential
/// backoff for 429 and 5xx answers and for requests that got no answer, and redirects
/// followed by a policy:
///
/// - only `http` and `https` URLs are requested, the first and every `Location` (a redirect
///   to `file:///etc/passwd` is an error of kind [`FetchErrorKind::SchemeRefused`]);
/// - at most 10 redirects ([`HttpFetcher::max_redirects`]), and none back to a URL already
///   requested in the chain;
/// - one [`Start`] per fetcher and its clones: the first URL requested is the user's and may
///   reach any address; every later request and redirect hop may reach only public
///   addresses and the classes of the addresses that first URL reached ([`Allowed`]).
///   [`HttpFetcher::new_start`] makes a fetcher for another URL the user gave;
/// - with [`Offsite::Stop`], a redirect off the starting site is returned, not followed;
/// - every request (attempt or hop) takes one from the [`RequestBudget`], when there is one.
///
/// Non-ASCII characters (and spaces, controls, `"<>` and backquote) in the URL are
/// percent-encoded as UTF-8 before the request (existing `%XX` are kept), so
/// `https://example.com/tag/ログイン/` is requested as `/tag/%E3%83%AD...`.
///
/// A connection the origin refused, or a TLS handshake that failed (a site without https, a
/// port that speaks something else), is not retried: asking again at once gets the same answer.
///
/// Clones share the request budget, the rate limit and the start.
///
/// ```no_run
/// use urlkit_sources::{Fetcher, HttpFetcher};
/// let fetcher = HttpFetcher::new().retries(2).max_requests(1000);
/// let response = fetcher.get("https://example.com/sitemap.xml").unwrap();
/// println!("{} {} after {} redirects", response.status, response.url, response.redirects.len());
/// ```
#[derive(Clone)]
pub struct HttpFetcher {
    connect_timeout: Duration,
    timeout: Duration,
    retries: u32,
    backoff: Duration,
    max_retry_after: Duration,
    max_redirects: usize,
    offsite: Offsite,
    classifier: Arc<dyn AddressClassifier>,
    budget: Option<Arc<RequestBudget>>,
    rate: Option<Arc<RateLimit>>,
    start: Start,
}

/// Requests started at most every `interval`, across the threads sharing it.
struct RateLimit {
    interval: Duration,
    next: Mutex<Option<Instant>>,
}

impl RateLimit {
    /// Waits for this request's slot.
    fn wait(&self) {
        let slot = {
            let mut next = self
                .next
                .lock()
                .expect("invariant: nothing panics holding the rate lock");
            let now = Instant::now();
            let slot = next.map_or(now, |n| n.max(now));
            *next = Some(slot + self.interval);
            slot
        };
        std::thread::sleep(slot.saturating_duration_since(Instant::now()));
    }
}

impl Default for HttpFetcher {
    fn default() -> Self {
        HttpFetcher::new()
    }
}

impl HttpFetcher {
    /// 10 s to connect, 60 s per request, 3 retries starting at 1 s, `Retry-After` honoured
    /// up to 60 s, 10 redirects, no request budget.
    pub fn new() -> HttpFetcher {
        HttpFetcher::with_timeouts(Duration::from_secs(10), Duration::from_secs(60))
    }

    /// Connect and whole-request timeouts of your choice.
    pub fn with_timeouts(connect: Duration, request: Duration) -> HttpFetcher {
        HttpFetcher {
            connect_timeout: connect,
            timeout: request,
            retries: 3,
            backoff: Duration::from_secs(1),
            max_retry_after: Duration::from_secs(60),
            max_redirects: 10,
            offsite: Offsite::Follow,
            classifier: Arc::new(ByIp),
            budget: None,
            rate: None,
            start: Start::new(),
        }
    }

    /// Retries a request at most `n` times.
    #[must_use]
    pub fn retries(mut self, n: u32) -> HttpFetcher {
        self.retries = n;
        self
    }

    /// Waits `first` before the first retry, doubling each time (a `Retry-After` header wins,
    /// up to [`HttpFetcher::max_retry_after`]).
    #[must_use]
    pub fn backoff(mut self, first: Duration) -> HttpFetcher {
        self.backoff = first;
        self
    }

    /// The longest `Retry-After` honoured; a server asking for more gets this.
    #[must_use]
    pub fn max_retry_after(mut self, longest: Duration) -> HttpFetcher {
        self.max_retry_after = longest;
        self
    }

    /// Follows at most `n` redirects per fetch.
    #[must_use]
    pub fn max_redirects(mut self, n: usize) -> HttpFetcher {
        self.max_redirects = n;
        self
    }

    /// Whether redirects off the starting site are followed.
    #[must_use]
    pub fn offsite(mut self, offsite: Offsite) -> HttpFetcher {
        self.offsite = offsite;
        self
    }

    /// Classifies addresses with `classifier` instead of [`ByIp`].
    #[must_use]
    pub fn classifier(mut self, classifier: impl AddressClassifier + 'static) -> HttpFetcher {
        self.classifier = Arc::new(classifier);
        self
    }

    /// Makes at most `n` requests in all (attempts and redirect hops included).
    #[must_use]
    pub fn max_requests(mut self, n: u64) -> HttpFetcher {
        self.budget = Some(Arc::new(RequestBudget::new(n)));
        self
    }

    /// Starts at most `per_second` requests a second (attempts and redirect hops included),
    /// shared by every clone of this fetcher. A rate so low that the time between requests
    /// is more than a hundred years (or one that is not a positive number) waits a hundred
    /// years between requests: never "no limit".
    ///
    /// ```
    /// use urlkit_sources::HttpFetcher;
    /// let slow = HttpFetcher::new().rate_limit(1e-30);
    /// # drop(slow);
    /// ```
    #[must_use]
    pub fn rate_limit(mut self, per_second: f64) -> HttpFetcher {
        let interval = rate_interval(per_second);
        self.rate = Some(Arc::new(RateLimit {
            interval,
            next: Mutex::new(None),
        }));
        self
    }

    /// The same fetcher (timeouts, budget and rate shared) for another URL the user gave: a
    /// [`Start`] of its own, whose first request may reach any address.
    ///
    /// ```
    /// use urlkit_sources::HttpFetcher;
    /// let run = HttpFetcher::new().max_requests(100);
    /// let second = run.new_start();
    /// assert!(second.start().allowed().is_none());
    /// ```
    #[must_use]
    pub fn new_start(&self) -> HttpFetcher {
        self.in_start(&Start::new())
    }

    /// The same fetcher, its requests part of `start` (what `start`'s first request reached
    /// bounds them).
    #[must_use]
    pub fn in_start(&self, start: &Start) -> HttpFetcher {
        let mut f = self.clone();
        f.start = start.clone();
        f
    }

    /// The start this fetcher's requests belong to.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The request budget, when there is one.
    pub fn budget(&self) -> Option<&RequestBudget> {
        self.budget.as_deref()
    }

    /// The URL as it goes on the wire.
    pub(crate) fn wire_url(url: &str) -> String {
        crate::policy::wire_url(url)
    }

    /// One request with its retries. `bound` is `None` for the first hop of a start's first
    /// request (anything the user's URL reaches); the classes reached are added to `reached`.
    fn attempt(
        &self,
        url: &str,
        bound: Option<&Bound>,
        reached: &mut Vec<AddressClass>,
    ) -> Result<Response, FetchError> {
        let mut attempt = 0;
        loop {
            if let Some(budget) = &self.budget {
                if !budget.take() {
                    return Err(FetchError::new(
                        FetchErrorKind::BudgetExhausted,
                        url,
                        format!(
                            "the request budget ({} requests) is spent; raise it with \
                             --max-requests",
                            budget.limit()
                        ),
                    ));
                }
            }
            if let Some(rate) = &self.rate {
                rate.wait();
            }
            let wait = self.backoff.saturating_mul(1 << attempt.min(16));
            let guard = Arc::new(Mutex::new(Connected::default()));
            let result = self.agent(bound, guard.clone()).get(url).call();
            let connected = std::mem::take(
                &mut *guard
                    .lock()
                    .expect("invariant: the resolver never panics holding the lock"),
            );
            if let Some(refusal) = connected.refused {
                return Err(FetchError::new(
                    FetchErrorKind::AddressRefused,
                    url,
                    refusal,
                ));
            }
            reached.extend(connected.classes);
            let error = match result {
                Ok(r) => return Ok(convert(r)),
                Err(ureq::Error::Status(code, r)) => {
                    if retryable(code) && attempt < self.retries {
                        let after = r
                            .header("Retry-After")
                            .and_then(|v| retry_after(v, SystemTime::now()))
                            .map(|d| d.min(self.max_retry_after));
                        std::thread::sleep(after.unwrap_or(wait));
                        attempt += 1;
                        continue;
                    }
                    return Ok(convert(r));
                }
                Err(ureq::Error::Transport(t)) => {
                    let mut error = transport_error(url, &t);
                    if error.kind == FetchErrorKind::Transport && unreachable(&t) {
                        error.unreachable = true;
                        return Err(error);
                    }
                    error
                }
            };
            if error.kind.is_transient() && attempt < self.retries {
                std::thread::sleep(wait);
                attempt += 1;
                continue;
            }
            let mut error = error;
            if error.kind.is_transient() {
                let n = attempt + 1;
                let s = if n == 1 { "" } else { "s" };
                error.message = format!("{} (after {n} attempt{s})", error.message);
            }
            return Err(error);
        }
    }

    /// An agent for one request: redirects off (they are followed above), and a resolver that
    /// refuses addresses `allowed` does not admit.
    fn agent(&self, bound: Option<&Bound>, log: Arc<Mutex<Connected>>) -> ureq::Agent {
        let classifier = self.classifier.clone();
        let allowed = bound.map(|b| b.allowed.clone());
        let from = bound
            .and_then(|b| b.start_url.as_deref())
            .map(|u| format!(" (it started at {u})"))
            .unwrap_or_default();
        let resolver = move |netloc: &str| -> std::io::Result<Vec<SocketAddr>> {
            let addrs: Vec<SocketAddr> = netloc.to_socket_addrs()?.collect();
            let mut log = log
                .lock()
                .map_err(|_| std::io::Error::other("address log poisoned"))?;
            for addr in &addrs {
                let class = classifier.classify(*addr);
                if allowed.as_ref().is_some_and(|a| !a.admits(class)) {
                    let message = format!(
                        "refused: {netloc} resolves to {} ({}), and the fetch did not start at \
                         a {} address{from}",
                        addr.ip(),
                        class.name(),
                        class.name()
                    );
                    log.refused = Some(message.clone());
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::PermissionDenied,
                        message,
                    ));
                }
                log.classes.push(class);
            }
            Ok(addrs)
        };
        ureq::AgentBuilder::new()
            .timeout_connect(self.connect_timeout)
            .timeout(self.timeout)
            .user_agent(USER_AGENT)
            .redirects(0)
            .resolver(resolver)
            .build()
    }
}

/// What the resolver saw for one request.
#[derive(Default)]
struct Connected {
    classes: Vec<AddressClass>,
    refused: Option<String>,
}

fn convert(response: ureq::Response) -> Response {
    let mut names = response.headers_names();
    names.sort();
    names.dedup();
    // ureq keeps a header whose value is not visible ASCII but gives no value for it.
    let unreadable: Vec<String> = names
        .iter()
        .filter(|n| response.all(n).is_empty())
        .cloned()
        .collect();
    let headers = names
        .iter()
        .flat_map(|n| {
            response
                .all(n)
                .into_iter()
                .map(move |v| (n.clone(), v.to_owned()))
        })
        .collect();
    let status = response.status();
    let url = response.get_url().to_owned();
    Response::new(status, url, headers, Box::new(response.into_reader()))
        .with_unreadable(unreadable)
}

/// The longest wait between two requests: a hundred years (an `Instant` that far ahead
/// still exists, as `Duration::MAX` ahead does not).
const LONGEST_INTERVAL: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// The time between two requests at `per_second` requests a second, at most
/// [`LONGEST_INTERVAL`].
fn rate_interval(per_second: f64) -> Duration {
    if per_second.is_nan() || per_second <= 0.0 {
        return LONGEST_INTERVAL;
    }
    Duration::try_from_secs_f64(1.0 / per_second)
        .map_or(LONGEST_INTERVAL, |d| d.min(LONGEST_INTERVAL))
}

fn retryable(status: u16) -> bool {
    status == 429 || (500..600).contains(&status)
}

fn transport_error(url: &str, t: &ureq::Transport) -> FetchError {
    use ureq::ErrorKind as K;
    let timed_out = t
        .source()
        .and_then(|s| s.downcast_ref::<std::io::Error>())
        .is_some_and(|e| {
            matches!(
                e.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
            )
        });
    let kind = match t.kind() {
        K::InvalidUrl | K::InvalidProxyUrl => FetchErrorKind::BadUrl,
        K::UnknownScheme | K::InsecureRequestHttpsOnly => FetchErrorKind::SchemeRefused,
        K::TooManyRedirects => FetchErrorKind::TooManyRedirects,
        _ if timed_out || t.to_string().contains("timed out") => FetchErrorKind::Timeout,
        _ => FetchErrorKind::Transport,
    };
    FetchError::new(kind, url, transport_message(t))
}

/// Whether a request without an answer met an origin that will not answer it soon: the
/// connection was refused, or the TLS handshake failed (not a timeout: a slow server may
/// answer the next attempt).
///
/// # Rationale
///
/// ureq reports both as `ConnectionFailed`: a refused connect with its `io::Error`, a failed
/// handshake with the message "tls connection init failed". A reset or a DNS failure stays
/// transient and is retried.
fn unreachable(t: &ureq::Transport) -> bool {
    if t.kind() != ureq::ErrorKind::ConnectionFailed {
        return false;
    }
    let io = t.source().and_then(|s| s.downcast_ref::<std::io::Error>());
    if io.is_some_and(|e| e.kind() == std::io::ErrorKind::ConnectionRefused) {
        return true;
    }
    t.message()
        .is_some_and(|m| m.starts_with("tls connection init"))
}

/// What went wrong, without the URL: ureq's own text starts with the URL, which the error
/// already carries (a message names its URL once).
fn transport_message(t: &ureq::Transport) -> String {
    let mut m = t.kind().to_string();
    if let Some(detail) = t.message() {
        m.push_str(": ");
        m.push_str(detail);
    }
    if let Some(source) = t.source() {
        m.push_str(&format!(": {source}"));
    }
    m
}

use std::error::Error as _;

/// How long a `Retry-After` value asks to wait, from `now`: delay-seconds or an HTTP date
/// (RFC 9110 §10.2.3; a date in the past means no wait). `None` for a value that is neither.
fn retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let date = httpdate::parse_http_date(value).ok()?;
    Some(date.duration_since(now).unwrap_or(Duration::ZERO))
}

/// Whether `status` is a redirect that carries a `Location` to follow.
fn is_redirect(status: u16) -> bool {
    matches!(status, 301 | 302 | 303 | 307 | 308)
}

impl Fetcher for HttpFetcher {
    fn get(&self, url: &str) -> Result<Response, FetchError> {
        // Entered before anything can fail: a start whose first URL is refused unrequested
        // allows public addresses only.
        let mut entered = self.start.enter(url);
        // The URL's one parse in its request: its scheme and its site are read from it.
        let parsed = match urlkit::uri::parse(url) {
            Ok(u) => u,
            Err(e) => {
                return Err(FetchError::new(
                    FetchErrorKind::BadUrl,
                    url,
                    format!("not a URL: {e}"),
                ))
            }
        };
        if !is_http(&parsed) {
            return Err(FetchError::new(
                FetchErrorKind::SchemeRefused,
                url,
                "only http and https URLs are fetched",
            ));
        }
        let start = HttpFetcher::wire_url(url);
        let start_site = Site::of(&parsed);
        let mut current = start.clone();
        let mut hops: Vec<Hop> = Vec::new();
        let mut seen = HashSet::from([start.clone()]);
        let mut bound = match &entered {
            Entered::Bound { allowed, start_url } => Some(Bound {
                allowed: allowed.clone(),
                start_url: Some(start_url.clone()),
            }),
            Entered::First(_) => None,
        };
        let fail = |mut e: FetchError, hops: &[Hop]| {
            e.redirects = hops.to_vec();
            e
        };
        loop {
            let mut reached = Vec::new();
            let attempt = self.attempt(&current, bound.as_ref(), &mut reached);
            if bound.is_none() {
                // The start's first hop: what it reached fixes the start (when this request
                // is its first) and bounds the rest of the chain.
                if let Entered::First(first) = &mut entered {
                    first.reached(&reached);
                }
                bound = Some(Bound {
                    allowed: Allowed::after(&reached),
                    start_url: None,
                });
                // Other requests of the start may go on.
                entered = Entered::Bound {
                    allowed: Allowed::after(&reached),
                    start_url: url.to_owned(),
                };
            }
            let response = attempt.map_err(|e| fail(e, &hops))?;
            let location = response.header("Location").map(str::to_owned);
            if is_redirect(response.status)
                && location.is_none()
                && response.has_unreadable("Location")
            {
                let m = format!(
                    "HTTP {} with a Location that is not text (control or non-ASCII bytes): \
                     not followed",
                    response.status
                );
                return Err(fail(
                    FetchError::new(FetchErrorKind::BadUrl, &current, m),
                    &hops,
                ));
            }
            let (true, Some(location)) = (is_redirect(response.status), location) else {
                let mut response = response.with_redirects(hops);
                response.url = current;
                return Ok(response);
            };
            let target =
                resolve_str(&current, location.trim(), Resolution::Strict).map_err(|e| {
                    let m = format!(
                        "HTTP {} to a Location that is not a URL ({location:?}: {e})",
                        response.status
                    );
                    fail(FetchError::new(FetchErrorKind::BadUrl, &current, m), &hops)
                })?;
            hops.push(Hop {
                status: response.status,
                from: current.clone(),
                location: target.clone(),
            });
            // Each hop's target is parsed once: its scheme and its site.
            let target_uri = urlkit::uri::parse(&target).ok();
            if !target_uri.as_ref().is_some_and(is_http) {
                let m = format!(
                    "HTTP {} to {target}: only http and https redirects are followed",
                    response.status
                );
                return Err(fail(
                    FetchError::new(FetchErrorKind::SchemeRefused, &current, m),
                    &hops,
                ));
            }
            let on_site = match (&start_site, target_uri.as_ref().and_then(Site::of)) {
                (Some(a), Some(b)) => a.same(&b),
                _ => false,
            };
            if self.offsite == Offsite::Stop && !on_site {
                let mut response = response.with_redirects(hops);
                response.url = current;
                return Ok(response);
            }
            let wire = HttpFetcher::wire_url(&target);
            if !seen.insert(wire.clone()) {
                // Back to the start, the URL is the error's own: it is not said again.
                let m = if wire == start {
                    format!(
                        "HTTP {} back to the first URL: a redirect loop",
                        response.status
                    )
                } else {
                    format!("HTTP {} back to {target}: a redirect loop", response.status)
                };
                return Err(fail(
                    FetchError::new(FetchErrorKind::RedirectLoop, url, m),
                    &hops,
                ));
            }
            if hops.len() > self.max_redirects {
                let m = format!("more than {} redirects", self.max_redirects);
                return Err(fail(
                    FetchError::new(FetchErrorKind::TooManyRedirects, url, m),
                    &hops,
                ));
            }
            current = wire;
        }
    }
}

/// What bounds a request's hops: the classes allowed, and the start they come from when that
/// is not this request itself (said in a refusal).
struct Bound {
    allowed: Allowed,
    start_url: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_ascii_is_encoded_for_the_wire_and_escapes_are_kept() {
        assert_eq!(
            HttpFetcher::wire_url("https://example.com/tag/ログ/?q=%e3 x"),
            "https://example.com/tag/%E3%83%AD%E3%82%B0/?q=%e3%20x"
        );
    }

    #[test]
    fn a_tiny_rate_is_a_long_wait_not_no_limit() {
        assert_eq!(rate_interval(2.0), Duration::from_millis(500));
        assert_eq!(rate_interval(f64::INFINITY), Duration::ZERO);
        // The slot after the next is still an instant.
        let _ = std::time::Instant::now() + rate_interval(1e-30) + rate_interval(1e-30);
        for tiny in [5e-20, 1e-30, f64::MIN_POSITIVE, 0.0, -1.0, f64::NAN] {
            assert_eq!(rate_interval(tiny), LONGEST_INTERVAL, "{tiny}");
        }
    }

    #[test]
    fn retry_after_is_seconds_or_an_http_date() {
        let now = httpdate::parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT").unwrap();
        assert_eq!(retry_after("120", now), Some(Duration::from_secs(120)));
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:49:40 GMT", now),
            Some(Duration::from_secs(3))
        );
        // The obsolete RFC 850 and asctime forms are dates too (RFC 9110 §5.6.7).
        assert_eq!(
            retry_after("Sunday, 06-Nov-94 08:49:47 GMT", now),
            Some(Duration::from_secs(10))
        );
        assert_eq!(
            retry_after("Sun Nov  6 08:50:37 1994", now),
            Some(Duration::from_secs(60))
        );
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:00:00 GMT", now),
            Some(Duration::ZERO)
        );
        assert_eq!(retry_after("soon", now), None);
        assert_eq!(retry_after("-5", now), None);
    }

    #[test]
    fn permanent_transport_errors_are_not_transient() {
        for k in [
            FetchErrorKind::BadUrl,
            FetchErrorKind::SchemeRefused,
            FetchErrorKind::TooManyRedirects,
            FetchErrorKind::RedirectLoop,
            FetchErrorKind::AddressRefused,
            FetchErrorKind::BudgetExhausted,
        ] {
            assert!(!k.is_transient(), "{k:?}");
        }
    }
}
