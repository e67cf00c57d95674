//! Comparison keys: each side's scheme, host, port and path brought to one spelling, so that
//! only differences in meaning remain (case, IDNA form, default port, percent-encoding of
//! characters both sides agree on are not disagreements).

use crate::codec::percent_decode;

/// Schemes whose default port the WHATWG serializer drops.
pub(super) fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// The WHATWG special schemes.
pub(super) fn is_special(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

pub(super) fn scheme_key(s: &str) -> String {
    s.to_ascii_lowercase()
}

fn decoded_lower(s: &str) -> String {
    String::from_utf8_lossy(&percent_decode(s.as_bytes())).to_lowercase()
}

/// The host as a browser would serialize it, were the RFC 3986 reading right: IP literals
/// compressed, reg-names decoded, lowercased and (special schemes) converted to A-labels.
pub(super) fn rfc_host_key(host: &str, special: bool) -> String {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return match inner.parse::<std::net::Ipv6Addr>() {
            Ok(a) => crate::whatwg::Host::Ipv6(a).to_string(),
            Err(_) => host.to_ascii_lowercase(),
        };
    }
    let lower = decoded_lower(host);
    if special && !lower.is_ascii() {
        let ascii = ada_url::Idna::ascii(&lower);
        if !ascii.is_empty() {
            return ascii;
        }
    }
    lower
}

pub(super) fn whatwg_host_key(hostname: &str, special: bool) -> String {
    if special || hostname.starts_with('[') {
        hostname.to_owned()
    } else {
        decoded_lower(hostname)
    }
}

/// `None` for no port, an empty port, or the scheme's default port.
pub(super) fn port_key(port: Option<&str>, scheme: &str) -> Option<String> {
    let p = port.filter(|p| !p.is_empty())?;
    let trimmed = p.trim_start_matches('0');
    let n: Option<u16> = if trimmed.is_empty() {
        Some(0)
    } else {
        trimmed.parse().ok()
    };
    match n {
        Some(n) if Some(n) == default_port(scheme) => None,
        Some(n) => Some(n.to_string()),
        None => Some(p.to_owned()),
    }
}

fn is_unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~')
}

fn kept_raw(c: u8) -> bool {
    is_unreserved(c) || b"!$&'()*+,;=:@/".contains(&c)
}

/// The path with every `%XX` of an unreserved character decoded, every other `%xx` in
/// uppercase, and every byte outside `pchar` and `/` percent-encoded: one spelling per
/// meaning. A `%2E` becomes `.` here, so an encoded dot segment that one side removed and the
/// other kept shows up as a difference.
pub(super) fn path_key(path: &str) -> String {
    let b = path.as_bytes();
    let mut out = String::with_capacity(path.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%'
            && i + 2 < b.len()
            && hex(b.get(i + 1)).is_some()
            && hex(b.get(i + 2)).is_some()
        {
            let v = hex(b.get(i + 1)).unwrap_or(0) * 16 + hex(b.get(i + 2)).unwrap_or(0);
            if is_unreserved(v) {
                out.push(char::from(v));
            } else {
                out.push_str(&format!("%{v:02X}"));
            }
            i += 3;
            continue;
        }
        if kept_raw(c) {
            out.push(char::from(c));
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
        i += 1;
    }
    out
}

fn hex(c: Option<&u8>) -> Option<u8> {
    let c = *c?;
    char::from(c).to_digit(16).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_keys() {
        assert_eq!(path_key("/a%7e/%7E"), "/a~/~");
        assert_eq!(path_key("/%2e%2E/x"), "/../x");
        assert_eq!(path_key("/a b/é"), "/a%20b/%C3%A9");
        assert_eq!(path_key("/%c3%a9|"), "/%C3%A9%7C");
        assert_eq!(path_key("/%"), "/%25");
    }

    #[test]
    fn ports() {
        assert_eq!(port_key(Some("080"), "http"), None);
        assert_eq!(port_key(Some(""), "http"), None);
        assert_eq!(port_key(Some("8080"), "http").as_deref(), Some("8080"));
        assert_eq!(port_key(Some("443"), "foo").as_deref(), Some("443"));
    }

    #[test]
    fn hosts() {
        assert_eq!(rfc_host_key("Bücher.DE", true), "xn--bcher-kva.de");
        assert_eq!(rfc_host_key("[0:0::1]", true), "[::1]");
        assert_eq!(rfc_host_key("%65x", true), "ex");
    }
}
