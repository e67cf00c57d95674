//! Parsing a URI or IRI reference into its components, as byte ranges over the input.

use std::fmt;
use std::ops::Range;

use super::chars::{
    is_hex, CLASS, COLON_AT, KEPT_RAW, NON_ASCII, PLAIN, P_PATH, P_QUERY, P_REG, P_USERINFO,
    SCHEME, SLASH_QUESTION, SUB_DELIM, UNRESERVED, UNWISE,
};
use super::split::{walk, Reading, Split};

/// The component of a URI reference (RFC 3986 §3).
///
/// ```
/// use urlkit::uri::Component;
/// assert_eq!(Component::Host.name(), "host");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// `scheme` (§3.1).
    Scheme,
    /// `userinfo` (§3.2.1).
    Userinfo,
    /// `host` (§3.2.2).
    Host,
    /// `port` (§3.2.3).
    Port,
    /// `path` (§3.3).
    Path,
    /// `query` (§3.4).
    Query,
    /// `fragment` (§3.5).
    Fragment,
}

impl Component {
    /// Every component, in the order they are written.
    pub const ALL: [Component; 7] = [
        Component::Scheme,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The lowercase name, as RFC 3986 spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What is wrong with a URI reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A `:` ends the first segment, but what precedes it is not a scheme (`ALPHA *( ALPHA /
    /// DIGIT / "+" / "-" / "." )`), and a relative reference cannot have a `:` there (§4.2).
    InvalidScheme,
    /// A `%` that is not followed by two hex digits (§2.1).
    MalformedEscape,
    /// A character that no component allows at this place (a control character, or a
    /// delimiter inside the host or userinfo).
    InvalidCharacter,
    /// The port is not a sequence of digits (§3.2.3).
    InvalidPort,
    /// `[...]` is not an IPv6 address or `IPvFuture` (§3.2.2), or is not closed.
    InvalidIpLiteral,
    /// A base URI for resolution has no scheme (§5.2.1 requires an absolute base).
    BaseNotAbsolute,
}

impl ParseErrorKind {
    /// A stable kebab-case name, for machine-readable output.
    pub const fn name(self) -> &'static str {
        match self {
            ParseErrorKind::InvalidScheme => "invalid-scheme",
            ParseErrorKind::MalformedEscape => "malformed-escape",
            ParseErrorKind::InvalidCharacter => "invalid-character",
            ParseErrorKind::InvalidPort => "invalid-port",
            ParseErrorKind::InvalidIpLiteral => "invalid-ip-literal",
            ParseErrorKind::BaseNotAbsolute => "base-not-absolute",
        }
    }

    /// What it means, in words (the one place these messages are written).
    pub const fn message(self) -> &'static str {
        match self {
            ParseErrorKind::InvalidScheme => "the text before ':' is not a valid scheme",
            ParseErrorKind::MalformedEscape => "'%' must be followed by two hex digits",
            ParseErrorKind::InvalidCharacter => "this character is not allowed here",
            ParseErrorKind::InvalidPort => "the port must be digits only",
            ParseErrorKind::InvalidIpLiteral => "not a valid IPv6 address or IPvFuture in '[...]'",
            ParseErrorKind::BaseNotAbsolute => "a base URI must have a scheme",
        }
    }
}

/// A parse failure: its kind and the byte offset in the input where it is.
///
/// ```
/// use urlkit::uri::{parse, ParseErrorKind};
/// let err = parse("http://a/b%zz").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ParseErrorKind::MalformedEscape, 10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    kind: ParseErrorKind,
    offset: usize,
}

impl ParseError {
    pub(crate) const fn new(kind: ParseErrorKind, offset: usize) -> ParseError {
        ParseError { kind, offset }
    }

    /// What is wrong.
    pub const fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The byte offset in the input.
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (byte {})", self.kind.message(), self.offset)
    }
}

impl std::error::Error for ParseError {}

/// Per-component facts the scanner learns for free, so later steps can skip work.
pub(crate) mod flag {
    /// Holds a `%XX`.
    pub const PCT: u8 = 1;
    /// Holds a non-ASCII character.
    pub const NON_ASCII: u8 = 2;
    /// Holds a character of the `UNWISE` class.
    pub const UNWISE: u8 = 4;
    /// Holds an ASCII uppercase letter.
    pub const UPPER: u8 = 8;
}

