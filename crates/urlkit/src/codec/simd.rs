//! Vectorized (SIMD) kernels for the codec's hot loops, 16 bytes per step, with the scalar
//! code of `encode.rs` and `decode.rs` as the fallback and the reference.
//!
//! *Rationale*: this is the only module of the crate that may use `unsafe`. Safe Rust has no
//! portable way to compare 16 bytes at once or to shuffle bytes within a register, and the
//! scalar code had reached its limit (one table load per byte for the encoder, one branch per
//! escape for the decoder, and `%`-dense text is an unpredictable mix of both). Every
//! `unsafe` block here is one of these kinds, each with a `// SAFETY:` comment:
//!
//! - calling a function compiled for SSSE3 and POPCNT
//!   (`#[target_feature(enable = "ssse3,popcnt")]`), only after [`level`] found both on the
//!   running CPU (SSE2 is part of the x86_64 baseline, so the SSE2 code needs no check);
//! - an unaligned 16-byte load (`_mm_loadu_si128`) from a slice position that an assertion
//!   (`load16`) keeps at least 16 bytes from its end, or from a 16-byte table;
//! - a store (8 or 16 bytes) at a slice position that an assertion keeps far enough from its
//!   end;
//! - `String::from_utf8_unchecked` on an encoder's output, when its set makes the output
//!   UTF-8 by construction (`encoded_into_string`, checked in debug builds).
//!
//! Every kernel gives byte-identical results to the scalar path; the properties in
//! `simd_tests.rs` compare them on random input for every named set and for random sets.
//!
//! Techniques: the "nibble lookup" set test (two `pshufb` lookups, as in Langdale and
//! Lemire's simdjson and Muła's SIMD byte-set papers), `pcmpeqb` + `pmovmskb` searches (as
//! in the `memchr` crate), and a 256-entry shuffle table to drop the two digit bytes of each
//! escape (stream compaction).
#![allow(unsafe_code)]
// Elsewhere only the scalar paths run: the tables and levels of the x86_64 kernels are unused.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use std::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// The instruction set a kernel may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    /// The portable scalar code (the reference; every architecture).
    Scalar,
    /// SSE2, the x86_64 baseline: byte searches.
    Sse2,
    /// SSSE3 (`pshufb`) and POPCNT: byte-set tests and the decoder's compaction too.
    Ssse3,
}

/// The detected level, cached: 0 = not detected yet, else `Level as u8 + 1`.
static LEVEL: AtomicU8 = AtomicU8::new(0);

