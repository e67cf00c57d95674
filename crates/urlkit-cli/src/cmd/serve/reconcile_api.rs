//! `POST /api/reconcile` over two pasted lists, with the command's readers and report.

use serde_json::json;
use urlkit_web::{Answer, ApiError, Request};

use crate::cmd;

/// The most lines of one pasted list.
pub const MAX_LIST_LINES: usize = 200_000;

/// Two pasted lists reconciled: `{"left", "right", "level"}` gives the report of `urlkit
/// reconcile` in `"format"` (text by default, csv, markdown; json gives the records of
/// `--json`) and what the readers found.
pub fn reconcile(r: &Request) -> Result<Answer, ApiError> {
    let limit = urlkit_web::LARGE_BODY;
    let left = r.text_up_to("left", limit)?;
    let right = r.text_up_to("right", limit)?;
    let level = r.choice(
        "level",
        &["exact", "safe", "normal", "loose", "whatwg"],
        "safe",
    )?;
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
    use cmd::reconcile::memory::ReportFormat;
    let format = match r.choice("format", &["text", "csv", "markdown", "json"], "text")? {
        "csv" => ReportFormat::Csv,
        "json" => ReportFormat::Json,
        "markdown" => ReportFormat::Markdown,
        _ => ReportFormat::Text,
    };
    let report = cmd::reconcile::memory::report(left.as_bytes(), right.as_bytes(), level, format)
        .map_err(|m| ApiError::new(422, "unreadable-list", m))?;
    Ok(Answer::ok(report))
}
