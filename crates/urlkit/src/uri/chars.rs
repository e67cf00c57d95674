//! THE character table of urlkit: the byte classes of the RFC 3986 grammar (§2, Appendix A),
//! the value of each `HEXDIG`, and the `%XX` spelling of each byte. Every other module (the
//! codec's encode sets, the parser, normalization, comparison, lint) asks this one; a
//! character class, hex table or escape table is not written anywhere else.
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#appendix-A>

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

/// The marks of `unreserved` besides `ALPHA / DIGIT` (§2.3).
pub(crate) const UNRESERVED_MARKS: &[u8; 4] = b"-._~";
/// `sub-delims` (§2.2).
pub(crate) const SUB_DELIMS: &[u8; 11] = b"!$&'()*+,;=";

const fn listed(list: &[u8], c: u8) -> bool {
    let mut i = 0;
    while i < list.len() {
        if list[i] == c {
            return true;
        }
        i += 1;
    }
    false
}

/// The class bits of byte `c`.
pub(crate) const fn class_of(c: u8) -> u8 {
    let mut v = 0;
    if c.is_ascii_alphanumeric() || listed(UNRESERVED_MARKS, c) {
        v |= UNRESERVED;
    }
    if listed(SUB_DELIMS, c) {
        v |= SUB_DELIM;
    }
    if c == b':' || c == b'@' {
        v |= COLON_AT;
    }
    if c == b'/' || c == b'?' {
        v |= SLASH_QUESTION;
    }
    if listed(b" \"<>^`{|}", c) {
        v |= UNWISE;
    }
    if listed(b"\\[]#", c) {
        v |= KEPT_RAW;
    }
    if c >= 0x80 {
        v |= NON_ASCII;
    }
    if c.is_ascii_alphanumeric() || c == b'+' || c == b'-' || c == b'.' {
        v |= SCHEME;
    }
    v
}

const fn build() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = class_of(b as u8);
        b += 1;
    }
    t
}

/// The class bits of every byte value.
pub(crate) static CLASS: [u8; 256] = build();

/// Whether byte `b` has any of the `class` bits.
#[inline]
pub(crate) fn is(b: u8, class: u8) -> bool {
    CLASS[b as usize] & class != 0
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (§3.3), without the
/// `pct-encoded` (a `%` is asked about with [`escape_at`]).
#[inline]
pub(crate) fn is_pchar(b: u8) -> bool {
    is(b, UNRESERVED | SUB_DELIM | COLON_AT)
}

/// The value of each byte as a `HEXDIG` (either case), or [`NOT_HEX`].
pub(crate) static HEX_VALUE: [u8; 256] = {
    let mut t = [NOT_HEX; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// [`HEX_VALUE`] of a byte that is not a hex digit; any value above 15 would do, and this
/// one makes `hi | lo > 15` the test for a bad pair.
pub(crate) const NOT_HEX: u8 = 0xFF;

/// Whether `b` is an ASCII hex digit.
#[inline]
pub(crate) fn is_hex(b: u8) -> bool {
    HEX_VALUE[b as usize] != NOT_HEX
}

/// The value of the hex digit `b` (which must be one: callers test [`is_hex`] or
/// [`escape_at`] first).
#[inline]
pub(crate) fn hex_value(b: u8) -> u8 {
    HEX_VALUE[b as usize]
}

/// The byte of the escape starting at `input[i]` (`%XY`, either hex case), if its two
/// digits are hex (`pct-encoded`, §2.1). The byte at `i` itself is not looked at: the caller
/// has found a `%` there. Re-exported as `urlkit::codec::escape_at`.
///
/// ```
/// use urlkit::codec::escape_at;
/// assert_eq!(escape_at(b"/%e9%81", 1), Some(0xE9));
/// assert_eq!(escape_at(b"/%E9%8", 4), None);
/// assert_eq!(escape_at(b"%zz", 0), None);
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-2.1>
#[inline]
pub fn escape_at(input: &[u8], i: usize) -> Option<u8> {
    let hi = HEX_VALUE[*input.get(i + 1)? as usize];
    let lo = HEX_VALUE[*input.get(i + 2)? as usize];
    if (hi | lo) > 15 {
        None
    } else {
        Some(hi << 4 | lo)
    }
}

/// The 16 hex digits of one case, and every byte's escape in that case.
pub(crate) struct Hex {
    /// `0123456789ABCDEF` or `0123456789abcdef`.
    pub(crate) digits: [u8; 16],
    /// `%XX` for each byte value and a fourth byte (0) that the next write covers, so that
    /// an escape is one 4-byte load and one 4-byte store.
    pub(crate) escapes: [[u8; 4]; 256],
}

impl Hex {
    const fn new(digits: &[u8; 16]) -> Hex {
        let mut escapes = [[0u8; 4]; 256];
        let mut b = 0;
        while b < 256 {
            escapes[b] = [b'%', digits[b >> 4], digits[b & 15], 0];
            b += 1;
        }
        Hex {
            digits: *digits,
            escapes,
        }
    }

    /// `%XX` of `byte` (§2.1).
    #[inline]
    pub(crate) fn escape(&self, byte: u8) -> &[u8] {
        &self.escapes[byte as usize][..3]
    }

    /// Appends `%XX` of `byte` to `out`.
    #[inline]
    pub(crate) fn push_escape(&self, byte: u8, out: &mut String) {
        let [pct, hi, lo, _] = self.escapes[byte as usize];
        out.push(char::from(pct));
        out.push(char::from(hi));
        out.push(char::from(lo));
    }
}

/// Uppercase hex, what RFC 3986 §2.1 asks producers to write.
pub(crate) static HEX_UPPER: Hex = Hex::new(b"0123456789ABCDEF");

/// Lowercase hex.
pub(crate) static HEX_LOWER: Hex = Hex::new(b"0123456789abcdef");

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
