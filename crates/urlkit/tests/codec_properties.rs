//! Properties of the codec (proptest): round trips, what encoded output may contain, where
//! strict decoding fails, what lenient decoding keeps.

use proptest::prelude::*;
use urlkit::codec::sets::NamedSet;
use urlkit::codec::{
    decode, decode_bytes_to_str, decode_to_bytes, form, DecodeErrorKind, DecodeMode, Encoder,
    HexCase, Space,
};

/// Strings rich in the characters that matter: '%', hex digits, '+', non-hex, non-ASCII.
fn escapey() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('%'),
            Just('+'),
            Just('a'),
            Just('F'),
            Just('0'),
            Just('9'),
            Just('g'),
            Just('運'),
            Just(' '),
            any::<char>(),
        ],
        // Long enough for the decoder's branch-free blocks (8 steps, 26 bytes) to run.
        0..96,
    )
    .prop_map(|cs| cs.into_iter().collect())
}

fn is_hex(b: Option<&u8>) -> bool {
    b.is_some_and(u8::is_ascii_hexdigit)
}

/// The first '%' not followed by two hex digits. A hex digit is never '%', so every '%' starts
/// a candidate escape and no skipping is needed.
fn first_malformed(s: &[u8]) -> Option<usize> {
    (0..s.len()).find(|&i| s[i] == b'%' && !(is_hex(s.get(i + 1)) && is_hex(s.get(i + 2))))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn decode_inverts_encode_for_sets_with_percent(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        for named in NamedSet::ALL {
            let enc = named.encoder();
            if !enc.set().contains(b'%') {
                continue;
            }
            let mode = match enc.space_mode() {
                Space::Plus => DecodeMode::Form,
                Space::AsSet => DecodeMode::Strict,
            };
            for hex in [HexCase::Upper, HexCase::Lower] {
                let encoded = enc.hex(hex).encode_bytes(&bytes);
                let back = decode_to_bytes(encoded.as_bytes(), mode).unwrap();
                prop_assert_eq!(back.as_ref(), bytes.as_slice(), "set {}", named.name());
            }
        }
    }

    #[test]
    fn decode_inverts_encode_str(s in escapey()) {
        for named in NamedSet::ALL {
            let enc = named.encoder();
            if !enc.set().contains(b'%') {
                continue;
            }
            let mode = match enc.space_mode() {
                Space::Plus => DecodeMode::Form,
                Space::AsSet => DecodeMode::Strict,
            };
            let encoded = enc.encode_str(&s);
            prop_assert_eq!(decode(&encoded, mode).unwrap(), s.as_str());
        }
    }

    #[test]
    fn encoded_output_has_no_unescaped_byte_of_the_set(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        for named in NamedSet::ALL {
            let enc = named.encoder();
            let set = enc.set();
            let plus = enc.space_mode() == Space::Plus;
            let out = enc.encode_bytes(&bytes);
            let out = out.as_bytes();
            let mut i = 0;
            while i < out.len() {
                let b = out[i];
                if b == b'%' && set.contains(b'%') {
                    prop_assert!(is_hex(out.get(i + 1)) && is_hex(out.get(i + 2)));
                    prop_assert!(!out[i + 1].is_ascii_lowercase() && !out[i + 2].is_ascii_lowercase());
                    i += 3;
                    continue;
                }
                if b == b'%' {
                    // Either a data '%' kept by a set without it, or an escape we wrote.
                    i += 1;
                    continue;
                }
                prop_assert!(!set.contains(b) || (plus && b == b'+'),
                    "set {} left {:#04X} unescaped in {:?}", named.name(), b, String::from_utf8_lossy(out));
                i += 1;
            }
        }
    }

    #[test]
    fn strict_decode_fails_iff_malformed_escape_at_its_offset(s in escapey()) {
        let bytes = s.as_bytes();
        match (first_malformed(bytes), decode_to_bytes(bytes, DecodeMode::Strict)) {
            (None, Ok(_)) => {}
            (Some(at), Err(e)) => {
                prop_assert_eq!(e.kind(), DecodeErrorKind::MalformedEscape);
                prop_assert_eq!(e.offset(), at);
            }
            (expected, got) => prop_assert!(false, "{:?}: expected {:?}, got {:?}", s, expected, got),
        }
    }

    #[test]
    fn lenient_decode_leaves_malformed_escapes_unchanged(s in escapey()) {
        let bytes = s.as_bytes();
        let lenient = decode_to_bytes(bytes, DecodeMode::Lenient).unwrap();
        // Reference: replace each well-formed escape, copy every other byte.
        let mut expected = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' && is_hex(bytes.get(i + 1)) && is_hex(bytes.get(i + 2)) {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
                expected.push(u8::from_str_radix(hex, 16).unwrap());
                i += 3;
            } else {
                expected.push(bytes[i]);
                i += 1;
            }
        }
        prop_assert_eq!(lenient.as_ref(), expected.as_slice());
        if let Ok(strict) = decode_to_bytes(bytes, DecodeMode::Strict) {
            prop_assert_eq!(strict, lenient);
        }
    }

    #[test]
    fn strict_text_decode_names_the_first_invalid_utf8_byte(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
        // Encode with a set that keeps ASCII letters, so escapes and raw bytes are mixed.
        let encoded = Encoder::new(urlkit::codec::sets::COMPONENT).encode_bytes(&bytes);
        match (std::str::from_utf8(&bytes), decode(&encoded, DecodeMode::Strict)) {
            (Ok(text), Ok(decoded)) => prop_assert_eq!(decoded.as_ref(), text),
            (Err(e), Err(d)) => {
                prop_assert_eq!(d.kind(), DecodeErrorKind::InvalidUtf8);
                let prefix = Encoder::new(urlkit::codec::sets::COMPONENT).encode_bytes(&bytes[..e.valid_up_to()]);
                prop_assert_eq!(d.offset(), prefix.len());
            }
            (a, b) => prop_assert!(false, "{:?} vs {:?}", a, b),
        }
    }

    #[test]
    fn strict_decode_of_raw_bytes_names_raw_invalid_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
        // No '%' at all: the only error is invalid UTF-8 at the raw byte.
        let raw: Vec<u8> = bytes.into_iter().filter(|&b| b != b'%').collect();
        match (std::str::from_utf8(&raw), decode_bytes_to_str(&raw, DecodeMode::Strict)) {
            (Ok(t), Ok(d)) => prop_assert_eq!(d.as_ref(), t),
            (Err(e), Err(d)) => prop_assert_eq!(d.offset(), e.valid_up_to()),
            (a, b) => prop_assert!(false, "{:?} vs {:?}", a, b),
        }
    }

    #[test]
    fn form_round_trip(pairs in proptest::collection::vec((escapey(), escapey()), 0..6)) {
        let text = form::serialize(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        prop_assert_eq!(form::parse(text.as_bytes()), pairs);
    }
}

