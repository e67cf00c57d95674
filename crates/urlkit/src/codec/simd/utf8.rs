//! UTF-8 conversions of the `simd` build: `simdutf8`'s vector validation, and no second
//! validation of what is valid by construction. `codec::kernel::checked_utf8` is the safe
//! counterpart with the same functions.

use crate::codec::kernel_types::KernelLevel;

/// `bytes`, which the caller knows to be UTF-8, as a `String` (checked in debug builds,
/// where the property tests run).
#[inline]
pub(crate) fn string_valid_by_construction(bytes: Vec<u8>) -> String {
    debug_assert!(std::str::from_utf8(&bytes).is_ok());
    // SAFETY: the caller's contract: UTF-8 by construction (see
    // `codec::kernel::encoded_into_string` for the cases).
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Whether `bytes` are UTF-8, by vector code at `level` or below.
///
/// # Rationale
///
/// `simdutf8::basic::from_utf8` hands inputs shorter than 64 bytes to the standard library's
/// scalar loop, which takes a branch per character of non-ASCII text; a decoded URL
/// component is that short (a Japanese slug is 30 to 60 bytes). Those go to the kernel's
/// check of one padded block (`x86_64::utf8`) where the level has it.
#[inline]
fn is_utf8(level: KernelLevel, bytes: &[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if bytes.len() < 64 {
        if let Some(valid) = super::x86_64::short_is_utf8(level, bytes) {
            return valid;
        }
    }
    let _ = level;
    simdutf8::basic::from_utf8(bytes).is_ok()
}

/// `bytes` as a `String` if they are UTF-8 (validated by vector code at `level` or below),
/// else the bytes back.
#[inline]
pub(crate) fn validated_string(level: KernelLevel, bytes: Vec<u8>) -> Result<String, Vec<u8>> {
    if is_utf8(level, &bytes) {
        // SAFETY: validated as UTF-8 just above.
        Ok(unsafe { String::from_utf8_unchecked(bytes) })
    } else {
        Err(bytes)
    }
}

/// `bytes` as text if they are UTF-8 (validated by vector code at `level` or below).
#[inline]
pub(crate) fn validated_str(level: KernelLevel, bytes: &[u8]) -> Option<&str> {
    if is_utf8(level, bytes) {
        // SAFETY: validated as UTF-8 just above.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        None
    }
}
