//! Vectorized (SIMD) kernels for the codec's hot loops (feature `simd`, on by default), split
//! by architecture as the `memchr` crate does: [`x86_64`] holds the kernels, each routine
//! written once over a vector trait and compiled per instruction-set level, and their
//! dispatch; [`utf8`] the UTF-8 conversions that skip a second validation. The scalar code
//! of `codec::kernel`, `encode.rs` and `decode.rs` is the fallback and the reference;
//! `codec::kernel` chooses between the two in one place.
//!
//! # Rationale
//!
//! This is the only module of the crate that may use `unsafe`, and the crate builds and
//! passes its whole suite without it (`--no-default-features`). Safe Rust has no portable
//! way to compare 16 bytes at once or to shuffle bytes within a register, and the scalar
//! code had reached its limit (one table load per byte for the encoder, one branch per
//! escape for the decoder, and `%`-dense text is an unpredictable mix of both). The kernels
//! are safe `#[target_feature]` functions that take a proof of their level (a zero-sized
//! token that only the detection makes); every `unsafe` block here is one of these kinds,
//! each with a `// SAFETY:` comment:
//!
//! - calling a kernel compiled for a [`KernelLevel`]'s features, with the token that the
//!   detection made after it found them all on the running CPU;
//! - in the vector trait's implementation for one width (`x86_64/vector/`), an instruction
//!   of that width, which a trait method cannot enable by `#[target_feature]`: the register
//!   it works on was made from the width's token;
//! - an unaligned load (16, 32 or 64 bytes) from a slice position that an assertion keeps
//!   far enough from its end, or from a table of that size;
//! - a store (4, 8, 16, 32 or 64 bytes) at a position that an assertion keeps far enough
//!   from the end of the memory written (a slice, or a `Vec`'s spare capacity);
//! - an AVX-512 masked load or store (`_mm512_maskz_loadu_epi8`, `_mm512_mask_storeu_epi8`),
//!   which touches only the bytes of its mask, which an assertion keeps in the slice;
//! - `Vec::set_len` over exactly the bytes the kernel wrote into the spare capacity (the
//!   decoder's, and the AVX-512 encoder's), so the buffer is never zero-filled first;
//! - `String::from_utf8_unchecked` on an encoder's output, when its set makes the output
//!   UTF-8 by construction, or on bytes that `simdutf8` has just validated (one vector pass,
//!   where `String::from_utf8` would validate again with the scalar loop).
//!
//! Every kernel gives byte-identical results to the scalar path; the properties in
//! `codec/kernel/tests.rs` compare them on random input for every named set and for random
//! sets, at every level the running CPU has (each level is a cap the tests pass, as
//! [`KernelLevel::effective`] describes).
//!
//! Techniques: the "nibble lookup" set test (two `pshufb` lookups, as in Langdale and
//! Lemire's simdjson and Muła's SIMD byte-set papers), `pcmpeqb` + `pmovmskb` searches (as
//! in the `memchr` crate), and a 256-entry shuffle table to drop the two digit bytes of each
//! escape (stream compaction), or AVX-512 VBMI2's `vpcompressb`.
//!
//! [`KernelLevel`]: crate::codec::KernelLevel
//! [`KernelLevel::effective`]: crate::codec::KernelLevel::effective
#![allow(unsafe_code)]
// Every unsafe operation in a block of its own with its `// SAFETY:` comment, kept so.
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]

pub(crate) mod utf8;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;
