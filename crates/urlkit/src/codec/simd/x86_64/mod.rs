//! The x86_64 kernels, one file per instruction-set level ([`sse2`], [`ssse3`], [`avx2`],
//! [`avx512`]), and their dispatch: each entry point runs the best kernel that both the
//! caller's [`KernelLevel`] and the running CPU allow, and declines (`None`, `false`, or the
//! position it was given) where none does, so that the scalar code of `codec::kernel` runs.

use core::arch::x86_64::*;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::codec::kernel::{KernelLevel, NibbleSet, NonAscii};
use crate::uri::chars::Hex;

mod avx2;
mod avx512;
mod sse2;
mod ssse3;

/// The detected level, cached: 0 = not detected yet, else `KernelLevel as u8 + 1`.
///
/// # Rationale
///
/// A cache of a fact about the CPU, not program state: every thread that detects writes the
/// same value, so a relaxed atomic is enough and no caller can observe a difference.
static LEVEL: AtomicU8 = AtomicU8::new(0);

/// The best level the running CPU supports (detected once, then cached).
#[inline]
pub(crate) fn detect() -> KernelLevel {
    match LEVEL.load(Ordering::Relaxed) {
        1 => KernelLevel::Scalar,
        2 => KernelLevel::Sse2,
        3 => KernelLevel::Ssse3,
        4 => KernelLevel::Avx2,
        5 => KernelLevel::Avx512,
        _ => {
            let l = detect_uncached();
            LEVEL.store(l as u8 + 1, Ordering::Relaxed);
            l
        }
    }
}

fn detect_uncached() -> KernelLevel {
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
        (true, _, _) => KernelLevel::Avx512,
        (_, true, _) => KernelLevel::Avx2,
        (_, _, true) => KernelLevel::Ssse3,
        _ => KernelLevel::Sse2,
    }
}

/// Whether the kernels of level `need` may run: the caller's `level` asks for them and the
/// running CPU has them.
#[inline]
fn allowed(level: KernelLevel, need: KernelLevel) -> bool {
    level >= need && detect() >= need
}

/// Whether the byte-set kernels of level `need` may run for `set`: [`allowed`], and the set
/// is exact in the nibble tables.
#[inline]
fn set_allowed(set: &NibbleSet, level: KernelLevel, need: KernelLevel) -> bool {
    set.non_ascii != NonAscii::Mixed && allowed(level, need)
}

/// The index of the first byte of `input[from..]` in `set` (absolute), or `None` when no
/// kernel runs here.
#[inline]
pub(crate) fn first_in_set(
    level: KernelLevel,
    set: &NibbleSet,
    input: &[u8],
    from: usize,
) -> Option<Option<usize>> {
    if from > input.len() {
        return None;
    }
    if set_allowed(set, level, KernelLevel::Avx512) {
        // SAFETY: the running CPU has the AVX-512 level's features (`set_allowed`).
        return Some(unsafe { avx512::first_in_set_avx512(set, input, from) });
    }
    if set_allowed(set, level, KernelLevel::Ssse3) && input.len() - from >= 16 {
        // SAFETY: the running CPU has SSSE3 and POPCNT (`set_allowed`).
        return Some(unsafe { ssse3::first_in_set_ssse3(set, input, from) });
    }
    None
}

/// The index of the first `%` (or, when `PLUS`, `+`) in `input`, or `None` when no kernel
/// runs here.
#[inline]
pub(crate) fn find_special<const PLUS: bool>(
    level: KernelLevel,
    input: &[u8],
) -> Option<Option<usize>> {
    if allowed(level, KernelLevel::Avx512) {
        // SAFETY: the running CPU has the AVX-512 level's features.
        return Some(unsafe { avx512::find_special_avx512::<PLUS>(input) });
    }
    if allowed(level, KernelLevel::Avx2) {
        // SAFETY: the running CPU has the AVX2 level's features.
        return Some(unsafe { avx2::find_special_avx2::<PLUS>(input) });
    }
    if level >= KernelLevel::Sse2 {
        // SSE2 is part of the x86_64 baseline: no detection needed.
        return Some(sse2::find_special_sse2::<PLUS>(input));
    }
    None
}

