//! The records of `encode`, `decode` and `explain`.

use std::collections::BTreeMap;

use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};
use urlkit::codec::sets::NamedSet;
use urlkit::codec::{
    decode_bytes_to_str, decoded_delimiters, DecodeError, DecodeErrorKind, DecodeMode,
    DecodedDelimiters,
};

use crate::envelope::{Failure, Record, True};

/// `urlkit encode --json`: `{"flavor"?, "input", "ok", "output", "set"?}` (a named set, or
/// with `--as` a flavor).
///
/// ```
/// let r = urlkit_records::codec::Encode::with_set("a b", "a%20b", "unreserved");
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"input":"a b","ok":true,"output":"a%20b","set":"unreserved"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Encode {
    /// With `--as`: the flavor's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flavor: Option<&'static str>,
    /// The input as text.
    pub input: String,
    /// `true`.
    pub ok: True,
    /// The encoded text.
    pub output: String,
    /// Without `--as`: the set's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set: Option<&'static str>,
    /// What the input says about a likely mistake (already encoded, a whole URL).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<EncodeWarning>,
}

/// One warning of `encode`: `already-encoded` or `whole-url`, where, and the sentence the
/// CLI writes on stderr.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EncodeWarning {
    /// `already-encoded` or `whole-url`.
    pub kind: &'static str,
    /// The warning with its remedy.
    pub message: String,
    /// The byte offset in the input (the first escape; 0 for a whole URL).
    pub offset: usize,
}

impl Encode {
    /// Encoded with a named set.
    pub fn with_set(
        input: impl Into<String>,
        output: impl Into<String>,
        set: &'static str,
    ) -> Self {
        Encode {
            flavor: None,
            input: input.into(),
            ok: True,
            output: output.into(),
            set: Some(set),
            warnings: Vec::new(),
        }
    }

    /// Encoded as a flavor does.
    ///
    /// ```
    /// let r = urlkit_records::codec::Encode::with_flavor("a b", "a+b", "php.urlencode");
    /// assert_eq!(r.flavor, Some("php.urlencode"));
    /// ```
    pub fn with_flavor(
        input: impl Into<String>,
        output: impl Into<String>,
        flavor: &'static str,
    ) -> Self {
        Encode {
            flavor: Some(flavor),
            input: input.into(),
            ok: True,
            output: output.into(),
            set: None,
            warnings: Vec::new(),
        }
    }
}

/// `urlkit decode --json`: `{"bytes_hex"?, "charset"?, "flavor"?, "input", "ok", "output",
/// "utf16_hex"?, "warning"?}`.
///
/// ```
/// let r = urlkit_records::codec::Decode::new("%41", "A");
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"input":"%41","ok":true,"output":"A"}"#);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Decode {
    /// With `--as`, when the exact result is bytes that are not text: them, in hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes_hex: Option<String>,
    /// With `--charset`: the charset the decoded bytes were read in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub charset: Option<&'static str>,
    /// With `--as`: the flavor's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flavor: Option<&'static str>,
    /// The input as text.
    pub input: String,
    /// `true`.
    pub ok: True,
    /// The decoded text (bytes that are not UTF-8 as U+FFFD where the mode allows them).
    pub output: String,
    /// With `--as`, when the exact result is UTF-16 code units that are not text: them, in hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub utf16_hex: Option<String>,
    /// Decoding a whole URL turned escaped delimiters into real ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<DelimiterWarning>,
}

impl Decode {
    /// `input` decoded to `output`, with no other field.
    pub fn new(input: impl Into<String>, output: impl Into<String>) -> Decode {
        Decode {
            input: input.into(),
            output: output.into(),
            ..Decode::default()
        }
    }
}

