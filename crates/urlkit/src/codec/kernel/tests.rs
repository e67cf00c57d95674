//! The vector kernels against the scalar reference: every result byte-identical, on random
//! bytes for every named set and random sets, at every length around the 16-, 32- and
//! 64-byte steps.

use proptest::prelude::*;

use super::{kernel_level, KernelLevel};
use crate::codec::decode::{decode_tail, decode_to_bytes_at, DecodeMode, Decoder};
use crate::codec::encode::{Encoder, HexCase, Space};
use crate::codec::encode_set::EncodeSet;
use crate::codec::sets::NamedSet;

/// The levels this CPU runs: the scalar reference first.
pub(super) fn levels() -> Vec<KernelLevel> {
    kernel_level().up_to().collect()
}

/// Says which kernel levels the properties here compare with the scalar path, and which
/// they cannot on this CPU or in this build: a machine without AVX-512 says so in the test
/// output instead of passing silently on fewer levels.
///
/// The line is written to the process's stderr directly: the test harness captures only
/// `print!` and `eprint!`, and would show the line only for a failure.
#[test]
fn kernel_levels_compared_are_reported() {
    use std::io::Write;
    let compared = levels();
    assert_eq!(compared.first(), Some(&KernelLevel::Scalar));
    assert_eq!(compared.last(), Some(&kernel_level()));
    let names = |ls: &[KernelLevel]| ls.iter().map(|l| l.name()).collect::<Vec<_>>().join(", ");
    let missing: Vec<KernelLevel> = KernelLevel::ALL
        .into_iter()
        .filter(|l| *l > kernel_level())
        .collect();
    let build = if cfg!(feature = "simd") {
        "this CPU"
    } else {
        "this build (no `simd` feature)"
    };
    let mut line = format!(
        "codec kernels: comparing {} with the scalar path",
        names(&compared)
    );
    if !missing.is_empty() {
        line.push_str(&format!(
            "; NOT tested: {} (not on {build})",
            names(&missing)
        ));
    }
    line.push('\n');
    std::io::stderr()
        .write_all(line.as_bytes())
        .expect("stderr is writable");
}

/// Bytes rich in what the kernels distinguish: '%', '+', space, hex digits of both cases,
/// bytes next to them, non-ASCII.
fn tricky() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![
            Just(b'%'),
            Just(b'+'),
            Just(b' '),
            Just(b'a'),
            Just(b'F'),
            Just(b'f'),
            Just(b'0'),
            Just(b'9'),
            Just(b'g'),
            Just(b'G'),
            Just(b'/'),
            Just(b':'),
            Just(b'@'),
            Just(b'`'),
            Just(0x80),
            Just(0xFF),
            any::<u8>(),
        ],
        0..80,
    )
}

/// A random set: random ASCII members, and all, none or some of the non-ASCII bytes.
pub(super) fn any_set() -> impl Strategy<Value = EncodeSet> {
    (proptest::collection::vec(any::<u8>(), 0..64), 0..3u8).prop_map(|(bytes, non_ascii)| {
        let set = EncodeSet::EMPTY.add_all(&bytes);
        match non_ascii {
            0 => set.union(EncodeSet::NON_ASCII),
            1 => set.difference(EncodeSet::NON_ASCII),
            _ => set,
        }
    })
}

fn encoders(set: EncodeSet) -> [Encoder; 3] {
    [
        Encoder::new(set),
        Encoder::new(set).hex(HexCase::Lower),
        Encoder::new(set).space(Space::Plus),
    ]
}

