//! The record of `parse`: a URL as RFC 3986 and as a browser (WHATWG) read it.

use serde::Serialize;

use crate::envelope::{False, True};

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
    pub span: [usize; 2],
    /// Whether key and value are UTF-8.
    pub utf8: bool,
    /// Form-decoded once.
    pub value: String,
}