/// Encodes `input[i..]` into `buf[w..]` 16 input bytes per step, and returns where it stopped
/// `(i, w)`: the end when a kernel ran, `(i, w)` unchanged otherwise (the scalar loop
/// finishes). `PLUS` writes a space (which `set` contains) as `+`.
///
/// `buf` must hold the output of `input[i..]` at `w` plus 16 bytes.
#[inline]
pub(crate) fn encode_chunks<const PLUS: bool>(
    level: KernelLevel,
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    i: usize,
    buf: &mut [u8],
    w: usize,
) -> (usize, usize) {
    if set_allowed(set, level, KernelLevel::Ssse3) {
        // SAFETY: the running CPU has SSSE3 and POPCNT (`set_allowed`).
        return unsafe { ssse3::encode_chunks_ssse3::<PLUS>(set, hex, input, i, buf, w) };
    }
    (i, w)
}

/// Appends the whole encoding of `input` (its byte `first` the first to change) to `out`
/// by a fused kernel that sizes its buffer exactly and writes it once, and returns `true`;
/// `false` at a level that has none (the caller takes the chunked path).
#[inline]
pub(crate) fn encode_owned<const PLUS: bool>(
    level: KernelLevel,
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    first: usize,
    out: &mut Vec<u8>,
) -> bool {
    if set_allowed(set, level, KernelLevel::Avx512) {
        // SAFETY: the running CPU has the AVX-512 level's features (`set_allowed`).
        unsafe { avx512::encode_owned_avx512::<PLUS>(set, hex, input, first, out) };
        return true;
    }
    false
}

/// Copies the run of escapes of non-ASCII bytes at `input[from..]` to the start of `out`
/// with uppercase hex, and returns its length in bytes (0 where no kernel runs).
#[inline]
pub(crate) fn copy_escape_run(
    level: KernelLevel,
    input: &[u8],
    from: usize,
    out: &mut [u8],
) -> usize {
    if allowed(level, KernelLevel::Avx512) {
        // SAFETY: the running CPU has the AVX-512 level's features.
        return unsafe { avx512::copy_escape_run_avx512(input, from, out) };
    }
    0
}

/// Appends the decoding of `input[i..]` to `out` with the best kernel allowed, and returns
/// where it stopped (`i` itself when none runs; the scalar loop finishes) and whether an
/// escape decoded to a byte >= 0x80, or `Err(offset)` of a malformed escape when `STRICT`.
#[inline]
pub(crate) fn decode_append<const PLUS: bool, const STRICT: bool>(
    level: KernelLevel,
    input: &[u8],
    i: usize,
    out: &mut Vec<u8>,
) -> Result<(usize, bool), usize> {
    if allowed(level, KernelLevel::Avx512) {
        // SAFETY: the running CPU has the AVX-512 level's features.
        return unsafe { avx512::decode_avx512::<PLUS, STRICT>(input, i, out) };
    }
    if allowed(level, KernelLevel::Avx2) {
        // SAFETY: the running CPU has the AVX2 level's features.
        return unsafe { avx2::decode_avx2::<PLUS, STRICT>(input, i, out) };
    }
    if allowed(level, KernelLevel::Ssse3) {
        // SAFETY: the running CPU has SSSE3 and POPCNT.
        return unsafe { ssse3::decode_chunks_ssse3::<PLUS, STRICT>(input, i, out) };
    }
    Ok((i, false))
}

/// The 16-bit mask of the bytes of `x` in `set`.
#[target_feature(enable = "ssse3,popcnt")]
#[inline]
pub(super) unsafe fn set_mask(x: __m128i, lo: __m128i, hi: __m128i, all_non_ascii: bool) -> u32 {
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
#[target_feature(enable = "ssse3,popcnt")]
#[inline]
pub(super) unsafe fn tables(set: &NibbleSet) -> (__m128i, __m128i) {
    // SAFETY: both arrays are 16 bytes; unaligned loads.
    unsafe {
        (
            _mm_loadu_si128(set.lo.as_ptr().cast()),
            _mm_loadu_si128(set.hi.as_ptr().cast()),
        )
    }
}

/// 16 bytes of `input` from `i` as a register; `i + 16 <= input.len()` is checked.
#[inline(always)]
pub(super) fn load16(input: &[u8], i: usize) -> __m128i {
    assert!(i + 16 <= input.len());
    // SAFETY: the assertion keeps the 16 bytes in `input`; SSE2 is baseline on x86_64.
    unsafe { _mm_loadu_si128(input.as_ptr().add(i).cast()) }
}

/// The positions `0..k` of a 16-byte chunk as a mask.
#[inline(always)]
pub(super) fn live_mask(k: usize) -> u32 {
    if k >= 16 {
        0xFFFF
    } else {
        (1u32 << k) - 1
    }
}
