//! Go `net/url`: `QueryEscape`, `PathEscape`, `QueryUnescape`, `PathUnescape`.
//!
//! Checked against Go 1.19.8 (and the Go test tables in `testdata/go`); the seed's table was
//! made with Go 1.25.6, whose results for these functions are the same.
//!
//! Quirks reproduced:
//! - strings are bytes: any byte goes in and the decoders return bytes that need not be UTF-8.
//! - `QueryEscape` keeps only `A-Za-z0-9-_.~` and writes space as `+`; `PathEscape` (one path
//!   segment) also keeps `$ & + : = @`, encodes `/ ; , ?`, and writes space as `%20`.
//! - the decoders fail on the first `%` not followed by two hex digits with
//!   `invalid URL escape "%zz"`: the escape cut to at most three bytes and written with
//!   `strconv.Quote` (so `%\xe6\x97` when a multi-byte character follows).
//!   `QueryUnescape` turns `+` into a space; `PathUnescape` keeps it.

use crate::codec::sets::UNRESERVED;
use crate::codec::{decode_to_bytes, DecodeMode, EncodeSet, Encoder, Space};

use super::text::{to_bytes, Input};
use super::{Decoded, Flavor, FlavorError, FlavorErrorKind};

/// `shouldEscape(c, encodePathSegment)` keeps the reserved `$ & + : = @`.
const PATH_SEGMENT: EncodeSet = UNRESERVED.remove_all(b"$&+:=@");

pub(super) fn encode(flavor: Flavor, input: Input<'_>) -> Result<String, FlavorError> {
    let bytes = to_bytes(input)?;
    let encoder = match flavor {
        Flavor::GoPathEscape => Encoder::new(PATH_SEGMENT),
        _ => Encoder::new(UNRESERVED).space(Space::Plus),
    };
    Ok(encoder.encode_bytes(&bytes).into_owned())
}

pub(super) fn decode(flavor: Flavor, input: Input<'_>) -> Result<Decoded, FlavorError> {
    let bytes = to_bytes(input)?;
    // Go checks every escape before it decodes anything; so does the strict decoder.
    if let Err(e) = decode_to_bytes(&bytes, DecodeMode::Strict) {
        let at = e.offset();
        let end = (at + 3).min(bytes.len());
        return Err(FlavorError::new(
            FlavorErrorKind::InvalidUrlEscape,
            at,
            format!("invalid URL escape {}", quote(&bytes[at..end])),
        ));
    }
    let mode = if flavor == Flavor::GoQueryUnescape {
        DecodeMode::Form
    } else {
        DecodeMode::Lenient
    };
    Ok(Decoded::Bytes(super::php::lenient(&bytes, mode)))
}

/// `strconv.Quote` of a short byte string.
fn quote(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\x07' => out.push_str("\\a"),
                '\x08' => out.push_str("\\b"),
                '\x0C' => out.push_str("\\f"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\x0B' => out.push_str("\\v"),
                c if is_print(c) => out.push(c),
                c if (c as u32) < 0x80 => out.push_str(&format!("\\x{:02x}", c as u32)),
                c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push_str(&format!("\\U{:08x}", c as u32)),
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out.push('"');
    out
}

/// `unicode.IsPrint` (Unicode 13, as in Go 1.19) for the code points an escape of three
/// bytes can hold: ASCII and U+0080..U+07FF.
fn is_print(c: char) -> bool {
    let p = c as u32;
    if p < 0x80 {
        return (0x20..0x7F).contains(&p);
    }
    const NOT_PRINT: &[(u32, u32)] = &[
        (0x80, 0xA0),
        (0xAD, 0xAD),
        (0x378, 0x379),
        (0x380, 0x383),
        (0x38B, 0x38B),
        (0x38D, 0x38D),
        (0x3A2, 0x3A2),
        (0x530, 0x530),
        (0x557, 0x558),
        (0x58B, 0x58C),
        (0x590, 0x590),
        (0x5C8, 0x5CF),
        (0x5EB, 0x5EE),
        (0x5F5, 0x605),
        (0x61C, 0x61D),
        (0x6DD, 0x6DD),
        (0x70E, 0x70F),
        (0x74B, 0x74C),
        (0x7B2, 0x7BF),
        (0x7FB, 0x7FC),
    ];
    !NOT_PRINT.iter().any(|&(lo, hi)| (lo..=hi).contains(&p))
}
