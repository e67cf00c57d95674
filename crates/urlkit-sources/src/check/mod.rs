//! Checking a live site's URLs (the `http` feature): for each URL the status, every redirect
//! hop, the final URL, the canonical URL the page declares, and a verdict that names the
//! comparison rules; optionally the same for the spellings of the URL that users and tools
//! produce. Fetching goes through [`HttpFetcher`] and its policy (http(s) only, a hop limit,
//! addresses, budget, rate), redirects off the site are reported and not followed, and only
//! as much of a body as its HTML head needs is read.

mod declared;
mod head;
mod judge;
mod meant;
mod once;
mod origins;
mod redirects;
mod soft404;
mod variant_check;
mod variants;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use urlkit::compare::lowest_equal_level_parsed;
use urlkit::normalize::{Level, Options, Rule};
use urlkit::uri::{parse, UriRef};

use declared::Probes;
pub use head::{link_canonical, read_head, Head};
use judge::failed;
use origins::origin_of;
use redirects::WireRequest;
pub use redirects::{
    plan_redirects, write_rules, NotWritten, Redirect, RedirectPlan, RedirectServer, Rules,
};
pub use soft404::NOT_FOUND_PROBE;
pub use variants::{variants, Spelling};

use crate::fetch::{Fetcher, Hop};
use crate::http::HttpFetcher;
use crate::policy::{is_http_url, Offsite, Start};

/// The verdict about one URL.
///
/// ```
/// use urlkit_sources::check::Verdict;
/// assert_eq!(Verdict::CanonicalElsewhere.name(), "canonical-elsewhere");
/// assert_eq!(Verdict::from_name("gone"), Some(Verdict::Gone));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// 200, and the canonical the page declares is the URL itself at `safe` (or it declares
    /// none).
    Ok,
    /// 200, and the page names another URL as canonical.
    CanonicalElsewhere,
    /// 200, and the canonical the page declares is not a web URL (`javascript:`, `data:`,
    /// `file:`, `mailto:`, ...): no search engine can use it, and it is no other page.
    CanonicalNotWeb,
    /// 200, and the canonical it declares answers with a redirect: search engines and site
    /// auditors call such a canonical broken, even when it is the URL itself at `safe` (a
    /// page in lowercase hex naming its uppercase-hex spelling, which 301s back).
    CanonicalRedirects,
    /// 200, and the canonical it declares answers 404 or 410.
    CanonicalNotFound,
    /// 200, and the canonical it declares (or the page itself, when it is its own canonical)
    /// says `noindex` (`meta robots` or `X-Robots-Tag`).
    CanonicalNoindex,
    /// 200, and the page declares more than one canonical (the `Link` header and the head, or
    /// two `<link>` elements, naming different URLs): search engines then trust none.
    CanonicalMultiple,
    /// 200, but the page is the site's not-found page (what the site answers, with 200, for a
    /// path no site has: [`NOT_FOUND_PROBE`]): a soft 404.
    Soft404,
    /// One redirect.
    Redirects,
    /// More than one redirect.
    RedirectChain,
    /// A redirect back to a URL already requested (or more redirects than the limit).
    RedirectLoop,
    /// 404.
    NotFound,
    /// 410.
    Gone,
    /// Anything else: no answer, a timeout, a refused redirect, a 5xx, a spent budget.
    Error,
}

impl Verdict {
    /// Every verdict, in report order.
    pub const ALL: [Verdict; 14] = [
        Verdict::Ok,
        Verdict::CanonicalElsewhere,
        Verdict::CanonicalNotWeb,
        Verdict::CanonicalRedirects,
        Verdict::CanonicalNotFound,
        Verdict::CanonicalNoindex,
        Verdict::CanonicalMultiple,
        Verdict::Soft404,
        Verdict::Redirects,
        Verdict::RedirectChain,
        Verdict::RedirectLoop,
        Verdict::NotFound,
        Verdict::Gone,
        Verdict::Error,
    ];

