//! The encoders' fused kernel at AVX2 ([`KernelLevel::Avx2`]), written over [`Vector`]: the
//! whole owned encoding in one pass over blocks of [`Vector::BYTES`] input bytes (runs
//! between sparse escapes copied a register per step, each escape one 4-byte store; blocks
//! dense in escapes expanded 16 bytes per lane by the SSSE3 expansion).
//! [`encode_owned_avx2`] compiles it for 32-byte blocks.
//!
//! The last block: AVX2 has no masked byte loads, so it loads the 32 bytes that end at the
//! end, and the bytes of that register already encoded by the block before are masked off
//! (shifted out of the block's mask, and out of a dense lane by a shuffle); only an input
//! shorter than a register is copied into a zeroed block first. Runs are copied a register
//! at a time while a whole register is left in the input, and the input's last bytes by
//! overlapping stores of 16, 8, 4 or 1 bytes: nothing is read past the end.
//!
//! # Rationale
//!
//! URLs are short (45 to 120 bytes in the real lists), so an encoder call is mostly fixed
//! cost: sizing the output once and writing it without zero-filling, one block test per 32
//! bytes, and a store per escape, where the 16-byte chunked path zero-fills its buffer,
//! tests every 16 bytes and shuffles every chunk that holds an escape. On %-dense text it
//! does what that path does (a shuffle per 16 bytes), and measured about as fast: from 10%
//! faster to 9% slower on the real lists.
//!
//! Two kernels, not one: the AVX-512 level keeps its own (`avx512.rs`, masked loads and
//! stores). This routine compiles for [`V512`](super::vector::V512) too (the masked tail is
//! [`Vector::MASKED`], a constant that folds away), but that instantiation, as first
//! written (four escapes per block, no switch to expansion), measured 8 to 15% slower than
//! the dedicated kernel on %-dense encoding (all but alphanumerics escaped, the real lists)
//! with path-set encoding unchanged, so it is not used. What the two share is
//! the set test ([`ByteSet`]) and the dense expansion (`ssse3::expand`).
//!
//! [`KernelLevel::Avx2`]: crate::codec::KernelLevel::Avx2

use core::mem::MaybeUninit;

use super::byte_set::ByteSet;
use super::ssse3::LaneEncoder;
use super::vector::{Avx2, Vector, V256};
use crate::codec::kernel_types::NibbleSet;
use crate::uri::chars::Hex;

/// The most changed bytes of a block that are written one escape at a time, with the runs
/// between them copied whole; a block with more is expanded lane by lane, and so is every
/// later block with a change. One per 32 bytes: on the real lists, one and two measured
/// alike on path-set encoding and one slightly faster on %-dense encoding; four (without
/// the switch to expansion for the rest of the input) was 10 to 25% slower on %-dense.
const SPARSE: u32 = 1;

/// One block of the input as a register: `x`, of which bytes `s..s + r` are input bytes
/// `i..i + r` (the block's, not yet encoded), and `m`, bit k set when input byte `i + k` is
/// changed (none past `r`).
struct Block<V> {
    x: V,
    s: usize,
    r: usize,
    m: u64,
}

/// The block at `i < input.len()`: [`Vector::BYTES`] bytes, or the rest when fewer are left.
#[inline(always)]
fn block<V: Vector>(isa: V::Isa, bytes: &ByteSet<V>, input: &[u8], i: usize) -> Block<V> {
    let n = input.len();
    let r = (n - i).min(V::BYTES);
    let (x, s) = if V::MASKED || r == V::BYTES {
        (V::load_to_end(isa, input, i), 0)
    } else if n >= V::BYTES {
        // The register that ends at the end; its first bytes are the block before's.
        (V::load(isa, input, n - V::BYTES), V::BYTES - r)
    } else {
        (V::load_prefix(isa, input, i, r), 0)
    };
    let m = (bytes.bits(x) >> s) & V::first_bits(isa, r);
    Block { x, s, r, m }
}

/// How many bytes of `input[from..]` `bytes` changes, a block per step.
#[inline(always)]
pub(super) fn count_changed<V: Vector>(
    isa: V::Isa,
    bytes: &ByteSet<V>,
    input: &[u8],
    from: usize,
) -> usize {
    let mut changed = 0;
    let mut i = from;
    while i < input.len() {
        let b = block(isa, bytes, input, i);
        changed += b.m.count_ones() as usize;
        i += b.r;
    }
    changed
}

