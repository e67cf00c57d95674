//! The SSSE3 encoder kernel (`pshufb`, [`KernelLevel::Ssse3`]): a clean 16-byte chunk copied
//! whole, a chunk with bytes to escape expanded four bytes per shuffle. The fused encoder
//! (`fused.rs`, AVX2 and AVX-512) expands the lanes of its blocks dense in escapes with the
//! same expansion ([`LaneEncoder`]).
//!
//! [`KernelLevel::Ssse3`]: crate::codec::KernelLevel::Ssse3

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::byte_set::ByteSet;
use super::vector::{Dest, Ssse3, Vector, V128};
use crate::codec::kernel_types::NibbleSet;
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

/// The 16 bytes of `t` as a register.
#[target_feature(enable = "ssse3,popcnt")]
#[inline]
fn table16(t: &[u8]) -> __m128i {
    assert!(t.len() >= 16);
    // SAFETY: the assertion keeps the 16 bytes in `t`; an unaligned load.
    unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
}

/// Encodes `input[i..]` into `buf[w..]` 16 input bytes per step ([`encode_chunks`]) and
/// returns the end `(input.len(), w)`. Panics unless `buf[w..]` holds the output plus 16
/// bytes.
///
/// [`encode_chunks`]: super::encode_chunks
#[target_feature(enable = "ssse3,popcnt")]
pub(super) fn encode_chunks_ssse3<const PLUS: bool>(
    isa: Ssse3,
    set: &NibbleSet,
    hex: &Hex,
    input: &[u8],
    mut i: usize,
    buf: &mut [u8],
    mut w: usize,
) -> (usize, usize) {
    let set = ByteSet::<V128>::new(isa, set);
    let digits = table16(&hex.digits);
    let n = input.len();
    while i + 16 <= n {
        let x = V128::load(isa.sse2(), input, i);
        let m = set.bits(x) as u32;
        if m == 0 {
            buf[w..w + 16].copy_from_slice(&input[i..i + 16]);
            w += 16;
        } else {
            w = expand::<PLUS>(isa, x.raw(), m, digits, buf, w);
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
            let ctl = table16(&SHIFT_DOWN[shift..]);
            let x = V128::load(isa.sse2(), input, n - 16);
            (_mm_shuffle_epi8(x.raw(), ctl), set.bits(x) as u32 >> shift)
        } else {
            let x = V128::load_prefix(isa.sse2(), input, i, r);
            (x.raw(), set.bits(x) as u32 & ((1 << r) - 1))
        };
        let end = expand::<PLUS>(isa, x, m, digits, buf, w);
        w = end - (16 - r);
        i = n;
    }
    (i, w)
}

/// The expansion for the lanes of a wider register: the hex digits as a register, and the
/// proof that the CPU has SSSE3 and POPCNT.
///
/// # Rationale
///
/// Its methods and [`expand`] are `#[inline(always)]` functions over the proof, not
/// `#[target_feature]` ones: a wider kernel calls them once per lane, and LLVM would keep a
/// `#[target_feature]` callee of that size out of line (a call per dense lane, measured as a
/// quarter slower on %-dense encoding at AVX2).
#[derive(Clone, Copy)]
pub(super) struct LaneEncoder {
    isa: Ssse3,
    digits: __m128i,
}

impl LaneEncoder {
    /// The encoder of `hex`'s digits.
    #[inline(always)]
    pub(super) fn new(isa: Ssse3, hex: &Hex) -> LaneEncoder {
        // SAFETY: the `Ssse3` proof: the CPU has the features of `table16`.
        let digits = unsafe { table16(&hex.digits) };
        LaneEncoder { isa, digits }
    }

