//! Building URLs from unencoded components, each encoded once with its own set, and editing
//! existing URLs without touching the bytes of what is not edited.
//!
//! A value goes in as data: a path segment `2026/10/report.pdf` stays one segment
//! (`2026%2F10%2Freport.pdf`), a query value `a&b=c` stays one value (`a%26b%3Dc`), a host
//! `日本語.jp` goes through IDNA (`xn--wgv71a119e.jp`). Nothing is ever run through an
//! encoder twice, and a finished URL is never run through one at all (RFC 3986 §2.4).
//!
//! | component | set | spec |
//! |---|---|---|
//! | path segment | everything but `pchar` ([`sets::PCHAR`]) | RFC 3986 §3.3 |
//! | query key, value | [`QueryStyle::Form`] (space `+`) or [`QueryStyle::Rfc3986`] | WHATWG URL §5.2, RFC 3986 §2.3 |
//! | whole query | a [`QueryFlavor`]: `python.urlencode`, `go.Values.Encode`, ... | each language's documentation |
//! | fragment | everything but `fragment` ([`sets::RFC3986_FRAGMENT`]) | RFC 3986 §3.5 |
//! | user, password | everything but `userinfo` ([`sets::RFC3986_USERINFO`]; `:` too in the user) | RFC 3986 §3.2.1 |
//! | host | UTS #46 ToASCII, or an IP literal | RFC 3986 §3.2.2, UTS #46 |
//!
//! ```
//! use urlkit::build::{HostInput, UrlBuilder};
//! let url = UrlBuilder::new("https")?
//!     .host(HostInput::Name("日本語.jp"))?
//!     .segment("パス")?
//!     .build()?;
//! assert_eq!(url.uri(), "https://xn--wgv71a119e.jp/%E3%83%91%E3%82%B9");
//! assert_eq!(url.iri(), "https://日本語.jp/パス");
//! # Ok::<(), urlkit::build::BuildError>(())
//! ```
//!
//! [`sets::PCHAR`]: crate::codec::sets::PCHAR
//! [`sets::RFC3986_FRAGMENT`]: crate::codec::sets::RFC3986_FRAGMENT
//! [`sets::RFC3986_USERINFO`]: crate::codec::sets::RFC3986_USERINFO

mod builder;
mod error;
mod host;
mod path;
mod query;
mod query_flavor;
mod read;

use std::fmt;

use crate::normalize::Form;

pub use builder::UrlBuilder;
pub use error::{BuildError, BuildErrorKind};
pub use host::HostInput;
pub use query::QueryStyle;
pub use query_flavor::QueryFlavor;
pub use read::{read_params, read_segments, Param, Segment};

/// Whether a value can be a path segment: every value can except `.` and `..` (see
/// [`BuildErrorKind::DotSegment`]). The check [`UrlBuilder::segment`] makes, for callers
/// that validate their input before they have a URL.
///
/// ```
/// use urlkit::build::{check_segment, BuildErrorKind};
/// assert!(check_segment("2026/10/report.pdf").is_ok());
/// assert_eq!(check_segment("..").unwrap_err().kind(), BuildErrorKind::DotSegment);
/// ```
pub fn check_segment(value: &str) -> Result<(), BuildError> {
    path::check_segment(value)
}

/// A built URL: its URI form (ASCII) and, on request, its IRI form (readable).
///
/// ```
/// use urlkit::build::UrlBuilder;
/// let u = UrlBuilder::from_url("https://xn--wgv71a119e.jp/")?.segment("東京")?.build()?;
/// assert_eq!(u.to_string(), "https://xn--wgv71a119e.jp/%E6%9D%B1%E4%BA%AC");
/// assert_eq!(u.iri(), "https://日本語.jp/東京");
/// # Ok::<(), urlkit::build::BuildError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Built {
    uri: String,
}

impl Built {
    /// The URI: ASCII only, as it goes on the wire (RFC 3986).
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// The IRI (RFC 3987 §3.2): escapes of non-ASCII characters shown as the characters, the
    /// host as U-labels; every other escape stays, so it names the same resource.
    pub fn iri(&self) -> String {
        crate::normalize::iri::to_iri(&self.uri)
    }

    /// The URI, owned.
    pub fn into_uri(self) -> String {
        self.uri
    }

    /// The form asked for (the same [`Form`] as the normalizer's).
    ///
    /// ```
    /// use urlkit::build::UrlBuilder;
    /// use urlkit::normalize::Form;
    /// let u = UrlBuilder::from_url("https://a/")?.segment("é")?.build()?;
    /// assert_eq!(u.to_form(Form::Iri), "https://a/é");
    /// # Ok::<(), urlkit::build::BuildError>(())
    /// ```
    pub fn to_form(&self, form: Form) -> String {
        match form {
            Form::Uri => self.uri.clone(),
            Form::Iri => self.iri(),
        }
    }
}

impl fmt::Display for Built {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uri)
    }
}
