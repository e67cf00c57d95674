//! The verdict of a URL's own answer: its status, its redirects, the canonical it declares
//! (tested by its own request), whether it is the site's not-found page, and for a missing
//! page what the link most likely meant.

use urlkit::normalize::Level;
use urlkit::uri::UriRef;

use super::declared::{read_declared, Declared};
use super::{equal_at, equal_to_text, plural, rule_names, scheme_of, Checker, UrlCheck, Verdict};
use crate::fetch::{FetchError, FetchErrorKind, Hop, Response};
use crate::http::HttpFetcher;
use crate::policy::is_http_url;

impl Checker {
    /// The check of `url` from its answer.
    pub(super) fn judge(
        &self,
        fetcher: &HttpFetcher,
        u: &UriRef<'_>,
        mut response: Response,
    ) -> UrlCheck {
        let url = u.as_str();
        let status = response.status;
        let redirects = std::mem::take(&mut response.redirects);
        let offsite = (300..400).contains(&status) && !redirects.is_empty();
        let mut c = UrlCheck {
            status: Some(status),
            redirects,
            offsite,
            final_url: Some(response.url.clone()),
            ..unjudged(url)
        };
        let mut declared = None;
        let mut soft = None;
        if status == 200 && c.redirects.is_empty() {
            match self.soft_404(fetcher, &mut response, Some(u)) {
                Ok(why) => soft = why,
                Err(why) => {
                    c.message = format!("200, but {why}");
                    return c;
                }
            }
        }
        if status == 200 {
            match read_declared(response, self.options.max_body) {
                Ok(d) => {
                    self.take_canonical(&mut c, &d);
                    declared = Some(d);
                }
                Err(why) => {
                    // A head never read (it trickled past the timeout, the connection broke)
                    // says nothing about the canonical: the check failed.
                    c.verdict = Verdict::Error;
                    c.message = why;
                    return c;
                }
            }
        }
        let hops = c.redirects.len();
        if hops > 0 {
            judge_redirects(&mut c, status, hops);
            return c;
        }
        judge_answer(&mut c, u, status, declared.as_ref());
        if let Some(why) = soft {
            c.verdict = Verdict::Soft404;
            c.message = format!("200, but it is the site's not-found page (a soft 404): {why}");
            (c.level, c.rules) = (None, Vec::new());
        }
        if let Some(d) = &declared {
            self.test_canonical(fetcher, &mut c, d);
        }
        if matches!(
            c.verdict,
            Verdict::Soft404 | Verdict::NotFound | Verdict::Gone
        ) {
            self.explain_missing(fetcher, &mut c);
        }
        c
    }
}

/// The verdict of an answer that came after `hops` (at least one) redirects.
fn judge_redirects(c: &mut UrlCheck, status: u16, hops: usize) {
    let offsite = c.offsite;
    c.verdict = if hops == 1 {
        Verdict::Redirects
    } else {
        Verdict::RedirectChain
    };
    let permanent = if c.redirects.iter().all(Hop::is_permanent) {
        "permanently"
    } else {
        "not permanently"
    };
    let last = &c.redirects[hops - 1].location;
    c.message = if offsite {
        format!(
            "{hops} redirect{} ({permanent}) to {last}, off the site: not followed",
            plural(hops)
        )
    } else {
        let target = match (&c.canonical, status) {
            (Some(canonical), _) => {
                let same = equal_at(last, canonical);
                c.level = same.as_ref().map(|s| s.0);
                c.rules = match same {
                    Some((_, rules)) => rules,
                    // Not equal at any level: no rule makes them so.
                    None => Vec::new(),
                };
                if c.level.is_some_and(|l| l <= Level::Safe) {
                    "its own canonical".to_owned()
                } else {
                    format!("not its canonical {canonical}")
                }
            }
            (None, 200) => "declaring no canonical".to_owned(),
            (None, s) => format!("answering HTTP {s}"),
        };
        format!(
            "{hops} redirect{} ({permanent}) to {last}, {target}",
            plural(hops)
        )
    };
}

/// The verdict of an answer without a redirect: by its status, and for a 200 by the canonical
/// it declares.
fn judge_answer(c: &mut UrlCheck, u: &UriRef<'_>, status: u16, declared: Option<&Declared>) {
    match status {
        200 => match c.canonical.clone() {
            None => {
                c.verdict = Verdict::Ok;
                c.message = match &c.canonical_unusable {
                    Some(why) => format!("200, declares a canonical that is not a URL: {why}"),
                    None => "200, no canonical declared".into(),
                };
                if let Some((from, value)) = declared.and_then(|d| d.noindex.clone()) {
                    c.notes
                        .push(format!("the page says noindex ({from}: {value})"));
                }
            }
            Some(canonical) if !is_http_url(&canonical) => {
                c.verdict = Verdict::CanonicalNotWeb;
                c.message = format!(
                    "200, declares a canonical that is not a web URL ({}:): search engines \
                     ignore it",
                    scheme_of(&canonical)
                );
            }
            Some(canonical) => match equal_to_text(u, &canonical) {
                Some((level, rules)) if level <= Level::Safe => {
                    c.verdict = Verdict::Ok;
                    c.message = if rules.is_empty() {
                        "200, its own canonical".into()
                    } else {
                        format!("200, its own canonical ({})", rule_names(&rules))
                    };
                    c.level = Some(level);
                    c.rules = rules;
                }
                other => {
                    c.verdict = Verdict::CanonicalElsewhere;
                    c.message = match &other {
                        Some((level, rules)) => format!(
                            "200, canonical is {canonical}: equal only at {} ({})",
                            level.name(),
                            rule_names(rules)
                        ),
                        None => format!("200, canonical is {canonical}: another URL"),
                    };
                    if let Some((level, rules)) = other {
                        c.level = Some(level);
                        c.rules = rules;
                    }
                }
            },
        },
        404 => {
            c.verdict = Verdict::NotFound;
            c.message = "404 Not Found".into();
        }
        410 => {
            c.verdict = Verdict::Gone;
            c.message = "410 Gone".into();
        }
        s if (300..400).contains(&s) => {
            c.verdict = Verdict::Error;
            c.message = format!("HTTP {s} without a Location to follow");
        }
        s => {
            c.verdict = Verdict::Error;
            c.message = format!("HTTP {s}");
        }
    }
}

/// The check of a URL that got no usable answer.
pub(super) fn failed(url: &str, e: FetchError) -> UrlCheck {
    let verdict = match e.kind {
        FetchErrorKind::RedirectLoop | FetchErrorKind::TooManyRedirects => Verdict::RedirectLoop,
        _ => Verdict::Error,
    };
    UrlCheck {
        status: e.redirects.last().map(|h| h.status),
        redirects: e.redirects,
        verdict,
        message: format!("{}: {}", e.kind.name(), e.message),
        ..unjudged(url)
    }
}

/// The check of `url` before anything is known of it: no answer, verdict `error`.
fn unjudged(url: &str) -> UrlCheck {
    UrlCheck {
        url: url.to_owned(),
        request: HttpFetcher::wire_url(url),
        status: None,
        redirects: Vec::new(),
        offsite: false,
        final_url: None,
        canonical: None,
        canonical_from: None,
        canonical_unusable: None,
        verdict: Verdict::Error,
        level: None,
        rules: Vec::new(),
        message: String::new(),
        head_truncated: false,
        canonical_status: None,
        notes: Vec::new(),
        meant: None,
        variants: Vec::new(),
    }
}
