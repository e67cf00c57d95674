//! The decoders' search for the first `%` (or `+`) with AVX2 and AVX-512: most lines of a
//! URL list have neither, so this search is the whole cost of decoding them.
//!
//! *Rationale*: lines are short (40 to 120 bytes), so a loop's setup and its tail dominate,
//! not its throughput. AVX-512 reads a line of up to 64 bytes with one masked load (nothing
//! past the end is read, no tail loop); AVX2 covers 16 to 64 bytes with two overlapping
//! loads.

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

#[cfg(target_arch = "x86_64")]
use super::scan::special_mask;
use super::Level;

/// The index of the first `%` (or, when `PLUS`, `+`) in `input`, with the AVX-512 or AVX2
/// search when `level` is one of those and the running CPU has it; `None` when it is not
/// (then the caller's SSE2 or scalar search runs).
#[inline]
pub(crate) fn find_special_wide<const PLUS: bool>(
    level: Level,
    input: &[u8],
) -> Option<Option<usize>> {
    #[cfg(target_arch = "x86_64")]
    {
        let detected = super::level();
        if level >= Level::Avx512 && detected >= Level::Avx512 {
            // SAFETY: the detected level has every feature of the Avx512 level.
            return Some(unsafe { find_special_avx512::<PLUS>(input) });
        }
        if level >= Level::Avx2 && detected >= Level::Avx2 {
            // SAFETY: the detected level has every feature of the Avx2 level.
            return Some(unsafe { find_special_avx2::<PLUS>(input) });
        }
    }
    let _ = (level, input);
    None
}

/// The 64-bit mask of the `%` (and `+`) bytes of `x`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn special_mask64<const PLUS: bool>(x: __m512i) -> u64 {
    let m = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(b'%' as i8));
    if PLUS {
        m | _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(b'+' as i8))
    } else {
        m
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn find_special_avx512<const PLUS: bool>(input: &[u8]) -> Option<usize> {
    let n = input.len();
    let p = input.as_ptr();
    let mut i = 0;
    while n - i > 64 {
        // SAFETY: i + 64 < n: the 64 bytes are in `input`.
        let x = unsafe { _mm512_loadu_si512(p.add(i).cast()) };
        let m = special_mask64::<PLUS>(x);
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 64;
    }
    // The last 1 to 64 bytes (or none): the masked-off bytes are neither read nor special.
    let live = _bzhi_u64(u64::MAX, (n - i) as u32);
    // SAFETY: a masked load reads only the `live` bytes, `input[i..n]`; `i <= n`, so the
    // pointer is in bounds or one past the end.
    let x = unsafe { _mm512_maskz_loadu_epi8(live, p.add(i).cast()) };
    let m = special_mask64::<PLUS>(x);
    (m != 0).then(|| i + m.trailing_zeros() as usize)
}

/// The 32-bit mask of the `%` (and `+`) bytes of `x`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn special_mask32<const PLUS: bool>(x: __m256i) -> u32 {
    let mut m = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'%' as i8));
    if PLUS {
        m = _mm256_or_si256(m, _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'+' as i8)));
    }
    _mm256_movemask_epi8(m) as u32
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn find_special_avx2<const PLUS: bool>(input: &[u8]) -> Option<usize> {
    let n = input.len();
    let p = input.as_ptr();
    if n < 16 {
        return input.iter().position(|&b| b == b'%' || (PLUS && b == b'+'));
    }
    if n <= 32 {
        // Two overlapping 16-byte loads: the first and the last 16 bytes.
        // SAFETY: 16 <= n: both loads are in `input`.
        let (a, b) = unsafe {
            (
                _mm_loadu_si128(p.cast()),
                _mm_loadu_si128(p.add(n - 16).cast()),
            )
        };
        let m = special_mask::<PLUS>(a) | special_mask::<PLUS>(b) << (n - 16);
        return (m != 0).then(|| m.trailing_zeros() as usize);
    }
    let mut i = 0;
    while n - i > 32 {
        // SAFETY: i + 32 < n: the 32 bytes are in `input`.
        let x = unsafe { _mm256_loadu_si256(p.add(i).cast()) };
        let m = special_mask32::<PLUS>(x);
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 32;
    }
    // The last 32 bytes, overlapping bytes already known clean (n > 32).
    // SAFETY: n > 32: input[n - 32..n] is in bounds.
    let x = unsafe { _mm256_loadu_si256(p.add(n - 32).cast()) };
    let m = special_mask32::<PLUS>(x);
    (m != 0).then(|| n - 32 + m.trailing_zeros() as usize)
}
