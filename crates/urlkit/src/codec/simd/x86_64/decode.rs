//! The decoder's kernel, written once over [`Vector`]; [`decode_ssse3`], [`decode_avx2`] and
//! [`decode_avx512`] compile it for 16, 32 and 64 input bytes per step.
//!
//! Each step loads the chunk at `i` and the two at `i + 1` and `i + 2` (the digits of an
//! escape at every position, with no shift across 128-bit lanes, which the narrower levels
//! cannot do cheaply), decodes hex digits in the register, and drops the digit bytes with a
//! compress (`pshufb` over the 8-byte table at 128 and 256 bits, `vpcompressb` at 512).
//! Chunks start every [`Vector::BYTES`] bytes: the digits of an escape that straddles two
//! chunks are dropped from the second by a mask, so the next loads never wait for this
//! chunk's escapes to be decoded (long runs of escapes, as in UTF-8 text, are bound by that
//! wait otherwise).
//!
//! The last bytes: at AVX-512, masked loads and stores (no scalar tail, nothing read past the
//! end); at the narrower widths, one step on the chunk that ends 2 bytes before the end (its
//! look-ahead ends at the end) with the bytes already decoded masked off, rather than a copy
//! into a padded block, whose partial stores a full-width load could not forward from; the
//! scalar loop takes what is left, at most the last 2 bytes.

use core::mem::MaybeUninit;

use super::vector::{first_bits, Avx2, Avx512, LaneMask, Ssse3, Vector, V128, V256, V512};

/// Per byte of `x`: its hex value (0 where it is not a hex digit), and where it is one.
#[inline(always)]
fn hex_values<V: Vector>(isa: V::Isa, x: V) -> (V, V::Mask) {
    let d = x.sub(V::splat(isa, b'0'));
    let is_digit = d.le(V::splat(isa, 9));
    let a = x.or(V::splat(isa, 0x20)).sub(V::splat(isa, b'a'));
    let is_alpha = a.le(V::splat(isa, 5));
    // The two classes are disjoint: the letters' values over the digits' (a blend where
    // the width's conditions are mask registers, an or of two ands where they are bytes).
    let value = V::merge(is_alpha, a.add(V::splat(isa, 10)), d.zero_unless(is_digit));
    (value, is_digit.or(is_alpha))
}

/// Where a step writes: the spare capacity of the output, the bytes written so far, and the
/// positions of the escapes decoded to a byte >= 0x80 (or-ed over the steps).
struct Sink<'a> {
    dst: &'a mut [MaybeUninit<u8>],
    w: usize,
    high: u64,
}

/// Decodes the chunk of `src` at `at` (with 2 bytes of look-ahead; `len` bytes of it in
/// `src`, all [`Vector::BYTES`] without masked loads), only the positions in `live` (a
/// live `%` or `+` is never a digit of an earlier escape), and returns the digits of an
/// escape at its last two bytes that lie in the next chunk, as a mask of that chunk's first
/// two bytes, or `Err(offset)` of a malformed escape when `STRICT`.
#[inline(always)]
fn step<V: Vector, const PLUS: bool, const STRICT: bool>(
    isa: V::ShuffleIsa,
    src: &[u8],
    at: usize,
    len: usize,
    live: u64,
    out: &mut Sink<'_>,
) -> Result<u64, usize> {
    let base = V::base(isa);
    // Without masked loads and stores, the chunk with its look-ahead and the register the
    // step writes, as slices of a fixed length: one bounds check each, and none at the
    // loads and stores in them.
    let (chunk, c) = if V::MASKED {
        (src, at)
    } else {
        (&src[at..at + V::BYTES + 2], 0)
    };
    let w = out.w;
    let (dst, d) = if V::MASKED {
        (&mut *out.dst, w)
    } else {
        (&mut out.dst[w..w + V::BYTES], 0)
    };
    let x0 = V::load_to_end(base, chunk, c);
    let pct = x0.eq(V::splat(base, b'%'));
    let plus = x0.eq(V::splat(base, b'+'));
    let special = if PLUS { pct.or(plus) } else { pct };
    if live == V::first_bits(base, len) && special.bits() == 0 {
        x0.store_prefix(dst, d, len);
        out.w = w + len;
        return Ok(0);
    }
    let (v1, h1) = hex_values(base, V::load_to_end(base, chunk, c + 1));
    let (v2, h2) = hex_values(base, V::load_to_end(base, chunk, c + 2));
    // A hex digit is never '%', so escapes cannot overlap: each '%' is judged alone. Past
    // the end (masked loads) the digits load as 0, not a digit: an escape cut short by the
    // end is malformed, as it should be.
    let valid = pct.and(h1).and(h2);
    let vm = valid.bits() & live;
    if STRICT {
        let bad = pct.bits() & live & !vm;
        if bad != 0 {
            return Err(at + bad.trailing_zeros() as usize);
        }
    }
    // A valid escape outside `live` is decoded here too, but never kept.
    let byte = v1.times16_plus(v2);
    let high = byte.sign_bits() & vm;
    let mut decoded = V::select(valid, byte, x0);
    if PLUS {
        decoded = V::select(plus, V::splat(base, b' '), decoded);
    }
    // Drop the digit bytes; those of an escape at the chunk's last two bytes reach into the
    // next chunk.
    let (digits, next) = if V::BYTES < 64 {
        // In 64 bits, with room for the two above the chunk.
        let d = (vm << 1) | (vm << 2);
        (d, d >> V::BYTES)
    } else {
        let d = (u128::from(vm) << 1) | (u128::from(vm) << 2);
        (d as u64, (d >> V::BYTES) as u64)
    };
    let keep = live & !digits;
    let kept = decoded.compress_store(isa, keep, dst, d);
    out.w = w + kept;
    out.high |= high;
    Ok(next)
}

