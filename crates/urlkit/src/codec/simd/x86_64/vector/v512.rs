//! The 512-bit registers (AVX-512 F and BW; VBMI2 for the byte compress), whose conditions
//! are mask registers and whose loads and stores of a line's last bytes are masked.

use core::arch::x86_64::*;

use super::{Avx512, Dest, LaneMask, Ssse3, Vector};

/// A 512-bit register (AVX-512 BW).
#[derive(Clone, Copy, Debug)]
pub(crate) struct V512(__m512i);

/// A per-byte condition of a [`V512`]: one bit per byte, as AVX-512's compares give it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct M64(u64);

impl LaneMask for M64 {
    #[inline(always)]
    fn and(self, o: M64) -> M64 {
        M64(self.0 & o.0)
    }

    #[inline(always)]
    fn or(self, o: M64) -> M64 {
        M64(self.0 | o.0)
    }

    #[inline(always)]
    fn bits(self) -> u64 {
        self.0
    }
}

/// The mask of the first `len <= 64` bytes: BMI2's `bzhi` (part of the AVX-512 level).
#[inline(always)]
fn prefix(_: Avx512, len: usize) -> u64 {
    // SAFETY: the `Avx512` proof: the level includes BMI2; a register operation.
    unsafe { _bzhi_u64(u64::MAX, len as u32) }
}

/// The `len <= 64` bytes of `bytes` from `at` by a masked load, zero above them.
#[inline(always)]
fn masked_load(isa: Avx512, bytes: &[u8], at: usize, len: usize) -> V512 {
    assert!(len <= 64 && at <= bytes.len() && len <= bytes.len() - at);
    // SAFETY: the `Avx512` proof; a masked load touches only the `len` bytes of its mask
    // (faults of the others are suppressed), which the assertion keeps in `bytes`, and the
    // pointer is in bounds or one past the end.
    V512(unsafe { _mm512_maskz_loadu_epi8(prefix(isa, len), bytes.as_ptr().add(at).cast()) })
}

/// Writes the first `len <= 64` bytes of `x` at `dst[at..]` by a masked store: those of
/// them that are in `dst`, without a branch (a caller that counts `len` bytes written checks
/// its count against `dst` once, at the end: a store cut short leaves it past the end).
#[inline(always)]
fn masked_store(x: V512, dst: &mut (impl Dest + ?Sized), at: usize, len: usize) {
    let room = dst.size().saturating_sub(at);
    debug_assert!(len <= room, "a store past the end of its destination");
    // `bzhi` keeps all 64 bits from 64 on.
    let mask = prefix(x.isa(), len.min(room));
    // SAFETY: a V512 proves the AVX-512 level; a masked store writes only the bytes of its
    // mask, at most the `room` bytes from `at` that `dst` holds (none when `at` is past its
    // end; the pointer is computed without a bounds requirement, and the bytes outside the
    // mask are not accessed).
    unsafe { _mm512_mask_storeu_epi8(dst.start().wrapping_add(at).cast(), mask, x.0) };
}

impl V512 {
    /// The register, for the code of one level (the encoders' expansion).
    #[inline(always)]
    pub(crate) fn raw(self) -> __m512i {
        self.0
    }

    /// The proof of the level, which a register of this width is.
    #[inline(always)]
    fn isa(self) -> Avx512 {
        Avx512(())
    }
}

impl Vector for V512 {
    const BYTES: usize = 64;
    const MASKED: bool = true;
    type Isa = Avx512;
    type ShuffleIsa = Avx512;
    type Mask = M64;

    #[inline(always)]
    fn base(isa: Avx512) -> Avx512 {
        isa
    }

    #[inline(always)]
    fn ssse3(_: Avx512) -> Ssse3 {
        // The AVX-512 level is detected only on a CPU that has SSSE3 (and POPCNT).
        Ssse3(())
    }

    #[inline(always)]
    fn lane(self, k: usize) -> __m128i {
        debug_assert!(k < 4, "a 512-bit register has four lanes");
        // SAFETY: a V512 is made only from an `Avx512` proof; register operations.
        unsafe {
            match k {
                0 => _mm512_castsi512_si128(self.0),
                1 => _mm512_extracti32x4_epi32::<1>(self.0),
                2 => _mm512_extracti32x4_epi32::<2>(self.0),
                _ => _mm512_extracti32x4_epi32::<3>(self.0),
            }
        }
    }

    #[inline(always)]
    fn first_bits(isa: Avx512, k: usize) -> u64 {
        prefix(isa, k)
    }

    #[inline(always)]
    fn splat(_: Avx512, b: u8) -> V512 {
        // SAFETY: the `Avx512` proof: the CPU has AVX-512 F and BW.
        V512(unsafe { _mm512_set1_epi8(b as i8) })
    }

