//! Every named encode set checked, for all 256 byte values, against a predicate written
//! directly from the sentence or grammar rule that defines it (not from the set algebra in
//! `codec/sets.rs`). A predicate says whether a byte is *encoded*.

use urlkit::codec::sets::{self, NamedSet};
use urlkit::codec::EncodeSet;

fn check(name: &str, set: EncodeSet, encoded: impl Fn(u8) -> bool) {
    let wrong: Vec<String> = (0u8..=255)
        .filter(|&b| set.contains(b) != encoded(b))
        .map(|b| format!("{b:#04X} ({:?}): set says {}", b as char, set.contains(b)))
        .collect();
    assert!(
        wrong.is_empty(),
        "{name} disagrees with its spec on {wrong:#?}"
    );
}

fn alnum(b: u8) -> bool {
    b.is_ascii_uppercase() || b.is_ascii_lowercase() || b.is_ascii_digit()
}

/// URL Standard: "The C0 control percent-encode set are the C0 controls and all code points
/// greater than U+007E (~)." C0 controls are U+0000 to U+001F.
fn whatwg_c0(b: u8) -> bool {
    b <= 0x1F || b > 0x7E
}

#[test]
fn c0_control() {
    check("C0_CONTROL", sets::C0_CONTROL, whatwg_c0);
}

#[test]
fn fragment() {
    // "... and U+0020 SPACE, U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`)."
    check("FRAGMENT", sets::FRAGMENT, |b| {
        whatwg_c0(b) || matches!(b, 0x20 | 0x22 | 0x3C | 0x3E | 0x60)
    });
}

fn whatwg_query(b: u8) -> bool {
    // "... and U+0020 SPACE, U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>)."
    whatwg_c0(b) || matches!(b, 0x20 | 0x22 | 0x23 | 0x3C | 0x3E)
}

#[test]
fn query() {
    check("QUERY", sets::QUERY, whatwg_query);
}

#[test]
fn special_query() {
    // "the query percent-encode set and U+0027 (')."
    check("SPECIAL_QUERY", sets::SPECIAL_QUERY, |b| {
        whatwg_query(b) || b == 0x27
    });
}

fn whatwg_path(b: u8) -> bool {
    // "the query percent-encode set and U+003F (?), U+005E (^), U+0060 (`), U+007B ({), and
    // U+007D (})."
    whatwg_query(b) || matches!(b, 0x3F | 0x5E | 0x60 | 0x7B | 0x7D)
}

#[test]
fn path() {
    check("PATH", sets::PATH, whatwg_path);
}

#[test]
fn userinfo() {
    // "the path percent-encode set and U+002F (/), U+003A (:), U+003B (;), U+003D (=), U+0040
    // (@), U+005B ([) to U+005E (^), inclusive, and U+007C (|)."
    check("USERINFO", sets::USERINFO, |b| {
        whatwg_path(b) || matches!(b, 0x2F | 0x3A | 0x3B | 0x3D | 0x40 | 0x5B..=0x5E | 0x7C)
    });
}

#[test]
fn component() {
    // The URL Standard notes this set gives encodeURIComponent(); ECMA-262 §19.2.6.4:
    // encodeURIComponent keeps uriUnreserved = uriAlpha, DecimalDigit, uriMark, and
    // uriMark ::: one of - _ . ! ~ * ' ( ).
    check("COMPONENT", sets::COMPONENT, |b| {
        !(alnum(b) || b"-_.!~*'()".contains(&b))
    });
}

#[test]
fn form_urlencoded() {
    // HTML and the URL Standard's byte serializer leave exactly 0x2A, 0x2D, 0x2E, 0x30-0x39,
    // 0x41-0x5A, 0x5F, 0x61-0x7A as they are (space is handled apart, as '+').
    check(
        "FORM_URLENCODED",
        sets::FORM_URLENCODED,
        |b| !matches!(b, 0x2A | 0x2D | 0x2E | 0x30..=0x39 | 0x41..=0x5A | 0x5F | 0x61..=0x7A),
    );
}

/// RFC 3986 §2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
fn rfc_unreserved(b: u8) -> bool {
    alnum(b) || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// RFC 3986 §2.2: sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
fn rfc_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// RFC 3986 §3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@" (pct-encoded is
/// an escape, not a character to keep: a data '%' is encoded).
fn rfc_pchar(b: u8) -> bool {
    rfc_unreserved(b) || rfc_sub_delim(b) || b == b':' || b == b'@'
}

#[test]
fn unreserved() {
    check("UNRESERVED", sets::UNRESERVED, |b| !rfc_unreserved(b));
}

#[test]
fn pchar() {
    check("PCHAR", sets::PCHAR, |b| !rfc_pchar(b));
}

#[test]
fn path_segment() {
    // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
    check("PATH_SEGMENT", sets::PATH_SEGMENT, |b| {
        !(rfc_unreserved(b) || rfc_sub_delim(b) || b == b'@')
    });
}

#[test]
fn rfc3986_query_and_fragment() {
    // query = *( pchar / "/" / "?" ); fragment = *( pchar / "/" / "?" )
    let keep = |b: u8| rfc_pchar(b) || b == b'/' || b == b'?';
    check("RFC3986_QUERY", sets::RFC3986_QUERY, |b| !keep(b));
    check("RFC3986_FRAGMENT", sets::RFC3986_FRAGMENT, |b| !keep(b));
}

#[test]
fn rfc3986_userinfo() {
    // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
    check("RFC3986_USERINFO", sets::RFC3986_USERINFO, |b| {
        !(rfc_unreserved(b) || rfc_sub_delim(b) || b == b':')
    });
}

#[test]
fn attr_char() {
    // RFC 8187 §3.2.1: attr-char = ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "."
    //                            / "^" / "_" / "`" / "|" / "~"
    check("ATTR_CHAR", sets::ATTR_CHAR, |b| {
        !(alnum(b) || b"!#$&+-.^_`|~".contains(&b))
    });
}

#[test]
fn every_named_set_encodes_non_ascii_and_round_trips_its_name() {
    for named in NamedSet::ALL {
        assert!(named.set().encodes_all_non_ascii(), "{}", named.name());
        assert_eq!(NamedSet::from_name(named.name()), Some(named));
        assert!(named.spec().starts_with("https://"));
    }
    assert_eq!(NamedSet::from_name("nope"), None);
}
