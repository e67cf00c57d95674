//! Ruby: `CGI.escape`, `CGI.unescape`, `URI.encode_www_form_component`,
//! `ERB::Util.url_encode`.
//!
//! Checked against Ruby 3.1.2 (cgi 0.3.5, erb 2.2.3, uri 0.11.0).
//!
//! Quirks reproduced:
//! - strings are bytes (the encoders work on `string.b`): any byte goes in.
//! - `CGI.escape` keeps `A-Za-z0-9_.-~` and writes space as `+`;
//!   `URI.encode_www_form_component` keeps `*-.0-9A-Z_a-z` (so it encodes `~` and keeps `*`,
//!   like Java's `URLEncoder`) and writes space as `+`; `ERB::Util.url_encode` keeps
//!   `a-zA-Z0-9_-.~` and writes space as `%20`.
//! - `CGI.unescape` turns `+` into a space and leaves a malformed `%` as it is; its result is
//!   bytes that need not be UTF-8. It stops at a `%` in the last two bytes, so `a%+` stays
//!   `a%+` while `a+` is `a `.

use crate::codec::sets::UNRESERVED;
use crate::codec::{DecodeMode, EncodeSet, Encoder, Space};

use super::text::{to_bytes, Input};
use super::{Decoded, Flavor, FlavorError};

/// `URI.encode_www_form_component` keeps `*-.0-9A-Z_a-z`.
const WWW_FORM_COMPONENT: EncodeSet = UNRESERVED.add(b'~').remove(b'*');

pub(super) fn encode(flavor: Flavor, input: Input<'_>) -> Result<String, FlavorError> {
    let bytes = to_bytes(input)?;
    let encoder = match flavor {
        Flavor::RubyCgiEscape => Encoder::new(UNRESERVED).space(Space::Plus),
        Flavor::RubyUriEncodeWwwFormComponent => {
            Encoder::new(WWW_FORM_COMPONENT).space(Space::Plus)
        }
        _ => Encoder::new(UNRESERVED),
    };
    Ok(encoder.encode_bytes(&bytes).into_owned())
}

pub(super) fn decode(input: Input<'_>) -> Result<Decoded, FlavorError> {
    let bytes = to_bytes(input)?;
    // cgi/escape's optimized_unescape stops at a '%' in the last two bytes
    // (`if (i + 3 > len) break;`): whatever follows it, a '+' included, stays as it is.
    let cut = (0..bytes.len())
        .find(|&i| bytes[i] == b'%' && i + 3 > bytes.len())
        .unwrap_or(bytes.len());
    let mut out = super::php::lenient(&bytes[..cut], DecodeMode::Form);
    out.extend_from_slice(&bytes[cut..]);
    Ok(Decoded::Bytes(out))
}
