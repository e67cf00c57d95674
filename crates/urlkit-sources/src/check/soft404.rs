//! Soft 404s: pages that answer 200 but are the site's not-found page (a Next.js catch-all
//! route, a theme that renders "nothing here" without the status). Per origin, one request to
//! a path no site has gives the not-found page; a 200 page that looks like it is `soft-404`.
//!
//! Spec: <https://developers.google.com/search/docs/crawling-indexing/http-network-errors#soft-404-errors>

use std::hash::{Hash, Hasher};
use std::io::Read;

use super::head::read_head;
use super::once::OnceMap;
use super::origins::{origin_of, Origins};
use crate::fetch::Response;
use crate::http::HttpFetcher;
use urlkit::uri::UriRef;

/// The path requested on each origin to see its not-found page: no site has it.
pub const NOT_FOUND_PROBE: &str = "/urlkit-no-such-page-5f0c7e1a/";

/// What a body looks like, for telling the not-found page when it answers 200.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Fingerprint {
    /// The head's `<title>`, whitespace collapsed.
    title: Option<String>,
    /// The body's length, the requested path's occurrences left out.
    bytes: u64,
    /// A hash of the body, the requested path's occurrences left out.
    hash: u64,
}

/// How an origin answers a path it does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum NotFoundPage {
    /// With a status that says so (404, 410), a redirect or an error: its 200 pages are
    /// pages.
    Honest,
    /// With 200 and a page that says it found nothing: a page that looks like this is its
    /// not-found page.
    Soft(Fingerprint),
    /// With 200 and a page that does not say it found nothing (a single-page app's shell, a
    /// catch-all that serves one page everywhere): its pages cannot be told from it by
    /// their HTML, so none is called a soft 404.
    Shell,
}

/// What a not-found page says, lowercased: in its title (or, but for `404`, anywhere in its
/// body), in the languages of the sites urlkit is asked about most.
const SAYS_NOT_FOUND: [&str; 16] = [
    "not found",
    "could not be found",
    "cannot be found",
    "can't be found",
    "does not exist",
    "doesn't exist",
    "no longer available",
    "見つかりません",
    "見つかりませんでした",
    "存在しません",
    "찾을 수 없",
    "找不到",
    "introuvable",
    "nicht gefunden",
    "no encontrad",
    "non trovat",
];

/// Whether a page says it found nothing.
///
/// # Rationale
///
/// A made-up path that answers 200 is a soft 404 only when the page says so; a single-page
/// app answers every path with its shell, which is also every real page's HTML, and calling
/// its pages soft 404s would be wrong about all of them. `404` alone counts only in the title:
/// in a body it is as often part of a hash or a number.
fn says_not_found(title: Option<&str>, body: &[u8]) -> bool {
    let title = title.map(str::to_lowercase);
    let in_title = |p: &str| title.as_deref().is_some_and(|t| t.contains(p));
    if in_title("404") {
        return true;
    }
    let body = String::from_utf8_lossy(body).to_lowercase();
    SAYS_NOT_FOUND
        .iter()
        .any(|p| in_title(p) || body.contains(p))
}

/// Why a 200 page is the site's not-found page, in words.
pub(super) fn same_page(page: &Fingerprint, not_found: &Fingerprint) -> Option<String> {
    if page.hash == not_found.hash {
        return Some("the same body as the page it answers for a made-up path".to_owned());
    }
    let title = page
        .title
        .as_deref()
        .filter(|t| Some(*t) == not_found.title.as_deref())?;
    let apart = page.bytes.abs_diff(not_found.bytes);
    (apart <= SIZE_SLACK).then(|| {
        format!(
            "the title {title:?} and the size ({} bytes, {apart} from it) of the page it answers \
             for a made-up path",
            page.bytes
        )
    })
}

/// How far in bytes two renderings of the not-found page may differ in size, once the
/// requested path is left out.
///
/// # Rationale
///
/// A title alone would call every page of a site whose pages share one title soft 404s; the
/// size alone every page of the template's size. Both together, within what two made-up paths
/// change of a rendering (a route echoed in an inline script, a nonce, a timestamp), are what
/// the same template says of a missing page; a page with its own content is kilobytes apart.
const SIZE_SLACK: u64 = 512;

