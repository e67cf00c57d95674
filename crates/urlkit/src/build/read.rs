//! Reading a URL back the way a server does: its path segments and query parameters, each
//! decoded once, with the byte span it came from. The inverse of the builder.

use std::ops::Range;

use super::query::QueryStyle;
use crate::codec::{decode_to_bytes, DecodeMode};
use crate::uri::{Component, UriRef};

/// One path segment: where it is in the URL and its value decoded once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The byte range of the raw segment in the URL (without the `/`).
    pub span: Range<usize>,
    /// The segment percent-decoded once (a malformed `%` stays); bytes, which need not be
    /// UTF-8.
    pub value: Vec<u8>,
}

/// One query parameter: where it is in the URL and its key and value decoded once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The byte range of the raw `key=value` in the URL (without the `&`).
    pub span: Range<usize>,
    /// The key decoded once in the style asked for.
    pub key: Vec<u8>,
    /// The value decoded once in the style asked for (empty when there is no `=`).
    pub value: Vec<u8>,
}

fn decode_once(raw: &str, mode: DecodeMode) -> Vec<u8> {
    decode_to_bytes(raw.as_bytes(), mode)
        .expect("invariant: lenient decoding never fails")
        .into_owned()
}

/// The path segments of a parsed URL, split at `/` and each decoded once (RFC 3986 §3.3);
/// dot segments are not resolved, so a server that resolves them reads fewer.
///
/// ```
/// use urlkit::build::read_segments;
/// let u = urlkit::uri::parse("https://a/2026%2F10/%E6%97%A5?q").unwrap();
/// let s = read_segments(&u);
/// assert_eq!(s.iter().map(|s| s.value.as_slice()).collect::<Vec<_>>(), [b"2026/10".as_slice(), "日".as_bytes()]);
/// assert_eq!(s[0].span, 10..19);
/// ```
pub fn read_segments(u: &UriRef<'_>) -> Vec<Segment> {
    let Some(range) = u.range(Component::Path) else {
        return Vec::new();
    };
    let path = u.path();
    if path.is_empty() {
        return Vec::new();
    }
    let (mut at, body) = match path.strip_prefix('/') {
        Some(rest) => (range.start + 1, rest),
        None => (range.start, path),
    };
    let mut out = Vec::new();
    for raw in body.split('/') {
        out.push(Segment {
            span: at..at + raw.len(),
            value: decode_once(raw, DecodeMode::Lenient),
        });
        at += raw.len() + 1;
    }
    out
}

/// The query parameters of a parsed URL: the query split at `&` (empty pieces skipped, as
/// the WHATWG form parser does), each piece at its first `=`, key and value decoded once in
/// `style` ([`QueryStyle::Form`]: `+` is a space).
///
/// ```
/// use urlkit::build::{read_params, QueryStyle};
/// let u = urlkit::uri::parse("https://a/?q=C%2B%2B+x&&flag").unwrap();
/// let p = read_params(&u, QueryStyle::Form);
/// assert_eq!((p[0].key.as_slice(), p[0].value.as_slice()), (b"q".as_slice(), b"C++ x".as_slice()));
/// assert_eq!((p[1].key.as_slice(), p[1].value.as_slice(), p[1].span.clone()), (b"flag".as_slice(), b"".as_slice(), 24..28));
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#urlencoded-parsing>
pub fn read_params(u: &UriRef<'_>, style: QueryStyle) -> Vec<Param> {
    let (Some(range), Some(query)) = (u.range(Component::Query), u.query()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut at = range.start;
    for raw in query.split('&') {
        if !raw.is_empty() {
            let (k, v) = raw.split_once('=').unwrap_or((raw, ""));
            out.push(Param {
                span: at..at + raw.len(),
                key: style.decode(k.as_bytes()),
                value: style.decode(v.as_bytes()),
            });
        }
        at += raw.len() + 1;
    }
    out
}