/// The `warning` of a decode record: `{"component", "escapes", "kind": "decoded-delimiter",
/// "message"}`.
///
/// ```
/// let w = urlkit_records::codec::DelimiterWarning::new("path", vec!["%2F".into()], "m");
/// assert_eq!(
///     serde_json::to_string(&w).unwrap(),
///     r#"{"component":"path","escapes":["%2F"],"kind":"decoded-delimiter","message":"m"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DelimiterWarning {
    /// What the input was read as: `url`, `path` or `query`.
    pub component: &'static str,
    /// The escapes decoded, in order of first appearance (`%26`).
    pub escapes: Vec<String>,
    /// `decoded-delimiter`.
    pub kind: &'static str,
    /// For people.
    pub message: String,
}

impl DelimiterWarning {
    /// The warning for these escapes.
    pub fn new(
        component: &'static str,
        escapes: Vec<String>,
        message: impl Into<String>,
    ) -> DelimiterWarning {
        DelimiterWarning {
            component,
            escapes,
            kind: "decoded-delimiter",
            message: message.into(),
        }
    }
}

/// `urlkit explain --json`: `{"input", "ok", "output": {"characters", "encoded"}}`.
///
/// The explanation is computed while it is written, a character at a time and the encodings
/// a few kilobytes at a time, so that explaining a long line holds little memory.
///
/// ```
/// let r = urlkit_records::codec::Explain::new("a");
/// let v: serde_json::Value = serde_json::to_value(&r).unwrap();
/// assert_eq!(v["output"]["characters"][0]["sets"]["component"], "kept");
/// assert_eq!(v["output"]["encoded"]["form"], "a");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Explain<'a> {
    text: &'a str,
}

impl<'a> Explain<'a> {
    /// The explanation of `text` (its `input`).
    pub fn new(text: &'a str) -> Explain<'a> {
        Explain { text }
    }
}

/// The sets `explain` shows, in the order of its columns.
pub const EXPLAIN_SETS: [NamedSet; 8] = [
    NamedSet::Unreserved,
    NamedSet::Component,
    NamedSet::Form,
    NamedSet::Path,
    NamedSet::Query,
    NamedSet::SpecialQuery,
    NamedSet::Fragment,
    NamedSet::Userinfo,
];

/// What a set does to one character: keeps it, writes `+`, or escapes it.
///
/// ```
/// use urlkit::codec::sets::NamedSet;
/// assert_eq!(urlkit_records::codec::treatment(NamedSet::Form, ' '), "+");
/// assert_eq!(urlkit_records::codec::treatment(NamedSet::Path, 'a'), "kept");
/// ```
pub fn treatment(set: NamedSet, c: char) -> String {
    let mut buf = [0u8; 4];
    let text: &str = c.encode_utf8(&mut buf);
    let encoded = set.encoder().encode_str(text);
    if encoded == text {
        "kept".to_owned()
    } else {
        encoded.into_owned()
    }
}

/// The text is encoded in pieces of about this many bytes (cut at character boundaries).
/// Every set encodes byte by byte, so the pieces join into the encoding of the whole.
pub const PIECE: usize = 4096;

/// `text` in pieces of about [`PIECE`] bytes, each ending on a character boundary.
///
/// ```
/// let text = "運".repeat(3000);
/// let pieces: Vec<&str> = urlkit_records::codec::pieces(&text).collect();
/// assert_eq!(pieces.concat(), text);
/// ```
pub fn pieces(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = PIECE.min(rest.len());
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        let (piece, tail) = rest.split_at(end);
        rest = tail;
        Some(piece)
    })
}

/// The UTF-8 bytes of a character, as `E9 81 8B`.
pub fn hex_bytes(c: char) -> String {
    let mut buf = [0u8; 4];
    c.encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One character of an explanation.
#[derive(Serialize)]
struct Character {
    char: String,
    code_point: String,
    offset: usize,
    sets: BTreeMap<&'static str, String>,
    utf8: String,
}

struct Characters<'a>(&'a str);

