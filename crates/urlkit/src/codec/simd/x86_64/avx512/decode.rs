//! The decoder's AVX-512 kernel: 64 input bytes per step, the last step a masked load, so a
//! whole line is decoded with no scalar tail and nothing read past its end.
//!
//! Each step loads the chunk at `i` and the two at `i + 1` and `i + 2` (the digits of an
//! escape at every position), decodes hex digits in-register, and drops the digit bytes with
//! one `vpcompressb` (VBMI2) into a register, then one masked store. Chunks start every 64
//! bytes: the digits of an escape that straddles two chunks are dropped from the second by a
//! mask, so the next loads never wait for this chunk's result. The compress is kept in
//! register form: its memory-destination form is microcoded and slow on AMD Zen 4.
//!
//! The decoders' search for the first `%` (or `+`) is here too: one masked load reads a line
//! of up to 64 bytes (nothing past its end, no tail loop).

use core::arch::x86_64::*;

/// Per byte of `x`: its hex value (0 where it is not a hex digit) and the mask of hex digits.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn hex_values(x: __m512i) -> (__m512i, u64) {
    let d = _mm512_sub_epi8(x, _mm512_set1_epi8(b'0' as i8));
    let is_digit = _mm512_cmple_epu8_mask(d, _mm512_set1_epi8(9));
    let a = _mm512_sub_epi8(
        _mm512_or_si512(x, _mm512_set1_epi8(0x20)),
        _mm512_set1_epi8(b'a' as i8),
    );
    let is_alpha = _mm512_cmple_epu8_mask(a, _mm512_set1_epi8(5));
    let value = _mm512_mask_mov_epi8(
        _mm512_maskz_mov_epi8(is_digit, d),
        is_alpha,
        _mm512_add_epi8(a, _mm512_set1_epi8(10)),
    );
    (value, is_digit | is_alpha)
}

/// The mask of the first `k` bytes of a 64-byte chunk (all of them when `k >= 64`).
#[target_feature(enable = "bmi2")]
#[inline]
fn first_bytes(k: usize) -> u64 {
    _bzhi_u64(u64::MAX, k.min(64) as u32)
}

/// Appends the decoding of `input[i..]` to `out` and returns `Ok(input.len())`, or
/// `Err(offset)` of the first malformed escape when `STRICT` (`out`'s length unchanged).
///
/// # Safety
///
/// The running CPU must have the features of
/// [`KernelLevel::Avx512`](crate::codec::KernelLevel::Avx512).
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(crate) unsafe fn decode_avx512<const PLUS: bool, const STRICT: bool>(
    input: &[u8],
    mut i: usize,
    out: &mut Vec<u8>,
) -> Result<(usize, bool), usize> {
    let n = input.len();
    if i >= n {
        return Ok((i, false));
    }
    // The output of input[i..] is at most n - i bytes, and the stores are masked to it.
    out.reserve(n - i);
    let spare = out.spare_capacity_mut();
    let cap = spare.len();
    let dst = spare.as_mut_ptr().cast::<u8>();
    let src = input.as_ptr();
    let mut w = 0;
    // The bytes at the start of this chunk that are the digits of an escape at the end of
    // the one before (the first one or two). The chunks start every 64 bytes whatever
    // escapes they hold, so no load waits for the previous chunk's escapes to be decoded.
    let mut skip = 0u64;
    // The escapes decoded to a byte >= 0x80, or-ed over the chunks.
    let mut high = 0u64;
    while i < n {
        let rest = n - i;
        let live = first_bytes(rest);
        // SAFETY: a masked load reads only the `live` bytes, input[i..i + 64.min(rest)];
        // i < n keeps the pointer in bounds.
        let x0 = unsafe { _mm512_maskz_loadu_epi8(live, src.add(i).cast()) };
        let pct = _mm512_cmpeq_epi8_mask(x0, _mm512_set1_epi8(b'%' as i8));
        let plus = if PLUS {
            _mm512_cmpeq_epi8_mask(x0, _mm512_set1_epi8(b'+' as i8))
        } else {
            0
        };
        let step = rest.min(64);
        if pct | plus | skip == 0 {
            assert!(w + step <= cap);
            // SAFETY: a masked store writes only the `live` bytes, `step` of them, which
            // the assertion keeps within the spare capacity.
            unsafe { _mm512_mask_storeu_epi8(dst.add(w).cast(), live, x0) };
            i += step;
            w += step;
            continue;
        }
        // The digits of an escape at byte k are bytes k + 1 and k + 2 of the chunk: bytes k
        // of the chunks one and two bytes on. Past the end they load as 0, not a digit, so
        // an escape cut short by the end is malformed, as it should be.
        let (at1, at2) = ((i + 1).min(n), (i + 2).min(n));
        // SAFETY: masked loads read only input[at1..n] and input[at2..n], the first 64 of
        // them at most; at1, at2 <= n keep the pointers in bounds or one past the end.
        let (x1, x2) = unsafe {
            (
                _mm512_maskz_loadu_epi8(first_bytes(n - at1), src.add(at1).cast()),
                _mm512_maskz_loadu_epi8(first_bytes(n - at2), src.add(at2).cast()),
            )
        };
        let (v1, h1) = hex_values(x1);
        let (v2, h2) = hex_values(x2);
        let valid = pct & h1 & h2;
        if STRICT {
            let bad = pct & !valid;
            if bad != 0 {
                return Err(i + bad.trailing_zeros() as usize);
            }
        }
        // v1 <= 15 in every byte, so the 16-bit shift moves nothing across bytes.
        let byte = _mm512_or_si512(_mm512_slli_epi16::<4>(v1), v2);
        high |= _mm512_movepi8_mask(byte) & valid;
        let mut decoded = _mm512_mask_mov_epi8(x0, valid, byte);
        if PLUS {
            decoded = _mm512_mask_mov_epi8(decoded, plus, _mm512_set1_epi8(b' ' as i8));
        }
        // Escapes cannot overlap (a hex digit is never '%', nor are the skipped bytes): one
        // at byte 62 has its second digit in the next chunk, one at byte 63 both.
        let digits = (u128::from(valid) << 1) | (u128::from(valid) << 2);
        let keep = live & !(digits as u64) & !skip;
        skip = (digits >> 64) as u64;
        let kept = keep.count_ones() as usize;
        assert!(w + kept <= cap);
        // SAFETY: the masked store writes only the first `kept` bytes at w, which the
        // assertion keeps within the spare capacity.
        unsafe {
            _mm512_mask_storeu_epi8(
                dst.add(w).cast(),
                first_bytes(kept),
                _mm512_maskz_compress_epi8(keep, decoded),
            )
        };
        i += step;
        w += kept;
    }
    let len = out.len() + w;
    // SAFETY: the steps wrote the first `w` bytes of the spare capacity, each step the
    // bytes it counted, and the assertions kept `w <= cap`.
    unsafe { out.set_len(len) };
    Ok((i, high != 0))
}

/// The 64-bit mask of the `%` (and `+`) bytes of `x`.
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

#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(crate) unsafe fn find_special_avx512<const PLUS: bool>(input: &[u8]) -> Option<usize> {
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
