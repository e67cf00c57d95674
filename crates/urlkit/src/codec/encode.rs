//! Percent-encoding with an [`EncodeSet`]: [`Encoder`] and its options.

use std::borrow::Cow;

use super::encode_set::EncodeSet;
use super::sets::FORM_URLENCODED;

/// The case of the hex digits an encoder writes.
///
/// RFC 3986 §2.1: "URI producers and normalizers should use uppercase hexadecimal digits for
/// all percent-encodings", so [`HexCase::Upper`] is the default.
///
/// ```
/// use urlkit::codec::{Encoder, HexCase, sets::UNRESERVED};
/// assert_eq!(Encoder::new(UNRESERVED).hex(HexCase::Lower).encode_str("é"), "%c3%a9");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HexCase {
    /// `%C3%A9`
    #[default]
    Upper,
    /// `%c3%a9`, as some encoders (WordPress's REST API, .NET's `WebUtility`) write.
    Lower,
}

/// What an encoder writes for U+0020 SPACE.
///
/// ```
/// use urlkit::codec::{Encoder, Space, sets::UNRESERVED};
/// assert_eq!(Encoder::new(UNRESERVED).space(Space::Plus).encode_str("a b"), "a+b");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Space {
    /// Space follows the set: `%20` when the set contains it, a raw space otherwise.
    #[default]
    AsSet,
    /// Space is written `+`, as application/x-www-form-urlencoded does
    /// (<https://url.spec.whatwg.org/#urlencoded-serializing>).
    Plus,
}

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";
const LOWER_HEX: &[u8; 16] = b"0123456789abcdef";

/// A percent-encoder: an [`EncodeSet`] and how to write what it encodes.
///
/// An encoder is a small `Copy` value that holds a 256-entry table, so testing a byte is one
/// load. It never decodes: a `%` in the input is data and is encoded when the set contains `%`
/// (RFC 3986 §2.4: "implementations must not percent-encode or decode the same string more than
/// once").
///
/// # Example
///
/// ```
/// use urlkit::codec::{Encoder, sets::UNRESERVED};
///
/// let enc = Encoder::new(UNRESERVED);
/// assert_eq!(enc.encode_str("東京 カフェ"), "%E6%9D%B1%E4%BA%AC%20%E3%82%AB%E3%83%95%E3%82%A7");
/// // Nothing to encode: the input is returned borrowed, without a copy.
/// assert!(matches!(enc.encode_str("tokyo-cafe"), std::borrow::Cow::Borrowed(_)));
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#percent-encode> and RFC 3986 §2.1.
#[derive(Clone, Copy, Debug)]
pub struct Encoder {
    set: EncodeSet,
    table: [bool; 256],
    hex: HexCase,
    space: Space,
}

impl Encoder {
    /// An encoder for `set`, with uppercase hex and space as the set says.
    pub const fn new(set: EncodeSet) -> Encoder {
        Encoder {
            set,
            table: set.to_table(),
            hex: HexCase::Upper,
            space: Space::AsSet,
        }
    }

    /// The application/x-www-form-urlencoded byte serializer: [`FORM_URLENCODED`], space as `+`.
    ///
    /// <https://url.spec.whatwg.org/#urlencoded-byte-serializer>
    ///
    /// ```
    /// use urlkit::codec::Encoder;
    /// assert_eq!(Encoder::form().encode_str("東京 カフェ"), "%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7");
    /// ```
    pub const fn form() -> Encoder {
        Encoder::new(FORM_URLENCODED).space(Space::Plus)
    }

    /// The same encoder writing hex digits in `case`.
    #[must_use]
    pub const fn hex(mut self, case: HexCase) -> Encoder {
        self.hex = case;
        self
    }

    /// The same encoder writing space as `space` says.
    #[must_use]
    pub const fn space(mut self, space: Space) -> Encoder {
        self.space = space;
        let mut table = self.set.to_table();
        if let Space::Plus = space {
            table[b' ' as usize] = true;
        }
        self.table = table;
        self
    }

