//! The WHATWG host view: domain to ASCII, IPv4 numbers (`0x7f.1`), IPv6 compression.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use super::error::{WhatwgError, WhatwgErrorKind};

/// What kind of host a URL has.
///
/// ```
/// use urlkit::whatwg::{HostKind, Url};
/// assert_eq!(Url::parse("http://example.com/", None).unwrap().host_kind(), HostKind::Domain);
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#concept-host>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// An ASCII domain (after domain to ASCII), special schemes only.
    Domain,
    /// An IPv4 address (written in any of the forms the standard accepts).
    Ipv4,
    /// An IPv6 address.
    Ipv6,
    /// An opaque host: the host of a non-special URL, percent-encoded but not interpreted.
    Opaque,
    /// The empty host (`file:///x`, `foo:///x`).
    Empty,
    /// No host at all (`mailto:x`, `foo:/x`).
    None,
}

impl HostKind {
    /// The stable kebab-case name (`ipv4`).
    ///
    /// ```
    /// use urlkit::whatwg::HostKind;
    /// assert_eq!(HostKind::Opaque.name(), "opaque");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            HostKind::Domain => "domain",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::Opaque => "opaque",
            HostKind::Empty => "empty",
            HostKind::None => "none",
        }
    }
}

/// A host of a special URL as the WHATWG host parser returns it.
///
/// ```
/// use urlkit::whatwg::{parse_whatwg_host, WhatwgHost};
/// use std::net::Ipv4Addr;
/// assert_eq!(parse_whatwg_host("0x7f.1").unwrap(), WhatwgHost::Ipv4(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(parse_whatwg_host("[0:0::1]").unwrap().to_string(), "[::1]");
/// assert_eq!(parse_whatwg_host("Bücher.example").unwrap().to_string(), "xn--bcher-kva.example");
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#concept-host-parser>
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum WhatwgHost {
    /// An ASCII domain.
    Domain(String),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
}

impl fmt::Display for WhatwgHost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhatwgHost::Domain(d) => f.write_str(d),
            WhatwgHost::Ipv4(a) => write!(f, "{a}"),
            // Rust's Ipv6Addr Display is RFC 5952 compression, which is what the host
            // serializer does; but it prints IPv4-mapped addresses as `::ffff:1.2.3.4`, which
            // the standard writes in hex. Format by hand to follow the standard exactly.
            WhatwgHost::Ipv6(a) => write!(f, "[{}]", serialize_ipv6(a)),
        }
    }
}

/// The IPv6 serializer of the URL Standard: lowercase hex, the first longest run of two or
/// more zero pieces compressed to `::`, no embedded IPv4.
fn serialize_ipv6(addr: &Ipv6Addr) -> String {
    let pieces = addr.segments();
    let mut best: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < 8 {
        if pieces[i] == 0 {
            let start = i;
            while i < 8 && pieces[i] == 0 {
                i += 1;
            }
            let len = i - start;
            let longer = match best {
                Some((_, l)) => len > l,
                None => true,
            };
            if len >= 2 && longer {
                best = Some((start, len));
            }
        } else {
            i += 1;
        }
    }
    let mut out = String::with_capacity(39);
    let mut i = 0;
    while i < 8 {
        if let Some((start, len)) = best {
            if i == start {
                out.push_str(if i == 0 { "::" } else { ":" });
                i += len;
                continue;
            }
        }
        out.push_str(&format!("{:x}", pieces[i]));
        if i < 7 {
            out.push(':');
        }
        i += 1;
    }
    out
}