/// Per origin, its not-found page: requested once per run, whichever thread asks first.
#[derive(Default)]
pub(super) struct NotFoundPages {
    cells: OnceMap<NotFoundPage>,
}

impl NotFoundPages {
    /// How `origin` (a URL's, `None` for one without) answers a made-up path.
    pub(super) fn of(
        &self,
        origins: &Origins,
        fetcher: &HttpFetcher,
        origin: Option<String>,
        cap: u64,
    ) -> NotFoundPage {
        let Some(origin) = origin else {
            return NotFoundPage::Honest;
        };
        self.cells
            .get_or_init(origin.clone(), || request(origins, fetcher, &origin, cap))
    }

    /// The origins that answer a made-up path with 200, sorted, each with whether that page
    /// says it found nothing (then pages like it were called soft 404s; else none could be).
    pub(super) fn answering_200(&self) -> Vec<(String, bool)> {
        self.cells.answered(|page| match page {
            NotFoundPage::Soft(_) => Some(true),
            NotFoundPage::Shell => Some(false),
            NotFoundPage::Honest => None,
        })
    }
}

fn request(origins: &Origins, fetcher: &HttpFetcher, origin: &str, cap: u64) -> NotFoundPage {
    let url = format!("{origin}{NOT_FOUND_PROBE}");
    match origins.get(fetcher, &url, Some(origin.to_owned())) {
        Ok(mut r) if r.status == 200 && r.redirects.is_empty() => match read_body(&mut r, cap) {
            Ok(body) => {
                let print = fingerprint(&body, Some(NOT_FOUND_PROBE));
                if says_not_found(print.title.as_deref(), &body) {
                    NotFoundPage::Soft(print)
                } else {
                    NotFoundPage::Shell
                }
            }
            Err(_) => NotFoundPage::Honest,
        },
        _ => NotFoundPage::Honest,
    }
}

/// The body of `response`, at most `cap` bytes (the rest is not read).
pub(super) fn read_body(response: &mut Response, cap: u64) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    let reader = std::mem::replace(&mut response.body, Box::new(std::io::empty()));
    reader.take(cap).read_to_end(&mut body).map_err(|e| {
        format!(
            "the body could not be read ({e}, after {} bytes)",
            body.len()
        )
    })?;
    Ok(body)
}

impl super::Checker {
    /// Whether a 200 answer without a redirect is its site's not-found page, and why; its body
    /// is then read here (at most the body cap) and handed back for the head reader. Why the
    /// body could not be read, when it could not. `requested` is the URL that was asked for
    /// (parsed by the caller; the answer came without a redirect, so it is the answer's URL).
    pub(super) fn soft_404(
        &self,
        fetcher: &HttpFetcher,
        response: &mut Response,
        requested: Option<&UriRef<'_>>,
    ) -> Result<Option<String>, String> {
        let cap = self.options.max_body;
        let origin = requested.and_then(origin_of);
        let NotFoundPage::Soft(not_found) = self.not_found.of(&self.origins, fetcher, origin, cap)
        else {
            return Ok(None);
        };
        let body = read_body(response, cap)?;
        // Percent-encoding for the wire changes characters one by one: the path as sent.
        let path = requested.map(|u| HttpFetcher::wire_url(u.path()));
        let why = same_page(&fingerprint(&body, path.as_deref()), &not_found);
        response.body = Box::new(std::io::Cursor::new(body));
        Ok(why)
    }
}

/// The fingerprint of `body`, the answer to a request for `path` (its occurrences, as sent and
/// percent-decoded, left out: a not-found page often says what was not found). Without a
/// path (a URL that does not parse as RFC 3986 has none to find) the whole body counts, which
/// can only make a match less likely.
pub(super) fn fingerprint(body: &[u8], path: Option<&str>) -> Fingerprint {
    let head = read_head(body, body.len() as u64);
    let masked = match path {
        Some(path) => {
            let decoded = urlkit::codec::percent_decode(path.as_bytes());
            without(&without(body, path.as_bytes()), &decoded)
        }
        None => body.to_vec(),
    };
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    masked.hash(&mut hasher);
    Fingerprint {
        title: head.title,
        bytes: masked.len() as u64,
        hash: hasher.finish(),
    }
}

