//! The encoder's AVX-512 kernels: the set search 64 bytes per step, and the whole owned
//! encoding (runs between sparse escapes copied 64 bytes per step, blocks dense in escapes
//! expanded 16 bytes at a time by the SSSE3 expansion); the last block read with a byte
//! mask (no over-read, no scalar tail).
//!
//! # Rationale
//!
//! URLs are short (45 to 120 bytes in the real lists), so an encoder call is
//! mostly fixed cost: a masked load covers a whole line, or its tail, in one step, where a
//! 16-byte kernel needs a loop of two to eight steps and an overlapping last load.

use core::arch::x86_64::*;

use super::super::ssse3::{expand_room, expand_to};
use crate::codec::kernel_types::{NibbleSet, NonAscii};
use crate::uri::chars::Hex;

#[cfg(doc)]
use crate::codec::KernelLevel;

/// The features of [`KernelLevel::Avx512`], for `#[target_feature]`.
macro_rules! avx512_fn {
    ($($item:tt)*) => {
        #[target_feature(
            enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi1,bmi2,lzcnt,popcnt,ssse3"
        )]
        $($item)*
    };
}

avx512_fn! {
/// The nibble tables of `set` in every 128-bit lane.
#[inline]
unsafe fn tables512(set: &NibbleSet) -> (__m512i, __m512i) {
    // SAFETY: both arrays are 16 bytes; unaligned loads.
    unsafe {
        (
            _mm512_broadcast_i32x4(_mm_loadu_si128(set.lo.as_ptr().cast())),
            _mm512_broadcast_i32x4(_mm_loadu_si128(set.hi.as_ptr().cast())),
        )
    }
}
}

avx512_fn! {
/// The 64-bit mask of the bytes of `x` in the set whose nibble tables are `lo`, `hi`.
#[inline]
unsafe fn set_mask512(x: __m512i, lo: __m512i, hi: __m512i, all_non_ascii: bool) -> u64 {
    let nib = _mm512_set1_epi8(0x0F);
    let l = _mm512_and_si512(x, nib);
    let h = _mm512_and_si512(_mm512_srli_epi16::<4>(x), nib);
    // Non-ASCII bytes have their high nibble in 8..16, whose rows are 0: never a hit here.
    let m = _mm512_test_epi8_mask(_mm512_shuffle_epi8(lo, l), _mm512_shuffle_epi8(hi, h));
    if all_non_ascii {
        m | _mm512_movepi8_mask(x)
    } else {
        m
    }
}
}

avx512_fn! {
/// The mask of the first `r` bytes of a 64-byte block (`r <= 64`): BMI2's `bzhi`, which
/// keeps all 64 bits for `r = 64` with no branch.
#[inline]
fn first_bytes(r: usize) -> u64 {
    _bzhi_u64(u64::MAX, r as u32)
}
}

avx512_fn! {
/// The `r <= 64` bytes at `input[i..]` as a register, zero above them: a masked load, which
/// does not touch the bytes it leaves out.
#[inline]
unsafe fn load_block(input: &[u8], i: usize, r: usize) -> __m512i {
    assert!(r <= 64 && i + r <= input.len());
    // SAFETY: the mask selects bytes i..i + r, which the assertion keeps in `input`; bytes
    // outside the mask are not accessed (AVX-512 masked loads suppress their faults).
    unsafe { _mm512_maskz_loadu_epi8(first_bytes(r), input.as_ptr().add(i).cast()) }
}
}

avx512_fn! {
/// [`first_in_set`](super::super::first_in_set) at [`KernelLevel::Avx512`], for any
/// `from <= input.len()`.
pub(crate) unsafe fn first_in_set_avx512(
    set: &NibbleSet,
    input: &[u8],
    from: usize,
) -> Option<usize> {
    // SAFETY: this function has the features `tables512` needs.
    let (lo, hi) = unsafe { tables512(set) };
    let all = set.non_ascii == NonAscii::All;
    let n = input.len();
    let mut i = from;
    while n - i > 64 {
        // SAFETY: the features are this function's; 64 bytes are in `input` from `i`.
        let m = unsafe { set_mask512(load_block(input, i, 64), lo, hi, all) };
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 64;
    }
    let r = n - i;
    // Bytes past `r` load as 0, which a set may contain: masked off.
    // SAFETY: the features are this function's; `r` bytes are in `input` from `i`.
    let m = unsafe { set_mask512(load_block(input, i, r), lo, hi, all) } & first_bytes(r);
    (m != 0).then(|| i + m.trailing_zeros() as usize)
}
}

/// The most changed bytes of a 64-byte block that are written one escape at a time, with
/// the runs between them copied whole; a block with more is expanded 16 bytes per shuffle.
const SPARSE: u32 = 4;

