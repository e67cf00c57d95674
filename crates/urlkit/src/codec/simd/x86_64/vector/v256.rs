//! The 256-bit registers (AVX2).

use core::arch::x86_64::*;

use super::{compact_control, Avx2, Dest, LaneMask, Ssse3, Vector};

/// A 256-bit register (AVX2).
#[derive(Clone, Copy, Debug)]
pub(crate) struct V256(__m256i);

/// A per-byte condition of a [`V256`]: 0xFF where it holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct M256(__m256i);

impl LaneMask for M256 {
    #[inline(always)]
    fn and(self, o: M256) -> M256 {
        // SAFETY: an M256 is made only from V256s, which an `Avx2` proof makes.
        M256(unsafe { _mm256_and_si256(self.0, o.0) })
    }

    #[inline(always)]
    fn or(self, o: M256) -> M256 {
        // SAFETY: as for `and`.
        M256(unsafe { _mm256_or_si256(self.0, o.0) })
    }

    #[inline(always)]
    fn bits(self) -> u64 {
        // SAFETY: as for `and`.
        unsafe { _mm256_movemask_epi8(self.0) as u32 as u64 }
    }
}

impl Vector for V256 {
    const BYTES: usize = 32;
    const MASKED: bool = false;
    type Isa = Avx2;
    type ShuffleIsa = Avx2;
    type Mask = M256;

    #[inline(always)]
    fn base(isa: Avx2) -> Avx2 {
        isa
    }

    #[inline(always)]
    fn ssse3(isa: Avx2) -> Ssse3 {
        isa.ssse3()
    }

    #[inline(always)]
    fn lane(self, k: usize) -> __m128i {
        debug_assert!(k < 2, "a 256-bit register has two lanes");
        // SAFETY: a V256 is made only from an `Avx2` proof; register operations.
        unsafe {
            if k == 0 {
                _mm256_castsi256_si128(self.0)
            } else {
                _mm256_extracti128_si256::<1>(self.0)
            }
        }
    }

    #[inline(always)]
    fn splat(_: Avx2, b: u8) -> V256 {
        // SAFETY: the `Avx2` proof: the CPU has AVX2.
        V256(unsafe { _mm256_set1_epi8(b as i8) })
    }

