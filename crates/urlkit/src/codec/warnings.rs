//! What an encoder's or a decoder's input says about a likely mistake: text that is already
//! percent-encoded, a whole URL given where a component is meant, escaped delimiters that
//! decoding turns into real ones. Every door (the CLI, the page, Python) says these with the
//! same words, from here.

use super::encode::Encoder;
use super::encode_set::EncodeSet;
use super::once::valid_escapes;
use super::sets::{PCHAR, RFC3986_QUERY, UNRESERVED};
use crate::uri::chars::escape_at;

/// What an encode warning is about.
///
/// ```
/// use urlkit::codec::EncodeWarningKind;
/// assert_eq!(EncodeWarningKind::AlreadyEncoded.name(), "already-encoded");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodeWarningKind {
    /// The input holds valid `%XX` escapes, and the encoder encodes `%`: encoding it again
    /// gives `%25XX` (double encoding, RFC 3986 §2.4).
    AlreadyEncoded,
    /// The input is a whole absolute URL: encoding it as one component encodes its
    /// delimiters (`https%3A%2F%2F...`), which is never a URL again.
    WholeUrl,
}

impl EncodeWarningKind {
    /// Every kind, so that the doors can check they word each one (the page's messages).
    ///
    /// ```
    /// assert_eq!(urlkit::codec::EncodeWarningKind::ALL.len(), 2);
    /// ```
    pub const ALL: [EncodeWarningKind; 2] = [
        EncodeWarningKind::AlreadyEncoded,
        EncodeWarningKind::WholeUrl,
    ];

    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(urlkit::codec::EncodeWarningKind::WholeUrl.name(), "whole-url");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            EncodeWarningKind::AlreadyEncoded => "already-encoded",
            EncodeWarningKind::WholeUrl => "whole-url",
        }
    }
}

/// One warning about an encoder's input: its kind, the byte offset it points at, and for
/// [`EncodeWarningKind::AlreadyEncoded`] the number of escapes and the first one.
///
/// ```
/// use urlkit::codec::{Encoder, EncodeWarningKind, sets::UNRESERVED};
/// let w = Encoder::new(UNRESERVED).warnings(b"%E6%97%A5");
/// assert_eq!(w[0].kind(), EncodeWarningKind::AlreadyEncoded);
/// assert_eq!((w[0].offset(), w[0].escapes()), (0, 3));
/// assert!(w[0].message().contains("%25E6"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EncodeWarning {
    kind: EncodeWarningKind,
    offset: usize,
    escapes: usize,
    first: [u8; 3],
    /// For a whole URL: its delimiters that the encoder would encode, in order.
    delimiters: Vec<u8>,
}

impl EncodeWarning {
    /// What it is about.
    pub fn kind(&self) -> EncodeWarningKind {
        self.kind
    }

    /// The byte offset in the input: the first escape, or 0 for a whole URL.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// How many valid escapes the input holds (0 for [`EncodeWarningKind::WholeUrl`]).
    pub fn escapes(&self) -> usize {
        self.escapes
    }

    /// The warning in words, without the door's remedy (the CLI adds `--once`, Python
    /// `once=True`).
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::COMPONENT};
    /// let w = Encoder::new(COMPONENT).warnings(b"https://example.com/?q=a b");
    /// assert_eq!(w[0].message(), "this is a whole URL, not a component: encoding it encodes its delimiters (':' '/' '?' '='), and the result is no longer a URL");
    /// ```
    pub fn message(&self) -> String {
        match self.kind {
            EncodeWarningKind::AlreadyEncoded => {
                let first = String::from_utf8_lossy(&self.first);
                let count = if self.escapes == 1 {
                    "1 escape".to_owned()
                } else {
                    format!("{} escapes", self.escapes)
                };
                format!(
                    "already percent-encoded ({count}, the first {first} at byte {}): encoding \
                     again gives %25{} (double encoding)",
                    self.offset,
                    &first[1..]
                )
            }
            EncodeWarningKind::WholeUrl => {
                let list: Vec<String> = self
                    .delimiters
                    .iter()
                    .map(|&b| format!("'{}'", char::from(b)))
                    .collect();
                format!(
                    "this is a whole URL, not a component: encoding it encodes its delimiters \
                     ({}), and the result is no longer a URL",
                    list.join(" ")
                )
            }
        }
    }
}

