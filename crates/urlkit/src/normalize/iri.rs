//! The IRI display form of a key (RFC 3987 §3.2).

use std::borrow::Cow;

use crate::host::{to_ascii, to_unicode};
use crate::uri::{parse, Component};

/// Whether `c` may appear unescaped in an IRI (RFC 3987 §2.2 `ucschar`, and `iprivate` in
/// the query), leaving out the bidi formatting characters §4.1 says must not be shown raw.
fn allowed_in_iri(c: char, in_query: bool) -> bool {
    let u = c as u32;
    if matches!(u, 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069) {
        return false;
    }
    let ucschar = matches!(u,
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD
        | 0x40000..=0x4FFFD | 0x50000..=0x5FFFD | 0x60000..=0x6FFFD
        | 0x70000..=0x7FFFD | 0x80000..=0x8FFFD | 0x90000..=0x9FFFD
        | 0xA0000..=0xAFFFD | 0xB0000..=0xBFFFD | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD | 0xE1000..=0xEFFFD);
    let iprivate = matches!(u, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD);
    ucschar || (in_query && iprivate)
}

/// Converts a URI key to its IRI display form: `%XX` runs that decode to UTF-8 characters an
/// IRI allows become those characters, A-label hosts become U-labels; every other escape
/// stays. Input that does not parse is returned unchanged.
pub(crate) fn to_iri(key: &str) -> String {
    let Ok(u) = parse(key) else {
        return key.to_owned();
    };
    let mut out = String::with_capacity(key.len());
    let mut pos = 0;
    for c in Component::ALL {
        let Some(r) = u.range(c) else { continue };
        out.push_str(&key[pos..r.start]);
        let text = &key[r.clone()];
        match c {
            Component::Host if text.contains("xn--") || text.contains("XN--") => {
                out.push_str(&display_host(text));
            }
            Component::Path | Component::Query | Component::Fragment | Component::Userinfo => {
                decode_iri_chars(text, c == Component::Query, &mut out);
            }
            _ => out.push_str(text),
        }
        pos = r.end;
    }
    out.push_str(&key[pos..]);
    out
}

/// The U-label form of a key's host, or the host as it is when the U-labels would not key
/// back to it.
///
/// # Rationale
///
/// The display form must key to the same key as the URI it shows. A host that
/// still holds a `%`-escape after keying is one IDNA did not convert (its escapes do not spell
/// a valid domain), so its A-labels are kept too: shown as U-labels, the host would key as
/// percent-encoded text instead of the A-labels it came from.
fn display_host(host: &str) -> Cow<'_, str> {
    if host.contains('%') {
        return Cow::Borrowed(host);
    }
    match to_unicode(host) {
        Ok(u) if to_ascii(&u).is_ok_and(|a| a.eq_ignore_ascii_case(host)) => Cow::Owned(u),
        _ => Cow::Borrowed(host),
    }
}

/// Decodes the `%XX` sequences of `text` that spell allowed non-ASCII characters.
fn decode_iri_chars(text: &str, in_query: bool, out: &mut String) {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if let Some((c, n)) = decode_char_at(b, i) {
                if allowed_in_iri(c, in_query) {
                    out.push(c);
                    i += n;
                    continue;
                }
            }
            out.push('%');
            i += 1;
            continue;
        }
        let c = text[i..].chars().next().unwrap_or('\u{FFFD}');
        out.push(c);
        i += c.len_utf8();
    }
}

/// The character spelled by the escapes starting at `i` and how many bytes they take.
fn decode_char_at(b: &[u8], i: usize) -> Option<(char, usize)> {
    let byte_at = |k: usize| -> Option<u8> {
        let p = i + 3 * k;
        if b.get(p) != Some(&b'%') {
            return None;
        }
        crate::uri::chars::escape_at(b, p)
    };
    let lead = byte_at(0)?;
    let n = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut buf = [0u8; 4];
    for (k, slot) in buf.iter_mut().enumerate().take(n) {
        *slot = byte_at(k)?;
    }
    let s = std::str::from_utf8(&buf[..n]).ok()?;
    let c = s.chars().next()?;
    Some((c, 3 * n))
}
