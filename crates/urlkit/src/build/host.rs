//! The host of a built URL: a domain through IDNA, or an IP address literal.

use std::net::{Ipv4Addr, Ipv6Addr};

use super::error::{BuildError, BuildErrorKind};
use crate::uri::chars::{CLASS, SUB_DELIM, UNRESERVED};
use crate::uri::Component;

/// A host as data: a domain name (Unicode or ASCII) or an IP address.
///
/// ```
/// use urlkit::build::{HostInput, UrlBuilder};
/// let u = UrlBuilder::new("https").unwrap().host(HostInput::Name("日本語.jp")).unwrap().build().unwrap();
/// assert_eq!(u.uri(), "https://xn--wgv71a119e.jp");
/// let v6 = UrlBuilder::new("http").unwrap().host(HostInput::Ipv6("::1".parse().unwrap())).unwrap().build().unwrap();
/// assert_eq!(v6.uri(), "http://[::1]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostInput<'a> {
    /// A domain name, written in Unicode or as A-labels: it goes through UTS #46 ToASCII
    /// (`日本語.jp` -> `xn--wgv71a119e.jp`).
    Name(&'a str),
    /// An IPv4 address, written as four decimal octets.
    Ipv4(Ipv4Addr),
    /// An IPv6 address, written in brackets in RFC 5952 form.
    Ipv6(Ipv6Addr),
}

impl<'a> HostInput<'a> {
    /// Reads host text the way a person types it: an IPv4 address, an IPv6 address with or
    /// without brackets, else a domain name.
    ///
    /// ```
    /// use urlkit::build::HostInput;
    /// assert!(matches!(HostInput::parse("192.0.2.1"), HostInput::Ipv4(_)));
    /// assert!(matches!(HostInput::parse("[2001:db8::1]"), HostInput::Ipv6(_)));
    /// assert_eq!(HostInput::parse("例え.jp"), HostInput::Name("例え.jp"));
    /// ```
    pub fn parse(text: &'a str) -> HostInput<'a> {
        if let Ok(a) = text.parse::<Ipv4Addr>() {
            return HostInput::Ipv4(a);
        }
        let inner = text
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .unwrap_or(text);
        match inner.parse::<Ipv6Addr>() {
            Ok(a) => HostInput::Ipv6(a),
            Err(_) => HostInput::Name(text),
        }
    }
}

/// The host as it is written in a URI (ASCII): A-labels, or an address literal.
pub(crate) fn encode_host(host: HostInput<'_>) -> Result<String, BuildError> {
    match host {
        HostInput::Ipv4(a) => Ok(a.to_string()),
        HostInput::Ipv6(a) => Ok(format!("[{a}]")),
        HostInput::Name(name) => encode_name(name),
    }
}

fn forbidden(offset: usize) -> BuildError {
    BuildError::at(
        BuildErrorKind::ForbiddenHostCodePoint,
        Component::Host,
        offset,
    )
}

/// Whether an ASCII byte may stand in a host as it is: RFC 3986 `reg-name` without
/// `pct-encoded` (unreserved and sub-delims), which no WHATWG forbidden domain code point is.
fn reg_name_byte(b: u8) -> bool {
    CLASS[b as usize] & (UNRESERVED | SUB_DELIM) != 0
}

fn encode_name(name: &str) -> Result<String, BuildError> {
    if name.is_empty() {
        return Err(BuildError::new(BuildErrorKind::EmptyHost, Component::Host));
    }
    // A forbidden ASCII character is blamed where it stands; UTS #46 would either reject it
    // without saying where or, for some, pass it through.
    if let Some(at) = name.bytes().position(|b| b < 0x80 && !reg_name_byte(b)) {
        return Err(forbidden(at));
    }
    let ascii = crate::host::to_ascii(name).map_err(|_| {
        let at = name
            .char_indices()
            .find(|(_, c)| {
                !c.is_ascii() && crate::host::to_ascii(c.encode_utf8(&mut [0; 4])).is_err()
            })
            .map(|(i, _)| i);
        match at {
            Some(i) => forbidden(i),
            None => BuildError::new(BuildErrorKind::InvalidHost, Component::Host),
        }
    })?;
    if ascii.is_empty() {
        return Err(BuildError::new(BuildErrorKind::EmptyHost, Component::Host));
    }
    // UTS #46 maps some characters to ASCII that a host cannot hold (U+FF0F FULLWIDTH SOLIDUS
    // to '/'): the result is checked again.
    if !ascii.bytes().all(reg_name_byte) {
        return Err(BuildError::new(
            BuildErrorKind::ForbiddenHostCodePoint,
            Component::Host,
        ));
    }
    // A name that a browser would read as an IPv4 address (`0x7f.1`, `1.2.3`) names a
    // different host than the text says.
    if crate::whatwg::parse_whatwg_host(&ascii)
        .is_ok_and(|h| !matches!(h, crate::whatwg::WhatwgHost::Domain(_)))
    {
        return Err(BuildError::new(
            BuildErrorKind::InvalidHost,
            Component::Host,
        ));
    }
    Ok(ascii.into_owned())
}