impl Encoder {
    /// The warnings for encoding `input` with this encoder: [`EncodeWarningKind::WholeUrl`]
    /// when it is a whole absolute URL (`scheme://...` that a browser parses) with delimiters
    /// this encoder encodes, and
    /// [`EncodeWarningKind::AlreadyEncoded`] when it holds valid escapes that this encoder
    /// would encode again (its set contains `%`).
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::{PATH, UNRESERVED}};
    /// assert_eq!(Encoder::new(UNRESERVED).warnings(b"100%").len(), 0);
    /// assert_eq!(Encoder::new(UNRESERVED).warnings(b"a%20b").len(), 1);
    /// // The path set keeps '%': nothing is encoded twice.
    /// assert_eq!(Encoder::new(PATH).warnings(b"a%20b").len(), 0);
    /// ```
    pub fn warnings(&self, input: &[u8]) -> Vec<EncodeWarning> {
        encode_warnings(input, |b| self.encodes(b))
    }
}

/// The warnings for `input`, given which ASCII bytes the encoder changes.
pub(crate) fn encode_warnings(input: &[u8], encodes: impl Fn(u8) -> bool) -> Vec<EncodeWarning> {
    let mut out = Vec::new();
    // `encodes` is asked only about bytes the input has (a flavor answers by a call).
    if is_whole_url(input) {
        let delimiters: Vec<u8> = b":/?#[]@&=+;,"
            .iter()
            .copied()
            .filter(|&b| input.contains(&b) && encodes(b))
            .collect();
        if !delimiters.is_empty() {
            out.push(EncodeWarning {
                kind: EncodeWarningKind::WholeUrl,
                offset: 0,
                escapes: 0,
                first: [0; 3],
                delimiters,
            });
        }
    }
    let mut escapes = valid_escapes(input);
    if let Some(first) = escapes.next() {
        if encodes(b'%') {
            out.push(EncodeWarning {
                kind: EncodeWarningKind::AlreadyEncoded,
                offset: first,
                escapes: 1 + escapes.count(),
                first: [input[first], input[first + 1], input[first + 2]],
                delimiters: Vec::new(),
            });
        }
    }
    out
}

/// Whether `input` is a whole absolute URL: `scheme://` followed by something a browser
/// parses (raw spaces and non-ASCII allowed, as people paste them).
fn is_whole_url(input: &[u8]) -> bool {
    // The cheap tests first: most texts have no `scheme://` at their start.
    let Some(colon) = memchr::memchr(b':', input) else {
        return false;
    };
    if !input[colon + 1..].starts_with(b"//") {
        return false;
    }
    let Ok(text) = std::str::from_utf8(input) else {
        return false;
    };
    crate::uri::scheme_end(text) == Some(colon) && crate::whatwg::Url::can_parse(text, None)
}

/// The bytes whose escape, once decoded, can change what a URL means: RFC 3986's reserved
/// characters (gen-delims and sub-delims, §2.2) and `%` itself (§2.4: decoding `%25` twice
/// decodes data).
const URL_DELIMITERS: EncodeSet = UNRESERVED
    .difference(PCHAR)
    .union(PCHAR.difference(RFC3986_QUERY))
    .add_all(b"#[]%");

/// In a path: what splits segments or ends the path, and `%`.
const PATH_DELIMITERS: EncodeSet = EncodeSet::EMPTY.add_all(b"/?#%");

/// In a query: what splits parameters, names from values, `+` (a space to form decoders),
/// what ends the query, and `%`.
const QUERY_DELIMITERS: EncodeSet = EncodeSet::EMPTY.add_all(b"&=+#%");

/// What a decoded input was taken to be, which decides the delimiters that matter.
///
/// ```
/// use urlkit::codec::{decoded_delimiters, DelimiterContext};
/// assert_eq!(decoded_delimiters(b"/a%2Fb/").unwrap().context(), DelimiterContext::Path);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DelimiterContext {
    /// A URL with a scheme or an authority (every reserved character counts), or a path and
    /// query that both have escaped delimiters.
    Url,
    /// A path (it has a raw `/`): `/ ? # %`.
    Path,
    /// A query (it starts with `?`, or has a raw `=` or `&` and no `/`): `& = + # %`.
    Query,
}

impl DelimiterContext {
    /// `url`, `path` or `query`.
    ///
    /// ```
    /// assert_eq!(urlkit::codec::DelimiterContext::Query.name(), "query");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            DelimiterContext::Url => "url",
            DelimiterContext::Path => "path",
            DelimiterContext::Query => "query",
        }
    }
}

