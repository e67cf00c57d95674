//! Properties every flavor pair must have: each language's decoder undoes its encoder, and
//! every encoder writes ASCII.

use proptest::prelude::*;
use urlkit::flavor::{Decoded, Direction, Flavor};

/// Each encoder with the decoder of the same language that undoes it.
const PAIRS: [(Flavor, Flavor); 12] = [
    (Flavor::JsEncodeUriComponent, Flavor::JsDecodeUriComponent),
    (Flavor::JsEncodeUri, Flavor::JsDecodeUri),
    (Flavor::JsEscape, Flavor::JsUnescape),
    (Flavor::PythonQuote, Flavor::PythonUnquote),
    (Flavor::PythonQuotePlus, Flavor::PythonUnquotePlus),
    (Flavor::PhpUrlencode, Flavor::PhpUrldecode),
    (Flavor::PhpRawurlencode, Flavor::PhpRawurldecode),
    (Flavor::GoQueryEscape, Flavor::GoQueryUnescape),
    (Flavor::GoPathEscape, Flavor::GoPathUnescape),
    (Flavor::JavaUrlEncoder, Flavor::JavaUrlDecoder),
    (Flavor::RubyCgiEscape, Flavor::RubyCgiUnescape),
    (Flavor::PerlUriEscapeUtf8, Flavor::PerlUriUnescape),
];

fn text(d: Decoded) -> Option<String> {
    match d {
        Decoded::Text(s) => Some(s),
        Decoded::Bytes(b) => String::from_utf8(b).ok(),
        Decoded::Utf16(u) => String::from_utf16(&u).ok(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn decoder_undoes_encoder(s in any::<String>()) {
        for (enc, dec) in PAIRS {
            let encoded = enc.encode(&s).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let back = dec.decode(&encoded).map_err(|e| TestCaseError::fail(format!("{}: {e}", dec.name())))?;
            let back = text(back);
            prop_assert_eq!(back.as_deref(), Some(s.as_str()), "{} then {}", enc.name(), dec.name());
        }
    }

    #[test]
    fn encoders_write_ascii(s in any::<String>()) {
        for f in Flavor::ALL.into_iter().filter(|f| f.direction() == Direction::Encode) {
            let out = f.encode(&s).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(out.is_ascii(), "{} wrote {:?}", f.name(), out);
        }
    }
}
