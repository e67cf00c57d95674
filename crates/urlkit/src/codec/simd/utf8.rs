//! UTF-8 conversions of the `simd` build: `simdutf8`'s vector validation, and no second
//! validation of what is valid by construction. `codec::kernel::checked_utf8` is the safe
//! counterpart with the same functions.

/// `bytes`, which the caller knows to be UTF-8, as a `String` (checked in debug builds,
/// where the property tests run).
#[inline]
pub(crate) fn string_valid_by_construction(bytes: Vec<u8>) -> String {
    debug_assert!(std::str::from_utf8(&bytes).is_ok());
    // SAFETY: the caller's contract: UTF-8 by construction (see
    // `codec::kernel::encoded_into_string` for the cases).
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// `bytes` as a `String` if they are UTF-8 (validated with `simdutf8`'s vector code), else
/// the bytes back.
#[inline]
pub(crate) fn validated_string(bytes: Vec<u8>) -> Result<String, Vec<u8>> {
    if simdutf8::basic::from_utf8(&bytes).is_ok() {
        // SAFETY: validated as UTF-8 just above.
        Ok(unsafe { String::from_utf8_unchecked(bytes) })
    } else {
        Err(bytes)
    }
}

/// `bytes` as text if they are UTF-8 (validated with `simdutf8`'s vector code).
#[inline]
pub(crate) fn validated_str(bytes: &[u8]) -> Option<&str> {
    simdutf8::basic::from_utf8(bytes).ok()
}
