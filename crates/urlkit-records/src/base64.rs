//! The record of `base64`.

use urlkit::base64::{Alphabet, Base64, Padding};

use crate::envelope::{Failure, Record, Text};

/// The record form of a Base64 decoding error.
pub fn decode_failure(e: &urlkit::base64::Base64Error) -> Failure {
    Failure::at(e.kind().name(), e.offset(), e.description())
}

/// `text` decoded as text, or why not.
pub fn decoded(codec: Base64, text: &str) -> Result<String, Failure> {
    let bytes = codec.decode(text).map_err(|e| decode_failure(&e))?;
    String::from_utf8(bytes).map_err(|_| {
        Failure::new(
            "not-utf8",
            "the decoded bytes are not UTF-8 text (use --bytes for the raw bytes)",
        )
    })
}

/// Which way `urlkit base64` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Text to Base64.
    Encode,
    /// Base64 to text (`--decode`).
    Decode,
}

/// `urlkit base64 [--url] [--decode] --json TEXT` for one text.
///
/// ```
/// use urlkit::base64::Alphabet;
/// use urlkit_records::base64::{record, Way};
/// assert_eq!(serde_json::to_value(record("a", Alphabet::Standard, Way::Encode)).unwrap()["output"], "YQ==");
/// ```
pub fn record(text: &str, alphabet: Alphabet, way: Way) -> Record<Text> {
    let codec = Base64::new(alphabet, Padding::Pad);
    let output = match way {
        Way::Decode => decoded(codec, text),
        Way::Encode => Ok(codec.encode(text.as_bytes())),
    };
    Record::from_result(text, output.map(|o| Text::new(text, o)))
}
