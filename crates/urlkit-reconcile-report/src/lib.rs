//! `urlkit reconcile` between its door and its engine: both sides' sources read through
//! urlkit-sources' readers into urlkit-reconcile's join ([`read_sides`]), and the report of
//! the outcome in the command's four formats ([`Report`]); [`memory::report`] is the whole
//! of it over two lists given in memory, which `urlkit serve` and the WebAssembly page answer
//! with (one code path for every door).
//!
//! ```
//! use urlkit_reconcile_report::memory::{report, Given, ReportFormat};
//!
//! let left = Given { name: "left", bytes: b"https://example.com/%E9%81%8B\nhttps://example.com/gone\n" };
//! let right = Given { name: "right", bytes: "https://example.com/運\n".as_bytes() };
//! let v = report(left, right, urlkit::normalize::Level::Safe, ReportFormat::Json).unwrap();
//! let missing: Vec<_> = v["records"].as_array().unwrap().iter().filter(|r| r["type"] == "missing").collect();
//! assert_eq!(missing.len(), 1);
//! assert_eq!(missing[0]["left"]["url"], "https://example.com/gone");
//! ```
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986#section-6> (the comparison ladder the keys
//! climb).

pub mod memory;
mod origin;
mod read;
mod report;

pub use origin::{Meta, Tables};
pub use read::{read_sides, ReadFailure, SideInput, Sides, Unwatched, Watch, MAX_SOURCES_A_SIDE};
pub use report::{live_words, Extras, Fit, Only, Report};

/// Near matches given per missing or extra URL.
pub const HINTS: usize = 3;
