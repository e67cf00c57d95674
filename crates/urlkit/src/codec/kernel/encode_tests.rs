//! The encoders' wide kernels against the scalar reference on inputs longer than the
//! 64-byte blocks: escapes sparse (the runs between them copied whole) and dense (expanded),
//! at every block edge, and rests long enough to be counted before the buffer is sized; the
//! fused kernel's last block at every length of the 32-byte (AVX2) and 64-byte steps.

use proptest::prelude::*;

use super::tests::{any_set, check_encoders};
use crate::codec::encode_set::EncodeSet;
use crate::codec::sets::NamedSet;

/// Long inputs of kept bytes with changed ones sprinkled at a random density: from one per
/// few hundred bytes (a URL with a `?`) to every byte (non-ASCII text).
fn sprinkled() -> impl Strategy<Value = Vec<u8>> {
    (
        0..700usize,
        0..=100u32,
        proptest::collection::vec(any::<u8>(), 700),
        proptest::collection::vec(0..100u32, 700),
    )
        .prop_map(|(len, density, specials, dice)| {
            (0..len)
                .map(|k| if dice[k] < density { specials[k] } else { b'a' })
                .collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn named_sets_encode_long_inputs_alike(bytes in sprinkled()) {
        for named in NamedSet::ALL {
            check_encoders(named.set(), &bytes);
        }
    }

    #[test]
    fn random_sets_encode_long_inputs_alike(set in any_set(), bytes in sprinkled()) {
        check_encoders(set, &bytes);
    }
}

/// One to nine changed bytes (around the sparse/dense switch) placed in a block at every
/// offset, for lengths around the 64-byte block edges and the 256-byte counting threshold.
#[test]
fn changed_bytes_around_block_edges() {
    let sets: Vec<EncodeSet> = NamedSet::ALL.iter().map(|n| n.set()).collect();
    for len in [
        63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257, 300, 321,
    ] {
        for at in (0..len).step_by(7) {
            for count in 1..=9 {
                for special in [b' ', b'?', 0xE6] {
                    let mut v = vec![b'a'; len];
                    for k in 0..count {
                        if let Some(b) = v.get_mut(at + 3 * k) {
                            *b = special;
                        }
                    }
                    for &set in &sets {
                        check_encoders(set, &v);
                    }
                }
            }
        }
    }
}

/// The fused kernel's last block and last run at every length: inputs of 0 to 260 bytes
/// (every tail length mod 32 and mod 64, both sides of the 256-byte counting threshold),
/// with no change, one changed byte at the start, in the middle or at the end (a last run
/// of every length), or changed bytes dense over the last 40 (the dense lanes of an
/// overlapping last register), alone or after a changed first byte, with and without a
/// space for [`Space::Plus`].
///
/// [`Space::Plus`]: crate::codec::Space::Plus
#[test]
fn fused_tails_of_every_length() {
    let sets = [
        crate::codec::sets::PATH,
        crate::codec::sets::COMPONENT,
        crate::codec::sets::PATH.difference(EncodeSet::NON_ASCII),
    ];
    for len in 0..=260usize {
        let mut inputs = vec![vec![b'a'; len]];
        for special in [b' ', b'?', 0xE6] {
            for at in [0, len / 2, len.saturating_sub(1)] {
                let mut v = vec![b'a'; len];
                if let Some(b) = v.get_mut(at) {
                    *b = special;
                }
                inputs.push(v);
            }
            let mut dense = vec![b'a'; len];
            for (k, b) in dense.iter_mut().rev().take(40).enumerate() {
                if k % 3 != 1 {
                    *b = special;
                }
            }
            // The same after a first block with one change (the fused kernel's sparse
            // form first, then its expansion).
            let mut mixed = dense.clone();
            if let Some(b) = mixed.first_mut() {
                *b = special;
            }
            inputs.push(dense);
            inputs.push(mixed);
        }
        for v in &inputs {
            for &set in &sets {
                check_encoders(set, v);
            }
        }
    }
}
