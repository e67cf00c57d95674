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

pub mod aws_sigv4;
mod catalog;
mod escapes;
mod go;
mod java;
mod js;
mod names;
pub mod oauth1;
mod params;
mod perl;
mod php;
mod python;
pub mod roundtrip;
mod ruby;
mod signing;
mod text;

use std::fmt;

pub use catalog::{Direction, Language};
pub use escapes::{EscapeError, EscapeErrorKind, Escaped};
pub use names::FlavorName;
pub use params::{Params, PyEncoding, PyErrors};
pub use signing::{SigningError, SigningErrorKind};
pub use text::{Decoded, Input};

/// One foreign encoder or decoder, named `<language>.<function as spelled there>`.
///
/// The list and what each keeps is in [`Flavor::ALL`], [`Flavor::keeps`] and
/// [`Flavor::checked_against`]; the spec each follows is [`Flavor::spec`]. Each variant names
/// the runtime it was checked against and the quirks it reproduces.
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
    /// JavaScript `encodeURIComponent` (ECMA-262 §19.2.6.5), checked against Node.js v20.20.2.
    ///
    /// Keeps `A-Za-z0-9-_.~!'()*` (the RFC 2396 marks `!'()*` too); throws
    /// `URIError: URI malformed` on a lone surrogate (strings are UTF-16).
    JsEncodeUriComponent,
    /// JavaScript `encodeURI` (ECMA-262 §19.2.6.4), checked against Node.js v20.20.2.
    ///
    /// Also keeps `;/?:@&=+$,#`, so a value's `&` stays a separator; throws `URIError` on a
    /// lone surrogate.
    JsEncodeUri,
    /// JavaScript `escape` (ECMA-262 Annex B.2.1.1), checked against Node.js v20.20.2.
    ///
    /// Keeps `A-Za-z0-9@*_+-./`; works on UTF-16 code units: below U+0100 `%XX` (Latin-1,
    /// not UTF-8), above `%uXXXX`, lone surrogates included; never throws.
    JsEscape,
    /// JavaScript `new URLSearchParams({k: value}).toString()`, the value part (WHATWG URL
    /// §5.2), checked against Node.js v20.20.2.
    ///
    /// application/x-www-form-urlencoded: space is `+`, `~` is encoded and `*` kept; a lone
    /// surrogate becomes U+FFFD (USVString) instead of throwing.
    JsUrlSearchParams,
    /// The `encodeRFC3986URIComponent` helper MDN gives under `encodeURIComponent`, checked
    /// against Node.js v20.20.2.
    ///
    /// `encodeURIComponent` with `!'()*` re-encoded: RFC 3986 unreserved only, the same output
    /// as PHP `rawurlencode` and Python `quote(s, safe='')`; throws `URIError` on a lone
    /// surrogate.
    JsEncodeRfc3986UriComponent,
    /// JavaScript `decodeURIComponent` (ECMA-262 §19.2.6.3), checked against Node.js v20.20.2.
    ///
    /// Throws `URIError: URI malformed` on a `%` not followed by two hex digits (`100%`) and
    /// on escapes that are not UTF-8 of a scalar value (truncated, overlong, surrogates);
    /// `+` stays `+`.
    JsDecodeUriComponent,
    /// JavaScript `decodeURI` (ECMA-262 §19.2.6.2), checked against Node.js v20.20.2.
    ///
    /// As `decodeURIComponent`, but escapes of `;/?:@&=+$,#` stay exactly as written (`%2f`
    /// stays `%2f`).
    JsDecodeUri,
    /// JavaScript `new URLSearchParams("k=" + s).get("k")`, the value as a page reads it
    /// (WHATWG URL §5.1), checked against Node.js v20.20.2.
    ///
    /// application/x-www-form-urlencoded parsing: `+` is a space, a malformed `%` stays,
    /// bytes that are not UTF-8 become U+FFFD, a lone surrogate in the input becomes U+FFFD
    /// (USVString); a `&` ends the value, as it ends a parameter. Never throws. Node's own
    /// quirk is reproduced: when `decodeURIComponent` of the value would throw, each
    /// non-ASCII character keeps only its low byte (`%E6の` gives U+FFFD `n`; a browser gives
    /// U+FFFD `の`).
    JsUrlSearchParamsGet,
    /// JavaScript `unescape` (ECMA-262 Annex B.2.1.2), checked against Node.js v20.20.2.
    ///
    /// Decodes `%XX` and `%uXXXX` to UTF-16 code units (so `%E6` is `æ`, not a UTF-8 byte)
    /// and leaves anything malformed; never throws; may produce lone surrogates.
    JsUnescape,
    /// Python `urllib.parse.quote(string, safe='/', encoding=None, errors=None)`, checked
    /// against CPython 3.11.7.
    ///
    /// Keeps `A-Za-z0-9_.-~` and `safe` (default `/`: a path default, so `/` survives);
    /// non-ASCII in `safe` is ignored; a lone surrogate raises `UnicodeEncodeError` (strict
    /// UTF-8); `bytes` are encoded as they are.
    PythonQuote,
    /// Python `urllib.parse.quote_plus(string, safe='')`, checked against CPython 3.11.7.
    ///
    /// `quote` with space as `+` and nothing safe by default.
    PythonQuotePlus,
    /// Python `urllib.parse.urlencode` with the default `quote_via=quote_plus`, checked
    /// against CPython 3.11.7; one value here, a list of pairs with [`python_urlencode`].
    PythonUrlencode,
    /// Python `urllib.parse.unquote(string, encoding='utf-8', errors='replace')`, checked
    /// against CPython 3.11.7.
    ///
    /// Never fails on a malformed `%` (it stays, so `100%` is `100%`); invalid UTF-8 becomes
    /// U+FFFD; each run of ASCII is decoded on its own, so a raw non-ASCII character between
    /// escapes splits a sequence (`%E6日%97` gives U+FFFD 日 U+FFFD); `+` stays.
    PythonUnquote,
    /// Python `urllib.parse.unquote_plus`, checked against CPython 3.11.7: `+` is a space,
    /// then `unquote`.
    PythonUnquotePlus,
    /// Python `urllib.parse.unquote_to_bytes`, checked against CPython 3.11.7: bytes out,
    /// malformed `%` kept, a lone surrogate in the input raises `UnicodeEncodeError`.
    PythonUnquoteToBytes,
    /// PHP `urlencode`, checked against PHP 8.2.36: keeps only `A-Za-z0-9-_.`, so `~` becomes
    /// `%7E`; space is `+`; works on bytes.
    PhpUrlencode,
    /// PHP `rawurlencode`, checked against PHP 8.2.36: RFC 3986, keeps `A-Za-z0-9-_.~`, space
    /// is `%20`; works on bytes.
    PhpRawurlencode,
    /// PHP `urldecode`, checked against PHP 8.2.36: `+` is a space, a malformed `%` stays,
    /// bytes out (need not be UTF-8); never fails.
    PhpUrldecode,
    /// PHP `rawurldecode`, checked against PHP 8.2.36: as `urldecode` but `+` stays.
    PhpRawurldecode,
    /// PHP `http_build_query(['k' => value])`, the value part, checked against PHP 8.2.36
    /// (`PHP_QUERY_RFC1738`: `urlencode`); a list of pairs with [`php_http_build_query`].
    PhpHttpBuildQuery,
    /// Go `net/url.QueryEscape`, checked against Go 1.19.8: keeps `A-Za-z0-9-_.~`, space is
    /// `+`, every reserved character encoded; works on bytes.
    GoQueryEscape,
    /// Go `net/url.PathEscape`, checked against Go 1.19.8: one path segment, so `/ ; , ?`
    /// are encoded while `$ & + : = @` are kept; space is `%20`.
    GoPathEscape,
    /// Go `net/url.QueryUnescape`, checked against Go 1.19.8: `+` is a space; the first
    /// `%` not followed by two hex digits is an error `invalid URL escape "%zz"` (at most three
    /// bytes, quoted as `strconv.Quote` does: `"%\xe6\x97"`); bytes out.
    GoQueryUnescape,
    /// Go `net/url.PathUnescape`, checked against Go 1.19.8: as `QueryUnescape` but `+`
    /// stays.
    GoPathUnescape,
    /// Java `java.net.URLEncoder.encode(s, StandardCharsets.UTF_8)`, checked against OpenJDK
    /// 17.0.15: keeps `a-zA-Z0-9.-*_` (so `~` is encoded, `*` kept), space is `+`, a lone
    /// surrogate becomes `?` (`%3F`).
    JavaUrlEncoder,
    /// Java `java.net.URLDecoder.decode(s, StandardCharsets.UTF_8)`, checked against OpenJDK
    /// 17.0.15.
    ///
    /// `+` is a space; escapes are read by `Integer.parseInt(.., 16)`, which takes a sign
    /// and Unicode digits (`%+5` is byte 5, `%-5` fails with "negative value"); throws
    /// `IllegalArgumentException` ("Illegal hex characters in escape (%) pattern - Error at
    /// index N in: \"XY\"", "Incomplete trailing escape (%) pattern"); invalid UTF-8 is
    /// replaced the JDK's way (`%ED%A0%80` is one U+FFFD, not three).
    JavaUrlDecoder,
    /// Ruby `CGI.escape`, checked against Ruby 3.1.2 (cgi 0.3.5): keeps `A-Za-z0-9_.-~`,
    /// space is `+`; works on bytes.
    RubyCgiEscape,
    /// Ruby `CGI.unescape`, checked against Ruby 3.1.2 (cgi 0.3.5): `+` is a space, a
    /// malformed `%` stays, bytes out; it stops at a `%` in the last two bytes, so `a%+` stays
    /// `a%+`.
    RubyCgiUnescape,
    /// Ruby `URI.encode_www_form_component`, checked against Ruby 3.1.2 (uri 0.11.0):
    /// keeps `*-.0-9A-Z_a-z` (like Java: `~` encoded, `*` kept), space is `+`.
    RubyUriEncodeWwwFormComponent,
    /// Ruby `ERB::Util.url_encode`, checked against Ruby 3.1.2 (erb 2.2.3): RFC 3986
    /// unreserved only, space is `%20`.
    RubyErbUtilUrlEncode,
    /// Perl `URI::Escape::uri_escape_utf8`, checked against URI::Escape 5.17 (Perl 5.36.0):
    /// RFC 3986 unreserved only, characters as UTF-8; bytes that are not UTF-8 are Latin-1
    /// characters to Perl, so the byte `0xFF` becomes `%C3%BF`.
    PerlUriEscapeUtf8,
    /// Perl `URI::Escape::uri_unescape`, checked against URI::Escape 5.17: decodes `%XX`,
    /// leaves anything else, bytes out.
    PerlUriUnescape,
    /// OAuth 1.0 percent-encoding (RFC 5849 §3.6), checked against oauthlib 4.0.1
    /// (`oauthlib.oauth1.rfc5849.utils.escape`): RFC 3986 unreserved only, UTF-8, uppercase
    /// hex; takes text only. The base string URI and the normalized parameters are in
    /// [`oauth1`].
    Oauth1,
    /// AWS Signature Version 4 `UriEncode`, checked against botocore 1.44.8: RFC 3986
    /// unreserved only, uppercase hex, space `%20`; takes text only. The canonical URI
    /// (encoded twice except for S3) and the canonical query are in [`aws_sigv4`].
    AwsSigv4,
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
    ///
    /// ```
    /// use urlkit::flavor::{FlavorError, FlavorErrorKind};
    /// let e = FlavorError::new(FlavorErrorKind::UriError, 3, "URIError: URI malformed");
    /// assert_eq!(e.to_string(), "URIError: URI malformed");
    /// ```
    pub fn new(kind: FlavorErrorKind, offset: usize, message: impl Into<String>) -> FlavorError {
        FlavorError {
            kind,
            offset,
            message: message.into(),
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// use urlkit::flavor::{Flavor, FlavorErrorKind};
    /// let e = Flavor::JavaUrlDecoder.decode("%").unwrap_err();
    /// assert_eq!(e.kind(), FlavorErrorKind::IllegalArgument);
    /// ```
    pub fn kind(&self) -> FlavorErrorKind {
        self.kind
    }

    /// Where in the input (see the type's doc for the unit).
    ///
    /// ```
    /// use urlkit::flavor::Flavor;
    /// assert_eq!(Flavor::JsDecodeUriComponent.decode("運%E6").unwrap_err().offset(), 3);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The original's message, as its runtime prints it.
    ///
    /// ```
    /// use urlkit::flavor::Flavor;
    /// let e = Flavor::JavaUrlDecoder.decode("%").unwrap_err();
    /// assert_eq!(e.message(), "java.lang.IllegalArgumentException: URLDecoder: Incomplete trailing escape (%) pattern");
    /// ```
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
            Oauth1 | AwsSigv4 => signing_encode(input),
            _ => Err(wrong_direction(self)),
        }
    }

    /// The warnings for giving `input` to this encoder, as [`Encoder::warnings`] gives them
    /// for a set: a whole URL given as a component, and escapes that would be encoded again
    /// (every encoder flavor encodes `%`). A decoder has none.
    ///
    /// Each delimiter is tried through the flavor (a few short calls), so this is for a
    /// door's one input, not for a bulk path.
    ///
    /// ```
    /// use urlkit::flavor::Flavor;
    /// assert_eq!(Flavor::JsEncodeUriComponent.encode_warnings(b"%E6%97%A5").len(), 1);
    /// assert!(Flavor::JsDecodeUriComponent.encode_warnings(b"%E6").is_empty());
    /// ```
    ///
    /// [`Encoder::warnings`]: crate::codec::Encoder::warnings
    pub fn encode_warnings(self, input: &[u8]) -> Vec<crate::codec::EncodeWarning> {
        if self.direction() != Direction::Encode {
            return Vec::new();
        }
        crate::codec::warnings::encode_warnings(input, |b| {
            let c = char::from(b).to_string();
            self.encode(&c).map_or(true, |e| e != c)
        })
    }

    /// The escaped delimiters that this decoder turns into real ones in `input` (see
    /// [`decoded_delimiters`]): those it leaves escaped (`decodeURI` keeps `%2F`) are not
    /// counted. An encoder has none.
    ///
    /// ```
    /// use urlkit::flavor::Flavor;
    /// assert!(Flavor::JsDecodeUriComponent.decoded_delimiters(b"/a%2Fb/").is_some());
    /// assert!(Flavor::JsDecodeUri.decoded_delimiters(b"/a%2Fb/").is_none());
    /// ```
    ///
    /// [`decoded_delimiters`]: crate::codec::decoded_delimiters
    pub fn decoded_delimiters(self, input: &[u8]) -> Option<crate::codec::DecodedDelimiters> {
        if self.direction() != Direction::Decode {
            return None;
        }
        let mut found = crate::codec::decoded_delimiters(input)?;
        found.retain(|b| {
            let escape = format!("%{b:02X}");
            self.decode(&escape)
                .map_or(true, |d| d.to_string_lossy() != escape)
        });
        (!found.escapes().is_empty()).then_some(found)
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
            JsDecodeUriComponent | JsDecodeUri | JsUnescape | JsUrlSearchParamsGet => {
                js::decode(self, input)
            }
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

/// The signing encoders take text (oauthlib raises `ValueError` for bytes; both raise for a
/// lone surrogate, which UTF-8 cannot encode).
fn signing_encode(input: Input<'_>) -> Result<String, FlavorError> {
    let text: std::borrow::Cow<'_, str> = match input {
        Input::Text(s) => s.into(),
        Input::Bytes(b) => std::str::from_utf8(b)
            .map_err(|e| text::not_utf8(e.valid_up_to()))?
            .into(),
        Input::Utf16(u) => String::from_utf16(u)
            .map_err(|_| {
                FlavorError::new(
                    FlavorErrorKind::NotText,
                    text::first_lone_surrogate(u)
                        .expect("invariant: from_utf16 failed, so a surrogate is unpaired"),
                    "a lone surrogate cannot be encoded as UTF-8",
                )
            })?
            .into(),
    };
    Ok(oauth1::percent_encode(&text))
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
