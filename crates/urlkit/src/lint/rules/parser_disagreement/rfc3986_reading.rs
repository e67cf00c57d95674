//! The RFC 3986 side of the comparison: the project's parser and resolver ([`crate::uri`])
//! for the components, plus a strict check of each component against the ABNF of Appendix A
//! (RFC 3987 `ucschar` allowed, so IRIs are not flagged), and the generic split of Appendix B
//! to show what a lenient tokenizer sees when the strict reading rejects the input.
//!
//! *Rationale*: [`crate::uri::parse`] accepts characters real lists contain but RFC 3986
//! leaves out (space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`, brackets outside the
//! host), which is right for normalizing and comparing. For parser disagreement the question
//! is what a *conforming* RFC 3986 parser does, and a character outside the grammar is exactly
//! where parsers start to disagree, so this reading rejects it.

use std::ops::Range;

use crate::uri::chars::{self, is, is_hex, is_pchar, SCHEME, SUB_DELIM, UNRESERVED};
use crate::uri::{
    parse as uri_parse, resolve, split, Component, ParseErrorKind, PathHead, Resolution, Split,
    UriRef,
};

/// Why the RFC 3986 reading rejects an input.
///
/// ```
/// use urlkit::lint::parser_disagreement::{Rfc3986Reading, RfcRejectKind};
/// let err = Rfc3986Reading::parse("http://a b/", None).unwrap_err();
/// assert_eq!((err.kind, err.offset), (RfcRejectKind::InvalidCharacter, 8));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RfcRejectKind {
    /// No scheme and no base to resolve against: a relative reference is not a URI (§4.3).
    NotAbsolute,
    /// The scheme is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1).
    InvalidScheme,
    /// A character that the component's grammar does not allow (§3).
    InvalidCharacter,
    /// A `%` not followed by two hex digits (§2.1).
    MalformedEscape,
    /// The port is not digits (§3.2.3).
    InvalidPort,
    /// `[...]` holds neither an IPv6 address nor an IPvFuture (§3.2.2).
    InvalidIpLiteral,
    /// The base given to resolve against is not itself an absolute URI.
    InvalidBase,
}

impl RfcRejectKind {
    /// The stable kebab-case name (`invalid-character`).
    ///
    /// ```
    /// use urlkit::lint::parser_disagreement::RfcRejectKind;
    /// assert_eq!(RfcRejectKind::InvalidPort.name(), "invalid-port");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            RfcRejectKind::NotAbsolute => "not-absolute",
            RfcRejectKind::InvalidScheme => "invalid-scheme",
            RfcRejectKind::InvalidCharacter => "invalid-character",
            RfcRejectKind::MalformedEscape => "malformed-escape",
            RfcRejectKind::InvalidPort => "invalid-port",
            RfcRejectKind::InvalidIpLiteral => "invalid-ip-literal",
            RfcRejectKind::InvalidBase => "invalid-base",
        }
    }
}

/// An RFC 3986 rejection: the kind, the byte offset in the input, and the component it is in.
///
/// ```
/// use urlkit::lint::parser_disagreement::Rfc3986Reading;
/// use urlkit::uri::Component;
/// let err = Rfc3986Reading::parse("http://a/%zz", None).unwrap_err();
/// assert_eq!((err.offset, err.component), (9, Component::Path));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RfcReject {
    /// What is wrong.
    pub kind: RfcRejectKind,
    /// Byte offset in the input (in the base, for [`RfcRejectKind::InvalidBase`]).
    pub offset: usize,
    /// The component the offset falls in (of the base, for [`RfcRejectKind::InvalidBase`]).
    pub component: Component,
}

/// The five components of RFC 3986 §3, with the authority split into userinfo, host and port.
///
/// ```
/// use urlkit::lint::parser_disagreement::Rfc3986Reading;
/// let r = Rfc3986Reading::split("http://u@h:8/p?q#f");
/// assert_eq!((r.userinfo.as_deref(), r.host.as_deref(), r.port.as_deref()), (Some("u"), Some("h"), Some("8")));
/// assert_eq!((r.path.as_str(), r.query.as_deref(), r.fragment.as_deref()), ("/p", Some("q"), Some("f")));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-3>
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rfc3986Reading {
    /// `scheme`, as written.
    pub scheme: Option<String>,
    /// `userinfo` (before the last `@` of the authority).
    pub userinfo: Option<String>,
    /// `host`, with the brackets of an IP literal; `Some("")` for an empty authority.
    pub host: Option<String>,
    /// `port` (may be empty).
    pub port: Option<String>,
    /// `path`.
    pub path: String,
    /// `query`.
    pub query: Option<String>,
    /// `fragment`.
    pub fragment: Option<String>,
}

