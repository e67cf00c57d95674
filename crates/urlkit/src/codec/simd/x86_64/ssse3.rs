//! The SSSE3 kernels (`pshufb` and POPCNT, [`KernelLevel::Ssse3`]): the byte-set search, the
//! encoder's expansion (a clean 16-byte chunk copied whole, a chunk with bytes to escape
//! expanded four bytes per shuffle) and the decoder's compaction (escapes decoded in the
//! register, their digit bytes dropped by a shuffle).
//!
//! [`KernelLevel::Ssse3`]: crate::codec::KernelLevel::Ssse3

use core::arch::x86_64::*;

use super::{live_mask, load16, set_mask, tables};
use crate::codec::kernel::{NibbleSet, NonAscii};
use crate::uri::chars::Hex;

/// [`first_in_set`](super::first_in_set) for `input.len() - from >= 16` and a set with `vector_ok`.
#[target_feature(enable = "ssse3,popcnt")]
pub(super) unsafe fn first_in_set_ssse3(
    set: &NibbleSet,
    input: &[u8],
    from: usize,
) -> Option<usize> {
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

/// For each 4-bit mask of changed bytes: the `pshufb` control that writes 4 input bytes, each
/// as itself or as `%XX`, from a register holding [the 4 bytes, their 4 high digits, their 4
/// low digits, `%` four times]; 0x80 (a zero byte) after the output.
static EXPAND: [[u8; 16]; 16] = {
    let mut t = [[0x80u8; 16]; 16];
    let mut m = 0;
    while m < 16 {
        let mut k = 0;
        let mut j = 0;
        while j < 4 {
            if m & (1 << j) != 0 {
                t[m][k] = 12;
                t[m][k + 1] = 4 + j as u8;
                t[m][k + 2] = 8 + j as u8;
                k += 3;
            } else {
                t[m][k] = j as u8;
                k += 1;
            }
            j += 1;
        }
        m += 1;
    }
    t
};
#[target_feature(enable = "ssse3,popcnt")]
pub(super) unsafe fn encode_chunks_ssse3<const PLUS: bool>(
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    mut i: usize,
    buf: &mut [u8],
    mut w: usize,
) -> (usize, usize) {
    let (lo, hi) = tables(set);
    // SAFETY: `digits` is 16 bytes; unaligned load.
    let digits = unsafe { _mm_loadu_si128(hex.digits.as_ptr().cast()) };
    let all = set.non_ascii == NonAscii::All;
    let n = input.len();
    while i + 16 <= n {
        let chunk = &input[i..i + 16];
        let x = load16(chunk, 0);
        let m = set_mask(x, lo, hi, all);
        if m == 0 {
            buf[w..w + 16].copy_from_slice(chunk);
            w += 16;
        } else {
            w = expand::<PLUS>(x, m, digits, buf, w);
        }
        i += 16;
    }
    if i < n {
        // The last r < 16 bytes: the 16 that end the input, moved down past those already
        // encoded (loading from the input itself: a copy into a padded block would stall
        // the load on partial stores); a zero-padded block only when the whole input is
        // shorter than 16. The zero bytes after the r live ones are written past the
        // output (the buffer has room) and not counted.
        let r = n - i;
        let (x, m) = if n >= 16 {
            let shift = 16 - r;
            // SAFETY: SHIFT_DOWN has 32 bytes and shift < 16.
            let ctl = unsafe { _mm_loadu_si128(SHIFT_DOWN.as_ptr().add(shift).cast()) };
            let x = load16(input, n - 16);
            (_mm_shuffle_epi8(x, ctl), set_mask(x, lo, hi, all) >> shift)
        } else {
            let mut block = [0u8; 16];
            block[..r].copy_from_slice(&input[i..]);
            let x = load16(&block, 0);
            (x, set_mask(x, lo, hi, all) & live_mask(r))
        };
        let end = expand::<PLUS>(x, m, digits, buf, w);
        w = end - (16 - r);
        i = n;
    }
    (i, w)
}

/// `pshufb` controls that move a register down by 0..16 bytes: the 16 bytes from `shift`.
static SHIFT_DOWN: [u8; 32] = {
    let mut t = [0x80u8; 32];
    let mut k = 0;
    while k < 16 {
        t[k] = k as u8;
        k += 1;
    }
    t
};

/// Writes the encoding of the 16 bytes `x` (bit k of `m` set when byte k is changed) at
/// `buf[w..]`, four bytes per shuffle, and returns the next `w`. `PLUS`: a space becomes `+`.
/// Panics unless `buf[w..]` holds the output plus 12 bytes.
#[target_feature(enable = "ssse3,popcnt")]
#[inline]
unsafe fn expand<const PLUS: bool>(
    x: __m128i,
    m: u32,
    digits: __m128i,
    buf: &mut [u8],
    w: usize,
) -> usize {
    assert!(w + expand_room(m) <= buf.len());
    // SAFETY: the assertion gives `expand_to` its room.
    w + unsafe { expand_to::<PLUS>(x, m, digits, buf.as_mut_ptr().add(w)) }
}

/// The bytes [`expand_to`] may write for the change mask `m`: the output (16 bytes and two
/// more per change) and the 12 that its last 16-byte store may pass the output by.
#[inline(always)]
pub(super) fn expand_room(m: u32) -> usize {
    16 + 2 * m.count_ones() as usize + 12
}

/// [`expand`] at a raw destination: writes the encoding of `x` at `dst` and returns its length.
///
/// # Safety
///
/// `dst` must be valid for writes of [`expand_room`]`(m)` bytes, and the CPU must have SSSE3.
#[target_feature(enable = "ssse3,popcnt")]
#[inline]
pub(super) unsafe fn expand_to<const PLUS: bool>(
    x: __m128i,
    m: u32,
    digits: __m128i,
    dst: *mut u8,
) -> usize {
    let (x, m) = if PLUS {
        let space = _mm_cmpeq_epi8(x, _mm_set1_epi8(b' ' as i8));
        let x = _mm_or_si128(
            _mm_andnot_si128(space, x),
            _mm_and_si128(space, _mm_set1_epi8(b'+' as i8)),
        );
        (x, m & !(_mm_movemask_epi8(space) as u32))
    } else {
        (x, m)
    };
    // Each group of 4 input bytes writes at most 12 bytes with a 16-byte store: a group
    // starts at most 12 bytes before the chunk's output ends (the last group writes 4 or
    // more), so every store ends by the output + 12 (`expand_room`; fewer changes in
    // `PLUS` mode only shorten it).
    let nib = _mm_set1_epi8(0x0F);
    let high = _mm_shuffle_epi8(digits, _mm_and_si128(_mm_srli_epi16::<4>(x), nib));
    let low = _mm_shuffle_epi8(digits, _mm_and_si128(x, nib));
    let pct = _mm_set1_epi8(b'%' as i8);
    // [bytes 4g..4g+4, their high digits, their low digits, '%' x 4] for each group g.
    let (t0, t1) = (_mm_unpacklo_epi32(x, high), _mm_unpacklo_epi32(low, pct));
    let (t2, t3) = (_mm_unpackhi_epi32(x, high), _mm_unpackhi_epi32(low, pct));
    let groups = [
        _mm_unpacklo_epi64(t0, t1),
        _mm_unpackhi_epi64(t0, t1),
        _mm_unpacklo_epi64(t2, t3),
        _mm_unpackhi_epi64(t2, t3),
    ];
    let mut w = 0;
    for (g, src) in groups.into_iter().enumerate() {
        let mg = ((m >> (4 * g)) & 15) as usize;
        // SAFETY: EXPAND rows are 16 bytes; the store ends by the output + 12, for which
        // the caller gives room.
        unsafe {
            let ctl = _mm_loadu_si128(EXPAND[mg].as_ptr().cast());
            _mm_storeu_si128(dst.add(w).cast(), _mm_shuffle_epi8(src, ctl));
        }
        w += 4 + 2 * mg.count_ones() as usize;
    }
    w
}

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
/// Per byte of `x`: (its hex value or 0, 0xFF where it is a hex digit). SSE2 only.
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

/// [`decode_append`](super::decode_append) 16 input bytes per step while 18 are left (the
/// look-ahead of an escape that starts at the 16th), then one step on the chunk that ends 2
/// bytes before the end.
///
/// Chunks start every 16 bytes: the digits of an escape that straddles two chunks are
/// dropped from the second by a mask (`skip`), so the next loads never wait for this
/// chunk's escapes to be decoded (long runs of escapes, as in UTF-8 text, are bound by that
/// wait otherwise).
#[target_feature(enable = "ssse3,popcnt")]
pub(super) unsafe fn decode_chunks_ssse3<const PLUS: bool, const STRICT: bool>(
    input: &[u8],
    mut i: usize,
    out: &mut Vec<u8>,
) -> Result<(usize, bool), usize> {
    let n = input.len();
    if i + 18 > n {
        return Ok((i, false));
    }
    // The output of input[i..] is at most n - i bytes; each step stores 16.
    out.reserve(n - i + 16);
    let spare = out.spare_capacity_mut();
    let cap = spare.len();
    let dst = spare.as_mut_ptr().cast::<u8>();
    let mut w = 0;
    let mut skip = 0;
    let mut high = 0;
    while i + 18 <= n {
        (skip, w) = decode_step::<PLUS, STRICT>(input, i, 0xFFFF & !skip, dst, cap, w, &mut high)?;
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
        (skip, w) = decode_step::<PLUS, STRICT>(input, p, live, dst, cap, w, &mut high)?;
        i = p + 16 + skip.count_ones() as usize;
    }
    let len = out.len() + w;
    // SAFETY: the steps wrote every byte of the first `w` of the spare capacity (each step
    // stores at `w` at least as many bytes as it counts), and `w <= cap`.
    unsafe { out.set_len(len) };
    Ok((i, high != 0))
}

/// Decodes the 16 bytes at `src[i..]` (with 2 bytes of look-ahead) to `dst + w`, only the
/// positions in `live` (a live `%` or `+` is never a digit of an earlier escape), and
/// returns the digits of an escape at byte 14 or 15 that lie in the next chunk (as a mask
/// of its first two bytes) and the next `w`; the positions of the escapes it decoded to a
/// byte >= 0x80 are or-ed into `high`. `dst` is valid for `cap` bytes of writes; panics
/// unless `i + 18 <= src.len()` and `w + 16 <= cap`.
#[target_feature(enable = "ssse3,popcnt")]
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
    *high |= _mm_movemask_epi8(_mm_and_si128(valid, byte)) as u32 & vm;
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
