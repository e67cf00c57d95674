//! The AVX2 kernels ([`KernelLevel::Avx2`]): the decoders' search for `%` (and `+`), and the
//! decoder's kernel: 32 input bytes per step; the SSSE3 kernel takes the last
//! 33 bytes or fewer.
//!
//! Each step loads the chunk at `i` and the two at `i + 1` and `i + 2` (the digits of an
//! escape at every position, with no shift across the two 128-bit lanes, which AVX2 cannot do
//! cheaply), decodes hex digits in-register, and drops the digit bytes with one `vpshufb`
//! whose control packs each 8-byte group to its start (the 8-byte table of the SSSE3
//! kernel), then four 8-byte stores.
//!
//! [`KernelLevel::Avx2`]: crate::codec::KernelLevel::Avx2

use core::arch::x86_64::*;

use super::sse2::special_mask;
use super::ssse3::COMPACT;

/// Per byte of `x`: (its hex value or 0, 0xFF where it is a hex digit).
#[target_feature(enable = "avx2")]
#[inline]
fn hex_values(x: __m256i) -> (__m256i, __m256i) {
    let d = _mm256_sub_epi8(x, _mm256_set1_epi8(b'0' as i8));
    let is_digit = _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(9)), d);
    let a = _mm256_sub_epi8(
        _mm256_or_si256(x, _mm256_set1_epi8(0x20)),
        _mm256_set1_epi8(b'a' as i8),
    );
    let is_alpha = _mm256_cmpeq_epi8(_mm256_min_epu8(a, _mm256_set1_epi8(5)), a);
    let value = _mm256_or_si256(
        _mm256_and_si256(d, is_digit),
        _mm256_and_si256(_mm256_add_epi8(a, _mm256_set1_epi8(10)), is_alpha),
    );
    (value, _mm256_or_si256(is_digit, is_alpha))
}

/// The 8-byte compaction control for the keep mask `k` of one group, as a `u64`, its indices
/// moved on by `base` (0 or 8: the group's place in its 128-bit lane).
#[inline(always)]
fn control(k: u32, base: u64) -> i64 {
    let c = u64::from_le_bytes(COMPACT[(k & 0xFF) as usize]);
    // Adding 8 to 0x80 (write 0) gives 0x88, which still writes 0.
    (c + base * 0x0101_0101_0101_0101) as i64
}

/// Appends the decoding of `input[i..]` to `out` and returns where it stopped (the scalar
/// loop finishes, at most the last 2 bytes), or `Err(offset)` of the first malformed escape
/// when `STRICT` (`out`'s length unchanged).
///
/// # Safety
///
/// The running CPU must have the features of
/// [`KernelLevel::Avx2`](crate::codec::KernelLevel::Avx2).
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,ssse3")]
pub(super) unsafe fn decode_avx2<const PLUS: bool, const STRICT: bool>(
    input: &[u8],
    mut i: usize,
    out: &mut Vec<u8>,
) -> Result<(usize, bool), usize> {
    let n = input.len();
    if i + 34 > n {
        // SAFETY: AVX2 implies SSSE3, and the caller checked the running CPU for AVX2.
        return unsafe { super::ssse3::decode_chunks_ssse3::<PLUS, STRICT>(input, i, out) };
    }
    // The output of input[i..] is at most n - i bytes, and each step stores 32: with 32
    // spare bytes, w + 32 <= cap for every chunk that starts before the end (w <= i - start).
    out.reserve(n - i + 32);
    let spare = out.spare_capacity_mut();
    let (dst, cap) = (spare.as_mut_ptr().cast::<u8>(), spare.len());
    let mut w = 0;
    // The digits at the start of this chunk of an escape at the end of the one before:
    // chunks start every 32 bytes, so no load waits for the previous chunk's escapes.
    let mut skip = 0u32;
    let mut high = 0u32;
    while i + 34 <= n {
        (skip, w) = decode_step::<PLUS, STRICT>(input, i, !skip, dst, cap, w, &mut high)?;
        i += 32;
    }
    i += skip.count_ones() as usize;
    if i + 2 < n {
        // The last bytes: the chunk that ends 2 bytes before the end (its look-ahead ends
        // at the end), with the bytes before `i` (already decoded) masked off; i > p,
        // since the loop stopped. The scalar loop takes what is left: at most 2 bytes.
        let p = n - 34;
        let live = u32::MAX << (i - p);
        (skip, w) = decode_step::<PLUS, STRICT>(input, p, live, dst, cap, w, &mut high)?;
        i = p + 32 + skip.count_ones() as usize;
    }
    let len = out.len() + w;
    // SAFETY: the steps wrote the first `w` bytes of the spare capacity (each step at least
    // the bytes it counted), and their assertions kept `w <= cap`.
    unsafe { out.set_len(len) };
    Ok((i, high != 0))
}

