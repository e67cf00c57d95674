//! Percent-encoding and decoding: [`EncodeSet`], the named [`sets`], [`Encoder`], the
//! decoders and the application/x-www-form-urlencoded [`form`] parser and serializer. Legacy
//! charsets are in [`crate::charset`].
//!
//! Encode once, decode once: nothing here decodes or encodes repeatedly behind the caller's
//! back (RFC 3986 §2.4).
//!
//! ```
//! use urlkit::codec::{decode, sets, DecodeMode, Encoder};
//! let encoded = Encoder::new(sets::COMPONENT).encode_str("運営者情報/?");
//! assert_eq!(encoded, "%E9%81%8B%E5%96%B6%E8%80%85%E6%83%85%E5%A0%B1%2F%3F");
//! assert_eq!(decode(&encoded, DecodeMode::Strict).unwrap(), "運営者情報/?");
//! ```

mod decode;
mod encode;
mod encode_set;
pub mod form;
mod kernel;
mod scan;
pub mod sets;
#[cfg(feature = "simd")]
mod simd;

pub use crate::uri::chars::escape_at;
pub use decode::{
    decode, decode_bytes_to_str, decode_to_bytes, decode_to_bytes_into, percent_decode,
    DecodeError, DecodeErrorKind, DecodeMode, Decoder,
};
pub use encode::{Encoder, HexCase, Space};
pub use encode_set::EncodeSet;
pub(crate) use kernel::{first_in_set, validated_str, validated_string, NibbleSet};
pub use kernel::{kernel_level, KernelLevel};

/// Copies the run of escapes of non-ASCII bytes at `input[from..]` to the start of `out` with
/// uppercase hex, as far as the vector kernel of this CPU takes it, and returns the bytes
/// copied (0 without one: the caller goes on escape by escape). For keys, whose paths are
/// mostly such runs (percent-encoded UTF-8).
pub(crate) fn copy_escape_run(
    level: KernelLevel,
    input: &[u8],
    from: usize,
    out: &mut [u8],
) -> usize {
    kernel::copy_escape_run(level, input, from, out)
}

/// `%XX` of `byte`, uppercase hex, and a zero byte, as a little-endian word: for code that
/// compares several escapes at once.
///
/// ```
/// use urlkit::codec::uppercase_escape_word;
/// assert_eq!(uppercase_escape_word(0xE9).to_le_bytes(), *b"%E9\0");
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-2.1>
#[inline]
pub fn uppercase_escape_word(byte: u8) -> u32 {
    u32::from_le_bytes(crate::uri::chars::HEX_UPPER.escapes[byte as usize])
}

/// `%XX` of `byte`, uppercase hex (RFC 3986 §2.1), from the encoders' table.
#[inline]
pub(crate) fn uppercase_escape(byte: u8) -> &'static [u8] {
    crate::uri::chars::HEX_UPPER.escape(byte)
}