/// A URI or IRI reference split into components: byte ranges over the input, no copies.
///
/// ```
/// use urlkit::uri::parse;
/// let u = parse("https://user@例え.jp:8080/a/b?q=1#top").unwrap();
/// assert_eq!(u.scheme(), Some("https"));
/// assert_eq!(u.userinfo(), Some("user"));
/// assert_eq!(u.host(), Some("例え.jp"));
/// assert_eq!(u.port(), Some("8080"));
/// assert_eq!(u.path(), "/a/b");
/// assert_eq!(u.query(), Some("q=1"));
/// assert_eq!(u.fragment(), Some("top"));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-3>,
/// <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UriRef<'a> {
    input: &'a str,
    /// The components' spans: those [`split`](super::split) gives, for a reference that
    /// parses.
    parts: Split,
    pub(crate) flags: [u8; 7],
}

impl<'a> UriRef<'a> {
    /// The whole input.
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The byte range of a component (without its delimiters), if present. The path is
    /// always present, possibly empty.
    pub fn range(&self, c: Component) -> Option<Range<usize>> {
        self.parts.span(c)
    }

    /// The components' spans, as [`split`](super::split) gives them.
    ///
    /// ```
    /// use urlkit::uri::{parse, split};
    /// let input = "http://u@h:8/p?q#f";
    /// assert_eq!(parse(input).unwrap().split(), &split(input));
    /// ```
    pub fn split(&self) -> &Split {
        &self.parts
    }

    /// The text of a component, if present.
    pub fn get(&self, c: Component) -> Option<&'a str> {
        let input = self.input;
        self.range(c).and_then(|r| input.get(r))
    }

    /// `scheme`, without the `:`.
    pub fn scheme(&self) -> Option<&'a str> {
        self.get(Component::Scheme)
    }

    /// `authority` (userinfo, host and port), without the `//`.
    pub fn authority(&self) -> Option<&'a str> {
        let input = self.input;
        self.parts.authority.clone().and_then(|r| input.get(r))
    }

    /// `userinfo`, without the `@`.
    pub fn userinfo(&self) -> Option<&'a str> {
        self.get(Component::Userinfo)
    }

    /// `host`, with the brackets of an IP literal.
    pub fn host(&self) -> Option<&'a str> {
        self.get(Component::Host)
    }

    /// `port`, without the `:` (may be empty: `http://a:/`).
    pub fn port(&self) -> Option<&'a str> {
        self.get(Component::Port)
    }

    /// `path` (possibly empty).
    pub fn path(&self) -> &'a str {
        // Every URI reference has a path, possibly empty (RFC 3986 §3): an absent span is the
        // empty path, not a fallback.
        self.get(Component::Path).unwrap_or("")
    }

    /// `query`, without the `?`.
    pub fn query(&self) -> Option<&'a str> {
        self.get(Component::Query)
    }

    /// `fragment`, without the `#`.
    pub fn fragment(&self) -> Option<&'a str> {
        self.get(Component::Fragment)
    }

    pub(crate) fn flags(&self, c: Component) -> u8 {
        self.flags[c as usize]
    }
}

/// The byte offset of the `:` that ends the scheme `input` starts with, if it starts with
/// `scheme ":"`, where `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986
/// §3.1). Only the scheme is read, not the rest of the URL: a cheap test of whether a line
/// can be an absolute URL.
///
/// ```
/// use urlkit::uri::scheme_end;
/// assert_eq!(scheme_end("https://example.com/"), Some(5));
/// assert_eq!(scheme_end("urn:isbn:0451450523"), Some(3));
/// assert_eq!(scheme_end("/relative:path"), None);
/// assert_eq!(scheme_end("1http://x"), None);
/// assert_eq!(scheme_end("Meeting notes: see below"), None);
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-3.1>
pub fn scheme_end(input: &str) -> Option<usize> {
    let b = input.as_bytes();
    let i = scheme_run(b);
    (i > 0 && b.get(i) == Some(&b':') && b[0].is_ascii_alphabetic()).then_some(i)
}

