//! Searches: the first byte of a set (encoders), the first `%` or `+` (decoders).

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

#[cfg(target_arch = "x86_64")]
use super::{load16, set_mask, tables, NonAscii};
use super::{Level, NibbleSet};

/// The index of the first byte `b` of `input[from..]` with `table[b] != 0` (`set` is the same
/// set as nibble tables), absolute.
#[inline]
pub(crate) fn first_in_set(
    level: Level,
    set: &NibbleSet,
    table: &[u8; 256],
    input: &[u8],
    from: usize,
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if set.vector_ok_at(level, Level::Avx512) && from <= input.len() {
        // SAFETY: `vector_ok_at` holds only when `level()`, the detected level, is AVX-512.
        return unsafe { super::encode_avx512::first_in_set_avx512(set, input, from) };
    }
    #[cfg(target_arch = "x86_64")]
    if set.vector_ok(level) && from <= input.len() && input.len() - from >= 16 {
        // SAFETY: `vector_ok` holds only when `level()`, the detected level, is SSSE3 or above.
        return unsafe { first_in_set_ssse3(set, input, from) };
    }
    let _ = (level, set);
    let rest = input.get(from..)?;
    rest.iter()
        .position(|&b| table[b as usize] != 0)
        .map(|p| p + from)
}

/// [`first_in_set`] for `input.len() - from >= 16` and a set with `vector_ok`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,popcnt")]
unsafe fn first_in_set_ssse3(set: &NibbleSet, input: &[u8], from: usize) -> Option<usize> {
    let (lo, hi) = tables(set);
    let all = set.non_ascii == NonAscii::All;
    let n = input.len();
    let mut i = from;
    while i + 16 <= n {
        // SAFETY: i + 16 <= n: the 16 bytes are in `input`.
        let x = unsafe { _mm_loadu_si128(input.as_ptr().add(i).cast()) };
        let m = set_mask(x, lo, hi, all);
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 16;
    }
    if i == n {
        return None;
    }
    // The last 16 bytes, overlapping bytes already known clean (n - from >= 16).
    // SAFETY: n >= 16, so input[n - 16..n] is in bounds.
    let x = unsafe { _mm_loadu_si128(input.as_ptr().add(n - 16).cast()) };
    let m = set_mask(x, lo, hi, all);
    (m != 0).then(|| n - 16 + m.trailing_zeros() as usize)
}

/// The index of the first `%` (or, when `PLUS`, `+`) in `input`.
#[inline]
pub(crate) fn find_special<const PLUS: bool>(level: Level, input: &[u8]) -> Option<usize> {
    if let Some(found) = super::decode_scan::find_special_wide::<PLUS>(level, input) {
        return found;
    }
    #[cfg(target_arch = "x86_64")]
    if level != Level::Scalar {
        return find_special_sse2::<PLUS>(input);
    }
    let _ = level;
    if PLUS {
        memchr::memchr2(b'%', b'+', input)
    } else {
        memchr::memchr(b'%', input)
    }
}

/// The 16-bit mask of the `%` (and `+` when `PLUS`) bytes of `x` (SSE2: the x86_64 baseline).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn special_mask<const PLUS: bool>(x: __m128i) -> u32 {
    // SAFETY: SSE2 is part of the x86_64 baseline; these are register operations.
    unsafe {
        let mut m = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'%' as i8));
        if PLUS {
            m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8(b'+' as i8)));
        }
        _mm_movemask_epi8(m) as u32
    }
}

#[cfg(target_arch = "x86_64")]
#[inline]
fn find_special_sse2<const PLUS: bool>(input: &[u8]) -> Option<usize> {
    let n = input.len();
    if n < 16 {
        return input.iter().position(|&b| b == b'%' || (PLUS && b == b'+'));
    }
    let mut i = 0;
    while i + 16 <= n {
        let m = special_mask::<PLUS>(load16(input, i));
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 16;
    }
    if i == n {
        return None;
    }
    let m = special_mask::<PLUS>(load16(input, n - 16));
    (m != 0).then(|| n - 16 + m.trailing_zeros() as usize)
}
