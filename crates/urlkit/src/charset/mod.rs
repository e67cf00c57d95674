//! Legacy charsets (Shift_JIS, EUC-JP, windows-1252, ...) for query encoding overrides and
//! lint, via the `encoding_rs` implementation of the WHATWG Encoding Standard.
//!
//! A browser encodes the query of a page served as Shift_JIS in Shift_JIS, not UTF-8, and
//! writes characters that Shift_JIS cannot represent as HTML numeric references `&#NNNN;`.
//! [`percent_encode_after_encoding`] does exactly that.
//!
//! ```
//! use urlkit::charset::{encoding_for_label, percent_encode_after_encoding};
//! use urlkit::codec::{sets::SPECIAL_QUERY, Encoder};
//! let sjis = encoding_for_label("shift_jis").unwrap();
//! // タ is 0x83 0x5E in Shift_JIS; 0x5E is '^', which the query set keeps.
//! assert_eq!(percent_encode_after_encoding(sjis, "タ", &Encoder::new(SPECIAL_QUERY)), "%83^");
//! ```
//!
//! Spec: <https://url.spec.whatwg.org/#string-percent-encode-after-encoding>,
//! <https://encoding.spec.whatwg.org/>

mod percent_encode;
pub mod repair;

pub use encoding_rs::Encoding;
pub use percent_encode::{
    decode_with_encoding, encoding_for_label, percent_encode_after_encoding,
    percent_encode_after_encoding_or_fail, UnmappableError,
};

/// The WHATWG Encoding Standard's "UTF-8 decode without BOM or fail" of a whole buffer: the
/// bytes as a `String` when they are UTF-8, else the bytes back (a byte order mark is kept
/// as U+FEFF, like any other character). Validation runs vector code where the CPU has it,
/// and the buffer becomes the `String` without a copy: for readers of large files.
///
/// ```
/// use urlkit::charset::utf8_decode_without_bom_or_fail;
/// assert_eq!(utf8_decode_without_bom_or_fail(b"/\xE9\x81\x8B".to_vec()).unwrap(), "/運");
/// assert_eq!(utf8_decode_without_bom_or_fail(b"/\x83\x5E".to_vec()).unwrap_err(), b"/\x83\x5E");
/// ```
///
/// Spec: <https://encoding.spec.whatwg.org/#utf-8-decode-without-bom-or-fail>
pub fn utf8_decode_without_bom_or_fail(bytes: Vec<u8>) -> Result<String, Vec<u8>> {
    crate::codec::validated_string(crate::codec::kernel_level(), bytes)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::utf8_decode_without_bom_or_fail;

    proptest! {
        #[test]
        fn agrees_with_std_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let want = String::from_utf8(bytes.clone()).map_err(|e| e.into_bytes());
            prop_assert_eq!(utf8_decode_without_bom_or_fail(bytes), want);
        }

        #[test]
        fn keeps_any_text(text in "\\PC{0,200}") {
            prop_assert_eq!(utf8_decode_without_bom_or_fail(text.clone().into_bytes()), Ok(text));
        }
    }
}
