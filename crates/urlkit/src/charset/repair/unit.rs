//! The units repair works on: one path segment, one query name or value, the fragment; each
//! percent-decoded to bytes that remember how they were written.

use std::fmt;
use std::ops::Range;

use crate::codec::escape_at;
use crate::uri::UriRef;

/// Where in the URL a run is: the component, as lint diagnostics name it.
///
/// ```
/// use urlkit::charset::repair::Place;
/// assert_eq!(Place::QueryValue { name: "q".into() }.to_string(), "query:q");
/// assert_eq!(Place::PathSegment { index: 2 }.to_string(), "path");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Place {
    /// A path segment (`index` counts segments from 0, the one before the first `/` included).
    PathSegment {
        /// Which segment.
        index: usize,
    },
    /// The name of a query parameter (the text before `=`).
    QueryName,
    /// The value of the query parameter `name` (as written, not decoded).
    QueryValue {
        /// The parameter's name as written.
        name: String,
    },
    /// The fragment.
    Fragment,
    /// Text that is not a URL ([`repair_text`](super::repair_text)), or bytes
    /// ([`decode_auto`](super::decode_auto)).
    Text,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::PathSegment { .. } => f.write_str("path"),
            Place::QueryName => f.write_str("query-name"),
            Place::QueryValue { name } => write!(f, "query:{name}"),
            Place::Fragment => f.write_str("fragment"),
            Place::Text => f.write_str("text"),
        }
    }
}

/// One decoded byte and how it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// The byte value.
    pub value: u8,
    /// Where it was written in the input (three bytes for `%XX`).
    pub src: Range<usize>,
    /// Written as `%XX`.
    pub escaped: bool,
}

impl Token {
    /// A byte that can belong to a run: an escaped byte >= 0x80. A raw non-ASCII character is
    /// text already (the URL's own UTF-8), so it is never reread.
    pub fn is_run_byte(&self) -> bool {
        self.escaped && self.value >= 0x80
    }
}

/// A unit: its place, its span in the input and its bytes.
#[derive(Clone, Debug)]
pub(crate) struct Unit {
    pub place: Place,
    pub tokens: Vec<Token>,
}

/// The bytes of `text` (which starts at `base` in the input): `%XX` decoded, everything else
/// (a malformed `%` and `+` included) kept as the byte it is.
pub(crate) fn tokens_of(text: &str, base: usize) -> Vec<Token> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if let Some(value) = escape_at(b, i) {
                out.push(Token {
                    value,
                    src: base + i..base + i + 3,
                    escaped: true,
                });
                i += 3;
                continue;
            }
        }
        out.push(Token {
            value: b[i],
            src: base + i..base + i + 1,
            escaped: false,
        });
        i += 1;
    }
    out
}

/// Tokens of raw bytes (all treated as escaped, as if each were `%XX`), for text that is not a
/// URL: offsets are byte offsets.
pub(crate) fn tokens_of_bytes(bytes: &[u8]) -> Vec<Token> {
    bytes
        .iter()
        .enumerate()
        .map(|(i, &value)| Token {
            value,
            src: i..i + 1,
            escaped: true,
        })
        .collect()
}

/// The units of a parsed URL: path segments, query names and values, the fragment. The
/// scheme, authority and host are never units: a host is IDNA's business, not a charset's.
pub(crate) fn units_of(uri: &UriRef<'_>) -> Vec<Unit> {
    let input = uri.as_str();
    let mut units = Vec::new();
    let path = uri
        .range(crate::uri::Component::Path)
        .expect("invariant: the path is always present");
    let mut start = path.start;
    for (index, seg) in input[path.clone()].split('/').enumerate() {
        units.push(Unit {
            place: Place::PathSegment { index },
            tokens: tokens_of(seg, start),
        });
        start += seg.len() + 1;
    }
    if let Some(q) = uri.range(crate::uri::Component::Query) {
        let mut start = q.start;
        for pair in input[q.clone()].split('&') {
            match pair.find('=') {
                Some(eq) => {
                    let name = &pair[..eq];
                    units.push(Unit {
                        place: Place::QueryName,
                        tokens: tokens_of(name, start),
                    });
                    units.push(Unit {
                        place: Place::QueryValue { name: name.into() },
                        tokens: tokens_of(&pair[eq + 1..], start + eq + 1),
                    });
                }
                None => units.push(Unit {
                    place: Place::QueryName,
                    tokens: tokens_of(pair, start),
                }),
            }
            start += pair.len() + 1;
        }
    }
    if let Some(f) = uri.range(crate::uri::Component::Fragment) {
        units.push(Unit {
            place: Place::Fragment,
            tokens: tokens_of(&input[f.clone()], f.start),
        });
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_keep_spelling() {
        let t = tokens_of("a%83s+%zz", 10);
        let values: Vec<u8> = t.iter().map(|t| t.value).collect();
        assert_eq!(values, b"a\x83s+%zz");
        assert_eq!(t[1].src, 11..14);
        assert!(t[1].escaped && !t[2].escaped);
    }

    #[test]
    fn units_of_a_url() {
        let u = crate::uri::parse("http://h/a/b%83?x=1&y#f").unwrap();
        let units = units_of(&u);
        let places: Vec<String> = units.iter().map(|u| u.place.to_string()).collect();
        assert_eq!(
            places,
            [
                "path",
                "path",
                "path",
                "query-name",
                "query:x",
                "query-name",
                "fragment"
            ]
        );
        assert_eq!(units[2].tokens[1].src, 12..15);
    }
}
