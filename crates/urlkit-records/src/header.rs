//! The record of `content-disposition --parse`.

use serde::Serialize;
use urlkit::content_disposition::{build, parse, Disposition};

use crate::envelope::{Failure, Record, Text, True};

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
    Built(Text),
    /// `--parse VALUE`.
    Parsed(ContentDisposition),
}

/// `urlkit content-disposition --json FILENAME` (`Some(disposition)`) or `--parse --json
/// VALUE` (`None`) for one input.
///
/// ```
/// use urlkit::content_disposition::Disposition;
/// let r = urlkit_records::header::record("a.txt", Some(Disposition::Inline));
/// assert!(r.is_ok());
/// ```
pub fn record(text: &str, build_as: Option<Disposition>) -> Record<Answer> {
    match build_as {
        Some(d) => Record::Ok(Answer::Built(Text::new(text, build(text, d)))),
        None => Record::from_result(text, parsed(text).map(Answer::Parsed)),
    }
}