/// `body` without the occurrences of `needle` (a `needle` of one byte or less leaves it).
fn without(body: &[u8], needle: &[u8]) -> Vec<u8> {
    if needle.len() < 2 {
        return body.to_vec();
    }
    let mut out = Vec::with_capacity(body.len());
    let mut at = 0;
    // Non-overlapping, left to right: of an overlapping run, the first is left out.
    for found in memchr::memmem::find_iter(body, needle) {
        out.extend_from_slice(&body[at..found]);
        at = found + needle.len();
    }
    out.extend_from_slice(&body[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(title: &str, text: &str) -> Vec<u8> {
        format!("<html><head><title>{title}</title></head><body>{text}</body></html>").into_bytes()
    }

    #[test]
    fn the_not_found_page_for_another_path_is_the_same_page() {
        let probe = fingerprint(
            &page("Not found", &format!("No page at {NOT_FOUND_PROBE}.")),
            Some(NOT_FOUND_PROBE),
        );
        let other = fingerprint(
            &page("Not found", "No page at /blog/日本/."),
            Some("/blog/%E6%97%A5%E6%9C%AC/"),
        );
        assert_eq!(other.hash, probe.hash);
        assert!(same_page(&other, &probe).is_some());
    }

    /// The byte-at-a-time reading of [`without`], for comparing.
    fn without_naive(body: &[u8], needle: &[u8]) -> Vec<u8> {
        if needle.len() < 2 {
            return body.to_vec();
        }
        let (mut out, mut i) = (Vec::new(), 0);
        while i < body.len() {
            if body[i..].starts_with(needle) {
                i += needle.len();
            } else {
                out.push(body[i]);
                i += 1;
            }
        }
        out
    }

    #[test]
    fn without_leaves_out_what_the_naive_reading_does() {
        for (body, needle) in [
            (&b"aaaaa"[..], &b"aa"[..]),
            (b"/x/ and /x/x/", b"/x/"),
            (b"abcabc", b"c"),
            (b"", b"ab"),
            (b"ab", b"abc"),
            ("運/運/".as_bytes(), "運/".as_bytes()),
        ] {
            assert_eq!(
                without(body, needle),
                without_naive(body, needle),
                "{body:?}"
            );
        }
    }

    #[test]
    fn only_a_page_that_says_so_is_a_not_found_page() {
        assert!(says_not_found(
            Some("404: This page could not be found."),
            b""
        ));
        assert!(says_not_found(
            Some("Blog"),
            "<h1>ページが見つかりません</h1>".as_bytes()
        ));
        assert!(says_not_found(
            Some("Blog"),
            b"<p>Sorry, this page doesn't exist.</p>"
        ));
        // A single-page app's shell, and a 404 that is only a number in a body.
        assert!(!says_not_found(
            Some("My App"),
            b"<div id=root></div><script src=/a404.js>"
        ));
        assert!(!says_not_found(None, b""));
    }

    #[test]
    fn a_page_of_the_same_title_with_its_own_content_is_a_page() {
        let probe = fingerprint(&page("Example", "nothing here"), Some(NOT_FOUND_PROBE));
        let real = fingerprint(
            &page("Example", &"an article. ".repeat(400)),
            Some("/post/"),
        );
        assert_eq!(same_page(&real, &probe), None);
        // The same template with a few bytes of difference (a nonce) is the not-found page.
        let nonce = fingerprint(&page("Example", "nothing here <!-- 8f3a -->"), Some("/x/"));
        assert!(same_page(&nonce, &probe).unwrap().contains("\"Example\""));
        // Without a title, only the same body tells.
        let untitled = fingerprint(&page("", "nothing here!"), Some("/x/"));
        assert_eq!(
            same_page(
                &untitled,
                &fingerprint(&page("", "nothing here"), Some("/y/"))
            ),
            None
        );
    }
}
