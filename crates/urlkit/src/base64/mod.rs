//! Base64 and base64url (RFC 4648 §4 and §5): strict decoding by default, and a lenient
//! reading ([`Base64::decode_lenient`]) that takes either alphabet, either padding and
//! whitespace, and says what it took. The URL-safe alphabet is what goes into a query without
//! `%2B` and `%2F`.
//!
//! ```
//! use urlkit::base64::{Alphabet, Base64, Padding};
//! assert_eq!(Base64::STANDARD.encode(b"\xfb\xff"), "+/8=");
//! let url = Base64::new(Alphabet::UrlSafe, Padding::Omit);
//! assert_eq!(url.encode(b"\xfb\xff"), "-_8");
//! assert_eq!(url.decode("-_8").unwrap(), b"\xfb\xff");
//! ```
//!
//! <https://www.rfc-editor.org/rfc/rfc4648>

use std::fmt;

/// The 64-character alphabet.
///
/// ```
/// use urlkit::base64::Alphabet;
/// assert_eq!(Alphabet::UrlSafe.name(), "base64url");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// RFC 4648 §4: `A-Z a-z 0-9 + /`.
    #[default]
    Standard,
    /// RFC 4648 §5, "URL and Filename safe": `A-Z a-z 0-9 - _`.
    UrlSafe,
}

impl Alphabet {
    const fn chars(self) -> &'static [u8; 64] {
        match self {
            Alphabet::Standard => {
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
            }
            Alphabet::UrlSafe => {
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
            }
        }
    }

    /// The RFC's name for it.
    ///
    /// ```
    /// assert_eq!(urlkit::base64::Alphabet::Standard.name(), "base64");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Alphabet::Standard => "base64",
            Alphabet::UrlSafe => "base64url",
        }
    }

    fn value(self, c: u8) -> Option<u8> {
        match c {
            b'A'..=b'Z' => Some(c - b'A'),
            b'a'..=b'z' => Some(c - b'a' + 26),
            b'0'..=b'9' => Some(c - b'0' + 52),
            b'+' if self == Alphabet::Standard => Some(62),
            b'/' if self == Alphabet::Standard => Some(63),
            b'-' if self == Alphabet::UrlSafe => Some(62),
            b'_' if self == Alphabet::UrlSafe => Some(63),
            _ => None,
        }
    }
}

/// Whether the encoded form ends with `=` padding to a multiple of four characters.
///
/// ```
/// use urlkit::base64::{Base64, Alphabet, Padding};
/// assert_eq!(Base64::new(Alphabet::Standard, Padding::Omit).encode(b"f"), "Zg");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Padding {
    /// `=` padding, required when decoding (RFC 4648 §3.2).
    #[default]
    Pad,
    /// No padding; a `=` is an error when decoding (RFC 4648 §3.2 allows omitting it
    /// "when explicitly stated by the specification referring to this document", as JWT does).
    Omit,
}

/// What is wrong with a base64 text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Base64ErrorKind {
    /// A character outside the alphabet (RFC 4648 §3.3: "MUST reject").
    InvalidCharacter,
    /// Padding misplaced (data after `=`), or more than two `=`.
    InvalidPadding,
    /// No `=` padding where the length is not a multiple of four (RFC 4648 §3.2).
    MissingPadding,
    /// `=` padding where it must be omitted.
    UnexpectedPadding,
    /// A length that no encoding produces (one character left over).
    InvalidLength,
    /// The last character has bits set that the encoding would have left zero (RFC 4648
    /// §3.5: non-canonical encoding).
    NonCanonical,
}

impl Base64ErrorKind {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(urlkit::base64::Base64ErrorKind::InvalidPadding.name(), "invalid-padding");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Base64ErrorKind::InvalidCharacter => "invalid-character",
            Base64ErrorKind::InvalidPadding => "invalid-padding",
            Base64ErrorKind::MissingPadding => "missing-padding",
            Base64ErrorKind::UnexpectedPadding => "unexpected-padding",
            Base64ErrorKind::InvalidLength => "invalid-length",
            Base64ErrorKind::NonCanonical => "non-canonical",
        }
    }
}

/// A decoding error: its kind and the byte offset in the input.
///
/// ```
/// use urlkit::base64::{Base64, Base64ErrorKind};
/// let e = Base64::STANDARD.decode("Zm9v!A==").unwrap_err();
/// assert_eq!((e.kind(), e.offset()), (Base64ErrorKind::InvalidCharacter, 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Base64Error {
    kind: Base64ErrorKind,
    offset: usize,
    /// The input's length in characters of the alphabet (without padding), for messages.
    data_len: usize,
}