    /// The kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::CanonicalElsewhere => "canonical-elsewhere",
            Verdict::CanonicalNotWeb => "canonical-not-web",
            Verdict::CanonicalRedirects => "canonical-redirects",
            Verdict::CanonicalNotFound => "canonical-not-found",
            Verdict::CanonicalNoindex => "canonical-noindex",
            Verdict::CanonicalMultiple => "canonical-multiple",
            Verdict::Soft404 => "soft-404",
            Verdict::Redirects => "redirects",
            Verdict::RedirectChain => "redirect-chain",
            Verdict::RedirectLoop => "redirect-loop",
            Verdict::NotFound => "not-found",
            Verdict::Gone => "gone",
            Verdict::Error => "error",
        }
    }

    /// The verdict named `name`.
    pub fn from_name(name: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.name() == name)
    }
}

/// The verdict about one spelling of a URL.
///
/// ```
/// use urlkit_sources::check::VariantVerdict;
/// assert_eq!(VariantVerdict::CanonicalRedirect.name(), "redirects-to-canonical");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VariantVerdict {
    /// Redirects permanently (301, 308) to the canonical URL: what seed 002 asks for.
    CanonicalRedirect,
    /// Redirects to the canonical URL, but not permanently (302, 303, 307).
    TemporaryRedirect,
    /// Answers 200 itself and declares the canonical URL as its canonical: a second URL of
    /// the page that search engines fold into the canonical.
    DuplicateCanonicalized,
    /// Answers 200 itself: the same page under a second URL, declaring no canonical or
    /// another one.
    Duplicate,
    /// Redirects somewhere that is not the canonical URL as the page declares it (another
    /// spelling of it, equal only at `safe`, is a second URL of the page).
    RedirectsElsewhere,
    /// 404 or 410: a spelling the site does not serve (no second URL; a redirect would still
    /// keep the links that use it).
    NotServed,
    /// 200, but with the site's not-found page: a spelling the site does not serve, said
    /// with the wrong status (a soft 404).
    Soft404,
    /// Sent as the same request as a spelling before it (the raw IRI of a lowercase-hex URL
    /// goes on the wire as its uppercase-hex spelling): its answer is that spelling's, not
    /// requested again and not counted again.
    SameRequest,
    /// No usable answer: a 5xx or another 4xx, a timeout, no connection, a refused redirect.
    Fails,
}

impl VariantVerdict {
    /// Every verdict, in report order.
    pub const ALL: [VariantVerdict; 9] = [
        VariantVerdict::CanonicalRedirect,
        VariantVerdict::TemporaryRedirect,
        VariantVerdict::DuplicateCanonicalized,
        VariantVerdict::Duplicate,
        VariantVerdict::RedirectsElsewhere,
        VariantVerdict::NotServed,
        VariantVerdict::Soft404,
        VariantVerdict::SameRequest,
        VariantVerdict::Fails,
    ];

    /// The kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            VariantVerdict::CanonicalRedirect => "redirects-to-canonical",
            VariantVerdict::TemporaryRedirect => "temporary-redirect-to-canonical",
            VariantVerdict::DuplicateCanonicalized => "duplicate-canonicalized",
            VariantVerdict::Duplicate => "duplicate",
            VariantVerdict::RedirectsElsewhere => "redirects-elsewhere",
            VariantVerdict::NotServed => "not-served",
            VariantVerdict::Soft404 => "soft-404",
            VariantVerdict::SameRequest => "same-request",
            VariantVerdict::Fails => "fails",
        }
    }

    /// The verdict named `name`.
    pub fn from_name(name: &str) -> Option<VariantVerdict> {
        VariantVerdict::ALL.into_iter().find(|v| v.name() == name)
    }
}

/// Where a page declared its canonical URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CanonicalFrom {
    /// A `Link: <...>; rel="canonical"` header (it wins over the HTML, being read first).
    LinkHeader,
    /// `<link rel="canonical">` in the HTML head.
    LinkElement,
}

impl CanonicalFrom {
    /// `link-header` or `link-element`.
    pub fn name(self) -> &'static str {
        match self {
            CanonicalFrom::LinkHeader => "link-header",
            CanonicalFrom::LinkElement => "link-element",
        }
    }
}

