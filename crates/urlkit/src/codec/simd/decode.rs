//! The decoder's kernels: their dispatch, and the SSSE3 kernel: 16 input bytes per step,
//! escapes decoded in the register and the digit bytes dropped by a shuffle (stream
//! compaction). The AVX2 and AVX-512 kernels are in `decode_avx2.rs` and `decode_avx512.rs`.

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

#[cfg(target_arch = "x86_64")]
use super::load16;
use super::Level;

/// For each 8-bit keep mask: the indices of its set bits, then 0x80 (`pshufb` writes 0).
pub(super) static COMPACT: [[u8; 8]; 256] = {
    let mut t = [[0x80u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if m & (1 << bit) != 0 {
                t[m][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
};

/// Appends the decoding of `input[i..]` to `out` with the best vector kernel of `level` (and
/// of the running CPU), and returns where it stopped: the end at AVX-512 (masked loads read
/// the last bytes), else at most a few bytes before it, or `i` itself when no kernel runs;
/// the scalar loop finishes. `Err(offset)` of a malformed escape when `STRICT` (then `out`'s
/// length is unchanged; its spare capacity may have been written).
///
/// *Rationale*: the kernels write into `out`'s spare capacity and set its length once at
/// the end, so the buffer is never zero-filled first (a `memset` per line, as much as the
/// decoding itself on a short line).
#[inline]
pub(crate) fn decode_append<const PLUS: bool, const STRICT: bool>(
    level: Level,
    input: &[u8],
    i: usize,
    out: &mut Vec<u8>,
) -> Result<usize, usize> {
    #[cfg(target_arch = "x86_64")]
    {
        let detected = super::level();
        if level >= Level::Avx512 && detected >= Level::Avx512 {
            // SAFETY: the detected level has every feature of the Avx512 level.
            return unsafe { super::decode_avx512::decode_avx512::<PLUS, STRICT>(input, i, out) };
        }
        if level >= Level::Avx2 && detected >= Level::Avx2 {
            // SAFETY: the detected level has every feature of the Avx2 level.
            return unsafe { super::decode_avx2::decode_avx2::<PLUS, STRICT>(input, i, out) };
        }
        if level >= Level::Ssse3 && detected >= Level::Ssse3 {
            // SAFETY: the detected level is SSSE3 or above.
            return unsafe { decode_chunks_ssse3::<PLUS, STRICT>(input, i, out) };
        }
    }
    let _ = (level, input, out);
    Ok(i)
}

/// Per byte of `x`: (its hex value or 0, 0xFF where it is a hex digit). SSE2 only.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn hex_values(x: __m128i) -> (__m128i, __m128i) {
    // SAFETY: SSE2 is part of the x86_64 baseline; these are register operations.
    unsafe {
        let d = _mm_sub_epi8(x, _mm_set1_epi8(b'0' as i8));
        let is_digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d);
        let a = _mm_sub_epi8(
            _mm_or_si128(x, _mm_set1_epi8(0x20)),
            _mm_set1_epi8(b'a' as i8),
        );
        let is_alpha = _mm_cmpeq_epi8(_mm_min_epu8(a, _mm_set1_epi8(5)), a);
        let value = _mm_or_si128(
            _mm_and_si128(d, is_digit),
            _mm_and_si128(_mm_add_epi8(a, _mm_set1_epi8(10)), is_alpha),
        );
        (value, _mm_or_si128(is_digit, is_alpha))
    }
}

/// [`decode_append`] 16 input bytes per step while 18 are left (the look-ahead of an escape
/// that starts at the 16th), then one step on the chunk that ends 2 bytes before the end.
///
/// Chunks start every 16 bytes: the digits of an escape that straddles two chunks are
/// dropped from the second by a mask (`skip`), so the next loads never wait for this
/// chunk's escapes to be decoded (long runs of escapes, as in UTF-8 text, are bound by that
/// wait otherwise).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,popcnt")]
pub(super) unsafe fn decode_chunks_ssse3<const PLUS: bool, const STRICT: bool>(
    input: &[u8],
    mut i: usize,
    out: &mut Vec<u8>,
) -> Result<usize, usize> {
    let n = input.len();
    if i + 18 > n {
        return Ok(i);
    }
    // The output of input[i..] is at most n - i bytes; each step stores 16.
    out.reserve(n - i + 16);
    let spare = out.spare_capacity_mut();
    let cap = spare.len();
    let dst = spare.as_mut_ptr().cast::<u8>();
    let mut w = 0;
    let mut skip = 0;
    while i + 18 <= n {
        (skip, w) = decode_step::<PLUS, STRICT>(input, i, 0xFFFF & !skip, dst, cap, w)?;
        i += 16;
    }
    i += skip.count_ones() as usize;
    if i + 2 < n {
        // The last bytes: the chunk that ends 2 bytes before the end (its look-ahead ends
        // at the end), with the bytes before `i` (already decoded) masked off. Loading
        // what is already in `input` avoids copying into a padded block, whose partial
        // stores the 16-byte load could not forward from. The scalar loop takes what is
        // left: at most the last 2 bytes.
        let p = n - 18;
        let live = 0xFFFF & !((1u32 << (i - p)) - 1);
        (skip, w) = decode_step::<PLUS, STRICT>(input, p, live, dst, cap, w)?;
        i = p + 16 + skip.count_ones() as usize;
    }
    let len = out.len() + w;
    // SAFETY: the steps wrote every byte of the first `w` of the spare capacity (each step
    // stores at `w` at least as many bytes as it counts), and `w <= cap`.
    unsafe { out.set_len(len) };
    Ok(i)
}

/// Decodes the 16 bytes at `src[i..]` (with 2 bytes of look-ahead) to `dst + w`, only the
/// positions in `live` (a live `%` or `+` is never a digit of an earlier escape), and
/// returns the digits of an escape at byte 14 or 15 that lie in the next chunk (as a mask
/// of its first two bytes) and the next `w`. `dst` is valid for `cap` bytes of writes;
/// panics unless `i + 18 <= src.len()` and `w + 16 <= cap`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,popcnt")]
#[inline]
unsafe fn decode_step<const PLUS: bool, const STRICT: bool>(
    src: &[u8],
    i: usize,
    live: u32,
    dst: *mut u8,
    cap: usize,
    w: usize,
) -> Result<(u32, usize), usize> {
    assert!(i + 18 <= src.len() && w + 16 <= cap);
    let x0 = load16(src, i);
    let is_pct = _mm_cmpeq_epi8(x0, _mm_set1_epi8(b'%' as i8));
    let is_plus = if PLUS {
        _mm_cmpeq_epi8(x0, _mm_set1_epi8(b'+' as i8))
    } else {
        _mm_setzero_si128()
    };
    if live == 0xFFFF && _mm_movemask_epi8(_mm_or_si128(is_pct, is_plus)) == 0 {
        // SAFETY: the assertion keeps the 16 bytes at w within `cap`.
        unsafe { _mm_storeu_si128(dst.add(w).cast(), x0) };
        return Ok((0, w + 16));
    }
    // An escape at byte k takes its digits from bytes k + 1 and k + 2: bytes k of the
    // vectors loaded one and two bytes further on.
    let (v1, h1) = hex_values(load16(src, i + 1));
    let (v2, h2) = hex_values(load16(src, i + 2));
    let pm = _mm_movemask_epi8(is_pct) as u32 & live;
    // A hex digit is never '%', so escapes cannot overlap: each '%' is judged alone.
    let valid = _mm_and_si128(is_pct, _mm_and_si128(h1, h2));
    let vm = _mm_movemask_epi8(valid) as u32 & live;
    if STRICT {
        let bad = pm & !vm;
        if bad != 0 {
            return Err(i + bad.trailing_zeros() as usize);
        }
    }
    // v1 <= 15 in every byte, so the 16-bit shift moves nothing across bytes.
    let byte = _mm_or_si128(_mm_slli_epi16::<4>(v1), v2);
    let mut out = _mm_or_si128(_mm_and_si128(valid, byte), _mm_andnot_si128(valid, x0));
    if PLUS {
        out = _mm_or_si128(
            _mm_andnot_si128(is_plus, out),
            _mm_and_si128(is_plus, _mm_set1_epi8(b' ' as i8)),
        );
    }
    // Drop the digit bytes; those of an escape at byte 14 or 15 reach into the next chunk.
    let digits = (vm << 1) | (vm << 2);
    let keep = !digits & live;
    let (lo, hi) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
    let mut w = w;
    // SAFETY: the shuffle tables are 8 bytes; the stores are 8 bytes at w and at most
    // w + 8, and the assertion above keeps w + 16 <= cap.
    unsafe {
        let s = _mm_loadl_epi64(COMPACT[lo].as_ptr().cast());
        _mm_storel_epi64(dst.add(w).cast(), _mm_shuffle_epi8(out, s));
        w += lo.count_ones() as usize;
        let s = _mm_add_epi8(
            _mm_loadl_epi64(COMPACT[hi].as_ptr().cast()),
            _mm_set1_epi8(8),
        );
        _mm_storel_epi64(dst.add(w).cast(), _mm_shuffle_epi8(out, s));
        w += hi.count_ones() as usize;
    }
    Ok((digits >> 16, w))
}
