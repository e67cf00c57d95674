//! The 128-bit registers: SSE2 (the x86_64 baseline) for all but the byte shuffle, which
//! takes the SSSE3 proof.

use core::arch::x86_64::*;

use super::{Dest, LaneMask, Sse2, Ssse3, Vector, COMPACT};

/// A 128-bit register (SSE2; its shuffles SSSE3).
#[derive(Clone, Copy, Debug)]
pub(crate) struct V128(__m128i);

/// A per-byte condition of a [`V128`]: 0xFF where it holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct M128(__m128i);

impl LaneMask for M128 {
    #[inline(always)]
    fn and(self, o: M128) -> M128 {
        // SAFETY: SSE2 is part of the x86_64 baseline; a register operation.
        M128(unsafe { _mm_and_si128(self.0, o.0) })
    }

    #[inline(always)]
    fn or(self, o: M128) -> M128 {
        // SAFETY: as for `and`.
        M128(unsafe { _mm_or_si128(self.0, o.0) })
    }

    #[inline(always)]
    fn bits(self) -> u64 {
        // SAFETY: as for `and`.
        unsafe { _mm_movemask_epi8(self.0) as u32 as u64 }
    }
}

impl V128 {
    /// The register, for the code of one level (the encoders' expansion).
    #[inline(always)]
    pub(crate) fn raw(self) -> __m128i {
        self.0
    }
}

impl Vector for V128 {
    const BYTES: usize = 16;
    const MASKED: bool = false;
    type Isa = Sse2;
    type ShuffleIsa = Ssse3;
    type Mask = M128;

    #[inline(always)]
    fn base(isa: Ssse3) -> Sse2 {
        isa.sse2()
    }

    #[inline(always)]
    fn ssse3(isa: Ssse3) -> Ssse3 {
        isa
    }

    #[inline(always)]
    fn lane(self, k: usize) -> __m128i {
        debug_assert_eq!(k, 0, "a 128-bit register has one lane");
        self.0
    }

    #[inline(always)]
    fn splat(_: Sse2, b: u8) -> V128 {
        // SAFETY: SSE2 is part of the x86_64 baseline; a register operation.
        V128(unsafe { _mm_set1_epi8(b as i8) })
    }

    #[inline(always)]
    fn table(isa: Sse2, t: &[u8; 16]) -> V128 {
        V128::load(isa, t, 0)
    }

    #[inline(always)]
    fn load(_: Sse2, bytes: &[u8], at: usize) -> V128 {
        assert!(bytes.len() >= 16 && at <= bytes.len() - 16);
        // SAFETY: the assertion keeps the 16 bytes in `bytes`; an unaligned load.
        V128(unsafe { _mm_loadu_si128(bytes.as_ptr().add(at).cast()) })
    }

    #[inline(always)]
    fn store(self, dst: &mut (impl Dest + ?Sized), at: usize) {
        assert!(dst.size() >= 16 && at <= dst.size() - 16);
        // SAFETY: the assertion keeps the 16 bytes written in `dst`; an unaligned store.
        unsafe { _mm_storeu_si128(dst.start().add(at).cast(), self.0) };
    }

    #[inline(always)]
    fn compress_store(
        self,
        _: Ssse3,
        keep: u64,
        dst: &mut (impl Dest + ?Sized),
        at: usize,
    ) -> usize {
        assert!(dst.size() >= 16 && at <= dst.size() - 16);
        let (lo, hi) = ((keep & 0xFF) as usize, (keep >> 8 & 0xFF) as usize);
        let second = at + lo.count_ones() as usize;
        let p = dst.start();
        // SAFETY: the `Ssse3` proof (the shuffles); the tables' rows are 8 bytes; the two
        // 8-byte stores are at `at` and at most `at + 8`, in `dst` by the assertion.
        unsafe {
            let s = _mm_loadl_epi64(COMPACT[lo].as_ptr().cast());
            _mm_storel_epi64(p.add(at).cast(), _mm_shuffle_epi8(self.0, s));
            let s = _mm_add_epi8(
                _mm_loadl_epi64(COMPACT[hi].as_ptr().cast()),
                _mm_set1_epi8(8),
            );
            _mm_storel_epi64(p.add(second).cast(), _mm_shuffle_epi8(self.0, s));
        }
        keep.count_ones() as usize
    }

