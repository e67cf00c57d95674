//! The codec's hot loops (the encoders' set search and expansion, the decoders' `%` search
//! and compaction) at a [`KernelLevel`]: the one place that chooses between the vector
//! kernels of `codec::simd` (feature `simd`, x86_64) and [`portable`], which has none, so
//! that the scalar code here and in `encode.rs` and `decode.rs` runs.
//!
//! # Rationale
//!
//! The choice is made once, by module, as the `memchr` crate does, rather than by a `cfg`
//! on each item: the rest of the codec calls the same functions in every build, and the
//! scalar-only build (`--no-default-features`) compiles with `unsafe_code` forbidden.

use std::fmt;

#[cfg(not(feature = "simd"))]
mod checked_utf8;
#[cfg(not(all(feature = "simd", target_arch = "x86_64")))]
mod portable;

#[cfg(feature = "simd")]
use super::simd::utf8;
#[cfg(all(feature = "simd", target_arch = "x86_64"))]
use super::simd::x86_64 as imp;
#[cfg(not(feature = "simd"))]
use checked_utf8 as utf8;
#[cfg(not(all(feature = "simd", target_arch = "x86_64")))]
use portable as imp;

pub(crate) use imp::{copy_escape_run, decode_append, encode_chunks, encode_owned};
pub(crate) use utf8::{string_valid_by_construction, validated_str, validated_string};

/// The instruction set the codec's kernels may use; each level includes the ones before it.
///
/// [`kernel_level`] says which one this CPU and this build run; benchmarks report it, since
/// the ratios they show hold for that level.
///
/// ```
/// use urlkit::codec::{kernel_level, KernelLevel};
/// assert!(kernel_level() >= KernelLevel::Scalar);
/// assert_eq!(KernelLevel::Avx2.name(), "avx2");
/// ```
///
/// Spec: <https://www.intel.com/content/www/us/en/docs/intrinsics-guide/index.html>
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KernelLevel {
    /// The portable scalar code (the reference; every architecture, and every build without
    /// the `simd` feature).
    Scalar,
    /// SSE2, the x86_64 baseline: byte searches.
    Sse2,
    /// SSSE3 (`pshufb`) and POPCNT: byte-set tests and the decoder's compaction too.
    Ssse3,
    /// AVX2, BMI1, BMI2, LZCNT and POPCNT (x86-64-v3): 32 bytes per step.
    Avx2,
    /// AVX-512 F, BW, VL and VBMI2 besides AVX2 (x86-64-v4 and byte compress/expand):
    /// 64 bytes per step, and masked loads for short inputs.
    Avx512,
}

impl KernelLevel {
    /// Every level, lowest first.
    pub const ALL: [KernelLevel; 5] = [
        KernelLevel::Scalar,
        KernelLevel::Sse2,
        KernelLevel::Ssse3,
        KernelLevel::Avx2,
        KernelLevel::Avx512,
    ];

    /// The level's name in lowercase, as benchmarks and tests print it.
    ///
    /// ```
    /// use urlkit::codec::KernelLevel;
    /// assert_eq!(KernelLevel::Avx512.name(), "avx512");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            KernelLevel::Scalar => "scalar",
            KernelLevel::Sse2 => "sse2",
            KernelLevel::Ssse3 => "ssse3",
            KernelLevel::Avx2 => "avx2",
            KernelLevel::Avx512 => "avx512",
        }
    }

    /// The level that runs when the kernels are capped at `self`: the lower of `self` and
    /// what this CPU and build have ([`kernel_level`]). A cap is a value the caller passes
    /// ([`Encoder::kernel`](crate::codec::Encoder::kernel),
    /// [`Decoder::kernel`](crate::codec::Decoder::kernel),
    /// [`Keys::kernel`](crate::normalize::Keys::kernel)): benchmarks and tests run the AVX2
    /// path on a CPU that has AVX-512 this way; the library reads no environment.
    ///
    /// ```
    /// use urlkit::codec::{kernel_level, KernelLevel};
    /// assert_eq!(KernelLevel::Scalar.effective(), KernelLevel::Scalar);
    /// assert_eq!(KernelLevel::Avx512.effective(), kernel_level());
    /// assert!(KernelLevel::Avx2.effective() <= KernelLevel::Avx2);
    /// ```
    #[inline]
    pub fn effective(self) -> KernelLevel {
        self.min(kernel_level())
    }

    /// The highest level there is: the cap that caps nothing.
    pub(crate) const TOP: KernelLevel = KernelLevel::Avx512;

    /// Every level up to `self`, lowest first: what the property tests compare.
    #[cfg(test)]
    pub(crate) fn up_to(self) -> impl Iterator<Item = KernelLevel> {
        KernelLevel::ALL.into_iter().filter(move |l| *l <= self)
    }
}

