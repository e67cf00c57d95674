//! PHP: `urlencode`, `rawurlencode`, `urldecode`, `rawurldecode`, `http_build_query`.
//!
//! Checked against PHP 8.2.36 (cli); the seed's table was made with PHP 8.5.10, whose results
//! for these functions are the same.
//!
//! Quirks reproduced:
//! - strings are bytes: any byte goes in, and the decoders return bytes that need not be
//!   UTF-8.
//! - `urlencode` keeps only `A-Za-z0-9-_.`, so it encodes `~` (`%7E`) and writes space as `+`
//!   (RFC 1738 era); `rawurlencode` is RFC 3986 (keeps `~`, space is `%20`).
//! - the decoders never fail: a `%` not followed by two hex digits stays; `urldecode` turns
//!   `+` into a space.

use crate::codec::sets::UNRESERVED;
use crate::codec::{decode_to_bytes, DecodeMode, EncodeSet, Encoder, Space};

use super::text::{to_bytes, Input};
use super::{Decoded, Flavor, FlavorError};

/// `urlencode` keeps `A-Za-z0-9-_.` (not `~`).
const URLENCODE: EncodeSet = UNRESERVED.add(b'~');

pub(super) fn urlencode(bytes: &[u8]) -> String {
    Encoder::new(URLENCODE)
        .space(Space::Plus)
        .encode_bytes(bytes)
        .into_owned()
}

pub(super) fn encode(flavor: Flavor, input: Input<'_>) -> Result<String, FlavorError> {
    let bytes = to_bytes(input)?;
    Ok(match flavor {
        Flavor::PhpRawurlencode => Encoder::new(UNRESERVED).encode_bytes(&bytes).into_owned(),
        _ => urlencode(&bytes),
    })
}

pub(super) fn decode(flavor: Flavor, input: Input<'_>) -> Result<Decoded, FlavorError> {
    let bytes = to_bytes(input)?;
    let mode = if flavor == Flavor::PhpUrldecode {
        DecodeMode::Form
    } else {
        DecodeMode::Lenient
    };
    Ok(Decoded::Bytes(lenient(&bytes, mode)))
}

/// A decode that cannot fail (lenient or form).
pub(super) fn lenient(bytes: &[u8], mode: DecodeMode) -> Vec<u8> {
    match decode_to_bytes(bytes, mode) {
        Ok(b) => b.into_owned(),
        Err(_) => bytes.to_vec(),
    }
}
