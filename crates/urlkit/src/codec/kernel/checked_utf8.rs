//! UTF-8 conversions of the scalar-only build: the standard library's checked ones, with no
//! `unsafe`. The `simd` build's counterpart is `codec::simd::utf8`; the level, which picks
//! its vector code, means nothing here.

use crate::codec::kernel_types::KernelLevel;

/// `bytes`, which the caller knows to be UTF-8, as a `String`.
#[inline]
pub(crate) fn string_valid_by_construction(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .expect("invariant: the encoder's set makes its output UTF-8 (encoded_into_string)")
}

/// `bytes` as a `String` if they are UTF-8, else the bytes back.
#[inline]
pub(crate) fn validated_string(_level: KernelLevel, bytes: Vec<u8>) -> Result<String, Vec<u8>> {
    String::from_utf8(bytes).map_err(|e| e.into_bytes())
}

/// `bytes` as text if they are UTF-8.
#[inline]
pub(crate) fn validated_str(_level: KernelLevel, bytes: &[u8]) -> Option<&str> {
    std::str::from_utf8(bytes).ok()
}
