//! QR codes of a URL: SVG for the page, Unicode half blocks for `urlkit qr` on a terminal.

use qrcode::render::{svg, unicode};
use qrcode::{EcLevel, QrCode};
use serde_json::json;

use crate::request::{Answer, ApiError, Request};

/// The most bytes a QR code takes at level M (version 40, byte mode).
pub const MAX_BYTES: usize = 2331;

/// Why a text has no QR code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QrError {
    /// The text is empty.
    Empty,
    /// More bytes than version 40 at level M holds.
    TooLong(usize),
}

impl std::fmt::Display for QrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QrError::Empty => write!(f, "there is nothing to encode"),
            QrError::TooLong(n) => write!(
                f,
                "{n} bytes do not fit in a QR code (at most {MAX_BYTES} at error correction level M)"
            ),
        }
    }
}

fn code(text: &str) -> Result<QrCode, QrError> {
    if text.is_empty() {
        return Err(QrError::Empty);
    }
    QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|_| QrError::TooLong(text.len()))
}

/// The QR code of `text` as an SVG document (black on white, with its quiet zone).
///
/// ```
/// let svg = urlkit_api::qr::svg("https://example.com/").unwrap();
/// assert!(svg.contains("<svg"));
/// ```
pub fn svg(text: &str) -> Result<String, QrError> {
    Ok(code(text)?
        .render::<svg::Color<'_>>()
        .min_dimensions(160, 160)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .build())
}

/// The QR code of `text` drawn with half blocks, two modules a character cell, for a terminal
/// with a dark background (light modules drawn, dark ones left blank).
///
/// ```
/// let art = urlkit_api::qr::terminal("https://example.com/").unwrap();
/// assert!(art.lines().count() > 10);
/// ```
pub fn terminal(text: &str) -> Result<String, QrError> {
    Ok(code(text)?
        .render::<unicode::Dense1x2>()
        .dark_color(unicode::Dense1x2::Light)
        .light_color(unicode::Dense1x2::Dark)
        .build())
}

/// `POST /api/qr {"text"}`: `{"input", "ok", "svg"}` (an empty or too long text is a record
/// with its error, as the other one-input endpoints answer).
pub(crate) fn endpoint(req: &Request) -> Result<Answer, ApiError> {
    let text = req.text("text")?;
    match svg(text) {
        Ok(svg) => Ok(Answer::ok(json!({"input": text, "ok": true, "svg": svg}))),
        Err(e) => {
            let kind = match e {
                QrError::Empty => "empty-input",
                QrError::TooLong(_) => "too-long-for-qr",
            };
            Ok(Answer::record(json!({
                "input": text,
                "ok": false,
                "error": {"kind": kind, "offset": null, "message": e.to_string()},
            })))
        }
    }
}