/// What checking one URL found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlCheck {
    /// The URL as given.
    pub url: String,
    /// The URL as requested: non-ASCII characters (and the characters no URL may hold raw)
    /// percent-encoded as UTF-8, existing escapes kept.
    pub request: String,
    /// The status of the last answer (`None`: no answer).
    pub status: Option<u16>,
    /// Every redirect hop, `Location` resolved against the URL that answered it.
    pub redirects: Vec<Hop>,
    /// The last redirect left the site and was not followed.
    pub offsite: bool,
    /// The URL that gave the last answer.
    pub final_url: Option<String>,
    /// The canonical URL the final page declares, resolved against it.
    pub canonical: Option<String>,
    /// Where it was declared.
    pub canonical_from: Option<CanonicalFrom>,
    /// A canonical the page declares that could not be used (it does not resolve to a URL),
    /// and why; [`UrlCheck::canonical`] is then `None`.
    pub canonical_unusable: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// The lowest comparison level at which the URL (or, for a redirect, its target) and the
    /// canonical are equal, when they are.
    pub level: Option<Level>,
    /// The rules that make them equal at that level.
    pub rules: Vec<Rule>,
    /// The verdict in words.
    pub message: String,
    /// The body cap was reached before the HTML head ended.
    pub head_truncated: bool,
    /// The status of the declared canonical's own first answer, when it was requested.
    pub canonical_status: Option<u16>,
    /// What else is worth saying (a relative canonical, a canonical that could not be
    /// tested, the URL a broken link most likely meant).
    pub notes: Vec<String>,
    /// For a URL that is not found (or a soft 404) and has a lint finding that explains it
    /// (double encoding, a legacy charset, mojibake): the URL the link most likely meant.
    pub meant: Option<Meant>,
    /// The spellings checked ([`CheckOptions::variants`]; only for a URL that answers 200
    /// without a redirect).
    pub variants: Vec<VariantCheck>,
}

/// The URL a broken link most likely meant, by the lint finding that explains the break.
///
/// ```
/// use urlkit_sources::check::Meant;
/// let m = Meant { url: "https://a/%E6%97%A5".into(), rule: "double-encoding", status: Some(200) };
/// assert_eq!(m.rule, "double-encoding");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meant {
    /// The URL, the finding's fix applied.
    pub url: String,
    /// The lint rule (`double-encoding`, `legacy-charset`, `mojibake`, `latin1-mojibake`).
    pub rule: &'static str,
    /// Its first answer's status (`None`: no answer).
    pub status: Option<u16>,
}

/// What requesting one spelling found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantCheck {
    /// The spelling.
    pub spelling: Spelling,
    /// The URL in that spelling.
    pub url: String,
    /// The status of its first answer (`None`: no answer).
    pub status: Option<u16>,
    /// The first redirect's `Location`, resolved.
    pub location: Option<String>,
    /// The spelling whose request it is ([`VariantVerdict::SameRequest`]).
    pub same_as: Option<Spelling>,
    /// The verdict.
    pub verdict: VariantVerdict,
    /// The verdict in words.
    pub message: String,
}

/// How to check.
///
/// ```
/// use urlkit_sources::check::CheckOptions;
/// let o = CheckOptions::default();
/// assert_eq!((o.max_body, o.variants, o.skip.len()), (1024 * 1024, false, 0));
/// ```
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// Read at most this many bytes of a body looking for the end of its HTML head.
    pub max_body: u64,
    /// Also request the URL's other spellings.
    pub variants: bool,
    /// The spellings not to request (a site known to have no https, no `www.`).
    pub skip: Vec<Spelling>,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            max_body: 1024 * 1024,
            variants: false,
            skip: Vec::new(),
        }
    }
}

/// Checks URLs with a fetcher that does not follow redirects off the site (unless it was
/// made to).
///
/// ```no_run
/// use urlkit_sources::{check::{Checker, CheckOptions}, HttpFetcher, Offsite};
/// let checker = Checker::new(HttpFetcher::new().offsite(Offsite::Stop), CheckOptions::default());
/// let c = checker.check("https://example.com/%E9%81%8B%E5%96%B6/");
/// println!("{} {}", c.verdict.name(), c.message);
/// ```
pub struct Checker {
    fetcher: HttpFetcher,
    options: CheckOptions,
    probes: Probes,
    origins: origins::Origins,
    not_found: soft404::NotFoundPages,
}

