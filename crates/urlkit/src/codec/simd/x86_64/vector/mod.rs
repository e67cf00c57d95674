//! The vector registers of the x86_64 levels behind one crate-private trait, [`Vector`], so
//! that a routine is written once, generic over the width, and compiled for each level
//! (128 bits for SSE2 and SSSE3, 256 for AVX2, 512 for AVX-512) by a `#[target_feature]`
//! function that names the width: the 128-, 256- and 512-bit loops are one algorithm.
//!
//! # Rationale
//!
//! A register value proves the CPU has its instruction set: each level has a zero-sized
//! token ([`Sse2`], [`Ssse3`], [`Avx2`], [`Avx512`]) that only [`Ssse3::detected`] and its
//! siblings make, after the detection found the features, and every value of a width is
//! made from its token or from other values of the width. So the trait's methods are safe
//! to call; each width's file holds the `unsafe` of its instructions, justified by that
//! invariant, and of its loads and stores, justified by the bounds each one asserts. The
//! generic routines hold no `unsafe` but `Vec::set_len`. The 128-bit byte shuffle needs
//! SSSE3, more than the SSE2 of the other 128-bit operations: it takes its own token
//! ([`Vector::ShuffleIsa`]). The methods are `#[inline(always)]`: inlined into a
//! `#[target_feature]` routine, they become the single instructions of that level (as in
//! the `memchr` crate's vector trait). A trait method cannot carry `#[target_feature]`
//! itself, so its instructions are called in an `unsafe` block, not as safe calls.

use core::arch::x86_64::__m128i;
use core::mem::MaybeUninit;

use super::allowed;
use crate::codec::kernel_types::KernelLevel;

mod v128;
mod v256;
mod v512;

pub(crate) use v128::V128;
pub(crate) use v256::V256;
pub(crate) use v512::V512;

/// The proof that the running CPU has SSE2: every x86_64 CPU does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sse2(());

/// The proof that the running CPU has SSSE3 and POPCNT (and SSE2, the x86_64 baseline).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ssse3(());

/// The proof that the running CPU has the features of [`KernelLevel::Avx2`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

/// The proof that the running CPU has the features of [`KernelLevel::Avx512`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(());

impl Sse2 {
    /// The proof, when `level` asks for SSE2 (part of the x86_64 baseline: no detection).
    #[inline]
    pub(crate) fn detected(level: KernelLevel) -> Option<Sse2> {
        (level >= KernelLevel::Sse2).then_some(Sse2(()))
    }
}

impl Ssse3 {
    /// The proof, when `level` asks for SSSE3 and the running CPU has it.
    #[inline]
    pub(crate) fn detected(level: KernelLevel) -> Option<Ssse3> {
        allowed(level, KernelLevel::Ssse3).then_some(Ssse3(()))
    }