impl fmt::Display for KernelLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The best [`KernelLevel`] that this build runs on this CPU: [`KernelLevel::Scalar`]
/// without the `simd` feature or on an architecture without kernels, else the best level
/// the CPU was found to have (detected once).
///
/// ```
/// let level = urlkit::codec::kernel_level();
/// println!("codec kernels: {level}");
/// ```
///
/// Spec: <https://doc.rust-lang.org/std/arch/macro.is_x86_feature_detected.html>
#[inline]
pub fn kernel_level() -> KernelLevel {
    imp::detect()
}

/// What a byte set does with the 128 non-ASCII bytes, which the nibble tables do not cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NonAscii {
    /// All are in the set: the sign bit (`pmovmskb`) flags them.
    All,
    /// None is in the set.
    None,
    /// Some are: the vector test is not exact, the scalar table is used.
    Mixed,
}

/// A byte set as two 16-byte tables for the nibble lookup: an ASCII byte `b` is in the set iff
/// `lo[b & 15] & hi[b >> 4] != 0` (row `r` of the 8 ASCII high nibbles is bit `r`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NibbleSet {
    pub(crate) lo: [u8; 16],
    pub(crate) hi: [u8; 16],
    pub(crate) non_ascii: NonAscii,
}

impl NibbleSet {
    /// The tables for the bytes `b` with `table[b] != 0`.
    pub(crate) const fn new(table: &[u8; 256]) -> NibbleSet {
        let mut lo = [0u8; 16];
        let mut hi = [0u8; 16];
        let mut r = 0;
        while r < 8 {
            hi[r] = 1 << r;
            let mut l = 0;
            while l < 16 {
                if table[r * 16 + l] != 0 {
                    lo[l] |= 1 << r;
                }
                l += 1;
            }
            r += 1;
        }
        let mut count = 0;
        let mut b = 128;
        while b < 256 {
            if table[b] != 0 {
                count += 1;
            }
            b += 1;
        }
        let non_ascii = match count {
            0 => NonAscii::None,
            128 => NonAscii::All,
            _ => NonAscii::Mixed,
        };
        NibbleSet { lo, hi, non_ascii }
    }
}

/// Where an encoder's input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Input {
    /// A `&str`: valid UTF-8.
    Text,
    /// Arbitrary bytes.
    Bytes,
}

/// The index of the first byte `b` of `input[from..]` with `table[b] != 0` (`set` is the same
/// set as nibble tables), absolute.
#[inline]
pub(crate) fn first_in_set(
    level: KernelLevel,
    set: &NibbleSet,
    table: &[u8; 256],
    input: &[u8],
    from: usize,
) -> Option<usize> {
    if let Some(found) = imp::first_in_set(level, set, input, from) {
        return found;
    }
    let rest = input.get(from..)?;
    rest.iter()
        .position(|&b| table[b as usize] != 0)
        .map(|p| p + from)
}

/// The index of the first `%` (or, when `PLUS`, `+`) in `input`.
#[inline]
pub(crate) fn find_special<const PLUS: bool>(level: KernelLevel, input: &[u8]) -> Option<usize> {
    if let Some(found) = imp::find_special::<PLUS>(level, input) {
        return found;
    }
    if PLUS {
        memchr::memchr2(b'%', b'+', input)
    } else {
        memchr::memchr(b'%', input)
    }
}

/// An encoder's output (for the set whose changed bytes `set` holds) as a `String`, without
/// validating it again when the set guarantees it is UTF-8:
///
/// - every non-ASCII byte encoded ([`NonAscii::All`]): the output is ASCII (kept ASCII bytes
///   and `%XX` / `+`);
/// - none encoded ([`NonAscii::None`]) and `Text` input: only ASCII bytes are replaced, by
///   ASCII, and an ASCII byte is never part of a multi-byte sequence, so the input's UTF-8
///   sequences are kept whole.
///
/// Otherwise (some non-ASCII bytes encoded, which may split a sequence) it is checked, and
/// invalid sequences become U+FFFD.
#[inline]
pub(crate) fn encoded_into_string(bytes: Vec<u8>, set: &NibbleSet, input: Input) -> String {
    let valid_by_construction = match set.non_ascii {
        NonAscii::All => true,
        NonAscii::None => input == Input::Text,
        NonAscii::Mixed => false,
    };
    if valid_by_construction {
        utf8::string_valid_by_construction(bytes)
    } else {
        match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }
    }
}

#[cfg(test)]
mod encode_tests;
#[cfg(test)]
mod tests;