impl Serialize for Characters<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for (offset, c) in self.0.char_indices() {
            seq.serialize_element(&Character {
                char: c.to_string(),
                code_point: format!("U+{:04X}", c as u32),
                offset,
                sets: EXPLAIN_SETS
                    .iter()
                    .map(|set| (set.name(), treatment(*set, c)))
                    .collect(),
                utf8: hex_bytes(c),
            })?;
        }
        seq.end()
    }
}

/// The whole text encoded with one set, written piece by piece.
struct Encoded<'a> {
    set: NamedSet,
    text: &'a str,
}

impl std::fmt::Display for Encoded<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let encoder = self.set.encoder();
        for piece in pieces(self.text) {
            f.write_str(&encoder.encode_str(piece))?;
        }
        Ok(())
    }
}

struct EncodedAll<'a>(&'a str);

impl Serialize for EncodedAll<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut sets = EXPLAIN_SETS;
        sets.sort_by_key(|s| s.name());
        let mut map = s.serialize_map(Some(sets.len()))?;
        for set in sets {
            map.serialize_key(set.name())?;
            map.serialize_value(&Collected(Encoded { set, text: self.0 }))?;
        }
        map.end()
    }
}

/// A value written through `collect_str`, which serde_json streams into its output.
struct Collected<T>(T);

impl<T: std::fmt::Display> Serialize for Collected<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

struct Explanation<'a>(&'a str);

impl Serialize for Explanation<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Explanation", 2)?;
        st.serialize_field("characters", &Characters(self.0))?;
        st.serialize_field("encoded", &EncodedAll(self.0))?;
        st.end()
    }
}

impl Serialize for Explain<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Explain", 3)?;
        st.serialize_field("input", self.text)?;
        st.serialize_field("ok", &True)?;
        st.serialize_field("output", &Explanation(self.text))?;
        st.end()
    }
}

/// The record form of a library decode error (the door adds where).
pub fn decode_failure(e: &DecodeError) -> Failure {
    let message = match e.kind() {
        DecodeErrorKind::MalformedEscape => {
            "malformed percent-escape: '%' must be followed by two hex digits".to_owned()
        }
        DecodeErrorKind::InvalidUtf8 => {
            "the decoded bytes are not valid UTF-8 (use --mode lenient for U+FFFD, or --bytes)"
                .to_owned()
        }
        _ => e.to_string(),
    };
    Failure::at(e.kind().name(), e.offset(), message)
}

/// The `warning` of a record, when decoding turned escaped delimiters into real ones.
pub fn delimiter_record(found: &Option<DecodedDelimiters>) -> Option<DelimiterWarning> {
    let found = found.as_ref()?;
    let escapes = found
        .escapes()
        .iter()
        .map(|&(b, _)| format!("%{b:02X}"))
        .collect();
    Some(DelimiterWarning::new(
        found.context().name(),
        escapes,
        found.message(),
    ))
}

/// `urlkit decode --json` (strict, lenient or form) for one text: the record, with the
/// `warning` field when escaped delimiters became real ones.
///
/// ```
/// use urlkit::codec::DecodeMode;
/// assert!(urlkit_records::codec::decode_record("%41%26", DecodeMode::Strict).is_ok());
/// ```
pub fn decode_record(text: &str, mode: DecodeMode) -> Record<Decode> {
    let decoded = decode_bytes_to_str(text.as_bytes(), mode)
        .map(|out| Decode {
            warning: delimiter_record(&decoded_delimiters(text.as_bytes())),
            ..Decode::new(text, out.as_ref())
        })
        .map_err(|e| decode_failure(&e));
    Record::from_result(text, decoded)
}

/// An encode warning in the doors' words: the library's sentence and what to use instead.
pub fn warning_message(w: &urlkit::codec::EncodeWarning) -> String {
    let remedy = match w.kind() {
        urlkit::codec::EncodeWarningKind::AlreadyEncoded => {
            "use --once to keep the escapes, or `urlkit normalize` for a URL"
        }
        urlkit::codec::EncodeWarningKind::WholeUrl => {
            "`urlkit build` encodes each component once; `urlkit normalize` respells a URL"
        }
        _ => "",
    };
    format!("{} — {remedy}", w.message())
}