/// The best level the running CPU supports (detected once, then cached).
#[inline]
pub(crate) fn level() -> Level {
    match LEVEL.load(Ordering::Relaxed) {
        1 => Level::Scalar,
        2 => Level::Sse2,
        3 => Level::Ssse3,
        _ => {
            let l = detect();
            LEVEL.store(l as u8 + 1, Ordering::Relaxed);
            l
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Level {
    if is_x86_feature_detected!("ssse3") && is_x86_feature_detected!("popcnt") {
        Level::Ssse3
    } else {
        Level::Sse2
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Level {
    Level::Scalar
}

/// What a byte set does with the 128 non-ASCII bytes, which the nibble tables do not cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NonAscii {
    /// All are in the set: the sign bit (`pmovmskb`) flags them.
    All,
    /// None is in the set.
    None,
    /// Some are: the vector test is not exact, the scalar table is used.
    Mixed,
}

/// A byte set as two 16-byte tables for the nibble lookup: an ASCII byte `b` is in the set iff
/// `lo[b & 15] & hi[b >> 4] != 0` (row `r` of the 8 ASCII high nibbles is bit `r`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NibbleSet {
    lo: [u8; 16],
    hi: [u8; 16],
    non_ascii: NonAscii,
}

impl NibbleSet {
    /// The tables for the bytes `b` with `table[b] != 0`.
    pub(crate) const fn new(table: &[u8; 256]) -> NibbleSet {
        let mut lo = [0u8; 16];
        let mut hi = [0u8; 16];
        let mut r = 0;
        while r < 8 {
            hi[r] = 1 << r;
            let mut l = 0;
            while l < 16 {
                if table[r * 16 + l] != 0 {
                    lo[l] |= 1 << r;
                }
                l += 1;
            }
            r += 1;
        }
        let mut count = 0;
        let mut b = 128;
        while b < 256 {
            if table[b] != 0 {
                count += 1;
            }
            b += 1;
        }
        let non_ascii = match count {
            0 => NonAscii::None,
            128 => NonAscii::All,
            _ => NonAscii::Mixed,
        };
        NibbleSet { lo, hi, non_ascii }
    }

    /// Whether the vector kernels are exact for this set at `level`.
    #[inline]
    fn vector_ok(&self, level: Level) -> bool {
        level == Level::Ssse3 && self.non_ascii != NonAscii::Mixed && self::level() == Level::Ssse3
    }
}

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
    if set.vector_ok(level) && from <= input.len() && input.len() - from >= 16 {
        // SAFETY: `vector_ok` holds only when `level()`, the detected level, is SSSE3.
        return unsafe { first_in_set_ssse3(set, input, from) };
    }
    let _ = (level, set);
    let rest = input.get(from..)?;
    rest.iter()
        .position(|&b| table[b as usize] != 0)
        .map(|p| p + from)
}

/// The 16-bit mask of the bytes of `x` in `set`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,popcnt")]
#[inline]
unsafe fn set_mask(x: __m128i, lo: __m128i, hi: __m128i, all_non_ascii: bool) -> u32 {
    let nib = _mm_set1_epi8(0x0F);
    let l = _mm_and_si128(x, nib);
    let h = _mm_and_si128(_mm_srli_epi16::<4>(x), nib);
    // Non-ASCII bytes have their high nibble in 8..16, whose rows are 0: never a hit here.
    let hit = _mm_and_si128(_mm_shuffle_epi8(lo, l), _mm_shuffle_epi8(hi, h));
    let m = !(_mm_movemask_epi8(_mm_cmpeq_epi8(hit, _mm_setzero_si128())) as u32) & 0xFFFF;
    if all_non_ascii {
        m | _mm_movemask_epi8(x) as u32
    } else {
        m
    }
}

/// The two nibble tables as registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,popcnt")]
#[inline]
unsafe fn tables(set: &NibbleSet) -> (__m128i, __m128i) {
    // SAFETY: both arrays are 16 bytes; unaligned loads.
    unsafe {
        (
            _mm_loadu_si128(set.lo.as_ptr().cast()),
            _mm_loadu_si128(set.hi.as_ptr().cast()),
        )
    }
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
fn special_mask<const PLUS: bool>(x: __m128i) -> u32 {
    // SAFETY: SSE2 is part of the x86_64 baseline; these are register operations.
    unsafe {
        let mut m = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'%' as i8));
        if PLUS {
            m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8(b'+' as i8)));
        }
        _mm_movemask_epi8(m) as u32
    }
}

/// 16 bytes of `input` from `i` as a register; `i + 16 <= input.len()` is checked.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn load16(input: &[u8], i: usize) -> __m128i {
    assert!(i + 16 <= input.len());
    // SAFETY: the assertion keeps the 16 bytes in `input`; SSE2 is baseline on x86_64.
    unsafe { _mm_loadu_si128(input.as_ptr().add(i).cast()) }
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

/// Where an encoder's input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Input {
    /// A `&str`: valid UTF-8.
    Text,
    /// Arbitrary bytes.
    Bytes,
}