/// Appends the decoding of `input[i..]` to `out` and returns where it stopped (the scalar
/// loop finishes: nothing at AVX-512, at most the last 2 bytes at the others, all of it when
/// the rest is shorter than a step) and whether an escape decoded to a byte >= 0x80, or
/// `Err(offset)` of the first malformed escape when `STRICT` (`out`'s length unchanged).
#[inline(always)]
fn decode<V: Vector, const PLUS: bool, const STRICT: bool>(
    isa: V::ShuffleIsa,
    input: &[u8],
    mut i: usize,
    out: &mut Vec<u8>,
) -> Result<(usize, bool), usize> {
    let n = input.len();
    let short = if V::MASKED {
        i >= n
    } else {
        i + V::BYTES + 2 > n
    };
    if short {
        return Ok((i, false));
    }
    // The output of input[i..] is at most n - i bytes; without masked stores each step
    // stores a whole register at `w <= i - start`, so that many spare bytes more.
    out.reserve(n - i + if V::MASKED { 0 } else { V::BYTES });
    let start = out.len();
    let mut sink = Sink {
        dst: out.spare_capacity_mut(),
        w: 0,
        high: 0,
    };
    let regs = V::base(isa);
    let mut skip = 0;
    loop {
        // With masked loads, every step to the end (the last one `len` bytes); without, the
        // steps while a whole chunk and its look-ahead are left.
        let len = if V::MASKED {
            if i >= n {
                break;
            }
            (n - i).min(V::BYTES)
        } else {
            if i + V::BYTES + 2 > n {
                break;
            }
            V::BYTES
        };
        let live = V::first_bits(regs, len) & !skip;
        skip = step::<V, PLUS, STRICT>(isa, input, i, len, live, &mut sink)?;
        i += len;
    }
    if !V::MASKED {
        i += skip.count_ones() as usize;
        if i + 2 < n {
            // The chunk that ends 2 bytes before the end; i > p, since the loop stopped.
            let p = n - V::BYTES - 2;
            let live = first_bits(V::BYTES) & !first_bits(i - p);
            skip = step::<V, PLUS, STRICT>(isa, input, p, V::BYTES, live, &mut sink)?;
            i = p + V::BYTES + skip.count_ones() as usize;
        }
    }
    let (w, high) = (sink.w, sink.high);
    // Each step wrote the bytes it counted, at the count before it, or (a masked store
    // cut short by the end of the spare capacity) fewer, and then the count is past the end.
    assert!(
        w <= sink.dst.len(),
        "invariant: the decoded bytes fit the reservation"
    );
    // SAFETY: the steps wrote every byte of the first `w` of the spare capacity (the
    // assertion: none was cut short).
    unsafe { out.set_len(start + w) };
    Ok((i, high != 0))
}

/// [`decode`] 16 input bytes per step while 18 are left.
#[target_feature(enable = "ssse3,popcnt")]
pub(super) fn decode_ssse3<const PLUS: bool, const STRICT: bool>(
    isa: Ssse3,
    input: &[u8],
    i: usize,
    out: &mut Vec<u8>,
) -> Result<(usize, bool), usize> {
    decode::<V128, PLUS, STRICT>(isa, input, i, out)
}

/// [`decode`] 32 input bytes per step; 16 when fewer than 34 are left.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,ssse3")]
pub(super) fn decode_avx2<const PLUS: bool, const STRICT: bool>(
    isa: Avx2,
    input: &[u8],
    i: usize,
    out: &mut Vec<u8>,
) -> Result<(usize, bool), usize> {
    if i + 34 > input.len() {
        decode::<V128, PLUS, STRICT>(isa.ssse3(), input, i, out)
    } else {
        decode::<V256, PLUS, STRICT>(isa, input, i, out)
    }
}

/// [`decode`] 64 input bytes per step, the last step masked.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(super) fn decode_avx512<const PLUS: bool, const STRICT: bool>(
    isa: Avx512,
    input: &[u8],
    i: usize,
    out: &mut Vec<u8>,
) -> Result<(usize, bool), usize> {
    decode::<V512, PLUS, STRICT>(isa, input, i, out)
}
