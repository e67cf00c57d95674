//! `urlkit serve`: a local page whose every answer comes from the urlkit library (issue 18).
//!
//! The server listens on 127.0.0.1 only. The page and its assets are compiled into the binary
//! ([`assets`]), so it works offline and asks no other host for anything. The JSON API is one
//! `POST /api/NAME` per [`Endpoint`]; the endpoints themselves are given by the caller (the
//! `urlkit` command), whose `--json` record builders they call, so that the page and the CLI
//! answer with the same JSON and there is one builder of each record.
//!
//! ```no_run
//! use urlkit_web::{Answer, Endpoint, Server};
//! fn echo(req: &urlkit_web::Request) -> Result<Answer, urlkit_web::ApiError> {
//!     Ok(Answer::ok(serde_json::json!({"text": req.text("text")?})))
//! }
//! let server = Server::start(0, vec![Endpoint::small("echo", echo)]).expect("bound");
//! println!("http://{}/", server.addr());
//! ```
//!
//! # Rationale
//!
//! The handlers are pure request/response functions in `urlkit-api` (the WebAssembly page
//! calls the same ones); this crate holds what is about HTTP: routing, limits, the page. The
//! endpoints are handed in (`urlkit serve` gives `urlkit_api::endpoints()`).

#![forbid(unsafe_code)]

pub mod assets;
mod conn;
mod http;
mod limits;

pub use http::Server;
pub use limits::Limits;
/// QR codes (the `qr` endpoint is urlkit-api's; `urlkit qr` draws them on a terminal).
pub use urlkit_api::qr;
/// The request and answer types are urlkit-api's (the handlers are pure; this crate carries
/// them over HTTP).
pub use urlkit_api::{
    Answer, ApiError, Endpoint, Handler, Request, LARGE_BODY, MAX_TEXT, SMALL_BODY,
};
