//! The UTF-8 check of decoded text (`validated_str`, whose inputs under 64 bytes the vector
//! kernels check in one padded block) against the standard library's, at every level this
//! CPU runs: every sequence of one and two bytes, every sequence of up to four bytes drawn
//! from the boundaries of UTF-8's classes, at each position of the block, and random text
//! with one byte changed, cut short or not.

use proptest::prelude::*;

use super::tests::levels;
use super::validated_str;

fn check(bytes: &[u8]) {
    let want = std::str::from_utf8(bytes).is_ok();
    for level in levels() {
        assert_eq!(
            validated_str(level, bytes).is_some(),
            want,
            "{level:?}: {bytes:02X?}"
        );
    }
}

/// The bytes where UTF-8's classes begin and end: ASCII, the continuation ranges that the
/// leads E0, ED, F0 and F4 restrict, the leads that are never valid (C0, C1, F5..).
const BOUNDARIES: [u8; 20] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
    0xEF, 0xF0, 0xF4, 0xF5,
];

#[test]
fn every_short_sequence() {
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
}

#[test]
fn boundary_sequences_at_every_position() {
    let mut seq = Vec::with_capacity(4);
    for &a in &BOUNDARIES {
        for &b in &BOUNDARIES {
            for &c in &BOUNDARIES {
                for &d in &BOUNDARIES {
                    seq.clear();
                    seq.extend_from_slice(&[a, b, c, d]);
                    check(&seq[..3]);
                    check(&seq);
                }
            }
        }
    }
    // Across the steps of each width (16, 32, 64 bytes) and the end of the block.
    let mut text = [b'a'; 70];
    for at in 0..67 {
        for &seq in &[
            &b"\xE9\x81\x8B"[..],
            b"\xF0\x9F\x98\x80",
            b"\xE9\x81",
            b"\xF0\x9F\x98",
            b"\xED\xA0\x80",
            b"\x80",
        ] {
            text[at..at + seq.len()].copy_from_slice(seq);
            for len in [at + seq.len(), at + seq.len() - 1, 63.min(text.len()), 64] {
                check(&text[..len.min(text.len())]);
            }
            text[at..at + seq.len()].fill(b'a');
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn text_with_a_byte_changed(
        text in "[a-z\u{80}-\u{7FF}\u{800}-\u{FFFF}\u{10000}-\u{10FFFF}]{0,40}",
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut bytes = text.into_bytes();
        check(&bytes);
        if !bytes.is_empty() {
            let cut = cut.index(bytes.len() + 1);
            check(&bytes[..cut]);
            let at = at.index(bytes.len());
            bytes[at] = byte;
            check(&bytes);
            check(&bytes[..cut]);
        }
    }
}
