//! urlkit in the browser: the web API's request/response functions compiled to
//! `wasm32-unknown-unknown`, so that the page runs without a server (issue 32).
//!
//! [`call`] answers a request as `urlkit serve` does: an endpoint's name and its JSON body
//! in, the HTTP status and the JSON answer out, from [`urlkit_api::call`], the function the
//! server's handlers are (one code path). It is plain Rust: natively it is what the
//! differential test compares the module against (`examples/answer.rs`), in WebAssembly the
//! exports of `abi` wrap it (`js/urlkit.js` is the glue), and `scripts/build-site.sh` builds
//! the static site around it.
//!
//! ```
//! let (status, body) = urlkit_wasm::call(b"parse", br#"{"url":"https://EXAMPLE.com/a b"}"#);
//! assert_eq!(status, 200);
//! let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
//! assert_eq!(v["whatwg"]["href"], "https://example.com/a%20b");
//! ```
//!
//! docs/wasm.md tells how the module is built and which allocator its C uses.

// The wasm-only code is built by scripts/build-site.sh, outside the workspace's clippy run:
// a warning there fails the build.
#![cfg_attr(target_arch = "wasm32", deny(warnings))]

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod abi;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod c_alloc;

/// Answers one request: `(status, JSON body)`, as `POST /api/NAME` of `urlkit serve` would
/// (every endpoint of the page, reconcile and scan included).
///
/// ```
/// let (status, body) = urlkit_wasm::call(b"reconcile", br#"{"left":"https://a.example/x","right":"https://a.example/%78"}"#);
/// assert_eq!(status, 200);
/// let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
/// assert!(v["report"].as_str().unwrap().contains("matched"));
/// ```
///
/// Spec: <https://www.rfc-editor.org/rfc/rfc9110#name-status-codes>
pub fn call(endpoint: &[u8], body: &[u8]) -> (u16, Vec<u8>) {
    let name = String::from_utf8_lossy(endpoint);
    let (status, value) = urlkit_api::call(&name, body);
    let bytes = serde_json::to_vec(&value).expect("invariant: a serde_json::Value serializes");
    (status, bytes)
}
