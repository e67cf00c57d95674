//! IDNA (UTS #46) through the `idna` crate: U-label <-> A-label.

use std::borrow::Cow;
use std::fmt;

/// A domain UTS #46 processing rejects (a disallowed character, bad Punycode, a bidi or
/// joiner rule).
///
/// ```
/// use urlkit::host::to_ascii;
/// assert!(to_ascii("xn--a.com").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdnaError {
    domain: String,
}

impl IdnaError {
    /// A stable kebab-case kind.
    pub const fn kind_name(&self) -> &'static str {
        "invalid-idna"
    }
    /// The domain that failed.
    pub fn domain(&self) -> &str {
        &self.domain
    }
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a valid internationalized domain name (UTS #46): {:?}",
            self.domain
        )
    }
}

impl std::error::Error for IdnaError {}

/// The A-label form of a domain (UTS #46 ToASCII, non-transitional, as browsers do):
/// lowercase, mapped, Punycode where needed. Borrows when the input is already that form.
///
/// ```
/// use urlkit::host::to_ascii;
/// assert_eq!(to_ascii("例え.テスト").unwrap(), "xn--r8jz45g.xn--zckzah");
/// assert_eq!(to_ascii("Example.COM").unwrap(), "example.com");
/// ```
///
/// # Rationale
///
/// UTS #46 mapping (case folding, width folding) is applied to hosts even at
/// `safe`: DNS resolves the mapped name, so two spellings that map alike reach the same server.
///
/// Spec: <https://www.unicode.org/reports/tr46/#ToASCII>
pub fn to_ascii(domain: &str) -> Result<Cow<'_, str>, IdnaError> {
    ::idna::domain_to_ascii_cow(domain.as_bytes(), ::idna::AsciiDenyList::EMPTY).map_err(|_| {
        IdnaError {
            domain: domain.to_owned(),
        }
    })
}

/// The U-label (display) form of a domain (UTS #46 ToUnicode).
///
/// ```
/// use urlkit::host::to_unicode;
/// assert_eq!(to_unicode("xn--r8jz45g.xn--zckzah").unwrap(), "例え.テスト");
/// ```
///
/// Spec: <https://www.unicode.org/reports/tr46/#ToUnicode>
pub fn to_unicode(domain: &str) -> Result<String, IdnaError> {
    let (s, r) = ::idna::domain_to_unicode(domain);
    r.map(|()| s).map_err(|_| IdnaError {
        domain: domain.to_owned(),
    })
}
