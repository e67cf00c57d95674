//! Reading a `Content-Disposition` value (RFC 6266 §4.1, RFC 8187 §3.2).

use std::fmt;

use crate::codec::{decode_to_bytes, sets::ATTR_CHAR, DecodeMode};

/// A parsed `Content-Disposition` value.
///
/// ```
/// use urlkit::content_disposition::parse;
/// let cd = parse("Attachment; filename=example.html").unwrap();
/// assert_eq!((cd.disposition(), cd.filename()), ("attachment", Some("example.html")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentDisposition {
    disposition: String,
    filename: Option<String>,
    filename_ext: Option<String>,
    charset: Option<String>,
    language: Option<String>,
    params: Vec<(String, String)>,
}

impl ContentDisposition {
    /// The disposition type, lowercased (`attachment`, `inline`, or an extension token).
    ///
    /// ```
    /// use urlkit::content_disposition::parse;
    /// assert_eq!(parse("INLINE").unwrap().disposition(), "inline");
    /// ```
    pub fn disposition(&self) -> &str {
        &self.disposition
    }

    /// The file name: `filename*` decoded when present (RFC 6266 §4.3: "when both ... are
    /// present ... recipients SHOULD pick filename*"), else `filename`.
    ///
    /// ```
    /// use urlkit::content_disposition::parse;
    /// assert_eq!(parse("attachment; filename=\"a.txt\"; filename*=UTF-8''%C3%A9.txt").unwrap().filename(), Some("é.txt"));
    /// ```
    pub fn filename(&self) -> Option<&str> {
        self.filename_ext.as_deref().or(self.filename.as_deref())
    }

    /// The plain `filename` parameter (the fallback), unescaped.
    ///
    /// ```
    /// use urlkit::content_disposition::parse;
    /// assert_eq!(parse("attachment; filename=\"a.txt\"; filename*=UTF-8''%C3%A9.txt").unwrap().filename_fallback(), Some("a.txt"));
    /// ```
    pub fn filename_fallback(&self) -> Option<&str> {
        self.filename.as_deref()
    }

    /// The charset of `filename*` as written (`UTF-8`, `ISO-8859-1`, ...).
    ///
    /// ```
    /// use urlkit::content_disposition::parse;
    /// assert_eq!(parse("attachment; filename*=utf-8''a").unwrap().charset(), Some("utf-8"));
    /// ```
    pub fn charset(&self) -> Option<&str> {
        self.charset.as_deref()
    }

    /// The language tag of `filename*`, when it has one.
    ///
    /// ```
    /// use urlkit::content_disposition::parse;
    /// assert_eq!(parse("attachment; filename*=UTF-8'ja'a").unwrap().language(), Some("ja"));
    /// ```
    pub fn language(&self) -> Option<&str> {
        self.language.as_deref()
    }

    /// The other parameters, names lowercased, values unquoted.
    ///
    /// ```
    /// use urlkit::content_disposition::parse;
    /// assert_eq!(parse("attachment; size=42").unwrap().params(), [("size".to_owned(), "42".to_owned())]);
    /// ```
    pub fn params(&self) -> &[(String, String)] {
        &self.params
    }
}

/// What is wrong with a `Content-Disposition` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A token (disposition type or parameter name) was expected.
    ExpectedToken,
    /// `=` was expected after a parameter name.
    ExpectedEquals,
    /// `;` was expected between parameters.
    ExpectedSemicolon,
    /// A quoted-string has no closing `"`.
    UnterminatedQuotedString,
    /// A parameter appears twice (RFC 6266 §4.1: "MUST NOT").
    DuplicateParameter,
    /// An ext-value is not `charset'[language]'value-chars` (RFC 8187 §3.2.1).
    InvalidExtValue,
    /// A `%` of an ext-value is not followed by two hex digits.
    MalformedEscape,
    /// The ext-value's charset is not one urlkit knows.
    UnsupportedCharset,
    /// The decoded bytes are not valid in the ext-value's charset.
    InvalidEncoding,
}

impl ParseErrorKind {
    /// A stable kebab-case name.
    ///
    /// ```
    /// use urlkit::content_disposition::ParseErrorKind;
    /// assert_eq!(ParseErrorKind::InvalidExtValue.name(), "invalid-ext-value");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ParseErrorKind::ExpectedToken => "expected-token",
            ParseErrorKind::ExpectedEquals => "expected-equals",
            ParseErrorKind::ExpectedSemicolon => "expected-semicolon",
            ParseErrorKind::UnterminatedQuotedString => "unterminated-quoted-string",
            ParseErrorKind::DuplicateParameter => "duplicate-parameter",
            ParseErrorKind::InvalidExtValue => "invalid-ext-value",
            ParseErrorKind::MalformedEscape => "malformed-escape",
            ParseErrorKind::UnsupportedCharset => "unsupported-charset",
            ParseErrorKind::InvalidEncoding => "invalid-encoding",
        }
    }
}