avx512_fn! {
/// Appends the whole encoding of `input`, whose byte `first` is the first the set changes,
/// to `out`: one reservation (the worst case for a rest of up to 256 bytes, else the exact
/// size from a counting pass), written without zero-filling it first.
///
/// Escapes are sparse in most URLs (a `?`, a space, a few reserved characters): the runs
/// between them are copied 64 bytes per masked load and plain store, and each escape is one
/// 4-byte store. Blocks dense in escapes (non-ASCII text) are expanded by the SSSE3 shuffle.
pub(crate) unsafe fn encode_owned_avx512<const PLUS: bool>(
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    first: usize,
    out: &mut Vec<u8>,
) {
    let all = set.non_ascii == NonAscii::All;
    let n = input.len();
    let first = first.min(n);
    // Short rests get the worst case (3 bytes per byte), as the scalar path does: counting
    // costs more than the spare capacity. Longer ones are counted, so the buffer is exact.
    let changed = if n - first <= 256 {
        n - first
    } else {
        // SAFETY: this function has the AVX-512 features `tables512` needs.
        let (lo, hi) = unsafe { tables512(set) };
        let mut changed = 0;
        let mut i = first;
        while i < n {
            let r = (n - i).min(64);
            let m =
                // SAFETY: this function has the features; `r` bytes are in `input` from `i`.
                unsafe { set_mask512(load_block(input, i, r), lo, hi, all) } & first_bytes(r);
            changed += m.count_ones() as usize;
            i += r;
        }
        changed
    };
    // An upper bound of the output (a space written '+' takes 1 byte, not 3), and room for
    // the 64-byte stores of a run's last piece; rounded up to 64 bytes, so that successive
    // calls ask the allocator for a few sizes only, which its per-size caches serve.
    let size = (n + 2 * changed + 64).next_multiple_of(64);
    let base = out.len();
    if out.capacity() == 0 {
        // A fresh buffer: allocated directly, not grown.
        *out = Vec::with_capacity(size);
    } else {
        out.reserve_exact(size);
    }
    // The tables after the allocation: vector registers do not survive the call.
    // SAFETY: this function has the AVX-512 features `tables512` needs.
    let (lo, hi) = unsafe { tables512(set) };
    // SAFETY: `digits` is 16 bytes; unaligned load.
    let digits = unsafe { _mm_loadu_si128(hex.digits.as_ptr().cast()) };
    let cap = out.capacity() - base;
    // SAFETY: `base` is the length, within the allocation.
    let dst = unsafe { out.as_mut_ptr().add(base) };
    let mut w = 0;
    // input[..src] is written.
    let mut src = 0;
    let mut i = first;
    while i < n {
        let r = (n - i).min(64);
        // SAFETY: this function has the features; `r` bytes are in `input` from `i`.
        let x = unsafe { load_block(input, i, r) };
        // SAFETY: this function has the features `set_mask512` needs.
        let mut m = unsafe { set_mask512(x, lo, hi, all) } & first_bytes(r);
        if m == 0 {
            i += r;
            continue;
        }
        // SAFETY: this function has the features; `copy_run` asserts its stores' room.
        w = unsafe { copy_run(input, src, i, dst, cap, w) };
        if m.count_ones() <= SPARSE {
            src = i;
            while m != 0 {
                let p = i + m.trailing_zeros() as usize;
                // SAFETY: this function has the features; `copy_run` asserts its stores' room.
                w = unsafe { copy_run(input, src, p, dst, cap, w) };
                let b = input[p];
                assert!(w + 4 <= cap);
                if PLUS && b == b' ' {
                    // SAFETY: dst + w is within the capacity (the assertion).
                    unsafe { dst.add(w).write(b'+') };
                    w += 1;
                } else {
                    let e = hex.escapes[b as usize];
                    // SAFETY: 4 bytes at dst + w are within the capacity (the assertion).
                    unsafe { dst.add(w).cast::<[u8; 4]>().write_unaligned(e) };
                    w += 3;
                }
                src = p + 1;
                m &= m - 1;
            }
        } else {
            let lanes = [
                _mm512_extracti32x4_epi32::<0>(x),
                _mm512_extracti32x4_epi32::<1>(x),
                _mm512_extracti32x4_epi32::<2>(x),
                _mm512_extracti32x4_epi32::<3>(x),
            ];
            for (k, lane) in lanes.into_iter().enumerate() {
                if 16 * k >= r {
                    break;
                }
                // The zero bytes after `live` ones (the last lane) are written as themselves
                // past the output and not counted.
                let live = (r - 16 * k).min(16);
                let mk = ((m >> (16 * k)) & 0xFFFF) as u32;
                if mk == 0 {
                    assert!(w + 16 <= cap);
                    // SAFETY: 16 bytes at dst + w, within the capacity (the assertion).
                    unsafe { _mm_storeu_si128(dst.add(w).cast(), lane) };
                    w += live;
                } else {
                    assert!(w + expand_room(mk) <= cap);
                    // SAFETY: `expand_room` bytes at dst + w are within the capacity.
                    w += unsafe { expand_to::<PLUS>(lane, mk, digits, dst.add(w)) } - (16 - live);
                }
            }
            src = i + r;
        }
        i += r;
    }
    // SAFETY: this function has the features; `copy_run` asserts its stores' room.
    w = unsafe { copy_run(input, src, n, dst, cap, w) };
    assert!(w <= cap);
    // SAFETY: every byte of out[base..base + w] was written above (and w is within the
    // capacity).
    unsafe { out.set_len(base + w) };
}
}

avx512_fn! {
/// Copies `input[from..to]` (no byte of which changes) to `dst + w` in pieces of 64 bytes
/// (a masked load, a plain 64-byte store) and returns the next `w`. Panics unless each
/// store's 64 bytes are within `cap`.
#[inline]
unsafe fn copy_run(
    input: &[u8],
    mut from: usize,
    to: usize,
    dst: *mut u8,
    cap: usize,
    mut w: usize,
) -> usize {
    while from < to {
        let k = (to - from).min(64);
        // SAFETY: the features are this function's; `k` bytes are in `input` at `from`.
        let x = unsafe { load_block(input, from, k) };
        assert!(w + 64 <= cap);
        // SAFETY: 64 bytes at dst + w are within the capacity (the assertion).
        unsafe { _mm512_storeu_si512(dst.add(w).cast(), x) };
        from += k;
        w += k;
    }
    w
}
}
