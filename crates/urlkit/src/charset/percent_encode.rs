//! WHATWG "percent-encode after encoding" and decoding with a legacy charset.

use std::borrow::Cow;
use std::fmt;

use encoding_rs::{EncoderResult, Encoding};

use crate::codec::Encoder;

/// The encoding a WHATWG label names (`"shift_jis"`, `"sjis"`, `"latin1"`, `"utf-8"`, ...),
/// case-insensitively and ignoring surrounding ASCII whitespace.
///
/// *Rationale*: labels follow the Encoding Standard, as browsers do, so `"latin1"` and
/// `"iso-8859-1"` name windows-1252 (which differs from ISO-8859-1 in `0x80..=0x9F`).
///
/// ```
/// use urlkit::charset::encoding_for_label;
/// assert_eq!(encoding_for_label("SJIS").map(|e| e.name()), Some("Shift_JIS"));
/// assert_eq!(encoding_for_label("latin1").map(|e| e.name()), Some("windows-1252"));
/// assert!(encoding_for_label("klingon").is_none());
/// ```
///
/// Spec: <https://encoding.spec.whatwg.org/#concept-encoding-get>
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label(label.as_bytes())
}

/// A character that the target encoding cannot represent, at its byte offset in the input.
///
/// ```
/// use urlkit::charset::{encoding_for_label, percent_encode_after_encoding_or_fail};
/// use urlkit::codec::{sets::SPECIAL_QUERY, Encoder};
/// let latin1 = encoding_for_label("latin1").unwrap();
/// let err = percent_encode_after_encoding_or_fail(latin1, "ab漢", &Encoder::new(SPECIAL_QUERY))
///     .unwrap_err();
/// assert_eq!((err.character(), err.offset()), ('漢', 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnmappableError {
    character: char,
    offset: usize,
    encoding: &'static Encoding,
}

impl UnmappableError {
    /// The character that has no representation. For the ISO-2022-JP controls U+000E, U+000F
    /// and U+001B this is U+FFFD, as the Encoding Standard says.
    ///
    /// ```
    /// use urlkit::charset::{encoding_for_label, percent_encode_after_encoding_or_fail};
    /// use urlkit::codec::{sets::UNRESERVED, Encoder};
    /// let sjis = encoding_for_label("shift_jis").unwrap();
    /// let e = percent_encode_after_encoding_or_fail(sjis, "a♥", &Encoder::new(UNRESERVED)).unwrap_err();
    /// assert_eq!(e.character(), '♥');
    /// ```
    pub const fn character(&self) -> char {
        self.character
    }

    /// The byte offset in the input where the character starts.
    ///
    /// ```
    /// use urlkit::charset::{encoding_for_label, percent_encode_after_encoding_or_fail};
    /// use urlkit::codec::{sets::UNRESERVED, Encoder};
    /// let sjis = encoding_for_label("shift_jis").unwrap();
    /// let e = percent_encode_after_encoding_or_fail(sjis, "a♥", &Encoder::new(UNRESERVED)).unwrap_err();
    /// assert_eq!(e.offset(), 1);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The encoding that could not represent it.
    ///
    /// ```
    /// use urlkit::charset::{encoding_for_label, percent_encode_after_encoding_or_fail};
    /// use urlkit::codec::{sets::UNRESERVED, Encoder};
    /// let sjis = encoding_for_label("sjis").unwrap();
    /// let e = percent_encode_after_encoding_or_fail(sjis, "♥", &Encoder::new(UNRESERVED)).unwrap_err();
    /// assert_eq!(e.encoding().name(), "Shift_JIS");
    /// ```
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// A stable kebab-case name of the error kind, for machine-readable output.
    ///
    /// ```
    /// use urlkit::charset::{encoding_for_label, percent_encode_after_encoding_or_fail};
    /// use urlkit::codec::{sets::UNRESERVED, Encoder};
    /// let latin1 = encoding_for_label("latin1").unwrap();
    /// let e = percent_encode_after_encoding_or_fail(latin1, "漢", &Encoder::new(UNRESERVED)).unwrap_err();
    /// assert_eq!(e.kind_name(), "unmappable-character");
    /// ```
    pub const fn kind_name(&self) -> &'static str {
        "unmappable-character"
    }
}

impl fmt::Display for UnmappableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "U+{:04X} at byte {} cannot be written in {}",
            self.character as u32,
            self.offset,
            self.encoding.name()
        )
    }
}