/// A parse error: its kind and the byte offset in the value.
///
/// ```
/// use urlkit::content_disposition::{parse, ParseErrorKind};
/// let e = parse("attachment; filename=\"a.txt").unwrap_err();
/// assert_eq!((e.kind(), e.offset()), (ParseErrorKind::UnterminatedQuotedString, 21));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ParseErrorKind,
    offset: usize,
}

impl ParseError {
    /// What went wrong.
    ///
    /// ```
    /// use urlkit::content_disposition::{parse, ParseErrorKind};
    /// assert_eq!(parse("attachment; filename").unwrap_err().kind(), ParseErrorKind::ExpectedEquals);
    /// ```
    pub fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The byte offset in the value.
    ///
    /// ```
    /// assert_eq!(urlkit::content_disposition::parse("attachment; filename").unwrap_err().offset(), 20);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl ParseError {
    /// What went wrong, in words, without the location.
    ///
    /// ```
    /// let e = urlkit::content_disposition::parse("attachment; a=1; a=2").unwrap_err();
    /// assert_eq!(e.description(), "the parameter appears twice");
    /// ```
    pub fn description(&self) -> &'static str {
        match self.kind {
            ParseErrorKind::ExpectedToken => "expected a token",
            ParseErrorKind::ExpectedEquals => "expected '=' after the parameter name",
            ParseErrorKind::ExpectedSemicolon => "expected ';' between parameters",
            ParseErrorKind::UnterminatedQuotedString => "the quoted-string has no closing '\"'",
            ParseErrorKind::DuplicateParameter => "the parameter appears twice",
            ParseErrorKind::InvalidExtValue => "expected charset'language'value (RFC 8187)",
            ParseErrorKind::MalformedEscape => "'%' must be followed by two hex digits",
            ParseErrorKind::UnsupportedCharset => "unsupported charset",
            ParseErrorKind::InvalidEncoding => "the decoded bytes are not valid in the charset",
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.description(), self.offset)
    }
}

impl std::error::Error for ParseError {}

fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

struct Cursor<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
}

impl<'a> Cursor<'a> {
    fn ows(&mut self) {
        while self.i < self.s.len() && (self.s[self.i] == b' ' || self.s[self.i] == b'\t') {
            self.i += 1;
        }
    }

    fn token(&mut self) -> Result<&'a str, ParseError> {
        let start = self.i;
        while self.i < self.s.len() && is_tchar(self.s[self.i]) {
            self.i += 1;
        }
        if self.i == start {
            return Err(err(ParseErrorKind::ExpectedToken, start));
        }
        Ok(&self.text[start..self.i])
    }

    fn quoted_string(&mut self) -> Result<String, ParseError> {
        let start = self.i;
        self.i += 1;
        let mut out = String::new();
        let mut run = self.i;
        while self.i < self.s.len() {
            match self.s[self.i] {
                b'"' => {
                    out.push_str(&self.text[run..self.i]);
                    self.i += 1;
                    return Ok(out);
                }
                b'\\' if self.i + 1 < self.s.len() => {
                    out.push_str(&self.text[run..self.i]);
                    self.i += 1;
                    run = self.i;
                    // Skip the whole (possibly multi-byte) character that is escaped.
                    let len = self.text[self.i..].chars().next().map_or(1, char::len_utf8);
                    self.i += len;
                }
                _ => self.i += 1,
            }
        }
        Err(err(ParseErrorKind::UnterminatedQuotedString, start))
    }
}

fn err(kind: ParseErrorKind, offset: usize) -> ParseError {
    ParseError { kind, offset }
}