impl Base64Error {
    /// What went wrong.
    ///
    /// ```
    /// use urlkit::base64::{Base64, Base64ErrorKind};
    /// assert_eq!(Base64::STANDARD.decode("Zg").unwrap_err().kind(), Base64ErrorKind::MissingPadding);
    /// ```
    pub fn kind(&self) -> Base64ErrorKind {
        self.kind
    }

    /// The byte offset in the input.
    ///
    /// ```
    /// assert_eq!(urlkit::base64::Base64::STANDARD.decode("Zm9v\n").unwrap_err().offset(), 4);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl Base64Error {
    /// What went wrong, in words, without the location.
    ///
    /// ```
    /// let e = urlkit::base64::Base64::STANDARD.decode("Zh==").unwrap_err();
    /// assert_eq!(e.description(), "non-zero bits after the last byte");
    /// ```
    pub fn description(&self) -> &'static str {
        match self.kind {
            Base64ErrorKind::InvalidCharacter => "a character outside the alphabet",
            Base64ErrorKind::InvalidPadding => "misplaced '=' padding",
            Base64ErrorKind::MissingPadding => "missing '=' padding",
            Base64ErrorKind::UnexpectedPadding => "'=' padding where none is allowed",
            Base64ErrorKind::InvalidLength => "a length no encoding produces",
            Base64ErrorKind::NonCanonical => "non-zero bits after the last byte",
        }
    }

    /// What went wrong and why, without the location: the padding and length errors say
    /// the length.
    ///
    /// ```
    /// let e = urlkit::base64::Base64::STANDARD.decode("YWJjZA").unwrap_err();
    /// assert_eq!(e.message(), "missing '=' padding: length 6 is not a multiple of 4");
    /// ```
    pub fn message(&self) -> String {
        let n = self.data_len;
        match self.kind {
            Base64ErrorKind::MissingPadding => {
                format!("missing '=' padding: length {n} is not a multiple of 4")
            }
            Base64ErrorKind::UnexpectedPadding => {
                "'=' padding where none is allowed: this encoding omits it".to_owned()
            }
            Base64ErrorKind::InvalidLength => format!(
                "a length no encoding produces: {n} characters leave one over a multiple of 4"
            ),
            _ => self.description().to_owned(),
        }
    }
}

impl fmt::Display for Base64Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.message(), self.offset)
    }
}

impl std::error::Error for Base64Error {}

/// A base64 codec: an [`Alphabet`] and a [`Padding`].
///
/// ```
/// use urlkit::base64::Base64;
/// assert_eq!(Base64::STANDARD.decode("Zm9vYmFy").unwrap(), b"foobar");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Base64 {
    alphabet: Alphabet,
    padding: Padding,
}

impl Base64 {
    /// RFC 4648 §4 with padding.
    pub const STANDARD: Base64 = Base64::new(Alphabet::Standard, Padding::Pad);

    /// A codec with `alphabet` and `padding`.
    ///
    /// ```
    /// use urlkit::base64::{Alphabet, Base64, Padding};
    /// assert_eq!(Base64::new(Alphabet::UrlSafe, Padding::Pad).encode(b"\xfb"), "-w==");
    /// ```
    pub const fn new(alphabet: Alphabet, padding: Padding) -> Base64 {
        Base64 { alphabet, padding }
    }

