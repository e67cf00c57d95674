//! The encoder's AVX-512 kernel ([`KernelLevel::Avx512`]): the whole owned encoding (runs
//! between sparse escapes copied 64 bytes per step, blocks dense in escapes expanded 16
//! bytes at a time by the SSSE3 expansion); the last block read with a byte mask (no
//! over-read, no scalar tail).
//!
//! # Rationale
//!
//! URLs are short (45 to 120 bytes in the real lists), so an encoder call is
//! mostly fixed cost: a masked load covers a whole line, or its tail, in one step, where a
//! 16-byte kernel needs a loop of two to eight steps and an overlapping last load.
//!
//! [`KernelLevel::Avx512`]: crate::codec::KernelLevel::Avx512

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::byte_set::ByteSet;
use super::fused::{count_changed, reserve_encoded, write_sparse};
use super::ssse3::expand;
use super::vector::{first_bits, Avx512, Vector, V512};
use crate::codec::kernel_types::NibbleSet;
use crate::uri::chars::Hex;

/// The features of [`KernelLevel::Avx512`], for `#[target_feature]`.
///
/// [`KernelLevel::Avx512`]: crate::codec::KernelLevel::Avx512
macro_rules! avx512_fn {
    ($($item:tt)*) => {
        #[target_feature(
            enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi1,bmi2,lzcnt,popcnt,ssse3"
        )]
        $($item)*
    };
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
pub(super) fn encode_owned_avx512<const PLUS: bool>(
    isa: Avx512,
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    first: usize,
    out: &mut Vec<u8>,
) {
    let n = input.len();
    let first = first.min(n);
    // Short rests get the worst case (3 bytes per byte), as the scalar path does: counting
    // costs more than the spare capacity. Longer ones are counted, so the buffer is exact.
    let changed = if n - first <= 256 {
        n - first
    } else {
        count_changed(isa, &ByteSet::<V512>::new(isa, set), input, first)
    };
    let base = reserve_encoded(out, n, changed);
    // The tables after the allocation: vector registers do not survive the call.
    let bytes = ByteSet::<V512>::new(isa, set);
    let digits = expand_digits(hex);
    let dst = out.spare_capacity_mut();
    let mut w = 0;
    // input[..src] is written.
    let mut src = 0;
    let mut i = first;
    while i < n {
        let r = (n - i).min(64);
        let x = V512::load_to_end(isa, input, i);
        let m = bytes.bits(x) & first_bits(r);
        if m == 0 {
            i += r;
            continue;
        }
        w = copy_run(isa, input, src, i, dst, w);
        if m.count_ones() <= SPARSE {
            (w, src) = write_sparse::<V512, PLUS>(isa, hex, input, i, m, dst, w);
        } else {
            let x = x.raw();
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
                    store16(lane, dst, w);
                    w += live;
                } else {
                    w = expand::<PLUS>(V512::ssse3(isa), lane, mk, digits, dst, w) - (16 - live);
                }
            }
            src = i + r;
        }
        i += r;
    }
    w = copy_run(isa, input, src, n, dst, w);
    assert!(w <= dst.len());
    // SAFETY: every byte of the first `w` of the spare capacity was written above (the
    // stores and writes are all at or below `w`'s count after them, and checked within it).
    unsafe { out.set_len(base + w) };
}
}

avx512_fn! {
/// The 16 hex digits of `hex` as a register, for the expansion.
#[inline]
fn expand_digits(hex: &Hex) -> __m128i {
    // SAFETY: `digits` is 16 bytes; an unaligned load.
    unsafe { _mm_loadu_si128(hex.digits.as_ptr().cast()) }
}
}

avx512_fn! {
/// Writes the 16 bytes of `x` at `dst[w..]`; panics unless they are in it.
#[inline]
fn store16(x: __m128i, dst: &mut [MaybeUninit<u8>], w: usize) {
    assert!(dst.len() >= 16 && w <= dst.len() - 16);
    // SAFETY: the assertion keeps the 16 bytes in `dst`; an unaligned store.
    unsafe { _mm_storeu_si128(dst.as_mut_ptr().add(w).cast(), x) };
}
}

avx512_fn! {
/// Copies `input[from..to]` (no byte of which changes) to `dst[w..]` in pieces of 64 bytes
/// (a masked load, a plain 64-byte store) and returns the next `w`. Panics unless each
/// store's 64 bytes are in `dst`.
#[inline]
fn copy_run(
    isa: Avx512,
    input: &[u8],
    mut from: usize,
    to: usize,
    dst: &mut [MaybeUninit<u8>],
    mut w: usize,
) -> usize {
    while from < to {
        let k = (to - from).min(64);
        V512::load_prefix(isa, input, from, k).store(dst, w);
        from += k;
        w += k;
    }
    w
}
}