/// How many bytes from the start are scheme characters.
fn scheme_run(b: &[u8]) -> usize {
    b.iter()
        .take_while(|&&c| CLASS[c as usize] & SCHEME != 0)
        .count()
}

/// Parses a URI or IRI reference (RFC 3986 §4.1 `URI-reference`, RFC 3987 `IRI-reference`).
///
/// ```
/// use urlkit::uri::parse;
/// let r = parse("../g?x#y").unwrap();
/// assert_eq!((r.scheme(), r.path(), r.query()), (None, "../g", Some("x")));
/// assert_eq!(parse("http://[::1]:80/").unwrap().host(), Some("[::1]"));
/// assert!(parse("http://a:8x/").is_err());
/// ```
///
/// # Rationale
///
/// Real lists hold characters RFC 3986 leaves out of every component. Space `"`
/// `<` `>` `^` `` ` `` `{` `|` `}` are accepted (browsers percent-encode them, and so does a
/// key); `\`, `[`, `]` outside the host and a second `#` are accepted and kept as written (a
/// browser reads `\` as `/`, so treating it as `%5C` would equate different URLs). Control
/// characters, a malformed `%` and delimiters inside the host are errors: there is no reading
/// of them both sides of a comparison would agree on. Every non-ASCII character is accepted
/// where RFC 3987 allows `ucschar` (private-use characters are not singled out).
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>,
/// <https://www.rfc-editor.org/rfc/rfc3987#section-2.2>
pub fn parse(input: &str) -> Result<UriRef<'_>, ParseError> {
    let mut strict = Strict { flags: [0; 7] };
    let parts = walk(input, &mut strict)?;
    Ok(UriRef {
        input,
        parts,
        flags: strict.flags,
    })
}

/// The reading of [`parse`]: each component checked against its grammar as the walk finds
/// it, with what it holds recorded in `flags`.
struct Strict {
    flags: [u8; 7],
}

impl Reading for Strict {
    type Error = ParseError;

    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` before the first `:`, when that
    /// comes before any `/`, `?`, `#`; such a `:` after anything else is a bad scheme (a
    /// relative reference's first segment has no `:`).
    #[inline(always)]
    fn scheme(
        &mut self,
        b: &[u8],
        colon: Option<usize>,
    ) -> Result<Option<Range<usize>>, ParseError> {
        let Some(end) = colon else {
            return Ok(None);
        };
        let run = scheme_run(b);
        if run != end || !b[0].is_ascii_alphabetic() {
            let at = if b[0].is_ascii_alphabetic() { run } else { 0 };
            return Err(ParseError::new(ParseErrorKind::InvalidScheme, at));
        }
        if b[..end].iter().any(u8::is_ascii_uppercase) {
            self.flags[Component::Scheme as usize] |= flag::UPPER;
        }
        Ok(Some(0..end))
    }

    #[inline(always)]
    fn run(
        &mut self,
        b: &[u8],
        start: usize,
        stops: &[u8],
        c: Component,
    ) -> Result<usize, ParseError> {
        let (ok, plain) = match c {
            Component::Userinfo => (USERINFO_OK, P_USERINFO),
            Component::Path => (PATH_OK, P_PATH),
            Component::Query => (QUERY_OK, P_QUERY),
            Component::Fragment => (FRAGMENT_OK, P_QUERY),
            Component::Scheme | Component::Host | Component::Port => {
                unreachable!("invariant: the walk runs only userinfo, path, query and fragment")
            }
        };
        scan_until(b, start, ok, plain, stops, &mut self.flags[c as usize])
    }