impl std::error::Error for UnmappableError {}

/// WHATWG *percent-encode after encoding*: encodes `input` in `encoding`, then percent-encodes
/// the bytes with `encoder` (its set, hex case and space handling); a character the encoding
/// cannot represent is written as the numeric reference `&#N;`, percent-encoded
/// (`%26%23N%3B`), as browsers do for queries and form submissions.
///
/// The output encoding of `encoding` is used (UTF-16 and "replacement" encode as UTF-8). Bytes
/// above `0x7F` are always percent-encoded, whatever the set: the standard asserts that every
/// set used here contains all non-ASCII code points.
///
/// Beware ISO-2022-JP with a set that keeps `%` (every WHATWG query set does): its JIS bytes
/// are printable ASCII and may spell `%` and two hex digits (グ運 becomes `%1B$B%01?%1B(B`), so
/// such a query cannot always be decoded back. That is what browsers send; with a set that
/// encodes `%` ([`COMPONENT`](crate::codec::sets::COMPONENT)) the result is reversible.
///
/// ```
/// use urlkit::charset::{encoding_for_label, percent_encode_after_encoding};
/// use urlkit::codec::{sets::SPECIAL_QUERY, Encoder};
/// let enc = Encoder::new(SPECIAL_QUERY);
/// let big5 = encoding_for_label("big5").unwrap();
/// assert_eq!(percent_encode_after_encoding(big5, "\u{2020}", &enc), "%26%238224%3B");
/// let sjis = encoding_for_label("shift_jis").unwrap();
/// assert_eq!(percent_encode_after_encoding(sjis, "運営 ♥", &Encoder::form()),
///            "%89%5E%89c+%26%239829%3B");
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#string-percent-encode-after-encoding>
pub fn percent_encode_after_encoding(
    encoding: &'static Encoding,
    input: &str,
    encoder: &Encoder,
) -> String {
    let mut out = String::with_capacity(input.len() * 3);
    encode_loop(encoding, input, encoder, &mut out, |c, _, out| {
        // The digits are ASCII and kept; "&#" and ";" are always escaped (the standard appends
        // the literal "%26%23" and "%3B").
        out.push_str("%26%23");
        out.push_str(&(c as u32).to_string());
        out.push_str("%3B");
        Ok(())
    })
    .map(|()| out)
    .expect("invariant: the replacement above never fails, so neither does the loop")
}

/// Like [`percent_encode_after_encoding`], but a character the encoding cannot represent is an
/// error (the Encoding Standard's "fatal" error mode) instead of a numeric reference.
///
/// ```
/// use urlkit::charset::{encoding_for_label, percent_encode_after_encoding_or_fail};
/// use urlkit::codec::{sets::UNRESERVED, Encoder};
/// let latin1 = encoding_for_label("latin1").unwrap();
/// let enc = Encoder::new(UNRESERVED);
/// assert_eq!(percent_encode_after_encoding_or_fail(latin1, "¢Øabÿ", &enc).unwrap(), "%A2%D8ab%FF");
/// ```
///
/// Spec: <https://encoding.spec.whatwg.org/#encode-or-fail>
pub fn percent_encode_after_encoding_or_fail(
    encoding: &'static Encoding,
    input: &str,
    encoder: &Encoder,
) -> Result<String, UnmappableError> {
    let mut out = String::with_capacity(input.len() * 3);
    encode_loop(
        encoding,
        input,
        encoder,
        &mut out,
        |character, offset, _| {
            Err(UnmappableError {
                character,
                offset,
                encoding: encoding.output_encoding(),
            })
        },
    )?;
    Ok(out)
}

