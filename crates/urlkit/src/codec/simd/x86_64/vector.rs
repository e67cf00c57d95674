//! The vector registers of the x86_64 levels behind one crate-private trait, [`Vector`], so
//! that a routine is written once, generic over the width, and compiled for each level
//! (128 bits for SSSE3, 256 for AVX2, 512 for AVX-512) by a `#[target_feature]` function
//! that names the width: the 128-, 256- and 512-bit loops are one algorithm.
//!
//! # Rationale
//!
//! A register value proves the CPU has its instruction set: each width has a zero-sized
//! token ([`Ssse3`], [`Avx2`], [`Avx512`]) that only [`Ssse3::detected`] and its siblings
//! make, after the detection found the features, and every value of the width is made from
//! a token or from other values. So the trait's methods are safe to call; the `unsafe` of
//! each one is this file's, justified once per method by that invariant. The generic
//! routines hold no `unsafe` but at their raw stores and `set_len`. The methods are
//! `#[inline(always)]`: inlined into a `#[target_feature]` routine, they become the single
//! instructions of that level (as in the `memchr` crate's vector trait).

use core::arch::x86_64::*;

use super::allowed;
use crate::codec::kernel_types::KernelLevel;

/// The proof that the running CPU has SSSE3 and POPCNT (and SSE2, the x86_64 baseline).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ssse3(());

/// The proof that the running CPU has the features of [`KernelLevel::Avx2`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

/// The proof that the running CPU has the features of [`KernelLevel::Avx512`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(());

impl Ssse3 {
    /// The proof, when `level` asks for SSSE3 and the running CPU has it.
    #[inline]
    pub(crate) fn detected(level: KernelLevel) -> Option<Ssse3> {
        allowed(level, KernelLevel::Ssse3).then_some(Ssse3(()))
    }
}

impl Avx2 {
    /// The proof, when `level` asks for AVX2 and the running CPU has it.
    #[inline]
    pub(crate) fn detected(level: KernelLevel) -> Option<Avx2> {
        allowed(level, KernelLevel::Avx2).then_some(Avx2(()))
    }

    /// AVX2 implies SSSE3: the 128-bit proof, for the short inputs of a 256-bit routine.
    #[inline(always)]
    pub(crate) fn ssse3(self) -> Ssse3 {
        Ssse3(())
    }
}

impl Avx512 {
    /// The proof, when `level` asks for AVX-512 and the running CPU has it.
    #[inline]
    pub(crate) fn detected(level: KernelLevel) -> Option<Avx512> {
        allowed(level, KernelLevel::Avx512).then_some(Avx512(()))
    }
}

/// A vector register of bytes. See the module's rationale for why the methods are safe.
pub(crate) trait Vector: Copy {
    /// Bytes per register.
    const BYTES: usize;
    /// Whether [`Vector::load_prefix`] is a masked load (no copy, nothing read past it).
    const MASKED_PREFIX: bool;
    /// The proof of the instruction set these registers need.
    type Isa: Copy;

    /// Every byte `b`.
    fn splat(isa: Self::Isa, b: u8) -> Self;
    /// The 16 bytes of `t` in every 128-bit lane (a `pshufb` table).
    fn table(isa: Self::Isa, t: &[u8; 16]) -> Self;
    /// The [`Vector::BYTES`] bytes of `bytes` from `at`; panics unless they are in it.
    fn load(isa: Self::Isa, bytes: &[u8], at: usize) -> Self;
    /// The `len < BYTES` bytes of `bytes` from `at`, zero above them; panics unless they are
    /// in it. The default copies them into a zeroed block first.
    #[inline(always)]
    fn load_prefix(isa: Self::Isa, bytes: &[u8], at: usize, len: usize) -> Self {
        let mut block = [0u8; 64];
        block[..len].copy_from_slice(&bytes[at..at + len]);
        Self::load(isa, &block, 0)
    }

    /// Bitwise and.
    fn and(self, o: Self) -> Self;
    /// The low and the high nibble of every byte.
    fn nibbles(self) -> (Self, Self);
    /// `pshufb`: per 128-bit lane, byte `i` is `self[idx[i] & 15]` (0 when `idx[i]` has its
    /// sign bit).
    fn lookup(self, idx: Self) -> Self;
    /// Bit `i` set where byte `i` equals that of `o`.
    fn eq_bits(self, o: Self) -> u64;
    /// Bit `i` set where byte `i` is not 0.
    fn nonzero_bits(self) -> u64;
    /// Bit `i` set where byte `i` is >= 0x80.
    fn sign_bits(self) -> u64;
}

/// A 128-bit register (SSSE3).
#[derive(Clone, Copy, Debug)]
pub(crate) struct V128(__m128i);

/// A 256-bit register (AVX2).
#[derive(Clone, Copy, Debug)]
pub(crate) struct V256(__m256i);