    /// SSSE3 implies SSE2.
    #[inline(always)]
    pub(crate) fn sse2(self) -> Sse2 {
        Sse2(())
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

/// A per-byte condition of a register: a register of 0xFF / 0x00 bytes at 128 and 256 bits,
/// a mask register (one bit per byte) at 512.
pub(crate) trait LaneMask: Copy {
    /// Both conditions.
    fn and(self, o: Self) -> Self;
    /// Either condition.
    fn or(self, o: Self) -> Self;
    /// Bit `i` set where byte `i` meets the condition.
    fn bits(self) -> u64;
}

/// A vector register of bytes. See the module's rationale for why the methods are safe.
pub(crate) trait Vector: Copy {
    /// Bytes per register.
    const BYTES: usize;
    /// Whether the width has masked loads and stores: [`Vector::load_prefix`] and
    /// [`Vector::load_to_end`] read nothing past the bytes asked for, and
    /// [`Vector::store_prefix`] writes nothing past them.
    const MASKED: bool;
    /// The proof of the instruction set these registers need.
    type Isa: Copy;
    /// The proof of the instruction set of the byte shuffles ([`Vector::lookup`],
    /// [`Vector::compress_store`]).
    type ShuffleIsa: Copy;
    /// A per-byte condition.
    type Mask: LaneMask;

    /// The proof of the other instructions, from that of the shuffles.
    fn base(isa: Self::ShuffleIsa) -> Self::Isa;
    /// The SSSE3 proof, which every level with byte shuffles implies: for the 16-byte code
    /// that a wider routine runs on the lanes of its registers (the encoders' expansion).
    fn ssse3(isa: Self::ShuffleIsa) -> Ssse3;
    /// The 128-bit lane `k < BYTES / 16` (bytes `16 * k..16 * k + 16`), for that code.
    fn lane(self, k: usize) -> __m128i;
    /// Every byte `b`.
    fn splat(isa: Self::Isa, b: u8) -> Self;
    /// The 16 bytes of `t` in every 128-bit lane (a `pshufb` table).
    fn table(isa: Self::Isa, t: &[u8; 16]) -> Self;
    /// The [`Vector::BYTES`] bytes of `bytes` from `at`; panics unless they are in it.
    fn load(isa: Self::Isa, bytes: &[u8], at: usize) -> Self;
    /// The `len <= BYTES` bytes of `bytes` from `at`, zero above them; panics unless they
    /// are in it. The default copies them into a zeroed block first.
    #[inline(always)]
    fn load_prefix(isa: Self::Isa, bytes: &[u8], at: usize, len: usize) -> Self {
        let mut block = [0u8; 64];
        block[..len].copy_from_slice(&bytes[at..at + len]);
        Self::load(isa, &block, 0)
    }
    /// With masked loads ([`Vector::MASKED`]): the bytes of `bytes` from `at` up to its end
    /// or [`Vector::BYTES`] of them, zero above (all zero from `at >= bytes.len()`). Without:
    /// [`Vector::load`].
    #[inline(always)]
    fn load_to_end(isa: Self::Isa, bytes: &[u8], at: usize) -> Self {
        Self::load(isa, bytes, at)
    }
    /// Writes the [`Vector::BYTES`] bytes at `dst[at..]`; panics unless they are in it.
    fn store(self, dst: &mut (impl Dest + ?Sized), at: usize);
    /// Writes the first `len <= BYTES` bytes at `dst[at..]`: with masked stores, those
    /// only, and only those in `dst` (the caller checks the count it keeps against `dst`'s
    /// length once, at the end: a store cut short leaves it past the end); without, all
    /// [`Vector::BYTES`] bytes, and it panics unless they are in `dst`.
    #[inline(always)]
    fn store_prefix(self, dst: &mut (impl Dest + ?Sized), at: usize, _len: usize) {
        self.store(dst, at);
    }
    /// Writes the bytes whose bit is set in `keep`, packed, at `dst[at..]`, and returns how
    /// many: with masked stores, those only, as [`Vector::store_prefix`] writes them;
    /// without, [`Vector::BYTES`] bytes, and it panics unless they are in `dst`.
    fn compress_store(
        self,
        isa: Self::ShuffleIsa,
        keep: u64,
        dst: &mut (impl Dest + ?Sized),
        at: usize,
    ) -> usize;

    /// Bitwise and.
    fn and(self, o: Self) -> Self;
    /// Bitwise or.
    fn or(self, o: Self) -> Self;
    /// Bytewise wrapping addition.
    fn add(self, o: Self) -> Self;
    /// Bytewise wrapping subtraction.
    fn sub(self, o: Self) -> Self;
    /// Bytewise unsigned saturating subtraction (0 where `o` is the greater).
    fn saturating_sub(self, o: Self) -> Self;
    /// Bitwise exclusive or.
    fn xor(self, o: Self) -> Self;
    /// The register shifted up by 1, 2 and 3 bytes, the top bytes of `before` shifted in:
    /// each byte's three predecessors in a stream of registers.
    fn predecessors(self, isa: Self::ShuffleIsa, before: Self) -> (Self, Self, Self);
    /// `16 * self + low` per byte, for `self <= 15` (a hex digit pair's byte).
    fn times16_plus(self, low: Self) -> Self;
    /// The low and the high nibble of every byte.
    fn nibbles(self) -> (Self, Self);
    /// `pshufb`: per 128-bit lane, byte `i` is `self[idx[i] & 15]` (0 when `idx[i]` has its
    /// sign bit).
    fn lookup(self, isa: Self::ShuffleIsa, idx: Self) -> Self;
    /// Where byte `i` equals that of `o`.
    fn eq(self, o: Self) -> Self::Mask;
    /// Where byte `i` is at most that of `o`, unsigned.
    fn le(self, o: Self) -> Self::Mask;
    /// The bytes where `m` holds, zero elsewhere.
    fn zero_unless(self, m: Self::Mask) -> Self;
    /// Byte `i` of `yes` where `m` holds, of `no` elsewhere.
    fn select(m: Self::Mask, yes: Self, no: Self) -> Self;
    /// [`Vector::select`] for a `no` that is 0 wherever `m` holds: `yes` where `m` holds,
    /// `no` elsewhere, by the width's cheapest form (an or of `yes` zeroed outside `m`).
    #[inline(always)]
    fn merge(m: Self::Mask, yes: Self, no: Self) -> Self {
        yes.zero_unless(m).or(no)
    }
    /// Bit `i` set where byte `i` is not 0.
    fn nonzero_bits(self) -> u64;
    /// Bit `i` set where byte `i` is >= 0x80.
    fn sign_bits(self) -> u64;

    /// The bits of the first `k <= 64` bytes ([`first_bits`]; one instruction where the
    /// level has BMI2).
    #[inline(always)]
    fn first_bits(_: Self::Isa, k: usize) -> u64 {
        first_bits(k)
    }

    /// Bit `i` set where byte `i` equals that of `o`.
    #[inline(always)]
    fn eq_bits(self, o: Self) -> u64 {
        self.eq(o).bits()
    }
}

/// Memory a kernel writes bytes into: initialized bytes, or a `Vec`'s spare capacity.
pub(crate) trait Dest {
    /// The first byte.
    fn start(&mut self) -> *mut u8;
    /// How many bytes.
    fn size(&self) -> usize;
}

impl Dest for [u8] {
    #[inline(always)]
    fn start(&mut self) -> *mut u8 {
        self.as_mut_ptr()
    }

    #[inline(always)]
    fn size(&self) -> usize {
        self.len()
    }
}

impl Dest for [MaybeUninit<u8>] {
    #[inline(always)]
    fn start(&mut self) -> *mut u8 {
        self.as_mut_ptr().cast()
    }

    #[inline(always)]
    fn size(&self) -> usize {
        self.len()
    }
}

/// The bits of the first `k <= 64` bytes.
#[inline(always)]
pub(crate) fn first_bits(k: usize) -> u64 {
    u64::MAX.checked_shr(64 - k as u32).unwrap_or(0)
}

/// For each 8-bit keep mask: the indices of its set bits, then 0x80 (`pshufb` writes 0).
static COMPACT: [[u8; 8]; 256] = {
    let mut t = [[0x80u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if m & (1 << bit) != 0 {
                t[m][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
};

/// The `pshufb` control that packs the bytes of an 8-byte group whose bits are set in `keep`
/// to the group's start, as a `u64`, its indices moved on by `base` (0 or 8: the group's
/// place in its 128-bit lane).
#[inline(always)]
fn compact_control(keep: u64, base: u64) -> i64 {
    let c = u64::from_le_bytes(COMPACT[(keep & 0xFF) as usize]);
    // Adding 8 to 0x80 (write 0) gives 0x88, which still writes 0.
    (c + base * 0x0101_0101_0101_0101) as i64
}