    /// Writes the encoding of the `live` bytes of the 16-byte lane `x` from its byte `skip`
    /// (`skip + live <= 16`; bit k of `m` set when lane byte k is changed, none outside
    /// them) at `dst[w..]`, and returns the next `w`. The wider kernels call it for each
    /// lane of a block dense in escapes; `skip` drops the bytes of a last block that
    /// overlaps the one before (a width without masked loads). Panics unless `dst[w..]`
    /// holds the output plus 28 bytes.
    #[inline(always)]
    pub(super) fn encode<const PLUS: bool>(
        self,
        x: __m128i,
        m: u32,
        skip: usize,
        live: usize,
        dst: &mut [MaybeUninit<u8>],
        w: usize,
    ) -> usize {
        debug_assert!(skip + live <= 16 && m >> (skip + live) == 0);
        let (x, m) = if skip > 0 {
            // Moved down past the bytes already written; zero bytes come in above.
            // SAFETY: the `Ssse3` proof: the CPU has `pshufb` and the features of `table16`.
            let x = unsafe { _mm_shuffle_epi8(x, table16(&SHIFT_DOWN[skip..])) };
            (x, m >> skip)
        } else {
            (x, m)
        };
        // The bytes above the live ones (zero, or those of a last lane past the end) are
        // written past the output and not counted: the next write, or the end, covers them.
        if m == 0 {
            assert!(dst.len() >= 16 && w <= dst.len() - 16);
            // SAFETY: the assertion keeps the 16 bytes in `dst`; an unaligned store (SSE2).
            unsafe { _mm_storeu_si128(dst.as_mut_ptr().add(w).cast(), x) };
            w + live
        } else {
            expand::<PLUS>(self.isa, x, m, self.digits, dst, w) - (16 - live)
        }
    }
}

/// The bytes [`expand`] may write for the change mask `m`: the output (16 bytes and two
/// more per change) and the 12 that its last 16-byte store may pass the output by.
#[inline(always)]
fn expand_room(m: u32) -> usize {
    16 + 2 * m.count_ones() as usize + 12
}

/// Writes the encoding of the 16 bytes `x` (bit k of `m` set when byte k is changed) at
/// `dst[w..]`, four bytes per shuffle, and returns the next `w`. `PLUS`: a space becomes `+`.
/// Panics unless `dst[w..]` holds [`expand_room`]`(m)` bytes.
#[inline(always)]
pub(super) fn expand<const PLUS: bool>(
    _: Ssse3,
    x: __m128i,
    m: u32,
    digits: __m128i,
    dst: &mut (impl Dest + ?Sized),
    w: usize,
) -> usize {
    let room = expand_room(m);
    assert!(dst.size() >= room && w <= dst.size() - room);
    // The blocks below: the `Ssse3` proof says the CPU has SSSE3 (`pshufb`) and SSE2, for
    // register operations and the loads of `table16` (which checks its 16 bytes).
    let (x, m) = if PLUS {
        // SAFETY: the `Ssse3` proof; register operations.
        unsafe {
            let space = _mm_cmpeq_epi8(x, _mm_set1_epi8(b' ' as i8));
            let x = _mm_or_si128(
                _mm_andnot_si128(space, x),
                _mm_and_si128(space, _mm_set1_epi8(b'+' as i8)),
            );
            (x, m & !(_mm_movemask_epi8(space) as u32))
        }
    } else {
        (x, m)
    };
    // SAFETY: the `Ssse3` proof; register operations.
    let groups = unsafe {
        let nib = _mm_set1_epi8(0x0F);
        let high = _mm_shuffle_epi8(digits, _mm_and_si128(_mm_srli_epi16::<4>(x), nib));
        let low = _mm_shuffle_epi8(digits, _mm_and_si128(x, nib));
        let pct = _mm_set1_epi8(b'%' as i8);
        // [bytes 4g..4g+4, their high digits, their low digits, '%' x 4] for each group g.
        let (t0, t1) = (_mm_unpacklo_epi32(x, high), _mm_unpacklo_epi32(low, pct));
        let (t2, t3) = (_mm_unpackhi_epi32(x, high), _mm_unpackhi_epi32(low, pct));
        [
            _mm_unpacklo_epi64(t0, t1),
            _mm_unpackhi_epi64(t0, t1),
            _mm_unpacklo_epi64(t2, t3),
            _mm_unpackhi_epi64(t2, t3),
        ]
    };
    // Each group of 4 input bytes writes at most 12 bytes with a 16-byte store: a group
    // starts at most 12 bytes before the chunk's output ends (the last group writes 4 or
    // more), so every store ends by the output + 12 (`expand_room`; fewer changes in
    // `PLUS` mode only shorten it).
    let p = dst.start();
    let mut at = w;
    for (g, src) in groups.into_iter().enumerate() {
        let mg = ((m >> (4 * g)) & 15) as usize;
        // SAFETY: the `Ssse3` proof for the shuffle and `table16`; the store ends by the
        // output + 12, within the `expand_room` bytes that the assertion keeps in `dst`.
        unsafe {
            let out = _mm_shuffle_epi8(src, table16(&EXPAND[mg]));
            _mm_storeu_si128(p.add(at).cast(), out);
        }
        at += 4 + 2 * mg.count_ones() as usize;
    }
    at
}
