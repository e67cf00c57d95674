//! Hosts: reg-names, IPv4, IPv6 and IDNA (A-label <-> U-label).
//!
//! ```
//! use urlkit::host::{parse_host, Host};
//! assert_eq!(parse_host("[0:0::1]").unwrap(), parse_host("[::1]").unwrap());
//! assert_eq!(parse_host("例え.jp").unwrap(), Host::RegName("例え.jp"));
//! ```
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2>, <https://www.unicode.org/reports/tr46/>

mod idna;

use crate::uri::chars;
use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

pub use self::idna::{to_ascii, to_unicode, IdnaError};

/// A host as RFC 3986 §3.2.2 reads it. IP addresses are values, so two spellings of one
/// address are equal.
///
/// ```
/// use urlkit::host::{parse_host, Host};
/// assert!(matches!(parse_host("192.0.2.1").unwrap(), Host::Ipv4(_)));
/// assert!(matches!(parse_host("192.0.2.01").unwrap(), Host::RegName(_)));
/// assert_eq!(parse_host("[2001:DB8::1]").unwrap().to_string(), "[2001:db8::1]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// `reg-name`: a registered name, as written.
    RegName(&'a str),
    /// `IPv4address`: four `dec-octet`s (no leading zeros; other forms are reg-names here,
    /// though a browser reads them as IPv4: see [`crate::whatwg`]).
    Ipv4(Ipv4Addr),
    /// `IPv6address` inside `[...]` (an RFC 6874 zone, `%25en0`, is accepted and not part of
    /// the value).
    Ipv6(Ipv6Addr),
    /// `IPvFuture` inside `[...]`, as written.
    IpFuture(&'a str),
}

impl fmt::Display for Host<'_> {
    /// The canonical text: IPv6 in RFC 5952 form inside brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::RegName(s) => f.write_str(s),
            Host::Ipv4(a) => write!(f, "{a}"),
            Host::Ipv6(a) => write!(f, "[{a}]"),
            Host::IpFuture(s) => write!(f, "[{s}]"),
        }
    }
}

/// Why a host is not valid.
///
/// ```
/// use urlkit::host::{parse_host, HostErrorKind};
/// assert_eq!(parse_host("[::g]").unwrap_err().kind(), HostErrorKind::InvalidIpLiteral);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostErrorKind {
    /// `[...]` holds neither an IPv6 address nor an `IPvFuture`.
    InvalidIpLiteral,
    /// A character a reg-name cannot hold.
    InvalidCharacter,
}

impl HostErrorKind {
    /// A stable kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            HostErrorKind::InvalidIpLiteral => "invalid-ip-literal",
            HostErrorKind::InvalidCharacter => "invalid-character",
        }
    }
}

/// A host parse failure with its byte offset in the host text.
///
/// ```
/// use urlkit::host::parse_host;
/// assert_eq!(parse_host("a b").unwrap_err().offset(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HostError {
    kind: HostErrorKind,
    offset: usize,
}

impl HostError {
    /// What is wrong.
    pub const fn kind(&self) -> HostErrorKind {
        self.kind
    }
    /// Byte offset in the host text.
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.name(), self.offset)
    }
}

impl std::error::Error for HostError {}

/// Parses the text of a URI's host (with brackets for an IP literal).
///
/// ```
/// use urlkit::host::{parse_host, Host};
/// assert_eq!(parse_host("Example.COM").unwrap(), Host::RegName("Example.COM"));
/// assert!(matches!(parse_host("[v1.x]").unwrap(), Host::IpFuture("v1.x")));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-3.2.2>
pub fn parse_host(text: &str) -> Result<Host<'_>, HostError> {
    if let Some(inner) = text.strip_prefix('[') {
        let bad = HostError {
            kind: HostErrorKind::InvalidIpLiteral,
            offset: 0,
        };
        let inner = inner.strip_suffix(']').ok_or(bad)?;
        if matches!(inner.as_bytes().first(), Some(b'v' | b'V')) {
            let ok = inner.find('.').is_some_and(|d| {
                d > 1
                    && inner[1..d].bytes().all(chars::is_hex)
                    && d + 1 < inner.len()
                    && inner[d + 1..]
                        .bytes()
                        .all(|c| chars::is(c, chars::UNRESERVED | chars::SUB_DELIM) || c == b':')
            });
            return if ok {
                Ok(Host::IpFuture(inner))
            } else {
                Err(bad)
            };
        }
        let addr = inner.find("%25").map_or(inner, |p| &inner[..p]);
        return addr.parse().map(Host::Ipv6).map_err(|_| bad);
    }
    if let Ok(a) = text.parse::<Ipv4Addr>() {
        return Ok(Host::Ipv4(a));
    }
    let mut i = 0;
    let b = text.as_bytes();
    while i < b.len() {
        let c = b[i];
        if c == b'%' && i + 2 < b.len() && chars::escape_at(b, i).is_some() {
            i += 3;
            continue;
        }
        if !(c >= 0x80 || chars::is(c, chars::UNRESERVED | chars::SUB_DELIM)) {
            return Err(HostError {
                kind: HostErrorKind::InvalidCharacter,
                offset: i,
            });
        }
        i += 1;
    }
    Ok(Host::RegName(text))
}
