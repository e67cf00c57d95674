//! Vectorized (SIMD) kernels for the codec's hot loops, with the scalar code of `encode.rs`
//! and `decode.rs` as the fallback and the reference: searches (`scan`), the encoder's
//! expansion (`encode`) and the decoder's compaction (`decode`), at the best [`Level`] the
//! running CPU has.
//!
//! *Rationale*: this is the only module of the crate that may use `unsafe`. Safe Rust has no
//! portable way to compare 16 bytes at once or to shuffle bytes within a register, and the
//! scalar code had reached its limit (one table load per byte for the encoder, one branch per
//! escape for the decoder, and `%`-dense text is an unpredictable mix of both). Every
//! `unsafe` block here is one of these kinds, each with a `// SAFETY:` comment:
//!
//! - calling a function compiled for a [`Level`]'s features (`#[target_feature(enable =
//!   "ssse3,popcnt")]`, the AVX2 and AVX-512 sets alike), only after [`level`] found them all
//!   on the running CPU (SSE2 is part of the x86_64 baseline, so the SSE2 code needs no
//!   check);
//! - an unaligned 16-byte load (`_mm_loadu_si128`) from a slice position that an assertion
//!   (`load16`) keeps at least 16 bytes from its end, or from a 16-byte table; the 32- and
//!   64-byte loads of the AVX2 and AVX-512 searches and the AVX2 decoder alike, kept in the
//!   slice by an assertion or by their loop's condition;
//! - a store (8, 16 or 32 bytes) at a slice position that an assertion keeps far enough
//!   from its end;
//! - an AVX-512 masked load or store (`_mm512_maskz_loadu_epi8`, `_mm512_mask_storeu_epi8`),
//!   which touches only the bytes of its mask: those a slice holds, or that an assertion
//!   keeps within a `Vec`'s spare capacity;
//! - writes into a `Vec`'s spare capacity (the decoder's, and the encoder's
//!   `encode_owned_avx512`: a raw pointer past the length, every store's end asserted
//!   within the capacity), then `Vec::set_len` over exactly the bytes written, so the buffer
//!   is never zero-filled first;
//! - `String::from_utf8_unchecked` on an encoder's output, when its set makes the output
//!   UTF-8 by construction (`encoded_into_string`, checked in debug builds), or on bytes
//!   that `simdutf8` has just validated (`validated_string`: one vector pass, where
//!   `String::from_utf8` would validate again with the scalar loop).
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

mod decode;
mod decode_avx2;
mod decode_avx512;
mod decode_scan;
mod encode;
#[cfg(target_arch = "x86_64")]
mod encode_avx512;
mod scan;

pub(crate) use decode::decode_append;
pub(crate) use encode::{copy_escape_run, encode_chunks, encode_owned};
pub(crate) use scan::{find_special, first_in_set};

/// The instruction set a kernel may use; each level includes the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    /// The portable scalar code (the reference; every architecture).
    Scalar,
    /// SSE2, the x86_64 baseline: byte searches.
    Sse2,
    /// SSSE3 (`pshufb`) and POPCNT: byte-set tests and the decoder's compaction too.
    Ssse3,
    /// AVX2, BMI1, BMI2, LZCNT and POPCNT (x86-64-v3): 32 bytes per step.
    Avx2,
    /// AVX-512 F, BW, VL and VBMI2 besides AVX2 (x86-64-v4 and byte compress/expand):
    /// 64 bytes per step, and masked loads for short inputs.
    Avx512,
}

impl Level {
    /// Every level up to `self`, lowest first: what the property tests compare.
    #[cfg(test)]
    pub(crate) fn up_to(self) -> impl Iterator<Item = Level> {
        [
            Level::Scalar,
            Level::Sse2,
            Level::Ssse3,
            Level::Avx2,
            Level::Avx512,
        ]
        .into_iter()
        .filter(move |l| *l <= self)
    }
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
        4 => Level::Avx2,
        5 => Level::Avx512,
        _ => {
            let l = detect();
            LEVEL.store(l as u8 + 1, Ordering::Relaxed);
            l
        }
    }
}

/// Whether the running CPU was found to have `need`: one load and one comparison (the
/// callers got their level from [`level`], which has run the detection).
#[inline]
fn detected_at_least(need: Level) -> bool {
    LEVEL.load(Ordering::Relaxed) > need as u8
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Level {
    let ssse3 = is_x86_feature_detected!("ssse3") && is_x86_feature_detected!("popcnt");
    let avx2 = ssse3
        && is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("lzcnt");
    let avx512 = avx2
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512vbmi2");
    match (avx512, avx2, ssse3) {
        (true, _, _) => Level::Avx512,
        (_, true, _) => Level::Avx2,
        (_, _, true) => Level::Ssse3,
        _ => Level::Sse2,
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
        self.vector_ok_at(level, Level::Ssse3)
    }

    /// Whether the kernels of level `need` may run for this set at `level`: `level` asks
    /// for them, the running CPU has them, and the set is exact in the nibble tables.
    #[inline]
    fn vector_ok_at(&self, level: Level, need: Level) -> bool {
        level >= need && self.non_ascii != NonAscii::Mixed && detected_at_least(need)
    }
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
#[inline]
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

/// 16 bytes of `input` from `i` as a register; `i + 16 <= input.len()` is checked.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn load16(input: &[u8], i: usize) -> __m128i {
    assert!(i + 16 <= input.len());
    // SAFETY: the assertion keeps the 16 bytes in `input`; SSE2 is baseline on x86_64.
    unsafe { _mm_loadu_si128(input.as_ptr().add(i).cast()) }
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

/// `bytes` as a `String` if they are UTF-8 (validated with `simdutf8`'s vector code), else
/// the bytes back.
pub(crate) fn validated_string(bytes: Vec<u8>) -> Result<String, Vec<u8>> {
    if simdutf8::basic::from_utf8(&bytes).is_ok() {
        // SAFETY: validated as UTF-8 just above.
        Ok(unsafe { String::from_utf8_unchecked(bytes) })
    } else {
        Err(bytes)
    }
}