/// Runs the WHATWG host parser on `input` as the host of a special URL (`https://input/`):
/// percent-decoding, domain to ASCII, IPv4 numbers in decimal, hex, octal and short forms,
/// IPv6 in brackets.
///
/// ```
/// use urlkit::whatwg::{parse_whatwg_host, WhatwgErrorKind};
/// assert_eq!(parse_whatwg_host("0300.0250.0.1").unwrap().to_string(), "192.168.0.1");
/// assert_eq!(parse_whatwg_host("%65xample.COM").unwrap().to_string(), "example.com");
/// assert_eq!(parse_whatwg_host("a b").unwrap_err().kind(), WhatwgErrorKind::InvalidHost);
/// assert_eq!(parse_whatwg_host("1.2.3.256").unwrap_err().kind(), WhatwgErrorKind::InvalidHost);
/// ```
///
/// # Rationale
///
/// The standard's host parser is reachable in `ada-url` only through the URL
/// parser, so the host is parsed as the authority of `https://`. Code points that would end
/// the authority or that the URL parser strips before the host parser sees them (`/ \ ? # @`,
/// tab, newline, leading and trailing C0 and space) are forbidden host code points anyway, so
/// they are refused up front, which makes the two readings the same.
///
/// Spec: <https://url.spec.whatwg.org/#concept-host-parser>
pub fn parse_whatwg_host(input: &str) -> Result<WhatwgHost, WhatwgError> {
    let fail = || WhatwgError::new(WhatwgErrorKind::InvalidHost, input);
    if input.is_empty()
        || input
            .bytes()
            .any(|b| b <= b' ' || matches!(b, b'/' | b'\\' | b'?' | b'#' | b'@'))
    {
        return Err(fail());
    }
    // A ':' outside brackets would be read as a port.
    if !input.starts_with('[') && input.contains(':') {
        return Err(fail());
    }
    let url = super::Url::parse(&format!("https://{input}/"), None).map_err(|_| fail())?;
    if url.port() != "" || url.pathname() != "/" {
        return Err(fail());
    }
    let hostname = url.hostname();
    match url.host_kind() {
        super::HostKind::Ipv4 => hostname
            .parse::<Ipv4Addr>()
            .map(WhatwgHost::Ipv4)
            .map_err(|_| fail()),
        super::HostKind::Ipv6 => hostname
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<Ipv6Addr>()
            .map(WhatwgHost::Ipv6)
            .map_err(|_| fail()),
        _ => Ok(WhatwgHost::Domain(hostname.to_owned())),
    }
}

/// The URL Standard's domain to ASCII (UTS #46 with the standard's flags, then the checks for
/// forbidden domain code points), applied to a whole host string as the host parser does.
///
/// ```
/// use urlkit::whatwg::domain_to_ascii;
/// assert_eq!(domain_to_ascii("運営.jp").unwrap(), "xn--j2r367k.jp");
/// assert_eq!(domain_to_ascii("EXAMPLE.com").unwrap(), "example.com");
/// assert!(domain_to_ascii("xn--tešla").is_err());
/// ```
///
/// # Rationale
///
/// An input that the host parser would read as an IPv4 or IPv6 address is not a
/// domain, so it is refused with [`WhatwgErrorKind::InvalidHost`] instead of being returned
/// as an address.
///
/// Spec: <https://url.spec.whatwg.org/#concept-domain-to-ascii>
pub fn domain_to_ascii(domain: &str) -> Result<String, WhatwgError> {
    match parse_whatwg_host(domain)? {
        WhatwgHost::Domain(d) => Ok(d),
        WhatwgHost::Ipv4(_) | WhatwgHost::Ipv6(_) => {
            Err(WhatwgError::new(WhatwgErrorKind::InvalidHost, domain))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_serializer_follows_the_standard() {
        let a: Ipv6Addr = "::ffff:1.2.3.4".parse().unwrap();
        assert_eq!(serialize_ipv6(&a), "::ffff:102:304");
        let b: Ipv6Addr = "1:0:0:2:0:0:0:3".parse().unwrap();
        assert_eq!(serialize_ipv6(&b), "1:0:0:2::3");
        let c: Ipv6Addr = "1:0:2:3:4:5:6:7".parse().unwrap();
        assert_eq!(serialize_ipv6(&c), "1:0:2:3:4:5:6:7");
        assert_eq!(serialize_ipv6(&Ipv6Addr::UNSPECIFIED), "::");
    }

    #[test]
    fn host_view_agrees_with_the_url_parser() {
        for h in ["[::ffff:1.2.3.4]", "[1:0:0:2:0:0:0:3]", "[::]"] {
            let via_url = crate::whatwg::Url::parse(&format!("http://{h}/"), None).unwrap();
            assert_eq!(
                parse_whatwg_host(h).unwrap().to_string(),
                via_url.hostname()
            );
        }
    }
}
