//! Other languages' URL encoders and decoders, reproduced byte for byte
//! (`js.encodeURIComponent`, `python.quote`, `go.QueryUnescape`, ...).
//!
//! The same input `a b&c=d/e?f#g+h~!'()*日本` comes out differently from every language: which
//! characters are kept, whether space is `%20` or `+`, whether a malformed `%` throws. A
//! [`Flavor`] names one foreign function; [`Flavor::encode`] / [`Flavor::decode`] give exactly
//! what that function gives, including its failure, as a [`FlavorError`] carrying the
//! original's message and the byte offset where it happened.
//!
//! Every flavor was checked, input by input, against the real runtime named in its
//! [`Flavor::checked_against`] (the differential check in `scripts/checks/flavors.sh` runs
//! each function on the same seeded corpus of over 2,000 inputs).
//!
//! ```
//! use urlkit::flavor::Flavor;
//! let s = "a b&c=d/e?f#g+h~!'()*日本";
//! assert_eq!(Flavor::PhpRawurlencode.encode(s).unwrap(), Flavor::JsEncodeRfc3986UriComponent.encode(s).unwrap());
//! assert_eq!(Flavor::GoPathEscape.encode("a/b&c").unwrap(), "a%2Fb&c");
//! assert_eq!(Flavor::JsDecodeUriComponent.decode("100%").unwrap_err().message(), "URIError: URI malformed");
//! assert_eq!(Flavor::PythonUnquote.decode("100%").unwrap().to_string_lossy(), "100%");
//! ```
//!
//! Strings differ between languages too, so an input is an [`Input`]: UTF-8 text, raw bytes
//! (PHP, Go, Ruby and Perl strings are bytes) or UTF-16 code units (JavaScript and Java
//! strings, which may hold lone surrogates). A decoder's result is a [`Decoded`] in the
//! original's own string model.

mod catalog;
mod go;
mod java;
mod js;
mod params;
mod perl;
mod php;
mod python;
mod ruby;
mod text;

use std::fmt;

pub use catalog::{Direction, Language};
pub use params::{Params, PyEncoding, PyErrors};
pub use text::{Decoded, Input};

/// One foreign encoder or decoder, named `<language>.<function as spelled there>`.
///
/// The list and what each keeps is in [`Flavor::ALL`], [`Flavor::keeps`] and
/// [`Flavor::quirks`]; the spec each follows is [`Flavor::spec`].
///
/// ```
/// use urlkit::flavor::Flavor;
/// assert_eq!(Flavor::from_name("python.quote"), Some(Flavor::PythonQuote));
/// assert_eq!(Flavor::PythonQuote.name(), "python.quote");
/// assert_eq!(Flavor::PythonQuote.encode("/a b").unwrap(), "/a%20b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Flavor {
    /// JavaScript `encodeURIComponent` (ECMA-262 §19.2.6.5).
    JsEncodeUriComponent,
    /// JavaScript `encodeURI` (ECMA-262 §19.2.6.4).
    JsEncodeUri,
    /// JavaScript `escape` (ECMA-262 Annex B.2.1.1).
    JsEscape,
    /// JavaScript `new URLSearchParams({k: value}).toString()`, the value part (WHATWG URL §5.2).
    JsUrlSearchParams,
    /// The `encodeRFC3986URIComponent` helper that MDN gives under `encodeURIComponent`.
    JsEncodeRfc3986UriComponent,
    /// JavaScript `decodeURIComponent` (ECMA-262 §19.2.6.3).
    JsDecodeUriComponent,
    /// JavaScript `decodeURI` (ECMA-262 §19.2.6.2).
    JsDecodeUri,
    /// JavaScript `unescape` (ECMA-262 Annex B.2.1.2).
    JsUnescape,
    /// Python `urllib.parse.quote(string, safe='/', encoding=None, errors=None)`.
    PythonQuote,
    /// Python `urllib.parse.quote_plus(string, safe='', encoding=None, errors=None)`.
    PythonQuotePlus,
    /// Python `urllib.parse.urlencode` with the default `quote_via=quote_plus`; one value here,
    /// a list of pairs with [`python_urlencode`].
    PythonUrlencode,
    /// Python `urllib.parse.unquote(string, encoding='utf-8', errors='replace')`.
    PythonUnquote,
    /// Python `urllib.parse.unquote_plus`.
    PythonUnquotePlus,
    /// Python `urllib.parse.unquote_to_bytes`.
    PythonUnquoteToBytes,
    /// PHP `urlencode`.
    PhpUrlencode,
    /// PHP `rawurlencode`.
    PhpRawurlencode,
    /// PHP `urldecode`.
    PhpUrldecode,
    /// PHP `rawurldecode`.
    PhpRawurldecode,
    /// PHP `http_build_query(['k' => value])`, the value part; a list of pairs with
    /// [`php_http_build_query`].
    PhpHttpBuildQuery,
    /// Go `net/url.QueryEscape`.
    GoQueryEscape,
    /// Go `net/url.PathEscape`.
    GoPathEscape,
    /// Go `net/url.QueryUnescape`.
    GoQueryUnescape,
    /// Go `net/url.PathUnescape`.
    GoPathUnescape,
    /// Java `java.net.URLEncoder.encode(s, StandardCharsets.UTF_8)`.
    JavaUrlEncoder,
    /// Java `java.net.URLDecoder.decode(s, StandardCharsets.UTF_8)`.
    JavaUrlDecoder,
    /// Ruby `CGI.escape`.
    RubyCgiEscape,
    /// Ruby `CGI.unescape`.
    RubyCgiUnescape,
    /// Ruby `URI.encode_www_form_component`.
    RubyUriEncodeWwwFormComponent,
    /// Ruby `ERB::Util.url_encode`.
    RubyErbUtilUrlEncode,
    /// Perl `URI::Escape::uri_escape_utf8`.
    PerlUriEscapeUtf8,
    /// Perl `URI::Escape::uri_unescape`.
    PerlUriUnescape,
}