impl Checker {
    /// A checker.
    pub fn new(fetcher: HttpFetcher, options: CheckOptions) -> Checker {
        Checker {
            fetcher,
            options,
            probes: Probes::default(),
            origins: origins::Origins::default(),
            not_found: soft404::NotFoundPages::default(),
        }
    }

    /// The origins (`scheme://host:port`) that refused the connection or failed the TLS
    /// handshake in this run, sorted, with why: each was requested once, and every URL on it
    /// says so.
    pub fn unreachable_origins(&self) -> Vec<(String, String)> {
        self.origins.unreachable()
    }

    /// The origins that answered 200 for a path they do not have ([`NOT_FOUND_PROBE`]),
    /// sorted, each with whether that page says it found nothing: if it does, their pages
    /// were compared with it and those like it are `soft-404`; if not (a single-page app's
    /// shell), no page of theirs could be told from it.
    pub fn soft_404_origins(&self) -> Vec<(String, bool)> {
        self.not_found.answering_200()
    }

    /// Checks `url`, a URL the user gave (a [`Start`] of its own), and its spellings when
    /// asked.
    pub fn check(&self, url: &str) -> UrlCheck {
        self.check_in(url, &Start::new())
    }

    /// Checks `url` as part of `start` (a URL a fetched sitemap listed is part of the
    /// sitemap's start): it, its spellings and every redirect may reach only the address
    /// classes `start` reached.
    pub fn check_in(&self, url: &str, start: &Start) -> UrlCheck {
        let fetcher = self.fetcher.in_start(start);
        // The one parse of `url` in its check: its origin, its verdict, its spellings and
        // their requests are all read from it.
        let u = match parse(url) {
            Ok(u) => u,
            // The fetcher refuses it as the request it would have been, its start entered.
            Err(_) => match fetcher.get(url) {
                Err(e) => return failed(url, e),
                Ok(_) => unreachable!("invariant: HttpFetcher::get refuses what uri::parse does"),
            },
        };
        let mut c = match self.origins.get(&fetcher, url, origin_of(&u)) {
            Ok(response) => self.judge(&fetcher, &u, response),
            Err(e) => failed(url, e),
        };
        // The spellings of a page that answers itself; a URL that redirects is not the page.
        if self.options.variants
            && c.status == Some(200)
            && c.redirects.is_empty()
            && c.verdict != Verdict::Error
        {
            let canonical = c.canonical.clone();
            let canonical_uri = canonical.as_deref().map(parse);
            let target = match (&canonical, &canonical_uri) {
                (Some(text), Some(parsed)) => Goal::new(text, parsed.as_ref().ok()),
                _ => Goal::new(url, Some(&u)),
            };
            // A spelling sent as the same request as the URL itself (the raw IRI of a URL
            // listed in uppercase hex goes on the wire as that URL) is no other spelling.
            let own = WireRequest::of(&u);
            let (base, mut sent) = (c.variants.len(), Vec::<Option<WireRequest>>::new());
            for (spelling, v) in variants(&u) {
                let vu = parse(&v).ok();
                let request = vu.as_ref().map(WireRequest::of);
                if request.as_ref().is_some_and(|r| r.same(&own))
                    || self.options.skip.contains(&spelling)
                {
                    continue;
                }
                // Two spellings sent as the same bytes are one request (issue 29 item 2).
                let earlier = request.as_ref().and_then(|r| {
                    sent.iter()
                        .position(|p| p.as_ref().is_some_and(|p| p.same(r)))
                });
                let check = match earlier.and_then(|i| c.variants.get(base + i)) {
                    Some(p) => VariantCheck {
                        spelling,
                        url: v.clone(),
                        status: p.status,
                        location: p.location.clone(),
                        same_as: Some(p.spelling),
                        verdict: VariantVerdict::SameRequest,
                        message: format!("same request as {}", p.spelling.name()),
                    },
                    None => self.check_variant(&fetcher, spelling, vu.as_ref(), &v, &target),
                };
                c.variants.push(check);
                sent.push(request);
            }
        }
        c
    }
}

/// The URL a page's spellings should lead to (its canonical, or itself), parsed once.
pub(super) struct Goal<'a> {
    text: &'a str,
    uri: Option<&'a UriRef<'a>>,
    request: Option<WireRequest>,
}

