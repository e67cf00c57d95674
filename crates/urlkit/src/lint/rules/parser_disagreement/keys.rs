//! Comparison keys: each side's scheme, host, port and path brought to one spelling, so that
//! only differences in meaning remain (case, IDNA form, default port, percent-encoding of
//! characters both sides agree on are not disagreements).

use crate::codec::percent_decode;
use crate::uri::chars::{escape_at, is, HEX_UPPER, UNRESERVED};
use crate::uri::chars::{PLAIN, P_PATH};

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
            Ok(a) => crate::whatwg::WhatwgHost::Ipv6(a).to_string(),
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
    if crate::uri::is_default_port(scheme, p) {
        return None;
    }
    let trimmed = p.trim_start_matches('0');
    let n: Option<u16> = if trimmed.is_empty() {
        Some(0)
    } else {
        trimmed.parse().ok()
    };
    match n {
        Some(n) => Some(n.to_string()),
        None => Some(p.to_owned()),
    }
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
        if let Some(v) = (c == b'%' && i + 2 < b.len())
            .then(|| escape_at(b, i))
            .flatten()
        {
            if is(v, UNRESERVED) {
                out.push(char::from(v));
            } else {
                HEX_UPPER.push_escape(v, &mut out);
            }
            i += 3;
            continue;
        }
        // `pchar` (without `%`) and `/`.
        if PLAIN[c as usize] & P_PATH != 0 {
            out.push(char::from(c));
        } else {
            HEX_UPPER.push_escape(c, &mut out);
        }
        i += 1;
    }
    out
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
