//! Base64 and base64url (RFC 4648 §4 and §5), strict: the URL-safe alphabet is what goes
//! into a query without `%2B` and `%2F`.
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
    /// Padding missing, misplaced, or present when it must be omitted.
    InvalidPadding,
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
}

impl Base64Error {
    /// What went wrong.
    ///
    /// ```
    /// use urlkit::base64::{Base64, Base64ErrorKind};
    /// assert_eq!(Base64::STANDARD.decode("Zg").unwrap_err().kind(), Base64ErrorKind::InvalidPadding);
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
            Base64ErrorKind::InvalidPadding => "invalid '=' padding",
            Base64ErrorKind::InvalidLength => "a length no encoding produces",
            Base64ErrorKind::NonCanonical => "non-zero bits after the last byte",
        }
    }
}

impl fmt::Display for Base64Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.description(), self.offset)
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
        let err = |kind, offset| Base64Error { kind, offset };
        let data_len = bytes.iter().position(|&b| b == b'=').unwrap_or(bytes.len());
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
                return Err(err(Base64ErrorKind::InvalidPadding, data_len))
            }
            Padding::Pad if !(data_len + pad.len()).is_multiple_of(4) || pad.len() > 2 => {
                return Err(err(Base64ErrorKind::InvalidPadding, data_len));
            }
            _ => {}
        }
        let mut out = Vec::with_capacity(data_len / 4 * 3 + 2);
        for (c, chunk) in bytes[..data_len].chunks(4).enumerate() {
            let mut n = 0u32;
            for (i, &ch) in chunk.iter().enumerate() {
                let value = self
                    .alphabet
                    .value(ch)
                    .expect("invariant: every data byte was checked against the alphabet above");
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
                return Err(err(Base64ErrorKind::NonCanonical, c * 4 + chunk.len() - 1));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_errors() {
        let b = Base64::STANDARD;
        assert_eq!(
            b.decode("Zg").unwrap_err().kind(),
            Base64ErrorKind::InvalidPadding
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
            Base64ErrorKind::InvalidPadding
        );
    }
}
