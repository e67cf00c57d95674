//! The catalogue of flavors: names, languages, what each keeps, where it is specified and
//! which runtime it was checked against.

use super::Flavor;

/// Whether a flavor encodes or decodes.
///
/// ```
/// use urlkit::flavor::{Direction, Flavor};
/// assert_eq!(Flavor::GoPathUnescape.direction(), Direction::Decode);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Text to percent-encoded text.
    Encode,
    /// Percent-encoded text to text or bytes.
    Decode,
}

/// The language (runtime) a flavor comes from.
///
/// ```
/// use urlkit::flavor::{Flavor, Language};
/// assert_eq!(Flavor::RubyCgiEscape.language(), Language::Ruby);
/// assert_eq!(Language::Ruby.runtime(), "Ruby 3.1.2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// JavaScript (Node.js).
    Js,
    /// Python (CPython).
    Python,
    /// PHP.
    Php,
    /// Go.
    Go,
    /// Java (OpenJDK).
    Java,
    /// Ruby (MRI).
    Ruby,
    /// Perl (URI::Escape).
    Perl,
    /// OAuth 1.0 (RFC 5849), as oauthlib implements it.
    Oauth1,
    /// AWS Signature Version 4, as botocore implements it.
    AwsSigv4,
}

impl Language {
    /// The exact runtime every flavor of this language was checked against, input by input.
    ///
    /// ```
    /// assert_eq!(urlkit::flavor::Language::Js.runtime(), "Node.js v20.20.2");
    /// ```
    pub const fn runtime(self) -> &'static str {
        match self {
            Language::Js => "Node.js v20.20.2",
            Language::Python => "CPython 3.11.7",
            Language::Php => "PHP 8.2.36",
            Language::Go => "Go 1.19.8",
            Language::Java => "OpenJDK 17.0.15",
            Language::Ruby => "Ruby 3.1.2",
            Language::Perl => "URI::Escape 5.17 (Perl 5.36.0)",
            Language::Oauth1 => "oauthlib 4.0.1 (CPython 3.11.7)",
            Language::AwsSigv4 => "botocore 1.44.8 (CPython 3.11.7)",
        }
    }
}

impl Flavor {
    /// The other side of the same foreign object, when it has both: `js.URLSearchParams`
    /// (serializing) and `js.URLSearchParams.get` (parsing), so that `decode --as
    /// js.URLSearchParams` names the decoder.
    ///
    /// ```
    /// use urlkit::flavor::Flavor;
    /// assert_eq!(Flavor::JsUrlSearchParams.counterpart(), Some(Flavor::JsUrlSearchParamsGet));
    /// assert_eq!(Flavor::JsEncodeUri.counterpart(), None);
    /// ```
    pub const fn counterpart(self) -> Option<Flavor> {
        match self {
            Flavor::JsUrlSearchParams => Some(Flavor::JsUrlSearchParamsGet),
            Flavor::JsUrlSearchParamsGet => Some(Flavor::JsUrlSearchParams),
            _ => None,
        }
    }

    /// Every flavor, encoders first within each language.
    ///
    /// ```
    /// use urlkit::flavor::{Direction, Flavor};
    /// assert_eq!(Flavor::ALL.iter().filter(|f| f.direction() == Direction::Encode).count(), 20);
    /// ```
    pub const ALL: [Flavor; 34] = [
        Flavor::JsEncodeUriComponent,
        Flavor::JsEncodeUri,
        Flavor::JsEscape,
        Flavor::JsUrlSearchParams,
        Flavor::JsEncodeRfc3986UriComponent,
        Flavor::JsDecodeUriComponent,
        Flavor::JsDecodeUri,
        Flavor::JsUnescape,
        Flavor::JsUrlSearchParamsGet,
        Flavor::PythonQuote,
        Flavor::PythonQuotePlus,
        Flavor::PythonUrlencode,
        Flavor::PythonUnquote,
        Flavor::PythonUnquotePlus,
        Flavor::PythonUnquoteToBytes,
        Flavor::PhpUrlencode,
        Flavor::PhpRawurlencode,
        Flavor::PhpHttpBuildQuery,
        Flavor::PhpUrldecode,
        Flavor::PhpRawurldecode,
        Flavor::GoQueryEscape,
        Flavor::GoPathEscape,
        Flavor::GoQueryUnescape,
        Flavor::GoPathUnescape,
        Flavor::JavaUrlEncoder,
        Flavor::JavaUrlDecoder,
        Flavor::RubyCgiEscape,
        Flavor::RubyUriEncodeWwwFormComponent,
        Flavor::RubyErbUtilUrlEncode,
        Flavor::RubyCgiUnescape,
        Flavor::PerlUriEscapeUtf8,
        Flavor::PerlUriUnescape,
        Flavor::Oauth1,
        Flavor::AwsSigv4,
    ];