    /// Encodes `data`.
    ///
    /// ```
    /// assert_eq!(urlkit::base64::Base64::STANDARD.encode("こんにちは".as_bytes()), "44GT44KT44Gr44Gh44Gv");
    /// ```
    pub fn encode(&self, data: &[u8]) -> String {
        let chars = self.alphabet.chars();
        let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
        for chunk in data.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
            let emitted = chunk.len() + 1;
            for i in 0..4 {
                if i < emitted {
                    out.push(char::from(chars[(n >> (18 - 6 * i) & 63) as usize]));
                } else if self.padding == Padding::Pad {
                    out.push('=');
                }
            }
        }
        out
    }

    /// Decodes `text` strictly: only the alphabet, padding exactly as [`Padding`] says, no
    /// whitespace, canonical final bits.
    ///
    /// # Rationale
    ///
    /// RFC 4648 §3.3 says decoders MUST reject characters outside the alphabet
    /// unless the referring specification says otherwise; line breaks are MIME's (RFC 2045),
    /// not base64's, so they are rejected too.
    ///
    /// ```
    /// use urlkit::base64::{Base64, Base64ErrorKind};
    /// assert_eq!(Base64::STANDARD.decode("Zm9vYg==").unwrap(), b"foob");
    /// assert_eq!(Base64::STANDARD.decode("Zm9v\r\nYg==").unwrap_err().kind(), Base64ErrorKind::InvalidCharacter);
    /// ```
    pub fn decode(&self, text: &str) -> Result<Vec<u8>, Base64Error> {
        let bytes = text.as_bytes();
        let data_len = bytes.iter().position(|&b| b == b'=').unwrap_or(bytes.len());
        let err = |kind, offset| Base64Error {
            kind,
            offset,
            data_len,
        };
        let pad = &bytes[data_len..];
        if let Some(bad) = bytes[..data_len]
            .iter()
            .position(|&b| self.alphabet.value(b).is_none())
        {
            return Err(err(Base64ErrorKind::InvalidCharacter, bad));
        }
        if let Some(bad) = pad.iter().position(|&b| b != b'=') {
            let at = data_len + bad;
            let kind = if self.alphabet.value(bytes[at]).is_some() {
                Base64ErrorKind::InvalidPadding
            } else {
                Base64ErrorKind::InvalidCharacter
            };
            return Err(err(kind, at));
        }
        if data_len % 4 == 1 {
            return Err(err(Base64ErrorKind::InvalidLength, data_len - 1));
        }
        match self.padding {
            Padding::Omit if !pad.is_empty() => {
                return Err(err(Base64ErrorKind::UnexpectedPadding, data_len))
            }
            Padding::Pad if pad.is_empty() && !data_len.is_multiple_of(4) => {
                return Err(err(Base64ErrorKind::MissingPadding, data_len));
            }
            Padding::Pad if !(data_len + pad.len()).is_multiple_of(4) || pad.len() > 2 => {
                return Err(err(Base64ErrorKind::InvalidPadding, data_len));
            }
            _ => {}
        }
        match decode_data(self.alphabet, &bytes[..data_len]) {
            Ok(out) => Ok(out),
            Err(at) => Err(err(Base64ErrorKind::NonCanonical, at)),
        }
    }

    /// Decodes `text` leniently, as people paste Base64: either alphabet (`+/` or `-_`, even
    /// mixed), `=` padding present, partial or missing, ASCII whitespace and line breaks
    /// anywhere, non-zero bits after the last byte ignored. What was accepted beyond strict
    /// RFC 4648 is listed in [`Lenient::accepted`]; characters outside both alphabets, `=`
    /// before the end and a length that no encoding produces are still errors, at their byte
    /// offset in `text`.
    ///
    /// ```
    /// use urlkit::base64::{Accepted, Base64};
    /// let l = Base64::decode_lenient("eyJhIjoi\r\n-_8").unwrap();
    /// assert_eq!(l.bytes, b"{\"a\":\"\xfb\xff");
    /// assert_eq!(l.accepted, [Accepted::Whitespace(2), Accepted::UrlSafeAlphabet, Accepted::NoPadding]);
    /// assert!(Base64::decode_lenient("Zm9v!").is_err());
    /// ```
    pub fn decode_lenient(text: &str) -> Result<Lenient, Base64Error> {
        let mut accepted = Vec::new();
        let mut data = Vec::with_capacity(text.len());
        // Where each kept byte was in `text`, for error offsets.
        let mut at = Vec::with_capacity(text.len());
        let mut whitespace = 0;
        let (mut standard, mut url_safe) = (false, false);
        let mut pad = 0;
        let mut pad_at = None;
        for (i, &b) in text.as_bytes().iter().enumerate() {
            match b {
                b' ' | b'\t' | b'\r' | b'\n' | b'\x0C' => whitespace += 1,
                b'=' => {
                    pad += 1;
                    pad_at.get_or_insert(i);
                }
                _ => {
                    let err = |kind| Base64Error {
                        kind,
                        offset: i,
                        data_len: data.len(),
                    };
                    if pad > 0 {
                        return Err(err(Base64ErrorKind::InvalidPadding));
                    }
                    match b {
                        b'+' | b'/' => standard = true,
                        b'-' | b'_' => url_safe = true,
                        _ if Alphabet::Standard.value(b).is_none() => {
                            return Err(err(Base64ErrorKind::InvalidCharacter))
                        }
                        _ => {}
                    }
                    // One alphabet for both: '-' and '_' read as '+' and '/'.
                    data.push(match b {
                        b'-' => b'+',
                        b'_' => b'/',
                        _ => b,
                    });
                    at.push(i);
                }
            }
        }
        let n = data.len();
        let err = |kind, offset| Base64Error {
            kind,
            offset,
            data_len: n,
        };
        if n % 4 == 1 {
            return Err(err(Base64ErrorKind::InvalidLength, at[n - 1]));
        }
        let needed = (4 - n % 4) % 4;
        if pad > 2 || (pad > 0 && needed == 0) {
            return Err(err(
                Base64ErrorKind::InvalidPadding,
                pad_at.expect("invariant: pad > 0"),
            ));
        }
        if whitespace > 0 {
            accepted.push(Accepted::Whitespace(whitespace));
        }
        match (standard, url_safe) {
            (true, true) => accepted.push(Accepted::MixedAlphabets),
            (false, true) => accepted.push(Accepted::UrlSafeAlphabet),
            _ => {}
        }
        if needed > 0 && pad == 0 {
            accepted.push(Accepted::NoPadding);
        } else if needed > pad {
            accepted.push(Accepted::PartialPadding);
        }
        let bytes = match decode_data(Alphabet::Standard, &data) {
            Ok(out) => out,
            Err(_) => {
                accepted.push(Accepted::NonCanonicalBits);
                decode_data_ignoring_bits(&data)
            }
        };
        Ok(Lenient { bytes, accepted })
    }
}