/// A 512-bit register (AVX-512 BW).
#[derive(Clone, Copy, Debug)]
pub(crate) struct V512(__m512i);

impl Vector for V128 {
    const BYTES: usize = 16;
    const MASKED_PREFIX: bool = false;
    type Isa = Ssse3;

    #[inline(always)]
    fn splat(_: Ssse3, b: u8) -> V128 {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        V128(unsafe { _mm_set1_epi8(b as i8) })
    }

    #[inline(always)]
    fn table(isa: Ssse3, t: &[u8; 16]) -> V128 {
        V128::load(isa, t, 0)
    }

    #[inline(always)]
    fn load(_: Ssse3, bytes: &[u8], at: usize) -> V128 {
        assert!(at + 16 <= bytes.len());
        // SAFETY: the assertion keeps the 16 bytes in `bytes`; an unaligned load.
        V128(unsafe { _mm_loadu_si128(bytes.as_ptr().add(at).cast()) })
    }

    #[inline(always)]
    fn and(self, o: V128) -> V128 {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        V128(unsafe { _mm_and_si128(self.0, o.0) })
    }

    #[inline(always)]
    fn nibbles(self) -> (V128, V128) {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe {
            let nib = _mm_set1_epi8(0x0F);
            (
                V128(_mm_and_si128(self.0, nib)),
                V128(_mm_and_si128(_mm_srli_epi16::<4>(self.0), nib)),
            )
        }
    }

    #[inline(always)]
    fn lookup(self, idx: V128) -> V128 {
        // SAFETY: a V128 is made only from an `Ssse3` proof (or from other V128s).
        V128(unsafe { _mm_shuffle_epi8(self.0, idx.0) })
    }

    #[inline(always)]
    fn eq_bits(self, o: V128) -> u64 {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, o.0)) as u32 as u64 }
    }

    #[inline(always)]
    fn nonzero_bits(self) -> u64 {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        let zero = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) };
        !(zero as u32 as u64) & 0xFFFF
    }

    #[inline(always)]
    fn sign_bits(self) -> u64 {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_movemask_epi8(self.0) as u32 as u64 }
    }
}

impl Vector for V256 {
    const BYTES: usize = 32;
    const MASKED_PREFIX: bool = false;
    type Isa = Avx2;

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
        assert!(at + 32 <= bytes.len());
        // SAFETY: the `Avx2` proof; the assertion keeps the 32 bytes in `bytes`.
        V256(unsafe { _mm256_loadu_si256(bytes.as_ptr().add(at).cast()) })
    }

    #[inline(always)]
    fn and(self, o: V256) -> V256 {
        // SAFETY: a V256 is made only from an `Avx2` proof (or from other V256s).
        V256(unsafe { _mm256_and_si256(self.0, o.0) })
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
    fn lookup(self, idx: V256) -> V256 {
        // SAFETY: as for `and`.
        V256(unsafe { _mm256_shuffle_epi8(self.0, idx.0) })
    }

    #[inline(always)]
    fn eq_bits(self, o: V256) -> u64 {
        // SAFETY: as for `and`.
        unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi8(self.0, o.0)) as u32 as u64 }
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

impl Vector for V512 {
    const BYTES: usize = 64;
    const MASKED_PREFIX: bool = true;
    type Isa = Avx512;

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
        assert!(at + 64 <= bytes.len());
        // SAFETY: the `Avx512` proof; the assertion keeps the 64 bytes in `bytes`.
        V512(unsafe { _mm512_loadu_si512(bytes.as_ptr().add(at).cast()) })
    }

    #[inline(always)]
    fn load_prefix(_: Avx512, bytes: &[u8], at: usize, len: usize) -> V512 {
        assert!(len < 64 && at + len <= bytes.len());
        // SAFETY: the `Avx512` proof (BMI2 is part of the level); a masked load touches only
        // the `len` bytes of its mask, which the assertion keeps in `bytes` (the pointer is
        // in bounds or one past the end).
        V512(unsafe {
            _mm512_maskz_loadu_epi8(
                _bzhi_u64(u64::MAX, len as u32),
                bytes.as_ptr().add(at).cast(),
            )
        })
    }

    #[inline(always)]
    fn and(self, o: V512) -> V512 {
        // SAFETY: a V512 is made only from an `Avx512` proof (or from other V512s).
        V512(unsafe { _mm512_and_si512(self.0, o.0) })
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
    fn lookup(self, idx: V512) -> V512 {
        // SAFETY: as for `and`.
        V512(unsafe { _mm512_shuffle_epi8(self.0, idx.0) })
    }

    #[inline(always)]
    fn eq_bits(self, o: V512) -> u64 {
        // SAFETY: as for `and`.
        unsafe { _mm512_cmpeq_epi8_mask(self.0, o.0) }
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