/// Appends the whole encoding of `input`, whose byte `first` is the first the set changes,
/// to `out`: one reservation (the worst case for a rest of up to 256 bytes, else the exact
/// size from a counting pass), written without zero-filling it first.
///
/// Escapes are sparse in most URLs (a `?`, a space, a few reserved characters): the runs
/// between them are copied a register per step, and each escape is one 4-byte store.
/// Blocks dense in escapes (non-ASCII text) are expanded by the SSSE3 shuffle, per lane.
#[inline(always)]
fn encode_owned<V: Vector, const PLUS: bool>(
    isa: V::ShuffleIsa,
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    first: usize,
    out: &mut Vec<u8>,
) {
    let regs = V::base(isa);
    let n = input.len();
    let first = first.min(n);
    // Short rests get the worst case (3 bytes per byte), as the scalar path does: counting
    // costs more than the spare capacity. Longer ones are counted, so the buffer is exact.
    let changed = if n - first <= 256 {
        n - first
    } else {
        count_changed(regs, &ByteSet::<V>::new(isa, set), input, first)
    };
    let base = reserve_encoded(out, n, changed);
    // The tables after the allocation: vector registers do not survive the call.
    let bytes = ByteSet::<V>::new(isa, set);
    let lanes = LaneEncoder::new(V::ssse3(isa), hex);
    let dst = out.spare_capacity_mut();
    let mut w = 0;
    // input[..src] is written.
    let mut src = 0;
    let mut i = first;
    // Once a block is dense, every later block with a change is expanded too: on %-dense
    // text the form would otherwise change from block to block (measured 5 to 12% slower
    // on three of the four %-dense real lists without this, 3% faster on the fourth).
    let mut dense = false;
    while i < n {
        let b = block(regs, &bytes, input, i);
        if b.m == 0 {
            i += b.r;
            continue;
        }
        w = copy_run::<V>(regs, input, src, i, dst, w);
        dense = dense || b.m.count_ones() > SPARSE;
        (w, src) = if !dense {
            write_sparse::<V, PLUS>(regs, hex, input, i, b.m, dst, w)
        } else {
            (write_dense::<V, PLUS>(lanes, &b, dst, w), i + b.r)
        };
        i += b.r;
    }
    w = copy_run::<V>(regs, input, src, n, dst, w);
    assert!(w <= dst.len(), "invariant: the output fits the reservation");
    // SAFETY: every byte of the first `w` of the spare capacity was written above (each
    // write is at the count before it, and the assertion keeps them all in it).
    unsafe { out.set_len(base + w) };
}

/// Reserves room in `out` for the encoding of `n` input bytes of which `changed` change, and
/// returns `out`'s length: an upper bound of the output (a space written '+' takes 1 byte,
/// not 3), and room for a register store (up to 64 bytes) past a run's last piece; rounded
/// up to 64 bytes, so that successive calls ask the allocator for a few sizes only, which its
/// per-size caches serve. Both fused encoders size their output so.
#[inline(always)]
pub(super) fn reserve_encoded(out: &mut Vec<u8>, n: usize, changed: usize) -> usize {
    let size = (n + 2 * changed + 64).next_multiple_of(64);
    if out.capacity() == 0 {
        // A fresh buffer: allocated directly, not grown.
        *out = Vec::with_capacity(size);
    } else {
        out.reserve_exact(size);
    }
    out.len()
}

/// Writes the block at `i` up to its last changed byte (`m` holds them, a few) at `dst[w..]`:
/// the runs between them copied, each escape one store. Returns the next `w` and where the
/// next run starts (after the last changed byte).
#[inline(always)]
pub(super) fn write_sparse<V: Vector, const PLUS: bool>(
    isa: V::Isa,
    hex: &Hex,
    input: &[u8],
    i: usize,
    mut m: u64,
    dst: &mut [MaybeUninit<u8>],
    mut w: usize,
) -> (usize, usize) {
    let mut src = i;
    while m != 0 {
        let p = i + m.trailing_zeros() as usize;
        w = copy_run::<V>(isa, input, src, p, dst, w);
        let b = input[p];
        if PLUS && b == b' ' {
            dst[w].write(b'+');
            w += 1;
        } else {
            // One 4-byte store; its last byte is written over next.
            store(hex.escapes[b as usize], dst, w);
            w += 3;
        }
        src = p + 1;
        m &= m - 1;
    }
    (w, src)
}