    #[inline(always)]
    fn table(_: Avx2, t: &[u8; 16]) -> V256 {
        // SAFETY: the `Avx2` proof; `t` is 16 bytes (an unaligned load).
        V256(unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) })
    }

    #[inline(always)]
    fn load(_: Avx2, bytes: &[u8], at: usize) -> V256 {
        assert!(bytes.len() >= 32 && at <= bytes.len() - 32);
        // SAFETY: the `Avx2` proof; the assertion keeps the 32 bytes in `bytes`.
        V256(unsafe { _mm256_loadu_si256(bytes.as_ptr().add(at).cast()) })
    }

    #[inline(always)]
    fn store(self, dst: &mut (impl Dest + ?Sized), at: usize) {
        assert!(dst.size() >= 32 && at <= dst.size() - 32);
        // SAFETY: a V256 proves AVX2; the assertion keeps the 32 bytes written in `dst`.
        unsafe { _mm256_storeu_si256(dst.start().add(at).cast(), self.0) };
    }

    #[inline(always)]
    fn compress_store(
        self,
        _: Avx2,
        keep: u64,
        dst: &mut (impl Dest + ?Sized),
        at: usize,
    ) -> usize {
        assert!(dst.size() >= 32 && at <= dst.size() - 32);
        // One `vpshufb` packs each 8-byte group to its start (no shuffle crosses the two
        // 128-bit lanes), then four 8-byte stores, each at most 8 bytes after the one before.
        let mut ends = [at; 4];
        for g in 1..4 {
            ends[g] = ends[g - 1] + (keep >> (8 * (g - 1)) & 0xFF).count_ones() as usize;
        }
        let p = dst.start();
        // SAFETY: the `Avx2` proof; the four 8-byte stores start at most 24 bytes after
        // `at`, so they end within the 32 bytes that the assertion keeps in `dst`.
        unsafe {
            let packed = _mm256_shuffle_epi8(
                self.0,
                _mm256_setr_epi64x(
                    compact_control(keep, 0),
                    compact_control(keep >> 8, 8),
                    compact_control(keep >> 16, 0),
                    compact_control(keep >> 24, 8),
                ),
            );
            let (lo, hi) = (
                _mm256_castsi256_si128(packed),
                _mm256_extracti128_si256::<1>(packed),
            );
            _mm_storel_epi64(p.add(ends[0]).cast(), lo);
            _mm_storel_epi64(p.add(ends[1]).cast(), _mm_unpackhi_epi64(lo, lo));
            _mm_storel_epi64(p.add(ends[2]).cast(), hi);
            _mm_storel_epi64(p.add(ends[3]).cast(), _mm_unpackhi_epi64(hi, hi));
        }
        (keep & 0xFFFF_FFFF).count_ones() as usize
    }

    #[inline(always)]
    fn and(self, o: V256) -> V256 {
        // SAFETY: a V256 is made only from an `Avx2` proof (or from other V256s).
        V256(unsafe { _mm256_and_si256(self.0, o.0) })
    }

    #[inline(always)]
    fn or(self, o: V256) -> V256 {
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_or_si256(self.0, o.0) })
    }

    #[inline(always)]
    fn add(self, o: V256) -> V256 {
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_add_epi8(self.0, o.0) })
    }

    #[inline(always)]
    fn sub(self, o: V256) -> V256 {
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_sub_epi8(self.0, o.0) })
    }

    #[inline(always)]
    fn saturating_sub(self, o: V256) -> V256 {
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_subs_epu8(self.0, o.0) })
    }

    #[inline(always)]
    fn xor(self, o: V256) -> V256 {
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_xor_si256(self.0, o.0) })
    }

    #[inline(always)]
    fn predecessors(self, _: Avx2, before: V256) -> (V256, V256, V256) {
        // `palignr` works per 128-bit lane: the lane below each lane, `before`'s high one
        // below the low one.
        // SAFETY: as for `and`.
        unsafe {
            let below = _mm256_permute2x128_si256::<0x21>(before.0, self.0);
            (
                V256(_mm256_alignr_epi8::<15>(self.0, below)),
                V256(_mm256_alignr_epi8::<14>(self.0, below)),
                V256(_mm256_alignr_epi8::<13>(self.0, below)),
            )
        }
    }

    #[inline(always)]
    fn times16_plus(self, low: V256) -> V256 {
        // Every byte is <= 15, so the 16-bit shift moves nothing across bytes.
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_or_si256(_mm256_slli_epi16::<4>(self.0), low.0) })
    }

    #[inline(always)]
    fn nibbles(self) -> (V256, V256) {
        // SAFETY: as for `and`.
        unsafe {
            let nib = _mm256_set1_epi8(0x0F);
            (
                V256(_mm256_and_si256(self.0, nib)),
                V256(_mm256_and_si256(_mm256_srli_epi16::<4>(self.0), nib)),
            )
        }
    }

    #[inline(always)]
    fn lookup(self, _: Avx2, idx: V256) -> V256 {
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_shuffle_epi8(self.0, idx.0) })
    }

    #[inline(always)]
    fn eq(self, o: V256) -> M256 {
        // SAFETY: as for `and`.
        M256(unsafe { _mm256_cmpeq_epi8(self.0, o.0) })
    }

    #[inline(always)]
    fn le(self, o: V256) -> M256 {
        // SAFETY: as for `and`.
        M256(unsafe { _mm256_cmpeq_epi8(_mm256_min_epu8(self.0, o.0), self.0) })
    }

    #[inline(always)]
    fn zero_unless(self, m: M256) -> V256 {
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_and_si256(self.0, m.0) })
    }

    #[inline(always)]
    fn select(m: M256, yes: V256, no: V256) -> V256 {
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_blendv_epi8(no.0, yes.0, m.0) })
    }

    #[inline(always)]
    fn nonzero_bits(self) -> u64 {
        // SAFETY: as for `and`.
        let zero =
            unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi8(self.0, _mm256_setzero_si256())) };
        !(zero as u32 as u64) & 0xFFFF_FFFF
    }

    #[inline(always)]
    fn sign_bits(self) -> u64 {
        // SAFETY: as for `and`.
        unsafe { _mm256_movemask_epi8(self.0) as u32 as u64 }
    }
}
