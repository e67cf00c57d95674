//! Every record urlkit writes, and the writers that print them.
//!
//! The CLI's `--json` (docs/json.md is the contract), the web API of `urlkit serve`, the
//! WebAssembly page and the Python package all serialize these types (serde), so that every
//! door gives the same answer in the same shape. The text, CSV and Markdown forms of a record
//! go through the one text escaper ([`text::escape_controls`]), the one Markdown cell escaper
//! ([`markdown::cell`]) and the one CSV writer ([`csv`]); SARIF logs through [`sarif`], GitHub
//! workflow commands through [`github`].
//!
//! ```
//! use urlkit_records::{compare::Leveled, Record};
//! let r: Record<Leveled> = Record::Ok(Leveled::new("HTTP://a/", "safe", "http://a/"));
//! assert_eq!(
//!     serde_json::to_string(&r).unwrap(),
//!     r#"{"input":"HTTP://a/","level":"safe","ok":true,"output":"http://a/"}"#
//! );
//! ```
//!
//! # Rationale
//!
//! Within a record, fields are declared (and so written) in the order of their names: the
//! JSON the CLI printed before these types existed came from `serde_json::Value`, whose
//! objects are sorted maps, and docs/json.md promises those bytes. A test serializes every
//! type both ways and compares. Maps inside a record (`sets`, `rules`, `fields`) are
//! `BTreeMap`s for the same reason.
//!
//! The crate is pure: no I/O but the writers it is handed, no threads, no global state, so
//! that it builds for `wasm32-unknown-unknown` with the library.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod base64;
pub mod build;
pub mod check;
pub mod codec;
pub mod compare;
pub mod csv;
pub mod envelope;
pub mod flavors;
pub mod github;
pub mod header;
pub mod lint;
pub mod markdown;
pub mod parse;
pub mod presence;
pub mod reconcile;
pub mod repair;
pub mod sarif;
pub mod scan;
pub mod table;
pub mod text;

#[cfg(test)]
mod order_tests;

pub use envelope::{Failed, Failure, False, Record, RowFailure, Text, True};

/// Writes `record` as one line of JSON Lines. An I/O error keeps its kind (a closed pipe
/// stays a closed pipe, which ends a command quietly).
///
/// ```
/// let mut out = Vec::new();
/// urlkit_records::write_json_line(&mut out, &urlkit_records::Text::new("a b", "a%20b")).unwrap();
/// assert_eq!(out, b"{\"input\":\"a b\",\"ok\":true,\"output\":\"a%20b\"}\n");
/// ```
pub fn write_json_line(
    out: &mut impl std::io::Write,
    record: &impl serde::Serialize,
) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, record).map_err(|e| match e.io_error_kind() {
        Some(kind) => std::io::Error::from(kind),
        None => std::io::Error::other(e),
    })?;
    out.write_all(b"\n")
}
