//! The x86_64 kernels and their dispatch. Each routine is written once, generic over the
//! register width ([`vector::Vector`]: 128, 256 and 512 bits): [`decode`] (the decoder's
//! compaction), [`search`] (the decoders' `%` search and the encoders' set search),
//! [`classify`] (the key writer's pass), [`utf8`] (the UTF-8 check of short decoded text),
//! [`fused`] (the encoders' whole owned encoding at AVX2), with [`byte_set`] the set test
//! they share. [`avx512`] is the AVX-512 level's own fused encoder (why it is not [`fused`]
//! at 512 bits: the rationale there), [`ssse3`] the SSSE3 level's chunked encoder (16 bytes
//! per shuffle into a sized buffer), whose expansion both fused encoders run on their lanes
//! dense in escapes. Each entry point runs the best kernel that both the caller's
//! [`KernelLevel`] and the running CPU allow, and declines (`None`, `false`, or the position
//! it was given) where none does, so that the scalar code of `codec::kernel` runs.

use std::sync::atomic::{AtomicU8, Ordering};

use crate::codec::kernel_types::{KernelLevel, KeyClasses, Marks, NibbleSet, NonAscii};
use crate::uri::chars::Hex;

mod avx512;
mod byte_set;
mod classify;
mod decode;
mod fused;
mod search;
mod ssse3;
mod utf8;
mod vector;

use vector::{Avx2, Avx512, Sse2, Ssse3};

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
pub(super) fn allowed(level: KernelLevel, need: KernelLevel) -> bool {
    level >= need && detect() >= need
}

/// Whether `set` is exact in the nibble tables (its non-ASCII bytes all in it or none).
#[inline]
fn exact(set: &NibbleSet) -> bool {
    set.non_ascii != NonAscii::Mixed
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
    if from > input.len() || !exact(set) {
        return None;
    }
    if let Some(isa) = Avx512::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX-512 level's features, the kernel's.
        return Some(unsafe { search::first_in_set_avx512(isa, set, input, from) });
    }
    match Avx2::detected(level) {
        Some(isa) if input.len() - from >= 32 => {
            // SAFETY: `isa` proves the CPU has the AVX2 level's features, the kernel's.
            return Some(unsafe { search::first_in_set_avx2(isa, set, input, from) });
        }
        _ => {}
    }
    match Ssse3::detected(level) {
        Some(isa) if input.len() - from >= 16 => {
            // SAFETY: `isa` proves the CPU has SSSE3 and POPCNT, the kernel's features.
            Some(unsafe { search::first_in_set_ssse3(isa, set, input, from) })
        }
        _ => None,
    }
}

/// The index of the first `%` (or, when `PLUS`, `+`) in `input`, or `None` when no kernel
/// runs here.
#[inline(always)]
pub(crate) fn find_special<const PLUS: bool>(
    level: KernelLevel,
    input: &[u8],
) -> Option<Option<usize>> {
    if let Some(isa) = Avx512::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX-512 level's features, the kernel's.
        return Some(unsafe { search::find_special_avx512::<PLUS>(isa, input) });
    }
    if let Some(isa) = Avx2::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX2 level's features, the kernel's.
        return Some(unsafe { search::find_special_avx2::<PLUS>(isa, input) });
    }
    Sse2::detected(level).map(|isa| search::find_special_sse2::<PLUS>(isa, input))
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
    match Ssse3::detected(level) {
        Some(isa) if exact(set) => {
            // SAFETY: `isa` proves the CPU has SSSE3 and POPCNT, the kernel's features.
            unsafe { ssse3::encode_chunks_ssse3::<PLUS>(isa, set, hex, input, i, buf, w) }
        }
        _ => (i, w),
    }
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
    if !exact(set) {
        return false;
    }
    if let Some(isa) = Avx512::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX-512 level's features, the kernel's.
        unsafe { avx512::encode_owned_avx512::<PLUS>(isa, set, hex, input, first, out) };
        return true;
    }
    if let Some(isa) = Avx2::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX2 level's features, the kernel's.
        unsafe { fused::encode_owned_avx2::<PLUS>(isa, set, hex, input, first, out) };
        return true;
    }
    false
}

/// Marks the bytes of `input` in `classes` into `out` (one [`Marks`] per 64-byte block) with
/// the best kernel allowed, and returns `true`; `false` where none runs (the scalar
/// reference does it).
#[inline]
pub(crate) fn mark_key_bytes(
    level: KernelLevel,
    classes: &KeyClasses,
    input: &[u8],
    out: &mut [Marks],
) -> bool {
    if let Some(isa) = Avx512::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX-512 level's features, the kernel's.
        unsafe { classify::mark_avx512(isa, classes, input, out) };
        return true;
    }
    if let Some(isa) = Avx2::detected(level) {
        // SAFETY: `isa` proves the CPU has AVX2 (and SSSE3), the kernel's features.
        unsafe { classify::mark_avx2(isa, classes, input, out) };
        return true;
    }
    if let Some(isa) = Ssse3::detected(level) {
        // SAFETY: `isa` proves the CPU has SSSE3, the kernel's feature.
        unsafe { classify::mark_ssse3(isa, classes, input, out) };
        return true;
    }
    false
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
    if let Some(isa) = Avx512::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX-512 level's features, the kernel's.
        return unsafe { decode::decode_avx512::<PLUS, STRICT>(isa, input, i, out) };
    }
    if let Some(isa) = Avx2::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX2 level's features, the kernel's.
        return unsafe { decode::decode_avx2::<PLUS, STRICT>(isa, input, i, out) };
    }
    if let Some(isa) = Ssse3::detected(level) {
        // SAFETY: `isa` proves the CPU has SSSE3 and POPCNT, the kernel's features.
        return unsafe { decode::decode_ssse3::<PLUS, STRICT>(isa, input, i, out) };
    }
    Ok((i, false))
}

/// Whether `bytes` (fewer than 64) are UTF-8, by the best kernel allowed, or `None` where
/// none runs (the caller takes the scalar check).
#[inline]
pub(crate) fn short_is_utf8(level: KernelLevel, bytes: &[u8]) -> Option<bool> {
    debug_assert!(bytes.len() < 64);
    if let Some(isa) = Avx512::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX-512 level's features, the kernel's.
        return Some(unsafe { utf8::is_utf8_avx512(isa, bytes) });
    }
    if let Some(isa) = Avx2::detected(level) {
        // SAFETY: `isa` proves the CPU has the AVX2 level's features, the kernel's.
        return Some(unsafe { utf8::is_utf8_avx2(isa, bytes) });
    }
    // SAFETY: `isa` proves the CPU has SSSE3 and POPCNT, the kernel's features.
    Ssse3::detected(level).map(|isa| unsafe { utf8::is_utf8_ssse3(isa, bytes) })
}