/// Parses a `Content-Disposition` value (a leading `Content-Disposition:` is allowed).
///
/// Strict where the RFCs say MUST: malformed syntax, a repeated parameter, a bad ext-value
/// are errors with their offset. `filename*` charsets: UTF-8 and ISO-8859-1 (RFC 8187 §3.2.1
/// "recipients ... MUST support"), and the other WHATWG Encoding Standard labels.
///
/// ```
/// use urlkit::content_disposition::parse;
/// let cd = parse("attachment; filename*= UTF-8''%e2%82%ac%20rates").unwrap();
/// assert_eq!(cd.filename(), Some("€ rates"));
/// let cd = parse("attachment; filename*=iso-8859-1'en'%A3%20rates").unwrap();
/// assert_eq!((cd.filename(), cd.language()), (Some("£ rates"), Some("en")));
/// ```
///
/// <https://www.rfc-editor.org/rfc/rfc6266#section-4.1>
pub fn parse(value: &str) -> Result<ContentDisposition, ParseError> {
    let mut c = Cursor {
        s: value.as_bytes(),
        text: value,
        i: 0,
    };
    const PREFIX: &str = "content-disposition:";
    if value.len() >= PREFIX.len()
        && value.is_char_boundary(PREFIX.len())
        && value[..PREFIX.len()].eq_ignore_ascii_case(PREFIX)
    {
        c.i = PREFIX.len();
    }
    c.ows();
    let disposition = c.token()?.to_ascii_lowercase();
    let mut cd = ContentDisposition {
        disposition,
        filename: None,
        filename_ext: None,
        charset: None,
        language: None,
        params: Vec::new(),
    };
    let mut seen: Vec<String> = Vec::new();
    loop {
        c.ows();
        if c.i == c.s.len() {
            return Ok(cd);
        }
        if c.s[c.i] != b';' {
            return Err(err(ParseErrorKind::ExpectedSemicolon, c.i));
        }
        c.i += 1;
        c.ows();
        if c.i == c.s.len() {
            // A trailing ';' is common and harmless.
            return Ok(cd);
        }
        let name_at = c.i;
        let name = c.token()?.to_ascii_lowercase();
        if seen.contains(&name) {
            return Err(err(ParseErrorKind::DuplicateParameter, name_at));
        }
        seen.push(name.clone());
        c.ows();
        if c.s.get(c.i) != Some(&b'=') {
            return Err(err(ParseErrorKind::ExpectedEquals, c.i));
        }
        c.i += 1;
        c.ows();
        let value_at = c.i;
        if name.ends_with('*') {
            let raw = c
                .token()
                .map_err(|_| err(ParseErrorKind::InvalidExtValue, value_at))?;
            let (charset, language, text) = ext_value(raw, value_at)?;
            if name == "filename*" {
                cd.filename_ext = Some(text);
                cd.charset = Some(charset);
                cd.language = language;
            } else {
                cd.params.push((name, text));
            }
            continue;
        }
        let v = if c.s.get(c.i) == Some(&b'"') {
            c.quoted_string()?
        } else {
            c.token()?.to_owned()
        };
        if name == "filename" {
            cd.filename = Some(v);
        } else {
            cd.params.push((name, v));
        }
    }
}

/// RFC 8187 `ext-value = charset "'" [ language ] "'" value-chars`, decoded.
fn ext_value(raw: &str, at: usize) -> Result<(String, Option<String>, String), ParseError> {
    let mut parts = raw.splitn(3, '\'');
    let (Some(charset), Some(language), Some(chars)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(err(ParseErrorKind::InvalidExtValue, at));
    };
    if charset.is_empty() {
        return Err(err(ParseErrorKind::InvalidExtValue, at));
    }
    let chars_at = at + charset.len() + language.len() + 2;
    if let Some(bad) = chars
        .bytes()
        .position(|b| b != b'%' && ATTR_CHAR.contains(b))
    {
        return Err(err(ParseErrorKind::InvalidExtValue, chars_at + bad));
    }
    let bytes = decode_to_bytes(chars.as_bytes(), DecodeMode::Strict)
        .map_err(|e| err(ParseErrorKind::MalformedEscape, chars_at + e.offset()))?;
    let text = if charset.eq_ignore_ascii_case("UTF-8") {
        String::from_utf8(bytes.into_owned())
            .map_err(|_| err(ParseErrorKind::InvalidEncoding, chars_at))?
    } else if charset.eq_ignore_ascii_case("ISO-8859-1") {
        // True ISO-8859-1, not the WHATWG label's windows-1252.
        bytes.iter().map(|&b| char::from(b)).collect()
    } else {
        let encoding = encoding_rs::Encoding::for_label(charset.as_bytes())
            .ok_or_else(|| err(ParseErrorKind::UnsupportedCharset, at))?;
        encoding
            .decode_without_bom_handling_and_without_replacement(&bytes)
            .ok_or_else(|| err(ParseErrorKind::InvalidEncoding, chars_at))?
            .into_owned()
    };
    let language = (!language.is_empty()).then(|| language.to_owned());
    Ok((charset.to_owned(), language, text))
}
