//! The WHATWG URL view: what browsers and Node see, over the `ada-url` crate (which passes all
//! of WPT's urltestdata).
//!
//! <https://url.spec.whatwg.org/>

use std::fmt;

/// A WHATWG URL parse failure: the input (with its base) is not a valid URL to a browser.
///
/// The WHATWG parser reports no position, so the error has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhatwgError {
    input: String,
}

impl WhatwgError {
    /// The input that failed to parse.
    pub fn input(&self) -> &str {
        &self.input
    }
}

impl fmt::Display for WhatwgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a valid URL by the WHATWG URL Standard: {:?}",
            self.input
        )
    }
}

impl std::error::Error for WhatwgError {}

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
    ada_url::Url::parse(input, base)
        .map(|u| u.href().to_owned())
        .map_err(|_| WhatwgError {
            input: input.to_owned(),
        })
}
