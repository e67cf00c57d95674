//! The records of `content-disposition` (built and `--parse`) and of `base64`.

use serde::Serialize;
use urlkit::content_disposition::{build_with, parse, BuildNote, Disposition, Fallback};

use crate::envelope::{Failure, Record, True};

/// `urlkit content-disposition --parse --json`: `{"charset", "disposition", "fallback",
/// "input", "language", "ok", "output"}` (`output` is the file name).
///
/// ```
/// let cd = urlkit::content_disposition::parse("inline; filename=a.txt").unwrap();
/// let r = urlkit_records::header::ContentDisposition::new("inline; filename=a.txt", "a.txt", &cd);
/// assert_eq!(
///     serde_json::to_string(&r).unwrap(),
///     r#"{"charset":null,"disposition":"inline","fallback":"a.txt","input":"inline; filename=a.txt","language":null,"ok":true,"output":"a.txt"}"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ContentDisposition {
    /// The charset of `filename*`.
    pub charset: Option<String>,
    /// `attachment`, `inline` or another type.
    pub disposition: String,
    /// The plain `filename`.
    pub fallback: Option<String>,
    /// The header value.
    pub input: String,
    /// The language of `filename*`.
    pub language: Option<String>,
    /// `true`.
    pub ok: True,
    /// The file name it gives.
    pub output: String,
}

impl ContentDisposition {
    /// The record of the header value `input`, parsed as `cd`, giving `filename`.
    pub fn new(
        input: impl Into<String>,
        filename: impl Into<String>,
        cd: &urlkit::content_disposition::ContentDisposition,
    ) -> ContentDisposition {
        ContentDisposition {
            charset: cd.charset().map(str::to_owned),
            disposition: cd.disposition().to_owned(),
            fallback: cd.filename_fallback().map(str::to_owned),
            input: input.into(),
            language: cd.language().map(str::to_owned),
            ok: True,
            output: filename.into(),
        }
    }
}

/// Every field of a parsed header value, the file name unresolved when it has none: what
/// Python's `parse_content_disposition` gives (`{"charset", "disposition", "fallback",
/// "filename", "language", "params"}`; `params` are the other parameters as `(name, value)`
/// pairs, names lowercase).
///
/// ```
/// let cd = urlkit::content_disposition::parse("attachment; size=42").unwrap();
/// assert_eq!(
///     serde_json::to_string(&urlkit_records::header::Fields::from(&cd)).unwrap(),
///     r#"{"charset":null,"disposition":"attachment","fallback":null,"filename":null,"language":null,"params":[["size","42"]]}"#
/// );
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc6266#section-4>
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fields {
    /// The charset of `filename*`.
    pub charset: Option<String>,
    /// `attachment`, `inline` or another type.
    pub disposition: String,
    /// The plain `filename`.
    pub fallback: Option<String>,
    /// The file name: `filename*` preferred (RFC 6266 §4.3), else `filename`.
    pub filename: Option<String>,
    /// The language of `filename*`.
    pub language: Option<String>,
    /// The other parameters, in order.
    pub params: Vec<(String, String)>,
}

impl From<&urlkit::content_disposition::ContentDisposition> for Fields {
    fn from(cd: &urlkit::content_disposition::ContentDisposition) -> Fields {
        Fields {
            charset: cd.charset().map(str::to_owned),
            disposition: cd.disposition().to_owned(),
            fallback: cd.filename_fallback().map(str::to_owned),
            filename: cd.filename().map(str::to_owned),
            language: cd.language().map(str::to_owned),
            params: cd.params().to_vec(),
        }
    }
}

/// A remark about one answer: a stable kebab-case kind and a sentence (what a builder asks of
/// the sender, what a lenient reading accepted).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// Stable kebab-case kind.
    pub kind: &'static str,
    /// For people.
    pub message: String,
}

impl Note {
    /// A note of `kind`.
    pub fn new(kind: &'static str, message: impl Into<String>) -> Note {
        Note {
            kind,
            message: message.into(),
        }
    }
}

/// The record of `content-disposition FILENAME`: the header value, with the builder's notes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Built {
    /// The file name.
    pub input: String,
    /// What the value asks of its sender (quoted-pairs, a non-ASCII fallback).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    /// `true`.
    pub ok: True,
    /// The header value.
    pub output: String,
}

/// The record of `base64`: the answer, and with `--lenient` what was accepted beyond strict
/// RFC 4648.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Base64 {
    /// What a lenient reading accepted (the other alphabet, no padding, whitespace).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub accepted: Vec<Note>,
    /// The input as text.
    pub input: String,
    /// `true`.
    pub ok: True,
    /// The encoded or decoded text.
    pub output: String,
}

/// A header value's record (its file name and parameters), or why it gives none.
pub fn parsed(text: &str) -> Result<ContentDisposition, Failure> {
    let cd = parse(text).map_err(|e| Failure::at(e.kind().name(), e.offset(), e.description()))?;
    let Some(name) = cd.filename() else {
        return Err(Failure::at(
            "no-filename",
            text.len(),
            "the value has no filename or filename* parameter",
        ));
    };
    Ok(ContentDisposition::new(text, name, &cd))
}

/// What `urlkit content-disposition --json` writes for one input: a built value, or a
/// parsed one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// `FILENAME` built into a header value.
    Built(Built),
    /// `--parse VALUE`.
    Parsed(ContentDisposition),
}

/// A file name's header value and what the builder says about it, or why the fallback
/// cannot be used.
pub fn built(
    text: &str,
    disposition: Disposition,
    fallback: Option<&str>,
) -> Result<Built, Failure> {
    let fallback = fallback.map_or(Fallback::Derived, Fallback::Given);
    let b = build_with(text, disposition, fallback).map_err(|e| {
        Failure::new(
            e.name(),
            format!("--fallback: {e} (at byte {})", e.offset()),
        )
    })?;
    Ok(Built {
        input: text.to_owned(),
        notes: b.notes.iter().map(|n| note(*n)).collect(),
        ok: True,
        output: b.value,
    })
}

/// A builder's note as a record.
fn note(n: BuildNote) -> Note {
    Note::new(n.name(), n.message())
}

/// `urlkit content-disposition --json [--fallback NAME] FILENAME` (`Some(disposition)`) or
/// `--parse --json VALUE` (`None`) for one input.
///
/// ```
/// use urlkit::content_disposition::Disposition;
/// assert!(urlkit_records::header::record("a.txt", Some(Disposition::Inline), None).is_ok());
/// ```
pub fn record(text: &str, build_as: Option<Disposition>, fallback: Option<&str>) -> Record<Answer> {
    match build_as {
        Some(d) => Record::from_result(text, built(text, d, fallback).map(Answer::Built)),
        None => Record::from_result(text, parsed(text).map(Answer::Parsed)),
    }
}