    /// The userinfo before the last `@`; a host is an IP literal or a reg-name (which has no
    /// `:`: the first one starts the port), and a port is digits.
    #[inline(always)]
    fn authority(&mut self, b: &[u8], start: usize, out: &mut Split) -> Result<usize, ParseError> {
        let len = b.len();
        // Fast path: a lowercase reg-name alone (no userinfo, port, escapes or uppercase).
        let plain = start
            + b[start..]
                .iter()
                .position(|&c| PLAIN[c as usize] & P_REG == 0)
                .unwrap_or(len - start);
        if plain == len || matches!(b[plain], b'/' | b'?' | b'#') {
            out.host = Some(start..plain);
            return Ok(plain);
        }
        let end = memchr::memchr3(b'/', b'?', b'#', &b[plain..]).map_or(len, |p| plain + p);
        let mut host_start = start;
        if let Some(at) = memchr::memrchr(b'@', &b[start..end]) {
            let at = start + at;
            let f = &mut self.flags[Component::Userinfo as usize];
            scan(b, start, at, USERINFO_OK, P_USERINFO, f)?;
            out.userinfo = Some(start..at);
            host_start = at + 1;
        }
        let f = &mut self.flags[Component::Host as usize];
        let host_end = if b.get(host_start) == Some(&b'[') {
            let close = b[host_start..end]
                .iter()
                .position(|&c| c == b']')
                .map(|p| host_start + p)
                .ok_or(ParseError::new(
                    ParseErrorKind::InvalidIpLiteral,
                    host_start,
                ))?;
            check_ip_literal(b, host_start, close)?;
            let host_end = close + 1;
            if host_end < end && b[host_end] != b':' {
                return Err(ParseError::new(ParseErrorKind::InvalidCharacter, host_end));
            }
            if b[host_start..host_end].iter().any(u8::is_ascii_uppercase) {
                *f |= flag::UPPER;
            }
            host_end
        } else {
            let host_end =
                memchr::memchr(b':', &b[host_start..end]).map_or(end, |c| host_start + c);
            scan(b, host_start, host_end, REG_NAME_OK, P_REG, f)?;
            host_end
        };
        out.host = Some(host_start..host_end);
        if host_end < end {
            let p = host_end + 1;
            if let Some(bad) = b[p..end].iter().position(|c| !c.is_ascii_digit()) {
                return Err(ParseError::new(ParseErrorKind::InvalidPort, p + bad));
            }
            out.port = Some(p..end);
        }
        Ok(end)
    }
}

const USERINFO_OK: u8 = UNRESERVED | SUB_DELIM | UNWISE | NON_ASCII;
const REG_NAME_OK: u8 = UNRESERVED | SUB_DELIM | NON_ASCII;
const PATH_OK: u8 = UNRESERVED | SUB_DELIM | COLON_AT | UNWISE | KEPT_RAW | NON_ASCII;
const QUERY_OK: u8 = PATH_OK | SLASH_QUESTION;
const FRAGMENT_OK: u8 = QUERY_OK;

/// Checks `b[start..end]` against the classes in `ok` (plus `%XX`, and `:` in userinfo),
/// recording what it saw in `f`.
fn scan(
    b: &[u8],
    start: usize,
    end: usize,
    ok: u8,
    plain: u8,
    f: &mut u8,
) -> Result<(), ParseError> {
    scan_until(&b[..end], start, ok, plain, b"", f).map(|_| ())
}

/// The index of the first byte at or after `i` without the `plain` bit. Eight bytes are
/// tested with one branch (the AND of their table entries): long paths and queries are
/// mostly plain.
#[inline]
fn skip_plain(b: &[u8], mut i: usize, plain: u8) -> usize {
    let t = &PLAIN;
    while let Some(chunk) = b.get(i..i + 8) {
        let all = t[chunk[0] as usize]
            & t[chunk[1] as usize]
            & t[chunk[2] as usize]
            & t[chunk[3] as usize]
            & t[chunk[4] as usize]
            & t[chunk[5] as usize]
            & t[chunk[6] as usize]
            & t[chunk[7] as usize];
        if all & plain == 0 {
            break;
        }
        i += 8;
    }
    i + b[i..]
        .iter()
        .position(|&c| t[c as usize] & plain == 0)
        .unwrap_or(b.len() - i)
}