/// Checks `s[range]`: every byte is allowed by `allowed`, a `%` starts `pct-encoded`, and a
/// non-ASCII character is taken as RFC 3987 `ucschar`.
fn check(
    s: &str,
    range: Range<usize>,
    component: Component,
    allowed: impl Fn(u8) -> bool,
) -> Result<(), RfcReject> {
    let b = s.as_bytes();
    let mut i = range.start;
    while i < range.end {
        let c = b[i];
        if c == b'%' {
            let ok = i + 2 < range.end && chars::escape_at(b, i).is_some();
            if !ok {
                return Err(RfcReject {
                    kind: RfcRejectKind::MalformedEscape,
                    offset: i,
                    component,
                });
            }
            i += 3;
            continue;
        }
        if c >= 0x80 {
            // RFC 3987 ucschar / iprivate: accepted, so IRIs are not flagged.
            i += 1;
            continue;
        }
        if !allowed(c) {
            return Err(RfcReject {
                kind: RfcRejectKind::InvalidCharacter,
                offset: i,
                component,
            });
        }
        i += 1;
    }
    Ok(())
}

/// `unreserved / sub-delims / ":"`: userinfo (§3.2.1) and the tail of an IPvFuture (§3.2.2).
fn userinfo_char(c: u8) -> bool {
    is(c, UNRESERVED | SUB_DELIM) || c == b':'
}

fn validate(s: &str, p: &Split) -> Result<(), RfcReject> {
    if let Some(r) = &p.scheme {
        let b = &s.as_bytes()[r.clone()];
        for (j, &c) in b.iter().enumerate() {
            let ok = if j == 0 {
                c.is_ascii_alphabetic()
            } else {
                is(c, SCHEME)
            };
            if !ok {
                return Err(RfcReject {
                    kind: RfcRejectKind::InvalidScheme,
                    offset: r.start + j,
                    component: Component::Scheme,
                });
            }
        }
    } else {
        // path-noscheme: a relative reference's first segment has no ':' (Appendix B would
        // otherwise have read it as a scheme), so nothing to check here.
    }
    if let Some(host) = p.host.clone() {
        if let Some(u) = p.userinfo.clone() {
            check(s, u, Component::Userinfo, userinfo_char)?;
        }
        let h = &s[host.clone()];
        if h.starts_with('[') {
            let fail = |offset| RfcReject {
                kind: RfcRejectKind::InvalidIpLiteral,
                offset,
                component: Component::Host,
            };
            let inner = h
                .strip_prefix('[')
                .and_then(|x| x.strip_suffix(']'))
                .ok_or(fail(host.start))?;
            let future = inner.strip_prefix(['v', 'V']).and_then(|rest| {
                let (hex, tail) = rest.split_once('.')?;
                let ok = !hex.is_empty()
                    && hex.bytes().all(is_hex)
                    && !tail.is_empty()
                    && tail.bytes().all(userinfo_char);
                ok.then_some(())
            });
            if future.is_none() && inner.parse::<std::net::Ipv6Addr>().is_err() {
                return Err(fail(host.start));
            }
        } else {
            check(s, host, Component::Host, |c| is(c, UNRESERVED | SUB_DELIM))?;
        }
        if let Some(port) = p.port.clone() {
            if let Some(j) = s[port.clone()].bytes().position(|c| !c.is_ascii_digit()) {
                return Err(RfcReject {
                    kind: RfcRejectKind::InvalidPort,
                    offset: port.start + j,
                    component: Component::Port,
                });
            }
        }
    }
    check(s, p.path.clone(), Component::Path, |c| {
        is_pchar(c) || c == b'/'
    })?;
    if let Some(q) = &p.query {
        check(s, q.clone(), Component::Query, |c| {
            is_pchar(c) || c == b'/' || c == b'?'
        })?;
    }
    if let Some(f) = &p.fragment {
        check(s, f.clone(), Component::Fragment, |c| {
            is_pchar(c) || c == b'/' || c == b'?'
        })?;
    }
    Ok(())
}