/// Runs the encoder over `input`, percent-encoding each piece of output and calling
/// `on_unmappable(char, input offset, out)` for each character the encoding cannot represent.
fn encode_loop(
    encoding: &'static Encoding,
    input: &str,
    encoder: &Encoder,
    out: &mut String,
    mut on_unmappable: impl FnMut(char, usize, &mut String) -> Result<(), UnmappableError>,
) -> Result<(), UnmappableError> {
    let encoding = encoding.output_encoding();
    if encoding == encoding_rs::UTF_8 {
        encoder.encode_bytes_into(input.as_bytes(), out);
        return Ok(());
    }
    let mut legacy = encoding.new_encoder();
    let mut bytes: Vec<u8> = Vec::with_capacity(input.len() * 2 + 16);
    let mut read_total = 0;
    loop {
        let rest = &input[read_total..];
        bytes.clear();
        if let Some(needed) = legacy.max_buffer_length_from_utf8_without_replacement(rest.len()) {
            bytes.reserve(needed);
        } else {
            bytes.reserve(rest.len() * 4 + 16);
        }
        let (result, read) =
            legacy.encode_from_utf8_to_vec_without_replacement(rest, &mut bytes, true);
        read_total += read;
        encoder.encode_bytes_into(&bytes, out);
        match result {
            EncoderResult::InputEmpty => return Ok(()),
            EncoderResult::OutputFull => {
                // Reserved for the worst case, so this only means "go on with a bigger buffer".
                if read == 0 {
                    bytes.reserve(bytes.capacity() + 64);
                }
            }
            EncoderResult::Unmappable(c) => {
                // The unmappable character was consumed; it started len_utf8 bytes back.
                let offset = read_total.saturating_sub(c.len_utf8());
                // ISO-2022-JP reports U+FFFD for U+000E/U+000F/U+001B: the character consumed
                // is one byte long, not three.
                let offset = if input.is_char_boundary(offset) && input[offset..].starts_with(c) {
                    offset
                } else {
                    read_total.saturating_sub(1)
                };
                on_unmappable(c, offset, out)?;
            }
        }
    }
}

/// Decodes bytes in a legacy `encoding` to text (no BOM sniffing), malformed sequences
/// becoming U+FFFD; borrowed when the bytes were already the UTF-8 text.
///
/// Pair it with [`crate::codec::decode_to_bytes`] to read a percent-encoded Shift_JIS query.
///
/// ```
/// use urlkit::charset::{decode_with_encoding, encoding_for_label};
/// use urlkit::codec::{decode_to_bytes, DecodeMode};
/// let bytes = decode_to_bytes(b"%83%5E%83C%83g%83%8B", DecodeMode::Strict).unwrap();
/// let sjis = encoding_for_label("shift_jis").unwrap();
/// assert_eq!(decode_with_encoding(&bytes, sjis), "タイトル");
/// ```
///
/// Spec: <https://encoding.spec.whatwg.org/#decode-without-bom>
pub fn decode_with_encoding<'a>(bytes: &'a [u8], encoding: &'static Encoding) -> Cow<'a, str> {
    encoding.decode_without_bom_handling(bytes).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::sets::SPECIAL_QUERY;

    #[test]
    fn offsets_of_unmappable_characters() {
        let latin1 = encoding_for_label("latin1").unwrap();
        let enc = Encoder::new(SPECIAL_QUERY);
        let e = percent_encode_after_encoding_or_fail(latin1, "é漢字", &enc).unwrap_err();
        assert_eq!((e.character(), e.offset()), ('漢', 2));
        let jis = encoding_for_label("iso-2022-jp").unwrap();
        let e = percent_encode_after_encoding_or_fail(jis, "ab\u{E}", &enc).unwrap_err();
        assert_eq!((e.character(), e.offset()), ('\u{FFFD}', 2));
        assert_eq!(
            percent_encode_after_encoding(jis, "\u{E}A", &enc),
            "%26%2365533%3BA"
        );
    }

    #[test]
    fn iso_2022_jp_query_is_ambiguous() {
        // グ is JIS 0x25 0x30 and 運 is 0x31 0x3F: the query sets keep '%', so the encoded
        // query holds "%01", which a decoder reads as an escape. The standard's behaviour,
        // documented on `percent_encode_after_encoding`.
        let jis = encoding_for_label("iso-2022-jp").unwrap();
        let query = percent_encode_after_encoding(jis, "グ運", &Encoder::new(SPECIAL_QUERY));
        assert_eq!(query, "%1B$B%01?%1B(B");
        let component = crate::codec::sets::COMPONENT;
        let safe = percent_encode_after_encoding(jis, "グ運", &Encoder::new(component));
        assert_eq!(safe, "%1B%24B%2501%3F%1B(B");
    }

    #[test]
    fn iso_2022_jp_returns_to_ascii() {
        let jis = encoding_for_label("iso-2022-jp").unwrap();
        let enc = Encoder::new(SPECIAL_QUERY);
        assert_eq!(
            percent_encode_after_encoding(jis, "\u{203E}\\", &enc),
            "%1B(J~%1B(B\\"
        );
    }
}
