//! The errors of the WHATWG view: small typed values, no position (the WHATWG parser reports
//! none).

use std::fmt;

/// What went wrong in the WHATWG view.
///
/// ```
/// use urlkit::whatwg::{Url, WhatwgErrorKind};
/// let err = Url::parse("/a", None).unwrap_err();
/// assert_eq!(err.kind(), WhatwgErrorKind::InvalidUrl);
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#validation-error>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WhatwgErrorKind {
    /// The input (against its base, if any) is not a URL: `new URL(input, base)` throws.
    InvalidUrl,
    /// The base itself is not a URL, so nothing can be resolved against it.
    InvalidBase,
    /// The input is not a valid host (host parser failure).
    InvalidHost,
    /// A setter refused the value and left the URL unchanged (the JavaScript setter would
    /// silently do nothing).
    SetterRejected,
}

impl WhatwgErrorKind {
    /// The stable kebab-case name used in CLI records (`invalid-url`).
    ///
    /// ```
    /// use urlkit::whatwg::WhatwgErrorKind;
    /// assert_eq!(WhatwgErrorKind::InvalidBase.name(), "invalid-base");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            WhatwgErrorKind::InvalidUrl => "invalid-url",
            WhatwgErrorKind::InvalidBase => "invalid-base",
            WhatwgErrorKind::InvalidHost => "invalid-host",
            WhatwgErrorKind::SetterRejected => "setter-rejected",
        }
    }
}

/// A WHATWG URL failure: the kind and the input it concerns.
///
/// The WHATWG parser reports no position, so the error carries none (`offset()` is `None`);
/// inventing one would point at the wrong byte as often as the right one.
///
/// ```
/// use urlkit::whatwg::{href, WhatwgErrorKind};
/// let err = href("not a url", None).unwrap_err();
/// assert_eq!(err.kind(), WhatwgErrorKind::InvalidUrl);
/// assert_eq!(err.input(), "not a url");
/// assert_eq!(err.offset(), None);
/// ```
///
/// Spec: <https://url.spec.whatwg.org/#concept-url-parser>
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhatwgError {
    kind: WhatwgErrorKind,
    input: String,
}

impl WhatwgError {
    pub(crate) fn new(kind: WhatwgErrorKind, input: &str) -> WhatwgError {
        WhatwgError {
            kind,
            input: input.to_owned(),
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// use urlkit::whatwg::{href, WhatwgErrorKind};
    /// assert_eq!(href("a", Some("nope")).unwrap_err().kind(), WhatwgErrorKind::InvalidBase);
    /// ```
    pub fn kind(&self) -> WhatwgErrorKind {
        self.kind
    }

    /// The input that failed (the base, for [`WhatwgErrorKind::InvalidBase`]).
    ///
    /// ```
    /// use urlkit::whatwg::href;
    /// assert_eq!(href("a", Some("nope")).unwrap_err().input(), "nope");
    /// ```
    pub fn input(&self) -> &str {
        &self.input
    }

    /// Always `None`: the WHATWG parser does not say where it gave up.
    ///
    /// ```
    /// use urlkit::whatwg::href;
    /// assert_eq!(href("http://[::1", None).unwrap_err().offset(), None);
    /// ```
    pub fn offset(&self) -> Option<usize> {
        None
    }
}

impl fmt::Display for WhatwgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            WhatwgErrorKind::InvalidUrl => write!(
                f,
                "not a valid URL by the WHATWG URL Standard: {:?}",
                self.input
            ),
            WhatwgErrorKind::InvalidBase => {
                write!(f, "the base is not a valid URL: {:?}", self.input)
            }
            WhatwgErrorKind::InvalidHost => {
                write!(
                    f,
                    "not a valid host by the WHATWG URL Standard: {:?}",
                    self.input
                )
            }
            WhatwgErrorKind::SetterRejected => {
                write!(f, "the value was refused by the setter: {:?}", self.input)
            }
        }
    }
}

impl std::error::Error for WhatwgError {}