impl Rfc3986Reading {
    /// The generic split of RFC 3986 Appendix B (it never fails), with the authority split at
    /// its last `@` and the port after the last `:` (after `]` for an IP literal).
    ///
    /// ```
    /// use urlkit::lint::parser_disagreement::Rfc3986Reading;
    /// let r = Rfc3986Reading::split("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/");
    /// assert_eq!(r.host.as_deref(), Some("2.2.2.2"));
    /// assert_eq!(r.fragment.as_deref(), Some(" @3.3.3.3/"));
    /// ```
    ///
    /// Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-B>
    pub fn split(input: &str) -> Rfc3986Reading {
        let p = split(input);
        let get = |r: Range<usize>| input[r].to_owned();
        Rfc3986Reading {
            scheme: p.scheme.map(get),
            userinfo: p.userinfo.map(get),
            host: p.host.map(get),
            port: p.port.map(get),
            path: get(p.path),
            query: p.query.map(get),
            fragment: p.fragment.map(get),
        }
    }

    /// Parses `input` strictly as an RFC 3986 URI (an IRI per RFC 3987) and, when a `base`
    /// is given, resolves it as a reference against that base (§5.2); without a base the
    /// input must be absolute. The result is the target URI, with dot segments removed.
    ///
    /// ```
    /// use urlkit::lint::parser_disagreement::{Rfc3986Reading, RfcRejectKind};
    /// let t = Rfc3986Reading::parse("../g", Some("http://a/b/c/d;p?q")).unwrap();
    /// assert_eq!(t.to_string(), "http://a/b/g");
    /// let t = Rfc3986Reading::parse("http://a/b/%2e%2e/c", None).unwrap();
    /// assert_eq!(t.path, "/b/%2e%2e/c");
    /// assert_eq!(Rfc3986Reading::parse("/x", None).unwrap_err().kind, RfcRejectKind::NotAbsolute);
    /// assert_eq!(Rfc3986Reading::parse("http:\\\\evil.com", None).unwrap_err().offset, 5);
    /// ```
    ///
    /// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-5.2>
    pub fn parse(input: &str, base: Option<&str>) -> Result<Rfc3986Reading, RfcReject> {
        let reference = strict_parse(input)?;
        match base {
            None if reference.scheme().is_none() => Err(RfcReject {
                kind: RfcRejectKind::NotAbsolute,
                offset: 0,
                component: Component::Scheme,
            }),
            None => {
                // §5.2.2 applies remove_dot_segments to an absolute reference too.
                let target = resolve(&reference, &reference, Resolution::Strict);
                Ok(Rfc3986Reading::of(&target))
            }
            Some(b) => {
                let bad_base = |offset, component| RfcReject {
                    kind: RfcRejectKind::InvalidBase,
                    offset,
                    component,
                };
                let base_ref = strict_parse(b).map_err(|e| bad_base(e.offset, e.component))?;
                if base_ref.scheme().is_none() {
                    return Err(bad_base(0, Component::Scheme));
                }
                let target = resolve(&base_ref, &reference, Resolution::Strict);
                Ok(Rfc3986Reading::of(&target))
            }
        }
    }

    /// The components of an already valid URI, as [`crate::uri::parse`] splits them; the
    /// path without the `/.` that recomposition wrote before a path beginning with `//`
    /// (`http:/.//evil.com/` has the path `//evil.com/` and no host, as a browser says).
    fn of(uri: &str) -> Rfc3986Reading {
        match uri_parse(uri) {
            Ok(u) => Rfc3986Reading {
                scheme: u.scheme().map(str::to_owned),
                userinfo: u.userinfo().map(str::to_owned),
                host: u.host().map(str::to_owned),
                port: u.port().map(str::to_owned),
                path: unguarded(PathHead::of(u.scheme(), u.authority()), u.path()).to_owned(),
                query: u.query().map(str::to_owned),
                fragment: u.fragment().map(str::to_owned),
            },
            // Recomposing valid components gives a valid URI; keep the total function total.
            Err(_) => Rfc3986Reading::split(uri),
        }
    }
}

