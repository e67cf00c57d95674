//! The classes of byte a URL holds ([`ByteClasses`]), summed up in one pass over its bytes:
//! what the rules' triggers read, and the first thing the lint context computes.

use crate::uri::chars::{class_of, UNWISE};

/// A set of byte classes: which kinds of byte a URL holds (one bit per class).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ByteClasses(u16);

impl ByteClasses {
    /// `%`.
    pub(crate) const PERCENT: ByteClasses = ByteClasses(1);
    /// A byte of a non-ASCII character.
    pub(crate) const NON_ASCII: ByteClasses = ByteClasses(1 << 1);
    /// A space.
    pub(crate) const SPACE: ByteClasses = ByteClasses(1 << 2);
    /// A C0 control or DEL (NUL, CR and LF included).
    pub(crate) const CONTROL: ByteClasses = ByteClasses(1 << 3);
    /// `+`.
    pub(crate) const PLUS: ByteClasses = ByteClasses(1 << 4);
    /// `\`.
    pub(crate) const BACKSLASH: ByteClasses = ByteClasses(1 << 5);
    /// `@`.
    pub(crate) const AT: ByteClasses = ByteClasses(1 << 6);
    /// An ASCII uppercase letter.
    pub(crate) const UPPER: ByteClasses = ByteClasses(1 << 7);
    /// `_`.
    pub(crate) const UNDERSCORE: ByteClasses = ByteClasses(1 << 8);
    /// The printable ASCII RFC 3986 leaves out of every component but the space:
    /// `"` `<` `>` `^` `` ` `` `{` `|` `}` ([`crate::uri::chars::UNWISE`]).
    pub(crate) const UNWISE: ByteClasses = ByteClasses(1 << 9);
    /// `#`.
    pub(crate) const HASH: ByteClasses = ByteClasses(1 << 10);
    /// `;`.
    pub(crate) const SEMICOLON: ByteClasses = ByteClasses(1 << 11);
    /// `(`.
    pub(crate) const PAREN: ByteClasses = ByteClasses(1 << 12);
    /// `[` or `]`.
    pub(crate) const BRACKET: ByteClasses = ByteClasses(1 << 13);

    /// One bit per class, for the prefilter's table of rules by class.
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    /// Both sets.
    pub(crate) const fn or(self, other: ByteClasses) -> ByteClasses {
        ByteClasses(self.0 | other.0)
    }

    /// Whether the two sets share a class.
    #[inline]
    pub(crate) const fn any(self, of: ByteClasses) -> bool {
        self.0 & of.0 != 0
    }

    /// The classes of the bytes of `input`, in one pass.
    pub(crate) fn of(input: &[u8]) -> ByteClasses {
        // Four accumulators, so the OR of one byte does not wait for the previous one.
        let mut acc = [0u16; 4];
        let mut chunks = input.chunks_exact(4);
        for c in &mut chunks {
            acc[0] |= TABLE[c[0] as usize];
            acc[1] |= TABLE[c[1] as usize];
            acc[2] |= TABLE[c[2] as usize];
            acc[3] |= TABLE[c[3] as usize];
        }
        for &b in chunks.remainder() {
            acc[0] |= TABLE[b as usize];
        }
        ByteClasses(acc[0] | acc[1] | acc[2] | acc[3])
    }
}

/// The classes of one byte. Every class but `%`, `#` and non-ASCII bytes is a byte outside
/// `unreserved / sub-delims / ":" / "@" / "/" / "?"` or one of those few that a rule looks for.
const fn classes_of(c: u8) -> u16 {
    let rfc = class_of(c);
    let mut v = 0;
    if c == b'%' {
        v |= ByteClasses::PERCENT.0;
    }
    if c >= 0x80 {
        v |= ByteClasses::NON_ASCII.0;
    }
    if c == b' ' {
        v |= ByteClasses::SPACE.0;
    }
    if c < 0x20 || c == 0x7F {
        v |= ByteClasses::CONTROL.0;
    }
    if c == b'+' {
        v |= ByteClasses::PLUS.0;
    }
    if c == b'\\' {
        v |= ByteClasses::BACKSLASH.0;
    }
    if c == b'@' {
        v |= ByteClasses::AT.0;
    }
    if c.is_ascii_uppercase() {
        v |= ByteClasses::UPPER.0;
    }
    if c == b'_' {
        v |= ByteClasses::UNDERSCORE.0;
    }
    if rfc & UNWISE != 0 && c != b' ' {
        v |= ByteClasses::UNWISE.0;
    }
    if c == b'#' {
        v |= ByteClasses::HASH.0;
    }
    if c == b';' {
        v |= ByteClasses::SEMICOLON.0;
    }
    if c == b'(' {
        v |= ByteClasses::PAREN.0;
    }
    if c == b'[' || c == b']' {
        v |= ByteClasses::BRACKET.0;
    }
    v
}

/// The bytes outside `unreserved / sub-delims / ":" / "@" / "/" / "?"` that are not `%` or
/// `#`: with none of these, a URL is printable ASCII that every component's grammar allows,
/// but for `%` escapes, a second `#` and the host's own rules.
pub(crate) const NOT_PLAIN: ByteClasses = ByteClasses::NON_ASCII
    .or(ByteClasses::SPACE)
    .or(ByteClasses::CONTROL)
    .or(ByteClasses::BACKSLASH)
    .or(ByteClasses::UNWISE)
    .or(ByteClasses::BRACKET);

static TABLE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = classes_of(b as u8);
        b += 1;
    }
    t
};