/// The escaped delimiters of an input that decoding turns into real ones.
///
/// ```
/// use urlkit::codec::decoded_delimiters;
/// let d = decoded_delimiters(b"https://a/?q=%26%26").unwrap();
/// assert_eq!(d.escapes(), &[(b'&', 2)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DecodedDelimiters {
    context: DelimiterContext,
    escapes: Vec<(u8, usize)>,
}

impl DecodedDelimiters {
    /// What the input was taken to be.
    pub fn context(&self) -> DelimiterContext {
        self.context
    }

    /// Each delimiter found escaped, in order of first appearance, with how often.
    pub fn escapes(&self) -> &[(u8, usize)] {
        &self.escapes
    }

    /// Keeps only the delimiters `keep` says a decoder really turns into real ones.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(u8) -> bool) {
        self.escapes.retain(|&(b, _)| keep(b));
    }

    /// The warning in words.
    ///
    /// ```
    /// use urlkit::codec::decoded_delimiters;
    /// let d = decoded_delimiters(b"/a%2Fb/").unwrap();
    /// assert_eq!(d.message(), "decoding this path turned escaped delimiters into real ones: %2F as '/'; the result is a different path. Split the path at '/' first, then decode each segment once");
    /// ```
    pub fn message(&self) -> String {
        let list: Vec<String> = self
            .escapes
            .iter()
            .map(|&(b, n)| {
                let times = if n == 1 {
                    String::new()
                } else {
                    format!(" ({n} times)")
                };
                format!("%{b:02X} as '{}'{times}", char::from(b))
            })
            .collect();
        let list = list.join(", ");
        match self.context {
            DelimiterContext::Url => format!(
                "decoding this URL turned escaped delimiters into real ones: {list}; the result \
                 is a different URL. `urlkit normalize --to iri` makes it readable and keeps \
                 them escaped"
            ),
            DelimiterContext::Path => format!(
                "decoding this path turned escaped delimiters into real ones: {list}; the result \
                 is a different path. Split the path at '/' first, then decode each segment \
                 once"
            ),
            DelimiterContext::Query => format!(
                "decoding this query turned escaped delimiters into real ones: {list}; the \
                 result has other parameters or values. Split the query at '&' and '=' first, \
                 then decode each name and value once"
            ),
        }
    }
}