/// An encoder's output (for the set whose changed bytes `set` holds) as a `String`, without
/// validating it again when the set guarantees it is UTF-8:
///
/// - every non-ASCII byte encoded ([`NonAscii::All`]): the output is ASCII (kept ASCII bytes
///   and `%XX` / `+`);
/// - none encoded ([`NonAscii::None`]) and `Text` input: only ASCII bytes are replaced, by
///   ASCII, and an ASCII byte is never part of a multi-byte sequence, so the input's UTF-8
///   sequences are kept whole.
///
/// Otherwise (some non-ASCII bytes encoded, which may split a sequence) it is checked, and
/// invalid sequences become U+FFFD.
pub(crate) fn encoded_into_string(bytes: Vec<u8>, set: &NibbleSet, input: Input) -> String {
    let valid_by_construction = match set.non_ascii {
        NonAscii::All => true,
        NonAscii::None => input == Input::Text,
        NonAscii::Mixed => false,
    };
    if valid_by_construction {
        debug_assert!(std::str::from_utf8(&bytes).is_ok());
        // SAFETY: UTF-8 by construction, as the cases above explain (checked in debug
        // builds, where the property tests run).
        unsafe { String::from_utf8_unchecked(bytes) }
    } else {
        match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }
    }
}

/// For each 8-bit keep mask: the indices of its set bits, then 0x80 (`pshufb` writes 0).
static COMPACT: [[u8; 8]; 256] = {
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

/// Decodes `input[i..]` into `buf[w..]` 16 input bytes per step while 18 bytes are left (the
/// look-ahead of an escape that starts at the 16th), and returns where it stopped `(i, w)`
/// for the scalar loop to finish; `Err(offset)` of a malformed escape when `STRICT`.
///
/// `buf` must hold the output of `input[i..]` at `w` (the caller sizes it to the input).
#[inline]
pub(crate) fn decode_chunks<const PLUS: bool, const STRICT: bool>(
    level: Level,
    input: &[u8],
    i: usize,
    buf: &mut [u8],
    w: usize,
) -> Result<(usize, usize), usize> {
    #[cfg(target_arch = "x86_64")]
    if level == Level::Ssse3 && self::level() == Level::Ssse3 {
        // SAFETY: `level()`, the detected level, is SSSE3.
        return unsafe { decode_chunks_ssse3::<PLUS, STRICT>(input, i, buf, w) };
    }
    let _ = (level, input, buf);
    Ok((i, w))
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

/// The positions `0..k` of a 16-byte chunk as a mask.
#[inline(always)]
fn live_mask(k: usize) -> u32 {
    if k >= 16 {
        0xFFFF
    } else {
        (1u32 << k) - 1
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,popcnt")]
unsafe fn decode_chunks_ssse3<const PLUS: bool, const STRICT: bool>(
    input: &[u8],
    mut i: usize,
    buf: &mut [u8],
    mut w: usize,
) -> Result<(usize, usize), usize> {
    let n = input.len();
    while i + 18 <= n && w + 16 <= buf.len() {
        (i, w) = decode_step::<PLUS, STRICT, true>(input, i, 0xFFFF, buf, w)?;
    }
    if i + 2 < n && n >= 18 && w + 16 <= buf.len() {
        // The last bytes: the chunk that ends 2 bytes before the end (its look-ahead ends
        // at the end), with the bytes before `i` (already decoded) masked off. Loading
        // what is already in `input` avoids copying into a padded block, whose partial
        // stores the 16-byte load could not forward from. The scalar loop takes what is
        // left: at most the last 3 bytes.
        let p = n - 18;
        let live = 0xFFFF & !((1u32 << (i - p)) - 1);
        (i, w) = decode_step::<PLUS, STRICT, false>(input, p, live, buf, w)?;
    }
    Ok((i, w))
}

/// Decodes the 16 bytes at `src[i..]` (with 2 bytes of look-ahead) into `dst[w..]`, only
/// the positions in `live`, and returns the next `(i, w)` (15, 16 or 17 bytes on). `CLEAN_COPY` (only with every
/// position live) copies a chunk without `%` or `+` whole. Panics unless
/// `i + 18 <= src.len()` and `w + 16 <= dst.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,popcnt")]
#[inline]
unsafe fn decode_step<const PLUS: bool, const STRICT: bool, const CLEAN_COPY: bool>(
    src: &[u8],
    i: usize,
    live: u32,
    dst: &mut [u8],
    w: usize,
) -> Result<(usize, usize), usize> {
    assert!(i + 18 <= src.len() && w + 16 <= dst.len());
    let x0 = load16(src, i);
    let is_pct = _mm_cmpeq_epi8(x0, _mm_set1_epi8(b'%' as i8));
    let is_plus = if PLUS {
        _mm_cmpeq_epi8(x0, _mm_set1_epi8(b'+' as i8))
    } else {
        _mm_setzero_si128()
    };
    if CLEAN_COPY && _mm_movemask_epi8(_mm_or_si128(is_pct, is_plus)) == 0 {
        dst[w..w + 16].copy_from_slice(&src[i..i + 16]);
        return Ok((i + 16, w + 16));
    }
    // An escape at byte k takes its digits from bytes k + 1 and k + 2: the vector loaded
    // one byte further on, and the same moved down one more byte. Its top byte is then 0,
    // not a digit, so a '%' at byte 15 is left undecided: it is not written, and the next
    // step starts at it.
    let (v1, h1) = hex_values(load16(src, i + 1));
    let (v2, h2) = (_mm_srli_si128::<1>(v1), _mm_srli_si128::<1>(h1));
    let pm = _mm_movemask_epi8(is_pct) as u32 & live;
    let undecided = pm & 0x8000;
    // A hex digit is never '%', so escapes cannot overlap: each '%' is judged alone.
    let valid = _mm_and_si128(is_pct, _mm_and_si128(h1, h2));
    let vm = _mm_movemask_epi8(valid) as u32 & live;
    if STRICT {
        let bad = pm & !vm & !undecided;
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
    // Drop the digit bytes (the second digit of an escape at byte 14 lies past the chunk)
    // and an undecided '%' (then no escape is at 14: its digit would be that '%').
    let digits = (vm << 1) | (vm << 2);
    let keep = !digits & live & !undecided;
    let past = (digits >> 16) as usize;
    let next = i + 16 + past - (undecided >> 15) as usize;
    let (lo, hi) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
    let mut w = w;
    // SAFETY: the shuffle tables are 8 bytes; the stores are 8 bytes at w and at most
    // w + 8, and the assertion above keeps w + 16 <= dst.len().
    unsafe {
        let s = _mm_loadl_epi64(COMPACT[lo].as_ptr().cast());
        _mm_storel_epi64(dst.as_mut_ptr().add(w).cast(), _mm_shuffle_epi8(out, s));
        w += lo.count_ones() as usize;
        let s = _mm_add_epi8(
            _mm_loadl_epi64(COMPACT[hi].as_ptr().cast()),
            _mm_set1_epi8(8),
        );
        _mm_storel_epi64(dst.as_mut_ptr().add(w).cast(), _mm_shuffle_epi8(out, s));
        w += hi.count_ones() as usize;
    }
    Ok((next, w))
}

/// The 16 hex digits an encoder writes, in one case.
pub(crate) struct Hex {
    digits: [u8; 16],
}

/// Upper-case hex digits.
pub(crate) static HEX_UPPER: Hex = Hex {
    digits: *b"0123456789ABCDEF",
};
/// Lower-case hex digits.
pub(crate) static HEX_LOWER: Hex = Hex {
    digits: *b"0123456789abcdef",
};

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
        // SAFETY: `vector_ok` holds only when `level()`, the detected level, is SSSE3.
        return unsafe { encode_chunks_ssse3::<PLUS>(set, hex, input, i, buf, w) };
    }
    let _ = (level, set, hex, input, buf);
    (i, w)
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
    mut w: usize,
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
    // more), so every store ends by w + output + 12.
    let output = 16 + 2 * m.count_ones() as usize;
    assert!(w + output + 12 <= buf.len());
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
    for (g, src) in groups.into_iter().enumerate() {
        let mg = ((m >> (4 * g)) & 15) as usize;
        // SAFETY: EXPAND rows are 16 bytes; the store ends by w + output + 12, which the
        // assertion keeps within `buf`.
        unsafe {
            let ctl = _mm_loadu_si128(EXPAND[mg].as_ptr().cast());
            _mm_storeu_si128(buf.as_mut_ptr().add(w).cast(), _mm_shuffle_epi8(src, ctl));
        }
        w += 4 + 2 * mg.count_ones() as usize;
    }
    w
}
