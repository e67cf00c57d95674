//! Vectorized (SIMD) kernels for the codec's hot loops (feature `simd`, on by default), split
//! by architecture as the `memchr` crate does: [`x86_64`] holds one file per instruction-set
//! level and their dispatch; [`utf8`] the UTF-8 conversions that skip a second validation.
//! The scalar code of `codec::kernel`, `encode.rs` and `decode.rs` is the fallback and the
//! reference; `codec::kernel` chooses between the two in one place.
//!
//! # Rationale
//!
//! This is the only module of the crate that may use `unsafe`, and the crate builds and
//! passes its whole suite without it (`--no-default-features`). Safe Rust has no portable
//! way to compare 16 bytes at once or to shuffle bytes within a register, and the scalar
//! code had reached its limit (one table load per byte for the encoder, one branch per
//! escape for the decoder, and `%`-dense text is an unpredictable mix of both). Every
//! `unsafe` block here is one of these kinds, each with a `// SAFETY:` comment:
//!
//! - calling a function compiled for a [`KernelLevel`]'s features (`#[target_feature(enable =
//!   "ssse3,popcnt")]`, the AVX2 and AVX-512 sets alike), only after the detection found
//!   them all on the running CPU (SSE2 is part of the x86_64 baseline, so the SSE2 code
//!   needs no check);
//! - an unaligned 16-byte load (`_mm_loadu_si128`) from a slice position that an assertion
//!   (`load16`) keeps at least 16 bytes from its end, or from a 16-byte table; the 32- and
//!   64-byte loads of the AVX2 and AVX-512 searches and the AVX2 decoder alike, kept in the
//!   slice by an assertion or by their loop's condition;
//! - a store (8, 16 or 32 bytes) at a slice position that an assertion keeps far enough
//!   from its end;
//! - an AVX-512 masked load or store (`_mm512_maskz_loadu_epi8`, `_mm512_mask_storeu_epi8`),
//!   which touches only the bytes of its mask: those a slice holds, or that an assertion
//!   keeps within a `Vec`'s spare capacity;
//! - writes into a `Vec`'s spare capacity (the decoder's, and the encoder's
//!   `encode_owned_avx512`: a raw pointer past the length, every store's end asserted
//!   within the capacity), then `Vec::set_len` over exactly the bytes written, so the buffer
//!   is never zero-filled first;
//! - `String::from_utf8_unchecked` on an encoder's output, when its set makes the output
//!   UTF-8 by construction, or on bytes that `simdutf8` has just validated (one vector pass,
//!   where `String::from_utf8` would validate again with the scalar loop).
//!
//! Every kernel gives byte-identical results to the scalar path; the properties in
//! `simd_tests.rs` compare them on random input for every named set and for random sets, at
//! every level the running CPU has.
//!
//! Techniques: the "nibble lookup" set test (two `pshufb` lookups, as in Langdale and
//! Lemire's simdjson and Muła's SIMD byte-set papers), `pcmpeqb` + `pmovmskb` searches (as
//! in the `memchr` crate), and a 256-entry shuffle table to drop the two digit bytes of each
//! escape (stream compaction).
//!
//! [`KernelLevel`]: crate::codec::KernelLevel
#![allow(unsafe_code)]

pub(crate) mod utf8;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;