/// The escaped delimiters of `input` that decoding would turn into real ones, when `input`
/// has a structure they would change: a URL (a scheme or `//`), a path (a raw `/`) or a
/// query (a leading `?`, or a raw `=` or `&` without a `/`). A plain value (`a%2Fb`,
/// `C%2B%2B`) gets none: decoding it is what it is for.
///
/// ```
/// use urlkit::codec::decoded_delimiters;
/// assert!(decoded_delimiters(b"q=C%2B%2B").is_some());
/// assert!(decoded_delimiters(b"C%2B%2B").is_none());
/// assert!(decoded_delimiters(b"%E6%97%A5/x").is_none());
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-2.2> ("URIs that differ in the
/// replacement of a reserved character with its corresponding percent-encoded octet are not
/// equivalent").
pub fn decoded_delimiters(input: &[u8]) -> Option<DecodedDelimiters> {
    // Most inputs have no escaped delimiter at all: the scan comes first, the look at the
    // structure only for those that do.
    let any = memchr::memchr_iter(b'%', input)
        .any(|i| escape_at(input, i).is_some_and(|b| URL_DELIMITERS.contains(b)));
    if !any {
        return None;
    }
    let found = match structure(input) {
        Structure::Url => collect(input, URL_DELIMITERS, DelimiterContext::Url),
        Structure::Parts { path, query } => {
            let mut d = DecodedDelimiters {
                context: DelimiterContext::Path,
                escapes: Vec::new(),
            };
            if let Some(path) = path {
                count_into(&input[path.0..path.1], PATH_DELIMITERS, &mut d.escapes);
            }
            if let Some(query) = query {
                let in_path = d.escapes.len();
                count_into(&input[query.0..query.1], QUERY_DELIMITERS, &mut d.escapes);
                if in_path == 0 {
                    d.context = DelimiterContext::Query;
                } else if d.escapes.len() > in_path {
                    // Both parts: it is said as a URL's.
                    d.context = DelimiterContext::Url;
                }
            }
            d
        }
        Structure::Plain => return None,
    };
    (!found.escapes.is_empty()).then_some(found)
}

/// How an input is read for [`decoded_delimiters`].
enum Structure {
    Url,
    /// The byte ranges read as a path and as a query.
    Parts {
        path: Option<(usize, usize)>,
        query: Option<(usize, usize)>,
    },
    Plain,
}

fn structure(input: &[u8]) -> Structure {
    let has_scheme = std::str::from_utf8(input)
        .ok()
        .and_then(crate::uri::scheme_end)
        .is_some();
    if has_scheme || input.starts_with(b"//") {
        return Structure::Url;
    }
    let end = memchr::memchr(b'#', input).unwrap_or(input.len());
    let q = memchr::memchr(b'?', &input[..end]);
    let head = &input[..q.unwrap_or(end)];
    let query = q.map(|q| (q + 1, end));
    if head.contains(&b'/') {
        return Structure::Parts {
            path: Some((0, head.len())),
            query,
        };
    }
    if q.is_none() && head.iter().any(|&b| b == b'=' || b == b'&') {
        return Structure::Parts {
            path: None,
            query: Some((0, end)),
        };
    }
    match query {
        Some(_) => Structure::Parts { path: None, query },
        None => Structure::Plain,
    }
}

fn collect(input: &[u8], set: EncodeSet, context: DelimiterContext) -> DecodedDelimiters {
    let mut escapes = Vec::new();
    count_into(input, set, &mut escapes);
    DecodedDelimiters { context, escapes }
}

fn count_into(input: &[u8], set: EncodeSet, found: &mut Vec<(u8, usize)>) {
    for i in valid_escapes(input) {
        let byte = escape_at(input, i).expect("invariant: valid_escapes gives valid escapes");
        if set.contains(byte) {
            match found.iter_mut().find(|(b, _)| *b == byte) {
                Some((_, n)) => *n += 1,
                None => found.push((byte, 1)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::sets::COMPONENT;

    #[test]
    fn whole_urls_are_told_by_scheme_and_authority() {
        let enc = Encoder::new(COMPONENT);
        let kinds = |s: &str| -> Vec<EncodeWarningKind> {
            enc.warnings(s.as_bytes())
                .iter()
                .map(|w| w.kind())
                .collect()
        };
        assert_eq!(
            kinds("https://example.com/運営/?q=a b"),
            [EncodeWarningKind::WholeUrl]
        );
        assert_eq!(
            kinds("https://example.com/%E9%81%8B"),
            [
                EncodeWarningKind::WholeUrl,
                EncodeWarningKind::AlreadyEncoded
            ]
        );
        assert!(kinds("note: remember").is_empty());
        assert!(kinds("mailto:a@b").is_empty());
        assert!(kinds("東京 カフェ").is_empty());
        assert!(enc
            .warnings(b"\xff%41")
            .iter()
            .all(|w| w.kind() != EncodeWarningKind::WholeUrl));
    }

    #[test]
    fn escapes_are_counted_without_overlap() {
        let w = Encoder::new(COMPONENT).warnings(b"%%41%4");
        assert_eq!((w[0].offset(), w[0].escapes()), (1, 1));
        assert_eq!(
            w[0].message(),
            "already percent-encoded (1 escape, the first %41 at byte 1): encoding again gives %2541 (double encoding)"
        );
    }

    #[test]
    fn delimiter_contexts() {
        let ctx = |s: &str| decoded_delimiters(s.as_bytes()).map(|d| (d.context(), d.escapes));
        assert_eq!(
            ctx("/a%2Fb/"),
            Some((DelimiterContext::Path, vec![(b'/', 1)]))
        );
        assert_eq!(ctx("a%2Fb"), None);
        assert_eq!(
            ctx("a/b%3Fc"),
            Some((DelimiterContext::Path, vec![(b'?', 1)]))
        );
        // '&' is no delimiter of a path; it is of the query after '?'.
        assert_eq!(ctx("/a%26b"), None);
        assert_eq!(
            ctx("/p?x=%26&y"),
            Some((DelimiterContext::Query, vec![(b'&', 1)]))
        );
        assert_eq!(
            ctx("q=C%2B%2B"),
            Some((DelimiterContext::Query, vec![(b'+', 2)]))
        );
        assert_eq!(
            ctx("?q=%3D"),
            Some((DelimiterContext::Query, vec![(b'=', 1)]))
        );
        assert_eq!(ctx("C%2B%2B"), None);
        assert_eq!(
            ctx("//host/a%2Fb").map(|c| c.0),
            Some(DelimiterContext::Url)
        );
        assert_eq!(
            ctx("https://a/b%2Fc?x=%3D").map(|c| c.1),
            Some(vec![(b'/', 1), (b'=', 1)])
        );
    }
}