    /// The set this encoder uses.
    pub const fn set(&self) -> EncodeSet {
        self.set
    }

    /// The hex case this encoder writes.
    pub const fn hex_case(&self) -> HexCase {
        self.hex
    }

    /// How this encoder writes a space.
    pub const fn space_mode(&self) -> Space {
        self.space
    }

    /// Whether `byte` is escaped (or, for a space in [`Space::Plus`] mode, replaced) by this
    /// encoder.
    #[inline]
    pub const fn encodes(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    /// Encodes `input`; borrowed when nothing needed encoding.
    ///
    /// Non-ASCII bytes are kept only if the set keeps them; since a `&str` keeps whole UTF-8
    /// sequences together, the result is always valid text.
    pub fn encode_str<'a>(&self, input: &'a str) -> Cow<'a, str> {
        match self.first_encoded(input.as_bytes()) {
            None => Cow::Borrowed(input),
            Some(first) => {
                let mut out = String::with_capacity(input.len() + input.len() / 2 + 8);
                out.push_str(&input[..first]);
                self.encode_tail(input.as_bytes(), first, &mut out);
                Cow::Owned(out)
            }
        }
    }

    /// Encodes arbitrary bytes (not necessarily UTF-8); borrowed when nothing needed encoding.
    ///
    /// *Rationale*: the output must be text, so every non-ASCII byte is encoded here even when
    /// the set keeps it (a kept lone `0xE6` would not be text). Use [`Encoder::encode_str`] to
    /// keep non-ASCII characters (IRI output).
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::PATH};
    /// assert_eq!(Encoder::new(PATH).encode_bytes(b"/a b\x83\x5E"), "/a%20b%83%5E");
    /// ```
    pub fn encode_bytes<'a>(&self, input: &'a [u8]) -> Cow<'a, str> {
        let mut copy = *self;
        copy.set = copy.set.union(EncodeSet::NON_ASCII);
        for b in 0x80..=0xFF {
            copy.table[b] = true;
        }
        match copy.first_encoded(input) {
            None => match std::str::from_utf8(input) {
                Ok(s) => Cow::Borrowed(s),
                // Unreachable: every non-ASCII byte is encoded, so a clean input is ASCII.
                Err(_) => Cow::Owned(String::from_utf8_lossy(input).into_owned()),
            },
            Some(first) => {
                let mut out = String::with_capacity(input.len() + input.len() / 2 + 8);
                push_ascii(&input[..first], &mut out);
                copy.encode_tail(input, first, &mut out);
                Cow::Owned(out)
            }
        }
    }

    /// Appends the encoding of `input` to `out` (the caller's buffer, reused across calls).
    ///
    /// ```
    /// use urlkit::codec::{Encoder, sets::COMPONENT};
    /// let mut buf = String::from("q=");
    /// Encoder::new(COMPONENT).encode_str_into("a&b", &mut buf);
    /// assert_eq!(buf, "q=a%26b");
    /// ```
    pub fn encode_str_into(&self, input: &str, out: &mut String) {
        match self.first_encoded(input.as_bytes()) {
            None => out.push_str(input),
            Some(first) => {
                out.reserve(input.len() + input.len() / 2);
                out.push_str(&input[..first]);
                self.encode_tail(input.as_bytes(), first, out);
            }
        }
    }

    /// Appends the encoding of arbitrary bytes to `out`; see [`Encoder::encode_bytes`].
    pub fn encode_bytes_into(&self, input: &[u8], out: &mut String) {
        out.push_str(&self.encode_bytes(input));
    }

    /// The index of the first byte this encoder changes.
    #[inline]
    fn first_encoded(&self, input: &[u8]) -> Option<usize> {
        // Eight lookups per step with one branch: the common input has nothing to encode.
        let table = &self.table;
        let mut chunks = input.chunks_exact(8);
        let mut base = 0;
        for chunk in &mut chunks {
            let any = table[chunk[0] as usize]
                | table[chunk[1] as usize]
                | table[chunk[2] as usize]
                | table[chunk[3] as usize]
                | table[chunk[4] as usize]
                | table[chunk[5] as usize]
                | table[chunk[6] as usize]
                | table[chunk[7] as usize];
            if any {
                return chunk
                    .iter()
                    .position(|&b| table[b as usize])
                    .map(|i| base + i);
            }
            base += 8;
        }
        chunks
            .remainder()
            .iter()
            .position(|&b| table[b as usize])
            .map(|i| base + i)
    }

    /// Encodes `input[start..]` into `out`; `input[start]` is known to need encoding.
    ///
    /// Kept bytes are copied in runs. A kept run holds either ASCII bytes, or (only from
    /// `encode_str`) whole UTF-8 sequences, so each run is valid UTF-8.
    fn encode_tail(&self, input: &[u8], start: usize, out: &mut String) {
        let hex = match self.hex {
            HexCase::Upper => UPPER_HEX,
            HexCase::Lower => LOWER_HEX,
        };
        let plus = matches!(self.space, Space::Plus);
        let mut i = start;
        let mut run = start;
        let mut escaped = [b'%', 0, 0];
        while i < input.len() {
            let b = input[i];
            if self.table[b as usize] {
                if run < i {
                    push_utf8_run(&input[run..i], out);
                }
                if plus && b == b' ' {
                    out.push('+');
                } else {
                    escaped[1] = hex[(b >> 4) as usize];
                    escaped[2] = hex[(b & 15) as usize];
                    push_ascii(&escaped, out);
                }
                run = i + 1;
            }
            i += 1;
        }
        if run < input.len() {
            push_utf8_run(&input[run..], out);
        }
    }
}

