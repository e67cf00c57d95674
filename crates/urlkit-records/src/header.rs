//! The records of `content-disposition` (built and `--parse`) and of `base64`.

use serde::Serialize;

use crate::envelope::True;

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
