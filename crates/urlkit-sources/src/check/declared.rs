//! What a page declares about itself (its canonical, in the `Link` header and in the HTML
//! head, and whether it may be indexed), and the one request that tests a declared canonical
//! (a canonical equal at `safe` may still answer 301 or 404 on the live server).

use std::io::Read;

use urlkit::uri::{resolve_str, Resolution};

use super::head::{link_canonical, read_head};
use super::once::OnceMap;
use super::origins::{origin, Origins};
use crate::fetch::Response;
use crate::http::HttpFetcher;

/// The declarations of one 200 answer.
#[derive(Clone, Debug, Default)]
pub(super) struct Declared {
    /// The `Link: <...>; rel="canonical"` target, as written.
    pub(super) header: Option<String>,
    /// The first `<link rel="canonical">` href, as written.
    pub(super) element: Option<String>,
    /// Other canonical hrefs of the head that differ from the first, as written.
    pub(super) other_elements: Vec<String>,
    /// The base the head's hrefs resolve against (the page's URL, or a usable `<base href>`).
    pub(super) element_base: String,
    /// The page's URL: what a `Link` header target resolves against.
    pub(super) url: String,
    /// Where a `noindex` was said: `X-Robots-Tag` or `meta robots`, with its value.
    pub(super) noindex: Option<(&'static str, String)>,
    /// The head did not end within the cap.
    pub(super) truncated: bool,
}

impl Declared {
    /// Every canonical declared, resolved, with where: the header first.
    pub(super) fn resolved(&self) -> Vec<(Result<String, String>, &'static str, &str)> {
        let mut out = Vec::new();
        let resolve = |base: &str, t: &str| {
            resolve_str(base, t, Resolution::Strict).map_err(|e| format!("{t:?} ({e})"))
        };
        if let Some(t) = &self.header {
            out.push((resolve(&self.url, t), "link-header", t.as_str()));
        }
        for t in self.element.iter().chain(&self.other_elements) {
            out.push((resolve(&self.element_base, t), "link-element", t.as_str()));
        }
        out
    }
}

/// Reads the declarations of a 200 answer: its headers, and the HTML head (at most `cap`
/// bytes) when the body is HTML; why the head could not be read, when it could not.
pub(super) fn read_declared(mut response: Response, cap: u64) -> Result<Declared, String> {
    let mut d = Declared {
        header: link_canonical(response.headers_named("Link")),
        url: response.url.clone(),
        element_base: response.url.clone(),
        ..Declared::default()
    };
    d.noindex = response
        .headers_named("X-Robots-Tag")
        .find(|v| says_noindex(v))
        .map(|v| ("X-Robots-Tag", v.to_owned()));
    let is_html = response
        .header("Content-Type")
        .is_none_or(|t| t.to_ascii_lowercase().contains("html"));
    if !is_html {
        return Ok(d);
    }
    let body = std::mem::replace(&mut response.body, Box::new(std::io::empty()));
    let head = read_head(body.take(cap), cap);
    d.truncated = head.truncated;
    if let Some(e) = &head.read_error {
        // With a Link header the canonical is known without the head.
        if d.header.is_some() {
            return Ok(d);
        }
        return Err(format!(
            "200, but its HTML head could not be read ({e}, after {} bytes): its canonical is \
             unknown",
            head.bytes
        ));
    }
    if d.noindex.is_none() {
        d.noindex = head
            .robots
            .filter(|v| says_noindex(v))
            .map(|v| ("meta robots", v));
    }
    // A <base href> that does not resolve, or resolves to a `data:` or `javascript:` URL, is
    // ignored, as browsers do: the document's URL stays the base (HTML Standard, "set the
    // frozen base URL":
    // https://html.spec.whatwg.org/multipage/semantics.html#set-the-frozen-base-url).
    if let Some(b) = head
        .base
        .and_then(|b| resolve_str(&d.url, &b, Resolution::Strict).ok())
        .filter(|b| {
            let scheme = super::scheme_of(b);
            !scheme.eq_ignore_ascii_case("data") && !scheme.eq_ignore_ascii_case("javascript")
        })
    {
        d.element_base = b;
    }
    d.element = head.canonical;
    d.other_elements = head.other_canonicals;
    Ok(d)
}

/// Whether a robots directive list (`X-Robots-Tag` or `meta robots` content) says `noindex`
/// (or `none`) for every crawler or for Google's: `otherbot: noindex` is not about search
/// engines at large.
///
/// Spec: <https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag>
pub(super) fn says_noindex(value: &str) -> bool {
    let mut rest = value.trim();
    if let Some((agent, after)) = rest.split_once(':') {
        let agent = agent.trim();
        let is_agent = !agent.is_empty()
            && agent.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !matches!(
                agent.to_ascii_lowercase().as_str(),
                "unavailable_after" | "max-snippet" | "max-image-preview" | "max-video-preview"
            );
        if is_agent {
            if !agent.eq_ignore_ascii_case("googlebot") {
                return false;
            }
            rest = after;
        }
    }
    rest.split([',', ' ', '\t'])
        .any(|t| t.eq_ignore_ascii_case("noindex") || t.eq_ignore_ascii_case("none"))
}

/// How a declared canonical answers its own request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Probe {
    /// 200 without a redirect, and indexable.
    Indexable,
    /// Its first answer is a redirect.
    Redirects { status: u16, location: String },
    /// 404 or 410.
    NotFound(u16),
    /// 200, but `noindex` (where, and the value).
    Noindex(&'static str, String),
    /// Another status, or no answer: the canonical could not be tested.
    Untested(String),
}

/// One request per distinct canonical per run, whichever thread asks first (the others wait
/// for its answer).
#[derive(Default)]
pub(super) struct Probes {
    cells: OnceMap<Probe>,
}

impl Probes {
    /// How `canonical` answers, requested once per run.
    pub(super) fn probe(
        &self,
        origins: &Origins,
        fetcher: &HttpFetcher,
        canonical: &str,
        cap: u64,
    ) -> Probe {
        let key = HttpFetcher::wire_url(canonical);
        self.cells
            .get_or_init(key, || request(origins, fetcher, canonical, cap))
    }
}

fn request(origins: &Origins, fetcher: &HttpFetcher, canonical: &str, cap: u64) -> Probe {
    let response = match origins.get(fetcher, canonical, origin(canonical)) {
        Ok(r) => r,
        Err(e) => {
            return match e.redirects.first() {
                Some(h) => Probe::Redirects {
                    status: h.status,
                    location: h.location.clone(),
                },
                None => Probe::Untested(format!("{}: {}", e.kind.name(), e.message)),
            }
        }
    };
    if let Some(h) = response.redirects.first() {
        return Probe::Redirects {
            status: h.status,
            location: h.location.clone(),
        };
    }
    match response.status {
        200 => match read_declared(response, cap) {
            Ok(d) => match d.noindex {
                Some((from, value)) => Probe::Noindex(from, value),
                None => Probe::Indexable,
            },
            Err(why) => Probe::Untested(why),
        },
        s @ (404 | 410) => Probe::NotFound(s),
        s => Probe::Untested(format!("HTTP {s}")),
    }
}

#[cfg(test)]
mod tests {
    use super::says_noindex;

    #[test]
    fn noindex_for_everyone_or_for_google() {
        assert!(says_noindex("noindex, follow"));
        assert!(says_noindex("NONE"));
        assert!(says_noindex("googlebot: noindex"));
        assert!(!says_noindex("otherbot: noindex"));
        assert!(!says_noindex("unavailable_after: 2030-01-01"));
        assert!(!says_noindex("index, follow, max-snippet: 20"));
    }
}