/// `path` without the guard [`PathHead::guard`] would write before it after `head`.
fn unguarded(head: PathHead, path: &str) -> &str {
    match path.strip_prefix("/.") {
        Some(rest) if head.guard(rest) == "/." => rest,
        _ => path,
    }
}

/// [`crate::uri::parse`], then the strict grammar of Appendix A over the components of the
/// generic split.
fn strict_parse(input: &str) -> Result<UriRef<'_>, RfcReject> {
    let parts = split(input);
    let parsed = uri_parse(input).map_err(|e| RfcReject {
        kind: match e.kind() {
            ParseErrorKind::InvalidScheme => RfcRejectKind::InvalidScheme,
            ParseErrorKind::MalformedEscape => RfcRejectKind::MalformedEscape,
            ParseErrorKind::InvalidPort => RfcRejectKind::InvalidPort,
            ParseErrorKind::InvalidIpLiteral => RfcRejectKind::InvalidIpLiteral,
            _ => RfcRejectKind::InvalidCharacter,
        },
        offset: e.offset(),
        component: parts.component_at(e.offset()),
    })?;
    validate(input, &parts)?;
    Ok(parsed)
}

impl std::fmt::Display for Rfc3986Reading {
    /// §5.3 Component Recomposition, the path guarded ([`crate::uri::PathHead::push_guarded`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(s) = &self.scheme {
            write!(f, "{s}:")?;
        }
        if let Some(h) = &self.host {
            f.write_str("//")?;
            if let Some(u) = &self.userinfo {
                write!(f, "{u}@")?;
            }
            f.write_str(h)?;
            if let Some(p) = &self.port {
                write!(f, ":{p}")?;
            }
        }
        let head = match (&self.scheme, &self.host) {
            (_, Some(_)) => PathHead::Authority,
            (Some(_), None) => PathHead::Scheme,
            (None, None) => PathHead::Nothing,
        };
        let mut path = String::with_capacity(self.path.len() + 2);
        head.push_guarded(&mut path, &self.path);
        f.write_str(&path)?;
        if let Some(q) = &self.query {
            write!(f, "?{q}")?;
        }
        if let Some(x) = &self.fragment {
            write!(f, "#{x}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3986_section_5_4_examples() {
        let base = "http://a/b/c/d;p?q";
        for (r, want) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../..", "http://a/"),
            ("../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("g;x=1/../y", "http://a/b/c/y"),
        ] {
            let t = Rfc3986Reading::parse(r, Some(base)).unwrap();
            assert_eq!(t.to_string(), want, "{r}");
        }
    }

    #[test]
    fn dot_segments_never_invent_a_host() {
        for (input, path, href) in [
            ("http:/.//evil.com/", "//evil.com/", "http:/.//evil.com/"),
            (
                "http:/a/..//evil.com/x",
                "//evil.com/x",
                "http:/.//evil.com/x",
            ),
            ("scheme:/a/..//evil", "//evil", "scheme:/.//evil"),
        ] {
            let t = Rfc3986Reading::parse(input, None).unwrap();
            assert_eq!(
                (t.host.as_deref(), t.path.as_str()),
                (None, path),
                "{input}"
            );
            assert_eq!(t.to_string(), href, "{input}");
        }
        let t = Rfc3986Reading::parse("..//evil.com/x", Some("http:/a/b")).unwrap();
        assert_eq!(
            (t.host.as_deref(), t.to_string()),
            (None, "http:/.//evil.com/x".into())
        );
    }

    #[test]
    fn strictness() {
        assert!(Rfc3986Reading::parse("http://[::1]:80/", None).is_ok());
        assert!(Rfc3986Reading::parse("http://[v7.x]/", None).is_ok());
        assert!(Rfc3986Reading::parse("http://[a.com]/", None).is_err());
        assert!(Rfc3986Reading::parse("http://a:8x/", None).is_err());
        assert!(Rfc3986Reading::parse("http://a/%", None).is_err());
        assert!(Rfc3986Reading::parse("http://a/%4", None).is_err());
        assert!(Rfc3986Reading::parse("http://例え.jp/運営", None).is_ok());
        assert!(Rfc3986Reading::parse("http://a@b@c/", None).is_err());
    }
}
