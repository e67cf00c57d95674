//! The origins (scheme, host and port) of a run that refused the connection or failed the
//! TLS handshake: remembered, so that each is requested once and said once (a site without
//! https would otherwise cost one failed connection per URL and per `https` variant).

use super::once::OnceMap;
use crate::fetch::{FetchError, FetchErrorKind, Fetcher, Response};
use crate::http::HttpFetcher;
use urlkit::uri::UriRef;

/// What the first request to an origin found: `Some(why)` when it could not connect.
type Reach = Option<String>;

/// Per origin, the first request's outcome (single-flight: an unreachable origin is
/// connected to once, whatever the concurrency, and every URL on it gets the same words).
#[derive(Default)]
pub(super) struct Origins {
    cells: OnceMap<Reach>,
}

impl Origins {
    /// `fetcher.get(url)`, unless `url`'s origin (`origin`, computed by the caller from the
    /// URL it parsed) already failed to connect in this run.
    pub(super) fn get(
        &self,
        fetcher: &HttpFetcher,
        url: &str,
        origin: Option<String>,
    ) -> Result<Response, FetchError> {
        let Some(origin) = origin else {
            return fetcher.get(url);
        };
        let cell = self.cells.cell(origin.clone());
        let mut first = None;
        let reach = cell.get_or_init(|| {
            let result = fetcher.get(url);
            let reach = match &result {
                // A redirect hop's origin is another origin: only the URL's own counts.
                Err(e) if e.unreachable && e.redirects.is_empty() => Some(e.message.clone()),
                _ => None,
            };
            first = Some(result);
            reach
        });
        match (first, reach) {
            (Some(result), None) => result,
            (_, Some(why)) => {
                let mut e = FetchError::new(FetchErrorKind::Transport, url, said(&origin, why));
                e.unreachable = true;
                Err(e)
            }
            (None, None) => fetcher.get(url),
        }
    }

    /// The origins that could not be reached, sorted, with why.
    pub(super) fn unreachable(&self) -> Vec<(String, String)> {
        self.cells.answered(Clone::clone)
    }
}

/// The words every URL of an unreachable origin gets, the first one included.
fn said(origin: &str, why: &str) -> String {
    format!("{origin} could not be connected to ({why}); requested once in this run")
}

/// `scheme://host[:port]` of `u` as it goes on the wire, lowercased (the same text as the
/// wire URL's: percent-encoding for the wire changes characters one by one, never the
/// delimiters).
pub(super) fn origin_of(u: &UriRef<'_>) -> Option<String> {
    let scheme = u.scheme()?;
    let authority = u.authority()?;
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    Some(HttpFetcher::wire_url(&format!("{scheme}://{host_port}")).to_ascii_lowercase())
}

/// [`origin_of`] the text `url`, read as it goes on the wire.
pub(super) fn origin(url: &str) -> Option<String> {
    let wire = HttpFetcher::wire_url(url);
    origin_of(&urlkit::uri::parse(&wire).ok()?)
}
