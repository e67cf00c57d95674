//! Byte classes of the RFC 3986 grammar (§2, Appendix A), as one table.

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
pub(crate) const UNRESERVED: u8 = 1;
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
pub(crate) const SUB_DELIM: u8 = 2;
/// `":"` and `"@"`, the rest of `pchar`.
pub(crate) const COLON_AT: u8 = 4;
/// `"/"` and `"?"`, allowed in query and fragment besides `pchar`.
pub(crate) const SLASH_QUESTION: u8 = 8;
/// Printable ASCII the RFC leaves out of every component (space `"` `<` `>` `^` `` ` `` `{`
/// `|` `}`): accepted leniently and percent-encoded in a key, as every browser does.
pub(crate) const UNWISE: u8 = 16;
/// ASCII that is invalid in a component but kept as written in a key: `\`, `[`, `]`, and a
/// second `#`. `\` is a path separator to browsers, so it is never the same as `%5C`.
pub(crate) const KEPT_RAW: u8 = 32;
/// A byte of a non-ASCII character (IRI, RFC 3987 §2.2).
pub(crate) const NON_ASCII: u8 = 64;
/// `ALPHA / DIGIT / "+" / "-" / "."`, the characters after the first one of a scheme.
pub(crate) const SCHEME: u8 = 128;

const fn build() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let mut v = 0;
        if c.is_ascii_alphanumeric() || c == b'-' || c == b'.' || c == b'_' || c == b'~' {
            v |= UNRESERVED;
        }
        if matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        ) {
            v |= SUB_DELIM;
        }
        if c == b':' || c == b'@' {
            v |= COLON_AT;
        }
        if c == b'/' || c == b'?' {
            v |= SLASH_QUESTION;
        }
        if matches!(
            c,
            b' ' | b'"' | b'<' | b'>' | b'^' | b'`' | b'{' | b'|' | b'}'
        ) {
            v |= UNWISE;
        }
        if matches!(c, b'\\' | b'[' | b']' | b'#') {
            v |= KEPT_RAW;
        }
        if c >= 0x80 {
            v |= NON_ASCII;
        }
        if c.is_ascii_alphanumeric() || c == b'+' || c == b'-' || c == b'.' {
            v |= SCHEME;
        }
        t[b] = v;
        b += 1;
    }
    t
}

/// The class bits of every byte value.
pub(crate) static CLASS: [u8; 256] = build();

/// Whether `b` is an ASCII hex digit.
#[inline]
pub(crate) fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

/// The value of the hex digit `b` (which must be one).
#[inline]
pub(crate) fn hex_value(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        _ => b.wrapping_sub(b'A').wrapping_add(10),
    }
}

/// Uppercase hex digits.
pub(crate) const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Plain path byte: needs no check and no flag (`pchar` without `%`, and `/`).
pub(crate) const P_PATH: u8 = 1;
/// Plain query or fragment byte (`P_PATH` and `?`).
pub(crate) const P_QUERY: u8 = 2;
/// Plain reg-name byte: lowercase letters, digits, `-._~`, sub-delims (an uppercase letter
/// takes the slow path, which records it).
pub(crate) const P_REG: u8 = 4;
/// Plain userinfo byte: unreserved, sub-delims, `:`.
pub(crate) const P_USERINFO: u8 = 8;

const fn build_plain() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let class = CLASS[b];
        let mut v = 0;
        let pchar = class & (UNRESERVED | SUB_DELIM | COLON_AT) != 0;
        if pchar || c == b'/' {
            v |= P_PATH | P_QUERY;
        }
        if c == b'?' {
            v |= P_QUERY;
        }
        if class & (UNRESERVED | SUB_DELIM) != 0 && !c.is_ascii_uppercase() {
            v |= P_REG;
        }
        if class & (UNRESERVED | SUB_DELIM) != 0 || c == b':' {
            v |= P_USERINFO;
        }
        t[b] = v;
        b += 1;
    }
    t
}

/// The fast-path bits of every byte value.
pub(crate) static PLAIN: [u8; 256] = build_plain();