/// The encoding by its definition, a byte at a time (`set`'s bytes as `%XX`, a space as `+`
/// in [`Space::Plus`] mode), as text: the oracle of the scalar path, and so of every level.
pub(super) fn naive_encoding(enc: &Encoder, set: EncodeSet, input: &[u8]) -> String {
    let digits = match enc.hex_case() {
        HexCase::Upper => b"0123456789ABCDEF",
        HexCase::Lower => b"0123456789abcdef",
    };
    let mut out = Vec::new();
    for &b in input {
        if enc.space_mode() == Space::Plus && b == b' ' {
            out.push(b'+');
        } else if set.contains(b) {
            out.extend([
                b'%',
                digits[usize::from(b >> 4)],
                digits[usize::from(b & 15)],
            ]);
        } else {
            out.push(b);
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Every encoder of `set` at every level (the public cap, [`Encoder::kernel`]) against the
/// scalar reference, and that against [`naive_encoding`].
pub(super) fn check_encoders(set: EncodeSet, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for enc in encoders(set) {
        let scalar = enc.kernel(KernelLevel::Scalar);
        let want_str = scalar.encode_str(&text);
        let want_bytes = scalar.encode_bytes(bytes);
        assert_eq!(want_str, naive_encoding(&enc, set, text.as_bytes()));
        let all_non_ascii = set.union(EncodeSet::NON_ASCII);
        assert_eq!(want_bytes, naive_encoding(&enc, all_non_ascii, bytes));
        for level in levels() {
            let enc = enc.kernel(level);
            assert_eq!(enc.kernel_level(), level);
            assert_eq!(enc.encode_str(&text), want_str, "{level:?} {set:?}");
            assert_eq!(enc.encode_bytes(bytes), want_bytes, "{level:?} {set:?}");
        }
    }
}

/// Whether an escape of `bytes` spells a byte >= 0x80: what the decoding loops report, so
/// that text decoding skips the UTF-8 check when none does.
fn has_high_escape(bytes: &[u8]) -> bool {
    bytes.windows(3).any(|w| {
        w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit() && w[1] >= b'8'
    })
}

/// Every decoder at every level (the public cap, [`Decoder::kernel`]) against the scalar
/// reference, to bytes and to text.
fn check_decoders(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for mode in [DecodeMode::Strict, DecodeMode::Lenient, DecodeMode::Form] {
        let scalar = Decoder::new(mode).kernel(KernelLevel::Scalar);
        let want = scalar.decode_to_bytes(bytes);
        let want_text = scalar.decode(&text);
        for level in levels() {
            let d = Decoder::new(mode).kernel(level);
            assert_eq!(d.decode_to_bytes(bytes), want, "{level:?} {mode:?}");
            assert_eq!(d.decode(&text), want_text, "{level:?} {mode:?}");
            let mut out = Vec::new();
            if let Ok(high) = decode_tail(level, bytes, 0, mode, &mut out) {
                assert_eq!(high, has_high_escape(bytes), "{level:?} {mode:?} {bytes:?}");
            }
        }
    }
}

/// Bytes for the decoders: [`tricky`] bytes and escapes (well formed in both cases, or cut
/// short), long enough to span several 64-byte chunks.
fn decoder_input() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![
            3 => any::<u8>().prop_map(|b| format!("%{b:02X}").into_bytes()),
            1 => any::<u8>().prop_map(|b| format!("%{b:02x}").into_bytes()),
            1 => any::<u8>().prop_map(|b| vec![b'%', b]),
            1 => Just(b"%".to_vec()),
            4 => tricky().prop_map(|mut v| { v.truncate(9); v }),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

/// Appending to a buffer that already holds bytes, with no spare capacity or some, at every
/// level: the kernels write into its spare capacity after what it holds.
fn check_appending_decoders(prefix: &[u8], spare: usize, bytes: &[u8]) {
    for mode in [DecodeMode::Strict, DecodeMode::Lenient, DecodeMode::Form] {
        let want = decode_to_bytes_at(KernelLevel::Scalar, bytes, mode)
            .map(|d| [prefix, &d[..]].concat())
            .map_err(|e| (e, prefix.to_vec()));
        for level in levels() {
            let mut out = Vec::with_capacity(prefix.len() + spare);
            out.extend_from_slice(prefix);
            let got = decode_tail(level, bytes, 0, mode, &mut out);
            let got = match got {
                Ok(_) => Ok(out),
                Err(e) => Err((e, out)),
            };
            assert_eq!(got, want, "{level:?} {mode:?}");
        }
    }
}

/// The search for the first `%` (or `+`) at every level against `memchr`.
fn check_find_special(bytes: &[u8]) {
    let want = memchr::memchr(b'%', bytes);
    let want_plus = memchr::memchr2(b'%', b'+', bytes);
    for level in levels() {
        assert_eq!(
            super::find_special::<false>(level, bytes),
            want,
            "{level:?}"
        );
        assert_eq!(
            super::find_special::<true>(level, bytes),
            want_plus,
            "{level:?}"
        );
    }
}

proptest! {
    // Long inputs (up to ~500 bytes), each checked at every level and mode: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn long_decoder_inputs_alike(bytes in decoder_input()) {
        check_decoders(&bytes);
        check_find_special(&bytes);
    }

    #[test]
    fn decoders_append_alike(
        prefix in proptest::collection::vec(any::<u8>(), 0..40),
        spare in 0..80usize,
        bytes in decoder_input(),
    ) {
        check_appending_decoders(&prefix, spare, &bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn named_sets_encode_alike(bytes in tricky()) {
        for named in NamedSet::ALL {
            check_encoders(named.set(), &bytes);
        }
    }

    #[test]
    fn random_sets_encode_alike(set in any_set(), bytes in tricky()) {
        check_encoders(set, &bytes);
    }

    #[test]
    fn decoders_alike(bytes in tricky()) {
        check_decoders(&bytes);
    }

    #[test]
    fn escape_dense_decoders_alike(
        parts in proptest::collection::vec((0..4u8, any::<u8>()), 0..100)
    ) {
        // Runs of escapes, some malformed or truncated, between short literal runs.
        let mut bytes = Vec::new();
        for (kind, b) in parts {
            match kind {
                0 => bytes.extend_from_slice(format!("%{b:02X}").as_bytes()),
                1 => bytes.extend_from_slice(format!("%{b:02x}").as_bytes()),
                2 => bytes.extend_from_slice(&[b'%', b]),
                _ => bytes.push(b),
            }
        }
        check_decoders(&bytes);
    }
}

/// Every length 0..64 with one special byte at every position, for the encoders' and the
/// decoders' block edges (16-byte chunks, the decoder's 18-byte look-ahead, overlapping tails).
#[test]
fn every_position_around_the_block_edges() {
    let sets: Vec<EncodeSet> = NamedSet::ALL.iter().map(|n| n.set()).collect();
    for len in 0..64 {
        for at in 0..=len {
            for special in [b' ', b'%', b'+', 0xE6, b'/', b'?'] {
                let mut v = vec![b'a'; len];
                if at < len {
                    v[at] = special;
                }
                for &set in &sets {
                    check_encoders(set, &v);
                }
                check_decoders(&v);
                // An escape starting here, whole or cut short by the end. The decoders start
                // at the first '%': one at byte 0 puts the chunk edges at fixed places.
                let mut e = vec![b'b'; len];
                e.splice(at..at, b"%4A%e6".iter().copied());
                e.truncate(len);
                check_decoders(&e);
                check_decoders(&[b"%25", &e[..]].concat());
                check_decoders(&[b"+%2", &e[..]].concat());
            }
        }
    }
}

#[test]
fn nibble_tables_are_exact_for_every_single_byte_set() {
    for b in 0..=255u8 {
        let set = EncodeSet::EMPTY.add(b).union(EncodeSet::NON_ASCII);
        let all: Vec<u8> = (0..=255u8).collect();
        check_encoders(set, &all);
        check_encoders(set.difference(EncodeSet::NON_ASCII), &all);
    }
}

/// Every length up to 200 with a `%` or `+` at every position (and none), for the searches'
/// 16-, 32- and 64-byte loads and masked tails.
#[test]
fn find_special_at_every_position() {
    for len in 0..200 {
        let clean = vec![b'a'; len];
        check_find_special(&clean);
        for at in 0..len {
            for special in [b'%', b'+'] {
                let mut v = clean.clone();
                v[at] = special;
                check_find_special(&v);
                // A second one later must not hide the first.
                if at + 1 < len {
                    v[len - 1] = b'%';
                    check_find_special(&v);
                }
            }
        }
    }
}

/// An escape (whole, cut short by the end, or malformed) at every position up to 150, behind prefixes that move it across the 16-, 32- and 64-byte chunk edges (the
/// kernels start at the first `%`), in runs like those of UTF-8 text, for every mode.
#[test]
fn decoder_escapes_across_chunk_edges() {
    let escapes: [&[u8]; 6] = [b"%4A", b"%e6%97%A5", b"%4", b"%zz", b"%%41", b"+%2B+"];
    let prefixes: [&[u8]; 4] = [b"", b"%25", b"x%2", b"%41%42%43%44%45"];
    for at in 0..150 {
        // The escape at the end, cut short by it, or followed by a few bytes or many.
        for len in [at, at + 1, at + 2, at + 3, at + 4, 150] {
            for escape in escapes {
                let mut e = vec![b'b'; len];
                e.splice(at..at, escape.iter().copied());
                for prefix in prefixes {
                    check_decoders(&[prefix, &e[..]].concat());
                    check_decoders(&[prefix, &e[..len]].concat());
                }
            }
        }
    }
    // Long unbroken escape runs, every length around the chunk edges.
    for len in 0..100 {
        let run = "%E6%97%A5".repeat(len / 3 + 1)[..len * 3].to_owned();
        check_decoders(run.as_bytes());
        check_decoders(format!("a{run}").as_bytes());
        check_decoders(format!("{run}%").as_bytes());
        check_decoders(format!("{run}%4").as_bytes());
    }
}