    #[inline(always)]
    fn and(self, o: V128) -> V128 {
        // SAFETY: SSE2 is part of the x86_64 baseline; a register operation.
        V128(unsafe { _mm_and_si128(self.0, o.0) })
    }

    #[inline(always)]
    fn or(self, o: V128) -> V128 {
        // SAFETY: as for `and`.
        V128(unsafe { _mm_or_si128(self.0, o.0) })
    }

    #[inline(always)]
    fn add(self, o: V128) -> V128 {
        // SAFETY: as for `and`.
        V128(unsafe { _mm_add_epi8(self.0, o.0) })
    }

    #[inline(always)]
    fn sub(self, o: V128) -> V128 {
        // SAFETY: as for `and`.
        V128(unsafe { _mm_sub_epi8(self.0, o.0) })
    }

    #[inline(always)]
    fn saturating_sub(self, o: V128) -> V128 {
        // SAFETY: as for `and`.
        V128(unsafe { _mm_subs_epu8(self.0, o.0) })
    }

    #[inline(always)]
    fn xor(self, o: V128) -> V128 {
        // SAFETY: as for `and`.
        V128(unsafe { _mm_xor_si128(self.0, o.0) })
    }

    #[inline(always)]
    fn predecessors(self, _: Ssse3, before: V128) -> (V128, V128, V128) {
        // SAFETY: the `Ssse3` proof, `palignr`'s feature; register operations.
        unsafe {
            (
                V128(_mm_alignr_epi8::<15>(self.0, before.0)),
                V128(_mm_alignr_epi8::<14>(self.0, before.0)),
                V128(_mm_alignr_epi8::<13>(self.0, before.0)),
            )
        }
    }

    #[inline(always)]
    fn times16_plus(self, low: V128) -> V128 {
        // Every byte is <= 15, so the 16-bit shift moves nothing across bytes.
        // SAFETY: as for `and`.
        V128(unsafe { _mm_or_si128(_mm_slli_epi16::<4>(self.0), low.0) })
    }

    #[inline(always)]
    fn nibbles(self) -> (V128, V128) {
        // SAFETY: as for `and`.
        unsafe {
            let nib = _mm_set1_epi8(0x0F);
            (
                V128(_mm_and_si128(self.0, nib)),
                V128(_mm_and_si128(_mm_srli_epi16::<4>(self.0), nib)),
            )
        }
    }

    #[inline(always)]
    fn lookup(self, _: Ssse3, idx: V128) -> V128 {
        // SAFETY: the `Ssse3` proof: the CPU has `pshufb`.
        V128(unsafe { _mm_shuffle_epi8(self.0, idx.0) })
    }

    #[inline(always)]
    fn eq(self, o: V128) -> M128 {
        // SAFETY: as for `and`.
        M128(unsafe { _mm_cmpeq_epi8(self.0, o.0) })
    }

    #[inline(always)]
    fn le(self, o: V128) -> M128 {
        // SAFETY: as for `and`.
        M128(unsafe { _mm_cmpeq_epi8(_mm_min_epu8(self.0, o.0), self.0) })
    }

    #[inline(always)]
    fn zero_unless(self, m: M128) -> V128 {
        // SAFETY: as for `and`.
        V128(unsafe { _mm_and_si128(self.0, m.0) })
    }

    #[inline(always)]
    fn select(m: M128, yes: V128, no: V128) -> V128 {
        // SAFETY: as for `and` (SSE2 has no byte blend).
        V128(unsafe { _mm_or_si128(_mm_and_si128(m.0, yes.0), _mm_andnot_si128(m.0, no.0)) })
    }

    #[inline(always)]
    fn nonzero_bits(self) -> u64 {
        // SAFETY: as for `and`.
        let zero = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) };
        !(zero as u32 as u64) & 0xFFFF
    }

    #[inline(always)]
    fn sign_bits(self) -> u64 {
        // SAFETY: as for `and`.
        unsafe { _mm_movemask_epi8(self.0) as u32 as u64 }
    }
}