/// What [`Base64::decode_lenient`] took beyond strict RFC 4648.
///
/// ```
/// use urlkit::base64::Accepted;
/// assert_eq!(Accepted::NoPadding.message(), "no '=' padding");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Accepted {
    /// This many ASCII whitespace characters (spaces, tabs, line breaks), ignored.
    Whitespace(usize),
    /// The URL-safe alphabet (`-` `_`, RFC 4648 §5).
    UrlSafeAlphabet,
    /// Both alphabets in one text (`+` or `/` and `-` or `_`).
    MixedAlphabets,
    /// No `=` padding where the length is not a multiple of four.
    NoPadding,
    /// Fewer `=` than the length needs.
    PartialPadding,
    /// Non-zero bits after the last byte (RFC 4648 §3.5), ignored.
    NonCanonicalBits,
}

impl Accepted {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(urlkit::base64::Accepted::UrlSafeAlphabet.name(), "url-safe-alphabet");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Accepted::Whitespace(_) => "whitespace",
            Accepted::UrlSafeAlphabet => "url-safe-alphabet",
            Accepted::MixedAlphabets => "mixed-alphabets",
            Accepted::NoPadding => "no-padding",
            Accepted::PartialPadding => "partial-padding",
            Accepted::NonCanonicalBits => "non-canonical-bits",
        }
    }

    /// What was accepted, in words.
    ///
    /// ```
    /// assert_eq!(urlkit::base64::Accepted::Whitespace(3).message(), "3 whitespace characters ignored");
    /// ```
    pub fn message(self) -> String {
        match self {
            Accepted::Whitespace(1) => "1 whitespace character ignored".to_owned(),
            Accepted::Whitespace(n) => format!("{n} whitespace characters ignored"),
            Accepted::UrlSafeAlphabet => "the base64url alphabet ('-' '_')".to_owned(),
            Accepted::MixedAlphabets => {
                "both alphabets mixed ('+' or '/' with '-' or '_')".to_owned()
            }
            Accepted::NoPadding => "no '=' padding".to_owned(),
            Accepted::PartialPadding => "incomplete '=' padding".to_owned(),
            Accepted::NonCanonicalBits => "non-zero bits after the last byte ignored".to_owned(),
        }
    }
}

/// The result of [`Base64::decode_lenient`]: the bytes, and what was accepted beyond strict
/// RFC 4648 (empty when the text was strict standard Base64).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lenient {
    /// The decoded bytes.
    pub bytes: Vec<u8>,
    /// What was accepted, in the order whitespace, alphabet, padding, bits.
    pub accepted: Vec<Accepted>,
}

/// Decodes characters of `alphabet` (no padding, length not 1 mod 4), or gives the offset of
/// the last character of a group whose leftover bits are not zero.
fn decode_data(alphabet: Alphabet, data: &[u8]) -> Result<Vec<u8>, usize> {
    let mut out = Vec::with_capacity(data.len() / 4 * 3 + 2);
    for (c, chunk) in data.chunks(4).enumerate() {
        let mut n = 0u32;
        for (i, &ch) in chunk.iter().enumerate() {
            let value = alphabet
                .value(ch)
                .expect("invariant: the callers checked every data byte against the alphabet");
            n |= u32::from(value) << (18 - 6 * i);
        }
        let produced = chunk.len() - 1;
        let all = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&all[..produced]);
        let leftover = match chunk.len() {
            2 => n & 0xFFFF,
            3 => n & 0xFF,
            _ => 0,
        };
        if leftover != 0 {
            return Err(c * 4 + chunk.len() - 1);
        }
    }
    Ok(out)
}

