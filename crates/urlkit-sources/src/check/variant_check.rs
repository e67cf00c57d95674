//! The tests a checked page gets beyond its own answer: what it declares (its canonical, taken
//! from the declarations; more than one is said), the one request that tests a declared
//! canonical, and the request for each of its spellings.

use urlkit::uri::{parse, UriRef};

use super::declared::{Declared, Probe};
use super::origins::origin_of;
use super::redirects::same_request;
use super::{
    equal_to_text, plural, statuses, CanonicalFrom, Checker, Goal, Spelling, UrlCheck,
    VariantCheck, VariantVerdict, Verdict,
};
use crate::fetch::Hop;
use crate::http::HttpFetcher;
use urlkit::normalize::Level;

/// Whether a canonical href is written relative to the page (no scheme: `/x/`, `x`,
/// `//host/x`).
fn is_relative(href: &str) -> bool {
    parse(href).map_or(true, |u| u.scheme().is_none())
}

impl Checker {
    /// Takes the first canonical `d` declares (the `Link` header's, else the head's) as the
    /// page's, and notes a relative one.
    pub(super) fn take_canonical(&self, c: &mut UrlCheck, d: &Declared) {
        c.head_truncated = d.truncated;
        let all = d.resolved();
        let Some((first, from, written)) = all.first() else {
            return;
        };
        c.canonical_from = Some(if *from == "link-header" {
            CanonicalFrom::LinkHeader
        } else {
            CanonicalFrom::LinkElement
        });
        match first {
            Ok(url) => {
                if is_relative(written) {
                    c.notes.push(format!(
                        "the canonical is written relative ({written:?}), resolved as {url}: \
                         search engines ask for an absolute URL"
                    ));
                }
                c.canonical = Some(url.clone());
            }
            Err(why) => c.canonical_unusable = Some(why.clone()),
        }
    }

    /// Tests the canonical of a page that answered 200 itself: conflicting declarations, and
    /// one request (per distinct canonical per run) for how the canonical answers.
    pub(super) fn test_canonical(&self, fetcher: &HttpFetcher, c: &mut UrlCheck, d: &Declared) {
        if !matches!(c.verdict, Verdict::Ok | Verdict::CanonicalElsewhere)
            || !c.redirects.is_empty()
        {
            return;
        }
        let Some(canonical) = c.canonical.clone() else {
            return;
        };
        let first_from = c.canonical_from.map_or("", |f| f.name());
        let other = d
            .resolved()
            .into_iter()
            .filter_map(|(r, from, _)| r.ok().map(|u| (u, from)))
            .find(|(u, _)| !same_request(u, &canonical));
        if let Some((other, from)) = other {
            c.verdict = Verdict::CanonicalMultiple;
            c.message = format!(
                "200, declares more than one canonical: {canonical} ({first_from}) and {other} \
                 ({from}): search engines trust neither"
            );
            return;
        }
        let own = c.final_url.clone().unwrap_or_else(|| c.url.clone());
        let probe = if same_request(&canonical, &own) {
            // Its own canonical, byte for byte: the page's own answer is the test.
            match &d.noindex {
                Some((from, value)) => Probe::Noindex(from, value.clone()),
                None => Probe::Indexable,
            }
        } else {
            self.probes
                .probe(&self.origins, fetcher, &canonical, self.options.max_body)
        };
        let was = if c.verdict == Verdict::Ok {
            match c.rules.as_slice() {
                [] => String::new(),
                rules => format!(" (equal to the URL at safe: {})", super::rule_names(rules)),
            }
        } else {
            " (another URL)".to_owned()
        };
        match probe {
            Probe::Indexable => c.canonical_status = Some(200),
            Probe::Redirects { status, location } => {
                c.canonical_status = Some(status);
                c.verdict = Verdict::CanonicalRedirects;
                c.message = format!(
                    "200, but its canonical {canonical}{was} answers {status} to {location}: a \
                     canonical that redirects is broken for search engines"
                );
            }
            Probe::NotFound(status) => {
                c.canonical_status = Some(status);
                c.verdict = Verdict::CanonicalNotFound;
                c.message =
                    format!("200, but its canonical {canonical}{was} answers HTTP {status}");
            }
            Probe::Noindex(from, value) => {
                c.canonical_status = Some(200);
                c.verdict = Verdict::CanonicalNoindex;
                c.message = format!(
                    "200, but its canonical {canonical}{was} says noindex ({from}: {value})"
                );
            }
            Probe::Untested(why) => c.notes.push(format!(
                "its canonical {canonical} could not be tested: {why}"
            )),
        }
    }