    #[inline(always)]
    fn table(_: Avx512, t: &[u8; 16]) -> V512 {
        // SAFETY: the `Avx512` proof; `t` is 16 bytes (an unaligned load).
        V512(unsafe { _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast())) })
    }

    #[inline(always)]
    fn load(_: Avx512, bytes: &[u8], at: usize) -> V512 {
        assert!(bytes.len() >= 64 && at <= bytes.len() - 64);
        // SAFETY: the `Avx512` proof; the assertion keeps the 64 bytes in `bytes`.
        V512(unsafe { _mm512_loadu_si512(bytes.as_ptr().add(at).cast()) })
    }

    #[inline(always)]
    fn load_prefix(isa: Avx512, bytes: &[u8], at: usize, len: usize) -> V512 {
        masked_load(isa, bytes, at, len)
    }

    #[inline(always)]
    fn load_to_end(isa: Avx512, bytes: &[u8], at: usize) -> V512 {
        let at = at.min(bytes.len());
        masked_load(isa, bytes, at, (bytes.len() - at).min(64))
    }

    #[inline(always)]
    fn store(self, dst: &mut (impl Dest + ?Sized), at: usize) {
        // The first comparison does not depend on `at`: hoisted out of a loop of stores.
        assert!(dst.size() >= 64 && at <= dst.size() - 64);
        // SAFETY: a V512 proves the AVX-512 level; the assertion keeps the 64 bytes written
        // in `dst`.
        unsafe { _mm512_storeu_si512(dst.start().add(at).cast(), self.0) };
    }

    #[inline(always)]
    fn store_prefix(self, dst: &mut (impl Dest + ?Sized), at: usize, len: usize) {
        masked_store(self, dst, at, len);
    }

    #[inline(always)]
    fn compress_store(
        self,
        _: Avx512,
        keep: u64,
        dst: &mut (impl Dest + ?Sized),
        at: usize,
    ) -> usize {
        let kept = keep.count_ones() as usize;
        // The compress in register form: its memory-destination form is microcoded and
        // slow on AMD Zen 4. Then one masked store of the kept bytes.
        // SAFETY: the `Avx512` proof: the level includes VBMI2; a register operation.
        let packed = V512(unsafe { _mm512_maskz_compress_epi8(keep, self.0) });
        masked_store(packed, dst, at, kept);
        kept
    }

    #[inline(always)]
    fn and(self, o: V512) -> V512 {
        // SAFETY: a V512 is made only from an `Avx512` proof (or from other V512s).
        V512(unsafe { _mm512_and_si512(self.0, o.0) })
    }

    #[inline(always)]
    fn or(self, o: V512) -> V512 {
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_or_si512(self.0, o.0) })
    }

    #[inline(always)]
    fn add(self, o: V512) -> V512 {
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_add_epi8(self.0, o.0) })
    }

    #[inline(always)]
    fn sub(self, o: V512) -> V512 {
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_sub_epi8(self.0, o.0) })
    }

    #[inline(always)]
    fn saturating_sub(self, o: V512) -> V512 {
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_subs_epu8(self.0, o.0) })
    }

    #[inline(always)]
    fn xor(self, o: V512) -> V512 {
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_xor_si512(self.0, o.0) })
    }

    #[inline(always)]
    fn predecessors(self, _: Avx512, before: V512) -> (V512, V512, V512) {
        // `vpalignr` works per 128-bit lane: the lane below each lane, `before`'s highest
        // one below the lowest.
        // SAFETY: as for `and`.
        unsafe {
            let below = _mm512_alignr_epi64::<6>(self.0, before.0);
            (
                V512(_mm512_alignr_epi8::<15>(self.0, below)),
                V512(_mm512_alignr_epi8::<14>(self.0, below)),
                V512(_mm512_alignr_epi8::<13>(self.0, below)),
            )
        }
    }

    #[inline(always)]
    fn times16_plus(self, low: V512) -> V512 {
        // Every byte is <= 15, so the 16-bit shift moves nothing across bytes.
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_or_si512(_mm512_slli_epi16::<4>(self.0), low.0) })
    }

    #[inline(always)]
    fn nibbles(self) -> (V512, V512) {
        // SAFETY: as for `and`.
        unsafe {
            let nib = _mm512_set1_epi8(0x0F);
            (
                V512(_mm512_and_si512(self.0, nib)),
                V512(_mm512_and_si512(_mm512_srli_epi16::<4>(self.0), nib)),
            )
        }
    }

    #[inline(always)]
    fn lookup(self, _: Avx512, idx: V512) -> V512 {
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_shuffle_epi8(self.0, idx.0) })
    }

    #[inline(always)]
    fn eq(self, o: V512) -> M64 {
        // SAFETY: as for `and`.
        M64(unsafe { _mm512_cmpeq_epi8_mask(self.0, o.0) })
    }

    #[inline(always)]
    fn le(self, o: V512) -> M64 {
        // SAFETY: as for `and`.
        M64(unsafe { _mm512_cmple_epu8_mask(self.0, o.0) })
    }

    #[inline(always)]
    fn zero_unless(self, m: M64) -> V512 {
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_maskz_mov_epi8(m.0, self.0) })
    }

    #[inline(always)]
    fn select(m: M64, yes: V512, no: V512) -> V512 {
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_mask_mov_epi8(no.0, m.0, yes.0) })
    }

    #[inline(always)]
    fn merge(m: M64, yes: V512, no: V512) -> V512 {
        V512::select(m, yes, no)
    }

    #[inline(always)]
    fn nonzero_bits(self) -> u64 {
        // SAFETY: as for `and`.
        unsafe { _mm512_test_epi8_mask(self.0, self.0) }
    }

    #[inline(always)]
    fn sign_bits(self) -> u64 {
        // SAFETY: as for `and`.
        unsafe { _mm512_movepi8_mask(self.0) }
    }
}
