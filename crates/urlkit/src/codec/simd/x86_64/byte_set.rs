//! A byte set's test in registers, written once over [`Vector`]: two nibble look-ups (as in
//! Langdale and Lemire's simdjson and Muła's SIMD byte-set papers), and the sign bits for a
//! set that holds every non-ASCII byte. The encoders' set search, their expansion and the
//! key writer's classifying pass all use it.

use super::vector::Vector;
use crate::codec::kernel_types::{NibbleSet, NonAscii};

/// The nibble tables of a set as registers, with the proof their look-ups need.
#[derive(Clone, Copy)]
pub(super) struct ByteSet<V: Vector> {
    lo: V,
    hi: V,
    all_non_ascii: bool,
    isa: V::ShuffleIsa,
}

impl<V: Vector> ByteSet<V> {
    /// The registers of `set`.
    #[inline(always)]
    pub(super) fn new(isa: V::ShuffleIsa, set: &NibbleSet) -> ByteSet<V> {
        let base = V::base(isa);
        ByteSet {
            lo: V::table(base, &set.lo),
            hi: V::table(base, &set.hi),
            all_non_ascii: set.non_ascii == NonAscii::All,
            isa,
        }
    }

    /// Bit `i` set where byte `i` of `x` is in the set (the set's non-ASCII bytes must be
    /// all or none of them: [`NonAscii::Mixed`] is not exact in the tables).
    #[inline(always)]
    pub(super) fn bits(&self, x: V) -> u64 {
        let (lo, hi) = x.nibbles();
        // Non-ASCII bytes have a high nibble in 8..16, whose rows of the tables are 0: the
        // sign bits add them to a set that holds them all.
        let hit = self
            .lo
            .lookup(self.isa, lo)
            .and(self.hi.lookup(self.isa, hi))
            .nonzero_bits();
        if self.all_non_ascii {
            hit | x.sign_bits()
        } else {
            hit
        }
    }
}
