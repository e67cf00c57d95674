//! The record of `check --json`: one per checked URL (docs/json.md, `urlkit check --json`).

use serde::Serialize;

/// One checked URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// The canonical URL the final page declares.
    pub canonical: Option<String>,
    /// `link-header` or `link-element`.
    pub canonical_from: Option<&'static str>,
    /// The status of the canonical's own first answer, when it was requested (one request
    /// per distinct canonical per run).
    pub canonical_status: Option<u16>,
    /// The URL that gave the last answer.
    #[serde(rename = "final")]
    pub final_url: Option<String>,
    /// The HTML head did not end within `--max-body` bytes.
    pub head_truncated: bool,
    /// The URL came from a sitemap.
    pub in_sitemap: bool,
    /// The lowest level at which the URL (or its redirect target) equals the canonical.
    pub level: Option<&'static str>,
    /// For a URL not found (or a soft 404) that a lint finding explains: the URL the link most
    /// likely meant.
    pub meant: Option<Meant>,
    /// The verdict in words.
    pub message: String,
    /// What else is worth saying: a canonical written relative, a canonical that could not
    /// be tested, a page that says noindex, the URL a broken link most likely meant.
    pub notes: Vec<String>,
    /// The last redirect left the site and was not followed.
    pub offsite: bool,
    /// Every redirect hop.
    pub redirects: Vec<Hop>,
    /// The URL as requested.
    pub request: String,
    /// The rules that make it equal to the canonical at `level`.
    pub rules: Vec<&'static str>,
    /// The status of the last answer.
    pub status: Option<u16>,
    /// The URL as given.
    pub url: String,
    /// With `--variants`: how each spelling answers.
    pub variants: Vec<Variant>,
    /// `ok`, `canonical-elsewhere`, `canonical-not-web`, `canonical-redirects`,
    /// `canonical-not-found`, `canonical-noindex`, `canonical-multiple`, `soft-404`, `redirects`,
    /// `redirect-chain`, `redirect-loop`, `not-found`, `gone`, `error`.
    pub verdict: &'static str,
}

/// The URL a broken link most likely meant: `{"rule", "status", "url"}`.
///
/// ```
/// use urlkit_records::check::Meant;
/// let m = Meant { rule: "double-encoding", status: Some(200), url: "https://a/%E6%97%A5".into() };
/// assert_eq!(
///     serde_json::to_string(&m).unwrap(),
///     r#"{"rule":"double-encoding","status":200,"url":"https://a/%E6%97%A5"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Meant {
    /// The lint rule whose fix names it: `double-encoding`, `legacy-charset`, `mojibake`,
    /// `latin1-mojibake`.
    pub rule: &'static str,
    /// Its first answer's status (`null`: no answer).
    pub status: Option<u16>,
    /// The URL, the fix applied.
    pub url: String,
}

/// A redirect hop: `{"location", "status"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hop {
    /// Resolved against the URL that answered.
    pub location: String,
    /// 301, 302, ...
    pub status: u16,
}

/// A spelling variant's answer: `{"location", "message", "same_as", "spelling", "status",
/// "url", "verdict"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Variant {
    /// Its first answer's `Location`.
    pub location: Option<String>,
    /// The verdict in words.
    pub message: String,
    /// The spelling whose request it is (verdict `same-request`).
    pub same_as: Option<&'static str>,
    /// `lowercase-hex`, `iri`, `path-case`, `slash-added`, ...
    pub spelling: &'static str,
    /// Its first answer's status.
    pub status: Option<u16>,
    /// The variant URL.
    pub url: String,
    /// `redirects-to-canonical`, `temporary-redirect-to-canonical`,
    /// `duplicate-canonicalized`, `duplicate`, `redirects-elsewhere`, `not-served`, `soft-404`,
    /// `same-request`, `fails`.
    pub verdict: &'static str,
}

/// What a live site answered for a URL that `reconcile --verify` requested (as `urlkit check`
/// requests one): `{"final_url", "status", "url", "verdict"}`.
///
/// ```
/// use urlkit_records::check::Live;
/// let live = Live { final_url: Some("https://a/x".into()), status: Some(404), url: "https://a/x".into(), verdict: "not-found" };
/// assert_eq!(
///     serde_json::to_string(&live).unwrap(),
///     r#"{"final_url":"https://a/x","status":404,"url":"https://a/x","verdict":"not-found"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Live {
    /// The URL that gave the last answer.
    pub final_url: Option<String>,
    /// The status of the last answer, after the redirects (`null`: no answer).
    pub status: Option<u16>,
    /// The spelling requested (a page of `--matrix`: its first source's; a pair: the left's).
    pub url: String,
    /// `urlkit check`'s verdict (`ok`, `redirects`, `not-found`, `gone`, `error`, ...).
    pub verdict: &'static str,
}