/// [`decode_data`] for the standard alphabet, dropping leftover bits.
fn decode_data_ignoring_bits(data: &[u8]) -> Vec<u8> {
    let mut canonical = data.to_vec();
    let keep = match data.len() % 4 {
        2 => 0b11_0000,
        3 => 0b11_1100,
        _ => 0b11_1111,
    };
    if let Some(last) = canonical.last_mut() {
        let v = Alphabet::Standard
            .value(*last)
            .expect("invariant: every data byte is of the standard alphabet");
        *last = Alphabet::Standard.chars()[usize::from(v & keep)];
    }
    decode_data(Alphabet::Standard, &canonical)
        .expect("invariant: the last character's leftover bits were cleared")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_errors() {
        let b = Base64::STANDARD;
        assert_eq!(
            b.decode("Zg").unwrap_err().kind(),
            Base64ErrorKind::MissingPadding
        );
        assert_eq!(
            b.decode("Zh==").unwrap_err().kind(),
            Base64ErrorKind::NonCanonical
        );
        assert_eq!(
            b.decode("Z===").unwrap_err().kind(),
            Base64ErrorKind::InvalidLength
        );
        assert_eq!(b.decode("Zg=a").unwrap_err().offset(), 3);
        assert_eq!(
            b.decode("-_8=").unwrap_err().kind(),
            Base64ErrorKind::InvalidCharacter
        );
        let u = Base64::new(Alphabet::UrlSafe, Padding::Omit);
        assert_eq!(
            u.decode("Zg==").unwrap_err().kind(),
            Base64ErrorKind::UnexpectedPadding
        );
        assert_eq!(
            b.decode("Zg=").unwrap_err().kind(),
            Base64ErrorKind::InvalidPadding
        );
    }

    #[test]
    fn lenient_takes_what_people_paste() {
        let l = Base64::decode_lenient("YWJjZA").unwrap();
        assert_eq!(
            (l.bytes.as_slice(), l.accepted.as_slice()),
            (&b"abcd"[..], &[Accepted::NoPadding][..])
        );
        let l = Base64::decode_lenient("YWJjZA=").unwrap();
        assert_eq!(l.accepted, [Accepted::PartialPadding]);
        let l = Base64::decode_lenient("Zm9v\nYmFy\n").unwrap();
        assert_eq!(
            (l.bytes.as_slice(), l.accepted.as_slice()),
            (&b"foobar"[..], &[Accepted::Whitespace(2)][..])
        );
        let l = Base64::decode_lenient("+/-_").unwrap();
        assert_eq!(l.bytes, b"\xfb\xff\xbf");
        assert_eq!(l.accepted, [Accepted::MixedAlphabets]);
        let l = Base64::decode_lenient("Zh==").unwrap();
        assert_eq!(
            (l.bytes.as_slice(), l.accepted.as_slice()),
            (&b"f"[..], &[Accepted::NonCanonicalBits][..])
        );
        assert!(Base64::decode_lenient("Zm9vYmFy")
            .unwrap()
            .accepted
            .is_empty());
        let e = Base64::decode_lenient("Zg=a").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (Base64ErrorKind::InvalidPadding, 3));
        let e = Base64::decode_lenient("Zm9 vY").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (Base64ErrorKind::InvalidLength, 5));
        let e = Base64::decode_lenient("Zm9v===").unwrap_err();
        assert_eq!(e.kind(), Base64ErrorKind::InvalidPadding);
        let e = Base64::decode_lenient("Zm9v!").unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (Base64ErrorKind::InvalidCharacter, 4)
        );
    }

    /// Every strict decoding is a lenient one with nothing accepted, for every alphabet and
    /// padding, on encodings of every length.
    #[test]
    fn lenient_agrees_with_strict() {
        for len in 0..40u8 {
            let data: Vec<u8> = (0..len).map(|i| i.wrapping_mul(37) ^ 0xA5).collect();
            for alphabet in [Alphabet::Standard, Alphabet::UrlSafe] {
                for padding in [Padding::Pad, Padding::Omit] {
                    let text = Base64::new(alphabet, padding).encode(&data);
                    let l = Base64::decode_lenient(&text).unwrap();
                    assert_eq!(l.bytes, data);
                    // Strict standard Base64 is what has no '-' or '_' and its padding.
                    let strict = !text.contains(['-', '_'])
                        && (padding == Padding::Pad || data.len().is_multiple_of(3));
                    assert_eq!(l.accepted.is_empty(), strict, "{text}");
                }
            }
        }
    }
}
