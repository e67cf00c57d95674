//! The web API of urlkit as pure functions: a JSON request in, urlkit's shared records out.
//!
//! Each endpoint reads its fields from the request's JSON object and answers with the record
//! the CLI's `--json` writes for the same input (`urlkit-records` builds both), so that the
//! page, the CLI and Python give the same answer. `urlkit serve` (`urlkit-web`) carries these
//! functions over HTTP; the WebAssembly page (`urlkit-wasm`) calls [`call`] directly: one code
//! path for both.
//!
//! ```
//! let (status, body) = urlkit_api::call("compare", br#"{"a": "http://A/%7e", "b": "http://a/~"}"#);
//! assert_eq!(status, 200);
//! assert_eq!(body["equal"], true);
//! assert_eq!(body["rules"], serde_json::json!(["host-case", "unreserved-decoded"]));
//! let (status, body) = urlkit_api::call("decode", b"[]");
//! assert_eq!((status, body["error"]["kind"].as_str()), (400, Some("not-an-object")));
//! ```
//!
//! # Rationale
//!
//! Pure: no tokio, no file system, no network and no thread is needed here (a reconcile of
//! two pasted lists reads them from memory and joins them on the calling thread), so that the
//! crate builds for `wasm32-unknown-unknown`. What is about HTTP (methods, content types,
//! body reading, connection limits) stays in `urlkit-web`.

#![forbid(unsafe_code)]

mod handlers;
#[cfg(feature = "qr")]
pub mod qr;
mod reconcile;
mod request;

pub use handlers::endpoints;
pub use request::{Answer, ApiError, Endpoint, Handler, Request, LARGE_BODY, MAX_TEXT, SMALL_BODY};

/// Answers one request as `urlkit serve` does for `POST /api/NAME`: the status and the JSON
/// body (an endpoint's answer, or `{"error": {"kind", "message", ...}}`).
///
/// ```
/// let (status, body) = urlkit_api::call("no-such", b"{}");
/// assert_eq!((status, body["error"]["kind"].as_str()), (404, Some("unknown-endpoint")));
/// ```
pub fn call(name: &str, body: &[u8]) -> (u16, serde_json::Value) {
    let all = endpoints();
    let Some(endpoint) = all.iter().find(|e| e.name == name) else {
        let mut names: Vec<&str> = all.iter().map(|e| e.name).collect();
        names.sort_unstable();
        let e = ApiError::new(404, "unknown-endpoint", format!("no endpoint /api/{name}"))
            .with("endpoints", serde_json::json!(names));
        return (e.status, e.body());
    };
    match endpoint.answer(body) {
        Ok(answer) => (answer.status, answer.body),
        Err(e) => (e.status, e.body()),
    }
}