/// Scans from `start` to the first byte of `stops` (or the end of `b`), checking each byte against
/// the classes in `ok` and recording what it saw in `f`. Bytes with the `plain` bit take a
/// one-lookup fast path: for most URLs that is every byte.
fn scan_until(
    b: &[u8],
    start: usize,
    ok: u8,
    plain: u8,
    stops: &[u8],
    f: &mut u8,
) -> Result<usize, ParseError> {
    let end = b.len();
    let mut i = start;
    let mut seen = 0u8;
    loop {
        i = skip_plain(b, i, plain);
        if i >= end {
            break;
        }
        let c = b[i];
        // Escapes and non-ASCII characters come in runs (`%E9%81%8B`, `運営`): each run is
        // taken in one tight loop. No stop byte is `%` or non-ASCII, so testing them first
        // changes nothing.
        if c == b'%' {
            while i < end && b[i] == b'%' {
                if i + 2 >= end || !is_hex(b[i + 1]) || !is_hex(b[i + 2]) {
                    return Err(ParseError::new(ParseErrorKind::MalformedEscape, i));
                }
                i += 3;
            }
            seen |= flag::PCT;
            continue;
        }
        if c >= 0x80 && ok & NON_ASCII != 0 {
            seen |= flag::NON_ASCII;
            i += b[i..].iter().take_while(|&&x| x >= 0x80).count();
            continue;
        }
        if stops.contains(&c) {
            break;
        }
        let class = CLASS[c as usize];
        if class & ok == 0 {
            let allowed = (c == b':' && ok == USERINFO_OK) || (c == b'/' && ok == PATH_OK);
            if !allowed {
                return Err(ParseError::new(ParseErrorKind::InvalidCharacter, i));
            }
        }
        if class & NON_ASCII != 0 {
            seen |= flag::NON_ASCII;
        } else if class & UNWISE != 0 {
            seen |= flag::UNWISE;
        } else if c.is_ascii_uppercase() {
            seen |= flag::UPPER;
        }
        i += 1;
    }
    *f |= seen;
    Ok(i)
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, between `open` and `close`.
fn check_ip_literal(b: &[u8], open: usize, close: usize) -> Result<(), ParseError> {
    let inner = &b[open + 1..close];
    let bad = ParseError::new(ParseErrorKind::InvalidIpLiteral, open);
    if matches!(inner.first(), Some(b'v' | b'V')) {
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        let dot = inner.iter().position(|&c| c == b'.').ok_or(bad)?;
        let hex = &inner[1..dot];
        let rest = &inner[dot + 1..];
        let ok = !hex.is_empty()
            && hex.iter().all(|&c| is_hex(c))
            && !rest.is_empty()
            && rest
                .iter()
                .all(|&c| c == b':' || CLASS[c as usize] & (UNRESERVED | SUB_DELIM) != 0);
        return if ok { Ok(()) } else { Err(bad) };
    }
    let text = std::str::from_utf8(inner).map_err(|_| bad)?;
    // RFC 6874: `IPv6addrz = IPv6address "%25" ZoneID`, `ZoneID = 1*( unreserved / pct-encoded )`.
    let (addr, zone) = match text.find("%25") {
        Some(p) => (&text[..p], Some(&text[p + 3..])),
        None => (text, None),
    };
    if let Some(z) = zone {
        let zb = z.as_bytes();
        let mut i = 0;
        while i < zb.len() {
            if zb[i] == b'%' && i + 2 < zb.len() && is_hex(zb[i + 1]) && is_hex(zb[i + 2]) {
                i += 3;
            } else if CLASS[zb[i] as usize] & UNRESERVED != 0 {
                i += 1;
            } else {
                return Err(bad);
            }
        }
        if zb.is_empty() {
            return Err(bad);
        }
    }
    addr.parse::<std::net::Ipv6Addr>()
        .map(|_| ())
        .map_err(|_| bad)
}

#[cfg(test)]
mod tests {
    use super::{parse, scheme_end, ParseErrorKind};
    use proptest::prelude::*;

    proptest! {
        /// `scheme_end` reads the scheme as `parse` does: where `parse` finds one it ends at
        /// the same `:`, and where `parse` finds none `scheme_end` finds none either.
        #[test]
        fn scheme_end_agrees_with_parse(s in "[a-zA-Z0-9+.\\-]{0,6}[:/?#]?[a-z:/]{0,4}") {
            let end = scheme_end(&s);
            match parse(&s) {
                Ok(u) => prop_assert_eq!(end.map(|i| &s[..i]), u.scheme()),
                Err(e) if e.kind() == ParseErrorKind::InvalidScheme => prop_assert_eq!(end, None),
                Err(_) => {}
            }
        }
    }
}