    /// Requests one spelling `url` (`parsed` as the caller read it) of a page whose canonical
    /// is `target`.
    pub(super) fn check_variant(
        &self,
        fetcher: &HttpFetcher,
        spelling: Spelling,
        parsed: Option<&UriRef<'_>>,
        url: &str,
        target: &Goal<'_>,
    ) -> VariantCheck {
        let mut v = VariantCheck {
            spelling,
            url: url.to_owned(),
            status: None,
            location: None,
            same_as: None,
            verdict: VariantVerdict::Fails,
            message: String::new(),
        };
        let mut response = match self.origins.get(fetcher, url, parsed.and_then(origin_of)) {
            Ok(r) => r,
            Err(e) => {
                v.status = e.redirects.first().map(|h| h.status);
                v.location = e.redirects.first().map(|h| h.location.clone());
                v.message = e.message;
                return v;
            }
        };
        let Some(first) = response.redirects.first() else {
            v.status = Some(response.status);
            (v.verdict, v.message) = match response.status {
                200 => match self.soft_404(fetcher, &mut response, parsed) {
                    Ok(Some(why)) => (
                        VariantVerdict::Soft404,
                        format!("answers 200 with the site's not-found page (a soft 404): {why}"),
                    ),
                    Ok(None) => self.duplicate(response, target),
                    Err(why) => (VariantVerdict::Fails, format!("200, but {why}")),
                },
                s @ (404 | 410) => (
                    VariantVerdict::NotServed,
                    format!("HTTP {s}: a spelling the site does not serve"),
                ),
                s => (VariantVerdict::Fails, format!("HTTP {s}")),
            };
            return v;
        };
        v.status = Some(first.status);
        v.location = Some(first.location.clone());
        let last = response.redirects.last().unwrap_or(first);
        let permanent = response.redirects.iter().all(Hop::is_permanent);
        let hops = response.redirects.len();
        let to_canonical = target.same_request(&last.location);
        let spelling_of_canonical = !to_canonical
            && target.uri.is_some_and(|t| {
                equal_to_text(t, &last.location).is_some_and(|(l, _)| l <= Level::Safe)
            });
        (v.verdict, v.message) = match (to_canonical, permanent) {
            (false, _) if spelling_of_canonical => (
                VariantVerdict::RedirectsElsewhere,
                format!(
                    "redirects to {}, another spelling of the canonical {target}, not the \
                     canonical itself",
                    last.location
                ),
            ),
            (true, true) => (
                VariantVerdict::CanonicalRedirect,
                format!("{hops} permanent redirect{} to the canonical", plural(hops)),
            ),
            (true, false) => (
                VariantVerdict::TemporaryRedirect,
                format!(
                    "redirects to the canonical, but not permanently ({})",
                    statuses(&response.redirects)
                ),
            ),
            (false, _) => (
                VariantVerdict::RedirectsElsewhere,
                format!(
                    "redirects to {}, not to the canonical {target}",
                    last.location
                ),
            ),
        };
        v
    }

    /// The verdict of a spelling that answers 200 itself: whether it declares `target` as its
    /// canonical.
    fn duplicate(
        &self,
        response: crate::fetch::Response,
        target: &Goal<'_>,
    ) -> (VariantVerdict, String) {
        let declared = super::declared::read_declared(response, self.options.max_body);
        let canonical = match &declared {
            Ok(d) => d.resolved().into_iter().next().and_then(|(r, _, _)| r.ok()),
            Err(_) => None,
        };
        match (canonical, declared) {
            (Some(c), _) if target.same_request(&c) => (
                VariantVerdict::DuplicateCanonicalized,
                "answers 200 itself and declares the canonical: a second URL search engines fold \
                 into the canonical"
                    .to_owned(),
            ),
            (Some(c), _) => (
                VariantVerdict::Duplicate,
                format!("answers 200 itself: duplicate content (its canonical is {c})"),
            ),
            (None, Err(why)) => (
                VariantVerdict::Duplicate,
                format!("answers 200 itself: duplicate content ({why})"),
            ),
            (None, Ok(_)) => (
                VariantVerdict::Duplicate,
                "answers 200 itself: duplicate content (it declares no canonical)".to_owned(),
            ),
        }
    }
}
