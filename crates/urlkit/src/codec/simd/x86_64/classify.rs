//! The key writer's classifying pass: one vector pass over a whole URL that marks, per
//! 64-byte block, its stop bytes, the bytes that end a plain host, `?` and `#`, `/` and `.`
//! ([`Marks`]). Written once over [`Vector`]; [`mark_ssse3`], [`mark_avx2`] and
//! [`mark_avx512`] compile it for 16, 32 and 64 bytes per step.
//!
//! Each step is two nibble look-ups per class (the byte-set test of the encoder's kernels),
//! the sign bits for the non-ASCII bytes, and four byte compares. The last bytes of a URL
//! are a masked load at AVX-512; at the narrower widths, the chunk that ends at the URL's
//! end (overlapping bytes already marked, its marks moved down past them), or a zero-padded
//! copy when the whole URL is shorter than one register.

use super::byte_set::ByteSet;
use super::vector::{first_bits, Avx2, Avx512, Ssse3, Vector, V128, V256, V512};
use crate::codec::kernel_types::{KeyClasses, Marks};

/// The registers one pass keeps: the classes' nibble tables and the delimiters.
struct Tables<V: Vector> {
    stop: ByteSet<V>,
    host_end: ByteSet<V>,
    question: V,
    hash: V,
    slash: V,
    dot: V,
}

impl<V: Vector> Tables<V> {
    #[inline(always)]
    fn new(isa: V::ShuffleIsa, classes: &KeyClasses) -> Tables<V> {
        let base = V::base(isa);
        Tables {
            stop: ByteSet::new(isa, &classes.stop),
            host_end: ByteSet::new(isa, &classes.host_end),
            question: V::splat(base, b'?'),
            hash: V::splat(base, b'#'),
            slash: V::splat(base, b'/'),
            dot: V::splat(base, b'.'),
        }
    }

    /// The marks of the bytes of `x`, bit `i` for byte `i`.
    #[inline(always)]
    fn marks(&self, x: V) -> Marks {
        Marks {
            stop: self.stop.bits(x),
            host_end: self.host_end.bits(x),
            query_or_fragment: x.eq_bits(self.question) | x.eq_bits(self.hash),
            slash: x.eq_bits(self.slash),
            dot: x.eq_bits(self.dot),
        }
    }
}

/// Marks `input` into `out`, one [`Marks`] per 64-byte block (`out.len()` is the number of
/// blocks, `input.len().div_ceil(64)`).
#[inline(always)]
fn mark_blocks<V: Vector>(
    isa: V::ShuffleIsa,
    classes: &KeyClasses,
    input: &[u8],
    out: &mut [Marks],
) {
    let t = Tables::<V>::new(isa, classes);
    let regs = V::base(isa);
    let n = input.len();
    for (k, block) in out.iter_mut().enumerate() {
        let base = 64 * k;
        let mut m = Marks::default();
        let mut at = 0;
        while at < 64 && base + at < n {
            let i = base + at;
            let rest = n - i;
            let chunk = if rest >= V::BYTES {
                t.marks(V::load(regs, input, i))
            } else if V::MASKED || n < V::BYTES {
                // The zero bytes above the input are controls: masked off.
                t.marks(V::load_prefix(regs, input, i, rest))
                    .masked(first_bits(rest))
            } else {
                // The register that ends at the input's end; its first bytes are marked.
                t.marks(V::load(regs, input, n - V::BYTES))
                    .placed((V::BYTES - rest) as u32, 0)
            };
            m = m.union(chunk.placed(0, at as u32));
            at += V::BYTES;
        }
        *block = m;
    }
}

/// [`mark_blocks`] 16 bytes per step.
#[target_feature(enable = "ssse3")]
pub(super) fn mark_ssse3(isa: Ssse3, classes: &KeyClasses, input: &[u8], out: &mut [Marks]) {
    mark_blocks::<V128>(isa, classes, input, out);
}

/// [`mark_blocks`] 32 bytes per step (16 for a URL shorter than 32 bytes).
#[target_feature(enable = "avx2,ssse3")]
pub(super) fn mark_avx2(isa: Avx2, classes: &KeyClasses, input: &[u8], out: &mut [Marks]) {
    if input.len() < 32 {
        mark_blocks::<V128>(isa.ssse3(), classes, input, out);
    } else {
        mark_blocks::<V256>(isa, classes, input, out);
    }
}

/// [`mark_blocks`] 64 bytes per step.
#[target_feature(enable = "avx512f,avx512bw,bmi2")]
pub(super) fn mark_avx512(isa: Avx512, classes: &KeyClasses, input: &[u8], out: &mut [Marks]) {
    mark_blocks::<V512>(isa, classes, input, out);
}
