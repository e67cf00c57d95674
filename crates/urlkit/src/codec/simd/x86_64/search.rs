//! The searches, written once over [`Vector`]: the decoders' first `%` (or `+`) and the
//! encoders' first byte of a set. One register per step; the last bytes are a masked load at
//! AVX-512 (nothing read past the end), else the register that ends at the end (its first
//! bytes already known not to match). [`find_special_sse2`], [`find_special_avx2`] and
//! [`find_special_avx512`] compile the one for 16, 32 and 64 bytes per step,
//! [`first_in_set_ssse3`], [`first_in_set_avx2`] and [`first_in_set_avx512`] the other.

use super::byte_set::ByteSet;
use super::vector::{Avx2, Avx512, LaneMask, Sse2, Ssse3, Vector, V128, V256, V512};
use crate::codec::kernel_types::NibbleSet;

/// The index of the first byte of `input[from..]` whose bit `bits` sets (absolute). Without
/// masked loads, `input.len() - from >= V::BYTES`.
#[inline(always)]
fn first_where<V: Vector>(
    isa: V::Isa,
    input: &[u8],
    from: usize,
    bits: impl Fn(V) -> u64,
) -> Option<usize> {
    let n = input.len();
    let mut i = from;
    while n - i > V::BYTES {
        let m = bits(V::load(isa, input, i));
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += V::BYTES;
    }
    // The last 0 to BYTES bytes: masked (the bytes above them load as 0, which a set may
    // hold: masked off), or the register that ends at the end.
    let at = if V::MASKED { i } else { n - V::BYTES };
    let m = bits(V::load_to_end(isa, input, at)) & V::first_bits(isa, n - at);
    (m != 0).then(|| at + m.trailing_zeros() as usize)
}

/// The bits of the `%` (and, when `PLUS`, `+`) bytes of `x`.
#[inline(always)]
fn special_bits<V: Vector, const PLUS: bool>(isa: V::Isa, x: V) -> u64 {
    let pct = x.eq(V::splat(isa, b'%'));
    if PLUS {
        pct.or(x.eq(V::splat(isa, b'+'))).bits()
    } else {
        pct.bits()
    }
}

/// [`find_special`](super::find_special) 16 bytes per step (SSE2, the x86_64 baseline).
#[inline]
pub(super) fn find_special_sse2<const PLUS: bool>(isa: Sse2, input: &[u8]) -> Option<usize> {
    if input.len() < 16 {
        return input.iter().position(|&b| b == b'%' || (PLUS && b == b'+'));
    }
    first_where::<V128>(isa, input, 0, |x| special_bits::<V128, PLUS>(isa, x))
}

/// [`find_special`](super::find_special) 32 bytes per step (16 below 32 bytes).
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(super) fn find_special_avx2<const PLUS: bool>(isa: Avx2, input: &[u8]) -> Option<usize> {
    if input.len() < 32 {
        return find_special_sse2::<PLUS>(isa.ssse3().sse2(), input);
    }
    first_where::<V256>(isa, input, 0, |x| special_bits::<V256, PLUS>(isa, x))
}

/// [`find_special`](super::find_special) 64 bytes per step, the last bytes a masked load.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(super) fn find_special_avx512<const PLUS: bool>(isa: Avx512, input: &[u8]) -> Option<usize> {
    first_where::<V512>(isa, input, 0, |x| special_bits::<V512, PLUS>(isa, x))
}

/// [`first_in_set`](super::first_in_set) 16 bytes per step, for `input.len() - from >= 16`
/// and a set exact in the nibble tables.
#[target_feature(enable = "ssse3,popcnt")]
pub(super) fn first_in_set_ssse3(
    isa: Ssse3,
    set: &NibbleSet,
    input: &[u8],
    from: usize,
) -> Option<usize> {
    let set = ByteSet::<V128>::new(isa, set);
    first_where::<V128>(isa.sse2(), input, from, |x| set.bits(x))
}

/// [`first_in_set`](super::first_in_set) 32 bytes per step, for `input.len() - from >= 32`
/// and a set exact in the nibble tables.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(super) fn first_in_set_avx2(
    isa: Avx2,
    set: &NibbleSet,
    input: &[u8],
    from: usize,
) -> Option<usize> {
    let set = ByteSet::<V256>::new(isa, set);
    first_where::<V256>(isa, input, from, |x| set.bits(x))
}

/// [`first_in_set`](super::first_in_set) 64 bytes per step, for any `from <= input.len()`
/// and a set exact in the nibble tables.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(super) fn first_in_set_avx512(
    isa: Avx512,
    set: &NibbleSet,
    input: &[u8],
    from: usize,
) -> Option<usize> {
    let set = ByteSet::<V512>::new(isa, set);
    first_where::<V512>(isa, input, from, |x| set.bits(x))
}
