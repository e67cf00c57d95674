//! The encoder's kernel: 16 input bytes per step, a clean chunk copied whole, a chunk with
//! bytes to escape expanded four bytes per shuffle.

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

#[cfg(target_arch = "x86_64")]
use super::{live_mask, load16, set_mask, tables, NonAscii};
use super::{Level, NibbleSet};
use crate::uri::chars::Hex;

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

/// Encodes `input[i..]` into `buf[w..]` 16 input bytes per step, and returns where it stopped
/// `(i, w)` (the end when the vector kernel ran; the scalar loop finishes otherwise). A chunk
/// with nothing to change is copied whole; otherwise it is expanded four bytes at a time with
/// one shuffle each (see [`EXPAND`]). `PLUS` writes a space (which `set` contains) as `+`.
///
/// `buf` must hold the output of `input[i..]` at `w` plus 16 bytes.
#[inline]
pub(crate) fn encode_chunks<const PLUS: bool>(
    level: Level,
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    i: usize,
    buf: &mut [u8],
    w: usize,
) -> (usize, usize) {
    #[cfg(target_arch = "x86_64")]
    if set.vector_ok(level) {
        // SAFETY: `vector_ok` holds only when `level()`, the detected level, is SSSE3 or above.
        return unsafe { encode_chunks_ssse3::<PLUS>(set, hex, input, i, buf, w) };
    }
    let _ = (level, set, hex, input, buf);
    (i, w)
}

/// Appends the whole encoding of `input` (its byte `first` the first to change) to `out`
/// by a fused kernel that sizes its buffer exactly and writes it once, and returns `true`;
/// `false` at a level that has none (the caller takes the chunked path). `PLUS` writes a
/// space (which `set` contains) as `+`.
#[inline]
pub(crate) fn encode_owned<const PLUS: bool>(
    level: Level,
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    first: usize,
    out: &mut Vec<u8>,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if set.vector_ok_at(level, Level::Avx512) {
        // SAFETY: `vector_ok_at` holds only when `level()`, the detected level, is AVX-512.
        unsafe {
            super::encode_avx512::encode_owned_avx512::<PLUS>(set, hex, input, first, out);
        }
        return true;
    }
    let _ = (level, set, hex, input, first, out);
    false
}

/// Copies the run of escapes of non-ASCII bytes (`%` and two hex digits, the first 8-F) at
/// `input[from..]` to the start of `out` with their hex uppercased, and returns its length in
/// bytes (a multiple of 3): RFC 3986's hex-case normalization of the escape runs that a
/// percent-encoded UTF-8 path is made of. The vector kernel may stop before the run's end,
/// and returns 0 where it cannot run: the caller handles what is left escape by escape.
#[inline]
pub(crate) fn copy_escape_run(level: Level, input: &[u8], from: usize, out: &mut [u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if level >= Level::Avx512 && super::level() >= Level::Avx512 {
        // SAFETY: `level()`, the detected level, is AVX-512.
        return unsafe { super::encode_avx512::copy_escape_run_avx512(input, from, out) };
    }
    let _ = (level, input, from, out);
    0
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,popcnt")]
unsafe fn encode_chunks_ssse3<const PLUS: bool>(
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
#[cfg(target_arch = "x86_64")]
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
#[cfg(target_arch = "x86_64")]
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