/// Decodes the 32 bytes at `src[i..]` (with 2 bytes of look-ahead) to `dst + w`, only the
/// positions in `live` (a live `%` or `+` is never a digit of an earlier escape), and
/// returns the digits of an escape at byte 30 or 31 that lie in the next chunk (as a mask
/// of its first two bytes) and the next `w`; the positions of the escapes it decoded to a
/// byte >= 0x80 are or-ed into `high`. `dst` is valid for `cap` bytes of writes; panics
/// unless `i + 34 <= src.len()` and `w + 32 <= cap`.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
#[inline]
unsafe fn decode_step<const PLUS: bool, const STRICT: bool>(
    src: &[u8],
    i: usize,
    live: u32,
    dst: *mut u8,
    cap: usize,
    w: usize,
    high: &mut u32,
) -> Result<(u32, usize), usize> {
    assert!(i + 34 <= src.len() && w + 32 <= cap);
    let p = src.as_ptr();
    // SAFETY: the assertion keeps the three 32-byte loads at i, i + 1, i + 2 in `src`.
    let x0 = unsafe { _mm256_loadu_si256(p.add(i).cast()) };
    let is_pct = _mm256_cmpeq_epi8(x0, _mm256_set1_epi8(b'%' as i8));
    let is_plus = if PLUS {
        _mm256_cmpeq_epi8(x0, _mm256_set1_epi8(b'+' as i8))
    } else {
        _mm256_setzero_si256()
    };
    if live == u32::MAX && _mm256_movemask_epi8(_mm256_or_si256(is_pct, is_plus)) == 0 {
        // SAFETY: the assertion keeps the 32 bytes at w within `cap`.
        unsafe { _mm256_storeu_si256(dst.add(w).cast(), x0) };
        return Ok((0, w + 32));
    }
    // SAFETY: as above.
    let (x1, x2) = unsafe {
        (
            _mm256_loadu_si256(p.add(i + 1).cast()),
            _mm256_loadu_si256(p.add(i + 2).cast()),
        )
    };
    let (v1, h1) = hex_values(x1);
    let (v2, h2) = hex_values(x2);
    let valid = _mm256_and_si256(is_pct, _mm256_and_si256(h1, h2));
    let vm = _mm256_movemask_epi8(valid) as u32 & live;
    if STRICT {
        let bad = _mm256_movemask_epi8(is_pct) as u32 & live & !vm;
        if bad != 0 {
            return Err(i + bad.trailing_zeros() as usize);
        }
    }
    // v1 <= 15 in every byte, so the 16-bit shift moves nothing across bytes. A valid
    // escape outside `live` is decoded here too, but never kept.
    let byte = _mm256_or_si256(_mm256_slli_epi16::<4>(v1), v2);
    *high |= _mm256_movemask_epi8(byte) as u32 & vm;
    let mut decoded = _mm256_blendv_epi8(x0, byte, valid);
    if PLUS {
        decoded = _mm256_blendv_epi8(decoded, _mm256_set1_epi8(b' ' as i8), is_plus);
    }
    // Escapes cannot overlap (a hex digit is never '%', nor is a byte outside `live` that
    // follows an escape's start): one at byte 30 has its second digit in the next chunk,
    // one at byte 31 both.
    let digits = (u64::from(vm) << 1) | (u64::from(vm) << 2);
    let keep = !(digits as u32) & live;
    let packed = _mm256_shuffle_epi8(
        decoded,
        _mm256_setr_epi64x(
            control(keep, 0),
            control(keep >> 8, 8),
            control(keep >> 16, 0),
            control(keep >> 24, 8),
        ),
    );
    let (lo, hi) = (
        _mm256_castsi256_si128(packed),
        _mm256_extracti128_si256::<1>(packed),
    );
    let mut at = w;
    // SAFETY: four 8-byte stores, each at most 8 bytes after the one before, from w:
    // within the 32 bytes that the assertion keeps within `cap`.
    unsafe {
        _mm_storel_epi64(dst.add(at).cast(), lo);
        at += (keep & 0xFF).count_ones() as usize;
        _mm_storel_epi64(dst.add(at).cast(), _mm_unpackhi_epi64(lo, lo));
        at += (keep >> 8 & 0xFF).count_ones() as usize;
        _mm_storel_epi64(dst.add(at).cast(), hi);
        at += (keep >> 16 & 0xFF).count_ones() as usize;
        _mm_storel_epi64(dst.add(at).cast(), _mm_unpackhi_epi64(hi, hi));
    }
    Ok(((digits >> 32) as u32, w + keep.count_ones() as usize))
}

/// The 32-bit mask of the `%` (and `+`) bytes of `x`.
#[target_feature(enable = "avx2")]
#[inline]
fn special_mask32<const PLUS: bool>(x: __m256i) -> u32 {
    let mut m = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'%' as i8));
    if PLUS {
        m = _mm256_or_si256(m, _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'+' as i8)));
    }
    _mm256_movemask_epi8(m) as u32
}

#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(super) unsafe fn find_special_avx2<const PLUS: bool>(input: &[u8]) -> Option<usize> {
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
