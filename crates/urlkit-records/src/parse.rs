//! The record of `parse`: a URL as RFC 3986 and as a browser (WHATWG) read it.

use serde::Serialize;
use urlkit::build::{read_params, read_segments, QueryStyle};
use urlkit::lint::parser_disagreement::{
    self, side_by_side, Rfc3986Reading, RfcReject, SideBySide,
};
use urlkit::whatwg::Url;

use crate::envelope::{Failure, False, True};

/// `urlkit parse --json`: `{"findings", "input", "ok", "output" (the href), "params",
/// "rfc3986", "segments", "whatwg"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Parse {
    /// Where the two readings disagree.
    pub findings: Vec<Disagreement>,
    /// The input as text.
    pub input: String,
    /// `true`.
    pub ok: True,
    /// The WHATWG href, else the RFC 3986 URI.
    pub output: String,
    /// The query parameters, form-decoded once (`null` when RFC 3986 rejects the URL).
    pub params: Option<Vec<Param>>,
    /// The RFC 3986 reading.
    pub rfc3986: Rfc3986,
    /// The path segments, decoded once (`null` when RFC 3986 rejects the URL).
    pub segments: Option<Vec<Segment>>,
    /// The WHATWG reading.
    pub whatwg: Whatwg,
}

/// A parser-disagreement finding: `{"code", "component", "message", "rule", "severity",
/// "span": [start, end]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Disagreement {
    /// The rule's code.
    pub code: &'static str,
    /// The component they read differently.
    pub component: String,
    /// For people.
    pub message: String,
    /// The rule's name.
    pub rule: &'static str,
    /// `error`, `warning` or `note`.
    pub severity: &'static str,
    /// The bytes it is about.
    #[serde(serialize_with = "pair")]
    pub span: [usize; 2],
}

/// The components of an RFC 3986 reading (absent ones `null`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Rfc3986Parts {
    /// The fragment.
    pub fragment: Option<String>,
    /// The host.
    pub host: Option<String>,
    /// The path (never absent, possibly empty).
    pub path: String,
    /// The port.
    pub port: Option<String>,
    /// The query.
    pub query: Option<String>,
    /// The scheme.
    pub scheme: Option<String>,
    /// The userinfo.
    pub userinfo: Option<String>,
}

/// A `[start, end]` pair as a sequence (a list in Python too, as in the JSON), not a tuple.
fn pair<S: serde::Serializer>(span: &[usize; 2], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(span)
}

/// The RFC 3986 reading: accepted (its components and `uri`), or rejected (why, and the
/// Appendix B split lenient parsers go by).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Rfc3986 {
    /// Accepted.
    Accepted {
        /// The fragment.
        fragment: Option<String>,
        /// The host.
        host: Option<String>,
        /// `true`.
        ok: True,
        /// The path.
        path: String,
        /// The port.
        port: Option<String>,
        /// The query.
        query: Option<String>,
        /// The scheme.
        scheme: Option<String>,
        /// The reading written back.
        uri: String,
        /// The userinfo.
        userinfo: Option<String>,
    },
    /// Rejected.
    Rejected {
        /// Why.
        error: Rfc3986Error,
        /// `false`.
        ok: False,
        /// The Appendix B split.
        split: Rfc3986Parts,
    },
}

impl Rfc3986 {
    /// An accepted reading with these parts, written back as `uri`.
    pub fn accepted(p: Rfc3986Parts, uri: String) -> Rfc3986 {
        Rfc3986::Accepted {
            fragment: p.fragment,
            host: p.host,
            ok: True,
            path: p.path,
            port: p.port,
            query: p.query,
            scheme: p.scheme,
            uri,
            userinfo: p.userinfo,
        }
    }
}

/// Why RFC 3986 rejects a URL: `{"component", "kind", "offset"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rfc3986Error {
    /// Where.
    pub component: &'static str,
    /// What.
    pub kind: &'static str,
    /// The byte.
    pub offset: usize,
}

