//! Readers that turn the places URL lists live in into records for `urlkit reconcile`:
//! sitemaps (sitemaps.org, with indexes and gzip), the WordPress REST API (saved responses or a
//! live site), CSV/TSV, plain text and JSON / JSON Lines.
//!
//! Each [`Record`] carries the URL exactly as the source wrote it (after XML or JSON
//! unescaping, never percent-decoded), the source it came from, its position there (a line, or
//! a JSON pointer) and, when the source knows it, the content type (`post`, `page`,
//! `category`, `post_tag`, a custom type, ...). Problems that do not stop reading (a sitemap
//! over the protocol's 50,000-URL limit, an item without `link`) become [`Finding`]s; problems
//! that do (malformed XML, a refused DTD) become a [`SourceError`] with a location.
//!
//! HTTP(S) is behind the `http` cargo feature ([`HttpFetcher`], over `ureq`); without it,
//! URLs given as sources are refused with a clear error. Any [`Fetcher`] can be plugged in.
//!
//! ```
//! use urlkit_sources::{Reader, SourceSpec};
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("list.txt");
//! std::fs::write(&path, "https://example.com/a\n\nhttps://example.com/%E9%81%8B/\n").unwrap();
//! let spec = SourceSpec::parse(&format!("text:{}", path.display())).unwrap();
//! let mut urls = Vec::new();
//! let mut reader = Reader::new();
//! reader.read(&spec, &mut |r| urls.push((r.url, r.position.to_string()))).unwrap();
//! assert_eq!(urls[1], ("https://example.com/%E9%81%8B/".to_string(), "line 3".to_string()));
//! ```
#![warn(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]
#![forbid(unsafe_code)]

mod block;
mod catalog;
#[cfg(feature = "http")]
pub mod check;
mod encoding;
mod error;
mod fetch;
mod finding;
#[cfg(feature = "http")]
mod http;
mod input;
mod inputs;
mod json;
mod json_value;
mod lines;
mod policy;
mod progress;
mod read;
mod reader;
mod record;
mod sitemap;
mod sniff;
mod spec;
mod table;
mod text;
mod wordpress;

pub use block::{LineBlock, LineRecord, RecordSink};
pub use catalog::{Catalog, SourceInfo};
pub use encoding::{encoding_for_name, likely_encoding, unknown_encoding};
/// The character encoding type of [`Reader::encoding`] (from `encoding_rs`).
pub use encoding_rs::Encoding;
pub use error::{SourceError, SourceErrorKind};
pub use fetch::{FetchError, FetchErrorKind, Fetcher, Hop, Response};
pub use finding::{Effect, Finding, FindingKind};
#[cfg(feature = "http")]
pub use http::HttpFetcher;
pub use inputs::{InputError, Inputs, Item, Notice, Origin};
pub use lines::{for_each_line, not_a_url, trim, trim_str, Content, Trimmed, BOM, BOM_REMOVED};
pub use policy::{
    is_http_url, same_site, AddressClass, AddressClassifier, Allowed, ByIp, Offsite, RequestBudget,
    Start,
};
pub use progress::FetchProgress;
pub use reader::Reader;
pub use record::{Position, Record, SourceId};
pub use spec::{Column, Format, FormatFrom, Location, SourceSpec};
