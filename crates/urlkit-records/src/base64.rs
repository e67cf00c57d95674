//! The record of `base64`: strict RFC 4648, or lenient with what it accepted.

use urlkit::base64::{Accepted, Alphabet, Base64, Base64Error, Base64ErrorKind, Padding};

use crate::envelope::{Failure, Record, True};
use crate::header::{Base64 as Base64Record, Note};

/// The record form of a decoding error: the library's message and, for padding, the option
/// that accepts the text.
pub fn decode_failure(e: &Base64Error, text: &str) -> Failure {
    let lenient_reads = |b: &u8| b" \t\r\n\x0C+/-_".contains(b);
    let remedy = match e.kind() {
        Base64ErrorKind::MissingPadding => "; --no-pad (or --lenient) accepts it",
        Base64ErrorKind::UnexpectedPadding => "; drop --no-pad (or use --lenient) to accept it",
        Base64ErrorKind::InvalidCharacter
            if text.as_bytes().get(e.offset()).is_some_and(lenient_reads) =>
        {
            "; --lenient takes either alphabet and whitespace"
        }
        Base64ErrorKind::NonCanonical => "; --lenient ignores those bits",
        _ => "",
    };
    Failure::at(
        e.kind().name(),
        e.offset(),
        format!("{}{remedy}", e.message()),
    )
}

/// How a text is decoded: strictly with one codec, or leniently.
#[derive(Clone, Copy, Debug)]
pub enum Reading {
    /// RFC 4648 with this alphabet and padding.
    Strict(Base64),
    /// Either alphabet, padding optional, whitespace ignored.
    Lenient,
}

/// `text` decoded, with what a lenient reading accepted.
pub fn decoded_bytes(reading: Reading, text: &str) -> Result<(Vec<u8>, Vec<Accepted>), Failure> {
    match reading {
        Reading::Strict(codec) => codec
            .decode(text)
            .map(|b| (b, Vec::new()))
            .map_err(|e| decode_failure(&e, text)),
        Reading::Lenient => Base64::decode_lenient(text)
            .map(|l| (l.bytes, l.accepted))
            .map_err(|e| decode_failure(&e, text)),
    }
}

/// `text` decoded as text, with what was accepted, or why not.
pub fn decoded(reading: Reading, text: &str) -> Result<(String, Vec<Accepted>), Failure> {
    let (bytes, accepted) = decoded_bytes(reading, text)?;
    let text = String::from_utf8(bytes).map_err(|_| {
        Failure::new(
            "not-utf8",
            "the decoded bytes are not UTF-8 text (use --bytes for the raw bytes)",
        )
    })?;
    Ok((text, accepted))
}

/// What a lenient reading took, as one note: `accepted: no '=' padding, ...`.
pub fn accepted_note(accepted: &[Accepted]) -> String {
    let list: Vec<String> = accepted.iter().map(|a| a.message()).collect();
    format!("read leniently: {}", list.join(", "))
}

/// The record of one answer, with what a lenient reading accepted.
pub fn base64_record(input: &str, output: String, accepted: &[Accepted]) -> Base64Record {
    Base64Record {
        accepted: accepted
            .iter()
            .map(|a| Note::new(a.name(), a.message()))
            .collect(),
        input: input.to_owned(),
        ok: True,
        output,
    }
}

/// Which way `urlkit base64` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Text to Base64.
    Encode,
    /// Base64 to text (`--decode`).
    Decode,
}

/// `urlkit base64 [--url] [--decode [--lenient]] --json TEXT` for one text, for `urlkit
/// serve` (`lenient` only applies to decoding).
///
/// ```
/// use urlkit::base64::Alphabet;
/// use urlkit_records::base64::{record, ReadingMode, Way};
/// let r = record("a", Alphabet::Standard, Way::Encode, ReadingMode::Strict);
/// assert_eq!(serde_json::to_value(r).unwrap()["output"], "YQ==");
/// ```
pub fn record(
    text: &str,
    alphabet: Alphabet,
    way: Way,
    reading: ReadingMode,
) -> Record<Base64Record> {
    let codec = Base64::new(alphabet, Padding::Pad);
    let reading = match reading {
        ReadingMode::Strict => Reading::Strict(codec),
        ReadingMode::Lenient => Reading::Lenient,
    };
    let answer = match way {
        Way::Decode => decoded(reading, text).map(|(s, a)| base64_record(text, s, &a)),
        Way::Encode => Ok(base64_record(text, codec.encode(text.as_bytes()), &[])),
    };
    Record::from_result(text, answer)
}

/// Whether decoding is strict or lenient, for [`record`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadingMode {
    /// RFC 4648 exactly.
    Strict,
    /// What people paste.
    Lenient,
}
