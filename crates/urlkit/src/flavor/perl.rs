//! Perl `URI::Escape`: `uri_escape_utf8`, `uri_unescape`.
//!
//! Checked against URI::Escape 5.17 (URI 5.17) on Perl 5.36.
//!
//! Quirks reproduced:
//! - `uri_escape_utf8` encodes its argument's *characters* as UTF-8, keeping
//!   `A-Za-z0-9-._~`. A byte string that is not UTF-8 is, to Perl, a string of Latin-1
//!   characters, so the byte `0xFF` comes out as `%C3%BF`.
//! - `uri_unescape` decodes `%XX` and leaves anything else; its result is bytes.

use crate::codec::sets::UNRESERVED;
use crate::codec::{DecodeMode, Encoder};

use super::text::{to_bytes, Input};
use super::{Decoded, FlavorError};

pub(super) fn encode(input: Input<'_>) -> Result<String, FlavorError> {
    let text: String = match input {
        Input::Bytes(b) => match std::str::from_utf8(b) {
            Ok(s) => s.to_owned(),
            Err(_) => b.iter().map(|&b| char::from(b)).collect(),
        },
        other => String::from_utf8_lossy(&to_bytes(other)?).into_owned(),
    };
    Ok(Encoder::new(UNRESERVED).encode_str(&text).into_owned())
}

pub(super) fn decode(input: Input<'_>) -> Result<Decoded, FlavorError> {
    let bytes = to_bytes(input)?;
    Ok(Decoded::Bytes(super::php::lenient(
        &bytes,
        DecodeMode::Lenient,
    )))
}
