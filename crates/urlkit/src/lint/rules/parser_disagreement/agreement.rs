//! URLs on which RFC 3986 and a browser provably agree, known without reading the URL either
//! way: the prefilter of `parser-disagreement`, which would otherwise parse every URL twice.
//!
//! # Rationale
//!
//! The class is narrow on purpose: an `http`, `https` or `file` URL of printable ASCII that
//! every component's grammar allows as written, whose host is a plain domain (or, for `file`,
//! empty; not `localhost`). On such a URL each step of both readings is the identity but for
//! case:
//!
//! - both accept it: every byte is in its component's RFC 3986 grammar (`%` only as an
//!   escape, one `#`), and nothing in it makes the WHATWG parser fail (no forbidden host code
//!   point, an IDNA label only of letters, digits and `-` with no `xn--`, a port of at most
//!   65535);
//! - the scheme, host and port are the same but for case and the default port (no userinfo,
//!   no `\`, space, tab or control that a browser skips or reads as `/`; the host's last label
//!   is not a number, so a browser does not read it as IPv4; no leading zero in the port);
//! - the path is the same: it has no dot segment, written raw or with `%2E`, so neither side
//!   removes one, and a browser percent-encodes nothing in it; a `file` URL has no port (a
//!   browser reads `C:` as a Windows drive) and a path that does not start with `//`.
//!
//! Everything else is read both ways, as before.
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>,
//! <https://url.spec.whatwg.org/#concept-basic-url-parser>

use crate::lint::byte_classes::{ByteClasses, NOT_PLAIN};
use crate::lint::rules::non_canonical_ipv4::may_end_in_a_number;
use crate::lint::Context;

/// Whether both readings of `cx`'s URL surely agree (so `parser-disagreement` cannot fire).
/// `false` only means "read it both ways".
pub(crate) fn surely_agree(cx: &Context<'_>) -> bool {
    if cx.classes().any(NOT_PLAIN) {
        return false;
    }
    let (Some(scheme), Some(host)) = (&cx.split.scheme, &cx.split.host) else {
        return false;
    };
    if cx.split.userinfo.is_some() {
        return false;
    }
    let scheme = cx.text(scheme);
    let file = if scheme.eq_ignore_ascii_case("file") {
        true
    } else if scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https") {
        false
    } else {
        return false;
    };
    let b = cx.input.as_bytes();
    if file {
        // A browser reads no port in a `file` host, and `localhost` as the empty host.
        let host = cx.text(host);
        if !(host.is_empty() || plain_domain(host) && !host.eq_ignore_ascii_case("localhost"))
            || cx.split.port.is_some()
            || b[cx.split.path.clone()].starts_with(b"//")
        {
            return false;
        }
    } else if !plain_domain(cx.text(host))
        || !cx
            .split
            .port
            .as_ref()
            .is_none_or(|p| plain_port(&b[p.clone()]))
    {
        return false;
    }
    // Every `%` starts an escape, and none spells a `.` in the path (a dot segment to a
    // browser, `%2E` to RFC 3986).
    if cx.classes().any(ByteClasses::PERCENT)
        && (memchr::memchr_iter(b'%', b).count() != cx.escapes.len()
            || cx.escapes_in(&cx.split.path).iter().any(|e| e.byte == b'.'))
    {
        return false;
    }
    if cx
        .segments
        .iter()
        .any(|s| matches!(&b[s.clone()], b"." | b".."))
    {
        return false;
    }
    // One `#`: the fragment's grammar has none.
    cx.split
        .fragment
        .as_ref()
        .is_none_or(|f| memchr::memchr(b'#', &b[f.clone()]).is_none())
}

/// A host name of labels of ASCII letters, digits and `-`, none empty or longer than 63
/// bytes, none an A-label (`xn--`), the last not a number (which a browser reads as IPv4).
fn plain_domain(host: &str) -> bool {
    if host.is_empty() || host.len() > 253 || may_end_in_a_number(host) {
        return false;
    }
    let b = host.as_bytes();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if c == b'.' {
            if !plain_label(&b[start..i]) {
                return false;
            }
            start = i + 1;
        } else if !(c.is_ascii_alphanumeric() || c == b'-') {
            return false;
        }
    }
    plain_label(&b[start..])
}

/// A label of [`plain_domain`] (its bytes already checked).
fn plain_label(label: &[u8]) -> bool {
    !label.is_empty()
        && label.len() <= 63
        && !label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
}

/// A port of one to five digits without a leading zero, at most 65535.
fn plain_port(port: &[u8]) -> bool {
    !port.is_empty()
        && port.len() <= 5
        && port[0] != b'0'
        && port.iter().all(u8::is_ascii_digit)
        && port.iter().fold(0u32, |n, &c| n * 10 + u32::from(c - b'0')) <= 65535
}
