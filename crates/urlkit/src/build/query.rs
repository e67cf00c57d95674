//! Query parameters: how keys and values are encoded ([`QueryStyle`]), and the query of an
//! existing URL as its raw `&`-separated pieces, so that editing one leaves the others as
//! they were, byte for byte.

use super::query_flavor::QueryFlavor;
use crate::codec::{decode_to_bytes, sets, DecodeMode, Encoder};

/// How query keys and values are written.
///
/// ```
/// use urlkit::build::QueryStyle;
/// assert_eq!(QueryStyle::Form.encode("東京 C++"), "%E6%9D%B1%E4%BA%AC+C%2B%2B");
/// assert_eq!(QueryStyle::Rfc3986.encode("東京 C++"), "%E6%9D%B1%E4%BA%AC%20C%2B%2B");
/// let go = QueryStyle::from_name("go.Values.Encode").unwrap();
/// assert_eq!(go.encode("東京 C++"), "%E6%9D%B1%E4%BA%AC+C%2B%2B");
/// ```
///
/// # Rationale
///
/// Form style is the default because it is what `URLSearchParams`, HTML forms, Python's
/// `urlencode` and PHP's `http_build_query` write, and what every server's query parser
/// reads; a server that reads the query with a plain percent-decoder turns its `+` into `+`,
/// never into a space, so a value with a space needs `Rfc3986` style there.
///
/// A [`QueryFlavor`] style writes the whole query as that language's serializer does (its
/// component encoder, its order, its join): the existing parameters of an edited URL are
/// read as application/x-www-form-urlencoded (WHATWG URL §5.1, as `URLSearchParams`,
/// Python's `parse_qsl(keep_blank_values=True)` and Ruby's `URI.decode_www_form` read a
/// well-formed query), edited, and serialized again with the rest; an empty result drops the
/// `?`, as `url.searchParams` does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum QueryStyle {
    /// application/x-www-form-urlencoded, as `URLSearchParams` writes it: the WHATWG
    /// form set, space as `+`.
    /// <https://url.spec.whatwg.org/#urlencoded-serializing>
    #[default]
    Form,
    /// RFC 3986 style: everything but `unreserved` encoded, space as `%20`.
    /// <https://www.rfc-editor.org/rfc/rfc3986#section-2.3>
    Rfc3986,
    /// The whole query written by a foreign serializer (`go.Values.Encode`, ...).
    Flavor(QueryFlavor),
}

impl QueryStyle {
    /// urlkit's own two styles, default first (the builder flavors are
    /// [`QueryFlavor::ALL`]).
    pub const ALL: [QueryStyle; 2] = [QueryStyle::Form, QueryStyle::Rfc3986];

    /// The name the command line uses (`form`, `rfc3986`, or a builder flavor's name).
    ///
    /// ```
    /// use urlkit::build::{QueryFlavor, QueryStyle};
    /// assert_eq!(QueryStyle::Rfc3986.name(), "rfc3986");
    /// assert_eq!(QueryStyle::Flavor(QueryFlavor::JsUrlSearchParams).name(), "js.URLSearchParams");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            QueryStyle::Form => "form",
            QueryStyle::Rfc3986 => "rfc3986",
            QueryStyle::Flavor(f) => f.name(),
        }
    }

    /// The style of that name: `form`, `rfc3986`, or a builder flavor's exact name.
    ///
    /// ```
    /// use urlkit::build::{QueryFlavor, QueryStyle};
    /// assert_eq!(QueryStyle::from_name("form"), Some(QueryStyle::Form));
    /// assert_eq!(QueryStyle::from_name("php.http_build_query"), Some(QueryStyle::Flavor(QueryFlavor::PhpHttpBuildQuery)));
    /// ```
    pub fn from_name(name: &str) -> Option<QueryStyle> {
        QueryStyle::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .or_else(|| QueryFlavor::from_name(name).map(QueryStyle::Flavor))
    }

    /// The encoder of the keys and values urlkit writes itself. A flavor's pieces are
    /// written in form style, which reads back exactly, and the flavor writes the whole
    /// query again at [`UrlBuilder::build`](super::UrlBuilder::build).
    pub const fn encoder(self) -> Encoder {
        match self {
            QueryStyle::Form | QueryStyle::Flavor(_) => Encoder::form(),
            QueryStyle::Rfc3986 => Encoder::new(sets::UNRESERVED),
        }
    }

    /// Encodes one key or value (a flavor's as its serializer encodes it).
    ///
    /// ```
    /// use urlkit::build::{QueryFlavor, QueryStyle};
    /// assert_eq!(QueryStyle::Form.encode("a&b=c"), "a%26b%3Dc");
    /// assert_eq!(QueryStyle::Flavor(QueryFlavor::PhpHttpBuildQuery).encode("a~"), "a%7E");
    /// ```
    pub fn encode(self, data: &str) -> String {
        match self {
            QueryStyle::Flavor(f) => f.encode(data),
            _ => self.encoder().encode_str(data).into_owned(),
        }
    }

    /// Decodes one raw key or value once, as a server of this style reads it: form (`+` is a
    /// space) or plain percent-decoding. A malformed `%` stays as it is.
    ///
    /// ```
    /// use urlkit::build::QueryStyle;
    /// assert_eq!(QueryStyle::Form.decode(b"a+b%2B"), b"a b+");
    /// assert_eq!(QueryStyle::Rfc3986.decode(b"a+b%2B"), b"a+b+");
    /// ```
    pub fn decode(self, raw: &[u8]) -> Vec<u8> {
        let mode = match self {
            QueryStyle::Form | QueryStyle::Flavor(_) => DecodeMode::Form,
            QueryStyle::Rfc3986 => DecodeMode::Lenient,
        };
        decode_to_bytes(raw, mode)
            .expect("invariant: lenient and form decoding keep a malformed '%' and never fail")
            .into_owned()
    }

    /// `key=value`, each side encoded.
    pub(crate) fn pair(self, key: &str, value: &str) -> String {
        let enc = self.encoder();
        let mut s = String::with_capacity(key.len() + value.len() + 1);
        enc.encode_str_into(key, &mut s);
        s.push('=');
        enc.encode_str_into(value, &mut s);
        s
    }
}

/// The raw key of a query piece: the text before its first `=`.
pub(crate) fn raw_key(piece: &str) -> &str {
    piece.split_once('=').map_or(piece, |(k, _)| k)
}

/// Whether a raw piece's key, decoded once in `style`, is `name`. A flavor compares text,
/// as `URLSearchParams` does: bytes that are not UTF-8 are U+FFFD.
pub(crate) fn has_name(piece: &str, name: &str, style: QueryStyle) -> bool {
    if piece.is_empty() {
        return false;
    }
    let key = style.decode(raw_key(piece).as_bytes());
    match style {
        QueryStyle::Flavor(_) => String::from_utf8_lossy(&key) == name,
        _ => key == name.as_bytes(),
    }
}

/// The query a flavor writes for the raw pieces: read as a form, written by the flavor;
/// `None` (no `?`) when it writes nothing.
pub(crate) fn rewrite(flavor: QueryFlavor, pieces: &[String]) -> Option<String> {
    let pairs = crate::codec::form::parse(pieces.join("&").as_bytes());
    let query = flavor.serialize(&pairs);
    (!query.is_empty()).then_some(query)
}
