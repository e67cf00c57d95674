//! The kernels of a build without vector code (no `simd` feature, or an architecture that
//! has none yet): every entry point declines, so the scalar code of `codec::kernel`,
//! `encode.rs` and `decode.rs` runs. The functions mirror `codec::simd::x86_64`'s.

use super::{KernelLevel, NibbleSet};
use crate::uri::chars::Hex;

/// The scalar level: there is no other here.
#[inline]
pub(crate) fn detect() -> KernelLevel {
    KernelLevel::Scalar
}

/// No kernel: the caller's scalar search runs.
#[inline]
pub(crate) fn first_in_set(
    _level: KernelLevel,
    _set: &NibbleSet,
    _input: &[u8],
    _from: usize,
) -> Option<Option<usize>> {
    None
}

/// No kernel: the caller's scalar search runs.
#[inline]
pub(crate) fn find_special<const PLUS: bool>(
    _level: KernelLevel,
    _input: &[u8],
) -> Option<Option<usize>> {
    None
}

/// No kernel: nothing encoded, the position given back.
#[inline]
pub(crate) fn encode_chunks<const PLUS: bool>(
    _level: KernelLevel,
    _set: &NibbleSet,
    _hex: &Hex,
    _input: &[u8],
    i: usize,
    _buf: &mut [u8],
    w: usize,
) -> (usize, usize) {
    (i, w)
}

/// No fused kernel: the caller takes the chunked path.
#[inline]
pub(crate) fn encode_owned<const PLUS: bool>(
    _level: KernelLevel,
    _set: &NibbleSet,
    _hex: &Hex,
    _input: &[u8],
    _first: usize,
    _out: &mut Vec<u8>,
) -> bool {
    false
}

/// No kernel: nothing copied, the caller goes on escape by escape.
#[inline]
pub(crate) fn copy_escape_run(
    _level: KernelLevel,
    _input: &[u8],
    _from: usize,
    _out: &mut [u8],
) -> usize {
    0
}

/// No kernel: nothing decoded, the position given back.
#[inline]
pub(crate) fn decode_append<const PLUS: bool, const STRICT: bool>(
    _level: KernelLevel,
    _input: &[u8],
    i: usize,
    _out: &mut Vec<u8>,
) -> Result<(usize, bool), usize> {
    Ok((i, false))
}