/// Appends bytes known to be ASCII.
#[inline]
fn push_ascii(bytes: &[u8], out: &mut String) {
    // from_utf8 on ASCII cannot fail; the lossy branch only keeps the function total.
    match std::str::from_utf8(bytes) {
        Ok(s) => out.push_str(s),
        Err(_) => out.push_str(&String::from_utf8_lossy(bytes)),
    }
}

/// Appends a run of kept bytes, which is valid UTF-8 by construction (see `encode_tail`).
#[inline]
fn push_utf8_run(bytes: &[u8], out: &mut String) {
    push_ascii(bytes, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::sets::{COMPONENT, PATH, UNRESERVED};

    #[test]
    fn acceptance_examples() {
        assert_eq!(
            Encoder::new(UNRESERVED).encode_str("東京 カフェ"),
            "%E6%9D%B1%E4%BA%AC%20%E3%82%AB%E3%83%95%E3%82%A7"
        );
        assert_eq!(
            Encoder::form().encode_str("東京 カフェ"),
            "%E6%9D%B1%E4%BA%AC+%E3%82%AB%E3%83%95%E3%82%A7"
        );
        assert_eq!(
            Encoder::new(COMPONENT).encode_str("a b&c=d/e?f#g+h~!'()*"),
            "a%20b%26c%3Dd%2Fe%3Ff%23g%2Bh~!'()*"
        );
    }

    #[test]
    fn keeps_non_ascii_only_when_set_keeps_it() {
        let iri = Encoder::new(PATH.difference(EncodeSet::NON_ASCII));
        assert_eq!(iri.encode_str("/運営 者/"), "/運営%20者/");
        assert_eq!(iri.encode_bytes("運".as_bytes()), "%E9%81%8B");
    }

    #[test]
    fn lower_hex_and_into() {
        let enc = Encoder::new(UNRESERVED).hex(HexCase::Lower);
        let mut out = String::from(">");
        enc.encode_str_into("運", &mut out);
        assert_eq!(out, ">%e9%81%8b");
    }
}
