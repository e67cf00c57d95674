//! `POST /api/reconcile` over two lists the page gives (pasted text, or a chosen file's
//! content and name), with the command's readers and report.

use serde_json::json;
use urlkit::normalize::Level;
use urlkit_reconcile_report::memory::{self, Given, ReportFormat, Unread};

use crate::{Answer, ApiError, Request};

/// The most lines of one pasted list.
pub const MAX_LIST_LINES: usize = 200_000;

/// The longest name of a list (a file's name).
pub const MAX_NAME: usize = 255;

/// Two lists reconciled: `{"left", "right", "left_name"?, "right_name"?, "level"?,
/// "format"?}` gives the report of `urlkit reconcile` in `"format"` (text by default, csv,
/// markdown; json gives the records of `--json`) and what the readers found. A list's name
/// (the file it came from) tells its format as a path's extension does, and names it in the
/// report; without one it is `left` or `right`, its format told by its content. A list that
/// cannot be read, or gives no URL, is a 422 `unreadable-list` with its `side` and the
/// reader's `reason` (`empty`, `json-syntax`, ...).
pub fn reconcile(r: &Request) -> Result<Answer, ApiError> {
    let limit = crate::LARGE_BODY;
    let left = r.text_up_to("left", limit)?;
    let right = r.text_up_to("right", limit)?;
    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    let level = r.choice("level", &names, "safe")?;
    let level = Level::from_name(level).expect("invariant: choice gave one of the levels' names");
    for (field, text) in [("left", left), ("right", right)] {
        let lines = text.lines().count();
        if lines > MAX_LIST_LINES {
            return Err(ApiError::new(
                413,
                "too-many-lines",
                format!("\"{field}\" has {lines} lines; at most {MAX_LIST_LINES} are accepted"),
            )
            .with("field", json!(field))
            .with("limit", json!(MAX_LIST_LINES)));
        }
    }
    let name = |field: &'static str, default: &'static str| -> Result<String, ApiError> {
        let Some(given) = r.optional(field)?.map(str::trim) else {
            return Ok(default.to_owned());
        };
        // The last path segment only: a name is a label and an extension, never a path.
        let base = given
            .rsplit_once(['/', '\\'])
            .map_or(given, |(_, last)| last);
        if base.chars().count() > MAX_NAME || base.chars().any(char::is_control) {
            return Err(
                ApiError::bad("invalid-value", format!("\"{field}\" is not a file name"))
                    .with("field", json!(field)),
            );
        }
        Ok(if base.is_empty() { default } else { base }.to_owned())
    };
    let (left_name, right_name) = (name("left_name", "left")?, name("right_name", "right")?);
    let format = match r.choice("format", &["text", "csv", "markdown", "json"], "text")? {
        "csv" => ReportFormat::Csv,
        "markdown" => ReportFormat::Markdown,
        "json" => ReportFormat::Json,
        _ => ReportFormat::Text,
    };
    let left = Given {
        name: &left_name,
        bytes: left.as_bytes(),
    };
    let right = Given {
        name: &right_name,
        bytes: right.as_bytes(),
    };
    match memory::report(left, right, level, format) {
        Ok(report) => Ok(Answer::ok(report)),
        Err(Unread::Source(side, e)) => Err(ApiError::new(422, "unreadable-list", e.message)
            .with("side", json!(side))
            .with("reason", json!(e.kind.name()))),
        Err(Unread::Report(m)) => Err(ApiError::new(500, "internal", m)),
    }
}