impl<'a> Goal<'a> {
    fn new(text: &'a str, uri: Option<&'a UriRef<'a>>) -> Goal<'a> {
        Goal {
            text,
            uri,
            request: uri.map(WireRequest::of),
        }
    }

    /// Whether `url`, another URL's text, is sent as the same request as the target.
    fn same_request(&self, url: &str) -> bool {
        match (&self.request, WireRequest::of_text(url)) {
            (Some(a), Some(b)) => a.same(&b),
            _ => false,
        }
    }
}

/// The lowest level at which `a` and `b` are equal, with the rules it takes.
fn equal_at(a: &str, b: &str) -> Option<(Level, Vec<Rule>)> {
    if a == b {
        return Some((Level::Exact, Vec::new()));
    }
    equal_to(&parse(a).ok()?, &parse(b).ok()?)
}

impl std::fmt::Display for Goal<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text)
    }
}

/// [`equal_at`] of a URL already parsed and another URL's text.
fn equal_to_text(a: &UriRef<'_>, b: &str) -> Option<(Level, Vec<Rule>)> {
    if a.as_str() == b {
        return Some((Level::Exact, Vec::new()));
    }
    equal_to(a, &parse(b).ok()?)
}

/// [`equal_at`] of two URLs already parsed.
fn equal_to(a: &UriRef<'_>, b: &UriRef<'_>) -> Option<(Level, Vec<Rule>)> {
    let (level, rules) = lowest_equal_level_parsed(a, b, &Options::new(Level::Loose)).ok()?;
    Some((level?, rules))
}

/// The scheme of an absolute URL (what comes before its first `:`), for messages.
fn scheme_of(url: &str) -> &str {
    url.split_once(':').map_or("", |(scheme, _)| scheme)
}

fn rule_names(rules: &[Rule]) -> String {
    let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
    names.join(", ")
}

fn statuses(hops: &[Hop]) -> String {
    let s: Vec<String> = hops.iter().map(|h| h.status.to_string()).collect();
    s.join(", ")
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A URL to check and the start it is part of.
#[derive(Clone, Debug)]
pub struct Target {
    /// The URL.
    pub url: String,
    /// Its start: a fresh one for a URL the user gave, the source's for a URL a fetched
    /// document listed.
    pub start: Start,
}

impl Target {
    /// A URL the user gave: a start of its own.
    pub fn given(url: impl Into<String>) -> Target {
        Target {
            url: url.into(),
            start: Start::new(),
        }
    }
}

/// Checks `targets` on `threads` threads (at least one); `done` gets each result with its
/// index as it comes (not in order), on the calling thread.
///
/// ```no_run
/// use urlkit_sources::{check::{check_all, Checker, CheckOptions, Target}, HttpFetcher, Offsite};
/// let checker = Checker::new(HttpFetcher::new().offsite(Offsite::Stop), CheckOptions::default());
/// let targets = vec![Target::given("https://example.com/")];
/// check_all(&checker, &targets, 4, &mut |i, c| println!("{i} {}", c.verdict.name()));
/// ```
pub fn check_all(
    checker: &Checker,
    targets: &[Target],
    threads: usize,
    done: &mut dyn FnMut(usize, UrlCheck),
) {
    let next = AtomicUsize::new(0);
    let threads = threads.clamp(1, targets.len().max(1));
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::sync_channel::<(usize, UrlCheck)>(threads * 2);
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(t) = targets.get(i) else { break };
                if tx.send((i, checker.check_in(&t.url, &t.start))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, c) in rx {
            done(i, c);
        }
    });
}

impl Checker {
    /// The fetcher, for a reader that needs to share its budget.
    pub fn fetcher(&self) -> &HttpFetcher {
        &self.fetcher
    }
}

/// The offsite rule for a checker: `--follow-offsite` or not.
///
/// ```
/// use urlkit_sources::{check::offsite_rule, Offsite};
/// assert_eq!(offsite_rule(false), Offsite::Stop);
/// ```
pub fn offsite_rule(follow: bool) -> Offsite {
    if follow {
        Offsite::Follow
    } else {
        Offsite::Stop
    }
}