/// Text a legacy charset round trip must survive: ASCII, kana, kanji, symbols, and any
/// character (which may be unmappable and come back as its `&#N;` reference).
fn japanese_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            proptest::char::range(' ', '~'),
            proptest::char::range('ぁ', 'ゖ'),
            proptest::char::range('ァ', 'ヺ'),
            Just('運'),
            Just('営'),
            Just('東'),
            Just('京'),
            Just('♥'),
            Just('€'),
            any::<char>(),
        ],
        0..40,
    )
    .prop_map(|cs| cs.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn legacy_charset_query_round_trip(s in japanese_text()) {
        use urlkit::charset::{decode_with_encoding, encoding_for_label, percent_encode_after_encoding};
        // A set with '%' in it: the WHATWG query sets keep a raw '%', and ISO-2022-JP writes
        // JIS bytes like 0x25 0x30 ("%0"), so a query in that encoding does not always decode
        // back (see `iso_2022_jp_query_is_ambiguous` in the charset unit tests).
        let enc = Encoder::new(urlkit::codec::sets::COMPONENT);
        for label in ["shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "big5", "euc-kr", "windows-1252", "utf-8"] {
            let encoding = encoding_for_label(label).unwrap();
            let query = percent_encode_after_encoding(encoding, &s, &enc);
            prop_assert!(query.is_ascii());
            let bytes = decode_to_bytes(query.as_bytes(), DecodeMode::Lenient).unwrap();
            let back = decode_with_encoding(&bytes, encoding);
            // Each character comes back as its own round trip through the encoding (the
            // Encoding Standard maps a few one way only: Shift_JIS writes ¥ as 0x5C, which
            // reads back as '\\'), or as the numeric reference the encoder wrote for it.
            let mut expected = String::new();
            for c in s.chars() {
                let mut buf = [0u8; 4];
                let (bytes, _, unmappable) = encoding.encode(c.encode_utf8(&mut buf));
                if unmappable {
                    let c = if label == "iso-2022-jp" && matches!(c, '\u{E}' | '\u{F}' | '\u{1B}') { '\u{FFFD}' } else { c };
                    expected.push_str(&format!("&#{};", c as u32));
                } else {
                    expected.push_str(&encoding.decode_without_bom_handling(&bytes).0);
                }
            }
            prop_assert_eq!(back.as_ref(), expected.as_str(), "{}", label);
        }
    }

    #[test]
    fn utf8_query_encoding_is_the_plain_encoder(s in escapey()) {
        use urlkit::charset::{encoding_for_label, percent_encode_after_encoding};
        let utf8 = encoding_for_label("utf-8").unwrap();
        for named in NamedSet::ALL {
            let enc = named.encoder();
            prop_assert_eq!(percent_encode_after_encoding(utf8, &s, &enc), enc.encode_str(&s).into_owned());
        }
    }
}