/// What went wrong, in the original's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FlavorErrorKind {
    /// JavaScript threw `URIError: URI malformed`.
    UriError,
    /// Go returned a `url.EscapeError` (`invalid URL escape "%zz"`).
    InvalidUrlEscape,
    /// Java threw `IllegalArgumentException`.
    IllegalArgument,
    /// Python raised `UnicodeEncodeError`.
    UnicodeEncodeError,
    /// Python raised `UnicodeDecodeError`.
    UnicodeDecodeError,
    /// The input cannot be a string of this language (bytes that are not UTF-8 given to a
    /// function on text, a lone surrogate given to a language whose strings are bytes).
    NotText,
    /// An encoder was asked to decode, or a decoder to encode.
    WrongDirection,
}

impl FlavorErrorKind {
    /// A stable kebab-case name, for machine-readable output.
    ///
    /// ```
    /// assert_eq!(urlkit::flavor::FlavorErrorKind::UriError.name(), "uri-error");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FlavorErrorKind::UriError => "uri-error",
            FlavorErrorKind::InvalidUrlEscape => "invalid-url-escape",
            FlavorErrorKind::IllegalArgument => "illegal-argument",
            FlavorErrorKind::UnicodeEncodeError => "unicode-encode-error",
            FlavorErrorKind::UnicodeDecodeError => "unicode-decode-error",
            FlavorErrorKind::NotText => "not-text",
            FlavorErrorKind::WrongDirection => "wrong-direction",
        }
    }
}

/// A failure of a foreign function: its kind, the offset in the input where it happened and
/// the message the original gives (`URIError: URI malformed`,
/// `invalid URL escape "%zz"`, `java.lang.IllegalArgumentException: URLDecoder: ...`).
///
/// The offset counts the input's own units: bytes for [`Input::Text`] and [`Input::Bytes`],
/// UTF-16 code units for [`Input::Utf16`].
///
/// ```
/// use urlkit::flavor::{Flavor, FlavorErrorKind};
/// let e = Flavor::GoQueryUnescape.decode("a%zzz").unwrap_err();
/// assert_eq!((e.kind(), e.offset(), e.message()), (FlavorErrorKind::InvalidUrlEscape, 1, "invalid URL escape \"%zz\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlavorError {
    kind: FlavorErrorKind,
    offset: usize,
    message: String,
}

