//! The WHATWG URL view: what browsers and Node see, a thin adapter over the `ada-url` crate
//! (which passes all of WPT's urltestdata, setters and toascii suites).
//!
//! ```
//! use urlkit::whatwg::Url;
//! let url = Url::parse("http:\\\\EXAMPLE.com\\a\t/b", None).unwrap();
//! assert_eq!(url.href(), "http://example.com/a/b");
//! ```
//!
//! Spec: <https://url.spec.whatwg.org/>

mod error;
mod host;
mod search_params;
mod url;

pub use error::{WhatwgError, WhatwgErrorKind};
pub use host::{domain_to_ascii, parse_whatwg_host, HostKind, WhatwgHost};
pub use search_params::UrlSearchParams;
pub use url::{Components, Special, Url};

/// Parses `input` (against `base`, if given) as a browser does and returns its serialization,
/// `new URL(input, base).href`.
///
/// ```
/// use urlkit::whatwg::href;
/// assert_eq!(href("HTTPS://EXAMPLE.com/a/../b", None).unwrap(), "https://example.com/b");
/// assert_eq!(href("g", Some("http://a/b/c/d;p?q")).unwrap(), "http://a/b/c/g");
/// assert!(href("not a url", None).is_err());
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#concept-url-parser>,
/// <https://url.spec.whatwg.org/#concept-url-serializer>
pub fn href(input: &str, base: Option<&str>) -> Result<String, WhatwgError> {
    Url::parse(input, base).map(|u| u.href().to_owned())
}