/// The warnings of a record, in the doors' words.
pub fn warning_records(warnings: &[urlkit::codec::EncodeWarning]) -> Vec<EncodeWarning> {
    warnings
        .iter()
        .map(|w| EncodeWarning {
            kind: w.kind().name(),
            message: warning_message(w),
            offset: w.offset(),
        })
        .collect()
}

/// `urlkit encode --json --set component TEXT` for one text, the encoding and its
/// warnings.
///
/// ```
/// let r = urlkit_records::codec::encode_record("%41 b");
/// assert_eq!(r.output, "%2541%20b");
/// ```
pub fn encode_record(text: &str) -> Encode {
    let encoder = NamedSet::Component.encoder();
    let warnings = encoder.warnings(text.as_bytes());
    Encode {
        warnings: warning_records(&warnings),
        ..Encode::with_set(text, encoder.encode_str(text), NamedSet::Component.name())
    }
}

#[cfg(test)]
mod tests {
    use super::{pieces, EXPLAIN_SETS, PIECE};

    #[test]
    fn pieces_join_into_the_whole_encoding() {
        let text = "運営 a&b/%?#".repeat(2000);
        let parts: Vec<&str> = pieces(&text).collect();
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|p| p.len() <= PIECE + 3));
        assert_eq!(parts.concat(), text);
        for set in EXPLAIN_SETS {
            let e = set.encoder();
            let joined: String = parts.iter().map(|p| e.encode_str(p)).collect();
            assert_eq!(joined, e.encode_str(&text), "{}", set.name());
        }
    }
}

/// The record of `urlkit convert`: every reading of one input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Convert {
    /// The input as text.
    pub input: String,
    /// `true`.
    pub ok: True,
    /// Each reading, in the library's order.
    pub readings: Vec<ConvertReading>,
}

/// One reading of `urlkit convert`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConvertReading {
    /// The checks the reading passes.
    pub checks: ConvertChecks,
    /// Why the reading fails, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `percent-decode`, `percent-encode`, `base64-decode`, `base64-encode` or `repair`.
    pub family: &'static str,
    /// `percent-decode strict`, `base64url-decode`, `repair shift_jis`, ...
    pub name: String,
    /// The output, when the reading succeeds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// Whether it succeeds and passes every check.
    pub plausible: bool,
}

/// The checks of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ConvertChecks {
    /// It changes the input.
    pub changes: bool,
    /// An encoding does not encode an escape the input already has.
    pub encodes_once: bool,
    /// No control character and no U+FFFD in the output.
    pub printable: bool,
    /// A legacy-charset reading was kept by the repair ranking.
    pub ranked: bool,
    /// Going back gives the input.
    pub round_trips: bool,
    /// The bytes read are UTF-8.
    pub valid_utf8: bool,
}

impl Convert {
    /// The record of `input`'s readings.
    pub fn new(input: impl Into<String>, readings: &[urlkit::convert::Reading]) -> Convert {
        Convert {
            input: input.into(),
            ok: True,
            readings: readings
                .iter()
                .map(|r| ConvertReading {
                    checks: ConvertChecks {
                        changes: r.checks.changes,
                        encodes_once: r.checks.encodes_once,
                        ranked: r.checks.ranked,
                        printable: r.checks.printable,
                        round_trips: r.checks.round_trips,
                        valid_utf8: r.checks.valid_utf8,
                    },
                    error: r.output.as_ref().err().cloned(),
                    family: r.family.name(),
                    name: r.name.clone(),
                    output: r.output.as_ref().ok().cloned(),
                    plausible: r.plausible(),
                })
                .collect(),
        }
    }
}
