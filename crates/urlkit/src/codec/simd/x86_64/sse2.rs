//! The SSE2 kernels (the x86_64 baseline, [`KernelLevel::Sse2`]): the decoders' search for
//! `%` (and `+`), 16 bytes per step.
//!
//! [`KernelLevel::Sse2`]: crate::codec::KernelLevel::Sse2

use core::arch::x86_64::*;

use super::load16;

/// The 16-bit mask of the `%` (and `+` when `PLUS`) bytes of `x` (SSE2: the x86_64 baseline).
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

#[inline]
pub(super) fn find_special_sse2<const PLUS: bool>(input: &[u8]) -> Option<usize> {
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