/// Writes the whole block `b` (many changed bytes) at `dst[w..]`, lane by lane, and returns
/// the next `w`.
#[inline(always)]
fn write_dense<V: Vector, const PLUS: bool>(
    lanes: LaneEncoder,
    b: &Block<V>,
    dst: &mut [MaybeUninit<u8>],
    mut w: usize,
) -> usize {
    // The block's bytes are bytes s..e of the register; its mask, in the register's places.
    let (s, e) = (b.s, b.s + b.r);
    let m = b.m << b.s;
    for k in 0..V::BYTES / 16 {
        let lo = 16 * k;
        let (from, to) = (lo.max(s), (lo + 16).min(e));
        if from >= to {
            continue;
        }
        let mk = ((m >> lo) & 0xFFFF) as u32;
        w = lanes.encode::<PLUS>(b.x.lane(k), mk, from - lo, to - from, dst, w);
    }
    w
}

/// Copies `input[from..to]` (no byte of which changes) to `dst[w..]` and returns the next
/// `w`: a register per step (a masked load at AVX-512; a whole register while one is left in
/// the input otherwise, and the last bytes by [`copy_short`]). A step's store may pass `to`
/// by up to a register less a byte: those bytes are written over next, or past the output.
/// Panics unless each store is in `dst`.
#[inline(always)]
fn copy_run<V: Vector>(
    isa: V::Isa,
    input: &[u8],
    mut from: usize,
    to: usize,
    dst: &mut [MaybeUninit<u8>],
    mut w: usize,
) -> usize {
    while from < to {
        let k = (to - from).min(V::BYTES);
        if V::MASKED {
            V::load_prefix(isa, input, from, k).store(dst, w);
        } else if from + V::BYTES <= input.len() {
            V::load(isa, input, from).store(dst, w);
        } else {
            return copy_short(input, from, to, dst, w);
        }
        from += k;
        w += k;
    }
    w
}

/// Copies the `to - from < 32` bytes `input[from..to]` to `dst[w..]` by two stores that
/// overlap (16, 8, 4 or 1 bytes each, as `memcpy` does for a short copy, but inline: nothing
/// read outside them), and returns the next `w`.
#[inline(always)]
fn copy_short(
    input: &[u8],
    from: usize,
    to: usize,
    dst: &mut [MaybeUninit<u8>],
    w: usize,
) -> usize {
    let len = to - from;
    debug_assert!(len < 32);
    let bytes = &input[from..to];
    if len >= 16 {
        store(piece::<16>(bytes, 0), dst, w);
        store(piece::<16>(bytes, len - 16), dst, w + len - 16);
    } else if len >= 8 {
        store(piece::<8>(bytes, 0), dst, w);
        store(piece::<8>(bytes, len - 8), dst, w + len - 8);
    } else if len >= 4 {
        store(piece::<4>(bytes, 0), dst, w);
        store(piece::<4>(bytes, len - 4), dst, w + len - 4);
    } else if len > 0 {
        // 1 to 3 bytes: the first, the middle and the last (some the same).
        dst[w].write(bytes[0]);
        dst[w + len / 2].write(bytes[len / 2]);
        dst[w + len - 1].write(bytes[len - 1]);
    }
    w + len
}

/// The `N` bytes of `bytes` from `at`; panics unless they are in it.
#[inline(always)]
fn piece<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut p = [0; N];
    p.copy_from_slice(&bytes[at..at + N]);
    p
}

/// Writes the `N` bytes `e` at `dst[w..]`; panics unless they are in it.
#[inline(always)]
fn store<const N: usize>(e: [u8; N], dst: &mut [MaybeUninit<u8>], w: usize) {
    assert!(dst.len() >= N && w <= dst.len() - N);
    // SAFETY: the assertion keeps the `N` bytes in `dst`; an unaligned store.
    unsafe { dst.as_mut_ptr().add(w).cast::<[u8; N]>().write_unaligned(e) };
}

/// [`encode_owned`] in 32-byte blocks, for the AVX2 level.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,ssse3")]
pub(super) fn encode_owned_avx2<const PLUS: bool>(
    isa: Avx2,
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    first: usize,
    out: &mut Vec<u8>,
) {
    encode_owned::<V256, PLUS>(isa, set, hex, input, first, out);
}
