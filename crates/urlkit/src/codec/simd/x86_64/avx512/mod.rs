//! The AVX-512 kernels ([`KernelLevel::Avx512`]: F, BW, VL and VBMI2 besides AVX2): 64 bytes
//! per step, and masked loads and stores for a line's last bytes.
//!
//! # Rationale
//!
//! URLs are short (40 to 120 bytes in the real lists), so a call is mostly fixed cost: a
//! loop's setup and its tail dominate, not its throughput. A masked load covers a whole line,
//! or its tail, in one step, reading nothing past its end.
//!
//! [`KernelLevel::Avx512`]: crate::codec::KernelLevel::Avx512

mod decode;
mod encode;

pub(super) use decode::{decode_avx512, find_special_avx512};
pub(super) use encode::{encode_owned_avx512, first_in_set_avx512};