impl FlavorError {
    /// An error of `kind` at `offset` with the original's `message`.
    pub fn new(kind: FlavorErrorKind, offset: usize, message: impl Into<String>) -> FlavorError {
        FlavorError {
            kind,
            offset,
            message: message.into(),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> FlavorErrorKind {
        self.kind
    }

    /// Where in the input (see the type's doc for the unit).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The original's message, as its runtime prints it.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for FlavorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FlavorError {}

impl Flavor {
    /// Encodes `input` as the original function does with its default arguments.
    ///
    /// ```
    /// use urlkit::flavor::Flavor;
    /// assert_eq!(Flavor::PhpUrlencode.encode("a b~").unwrap(), "a+b%7E");
    /// ```
    pub fn encode(self, input: &str) -> Result<String, FlavorError> {
        self.encode_with(Input::Text(input), &Params::default())
    }

    /// Encodes `input` with the original's parameters `params` (Python's `safe`, `encoding`,
    /// `errors`; the others have none).
    ///
    /// ```
    /// use urlkit::flavor::{Flavor, Input, Params};
    /// let p = Params::default().safe("");
    /// assert_eq!(Flavor::PythonQuote.encode_with(Input::Text("/a"), &p).unwrap(), "%2Fa");
    /// let e = Flavor::JsEncodeUriComponent.encode_with(Input::Utf16(&[0x61, 0xD800]), &p).unwrap_err();
    /// assert_eq!((e.message(), e.offset()), ("URIError: URI malformed", 1));
    /// ```
    pub fn encode_with(self, input: Input<'_>, params: &Params) -> Result<String, FlavorError> {
        use Flavor::*;
        match self {
            JsEncodeUriComponent
            | JsEncodeUri
            | JsEscape
            | JsUrlSearchParams
            | JsEncodeRfc3986UriComponent => js::encode(self, input),
            PythonQuote | PythonQuotePlus | PythonUrlencode => python::encode(self, input, params),
            PhpUrlencode | PhpRawurlencode | PhpHttpBuildQuery => php::encode(self, input),
            GoQueryEscape | GoPathEscape => go::encode(self, input),
            JavaUrlEncoder => java::encode(input),
            RubyCgiEscape | RubyUriEncodeWwwFormComponent | RubyErbUtilUrlEncode => {
                ruby::encode(self, input)
            }
            PerlUriEscapeUtf8 => perl::encode(input),
            _ => Err(wrong_direction(self)),
        }
    }

    /// Decodes `input` as the original function does with its default arguments.
    ///
    /// ```
    /// use urlkit::flavor::Flavor;
    /// assert_eq!(Flavor::GoQueryUnescape.decode("a+b%21").unwrap().to_string_lossy(), "a b!");
    /// assert!(Flavor::JavaUrlDecoder.decode("%").is_err());
    /// ```
    pub fn decode(self, input: &str) -> Result<Decoded, FlavorError> {
        self.decode_with(Input::Text(input), &Params::default())
    }

    /// Decodes `input` with the original's parameters (Python's `encoding`, `errors`).
    ///
    /// ```
    /// use urlkit::flavor::{Decoded, Flavor, Input, Params, PyEncoding};
    /// let p = Params::default().encoding(PyEncoding::Latin1);
    /// let d = Flavor::PythonUnquote.decode_with(Input::Text("%FC"), &p).unwrap();
    /// assert_eq!(d, Decoded::Text("ü".into()));
    /// ```
    pub fn decode_with(self, input: Input<'_>, params: &Params) -> Result<Decoded, FlavorError> {
        use Flavor::*;
        match self {
            JsDecodeUriComponent | JsDecodeUri | JsUnescape => js::decode(self, input),
            PythonUnquote | PythonUnquotePlus | PythonUnquoteToBytes => {
                python::decode(self, input, params)
            }
            PhpUrldecode | PhpRawurldecode => php::decode(self, input),
            GoQueryUnescape | GoPathUnescape => go::decode(self, input),
            JavaUrlDecoder => java::decode(input),
            RubyCgiUnescape => ruby::decode(input),
            PerlUriUnescape => perl::decode(input),
            _ => Err(wrong_direction(self)),
        }
    }
}

fn wrong_direction(flavor: Flavor) -> FlavorError {
    let what = match flavor.direction() {
        Direction::Encode => "an encoder; it cannot decode",
        Direction::Decode => "a decoder; it cannot encode",
    };
    FlavorError::new(
        FlavorErrorKind::WrongDirection,
        0,
        format!("{} is {what}", flavor.name()),
    )
}

/// Python `urllib.parse.urlencode(pairs)` for a list of key/value pairs, with the default
/// `quote_via=quote_plus` and `params`' `safe`, `encoding` and `errors`.
///
/// ```
/// use urlkit::flavor::{python_urlencode, Params};
/// let q = python_urlencode(&[("q", "東京 カフェ"), ("tag", "C++")], &Params::default()).unwrap();
/// assert_eq!(q, "q=%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7&tag=C%2B%2B");
/// ```
///
/// <https://docs.python.org/3/library/urllib.parse.html#urllib.parse.urlencode>
pub fn python_urlencode(pairs: &[(&str, &str)], params: &Params) -> Result<String, FlavorError> {
    let mut parts = Vec::with_capacity(pairs.len());
    for (k, v) in pairs {
        let k = Flavor::PythonUrlencode.encode_with(Input::Text(k), params)?;
        let v = Flavor::PythonUrlencode.encode_with(Input::Text(v), params)?;
        parts.push(format!("{k}={v}"));
    }
    Ok(parts.join("&"))
}

/// PHP `http_build_query($pairs)` for string keys and values (`PHP_QUERY_RFC1738`, `&`).
///
/// ```
/// use urlkit::flavor::php_http_build_query;
/// assert_eq!(php_http_build_query(&[("q", "a b~"), ("x", "1")]), "q=a+b%7E&x=1");
/// ```
///
/// <https://www.php.net/manual/en/function.http-build-query.php>
pub fn php_http_build_query(pairs: &[(&str, &str)]) -> String {
    let parts: Vec<String> = pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "{}={}",
                php::urlencode(k.as_bytes()),
                php::urlencode(v.as_bytes())
            )
        })
        .collect();
    parts.join("&")
}

#[cfg(test)]
mod tests;