/// The WHATWG reading: the `URL` object's attributes, or why a browser rejects the URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Whatwg {
    /// Accepted: the attributes of `new URL(input)`.
    Accepted(Box<WhatwgParts>),
    /// Rejected.
    Rejected {
        /// Why.
        error: WhatwgError,
        /// `false`.
        ok: False,
    },
}

/// The attributes of a WHATWG URL, and its host's kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WhatwgParts {
    /// `#...`
    pub hash: String,
    /// Host and port.
    pub host: String,
    /// `domain`, `ipv4`, `ipv6`, `opaque`, `empty` or `none`.
    pub host_kind: &'static str,
    /// The host.
    pub hostname: String,
    /// The whole URL.
    pub href: String,
    /// `true`.
    pub ok: True,
    /// The origin.
    pub origin: String,
    /// The password.
    pub password: String,
    /// The path.
    pub pathname: String,
    /// The port (empty for the default).
    pub port: String,
    /// `scheme:`
    pub protocol: String,
    /// `?...`
    pub search: String,
    /// The user name.
    pub username: String,
}

/// Why a browser rejects a URL: `{"kind", "message"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WhatwgError {
    /// What.
    pub kind: &'static str,
    /// For people.
    pub message: String,
}

/// A path segment: `{"raw", "span", "utf8", "value"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Segment {
    /// As written.
    pub raw: String,
    /// Its bytes in the input.
    #[serde(serialize_with = "pair")]
    pub span: [usize; 2],
    /// Whether the decoded bytes are UTF-8 (if not, `value` has U+FFFD).
    pub utf8: bool,
    /// Percent-decoded once.
    pub value: String,
}

/// A query parameter: `{"key", "raw", "span", "utf8", "value"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Param {
    /// Form-decoded once.
    pub key: String,
    /// As written.
    pub raw: String,
    /// Its bytes in the input.
    #[serde(serialize_with = "pair")]
    pub span: [usize; 2],
    /// Whether key and value are UTF-8.
    pub utf8: bool,
    /// Form-decoded once.
    pub value: String,
}

/// The record of `text` read by RFC 3986 and by WHATWG (resolved against `base`), `input`
/// as the record shows it; the failure when neither accepts it.
///
/// ```
/// let p = urlkit_records::parse::build("http://0x7f.1/".into(), "http://0x7f.1/", None).unwrap();
/// assert_eq!(p.output, "http://127.0.0.1/");
/// assert_eq!(p.findings[0].component, "host");
/// assert!(urlkit_records::parse::build("a b:".into(), "a b:", None).is_err());
/// ```
pub fn build(input: String, text: &str, base: Option<&str>) -> Result<Parse, Failure> {
    let seen = side_by_side(text, base);
    if let (Err(r), Err(_)) = (&seen.rfc3986, &seen.whatwg) {
        return Err(rejected(text, r));
    }
    Ok(from_reading(input, text, base, &seen))
}

/// The record of `text` from its two readings `seen` (which one parser at least accepted).
pub fn from_reading(input: String, text: &str, base: Option<&str>, seen: &SideBySide) -> Parse {
    let diagnostics = parser_disagreement::check(text, base);
    let output = summary(seen);
    let findings = diagnostics
        .iter()
        .zip(&seen.differences)
        .map(|(d, diff)| Disagreement {
            code: d.code,
            component: diff.component().to_owned(),
            message: d.message.clone(),
            rule: d.rule,
            severity: d.severity.name(),
            span: [d.span.start, d.span.end],
        })
        .collect();
    let (segments, params) = parts_record(text);
    Parse {
        findings,
        input,
        ok: True,
        output,
        params,
        rfc3986: rfc_record(seen),
        segments,
        whatwg: whatwg_record(seen, text, base),
    }
}

fn rfc_parts(r: &Rfc3986Reading) -> Rfc3986Parts {
    Rfc3986Parts {
        fragment: r.fragment.clone(),
        host: r.host.clone(),
        path: r.path.clone(),
        port: r.port.clone(),
        query: r.query.clone(),
        scheme: r.scheme.clone(),
        userinfo: r.userinfo.clone(),
    }
}