    /// The name, `<language>.<function as spelled there>`.
    ///
    /// ```
    /// assert_eq!(urlkit::flavor::Flavor::RubyErbUtilUrlEncode.name(), "ruby.ERB::Util.url_encode");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Flavor::JsEncodeUriComponent => "js.encodeURIComponent",
            Flavor::JsEncodeUri => "js.encodeURI",
            Flavor::JsEscape => "js.escape",
            Flavor::JsUrlSearchParams => "js.URLSearchParams",
            Flavor::JsEncodeRfc3986UriComponent => "js.encodeRFC3986URIComponent",
            Flavor::JsDecodeUriComponent => "js.decodeURIComponent",
            Flavor::JsDecodeUri => "js.decodeURI",
            Flavor::JsUnescape => "js.unescape",
            Flavor::JsUrlSearchParamsGet => "js.URLSearchParams.get",
            Flavor::PythonQuote => "python.quote",
            Flavor::PythonQuotePlus => "python.quote_plus",
            Flavor::PythonUrlencode => "python.urlencode",
            Flavor::PythonUnquote => "python.unquote",
            Flavor::PythonUnquotePlus => "python.unquote_plus",
            Flavor::PythonUnquoteToBytes => "python.unquote_to_bytes",
            Flavor::PhpUrlencode => "php.urlencode",
            Flavor::PhpRawurlencode => "php.rawurlencode",
            Flavor::PhpUrldecode => "php.urldecode",
            Flavor::PhpRawurldecode => "php.rawurldecode",
            Flavor::PhpHttpBuildQuery => "php.http_build_query",
            Flavor::GoQueryEscape => "go.QueryEscape",
            Flavor::GoPathEscape => "go.PathEscape",
            Flavor::GoQueryUnescape => "go.QueryUnescape",
            Flavor::GoPathUnescape => "go.PathUnescape",
            Flavor::JavaUrlEncoder => "java.URLEncoder",
            Flavor::JavaUrlDecoder => "java.URLDecoder",
            Flavor::RubyCgiEscape => "ruby.CGI.escape",
            Flavor::RubyCgiUnescape => "ruby.CGI.unescape",
            Flavor::RubyUriEncodeWwwFormComponent => "ruby.URI.encode_www_form_component",
            Flavor::RubyErbUtilUrlEncode => "ruby.ERB::Util.url_encode",
            Flavor::PerlUriEscapeUtf8 => "perl.uri_escape_utf8",
            Flavor::PerlUriUnescape => "perl.uri_unescape",
            Flavor::Oauth1 => "oauth1",
            Flavor::AwsSigv4 => "aws.sigv4",
        }
    }

    /// The flavor of that name.
    ///
    /// ```
    /// use urlkit::flavor::Flavor;
    /// assert_eq!(Flavor::from_name("go.PathEscape"), Some(Flavor::GoPathEscape));
    /// assert_eq!(Flavor::from_name("go.pathescape"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Flavor> {
        Flavor::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether it encodes or decodes.
    ///
    /// ```
    /// use urlkit::flavor::{Direction, Flavor};
    /// assert_eq!(Flavor::JsEscape.direction(), Direction::Encode);
    /// ```
    pub const fn direction(self) -> Direction {
        use Flavor::*;
        match self {
            JsDecodeUriComponent | JsDecodeUri | JsUnescape | JsUrlSearchParamsGet
            | PythonUnquote | PythonUnquotePlus | PythonUnquoteToBytes | PhpUrldecode
            | PhpRawurldecode | GoQueryUnescape | GoPathUnescape | JavaUrlDecoder
            | RubyCgiUnescape | PerlUriUnescape => Direction::Decode,
            _ => Direction::Encode,
        }
    }

    /// The language it comes from.
    ///
    /// ```
    /// use urlkit::flavor::{Flavor, Language};
    /// assert_eq!(Flavor::JavaUrlDecoder.language(), Language::Java);
    /// ```
    pub const fn language(self) -> Language {
        use Flavor::*;
        match self {
            JsEncodeUriComponent
            | JsEncodeUri
            | JsEscape
            | JsUrlSearchParams
            | JsEncodeRfc3986UriComponent
            | JsDecodeUriComponent
            | JsDecodeUri
            | JsUnescape
            | JsUrlSearchParamsGet => Language::Js,
            PythonQuote | PythonQuotePlus | PythonUrlencode | PythonUnquote | PythonUnquotePlus
            | PythonUnquoteToBytes => Language::Python,
            PhpUrlencode | PhpRawurlencode | PhpUrldecode | PhpRawurldecode | PhpHttpBuildQuery => {
                Language::Php
            }
            GoQueryEscape | GoPathEscape | GoQueryUnescape | GoPathUnescape => Language::Go,
            JavaUrlEncoder | JavaUrlDecoder => Language::Java,
            RubyCgiEscape
            | RubyCgiUnescape
            | RubyUriEncodeWwwFormComponent
            | RubyErbUtilUrlEncode => Language::Ruby,
            PerlUriEscapeUtf8 | PerlUriUnescape => Language::Perl,
            Oauth1 => Language::Oauth1,
            AwsSigv4 => Language::AwsSigv4,
        }
    }

    /// The runtime it was checked against (see [`Language::runtime`]).
    ///
    /// ```
    /// assert_eq!(urlkit::flavor::Flavor::PythonQuote.checked_against(), "CPython 3.11.7");
    /// ```
    pub const fn checked_against(self) -> &'static str {
        self.language().runtime()
    }

    /// What it keeps (encoders: the ASCII characters written as they are, and how space is
    /// written) or what it does with `+` and malformed escapes (decoders).
    ///
    /// ```
    /// use urlkit::flavor::Flavor;
    /// assert_eq!(Flavor::GoPathEscape.keeps(), "A-Za-z0-9 -_.~ $&+:=@; space %20");
    /// ```
    pub const fn keeps(self) -> &'static str {
        use Flavor::*;
        match self {
            JsEncodeUriComponent => "A-Za-z0-9 -_.~ !'()*; space %20",
            JsEncodeUri => "A-Za-z0-9 -_.~ !'()* ;/?:@&=+$,#; space %20",
            JsEscape => "A-Za-z0-9 @*_+-./; space %20; U+0100 and up as %uXXXX",
            JsUrlSearchParams => "A-Za-z0-9 -_.*; space +",
            JsEncodeRfc3986UriComponent
            | PhpRawurlencode
            | RubyErbUtilUrlEncode
            | PerlUriEscapeUtf8
            | Oauth1
            | AwsSigv4 => "A-Za-z0-9 -_.~; space %20",
            PythonQuote => "A-Za-z0-9 -_.~ and safe (default /); space %20",
            PythonQuotePlus | PythonUrlencode => "A-Za-z0-9 -_.~ and safe (default none); space +",
            PhpUrlencode | PhpHttpBuildQuery => "A-Za-z0-9 -_.; space +",
            GoQueryEscape | RubyCgiEscape => "A-Za-z0-9 -_.~; space +",
            GoPathEscape => "A-Za-z0-9 -_.~ $&+:=@; space %20",
            JavaUrlEncoder | RubyUriEncodeWwwFormComponent => "A-Za-z0-9 -_.*; space +",
            JsDecodeUriComponent => "+ stays; malformed % or bad UTF-8 throws URIError",
            JsDecodeUri => "+ stays; escapes of ;/?:@&=+$,# stay; malformed throws URIError",
            JsUnescape => "+ stays; %XX and %uXXXX decoded; malformed stays",
            JsUrlSearchParamsGet => "+ is space; malformed stays; bad UTF-8 -> U+FFFD; & ends it",
            PythonUnquote => "+ stays; malformed stays; bad UTF-8 -> U+FFFD",
            PythonUnquotePlus => "+ is space; malformed stays; bad UTF-8 -> U+FFFD",
            PythonUnquoteToBytes | PhpRawurldecode | PerlUriUnescape => {
                "+ stays; malformed stays; bytes"
            }
            PhpUrldecode | RubyCgiUnescape => "+ is space; malformed stays; bytes",
            GoQueryUnescape => "+ is space; malformed is an error; bytes",
            GoPathUnescape => "+ stays; malformed is an error; bytes",
            JavaUrlDecoder => "+ is space; malformed throws; bad UTF-8 -> U+FFFD (JDK rules)",
        }
    }

    /// Where the original is documented.
    ///
    /// ```
    /// assert!(urlkit::flavor::Flavor::GoQueryEscape.spec().starts_with("https://pkg.go.dev/"));
    /// ```
    pub const fn spec(self) -> &'static str {
        use Flavor::*;
        match self {
            JsEncodeUriComponent => "https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent",
            JsEncodeUri => "https://tc39.es/ecma262/#sec-encodeuri-uri",
            JsEscape => "https://tc39.es/ecma262/#sec-escape-string",
            JsUrlSearchParams => "https://url.spec.whatwg.org/#urlencoded-serializing",
            JsEncodeRfc3986UriComponent => "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/encodeURIComponent#encoding_for_rfc3986",
            JsDecodeUriComponent => "https://tc39.es/ecma262/#sec-decodeuricomponent-encodeduricomponent",
            JsDecodeUri => "https://tc39.es/ecma262/#sec-decodeuri-encodeduri",
            JsUnescape => "https://tc39.es/ecma262/#sec-unescape-string",
            JsUrlSearchParamsGet => "https://url.spec.whatwg.org/#concept-urlencoded-parser",
            PythonQuote | PythonQuotePlus | PythonUrlencode | PythonUnquote | PythonUnquotePlus
            | PythonUnquoteToBytes => "https://docs.python.org/3/library/urllib.parse.html#url-quoting",
            PhpUrlencode => "https://www.php.net/manual/en/function.urlencode.php",
            PhpRawurlencode => "https://www.php.net/manual/en/function.rawurlencode.php",
            PhpUrldecode => "https://www.php.net/manual/en/function.urldecode.php",
            PhpRawurldecode => "https://www.php.net/manual/en/function.rawurldecode.php",
            PhpHttpBuildQuery => "https://www.php.net/manual/en/function.http-build-query.php",
            GoQueryEscape | GoPathEscape | GoQueryUnescape | GoPathUnescape => "https://pkg.go.dev/net/url",
            JavaUrlEncoder => "https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/net/URLEncoder.html",
            JavaUrlDecoder => "https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/net/URLDecoder.html",
            RubyCgiEscape | RubyCgiUnescape => "https://docs.ruby-lang.org/en/3.1/CGI/Util.html",
            RubyUriEncodeWwwFormComponent => "https://docs.ruby-lang.org/en/3.1/URI.html#method-c-encode_www_form_component",
            RubyErbUtilUrlEncode => "https://docs.ruby-lang.org/en/3.1/ERB/Util.html",
            PerlUriEscapeUtf8 | PerlUriUnescape => "https://metacpan.org/pod/URI::Escape",
            Oauth1 => "https://www.rfc-editor.org/rfc/rfc5849#section-3.6",
            AwsSigv4 => "https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html",
        }
    }
}
