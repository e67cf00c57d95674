//! The encoders' wide kernels against the scalar reference on inputs longer than the
//! 64-byte blocks: escapes sparse (the runs between them copied whole) and dense (expanded),
//! at every block edge, and rests long enough to be counted before the buffer is sized.

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

/// The run [`super::copy_escape_run`] takes whole at AVX-512: the leading escapes of
/// non-ASCII bytes, uppercased.
fn escape_run_reference(input: &[u8], from: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = from;
    while let [b'%', h, l, ..] = input[i.min(input.len())..] {
        if !(h.is_ascii_hexdigit() && l.is_ascii_hexdigit() && !matches!(h, b'0'..=b'7')) {
            break;
        }
        out.extend_from_slice(&[b'%', h.to_ascii_uppercase(), l.to_ascii_uppercase()]);
        i += 3;
    }
    out
}

fn check_escape_run(input: &[u8], from: usize) {
    let want = escape_run_reference(input, from);
    for level in super::tests::levels() {
        let mut out = vec![0u8; 3 * input.len() + 3];
        let n = super::copy_escape_run(level, input, from, &mut out);
        if level >= super::KernelLevel::Avx512 {
            assert_eq!(&out[..n], &want[..], "{level:?} {input:?} from {from}");
        } else {
            assert_eq!(n, 0, "{level:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn escape_runs_are_copied_uppercased(
        parts in proptest::collection::vec((0..6u8, any::<u8>()), 0..90),
        from in 0..4usize,
    ) {
        // Escapes of non-ASCII and ASCII bytes in both cases, broken escapes, other bytes.
        let mut bytes = Vec::new();
        for (kind, b) in parts {
            match kind {
                0 | 1 => bytes.extend_from_slice(format!("%{:02X}", b | 0x80).as_bytes()),
                2 => bytes.extend_from_slice(format!("%{:02x}", b | 0x80).as_bytes()),
                3 => bytes.extend_from_slice(format!("%{:02x}", b & 0x7F).as_bytes()),
                4 => bytes.extend_from_slice(&[b'%', b]),
                _ => bytes.push(b),
            }
        }
        check_escape_run(&bytes, from.min(bytes.len()));
    }
}

/// Runs of every length around the 21-escape steps, ending at the input's end or before
/// another byte.
#[test]
fn escape_runs_of_every_length() {
    for k in 0..70 {
        let run: Vec<u8> = (0..k)
            .flat_map(|j| format!("%e{:x}", j % 16).into_bytes())
            .collect();
        check_escape_run(&run, 0);
        check_escape_run(&[&run[..], b"%2F-x"].concat(), 0);
        check_escape_run(&[&run[..], b"%A"].concat(), 0);
        check_escape_run(&[b"ab", &run[..]].concat(), 2);
    }
}