fn rfc_record(seen: &SideBySide) -> Rfc3986 {
    match &seen.rfc3986 {
        Ok(r) => Rfc3986::accepted(rfc_parts(r), r.to_string()),
        Err(e) => Rfc3986::Rejected {
            error: Rfc3986Error {
                component: e.component.name(),
                kind: e.kind.name(),
                offset: e.offset,
            },
            ok: False,
            split: rfc_parts(&seen.rfc3986_split),
        },
    }
}

fn whatwg_record(seen: &SideBySide, text: &str, base: Option<&str>) -> Whatwg {
    match &seen.whatwg {
        Ok(c) => {
            let host_kind = Url::parse(text, base)
                .map(|u| u.host_kind().name())
                .unwrap_or("none");
            Whatwg::Accepted(Box::new(WhatwgParts {
                hash: c.hash.clone(),
                host: c.host.clone(),
                host_kind,
                hostname: c.hostname.clone(),
                href: c.href.clone(),
                ok: True,
                origin: c.origin.clone(),
                password: c.password.clone(),
                pathname: c.pathname.clone(),
                port: c.port.clone(),
                protocol: c.protocol.clone(),
                search: c.search.clone(),
                username: c.username.clone(),
            }))
        }
        Err(e) => Whatwg::Rejected {
            error: WhatwgError {
                kind: e.kind().name(),
                message: e.to_string(),
            },
            ok: False,
        },
    }
}

/// What a browser and RFC 3986 read: the WHATWG href, else the RFC 3986 recomposition.
fn summary(seen: &SideBySide) -> String {
    match (&seen.whatwg, &seen.rfc3986) {
        (Ok(w), _) => w.href.clone(),
        (Err(_), Ok(r)) => r.to_string(),
        (Err(_), Err(_)) => String::new(),
    }
}

/// The failure of a URL that neither parser accepts.
pub fn rejected(text: &str, r: &RfcReject) -> Failure {
    Failure::at(
        "invalid-url",
        r.offset.min(text.len()),
        format!(
            "neither RFC 3986 ({} in the {}) nor the WHATWG URL Standard accepts this URL",
            r.kind.name(),
            r.component
        ),
    )
}

/// Decoded bytes as text: the text and `true` when they are UTF-8, else the lossy text and
/// `false`.
pub fn lossy(bytes: &[u8]) -> (String, bool) {
    match std::str::from_utf8(bytes) {
        Ok(t) => (t.to_owned(), true),
        Err(_) => (String::from_utf8_lossy(bytes).into_owned(), false),
    }
}

/// The path segments and the query parameters (form rules) as a server reads them, each
/// decoded once, with the span of its raw text in the input (RFC 3986 reading of the input
/// itself, not of a resolved URL).
/// The path segments and query parameters a server reads (`None` when RFC 3986 rejects the
/// URL).
fn parts_record(text: &str) -> (Option<Vec<Segment>>, Option<Vec<Param>>) {
    let Ok(u) = urlkit::uri::parse(text) else {
        return (None, None);
    };
    let segments = read_segments(&u)
        .iter()
        .map(|s| {
            let (value, utf8) = lossy(&s.value);
            Segment {
                raw: text[s.span.clone()].to_owned(),
                span: [s.span.start, s.span.end],
                utf8,
                value,
            }
        })
        .collect();
    let params = read_params(&u, QueryStyle::Form)
        .iter()
        .map(|p| {
            let (key, key_utf8) = lossy(&p.key);
            let (value, value_utf8) = lossy(&p.value);
            Param {
                key,
                raw: text[p.span.clone()].to_owned(),
                span: [p.span.start, p.span.end],
                utf8: key_utf8 && value_utf8,
                value,
            }
        })
        .collect();
    (Some(segments), Some(params))
}
