//! [`Fetcher`] over `ureq` (the `http` feature).

use std::time::Duration;

use urlkit::codec::{sets, Encoder};

use crate::fetch::{FetchError, Fetcher, Response};

/// The user agent: names urlkit, its version and where to read about it.
const USER_AGENT: &str = concat!(
    "urlkit/",
    env!("CARGO_PKG_VERSION"),
    " (+https://example.invalid/urlkit; URL list reconciliation)"
);

/// The longest `Retry-After` honoured; a server asking for more gets this.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(60);

/// Fetches over HTTP(S) with timeouts, a user agent naming urlkit, and retries with
/// exponential backoff for 429 and 5xx answers and for requests that got no answer.
///
/// Non-ASCII characters (and spaces, controls, `"<>` and backquote) in the URL are
/// percent-encoded as UTF-8 before the request (existing `%XX` are kept), so
/// `https://example.com/tag/ログイン/` is requested as `/tag/%E3%83%AD...`.
///
/// ```no_run
/// use urlkit_sources::{Fetcher, HttpFetcher};
/// let fetcher = HttpFetcher::new().retries(2);
/// let response = fetcher.get("https://example.com/sitemap.xml").unwrap();
/// println!("{}", response.status);
/// ```
pub struct HttpFetcher {
    agent: ureq::Agent,
    retries: u32,
    backoff: Duration,
}

impl Default for HttpFetcher {
    fn default() -> Self {
        HttpFetcher::new()
    }
}

impl HttpFetcher {
    /// 10 s to connect, 60 s per request, 3 retries starting at 1 s.
    pub fn new() -> HttpFetcher {
        HttpFetcher::with_timeouts(Duration::from_secs(10), Duration::from_secs(60))
    }

    /// Connect and whole-request timeouts of your choice.
    pub fn with_timeouts(connect: Duration, request: Duration) -> HttpFetcher {
        let agent = ureq::AgentBuilder::new()
            .timeout_connect(connect)
            .timeout(request)
            .user_agent(USER_AGENT)
            .build();
        HttpFetcher {
            agent,
            retries: 3,
            backoff: Duration::from_secs(1),
        }
    }

    /// Retries a request at most `n` times.
    #[must_use]
    pub fn retries(mut self, n: u32) -> HttpFetcher {
        self.retries = n;
        self
    }

    /// Waits `first` before the first retry, doubling each time (a `Retry-After` header wins,
    /// up to a minute).
    #[must_use]
    pub fn backoff(mut self, first: Duration) -> HttpFetcher {
        self.backoff = first;
        self
    }

    /// The URL as it goes on the wire.
    fn wire_url(url: &str) -> String {
        Encoder::new(sets::FRAGMENT).encode_str(url).into_owned()
    }
}

fn convert(response: ureq::Response) -> Response {
    let headers = response
        .headers_names()
        .into_iter()
        .filter_map(|n| response.header(&n).map(|v| (n.clone(), v.to_owned())))
        .collect();
    let status = response.status();
    let url = response.get_url().to_owned();
    Response::new(status, url, headers, Box::new(response.into_reader()))
}

fn retryable(status: u16) -> bool {
    status == 429 || (500..600).contains(&status)
}

impl Fetcher for HttpFetcher {
    fn get(&self, url: &str) -> Result<Response, FetchError> {
        let wire = HttpFetcher::wire_url(url);
        let mut attempt = 0;
        loop {
            let wait = self.backoff.saturating_mul(1 << attempt.min(16));
            match self.agent.get(&wire).call() {
                Ok(r) => return Ok(convert(r)),
                Err(ureq::Error::Status(code, r)) => {
                    if retryable(code) && attempt < self.retries {
                        let after = r
                            .header("Retry-After")
                            .and_then(|s| s.trim().parse::<u64>().ok())
                            .map(|s| Duration::from_secs(s).min(MAX_RETRY_AFTER));
                        std::thread::sleep(after.unwrap_or(wait));
                        attempt += 1;
                        continue;
                    }
                    return Ok(convert(r));
                }
                Err(ureq::Error::Transport(t)) => {
                    if attempt < self.retries {
                        std::thread::sleep(wait);
                        attempt += 1;
                        continue;
                    }
                    return Err(FetchError {
                        url: url.to_owned(),
                        message: format!("{t} (after {} attempts)", attempt + 1),
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HttpFetcher;

    #[test]
    fn non_ascii_is_encoded_for_the_wire_and_escapes_are_kept() {
        assert_eq!(
            HttpFetcher::wire_url("https://example.com/tag/ログ/?q=%e3 x"),
            "https://example.com/tag/%E3%83%AD%E3%82%B0/?q=%e3%20x"
        );
    }
}
