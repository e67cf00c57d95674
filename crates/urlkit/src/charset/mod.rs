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

pub use encoding_rs::Encoding;
pub use percent_encode::{
    decode_with_encoding, encoding_for_label, percent_encode_after_encoding,
    percent_encode_after_encoding_or_fail, UnmappableError,
};
