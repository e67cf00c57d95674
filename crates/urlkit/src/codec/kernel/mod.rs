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

pub(crate) use super::kernel_types::{KernelLevel, KeyClasses, Marks, NibbleSet, NonAscii};
pub(crate) use imp::{decode_append, encode_chunks, encode_owned};
pub(crate) use utf8::{string_valid_by_construction, validated_str, validated_string};

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

impl KernelLevel {
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

/// Marks the bytes of `input` in `classes`, one [`Marks`] per 64-byte block of `out`
/// (`out.len() == input.len().div_ceil(64)`): by the vector pass of `level` where there is
/// one, else by the scalar reference, [`Marks::of_block`].
#[inline]
pub(crate) fn mark_key_bytes(
    level: KernelLevel,
    classes: &KeyClasses,
    input: &[u8],
    out: &mut [Marks],
) {
    debug_assert_eq!(out.len(), input.len().div_ceil(64));
    if imp::mark_key_bytes(level, classes, input, out) {
        return;
    }
    for (block, bytes) in out.iter_mut().zip(input.chunks(64)) {
        *block = Marks::of_block(classes, bytes);
    }
}

/// The index of the first `%` (or, when `PLUS`, `+`) in `input`.
#[inline(always)]
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
#[cfg(test)]
mod utf8_tests;
