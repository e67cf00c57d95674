//! urlkit in the browser: the web API's request/response functions compiled to
//! `wasm32-unknown-unknown`, so that the page runs without a server (issue 32).
//!
//! [`call`] answers a request as `urlkit serve` would: an endpoint's name and its JSON body
//! in, the HTTP status and the JSON answer out. It is plain Rust: natively it is what the
//! differential test compares the module against (`examples/answer.rs`), in WebAssembly the
//! exports of `abi` wrap it (`js/urlkit.js` is the glue), and `scripts/build-site.sh` builds
//! the static site around it.
//!
//! ```
//! let (status, body) = urlkit_wasm::call(b"whatwg", br#"{"url":"https://EXAMPLE.com/a b"}"#);
//! assert_eq!(status, 200);
//! let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
//! assert_eq!(v["href"], "https://example.com/a%20b");
//! ```
//!
//! docs/wasm.md tells how the module is built and why it defines C's `malloc`.

// The wasm-only code is built by scripts/build-site.sh, outside the workspace's clippy run:
// a warning there fails the build.
#![cfg_attr(target_arch = "wasm32", deny(warnings))]

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod abi;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod c_alloc;

use serde_json::{json, Value};

/// Answers one request: `(status, JSON body)`.
pub fn call(endpoint: &[u8], body: &[u8]) -> (u16, Vec<u8>) {
    let (status, value) = answer(endpoint, body);
    let bytes = serde_json::to_vec(&value).expect("invariant: a serde_json::Value serializes");
    (status, bytes)
}

fn error(status: u16, kind: &str, message: String) -> (u16, Value) {
    (status, json!({"error": {"kind": kind, "message": message}}))
}

fn answer(endpoint: &[u8], body: &[u8]) -> (u16, Value) {
    let request: Value = match serde_json::from_slice(body) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => {
            return error(
                400,
                "not-an-object",
                "the body must be a JSON object".into(),
            )
        }
        Err(e) => return error(400, "bad-json", format!("the body is not JSON: {e}")),
    };
    let Some(url) = request.get("url").and_then(Value::as_str) else {
        return error(400, "missing-field", "the request has no \"url\"".into());
    };
    match endpoint {
        b"whatwg" => match urlkit::whatwg::href(url, None) {
            Ok(href) => (200, json!({ "href": href })),
            Err(e) => (200, json!({ "error": e.to_string() })),
        },
        b"key" => {
            let mut keys = serde_json::Map::new();
            for name in ["exact", "safe", "normal", "loose", "whatwg"] {
                let level = urlkit::normalize::Level::from_name(name)
                    .expect("invariant: a level name of the ladder");
                let options = urlkit::normalize::Options::new(level);
                let key = match urlkit::normalize::key(url, &options) {
                    Ok(k) => json!(k),
                    Err(e) => json!({ "error": e.to_string() }),
                };
                keys.insert(name.into(), key);
            }
            (200, Value::Object(keys))
        }
        _ => error(
            404,
            "unknown-endpoint",
            format!("no endpoint {:?}", String::from_utf8_lossy(endpoint)),
        ),
    }
}
