//! The record of `content-disposition --parse`.

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
