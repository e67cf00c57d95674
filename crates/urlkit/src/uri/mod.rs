//! RFC 3986 / RFC 3987 URI and IRI references: the generic split into components (which
//! never fails), parsing (which validates), reference resolution, `remove_dot_segments`,
//! recomposition.
//!
//! ```
//! use urlkit::uri::{parse, resolve_str, Resolution};
//! let u = parse("HTTP://Example.COM/a/./b/../c?q#f").unwrap();
//! assert_eq!(u.host(), Some("Example.COM"));
//! assert_eq!(resolve_str("http://a/b/c/d;p?q", "../g", Resolution::Strict).unwrap(), "http://a/b/g");
//! ```
//!
//! Spec: <https://www.rfc-editor.org/rfc/rfc3986>, <https://www.rfc-editor.org/rfc/rfc3987>

pub(crate) mod chars;
mod dot_segments;
mod parse;
mod path_guard;
mod place;
mod port;
mod resolve;
mod split;

pub use dot_segments::{remove_dot_segments, remove_dot_segments_into};
pub(crate) use parse::flag;
pub use parse::{parse, scheme_end, Component, ParseError, ParseErrorKind, UriRef};
pub use path_guard::PathHead;
pub use place::Place;
pub use port::port_number;
pub use port::{default_port, is_default_port};
pub use resolve::{recompose, resolve, resolve_str, Resolution};
pub use split::{split, Split};
